//! `sharc-resident-columns`: keeps each thread's column of an array in shared memory for the
//! whole band when the thread walks that column along sequential loops and reads it more than
//! once (trmm's `B[k][j]` for every `i`, symm's `C[k][j]` and `B[k][j]`). The column's length
//! is a runtime size, so the band is versioned: one copy per block width whose columns fit, the
//! band as mapped for the sizes none admits. The user-facing description is [`INFO`]'s.

use crate::analysis::affine::LinearExpr;
use crate::analysis::lane_index::element_bytes;
use crate::memplace::promote::{accesses_in, rewrite_access, valid_extent};
use crate::plan::{Plan, RefusedArray, StagedArray};
use crate::target_option::target_option;
use sharc_dialects::affine::{self, ApplyOp, ForOp, IfOp};
use sharc_dialects::arith::flags::CmpIPredicate;
use sharc_dialects::arith::{AndIOp, CmpIOp, ConstantOp};
use sharc_dialects::func::FuncOp;
use sharc_dialects::gpu::{AddressSpace, Dimension};
use sharc_dialects::gpumap::{BandOp, Distribution};
use sharc_dialects::memplace::{AllocSharedOp, BarrierOp, CopyOp, Direction};
use sharc_dialects::memref::DimOp;
use sharc_dialects::scf;
use sharc_dialects::sharc::NAME_ATTR;
use sharc_ir::affine::{AffineExpr, AffineMap};
use sharc_ir::builder::InsertPoint;
use sharc_ir::pass::{Pass, PassInfo, PassOption, PassOptions};
use sharc_ir::types::DYNAMIC;
use sharc_ir::{Builder, Context, Diagnostic, OpId, Type, TypeKind, Value};
use sharc_machine::Target;
use std::collections::HashMap;

/// The declaration of `sharc-resident-columns`.
pub static INFO: PassInfo = PassInfo {
    name: "sharc-resident-columns",
    title: "SharcResidentColumns",
    summary: "Keep each thread's column of an array reused along sequential loops in shared memory, versioned on the column's length",
    description: DESCRIPTION,
    anchor: Some(sharc_ir::symbol::MODULE_OP),
    options: &[&TARGET.spec],
    create,
};

static TARGET: PassOption<String> =
    target_option("The GPU whose shared-memory budget, warp and sector size size the versions");

const DESCRIPTION: &str = r#"A one-dimensional `gpumap.band` whose thread `j` walks column `j`
of a 2-D array along sequential loops (PolyBench trmm: `B[k][j]` read for every `k > i`, for
every `i`; symm: `C[k][j]` and `B[k][j]`) reads that column from global memory once per step of
the loop that does not index it. Tiles sized by the block (`sharc-promote`) cannot hold what is
reused here: the reuse is temporal along a sequential loop over the whole column, whose length is
a runtime size. This pass keeps the column itself in shared memory for the whole band (the
streamed mapping of issue 15 with the streamed loop inside the thread, next-round §5.2 (b)).

**Which arrays.** An array is *thread-private by column* when it is a rank-2 argument of the
function and every use of it in the band is an `affine.load`/`affine.store` whose column
subscript is `j + c` (one `c` for all of them) and whose row subscript does not depend on `j`:
thread `j` then touches column `j + c` only, and no other thread does. Such an array is kept
when its accesses move more sectors than a copy in (and, if written, a copy out) of its column
would, at a trial size of 64, or at its row count when that is static (the model below).

**Versions.** For block widths `W` = the warp, `W/2`, ... down to one sector of elements
(8 `f32`, 4 `f64`), the column length a block of `W` threads can hold is `rows(W)` =
`budget / (W x sum of element bytes)`, the budget being `sharc-partition`'s (`theta_s` of the
SM's shared memory, at most one block's maximum) and at most 48 KiB, the static shared memory
CUDA lets a kernel declare. A width is a version when the model below
predicts it moves fewer global sectors than the band as mapped, at the trial sizes `rows(W)`,
`rows(W)/2`, 16 and 4 (no more at any, fewer at `rows(W)`). The band becomes a chain of `scf.if`
on the host, `dim(A, 0) <= rows(W)` for every kept array, widest first, each branch a copy of the
band with `W` threads, and the band as mapped in the last `else`. An array of static row count
needs no guard: the widest version whose rows hold it replaces the band.

