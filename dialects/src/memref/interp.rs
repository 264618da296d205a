//! `sharc-run` semantics of the memref ops.
//!
//! A memref value is a strided descriptor over a buffer (see `sharc_sim::memory`): `subview`,
//! `reinterpret_cast` and `cast` make new descriptors over the same buffer, `load`/`store` are bounds-checked
//! per dimension and reported to the listeners as element accesses. Allocations in the
//! workgroup memory space inside a kernel are one buffer per thread block; `alloca` inside a
//! kernel is private to the thread. Layouts must be strided (identity layouts for allocations).

use super::layout::{rank_reduction_mask, strides_and_offset};
use super::ops::*;
use crate::gpu::AddressSpace;
use sharc_ir::attrs::{AttrKind, DenseData};
use sharc_ir::syntax::printer::type_to_string;
use sharc_ir::types::DYNAMIC;
use sharc_ir::{Diagnostic, OpId, Type};
use sharc_sim::memory::{Space, MAX_RANK};
use sharc_sim::{Exec, Prep, Scalar, Semantics, SimError, Trap, Val};

/// Element type, shape (with [`DYNAMIC`]) and memory space of a ranked memref type.
pub(crate) fn memref_info(p: &Prep<'_>, op: OpId, ty: Type) -> Result<(Scalar, Vec<i64>, Space), Diagnostic> {
    let ctx = p.ctx();
    let Some(parts) = ctx.memref_parts(ty) else {
        return Err(
            p.error(op, format!("cannot execute values of type {} (only ranked memrefs)", type_to_string(ctx, ty)))
        );
    };
    if parts.rank() > MAX_RANK {
        return Err(p.error(op, format!("memrefs of rank above {MAX_RANK} are not supported")));
    }
    let elem = Scalar::of(ctx, parts.elem).ok_or_else(|| {
        p.error(op, format!("cannot execute memrefs of element type {}", type_to_string(ctx, parts.elem)))
    })?;
    let space = match AddressSpace::of_type(ctx, ty) {
        Some(AddressSpace::Workgroup) => Space::Workgroup,
        Some(AddressSpace::Private) => Space::Private,
        Some(AddressSpace::Global) | None => Space::Global,
    };
    Ok((elem, parts.shape.to_vec(), space))
}

/// An allocation: element type, static shape with dynamic dims from operands, space.
struct Alloc {
    elem: Scalar,
    shape: Vec<i64>,
    dynamic: Vec<usize>,
    space: Space,
    stack: bool,
}

fn prepare_alloc(p: &mut Prep<'_>, op: OpId) -> Result<Alloc, Diagnostic> {
    let ctx = p.ctx();
    let a = AllocOp::view(ctx, op).ok_or_else(|| p.error(op, "malformed allocation"))?;
    let ty = ctx.value_type(a.result(ctx));
    let (elem, shape, space) = memref_info(p, op, ty)?;
    if ctx.memref_parts(ty).and_then(|m| m.layout).is_some()
        && strides_and_offset(ctx, ty).is_none_or(|(s, o)| s != super::layout::canonical_strides(&shape) || o != 0)
    {
        return Err(p.error(op, "sharc-run allocates only memrefs with the identity layout"));
    }
    let dynamic = shape.iter().enumerate().filter(|(_, &d)| d == DYNAMIC).map(|(i, _)| i).collect();
    Ok(Alloc { elem, shape, dynamic, space, stack: a.is_stack(ctx) })
}

fn exec_alloc(x: &mut Exec<'_, '_>, a: &Alloc) -> Result<(), SimError> {
    let mut shared: Option<Val> = None;
    let lanes = x.lanes();
    for &lane in lanes {
        let mut shape = a.shape.clone();
        for (k, &d) in a.dynamic.iter().enumerate() {
            shape[d] = x.operand(k, lane).i();
            if shape[d] < 0 {
                return Err(x.trap(lane, format!("negative dynamic size {} for dimension {d}", shape[d])));
            }
        }
        // One shared buffer per thread block: every thread gets the same one.
        let v = match shared {
            Some(v) => v,
            None => {
                let r = x.lane_cx(lane).alloc(a.space, a.stack, a.elem, &shape);
                let v = r.map_err(|t| x.trap(lane, t))?;
                if a.space == Space::Workgroup && x.group().kernel {
                    shared = Some(v);
                }
                v
            }
        };
        x.set_result(0, lane, v);
    }
    Ok(())
}

/// Each value of an offset, size or stride list: static, or the index of its operand among the
/// lane's operands (`next` on, counting up).
fn slots(list: Vec<OpFoldResult>, next: &mut usize) -> Vec<Result<i64, usize>> {
    list.into_iter()
        .map(|x| match x {
            OpFoldResult::Static(v) => Ok(v),
            OpFoldResult::Dynamic(_) => {
                *next += 1;
                Err(*next - 1)
            }
        })
        .collect()
}

