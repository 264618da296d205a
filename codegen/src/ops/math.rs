//! math ops: LLVM intrinsics, and on the host the C library.
//!
//! GPU backends have no math library unless one is linked in. On NVPTX the ops that become exact
//! PTX instructions (`abs`, `sqrt.rn`, `fma.rn`, `cvt.rpi`...) are intrinsics and every other
//! function calls NVIDIA's libdevice (`__nv_expf`, ...; linked by `crate::libdevice`). On AMDGPU
//! sharc links no library (ROCm's ocml needs its control libraries per chip): the ops LLVM's
//! AMDGPU backend expands itself (`exp`, `log`, `sin`, `cos` and their base-2 and base-10 forms)
//! are accepted, and anything else is a located error naming the op and the target, rather than
//! an `llc` crash ("Cannot select fsin"). On the host every
//! float op is available and calls the same C functions the simulator uses (`expf`, `cbrtf`...),
//! so host results equal `sharc-run`'s bit for bit.

use super::arith::{call_intrinsic, float, result_type};
use crate::lower::{internal, FnLowering, Res};
use crate::target::Arch;
use inkwell::module::Linkage;
use inkwell::types::BasicTypeEnum;
use inkwell::values::BasicValueEnum;
use sharc_dialects::math::*;
use sharc_ir::OpId;

