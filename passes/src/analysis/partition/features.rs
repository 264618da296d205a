//! Features of one plan at one parameter setting (seed 000 §3.2.2, digest §5.4, §6.1, §6.2):
//! the per-loop tile, each candidate tile's partition (a tile serves one group of an array's
//! uniformly generated references, `section::RefGroup`: the rectangular hull of their images
//! over one tile, halos included), its `ReuseSize` (accesses counted with multiplicity, the
//! read and write of one instance once, tile_union's `reuse_size`) and its coalescing term
//! `CoalesceTran`: eq. (7)'s transactions of the original references (instances grouped by
//! schedule time, distinct `offset / TranSize` per warp of each group) minus those of the
//! cooperative copy, the saving staging buys (docs/partition.md, "Deviation from eq. (7)").
//!
//! Every quantity is per thread block: a count over one strip of a sequential loop is scaled by
//! the number of strips (`trip / strip`, or `n / strip` for an unknown trip count, see
//! [`Poly`]); statements outside a strip loop are not scaled by it.

use super::profit::Poly;
use super::section::{is_dynamic, Reference, Section, Statement};
use super::split::{IterSplit, LoopSplit};
use crate::analysis::affine::{reuse_size, tile_image, Tile, TileRange};
use sharc_dialects::sharc::share::Axis;
use sharc_ir::affine::AffineMap;
use std::collections::{HashMap, HashSet};

/// The value given to symbols and dynamic memref extents when an address must be computed:
/// large enough that two rows never share a transaction.
pub const REPRESENTATIVE_EXTENT: i64 = 1 << 16;

/// One parameter setting: thread-block extents (x, y, z) and the strip of each vague loop.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Config {
    /// Threads per block along x, y, z.
    pub block: [i64; 3],
    /// `(loop, strip)` for every vague loop, in loop order.
    pub vague: Vec<(usize, i64)>,
}

/// How a loop is covered by one tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TileKind {
    /// A band loop mapped to an axis: the block's iterations.
    Band(Axis),
    /// A sequential loop strip-mined by this many iterations.
    Strip(i64),
    /// Run whole inside the tile (constant trip count).
    Whole,
    /// Run whole, unknown trip count: one iteration is analysed and counts scale by `n`; an
    /// array whose subscripts use it cannot be staged.
    Unbounded,
}

/// One loop's tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopTile {
    /// What kind.
    pub kind: TileKind,
    /// Iterations in one tile.
    pub iters: i64,
    /// Tiles per thread block (1 for band loops).
    pub factor: Poly,
}

/// The plan being evaluated: its splits and the axis of each band loop.
#[derive(Clone, Debug)]
pub struct PlanShape {
    /// The split of every loop.
    pub split: IterSplit,
    /// Per band loop: its axis (`None`: run inside the thread).
    pub axes: Vec<Option<Axis>>,
}

impl PlanShape {
    /// The loops with a searched strip.
    pub fn vague_loops(&self) -> Vec<usize> {
        (0..self.split.loops.len())
            .filter(|&l| self.split.loops[l] == LoopSplit::Vague && self.axes.get(l).is_none())
            .collect()
    }

    /// The tile of every loop at `config`.
    pub fn tiles(&self, section: &Section, config: &Config) -> Vec<LoopTile> {
        section
            .loops
            .iter()
            .enumerate()
            .map(|(l, lp)| {
                if let Some(Some(a)) = self.axes.get(l) {
                    return LoopTile {
                        kind: TileKind::Band(*a),
                        iters: config.block[*a as usize],
                        factor: Poly::constant(1),
                    };
                }
                let strip = match &self.split.loops[l] {
                    LoopSplit::Len(e) => e.eval(config.block).map(|v| v.max(1)),
                    LoopSplit::Vague => config.vague.iter().find(|(v, _)| *v == l).map(|&(_, s)| s.max(1)),
                    _ => None,
                };
                match (strip, lp.trip) {
                    (Some(s), Some(t)) => {
                        let s = s.min(t.max(1));
                        // trip / strip, not ⌈trip / strip⌉: the last strip is partial, and a count
                        // over a whole strip times ⌈⌉ would credit iterations that do not exist.
                        let factor = Poly::term(0, t.max(0) as u128, s as u128);
                        LoopTile { kind: TileKind::Strip(s), iters: s, factor }
                    }
                    (Some(s), None) => {
                        LoopTile { kind: TileKind::Strip(s), iters: s, factor: Poly::term(1, 1, s as u128) }
                    }
                    (None, Some(t)) => LoopTile { kind: TileKind::Whole, iters: t.max(0), factor: Poly::constant(1) },
                    (None, None) => LoopTile { kind: TileKind::Unbounded, iters: 1, factor: Poly::term(1, 1, 1) },
                }
            })
            .collect()
    }
}

