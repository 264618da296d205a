//! Dependences between array references: flow (write → read), anti (read → write), output
//! (write → write) and input (read → read), with distance and direction vectors over the
//! loops common to both references and the loop that carries each one.
//!
//! Conventions (Wolfe; Allen and Kennedy): a dependence runs from the instance that executes
//! first (the *source*) to the later one (the *sink*). Its distance is `sink − source` per
//! common loop, so the direction vector of a real dependence is lexicographically
//! non-negative: `=` up to the carrying loop, `<` there ([`Dependence::level`]); a
//! dependence with no `<` is loop-independent and follows program order.
//!
//! *Uniformly generated* references (the same linear part over the common loops, no use of
//! the other loops, the same symbol coefficients) are solved exactly: `F_a(x) = F_b(y)` is
//! `L·(y − x) = c_a − c_b`, whose integer solutions form a lattice ([`Lattice`]); strides of
//! rectangular loops and single-iteration loops are folded in, and constant loop bounds
//! bound the distances. Every other pair goes through GCD and Banerjee-style interval tests
//! per direction (`banerjee.rs`), then through Fourier–Motzkin elimination on the whole
//! system, where bounds that relate the loops count (`feasible.rs`: LU's `A[k][j]`, `j > k`,
//! never meets `A[k][k]`); whatever they cannot rule out is reported with `*`
//! components and `exact == false`. Non-affine accesses depend on everything they may touch.

use super::access::{memref_origin, Access, AccessKind, AccessSet};
use super::banerjee;
use super::feasible;
use super::lattice::{solve, Lattice, Solution};
use super::linear::LinearExpr;
use super::loops::LoopRef;
use sharc_ir::{Context, OpId, Value};

/// The kind of a dependence, from the kinds of its source and sink.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DepKind {
    /// Write, then read (true dependence).
    Flow,
    /// Read, then write.
    Anti,
    /// Write, then write.
    Output,
    /// Read, then read: no ordering constraint, but reuse (seed 000's `ReuseSet`).
    Input,
}

impl DepKind {
    /// The kind of a dependence from an access of kind `source` to one of kind `sink`.
    pub fn of(source: AccessKind, sink: AccessKind) -> DepKind {
        match (source, sink) {
            (AccessKind::Write, AccessKind::Read) => DepKind::Flow,
            (AccessKind::Read, AccessKind::Write) => DepKind::Anti,
            (AccessKind::Write, AccessKind::Write) => DepKind::Output,
            (AccessKind::Read, AccessKind::Read) => DepKind::Input,
        }
    }

    /// Whether the dependence constrains execution order (every kind but `Input`).
    pub fn constrains_order(self) -> bool {
        self != DepKind::Input
    }
}

/// One component of a direction vector: the sign of `sink − source` in one loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// The source runs in an earlier iteration (positive distance).
    Lt,
    /// Same iteration.
    Eq,
    /// The source runs in a later iteration (negative distance).
    Gt,
    /// Any of the above.
    Star,
}

impl Direction {
    /// The direction of a distance.
    pub fn of(distance: i64) -> Direction {
        match distance.signum() {
            1 => Direction::Lt,
            0 => Direction::Eq,
            _ => Direction::Gt,
        }
    }

    /// Whether this component admits `distance`.
    pub fn admits(self, distance: i64) -> bool {
        self == Direction::Star || self == Direction::of(distance)
    }

    fn reversed(self) -> Direction {
        match self {
            Direction::Lt => Direction::Gt,
            Direction::Gt => Direction::Lt,
            d => d,
        }
    }
}

/// A dependence between two accesses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dependence {
    /// The op whose instance runs first.
    pub source: OpId,
    /// The op whose instance runs second.
    pub sink: OpId,
    /// The memref of the source.
    pub memref: Value,
    /// Flow, anti, output or input.
    pub kind: DepKind,
    /// The loops enclosing both ops, outermost first.
    pub loops: Vec<LoopRef>,
    /// One component per common loop.
    pub direction: Vec<Direction>,
    /// `sink − source` per common loop, where it is the same for every instance pair.
    pub distance: Vec<Option<i64>>,
    /// The lexicographically smallest distance vector: the nearest instance pair (for
    /// gemm's `C[i][j]` along `k`, `(0, 0, 1)`), when the analysis can find it.
    pub min_distance: Option<Vec<i64>>,
    /// The carrying loop's position in [`loops`](Self::loops); `None` for a loop-independent
    /// dependence.
    pub level: Option<usize>,
    /// Whether instance pairs with this carrying loop and these direction components exist
    /// (for symbolic bounds: once the parameters are large enough); false: only not ruled
    /// out. Exact dependences come from uniformly generated pairs in rectangular nests.
    pub exact: bool,
}

