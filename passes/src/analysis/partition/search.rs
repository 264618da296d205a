//! The optimal-partition search (seed 000 §3.2.3, digest §6.3–§6.4): for every parameter setting
//! of a plan — power-of-two thread-block extents with `TB_X ≥ warp`, at most
//! `max_threads_per_block` threads, and a power-of-two strip for every vague loop — the staged
//! arrays are `ReuseSet ∪ CoalesceSet`, the setting is legal when they fit `θ_s × SMSize` (9),
//! the block fits the target (10) and at least one block is resident (11, read as occupancy; the
//! literal reading is an option), and its value is `Profit` (8).
//!
//! Ranking (deterministic; the first difference decides):
//! 1. higher profit (for large `n` when trip counts are unknown);
//! 2. more resident warps per SM (occupancy);
//! 3. less global traffic into shared memory per block (smaller halos, fewer reloads);
//! 4. less idle cooperative-load slots (`⌈tile/threads⌉·threads − tile`, summed): a strip the
//!    size of the matching block extent loads one element per thread, digest §6.4's `k = 32`;
//! 5. fewer shared bytes; 6. wider x, then y, then z; 7. smaller strips; 8. earlier plan.
//!
//! Pruning: arrays in `CoalesceSet` are staged whatever the strips, and their hulls grow with
//! every strip, so a strip past the one that makes them overflow the budget (others at their
//! smallest) is never legal. [`exhaustive`] evaluates the whole space without it (the tests
//! check both agree).

use super::closure::Closure;
use super::features::{self, Config, LoopTile, Partition, PlanShape};
use super::profit::Poly;
use super::section::Section;
use sharc_dialects::sharc::share::Axis;
use sharc_machine::occupancy::{literal_eq11_holds, occupancy, BlockResources};
use sharc_machine::Target;
use std::cmp::Ordering;
use std::collections::HashMap;

/// Options of the search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchOptions {
    /// Read constraint (11) literally (`TBSize × SMSize / ΣDS ≤ TSizeMax`) instead of as occupancy.
    pub literal_eq11: bool,
}

/// What the search decided for one candidate tile at one setting: an array's references fall
/// into groups of uniformly generated ones ([`super::section::RefGroup`]), each a candidate
/// with a tile of its own (one per array in the common case).
#[derive(Clone, Debug, PartialEq)]
pub struct ArrayVerdict {
    /// The array.
    pub array: usize,
    /// The references (indices into [`Section::refs`]) this verdict's tile serves: all the
    /// array's references, or one group of them when an array gets one tile per group.
    pub refs: Vec<usize>,
    /// Why it can never be staged, if so.
    pub unstageable: Option<String>,
    /// Its partition over one tile: the hull of `refs`' images.
    pub partition: Option<Partition>,
    /// `ReuseSize` per block.
    pub reuse: Poly,
    /// `ReuseSize` over one tile / partition elements.
    pub ratio: f64,
    /// In `ReuseSet`.
    pub in_reuse: bool,
    /// The adjacency constraint a reference breaks.
    pub violation: Option<&'static str>,
    /// In `CoalesceSet` (a violation, or `:coalesce`).
    pub in_coalesce: bool,
    /// `CoalesceTran` per block: the transactions staging saves (original − copy, ≥ 0).
    pub coalesce_tran: Poly,
    /// Transactions of the original references per block.
    pub coalesce_original: Poly,
    /// Transactions of the cooperative copy per block.
    pub coalesce_copy: Poly,
    /// Staged.
    pub staged: bool,
}

/// The value of a legal setting.
#[derive(Clone, Debug, PartialEq)]
pub struct Metrics {
    /// Profit per block, bytes of global traffic saved (eq. (8)).
    pub profit: Poly,
    /// Shared bytes per block.
    pub shared_bytes: u64,
    /// Resident blocks per SM.
    pub blocks_per_sm: u32,
    /// Resident warps per SM.
    pub warps_per_sm: u32,
    /// Resident warps over the most an SM holds.
    pub occupancy: f64,
    /// Elements loaded into shared memory per block.
    pub traffic: Poly,
    /// Idle cooperative-load slots.
    pub waste: u64,
    /// Per candidate tile (one per group of each candidate array, in group order).
    pub arrays: Vec<ArrayVerdict>,
}

