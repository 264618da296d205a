//! arith ops on scalars: LLVM's integer and float instructions.
//!
//! Where arith leaves a result undefined and the simulator defines one, the lowering follows the
//! simulator, so that host execution and `sharc-run` agree on every defined program and on these
//! edge cases too: a shift by the bit width or more gives 0 (`shrsi`: the sign fill) instead of
//! poison, and `fptosi`/`fptoui` saturate (NaN gives 0), which is `llvm.fpto[su]i.sat`.

use crate::lower::{internal, FnLowering, Res};
use crate::types::scalar_type;
use inkwell::intrinsics::Intrinsic;
use inkwell::types::BasicTypeEnum;
use inkwell::values::{BasicValueEnum, FloatValue, IntValue};
use inkwell::{FloatPredicate, IntPredicate};
use sharc_dialects::arith::flags::{CmpFPredicate, CmpIPredicate};
use sharc_dialects::arith::*;
use sharc_ir::OpId;

/// The LLVM type of `op`'s (single) result, which must be a scalar.
pub(super) fn result_type<'c>(l: &FnLowering<'_, 'c>, op: OpId) -> Res<BasicTypeEnum<'c>> {
    let ty = l.ctx.result_types(op).first().copied().ok_or_else(|| l.err(op, "expected a result"))?;
    scalar_type(l.llcx, l.ctx, ty).ok_or_else(|| {
        let t = sharc_ir::syntax::printer::type_to_string(l.ctx, ty);
        l.err(op, format!("'{}' on {t} cannot be translated: only scalar types are supported", l.ctx.op_name(op)))
    })
}

/// Operand `i` as a float.
pub(super) fn float<'c>(l: &FnLowering<'_, 'c>, op: OpId, i: usize) -> Res<FloatValue<'c>> {
    match l.scalar(op, l.ctx.operand(op, i))? {
        BasicValueEnum::FloatValue(f) => Ok(f),
        _ => Err(l.err(op, "expected a float operand")),
    }
}

/// Operand `i` as an integer.
fn int<'c>(l: &FnLowering<'_, 'c>, op: OpId, i: usize) -> Res<IntValue<'c>> {
    l.int(op, l.ctx.operand(op, i))
}

/// Calls the overloaded intrinsic `name` on `args`, overloaded on `types`.
pub(super) fn call_intrinsic<'c>(
    l: &FnLowering<'_, 'c>,
    op: OpId,
    name: &str,
    types: &[BasicTypeEnum<'c>],
    args: &[BasicValueEnum<'c>],
) -> Res<BasicValueEnum<'c>> {
    let f = Intrinsic::find(name)
        .and_then(|i| i.get_declaration(l.module, types))
        .ok_or_else(|| l.err(op, format!("internal error: LLVM has no intrinsic {name} for these types")))?;
    let args: Vec<_> = args.iter().map(|a| (*a).into()).collect();
    let call = l.b.build_call(f, &args, "").map_err(internal)?;
    call.try_as_basic_value().basic().ok_or_else(|| l.err(op, format!("internal error: {name} returned no value")))
}

