//! Folding of arith ops (and math ops, which reuse these helpers): constant operands become a
//! constant result, and algebraic identities (`x + 0 = x`, `x - x = 0`) return an existing value.
//!
//! Semantics follow upstream's folders (`ArithOps.cpp`): integer arithmetic wraps at the type's
//! width (`index` is 64 bits); folds that would divide by zero, overflow a signed division or
//! shift by the width or more do not happen; float results are rounded to the result format.
//! Integers are folded up to 128 bits. A fold never changes its op in place: a
//! [`FoldResult::Value`] names another existing value.

pub mod cast;
pub mod compare;
pub mod float;
pub mod int;
#[cfg(test)]
mod tests;

use sharc_ir::attrs::DenseData;
use sharc_ir::registry::FoldResult;
use sharc_ir::types::TypeKind;
use sharc_ir::{Attr, AttrKind, Context, OpId, Type, Value};

/// The elements of a constant: one for scalars and splats.
#[derive(Clone, Debug, PartialEq)]
pub enum Elems {
    /// Integers, stored canonically (see [`norm`]).
    Int(Vec<i128>),
    /// Floats, exactly representable in the element format.
    Float(Vec<f64>),
}

/// A scalar, vector or tensor constant.
#[derive(Clone, Debug)]
pub struct Const {
    /// Its full type.
    pub ty: Type,
    /// Its elements.
    pub elems: Elems,
}

/// The width of an integer or `index` element type (`index` = 64).
pub fn int_width(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.type_kind(ctx.element_type_or_self(ty)) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Index => Some(64),
        _ => None,
    }
}

/// The canonical storage of a `w`-bit value: `0`/`1` for `i1`, else the sign-extended value.
pub fn norm(v: i128, w: u32) -> i128 {
    match w {
        1 => v & 1,
        w if w >= 128 => v,
        w => signed(v, w),
    }
}

/// The signed interpretation of the low `w` bits of `v`.
pub fn signed(v: i128, w: u32) -> i128 {
    if w >= 128 || w == 0 {
        return v;
    }
    let shift = 128 - w;
    (v << shift) >> shift
}

/// The unsigned interpretation of the low `w` bits of `v`.
pub fn unsigned(v: i128, w: u32) -> u128 {
    if w >= 128 {
        return v as u128;
    }
    (v as u128) & ((1u128 << w) - 1)
}

/// The largest signed `w`-bit value.
pub fn smax(w: u32) -> i128 {
    if w >= 128 {
        i128::MAX
    } else {
        (1i128 << (w - 1)) - 1
    }
}

/// The smallest signed `w`-bit value.
pub fn smin(w: u32) -> i128 {
    if w >= 128 {
        i128::MIN
    } else {
        -(1i128 << (w - 1))
    }
}

impl Const {
    /// The constant an attribute holds, if it is an integer, float or dense elements attribute
    /// of at most 128-bit integers.
    pub fn read(ctx: &mut Context, attr: Attr) -> Option<Const> {
        if let AttrKind::Bool(b) = ctx.attr_kind(attr) {
            let b = *b;
            let ty = ctx.i1();
            return Some(Const { ty, elems: Elems::Int(vec![b as i128]) });
        }
        let c = match ctx.attr_kind(attr) {
            AttrKind::Integer { value, ty } => Const { ty: *ty, elems: Elems::Int(vec![*value]) },
            AttrKind::Float { bits, ty } => Const { ty: *ty, elems: Elems::Float(vec![f64::from_bits(*bits)]) },
            AttrKind::DenseElements { ty, data: DenseData::Int(v) } => Const { ty: *ty, elems: Elems::Int(v.clone()) },
            AttrKind::DenseElements { ty, data: DenseData::Float(v) } => {
                Const { ty: *ty, elems: Elems::Float(v.iter().map(|b| f64::from_bits(*b)).collect()) }
            }
            _ => return None,
        };
        if let Elems::Int(_) = c.elems {
            if int_width(ctx, c.ty)? > 128 {
                return None;
            }
        }
        Some(c)
    }

    /// The integer value of a scalar or splat.
    pub fn splat_int(&self) -> Option<i128> {
        match &self.elems {
            Elems::Int(v) if v.len() == 1 => Some(v[0]),
            _ => None,
        }
    }