/// One setting and its value, or why it is not legal.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluated {
    /// The plan index.
    pub plan: usize,
    /// The setting.
    pub config: Config,
    /// Its value, or the constraint it breaks.
    pub outcome: Result<Metrics, String>,
}

/// Evaluates settings of one plan, with caches.
pub struct Evaluator<'a> {
    /// The section.
    pub section: &'a Section,
    /// The plan's shape.
    pub shape: PlanShape,
    /// The plan index.
    pub plan: usize,
    target: &'a Target,
    options: SearchOptions,
    /// The candidate tiles: indices into `Section::groups` of the candidate arrays.
    candidates: Vec<usize>,
    forced: Vec<bool>,
    coalesce_cache: HashMap<(usize, [i64; 3], Vec<i64>), features::CoalesceTran>,
}

impl<'a> Evaluator<'a> {
    /// An evaluator for plan `plan` of `section`.
    pub fn new(
        section: &'a Section,
        closure: &Closure,
        shape: PlanShape,
        plan: usize,
        target: &'a Target,
        options: SearchOptions,
    ) -> Evaluator<'a> {
        let candidates: Vec<usize> = closure
            .candidates
            .iter()
            .flat_map(|(a, _)| (0..section.groups.len()).filter(move |&g| section.groups[g].array == *a))
            .collect();
        let forced = (0..section.arrays.len())
            .map(|a| {
                section
                    .pragma
                    .as_ref()
                    .is_some_and(|specs| specs.iter().any(|s| s.coalesce && section.array_named(&s.array) == Some(a)))
            })
            .collect();
        Evaluator { section, shape, plan, target, options, candidates, forced, coalesce_cache: HashMap::new() }
    }

    /// The shared-memory budget of constraint (9): `θ_s × SMSize`, at most one block's maximum.
    pub fn budget(&self) -> u64 {
        self.target.shared_budget()
    }

    /// The adjacency constraint a reference of group `g` breaks.
    fn violation(&self, g: usize) -> Option<&'static str> {
        self.section.groups[g]
            .refs
            .iter()
            .find_map(|&r| features::violation(self.section, &self.shape, &self.section.refs[r]))
    }

    /// Bytes of the tiles staged whatever the strips (`CoalesceSet`), at `config`.
    pub fn forced_bytes(&self, config: &Config) -> u64 {
        let tiles = self.shape.tiles(self.section, config);
        let groups = &self.section.groups;
        self.candidates
            .iter()
            .filter(|&&g| self.forced[groups[g].array] || self.violation(g).is_some())
            .filter(|&&g| features::unstageable(self.section, &self.shape, &tiles, &groups[g].refs).is_none())
            .filter(|&&g| !features::vector_accessed(self.section, groups[g].array))
            .filter_map(|&g| features::partition(self.section, &tiles, &groups[g].refs))
            .map(|p| p.bytes)
            .sum()
    }

    /// Evaluates one setting.
    pub fn evaluate(&mut self, config: &Config) -> Evaluated {
        let outcome = self.metrics(config);
        Evaluated { plan: self.plan, config: config.clone(), outcome }
    }

    fn metrics(&mut self, config: &Config) -> Result<Metrics, String> {
        let section = self.section;
        let tiles = self.shape.tiles(section, config);
        let tran_size = self.target.profit_transaction_size.max(1);
        let mut arrays = Vec::new();
        for g in self.candidates.clone() {
            arrays.push(self.verdict(g, &tiles, config, tran_size));
        }
        let staged: Vec<&ArrayVerdict> = arrays.iter().filter(|v| v.staged).collect();
        let shared_bytes: u64 = staged.iter().filter_map(|v| v.partition.as_ref()).map(|p| p.bytes).sum();
        let budget = self.budget();
        if shared_bytes > budget {
            return Err(format!("needs {shared_bytes} B of shared memory, over θ_s × SMSize = {budget} B (9)"));
        }
        let threads = config.block.iter().product::<i64>();
        let threads = u32::try_from(threads).map_err(|_| "too many threads".to_string())?;
        let shared32 = u32::try_from(shared_bytes).map_err(|_| "too much shared memory".to_string())?;
        let occ =
            occupancy(self.target, BlockResources { threads, shared_bytes: shared32, registers_per_thread: None })
                .map_err(|e| format!("{e} (10)"))?;
        if occ.blocks_per_sm == 0 {
            return Err("no block is resident on an SM (11)".into());
        }
        if self.options.literal_eq11 && !literal_eq11_holds(self.target, threads, shared32) {
            return Err("breaks (11) read literally: TBSize × SMSize / ΣDS > TSizeMax".into());
        }
        let mut profit = Poly::default();
        let mut traffic = Poly::default();
        let mut waste = 0u64;
        for v in &staged {
            let elem = u64::from(section.arrays[v.array].elem_bytes);
            if v.in_reuse {
                profit = profit.add(&v.reuse.scale(elem));
            }
            if v.in_coalesce {
                profit = profit.add(&v.coalesce_tran.scale(u64::from(tran_size)));
            }
            if let Some(p) = &v.partition {
                traffic = traffic.add(&features::reload_factor(section, &tiles, &v.refs).scale(p.points));
                let t = u64::from(threads.max(1));
                waste += p.points.div_ceil(t) * t - p.points;
            }
        }
        Ok(Metrics {
            profit,
            shared_bytes,
            blocks_per_sm: occ.blocks_per_sm,
            warps_per_sm: occ.warps_per_sm(),
            occupancy: occ.fraction(self.target),
            traffic,
            waste,
            arrays,
        })
    }

    /// The verdict on group `g`'s tile.
    fn verdict(&mut self, g: usize, tiles: &[LoopTile], config: &Config, tran_size: u32) -> ArrayVerdict {
        let section = self.section;
        let group = &section.groups[g];
        let a = group.array;
        let mut v = ArrayVerdict {
            array: a,
            refs: group.refs.clone(),
            unstageable: features::unstageable(section, &self.shape, tiles, &group.refs),
            partition: None,
            reuse: Poly::default(),
            ratio: 0.0,
            in_reuse: false,
            violation: self.violation(g),
            in_coalesce: false,
            coalesce_tran: Poly::default(),
            coalesce_original: Poly::default(),
            coalesce_copy: Poly::default(),
            staged: false,
        };
        if v.unstageable.is_some() {
            return v;
        }
        v.partition = features::partition(section, tiles, &v.refs);
        let Some(points) = v.partition.as_ref().map(|p| p.points) else {
            v.unstageable = Some("its partition could not be computed".into());
            return v;
        };
        match features::reuse(section, tiles, &v.refs) {
            Some((reuse, tile_count)) => {
                v.ratio = tile_count as f64 / points.max(1) as f64;
                v.in_reuse = v.ratio >= self.target.theta_r;
                v.reuse = reuse;
            }
            None => v.unstageable = Some("its reuse could not be counted".into()),
        }
        v.in_coalesce = self.forced[a] || v.violation.is_some();
        if v.in_coalesce {
            let key_strips: Vec<i64> = tiles.iter().map(|t| t.iters).collect();
            let key = (g, config.block, key_strips);
            let c = match self.coalesce_cache.get(&key) {
                Some(c) => c.clone(),
                None => {
                    let c = features::coalesce_tran(section, tiles, &v.refs, tran_size, self.target.warp_size);
                    self.coalesce_cache.insert(key, c.clone());
                    c
                }
            };
            v.coalesce_tran = c.saving;
            v.coalesce_original = c.original;
            v.coalesce_copy = c.copy;
        }
        if v.unstageable.is_none() && (v.in_reuse || v.in_coalesce) && features::vector_accessed(section, a) {
            v.unstageable = Some(features::VECTOR_ACCESS.into());
        }
        v.staged = v.unstageable.is_none() && (v.in_reuse || v.in_coalesce);
        v
    }
}