impl Dependence {
    /// The loop that carries the dependence, if any.
    pub fn carried_by(&self) -> Option<LoopRef> {
        self.level.and_then(|l| self.loops.get(l).copied())
    }
}

/// The two ends of a pair, with what the analysis needs of each.
pub(crate) struct End {
    pub op: OpId,
    pub memref: Value,
    /// `None`: unknown, treated as a write.
    pub kind: Option<AccessKind>,
}

impl End {
    fn of(a: &Access) -> End {
        End { op: a.op, memref: a.memref, kind: Some(a.kind) }
    }
}

/// Every dependence among the accesses of `set`, affine and not. Accesses to different
/// memrefs with the same origin (views, casts) may alias and get unknown dependences;
/// input dependences are reported between affine accesses only.
pub fn dependences(ctx: &Context, set: &AccessSet) -> Vec<Dependence> {
    let mut out = Vec::new();
    let origin: Vec<Value> = set.accesses.iter().map(|a| memref_origin(ctx, a.memref)).collect();
    for (i, a) in set.accesses.iter().enumerate() {
        for (j, b) in set.accesses.iter().enumerate().skip(i) {
            if a.memref == b.memref {
                out.extend(dependences_between(a, b, true));
            } else if origin[i] == origin[j] && (a.kind == AccessKind::Write || b.kind == AccessKind::Write) {
                out.extend(unknown(&End::of(a), &End::of(b), &common_loops(&a.loops(), &b.loops())));
            }
        }
    }
    for (i, n) in set.non_affine.iter().enumerate() {
        let n_end = End { op: n.op, memref: n.memref, kind: n.kind };
        let n_origin = memref_origin(ctx, n.memref);
        let n_writes = n.kind != Some(AccessKind::Read);
        for a in set.accesses.iter().filter(|a| memref_origin(ctx, a.memref) == n_origin) {
            if n_writes || a.kind == AccessKind::Write {
                out.extend(unknown(&End::of(a), &n_end, &common_loops(&a.loops(), &n.loops)));
            }
        }
        for m in set.non_affine.iter().skip(i).filter(|m| memref_origin(ctx, m.memref) == n_origin) {
            if n_writes || m.kind != Some(AccessKind::Read) {
                let m_end = End { op: m.op, memref: m.memref, kind: m.kind };
                out.extend(unknown(&n_end, &m_end, &common_loops(&n.loops, &m.loops)));
            }
        }
    }
    out
}

/// The dependences between two accesses to the same memref (`a` may be `b`, for the
/// dependences of one reference with itself); `a_first` says whether `a` precedes `b` in
/// program order, which orders loop-independent dependences. The accesses may come from
/// different collections: symbols are matched by value.
pub fn dependences_between(a: &Access, b: &Access, a_first: bool) -> Vec<Dependence> {
    let (ea, eb) = (End::of(a), End::of(b));
    let loops = common_loops(&a.loops(), &b.loops());
    let has_empty_loop = |x: &Access| x.domain.loops.iter().any(|l| l.constant_trip_count() == Some(0));
    if has_empty_loop(a) || has_empty_loop(b) {
        return Vec::new();
    }
    let (Some(la), Some(lb)) = (a.linear(), align_symbols(a, b)) else {
        return unknown(&ea, &eb, &loops);
    };
    if la.len() != lb.len() {
        return unknown(&ea, &eb, &loops);
    }
    let pair = Pair { a: &ea, b: &eb, loops: &loops, a_first };
    if is_uniform(&la, &lb, loops.len()) {
        if let Some(deps) = uniform(&pair, a, b, &la, &lb) {
            return deps;
        }
    }
    let n = loops.len();
    pair.by_levels(
        |dir| banerjee::may_depend(a, b, &la, &lb, n, dir) && feasible::may_depend(a, b, &la, &lb, n, dir),
        false,
    )
}

/// The distance set of a pair of accesses, when it is known exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UniformDistances {
    /// The pair is not uniformly generated (or arithmetic overflowed).
    NotUniform,
    /// Uniformly generated, and no two instances touch the same element.
    Empty,
    /// Uniformly generated: the instance pairs touching one element are exactly those whose
    /// distance `y − x` over the common loops (`x` of the first access, `y` of the second)
    /// lies in the lattice and is realizable within the loop bounds.
    Lattice(Lattice),
}

