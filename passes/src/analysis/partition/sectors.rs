//! Global-sector prediction: how many `sector_size`-byte sectors a mapping of a section moves,
//! counted the way `sharc-run` counts them (`sharc_machine::memory::sectors` of every warp's
//! request), for the partition plan and for the baseline mapping (`sharc-map-baseline`), so
//! that the search never takes a plan that does not beat the baseline.
//!
//! The unit is one *full* thread block at an interior position (band loops at their second
//! tile, so that halos and alignment are those of most blocks): per block, the sectors of
//!
//! - every reference its staged tiles do not serve: per warp and time step, the distinct
//!   sectors of the warp's 32 lanes (one request per reference instance, as the simulator
//!   issues them), over a sample of the time steps — the values of the non-band loops in the
//!   last subscript repeat their alignment every `sector_size / element` iterations, so that many
//!   are enumerated and the count scaled to the tile's steps — times the tiles per block;
//! - every staged tile's cooperative copy, as `sharc-lower-gpumap` writes it: thread `t` copies
//!   the flattened elements `t, t + B, ...`, a warp's lanes consecutive elements, row-major, so a
//!   row shorter than a sector costs a whole sector (the per-sector copy cost); once per reload,
//!   in when the tile is read, out when it is written (a write-only tile of a full block is not
//!   copied in).
//!
//! Plans differ in block shape, so they are compared per band iteration: [`Density`] is the
//! block's sectors over the band iterations it covers, both polynomials in the unknown trip
//! count `n` (`profit::Poly`). A plan beats the baseline when its density is lower for large `n`
//! and at the two sizes the remark names (the larger block extent and four times it).

use super::features::{
    ref_factor, reload_factor, row_major_strides, LoopTile, PlanShape, TileKind, REPRESENTATIVE_EXTENT,
};
use super::profit::Poly;
use super::search::ArrayVerdict;
use super::section::{Reference, Section};
use super::split::{IterSplit, LoopSplit};
use crate::analysis::affine::tile_image::for_each;
use crate::analysis::affine::{tile_image, Tile, TileRange};
use sharc_dialects::affine::ParallelOp;
use sharc_dialects::sharc::share::Axis;
use sharc_ir::Context;
use sharc_machine::Target;
use std::cmp::Ordering;

/// Where element 0 of every array sits in the model's address space: far from 0 so that halos
/// before a tile stay positive, aligned to every segment size.
const BASE_ADDRESS: i128 = 1 << 40;

/// A mapping's global sectors per thread block and the band iterations the block covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Density {
    /// Sectors per block.
    pub sectors: Poly,
    /// Band iterations per block.
    pub points: Poly,
}

impl Density {
    /// Compares sectors per band iteration for large `n` (cross-multiplied, so that no
    /// polynomial is divided).
    pub fn cmp_per_point(&self, other: &Density) -> Ordering {
        self.sectors.mul(&other.points).cmp(&other.sectors.mul(&self.points))
    }

    /// Sectors per band iteration at `n`.
    pub fn at(&self, n: f64) -> f64 {
        let p = self.points.at(n);
        if p > 0.0 {
            self.sectors.at(n) / p
        } else {
            0.0
        }
    }
}

/// The band iterations of one launch of the section at `n` (constant trip counts as they are,
/// unknown ones `n`).
pub fn band_points(section: &Section) -> Poly {
    section.loops[..section.band]
        .iter()
        .map(|lp| lp.trip.map_or(Poly::term(1, 1, 1), |t| Poly::constant(t.max(0) as u64)))
        .fold(Poly::constant(1), |acc, p| acc.mul(&p))
}

/// What the baseline mapping would do with the section: its plan shape (the loops it binds to
/// x, y, z; nothing split) and block; `None` when it keeps the section on the host.
pub fn baseline_shape(ctx: &Context, section: &Section, target: &Target) -> Option<(PlanShape, [i64; 3])> {
    let op = ParallelOp::view(ctx, section.op)?;
    let (mapped, block) = crate::gpumap::map_baseline::baseline_mapping(ctx, op, target)?;
    let mut axes = vec![None; section.band];
    for (iv, axis) in mapped.iter().zip([Axis::X, Axis::Y, Axis::Z]) {
        let l = section.loops[..section.band].iter().position(|lp| lp.iv == *iv)?;
        axes[l] = Some(axis);
    }
    let split = IterSplit { loops: vec![LoopSplit::Unsplit; section.loops.len()], sources: Vec::new() };
    Some((PlanShape { split, axes }, block))
}

