//! Tile images against enumeration: random maps (constant and unit coefficients, shared
//! loops, `floordiv`, `mod`, symbols) over random tiles.

use super::{cases, seed, Rng};
use crate::analysis::affine::*;
use sharc_ir::affine::{AffineExpr, AffineMap};
use std::collections::HashSet;

fn random_expr(rng: &mut Rng, n: usize, coeffs: &mut Vec<i64>) -> AffineExpr {
    if coeffs.is_empty() {
        coeffs.extend((0..n).map(|_| if rng.one_in(2) { 0 } else { rng.range(-2, 2) }));
    }
    let mut e = AffineExpr::constant(rng.range(-3, 3));
    for (l, &c) in coeffs.iter().enumerate() {
        e = e + AffineExpr::dim(l as u32) * c;
    }
    if rng.one_in(4) {
        e = e + AffineExpr::symbol(0);
    }
    match rng.range(0, 9) {
        0 => e.floor_div(rng.range(1, 4)),
        1 => e.modulo(rng.range(1, 4)),
        _ => e,
    }
}

fn random_map(rng: &mut Rng, n: usize, rank: usize, linear: &mut [Vec<i64>]) -> AffineMap {
    let results = (0..rank).map(|r| random_expr(rng, n, &mut linear[r])).collect();
    AffineMap::new(n as u32, 1, results).expect("positions in range")
}

fn random_tile(rng: &mut Rng, n: usize) -> Tile {
    Tile::new(
        (0..n)
            .map(|_| {
                let (lo, count, step) = (rng.range(-3, 3), rng.range(0, 5), rng.range(1, 2));
                TileRange { lo, hi: lo + (count - 1) * step + 1, step }
            })
            .collect(),
    )
}

/// Every element `maps` touch over `tile`, and the number of (point, element) pairs.
fn enumerate(maps: &[&AffineMap], symbols: &[i64], tile: &Tile) -> (HashSet<Vec<i64>>, u64) {
    let mut points = vec![Vec::new()];
    for r in &tile.ranges {
        points = points
            .into_iter()
            .flat_map(|p: Vec<i64>| (r.lo..r.hi).step_by(r.step as usize).map(move |v| [p.clone(), vec![v]].concat()))
            .collect();
    }
    let mut all = HashSet::new();
    let mut pairs = 0;
    for p in &points {
        let here: HashSet<Vec<i64>> = maps.iter().map(|m| m.eval(p, symbols).expect("defined")).collect();
        pairs += here.len() as u64;
        all.extend(here);
    }
    (all, pairs)
}

fn bbox(elems: &HashSet<Vec<i64>>, rank: usize) -> Vec<(i64, i64)> {
    if elems.is_empty() {
        return Vec::new();
    }
    (0..rank)
        .map(|r| (elems.iter().map(|e| e[r]).min().unwrap_or(0), elems.iter().map(|e| e[r]).max().unwrap_or(0)))
        .collect()
}

#[test]
fn images_match_enumeration() {
    let mut rng = Rng::new(seed(0x7_11e));
    let mut closed = 0;
    let total = cases(2000);
    for case in 0..total {
        let (n, rank) = (rng.range(1, 3) as usize, rng.range(1, 3) as usize);
        let mut linear = vec![Vec::new(); rank];
        let map = random_map(&mut rng, n, rank, &mut linear);
        let tile = random_tile(&mut rng, n);
        let symbols = [rng.range(-2, 2)];
        let image = tile_image(&map, &symbols, &tile).expect("small tiles are always analyzed");
        let (elems, _) = enumerate(&[&map], &symbols, &tile);
        let msg = format!("case {case}: {map} over {tile:?} with {symbols:?}: {image:?}");
        assert_eq!(image.accesses, tile.points().expect("small"), "{msg}");
        assert_eq!(image.distinct, Some(elems.len() as u64), "{msg}");
        assert_eq!(image.bbox, bbox(&elems, rank), "{msg}");
        assert_eq!(image.duplicates(), Some(image.accesses - elems.len() as u64), "{msg}");
        for (r, p) in image.progressions.iter().enumerate() {
            if let Some(p) = p {
                let values: HashSet<i64> = elems.iter().map(|e| e[r]).collect();
                let expected: HashSet<i64> = (0..p.count as i64).map(|k| p.min + k * p.stride).collect();
                assert_eq!(values, expected, "{msg}: dimension {r}");
            }
        }
        closed += u64::from(image.closed_form && image.accesses > 1);
    }
    assert!(closed > total / 2, "only {closed} closed forms");
}