/// The exact distance set of a uniformly generated pair (see [`UniformDistances`]).
pub fn uniform_distances(a: &Access, b: &Access) -> UniformDistances {
    let n = common_loops(&a.loops(), &b.loops()).len();
    let (Some(la), Some(lb)) = (a.linear(), align_symbols(a, b)) else { return UniformDistances::NotUniform };
    if la.len() != lb.len() || !is_uniform(&la, &lb, n) {
        return UniformDistances::NotUniform;
    }
    match distance_lattice(a, &la, &lb, n) {
        Solution::Empty => UniformDistances::Empty,
        Solution::Lattice(l) => UniformDistances::Lattice(l),
        Solution::Unknown => UniformDistances::NotUniform,
    }
}

/// The loops two loop lists share: their longest common prefix.
pub(crate) fn common_loops(a: &[LoopRef], b: &[LoopRef]) -> Vec<LoopRef> {
    a.iter().zip(b).take_while(|(x, y)| x == y).map(|(x, _)| *x).collect()
}

/// `b`'s subscripts with their symbol coefficients renumbered to `a`'s symbols (symbols
/// only `b` has are appended).
fn align_symbols(a: &Access, b: &Access) -> Option<Vec<LinearExpr>> {
    let lb = b.linear()?;
    let (sa, sb) = (&a.domain.symbols, &b.domain.symbols);
    if sa == sb {
        return Some(lb);
    }
    let mut merged = sa.clone();
    merged.extend(sb.iter().filter(|s| !sa.contains(s)));
    let remap = |e: LinearExpr| {
        let mut symbols = vec![0; merged.len()];
        for (k, &c) in e.symbols.iter().enumerate() {
            let pos = merged.iter().position(|m| Some(m) == sb.get(k))?;
            symbols[pos] = c;
        }
        Some(LinearExpr { symbols, ..e })
    };
    lb.into_iter().map(remap).collect()
}

/// Whether the pair is uniformly generated over the first `common` loops (symbol vectors
/// of different lengths are compared as if padded with zeros).
fn is_uniform(la: &[LinearExpr], lb: &[LinearExpr], common: usize) -> bool {
    let padded_eq =
        |x: &[i64], y: &[i64]| (0..x.len().max(y.len())).all(|k| x.get(k).unwrap_or(&0) == y.get(k).unwrap_or(&0));
    la.iter().zip(lb).all(|(x, y)| {
        x.dims.get(..common) == y.dims.get(..common)
            && x.dims.iter().skip(common).all(|&c| c == 0)
            && y.dims.iter().skip(common).all(|&c| c == 0)
            && padded_eq(&x.symbols, &y.symbols)
    })
}

/// The exact dependences of a uniformly generated pair; `None` on arithmetic overflow.
fn uniform(pair: &Pair, a: &Access, b: &Access, la: &[LinearExpr], lb: &[LinearExpr]) -> Option<Vec<Dependence>> {
    let n = pair.loops.len();
    let lattice = match distance_lattice(a, la, lb, n) {
        Solution::Empty => return Some(Vec::new()),
        Solution::Lattice(l) => l,
        Solution::Unknown => return None,
    };
    let (lo, hi) = distance_box(a, n);
    // Distances in the lattice and the box are realizable when both domains are products
    // (rectangular bounds: the common loops vary independently and the other loops never
    // run empty); with symbolic bounds, once the parameters are large enough.
    let rectangular = a.domain.loops.iter().chain(&b.domain.loops).all(|l| l.is_rectangular());
    let exact = a.domain.exact && b.domain.exact && rectangular;
    let mut out = Vec::new();
    let mut cur = lattice;
    for level in 0..=n {
        if level == n {
            if cur.feasible(&lo, &hi)? && pair.a.op != pair.b.op {
                let (src, snk) = if pair.a_first { (pair.a, pair.b) } else { (pair.b, pair.a) };
                out.push(pair.make(src, snk, vec![Direction::Eq; n], vec![Some(0); n], Some(vec![0; n]), None, exact));
            }
            break;
        }
        for forward in [true, false] {
            if !forward && pair.a.op == pair.b.op {
                continue; // the mirror image of the forward case
            }
            // Work in the dependence's own frame: distances `sink − source`.
            let neg = |v: &[Option<i64>]| v.iter().map(|x| x.and_then(i64::checked_neg)).collect::<Vec<_>>();
            let (frame, flo, fhi) =
                if forward { (cur.clone(), lo.clone(), hi.clone()) } else { (cur.negated()?, neg(&hi), neg(&lo)) };
            let mut l2 = flo;
            l2[level] = Some(l2[level].map_or(1, |v| v.max(1)));
            let feasible = frame.feasible(&l2, &fhi);
            if feasible == Some(false) {
                continue;
            }
            let (dir, dist) = describe(&frame, level, &l2, &fhi);
            let min = lex_min(&frame, level, &l2, &fhi);
            let (src, snk) = if forward { (pair.a, pair.b) } else { (pair.b, pair.a) };
            out.push(pair.make(src, snk, dir, dist, min, Some(level), exact && feasible == Some(true)));
        }
        cur = match cur.restrict(level, 0) {
            Solution::Empty => break,
            Solution::Lattice(l) => l,
            Solution::Unknown => return None,
        };
    }
    Some(out)
}

