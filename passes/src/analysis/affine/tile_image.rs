//! The image of a rectangular iteration tile under an access function: the bounding box
//! per array dimension, the number of distinct elements and the number of duplicate
//! accesses (tile points − distinct elements). These are seed 000's `RectHull(F(IS_m))`
//! (eq. (1)), `Duplicate(F(IS_k))` (eq. (2)) and, applied to `offset floordiv TranSize`,
//! the `Unique` count of eq. (7).
//!
//! # Closed forms
//!
//! Subscripts that share no loop are independent, so the image is the product of the images
//! of the *components* (subscripts linked by common loops); loops no subscript uses only
//! add duplicates. Per component:
//!
//! - one linear subscript `Σ a_l·x_l + c`: sorting the terms by `|a_l·step_l|`, a term whose
//!   stride `b` is a multiple of the current stride `g` with `b/g ≤` the current count `n`
//!   extends the dense progression to `n + (b/g)·(T − 1)` values (unit and constant
//!   coefficients: `A[i]`, `A[i+j]`, `A[2i+j]`);
//! - `(linear) floordiv B` with such a dense progression: every block between the first and
//!   last value is hit when `g ≤ B` (`⌊max/B⌋ − ⌊min/B⌋ + 1`), each value has its own block
//!   when `B | g`;
//! - several linear subscripts whose coefficient matrix has full column rank: the map is
//!   injective, so every tile point is distinct (`A[i][i]`, `A[i+j][i−j]`).
//!
//! Anything else is counted by enumerating the component's loops when there are at most
//! [`BRUTE_FORCE_LIMIT`] points; beyond that the count is `None` (the bounding box of a
//! linear subscript is always exact: a linear function reaches its extremes at corners).

use super::lattice::{solve, Solution};
use super::linear::LinearExpr;
use sharc_ir::affine::{AffineExpr, AffineExprKind, AffineMap};
use std::collections::HashSet;

/// The most tile points enumerated when no closed form applies.
pub const BRUTE_FORCE_LIMIT: u64 = 1 << 20;

/// The values `lo, lo + step, ...` below `hi` of one loop in a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TileRange {
    /// The first value.
    pub lo: i64,
    /// The exclusive end.
    pub hi: i64,
    /// The stride (positive).
    pub step: i64,
}

impl TileRange {
    /// `[lo, hi)` with step 1.
    pub fn new(lo: i64, hi: i64) -> TileRange {
        TileRange { lo, hi, step: 1 }
    }

    /// The number of values.
    pub fn count(&self) -> u64 {
        if self.hi <= self.lo || self.step <= 0 {
            return 0;
        }
        let span = (i128::from(self.hi) - i128::from(self.lo) + i128::from(self.step) - 1) / i128::from(self.step);
        u64::try_from(span).unwrap_or(u64::MAX)
    }

    /// The last value, if any.
    pub fn last(&self) -> Option<i64> {
        let k = i64::try_from(self.count().checked_sub(1)?).ok()?;
        self.lo.checked_add(k.checked_mul(self.step)?)
    }

    fn values(self) -> impl Iterator<Item = i64> {
        (0..self.count()).map(move |k| self.lo + k as i64 * self.step)
    }
}

/// A rectangular tile: one range per loop, outermost first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tile {
    /// The ranges.
    pub ranges: Vec<TileRange>,
}

impl Tile {
    /// The tile with these ranges.
    pub fn new(ranges: Vec<TileRange>) -> Tile {
        Tile { ranges }
    }

    /// The number of points (`None` past `u64`).
    pub fn points(&self) -> Option<u64> {
        self.ranges.iter().try_fold(1u64, |acc, r| acc.checked_mul(r.count()))
    }
}

/// The values `min, min + stride, ..., min + (count − 1)·stride`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Progression {
    /// The smallest value.
    pub min: i64,
    /// The distance between consecutive values (1 for a single value).
    pub stride: i64,
    /// The number of values.
    pub count: u64,
}

/// The image of a tile under an access map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileImage {
    /// Inclusive `(min, max)` per array dimension (empty for an empty tile).
    pub bbox: Vec<(i64, i64)>,
    /// The number of accesses: the tile's points.
    pub accesses: u64,
    /// The number of distinct elements, if known.
    pub distinct: Option<u64>,
    /// Whether `distinct` came from a closed form rather than enumeration.
    pub closed_form: bool,
    /// Per array dimension, the exact set of values when it is a progression that does not
    /// depend on the other dimensions' loops.
    pub progressions: Vec<Option<Progression>>,
}

impl TileImage {
    /// Accesses that hit an element already accessed: seed 000's `Duplicate`.
    pub fn duplicates(&self) -> Option<u64> {
        self.distinct.map(|d| self.accesses.saturating_sub(d))
    }

    /// The number of elements of the bounding box (the rectangular hull).
    pub fn hull_points(&self) -> Option<u64> {
        self.bbox
            .iter()
            .try_fold(1u64, |acc, &(lo, hi)| acc.checked_mul(u64::try_from(i128::from(hi) - i128::from(lo) + 1).ok()?))
    }
}