/// How an op is lowered.
enum How {
    /// An overloaded LLVM intrinsic on the operands.
    Intrinsic(&'static str),
    /// A C library function (`name` + `f` for f32).
    Libm(&'static str),
    /// NVIDIA libdevice's `__nv_` + the C library's name.
    LibDevice(&'static str),
    /// `1 / sqrt(x)`.
    Rsqrt,
    /// `llvm.abs(x, false)`: no poison for INT_MIN.
    AbsI,
    /// `llvm.ctlz`/`llvm.cttz` with a defined result for 0 (the bit width).
    CountZeros(&'static str),
}

/// The lowering of a math op and whether GPU backends implement it exactly.
fn how(name: &str) -> Option<(How, Gpu)> {
    use How::*;
    Some(match name {
        AbsFOp::NAME => (Intrinsic("llvm.fabs"), Gpu::All),
        SqrtOp::NAME => (Intrinsic("llvm.sqrt"), Gpu::All),
        RsqrtOp::NAME => (Rsqrt, Gpu::All),
        FmaOp::NAME => (Intrinsic("llvm.fma"), Gpu::All),
        FloorOp::NAME => (Intrinsic("llvm.floor"), Gpu::All),
        CeilOp::NAME => (Intrinsic("llvm.ceil"), Gpu::All),
        TruncOp::NAME => (Intrinsic("llvm.trunc"), Gpu::All),
        RoundOp::NAME => (Intrinsic("llvm.round"), Gpu::All),
        RoundEvenOp::NAME => (Intrinsic("llvm.roundeven"), Gpu::All),
        CopySignOp::NAME => (Intrinsic("llvm.copysign"), Gpu::All),
        AbsIOp::NAME => (AbsI, Gpu::All),
        CountLeadingZerosOp::NAME => (CountZeros("llvm.ctlz"), Gpu::All),
        CountTrailingZerosOp::NAME => (CountZeros("llvm.cttz"), Gpu::All),
        CtPopOp::NAME => (Intrinsic("llvm.ctpop"), Gpu::All),
        ExpOp::NAME => (Intrinsic("llvm.exp"), Gpu::Amdgpu),
        Exp2Op::NAME => (Intrinsic("llvm.exp2"), Gpu::Amdgpu),
        LogOp::NAME => (Intrinsic("llvm.log"), Gpu::Amdgpu),
        Log2Op::NAME => (Intrinsic("llvm.log2"), Gpu::Amdgpu),
        Log10Op::NAME => (Intrinsic("llvm.log10"), Gpu::Amdgpu),
        SinOp::NAME => (Intrinsic("llvm.sin"), Gpu::Amdgpu),
        CosOp::NAME => (Intrinsic("llvm.cos"), Gpu::Amdgpu),
        TanOp::NAME => (Libm("tan"), Gpu::None),
        AsinOp::NAME => (Libm("asin"), Gpu::None),
        AcosOp::NAME => (Libm("acos"), Gpu::None),
        AtanOp::NAME => (Libm("atan"), Gpu::None),
        SinhOp::NAME => (Libm("sinh"), Gpu::None),
        CoshOp::NAME => (Libm("cosh"), Gpu::None),
        TanhOp::NAME => (Libm("tanh"), Gpu::None),
        AsinhOp::NAME => (Libm("asinh"), Gpu::None),
        AcoshOp::NAME => (Libm("acosh"), Gpu::None),
        AtanhOp::NAME => (Libm("atanh"), Gpu::None),
        CbrtOp::NAME => (Libm("cbrt"), Gpu::None),
        ExpM1Op::NAME => (Libm("expm1"), Gpu::None),
        Log1pOp::NAME => (Libm("log1p"), Gpu::None),
        ErfOp::NAME => (Libm("erf"), Gpu::None),
        ErfcOp::NAME => (Libm("erfc"), Gpu::None),
        PowFOp::NAME => (Libm("pow"), Gpu::None),
        Atan2Op::NAME => (Libm("atan2"), Gpu::None),
        _ => return None,
    })
}

/// Which GPU backends implement an op without a math library.
#[derive(PartialEq)]
enum Gpu {
    All,
    Amdgpu,
    None,
}

pub(super) fn lower(l: &mut FnLowering<'_, '_>, op: OpId) -> Res<bool> {
    let Some(spec) = l.ctx.op_spec(op) else { return Ok(false) };
    let Some((how, gpu)) = how(spec.name) else { return Ok(false) };
    let arch = l.target.arch;
    if arch == Arch::Amdgpu && gpu == Gpu::None {
        return Err(l.err(
            op,
            format!(
                "'{}' is not supported on {} ({}): it needs a device math library (ROCm's ocml), which sharc does not link for AMDGPU",
                spec.name, l.target.triple, l.target.chip
            ),
        ));
    }
    // On NVPTX everything PTX has no exact instruction for comes from libdevice.
    let how = match (arch, how) {
        (Arch::Nvptx, How::Intrinsic(_) | How::Libm(_)) if gpu != Gpu::All => How::LibDevice(c_name(spec.name)),
        (_, how) => how,
    };
    let ty = result_type(l, op)?;
    let args: Vec<BasicValueEnum> = l.ctx.operands(op).iter().map(|&v| l.scalar(op, v)).collect::<Result<_, _>>()?;
    let v = match how {
        How::Intrinsic(n) => call_intrinsic(l, op, n, &[ty], &args)?,
        How::Libm(n) => libm(l, op, "", n, ty, &args)?,
        How::LibDevice(n) => libm(l, op, crate::libdevice::PREFIX, n, ty, &args)?,
        How::Rsqrt => {
            let x = float(l, op, 0)?;
            let s = call_intrinsic(l, op, "llvm.sqrt", &[ty], &args)?.into_float_value();
            l.b.build_float_div(x.get_type().const_float(1.0), s, "").map_err(internal)?.into()
        }
        How::AbsI => {
            let no_poison = l.llcx.bool_type().const_zero().into();
            call_intrinsic(l, op, "llvm.abs", &[ty], &[args[0], no_poison])?
        }
        How::CountZeros(n) => {
            let no_poison = l.llcx.bool_type().const_zero().into();
            call_intrinsic(l, op, n, &[ty], &[args[0], no_poison])?
        }
    };
    l.bind_scalar(l.ctx.result(op, 0), v);
    Ok(true)
}

/// The C library's name of a math op: the op's own (`math.tanh` is `tanh`), but `math.powf`.
fn c_name(op_name: &'static str) -> &'static str {
    match op_name {
        PowFOp::NAME => "pow",
        _ => op_name.strip_prefix("math.").unwrap_or(op_name),
    }
}

/// A call of `prefix` + the C library's `name` (+ `f` for f32). Narrower floats compute in f32
/// and round, as the simulator does.
fn libm<'c>(
    l: &FnLowering<'_, 'c>,
    op: OpId,
    prefix: &str,
    name: &str,
    ty: BasicTypeEnum<'c>,
    args: &[BasicValueEnum<'c>],
) -> Res<BasicValueEnum<'c>> {
    let BasicTypeEnum::FloatType(ft) = ty else {
        return Err(l.err(op, format!("'{}' needs a float type", l.ctx.op_name(op))));
    };
    let (f32t, f64t) = (l.llcx.f32_type(), l.llcx.f64_type());
    let (symbol, compute) =
        if ft == f64t { (format!("{prefix}{name}"), f64t) } else { (format!("{prefix}{name}f"), f32t) };
    let params: Vec<_> = args.iter().map(|_| compute.into()).collect();
    let f = match l.module.get_function(&symbol) {
        Some(f) => f,
        None => l.module.add_function(&symbol, compute.fn_type(&params, false), Some(Linkage::External)),
    };
    let mut call_args = Vec::new();
    for a in args {
        call_args.push(l.b.build_float_cast(a.into_float_value(), compute, "").map_err(internal)?.into());
    }
    let r = l.b.build_call(f, &call_args, "").map_err(internal)?;
    let r = r.try_as_basic_value().basic().ok_or_else(|| l.err(op, "internal error: libm call without a value"))?;
    Ok(l.b.build_float_cast(r.into_float_value(), ft, "").map_err(internal)?.into())
}
