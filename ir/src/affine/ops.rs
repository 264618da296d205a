//! Arithmetic operators on [`AffineExpr`], by value, by reference and with `i64`, each
//! delegating to the simplifying constructors exactly as upstream's C++ operators do:
//! `a - b` is `a + b * -1`, `-a` is `a * -1`, `c - a` is `a * -1 + c`, and an `i64`
//! operand on the left is moved to the right (`2 * a` is `a * 2`).

use std::ops::{Add, Mul, Neg, Sub};

use super::expr::AffineExpr;
use super::simplify;

fn neg(e: &AffineExpr) -> AffineExpr {
    simplify::mul(e, &AffineExpr::constant(-1))
}

/// Implements `$trait` for every pairing of `AffineExpr`/`&AffineExpr` operands and for
/// `i64` on either side, through `$f(&AffineExpr, &AffineExpr)`.
macro_rules! impl_binary {
    ($trait:ident, $method:ident, $f:expr, $rev_i64:expr) => {
        impl $trait<AffineExpr> for AffineExpr {
            type Output = AffineExpr;
            fn $method(self, rhs: AffineExpr) -> AffineExpr {
                $f(&self, &rhs)
            }
        }
        impl $trait<&AffineExpr> for AffineExpr {
            type Output = AffineExpr;
            fn $method(self, rhs: &AffineExpr) -> AffineExpr {
                $f(&self, rhs)
            }
        }
        impl $trait<AffineExpr> for &AffineExpr {
            type Output = AffineExpr;
            fn $method(self, rhs: AffineExpr) -> AffineExpr {
                $f(self, &rhs)
            }
        }
        impl $trait<&AffineExpr> for &AffineExpr {
            type Output = AffineExpr;
            fn $method(self, rhs: &AffineExpr) -> AffineExpr {
                $f(self, rhs)
            }
        }
        impl $trait<i64> for AffineExpr {
            type Output = AffineExpr;
            fn $method(self, rhs: i64) -> AffineExpr {
                $f(&self, &AffineExpr::constant(rhs))
            }
        }
        impl $trait<i64> for &AffineExpr {
            type Output = AffineExpr;
            fn $method(self, rhs: i64) -> AffineExpr {
                $f(self, &AffineExpr::constant(rhs))
            }
        }
        impl $trait<AffineExpr> for i64 {
            type Output = AffineExpr;
            fn $method(self, rhs: AffineExpr) -> AffineExpr {
                $rev_i64(self, &rhs)
            }
        }
        impl $trait<&AffineExpr> for i64 {
            type Output = AffineExpr;
            fn $method(self, rhs: &AffineExpr) -> AffineExpr {
                $rev_i64(self, rhs)
            }
        }
    };
}

impl_binary!(Add, add, simplify::add, |c: i64, e: &AffineExpr| { simplify::add(e, &AffineExpr::constant(c)) });
impl_binary!(Mul, mul, simplify::mul, |c: i64, e: &AffineExpr| { simplify::mul(e, &AffineExpr::constant(c)) });
impl_binary!(Sub, sub, |a: &AffineExpr, b: &AffineExpr| simplify::add(a, &neg(b)), |c: i64, e: &AffineExpr| {
    simplify::add(&neg(e), &AffineExpr::constant(c))
});

impl Neg for AffineExpr {
    type Output = AffineExpr;
    fn neg(self) -> AffineExpr {
        neg(&self)
    }
}

impl Neg for &AffineExpr {
    type Output = AffineExpr;
    fn neg(self) -> AffineExpr {
        neg(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operators_accept_values_references_and_integers() {
        let d0 = AffineExpr::dim(0);
        let d1 = AffineExpr::dim(1);
        assert_eq!((&d0 + &d1).to_string(), "d0 + d1");
        assert_eq!((d1.clone() + d0.clone()).to_string(), "d0 + d1");
        assert_eq!((&d0 - &d1).to_string(), "d0 - d1");
        assert_eq!((&d0 - 2).to_string(), "d0 - 2");
        assert_eq!((3 - &d0).to_string(), "-d0 + 3");
        assert_eq!((2 * &d0).to_string(), "d0 * 2");
        assert_eq!((-&d0).to_string(), "-d0");
        assert_eq!((-(-d0.clone())).to_string(), "d0");
        assert_eq!((&d0 * 3 - &d0 * 3).to_string(), "0");
    }

    #[test]
    fn subtracting_i64_min_keeps_the_unfoldable_negation() {
        // `-i64::MIN` does not fit: the product stays a node, like any overflowing fold.
        let e = AffineExpr::dim(0) - i64::MIN;
        assert_eq!(e.to_string(), "d0 - -9223372036854775808");
        assert_eq!(e.eval(&[-1], &[]), None);
    }
}