/// One subscript with the symbols replaced by their values.
#[derive(Clone, Debug)]
enum Form {
    Linear(LinearExpr),
    FloorDiv(LinearExpr, i64),
    Other,
}

impl Form {
    fn of(e: &AffineExpr, n: usize, symbols: &[i64]) -> Form {
        let lin = |e: &AffineExpr| {
            let l = LinearExpr::from_expr(e, n, symbols.len())?;
            let c = LinearExpr { dims: vec![0; n], ..l.clone() }.eval(&[], symbols)?;
            Some(LinearExpr { dims: l.dims, symbols: Vec::new(), constant: c })
        };
        if let Some(l) = lin(e) {
            return Form::Linear(l);
        }
        if let AffineExprKind::FloorDiv(num, den) = e.kind() {
            if let (Some(l), Some(b)) = (lin(num), den.as_constant().filter(|&b| b > 0)) {
                return Form::FloorDiv(l, b);
            }
        }
        Form::Other
    }
}

/// The image of `tile` under `map` with the given symbol values; `None` if the tile or
/// symbols do not match the map, a subscript is undefined, or a non-linear subscript's
/// component is too large to enumerate.
pub fn tile_image(map: &AffineMap, symbols: &[i64], tile: &Tile) -> Option<TileImage> {
    let n = map.num_dims() as usize;
    if tile.ranges.len() != n || symbols.len() != map.num_symbols() as usize {
        return None;
    }
    let accesses = tile.points()?;
    if accesses == 0 {
        return Some(TileImage {
            bbox: Vec::new(),
            accesses,
            distinct: Some(0),
            closed_form: true,
            progressions: Vec::new(),
        });
    }
    let forms: Vec<Form> = map.results().iter().map(|e| Form::of(e, n, symbols)).collect();
    let rank = forms.len();
    let mut image = TileImage {
        bbox: vec![(0, 0); rank],
        accesses,
        distinct: Some(1),
        closed_form: true,
        progressions: vec![None; rank],
    };
    for (results, loops) in components(map) {
        let part = component(map, &forms, &results, &loops, symbols, tile)?;
        for (k, &r) in results.iter().enumerate() {
            image.bbox[r] = part.bbox[k];
            image.progressions[r] = part.progression.filter(|_| results.len() == 1);
        }
        image.distinct = image.distinct.zip(part.count).and_then(|(a, b)| a.checked_mul(b));
        image.closed_form &= part.closed_form;
    }
    Some(image)
}

/// Subscripts linked by shared loops, with those loops: `(results, loops)` pairs.
fn components(map: &AffineMap) -> Vec<(Vec<usize>, Vec<usize>)> {
    let n = map.num_dims();
    let uses: Vec<Vec<usize>> = map
        .results()
        .iter()
        .map(|e| (0..n).filter(|&l| e.is_function_of_dim(l)).map(|l| l as usize).collect())
        .collect();
    let mut comps: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
    for (r, loops) in uses.iter().enumerate() {
        let mut merged = (vec![r], loops.clone());
        comps.retain(|(rs, ls)| {
            if ls.iter().any(|l| loops.contains(l)) {
                merged.0.extend(rs);
                merged.1.extend(ls);
                false
            } else {
                true
            }
        });
        merged.0.sort_unstable();
        merged.1.sort_unstable();
        merged.1.dedup();
        comps.push(merged);
    }
    comps
}

struct Part {
    bbox: Vec<(i64, i64)>,
    count: Option<u64>,
    closed_form: bool,
    progression: Option<Progression>,
}

fn component(
    map: &AffineMap,
    forms: &[Form],
    results: &[usize],
    loops: &[usize],
    symbols: &[i64],
    tile: &Tile,
) -> Option<Part> {
    let linear: Option<Vec<&LinearExpr>> =
        results.iter().map(|&r| if let Form::Linear(l) = &forms[r] { Some(l) } else { None }).collect();
    if let Some(lins) = &linear {
        let bbox: Vec<(i64, i64)> = lins.iter().map(|l| linear_bounds(l, tile)).collect::<Option<_>>()?;
        let count = match lins.as_slice() {
            [l] => progression(l, tile).map(|p| (p.count, Some(p))),
            _ if full_column_rank(lins, loops) => {
                loops.iter().try_fold(1u64, |a, &l| a.checked_mul(tile.ranges[l].count())).map(|c| (c, None))
            }
            _ => None,
        };
        if let Some((c, progression)) = count {
            return Some(Part { bbox, count: Some(c), closed_form: true, progression });
        }
        let counted = enumerate(map, results, loops, symbols, tile);
        return Some(Part { bbox, count: counted.map(|(_, c)| c), closed_form: false, progression: None });
    }
    if let ([_], Some(Form::FloorDiv(l, b))) = (results, results.first().map(|&r| &forms[r])) {
        if let Some(p) = progression(l, tile) {
            let b = *b;
            let lo = p.min.div_euclid(b);
            let max = i64::try_from(p.count - 1)
                .ok()
                .and_then(|k| k.checked_mul(p.stride))
                .and_then(|x| x.checked_add(p.min))?;
            let hi = max.div_euclid(b);
            let exact = if p.count == 1 || p.stride <= b {
                Some(Progression { min: lo, stride: 1, count: u64::try_from(hi - lo + 1).ok()? })
            } else if p.stride % b == 0 {
                Some(Progression { min: lo, stride: p.stride / b, count: p.count })
            } else {
                None
            };
            if let Some(q) = exact {
                return Some(Part {
                    bbox: vec![(lo, hi)],
                    count: Some(q.count),
                    closed_form: true,
                    progression: Some(q),
                });
            }
        }
    }
    let (bbox, count) = enumerate(map, results, loops, symbols, tile)?;
    Some(Part { bbox, count: Some(count), closed_form: false, progression: None })
}

