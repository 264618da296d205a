//! Random small nests against brute-force enumeration of all iteration pairs: the analysis
//! never misses a dependence, and for uniformly generated pairs its distance set, carrying
//! loops, direction components and nearest distances are exact.

use super::{cases, parse_func, seed, Rng};
use crate::analysis::affine::*;
use std::collections::BTreeMap;

const CASES: u64 = 400;

/// One reference of a generated nest.
#[derive(Clone, Debug)]
struct Ref {
    depth: usize,
    write: bool,
    /// rank × depth coefficients.
    coeffs: Vec<Vec<i64>>,
    consts: Vec<i64>,
    /// The coefficient of the symbol `%n` in the first subscript.
    sym: i64,
}

type Bounds = (i64, i64, i64, Option<i64>, bool);

#[derive(Clone, Debug)]
struct Nest {
    /// `(lower bound, trip count, step, triangular, lower triangular)` per loop: the upper
    /// bound is `lo + (trip − 1)·step + 1`, or the outer induction variable plus `triangular`;
    /// with `lower triangular`, the lower bound is the outer induction variable plus
    /// `triangular` instead and the upper bound `lo + (trip − 1)·step + 3` (LU's `j > k`).
    loops: Vec<Bounds>,
    refs: [Ref; 2],
    /// Model reference index of each access in program order.
    order: [usize; 2],
    text: String,
}

fn generate(rng: &mut Rng) -> Nest {
    let depth = rng.range(2, 3) as usize;
    let rank = rng.range(1, 2) as usize;
    let loops: Vec<Bounds> = (0..depth)
        .map(|l| {
            let tri = (l > 0 && rng.one_in(4)).then(|| rng.range(0, 3));
            let lower_tri = tri.is_some() && rng.one_in(2);
            (rng.range(0, 2), rng.range(1, 4), if rng.one_in(3) { 2 } else { 1 }, tri, lower_tri)
        })
        .collect();
    let gen_ref = |rng: &mut Rng, d: usize| Ref {
        depth: d,
        write: !rng.one_in(3),
        coeffs: (0..rank).map(|_| (0..d).map(|_| if rng.one_in(3) { 0 } else { rng.range(-2, 2) }).collect()).collect(),
        consts: (0..rank).map(|_| rng.range(-3, 3)).collect(),
        sym: i64::from(rng.one_in(4)),
    };
    let d0 = if rng.one_in(3) { depth - 1 } else { depth };
    let mut r0 = gen_ref(rng, d0);
    let mut r1 = gen_ref(rng, depth);
    if rng.one_in(2) {
        // Uniformly generated: one linear part on the common loops, nothing outside them.
        let common = d0.min(depth);
        for (a, b) in r0.coeffs.iter_mut().zip(r1.coeffs.iter_mut()) {
            for l in 0..depth {
                if l < common {
                    b[l] = a[l];
                } else {
                    b[l] = 0;
                }
            }
            a.iter_mut().skip(common).for_each(|c| *c = 0);
        }
        r1.sym = r0.sym;
    }
    let ref_first = rng.one_in(2);
    let order = if ref_first { [0, 1] } else { [1, 0] };
    let text = render(&loops, [&r0, &r1], d0, ref_first, rank);
    Nest { loops, refs: [r0, r1], order, text }
}

fn render(loops: &[Bounds], refs: [&Ref; 2], d0: usize, ref0_first: bool, rank: usize) -> String {
    let ty = if rank == 1 { "memref<?xf32>" } else { "memref<?x?xf32>" };
    let access = |r: &Ref, k: usize| {
        let subs: Vec<String> = (0..rank)
            .map(|s| {
                let mut e = format!("{}", r.consts[s]);
                for (l, &c) in r.coeffs[s].iter().enumerate() {
                    e = format!("{e} + %i{l} * {c}");
                }
                if s == 0 && r.sym != 0 {
                    e = format!("{e} + symbol(%n)");
                }
                e
            })
            .collect();
        if r.write {
            format!("affine.store %x, %A[{}] : {ty}", subs.join(", "))
        } else {
            format!("%v{k} = affine.load %A[{}] : {ty}", subs.join(", "))
        }
    };
    let (a0, a1) = (access(refs[0], 0), access(refs[1], 1));
    let depth = loops.len();
    let mut inner = if d0 == depth {
        if ref0_first {
            vec![a0.clone(), a1.clone()]
        } else {
            vec![a1.clone(), a0.clone()]
        }
    } else {
        vec![a1.clone()]
    };
    for l in (0..depth).rev() {
        let (lo, trip, step, tri, lower_tri) = loops[l];
        let fixed_hi = lo + (trip - 1) * step + 1;
        let (lo, hi) = match (tri, lower_tri) {
            (Some(c), true) => (format!("affine_map<(d0) -> (d0 + {c})>(%i{})", l - 1), format!("{}", fixed_hi + 2)),
            (Some(c), false) => (format!("{lo}"), format!("affine_map<(d0) -> (d0 + {c})>(%i{})", l - 1)),
            (None, _) => (format!("{lo}"), format!("{fixed_hi}")),
        };
        let mut body = vec![format!("affine.for %i{l} = {lo} to {hi} step {step} {{")];
        body.extend(inner.iter().map(|s| format!("  {s}")));
        body.push("}".to_string());
        inner = if l == depth - 1 && d0 < depth {
            if ref0_first {
                std::iter::once(a0.clone()).chain(body).collect()
            } else {
                body.into_iter().chain([a0.clone()]).collect()
            }
        } else {
            body
        };
    }
    let body: Vec<String> = inner.iter().map(|s| format!("  {s}")).collect();
    format!("func.func @f(%A: {ty}, %x: f32, %n: index) {{\n{}\n  return\n}}\n", body.join("\n"))
}