/// `arith.truncf` to bf16 in host code, inline: LLVM lowers it on x86-64 to a runtime call
/// (`__truncsfbf2`, `__truncdfbf2`) that the host's C runtime may lack, and a compiled kernel
/// would then jump to nowhere. From f32 the bits are rounded to nearest even (a NaN stays a NaN,
/// quieted); a wider float first goes to f32 rounding to odd, which keeps the whole conversion
/// one rounding of the exact value (f32 has more than two bits beyond bf16's), as the simulator
/// and the GPU backends round.
fn host_trunc_to_bf16<'c>(l: &FnLowering<'_, 'c>, op: OpId, v: FloatValue<'c>) -> Res<BasicValueEnum<'c>> {
    let (b, cx) = (&l.b, l.llcx);
    let (f32t, i32t) = (cx.f32_type(), cx.i32_type());
    let int = |x: u64| i32t.const_int(x, false);
    let x32 = if v.get_type() == f32t {
        v
    } else {
        let near = b.build_float_trunc(v, f32t, "").map_err(internal)?;
        let back = b.build_float_ext(near, v.get_type(), "").map_err(internal)?;
        let exact = b.build_float_compare(FloatPredicate::OEQ, back, v, "").map_err(internal)?;
        let fabs = |x: FloatValue<'c>| -> Res<FloatValue<'c>> {
            Ok(call_intrinsic(l, op, "llvm.fabs", &[x.get_type().into()], &[x.into()])?.into_float_value())
        };
        // Rounded away from zero: the neighbour toward zero is one unit of the bits below.
        let away = b.build_float_compare(FloatPredicate::OGT, fabs(back)?, fabs(v)?, "").map_err(internal)?;
        let bits = b.build_bit_cast(near, i32t, "").map_err(internal)?.into_int_value();
        let below = b.build_int_sub(bits, int(1), "").map_err(internal)?;
        let toward_zero = b.build_select(away, below, bits, "").map_err(internal)?.into_int_value();
        let odd = b.build_or(toward_zero, int(1), "").map_err(internal)?;
        let bits = b.build_select(exact, bits, odd, "").map_err(internal)?.into_int_value();
        b.build_bit_cast(bits, f32t, "").map_err(internal)?.into_float_value()
    };
    let bits = b.build_bit_cast(x32, i32t, "").map_err(internal)?.into_int_value();
    let high = b.build_right_shift(bits, int(16), false, "").map_err(internal)?;
    let lsb = b.build_and(high, int(1), "").map_err(internal)?;
    let bias = b.build_int_add(int(0x7FFF), lsb, "").map_err(internal)?;
    let rounded = b.build_int_add(bits, bias, "").map_err(internal)?;
    let rounded = b.build_right_shift(rounded, int(16), false, "").map_err(internal)?;
    let quiet = b.build_or(high, int(0x40), "").map_err(internal)?;
    let nan = b.build_float_compare(FloatPredicate::UNO, x32, x32, "").map_err(internal)?;
    let result = b.build_select(nan, quiet, rounded, "").map_err(internal)?.into_int_value();
    let half = b.build_int_truncate(result, cx.i16_type(), "").map_err(internal)?;
    b.build_bit_cast(half, cx.bf16_type(), "").map_err(internal)
}

/// An integer as f64 rounded to odd, for [`host_trunc_to_bf16`] to round once more: exact up
/// to 53 bits; wider, an inexact conversion keeps the odd one of its two f64 neighbours, so the
/// final rounding to bf16 is a single rounding of the integer (`sitofp`/`uitofp` to bf16 would
/// otherwise be a runtime call the host's C runtime may lack).
fn host_int_to_f64_odd<'c>(l: &FnLowering<'_, 'c>, op: OpId, i: IntValue<'c>, signed: bool) -> Res<FloatValue<'c>> {
    let b = &l.b;
    let f64t = l.llcx.f64_type();
    let near =
        if signed { b.build_signed_int_to_float(i, f64t, "") } else { b.build_unsigned_int_to_float(i, f64t, "") }
            .map_err(internal)?;
    if i.get_type().get_bit_width() <= 53 {
        return Ok(near);
    }
    // Back to the integer (saturating: only 2^63 or 2^64 can saturate, and the integers that
    // round there are far from a bf16 tie) to see whether and which way it was rounded.
    let sat = if signed { "llvm.fptosi.sat" } else { "llvm.fptoui.sat" };
    let back = call_intrinsic(l, op, sat, &[i.get_type().into(), f64t.into()], &[near.into()])?.into_int_value();
    let exact = b.build_int_compare(IntPredicate::EQ, back, i, "").map_err(internal)?;
    let (gt, lt) = if signed { (IntPredicate::SGT, IntPredicate::SLT) } else { (IntPredicate::UGT, IntPredicate::ULT) };
    let above = b.build_int_compare(gt, back, i, "").map_err(internal)?;
    let away = if signed {
        // Away from zero: above a positive integer, below a negative one.
        let under = b.build_int_compare(lt, back, i, "").map_err(internal)?;
        let negative = b.build_int_compare(IntPredicate::SLT, i, i.get_type().const_zero(), "").map_err(internal)?;
        b.build_select(negative, under, above, "").map_err(internal)?.into_int_value()
    } else {
        above
    };
    let i64t = l.llcx.i64_type();
    let bits = b.build_bit_cast(near, i64t, "").map_err(internal)?.into_int_value();
    let below = b.build_int_sub(bits, i64t.const_int(1, false), "").map_err(internal)?;
    let toward_zero = b.build_select(away, below, bits, "").map_err(internal)?.into_int_value();
    let odd = b.build_or(toward_zero, i64t.const_int(1, false), "").map_err(internal)?;
    let bits = b.build_select(exact, bits, odd, "").map_err(internal)?.into_int_value();
    Ok(b.build_bit_cast(bits, f64t, "").map_err(internal)?.into_float_value())
}

