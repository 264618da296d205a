//! Simplification of semi-affine `mod`, `floordiv` and `ceildiv` by a symbol: upstream's
//! `simplifySemiAffine`, `canSimplifyDivisionBySymbol`, `symbolicDivide` and
//! `isModOfModSubtraction` (`mlir/lib/IR/AffineExpr.cpp`), run by `simplifyAffineExpr`
//! before flattening a semi-affine expression.
//!
//! `(d0 * s0) floordiv s0` is `d0`, `(d0 * s0 + s0) mod s0` is 0, and
//! `(s0 - s0 mod s1) mod s1` is 0. Like upstream, the rules assume that symbolic divisors
//! are positive (`(s0 floordiv 2) floordiv s0` is 0).
//!
//! Three upstream rules change values, and are tightened here so that simplification
//! preserves [`AffineExpr::eval`](super::AffineExpr::eval) (MLIR 22 rewrites each example
//! below to the value after the arrow):
//! - upstream divides a sum summand by summand even when several summands are themselves
//!   divisions: `((d0 * s0) floordiv 2 + (d1 * s0) floordiv 2) floordiv s0` ->
//!   `d0 floordiv 2 + d1 floordiv 2`, wrong at `d0 = d1 = 1, s0 = 2`. Here at most one
//!   summand may be a division (`(y + s * b) floordiv s` is `y floordiv s + b`), and none
//!   below a product;
//! - upstream's `symbolicDivide` re-checks a product's factor without the "inside a
//!   product" restriction: `(((d0 * s0) floordiv 2) * s0) floordiv s0` ->
//!   `(d0 floordiv 2) * s0`. Here division follows the same rules as the check;
//! - upstream applies the `(e - e mod q) mod q = 0` rule to `floordiv` and `ceildiv` too:
//!   `(s0 - s0 mod s1) floordiv s1` -> 0. Here it applies to `mod` only.
//!
//! Where upstream would divide an operand that fails its own check (it then builds from
//! null expressions and crashes), the operation is kept as it is.

use super::expr::{AffineBinaryOp as Op, AffineExpr, AffineExprKind};
use super::flatten::simplify_affine_expr;

/// Simplifies `mod`, `floordiv` and `ceildiv` by a symbol that divides the dividend.
pub(super) fn simplify_semi_affine(expr: &AffineExpr, num_dims: u32, num_symbols: u32) -> AffineExpr {
    let Some((op, lhs, rhs)) = expr.as_binary() else {
        return expr.clone();
    };
    let new_lhs = simplify_semi_affine(lhs, num_dims, num_symbols);
    let new_rhs = simplify_semi_affine(rhs, num_dims, num_symbols);
    let rebuilt = || AffineExpr::binary(op, &new_lhs, &new_rhs);
    if matches!(op, Op::Add | Op::Mul) {
        return rebuilt();
    }
    if op == Op::Mod && is_mod_of_mod_subtraction(&new_lhs, &new_rhs, num_dims, num_symbols) {
        return AffineExpr::constant(0);
    }
    let Some(symbol) = new_rhs.as_symbol() else {
        return rebuilt();
    };
    // Upstream checks the operand as written, then divides the simplified one.
    if divisibility(lhs, symbol, op, false).is_none() {
        return rebuilt();
    }
    if op == Op::Mod {
        return AffineExpr::constant(0);
    }
    if divisibility(&new_lhs, symbol, op, false).is_none() {
        return rebuilt();
    }
    symbolic_divide(&new_lhs, symbol, op, false).unwrap_or_else(rebuilt)
}

/// How `e op s` can be computed by dividing the symbol `s` out of `e`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Divisibility {
    /// `e` is an exact multiple of `s`.
    Exact,
    /// `e` is `y + s * b` where `y` is a chain of `op` (`floordiv` or `ceildiv`) whose
    /// innermost dividend is divisible: `(a floordiv c) floordiv s` is
    /// `(a floordiv s) floordiv c` for positive divisors.
    Quotient,
}

/// Upstream `canSimplifyDivisionBySymbol`, restricted as the module docs say. `op` is
/// `Mod` where only exact multiples are acceptable.
fn divisibility(expr: &AffineExpr, symbol: u32, op: Op, in_product: bool) -> Option<Divisibility> {
    use Divisibility::{Exact, Quotient};
    match expr.kind() {
        AffineExprKind::Constant(0) => Some(Exact),
        AffineExprKind::Symbol(p) if *p == symbol => Some(Exact),
        AffineExprKind::Add(l, r) => {
            let l = divisibility(l, symbol, op, in_product)?;
            let r = divisibility(r, symbol, op, in_product)?;
            match (l, r) {
                (Exact, Exact) => Some(Exact),
                (Quotient, Quotient) => None,
                _ => Some(Quotient),
            }
        }
        AffineExprKind::Mod(l, r) => {
            divisibility(l, symbol, Op::Mod, false)?;
            divisibility(r, symbol, Op::Mod, false)?;
            Some(Exact)
        }
        AffineExprKind::Mul(l, r) => {
            let exact = |e| divisibility(e, symbol, op, true) == Some(Exact);
            (exact(l) || exact(r)).then_some(Exact)
        }
        AffineExprKind::FloorDiv(l, _) | AffineExprKind::CeilDiv(l, _) => {
            let (kind, _, _) = expr.as_binary()?;
            if kind != op || in_product {
                return None;
            }
            divisibility(l, symbol, op, false).map(|_| Quotient)
        }
        _ => None,
    }
}

