//! Construction-time simplification: upstream's `simplifyAdd`, `simplifyMul`,
//! `simplifyFloorDiv`, `simplifyCeilDiv`, `simplifyMod` and `orderCommutativeArgs`
//! (`mlir/lib/IR/AffineExpr.cpp`, as shipped in MLIR 22).
//!
//! Each `simplify_*` returns `None` when no rule applies; the public constructors then
//! build the plain node. The rules, their order and their recursion through the
//! simplifying constructors are kept as upstream has them, because the tree they produce
//! decides the printed form. Upstream folds with C++ `int64_t` arithmetic; where that
//! would overflow, the rule here declines (returns `None`), which also keeps the mutual
//! recursion between rules from cycling.

use super::expr::{AffineBinaryOp as Op, AffineExpr};

/// `lhs + rhs`, simplified (upstream `AffineExpr::operator+`).
pub(super) fn add(lhs: &AffineExpr, rhs: &AffineExpr) -> AffineExpr {
    simplify_add(lhs, rhs).unwrap_or_else(|| {
        let (l, r) = order_commutative_args(lhs, rhs);
        AffineExpr::raw_binary(Op::Add, l, r)
    })
}

/// `lhs * rhs`, simplified (upstream `AffineExpr::operator*`).
pub(super) fn mul(lhs: &AffineExpr, rhs: &AffineExpr) -> AffineExpr {
    simplify_mul(lhs, rhs).unwrap_or_else(|| {
        let (l, r) = order_commutative_args(lhs, rhs);
        AffineExpr::raw_binary(Op::Mul, l, r)
    })
}

/// `lhs floordiv rhs`, simplified.
pub(super) fn floor_div(lhs: &AffineExpr, rhs: &AffineExpr) -> AffineExpr {
    simplify_floor_div(lhs, rhs).unwrap_or_else(|| AffineExpr::raw_binary(Op::FloorDiv, lhs.clone(), rhs.clone()))
}

/// `lhs ceildiv rhs`, simplified.
pub(super) fn ceil_div(lhs: &AffineExpr, rhs: &AffineExpr) -> AffineExpr {
    simplify_ceil_div(lhs, rhs).unwrap_or_else(|| AffineExpr::raw_binary(Op::CeilDiv, lhs.clone(), rhs.clone()))
}

/// `lhs mod rhs`, simplified.
pub(super) fn modulo(lhs: &AffineExpr, rhs: &AffineExpr) -> AffineExpr {
    simplify_mod(lhs, rhs).unwrap_or_else(|| AffineExpr::raw_binary(Op::Mod, lhs.clone(), rhs.clone()))
}

/// The operand order of a new `+` or `*` node that no rule simplified: dimensions by
/// position, symbols by position, dimensions before symbols (`d1 + d0` is `d0 + d1`).
fn order_commutative_args(lhs: &AffineExpr, rhs: &AffineExpr) -> (AffineExpr, AffineExpr) {
    let swap = match (lhs.as_dim(), rhs.as_dim(), lhs.as_symbol(), rhs.as_symbol()) {
        (Some(a), Some(b), _, _) | (_, _, Some(a), Some(b)) => a > b,
        (_, Some(_), Some(_), _) => true,
        _ => false,
    };
    if swap {
        (rhs.clone(), lhs.clone())
    } else {
        (lhs.clone(), rhs.clone())
    }
}

/// `true` if the constant `c` is a non-zero divisor of `value`.
fn divides(c: i64, value: i64) -> bool {
    c != 0 && value.wrapping_rem(c) == 0
}

fn simplify_add(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let (lhs_const, rhs_const) = (lhs.as_constant(), rhs.as_constant());
    if let (Some(a), Some(b)) = (lhs_const, rhs_const) {
        return a.checked_add(b).map(AffineExpr::constant);
    }
    // Only the RHS may be a constant (`4 + d0` is `d0 + 4`); a lone symbolic operand goes
    // to the right.
    if lhs_const.is_some() || (lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant()) {
        return Some(add(rhs, lhs));
    }
    if rhs_const == Some(0) {
        return Some(lhs.clone());
    }
    let lhs_add = lhs.as_op(Op::Add);
    // `(d0 + 2) + 3` is `d0 + 5`.
    if let (Some((ll, lr)), Some(c)) = (lhs_add, rhs_const) {
        if let Some(lc) = lr.as_constant() {
            return lc.checked_add(c).map(|sum| add(ll, &AffineExpr::constant(sum)));
        }
    }
    // `c1 * e + c2 * e` is `e * (c1 + c2)`.
    let scaled = |e: &AffineExpr| -> (AffineExpr, i64) {
        match e.as_op(Op::Mul) {
            Some((l, r)) => match r.as_constant() {
                Some(c) => (l.clone(), c),
                None => (e.clone(), 1),
            },
            None => (e.clone(), 1),
        }
    };
    let ((first, c1), (second, c2)) = (scaled(lhs), scaled(rhs));
    if first == second {
        return c1.checked_add(c2).map(|c| mul(&first, &AffineExpr::constant(c)));
    }
    // Keep the constant on the right: `(d0 + 2) + d1` is `(d0 + d1) + 2`.
    if let Some((ll, lr)) = lhs_add {
        if lr.as_constant().is_some() {
            return Some(add(&add(ll, rhs), lr));
        }
    }
    simplify_add_to_mod(lhs, rhs)
}

