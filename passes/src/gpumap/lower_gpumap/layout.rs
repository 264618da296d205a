//! Shared-buffer layouts to index arithmetic: the gpu level is upstream MLIR, which has no
//! `#memplace<layout ...>`, so every access of a laid-out workgroup buffer (the band body's and
//! the lowered copy loops') is rewritten to index the buffer's physical position directly. The
//! attribution gets [`SharedLayout::physical_shape`], in which the physical position of logical
//! flat offset `e` is the row-major index of [`SharedLayout::physical_offset`]`(shape, e)`, the
//! address `sharc-run` gives the element at the memplace level.
//!
//! - `transposed` and `soa` are affine: an `affine.load`/`affine.store` gets a composed map
//!   (`[.., r, c]` -> `[.., c, r]`; flat `e` -> `[e mod K, e floordiv K]`).
//! - `xor` is not (affine maps cannot XOR): the access becomes a `memref.load`/`memref.store`
//!   whose innermost index is `((col / vec) xor ((row / per_phase) mod max_phase)) * vec +
//!   col mod vec` in `arith` ops on power-of-two constants (shifts and masks), with `row` the
//!   flattened outer index; an affine access first computes its indices with `affine.apply`.
//! - `swizzle` (CuTe's, on the flat offset) is not affine either: the indices are linearised
//!   row-major, `e xor ((e & mask) >> S)` is computed with `arith.andi`/`shrui`/`xori`, and
//!   the result is delinearised by the static extents (`divui`/`remui`) for a `memref` access.
//! - `memref.load`/`memref.store` accesses (indices that need not be affine) are rewritten with
//!   `arith` ops for every layout.

use sharc_dialects::arith::{AddIOp, AndIOp, ConstantOp, DivUIOp, MulIOp, RemUIOp, ShRUIOp, XOrIOp};
use sharc_dialects::{affine, memref};
use sharc_ir::affine::{AffineExpr, AffineMap};
use sharc_ir::{Builder, Context, Location, OpId, Value};
use sharc_machine::layout::SharedLayout;

/// A workgroup attribution whose buffer had a layout: the logical shape the program indexes.
pub(super) struct LaidOut {
    pub(super) buffer: Value,
    pub(super) layout: SharedLayout,
    pub(super) shape: Vec<i64>,
}

/// Rewrites every use of `l.buffer` (all element accesses, as the memplace verifier requires);
/// the op of a use it cannot rewrite.
pub(super) fn lower_accesses(ctx: &mut Context, l: &LaidOut) -> Result<(), OpId> {
    let users: Vec<OpId> = ctx.uses(l.buffer).iter().map(|u| u.op).collect();
    for op in users {
        if ctx.parent_block(op).is_none() {
            continue;
        }
        rewrite(ctx, l, op).ok_or(op)?;
    }
    Ok(())
}

fn rewrite(ctx: &mut Context, l: &LaidOut, op: OpId) -> Option<()> {
    let loc = ctx.loc(op).clone();
    let mut b = Builder::before(op);
    if let Some(load) = affine::LoadOp::view(ctx, op).filter(|x| x.memref(ctx) == l.buffer) {
        let (map, operands) = (load.map(ctx)?.clone(), load.map_operands(ctx).to_vec());
        let state = match physical_map(l.layout, &l.shape, &map) {
            Some(physical) => affine::LoadOp::build(ctx, loc, l.buffer, physical, &operands),
            None => {
                let indices = apply_each(ctx, &mut b, &map, &operands, &loc)?;
                let indices = physical_indices(ctx, &mut b, l, &indices, &loc)?;
                memref::LoadOp::build(ctx, loc, l.buffer, &indices)
            }
        };
        let v = b.insert_value(ctx, state);
        ctx.replace_op(op, &[v]);
    } else if let Some(store) = affine::StoreOp::view(ctx, op).filter(|x| x.memref(ctx) == l.buffer) {
        let (map, operands, value) = (store.map(ctx)?.clone(), store.map_operands(ctx).to_vec(), store.value(ctx));
        let state = match physical_map(l.layout, &l.shape, &map) {
            Some(physical) => affine::StoreOp::build(ctx, loc, value, l.buffer, physical, &operands),
            None => {
                let indices = apply_each(ctx, &mut b, &map, &operands, &loc)?;
                let indices = physical_indices(ctx, &mut b, l, &indices, &loc)?;
                memref::StoreOp::build(loc, value, l.buffer, &indices)
            }
        };
        b.insert(ctx, state);
        ctx.erase_op(op);
    } else if let Some(load) = memref::LoadOp::view(ctx, op).filter(|x| x.memref(ctx) == l.buffer) {
        let indices = load.indices(ctx).to_vec();
        let indices = physical_indices(ctx, &mut b, l, &indices, &loc)?;
        let state = memref::LoadOp::build(ctx, loc, l.buffer, &indices);
        let v = b.insert_value(ctx, state);
        ctx.replace_op(op, &[v]);
    } else if let Some(store) = memref::StoreOp::view(ctx, op).filter(|x| x.memref(ctx) == l.buffer) {
        let (indices, value) = (store.indices(ctx).to_vec(), store.value(ctx));
        let indices = physical_indices(ctx, &mut b, l, &indices, &loc)?;
        b.insert(ctx, memref::StoreOp::build(loc, value, l.buffer, &indices));
        ctx.erase_op(op);
    } else {
        return None;
    }
    Some(())
}

