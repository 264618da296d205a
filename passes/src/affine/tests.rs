//! `sharc-parallelize` against brute force: on random small loop nests (rectangular and
//! triangular bounds, strides, imperfect nesting, one- and two-dimensional arrays), every loop
//! the pass makes parallel carries no dependence among the enumerated iteration pairs, every
//! dependence it reports as proven is among them, and the rewritten IR verifies with exactly
//! as many parallel dimensions as loops it found parallel.

use super::parallelize::{parallelize_function, Candidates, Facts, Verdict};
use proptest::prelude::*;
use sharc_dialects::affine as aff;
use sharc_ir::{Context, OpId};

/// One loop of the chain: `lo` to `lo + (trip - 1) * step + 1` step `step`, or, for an inner
/// loop with `tri = Some(c)`, `lo` to the enclosing induction variable plus `c`.
#[derive(Clone, Debug)]
struct LoopSpec {
    lo: i64,
    trip: i64,
    step: i64,
    tri: Option<i64>,
}

/// One access, inside the first `depth` loops of the chain, before or after the next loop.
#[derive(Clone, Debug)]
struct AccessSpec {
    depth: usize,
    before: bool,
    /// Array 0 is one-dimensional, array 1 two-dimensional.
    array: usize,
    write: bool,
    /// Per subscript: coefficients of the enclosing induction variables, then a constant.
    subs: Vec<(Vec<i64>, i64)>,
}

#[derive(Clone, Debug)]
struct Nest {
    loops: Vec<LoopSpec>,
    accesses: Vec<AccessSpec>,
}

const RANK: [usize; 2] = [1, 2];

fn loop_spec() -> impl Strategy<Value = LoopSpec> {
    (0i64..3, 1i64..5, prop_oneof![3 => Just(1i64), 1 => Just(2i64)], prop::option::weighted(0.25, 0i64..3))
        .prop_map(|(lo, trip, step, tri)| LoopSpec { lo, trip, step, tri })
}

fn access_spec() -> impl Strategy<Value = AccessSpec> {
    let coeff = prop_oneof![2 => Just(0i64), 3 => -2i64..=2];
    let sub = (prop::collection::vec(coeff, 3), -3i64..=3);
    (1usize..=3, any::<bool>(), 0usize..2, prop::bool::weighted(0.6), prop::collection::vec(sub, 2))
        .prop_map(|(depth, before, array, write, subs)| AccessSpec { depth, before, array, write, subs })
}

fn nest() -> impl Strategy<Value = Nest> {
    (prop::collection::vec(loop_spec(), 1..=3), prop::collection::vec(access_spec(), 1..=4)).prop_map(
        |(mut loops, mut accesses)| {
            loops[0].tri = None;
            for a in &mut accesses {
                a.depth = a.depth.min(loops.len());
                a.subs.truncate(RANK[a.array]);
                for (c, _) in &mut a.subs {
                    c.truncate(a.depth);
                }
            }
            Nest { loops, accesses }
        },
    )
}

impl LoopSpec {
    fn upper(&self, outer: Option<i64>) -> i64 {
        match (self.tri, outer) {
            (Some(c), Some(o)) => o + c,
            _ => self.lo + (self.trip - 1) * self.step + 1,
        }
    }
}

impl AccessSpec {
    fn element(&self, x: &[i64]) -> Vec<i64> {
        self.subs.iter().map(|(c, k)| c.iter().zip(x).map(|(a, b)| a * b).sum::<i64>() + k).collect()
    }

    fn text(&self, k: usize) -> String {
        let subs: Vec<String> = self
            .subs
            .iter()
            .map(|(c, konst)| {
                let mut e = konst.to_string();
                for (l, &cl) in c.iter().enumerate() {
                    e = format!("{e} + %i{l} * {cl}");
                }
                e
            })
            .collect();
        let (name, ty) = if self.array == 0 { ("%A", "memref<?xf32>") } else { ("%B", "memref<?x?xf32>") };
        if self.write {
            format!("affine.store %x, {name}[{}] : {ty}", subs.join(", "))
        } else {
            format!("%v{k} = affine.load {name}[{}] : {ty}", subs.join(", "))
        }
    }
}

impl Nest {
    /// The function: loop `l` holds, in order, the accesses of depth `l + 1` marked `before`,
    /// loop `l + 1`, then the other accesses of depth `l + 1`.
    fn text(&self) -> String {
        fn level(n: &Nest, l: usize) -> Vec<String> {
            let spec = &n.loops[l];
            let upper = match spec.tri {
                Some(c) => format!("affine_map<(d0) -> (d0 + {c})>(%i{})", l - 1),
                None => spec.upper(None).to_string(),
            };
            let mut out = vec![format!("affine.for %i{l} = {} to {upper} step {} {{", spec.lo, spec.step)];
            let mine = |before: bool| {
                n.accesses
                    .iter()
                    .enumerate()
                    .filter(move |(_, a)| a.depth == l + 1 && (a.before == before || l + 1 == n.loops.len()))
            };
            out.extend(mine(true).map(|(k, a)| format!("  {}", a.text(k))));
            if l + 1 < n.loops.len() {
                out.extend(level(n, l + 1).into_iter().map(|s| format!("  {s}")));
                out.extend(mine(false).map(|(k, a)| format!("  {}", a.text(k))));
            }
            out.push("}".into());
            out
        }
        let body: Vec<String> = level(self, 0).into_iter().map(|s| format!("  {s}")).collect();
        format!("func.func @f(%A: memref<?xf32>, %B: memref<?x?xf32>, %x: f32) {{\n{}\n  return\n}}\n", body.join("\n"))
    }

