//! Integer solutions of linear systems `A·x = b` as lattices `{p + B·t : t ∈ ℤᵏ}`, and exact
//! feasibility of such a lattice inside a box.
//!
//! The solver brings `A` to column echelon form `A·U = H` with unimodular column operations
//! (the extended Euclid step on each row), solves `H·z = b` by forward substitution and maps
//! back `x = U·z`; the non-pivot columns of `U` span the kernel. This is the exact integer
//! solution set, so a dependence distance set built on it is exact (no rational
//! relaxation). Arithmetic is checked; an overflow answers "unknown".

/// How many box points or lattice values [`Lattice::feasible`] may try before it gives up.
const SEARCH_BUDGET: u64 = 1 << 12;

/// The outcome of solving a system.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Solution {
    /// No integer solution.
    Empty,
    /// The solutions.
    Lattice(Lattice),
    /// Arithmetic overflowed; nothing is known.
    Unknown,
}

/// The integer points `point + Σ tᵢ·basis[i]` (`tᵢ ∈ ℤ`); the basis vectors are linearly
/// independent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lattice {
    /// One point of the lattice.
    pub point: Vec<i64>,
    /// Generators of the directions along which the lattice extends.
    pub basis: Vec<Vec<i64>>,
}

/// Solves `rows·x = rhs` over the integers, `x ∈ ℤⁿ`.
pub(crate) fn solve(rows: &[Vec<i64>], rhs: &[i64], n: usize) -> Solution {
    match solve_i128(rows, rhs, n) {
        Some(Some((point, basis))) => {
            let to64 = |v: Vec<i128>| v.into_iter().map(|x| i64::try_from(x).ok()).collect::<Option<Vec<i64>>>();
            let point = to64(point);
            let basis: Option<Vec<Vec<i64>>> = basis.into_iter().map(to64).collect();
            match (point, basis) {
                (Some(point), Some(basis)) => Solution::Lattice(Lattice { point, basis }),
                _ => Solution::Unknown,
            }
        }
        Some(None) => Solution::Empty,
        None => Solution::Unknown,
    }
}

type Solved = Option<(Vec<i128>, Vec<Vec<i128>>)>;

/// `None`: overflow; `Some(None)`: no solution.
fn solve_i128(rows: &[Vec<i64>], rhs: &[i64], n: usize) -> Option<Solved> {
    if rows.len() != rhs.len() || rows.iter().any(|r| r.len() != n) {
        return None;
    }
    let mut h: Vec<Vec<i128>> = rows.iter().map(|r| r.iter().map(|&x| i128::from(x)).collect()).collect();
    // u[row][col]; column j of u records the operations applied to column j of h.
    let mut u: Vec<Vec<i128>> = (0..n).map(|i| (0..n).map(|j| i128::from(i == j)).collect()).collect();
    let mut pivots = Vec::with_capacity(rows.len());
    let mut next = 0;
    for i in 0..h.len() {
        while let Some(jmin) = (next..n).filter(|&j| h[i][j] != 0).min_by_key(|&j| h[i][j].unsigned_abs()) {
            swap_cols(&mut h, jmin, next);
            swap_cols(&mut u, jmin, next);
            let mut reduced = true;
            for j in next + 1..n {
                if h[i][j] != 0 {
                    let q = h[i][j] / h[i][next];
                    sub_col(&mut h, j, next, q)?;
                    sub_col(&mut u, j, next, q)?;
                    reduced &= h[i][j] == 0;
                }
            }
            if reduced {
                break;
            }
        }
        if next < n && h[i][next] != 0 {
            pivots.push(Some(next));
            next += 1;
        } else {
            pivots.push(None);
        }
    }
    let mut z = vec![0i128; n];
    for (i, pivot) in pivots.iter().enumerate() {
        let mut s = i128::from(rhs[i]);
        for j in 0..n {
            s = s.checked_sub(h[i][j].checked_mul(z[j])?)?;
        }
        match *pivot {
            Some(c) if s % h[i][c] == 0 => z[c] = s / h[i][c],
            None if s == 0 => {}
            _ => return Some(None),
        }
    }
    let mut point = vec![0i128; n];
    for (r, row) in u.iter().enumerate() {
        for (c, &x) in row.iter().enumerate() {
            point[r] = point[r].checked_add(x.checked_mul(z[c])?)?;
        }
    }
    let basis = (next..n).map(|c| u.iter().map(|row| row[c]).collect()).collect();
    Some(Some((point, basis)))
}

fn swap_cols(m: &mut [Vec<i128>], a: usize, b: usize) {
    for row in m.iter_mut() {
        row.swap(a, b);
    }
}

/// Column `j` -= `q` · column `k`.
fn sub_col(m: &mut [Vec<i128>], j: usize, k: usize, q: i128) -> Option<()> {
    for row in m.iter_mut() {
        row[j] = row[j].checked_sub(q.checked_mul(row[k])?)?;
    }
    Some(())
}

