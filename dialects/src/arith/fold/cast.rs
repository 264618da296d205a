//! Folders of the cast ops, after upstream's `ArithOps.cpp`: integer casts extend or truncate
//! the bits; float-to-integer casts fold only in range; `truncf` folds only when exact.

use super::{attr, constant, int_unary, int_width, norm, result_type, signed, unsigned, write, Elems};
use sharc_ir::float;
use sharc_ir::registry::FoldResult;
use sharc_ir::types::FloatKind;
use sharc_ir::{Attr, Context, OpId};

type Folded = Option<Vec<FoldResult>>;

/// `extsi`, `index_cast`: sign-extend or truncate.
pub fn sext_or_trunc(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    int_unary(ctx, op, c, |a, w| Some(signed(a, w)))
}

/// `extui`, `index_castui`: zero-extend or truncate.
pub fn zext_or_trunc(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    int_unary(ctx, op, c, |a, w| Some(unsigned(a, w) as i128))
}

/// `trunci`.
pub fn trunci(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    int_unary(ctx, op, c, |a, _| Some(a))
}

fn out_kind(ctx: &Context, op: OpId) -> Option<(sharc_ir::Type, FloatKind)> {
    let ty = result_type(ctx, op)?;
    Some((ty, ctx.float_kind(ctx.element_type_or_self(ty))?))
}

/// `sitofp` (`is_signed`) and `uitofp`: round to nearest even.
fn int_to_float(ctx: &mut Context, op: OpId, c: &[Option<Attr>], is_signed: bool) -> Folded {
    let a = constant(ctx, c, 0)?;
    let w = int_width(ctx, a.ty)?;
    let Elems::Int(xs) = a.elems else { return None };
    let (ty, kind) = out_kind(ctx, op)?;
    let out = xs
        .iter()
        .map(|&x| if is_signed { float::from_i128(kind, signed(x, w)) } else { float::from_u128(kind, unsigned(x, w)) })
        .collect();
    attr(write(ctx, ty, Elems::Float(out))?)
}

/// `sitofp`.
pub fn sitofp(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    int_to_float(ctx, op, c, true)
}

/// `uitofp`.
pub fn uitofp(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    int_to_float(ctx, op, c, false)
}

/// `fptosi` (`is_signed`) and `fptoui`: round toward zero; NaN and out-of-range values do not
/// fold (APFloat reports them as invalid).
fn float_to_int(ctx: &mut Context, op: OpId, c: &[Option<Attr>], is_signed: bool) -> Folded {
    let a = constant(ctx, c, 0)?;
    let Elems::Float(xs) = a.elems else { return None };
    let ty = result_type(ctx, op)?;
    let w = int_width(ctx, ty)?;
    let half = 2f64.powi(w as i32 - 1);
    let (lo, hi) = if is_signed { (-half, half) } else { (0.0, 2.0 * half) };
    let out = xs
        .iter()
        .map(|&x| {
            let t = x.trunc();
            (!t.is_nan() && t >= lo && t < hi).then(|| norm(t as i128, w))
        })
        .collect::<Option<Vec<_>>>()?;
    attr(write(ctx, ty, Elems::Int(out))?)
}

/// `fptosi`.
pub fn fptosi(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    float_to_int(ctx, op, c, true)
}

/// `fptoui`.
pub fn fptoui(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    float_to_int(ctx, op, c, false)
}

/// `extf` (always exact) and `truncf` (folds only values the narrower format holds exactly).
pub fn float_cast(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    let a = constant(ctx, c, 0)?;
    let Elems::Float(xs) = a.elems else { return None };
    let (ty, kind) = out_kind(ctx, op)?;
    let out = xs.iter().map(|&x| (!x.is_nan() && kind.round(x) == x).then_some(x)).collect::<Option<Vec<_>>>()?;
    attr(write(ctx, ty, Elems::Float(out))?)
}

/// `bitcast`: reinterprets the bits of each element.
pub fn bitcast(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    let a = constant(ctx, c, 0)?;
    let in_elem = ctx.element_type_or_self(a.ty);
    let ty = result_type(ctx, op)?;
    let out_elem = ctx.element_type_or_self(ty);
    let bits: Vec<u128> = match (&a.elems, ctx.float_kind(in_elem)) {
        (Elems::Int(xs), None) => {
            let w = int_width(ctx, in_elem)?;
            xs.iter().map(|&x| unsigned(x, w)).collect()
        }
        (Elems::Float(xs), Some(k)) => xs.iter().map(|&x| u128::from(k.to_bits(x))).collect(),
        _ => return None,
    };
    let elems = match ctx.float_kind(out_elem) {
        Some(k) => Elems::Float(bits.iter().map(|&b| k.from_bits(u64::try_from(b).ok()?)).collect::<Option<_>>()?),
        None => {
            let w = int_width(ctx, out_elem)?;
            Elems::Int(bits.iter().map(|&b| norm(b as i128, w)).collect())
        }
    };
    attr(write(ctx, ty, elems)?)
}