/// All iterations of a reference's loops.
fn points(loops: &[Bounds], depth: usize) -> Vec<Vec<i64>> {
    let mut out = vec![Vec::new()];
    for &(lo, trip, step, tri, lower_tri) in &loops[..depth] {
        out = out
            .into_iter()
            .flat_map(|p: Vec<i64>| {
                let outer = p.last().copied().unwrap_or(0);
                let fixed_hi = lo + (trip - 1) * step + 1;
                let (lo, hi) = match (tri, lower_tri) {
                    (Some(c), true) => (outer + c, fixed_hi + 2),
                    (Some(c), false) => (lo, outer + c),
                    (None, _) => (lo, fixed_hi),
                };
                (lo..hi).step_by(step as usize).map(move |v| [p.clone(), vec![v]].concat())
            })
            .collect();
    }
    out
}

fn element(r: &Ref, x: &[i64], n: i64) -> Vec<i64> {
    r.coeffs
        .iter()
        .zip(&r.consts)
        .enumerate()
        .map(|(s, (c, k))| c.iter().zip(x).map(|(a, b)| a * b).sum::<i64>() + k + if s == 0 { r.sym * n } else { 0 })
        .collect()
}

/// Brute-force dependences: `(source position, sink position, level)` → distances.
type Oracle = BTreeMap<(usize, usize, Option<usize>), Vec<Vec<i64>>>;

fn oracle(nest: &Nest, n: i64, pa: usize, pb: usize) -> Oracle {
    let pos = |r: usize| nest.order.iter().position(|&o| o == r).expect("placed");
    let (ra, rb) = (&nest.refs[nest.order[pa]], &nest.refs[nest.order[pb]]);
    let common = ra.depth.min(rb.depth);
    let mut out = Oracle::new();
    for x in points(&nest.loops, ra.depth) {
        for y in points(&nest.loops, rb.depth) {
            if element(ra, &x, n) != element(rb, &y, n) {
                continue;
            }
            let d: Vec<i64> = (0..common).map(|l| y[l] - x[l]).collect();
            let level = d.iter().position(|&v| v != 0);
            let forward = match level {
                Some(l) => d[l] > 0,
                None if pa == pb => continue,
                None => pos(nest.order[pa]) < pos(nest.order[pb]),
            };
            let (key, dist) =
                if forward { ((pa, pb, level), d) } else { ((pb, pa, level), d.iter().map(|v| -v).collect()) };
            out.entry(key).or_default().push(dist);
        }
    }
    out
}