impl Lattice {
    /// The number of coordinates.
    pub fn dim(&self) -> usize {
        self.point.len()
    }

    /// The lattice `{−x : x ∈ self}`.
    pub(crate) fn negated(&self) -> Option<Lattice> {
        let neg = |v: &[i64]| v.iter().map(|x| x.checked_neg()).collect::<Option<Vec<i64>>>();
        Some(Lattice { point: neg(&self.point)?, basis: self.basis.iter().map(|b| neg(b)).collect::<Option<_>>()? })
    }

    /// The value of coordinate `l` if it is the same at every point of the lattice.
    pub fn fixed(&self, l: usize) -> Option<i64> {
        self.basis.iter().all(|b| b.get(l) == Some(&0)).then(|| self.point.get(l).copied()).flatten()
    }

    /// Whether `x` is a point of the lattice (`None` on overflow).
    pub fn contains(&self, x: &[i64]) -> Option<bool> {
        if x.len() != self.dim() {
            return Some(false);
        }
        let rows: Vec<Vec<i64>> = (0..self.dim()).map(|l| self.basis.iter().map(|b| b[l]).collect()).collect();
        let rhs: Option<Vec<i64>> = x.iter().zip(&self.point).map(|(&a, &p)| a.checked_sub(p)).collect();
        match solve(&rows, &rhs?, self.basis.len()) {
            Solution::Empty => Some(false),
            Solution::Lattice(_) => Some(true),
            Solution::Unknown => None,
        }
    }

    /// The points whose coordinate `l` equals `value`.
    pub(crate) fn restrict(&self, l: usize, value: i64) -> Solution {
        let Some(&p) = self.point.get(l) else { return Solution::Empty };
        let row: Vec<i64> = self.basis.iter().map(|b| b[l]).collect();
        let Some(rhs) = value.checked_sub(p) else { return Solution::Unknown };
        let sub = match solve(&[row], &[rhs], self.basis.len()) {
            Solution::Lattice(s) => s,
            other => return other,
        };
        let combine = |t: &[i64]| -> Option<Vec<i64>> {
            (0..self.dim()).try_fold(Vec::with_capacity(self.dim()), |mut acc, c| {
                let v = self.basis.iter().zip(t).try_fold(0i64, |s, (b, &ti)| s.checked_add(b[c].checked_mul(ti)?))?;
                acc.push(v);
                Some(acc)
            })
        };
        let shift = combine(&sub.point);
        let point = shift.and_then(|s| s.iter().zip(&self.point).map(|(&a, &b)| a.checked_add(b)).collect());
        let basis: Option<Vec<Vec<i64>>> = sub.basis.iter().map(|t| combine(t)).collect();
        match (point, basis) {
            (Some(point), Some(basis)) => Solution::Lattice(Lattice { point, basis }),
            _ => Solution::Unknown,
        }
    }

    /// Whether some point has every coordinate `l` within `[lo[l], hi[l]]` (`None` bounds
    /// are open): `Some(answer)` when decided exactly, `None` when the search budget ran
    /// out or arithmetic overflowed.
    pub fn feasible(&self, lo: &[Option<i64>], hi: &[Option<i64>]) -> Option<bool> {
        let mut budget = SEARCH_BUDGET;
        self.feasible_within(lo, hi, &mut budget)
    }

    fn feasible_within(&self, lo: &[Option<i64>], hi: &[Option<i64>], budget: &mut u64) -> Option<bool> {
        let bound = |v: &[Option<i64>], l: usize| v.get(l).copied().flatten();
        // Equalities first: each one shrinks the lattice.
        for l in 0..self.dim() {
            if let Some(x) = self.fixed(l) {
                if bound(lo, l).is_some_and(|a| x < a) || bound(hi, l).is_some_and(|b| x > b) {
                    return Some(false);
                }
            }
            if let (Some(a), Some(b)) = (bound(lo, l), bound(hi, l)) {
                if a > b {
                    return Some(false);
                }
                if a == b && self.fixed(l).is_none() {
                    return match self.restrict(l, a) {
                        Solution::Empty => Some(false),
                        Solution::Lattice(sub) => sub.feasible_within(lo, hi, budget),
                        Solution::Unknown => None,
                    };
                }
            }
        }
        match self.basis.len() {
            0 => Some((0..self.dim()).all(|l| {
                let x = self.point[l];
                bound(lo, l).is_none_or(|a| x >= a) && bound(hi, l).is_none_or(|b| x <= b)
            })),
            1 => self.feasible_line(lo, hi),
            _ => self.feasible_by_search(lo, hi, budget),
        }
    }

