//! memref ops inside a kernel: element access, `dim`, stack and workgroup allocation, views.
//!
//! A memref value is a register descriptor ([`MemRef`]): element `[i0, ..., in]` is at
//! `ptr + Σ ik · stride_k` elements. Kernel arguments have identity layouts (the ABI), but views
//! (`memref.subview`, `memref.reinterpret_cast`, `memref.cast`) may produce any strided layout,
//! which the descriptor holds.

use crate::lower::{internal, FnLowering, Lowered, MemRef, Res};
use crate::types::{memref_shape, scalar_type, MemRefShape, Space};
use inkwell::types::BasicType;
use inkwell::values::{BasicValue, IntValue, PointerValue};
use sharc_dialects::memref::layout::rank_reduction_mask;
use sharc_dialects::memref::{
    AllocOp, CastOp, DimOp, GetGlobalOp, LoadOp, OpFoldResult, ReinterpretCastOp, StoreOp, SubViewOp,
};
use sharc_ir::types::DYNAMIC;
use sharc_ir::{OpId, Value};

pub(super) fn lower(l: &mut FnLowering<'_, '_>, op: OpId) -> Res<bool> {
    let ctx = l.ctx;
    if let Some(ld) = LoadOp::view(ctx, op) {
        let m = l.memref(op, ld.memref(ctx))?;
        let addr = checked_address(l, op, &m, ld.indices(ctx))?;
        let v = l.b.build_load(m.elem, addr, "").map_err(internal)?;
        set_alignment(l, op, v.as_instruction_value(), &m)?;
        host_unordered(l, op, v.as_instruction_value(), &m)?;
        l.bind_scalar(ld.result(ctx), v);
        return Ok(true);
    }
    if let Some(st) = StoreOp::view(ctx, op) {
        let m = l.memref(op, st.memref(ctx))?;
        let addr = checked_address(l, op, &m, st.indices(ctx))?;
        let v = l.scalar(op, st.value(ctx))?;
        let s = l.b.build_store(addr, v).map_err(internal)?;
        set_alignment(l, op, Some(s), &m)?;
        host_unordered(l, op, Some(s), &m)?;
        return Ok(true);
    }
    if let Some(d) = DimOp::view(ctx, op) {
        let m = l.memref(op, d.source(ctx))?;
        let index = l.int(op, d.index(ctx))?;
        // A constant index picks the size; otherwise a select chain (an out-of-range index is
        // undefined in MLIR; here it gives the last size).
        let mut v = *m.sizes.last().ok_or_else(|| l.err(op, "memref.dim of a rank-0 memref"))?;
        for (k, &s) in m.sizes.iter().enumerate().rev().skip(1) {
            let is_k =
                l.b.build_int_compare(inkwell::IntPredicate::EQ, index, l.i64_const(k as i64), "").map_err(internal)?;
            v = l.b.build_select(is_k, s, v, "").map_err(internal)?.into_int_value();
        }
        l.bind_scalar(ctx.result(op, 0), v);
        return Ok(true);
    }
    if let Some(a) = AllocOp::view(ctx, op) {
        if !a.is_stack(ctx) {
            return Err(l.err(op, "memref.alloc inside a kernel is not supported (allocate on the host)"));
        }
        let ty = ctx.value_type(a.result(ctx));
        let shape = memref_shape(ctx, ty).map_err(|e| l.err(op, e))?;
        let m = match shape.space {
            Space::Workgroup => {
                let name = format!("{}_alloca_{}", l.kernel_name, l.workgroup_count);
                l.workgroup_count += 1;
                workgroup_buffer(l, op, &shape, &name)?
            }
            Space::Global | Space::Private => private_buffer(l, op, &shape, "alloca")?,
        };
        l.bind(a.result(ctx), Lowered::MemRef(m));
        return Ok(true);
    }
    if let Some(g) = GetGlobalOp::view(ctx, op) {
        let m = get_global(l, op, g)?;
        l.bind(ctx.result(op, 0), Lowered::MemRef(m));
        return Ok(true);
    }
    if let Some(c) = CastOp::view(ctx, op) {
        let m = l.memref(op, c.source(ctx))?;
        l.bind(ctx.result(op, 0), Lowered::MemRef(m));
        return Ok(true);
    }
    if let Some(r) = ReinterpretCastOp::view(ctx, op) {
        let m = reinterpret_cast(l, op, r)?;
        l.bind(ctx.result(op, 0), Lowered::MemRef(m));
        return Ok(true);
    }
    if let Some(s) = SubViewOp::view(ctx, op) {
        let m = subview(l, op, s)?;
        l.bind(ctx.result(op, 0), Lowered::MemRef(m));
        return Ok(true);
    }
    Ok(false)
}

