//! vector ops inside a kernel and on the host: `vector.load`/`vector.store` of 1-d vectors as
//! one LLVM vector load/store (`<2 x float>`) with the op's `alignment` (what lets NVPTX form
//! `ld.global.v2.f32` and AMDGPU `global_load_dwordx2`; without it the access is only
//! element-aligned and the backends split it), `vector.extract` as `extractelement` and
//! `vector.from_elements` as a chain of `insertelement`.

use super::memref::{checked_address, elem_bytes, oob_sink};
use crate::lower::{internal, FnLowering, Res};
use inkwell::types::{BasicTypeEnum, VectorType};
use inkwell::values::{BasicValue, BasicValueEnum, InstructionValue, IntValue};
use sharc_dialects::vector::{ExtractOp, FromElementsOp, LoadOp, StoreOp};
use sharc_ir::types::TypeKind;
use sharc_ir::{OpId, Type, Value};

pub(super) fn lower(l: &mut FnLowering<'_, '_>, op: OpId) -> Res<bool> {
    let ctx = l.ctx;
    if let Some(ld) = LoadOp::view(ctx, op) {
        let (vty, lanes) = vector_type(l, op, ctx.value_type(ld.result(ctx)))?;
        let m = l.memref(op, ld.memref(ctx))?;
        let addr = vector_address(l, op, &m, ld.indices(ctx), lanes, vty)?;
        let v = l.b.build_load(vty, addr, "").map_err(internal)?;
        set_alignment(l, op, v.as_instruction_value(), ld.alignment(ctx), m.elem)?;
        l.bind_scalar(ld.result(ctx), v);
        return Ok(true);
    }
    if let Some(st) = StoreOp::view(ctx, op) {
        let (vty, lanes) = vector_type(l, op, ctx.value_type(st.value(ctx)))?;
        let m = l.memref(op, st.memref(ctx))?;
        let addr = vector_address(l, op, &m, st.indices(ctx), lanes, vty)?;
        let v = l.scalar(op, st.value(ctx))?;
        let s = l.b.build_store(addr, v).map_err(internal)?;
        set_alignment(l, op, Some(s), st.alignment(ctx), m.elem)?;
        return Ok(true);
    }
    if let Some(x) = ExtractOp::view(ctx, op) {
        let v = vector_operand(l, op, x.vector(ctx))?;
        let [k] = *x.position(ctx) else { return Err(l.err(op, "vector.extract needs one static position")) };
        let e = l.b.build_extract_element(v, l.i64_const(k), "").map_err(internal)?;
        l.bind_scalar(ctx.result(op, 0), e);
        return Ok(true);
    }
    if let Some(f) = FromElementsOp::view(ctx, op) {
        let r = ctx.result(op, 0);
        let (vty, _) = vector_type(l, op, ctx.value_type(r))?;
        let mut v = vty.get_poison();
        for (k, &e) in f.elements(ctx).iter().enumerate() {
            let e = l.scalar(op, e)?;
            v = l.b.build_insert_element(v, e, l.i64_const(k as i64), "").map_err(internal)?;
        }
        l.bind_scalar(r, v);
        return Ok(true);
    }
    Ok(false)
}

/// The LLVM type of a 1-d vector type and its lane count.
fn vector_type<'c>(l: &FnLowering<'_, 'c>, op: OpId, ty: Type) -> Res<(VectorType<'c>, i64)> {
    let bad = || l.err(op, "code generation supports 1-d vectors of integers and floats only");
    let TypeKind::Vector { shape, scalable, elem } = l.ctx.type_kind(ty) else { return Err(bad()) };
    let ([n], [false]) = (shape.as_slice(), scalable.as_slice()) else { return Err(bad()) };
    let lanes = u32::try_from(*n).ok().filter(|&n| n > 0).ok_or_else(bad)?;
    let v = match crate::types::scalar_type(l.llcx, l.ctx, *elem).ok_or_else(bad)? {
        BasicTypeEnum::FloatType(f) => f.vec_type(lanes),
        BasicTypeEnum::IntType(i) => i.vec_type(lanes),
        _ => return Err(bad()),
    };
    Ok((v, *n))
}

fn vector_operand<'c>(l: &FnLowering<'_, 'c>, op: OpId, v: Value) -> Res<inkwell::values::VectorValue<'c>> {
    match l.scalar(op, v)? {
        BasicValueEnum::VectorValue(v) => Ok(v),
        _ => Err(l.err(op, "expected a vector operand")),
    }
}

/// The op's `alignment`, else the element's: LLVM assumes nothing more than it is told.
fn set_alignment(
    l: &FnLowering<'_, '_>,
    op: OpId,
    inst: Option<InstructionValue<'_>>,
    alignment: Option<i64>,
    elem: BasicTypeEnum<'_>,
) -> Res<()> {
    let align = alignment.and_then(|a| u32::try_from(a).ok()).unwrap_or_else(|| elem_bytes(elem));
    if let Some(i) = inst {
        i.set_alignment(align).map_err(|e| l.err(op, format!("internal error: {e}")))?;
    }
    Ok(())
}

/// The address of the first element. On the host, `checked_address` checks the first element;
/// the other lanes must be inside the innermost dimension too, and adjacent (unit innermost
/// stride), as the simulator requires, or the access goes to the sink (the launch then reports
/// the failed check). Vector accesses stay plain rather than `unordered` atomics as scalar ones
/// are on the host: the generated checks never branch on a loaded vector.
fn vector_address<'c>(
    l: &mut FnLowering<'_, 'c>,
    op: OpId,
    m: &crate::lower::MemRef<'c>,
    indices: &[Value],
    lanes: i64,
    vty: VectorType<'c>,
) -> Res<inkwell::values::PointerValue<'c>> {
    let addr = checked_address(l, op, m, indices)?;
    if l.target.arch != crate::target::Arch::Host {
        return Ok(addr);
    }
    let (Some(&last), Some(&size), Some(&stride)) = (indices.last(), m.sizes.last(), m.strides.last()) else {
        return Err(l.err(op, "a vector access needs a memref of rank 1 or more"));
    };
    if u64::from(vty.get_size()) * u64::from(elem_bytes(m.elem)) > 16 {
        return Err(l.err(op, "host code supports vectors of at most 16 bytes"));
    }
    let i = l.int(op, last)?;
    let end: IntValue<'c> = l.b.build_int_add(i, l.i64_const(lanes - 1), "").map_err(internal)?;
    let inside = l.b.build_int_compare(inkwell::IntPredicate::ULT, end, size, "").map_err(internal)?;
    let unit = l.b.build_int_compare(inkwell::IntPredicate::EQ, stride, l.i64_const(1), "").map_err(internal)?;
    let ok = l.b.build_and(inside, unit, "").map_err(internal)?;
    l.host_check(op, ok, "out-of-bounds access")?;
    let sink = oob_sink(l);
    Ok(l.b.build_select(ok, addr, sink, "").map_err(internal)?.into_pointer_value())
}