/// Whether `array` has a vector access (`affine.vector_load`/`affine.vector_store`): staging
/// would have to rewrite it, and sharc-promote redirects scalar accesses only, so such an array
/// is never staged ([`VECTOR_ACCESS`] says so where the search would have staged it).
pub fn vector_accessed(section: &Section, array: usize) -> bool {
    section.refs.iter().any(|r| r.array == array && r.access.lanes > 1)
}

/// Why an array [`vector_accessed`] is not staged.
pub const VECTOR_ACCESS: &str = "it has a vector access (sharc-vectorize), which sharc-promote does not rewrite";

/// Why the tile serving `refs` (one [`super::section::RefGroup`] of an array) cannot be staged
/// whatever the parameters, if it cannot.
pub fn unstageable(section: &Section, shape: &PlanShape, tiles: &[LoopTile], refs: &[usize]) -> Option<String> {
    let group: Vec<&Reference> = refs.iter().filter_map(|&r| section.refs.get(r)).collect();
    let Some(first) = group.first() else { return Some("it is not accessed".into()) };
    let array = first.array;
    let info = &section.arrays[array];
    if info.non_affine {
        return Some("it has a non-affine access".into());
    }

    if group.iter().any(|r| r.linear.is_none()) {
        return Some("a subscript is not linear".into());
    }
    if group.iter().any(|r| r.uses_outside_values()) {
        return Some("a subscript uses a symbol or a loop around the section".into());
    }
    let written = section.refs.iter().any(|r| r.array == array && !r.is_read());
    if written && section.groups_of(array).count() > 1 {
        // Each group would need a tile of its own, and a write through one tile would leave
        // the other's copy of the element stale.
        let labels: Vec<String> = section.groups_of(array).map(|g| section.ref_label(g.refs[0])).collect();
        return Some(format!(
            "it is written, and its references are not uniformly generated ({}): two tiles of a written array would \
             go stale",
            labels.join(", ")
        ));
    }
    let rank = first.access.map.num_results();
    for r in &group {
        for d in 0..rank {
            for l in 0..section.loops.len() {
                if r.coeff(d, l) != first.coeff(d, l) {
                    return Some(
                        "its references are not uniformly generated (the tile origin would not be affine)".into(),
                    );
                }
            }
            for l in r.loops_of_dim(d) {
                match tiles[l].kind {
                    TileKind::Unbounded => {
                        return Some(format!(
                            "it is indexed by {}, which is not split and has an unknown trip count",
                            section.iv_name(l)
                        ))
                    }
                    TileKind::Whole if section.loops[l].lower.is_none() => {
                        return Some(format!(
                            "it is indexed by {}, whose lower bound is not constant",
                            section.iv_name(l)
                        ))
                    }
                    _ => {}
                }
            }
        }
    }
    let _ = shape;
    None
}

/// The references `refs` (indices into [`Section::refs`]).
fn group_refs<'s>(section: &'s Section, refs: &[usize]) -> Vec<&'s Reference> {
    refs.iter().filter_map(|&r| section.refs.get(r)).collect()
}

/// The tile of the loops of one reference's domain (loops around the section: one iteration).
fn ref_tile(section: &Section, rf: &Reference, tiles: &[LoopTile]) -> Tile {
    let ranges = rf
        .loops
        .iter()
        .zip(&rf.access.domain.loops)
        .map(|(l, dl)| match l {
            Some(l) => {
                let lp = &section.loops[*l];
                let lo = lp.lower.unwrap_or(0);
                let iters = tiles[*l].iters.max(0);
                TileRange { lo, hi: lo.saturating_add(iters.saturating_mul(lp.step)), step: lp.step }
            }
            None => {
                let lo = dl.constant_lower().unwrap_or(0);
                TileRange { lo, hi: lo + 1, step: 1 }
            }
        })
        .collect();
    Tile::new(ranges)
}