/// The descriptor of a buffer of static `shape` at `ptr`, in row-major order.
pub(crate) fn identity_desc<'c>(
    l: &FnLowering<'_, 'c>,
    op: OpId,
    shape: &MemRefShape,
    ptr: PointerValue<'c>,
    dynamic: &mut dyn Iterator<Item = IntValue<'c>>,
) -> Res<MemRef<'c>> {
    let elem = scalar_type(l.llcx, l.ctx, shape.elem).ok_or_else(|| l.err(op, "unsupported memref element type"))?;
    let mut sizes = Vec::with_capacity(shape.shape.len());
    for &d in &shape.shape {
        sizes.push(match d {
            DYNAMIC => dynamic.next().ok_or_else(|| l.err(op, "internal error: missing dynamic size"))?,
            d => l.i64_const(d),
        });
    }
    let mut strides = vec![l.i64_const(1); sizes.len()];
    for k in (0..sizes.len().saturating_sub(1)).rev() {
        strides[k] = match (shape.shape[k + 1], strides[k + 1].get_sign_extended_constant()) {
            (d, Some(s)) if d != DYNAMIC => l.i64_const(d.saturating_mul(s)),
            _ => l.b.build_int_mul(sizes[k + 1], strides[k + 1], "").map_err(internal)?,
        };
    }
    Ok(MemRef { ptr, elem, sizes, strides })
}

/// The bytes of a static buffer of `len` elements of `shape`'s element type (8 per element
/// for a type the simulator does not know, an upper bound: the widest scalar).
fn buffer_bytes(l: &FnLowering<'_, '_>, shape: &MemRefShape, len: u32) -> u64 {
    let elem = sharc_sim::Scalar::of(l.ctx, shape.elem).map_or(8, |s| s.bytes() as u64);
    u64::from(len) * elem
}

/// A per-thread buffer: an entry-block alloca.
pub(crate) fn private_buffer<'c>(l: &FnLowering<'_, 'c>, op: OpId, shape: &MemRefShape, name: &str) -> Res<MemRef<'c>> {
    let len = shape.static_len().ok_or_else(|| l.err(op, "a stack buffer in a kernel must have a static shape"))?;
    let elem = scalar_type(l.llcx, l.ctx, shape.elem).ok_or_else(|| l.err(op, "unsupported memref element type"))?;
    let len = u32::try_from(len).map_err(|_| l.err(op, "stack buffer too large"))?;
    l.private_bytes.set(l.private_bytes.get().saturating_add(buffer_bytes(l, shape, len)));
    let ptr = l.entry_alloca(elem.array_type(len), name)?;
    identity_desc(l, op, shape, ptr, &mut std::iter::empty())
}

/// A buffer shared by the threads of a block: a module global in the architecture's workgroup
/// address space (see `crate::arch`).
pub(crate) fn workgroup_buffer<'c>(
    l: &FnLowering<'_, 'c>,
    op: OpId,
    shape: &MemRefShape,
    name: &str,
) -> Res<MemRef<'c>> {
    let len = shape.static_len().ok_or_else(|| l.err(op, "workgroup memory must have a static shape"))?;
    let elem = scalar_type(l.llcx, l.ctx, shape.elem).ok_or_else(|| l.err(op, "unsupported memref element type"))?;
    let len = u32::try_from(len).map_err(|_| l.err(op, "workgroup buffer too large"))?;
    l.workgroup_bytes.set(l.workgroup_bytes.get().saturating_add(buffer_bytes(l, shape, len)));
    let ptr = l.arch().workgroup_global(l, elem.array_type(len), name);
    identity_desc(l, op, shape, ptr, &mut std::iter::empty())
}

/// The address of the element at `indices`; on the host, bounds-checked: an index outside its
/// dimension is reported through `host_check`, and the access goes to a scratch sink instead,
/// so a wrong kernel cannot corrupt the process that runs it.
pub(crate) fn checked_address<'c>(
    l: &mut FnLowering<'_, 'c>,
    op: OpId,
    m: &MemRef<'c>,
    indices: &[Value],
) -> Res<PointerValue<'c>> {
    let addr = address(l, op, m, indices)?;
    if l.target.arch != crate::target::Arch::Host {
        return Ok(addr);
    }
    let mut ok = l.llcx.bool_type().const_all_ones();
    for (&i, &size) in indices.iter().zip(&m.sizes) {
        // Unsigned `<` also rejects negative indices.
        let inside = l.b.build_int_compare(inkwell::IntPredicate::ULT, l.int(op, i)?, size, "").map_err(internal)?;
        ok = l.b.build_and(ok, inside, "").map_err(internal)?;
    }
    l.host_check(op, ok, "out-of-bounds access")?;
    let sink = oob_sink(l);
    Ok(l.b.build_select(ok, addr, sink, "").map_err(internal)?.into_pointer_value())
}