**A version** allocates a `memplace.alloc_shared` of `rows(W) x W` per array, copies the block's
columns in at the top of the body (`memplace.copy_in` at `(0, origin + c)`, rows past the array
are not read), rewrites every access to the buffer at `(row, j - origin)`, and, for a written
array, copies the columns back at the end with the valid extent of the block's own columns. With
`W` threads and a tile `W` wide, the copies' thread `t` moves column `t`, the one it computes
with; a `memplace.barrier` still follows the copy in and precedes the copy out, so that the
version stays correct whatever a later pass does to the thread of an iteration
(`sharc-eliminate-barriers` decides). The version's `sharc.plan` has the block `W x 1 x 1`, the
kept arrays in `resident`, and the plan's own `staged` tiles (sized for the original block) in
`refused`.

**The model.** Per thread and per execution, an access moves `ceil(w x bytes / sector) / w`
sectors when its column subscript is `j + c` (`w` lanes of a warp read consecutive elements),
`1 / w` when no subscript uses `j` (one sector for the warp), and 1 otherwise; `w` is
`min(block, warp)`. Executions per thread come from the loop bounds evaluated at the trial size:
every `index` argument and every dynamic extent is taken to be the trial size, both branches of
an `affine.if` run (an upper bound), a loop whose bounds use `j` or anything but constants,
arguments and enclosing loops leaves the band as it is. A copy moves, per kept array and row,
what one access of the column does.

Bands the pass leaves: not one-dimensional, `j` not on x, a step or a thread coarsening
(`tile` other than the block), shared memory already in the body, no array private by column
and reused. Each version gets a remark with its width, rows, bytes and predicted sectors:

```text
remark: resident columns: B 328x32 (41984 B) when dim(B, 0) <= 328 (block 32x1x1; predicted sectors per thread at n = 328: 1757.9 against 8461.4)
```
"#;

fn create(options: &PassOptions) -> Box<dyn Pass> {
    Box::new(ResidentColumns { target: options.get(&TARGET) })
}

struct ResidentColumns {
    target: String,
}

impl Pass for ResidentColumns {
    fn run(&mut self, ctx: &mut Context, module: OpId, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        let target = Target::load(&self.target)
            .map_err(|e| Diagnostic::error(ctx.loc(module).clone(), format!("sharc-resident-columns: {e}")))?;
        let bands: Vec<BandOp> = ctx.collect_ops(module).into_iter().filter_map(|op| BandOp::view(ctx, op)).collect();
        for band in bands {
            let Some(plan) = Plan::of(ctx, band.0) else { continue };
            let plan =
                plan.map_err(|m| Diagnostic::error(ctx.loc(band.0).clone(), format!("malformed sharc.plan: {m}")))?;
            if let Some(decision) = decide(ctx, band, &target) {
                apply(ctx, band, &plan, &decision, diags);
            }
        }
        Ok(())
    }
}

/// An array kept by column.
struct Column {
    memref: Value,
    /// Function argument number.
    arg: usize,
    name: String,
    elem: Type,
    elem_bytes: u32,
    /// The column subscript is `j + offset`.
    offset: i64,
    written: bool,
    /// Rows when static.
    static_rows: Option<i64>,
    accesses: Vec<OpId>,
}

/// One version: a block width and the rows its buffers hold.
struct Version {
    width: i64,
    rows: i64,
    /// The trial size of `predicted`: `rows`, or the static row count.
    trial: i64,
    /// Predicted sectors per thread at `trial`: this version, the band as mapped.
    predicted: (f64, f64),
}

struct Decision {
    columns: Vec<Column>,
    /// Widest first; rows increase.
    versions: Vec<Version>,
    /// Every kept array has static rows: the first version replaces the band, unguarded.
    unguarded: bool,
}

