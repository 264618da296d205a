//! `lower-affine`: lowers the affine dialect to `scf`, `memref` and `arith`, as upstream's
//! `-lower-affine` (`mlir/lib/Conversion/AffineToStandard/AffineToStandard.cpp`).
//!
//! Why: the GPU and code generation paths start from `scf`; and since upstream `mlir-opt` must
//! accept sharc's output and tests compare texts, each pattern builds the very ops upstream's
//! does, in the same order, through the [partial conversion driver](super::partial) (fold
//! first, deferred replacement) and [`Expander`] (affine expressions). The user-facing
//! description, with a before/after sketch, is [`INFO`]'s.

use super::partial::{apply_partial_conversion, Rewriter};
use crate::expand_affine::Expander;
use sharc_dialects::affine::{self, ReductionKind};
use sharc_dialects::arith::flags::CmpIPredicate;
use sharc_dialects::arith::{self, AndIOp, ConstantOp, MaxSIOp, MinSIOp};
use sharc_dialects::{memref, scf, vector};
use sharc_ir::affine::AffineMap;
use sharc_ir::pass::{Pass, PassInfo, PassOptions};
use sharc_ir::{Builder, Context, Diagnostic, InsertPoint, Location, OpId, OperationState, RegionId, Type, Value};

/// The declaration of `lower-affine`.
pub static INFO: PassInfo = PassInfo {
    name: "lower-affine",
    title: "LowerAffinePass",
    summary: "Lower Affine operations to a combination of Arith and SCF operations",
    description: DESCRIPTION,
    anchor: None,
    options: &[],
    create,
};

const DESCRIPTION: &str = r#"Lowers the affine dialect to `scf`, `memref` and `arith`, as upstream's
`-lower-affine`, producing the same ops in the same order (so the same printed IR). Run it on
any op; it converts everything nested in it.