pub(super) fn lower(l: &mut FnLowering<'_, '_>, op: OpId) -> Res<bool> {
    let Some(spec) = l.ctx.op_spec(op) else { return Ok(false) };
    let v: BasicValueEnum = match spec.name {
        ConstantOp::NAME => constant(l, op)?,
        AddIOp::NAME
        | SubIOp::NAME
        | MulIOp::NAME
        | AndIOp::NAME
        | OrIOp::NAME
        | XOrIOp::NAME
        | DivSIOp::NAME
        | DivUIOp::NAME
        | RemSIOp::NAME
        | RemUIOp::NAME
        | MaxSIOp::NAME
        | MinSIOp::NAME
        | MaxUIOp::NAME
        | MinUIOp::NAME
        | ShLIOp::NAME
        | ShRSIOp::NAME
        | ShRUIOp::NAME
        | CeilDivSIOp::NAME
        | CeilDivUIOp::NAME
        | FloorDivSIOp::NAME => {
            result_type(l, op)?;
            let (a, b) = (int(l, op, 0)?, int(l, op, 1)?);
            let b = checked_divisor(l, op, spec.name, a, b)?;
            int_binary(l, op, spec.name, a, b)?.into()
        }
        AddFOp::NAME
        | SubFOp::NAME
        | MulFOp::NAME
        | DivFOp::NAME
        | RemFOp::NAME
        | MaximumFOp::NAME
        | MinimumFOp::NAME
        | MaxNumFOp::NAME
        | MinNumFOp::NAME => {
            result_type(l, op)?;
            float_binary(l, op, spec.name, float(l, op, 0)?, float(l, op, 1)?)?
        }
        NegFOp::NAME => l.b.build_float_neg(float(l, op, 0)?, "").map_err(internal)?.into(),
        CmpIOp::NAME => cmpi(l, op)?.into(),
        CmpFOp::NAME => cmpf(l, op)?.into(),
        SelectOp::NAME => {
            result_type(l, op)?;
            let c = int(l, op, 0)?;
            let (t, f) = (l.scalar(op, l.ctx.operand(op, 1))?, l.scalar(op, l.ctx.operand(op, 2))?);
            l.b.build_select(c, t, f, "").map_err(internal)?
        }
        _ => match cast(l, op, spec.name)? {
            Some(v) => v,
            None => return Ok(false),
        },
    };
    l.bind_scalar(l.ctx.result(op, 0), v);
    Ok(true)
}

fn constant<'c>(l: &FnLowering<'_, 'c>, op: OpId) -> Res<BasicValueEnum<'c>> {
    let c = ConstantOp::view(l.ctx, op).ok_or_else(|| l.err(op, "malformed arith.constant"))?;
    match result_type(l, op)? {
        BasicTypeEnum::IntType(t) => {
            let v = c.int_value(l.ctx).ok_or_else(|| l.err(op, "integer constant without an integer value"))?;
            // The low 64 bits, sign-extended by LLVM for wider types: sharc integers are at most 64 bits here.
            Ok(t.const_int(v as u64, v < 0).into())
        }
        BasicTypeEnum::FloatType(t) => {
            let v = c.float_value(l.ctx).ok_or_else(|| l.err(op, "float constant without a float value"))?;
            Ok(t.const_float(v).into())
        }
        _ => Err(l.err(op, "unsupported constant type")),
    }
}

