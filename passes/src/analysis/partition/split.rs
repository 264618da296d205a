//! Iteration-domain splits (seed 000 §3.2.1, digest §5.1–§5.3): each seed reference's partition
//! matrix (one length per array dimension, from the pragma) is inverted through the reference's
//! access function into a split of the section's loops; compatible splits are intersected; each
//! split left is one candidate partition plan.
//!
//! Inversion (digest §5.2 [INF]): subscript `d` of a reference that is one loop with coefficient
//! ±1 plus constants splits that loop by length `L_d`; loops in no such subscript stay unsplit;
//! subscripts with several loops or other coefficients split nothing (their tile is the hull).
//!
//! A split is per loop: a band loop is split by a thread-block extent (`TB_X` maps it to x), a
//! sequential loop by an expression (strip-mined by that length) or by `*` (strip-mined by a
//! searched length; one parameter per loop, so `k1` and `k2` of gemm, which meet on loop `k`, are
//! one parameter, digest §5.3's recommendation).

use super::section::Section;
use sharc_dialects::sharc::share::{Axis, DimLen, LenExpr};

/// How one loop is split.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoopSplit {
    /// Not split (a band loop gets a default axis, a sequential loop runs whole).
    Unsplit,
    /// A band loop mapped to this thread-block axis.
    Axis(Axis),
    /// A sequential loop strip-mined by this length.
    Len(LenExpr),
    /// A sequential loop strip-mined by a searched length.
    Vague,
}

/// One iteration-domain split: a [`LoopSplit`] per section loop, and the seed references that
/// induced it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IterSplit {
    /// Per section loop.
    pub loops: Vec<LoopSplit>,
    /// The references (indices into `Section::refs`) that induced it.
    pub sources: Vec<usize>,
}

impl IterSplit {
    /// `i: TB_Y, j: TB_X, k: *` for remarks.
    pub fn describe(&self, section: &Section) -> String {
        let parts: Vec<String> = self
            .loops
            .iter()
            .enumerate()
            .filter_map(|(l, s)| {
                let what = match s {
                    LoopSplit::Unsplit => return None,
                    LoopSplit::Axis(a) => a.name().to_string(),
                    LoopSplit::Len(e) => e.to_string(),
                    LoopSplit::Vague => "*".to_string(),
                };
                Some(format!("{}: {what}", section.iv_name(l)))
            })
            .collect();
        if parts.is_empty() {
            "no loop split".to_string()
        } else {
            parts.join(", ")
        }
    }
}

/// The split induced by reference `r` of a seed array with lengths `dims`; `Err` says what in the
/// pragma conflicts.
pub fn seed_split(section: &Section, r: usize, dims: &[DimLen]) -> Result<IterSplit, String> {
    let rf = &section.refs[r];
    let mut loops = vec![LoopSplit::Unsplit; section.loops.len()];
    let array = &section.arrays[rf.array].name;
    for (d, len) in dims.iter().enumerate() {
        let used = rf.loops_of_dim(d);
        let [l] = used.as_slice() else { continue };
        let l = *l;
        if rf.coeff(d, l).abs() != 1 {
            continue;
        }
        let band = section.loops[l].band;
        let split = match (len, band) {
            (DimLen::Vague, true) => LoopSplit::Unsplit,
            (DimLen::Vague, false) => LoopSplit::Vague,
            (DimLen::Expr(LenExpr::Tb(a)), true) => LoopSplit::Axis(*a),
            (DimLen::Expr(e), true) => {
                return Err(format!(
                    "partition length '{e}' of {array} dimension {d} splits the parallel loop {}; a parallel loop is \
                     split by one thread-block extent: write TB_X, TB_Y, TB_Z or *",
                    section.iv_name(l)
                ))
            }
            (DimLen::Expr(e), false) => LoopSplit::Len(e.clone()),
        };
        if loops[l] != LoopSplit::Unsplit && loops[l] != split {
            return Err(format!(
                "{array} splits loop {} twice with different lengths; give its dimensions lengths that agree",
                section.iv_name(l)
            ));
        }
        loops[l] = split;
    }
    let mut axes: Vec<Axis> =
        loops.iter().filter_map(|s| if let LoopSplit::Axis(a) = s { Some(*a) } else { None }).collect();
    let n = axes.len();
    axes.sort();
    axes.dedup();
    if axes.len() != n {
        return Err(format!(
            "{array} maps one thread-block extent to two parallel loops; use a different TB primitive per dimension"
        ));
    }
    Ok(IterSplit { loops, sources: vec![r] })
}