/// The tail of `simplifyAdd`: `e - (e floordiv q) * q` is `e mod q`, also below a sum on
/// the left: `(a + e) + (e floordiv c) * -c` is `a + e mod c`.
fn simplify_add_to_mod(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let (rhs_op, rl, rr) = rhs.as_binary()?;
    // `e + ((e floordiv q) * q) * -1`, with a symbolic `q`.
    if rr.as_constant() == Some(-1) {
        if let Some((rll, rlr)) = rl.as_op(Op::Mul) {
            let (e, q) = rll.as_op(Op::FloorDiv)?;
            if q == rlr && lhs == e {
                return Some(modulo(lhs, rlr));
            }
        }
    }
    // `e + (e floordiv c) * -c`, with a positive constant `c`.
    let (e, c) = rl.as_op(Op::FloorDiv)?;
    if rhs_op != Op::Mul {
        return None;
    }
    let positive = c.as_constant().is_some_and(|c| c > 0);
    if positive && lhs == e && *c == mul(rr, &AffineExpr::constant(-1)) {
        return Some(modulo(lhs, c));
    }
    // Try the last summand of the LHS against the RHS.
    let (ll, lr) = lhs.as_op(Op::Add)?;
    simplify_add(lr, rhs).map(|s| add(ll, &s))
}

fn simplify_mul(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let (lhs_const, rhs_const) = (lhs.as_constant(), rhs.as_constant());
    if let (Some(a), Some(b)) = (lhs_const, rhs_const) {
        return a.checked_mul(b).map(AffineExpr::constant);
    }
    if !lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant() {
        return None;
    }
    // The constant or symbolic operand goes to the right.
    if !rhs.is_symbolic_or_constant() || lhs_const.is_some() {
        return Some(mul(rhs, lhs));
    }
    match rhs_const {
        Some(1) => return Some(lhs.clone()),
        Some(0) => return Some(rhs.clone()),
        _ => {}
    }
    let (ll, lr) = lhs.as_op(Op::Mul)?;
    let lhs_rhs_const = lr.as_constant()?;
    // `(d0 * 2) * 3` is `d0 * 6`.
    if let Some(c) = rhs_const {
        return lhs_rhs_const.checked_mul(c).map(|p| mul(ll, &AffineExpr::constant(p)));
    }
    // Keep the constant on the right: `(d0 * 2) * s0` is `(d0 * s0) * 2`.
    Some(mul(&mul(ll, rhs), lr))
}

fn simplify_floor_div(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let c = rhs.as_constant().filter(|&c| c != 0)?;
    if let Some(a) = lhs.as_constant() {
        return super::expr::floor_div_i64(a, c).map(AffineExpr::constant);
    }
    if c == 1 {
        return Some(lhs.clone());
    }
    // `(e * 128) floordiv 64` is `e * 2`.
    if let Some((ll, lr)) = lhs.as_op(Op::Mul) {
        let m = lr.as_constant()?;
        if !divides(c, m) {
            return None;
        }
        return m.checked_div(c).map(|q| mul(ll, &AffineExpr::constant(q)));
    }
    // `(e1 + e2) floordiv c` splits when either summand is a known multiple of `c`.
    let (ll, lr) = lhs.as_op(Op::Add)?;
    if divides(c, ll.largest_known_divisor()) || divides(c, lr.largest_known_divisor()) {
        return Some(add(&floor_div(ll, rhs), &floor_div(lr, rhs)));
    }
    None
}

fn simplify_ceil_div(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let c = rhs.as_constant().filter(|&c| c != 0)?;
    if let Some(a) = lhs.as_constant() {
        return super::expr::ceil_div_i64(a, c).map(AffineExpr::constant);
    }
    if c == 1 {
        return Some(lhs.clone());
    }
    // `(e * 128) ceildiv 64` is `e * 2`.
    let (ll, lr) = lhs.as_op(Op::Mul)?;
    let m = lr.as_constant()?;
    if !divides(c, m) {
        return None;
    }
    m.checked_div(c).map(|q| mul(ll, &AffineExpr::constant(q)))
}

fn simplify_mod(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    // `mod` by zero or a negative value is undefined and kept as is.
    let c = rhs.as_constant().filter(|&c| c >= 1)?;
    if let Some(a) = lhs.as_constant() {
        return super::expr::mod_i64(a, c).map(AffineExpr::constant);
    }
    // A known multiple of `c`: `(e * 128) mod 64` is 0.
    if divides(c, lhs.largest_known_divisor()) {
        return Some(AffineExpr::constant(0));
    }
    // `(e1 + e2) mod c` drops a summand that is a known multiple of `c`.
    if let Some((ll, lr)) = lhs.as_op(Op::Add) {
        if divides(c, ll.largest_known_divisor()) {
            return Some(modulo(lr, rhs));
        }
        if divides(c, lr.largest_known_divisor()) {
            return Some(modulo(ll, rhs));
        }
    }
    // `(e mod a) mod c` is `e mod c` when `c` divides `a`.
    let (ll, lr) = lhs.as_op(Op::Mod)?;
    let a = lr.as_constant().filter(|&a| a >= 1)?;
    (a % c == 0).then(|| modulo(ll, rhs))
}