/// The parameter space of a plan: thread-block shapes and each vague loop's strips.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Space {
    /// Legal `[x, y, z]`, x-major descending... in enumeration order.
    pub blocks: Vec<[i64; 3]>,
    /// `(loop, strips)` per vague loop.
    pub vague: Vec<(usize, Vec<i64>)>,
}

fn pow2_range(lo: i64, hi: i64) -> Vec<i64> {
    let mut out = Vec::new();
    let mut v = 1i64;
    while v <= hi {
        if v >= lo {
            out.push(v);
        }
        v *= 2;
    }
    out
}

fn next_pow2(t: i64) -> i64 {
    (t.max(1) as u64).next_power_of_two().min(1 << 40) as i64
}

/// The space of `shape` on `target`: per used axis a power of two up to the loop's trip count
/// (rounded up) and `max_threads_per_block`, x at least the warp (seed 000 (15); less only when
/// the loop is shorter), threads at most `max_threads_per_block` (14); per vague loop the powers
/// of two up to its trip count, or up to `max_threads_per_block` when it is unknown; a vague loop
/// no stageable array is indexed by takes one value.
pub fn space(section: &Section, shape: &PlanShape, target: &Target) -> Space {
    let max = i64::from(target.max_threads_per_block.max(1));
    let warp = i64::from(target.warp_size.max(1));
    let mut per_axis: [Vec<i64>; 3] = [vec![1], vec![1], vec![1]];
    for (l, a) in shape.axes.iter().enumerate() {
        let Some(a) = a else { continue };
        let cap = section.loops[l].trip.map_or(max, |t| next_pow2(t).min(max));
        let lo = if *a == Axis::X { warp.min(cap) } else { 1 };
        per_axis[*a as usize] = pow2_range(lo, cap);
    }
    let mut blocks = Vec::new();
    for &x in per_axis[0].iter().rev() {
        for &y in per_axis[1].iter().rev() {
            for &z in per_axis[2].iter().rev() {
                if x.saturating_mul(y).saturating_mul(z) <= max {
                    blocks.push([x, y, z]);
                }
            }
        }
    }
    let indexed: Vec<usize> = section
        .refs
        .iter()
        .flat_map(|r| (0..r.access.map.num_results()).flat_map(move |d| r.loops_of_dim(d)))
        .collect();
    let vague = shape
        .vague_loops()
        .into_iter()
        .map(|l| {
            if !indexed.contains(&l) {
                return (l, vec![1]);
            }
            let cap = section.loops[l].trip.map_or(max, next_pow2);
            (l, pow2_range(1, cap))
        })
        .collect();
    Space { blocks, vague }
}

