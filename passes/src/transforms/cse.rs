//! `cse`: eliminates common subexpressions over the dominance tree, as upstream's `-cse`
//! (`mlir/lib/Transforms/CSE.cpp`).
//!
//! Why: expansions such as `lower-affine`'s repeat the same index arithmetic and loads; CSE
//! merges them without changing semantics. The walk is upstream's `CSEDriver`: a scoped table
//! of known ops, nested regions simplified before the op holding them, merged and dead ops
//! erased only at the end. The user-facing description is [`INFO`]'s.

use crate::analysis::dominance::DomTree;
use crate::analysis::equivalence::ops_equivalent;
use crate::effects::{is_memory_effect_free, is_trivially_dead, may_write, only_reads};
use sharc_ir::pass::{Pass, PassInfo, PassOptions};
use sharc_ir::{Attr, BlockId, Context, Diagnostic, OpId, OpTraits, RegionId, Type, Value};
use std::collections::HashMap;

/// The declaration of `cse`.
pub static INFO: PassInfo = PassInfo {
    name: "cse",
    title: "CSE",
    summary: "Eliminate common sub-expressions",
    description: DESCRIPTION,
    anchor: None,
    options: &[],
    create,
};

const DESCRIPTION: &str = r#"Replaces an op by an identical op that dominates it, as upstream's `-cse`.
Run it on any op; it simplifies everything nested in that op.

Two ops are identical when they have the same name, operands (in any order for commutative
ops), attributes and result types, and equivalent regions (block by block and op by op).
Ops without memory effects are merged (for ops with regions, nothing in the regions may have
effects, and each region has at most one block), and so are reads (`memref.load`,
`affine.load`): a read is merged with an identical earlier read of the same block when no op
that may write memory lies between them. Unused ops without effects are erased on the way.

The walk follows dominance: in a single-block region, ops are visited in order and what is
known before an op with regions stays known inside its regions, not after them; a
multi-block region is walked along its dominator tree. Regions of ops isolated from above
(`func.func`) start from nothing. Graph regions (`builtin.module`) are only cleaned of dead
ops.

This pass has no options.

Before:
```mlir
func.func @f(%a: i32, %b: i32, %m: memref<4xi32>, %i: index) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %b, %a : i32
  %2 = memref.load %m[%i] : memref<4xi32>
  %3 = memref.load %m[%i] : memref<4xi32>
  %4 = arith.muli %0, %1 : i32
  %5 = arith.addi %2, %3 : i32
  %6 = arith.addi %4, %5 : i32
  return %6 : i32
}
```
After `sharc-opt --cse`:
```mlir
func.func @f(%arg0: i32, %arg1: i32, %arg2: memref<4xi32>, %arg3: index) -> i32 {
  %0 = arith.addi %arg0, %arg1 : i32
  %1 = memref.load %arg2[%arg3] : memref<4xi32>
  %2 = arith.muli %0, %0 : i32
  %3 = arith.addi %1, %1 : i32
  %4 = arith.addi %2, %3 : i32
  return %4 : i32
}
```
"#;

fn create(_options: &PassOptions) -> Box<dyn Pass> {
    Box::new(Cse)
}

struct Cse;

impl Pass for Cse {
    fn run(&mut self, ctx: &mut Context, op: OpId, _diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        let mut driver = Driver { to_erase: Vec::new() };
        let mut known = Scopes::default();
        for r in ctx.regions(op).to_vec() {
            driver.simplify_region(ctx, &mut known, r);
        }
        for o in driver.to_erase {
            if !ctx.is_erased(o) {
                ctx.erase_op(o);
            }
        }
        Ok(())
    }
}

/// What makes two ops identical; operands sorted for commutative ops.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct OpKey {
    name: String,
    operands: Vec<Value>,
    props: Vec<(String, Attr)>,
    attrs: Vec<(String, Attr)>,
    result_types: Vec<Type>,
}

impl OpKey {
    fn of(ctx: &Context, op: OpId) -> OpKey {
        let mut operands = ctx.operands(op).to_vec();
        if ctx.op_has(op, OpTraits::COMMUTATIVE) {
            operands.sort();
        }
        OpKey {
            name: ctx.op_name(op).to_string(),
            operands,
            props: ctx.props(op).to_vec(),
            attrs: ctx.attrs(op).to_vec(),
            result_types: ctx.result_types(op),
        }
    }
}

/// A scoped table of known ops: lookups see every open scope, inserts go to the innermost.
/// Ops with regions share a key with ops of other regions, so each key holds a list.
#[derive(Default)]
struct Scopes {
    scopes: Vec<HashMap<OpKey, Vec<OpId>>>,
}

