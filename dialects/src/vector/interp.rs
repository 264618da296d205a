//! `sharc-run` semantics of the vector ops.
//!
//! A vector value is its lanes' memory image (`sharc_sim::Val::Vector`, at most 8 bytes): a
//! `vector.load` copies the bytes of adjacent elements as **one** access of `lanes × element`
//! bytes (so a warp's vector load is one request, its sectors and banks costed at that width,
//! and the race checker sees every byte), `vector.store` writes them back, and
//! `vector.extract`/`vector.from_elements` decode and encode single lanes exactly as a scalar
//! load and store of the element would. Only 1-d vectors execute.

use super::ops::*;
use sharc_ir::syntax::printer::type_to_string;
use sharc_ir::{Diagnostic, OpId, Type};
use sharc_sim::memory::MAX_RANK;
use sharc_sim::value::MAX_VECTOR_BYTES;
use sharc_sim::{Prep, Scalar, Semantics, Trap, Val};

/// A 1-d vector type the simulator holds: its lane count and element type.
#[derive(Clone, Copy)]
struct Shape {
    lanes: usize,
    elem: Scalar,
}

fn shape_of(p: &Prep<'_>, op: OpId, ty: Type) -> Result<Shape, Diagnostic> {
    let ctx = p.ctx();
    let bad = || p.error(op, format!("cannot execute values of type {}", type_to_string(ctx, ty)));
    let (shape, elem) = vector_shape(ctx, ty).ok_or_else(bad)?;
    let elem = Scalar::of(ctx, elem).ok_or_else(bad)?;
    match *shape {
        [n] if n > 0 && n as usize * elem.bytes() <= MAX_VECTOR_BYTES => Ok(Shape { lanes: n as usize, elem }),
        _ => Err(p.error(
            op,
            format!(
                "cannot execute values of type {} (sharc-run holds 1-d vectors of up to {MAX_VECTOR_BYTES} bytes)",
                type_to_string(ctx, ty)
            ),
        )),
    }
}

fn indices(v: &[Val]) -> Result<([i64; MAX_RANK], usize), Trap> {
    if v.len() > MAX_RANK {
        return Err(Trap::new(format!("memrefs of rank above {MAX_RANK} are not supported")));
    }
    let mut idx = [0i64; MAX_RANK];
    for (d, x) in idx.iter_mut().zip(v) {
        *d = x.i();
    }
    Ok((idx, v.len()))
}

fn prepare_load(p: &mut Prep<'_>, op: OpId) -> Result<Shape, Diagnostic> {
    let ctx = p.ctx();
    let r = ctx.results(op).first().copied().ok_or_else(|| p.error(op, "vector.load without a result"))?;
    shape_of(p, op, ctx.value_type(r))
}

fn prepare_store(p: &mut Prep<'_>, op: OpId) -> Result<Shape, Diagnostic> {
    let ctx = p.ctx();
    let v = ctx.operands(op).first().copied().ok_or_else(|| p.error(op, "vector.store without a value"))?;
    shape_of(p, op, ctx.value_type(v))
}

/// The lane and element of a `vector.extract`.
fn prepare_extract(p: &mut Prep<'_>, op: OpId) -> Result<(usize, Scalar), Diagnostic> {
    let ctx = p.ctx();
    let x = ExtractOp::view(ctx, op).ok_or_else(|| p.error(op, "malformed vector.extract"))?;
    let s = shape_of(p, op, ctx.value_type(x.vector(ctx)))?;
    match *x.position(ctx) {
        [k] if k >= 0 && (k as usize) < s.lanes => Ok((k as usize, s.elem)),
        _ => Err(p.error(op, "vector.extract of a poison or out-of-range lane cannot execute")),
    }
}

fn prepare_from_elements(p: &mut Prep<'_>, op: OpId) -> Result<Shape, Diagnostic> {
    let ctx = p.ctx();
    let r = ctx.results(op).first().copied().ok_or_else(|| p.error(op, "vector.from_elements without a result"))?;
    shape_of(p, op, ctx.value_type(r))
}

pub(crate) fn register(s: &mut Semantics) {
    s.lane(&LOAD, prepare_load, |cx, sh: &Shape, v| {
        let (idx, n) = indices(&v[1..])?;
        cx.load_vector(v[0], &idx[..n], sh.lanes)
    });
    s.lane(&STORE, prepare_store, |cx, sh: &Shape, v| {
        let (idx, n) = indices(&v[2..])?;
        cx.store_vector(v[1], &idx[..n], sh.lanes, v[0]).map(|_| Val::Undef)
    });
    s.lane(&EXTRACT, prepare_extract, |_, &(k, elem): &(usize, Scalar), v| {
        let Val::Vector(bits) = v[0] else { return Err(Trap::new("vector.extract of a value that is not a vector")) };
        let e = elem.bytes();
        Ok(elem.decode(&bits.to_le_bytes()[k * e..(k + 1) * e]))
    });
    s.lane(&FROM_ELEMENTS, prepare_from_elements, |_, sh: &Shape, v| {
        let e = sh.elem.bytes();
        let mut raw = [0u8; 8];
        for (k, &x) in v.iter().enumerate().take(sh.lanes) {
            sh.elem.encode(x, &mut raw[k * e..(k + 1) * e]);
        }
        Ok(Val::Vector(u64::from_le_bytes(raw)))
    });
}