/// Every combination of the vague strips, first loop slowest, each ascending.
fn combos(vague: &[(usize, Vec<i64>)]) -> Vec<Vec<(usize, i64)>> {
    let mut out: Vec<Vec<(usize, i64)>> = vec![Vec::new()];
    for (l, vals) in vague {
        out = out
            .into_iter()
            .flat_map(|prefix| {
                vals.iter().map(move |&v| {
                    let mut p = prefix.clone();
                    p.push((*l, v));
                    p
                })
            })
            .collect();
    }
    out
}

/// Ranks two legal settings: `Greater` when `a` is better (see the module docs).
pub fn rank(a: &Evaluated, b: &Evaluated) -> Ordering {
    let (Ok(ma), Ok(mb)) = (&a.outcome, &b.outcome) else {
        return a.outcome.is_ok().cmp(&b.outcome.is_ok());
    };
    criteria(ma, &a.config, a.plan, mb, &b.config, b.plan).map_or(Ordering::Equal, |(o, _)| o)
}

/// The first criterion on which `a` and `b` differ, and who wins it.
pub fn criteria(
    ma: &Metrics,
    ca: &Config,
    pa: usize,
    mb: &Metrics,
    cb: &Config,
    pb: usize,
) -> Option<(Ordering, &'static str)> {
    let strips = |c: &Config| c.vague.iter().map(|v| v.1).collect::<Vec<_>>();
    [
        (ma.profit.cmp(&mb.profit), "higher profit"),
        (ma.warps_per_sm.cmp(&mb.warps_per_sm), "equal profit, higher occupancy"),
        (mb.traffic.cmp(&ma.traffic), "equal profit and occupancy, less global traffic into shared memory"),
        (mb.waste.cmp(&ma.waste), "equal profit, occupancy and traffic, fewer idle cooperative-load slots"),
        (mb.shared_bytes.cmp(&ma.shared_bytes), "otherwise equal, fewer shared bytes"),
        (ca.block.cmp(&cb.block), "otherwise equal, wider block"),
        (strips(cb).cmp(&strips(ca)), "otherwise equal, smaller strips"),
        (pb.cmp(&pa), "otherwise equal, earlier plan"),
    ]
    .into_iter()
    .find(|(o, _)| *o != Ordering::Equal)
}

