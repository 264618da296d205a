//! Folding one op: its [`OpSpec::fold`](sharc_ir::OpSpec) hook, then the trait folds, as
//! upstream's `Operation::fold` does (`mlir/lib/IR/Operation.cpp`, `OpDefinition.h`).
//!
//! The only trait fold sharc has is upstream's `foldCommutative`: a `COMMUTATIVE` op whose own
//! folder gives up gets its constant operands moved to the end, in place
//! (`addi %c5, %x` becomes `addi %x, %c5`), which is what lets the ops' patterns match a
//! constant on the right only.

use sharc_ir::registry::FoldResult;
use sharc_ir::{Attr, Context, OpId, OpTraits, Value};

/// The attribute holding the value of a `CONSTANT_LIKE` op.
const CONSTANT_VALUE: &str = "value";

/// What folding an op produced.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Folded {
    /// Nothing folded.
    No,
    /// The op was changed in place (its operands or attributes).
    InPlace,
    /// Each result is replaced by an attribute or an existing value (one entry per result).
    Replace(Vec<FoldResult>),
}

/// The constant value of `op` if it is a constant (upstream's `m_Constant`): a
/// `CONSTANT_LIKE` op with one result and a `value` attribute.
pub fn constant_op_value(ctx: &Context, op: OpId) -> Option<Attr> {
    if !ctx.op_has(op, OpTraits::CONSTANT_LIKE) || ctx.results(op).len() != 1 {
        return None;
    }
    ctx.attr_of(op, CONSTANT_VALUE)
}

/// The constant a value is defined by, if any.
pub fn constant_value(ctx: &Context, v: Value) -> Option<Attr> {
    ctx.defining_op(v).and_then(|op| constant_op_value(ctx, op))
}

/// Folds `op` with its hook and then its trait folds. Fold results of the wrong number or of
/// the wrong type are ignored (treated as "nothing folded"), so a buggy folder cannot break
/// the IR.
pub fn fold_op(ctx: &mut Context, op: OpId) -> Folded {
    let constants: Vec<Option<Attr>> = ctx.operands(op).iter().map(|&v| constant_value(ctx, v)).collect();
    let own = ctx.op_spec(op).and_then(|s| s.fold).and_then(|f| f(ctx, op, &constants));
    let results = ctx.results(op).to_vec();
    match own {
        Some(r) if !r.is_empty() && r.len() == results.len() && !is_own_results(&r, &results) => {
            if well_typed(ctx, &r, &results) {
                Folded::Replace(r)
            } else {
                Folded::No
            }
        }
        // In place: an empty list or every result replaced by itself (upstream's convention).
        Some(r) if r.is_empty() || is_own_results(&r, &results) => {
            fold_commutative(ctx, op, &constants);
            Folded::InPlace
        }
        _ => {
            if fold_commutative(ctx, op, &constants) {
                Folded::InPlace
            } else {
                Folded::No
            }
        }
    }
}

fn is_own_results(r: &[FoldResult], results: &[Value]) -> bool {
    r.len() == results.len() && r.iter().zip(results).all(|(f, &v)| *f == FoldResult::Value(v))
}

fn well_typed(ctx: &Context, r: &[FoldResult], results: &[Value]) -> bool {
    r.iter().zip(results).all(|(f, &v)| match *f {
        FoldResult::Value(w) => ctx.value_type(w) == ctx.value_type(v),
        FoldResult::Attr(_) => true,
    })
}

/// Upstream's `foldCommutative`: moves constant operands after the others, keeping the order
/// within each group. Returns whether anything moved.
fn fold_commutative(ctx: &mut Context, op: OpId, constants: &[Option<Attr>]) -> bool {
    if !ctx.op_has(op, OpTraits::COMMUTATIVE) || constants.len() < 2 {
        return false;
    }
    let operands = ctx.operands(op).to_vec();
    let Some(first_const) = constants.iter().position(Option::is_some) else { return false };
    if constants[first_const..].iter().all(Option::is_some) {
        return false;
    }
    let mut reordered: Vec<Value> = operands[..first_const].to_vec();
    reordered.extend(operands.iter().zip(constants).skip(first_const).filter(|(_, c)| c.is_none()).map(|(&v, _)| v));
    reordered.extend(operands.iter().zip(constants).skip(first_const).filter(|(_, c)| c.is_some()).map(|(&v, _)| v));
    ctx.set_operands(op, reordered);
    true
}