/// A subview: each offset, size and stride is static or operand `k` (of the lane's operands).
struct SubView {
    offsets: Vec<Result<i64, usize>>,
    sizes: Vec<Result<i64, usize>>,
    strides: Vec<Result<i64, usize>>,
    dropped: Vec<bool>,
}

fn prepare_subview(p: &mut Prep<'_>, op: OpId) -> Result<SubView, Diagnostic> {
    let ctx = p.ctx();
    let sv = SubViewOp::view(ctx, op).ok_or_else(|| p.error(op, "malformed memref.subview"))?;
    let mut next = 1;
    let mut resolve = |list: Vec<OpFoldResult>| slots(list, &mut next);
    let offsets = resolve(sv.mixed_offsets(ctx));
    let sizes = resolve(sv.mixed_sizes(ctx));
    let strides = resolve(sv.mixed_strides(ctx));
    let result_shape =
        ctx.results(op).first().and_then(|&r| ctx.memref_parts(ctx.value_type(r))).map(|m| m.shape.to_vec());
    let result_shape = result_shape.ok_or_else(|| p.error(op, "memref.subview without a memref result"))?;
    let static_sizes: Vec<i64> = sizes.iter().map(|s| *s.as_ref().unwrap_or(&DYNAMIC)).collect();
    let dropped = rank_reduction_mask(&static_sizes, &result_shape)
        .ok_or_else(|| p.error(op, "cannot tell which dimensions the subview drops"))?;
    Ok(SubView { offsets, sizes, strides, dropped })
}

fn exec_subview(cx: &mut sharc_sim::Lane<'_>, s: &SubView, v: &[Val]) -> Result<Val, Trap> {
    let src = cx.desc(v[0])?;
    let get = |x: &Result<i64, usize>| match x {
        Ok(c) => *c,
        Err(k) => v.get(*k).map_or(0, |v| v.i()),
    };
    let mut d = src;
    d.offset = src.offset;
    let mut rank = 0;
    for k in 0..src.rank as usize {
        let (off, size, stride) = (get(&s.offsets[k]), get(&s.sizes[k]), get(&s.strides[k]));
        let fits = off >= 0
            && size >= 0
            && (size == 0
                || off.checked_add((size - 1).saturating_mul(stride)).is_some_and(|e| e >= 0 && e < src.sizes[k]));
        if !fits {
            return Err(Trap::new(format!(
                "out-of-bounds subview: offset {off}, size {size}, stride {stride} in dimension {k} of size {}",
                src.sizes[k]
            )));
        }
        d.offset = d.offset.wrapping_add(off.wrapping_mul(src.strides[k]));
        if !s.dropped[k] {
            d.sizes[rank] = size;
            d.strides[rank] = src.strides[k].wrapping_mul(stride);
            rank += 1;
        }
    }
    d.rank = rank as u8;
    for k in rank..MAX_RANK {
        d.sizes[k] = 0;
        d.strides[k] = 0;
    }
    Ok(cx.view(d))
}

/// A reinterpret cast: the offset, sizes and strides, each static or operand `k`.
struct Reinterpret {
    offset: Result<i64, usize>,
    sizes: Vec<Result<i64, usize>>,
    strides: Vec<Result<i64, usize>>,
}

fn prepare_reinterpret_cast(p: &mut Prep<'_>, op: OpId) -> Result<Reinterpret, Diagnostic> {
    let ctx = p.ctx();
    let rc = ReinterpretCastOp::view(ctx, op).ok_or_else(|| p.error(op, "malformed memref.reinterpret_cast"))?;
    let mut next = 1;
    let mut resolve = |list: Vec<OpFoldResult>| slots(list, &mut next);
    let offset =
        resolve(rc.mixed_offsets(ctx)).pop().ok_or_else(|| p.error(op, "memref.reinterpret_cast without an offset"))?;
    let sizes = resolve(rc.mixed_sizes(ctx));
    let strides = resolve(rc.mixed_strides(ctx));
    if sizes.len() > MAX_RANK || sizes.len() != strides.len() {
        return Err(p.error(op, format!("memref.reinterpret_cast to rank {} is not supported", sizes.len())));
    }
    Ok(Reinterpret { offset, sizes, strides })
}

/// The view starts at `offset` elements from the buffer's base, not from the source's offset
/// (MLIR's semantics); an element outside the buffer traps when it is accessed, as for any view.
fn exec_reinterpret_cast(cx: &mut sharc_sim::Lane<'_>, r: &Reinterpret, v: &[Val]) -> Result<Val, Trap> {
    let get = |x: &Result<i64, usize>| match x {
        Ok(c) => *c,
        Err(k) => v.get(*k).map_or(0, |v| v.i()),
    };
    let mut d = cx.desc(v[0])?;
    d.offset = get(&r.offset);
    d.rank = r.sizes.len() as u8;
    for k in 0..MAX_RANK {
        let (size, stride) = match (r.sizes.get(k), r.strides.get(k)) {
            (Some(s), Some(t)) => (get(s), get(t)),
            _ => (0, 0),
        };
        if size < 0 {
            return Err(Trap::new(format!("memref.reinterpret_cast with negative size {size} in dimension {k}")));
        }
        d.sizes[k] = size;
        d.strides[k] = stride;
    }
    Ok(cx.view(d))
}

