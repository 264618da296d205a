//! The polyhedral independence test: whether two accesses can touch one element under a
//! direction vector, decided on the whole system at once — both iteration domains (bounds that
//! relate induction variables included), the subscript equations and the direction
//! constraints — by Fourier–Motzkin elimination over the rationals, with each constraint's
//! constant tightened to integers (`Σ g·aᵢxᵢ + c ≥ 0` becomes `Σ aᵢxᵢ + ⌊c/g⌋ ≥ 0`).
//!
//! The Banerjee-style test (`banerjee.rs`) bounds each subscript equation separately through
//! per-loop intervals, so it cannot use `j ≥ k + 1` to rule out `A[k][j]` meeting `A[k][k]`
//! (LU's row scaling, where `k` is an outer sequential loop); here the domain constraint and
//! the equation `j = k` contradict each other. Like the other tests this one only rules
//! dependences out: an empty rational relaxation has no integer point; constraints it cannot
//! express (a `mod` or `floordiv` bound, a step) are left out, which only enlarges the set;
//! and a system that grows past [`MAX_ROWS`] during elimination counts as feasible.

use super::access::Access;
use super::dependence::Direction;
use super::linear::LinearExpr;
use super::loops::Domain;
use sharc_ir::affine::AffineExpr;
use sharc_ir::Value;

/// The most constraints elimination may hold before it gives up (answers "feasible").
const MAX_ROWS: usize = 512;

/// One constraint `coeffs · v + constant (≥ | =) 0`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Row {
    coeffs: Vec<i128>,
    constant: i128,
}

/// Whether `a` (iteration `x`) and `b` (iteration `y`) may touch the same element with `x` and
/// `y` related by `dir` over their first `n` (common) loops. `la` are `a`'s subscripts, `lb`
/// `b`'s with symbols renumbered to `a`'s symbols followed by `b`'s others (as the dependence
/// analysis aligns them).
pub(crate) fn may_depend(
    a: &Access,
    b: &Access,
    la: &[LinearExpr],
    lb: &[LinearExpr],
    n: usize,
    dir: &[Direction],
) -> bool {
    let symbols = merged_symbols(&a.domain, &b.domain);
    let (da, db) = (a.depth(), b.depth());
    let vars = da + db + symbols.len();
    let mut sys = System { vars, ineqs: Vec::new(), eqs: Vec::new() };
    let a_syms: Vec<usize> = a.domain.symbols.iter().map(|s| position(&symbols, s)).collect();
    let b_syms: Vec<usize> = b.domain.symbols.iter().map(|s| position(&symbols, s)).collect();
    sys.add_domain(&a.domain, 0, da + db, &a_syms);
    sys.add_domain(&b.domain, da, da + db, &b_syms);
    let identity: Vec<usize> = (0..symbols.len()).collect();
    for (x, y) in la.iter().zip(lb) {
        let (Some(rx), Some(ry)) = (sys.linear(x, 0, da + db, &identity), sys.linear(y, da, da + db, &identity)) else {
            continue;
        };
        sys.eqs.push(sub(&rx, &ry));
    }
    for (l, d) in dir.iter().enumerate().take(n.min(da).min(db)) {
        let mut r = Row { coeffs: vec![0; vars], constant: 0 };
        match d {
            Direction::Eq => {
                r.coeffs[da + l] = 1;
                r.coeffs[l] = -1;
                sys.eqs.push(r);
            }
            Direction::Lt => {
                r.coeffs[da + l] = 1;
                r.coeffs[l] = -1;
                r.constant = -1;
                sys.ineqs.push(r);
            }
            Direction::Gt => {
                r.coeffs[l] = 1;
                r.coeffs[da + l] = -1;
                r.constant = -1;
                sys.ineqs.push(r);
            }
            Direction::Star => {}
        }
    }
    sys.feasible()
}

fn merged_symbols(a: &Domain, b: &Domain) -> Vec<Value> {
    let mut out = a.symbols.clone();
    out.extend(b.symbols.iter().filter(|s| !a.symbols.contains(s)));
    out
}

fn position(symbols: &[Value], s: &Value) -> usize {
    symbols.iter().position(|x| x == s).expect("merged symbols hold every domain's symbols")
}

fn sub(x: &Row, y: &Row) -> Row {
    Row { coeffs: x.coeffs.iter().zip(&y.coeffs).map(|(a, b)| a - b).collect(), constant: x.constant - y.constant }
}

/// A system over `vars` rational variables: the iteration of the first access, then of the
/// second, then the symbols.
struct System {
    vars: usize,
    ineqs: Vec<Row>,
    eqs: Vec<Row>,
}

impl System {
    /// A linear form over dims `d0..` (variables from `dim_base`) and symbols (mapped through
    /// `syms` to variables from `sym_base`).
    fn linear(&self, e: &LinearExpr, dim_base: usize, sym_base: usize, syms: &[usize]) -> Option<Row> {
        let mut r = Row { coeffs: vec![0; self.vars], constant: i128::from(e.constant) };
        for (d, &c) in e.dims.iter().enumerate() {
            *r.coeffs.get_mut(dim_base + d)? += i128::from(c);
        }
        for (s, &c) in e.symbols.iter().enumerate() {
            *r.coeffs.get_mut(sym_base + *syms.get(s)?)? += i128::from(c);
        }
        Some(r)
    }