/// The trial size at which an array must pay for its copies to be kept.
const SELECTION_SIZE: i64 = 64;

fn decide(ctx: &Context, band: BandOp, target: &Target) -> Option<Decision> {
    // One loop on x, step 1, one iteration per thread.
    if band.num_loops(ctx) != 1
        || band.mapping(ctx) != [Some(Dimension::X)]
        || band.steps(ctx) != [1]
        || band.replication(ctx) != [1]
    {
        return None;
    }
    let [block, 1, 1] = band.block_shape(ctx) else { return None };
    if ctx.collect_ops(band.0).iter().any(|&op| ctx.op_name(op).starts_with("memplace.")) {
        return None;
    }
    let func = ctx.ancestor(band.0, |c, a| FuncOp::view(c, a).is_some()).map(FuncOp)?;
    let j = *band.ivs(ctx).first()?;
    let model = Model {
        ctx,
        band,
        j,
        func_args: func.arguments(ctx),
        warp: i64::from(target.warp_size),
        sector: i64::from(target.sector_size),
    };
    // The arrays private by column.
    let mut columns = Vec::new();
    for (arg, &memref) in model.func_args.iter().enumerate() {
        if let Some(c) = column_of(ctx, band, &model, memref, arg) {
            columns.push(c);
        }
    }
    if columns.is_empty() {
        return None;
    }
    // Kept when reused: its accesses cost more than its copies at the selection size.
    let counts = model.counts(SELECTION_SIZE)?;
    let w0 = block.min(model.warp);
    columns.retain(|c| {
        let reads: f64 = c.accesses.iter().map(|a| counts.get(a).copied().unwrap_or(0.0) * model.cost(*a, w0)).sum();
        reads > model.copies(c, c.static_rows.unwrap_or(SELECTION_SIZE), w0)
    });
    if columns.is_empty() {
        return None;
    }
    let budget = target.shared_budget();
    let static_rows: Option<i64> = columns.iter().map(|c| c.static_rows).try_fold(0i64, |m, r| r.map(|r| m.max(r)));
    let min_elem = columns.iter().map(|c| i64::from(c.elem_bytes)).min()?;
    let mut versions: Vec<Version> = Vec::new();
    let mut width = w0.min(block);
    while width >= 1 && width * min_elem >= model.sector {
        let per_row: i64 = columns.iter().map(|c| width * i64::from(c.elem_bytes)).sum();
        let rows = i64::try_from(budget).unwrap_or(i64::MAX) / per_row.max(1);
        let widest_rows = versions.last().map_or(0, |v| v.rows);
        if rows >= 2 && rows > widest_rows {
            let sizes = match static_rows {
                Some(r) if r <= rows => vec![r],
                Some(_) => Vec::new(),
                None => [rows, rows / 2, 16, 4].into_iter().filter(|&s| s >= 2 && s <= rows).collect(),
            };
            let mut better = !sizes.is_empty();
            let mut predicted = (0.0, 0.0);
            let trial = sizes.first().copied().unwrap_or(rows);
            for (i, &s) in sizes.iter().enumerate() {
                let Some((version, mapped)) = model.compare(&columns, s, block, width) else {
                    better = false;
                    break;
                };
                let ok = if i == 0 { version < mapped } else { version <= mapped };
                if i == 0 {
                    predicted = (version, mapped);
                }
                better &= ok;
            }
            if better {
                versions.push(Version { width, rows, trial, predicted });
                if static_rows.is_some() {
                    break;
                }
            }
        }
        width /= 2;
    }
    if versions.is_empty() {
        return None;
    }
    Some(Decision { columns, versions, unguarded: static_rows.is_some() })
}