impl Scopes {
    /// The most recently inserted visible op identical to `op` (regions compared too).
    fn lookup(&self, ctx: &Context, key: &OpKey, op: OpId) -> Option<OpId> {
        let mut candidates = self.scopes.iter().rev().filter_map(|s| s.get(key)).flat_map(|c| c.iter().rev());
        candidates.find(|&&c| ctx.regions(op).is_empty() || ops_equivalent(ctx, c, op)).copied()
    }

    fn insert(&mut self, key: OpKey, op: OpId) {
        if let Some(s) = self.scopes.last_mut() {
            s.entry(key).or_default().push(op);
        }
    }
}

struct Driver {
    /// Ops replaced or dead, erased at the end (upstream's `opsToErase`).
    to_erase: Vec<OpId>,
}

impl Driver {
    fn simplify_region(&mut self, ctx: &mut Context, known: &mut Scopes, region: RegionId) {
        let blocks = ctx.region_blocks(region).to_vec();
        let Some(&entry) = blocks.first() else { return };
        let ssa_dominance = has_ssa_dominance(ctx, region);
        if blocks.len() == 1 {
            known.scopes.push(HashMap::new());
            self.simplify_block(ctx, known, entry, ssa_dominance);
            known.scopes.pop();
            return;
        }
        if !ssa_dominance {
            return;
        }
        // Depth-first over the dominator tree; a block sees what its dominators defined.
        let tree = DomTree::compute(ctx, region);
        let Some(root) = tree.root() else { return };
        let mut stack: Vec<(BlockId, usize)> = vec![(root, 0)];
        known.scopes.push(HashMap::new());
        self.simplify_block(ctx, known, root, true);
        while let Some((b, next)) = stack.last_mut() {
            if let Some(&child) = tree.children(*b).get(*next) {
                *next += 1;
                known.scopes.push(HashMap::new());
                self.simplify_block(ctx, known, child, true);
                stack.push((child, 0));
            } else {
                stack.pop();
                known.scopes.pop();
            }
        }
    }

    fn simplify_block(&mut self, ctx: &mut Context, known: &mut Scopes, block: BlockId, ssa_dominance: bool) {
        for op in ctx.block_ops(block) {
            if !ctx.regions(op).is_empty() {
                if ctx.op_spec(op).is_none_or(|s| s.has(OpTraits::ISOLATED_FROM_ABOVE)) {
                    let mut nested = Scopes::default();
                    for r in ctx.regions(op).to_vec() {
                        self.simplify_region(ctx, &mut nested, r);
                    }
                } else {
                    for r in ctx.regions(op).to_vec() {
                        self.simplify_region(ctx, known, r);
                    }
                }
            }
            self.simplify_op(ctx, known, op, ssa_dominance);
        }
    }

    fn simplify_op(&mut self, ctx: &mut Context, known: &mut Scopes, op: OpId, ssa_dominance: bool) {
        if ctx.op_has(op, OpTraits::TERMINATOR) {
            return;
        }
        if is_trivially_dead(ctx, op) {
            self.to_erase.push(op);
            return;
        }
        let multi_block = ctx.regions(op).iter().any(|&r| ctx.region_blocks(r).len() > 1);
        if multi_block || !ssa_dominance {
            return;
        }
        let key = OpKey::of(ctx, op);
        if !is_memory_effect_free(ctx, op) {
            if !only_reads(ctx, op) {
                return;
            }
            if let Some(existing) = known.lookup(ctx, &key, op) {
                if ctx.parent_block(existing) == ctx.parent_block(op) && !write_between(ctx, existing, op) {
                    self.replace(ctx, op, existing);
                    return;
                }
            }
            known.insert(key, op);
            return;
        }
        match known.lookup(ctx, &key, op) {
            Some(existing) => self.replace(ctx, op, existing),
            None => known.insert(key, op),
        }
    }

    fn replace(&mut self, ctx: &mut Context, op: OpId, existing: OpId) {
        let pairs: Vec<(Value, Value)> =
            ctx.results(op).iter().copied().zip(ctx.results(existing).iter().copied()).collect();
        for (from, to) in pairs {
            ctx.replace_all_uses(from, to);
        }
        // Keep a real location on the survivor (upstream does the same).
        if *ctx.loc(existing) == sharc_ir::Location::Unknown {
            let loc = ctx.loc(op).clone();
            ctx.set_loc(existing, loc);
        }
        self.to_erase.push(op);
    }
}