fn symbols(section: &Section) -> Vec<i64> {
    vec![REPRESENTATIVE_EXTENT; section.accesses.symbols.len()]
}

/// The product of the tile factors of the section loops a reference runs in.
pub(super) fn ref_factor(rf: &Reference, tiles: &[LoopTile]) -> Poly {
    rf.loops.iter().flatten().fold(Poly::constant(1), |acc, &l| acc.mul(&tiles[l].factor))
}

/// The partition of one array over one tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partition {
    /// Inclusive `(min, max)` per array dimension: the rectangular hull.
    pub hull: Vec<(i64, i64)>,
    /// Elements of the hull.
    pub points: u64,
    /// Bytes of the hull.
    pub bytes: u64,
}

/// The rectangular hull of the references `refs` (one tile's, all to one array) over one tile
/// (eq. (1)).
pub fn partition(section: &Section, tiles: &[LoopTile], refs: &[usize]) -> Option<Partition> {
    let syms = symbols(section);
    let group = group_refs(section, refs);
    let array = group.first()?.array;
    let mut hull: Option<Vec<(i64, i64)>> = None;
    for rf in group {
        let img = tile_image(&rf.access.map, &syms, &ref_tile(section, rf, tiles))?;
        if img.bbox.is_empty() {
            continue;
        }
        hull = Some(match hull {
            None => img.bbox.clone(),
            Some(h) => h.iter().zip(&img.bbox).map(|(a, b)| (a.0.min(b.0), a.1.max(b.1))).collect(),
        });
    }
    let hull = hull?;
    let points = hull.iter().try_fold(1u64, |acc, &(lo, hi)| acc.checked_mul(u64::try_from(hi - lo + 1).ok()?))?;
    let bytes = points.checked_mul(u64::from(section.arrays[array].elem_bytes))?;
    Some(Partition { hull, points, bytes })
}

/// `ReuseSize` of the references `refs` (one tile's) per thread block, and the unscaled count
/// over one tile (for the θ_r test against the partition).
pub fn reuse(section: &Section, tiles: &[LoopTile], refs: &[usize]) -> Option<(Poly, u64)> {
    let syms = symbols(section);
    let refs = group_refs(section, refs);
    type Group<'r> = (Statement, Vec<Option<usize>>, Vec<&'r Reference>);
    let mut groups: Vec<Group> = Vec::new();
    for r in refs {
        match groups.iter_mut().find(|(s, l, _)| *s == r.stmt && *l == r.loops) {
            Some(g) => g.2.push(r),
            None => groups.push((r.stmt, r.loops.clone(), vec![r])),
        }
    }
    let mut total = Poly::default();
    let mut tile_count = 0u64;
    for (_, _, rs) in &groups {
        let maps: Vec<&AffineMap> = rs.iter().map(|r| &r.access.map).collect();
        let count = reuse_size(&maps, &syms, &ref_tile(section, rs[0], tiles))?;
        tile_count = tile_count.saturating_add(count);
        total = total.add(&ref_factor(rs[0], tiles).scale(count));
    }
    Some((total, tile_count))
}

