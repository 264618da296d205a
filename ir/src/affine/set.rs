//! [`IntegerSet`]: a conjunction of affine constraints over declared dimensions and
//! symbols (upstream `mlir/lib/IR/IntegerSet.cpp`).

use super::expr::AffineExpr;
use super::{check_positions, AffineError};

/// `(d0, ..., dn)[s0, ..., sm] : (c0 >= 0, c1 == 0, ...)`: the points where every
/// inequality constraint is non-negative and every equality constraint is zero.
///
/// Invariants: there is at least one constraint (upstream cannot represent none; an empty
/// list becomes the trivially true `0 == 0`, as upstream's parser makes it), one equality
/// flag per constraint, and only dimensions below [`num_dims`](Self::num_dims) and symbols
/// below [`num_symbols`](Self::num_symbols). `Display` prints upstream's form without the
/// `affine_set<...>` wrapper.
///
/// ```
/// # use sharc_ir::affine::{AffineExpr, IntegerSet};
/// let (d0, s0) = (AffineExpr::dim(0), AffineExpr::symbol(0));
/// let set = IntegerSet::new(1, 1, vec![&d0 - 10, &s0 - &d0], vec![false, true])
///     .expect("in range");
/// assert_eq!(set.to_string(), "(d0)[s0] : (d0 - 10 >= 0, -d0 + s0 == 0)");
/// assert_eq!(set.contains(&[12], &[12]), Some(true));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IntegerSet {
    num_dims: u32,
    num_symbols: u32,
    constraints: Vec<AffineExpr>,
    eq_flags: Vec<bool>,
}

impl IntegerSet {
    /// The set of points satisfying `constraints[i] == 0` where `eq_flags[i]`, and
    /// `constraints[i] >= 0` elsewhere. No constraints means the whole space, stored as
    /// `0 == 0`. Fails if the lengths differ or a constraint mentions a dimension or symbol
    /// beyond the counts.
    pub fn new(
        num_dims: u32,
        num_symbols: u32,
        constraints: Vec<AffineExpr>,
        eq_flags: Vec<bool>,
    ) -> Result<Self, AffineError> {
        if constraints.len() != eq_flags.len() {
            return Err(AffineError::ConstraintCountMismatch {
                constraints: constraints.len(),
                eq_flags: eq_flags.len(),
            });
        }
        if constraints.is_empty() {
            return Ok(Self::universe(num_dims, num_symbols));
        }
        for e in &constraints {
            check_positions(e, num_dims, num_symbols)?;
        }
        Ok(Self { num_dims, num_symbols, constraints, eq_flags })
    }

    /// The canonical empty set, `1 == 0` (upstream `getEmptySet`).
    pub fn empty(num_dims: u32, num_symbols: u32) -> Self {
        Self { num_dims, num_symbols, constraints: vec![AffineExpr::constant(1)], eq_flags: vec![true] }
    }

    /// The whole space, `0 == 0`.
    pub fn universe(num_dims: u32, num_symbols: u32) -> Self {
        Self { num_dims, num_symbols, constraints: vec![AffineExpr::constant(0)], eq_flags: vec![true] }
    }

    /// True if this is the canonical empty set `1 == 0` (upstream `isEmptyIntegerSet`);
    /// other empty sets, such as `d0 >= 0, -d0 - 1 >= 0`, are not detected.
    pub fn is_empty_integer_set(&self) -> bool {
        *self == Self::empty(self.num_dims, self.num_symbols)
    }

    /// The number of dimensions.
    pub fn num_dims(&self) -> u32 {
        self.num_dims
    }

    /// The number of symbols.
    pub fn num_symbols(&self) -> u32 {
        self.num_symbols
    }

    /// The number of dimensions plus the number of symbols.
    pub fn num_inputs(&self) -> usize {
        (self.num_dims as usize).saturating_add(self.num_symbols as usize)
    }

    /// The number of constraints (at least one).
    pub fn num_constraints(&self) -> usize {
        self.constraints.len()
    }

    /// The number of equality constraints.
    pub fn num_equalities(&self) -> usize {
        self.eq_flags.iter().filter(|&&eq| eq).count()
    }

    /// The number of inequality constraints.
    pub fn num_inequalities(&self) -> usize {
        self.eq_flags.len() - self.num_equalities()
    }