/// The baseline mapping of a section: its block and density.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Baseline {
    /// Threads per block.
    pub block: [i64; 3],
    /// Its global sectors per block and band iterations per block.
    pub density: Density,
    /// The band's iteration domain within the hull the blocks cover.
    pub domain: Domain,
}

/// The band's iteration domain, as the gate credits the baseline with it. Every prediction
/// counts full blocks over the hull of the band's loops (a plan's copies run in every block);
/// the baseline's threads outside a non-rectangular domain are idle, so its prediction over the
/// hull is cut to the domain's share before the comparison, or the plan would win on sectors
/// the baseline never moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Domain {
    /// No band loop's bounds use another band loop: the hull is the domain.
    Rectangular,
    /// One band loop bounded by one other band loop with coefficient ±1 (syrk's `j <= i`, a
    /// trapezoid `i <= j < n`): at least half of the hull, so the baseline is credited with
    /// half its hull's sectors.
    Triangle,
    /// Any other shape (several dependent loops, other slopes, bounds that are not linear):
    /// its share is not bounded from below, so no plan is taken.
    Unknown,
}

/// The domain of `section`'s band ([`Domain`]).
pub fn domain(ctx: &Context, section: &Section) -> Domain {
    let Some(op) = ParallelOp::view(ctx, section.op) else { return Domain::Unknown };
    let Some(nest) = crate::gpumap::nest::Nest::of(ctx, op) else { return Domain::Unknown };
    let dependent: Vec<&crate::gpumap::nest::Dim> = nest.dims.iter().filter(|d| !d.deps.is_empty()).collect();
    match dependent.as_slice() {
        [] => Domain::Rectangular,
        [d] if d.deps.len() == 1 => {
            let unit = d.lbs.iter().chain(&d.ubs).all(|e| {
                nest.space
                    .dim_position(nest.dims[d.deps[0]].iv)
                    .and_then(|p| crate::gpumap::nest::coefficient(e, p))
                    .is_some_and(|c| c.abs() <= 1)
            });
            if unit && d.step == 1 {
                Domain::Triangle
            } else {
                Domain::Unknown
            }
        }
        _ => Domain::Unknown,
    }
}

/// The baseline mapping's density, if it maps the section: over the band's domain, not its
/// hull ([`Domain`]).
pub fn baseline(ctx: &Context, section: &Section, target: &Target) -> Option<Baseline> {
    let (shape, block) = baseline_shape(ctx, section, target)?;
    let config = super::features::Config { block, vague: Vec::new() };
    let tiles = shape.tiles(section, &config);
    let mut density = density(section, &tiles, &[], target);
    let domain = domain(ctx, section);
    if domain == Domain::Triangle {
        // Half the sectors per band iteration of the hull: the same count over twice the points.
        density.points = density.points.scale(2);
    }
    Some(Baseline { block, density, domain })
}

/// The density of a mapping whose loops are tiled by `tiles`, with `staged` tiles in shared
/// memory (each serving its `refs`).
pub fn density(section: &Section, tiles: &[LoopTile], staged: &[&ArrayVerdict], target: &Target) -> Density {
    let mut sectors = Poly::default();
    let served = |r: usize| staged.iter().any(|v| v.refs.contains(&r));
    for (r, rf) in section.refs.iter().enumerate() {
        if !served(r) {
            sectors = sectors.add(&reference_sectors(section, tiles, rf, target));
        }
    }
    for v in staged {
        sectors = sectors.add(&copy_sectors(section, tiles, v, target));
    }
    let points = section.loops[..section.band]
        .iter()
        .zip(tiles)
        .map(|(_, t)| match t.kind {
            TileKind::Band(_) => Poly::constant(t.iters.max(1) as u64),
            _ => t.factor.scale(t.iters.max(0) as u64),
        })
        .fold(Poly::constant(1), |acc, p| acc.mul(&p));
    Density { sectors, points }
}

/// The tile of a reference's domain at the representative block: band loops at their second
/// tile, every other loop at its first.
fn representative_ranges(section: &Section, rf: &Reference, tiles: &[LoopTile]) -> Vec<TileRange> {
    rf.loops
        .iter()
        .zip(&rf.access.domain.loops)
        .map(|(l, dl)| match l {
            Some(l) => {
                let lp = &section.loops[*l];
                let t = &tiles[*l];
                let span = t.iters.max(0).saturating_mul(lp.step);
                let lo = lp.lower.unwrap_or(0) + if matches!(t.kind, TileKind::Band(_)) { span } else { 0 };
                TileRange { lo, hi: lo.saturating_add(span), step: lp.step }
            }
            None => {
                let lo = dl.constant_lower().unwrap_or(0);
                TileRange { lo, hi: lo + 1, step: 1 }
            }
        })
        .collect()
}