/// The static shape a cast's result promises.
fn prepare_cast(p: &mut Prep<'_>, op: OpId) -> Result<Vec<i64>, Diagnostic> {
    let ctx = p.ctx();
    let r = ctx.results(op).first().copied().ok_or_else(|| p.error(op, "memref.cast without a result"))?;
    Ok(memref_info(p, op, ctx.value_type(r))?.1)
}

/// A global's buffer: key, element type, shape and initial bytes.
struct Global {
    key: OpId,
    space: Space,
    elem: Scalar,
    shape: Vec<i64>,
    init: Vec<u8>,
}

fn prepare_get_global(p: &mut Prep<'_>, op: OpId) -> Result<Global, Diagnostic> {
    let ctx = p.ctx();
    let g =
        GetGlobalOp::view(ctx, op).and_then(|g| g.global(ctx)).ok_or_else(|| p.error(op, "cannot find the global"))?;
    let ty = g.ty(ctx).ok_or_else(|| p.error(op, "the global has no type"))?;
    let (elem, shape, space) = memref_info(p, op, ty)?;
    if g.is_external(ctx) {
        return Err(p.error(op, "cannot read an external global (it has no definition)"));
    }
    let n: i64 = shape.iter().product();
    let mut init = Vec::new();
    if let Some(a) = g.initial_value(ctx) {
        if let AttrKind::DenseElements { data, .. } = ctx.attr_kind(a) {
            let values: Vec<Val> = match data {
                DenseData::Int(v) => v.iter().map(|&x| elem.int(x as i64)).collect(),
                DenseData::Float(v) => v.iter().map(|&b| elem.float(f64::from_bits(b))).collect(),
                DenseData::Bytes(_) => return Err(p.error(op, "cannot execute a global of strings")),
            };
            let splat = values.len() == 1;
            if !splat && values.len() as i64 != n {
                return Err(p.error(op, "the global's initializer does not match its shape"));
            }
            let b = elem.bytes();
            init = vec![0u8; n.max(0) as usize * b];
            for (i, chunk) in init.chunks_mut(b).enumerate() {
                elem.encode(values[if splat { 0 } else { i }], chunk);
            }
        }
    }
    Ok(Global { key: g.0, space, elem, shape, init })
}

pub(crate) fn register(s: &mut Semantics) {
    s.region(&ALLOC, prepare_alloc, exec_alloc);
    s.region(&ALLOCA, prepare_alloc, exec_alloc);
    s.lane0(&DEALLOC, |cx, _, v| {
        match cx.mem().dealloc(v[0]) {
            Ok(()) => Ok(Val::Undef),
            // Every thread of a block may free the block's shared buffer.
            Err(_)
                if cx.group_is_kernel()
                    && cx.desc(v[0]).is_ok_and(|d| cx.mem().buffer(d.buf).space == Space::Workgroup) =>
            {
                Ok(Val::Undef)
            }
            Err(e) => Err(Trap::new(format!("invalid memref.dealloc: {e}"))),
        }
    });
    s.lane0(&LOAD, |cx, _, v| cx.load_at(v[0], &v[1..]));
    s.lane0(&STORE, |cx, _, v| cx.store_at(v[1], &v[2..], v[0]).map(|_| Val::Undef));
    s.lane0(&DIM, |cx, _, v| {
        let d = cx.desc(v[0])?;
        let i = v[1].i();
        usize::try_from(i)
            .ok()
            .and_then(|i| d.sizes().get(i).copied())
            .map(Val::Int)
            .ok_or_else(|| Trap::new(format!("memref.dim index {i} is out of range for rank {}", d.rank)))
    });
    s.lane(&SUBVIEW, prepare_subview, exec_subview);
    s.lane(&REINTERPRET_CAST, prepare_reinterpret_cast, exec_reinterpret_cast);
    s.lane(&CAST, prepare_cast, |cx, shape, v| {
        let d = cx.desc(v[0])?;
        let bad = d.sizes().len() != shape.len()
            || d.sizes().iter().zip(shape).any(|(&have, &want)| want != DYNAMIC && have != want);
        if bad {
            return Err(Trap::new(format!(
                "memref.cast of a memref of shape {:?} to a type of shape {:?}",
                d.sizes(),
                shape
            )));
        }
        Ok(v[0])
    });
    s.lane(&GET_GLOBAL, prepare_get_global, |cx, g, _| cx.global(g.key, g.space, g.elem, &g.shape, &g.init));
}
