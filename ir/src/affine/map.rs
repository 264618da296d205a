//! [`AffineMap`]: a list of affine expressions over declared dimensions and symbols
//! (upstream `mlir/lib/IR/AffineMap.cpp`).

use super::expr::{AffineExpr, AffineExprKind};
use super::{check_positions, AffineError};

/// `(d0, ..., dn)[s0, ..., sm] -> (e0, ..., ek)`: maps `n + 1` dimension values and
/// `m + 1` symbol values to `k + 1` results.
///
/// Invariant: the results mention only dimensions below [`num_dims`](Self::num_dims) and
/// symbols below [`num_symbols`](Self::num_symbols). `Display` prints upstream's form
/// without the `affine_map<...>` wrapper.
///
/// ```
/// # use sharc_ir::affine::{AffineExpr, AffineMap};
/// let (d0, s0) = (AffineExpr::dim(0), AffineExpr::symbol(0));
/// let map = AffineMap::new(2, 1, vec![&d0 + &s0, AffineExpr::dim(1)]).expect("in range");
/// assert_eq!(map.to_string(), "(d0, d1)[s0] -> (d0 + s0, d1)");
/// assert_eq!(map.eval(&[1, 2], &[10]), Some(vec![11, 2]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AffineMap {
    num_dims: u32,
    num_symbols: u32,
    results: Vec<AffineExpr>,
}

impl AffineMap {
    /// The map `(d0, ...)[s0, ...] -> (results...)`, or an error if a result mentions a
    /// dimension or symbol beyond the counts.
    pub fn new(num_dims: u32, num_symbols: u32, results: Vec<AffineExpr>) -> Result<Self, AffineError> {
        for e in &results {
            check_positions(e, num_dims, num_symbols)?;
        }
        Ok(Self { num_dims, num_symbols, results })
    }

    /// `(d0, ..., dn-1) -> (d0, ..., dn-1)`.
    pub fn identity(num_dims: u32) -> Self {
        Self { num_dims, num_symbols: 0, results: (0..num_dims).map(AffineExpr::dim).collect() }
    }

    /// `() -> (value)`.
    pub fn constant(value: i64) -> Self {
        Self { num_dims: 0, num_symbols: 0, results: vec![AffineExpr::constant(value)] }
    }