/// Elements per sector of an array: how many consecutive values of a loop in the last
/// subscript it takes for the alignment to repeat.
fn alignment_period(section: &Section, array: usize, target: &Target) -> i64 {
    (i64::from(target.sector_size) / i64::from(section.arrays[array].elem_bytes.max(1))).max(1)
}

fn byte_address(section: &Section, array: usize, element: &[i64]) -> Option<u64> {
    let info = &section.arrays[array];
    let strides = row_major_strides(&info.shape);
    let off: i128 = element.iter().zip(&strides).map(|(&i, &s)| i128::from(i) * s).sum();
    u64::try_from(BASE_ADDRESS + off * i128::from(info.elem_bytes)).ok()
}

/// The linear thread id of a band point, from the band loops' positions in the tile.
fn thread_of(axes: &[(usize, usize, i64, i64)], block: [i64; 3], point: &[i64]) -> i64 {
    let mut coord = [0i64; 3];
    for &(pos, a, lo, step) in axes {
        coord[a] = (point[pos] - lo) / step;
    }
    coord[0] + block[0] * (coord[1] + block[1] * coord[2])
}

/// Sectors per block of one reference left in global memory.
fn reference_sectors(section: &Section, tiles: &[LoopTile], rf: &Reference, target: &Target) -> Poly {
    let syms = vec![REPRESENTATIVE_EXTENT; section.accesses.symbols.len()];
    let mut ranges = representative_ranges(section, rf, tiles);
    let mut block = [1i64; 3];
    for t in tiles {
        if let TileKind::Band(a) = t.kind {
            block[a as usize] = t.iters.max(1);
        }
    }
    let last = rf.access.map.num_results().saturating_sub(1);
    let period = alignment_period(section, rf.array, target);
    // Band positions (threads) and sampled time steps.
    let mut axes: Vec<(usize, usize, i64, i64)> = Vec::new();
    let mut steps: u64 = 1;
    let mut sampled: u64 = 1;
    for (p, l) in rf.loops.iter().enumerate() {
        match l.map(|l| &tiles[l].kind) {
            Some(TileKind::Band(a)) => axes.push((p, *a as usize, ranges[p].lo, ranges[p].step.max(1))),
            Some(_) => {
                let l = l.unwrap_or_default();
                let iters = tiles[l].iters.max(0);
                steps = steps.saturating_mul(iters as u64);
                let take = if rf.coeff(last, l) != 0 { iters.min(period) } else { iters.min(1) };
                ranges[p].hi = ranges[p].lo + take * ranges[p].step.max(1);
                sampled = sampled.saturating_mul(take.max(0) as u64);
            }
            None => {}
        }
    }
    if steps == 0 || sampled == 0 {
        return Poly::default();
    }
    let warp = i64::from(target.warp_size.max(1));
    let threads: i64 = block.iter().product();
    let warps = (threads + warp - 1) / warp;
    let bytes = section.arrays[rf.array].elem_bytes;
    // Per sampled step, every warp's lanes: enumerate the steps outermost, the band inside.
    type Loops = Vec<(usize, TileRange)>;
    let (band, time): (Loops, Loops) =
        ranges.iter().copied().enumerate().partition(|(p, _)| axes.iter().any(|a| a.0 == *p));
    let mut point: Vec<i64> = ranges.iter().map(|r| r.lo).collect();
    let mut total: u64 = 0;
    let mut lanes: Vec<Vec<Option<u64>>> = vec![vec![None; warp as usize]; warps as usize];
    for_each(&time, &mut point, &mut |p| {
        for w in lanes.iter_mut() {
            w.iter_mut().for_each(|l| *l = None);
        }
        let mut inner = p.to_vec();
        for_each(&band, &mut inner, &mut |q| {
            let tid = thread_of(&axes, block, q);
            let Some(e) = rf.access.element(q, &syms) else { return };
            if let (Some(addr), Ok(t)) = (byte_address(section, rf.array, &e), usize::try_from(tid)) {
                if let Some(slot) = lanes.get_mut(t / warp as usize).and_then(|w| w.get_mut(t % warp as usize)) {
                    *slot = Some(addr);
                }
            }
        });
        for w in &lanes {
            if w.iter().any(Option::is_some) {
                total += u64::from(sharc_machine::memory::sectors(w, bytes, target));
            }
        }
    });
    ref_factor(rf, tiles).mul(&Poly::term(0, u128::from(total) * u128::from(steps), u128::from(sampled)))
}