/// The array `memref` (argument `arg`) if thread `j` touches its column `j + c` only.
fn column_of(ctx: &Context, band: BandOp, model: &Model, memref: Value, arg: usize) -> Option<Column> {
    let ty = ctx.value_type(memref);
    let parts = ctx.memref_parts(ty)?;
    if parts.shape.len() != 2 || parts.layout.is_some() || parts.memory_space.is_some() {
        return None;
    }
    let elem_bytes = element_bytes(ctx, parts.elem)?;
    let accesses = accesses_in(ctx, band.0, memref).ok()?;
    if accesses.is_empty() {
        return None;
    }
    let mut offset = None;
    let mut written = false;
    for &op in &accesses {
        let (map, operands) = match (affine::LoadOp::view(ctx, op), affine::StoreOp::view(ctx, op)) {
            (Some(l), _) => (l.map(ctx)?, l.map_operands(ctx)),
            (_, Some(s)) => {
                written = true;
                (s.map(ctx)?, s.map_operands(ctx))
            }
            _ => return None,
        };
        if model.j_coefficients(map, operands)? != [0, 1] {
            return None;
        }
        // The column subscript is exactly `j + c`.
        let (nd, ns) = (map.num_dims() as usize, map.num_symbols() as usize);
        let col = LinearExpr::from_expr(map.results().get(1)?, nd, ns)?;
        let only_j = operands.iter().enumerate().all(|(k, &v)| {
            let coeff = if k < nd { col.dims[k] } else { col.symbols[k - nd] };
            coeff == i64::from(v == model.j)
        });
        if !only_j {
            return None;
        }
        let c = col.constant;
        if offset.is_some_and(|o| o != c) {
            return None;
        }
        offset = Some(c);
    }
    let name = source_name(ctx, band, arg).unwrap_or_else(|| format!("arg{arg}"));
    let static_rows = (parts.shape[0] != DYNAMIC).then_some(parts.shape[0]);
    Some(Column { memref, arg, name, elem: parts.elem, elem_bytes, offset: offset?, written, static_rows, accesses })
}

/// The `sharc.name` of argument `arg` of the band's function.
fn source_name(ctx: &Context, band: BandOp, arg: usize) -> Option<String> {
    let func = ctx.ancestor(band.0, |c, a| FuncOp::view(c, a).is_some()).map(FuncOp)?;
    let dict = func.arg_attr_dict(ctx, arg)?;
    let entry = ctx.attr_dict(dict)?.iter().find(|(k, _)| k == NAME_ATTR)?;
    ctx.attr_str(entry.1).map(str::to_string)
}

/// The cost model: executions per thread at a trial size, sectors per execution.
struct Model<'a> {
    ctx: &'a Context,
    band: BandOp,
    j: Value,
    func_args: Vec<Value>,
    warp: i64,
    sector: i64,
}

/// Loop iterations the trial walk may take before it gives up.
const WALK_LIMIT: u64 = 2_000_000;

