//! Folders of `cmpi`, `cmpf` and `select`, after upstream's `ArithOps.cpp`.

use super::{
    attr, constant, defined_by, int_binary, operand, result_type, signed, splat_int, unsigned, value, write, Elems,
};
use crate::arith::flags::{CmpFPredicate, CmpIPredicate};
use crate::arith::ops::{CmpFOp, CmpIOp, ExtSIOp, ExtUIOp};
use sharc_ir::registry::FoldResult;
use sharc_ir::{Attr, Context, OpId};
use std::cmp::Ordering;

type Folded = Option<Vec<FoldResult>>;

/// `lhs pred rhs` on `w`-bit values.
pub fn cmpi_holds(pred: CmpIPredicate, a: i128, b: i128, w: u32) -> bool {
    use CmpIPredicate::*;
    let (sa, sb, ua, ub) = (signed(a, w), signed(b, w), unsigned(a, w), unsigned(b, w));
    match pred {
        Eq => ua == ub,
        Ne => ua != ub,
        Slt => sa < sb,
        Sle => sa <= sb,
        Sgt => sa > sb,
        Sge => sa >= sb,
        Ult => ua < ub,
        Ule => ua <= ub,
        Ugt => ua > ub,
        Uge => ua >= ub,
    }
}

/// `lhs pred rhs` on floats (`u` predicates hold when either operand is NaN).
pub fn cmpf_holds(pred: CmpFPredicate, a: f64, b: f64) -> bool {
    use CmpFPredicate::*;
    let ord = a.partial_cmp(&b);
    let unordered = ord.is_none();
    let is = |o: Ordering| ord == Some(o);
    match pred {
        AlwaysFalse => false,
        Oeq => is(Ordering::Equal),
        Ogt => is(Ordering::Greater),
        Oge => is(Ordering::Greater) || is(Ordering::Equal),
        Olt => is(Ordering::Less),
        Ole => is(Ordering::Less) || is(Ordering::Equal),
        One => !unordered && !is(Ordering::Equal),
        Ord => !unordered,
        Ueq => unordered || is(Ordering::Equal),
        Ugt => unordered || is(Ordering::Greater),
        Uge => unordered || !is(Ordering::Less),
        Ult => unordered || is(Ordering::Less),
        Ule => unordered || !is(Ordering::Greater),
        Une => !is(Ordering::Equal),
        Uno => unordered,
        AlwaysTrue => true,
    }
}

/// A boolean of the op's (i1-shaped) result type.
fn bool_result(ctx: &mut Context, op: OpId, b: bool) -> Folded {
    let ty = result_type(ctx, op)?;
    attr(write(ctx, ty, Elems::Int(vec![b as i128]))?)
}

/// `cmpi`: equal operands, `i1` identities, `ext(%b : i1) != 0`, constants.
pub fn cmpi(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    let cmp = CmpIOp::view(ctx, op)?;
    let pred = cmp.predicate(ctx)?;
    let (lhs, rhs) = (cmp.lhs(ctx), cmp.rhs(ctx));
    if lhs == rhs {
        let holds = matches!(
            pred,
            CmpIPredicate::Eq | CmpIPredicate::Sle | CmpIPredicate::Sge | CmpIPredicate::Ule | CmpIPredicate::Uge
        );
        return bool_result(ctx, op, holds);
    }
    let rhs_const = splat_int(ctx, c, 1);
    let lhs_is_i1 = ctx.is_signless_int(ctx.element_type_or_self(ctx.value_type(lhs)), 1);
    if rhs_const.is_some_and(|(v, _)| v == 0) && pred == CmpIPredicate::Ne {
        let ext_source = defined_by(ctx, lhs, ExtSIOp::view)
            .map(|e| e.input(ctx))
            .or_else(|| defined_by(ctx, lhs, ExtUIOp::view).map(|e| e.input(ctx)));
        if let Some(src) = ext_source {
            if ctx.is_signless_int(ctx.element_type_or_self(ctx.value_type(src)), 1) {
                return value(src);
            }
        }
        if lhs_is_i1 {
            return value(lhs);
        }
    }
    if rhs_const.is_some_and(|(v, _)| v == 1) && pred == CmpIPredicate::Eq && lhs_is_i1 {
        return value(lhs);
    }
    int_binary(ctx, op, c, |a, b, w| Some(cmpi_holds(pred, a, b, w) as i128))
}

/// `cmpf`: constants (a NaN operand decides unordered predicates alone).
pub fn cmpf(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    let pred = CmpFOp::view(ctx, op)?.predicate(ctx)?;
    let a = constant(ctx, c, 0).and_then(|k| k.splat_float());
    let b = constant(ctx, c, 1).and_then(|k| k.splat_float());
    let (a, b) = match (a, b) {
        (Some(x), Some(y)) => (x, y),
        (Some(x), None) if x.is_nan() => (x, x),
        (None, Some(y)) if y.is_nan() => (y, y),
        _ => return None,
    };
    // Upstream returns a scalar BoolAttr; only scalar comparisons fold.
    if !ctx.is_signless_int(result_type(ctx, op)?, 1) {
        return None;
    }
    bool_result(ctx, op, cmpf_holds(pred, a, b))
}

/// `select`: equal branches, constant condition, `select %c, true, false = %c`,
/// `select (cmpi eq/ne %a, %b), %a, %b`.
pub fn select(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    let (cond, t, f) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?, operand(ctx, op, 2)?);
    if t == f {
        return value(t);
    }
    match splat_int(ctx, c, 0).map(|(v, _)| v) {
        Some(1) => return value(t),
        Some(0) => return value(f),
        _ => {}
    }
    let ty = result_type(ctx, op)?;
    if ctx.is_signless_int(ty, 1)
        && splat_int(ctx, c, 1).map(|x| x.0) == Some(1)
        && splat_int(ctx, c, 2).map(|x| x.0) == Some(0)
    {
        return value(cond);
    }
    if let Some(cmp) = defined_by(ctx, cond, CmpIOp::view) {
        let pred = cmp.predicate(ctx);
        if matches!(pred, Some(CmpIPredicate::Eq | CmpIPredicate::Ne)) {
            let (a, b) = (cmp.lhs(ctx), cmp.rhs(ctx));
            if (a == t && b == f) || (b == t && a == f) {
                return value(if pred == Some(CmpIPredicate::Ne) { t } else { f });
            }
        }
    }
    None
}