/// The row-major flat offset of `indices` (affine expressions) in `shape`.
fn flatten(indices: &[AffineExpr], shape: &[i64]) -> AffineExpr {
    let mut flat = AffineExpr::constant(0);
    for (k, i) in indices.iter().enumerate() {
        let stride: i64 = shape[k + 1..].iter().product();
        flat = flat + i.clone() * stride;
    }
    flat
}

/// The access map composed with an affine layout (`None` for `xor`, which is not affine).
fn physical_map(layout: SharedLayout, shape: &[i64], map: &AffineMap) -> Option<AffineMap> {
    let logical = map.results();
    let results = match layout {
        SharedLayout::RowMajor => logical.to_vec(),
        SharedLayout::Transposed => {
            let mut r = logical.to_vec();
            let n = r.len();
            if n < 2 {
                return None;
            }
            r.swap(n - 1, n - 2);
            r
        }
        SharedLayout::Soa { fields } => {
            let e = flatten(logical, shape);
            let k = i64::from(fields);
            vec![e.modulo(k), e.floor_div(k)]
        }
        SharedLayout::Xor { .. } | SharedLayout::Swizzle { .. } => return None,
    };
    AffineMap::new(map.num_dims(), map.num_symbols(), results).ok()
}

/// One `affine.apply` per result of `map`: the logical indices of an affine access.
fn apply_each(
    ctx: &mut Context,
    b: &mut Builder,
    map: &AffineMap,
    operands: &[Value],
    loc: &Location,
) -> Option<Vec<Value>> {
    let mut out = Vec::with_capacity(map.num_results());
    for e in map.results() {
        let single = AffineMap::new(map.num_dims(), map.num_symbols(), vec![e.clone()]).ok()?;
        let state = affine::ApplyOp::build(ctx, loc.clone(), single, operands);
        out.push(b.insert_value(ctx, state));
    }
    Some(out)
}

/// Index arithmetic in `arith` ops.
struct Arith<'a> {
    b: &'a mut Builder,
    loc: Location,
}

impl Arith<'_> {
    fn constant(&mut self, ctx: &mut Context, v: i64) -> Value {
        let state = ConstantOp::index(ctx, v, self.loc.clone());
        self.b.insert_value(ctx, state)
    }

    fn binary(
        &mut self,
        ctx: &mut Context,
        state: fn(&[Value], sharc_ir::Type, Location) -> sharc_ir::OperationState,
        x: Value,
        y: Value,
    ) -> Value {
        let index = ctx.index_type();
        let s = state(&[x, y], index, self.loc.clone());
        self.b.insert_value(ctx, s)
    }

    fn binary_const(
        &mut self,
        ctx: &mut Context,
        state: fn(&[Value], sharc_ir::Type, Location) -> sharc_ir::OperationState,
        x: Value,
        c: i64,
    ) -> Value {
        let c = self.constant(ctx, c);
        self.binary(ctx, state, x, c)
    }

    /// The row-major flat offset of `indices` in `shape`.
    fn flatten(&mut self, ctx: &mut Context, indices: &[Value], shape: &[i64]) -> Option<Value> {
        let mut flat: Option<Value> = None;
        for (k, &i) in indices.iter().enumerate() {
            let stride: i64 = shape.get(k + 1..)?.iter().product();
            let term = if stride == 1 { i } else { self.binary_const(ctx, MulIOp::state, i, stride) };
            flat = Some(match flat {
                None => term,
                Some(f) => self.binary(ctx, AddIOp::state, f, term),
            });
        }
        flat
    }

    /// The row-major indices of flat offset `e` in `shape` (the inverse of
    /// [`flatten`](Self::flatten) on offsets below the element count).
    fn unflatten(&mut self, ctx: &mut Context, e: Value, shape: &[i64]) -> Vec<Value> {
        let n = shape.len();
        let mut out = Vec::with_capacity(n);
        for k in 0..n {
            let stride: i64 = shape[k + 1..].iter().product();
            // The outermost index needs no remainder (offsets stay below the element count),
            // the innermost no division.
            let q = if stride == 1 { e } else { self.binary_const(ctx, DivUIOp::state, e, stride) };
            out.push(if k == 0 { q } else { self.binary_const(ctx, RemUIOp::state, q, shape[k]) });
        }
        out
    }
}