#[test]
fn unions_and_reuse_match_enumeration() {
    let mut rng = Rng::new(seed(0xb0b));
    let mut closed_unions = 0;
    let total = cases(1000);
    for case in 0..total {
        let (n, rank, refs) = (rng.range(1, 3) as usize, rng.range(1, 2) as usize, rng.range(1, 4) as usize);
        // Half the cases are uniformly generated (a stencil's references).
        let uniform = rng.one_in(2);
        let mut shared = vec![Vec::new(); rank];
        let maps: Vec<AffineMap> = (0..refs)
            .map(|_| {
                let mut own = vec![Vec::new(); rank];
                random_map(&mut rng, n, rank, if uniform { &mut shared } else { &mut own })
            })
            .collect();
        let refs: Vec<&AffineMap> = maps.iter().collect();
        let tile = random_tile(&mut rng, n);
        let symbols = [rng.range(-2, 2)];
        let (elems, pairs) = enumerate(&refs, &symbols, &tile);
        let union = image_union(&refs, &symbols, &tile).expect("small tiles are always analyzed");
        let msg = format!("case {case}: {maps:?} over {tile:?}: {union:?}");
        assert_eq!(union.distinct, Some(elems.len() as u64), "{msg}");
        assert_eq!(union.hull, bbox(&elems, rank), "{msg}");
        assert_eq!(reuse_size(&refs, &symbols, &tile), Some(pairs), "{msg}");
        closed_unions += u64::from(union.images.iter().all(|i| i.progressions.iter().all(Option::is_some)));
    }
    assert!(closed_unions > total / 4, "only {closed_unions} box unions");
}

// Seed 000 §5.4: B[i-1] and B[i+1] over tiles of 8 have a 10-element hull; the 5-point
// stencil's hull is (T+2)² minus the 4 corners it never touches.
#[test]
fn stencil_hulls() {
    let d0 = AffineExpr::dim(0);
    let map = |c: i64| AffineMap::new(1, 0, vec![&d0 + c]).expect("in range");
    let (left, right) = (map(-1), map(1));
    let tile = Tile::new(vec![TileRange::new(8, 16)]);
    let u = image_union(&[&left, &right], &[], &tile).expect("analyzed");
    assert_eq!((u.hull.clone(), u.distinct, u.duplicates()), (vec![(7, 16)], Some(10), Some(6)));
    let d1 = AffineExpr::dim(1);
    let at = |a: i64, b: i64| AffineMap::new(2, 0, vec![&d0 + a, &d1 + b]).expect("in range");
    let five = [at(0, 0), at(-1, 0), at(1, 0), at(0, -1), at(0, 1)];
    let refs: Vec<&AffineMap> = five.iter().collect();
    let big = Tile::new(vec![TileRange::new(0, 32), TileRange::new(0, 32)]);
    let u = image_union(&refs, &[], &big).expect("analyzed");
    assert_eq!((u.hull.clone(), u.distinct), (vec![(-1, 32), (-1, 32)], Some(34 * 34 - 4)));
    assert_eq!(reuse_size(&refs, &[], &big), Some(5 * 32 * 32));
}

// gemm's A[i][k] over a TB_Y × TB_X × k1 tile: TB_X-fold duplication (seed 000 §6.1).
#[test]
fn gemm_tile_reuse() {
    let (i, k) = (AffineExpr::dim(0), AffineExpr::dim(2));
    let a = AffineMap::new(3, 0, vec![i, k]).expect("in range");
    let tile = Tile::new(vec![TileRange::new(0, 16), TileRange::new(0, 32), TileRange::new(0, 64)]);
    let img = tile_image(&a, &[], &tile).expect("analyzed");
    assert_eq!(
        (img.bbox.clone(), img.distinct, img.duplicates(), img.closed_form),
        (vec![(0, 15), (0, 63)], Some(16 * 64), Some(16 * 64 * 31), true)
    );
    // ReuseSize (eq. (2)): one access per instance, TB_Y × TB_X × k1.
    assert_eq!(reuse_size(&[&a], &[], &tile), Some(16 * 32 * 64));
    // Large tiles stay closed form: no enumeration of 2^30 points.
    let huge = Tile::new(vec![TileRange::new(0, 1024); 3]);
    assert_eq!(tile_image(&a, &[], &huge).and_then(|i| i.distinct), Some(1024 * 1024));
    // 128-byte transactions of a row-major 4-byte float array with 1024 columns (eq. (7)):
    let offset = AffineMap::new(
        2,
        0,
        vec![(AffineExpr::dim(0) * 1024 + AffineExpr::dim(1)) * 4].into_iter().map(|e| e.floor_div(128)).collect(),
    )
    .expect("in range");
    let warp = Tile::new(vec![TileRange::new(3, 4), TileRange::new(0, 32)]);
    assert_eq!(tile_image(&offset, &[], &warp).and_then(|i| i.distinct), Some(1));
    let column = Tile::new(vec![TileRange::new(0, 32), TileRange::new(5, 6)]);
    assert_eq!(tile_image(&offset, &[], &column).and_then(|i| i.distinct), Some(32));
}