/// The settings evaluated and the index of the best legal one.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Every setting evaluated, in enumeration order.
    pub evaluated: Vec<Evaluated>,
    /// Settings skipped by pruning.
    pub pruned: usize,
    /// The best legal setting.
    pub best: Option<usize>,
}

fn best_of(evaluated: &[Evaluated]) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (i, e) in evaluated.iter().enumerate() {
        if e.outcome.is_err() {
            continue;
        }
        if best.is_none_or(|b| rank(e, &evaluated[b]) == Ordering::Greater) {
            best = Some(i);
        }
    }
    best
}

/// The search with pruning.
pub fn search(ev: &mut Evaluator<'_>, space: &Space) -> Outcome {
    let budget = ev.budget();
    let mut out = Outcome::default();
    let total_combos: usize = space.vague.iter().map(|(_, v)| v.len()).product();
    for &block in &space.blocks {
        let smallest: Vec<(usize, i64)> =
            space.vague.iter().map(|(l, v)| (*l, v.first().copied().unwrap_or(1))).collect();
        // The largest strip of each loop whose forced arrays fit, the others at their smallest.
        let mut reduced: Vec<(usize, Vec<i64>)> = Vec::new();
        for (i, (l, vals)) in space.vague.iter().enumerate() {
            let mut keep = Vec::new();
            for &v in vals {
                let mut probe = smallest.clone();
                probe[i].1 = v;
                if ev.forced_bytes(&Config { block, vague: probe }) > budget {
                    break;
                }
                keep.push(v);
            }
            reduced.push((*l, keep));
        }
        let kept = combos(&reduced);
        let kept_len = if reduced.iter().any(|(_, v)| v.is_empty()) { 0 } else { kept.len() };
        out.pruned += total_combos - kept_len.min(total_combos);
        if kept_len == 0 {
            continue;
        }
        for vague in kept {
            let e = ev.evaluate(&Config { block, vague });
            out.evaluated.push(e);
        }
    }
    out.best = best_of(&out.evaluated);
    out
}

/// Every setting of the space, without pruning.
pub fn exhaustive(ev: &mut Evaluator<'_>, space: &Space) -> Outcome {
    let mut out = Outcome::default();
    for &block in &space.blocks {
        for vague in combos(&space.vague) {
            let e = ev.evaluate(&Config { block, vague });
            out.evaluated.push(e);
        }
    }
    out.best = best_of(&out.evaluated);
    out
}