/// Sectors per block of one staged tile's cooperative copies.
fn copy_sectors(section: &Section, tiles: &[LoopTile], v: &ArrayVerdict, target: &Target) -> Poly {
    let syms = vec![REPRESENTATIVE_EXTENT; section.accesses.symbols.len()];
    let refs: Vec<&Reference> = v.refs.iter().filter_map(|&r| section.refs.get(r)).collect();
    let mut hull: Option<Vec<(i64, i64)>> = None;
    for rf in &refs {
        let tile = Tile::new(representative_ranges(section, rf, tiles));
        let Some(img) = tile_image(&rf.access.map, &syms, &tile) else { return Poly::default() };
        if img.bbox.is_empty() {
            continue;
        }
        hull = Some(match hull {
            None => img.bbox.clone(),
            Some(h) => h.iter().zip(&img.bbox).map(|(a, b)| (a.0.min(b.0), a.1.max(b.1))).collect(),
        });
    }
    let Some(hull) = hull else { return Poly::default() };
    let extents: Vec<i64> = hull.iter().map(|&(lo, hi)| (hi - lo + 1).max(0)).collect();
    let size: i64 = extents.iter().product();
    let threads: i64 = tiles
        .iter()
        .filter_map(|t| if let TileKind::Band(_) = t.kind { Some(t.iters.max(1)) } else { None })
        .product::<i64>()
        .max(1);
    let warp = i64::from(target.warp_size.max(1));
    let bytes = section.arrays[v.array].elem_bytes;
    let mut per_copy: u64 = 0;
    let mut lanes: Vec<Option<u64>> = vec![None; warp as usize];
    let mut round = 0i64;
    while round * threads < size {
        let mut w = 0i64;
        while w * warp < threads {
            for (lane, slot) in lanes.iter_mut().enumerate() {
                let e = round * threads + w * warp + lane as i64;
                *slot = if w * warp + (lane as i64) < threads && e < size {
                    let mut rest = e;
                    let mut element = vec![0i64; extents.len()];
                    for d in (0..extents.len()).rev() {
                        element[d] = hull[d].0 + rest % extents[d].max(1);
                        rest /= extents[d].max(1);
                    }
                    byte_address(section, v.array, &element)
                } else {
                    None
                };
            }
            if lanes.iter().any(Option::is_some) {
                per_copy += u64::from(sharc_machine::memory::sectors(&lanes, bytes, target));
            }
            w += 1;
        }
        round += 1;
    }
    let read = refs.iter().any(|r| r.is_read());
    let written = refs.iter().any(|r| !r.is_read());
    // A write-only tile of a full block is copied out only (sharc-promote copies it in only in
    // partial blocks).
    let directions = u64::from(read) + u64::from(written);
    reload_factor(section, tiles, &v.refs).scale(per_copy.saturating_mul(directions))
}

/// The verdict of the plan against the baseline, for the `placement:` remark.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// The two problem sizes the prediction is evaluated at.
    pub sizes: [i64; 2],
    /// The plan's predicted sectors per launch at each size.
    pub plan: [f64; 2],
    /// The baseline's.
    pub baseline: [f64; 2],
    /// Whether the plan's density is lower for large `n`.
    pub asymptotically_fewer: bool,
}

impl Comparison {
    /// Compares `plan` with `baseline` at the block extent `extent` and four times it.
    pub fn new(section: &Section, plan: &Density, baseline: &Density, extent: i64) -> Comparison {
        let sizes = [extent.max(1), 4 * extent.max(1)];
        let points = band_points(section);
        let at = |d: &Density, n: i64| d.at(n as f64) * points.at(n as f64);
        Comparison {
            sizes,
            plan: sizes.map(|n| at(plan, n)),
            baseline: sizes.map(|n| at(baseline, n)),
            asymptotically_fewer: plan.cmp_per_point(baseline) == Ordering::Less,
        }
    }

    /// The plan moves fewer sectors than the baseline at both sizes and for large `n`.
    pub fn beats_baseline(&self) -> bool {
        self.asymptotically_fewer && self.plan.iter().zip(&self.baseline).all(|(p, b)| p < b)
    }

    /// `at n = 32 / 128: plan 512 / 20480, baseline 1792 / 102400 sectors per launch`.
    pub fn describe(&self) -> String {
        format!(
            "at n = {} / {}: plan {:.0} / {:.0}, baseline {:.0} / {:.0} global sectors per launch",
            self.sizes[0], self.sizes[1], self.plan[0], self.plan[1], self.baseline[0], self.baseline[1]
        )
    }
}