/// The lexicographically smallest distance in `frame` within the bounds (components before
/// `level` are zero), found by scanning each component upward from its lower bound; `None`
/// if a component is unbounded below or the scan gives up.
fn lex_min(frame: &Lattice, level: usize, lo: &[Option<i64>], hi: &[Option<i64>]) -> Option<Vec<i64>> {
    const SCAN: i64 = 1024;
    let (mut lat, mut lo, mut hi) = (frame.clone(), lo.to_vec(), hi.to_vec());
    for m in level..frame.dim() {
        let value = match lat.fixed(m) {
            Some(v) => v,
            None => {
                let start = lo[m]?;
                let end = hi[m].map_or(start.saturating_add(SCAN), |h| h.min(start.saturating_add(SCAN)));
                let mut found = None;
                for v in start..=end {
                    let (mut l2, mut h2) = (lo.clone(), hi.clone());
                    (l2[m], h2[m]) = (Some(v), Some(v));
                    // An undecided check ends the scan: the minimum is then unknown.
                    if lat.feasible(&l2, &h2)? {
                        found = Some(v);
                        break;
                    }
                }
                found?
            }
        };
        (lo[m], hi[m]) = (Some(value), Some(value));
        lat = match lat.restrict(m, value) {
            Solution::Lattice(l) => l,
            _ => return None,
        };
    }
    (0..frame.dim()).map(|m| lat.fixed(m)).collect()
}

/// The lattice of distances `d = y − x` (over the common loops) with `F_a(x) = F_b(y)`.
fn distance_lattice(a: &Access, la: &[LinearExpr], lb: &[LinearExpr], n: usize) -> Solution {
    // d_l = step_l · e_l where both instances start from the same lower bound.
    let scale: Vec<i64> = a.domain.loops[..n]
        .iter()
        .map(|l| if l.lower.iter().all(|e| e.is_symbolic_or_constant()) { l.step.max(1) } else { 1 })
        .collect();
    let mut rows = Vec::new();
    let mut rhs = Vec::new();
    for (x, y) in la.iter().zip(lb) {
        let row: Option<Vec<i64>> = (0..n).map(|l| x.dims[l].checked_mul(scale[l])).collect();
        let Some(row) = row else { return Solution::Unknown };
        let Some(c) = x.constant.checked_sub(y.constant) else { return Solution::Unknown };
        rows.push(row);
        rhs.push(c);
    }
    for (l, lp) in a.domain.loops[..n].iter().enumerate() {
        if lp.constant_trip_count().is_some_and(|t| t <= 1) {
            let mut row = vec![0; n];
            row[l] = 1;
            rows.push(row);
            rhs.push(0);
        }
    }
    match solve(&rows, &rhs, n) {
        Solution::Lattice(e) => {
            let mul = |v: &[i64]| v.iter().zip(&scale).map(|(&x, &s)| x.checked_mul(s)).collect::<Option<Vec<i64>>>();
            let point = mul(&e.point);
            let basis: Option<Vec<Vec<i64>>> = e.basis.iter().map(|b| mul(b)).collect();
            match (point, basis) {
                (Some(point), Some(basis)) => Solution::Lattice(Lattice { point, basis }),
                _ => Solution::Unknown,
            }
        }
        other => other,
    }
}

/// Bounds on each distance component from constant loop bounds: `|d_l| ≤ (trip − 1)·step`.
fn distance_box(a: &Access, n: usize) -> (Vec<Option<i64>>, Vec<Option<i64>>) {
    let span: Vec<Option<i64>> = a.domain.loops[..n]
        .iter()
        .map(|l| l.constant_trip_count().and_then(|t| (t.max(1) - 1).checked_mul(l.step.max(1))))
        .collect();
    (span.iter().map(|s| s.map(|v| -v)).collect(), span)
}