impl Model<'_> {
    /// Per map result, the coefficient of `j`; `None` when an operand depends on `j` other
    /// than as `j` itself (through an `affine.apply`, a load, ...).
    fn j_coefficients(&self, map: &AffineMap, operands: &[Value]) -> Option<Vec<i64>> {
        let nd = map.num_dims() as usize;
        let mut coeffs = vec![0; map.num_results()];
        for (k, &v) in operands.iter().enumerate() {
            if v == self.j {
                if k >= nd {
                    return None;
                }
                for (r, e) in map.results().iter().enumerate() {
                    if e.is_function_of_dim(k as u32) {
                        let lin = LinearExpr::from_expr(e, nd, map.num_symbols() as usize)?;
                        coeffs[r] += lin.dims[k];
                    }
                }
            } else if self.depends_on_j(v) {
                return None;
            }
        }
        Some(coeffs)
    }

    /// Whether `v` may depend on `j`: anything computed inside the band but an induction
    /// variable of a loop there or an `affine.apply`/constant of such values.
    fn depends_on_j(&self, v: Value) -> bool {
        let ctx = self.ctx;
        if v == self.j {
            return true;
        }
        match ctx.defining_op(v) {
            Some(op) if ctx.is_ancestor(self.band.0, op) => {
                if ConstantOp::view(ctx, op).is_some() {
                    false
                } else if ApplyOp::view(ctx, op).is_some() {
                    ctx.operands(op).iter().any(|&o| self.depends_on_j(o))
                } else {
                    true
                }
            }
            Some(_) => false,
            // A block argument: a loop's induction variable inside the band (whose bounds are
            // checked by the walk), or something outside it.
            None => {
                let owner = ctx.value_block(v).and_then(|b| ctx.block_parent_op(b));
                match owner {
                    Some(o) if o == self.band.0 => v != self.j && !self.band.origins(ctx).contains(&v),
                    Some(o) if ctx.is_ancestor(self.band.0, o) => {
                        ForOp::view(ctx, o).is_none_or(|f| f.induction_var(ctx) != Some(v))
                    }
                    _ => false,
                }
            }
        }
    }

    /// Sectors per thread of one execution of access `op` in warps of `w` lanes.
    fn cost(&self, op: OpId, w: i64) -> f64 {
        let ctx = self.ctx;
        let (map, operands, memref) = match (affine::LoadOp::view(ctx, op), affine::StoreOp::view(ctx, op)) {
            (Some(l), _) => (l.map(ctx), l.map_operands(ctx), l.memref(ctx)),
            (_, Some(s)) => (s.map(ctx), s.map_operands(ctx), s.memref(ctx)),
            _ => return 0.0,
        };
        let elem =
            ctx.memref_parts(ctx.value_type(memref)).and_then(|m| element_bytes(ctx, m.elem)).map_or(4, i64::from);
        let w = w.max(1);
        match map.and_then(|m| self.j_coefficients(m, operands)) {
            Some(c) if c.iter().all(|&x| x == 0) => 1.0 / w as f64,
            Some(c) if c.last() == Some(&1) && c[..c.len() - 1].iter().all(|&x| x == 0) => {
                ceil_div(w * elem, self.sector) as f64 / w as f64
            }
            _ => 1.0,
        }
    }

    /// Sectors per thread of an array's copies at `rows` rows.
    fn copies(&self, c: &Column, rows: i64, w: i64) -> f64 {
        let w = w.max(1);
        let per_row = ceil_div(w * i64::from(c.elem_bytes), self.sector) as f64 / w as f64;
        per_row * rows as f64 * if c.written { 2.0 } else { 1.0 }
    }

    /// Predicted sectors per thread at size `s`: a version of width `width` keeping `columns`,
    /// and the band as mapped with `block` threads.
    fn compare(&self, columns: &[Column], s: i64, block: i64, width: i64) -> Option<(f64, f64)> {
        let counts = self.counts(s)?;
        let (w0, w) = (block.min(self.warp), width.min(self.warp));
        let kept: Vec<OpId> = columns.iter().flat_map(|c| c.accesses.iter().copied()).collect();
        let mut mapped = 0.0;
        let mut version: f64 = columns.iter().map(|c| self.copies(c, c.static_rows.unwrap_or(s), w)).sum();
        for (&op, &n) in &counts {
            mapped += n * self.cost(op, w0);
            if !kept.contains(&op) {
                version += n * self.cost(op, w);
            }
        }
        Some((version, mapped))
    }

    /// Executions per thread of every global `affine.load`/`affine.store` of the band at trial
    /// size `s`; `None` when a bound cannot be evaluated or the walk is too long.
    fn counts(&self, s: i64) -> Option<HashMap<OpId, f64>> {
        let body = self.band.body(self.ctx)?;
        let mut walk = Walk { model: self, s, env: HashMap::new(), counts: HashMap::new(), steps: 0 };
        walk.block(body, 1.0)?;
        Some(walk.counts)
    }
}

struct Walk<'m, 'a> {
    model: &'m Model<'a>,
    s: i64,
    env: HashMap<Value, i64>,
    counts: HashMap<OpId, f64>,
    steps: u64,
}