/// Exact `(min, max)` of a linear subscript over the tile (extremes sit at corners).
fn linear_bounds(l: &LinearExpr, tile: &Tile) -> Option<(i64, i64)> {
    let (mut lo, mut hi) = (i128::from(l.constant), i128::from(l.constant));
    for (&c, r) in l.dims.iter().zip(&tile.ranges) {
        let (a, b) = (i128::from(c) * i128::from(r.lo), i128::from(c) * i128::from(r.last()?));
        lo += a.min(b);
        hi += a.max(b);
    }
    Some((i64::try_from(lo).ok()?, i64::try_from(hi).ok()?))
}

/// The values of a linear subscript over the tile, when they form a dense progression
/// (see the module docs).
fn progression(l: &LinearExpr, tile: &Tile) -> Option<Progression> {
    let (min, _) = linear_bounds(l, tile)?;
    let mut terms: Vec<(i128, u64)> = l
        .dims
        .iter()
        .zip(&tile.ranges)
        .filter(|(&c, r)| c != 0 && r.count() > 1)
        .map(|(&c, r)| ((i128::from(c) * i128::from(r.step)).abs(), r.count()))
        .collect();
    terms.sort_unstable();
    let (mut g, mut n) = (1i128, 1i128);
    for (b, t) in terms {
        if n == 1 {
            (g, n) = (b, i128::from(t));
        } else if b % g == 0 && b / g <= n {
            n = n.checked_add((b / g).checked_mul(i128::from(t) - 1)?)?;
        } else {
            return None;
        }
    }
    Some(Progression { min, stride: i64::try_from(g).ok()?, count: u64::try_from(n).ok()? })
}

/// Whether the subscripts' coefficients on `loops` have full column rank (injective map).
fn full_column_rank(lins: &[&LinearExpr], loops: &[usize]) -> bool {
    let rows: Vec<Vec<i64>> = lins.iter().map(|l| loops.iter().map(|&c| l.dims[c]).collect()).collect();
    let zeros = vec![0; rows.len()];
    matches!(solve(&rows, &zeros, loops.len()), Solution::Lattice(l) if l.basis.is_empty())
}

/// Enumerates the component's loops (others fixed at their first value): the bounding box
/// and distinct count of its subscripts, if there are few enough points.
fn enumerate(
    map: &AffineMap,
    results: &[usize],
    loops: &[usize],
    symbols: &[i64],
    tile: &Tile,
) -> Option<(Vec<(i64, i64)>, u64)> {
    let points = loops.iter().try_fold(1u64, |a, &l| a.checked_mul(tile.ranges[l].count()))?;
    if points > BRUTE_FORCE_LIMIT {
        return None;
    }
    let exprs: Vec<&AffineExpr> = results.iter().map(|&r| &map.results()[r]).collect();
    let mut point: Vec<i64> = tile.ranges.iter().map(|r| r.lo).collect();
    let mut seen: HashSet<Vec<i64>> = HashSet::new();
    let mut bbox = vec![(i64::MAX, i64::MIN); exprs.len()];
    let mut ok = true;
    for_each(&loops.iter().map(|&l| (l, tile.ranges[l])).collect::<Vec<_>>(), &mut point, &mut |p| {
        let v: Option<Vec<i64>> = exprs.iter().map(|e| e.eval(p, symbols)).collect();
        match v {
            Some(v) => {
                for (b, &x) in bbox.iter_mut().zip(&v) {
                    *b = (b.0.min(x), b.1.max(x));
                }
                seen.insert(v);
            }
            None => ok = false,
        }
    });
    ok.then_some((bbox, seen.len() as u64))
}

/// Calls `f` on every combination of the given loops' values (other coordinates as set).
pub(crate) fn for_each(loops: &[(usize, TileRange)], point: &mut Vec<i64>, f: &mut impl FnMut(&[i64])) {
    match loops.split_first() {
        None => f(point),
        Some((&(l, r), rest)) => {
            for v in r.values() {
                point[l] = v;
                for_each(rest, point, f);
            }
        }
    }
}