/// Whether two splits are compatible (digest §5.3): per loop equal, or one unsplit, or one vague
/// on a sequential loop; and the merged split maps no axis to two loops.
pub fn compatible(a: &IterSplit, b: &IterSplit) -> bool {
    a.loops.len() == b.loops.len()
        && a.loops.iter().zip(&b.loops).all(|(x, y)| meet(x, y).is_some())
        && merge(a, b).is_some_and(|m| axes_distinct(&m))
}

fn meet(x: &LoopSplit, y: &LoopSplit) -> Option<LoopSplit> {
    match (x, y) {
        _ if x == y => Some(x.clone()),
        (LoopSplit::Unsplit, o) | (o, LoopSplit::Unsplit) => Some(o.clone()),
        (LoopSplit::Vague, o @ LoopSplit::Len(_)) | (o @ LoopSplit::Len(_), LoopSplit::Vague) => Some(o.clone()),
        _ => None,
    }
}

fn merge(a: &IterSplit, b: &IterSplit) -> Option<IterSplit> {
    let loops = a.loops.iter().zip(&b.loops).map(|(x, y)| meet(x, y)).collect::<Option<Vec<_>>>()?;
    let mut sources = a.sources.clone();
    sources.extend(&b.sources);
    Some(IterSplit { loops, sources })
}

fn axes_distinct(s: &IterSplit) -> bool {
    let mut seen = Vec::new();
    s.loops.iter().all(|l| match l {
        LoopSplit::Axis(a) if seen.contains(a) => false,
        LoopSplit::Axis(a) => {
            seen.push(*a);
            true
        }
        _ => true,
    })
}

/// Intersects compatible splits greedily, first pair first, until no pair is compatible: the
/// candidate partition plans, in order of their first source.
pub fn intersect(mut set: Vec<IterSplit>) -> Vec<IterSplit> {
    'outer: loop {
        for i in 0..set.len() {
            for j in i + 1..set.len() {
                if compatible(&set[i], &set[j]) {
                    if let Some(m) = merge(&set[i], &set[j]) {
                        set[i] = m;
                        set.remove(j);
                        continue 'outer;
                    }
                }
            }
        }
        return set;
    }
}

/// The splits of every reference of every seed of the pragma (seed 000's `ISSet`), then
/// intersected; with no pragma, one plan where every loop any subscript uses is split by its
/// thread-block extent (band) or a searched strip (sequential): "TB-derived" partitions.
pub fn candidate_plans(section: &Section) -> Result<(usize, Vec<IterSplit>), String> {
    let Some(specs) = &section.pragma else {
        let mut loops = vec![LoopSplit::Unsplit; section.loops.len()];
        for rf in &section.refs {
            for d in 0..rf.access.map.num_results() {
                for l in rf.loops_of_dim(d) {
                    if !section.loops[l].band {
                        loops[l] = LoopSplit::Vague;
                    }
                }
            }
        }
        let sources = (0..section.refs.len()).collect();
        return Ok((1, vec![IterSplit { loops, sources }]));
    };
    let mut isset = Vec::new();
    for spec in specs {
        let Some(a) = section.array_named(&spec.array) else { continue };
        for (r, rf) in section.refs.iter().enumerate() {
            if rf.array == a {
                isset.push(seed_split(section, r, &spec.dims)?);
            }
        }
    }
    let count = isset.len();
    let mut plans = intersect(isset);
    plans.dedup_by(|a, b| a.loops == b.loops);
    Ok((count, plans))
}

/// Completes a plan's band: loops without an axis get the free axes, x first to the loop whose
/// induction variable is the last subscript of the most references (consecutive threads touch
/// consecutive elements, seed 001 §3.2; ties go to the innermost), then y, z innermost first.
/// Band loops past three axes run inside the thread (`None`).
pub fn assign_axes(section: &Section, plan: &IterSplit) -> Vec<Option<Axis>> {
    let mut out: Vec<Option<Axis>> = (0..section.band)
        .map(|l| if let Some(LoopSplit::Axis(a)) = plan.loops.get(l) { Some(*a) } else { None })
        .collect();
    let mut free: Vec<Axis> = [Axis::X, Axis::Y, Axis::Z].into_iter().filter(|a| !out.contains(&Some(*a))).collect();
    if free.first() == Some(&Axis::X) {
        let score = |l: usize| {
            section
                .refs
                .iter()
                .filter(|r| {
                    let last = r.access.map.num_results().saturating_sub(1);
                    r.access.map.num_results() > 0 && r.loops_of_dim(last) == vec![l]
                })
                .count()
        };
        let best = (0..section.band).filter(|&l| out[l].is_none()).max_by_key(|&l| (score(l), l));
        if let Some(l) = best {
            out[l] = Some(Axis::X);
            free.remove(0);
        }
    }
    for l in (0..section.band).rev() {
        if out[l].is_none() && !free.is_empty() {
            out[l] = Some(free.remove(0));
        }
    }
    out
}