impl Walk<'_, '_> {
    fn block(&mut self, block: sharc_ir::BlockId, mult: f64) -> Option<()> {
        let ctx = self.model.ctx;
        for op in ctx.block_ops(block) {
            if affine::LoadOp::view(ctx, op).is_some() || affine::StoreOp::view(ctx, op).is_some() {
                *self.counts.entry(op).or_insert(0.0) += mult;
            } else if let Some(f) = ForOp::view(ctx, op) {
                self.for_loop(f, mult)?;
            } else if let Some(i) = IfOp::view(ctx, op) {
                for b in [i.then_block(ctx), i.else_block(ctx)].into_iter().flatten() {
                    self.block(b, mult)?;
                }
            } else if !ctx.regions(op).is_empty() {
                return None;
            }
        }
        Some(())
    }

    fn for_loop(&mut self, f: ForOp, mult: f64) -> Option<()> {
        let ctx = self.model.ctx;
        let lb = self.bound(f.lower_bound_map(ctx)?, f.lower_bound_operands(ctx), true)?;
        let ub = self.bound(f.upper_bound_map(ctx)?, f.upper_bound_operands(ctx), false)?;
        let step = f.step(ctx).max(1);
        let trips = if ub > lb { (ub - lb + step - 1) / step } else { 0 };
        let (body, iv) = (f.body(ctx)?, f.induction_var(ctx)?);
        let nested = ctx.collect_ops(f.0).iter().any(|&o| o != f.0 && !ctx.regions(o).is_empty());
        if !nested {
            return self.block(body, mult * trips as f64);
        }
        let mut v = lb;
        while v < ub {
            self.steps += 1;
            if self.steps > WALK_LIMIT {
                return None;
            }
            self.env.insert(iv, v);
            self.block(body, mult)?;
            v += step;
        }
        self.env.remove(&iv);
        Some(())
    }

    /// The max (lower) or min (upper) of a bound map's results.
    fn bound(&self, map: &AffineMap, operands: &[Value], lower: bool) -> Option<i64> {
        let values: Vec<i64> = operands.iter().map(|&v| self.value(v)).collect::<Option<_>>()?;
        let nd = map.num_dims() as usize;
        let results = map.eval(&values[..nd], &values[nd..])?;
        if lower {
            results.into_iter().max()
        } else {
            results.into_iter().min()
        }
    }

    /// A value at the trial size: an enclosing loop's induction variable, a constant, an
    /// `affine.apply` of such, an `index` argument of the function (the trial size).
    fn value(&self, v: Value) -> Option<i64> {
        let ctx = self.model.ctx;
        if let Some(&x) = self.env.get(&v) {
            return Some(x);
        }
        if self.model.func_args.contains(&v) {
            return matches!(ctx.type_kind(ctx.value_type(v)), TypeKind::Index).then_some(self.s);
        }
        let op = ctx.defining_op(v)?;
        if let Some(c) = ConstantOp::view(ctx, op) {
            return c.int_value(ctx).and_then(|x| i64::try_from(x).ok());
        }
        if let Some(a) = ApplyOp::view(ctx, op) {
            let map = a.map(ctx)?;
            let values: Vec<i64> = a.operands(ctx).iter().map(|&o| self.value(o)).collect::<Option<_>>()?;
            let nd = map.num_dims() as usize;
            return map.eval(&values[..nd], &values[nd..])?.first().copied();
        }
        if let Some(d) = DimOp::view(ctx, op) {
            let shape = ctx.memref_parts(ctx.value_type(d.source(ctx)))?.shape.to_vec();
            let i = usize::try_from(self.value(d.index(ctx))?).ok()?;
            return shape.get(i).map(|&e| if e == DYNAMIC { self.s } else { e });
        }
        None
    }
}

