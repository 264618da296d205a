//! Structural equivalence of ops with regions: upstream's `OperationEquivalence::isEquivalentTo`
//! (`mlir/lib/IR/OperationSupport.cpp`) with locations ignored.
//!
//! Two ops are equivalent when they have the same name, properties, attributes, result types
//! and operands, and their regions match block by block (same argument types) and op by op.
//! Values defined inside the regions are matched through the correspondence built on the way
//! (block arguments, then each op's results); values from outside must be the same. Operands
//! of commutative ops match in any order.

use sharc_ir::{BlockId, Context, OpId, OpTraits, Value};
use std::collections::HashMap;

/// Whether `a` and `b` are equivalent (see the module docs).
pub fn ops_equivalent(ctx: &Context, a: OpId, b: OpId) -> bool {
    Matcher { ctx, values: HashMap::new(), blocks: HashMap::new() }.ops(a, b)
}

struct Matcher<'a> {
    ctx: &'a Context,
    /// Values of `a`'s regions and their counterparts in `b`'s.
    values: HashMap<Value, Value>,
    /// Blocks likewise (for successors).
    blocks: HashMap<BlockId, BlockId>,
}

impl Matcher<'_> {
    fn ops(&mut self, a: OpId, b: OpId) -> bool {
        let ctx = self.ctx;
        let same_shape = ctx.op_name(a) == ctx.op_name(b)
            && ctx.props(a) == ctx.props(b)
            && ctx.attrs(a) == ctx.attrs(b)
            && ctx.result_types(a) == ctx.result_types(b)
            && ctx.operands(a).len() == ctx.operands(b).len()
            && ctx.regions(a).len() == ctx.regions(b).len()
            && ctx.successors(a).len() == ctx.successors(b).len();
        if !same_shape || !self.operands(a, b) {
            return false;
        }
        let successors_match =
            ctx.successors(a).iter().zip(ctx.successors(b)).all(|(x, y)| self.blocks.get(x).unwrap_or(x) == y);
        if !successors_match {
            return false;
        }
        for (&ra, &rb) in ctx.regions(a).iter().zip(ctx.regions(b)) {
            let (ba, bb) = (ctx.region_blocks(ra), ctx.region_blocks(rb));
            if ba.len() != bb.len() {
                return false;
            }
            for (&x, &y) in ba.iter().zip(bb) {
                self.blocks.insert(x, y);
            }
            for (&x, &y) in ba.iter().zip(bb) {
                if !self.block(x, y) {
                    return false;
                }
            }
        }
        for (&x, &y) in ctx.results(a).iter().zip(ctx.results(b)) {
            self.values.insert(x, y);
        }
        true
    }

    fn operands(&self, a: OpId, b: OpId) -> bool {
        let ctx = self.ctx;
        let mut xs: Vec<Value> = ctx.operands(a).iter().map(|v| *self.values.get(v).unwrap_or(v)).collect();
        let mut ys: Vec<Value> = ctx.operands(b).to_vec();
        if ctx.op_has(a, OpTraits::COMMUTATIVE) {
            xs.sort();
            ys.sort();
        }
        xs == ys
    }

    fn block(&mut self, a: BlockId, b: BlockId) -> bool {
        let ctx = self.ctx;
        let (args_a, args_b) = (ctx.block_args(a), ctx.block_args(b));
        if args_a.len() != args_b.len()
            || args_a.iter().zip(args_b).any(|(&x, &y)| ctx.value_type(x) != ctx.value_type(y))
        {
            return false;
        }
        for (&x, &y) in args_a.iter().zip(args_b) {
            self.values.insert(x, y);
        }
        let (ops_a, ops_b) = (ctx.block_ops(a), ctx.block_ops(b));
        ops_a.len() == ops_b.len() && ops_a.into_iter().zip(ops_b).all(|(x, y)| self.ops(x, y))
    }
}

#[cfg(test)]
mod tests {
    use super::ops_equivalent;
    use crate::test_dialect;

    #[test]
    fn matches_region_values_through_the_correspondence() {
        let mut ctx = test_dialect::context();
        let module = test_dialect::parse(
            &mut ctx,
            r#""t.func"() ({
^bb0(%a: i32, %b: i32):
  "t.loop"() ({
  ^bb0(%x: i32):
    %0 = "t.add"(%x, %a) : (i32, i32) -> i32
    "t.yield"(%0) : (i32) -> ()
  }) : () -> ()
  "t.loop"() ({
  ^bb0(%y: i32):
    %1 = "t.add"(%a, %y) : (i32, i32) -> i32
    "t.yield"(%1) : (i32) -> ()
  }) : () -> ()
  "t.loop"() ({
  ^bb0(%z: i32):
    %2 = "t.add"(%z, %b) : (i32, i32) -> i32
    "t.yield"(%2) : (i32) -> ()
  }) : () -> ()
  "t.yield"() : () -> ()
}) : () -> ()"#,
        );
        let func = ctx.collect_ops(module)[1];
        let body = ctx.entry_block(ctx.region(func, 0)).expect("the function has a body");
        let loops = ctx.block_ops(body);
        // `t.add` is commutative, so the first two match; the third adds a different value.
        assert!(ops_equivalent(&ctx, loops[0], loops[1]));
        assert!(!ops_equivalent(&ctx, loops[0], loops[2]));
    }
}
