//! Several references over one tile: the rectangular hull of their images (seed 000
//! eq. (1), the candidate partition with its halo), the distinct elements of the union,
//! and the reuse size of one statement (eq. (2), read as the digest's §6.1 recommends:
//! the number of distinct (instance, element) pairs).
//!
//! Closed form for the union: when every image is a product of progressions on common
//! lattices (uniformly generated references such as a stencil's `B[i−1]`, `B[i]`,
//! `B[i+1]`), the union of these translated boxes is counted exactly by coordinate
//! compression; otherwise the references are enumerated over small tiles.

use super::linear::LinearExpr;
use super::tile_image::{for_each, tile_image, Progression, Tile, TileImage, BRUTE_FORCE_LIMIT};
use sharc_ir::affine::AffineMap;
use std::collections::HashSet;

/// The images of several references over one tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnionImage {
    /// Each reference's image.
    pub images: Vec<TileImage>,
    /// Inclusive `(min, max)` per array dimension over all images: `RectHull`.
    pub hull: Vec<(i64, i64)>,
    /// The number of accesses: tile points × references.
    pub accesses: u64,
    /// The number of distinct elements of the union, if known.
    pub distinct: Option<u64>,
}

impl UnionImage {
    /// Accesses that hit an element already accessed.
    pub fn duplicates(&self) -> Option<u64> {
        self.distinct.map(|d| self.accesses.saturating_sub(d))
    }
}

/// The union of the images of `maps` (all over the same loops, symbols and array) over
/// `tile`; `None` if some single image is `None` or the maps disagree in shape.
pub fn image_union(maps: &[&AffineMap], symbols: &[i64], tile: &Tile) -> Option<UnionImage> {
    let images: Vec<TileImage> = maps.iter().map(|m| tile_image(m, symbols, tile)).collect::<Option<_>>()?;
    let rank = maps.first().map_or(0, |m| m.num_results());
    if maps.iter().any(|m| m.num_results() != rank || m.num_dims() != maps[0].num_dims()) {
        return None;
    }
    let accesses = tile.points()?.checked_mul(maps.len() as u64)?;
    let nonempty: Vec<&TileImage> = images.iter().filter(|i| !i.bbox.is_empty()).collect();
    let hull = (0..rank)
        .map(|r| nonempty.iter().map(|i| i.bbox[r]).reduce(|a, b| (a.0.min(b.0), a.1.max(b.1))))
        .collect::<Option<Vec<_>>>()
        .unwrap_or_default();
    let distinct = if nonempty.is_empty() {
        Some(0)
    } else {
        union_of_boxes(&nonempty, rank).or_else(|| enumerate_union(maps, symbols, tile))
    };
    Some(UnionImage { images, hull, accesses, distinct })
}

/// Seed 000's `ReuseSize` of one statement over a tile: `Σ_x |{F_l(x)}|` over the tile's
/// points `x` and the statement's references `F_l` to one array (a read and a write of the
/// same element in one instance count once).
pub fn reuse_size(maps: &[&AffineMap], symbols: &[i64], tile: &Tile) -> Option<u64> {
    let points = tile.points()?;
    let mut distinct: Vec<&AffineMap> = Vec::new();
    for m in maps {
        if !distinct.contains(m) {
            distinct.push(m);
        }
    }
    // Uniformly generated references with different constant offsets never coincide.
    let forms: Option<Vec<Vec<LinearExpr>>> = distinct.iter().map(|m| LinearExpr::from_map(m)).collect();
    if let Some(forms) = forms {
        let part = |f: &Vec<LinearExpr>| f.iter().map(|e| (e.dims.clone(), e.symbols.clone())).collect::<Vec<_>>();
        let consts: Vec<Vec<i64>> = forms.iter().map(|f| f.iter().map(|e| e.constant).collect()).collect();
        let same_linear = forms.windows(2).all(|w| part(&w[0]) == part(&w[1]));
        let unique_consts = consts.iter().collect::<HashSet<_>>().len() == consts.len();
        if same_linear && unique_consts {
            return points.checked_mul(distinct.len() as u64);
        }
    }
    if points.checked_mul(distinct.len() as u64)? > BRUTE_FORCE_LIMIT {
        return None;
    }
    let mut total = 0u64;
    let mut point: Vec<i64> = tile.ranges.iter().map(|r| r.lo).collect();
    let loops: Vec<_> = tile.ranges.iter().copied().enumerate().collect();
    let mut ok = true;
    for_each(&loops, &mut point, &mut |p| {
        let elems: Option<HashSet<Vec<i64>>> = distinct.iter().map(|m| m.eval(p, symbols)).collect();
        match elems {
            Some(e) => total += e.len() as u64,
            None => ok = false,
        }
    });
    ok.then_some(total)
}