/// On the host, where a failed bounds check sends the access instead (16 bytes, enough for the
/// widest scalar and for the vectors the code generator accepts up to 16 bytes).
pub(crate) fn oob_sink<'c>(l: &FnLowering<'_, 'c>) -> PointerValue<'c> {
    let sink = match l.module.get_global("__sharc_oob_sink") {
        Some(g) => g,
        None => {
            let ty = l.llcx.i64_type().array_type(2);
            let g = l.module.add_global(ty, None, "__sharc_oob_sink");
            g.set_linkage(inkwell::module::Linkage::Internal);
            g.set_initializer(&ty.const_zero());
            g.set_alignment(16);
            g
        }
    };
    sink.as_pointer_value()
}

/// The address of the element at `indices`.
fn address<'c>(l: &FnLowering<'_, 'c>, op: OpId, m: &MemRef<'c>, indices: &[Value]) -> Res<PointerValue<'c>> {
    if indices.len() != m.sizes.len() {
        return Err(l.err(op, "index count does not match the memref's rank"));
    }
    let mut linear: Option<IntValue<'c>> = None;
    for (&i, &stride) in indices.iter().zip(&m.strides) {
        let i = l.int(op, i)?;
        let term = match stride.get_sign_extended_constant() {
            Some(1) => i,
            _ => l.b.build_int_mul(i, stride, "").map_err(internal)?,
        };
        linear = Some(match linear {
            None => term,
            Some(acc) => l.b.build_int_add(acc, term, "").map_err(internal)?,
        });
    }
    let linear = linear.unwrap_or_else(|| l.i64_const(0));
    crate::llvm_ext::element_ptr(&l.b, m.elem, m.ptr, linear, "").map_err(internal)
}

/// Element-size alignment on a load or store: every buffer is at least element-aligned (kernel
/// arguments by the ABI, allocas and globals by construction).
fn set_alignment(
    l: &FnLowering<'_, '_>,
    op: OpId,
    inst: Option<inkwell::values::InstructionValue<'_>>,
    m: &MemRef<'_>,
) -> Res<()> {
    if let Some(i) = inst {
        i.set_alignment(elem_bytes(m.elem)).map_err(|e| l.err(op, format!("internal error: {e}")))?;
    }
    Ok(())
}

/// On the host, an element access is an `unordered` atomic, so that a data race of the IR (two
/// threads of a block touching one element with no barrier between, which the simulator
/// reports) is defined behaviour of the generated code: each load returns the value of some
/// store to the element, never a torn or `undef` value (LLVM's plain accesses give `undef` to a
/// racing load, and a bounds check branching on it would be undefined). On x86-64 and AArch64
/// these are the same instructions as plain ones. Types LLVM cannot make atomic (integers whose
/// width is not 8, 16, 32 or 64 bits, such as `i1`) stay plain.
fn host_unordered(
    l: &FnLowering<'_, '_>,
    op: OpId,
    inst: Option<inkwell::values::InstructionValue<'_>>,
    m: &MemRef<'_>,
) -> Res<()> {
    let atomic_width = match m.elem {
        inkwell::types::BasicTypeEnum::IntType(i) => matches!(i.get_bit_width(), 8 | 16 | 32 | 64),
        inkwell::types::BasicTypeEnum::FloatType(_) => true,
        _ => false,
    };
    if let Some(i) = inst.filter(|_| l.target.arch == crate::target::Arch::Host && atomic_width) {
        i.set_atomic_ordering(inkwell::AtomicOrdering::Unordered)
            .map_err(|e| l.err(op, format!("internal error: {e}")))?;
    }
    Ok(())
}

/// The store size of a scalar type, rounded up to a power of two.
pub(crate) fn elem_bytes(t: inkwell::types::BasicTypeEnum<'_>) -> u32 {
    let bits = match t {
        inkwell::types::BasicTypeEnum::IntType(i) => i.get_bit_width(),
        inkwell::types::BasicTypeEnum::FloatType(f) => {
            let ctx = f.get_context();
            if f == ctx.f64_type() {
                64
            } else if f == ctx.f32_type() {
                32
            } else {
                16
            }
        }
        _ => 8,
    };
    bits.div_ceil(8).next_power_of_two()
}