fn apply(ctx: &mut Context, band: BandOp, plan: &Plan, d: &Decision, diags: &mut Vec<Diagnostic>) {
    let loc = ctx.loc(band.0).clone();
    // Every version is a copy of the band as mapped, made before anything changes.
    let mut copies = Vec::new();
    for v in &d.versions {
        let mut map = HashMap::new();
        let copy = BandOp(ctx.clone_op(band.0, &mut map));
        // The memrefs are the function's, outside the band: the copy's accesses of them are
        // the copies of the kept ones.
        let accesses: Vec<Vec<OpId>> =
            d.columns.iter().map(|c| accesses_in(ctx, copy.0, c.memref).unwrap_or_default()).collect();
        make_version(ctx, copy, plan, d, v, &accesses);
        copies.push(copy);
    }
    if d.unguarded {
        let Some(&copy) = copies.first() else { return };
        ctx.insert_op(InsertPoint::Before(band.0), copy.0);
        ctx.erase_op(band.0);
    } else {
        // if (rows fit version 0) { v0 } else if (rows fit version 1) { v1 } ... else { band }.
        let mut at = band.0;
        for (v, copy) in d.versions.iter().zip(&copies) {
            let cond = rows_fit(ctx, at, &d.columns, v.rows);
            let branch = scf::IfOp::build(ctx, loc.clone(), cond, &[], true);
            ctx.insert_op(InsertPoint::Before(at), branch.0);
            let (then_b, Some(else_b)) = (branch.then_block(ctx), branch.else_block(ctx)) else { return };
            let (Some(then_y), Some(else_y)) = (ctx.block_last_op(then_b), ctx.block_last_op(else_b)) else { return };
            ctx.insert_op(InsertPoint::Before(then_y), copy.0);
            ctx.move_op(band.0, InsertPoint::Before(else_y));
            at = band.0;
        }
    }
    for v in &d.versions {
        let arrays: Vec<String> = d
            .columns
            .iter()
            .map(|c| format!("{} {}x{} ({} B)", c.name, v.rows, v.width, v.rows * v.width * i64::from(c.elem_bytes)))
            .collect();
        let when = if d.unguarded {
            "when its rows are static".to_string()
        } else {
            let guards: Vec<String> = d.columns.iter().map(|c| format!("dim({}, 0) <= {}", c.name, v.rows)).collect();
            format!("when {}", guards.join(" and "))
        };
        diags.push(Diagnostic::remark(
            loc.clone(),
            format!(
                "resident columns: {} {when} (block {}x1x1; predicted sectors per thread at n = {}: {:.1} against {:.1})",
                arrays.join(", "),
                v.width,
                v.trial,
                v.predicted.0,
                v.predicted.1
            ),
        ));
    }
}

/// `dim(A, 0) <= rows` for every kept array, and-ed, built before `at`.
fn rows_fit(ctx: &mut Context, at: OpId, columns: &[Column], rows: i64) -> Value {
    let loc = ctx.loc(at).clone();
    let zero = ConstantOp::index(ctx, 0, loc.clone());
    let zero = Builder::before(at).insert_value(ctx, zero);
    let limit = ConstantOp::index(ctx, rows, loc.clone());
    let limit = Builder::before(at).insert_value(ctx, limit);
    let mut cond: Option<Value> = None;
    for c in columns {
        let dim = DimOp::build(ctx, loc.clone(), c.memref, zero);
        let dim = Builder::before(at).insert_value(ctx, dim);
        let cmp = CmpIOp::state(ctx, CmpIPredicate::Sle, dim, limit, loc.clone());
        let cmp = Builder::before(at).insert_value(ctx, cmp);
        cond = Some(match cond {
            None => cmp,
            Some(prev) => {
                let ty = ctx.value_type(cmp);
                let and = AndIOp::state(&[prev, cmp], ty, loc.clone());
                Builder::before(at).insert_value(ctx, and)
            }
        });
    }
    cond.unwrap_or(limit)
}