/// `expr op s<symbol>`, computed by dividing the symbol out of `expr` (upstream
/// `symbolicDivide`); `None` where [`divisibility`] fails.
fn symbolic_divide(expr: &AffineExpr, symbol: u32, op: Op, in_product: bool) -> Option<AffineExpr> {
    match expr.kind() {
        AffineExprKind::Constant(0) => Some(AffineExpr::constant(0)),
        AffineExprKind::Symbol(p) if *p == symbol => Some(AffineExpr::constant(1)),
        AffineExprKind::Add(l, r) => {
            Some(symbolic_divide(l, symbol, op, in_product)? + symbolic_divide(r, symbol, op, in_product)?)
        }
        AffineExprKind::Mod(l, r) => {
            Some(symbolic_divide(l, symbol, Op::Mod, false)?.modulo(symbolic_divide(r, symbol, Op::Mod, false)?))
        }
        AffineExprKind::Mul(l, r) => {
            if divisibility(l, symbol, op, true) == Some(Divisibility::Exact) {
                Some(symbolic_divide(l, symbol, op, true)? * r)
            } else {
                Some(l * symbolic_divide(r, symbol, op, true)?)
            }
        }
        AffineExprKind::FloorDiv(l, r) | AffineExprKind::CeilDiv(l, r) => {
            let (kind, _, _) = expr.as_binary()?;
            if kind != op || in_product {
                return None;
            }
            Some(AffineExpr::binary(kind, &symbolic_divide(l, symbol, op, false)?, r))
        }
        _ => None,
    }
}

/// True if `lhs mod rhs` is 0 because `lhs` is `x - x mod rhs` up to reassociation (the
/// shape loop peeling leaves: `(ub - ub mod step) mod step`).
fn is_mod_of_mod_subtraction(lhs: &AffineExpr, rhs: &AffineExpr, num_dims: u32, num_symbols: u32) -> bool {
    let mut summands = Vec::new();
    collect_summands(lhs, &mut summands);
    summands.iter().enumerate().any(|(i, summand)| {
        let Some((x, step)) = negated(summand).and_then(|inner| inner.as_op(Op::Mod)) else {
            return false;
        };
        if step != rhs {
            return false;
        }
        let rest =
            summands.iter().enumerate().filter(|&(j, _)| j != i).fold(AffineExpr::constant(0), |sum, (_, s)| sum + s);
        simplify_affine_expr(&(rest - x), num_dims, num_symbols).as_constant() == Some(0)
    })
}

/// The operands of a (nested) sum, left to right.
fn collect_summands(expr: &AffineExpr, out: &mut Vec<AffineExpr>) {
    match expr.as_op(Op::Add) {
        Some((l, r)) => {
            collect_summands(l, out);
            collect_summands(r, out);
        }
        None => out.push(expr.clone()),
    }
}

/// `e` if `expr` is `e * -1` or `-1 * e`.
fn negated(expr: &AffineExpr) -> Option<&AffineExpr> {
    let (l, r) = expr.as_op(Op::Mul)?;
    if l.as_constant() == Some(-1) {
        Some(r)
    } else if r.as_constant() == Some(-1) {
        Some(l)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn simplified(e: &AffineExpr) -> String {
        e.simplify(2, 2).to_string()
    }

    #[test]
    fn divides_by_symbols_like_upstream() {
        let (d0, s0) = (AffineExpr::dim(0), AffineExpr::symbol(0));
        // Expected strings checked against `mlir-opt --affine-simplify-structures` (MLIR 22).
        assert_eq!(simplified(&(&d0 * &s0).floor_div(&s0)), "d0");
        assert_eq!(simplified(&(&d0 * &s0 + &s0).modulo(&s0)), "0");
        assert_eq!(simplified(&s0.floor_div(2).floor_div(&s0)), "0");
        assert_eq!(simplified(&(&d0 * &s0 * 3).ceil_div(&s0)), "d0 * 3");
        let s1 = AffineExpr::symbol(1);
        assert_eq!(simplified(&(&s0 - s0.modulo(&s1)).modulo(&s1)), "0");
    }

    #[test]
    fn declines_upstream_rewrites_that_change_values() {
        let (d0, d1, s0, s1) = (AffineExpr::dim(0), AffineExpr::dim(1), AffineExpr::symbol(0), AffineExpr::symbol(1));
        let sum = ((&d0 * &s0).floor_div(2) + (&d1 * &s0).floor_div(2)).floor_div(&s0);
        assert_eq!(sum.eval(&[1, 1], &[2, 0]), Some(1));
        assert_eq!(sum.simplify(2, 2).eval(&[1, 1], &[2, 0]), Some(1));
        let product = ((&d0 * &s0).floor_div(2) * &s0).floor_div(&s0);
        assert_eq!(simplified(&product), "(d0 * s0) floordiv 2");
        let peeled = (&s0 - s0.modulo(&s1)).floor_div(&s1);
        assert_eq!(peeled.simplify(2, 2).eval(&[0, 0], &[7, 2]), Some(3));
    }
}