/// Direction and distance components of the dependences in `cur` within the bounds.
fn describe(cur: &Lattice, level: usize, lo: &[Option<i64>], hi: &[Option<i64>]) -> (Vec<Direction>, Vec<Option<i64>>) {
    let n = cur.dim();
    let mut dir = vec![Direction::Eq; n];
    let mut dist = vec![Some(0); n];
    dir[level] = Direction::Lt;
    dist[level] = cur.fixed(level);
    for m in level + 1..n {
        let possible = |l: Option<i64>, h: Option<i64>| {
            let (mut l2, mut h2) = (lo.to_vec(), hi.to_vec());
            l2[m] = match (l2[m], l) {
                (Some(a), Some(b)) => Some(a.max(b)),
                (a, b) => a.or(b),
            };
            h2[m] = match (h2[m], h) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            cur.feasible(&l2, &h2) != Some(false)
        };
        let signs = [
            (Direction::Lt, possible(Some(1), None)),
            (Direction::Eq, possible(Some(0), Some(0))),
            (Direction::Gt, possible(None, Some(-1))),
        ];
        let mut it = signs.iter().filter(|(_, p)| *p);
        dir[m] = match (it.next(), it.next()) {
            (Some((d, _)), None) => *d,
            _ => Direction::Star,
        };
        dist[m] = if dir[m] == Direction::Eq { Some(0) } else { cur.fixed(m) };
    }
    (dir, dist)
}

/// A pair of accesses and their common loops.
pub(crate) struct Pair<'a> {
    pub a: &'a End,
    pub b: &'a End,
    pub loops: &'a [LoopRef],
    pub a_first: bool,
}

impl Pair<'_> {
    #[allow(clippy::too_many_arguments)]
    fn make(
        &self,
        src: &End,
        snk: &End,
        direction: Vec<Direction>,
        distance: Vec<Option<i64>>,
        min_distance: Option<Vec<i64>>,
        level: Option<usize>,
        exact: bool,
    ) -> Dependence {
        let kind = DepKind::of(src.kind.unwrap_or(AccessKind::Write), snk.kind.unwrap_or(AccessKind::Write));
        let loops = self.loops.to_vec();
        Dependence {
            source: src.op,
            sink: snk.op,
            memref: src.memref,
            kind,
            loops,
            direction,
            distance,
            min_distance,
            level,
            exact,
        }
    }

    /// Dependences for every direction `may(dir)` does not rule out: `=`…`=` then `<` (from
    /// `a` to `b`) or `>` (from `b` to `a`) at each level, then all `=`; later components `*`.
    pub(crate) fn by_levels(&self, may: impl Fn(&[Direction]) -> bool, exact: bool) -> Vec<Dependence> {
        let n = self.loops.len();
        let same = self.a.op == self.b.op;
        let mut out = Vec::new();
        for level in 0..=n {
            let mut dir = vec![Direction::Eq; level];
            let dist_of = |d: &[Direction]| d.iter().map(|&x| (x == Direction::Eq).then_some(0)).collect::<Vec<_>>();
            if level == n {
                if !same && may(&dir) {
                    let (src, snk) = if self.a_first { (self.a, self.b) } else { (self.b, self.a) };
                    out.push(self.make(src, snk, dir.clone(), dist_of(&dir), Some(vec![0; n]), None, exact));
                }
                break;
            }
            for (d, src, snk) in [(Direction::Lt, self.a, self.b), (Direction::Gt, self.b, self.a)] {
                if same && d == Direction::Gt {
                    continue;
                }
                dir.truncate(level);
                dir.push(d);
                dir.resize(n, Direction::Star);
                if may(&dir) {
                    let shown: Vec<Direction> =
                        if d == Direction::Gt { dir.iter().map(|x| x.reversed()).collect() } else { dir.clone() };
                    out.push(self.make(src, snk, shown.clone(), dist_of(&shown), None, Some(level), exact));
                }
            }
        }
        out
    }
}

/// Dependences in every direction: nothing is known about the pair.
pub(crate) fn unknown(a: &End, b: &End, loops: &[LoopRef]) -> Vec<Dependence> {
    let pair = Pair { a, b, loops, a_first: true };
    let mut out = pair.by_levels(|_| true, false);
    if a.op != b.op {
        // Program order is not known here: the loop-independent dependence may go either way.
        out.extend(
            Pair { a_first: false, ..pair }
                .by_levels(|d| d.iter().all(|&x| x == Direction::Eq), false)
                .into_iter()
                .filter(|d| d.level.is_none()),
        );
    }
    out
}