    fn expr(
        &self,
        e: &AffineExpr,
        depth: usize,
        nsyms: usize,
        base: usize,
        sym_base: usize,
        syms: &[usize],
    ) -> Option<Row> {
        let l = LinearExpr::from_expr(e, depth, nsyms)?;
        self.linear(&l, base, sym_base, syms)
    }

    /// The bounds and `affine.if` conditions of `d`, its loop `l` at variable `base + l`.
    fn add_domain(&mut self, d: &Domain, base: usize, sym_base: usize, syms: &[usize]) {
        let (depth, nsyms) = (d.depth(), d.symbols.len());
        for (l, lp) in d.loops.iter().enumerate() {
            let mut iv = Row { coeffs: vec![0; self.vars], constant: 0 };
            iv.coeffs[base + l] = 1;
            for e in &lp.lower {
                if let Some(r) = self.expr(e, depth, nsyms, base, sym_base, syms) {
                    self.ineqs.push(sub(&iv, &r)); // iv - lower >= 0
                }
            }
            for e in &lp.upper {
                if let Some(r) = self.expr(e, depth, nsyms, base, sym_base, syms) {
                    let mut row = sub(&r, &iv); // upper - iv - 1 >= 0
                    row.constant -= 1;
                    self.ineqs.push(row);
                }
            }
        }
        for c in &d.conditions {
            if let Some(r) = self.expr(&c.expr, depth, nsyms, base, sym_base, syms) {
                if c.is_eq {
                    self.eqs.push(r);
                } else {
                    self.ineqs.push(r);
                }
            }
        }
    }

    /// Fourier–Motzkin: false only when the system has no rational solution (after integer
    /// tightening of each constraint).
    fn feasible(mut self) -> bool {
        // Equalities first: each one with a non-zero coefficient eliminates that variable.
        while let Some(eq) = self.eqs.pop() {
            let Some(v) = (0..self.vars).find(|&v| eq.coeffs[v] != 0) else {
                if eq.constant != 0 {
                    return false;
                }
                continue;
            };
            let g = gcd_all(&eq.coeffs);
            if g > 1 && eq.constant % g != 0 {
                return false; // no integer solution
            }
            let substitute = |r: &Row| combine(r, &eq, v);
            let (Some(eqs), Some(ineqs)) = (
                self.eqs.iter().map(substitute).collect::<Option<Vec<Row>>>(),
                self.ineqs.iter().map(substitute).collect::<Option<Vec<Row>>>(),
            ) else {
                return true; // overflow: give up, feasible
            };
            (self.eqs, self.ineqs) = (eqs, ineqs);
        }
        let mut rows: Vec<Row> = Vec::new();
        for r in self.ineqs {
            match tighten(r) {
                Some(r) => rows.push(r),
                None => return false,
            }
        }
        for v in 0..self.vars {
            let (pos, rest): (Vec<Row>, Vec<Row>) = rows.into_iter().partition(|r| r.coeffs[v] > 0);
            let (neg, mut keep): (Vec<Row>, Vec<Row>) = rest.into_iter().partition(|r| r.coeffs[v] < 0);
            if pos.len() * neg.len() + keep.len() > MAX_ROWS {
                return true;
            }
            for p in &pos {
                for q in &neg {
                    let (cp, cq) = (p.coeffs[v], -q.coeffs[v]);
                    // Both multipliers positive: the sum of two `≥ 0` rows, `v` cancelled.
                    let Some(r) = lincomb(cq, p, cp, q) else { return true };
                    match tighten(r) {
                        Some(r) => keep.push(r),
                        None => return false,
                    }
                }
            }
            keep.sort_by(|x, y| x.coeffs.cmp(&y.coeffs).then(x.constant.cmp(&y.constant)));
            keep.dedup_by(|x, y| x.coeffs == y.coeffs && x.constant >= y.constant);
            rows = keep;
        }
        true
    }
}

/// `r` with variable `v` eliminated through the equality `eq` (whose coefficient of `v` is
/// non-zero): `|eq.v| · r − sign(eq.v) · r.v · eq`, which keeps `r`'s sense (an inequality
/// stays `≥`); `None` on overflow.
fn combine(r: &Row, eq: &Row, v: usize) -> Option<Row> {
    let (a, b) = (eq.coeffs[v], r.coeffs[v]);
    if b == 0 {
        return Some(r.clone());
    }
    lincomb(a.abs(), r, -(b * a.signum()), eq)
}

/// `ka · x + kb · y`, `None` on overflow.
fn lincomb(ka: i128, x: &Row, kb: i128, y: &Row) -> Option<Row> {
    let term = |p: i128, q: i128| ka.checked_mul(p)?.checked_add(kb.checked_mul(q)?);
    let coeffs = x.coeffs.iter().zip(&y.coeffs).map(|(&p, &q)| term(p, q)).collect::<Option<Vec<i128>>>()?;
    Some(Row { coeffs, constant: term(x.constant, y.constant)? })
}

/// The inequality divided by the gcd of its coefficients, the constant rounded down (no
/// integer point is lost); `None` if it is a constant inequality that fails.
fn tighten(mut r: Row) -> Option<Row> {
    let g = gcd_all(&r.coeffs);
    if g == 0 {
        return (r.constant >= 0).then_some(r);
    }
    if g > 1 {
        r.coeffs.iter_mut().for_each(|c| *c /= g);
        r.constant = r.constant.div_euclid(g);
    }
    Some(r)
}

fn gcd_all(v: &[i128]) -> i128 {
    v.iter().fold(0, |g, &c| gcd(g, c.abs()))
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