/// Why a reference breaks the adjacency constraints (eq. (4)–(6), with (5) read as
/// `Q(y) = Q(x) + 1`): none when the x loop is the last subscript with coefficient 1 and in no
/// other (consecutive x threads read consecutive elements at one time); otherwise `time` when
/// stepping a sequential loop moves to the adjacent element (gemm's `A[i][k]`), `space` when
/// consecutive threads do not touch consecutive elements (a transposed or row-per-thread access).
pub fn violation(section: &Section, shape: &PlanShape, rf: &Reference) -> Option<&'static str> {
    let rank = rf.access.map.num_results();
    let last = rank.checked_sub(1)?;
    let x = shape.axes.iter().position(|a| *a == Some(Axis::X));
    let others = |l: usize| (0..last).any(|d| rf.coeff(d, l) != 0);
    // Consecutive x threads touch consecutive elements at the same time: the pair the
    // constraints ask for exists, whatever the other loops do. A lane of an `N`-lane vector
    // access steps by `N` along x: consecutive threads then touch consecutive vectors, which
    // is as contiguous (seed 001 §3.6: after vectorization "A[idx] is coalesced").
    let step = i64::from(rf.access.lanes.max(1));
    if x.is_some_and(|x| rf.coeff(last, x) == step && !others(x)) {
        return None;
    }
    let time = (0..section.loops.len())
        .filter(|&l| shape.axes.get(l).is_none_or(|a| a.is_none()))
        .any(|l| rf.coeff(last, l) != 0 && !others(l));
    let band_in_last = (0..section.band).any(|l| Some(l) != x && rf.coeff(last, l) != 0);
    let space = band_in_last || x.is_some_and(|x| others(x) || !matches!(rf.coeff(last, x), c if c == 0 || c == step));
    match (time, space) {
        (true, true) => Some("time and space"),
        (true, false) => Some("time"),
        (false, true) => Some("space"),
        _ => None,
    }
}

/// The coalescing term of one tile per thread block: what staging it saves in global
/// transactions of `TranSize` bytes (docs/partition.md, "Deviation from eq. (7)").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CoalesceTran {
    /// Transactions of the original references: per statement and time step, each warp's
    /// distinct transactions over the elements it is the first of the block to touch (an
    /// element several warps touch at once is reuse, counted by `ReuseSize`), times the steps
    /// of a tile, times the tiles per block.
    pub original: Poly,
    /// Transactions of the cooperative copy: copy-in when the array is read, copy-out when it
    /// is written; the hull traversed row-major, consecutive threads on the innermost
    /// dimension, `⌈inner extent × elem / TranSize⌉` per row, once per reload.
    pub copy: Poly,
    /// `original − copy`, never negative: the `CoalesceTran` of eq. (8).
    pub saving: Poly,
}

/// The coalescing term of the tile serving `refs` per thread block at `tiles` (see
/// [`CoalesceTran`]); threads are numbered `x + TB_X·(y + TB_Y·z)` and grouped in warps of
/// `warp` threads.
pub fn coalesce_tran(section: &Section, tiles: &[LoopTile], refs: &[usize], tran_size: u32, warp: u32) -> CoalesceTran {
    let original = original_transactions(section, tiles, refs, tran_size, warp);
    let copy = copy_transactions(section, tiles, refs, tran_size);
    let saving = original.saturating_sub(&copy);
    CoalesceTran { original, copy, saving }
}

fn original_transactions(section: &Section, tiles: &[LoopTile], refs: &[usize], tran_size: u32, warp: u32) -> Poly {
    let group = group_refs(section, refs);
    let Some(info) = group.first().map(|r| &section.arrays[r.array]) else { return Poly::default() };
    let syms = symbols(section);
    let strides = row_major_strides(&info.shape);
    let tran = i128::from(tran_size.max(1));
    let warp = i64::from(warp.max(1));
    let mut block = [1i64; 3];
    for t in tiles {
        if let TileKind::Band(a) = t.kind {
            block[a as usize] = t.iters.max(1);
        }
    }
    let mut groups: Vec<(Statement, Vec<&Reference>)> = Vec::new();
    for r in group {
        match groups.iter_mut().find(|(s, _)| *s == r.stmt) {
            Some(g) => g.1.push(r),
            None => groups.push((r.stmt, vec![r])),
        }
    }
    let mut total = Poly::default();
    for (_, rs) in &groups {
        // Element (byte offset) -> the first (reference, warp) of the step to touch it.
        let mut first: HashMap<i128, (usize, i64)> = HashMap::new();
        for (ri, rf) in rs.iter().enumerate() {
            let mut tile = ref_tile(section, rf, tiles);
            // One time step: every non-band loop at its first value; the band loops' positions
            // and axes give each point's thread.
            let mut axes: Vec<(usize, usize, i64, i64)> = Vec::new();
            for (p, l) in rf.loops.iter().enumerate() {
                match l.map(|l| &tiles[l].kind) {
                    Some(TileKind::Band(a)) => {
                        axes.push((p, *a as usize, tile.ranges[p].lo, tile.ranges[p].step.max(1)))
                    }
                    _ => tile.ranges[p].hi = tile.ranges[p].lo + 1,
                }
            }
            let loops: Vec<(usize, TileRange)> = tile.ranges.iter().copied().enumerate().collect();
            let mut point: Vec<i64> = tile.ranges.iter().map(|r| r.lo).collect();
            crate::analysis::affine::tile_image::for_each(&loops, &mut point, &mut |p| {
                let Some(e) = rf.access.element(p, &syms) else { return };
                let mut coord = [0i64; 3];
                for &(pos, a, lo, step) in &axes {
                    coord[a] = (p[pos] - lo) / step;
                }
                let tid = coord[0] + block[0] * (coord[1] + block[1] * coord[2]);
                let off: i128 = e.iter().zip(&strides).map(|(&i, &s)| i128::from(i) * s).sum();
                let byte = off * i128::from(info.elem_bytes);
                let who = (ri, tid / warp);
                first.entry(byte).and_modify(|w| *w = (*w).min(who)).or_insert(who);
            });
        }
        let requests: HashSet<(usize, i64, i128)> =
            first.iter().map(|(&byte, &(r, w))| (r, w, byte.div_euclid(tran))).collect();
        let Some(rf) = rs.first() else { continue };
        let steps: u64 = rf
            .loops
            .iter()
            .flatten()
            .filter(|&&l| !matches!(tiles[l].kind, TileKind::Band(_)))
            .map(|&l| tiles[l].iters.max(0) as u64)
            .product();
        total = total.add(&ref_factor(rf, tiles).scale((requests.len() as u64).saturating_mul(steps)));
    }
    total
}