fn subview<'c>(l: &FnLowering<'_, 'c>, op: OpId, s: SubViewOp) -> Res<MemRef<'c>> {
    let ctx = l.ctx;
    let src = l.memref(op, s.source(ctx))?;
    let value = |f: OpFoldResult| -> Res<IntValue<'c>> {
        match f {
            OpFoldResult::Static(v) => Ok(l.i64_const(v)),
            OpFoldResult::Dynamic(v) => l.int(op, v),
        }
    };
    let (offsets, sizes, strides) = (s.mixed_offsets(ctx), s.mixed_sizes(ctx), s.mixed_strides(ctx));
    if offsets.len() != src.sizes.len() || sizes.len() != src.sizes.len() || strides.len() != src.sizes.len() {
        return Err(l.err(op, "subview offsets, sizes and strides must match the source rank"));
    }
    let mut start = l.i64_const(0);
    let mut new_sizes = Vec::new();
    let mut new_strides = Vec::new();
    for k in 0..src.sizes.len() {
        let off = l.b.build_int_mul(value(offsets[k])?, src.strides[k], "").map_err(internal)?;
        start = l.b.build_int_add(start, off, "").map_err(internal)?;
        new_sizes.push(value(sizes[k])?);
        new_strides.push(l.b.build_int_mul(value(strides[k])?, src.strides[k], "").map_err(internal)?);
    }
    let ptr = crate::llvm_ext::element_ptr(&l.b, src.elem, src.ptr, start, "").map_err(internal)?;
    // A rank-reducing subview drops unit dimensions of the result.
    let result = memref_shape(ctx, ctx.value_type(ctx.result(op, 0))).map_err(|e| l.err(op, e))?;
    let static_sizes: Vec<i64> =
        sizes.iter().map(|f| if let OpFoldResult::Static(v) = f { *v } else { DYNAMIC }).collect();
    let dropped = rank_reduction_mask(&static_sizes, &result.shape)
        .ok_or_else(|| l.err(op, "cannot match the subview's result shape to its sizes"))?;
    let keep = |v: Vec<IntValue<'c>>| v.into_iter().zip(&dropped).filter(|(_, &d)| !d).map(|(x, _)| x).collect();
    Ok(MemRef { ptr, elem: src.elem, sizes: keep(new_sizes), strides: keep(new_strides) })
}

/// The descriptor's pointer is the source's element 0 (it holds no separate base pointer), so the
/// offset, which MLIR counts from the buffer's base, is taken from it: exact when the source's
/// type says its offset is 0 (arguments, allocations), refused otherwise.
fn reinterpret_cast<'c>(l: &FnLowering<'_, 'c>, op: OpId, r: ReinterpretCastOp) -> Res<MemRef<'c>> {
    let ctx = l.ctx;
    let src_ty = ctx.value_type(r.source(ctx));
    if sharc_dialects::memref::layout::strides_and_offset(ctx, src_ty).map(|(_, o)| o) != Some(0) {
        return Err(l.err(op, "memref.reinterpret_cast of a view whose offset is not 0 is not supported"));
    }
    let src = l.memref(op, r.source(ctx))?;
    let value = |f: OpFoldResult| -> Res<IntValue<'c>> {
        match f {
            OpFoldResult::Static(v) => Ok(l.i64_const(v)),
            OpFoldResult::Dynamic(v) => l.int(op, v),
        }
    };
    let offset = match r.mixed_offsets(ctx).as_slice() {
        [o] => value(*o)?,
        _ => return Err(l.err(op, "memref.reinterpret_cast takes one offset")),
    };
    let sizes = r.mixed_sizes(ctx).into_iter().map(value).collect::<Res<Vec<_>>>()?;
    let strides = r.mixed_strides(ctx).into_iter().map(value).collect::<Res<Vec<_>>>()?;
    let ptr = crate::llvm_ext::element_ptr(&l.b, src.elem, src.ptr, offset, "").map_err(internal)?;
    Ok(MemRef { ptr, elem: src.elem, sizes, strides })
}

/// `memref.get_global` of an uninitialised workgroup-space `memref.global` in the kernel's
/// `gpu.module`: statically allocated shared memory, one LLVM global per `memref.global`.
fn get_global<'c>(l: &FnLowering<'_, 'c>, op: OpId, g: GetGlobalOp) -> Res<MemRef<'c>> {
    let ctx = l.ctx;
    let global = g.global(ctx).ok_or_else(|| l.err(op, "cannot find the memref.global"))?;
    let ty = global.ty(ctx).ok_or_else(|| l.err(op, "memref.global without a type"))?;
    let shape = memref_shape(ctx, ty).map_err(|e| l.err(op, e))?;
    if shape.space != Space::Workgroup || !global.is_uninitialized(ctx) {
        return Err(
            l.err(op, "only uninitialised memref.globals in the workgroup address space can be used in a kernel")
        );
    }
    let name = format!("{}_global", global.sym_name(ctx).unwrap_or("workgroup"));
    match l.module.get_global(&name) {
        Some(existing) => identity_desc(l, op, &shape, existing.as_pointer_value(), &mut std::iter::empty()),
        None => workgroup_buffer(l, op, &shape, &name),
    }
}