/// Turns the copy `band` into version `v`: `v.width` threads, the columns in shared memory.
fn make_version(ctx: &mut Context, band: BandOp, plan: &Plan, d: &Decision, v: &Version, accesses: &[Vec<OpId>]) {
    let loc = ctx.loc(band.0).clone();
    band.set_tiling(ctx, 0, v.width, v.width, Distribution::Cyclic);
    let (Some(body), Some(band_yield)) = (band.body(ctx), band.yield_op(ctx)) else { return };
    let Some(&origin) = band.origins(ctx).first() else { return };
    let first = ctx.block_ops(body).first().copied().unwrap_or(band_yield);
    let mut version_plan = plan.clone();
    version_plan.block = [v.width, 1, 1];
    let why = format!("the version of {} threads keeps columns resident instead", v.width);
    for s in std::mem::take(&mut version_plan.staged) {
        version_plan.refused.push(RefusedArray { name: s.name, why: why.clone() });
    }
    let space = AddressSpace::Workgroup.attr(ctx);
    let mut buffers = Vec::new();
    for c in &d.columns {
        let tile = vec![v.rows, v.width];
        let ty =
            ctx.ty(TypeKind::MemRef { shape: tile.clone(), elem: c.elem, layout: None, memory_space: Some(space) });
        let state = AllocSharedOp::state(ctx, loc.clone(), ty, None);
        buffers.push(Builder::before(first).insert_value(ctx, state));
        version_plan.resident.push(StagedArray {
            name: c.name.clone(),
            arg: Some(c.arg),
            first_access: 0,
            read: true,
            written: c.written,
            reuse: true,
            coalesce: false,
            tile,
            halo_lo: vec![0, 0],
            halo_hi: vec![0, 0],
            origin: origin_map_of(c),
            subscript: None,
            per_strip: Vec::new(),
            bytes: (v.rows * v.width) as u64 * u64::from(c.elem_bytes),
            elem_bytes: c.elem_bytes,
        });
    }
    if let Some(search) = version_plan.search.as_mut() {
        search.shared_bytes = version_plan.resident.iter().map(|s| s.bytes).sum();
    }
    for (c, &buffer) in d.columns.iter().zip(&buffers) {
        let origin_map = origin_map_of(c);
        let state =
            CopyOp::state(ctx, loc.clone(), Direction::In, c.memref, origin_map, &[origin], buffer, &[v.rows, v.width]);
        Builder::before(first).insert(ctx, state);
    }
    Builder::before(first).insert(ctx, BarrierOp::state(loc.clone()));
    for ((c, &buffer), ops) in d.columns.iter().zip(&buffers).zip(accesses) {
        for &op in ops {
            rewrite_access(ctx, op, buffer, &origin_map_of(c), &[origin]);
        }
    }
    let written: Vec<usize> = (0..d.columns.len()).filter(|&i| d.columns[i].written).collect();
    if !written.is_empty() {
        Builder::before(band_yield).insert(ctx, BarrierOp::state(loc.clone()));
        for i in written {
            let c = &d.columns[i];
            let rows = ConstantOp::index(ctx, v.rows, loc.clone());
            let rows = Builder::before(band_yield).insert_value(ctx, rows);
            let cols = match valid_extent(ctx, band, 0) {
                Some((map, operands)) => {
                    let min = affine::MinOp::build(ctx, loc.clone(), map, &operands);
                    Builder::before(band_yield).insert_value(ctx, min)
                }
                None => {
                    let w = ConstantOp::index(ctx, v.width, loc.clone());
                    Builder::before(band_yield).insert_value(ctx, w)
                }
            };
            let state = CopyOp::state(
                ctx,
                loc.clone(),
                Direction::Out,
                c.memref,
                origin_map_of(c),
                &[origin],
                buffers[i],
                &[v.rows, v.width],
            );
            Builder::before(band_yield).insert(ctx, CopyOp::with_valid(state, &[rows, cols]));
        }
    }
    version_plan.attach(ctx, band.0);
}

/// `(0, d0 + c)`: the tile of a block whose origin is `d0`.
fn origin_map_of(c: &Column) -> AffineMap {
    AffineMap::new(1, 0, vec![AffineExpr::constant(0), AffineExpr::dim(0) + AffineExpr::constant(c.offset)])
        .expect("a two-result map of one dim is well formed")
}

/// `ceil(a / b)` for positive `b`.
fn ceil_div(a: i64, b: i64) -> i64 {
    (a + b - 1) / b.max(1)
}