    /// The constraints in order, each with `true` for `== 0` and `false` for `>= 0`.
    pub fn constraints(&self) -> impl ExactSizeIterator<Item = (&AffineExpr, bool)> + '_ {
        self.constraints.iter().zip(self.eq_flags.iter().copied())
    }

    /// The constraint at `position`, with its equality flag.
    pub fn constraint(&self, position: usize) -> Option<(&AffineExpr, bool)> {
        Some((self.constraints.get(position)?, *self.eq_flags.get(position)?))
    }

    /// The constraint expressions.
    pub fn constraint_exprs(&self) -> &[AffineExpr] {
        &self.constraints
    }

    /// The equality flags, one per constraint.
    pub fn eq_flags(&self) -> &[bool] {
        &self.eq_flags
    }

    /// Whether the point satisfies every constraint; `None` if the number of values does
    /// not match the set or some constraint is undefined there (see [`AffineExpr::eval`]).
    pub fn contains(&self, dims: &[i64], symbols: &[i64]) -> Option<bool> {
        if dims.len() != self.num_dims as usize || symbols.len() != self.num_symbols as usize {
            return None;
        }
        let mut inside = true;
        for (e, is_eq) in self.constraints() {
            let value = e.eval(dims, symbols)?;
            inside &= if is_eq { value == 0 } else { value >= 0 };
        }
        Some(inside)
    }

    /// Substitutes `dims[i]` for `di` and `symbols[j]` for `sj` in every constraint
    /// (positions past the end of a slice are kept) and declares the given counts; fails
    /// if a constraint then mentions a dimension or symbol beyond them.
    pub fn replace_dims_and_symbols(
        &self,
        dims: &[AffineExpr],
        symbols: &[AffineExpr],
        num_result_dims: u32,
        num_result_symbols: u32,
    ) -> Result<IntegerSet, AffineError> {
        let constraints = self.constraints.iter().map(|e| e.replace_dims_and_symbols(dims, symbols)).collect();
        IntegerSet::new(num_result_dims, num_result_symbols, constraints, self.eq_flags.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(i: u32) -> AffineExpr {
        AffineExpr::dim(i)
    }

    fn s(i: u32) -> AffineExpr {
        AffineExpr::symbol(i)
    }

    #[test]
    fn prints_like_upstream() {
        let set = IntegerSet::new(2, 1, vec![d(0) - 10, s(0) - d(1), d(0) + d(1)], vec![false, true, false])
            .expect("in range");
        assert_eq!(set.to_string(), "(d0, d1)[s0] : (d0 - 10 >= 0, -d1 + s0 == 0, d0 + d1 >= 0)");
        assert_eq!(IntegerSet::empty(1, 0).to_string(), "(d0) : (1 == 0)");
        assert_eq!(IntegerSet::universe(0, 1).to_string(), "()[s0] : (0 == 0)");
    }

    #[test]
    fn new_validates_and_normalizes() {
        assert_eq!(
            IntegerSet::new(1, 0, vec![d(0)], vec![]),
            Err(AffineError::ConstraintCountMismatch { constraints: 1, eq_flags: 0 })
        );
        assert!(IntegerSet::new(1, 0, vec![s(0)], vec![true]).is_err());
        let all = IntegerSet::new(1, 0, vec![], vec![]).expect("no constraints is fine");
        assert_eq!(all, IntegerSet::universe(1, 0));
        assert_eq!(all.num_constraints(), 1);
        assert!(IntegerSet::empty(2, 1).is_empty_integer_set());
        assert!(!all.is_empty_integer_set());
    }

    #[test]
    fn contains_evaluates_every_constraint() {
        // 0 <= d0 < s0, d0 even.
        let set = IntegerSet::new(1, 1, vec![d(0), s(0) - d(0) - 1, d(0).modulo(2)], vec![false, false, true])
            .expect("in range");
        assert_eq!((set.num_equalities(), set.num_inequalities()), (1, 2));
        let inside: Vec<i64> = (-3..10).filter(|&x| set.contains(&[x], &[6]) == Some(true)).collect();
        assert_eq!(inside, vec![0, 2, 4]);
        assert_eq!(set.contains(&[1], &[]), None);
        let undefined = IntegerSet::new(1, 1, vec![d(0).floor_div(s(0))], vec![false]).expect("in range");
        assert_eq!(undefined.contains(&[1], &[0]), None);
        assert_eq!(IntegerSet::empty(1, 0).contains(&[0], &[]), Some(false));
    }

    #[test]
    fn replace_dims_and_symbols_revalidates() {
        let set = IntegerSet::new(1, 1, vec![d(0) - s(0)], vec![false]).expect("in range");
        let fixed = set.replace_dims_and_symbols(&[], &[AffineExpr::constant(4)], 1, 0).expect("in range");
        assert_eq!(fixed.to_string(), "(d0) : (d0 - 4 >= 0)");
        assert!(set.replace_dims_and_symbols(&[], &[], 1, 0).is_err());
        assert_eq!(fixed.constraint(0).map(|(_, eq)| eq), Some(false));
        assert_eq!(fixed.constraint(1), None);
    }
}