    /// The float value of a scalar or splat.
    pub fn splat_float(&self) -> Option<f64> {
        match &self.elems {
            Elems::Float(v) if v.len() == 1 => Some(v[0]),
            _ => None,
        }
    }
}

/// Whether the shaped type `ty` has a static shape (scalars do).
fn static_shape(ctx: &Context, ty: Type) -> bool {
    match ctx.type_kind(ty) {
        TypeKind::Vector { .. } => true,
        TypeKind::Tensor { shape: Some(s), .. } => !s.contains(&sharc_ir::types::DYNAMIC),
        TypeKind::Tensor { shape: None, .. } => false,
        _ => true,
    }
}

/// The attribute of a constant of type `ty` (a scalar, or dense elements collapsed to a splat when
/// all are equal); `None` for dynamically shaped types.
pub fn write(ctx: &mut Context, ty: Type, elems: Elems) -> Option<Attr> {
    match ctx.type_kind(ty) {
        TypeKind::Vector { .. } | TypeKind::Tensor { .. } => {
            if !static_shape(ctx, ty) {
                return None;
            }
            let data = match elems {
                Elems::Int(mut v) => {
                    if v.len() > 1 && v.iter().all(|x| *x == v[0]) {
                        v.truncate(1);
                    }
                    DenseData::Int(v)
                }
                Elems::Float(v) => {
                    let mut bits: Vec<u64> = v.iter().map(|x| x.to_bits()).collect();
                    if bits.len() > 1 && bits.iter().all(|x| *x == bits[0]) {
                        bits.truncate(1);
                    }
                    DenseData::Float(bits)
                }
            };
            Some(ctx.attr(AttrKind::DenseElements { ty, data }))
        }
        TypeKind::Integer { .. } | TypeKind::Index => match elems {
            Elems::Int(v) if v.len() == 1 => Some(ctx.int_attr(ty, v[0])),
            _ => None,
        },
        TypeKind::Float(_) => match elems {
            Elems::Float(v) if v.len() == 1 => Some(ctx.float_attr(ty, v[0])),
            _ => None,
        },
        _ => None,
    }
}

/// A zero of type `ty` (integer, float, or a static-shaped splat of them).
pub fn zero(ctx: &mut Context, ty: Type) -> Option<Attr> {
    let elem = ctx.element_type_or_self(ty);
    let elems = if ctx.is_float(elem) { Elems::Float(vec![0.0]) } else { Elems::Int(vec![0]) };
    write(ctx, ty, elems)
}

/// The value of operand `i`.
pub fn operand(ctx: &Context, op: OpId, i: usize) -> Option<Value> {
    ctx.operands(op).get(i).copied()
}

/// The result type of a single-result op.
pub fn result_type(ctx: &Context, op: OpId) -> Option<Type> {
    ctx.results(op).first().map(|&r| ctx.value_type(r))
}

/// The constant of operand `i`, if it is one.
pub fn constant(ctx: &mut Context, consts: &[Option<Attr>], i: usize) -> Option<Const> {
    let a = consts.get(i).copied().flatten()?;
    Const::read(ctx, a)
}

/// The op defining `v`, if it is `name`... as a typed view.
pub fn defined_by<T>(ctx: &Context, v: Value, view: fn(&Context, OpId) -> Option<T>) -> Option<T> {
    ctx.defining_op(v).and_then(|d| view(ctx, d))
}

/// The fold result "this existing value".
pub fn value(v: Value) -> Option<Vec<FoldResult>> {
    Some(vec![FoldResult::Value(v)])
}

/// The fold result "this constant".
pub fn attr(a: Attr) -> Option<Vec<FoldResult>> {
    Some(vec![FoldResult::Attr(a)])
}

/// Applies `f` elementwise to two constants of equal shape (splats broadcast).
fn zip<A: Copy, B: Copy, R>(a: &[A], b: &[B], mut f: impl FnMut(A, B) -> Option<R>) -> Option<Vec<R>> {
    let n = a.len().max(b.len());
    if (a.len() != n && a.len() != 1) || (b.len() != n && b.len() != 1) || n == 0 {
        return None;
    }
    (0..n).map(|i| f(a[if a.len() == 1 { 0 } else { i }], b[if b.len() == 1 { 0 } else { i }])).collect()
}

