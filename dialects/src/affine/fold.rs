//! Folders and canonicalization patterns of the affine ops (a subset of upstream's, chosen so
//! that each gives exactly upstream's result where it applies).
//!
//! Folders: `affine.apply` of a dim or symbol is that operand, of constants a constant;
//! `affine.min`/`affine.max` of constants a constant; `affine.load` of a constant global an
//! element. Patterns: constant loop bounds, dead or empty loops and conditionals, an `affine.if`
//! whose condition is trivially true or false, an `else` that does nothing, and `affine.min`/
//! `affine.max` with one or duplicate results.

use super::ops::{is_min, ApplyOp, ForOp, IfOp, MaxOp, MinOp, YieldOp, FOR, IF, PARALLEL, YIELD};
use super::validity::constant_int;
use crate::memref::GetGlobalOp;
use sharc_ir::affine::{AffineExprKind, AffineMap, IntegerSet};
use sharc_ir::attrs::{AttrKind, DenseData};
use sharc_ir::builder::InsertPoint;
use sharc_ir::registry::FoldResult;
use sharc_ir::{Attr, Context, OpId, OpTraits, Value};

/// The constant integer operands, if all are.
fn constant_operands(ctx: &Context, operands: &[Option<Attr>]) -> Option<Vec<i64>> {
    operands.iter().map(|a| a.and_then(|a| ctx.attr_int(a)).and_then(|v| i64::try_from(v).ok())).collect()
}

/// Evaluates `map` at constant operands (dims first, then symbols).
fn eval_map(map: &AffineMap, values: &[i64]) -> Option<Vec<i64>> {
    let nd = (map.num_dims() as usize).min(values.len());
    map.eval(&values[..nd], &values[nd..])
}

/// `affine.apply`: a result that is just a dim or symbol folds to that operand; constant
/// operands fold to the map's value (MLIR's `AffineApplyOp::fold`).
pub(crate) fn apply(ctx: &mut Context, op: OpId, operands: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let map = ApplyOp(op).map(ctx)?.clone();
    let [expr] = map.results() else { return None };
    let position = match *expr.kind() {
        AffineExprKind::Dim(d) => Some(d as usize),
        AffineExprKind::Symbol(s) => Some(map.num_dims() as usize + s as usize),
        _ => None,
    };
    if let Some(i) = position {
        return ctx.operands(op).get(i).map(|&v| vec![FoldResult::Value(v)]);
    }
    let values = eval_map(&map, &constant_operands(ctx, operands)?)?;
    let attr = ctx.index_attr(*values.first()?);
    Some(vec![FoldResult::Attr(attr)])
}

/// `affine.min`/`affine.max` of constants is the smallest/largest result; of a map that is
/// just its only symbol, that operand (MLIR's `foldMinMaxOp`).
pub(crate) fn min_max(ctx: &mut Context, op: OpId, operands: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let is_min = is_min(ctx, op);
    let map = if is_min { MinOp(op).map(ctx) } else { MaxOp(op).map(ctx) }?.clone();
    if map.num_dims() == 0
        && map.num_symbols() == 1
        && map.results().len() == 1
        && map.results()[0].as_symbol() == Some(0)
    {
        return ctx.operands(op).first().map(|&v| vec![FoldResult::Value(v)]);
    }
    let results = eval_map(&map, &constant_operands(ctx, operands)?)?;
    let value = if is_min { results.into_iter().min()? } else { results.into_iter().max()? };
    let attr = ctx.index_attr(value);
    Some(vec![FoldResult::Attr(attr)])
}