| affine op | becomes |
|---|---|
| `affine.for` | `scf.for`: the lower bound is the `arith.maxsi` chain of the lower-bound map's results, the upper bound the `arith.minsi` chain of the upper-bound map's, the step an `arith.constant`; `iter_args` carry over |
| `affine.parallel` | `scf.parallel` with bounds per dimension as above; reductions become `init` values (the reduction's identity) and an `scf.reduce` with one region per reduction |
| `affine.if` | `scf.if` on the conjunction (`arith.andi`, not short-circuiting) of `arith.cmpi sge`/`eq` of each constraint against 0 |
| `affine.load`, `affine.store` | `memref.load`, `memref.store` at the expanded subscripts |
| `affine.vector_load`, `affine.vector_store` | `vector.load`, `vector.store` at the expanded subscripts, keeping the `alignment` attribute as their property |
| `affine.apply`, `affine.min`, `affine.max` | the expanded expression; a `minsi`/`maxsi` chain over the results |
| `affine.yield` | `scf.yield` (`scf.reduce` in a parallel loop) |

Affine expressions expand to `arith` ops without sharing or folding: `+` is `addi`, `*` is
`muli ... overflow<nsw>`, and `mod`, `floordiv` and `ceildiv` become upstream's branch-free
sequences of `remsi`/`divsi`, `cmpi` and `select`. Run `canonicalize` and `cse` afterwards
to clean up constants.

As in upstream's dialect conversion, every op outside the `arith`, `memref`, `scf` and
`vector` dialects is first folded (an `affine.apply` of constants becomes an
`arith.constant`), and replacements take effect at the end, so later folds see the original
IR. An op that cannot be lowered (a division or modulo by a non-positive constant, a
reduction kind without an `arith` op or without a representable identity) is left as it is
with a warning (upstream leaves it silently), and so is an `affine.yield` whose loop was not
lowered; the pass itself does not fail, as upstream's partial conversion does not.

This pass has no options.

Before:
```mlir
affine.for %i = 0 to 64 {
  %v = affine.load %A[%i floordiv 2] : memref<32xf32>
  affine.store %v, %B[%i] : memref<64xf32>
}
```
After `sharc-opt --lower-affine`:
```mlir
%c0 = arith.constant 0 : index
%c64 = arith.constant 64 : index
%c1 = arith.constant 1 : index
scf.for %arg2 = %c0 to %c64 step %c1 {
  %c2 = arith.constant 2 : index
  %c0_0 = arith.constant 0 : index
  %c-1 = arith.constant -1 : index
  %0 = arith.cmpi slt, %arg2, %c0_0 : index
  %1 = arith.subi %c-1, %arg2 : index
  %2 = arith.select %0, %1, %arg2 : index
  %3 = arith.divsi %2, %c2 : index
  %4 = arith.subi %c-1, %3 : index
  %5 = arith.select %0, %4, %3 : index
  %6 = memref.load %arg0[%5] : memref<32xf32>
  memref.store %6, %arg1[%arg2] : memref<64xf32>
}
```
"#;

/// The dialects the conversion leaves alone (upstream's legal dialects).
const LEGAL_DIALECTS: &[&str] = &[arith::DIALECT.name, memref::DIALECT.name, scf::DIALECT.name, "vector"];

fn create(_options: &PassOptions) -> Box<dyn Pass> {
    Box::new(LowerAffine)
}

struct LowerAffine;

impl Pass for LowerAffine {
    fn run(&mut self, ctx: &mut Context, op: OpId, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        diags.extend(apply_partial_conversion(ctx, op, LEGAL_DIALECTS, lower));
        Ok(())
    }
}

/// The conversion pattern: dispatches on the affine op.
fn lower(ctx: &mut Context, rw: &mut Rewriter, op: OpId) -> bool {
    if let Some(a) = affine::ApplyOp::view(ctx, op) {
        let (map, operands) = (a.map(ctx).cloned(), a.operands(ctx).to_vec());
        return map.is_some_and(|m| lower_apply(ctx, rw, op, &m, &operands));
    }
    if let Some(m) = affine::MinOp::view(ctx, op) {
        let (map, operands) = (m.map(ctx).cloned(), m.operands(ctx).to_vec());
        return map.is_some_and(|map| lower_min_max(ctx, rw, op, &map, &operands, MinMax::Min));
    }
    if let Some(m) = affine::MaxOp::view(ctx, op) {
        let (map, operands) = (m.map(ctx).cloned(), m.operands(ctx).to_vec());
        return map.is_some_and(|map| lower_min_max(ctx, rw, op, &map, &operands, MinMax::Max));
    }
    if let Some(l) = affine::LoadOp::view(ctx, op) {
        return lower_load(ctx, rw, l);
    }
    if let Some(s) = affine::StoreOp::view(ctx, op) {
        return lower_store(ctx, rw, s);
    }
    if let Some(l) = affine::VectorLoadOp::view(ctx, op) {
        return lower_vector_load(ctx, rw, l);
    }
    if let Some(s) = affine::VectorStoreOp::view(ctx, op) {
        return lower_vector_store(ctx, rw, s);
    }
    if let Some(f) = affine::ForOp::view(ctx, op) {
        return lower_for(ctx, rw, f);
    }
    if let Some(p) = affine::ParallelOp::view(ctx, op) {
        return lower_parallel(ctx, rw, p);
    }
    if let Some(i) = affine::IfOp::view(ctx, op) {
        return lower_if(ctx, rw, i);
    }
    if let Some(y) = affine::YieldOp::view(ctx, op) {
        return lower_yield(ctx, rw, y);
    }
    false
}

/// Expands `map` before `op`, reporting errors into the rewriter.
fn expand(ctx: &mut Context, rw: &mut Rewriter, op: OpId, map: &AffineMap, operands: &[Value]) -> Option<Vec<Value>> {
    let mut builder = Builder::before(op);
    let loc = ctx.loc(op).clone();
    Expander { builder: &mut builder, loc, diags: &mut rw.diags }.map(ctx, map, operands)
}

fn lower_apply(ctx: &mut Context, rw: &mut Rewriter, op: OpId, map: &AffineMap, operands: &[Value]) -> bool {
    let Some(values) = expand(ctx, rw, op, map, operands) else { return false };
    rw.replace_op(ctx, op, &values);
    true
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum MinMax {
    Min,
    Max,
}

/// The `minsi`/`maxsi` chain over the results of `map` (upstream's `lowerAffineMapMin/Max`:
/// a linear sequence, which later passes recognize as a reduction more easily than a tree).
fn min_max_of_map(
    ctx: &mut Context,
    rw: &mut Rewriter,
    op: OpId,
    map: &AffineMap,
    operands: &[Value],
    kind: MinMax,
) -> Option<Value> {
    let values = expand(ctx, rw, op, map, operands)?;
    let (&first, rest) = values.split_first()?;
    let loc = ctx.loc(op).clone();
    let mut builder = Builder::before(op);
    let mut acc = first;
    for &v in rest {
        let ty = ctx.value_type(acc);
        let state = match kind {
            MinMax::Max => MaxSIOp::state(&[acc, v], ty, loc.clone()),
            MinMax::Min => MinSIOp::state(&[acc, v], ty, loc.clone()),
        };
        acc = builder.insert_value(ctx, state);
    }
    Some(acc)
}

fn lower_min_max(
    ctx: &mut Context,
    rw: &mut Rewriter,
    op: OpId,
    map: &AffineMap,
    operands: &[Value],
    kind: MinMax,
) -> bool {
    let Some(v) = min_max_of_map(ctx, rw, op, map, operands, kind) else { return false };
    rw.replace_op(ctx, op, &[v]);
    true
}

fn lower_load(ctx: &mut Context, rw: &mut Rewriter, load: affine::LoadOp) -> bool {
    let op = load.0;
    let Some(map) = load.map(ctx).cloned() else { return false };
    let operands = load.map_operands(ctx).to_vec();
    let Some(indices) = expand(ctx, rw, op, &map, &operands) else { return false };
    let memref = load.memref(ctx);
    let state = memref::LoadOp::build(ctx, ctx.loc(op).clone(), memref, &indices);
    let v = Builder::before(op).insert_value(ctx, state);
    rw.replace_op(ctx, op, &[v]);
    true
}

fn lower_store(ctx: &mut Context, rw: &mut Rewriter, store: affine::StoreOp) -> bool {
    let op = store.0;
    let Some(map) = store.map(ctx).cloned() else { return false };
    let operands = store.map_operands(ctx).to_vec();
    let Some(indices) = expand(ctx, rw, op, &map, &operands) else { return false };
    let state = memref::StoreOp::build(ctx.loc(op).clone(), store.value(ctx), store.memref(ctx), &indices);
    Builder::before(op).insert(ctx, state);
    rw.erase_op(op);
    true
}

/// `affine.vector_load` → `vector.load`, as upstream's pattern; sharc also carries the
/// `alignment` that `sharc-vectorize` proved to the `alignment` property (upstream drops the
/// discardable attribute, and without it NVPTX does not form `ld.v2`).
fn lower_vector_load(ctx: &mut Context, rw: &mut Rewriter, load: affine::VectorLoadOp) -> bool {
    let op = load.0;
    let Some(map) = load.map(ctx).cloned() else { return false };
    let operands = load.map_operands(ctx).to_vec();
    let Some(indices) = expand(ctx, rw, op, &map, &operands) else { return false };
    let (memref, ty, align) = (load.memref(ctx), ctx.value_type(load.result(ctx)), load.alignment(ctx));
    let loc = ctx.loc(op).clone();
    let state = vector::LoadOp::build(ctx, loc, ty, memref, &indices, align);
    let v = Builder::before(op).insert_value(ctx, state);
    rw.replace_op(ctx, op, &[v]);
    true
}

/// `affine.vector_store` → `vector.store`, with the alignment (see [`lower_vector_load`]).
fn lower_vector_store(ctx: &mut Context, rw: &mut Rewriter, store: affine::VectorStoreOp) -> bool {
    let op = store.0;
    let Some(map) = store.map(ctx).cloned() else { return false };
    let operands = store.map_operands(ctx).to_vec();
    let Some(indices) = expand(ctx, rw, op, &map, &operands) else { return false };
    let (value, memref, align) = (store.value(ctx), store.memref(ctx), store.alignment(ctx));
    let loc = ctx.loc(op).clone();
    let state = vector::StoreOp::build(ctx, loc, value, memref, &indices, align);
    Builder::before(op).insert(ctx, state);
    rw.erase_op(op);
    true
}

fn lower_for(ctx: &mut Context, rw: &mut Rewriter, f: affine::ForOp) -> bool {
    let op = f.0;
    let (Some(lb_map), Some(ub_map), Some(body)) =
        (f.lower_bound_map(ctx).cloned(), f.upper_bound_map(ctx).cloned(), f.region(ctx))
    else {
        return false;
    };
    let (lb_operands, ub_operands) = (f.lower_bound_operands(ctx).to_vec(), f.upper_bound_operands(ctx).to_vec());
    let Some(lb) = min_max_of_map(ctx, rw, op, &lb_map, &lb_operands, MinMax::Max) else { return false };
    let Some(ub) = min_max_of_map(ctx, rw, op, &ub_map, &ub_operands, MinMax::Min) else { return false };
    let loc = ctx.loc(op).clone();
    let step = ConstantOp::index(ctx, f.step(ctx), loc.clone());
    let step = Builder::before(op).insert_value(ctx, step);
    let inits = f.inits(ctx).to_vec();
    let new = scf::ForOp::build(ctx, loc, lb, ub, step, &inits);
    move_body(ctx, body, new.region(ctx));
    ctx.insert_op(InsertPoint::Before(op), new.0);
    let results = ctx.results(new.0).to_vec();
    rw.replace_op(ctx, op, &results);
    true
}

/// Replaces the (builder-made) blocks of `to` by the blocks of `from`.
fn move_body(ctx: &mut Context, from: RegionId, to: RegionId) {
    for b in ctx.region_blocks(to).to_vec() {
        ctx.erase_block(b);
    }
    ctx.take_region_blocks(from, to);
}

fn lower_parallel(ctx: &mut Context, rw: &mut Rewriter, p: affine::ParallelOp) -> bool {
    let op = p.0;
    let loc = ctx.loc(op).clone();
    // Checked before anything is built, so that an op left alone leaves no stray ops.
    let reductions = p.reductions(ctx);
    let result_types = ctx.result_types(op);
    let (Some(terminator), Some(body)) = (p.yield_op(ctx), ctx.regions(op).first().copied()) else { return false };
    // A band without dimensions has no `scf.parallel` form; upstream leaves it too.
    let dims = p.num_dims(ctx);
    if dims == 0 || reductions.len() != result_types.len() || ctx.operands(terminator.0).len() != reductions.len() {
        return false;
    }
    for (&kind, &ty) in reductions.iter().zip(&result_types) {
        if identity(ctx, kind, ty, &loc).is_none() || !has_reduction_op(kind) {
            let name = kind.name();
            rw.diags.push(Diagnostic::warning(
                loc.clone(),
                format!("reduction '{name}' is not supported; the op is left as it is"),
            ));
            return false;
        }
    }
    let (lb_operands, ub_operands) = (p.lower_bound_operands(ctx).to_vec(), p.upper_bound_operands(ctx).to_vec());
    let (mut lbs, mut ubs) = (Vec::new(), Vec::new());
    for i in 0..dims {
        let Some(lb_map) = p.lower_bound_map(ctx, i) else { return false };
        let Some(lb) = min_max_of_map(ctx, rw, op, &lb_map, &lb_operands, MinMax::Max) else { return false };
        lbs.push(lb);
        let Some(ub_map) = p.upper_bound_map(ctx, i) else { return false };
        let Some(ub) = min_max_of_map(ctx, rw, op, &ub_map, &ub_operands, MinMax::Min) else { return false };
        ubs.push(ub);
    }
    let mut builder = Builder::before(op);
    let steps: Vec<Value> = p
        .steps(ctx)
        .into_iter()
        .map(|s| {
            let state = ConstantOp::index(ctx, s, loc.clone());
            builder.insert_value(ctx, state)
        })
        .collect();
    let mut inits = Vec::new();
    for (&kind, &ty) in reductions.iter().zip(&result_types) {
        let Some(state) = identity(ctx, kind, ty, &loc) else { return false };
        inits.push(builder.insert_value(ctx, state));
    }
    let new = build_parallel(ctx, loc.clone(), &lbs, &ubs, &steps, &inits, &result_types);
    move_body(ctx, body, new.region(ctx));
    ctx.insert_op(InsertPoint::Before(op), new.0);
    // The affine.yield becomes the scf.reduce terminator, one combining region per reduction.
    let yielded = ctx.operands(terminator.0).to_vec();
    let mut reduce = OperationState::new(scf::ReduceOp::NAME, loc.clone()).operands(yielded);
    for (&kind, &ty) in reductions.iter().zip(&result_types) {
        let (region, block) = ctx.new_region_with_block(&[ty, ty]);
        let (lhs, rhs) = (ctx.block_args(block)[0], ctx.block_args(block)[1]);
        let Some(state) = reduction_op(kind, lhs, rhs, ty, loc.clone()) else { return false };
        let mut b = Builder::at_end(block);
        let combined = b.insert_value(ctx, state);
        b.insert(ctx, OperationState::new(scf::ReduceReturnOp::NAME, loc.clone()).operands([combined]));
        reduce.regions.push(region);
    }
    Builder::before(terminator.0).insert(ctx, reduce);
    rw.erase_op(terminator.0);
    let results = ctx.results(new.0).to_vec();
    rw.replace_op(ctx, op, &results);
    true
}

/// `scf.parallel` with init values: `scf::ParallelOp::build` makes one without, whose
/// properties are reused with the init group filled in.
fn build_parallel(
    ctx: &mut Context,
    loc: Location,
    lbs: &[Value],
    ubs: &[Value],
    steps: &[Value],
    inits: &[Value],
    result_types: &[Type],
) -> scf::ParallelOp {
    let proto = scf::ParallelOp::build(ctx, loc.clone(), lbs, ubs, steps);
    if inits.is_empty() {
        return proto;
    }
    let sizes = [lbs.len(), ubs.len(), steps.len(), inits.len()].map(|n| n as i32);
    let segments = ctx.dense_i32_array(&sizes);
    let mut state = OperationState::new(scf::ParallelOp::NAME, loc)
        .operands(ctx.operands(proto.0).iter().copied().chain(inits.iter().copied()))
        .results(result_types.iter().copied());
    // The op's only property is its operand segment sizes (upstream's `operandSegmentSizes`).
    for (name, _) in ctx.props(proto.0).to_vec() {
        state.add_prop(&name, segments);
    }
    let (from, to) = (proto.region(ctx), ctx.new_region());
    ctx.take_region_blocks(from, to);
    state.regions.push(to);
    ctx.erase_op(proto.0);
    scf::ParallelOp(ctx.create_op(state))
}

/// The identity of a reduction (upstream's `arith::getIdentityValueAttr`), as a constant.
pub(crate) fn identity(ctx: &mut Context, kind: ReductionKind, ty: Type, loc: &Location) -> Option<OperationState> {
    let loc = loc.clone();
    let float = |ctx: &mut Context, v: f64| Some(ConstantOp::float(ctx, v, ty, loc.clone()));
    let int = |ctx: &mut Context, v: i128| Some(ConstantOp::int(ctx, v, ty, loc.clone()));
    let width = || match ctx.type_kind(ty) {
        sharc_ir::TypeKind::Integer { width, .. } => Some(*width),
        _ => None,
    };
    match kind {
        ReductionKind::AddF => float(ctx, 0.0),
        ReductionKind::MulF => float(ctx, 1.0),
        ReductionKind::MaximumF => float(ctx, f64::NEG_INFINITY),
        ReductionKind::MinimumF => float(ctx, f64::INFINITY),
        ReductionKind::AddI | ReductionKind::OrI | ReductionKind::MaxU => int(ctx, 0),
        ReductionKind::MulI => int(ctx, 1),
        ReductionKind::AndI => {
            width()?;
            int(ctx, -1)
        }
        ReductionKind::MaxS => {
            let w = width()?;
            int(ctx, -(1i128 << w.saturating_sub(1).min(126)))
        }
        ReductionKind::MinS => {
            let w = width()?;
            int(ctx, (1i128 << w.saturating_sub(1).min(126)) - 1)
        }
        ReductionKind::MinU => {
            width()?;
            int(ctx, -1)
        }
        // Upstream's identities are NaNs here, which sharc's float attributes cannot carry the
        // sign of; assign and xori have none upstream either.
        ReductionKind::MaxNumF | ReductionKind::MinNumF | ReductionKind::Assign | ReductionKind::XOrI => None,
    }
}

/// Whether upstream's `arith::getReductionOp` has an op for `kind`.
pub(crate) fn has_reduction_op(kind: ReductionKind) -> bool {
    !matches!(kind, ReductionKind::Assign | ReductionKind::XOrI)
}

/// The op combining two partial results (upstream's `arith::getReductionOp`).
pub(crate) fn reduction_op(
    kind: ReductionKind,
    lhs: Value,
    rhs: Value,
    ty: Type,
    loc: Location,
) -> Option<OperationState> {
    let operands = [lhs, rhs];
    Some(match kind {
        ReductionKind::AddF => arith::AddFOp::state(&operands, ty, loc),
        ReductionKind::AddI => arith::AddIOp::state(&operands, ty, loc),
        ReductionKind::MulF => arith::MulFOp::state(&operands, ty, loc),
        ReductionKind::MulI => arith::MulIOp::state(&operands, ty, loc),
        ReductionKind::MaximumF => arith::MaximumFOp::state(&operands, ty, loc),
        ReductionKind::MinimumF => arith::MinimumFOp::state(&operands, ty, loc),
        ReductionKind::MaxNumF => arith::MaxNumFOp::state(&operands, ty, loc),
        ReductionKind::MinNumF => arith::MinNumFOp::state(&operands, ty, loc),
        ReductionKind::MaxS => arith::MaxSIOp::state(&operands, ty, loc),
        ReductionKind::MinS => arith::MinSIOp::state(&operands, ty, loc),
        ReductionKind::MaxU => arith::MaxUIOp::state(&operands, ty, loc),
        ReductionKind::MinU => arith::MinUIOp::state(&operands, ty, loc),
        ReductionKind::OrI => arith::OrIOp::state(&operands, ty, loc),
        ReductionKind::AndI => arith::AndIOp::state(&operands, ty, loc),
        ReductionKind::Assign | ReductionKind::XOrI => return None,
    })
}

fn lower_if(ctx: &mut Context, rw: &mut Rewriter, i: affine::IfOp) -> bool {
    let op = i.0;
    let Some(set) = i.condition(ctx).cloned() else { return false };
    let loc = ctx.loc(op).clone();
    let operands = ctx.operands(op).to_vec();
    if operands.len() != set.num_inputs() {
        return false;
    }
    let (dims, symbols) = operands.split_at(set.num_dims() as usize);
    let mut builder = Builder::before(op);
    let mut ex = Expander { builder: &mut builder, loc: loc.clone(), diags: &mut rw.diags };
    let zero = ex.constant(ctx, 0);
    // A conjunction without short-circuiting, as upstream.
    let mut cond: Option<Value> = None;
    for (expr, is_eq) in set.constraints() {
        let Some(v) = ex.expr(ctx, expr, dims, symbols) else { return false };
        let pred = if is_eq { CmpIPredicate::Eq } else { CmpIPredicate::Sge };
        let cmp = ex.cmp(ctx, pred, v, zero);
        cond = Some(match cond {
            None => cmp,
            Some(c) => {
                let i1 = ctx.i1();
                ex.builder.insert_value(ctx, AndIOp::state(&[c, cmp], i1, loc.clone()))
            }
        });
    }
    let cond = match cond {
        Some(c) => c,
        None => {
            let i1 = ctx.i1();
            let state = ConstantOp::int(ctx, 1, i1, loc.clone());
            builder.insert_value(ctx, state)
        }
    };
    let (Some(then_region), else_region) = (ctx.regions(op).first().copied(), ctx.regions(op).get(1).copied()) else {
        return false;
    };
    let has_else = i.has_else(ctx);
    let result_types = ctx.result_types(op);
    let new = scf::IfOp::build(ctx, loc, cond, &result_types, has_else);
    move_body(ctx, then_region, new.then_region(ctx));
    if let (true, Some(else_region)) = (has_else, else_region) {
        move_body(ctx, else_region, new.else_region(ctx));
    }
    ctx.insert_op(InsertPoint::Before(op), new.0);
    let results = ctx.results(new.0).to_vec();
    rw.replace_op(ctx, op, &results);
    true
}

/// `affine.yield` in a lowered `scf.for` or `scf.if` becomes `scf.yield`. One in a parallel
/// loop was replaced with the loop; one whose affine parent could not be lowered stays, so the
/// IR stays valid.
fn lower_yield(ctx: &mut Context, rw: &mut Rewriter, y: affine::YieldOp) -> bool {
    let op = y.0;
    let parent = ctx.parent_op(op);
    if !parent.is_some_and(|p| scf::ForOp::view(ctx, p).is_some() || scf::IfOp::view(ctx, p).is_some()) {
        return false;
    }
    let state = scf::YieldOp::state(ctx.loc(op).clone(), y.operands(ctx));
    Builder::before(op).insert(ctx, state);
    rw.erase_op(op);
    true
}
