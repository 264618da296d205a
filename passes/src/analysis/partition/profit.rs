//! Per-thread-block quantities as polynomials in the unknown trip count `n` with exact rational
//! coefficients: with symbolic problem sizes the paper compares per-TB profits such as
//! `8·n·TB_Y·(TB_X + 32)` (seed 000 (12)), so a count over one strip of a loop with an unknown
//! trip count is scaled by `n / strip`. Every unknown trip count is the same `n`: the comparison
//! is asymptotic (highest degree first), which is what "n symbolic" means for plans that all
//! grow with the problem. Coefficients are signed so that a saving (transactions of the original
//! references minus those of the cooperative copy, `features::coalesce_tran`) can be formed; the
//! profit itself is never negative.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;

/// `Σ_d (num_d / den_d) · n^d`, coefficients reduced, no zero term.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Poly {
    terms: BTreeMap<u32, (i128, u128)>,
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn reduce(num: i128, den: u128) -> (i128, u128) {
    let g = gcd(num.unsigned_abs(), den).max(1);
    (num / i128::try_from(g).unwrap_or(i128::MAX), den / g)
}

fn signed(v: u128) -> i128 {
    i128::try_from(v).unwrap_or(i128::MAX)
}

impl Poly {
    /// The constant `c`.
    pub fn constant(c: u64) -> Poly {
        Poly::term(0, u128::from(c), 1)
    }

    /// `num/den · n^degree`.
    pub fn term(degree: u32, num: u128, den: u128) -> Poly {
        let mut terms = BTreeMap::new();
        if num != 0 && den != 0 {
            terms.insert(degree, reduce(signed(num), den));
        }
        Poly { terms }
    }

    /// Whether it is zero.
    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    /// `self + other` (saturating).
    pub fn add(&self, other: &Poly) -> Poly {
        let mut out = self.clone();
        for (&d, &(n2, d2)) in &other.terms {
            let (n1, d1) = out.terms.get(&d).copied().unwrap_or((0, 1));
            let den = d1.saturating_mul(d2);
            let num = n1.saturating_mul(signed(d2)).saturating_add(n2.saturating_mul(signed(d1)));
            if num == 0 {
                out.terms.remove(&d);
            } else {
                out.terms.insert(d, reduce(num, den));
            }
        }
        out
    }

    /// `self − other` (saturating).
    pub fn sub(&self, other: &Poly) -> Poly {
        let neg = Poly { terms: other.terms.iter().map(|(&d, &(n, e))| (d, (n.saturating_neg(), e))).collect() };
        self.add(&neg)
    }

    /// `self − other` when that is positive for large `n`, otherwise zero.
    pub fn saturating_sub(&self, other: &Poly) -> Poly {
        if self > other {
            self.sub(other)
        } else {
            Poly::default()
        }
    }

    /// `self · other` (saturating).
    pub fn mul(&self, other: &Poly) -> Poly {
        let mut out = Poly::default();
        for (&d1, &(n1, e1)) in &self.terms {
            for (&d2, &(n2, e2)) in &other.terms {
                let den = e1.saturating_mul(e2);
                let num = n1.saturating_mul(n2);
                if num != 0 && den != 0 {
                    out = out.add(&Poly { terms: BTreeMap::from([(d1 + d2, reduce(num, den))]) });
                }
            }
        }
        out
    }

    /// `self · c`.
    pub fn scale(&self, c: u64) -> Poly {
        self.mul(&Poly::constant(c))
    }

    /// The value at `n` (for tables; comparisons use [`Ord`]).
    pub fn at(&self, n: f64) -> f64 {
        self.terms.iter().map(|(&d, &(a, b))| a as f64 / b as f64 * n.powi(d as i32)).sum()
    }
}

impl Ord for Poly {
    /// Compares for large `n`: highest degree first, then its coefficient, and so on down.
    fn cmp(&self, other: &Poly) -> Ordering {
        let degrees: Vec<u32> = {
            let mut d: Vec<u32> = self.terms.keys().chain(other.terms.keys()).copied().collect();
            d.sort_unstable_by(|a, b| b.cmp(a));
            d.dedup();
            d
        };
        for d in degrees {
            let (a, b) = self.terms.get(&d).copied().unwrap_or((0, 1));
            let (c, e) = other.terms.get(&d).copied().unwrap_or((0, 1));
            let ord = a.saturating_mul(signed(e)).cmp(&c.saturating_mul(signed(b)));
            if ord != Ordering::Equal {
                return ord;
            }
        }
        Ordering::Equal
    }
}

impl PartialOrd for Poly {
    fn partial_cmp(&self, other: &Poly) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Poly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.terms.is_empty() {
            return f.write_str("0");
        }
        let mut first = true;
        for (&d, &(num, den)) in self.terms.iter().rev() {
            match (first, num < 0) {
                (true, true) => f.write_str("-")?,
                (false, true) => f.write_str(" - ")?,
                (false, false) => f.write_str(" + ")?,
                (true, false) => {}
            }
            first = false;
            let num = num.unsigned_abs();
            let coeff = if den == 1 { num.to_string() } else { format!("{num}/{den}") };
            match d {
                0 => write!(f, "{coeff}")?,
                1 => write!(f, "{coeff} * n")?,
                _ => write!(f, "{coeff} * n^{d}")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compares_by_highest_degree_then_coefficient() {
        let a = Poly::term(1, 16384, 1);
        let b = Poly::term(1, 12288, 1).add(&Poly::constant(1 << 40));
        assert!(a > b);
        assert_eq!(Poly::term(1, 64, 2), Poly::term(1, 32, 1));
        assert_eq!(Poly::term(1, 1024 * 32, 32).to_string(), "1024 * n");
        assert_eq!(a.add(&Poly::constant(5)).to_string(), "16384 * n + 5");
        assert_eq!(Poly::term(1, 3, 1).mul(&Poly::term(1, 1, 2)).to_string(), "3/2 * n^2");
    }

    #[test]
    fn subtraction_is_signed_and_saturates_at_zero() {
        let a = Poly::term(1, 32, 1);
        let b = Poly::term(1, 1, 2).add(&Poly::constant(5));
        assert_eq!(a.sub(&b).to_string(), "63/2 * n - 5");
        assert_eq!(a.saturating_sub(&b).to_string(), "63/2 * n - 5");
        assert!(b.saturating_sub(&a).is_zero());
        assert!(a.saturating_sub(&a).is_zero());
        assert_eq!(a.sub(&a), Poly::default());
        assert!(a.sub(&b) > Poly::default());
    }
}