/// On the host, division by zero and signed `MIN / -1` trap (x86 raises SIGFPE): the check
/// reports them as the simulator does, and the division goes on with divisor 1.
fn checked_divisor<'c>(
    l: &mut FnLowering<'_, 'c>,
    op: OpId,
    name: &str,
    a: IntValue<'c>,
    b: IntValue<'c>,
) -> Res<IntValue<'c>> {
    let signed = matches!(name, DivSIOp::NAME | RemSIOp::NAME | CeilDivSIOp::NAME | FloorDivSIOp::NAME);
    let unsigned = matches!(name, DivUIOp::NAME | RemUIOp::NAME | CeilDivUIOp::NAME);
    if l.target.arch != crate::target::Arch::Host || !(signed || unsigned) {
        return Ok(b);
    }
    let ty = b.get_type();
    let cmp = |p, x, y| l.b.build_int_compare(p, x, y, "").map_err(internal);
    let mut ok = cmp(IntPredicate::NE, b, ty.const_zero())?;
    let mut what = "integer division by zero";
    if signed {
        let width = ty.get_bit_width();
        let min = ty.const_int(1u64 << (width - 1), false);
        let overflow =
            l.b.build_and(cmp(IntPredicate::EQ, a, min)?, cmp(IntPredicate::EQ, b, ty.const_all_ones())?, "")
                .map_err(internal)?;
        let no_overflow = l.b.build_not(overflow, "").map_err(internal)?;
        ok = l.b.build_and(ok, no_overflow, "").map_err(internal)?;
        what = "integer division by zero or signed overflow (MIN / -1)";
    }
    l.host_check(op, ok, what)?;
    Ok(l.b.build_select(ok, b, ty.const_int(1, false), "").map_err(internal)?.into_int_value())
}

fn int_binary<'c>(l: &FnLowering<'_, 'c>, op: OpId, name: &str, a: IntValue<'c>, b: IntValue<'c>) -> Res<IntValue<'c>> {
    let bl = &l.b;
    let ty = a.get_type();
    let width = ty.get_bit_width() as u64;
    let select = |c: IntValue<'c>, x: IntValue<'c>, y: IntValue<'c>| -> Res<IntValue<'c>> {
        Ok(bl.build_select(c, x, y, "").map_err(internal)?.into_int_value())
    };
    let cmp = |p, x, y| bl.build_int_compare(p, x, y, "").map_err(internal);
    let r = match name {
        AddIOp::NAME => bl.build_int_add(a, b, ""),
        SubIOp::NAME => bl.build_int_sub(a, b, ""),
        MulIOp::NAME => bl.build_int_mul(a, b, ""),
        AndIOp::NAME => bl.build_and(a, b, ""),
        OrIOp::NAME => bl.build_or(a, b, ""),
        XOrIOp::NAME => bl.build_xor(a, b, ""),
        DivSIOp::NAME => bl.build_int_signed_div(a, b, ""),
        DivUIOp::NAME => bl.build_int_unsigned_div(a, b, ""),
        RemSIOp::NAME => bl.build_int_signed_rem(a, b, ""),
        RemUIOp::NAME => bl.build_int_unsigned_rem(a, b, ""),
        MaxSIOp::NAME => return select(cmp(IntPredicate::SGT, a, b)?, a, b),
        MinSIOp::NAME => return select(cmp(IntPredicate::SLT, a, b)?, a, b),
        MaxUIOp::NAME => return select(cmp(IntPredicate::UGT, a, b)?, a, b),
        MinUIOp::NAME => return select(cmp(IntPredicate::ULT, a, b)?, a, b),
        ShLIOp::NAME | ShRUIOp::NAME => {
            let in_range = cmp(IntPredicate::ULT, b, ty.const_int(width, false))?;
            let shifted = if name == ShLIOp::NAME {
                bl.build_left_shift(a, b, "")
            } else {
                bl.build_right_shift(a, b, false, "")
            }
            .map_err(internal)?;
            return select(in_range, shifted, ty.const_zero());
        }
        ShRSIOp::NAME => {
            let max = ty.const_int(width - 1, false);
            let amount = select(cmp(IntPredicate::ULT, b, max)?, b, max)?;
            bl.build_right_shift(a, amount, true, "")
        }
        CeilDivUIOp::NAME => {
            // a / b + (a % b != 0), without the overflow of (a + b - 1) / b.
            let q = bl.build_int_unsigned_div(a, b, "").map_err(internal)?;
            let r = bl.build_int_unsigned_rem(a, b, "").map_err(internal)?;
            let up = bl.build_int_z_extend(cmp(IntPredicate::NE, r, ty.const_zero())?, ty, "").map_err(internal)?;
            bl.build_int_add(q, up, "")
        }
        CeilDivSIOp::NAME | FloorDivSIOp::NAME => {
            // Truncating division, then one step towards +inf (ceil: remainder with the divisor's
            // sign) or -inf (floor: remainder against the divisor's sign), as the simulator.
            let q = bl.build_int_signed_div(a, b, "").map_err(internal)?;
            let r = bl.build_int_signed_rem(a, b, "").map_err(internal)?;
            let zero = ty.const_zero();
            let nonzero = cmp(IntPredicate::NE, r, zero)?;
            let same_sign = cmp(IntPredicate::EQ, cmp(IntPredicate::SGT, r, zero)?, cmp(IntPredicate::SGT, b, zero)?)?;
            let (adjust, step) = if name == CeilDivSIOp::NAME {
                (bl.build_and(nonzero, same_sign, "").map_err(internal)?, ty.const_int(1, false))
            } else {
                let differ = bl.build_not(same_sign, "").map_err(internal)?;
                (bl.build_and(nonzero, differ, "").map_err(internal)?, ty.const_all_ones())
            };
            let stepped = bl.build_int_add(q, step, "").map_err(internal)?;
            return select(adjust, stepped, q);
        }
        _ => return Err(l.err(op, format!("internal error: '{name}' is not an integer binary op"))),
    };
    r.map_err(internal)
}