/// `affine.load` from a `memref.get_global` of a constant global: a splat initializer folds
/// to its element at any index, others at constant indices (MLIR's `AffineLoadOp::fold`).
pub(crate) fn load(ctx: &mut Context, op: OpId, _operands: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let view = super::ops::LoadOp(op);
    let memref = *ctx.operands(op).first()?;
    let get_global = GetGlobalOp::view(ctx, ctx.defining_op(memref)?)?;
    let init = get_global.global(ctx)?.constant_init_value(ctx)?;
    let AttrKind::DenseElements { ty, data } = ctx.attr_kind(init).clone() else { return None };
    let shape = ctx.shape(ty)?.to_vec();
    let elem = ctx.element_type_or_self(ctx.value_type(*ctx.results(op).first()?));
    let linear = if data.len() == 1 {
        0
    } else {
        let indices = view.map(ctx)?.constant_results()?;
        if indices.len() != shape.len() {
            return None;
        }
        let mut linear = 0usize;
        for (&i, &d) in indices.iter().zip(&shape) {
            let (i, d) = (usize::try_from(i).ok()?, usize::try_from(d).ok()?);
            if i >= d {
                return None;
            }
            linear = linear.checked_mul(d)?.checked_add(i)?;
        }
        linear
    };
    let attr = match data {
        DenseData::Int(v) => ctx.int_attr(elem, *v.get(linear)?),
        DenseData::Float(v) => ctx.float_attr(elem, f64::from_bits(*v.get(linear)?)),
        DenseData::Bytes(_) => return None,
    };
    Some(vec![FoldResult::Attr(attr)])
}

/// `affine.for`: a bound whose operands are all constants becomes a constant map (MLIR's
/// `foldLoopBounds`: the maximum of a lower bound's results, the minimum of an upper bound's).
pub(crate) fn fold_constant_loop_bounds(ctx: &mut Context, op: OpId) -> bool {
    let Some(view) = ForOp::view(ctx, op) else { return false };
    let mut changed = false;
    for lower in [true, false] {
        let (map, operands) = if lower {
            (view.lower_bound_map(ctx), view.lower_bound_operands(ctx))
        } else {
            (view.upper_bound_map(ctx), view.upper_bound_operands(ctx))
        };
        let Some(map) = map.filter(|m| !m.is_single_constant()).cloned() else { continue };
        let values: Option<Vec<i64>> = operands.iter().map(|&v| constant_int(ctx, v)).collect();
        let Some(results) = values.and_then(|v| eval_map(&map, &v)) else { continue };
        let bound = if lower { results.iter().max() } else { results.iter().min() };
        let Some(&bound) = bound else { continue };
        if lower {
            view.set_lower_bound(ctx, &[], AffineMap::constant(bound));
        } else {
            view.set_upper_bound(ctx, &[], AffineMap::constant(bound));
        }
        changed = true;
    }
    changed
}

/// Whether running `op` has no effect other than producing its results: it is pure, or it is
/// an affine loop, conditional or yield whose regions hold only such ops (MLIR's recursive
/// memory effects of the affine region ops).
fn has_no_effects(ctx: &Context, op: OpId) -> bool {
    if ctx.op_has(op, OpTraits::PURE) && ctx.regions(op).is_empty() {
        return true;
    }
    let recursive = [FOR.name, IF.name, PARALLEL.name, YIELD.name].iter().any(|n| ctx.op_is(op, n));
    recursive
        && ctx
            .regions(op)
            .iter()
            .all(|&r| ctx.region_blocks(r).iter().all(|&b| ctx.block_ops_iter(b).all(|o| has_no_effects(ctx, o))))
}

/// An affine loop or conditional without effects whose results are unused is erased, as
/// upstream's driver erases trivially dead ops (an empty `affine.for`, say).
pub(crate) fn erase_empty_loop(ctx: &mut Context, op: OpId) -> bool {
    if !ctx.op_results_unused(op) || !has_no_effects(ctx, op) {
        return false;
    }
    ctx.erase_op(op);
    true
}

/// An `affine.for` whose body only yields: with zero iterations, or yielding its iter_args in
/// order or values from outside, its results are known (MLIR's `AffineForEmptyLoopFolder`).
pub(crate) fn fold_empty_loop_results(ctx: &mut Context, op: OpId) -> bool {
    let Some(view) = ForOp::view(ctx, op) else { return false };
    let Some(body) = view.body(ctx) else { return false };
    if ctx.results(op).is_empty() || ctx.block_first_op(body) != ctx.block_last_op(body) {
        return false;
    }
    let inits = view.inits(ctx).to_vec();
    let trip = view.constant_trip_count(ctx);
    if trip == Some(0) {
        ctx.replace_op(op, &inits);
        return true;
    }
    let Some(yield_op) = view.yield_op(ctx) else { return false };
    let iter_args = view.region_iter_args(ctx).to_vec();
    let (mut outside, mut out_of_order) = (false, false);
    let mut replacements: Vec<Value> = Vec::new();
    for (i, &v) in yield_op.operands(ctx).iter().enumerate() {
        match iter_args.iter().position(|&a| a == v) {
            Some(pos) => {
                out_of_order |= pos != i;
                let Some(&init) = inits.get(pos) else { return false };
                replacements.push(init);
            }
            None => {
                outside = true;
                replacements.push(v);
            }
        }
    }
    if (trip.is_none() && (outside || out_of_order)) || (trip.is_some_and(|t| t >= 2) && out_of_order) {
        return false;
    }
    ctx.replace_op(op, &replacements);
    true
}