    /// The iterations of the first `depth` loops.
    fn points(&self, depth: usize) -> Vec<Vec<i64>> {
        let mut out = vec![Vec::new()];
        for spec in &self.loops[..depth] {
            out = out
                .into_iter()
                .flat_map(|p: Vec<i64>| {
                    let hi = spec.upper(p.last().copied());
                    (spec.lo..hi.max(spec.lo)).step_by(spec.step as usize).map(move |v| [p.clone(), vec![v]].concat())
                })
                .collect();
        }
        out
    }

    /// Whether loop `l` carries a dependence: two instances of accesses inside it touch one
    /// element, at least one writes, and they run in the same iteration of the outer loops but
    /// in different iterations of loop `l`.
    fn carries(&self, l: usize) -> bool {
        let inside: Vec<(&AccessSpec, Vec<Vec<i64>>)> =
            self.accesses.iter().filter(|a| a.depth > l).map(|a| (a, self.points(a.depth))).collect();
        inside.iter().enumerate().any(|(i, (a, pa))| {
            inside[i..].iter().any(|(b, pb)| {
                (a.write || b.write)
                    && a.array == b.array
                    && pa
                        .iter()
                        .any(|x| pb.iter().any(|y| x[..l] == y[..l] && x[l] != y[l] && a.element(x) == b.element(y)))
            })
        })
    }
}

/// Parses and verifies `text`; the first `func.func`.
fn parse(text: &str) -> (Context, OpId) {
    crate::analysis::affine::tests::parse_func(text)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, .. ProptestConfig::default() })]

    #[test]
    fn verdicts_agree_with_enumeration(nest in nest()) {
        let text = nest.text();
        let (mut ctx, func) = parse(&text);
        let loops: Vec<OpId> =
            ctx.collect_ops(func).into_iter().filter(|&o| aff::ForOp::view(&ctx, o).is_some()).collect();
        prop_assert_eq!(loops.len(), nest.loops.len());
        let facts = Facts::of(&ctx, func);
        let mut parallel = 0;
        for (l, &op) in loops.iter().enumerate() {
            let carried = nest.carries(l);
            match facts.verdict(&ctx, op, &[]) {
                Verdict::Parallel => {
                    prop_assert!(!carried, "loop {} made parallel but carries a dependence\n{}", l, text);
                    parallel += 1;
                }
                Verdict::Dependent(why) if why.proven => {
                    prop_assert!(carried, "loop {}: proven '{}' not found by enumeration\n{}", l, why.message, text);
                }
                Verdict::Dependent(_) => {}
                Verdict::Unknown(why) => prop_assert!(false, "affine accesses only, yet '{}'\n{}", why.message, text),
            }
        }
        // The rewrite keeps the IR valid and makes exactly those loops parallel dimensions.
        let mut diags = Vec::new();
        parallelize_function(&mut ctx, func, Candidates::All, &mut diags).expect("no share pragma, no error");
        sharc_ir::verifier::verify(&ctx, func).unwrap_or_else(|d| panic!("{}\n{text}", d.message));
        let dims: usize = ctx
            .collect_ops(func)
            .into_iter()
            .filter_map(|o| aff::ParallelOp::view(&ctx, o))
            .map(|p| p.num_dims(&ctx))
            .sum();
        prop_assert_eq!(dims, parallel, "{}", text);
        prop_assert_eq!(diags.len(), nest.loops.len(), "one remark per loop");
    }
}

/// Where the analysis is exact (rectangular nests whose references to each array share one
/// linear part), a loop without an enumerated dependence is parallel: the converse of the
/// property above, on the nests where it must hold.
#[test]
fn exact_nests_are_parallel_when_enumeration_finds_nothing() {
    let cases = [
        // A[i] = A[i] + B[i][j]: i is parallel, j carries the reduction into A[i].
        (
            "affine.for %i0 = 0 to 6 { affine.for %i1 = 0 to 5 {\n\
             %a = affine.load %A[%i0] : memref<?xf32>\n\
             %b = affine.load %B[%i0, %i1] : memref<?x?xf32>\n\
             affine.store %x, %A[%i0] : memref<?xf32> } }",
            [true, false],
        ),
        // B[i][j] = B[i][j - 1]: the rows are independent, j carries distance 1.
        (
            "affine.for %i0 = 0 to 4 { affine.for %i1 = 1 to 7 {\n\
             %b = affine.load %B[%i0, %i1 - 1] : memref<?x?xf32>\n\
             affine.store %x, %B[%i0, %i1] : memref<?x?xf32> } }",
            [true, false],
        ),
        // B[i + 1][2j] = B[i][2j + 1]: odd and even columns never meet, so neither loop carries.
        (
            "affine.for %i0 = 0 to 4 { affine.for %i1 = 0 to 4 {\n\
             %b = affine.load %B[%i0, %i1 * 2 + 1] : memref<?x?xf32>\n\
             affine.store %x, %B[%i0 + 1, %i1 * 2] : memref<?x?xf32> } }",
            [true, true],
        ),
    ];
    for (body, expected) in cases {
        let text = format!("func.func @f(%A: memref<?xf32>, %B: memref<?x?xf32>, %x: f32) {{\n{body}\n  return\n}}\n");
        let (ctx, func) = parse(&text);
        let facts = Facts::of(&ctx, func);
        let loops: Vec<OpId> =
            ctx.collect_ops(func).into_iter().filter(|&o| aff::ForOp::view(&ctx, o).is_some()).collect();
        let got: Vec<bool> = loops.iter().map(|&l| facts.verdict(&ctx, l, &[]) == Verdict::Parallel).collect();
        assert_eq!(got, expected, "{text}");
    }
}