/// Whether an op strictly between `from` and `to` (same block) may write memory.
fn write_between(ctx: &Context, from: OpId, to: OpId) -> bool {
    let mut cur = ctx.next_op(from);
    while let Some(o) = cur {
        if o == to {
            return false;
        }
        if may_write(ctx, o) {
            return true;
        }
        cur = ctx.next_op(o);
    }
    true
}

/// Whether values of `region` obey dominance (not a graph region).
fn has_ssa_dominance(ctx: &Context, region: RegionId) -> bool {
    ctx.region_parent(region).is_none_or(|p| ctx.op_spec(p).is_some_and(|s| !s.has(OpTraits::GRAPH_REGION)))
}

#[cfg(test)]
mod tests {
    use crate::test_dialect;
    use sharc_ir::pass::Pass;

    fn run(text: &str) -> Vec<String> {
        let mut ctx = test_dialect::context();
        let module = test_dialect::parse(&mut ctx, text);
        super::Cse.run(&mut ctx, module, &mut Vec::new()).expect("cse does not fail");
        test_dialect::ops(&ctx, module)
    }

    #[test]
    fn merges_reads_unless_a_write_or_a_block_boundary_intervenes() {
        let out = run(r#"
"t.func"() ({
^bb0(%a: i32):
  %0 = "t.read"(%a) : (i32) -> i32
  %1 = "t.read"(%a) : (i32) -> i32
  "t.sink"(%0, %1) : (i32, i32) -> ()
  %2 = "t.read"(%a) : (i32) -> i32
  "t.sink"(%2) : (i32) -> ()
  "t.loop"() ({
    %3 = "t.read"(%a) : (i32) -> i32
    "t.sink"(%3) : (i32) -> ()
    "t.yield"() : () -> ()
  }) : () -> ()
  "t.yield"() : () -> ()
}) : () -> ()
"#);
        // `t.sink` may write, so the third read stays; the read in the loop body is in another
        // block.
        assert_eq!(
            out,
            [
                "%0 = \"t.read\"(%arg0)",
                "\"t.sink\"(%0, %0)",
                "%1 = \"t.read\"(%arg0)",
                "\"t.sink\"(%1)",
                "\"t.loop\"() ({",
                "%2 = \"t.read\"(%arg0)",
                "\"t.sink\"(%2)",
                "\"t.yield\"()",
                "\"t.yield\"()",
            ]
        );
    }

    #[test]
    fn allocations_are_never_merged_and_die_when_unused() {
        let out = run(r#"
"t.func"() ({
  %0 = "t.alloc"() : () -> i32
  %1 = "t.alloc"() : () -> i32
  %2 = "t.alloc"() : () -> i32
  "t.sink"(%0, %1) : (i32, i32) -> ()
  "t.yield"() : () -> ()
}) : () -> ()
"#);
        assert_eq!(out, ["%0 = \"t.alloc\"()", "%1 = \"t.alloc\"()", "\"t.sink\"(%0, %1)", "\"t.yield\"()"]);
    }

    #[test]
    fn follows_dominance_in_multi_block_regions() {
        let out = run(r#"
"t.func"() ({
^bb0(%a: i32):
  %0 = "t.add"(%a, %a) : (i32, i32) -> i32
  "t.br"()[^bb1, ^bb2] : () -> ()
^bb1:
  %1 = "t.add"(%a, %a) : (i32, i32) -> i32
  %2 = "t.add"(%1, %a) : (i32, i32) -> i32
  "t.sink"(%2) : (i32) -> ()
  "t.br"()[^bb3] : () -> ()
^bb2:
  "t.br"()[^bb3] : () -> ()
^bb3:
  %3 = "t.add"(%0, %a) : (i32, i32) -> i32
  "t.sink"(%3) : (i32) -> ()
  "t.yield"() : () -> ()
}) : () -> ()
"#);
        // ^bb1 reuses the entry block's value; the join block ^bb3 is not dominated by ^bb1,
        // so its equal add stays.
        assert_eq!(
            out,
            [
                "%0 = \"t.add\"(%arg0, %arg0)",
                "\"t.br\"()[^bb1, ^bb2]",
                "%1 = \"t.add\"(%0, %arg0)",
                "\"t.sink\"(%1)",
                "\"t.br\"()[^bb3]",
                "\"t.br\"()[^bb3]",
                "%2 = \"t.add\"(%0, %arg0)",
                "\"t.sink\"(%2)",
                "\"t.yield\"()",
            ]
        );
    }
}