/// `affine.if` without results whose `else` block only holds the terminator loses it (MLIR's
/// `SimplifyDeadElse`).
pub(crate) fn erase_dead_else(ctx: &mut Context, op: OpId) -> bool {
    let Some(view) = IfOp::view(ctx, op) else { return false };
    let Some(block) = view.else_block(ctx) else { return false };
    if !ctx.results(op).is_empty() || ctx.block_first_op(block) != ctx.block_last_op(block) {
        return false;
    }
    let Some(&region) = ctx.regions(op).get(1) else { return false };
    ctx.erase_region_contents(region);
    true
}

/// Whether the set is trivially true: the single equality `0 == 0`.
fn is_trivially_true(set: &IntegerSet) -> bool {
    set.num_equalities() == 1 && set.num_inequalities() == 0 && set.constraint_exprs()[0].as_constant() == Some(0)
}

/// An `affine.if` whose condition is the empty set `1 == 0` or `0 == 0` is replaced by the
/// block that runs (MLIR's `AlwaysTrueOrFalseIf`).
pub(crate) fn inline_trivial_if(ctx: &mut Context, op: OpId) -> bool {
    let Some(view) = IfOp::view(ctx, op) else { return false };
    let Some(set) = view.condition(ctx) else { return false };
    let block = if set.is_empty_integer_set() {
        if ctx.results(op).is_empty() && !view.has_else(ctx) {
            ctx.erase_op(op);
            return true;
        }
        view.else_block(ctx)
    } else if is_trivially_true(set) {
        view.then_block(ctx)
    } else {
        return false;
    };
    let Some(block) = block else { return false };
    let Some(term) = ctx.block_last_op(block).filter(|&t| YieldOp::view(ctx, t).is_some()) else { return false };
    let values = ctx.operands(term).to_vec();
    if values.len() != ctx.results(op).len() {
        return false;
    }
    for o in ctx.block_ops(block) {
        if o != term {
            ctx.move_op(o, InsertPoint::Before(op));
        }
    }
    ctx.replace_op(op, &values);
    true
}

/// `affine.min`/`affine.max` of a single-result map is an `affine.apply` of it (MLIR's
/// `CanonicalizeSingleResultAffineMinMaxOp`).
pub(crate) fn single_result_min_max_to_apply(ctx: &mut Context, op: OpId) -> bool {
    let map = if is_min(ctx, op) { MinOp(op).map(ctx) } else { MaxOp(op).map(ctx) };
    let Some(map) = map.filter(|m| m.num_results() == 1).cloned() else { return false };
    let operands = ctx.operands(op).to_vec();
    let loc = ctx.loc(op).clone();
    let state = ApplyOp::build(ctx, loc, map, &operands);
    let new = ctx.create_op(state);
    ctx.insert_op(InsertPoint::Before(op), new);
    let v = ctx.result(new, 0);
    ctx.replace_op(op, &[v]);
    true
}

/// `affine.min`/`affine.max` with a repeated result keeps one (MLIR's
/// `DeduplicateAffineMinMaxExpressions`).
pub(crate) fn dedup_min_max_results(ctx: &mut Context, op: OpId) -> bool {
    let map = if is_min(ctx, op) { MinOp(op).map(ctx) } else { MaxOp(op).map(ctx) };
    let Some(map) = map.cloned() else { return false };
    let mut exprs = Vec::new();
    for e in map.results() {
        if !exprs.contains(e) {
            exprs.push(e.clone());
        }
    }
    if exprs.len() == map.num_results() {
        return false;
    }
    let Ok(new_map) = AffineMap::new(map.num_dims(), map.num_symbols(), exprs) else { return false };
    let a = ctx.affine_map_attr(new_map);
    ctx.set_prop(op, super::ops::MAP, a);
    true
}