fn float_binary<'c>(
    l: &FnLowering<'_, 'c>,
    op: OpId,
    name: &str,
    a: FloatValue<'c>,
    b: FloatValue<'c>,
) -> Res<BasicValueEnum<'c>> {
    let bl = &l.b;
    let intrinsic = |n: &str| call_intrinsic(l, op, n, &[a.get_type().into()], &[a.into(), b.into()]);
    let r = match name {
        AddFOp::NAME => bl.build_float_add(a, b, ""),
        SubFOp::NAME => bl.build_float_sub(a, b, ""),
        MulFOp::NAME => bl.build_float_mul(a, b, ""),
        DivFOp::NAME => bl.build_float_div(a, b, ""),
        RemFOp::NAME => bl.build_float_rem(a, b, ""),
        MaximumFOp::NAME => return intrinsic("llvm.maximum"),
        MinimumFOp::NAME => return intrinsic("llvm.minimum"),
        MaxNumFOp::NAME => return intrinsic("llvm.maxnum"),
        MinNumFOp::NAME => return intrinsic("llvm.minnum"),
        _ => return Err(l.err(op, format!("internal error: '{name}' is not a float binary op"))),
    };
    Ok(r.map_err(internal)?.into())
}

fn cmpi<'c>(l: &FnLowering<'_, 'c>, op: OpId) -> Res<IntValue<'c>> {
    let c = CmpIOp::view(l.ctx, op).ok_or_else(|| l.err(op, "malformed arith.cmpi"))?;
    let pred = c.predicate(l.ctx).ok_or_else(|| l.err(op, "arith.cmpi without a valid predicate"))?;
    use CmpIPredicate as P;
    let p = match pred {
        P::Eq => IntPredicate::EQ,
        P::Ne => IntPredicate::NE,
        P::Slt => IntPredicate::SLT,
        P::Sle => IntPredicate::SLE,
        P::Sgt => IntPredicate::SGT,
        P::Sge => IntPredicate::SGE,
        P::Ult => IntPredicate::ULT,
        P::Ule => IntPredicate::ULE,
        P::Ugt => IntPredicate::UGT,
        P::Uge => IntPredicate::UGE,
    };
    l.b.build_int_compare(p, int(l, op, 0)?, int(l, op, 1)?, "").map_err(internal)
}