    /// `() -> ()`.
    pub fn empty() -> Self {
        Self { num_dims: 0, num_symbols: 0, results: Vec::new() }
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

    /// The number of results.
    pub fn num_results(&self) -> usize {
        self.results.len()
    }

    /// The result expressions.
    pub fn results(&self) -> &[AffineExpr] {
        &self.results
    }

    /// The result at `position`, if there is one.
    pub fn result(&self, position: usize) -> Option<&AffineExpr> {
        self.results.get(position)
    }

    /// True for `() -> ()`.
    pub fn is_empty(&self) -> bool {
        self.num_dims == 0 && self.num_symbols == 0 && self.results.is_empty()
    }

    /// True for `(d0, ..., dn-1) -> (d0, ..., dn-1)`, with or without symbols.
    pub fn is_identity(&self) -> bool {
        self.results.len() == self.num_dims as usize && self.results.iter().zip(0..).all(|(e, i)| e.as_dim() == Some(i))
    }

    /// True if the map has exactly one result and it is a constant.
    pub fn is_single_constant(&self) -> bool {
        self.single_constant_result().is_some()
    }

    /// The value of the only result, if the map has exactly one result and it is a
    /// constant.
    pub fn single_constant_result(&self) -> Option<i64> {
        match self.results.as_slice() {
            [only] => only.as_constant(),
            _ => None,
        }
    }

    /// True if every result is a constant.
    pub fn is_constant(&self) -> bool {
        self.results.iter().all(|e| e.as_constant().is_some())
    }

    /// The values of the results, if every result is a constant.
    pub fn constant_results(&self) -> Option<Vec<i64>> {
        self.results.iter().map(AffineExpr::as_constant).collect()
    }

    /// True if some result uses dimension `position`.
    pub fn is_function_of_dim(&self, position: u32) -> bool {
        self.results.iter().any(|e| e.is_function_of_dim(position))
    }

    /// True if the map has no symbols and each result is a distinct dimension or, when
    /// `allow_zero_in_results`, the constant 0 (upstream `isProjectedPermutation`):
    /// `(d0, d1, d2) -> (d2, d0)`.
    pub fn is_projected_permutation(&self, allow_zero_in_results: bool) -> bool {
        if self.num_symbols > 0 || self.results.len() > self.num_inputs() {
            return false;
        }
        let mut seen = vec![false; self.num_inputs()];
        self.results.iter().all(|e| match *e.kind() {
            AffineExprKind::Dim(p) => match seen.get_mut(p as usize) {
                Some(slot) if !*slot => {
                    *slot = true;
                    true
                }
                _ => false,
            },
            AffineExprKind::Constant(0) => allow_zero_in_results,
            _ => false,
        })
    }

    /// True if the results are the dimensions in some order: `(d0, d1) -> (d1, d0)`.
    pub fn is_permutation(&self) -> bool {
        self.results.len() == self.num_dims as usize && self.is_projected_permutation(false)
    }

    /// The results at the given dimension and symbol values, or `None` if the number of
    /// values does not match the map or a result is undefined (see [`AffineExpr::eval`]).
    pub fn eval(&self, dims: &[i64], symbols: &[i64]) -> Option<Vec<i64>> {
        if dims.len() != self.num_dims as usize || symbols.len() != self.num_symbols as usize {
            return None;
        }
        self.results.iter().map(|e| e.eval(dims, symbols)).collect()
    }

    /// `self ∘ inner`: feeds the results of `inner` to the dimensions of `self`. The
    /// composed map has the dimensions of `inner`, then the symbols of `self` followed by
    /// those of `inner` (upstream `AffineMap::compose`).
    ///
    /// Fails unless `self` has as many dimensions as `inner` has results.
    pub fn compose(&self, inner: &AffineMap) -> Result<AffineMap, AffineError> {
        if self.num_dims as usize != inner.results.len() {
            return Err(AffineError::ComposeMismatch { num_dims: self.num_dims, num_results: inner.results.len() });
        }
        let too_many = AffineError::SymbolOutOfRange { position: u32::MAX, num_symbols: u32::MAX };
        let num_symbols = self.num_symbols.checked_add(inner.num_symbols).ok_or(too_many)?;
        let dims: Vec<_> = (0..inner.num_dims).map(AffineExpr::dim).collect();
        let symbols: Vec<_> = (self.num_symbols..num_symbols).map(AffineExpr::symbol).collect();
        let inner_results: Vec<_> = inner.results.iter().map(|e| e.replace_dims_and_symbols(&dims, &symbols)).collect();
        let results = self.results.iter().map(|e| e.replace_dims(&inner_results)).collect();
        Ok(AffineMap { num_dims: inner.num_dims, num_symbols, results })
    }

    /// Substitutes `dims[i]` for `di` and `symbols[j]` for `sj` in every result (positions
    /// past the end of a slice are kept) and declares the given counts; fails if a result
    /// then mentions a dimension or symbol beyond them.
    pub fn replace_dims_and_symbols(
        &self,
        dims: &[AffineExpr],
        symbols: &[AffineExpr],
        num_result_dims: u32,
        num_result_symbols: u32,
    ) -> Result<AffineMap, AffineError> {
        let results = self.results.iter().map(|e| e.replace_dims_and_symbols(dims, symbols)).collect();
        AffineMap::new(num_result_dims, num_result_symbols, results)
    }

    /// Each result simplified through its flattened form (upstream `simplifyAffineMap`).
    pub fn simplify(&self) -> AffineMap {
        let results = self.results.iter().map(|e| e.simplify(self.num_dims, self.num_symbols)).collect();
        AffineMap { results, ..*self }
    }

    /// The map with only the results at `positions`, in that order (upstream `getSubMap`).
    pub fn sub_map(&self, positions: &[usize]) -> Result<AffineMap, AffineError> {
        let results =
            positions.iter().map(|&position| self.result_or_error(position).cloned()).collect::<Result<_, _>>()?;
        Ok(AffineMap { results, ..*self })
    }

    /// The map without the result at `position` (upstream `dropResult`).
    pub fn drop_result(&self, position: usize) -> Result<AffineMap, AffineError> {
        self.result_or_error(position)?;
        let mut results = self.results.clone();
        results.remove(position);
        Ok(AffineMap { results, ..*self })
    }

    fn result_or_error(&self, position: usize) -> Result<&AffineExpr, AffineError> {
        self.results.get(position).ok_or(AffineError::ResultOutOfRange { position, num_results: self.results.len() })
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

    fn map(num_dims: u32, num_symbols: u32, results: Vec<AffineExpr>) -> AffineMap {
        AffineMap::new(num_dims, num_symbols, results).expect("test maps are well formed")
    }

    #[test]
    fn constructors_print_like_upstream() {
        assert_eq!(AffineMap::identity(2).to_string(), "(d0, d1) -> (d0, d1)");
        assert_eq!(AffineMap::constant(0).to_string(), "() -> (0)");
        assert_eq!(AffineMap::empty().to_string(), "() -> ()");
        assert_eq!(map(1, 0, vec![]).to_string(), "(d0) -> ()");
        assert_eq!(map(0, 2, vec![s(1)]).to_string(), "()[s0, s1] -> (s1)");
    }

    #[test]
    fn new_rejects_out_of_range_positions() {
        assert_eq!(AffineMap::new(1, 0, vec![d(1)]), Err(AffineError::DimOutOfRange { position: 1, num_dims: 1 }));
        assert_eq!(
            AffineMap::new(1, 1, vec![d(0) + s(3)]),
            Err(AffineError::SymbolOutOfRange { position: 3, num_symbols: 1 })
        );
    }

    #[test]
    fn queries() {
        assert!(AffineMap::identity(3).is_identity());
        assert!(AffineMap::empty().is_empty() && AffineMap::identity(0).is_identity());
        assert!(!map(2, 0, vec![d(1), d(0)]).is_identity());
        assert!(map(2, 0, vec![d(1), d(0)]).is_permutation());
        assert!(!map(3, 0, vec![d(2), d(0)]).is_permutation());
        assert!(map(3, 0, vec![d(2), d(0)]).is_projected_permutation(false));
        assert!(!map(3, 0, vec![d(2), d(2)]).is_projected_permutation(false));
        assert!(!map(2, 0, vec![d(1), AffineExpr::constant(0)]).is_projected_permutation(false));
        assert!(map(2, 0, vec![d(1), AffineExpr::constant(0)]).is_projected_permutation(true));
        assert!(!map(2, 1, vec![d(1), d(0)]).is_projected_permutation(false));
        assert!(!map(1, 0, vec![d(0) + 1]).is_projected_permutation(true));
        assert_eq!(AffineMap::constant(7).single_constant_result(), Some(7));
        assert!(!map(1, 0, vec![d(0)]).is_single_constant());
        assert_eq!(map(1, 0, vec![3.into(), 4.into()]).constant_results(), Some(vec![3, 4]));
        assert!(map(2, 0, vec![d(1) * 2]).is_function_of_dim(1));
        assert!(!map(2, 0, vec![d(1) * 2]).is_function_of_dim(0));
    }

    #[test]
    fn eval_checks_operand_counts() {
        let m = map(2, 1, vec![d(0) * 2 + s(0), d(1).floor_div(2)]);
        assert_eq!(m.eval(&[3, -3], &[1]), Some(vec![7, -2]));
        assert_eq!(m.eval(&[3], &[1]), None);
        assert_eq!(m.eval(&[3, 4], &[]), None);
        assert_eq!(map(1, 1, vec![d(0).modulo(s(0))]).eval(&[1], &[0]), None);
    }

    #[test]
    fn compose_feeds_inner_results_and_concatenates_symbols() {
        // (d0, d1)[s0] -> (d0 + s0, d1 * 2) after (d0)[s0] -> (d0 + 1, s0).
        let outer = map(2, 1, vec![d(0) + s(0), d(1) * 2]);
        let inner = map(1, 1, vec![d(0) + 1, s(0)]);
        let composed = outer.compose(&inner).expect("counts match");
        assert_eq!(composed.to_string(), "(d0)[s0, s1] -> (d0 + s0 + 1, s1 * 2)");
        assert_eq!(
            outer.compose(&AffineMap::identity(3)),
            Err(AffineError::ComposeMismatch { num_dims: 2, num_results: 3 })
        );
        for (x, p, q) in [(0, 1, 2), (-5, 3, 7), (4, -2, 0)] {
            let step = inner.eval(&[x], &[q]).expect("defined");
            assert_eq!(composed.eval(&[x], &[p, q]), outer.eval(&step, &[p]));
        }
    }

    #[test]
    fn replace_sub_map_drop_and_simplify() {
        let m = map(2, 0, vec![d(0) + d(1), d(1), d(0) + d(1) - d(0)]);
        let swapped = m.replace_dims_and_symbols(&[d(1), d(0)], &[], 2, 0).expect("in range");
        assert_eq!(swapped.to_string(), "(d0, d1) -> (d0 + d1, d0, d0 + d1 - d1)");
        assert!(m.replace_dims_and_symbols(&[d(2)], &[], 2, 0).is_err());
        assert_eq!(m.sub_map(&[1, 0]).expect("in range").to_string(), "(d0, d1) -> (d1, d0 + d1)");
        assert!(m.sub_map(&[3]).is_err());
        assert_eq!(m.drop_result(0).expect("in range").num_results(), 2);
        assert!(m.drop_result(3).is_err());
        assert_eq!(m.simplify().to_string(), "(d0, d1) -> (d0 + d1, d1, d1)");
    }
}