fn copy_transactions(section: &Section, tiles: &[LoopTile], refs: &[usize], tran_size: u32) -> Poly {
    let Some(p) = partition(section, tiles, refs) else { return Poly::default() };
    let group = group_refs(section, refs);
    let Some(array) = group.first().map(|r| r.array) else { return Poly::default() };
    let elem = u64::from(section.arrays[array].elem_bytes);
    let extents: Vec<u64> = p.hull.iter().map(|&(lo, hi)| (hi - lo + 1).max(0) as u64).collect();
    let (inner, rows) = match extents.split_last() {
        Some((&inner, outer)) => (inner, outer.iter().product::<u64>()),
        None => (1, 1),
    };
    let per_row = inner.saturating_mul(elem).div_ceil(u64::from(tran_size.max(1)));
    let directions = u64::from(group.iter().any(|r| r.is_read())) + u64::from(group.iter().any(|r| !r.is_read()));
    reload_factor(section, tiles, refs).scale(rows.saturating_mul(per_row).saturating_mul(directions))
}

/// How often the tile serving `refs` is loaded per block: the tiles of the strip loops its
/// subscripts use. A streamed band loop (a strip of 1 on a band loop, run inside the thread)
/// encloses every sequential loop of the body, so a tile copied inside any strip loop is
/// copied again at each of its steps, whether or not its subscripts use it; a tile without
/// strip loops is copied once, before it.
pub fn reload_factor(section: &Section, tiles: &[LoopTile], refs: &[usize]) -> Poly {
    let mut loops: Vec<usize> = Vec::new();
    for r in group_refs(section, refs) {
        for d in 0..r.access.map.num_results() {
            loops.extend(r.loops_of_dim(d));
        }
    }
    loops.retain(|&l| matches!(tiles.get(l).map(|t| &t.kind), Some(TileKind::Strip(_))));
    if loops.iter().any(|&l| l >= section.band) {
        loops.extend((0..section.band).filter(|&l| matches!(tiles.get(l).map(|t| &t.kind), Some(TileKind::Strip(_)))));
    }
    loops.sort_unstable();
    loops.dedup();
    loops.iter().fold(Poly::constant(1), |acc, &l| acc.mul(&tiles[l].factor))
}

pub(super) fn row_major_strides(shape: &[i64]) -> Vec<i128> {
    let mut strides = vec![1i128; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        let ext = if is_dynamic(shape[d + 1]) { REPRESENTATIVE_EXTENT } else { shape[d + 1].max(1) };
        strides[d] = strides[d + 1].saturating_mul(i128::from(ext));
    }
    strides
}