fn cmpf<'c>(l: &FnLowering<'_, 'c>, op: OpId) -> Res<IntValue<'c>> {
    let c = CmpFOp::view(l.ctx, op).ok_or_else(|| l.err(op, "malformed arith.cmpf"))?;
    let pred = c.predicate(l.ctx).ok_or_else(|| l.err(op, "arith.cmpf without a valid predicate"))?;
    use CmpFPredicate as P;
    let p = match pred {
        P::AlwaysFalse => FloatPredicate::PredicateFalse,
        P::Oeq => FloatPredicate::OEQ,
        P::Ogt => FloatPredicate::OGT,
        P::Oge => FloatPredicate::OGE,
        P::Olt => FloatPredicate::OLT,
        P::Ole => FloatPredicate::OLE,
        P::One => FloatPredicate::ONE,
        P::Ord => FloatPredicate::ORD,
        P::Ueq => FloatPredicate::UEQ,
        P::Ugt => FloatPredicate::UGT,
        P::Uge => FloatPredicate::UGE,
        P::Ult => FloatPredicate::ULT,
        P::Ule => FloatPredicate::ULE,
        P::Une => FloatPredicate::UNE,
        P::Uno => FloatPredicate::UNO,
        P::AlwaysTrue => FloatPredicate::PredicateTrue,
    };
    l.b.build_float_compare(p, float(l, op, 0)?, float(l, op, 1)?, "").map_err(internal)
}

/// The casts; `None` if `name` is not one.
fn cast<'c>(l: &FnLowering<'_, 'c>, op: OpId, name: &str) -> Res<Option<BasicValueEnum<'c>>> {
    let is_cast = matches!(
        name,
        ExtSIOp::NAME
            | ExtUIOp::NAME
            | TruncIOp::NAME
            | IndexCastOp::NAME
            | IndexCastUIOp::NAME
            | ExtFOp::NAME
            | TruncFOp::NAME
            | SIToFPOp::NAME
            | UIToFPOp::NAME
            | FPToSIOp::NAME
            | FPToUIOp::NAME
            | BitcastOp::NAME
    );
    if !is_cast {
        return Ok(None);
    }
    let to = result_type(l, op)?;
    let bl = &l.b;
    let v = l.scalar(op, l.ctx.operand(op, 0))?;
    let r: BasicValueEnum = match (name, v, to) {
        (
            ExtSIOp::NAME | TruncIOp::NAME | IndexCastOp::NAME,
            BasicValueEnum::IntValue(i),
            BasicTypeEnum::IntType(t),
        ) => bl.build_int_cast_sign_flag(i, t, true, "").map_err(internal)?.into(),
        (ExtUIOp::NAME | IndexCastUIOp::NAME, BasicValueEnum::IntValue(i), BasicTypeEnum::IntType(t)) => {
            bl.build_int_cast_sign_flag(i, t, false, "").map_err(internal)?.into()
        }
        (TruncFOp::NAME, BasicValueEnum::FloatValue(f), BasicTypeEnum::FloatType(t))
            if l.target.arch == crate::target::Arch::Host && t == l.llcx.bf16_type() =>
        {
            host_trunc_to_bf16(l, op, f)?
        }
        (ExtFOp::NAME | TruncFOp::NAME, BasicValueEnum::FloatValue(f), BasicTypeEnum::FloatType(t)) => {
            bl.build_float_cast(f, t, "").map_err(internal)?.into()
        }
        (SIToFPOp::NAME | UIToFPOp::NAME, BasicValueEnum::IntValue(i), BasicTypeEnum::FloatType(t))
            if l.target.arch == crate::target::Arch::Host && t == l.llcx.bf16_type() =>
        {
            let wide = host_int_to_f64_odd(l, op, i, name == SIToFPOp::NAME)?;
            host_trunc_to_bf16(l, op, wide)?
        }
        (SIToFPOp::NAME, BasicValueEnum::IntValue(i), BasicTypeEnum::FloatType(t)) => {
            bl.build_signed_int_to_float(i, t, "").map_err(internal)?.into()
        }
        (UIToFPOp::NAME, BasicValueEnum::IntValue(i), BasicTypeEnum::FloatType(t)) => {
            bl.build_unsigned_int_to_float(i, t, "").map_err(internal)?.into()
        }
        (FPToSIOp::NAME | FPToUIOp::NAME, BasicValueEnum::FloatValue(f), BasicTypeEnum::IntType(t)) => {
            let n = if name == FPToSIOp::NAME { "llvm.fptosi.sat" } else { "llvm.fptoui.sat" };
            call_intrinsic(l, op, n, &[t.into(), f.get_type().into()], &[f.into()])?
        }
        (BitcastOp::NAME, v, t) => bl.build_bit_cast(v, t, "").map_err(internal)?,
        _ => return Err(l.err(op, format!("'{name}' has operand or result types code generation does not support"))),
    };
    Ok(Some(r))
}
