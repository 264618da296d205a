//! Independence tests for pairs that are not uniformly generated: for a direction vector
//! over the common loops, each subscript equation `F_a(x)_r = F_b(y)_r` is rewritten over
//! the variables the directions leave (`y_l = x_l` for `=`, `y_l = x_l + δ`, `δ ≥ 1` for
//! `<`, `x_l = y_l + δ` for `>`) and checked by
//!
//! - the GCD test: the gcd of the coefficients must divide the constant;
//! - a Banerjee-style bounds test: the constant must lie between the minimum and maximum of
//!   the left-hand side over the variables' ranges, obtained by interval arithmetic through
//!   the loop bounds (symbolic bounds leave a side open).
//!
//! Both tests only ever rule dependences out, so the answer "may depend" is conservative.

use super::access::Access;
use super::dependence::Direction;
use super::linear::LinearExpr;
use super::loops::Domain;

/// A closed interval; `None` ends are infinite.
type Interval = (Option<i128>, Option<i128>);

const ANY: Interval = (None, None);

/// Whether the two accesses may touch the same element with the iteration relation `dir`
/// (one component per common loop, `a`'s iteration compared with `b`'s).
pub(crate) fn may_depend(
    a: &Access,
    b: &Access,
    la: &[LinearExpr],
    lb: &[LinearExpr],
    n: usize,
    dir: &[Direction],
) -> bool {
    let (ia, ib) = (iv_intervals(&a.domain), iv_intervals(&b.domain));
    la.iter().zip(lb).all(|(x, y)| equation_may_hold(x, y, &ia, &ib, n, dir))
}

fn equation_may_hold(
    x: &LinearExpr,
    y: &LinearExpr,
    ia: &[Interval],
    ib: &[Interval],
    n: usize,
    dir: &[Direction],
) -> bool {
    let rhs = i128::from(y.constant) - i128::from(x.constant);
    let mut terms: Vec<(i128, Interval)> = Vec::new();
    for k in 0..x.symbols.len().max(y.symbols.len()) {
        let c = i128::from(*x.symbols.get(k).unwrap_or(&0)) - i128::from(*y.symbols.get(k).unwrap_or(&0));
        terms.push((c, ANY));
    }
    let at = |v: &[i64], l: usize| i128::from(*v.get(l).unwrap_or(&0));
    let interval = |iv: &[Interval], l: usize| iv.get(l).copied().unwrap_or(ANY);
    for l in 0..x.dims.len().max(y.dims.len()) {
        let (ca, cb) = (at(&x.dims, l), at(&y.dims, l));
        let d = if l < n { dir.get(l).copied().unwrap_or(Direction::Star) } else { Direction::Star };
        let span = match interval(ia, l) {
            (Some(lo), Some(hi)) => Some(hi - lo),
            _ => None,
        };
        let delta = (Some(1), span);
        if matches!(d, Direction::Lt | Direction::Gt) && span.is_some_and(|s| s < 1) {
            return false;
        }
        match d {
            Direction::Eq => terms.push((ca - cb, interval(ia, l))),
            Direction::Lt => terms.extend([(ca - cb, interval(ia, l)), (-cb, delta)]),
            Direction::Gt => terms.extend([(ca - cb, interval(ib, l)), (ca, delta)]),
            Direction::Star => {
                if l < x.dims.len() {
                    terms.push((ca, interval(ia, l)));
                }
                if l < y.dims.len() {
                    terms.push((-cb, interval(ib, l)));
                }
            }
        }
    }
    gcd_test(&terms, rhs) && bounds_test(&terms, rhs)
}

fn gcd_test(terms: &[(i128, Interval)], rhs: i128) -> bool {
    let g = terms.iter().fold(0i128, |g, &(c, _)| gcd(g, c));
    if g == 0 {
        rhs == 0
    } else {
        rhs % g == 0
    }
}

fn bounds_test(terms: &[(i128, Interval)], rhs: i128) -> bool {
    let (mut min, mut max) = (Some(0i128), Some(0i128));
    for &(c, (lo, hi)) in terms {
        if c == 0 {
            continue;
        }
        let (at_lo, at_hi) = (lo.and_then(|v| v.checked_mul(c)), hi.and_then(|v| v.checked_mul(c)));
        let (tmin, tmax) = if c > 0 { (at_lo, at_hi) } else { (at_hi, at_lo) };
        min = min.zip(tmin).and_then(|(a, b)| a.checked_add(b));
        max = max.zip(tmax).and_then(|(a, b)| a.checked_add(b));
    }
    min.is_none_or(|m| rhs >= m) && max.is_none_or(|m| rhs <= m)
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The range of each induction variable, by interval arithmetic through the bounds
/// (`iv >= max_j min(lb_j)`, `iv <= min_j max(ub_j) - 1`); symbols are unbounded.
pub(crate) fn iv_intervals(domain: &Domain) -> Vec<Interval> {
    let mut out: Vec<Interval> = Vec::with_capacity(domain.depth());
    let ns = domain.symbols.len();
    for (l, lp) in domain.loops.iter().enumerate() {
        let range = |e: &sharc_ir::affine::AffineExpr| -> Interval {
            let Some(lin) = LinearExpr::from_expr(e, l, ns.max(symbol_count(e))) else { return ANY };
            let mut acc: Interval = (Some(i128::from(lin.constant)), Some(i128::from(lin.constant)));
            let vars = lin.dims.iter().zip(out.iter().copied()).chain(lin.symbols.iter().map(|c| (c, ANY)));
            for (&c, (lo, hi)) in vars {
                if c == 0 {
                    continue;
                }
                let c = i128::from(c);
                let (a, b) = (lo.map(|v| v * c), hi.map(|v| v * c));
                let (tmin, tmax) = if c > 0 { (a, b) } else { (b, a) };
                acc = (acc.0.zip(tmin).map(|(x, y)| x + y), acc.1.zip(tmax).map(|(x, y)| x + y));
            }
            acc
        };
        let lo = lp.lower.iter().filter_map(|e| range(e).0).max();
        let hi = lp.upper.iter().filter_map(|e| range(e).1).min().map(|v| v - 1);
        out.push((lo, hi));
    }
    out
}

/// One more than the largest symbol position in `e` (0 if none).
fn symbol_count(e: &sharc_ir::affine::AffineExpr) -> usize {
    let mut n = 0;
    e.walk(&mut |x| {
        if let Some(p) = x.as_symbol() {
            n = n.max(p as usize + 1);
        }
    });
    n
}