/// Folds two integer constants elementwise: `f(a, b, width)` on canonical values gives the
/// result element (then normalized to the result width), `None` to refuse.
pub fn int_binary(
    ctx: &mut Context,
    op: OpId,
    consts: &[Option<Attr>],
    f: impl Fn(i128, i128, u32) -> Option<i128>,
) -> Option<Vec<FoldResult>> {
    let (a, b) = (constant(ctx, consts, 0)?, constant(ctx, consts, 1)?);
    let (Elems::Int(x), Elems::Int(y)) = (&a.elems, &b.elems) else { return None };
    let w = int_width(ctx, a.ty)?;
    let ty = result_type(ctx, op)?;
    let rw = int_width(ctx, ty)?;
    let out = zip(x, y, |p, q| f(p, q, w).map(|r| norm(r, rw)))?;
    attr(write(ctx, ty, Elems::Int(out))?)
}

/// Folds an integer constant elementwise (`f(a, width)`).
pub fn int_unary(
    ctx: &mut Context,
    op: OpId,
    consts: &[Option<Attr>],
    f: impl Fn(i128, u32) -> Option<i128>,
) -> Option<Vec<FoldResult>> {
    let a = constant(ctx, consts, 0)?;
    let Elems::Int(x) = &a.elems else { return None };
    let w = int_width(ctx, a.ty)?;
    let ty = result_type(ctx, op)?;
    let rw = int_width(ctx, ty)?;
    let out = x.iter().map(|&p| f(p, w).map(|r| norm(r, rw))).collect::<Option<Vec<_>>>()?;
    attr(write(ctx, ty, Elems::Int(out))?)
}

/// A NaN computed from non-NaN inputs is the default (positive quiet) NaN, as APFloat's;
/// NaNs propagated from an input keep their payload.
fn nan_like(r: f64, inputs: &[f64]) -> f64 {
    if r.is_nan() && !inputs.iter().any(|x| x.is_nan()) {
        return f64::NAN;
    }
    r
}

/// Folds float constants elementwise: `f` computes in `f64` (exact for the formats sharc
/// knows, see below) and the result is rounded to the result format. `f` gets the format so
/// that library functions can run in the format's own precision.
///
/// `+ - * /` and `sqrt` of f32/f16/bf16 values computed in f64 and rounded once are correctly
/// rounded (53 >= 2p + 2), so this matches APFloat.
pub fn float_nary(
    ctx: &mut Context,
    op: OpId,
    consts: &[Option<Attr>],
    arity: usize,
    f: impl Fn(sharc_ir::types::FloatKind, &[f64]) -> Option<f64>,
) -> Option<Vec<FoldResult>> {
    let mut args = Vec::with_capacity(arity);
    for i in 0..arity {
        match constant(ctx, consts, i)?.elems {
            Elems::Float(v) => args.push(v),
            Elems::Int(_) => return None,
        }
    }
    let ty = result_type(ctx, op)?;
    let kind = ctx.float_kind(ctx.element_type_or_self(ty))?;
    let n = args.iter().map(Vec::len).max()?;
    if args.iter().any(|a| a.len() != n && a.len() != 1) {
        return None;
    }
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let xs: Vec<f64> = args.iter().map(|a| a[if a.len() == 1 { 0 } else { i }]).collect();
        let r = f(kind, &xs)?;
        out.push(kind.round(nan_like(r, &xs)));
    }
    attr(write(ctx, ty, Elems::Float(out))?)
}

/// The splat integer value of constant operand `i`.
pub fn splat_int(ctx: &mut Context, consts: &[Option<Attr>], i: usize) -> Option<(i128, u32)> {
    let c = constant(ctx, consts, i)?;
    let w = int_width(ctx, c.ty)?;
    Some((c.splat_int()?, w))
}

/// The splat float value of constant operand `i`.
pub fn splat_float(ctx: &mut Context, consts: &[Option<Attr>], i: usize) -> Option<f64> {
    constant(ctx, consts, i)?.splat_float()
}