    /// One free parameter: intersect the intervals each bound puts on it.
    fn feasible_line(&self, lo: &[Option<i64>], hi: &[Option<i64>]) -> Option<bool> {
        let b = &self.basis[0];
        let (mut tmin, mut tmax) = (i128::MIN, i128::MAX);
        for (l, (&p, &c)) in self.point.iter().zip(b).enumerate() {
            let (p, c) = (i128::from(p), i128::from(c));
            for (bound, is_lower) in [(lo.get(l).copied().flatten(), true), (hi.get(l).copied().flatten(), false)] {
                let Some(v) = bound else { continue };
                let v = i128::from(v) - p;
                if c == 0 {
                    if (is_lower && v > 0) || (!is_lower && v < 0) {
                        return Some(false);
                    }
                    continue;
                }
                // is_lower: p + c·t >= v0  ⇔  c·t >= v; else c·t <= v.
                if (c > 0) == is_lower {
                    tmin = tmin.max(div_ceil(v, c));
                } else {
                    tmax = tmax.min(div_floor(v, c));
                }
            }
        }
        Some(tmin <= tmax)
    }

    /// Several free parameters: fix the coordinate with the fewest bounded values to each of
    /// them in turn (each choice removes a parameter).
    fn feasible_by_search(&self, lo: &[Option<i64>], hi: &[Option<i64>], budget: &mut u64) -> Option<bool> {
        let candidates = (0..self.dim()).filter(|&l| self.fixed(l).is_none()).filter_map(|l| {
            let (a, b) = (lo.get(l).copied().flatten()?, hi.get(l).copied().flatten()?);
            Some((l, a, b))
        });
        let (l, a, b) = candidates.min_by_key(|&(_, a, b)| i128::from(b) - i128::from(a))?;
        let mut unknown = false;
        for v in a..=b {
            *budget = budget.checked_sub(1)?;
            match self.restrict(l, v) {
                Solution::Empty => {}
                Solution::Lattice(sub) => match sub.feasible_within(lo, hi, budget) {
                    Some(true) => return Some(true),
                    Some(false) => {}
                    None => unknown = true,
                },
                Solution::Unknown => unknown = true,
            }
        }
        (!unknown).then_some(false)
    }
}

fn div_floor(a: i128, b: i128) -> i128 {
    let (q, r) = (a / b, a % b);
    if r != 0 && ((r < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn div_ceil(a: i128, b: i128) -> i128 {
    let (q, r) = (a / b, a % b);
    if r != 0 && ((r > 0) == (b > 0)) {
        q + 1
    } else {
        q
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lattice(rows: &[Vec<i64>], rhs: &[i64], n: usize) -> Lattice {
        match solve(rows, rhs, n) {
            Solution::Lattice(l) => l,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn solves_diophantine_systems() {
        // 2x + 4y = 6: x = 3 - 2t, y = t.
        let l = lattice(&[vec![2, 4]], &[6], 2);
        assert_eq!(l.basis.len(), 1);
        for (x, y) in [(3, 0), (1, 1), (-1, 2)] {
            assert_eq!(l.contains(&[x, y]), Some(true));
        }
        assert_eq!(l.contains(&[2, 0]), Some(false));
        // 2x + 4y = 5 has no integer solution.
        assert_eq!(solve(&[vec![2, 4]], &[5], 2), Solution::Empty);
        // Full rank: unique.
        let l = lattice(&[vec![1, 1], vec![1, -1]], &[4, 2], 2);
        assert_eq!((l.point.clone(), l.basis.len()), (vec![3, 1], 0));
        assert_eq!(solve(&[vec![1, 1], vec![1, -1]], &[3, 2], 2), Solution::Empty);
    }

    #[test]
    fn feasibility_in_boxes() {
        // x + y = 5 with x, y in [-3, 3]: only (2, 3), (3, 2).
        let l = lattice(&[vec![1, 1]], &[5], 2);
        let b = |v: i64| vec![Some(v), Some(v)];
        assert_eq!(l.feasible(&b(-3), &b(3)), Some(true));
        assert_eq!(l.feasible(&[Some(-3), Some(-3)], &[Some(1), Some(3)]), Some(false));
        // Two free parameters, solved by search.
        let free = lattice(&[vec![1, 1, 1]], &[0], 3);
        assert_eq!(free.feasible(&[Some(1), Some(1), Some(-3)], &[Some(2), Some(2), Some(-3)]), Some(true));
        assert_eq!(free.feasible(&[Some(1), Some(1), Some(-1)], &[Some(2), Some(2), Some(0)]), Some(false));
        assert_eq!(free.restrict(0, 2).map_fixed(0), Some(2));
    }

    impl Solution {
        fn map_fixed(&self, l: usize) -> Option<i64> {
            match self {
                Solution::Lattice(s) => s.fixed(l),
                _ => None,
            }
        }
    }
}