/// The physical indices of the logical `indices`, in `arith` ops before the access.
fn physical_indices(
    ctx: &mut Context,
    b: &mut Builder,
    l: &LaidOut,
    indices: &[Value],
    loc: &Location,
) -> Option<Vec<Value>> {
    let n = indices.len();
    if n != l.shape.len() || n == 0 {
        return None;
    }
    let mut a = Arith { b, loc: loc.clone() };
    Some(match l.layout {
        SharedLayout::RowMajor => indices.to_vec(),
        SharedLayout::Transposed => {
            let mut r = indices.to_vec();
            if n < 2 {
                return None;
            }
            r.swap(n - 1, n - 2);
            r
        }
        SharedLayout::Soa { fields } => {
            let e = a.flatten(ctx, indices, &l.shape)?;
            let k = i64::from(fields);
            vec![a.binary_const(ctx, RemUIOp::state, e, k), a.binary_const(ctx, DivUIOp::state, e, k)]
        }
        SharedLayout::Xor { vec, per_phase, max_phase } => {
            // All three are powers of two (the verifier's `SharedLayout::check`): divisions
            // are shifts and remainders masks.
            let (outer, col) = (&indices[..n - 1], indices[n - 1]);
            let row = a.flatten(ctx, outer, &l.shape[..n - 1])?;
            let shift = |x: u32| i64::from(x.trailing_zeros());
            let row = if per_phase > 1 { a.binary_const(ctx, ShRUIOp::state, row, shift(per_phase)) } else { row };
            let phase = a.binary_const(ctx, AndIOp::state, row, i64::from(max_phase) - 1);
            let unit = if vec > 1 { a.binary_const(ctx, ShRUIOp::state, col, shift(vec)) } else { col };
            let swizzled = a.binary(ctx, XOrIOp::state, unit, phase);
            let last = if vec > 1 {
                let high = a.binary_const(ctx, MulIOp::state, swizzled, i64::from(vec));
                let low = a.binary_const(ctx, AndIOp::state, col, i64::from(vec) - 1);
                a.binary(ctx, AddIOp::state, high, low)
            } else {
                swizzled
            };
            let mut r = outer.to_vec();
            r.push(last);
            r
        }
        SharedLayout::Swizzle { bits, base, shift } => {
            // CuTe's formula as written; `check` bounds B + M + S, so the mask is an index
            // constant (an unverified one is refused, not shifted out of range).
            if u64::from(bits) + u64::from(base) + u64::from(shift) > 62 {
                return None;
            }
            let e = a.flatten(ctx, indices, &l.shape)?;
            let mask = ((1i64 << bits) - 1) << (base + shift);
            let source = a.binary_const(ctx, AndIOp::state, e, mask);
            let moved = a.binary_const(ctx, ShRUIOp::state, source, i64::from(shift));
            let p = a.binary(ctx, XOrIOp::state, e, moved);
            a.unflatten(ctx, p, &l.shape)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::physical_map;
    use sharc_ir::affine::{AffineExpr, AffineMap};
    use sharc_machine::layout::SharedLayout;

    /// The composed maps index the physical shape at `physical_offset`, for every element.
    #[test]
    fn affine_layouts_agree_with_the_machine_model() {
        let cases = [(SharedLayout::Transposed, vec![3, 4, 5]), (SharedLayout::Soa { fields: 3 }, vec![4, 6])];
        for (layout, shape) in cases {
            let n = shape.len() as u32;
            let identity = AffineMap::new(n, 0, (0..n).map(AffineExpr::dim).collect()).expect("identity");
            let map = physical_map(layout, &shape, &identity).expect("affine layout");
            let physical = layout.physical_shape(&shape);
            let total: i64 = shape.iter().product();
            for e in 0..total {
                let mut idx = vec![0; shape.len()];
                let mut rest = e;
                for k in (0..shape.len()).rev() {
                    idx[k] = rest % shape[k];
                    rest /= shape[k];
                }
                let at = map.eval(&idx, &[]).expect("evaluates");
                let flat = at.iter().zip(&physical).fold(0, |acc, (&i, &d)| acc * d + i);
                assert_eq!(flat as u64, layout.physical_offset(&shape, e as u64), "{layout} element {e}");
            }
        }
    }
}