#[test]
fn dependences_match_enumeration() {
    let mut rng = Rng::new(seed(0x5ea_c0de));
    let total = cases(CASES);
    let mut uniform_pairs = 0;
    for case in 0..total {
        let nest = generate(&mut rng);
        let (ctx, func) = parse_func(&nest.text);
        let set = collect_accesses(&ctx, func);
        assert_eq!((set.accesses.len(), set.non_affine.len()), (2, 0), "case {case}\n{}", nest.text);
        let deps = dependences(&ctx, &set);
        let ctx_msg = |what: &str| format!("case {case}: {what}\n{}\n{deps:#?}", nest.text);
        for (pa, pb) in [(0, 0), (0, 1), (1, 1)] {
            let (a, b) = (&set.accesses[pa], &set.accesses[pb]);
            let ops = [a.op, b.op];
            let mine: Vec<&Dependence> = deps
                .iter()
                .filter(|d| ops.contains(&d.source) && ops.contains(&d.sink) && (pa != pb) == (d.source != d.sink))
                .collect();
            let mut union = Oracle::new();
            for n in [-2, 0, 3] {
                for (key, dists) in oracle(&nest, n, pa, pb) {
                    // Soundness: every enumerated dependence is reported.
                    let (src, snk) = (set.accesses[key.0].op, set.accesses[key.1].op);
                    for dist in &dists {
                        let covered = mine.iter().any(|d| {
                            d.source == src
                                && d.sink == snk
                                && d.level == key.2
                                && d.direction.iter().zip(dist).all(|(dir, &v)| dir.admits(v))
                                && d.distance.iter().zip(dist).all(|(x, &v)| x.is_none_or(|x| x == v))
                        });
                        assert!(covered, "{}", ctx_msg(&format!("missed {key:?} at distance {dist:?} (n = {n})")));
                    }
                    union.entry(key).or_default().extend(dists);
                }
            }
            let UniformDistances::Lattice(lattice) = uniform_distances(a, b) else {
                if let UniformDistances::Empty = uniform_distances(a, b) {
                    assert!(union.is_empty(), "{}", ctx_msg("claimed independence"));
                }
                continue;
            };
            uniform_pairs += 1;
            let rectangular = nest.loops.iter().all(|l| l.3.is_none());
            check_distances(&nest, &lattice, pa, pb, rectangular, &ctx_msg);
            // Exactness: every dependence reported exact exists, with exact components; in
            // rectangular nests every dependence of a uniform pair is exact.
            for d in &mine {
                assert!(d.exact || !rectangular, "{}", ctx_msg(&format!("inexact {d:?}")));
                if !d.exact {
                    continue;
                }
                let key = (
                    set.accesses.iter().position(|x| x.op == d.source).expect("source"),
                    set.accesses.iter().position(|x| x.op == d.sink).expect("sink"),
                    d.level,
                );
                let found = union.get(&key).cloned().unwrap_or_default();
                assert!(
                    !found.is_empty(),
                    "{}",
                    ctx_msg(&format!(
                        "spurious {d:?} key {key:?} union {union:?} order {:?} refs {:?}",
                        nest.order, nest.refs
                    ))
                );
                for (m, dir) in d.direction.iter().enumerate() {
                    assert!(found.iter().all(|v| dir.admits(v[m])), "{}", ctx_msg(&format!("direction {m} of {d:?}")));
                    if *dir == Direction::Star {
                        let signs: std::collections::HashSet<i64> = found.iter().map(|v| v[m].signum()).collect();
                        assert!(signs.len() > 1, "{}", ctx_msg(&format!("imprecise direction {m} of {d:?}")));
                    }
                }
                if let Some(min) = &d.min_distance {
                    assert_eq!(Some(min), found.iter().min(), "{}", ctx_msg("nearest distance"));
                }
            }
        }
    }
    assert!(uniform_pairs > total as usize / 2, "only {uniform_pairs} uniform pairs");
}

/// The lattice, cut to the distances the loop bounds allow, is exactly the enumerated set
/// (in triangular nests, contains it).
fn check_distances(
    nest: &Nest,
    lattice: &Lattice,
    pa: usize,
    pb: usize,
    rectangular: bool,
    msg: &dyn Fn(&str) -> String,
) {
    let (ra, rb) = (&nest.refs[nest.order[pa]], &nest.refs[nest.order[pb]]);
    let common = ra.depth.min(rb.depth);
    let mut enumerated = std::collections::HashSet::new();
    for x in points(&nest.loops, ra.depth) {
        for y in points(&nest.loops, rb.depth) {
            if element(ra, &x, 0) == element(rb, &y, 0) {
                enumerated.insert((0..common).map(|l| y[l] - x[l]).collect::<Vec<i64>>());
            }
        }
    }
    if !rectangular {
        for d in &enumerated {
            assert_eq!(
                lattice.contains(d),
                Some(true),
                "{}",
                msg(&format!("distance {d:?} not in lattice {lattice:?}"))
            );
        }
        return;
    }
    let spans: Vec<i64> = nest.loops[..common].iter().map(|&(_, t, s, _, _)| (t - 1) * s).collect();
    let mut box_points = vec![Vec::new()];
    for &s in &spans {
        box_points =
            box_points.into_iter().flat_map(|p| (-s..=s).map(move |v| [p.clone(), vec![v]].concat())).collect();
    }
    for d in box_points {
        assert_eq!(
            lattice.contains(&d),
            Some(enumerated.contains(&d)),
            "{}",
            msg(&format!("distance {d:?} in lattice {lattice:?}"))
        );
    }
}