/// The union size when every image is a product of progressions that share, per dimension,
/// one stride and one residue: coordinate compression over the translated boxes.
fn union_of_boxes(images: &[&TileImage], rank: usize) -> Option<u64> {
    let progs: Vec<Vec<Progression>> =
        images.iter().map(|i| i.progressions.iter().copied().collect::<Option<Vec<_>>>()).collect::<Option<_>>()?;
    let cells: u128 = (0..rank).try_fold(1u128, |a, _| a.checked_mul(2 * progs.len() as u128))?;
    if cells.checked_mul(progs.len() as u128)? > u128::from(BRUTE_FORCE_LIMIT) * 8 {
        return None;
    }
    // Per dimension: the common stride, and each box as [first, last] in stride units.
    let mut boxes: Vec<Vec<(i64, i64)>> = vec![Vec::with_capacity(rank); progs.len()];
    for r in 0..rank {
        let stride = progs.iter().map(|p| p[r]).find(|p| p.count > 1).map_or(1, |p| p.stride);
        let base = progs[0][r].min;
        for (k, p) in progs.iter().enumerate() {
            let q = p[r];
            if (q.count > 1 && q.stride != stride) || (q.min - base) % stride != 0 {
                return None;
            }
            let first = (q.min - base) / stride;
            boxes[k].push((first, first + i64::try_from(q.count).ok()? - 1));
        }
    }
    let cuts: Vec<Vec<i64>> = (0..rank)
        .map(|r| {
            let mut c: Vec<i64> = boxes.iter().flat_map(|b| [b[r].0, b[r].1 + 1]).collect();
            c.sort_unstable();
            c.dedup();
            c
        })
        .collect();
    let mut total = 0u64;
    let mut idx = vec![0usize; rank];
    loop {
        let cell: Vec<(i64, i64)> = (0..rank).map(|r| (cuts[r][idx[r]], cuts[r][idx[r] + 1])).collect();
        if boxes.iter().any(|b| b.iter().zip(&cell).all(|(&(lo, hi), &(a, e))| lo <= a && e - 1 <= hi)) {
            let size = cell.iter().try_fold(1u64, |acc, &(a, e)| acc.checked_mul(u64::try_from(e - a).ok()?))?;
            total = total.checked_add(size)?;
        }
        // Next cell, odometer style.
        let mut r = 0;
        loop {
            if r == rank {
                return Some(total);
            }
            idx[r] += 1;
            if idx[r] + 1 < cuts[r].len() {
                break;
            }
            idx[r] = 0;
            r += 1;
        }
    }
}

fn enumerate_union(maps: &[&AffineMap], symbols: &[i64], tile: &Tile) -> Option<u64> {
    if tile.points()?.checked_mul(maps.len() as u64)? > BRUTE_FORCE_LIMIT {
        return None;
    }
    let mut seen: HashSet<Vec<i64>> = HashSet::new();
    let mut point: Vec<i64> = tile.ranges.iter().map(|r| r.lo).collect();
    let loops: Vec<_> = tile.ranges.iter().copied().enumerate().collect();
    let mut ok = true;
    for_each(&loops, &mut point, &mut |p| {
        for m in maps {
            match m.eval(p, symbols) {
                Some(e) => {
                    seen.insert(e);
                }
                None => ok = false,
            }
        }
    });
    ok.then_some(seen.len() as u64)
}
