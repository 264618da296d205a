//! Unit tests on real kernels (seed 000's gemm, digest §12.2) and a property test: the pruned
//! search finds the same setting as exhaustive evaluation on random small nests.

use super::closure::closure;
use super::search::{self, exhaustive, search, Evaluator, SearchOptions};
use super::split::{assign_axes, candidate_plans};
use super::{features::PlanShape, plan_section, plan_section_with, Section};
use proptest::prelude::*;
use sharc_ir::syntax::{parse_source, ParseOptions};
use sharc_ir::{Context, OpId};
use sharc_machine::Target;

/// seed 000's gemm (§12.2) with its share pragma; also read by `crate::plan`'s tests.
pub(crate) const GEMM: &str = r#"
func.func @gemm(%arg0: index {sharc.name = "n"}, %arg3: memref<?x?xf32> {sharc.name = "A"}, %arg4: memref<?x?xf32> {sharc.name = "B"}, %arg5: memref<?x?xf32> {sharc.name = "C"}) {
  affine.parallel (%i, %j) = (0, 0) to (symbol(%arg0), symbol(%arg0)) {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = affine.for %k = 0 to %arg0 iter_args(%acc = %cst) -> (f32) {
      %5 = affine.load %arg3[%i, %k] : memref<?x?xf32>
      %6 = affine.load %arg4[%k, %j] : memref<?x?xf32>
      %7 = arith.mulf %5, %6 : f32
      %8 = arith.addf %acc, %7 : f32
      affine.yield %8 : f32
    }
    %2 = affine.load %arg5[%i, %j] : memref<?x?xf32>
    %4 = arith.addf %0, %2 : f32
    affine.store %4, %arg5[%i, %j] : memref<?x?xf32>
  } {sharc.share = #sharc.share<B[*][TB_X], A[TB_Y][*]:coalesce>}
  return
}
"#;

fn parse(text: &str) -> (Context, OpId) {
    let mut ctx = Context::new(sharc_dialects::registry());
    let module = parse_source(&mut ctx, "t.mlir", text, &ParseOptions::default())
        .unwrap_or_else(|d| panic!("{}\n{text}", d.message));
    let section = ctx
        .collect_ops(module)
        .into_iter()
        .find(|&o| sharc_dialects::affine::ParallelOp::view(&ctx, o).is_some())
        .expect("a section");
    (ctx, section)
}

#[test]
fn gemm_decisions_follow_the_paper() {
    let (ctx, op) = parse(GEMM);
    let target = Target::load("gtx690").unwrap();
    let report = plan_section_with(&ctx, op, &target, SearchOptions::default()).unwrap();
    let names = |v: &[String]| v.join(",");
    let found = report.plan.search.as_ref().expect("a searched plan");
    assert_eq!(names(&found.candidates), "A,B,C");
    assert_eq!(report.isset, 2, "NumCanPar (18) before merging");
    assert_eq!(report.plans.len(), 1, "IS_A and IS_B intersect");
    // 21 legal (TB_X, TB_Y) pairs under (14)-(16).
    assert_eq!(search::space(&report.section, &report.plans[0], &target).blocks.len(), 21);
    let plan = &report.plan;
    assert_eq!(plan.block, [32, 32, 1]);
    assert_eq!(plan.strips, vec![(2, 32)]);
    assert_eq!(found.shared_bytes, 8192);
    // (12) gives 8·n·TB_Y·(TB_X + 32) = 16384·n with CoalesceTran_A = TB_Y·n; the saving
    // subtracts the copy-in of A, one 128-byte row per tile row and strip: TB_Y·n/32 = n.
    assert_eq!(found.profit, "16128 * n");
    let (wp, wi) = report.winner;
    let metrics = report.outcomes[wp].evaluated[wi].outcome.as_ref().unwrap();
    let a = metrics.arrays.iter().find(|v| v.array == report.section.array_named("A").unwrap()).unwrap();
    assert_eq!(a.coalesce_original.to_string(), "32 * n", "eq. (7): TB_Y·n, one transaction per warp and step");
    assert_eq!(a.coalesce_copy.to_string(), "1 * n");
    assert_eq!(a.coalesce_tran.to_string(), "31 * n");
    let staged: Vec<(&str, bool, bool)> = plan.staged.iter().map(|s| (s.name.as_str(), s.reuse, s.coalesce)).collect();
    assert_eq!(staged, vec![("A", true, true), ("B", true, false)]);
    assert_eq!(plan.staged[0].origin.to_string(), "(d0, d1, d2) -> (d0, d2)");
    // The literal (11) gives 32x16 (digest §12.2 item 15).
    let literal = plan_section_with(&ctx, op, &target, SearchOptions { literal_eq11: true }).unwrap();
    assert_eq!(literal.plan.block, [32, 16, 1]);
    // The API without options agrees.
    assert_eq!(plan_section(&ctx, op, &target).unwrap(), report.plan);
}

/// The best 64x16 setting (strip 32): the same reuse, half the copy-in rows but half the
/// original transactions (two warps of a row read one element: reuse, not a second request).
#[test]
fn runner_up_is_64_by_16() {
    let (ctx, op) = parse(GEMM);
    let target = Target::load("gtx690").unwrap();
    let report = plan_section_with(&ctx, op, &target, SearchOptions::default()).unwrap();
    let best_64x16 = report.outcomes[0]
        .evaluated
        .iter()
        .filter(|e| e.config.block == [64, 16, 1])
        .filter_map(|e| e.outcome.as_ref().ok())
        .map(|m| m.profit.clone())
        .max()
        .map(|p| p.to_string());
    assert_eq!(best_64x16.as_deref(), Some("12160 * n"));
}

/// syrk (bench/kernels/shared-memory.c): `A[i][k]` and `A[j][k]` are two groups of uniformly
/// generated references, so A is two candidate tiles, each with its own references, hull and
/// coalescing term, and a staged entry of its own whose subscript map is the group's.
pub(crate) const SYRK: &str = r#"
func.func @syrk(%n: index {sharc.name = "n"}, %alpha: f32, %A: memref<?x?xf32> {sharc.name = "A"}, %C: memref<?x?xf32> {sharc.name = "C"}) {
  affine.parallel (%i, %j) = (0, 0) to (symbol(%n), symbol(%n)) {
    %c = affine.load %C[%i, %j] : memref<?x?xf32>
    %s = affine.for %k = 0 to %n iter_args(%acc = %c) -> (f32) {
      %a = affine.load %A[%i, %k] : memref<?x?xf32>
      %b = affine.load %A[%j, %k] : memref<?x?xf32>
      %p = arith.mulf %a, %b : f32
      %q = arith.mulf %alpha, %p : f32
      %t = arith.addf %acc, %q : f32
      affine.yield %t : f32
    }
    affine.store %s, %C[%i, %j] : memref<?x?xf32>
  }
  return
}
"#;

#[test]
fn differently_generated_references_get_a_tile_each() {
    let (ctx, op) = parse(SYRK);
    let section = Section::analyze(&ctx, op).unwrap();
    let a = section.array_named("A").unwrap();
    let c = section.array_named("C").unwrap();
    let groups = |x: usize| section.groups_of(x).map(|g| g.refs.clone()).collect::<Vec<_>>();
    // References in program order: C[i][j] (read), A[i][k], A[j][k], C[i][j] (write).
    assert_eq!(groups(c), vec![vec![0, 3]]);
    assert_eq!(groups(a), vec![vec![1], vec![2]]);
    assert_eq!(section.tile_label(&[1]), "A[%arg4, %arg6]");
    assert_eq!(section.tile_label(&[0, 3]), "C");
    let target = Target::load("a100").unwrap();
    let report = plan_section_with(&ctx, op, &target, SearchOptions::default()).unwrap();
    let (wp, wi) = report.winner;
    let metrics = report.outcomes[wp].evaluated[wi].outcome.as_ref().unwrap();
    /// A verdict's references, whether it is staged, and its hull.
    type TileSeen = (Vec<usize>, bool, Vec<(i64, i64)>);
    let tiles: Vec<TileSeen> = metrics
        .arrays
        .iter()
        .filter(|v| v.array == a)
        .map(|v| (v.refs.clone(), v.staged, v.partition.as_ref().unwrap().hull.clone()))
        .collect();
    let block = report.plan.block;
    let strip = report.plan.strips[0].1;
    // A[i][k]: the block's one row (TB_Y = block y), a strip of k; A[j][k]: its TB_X rows.
    assert_eq!(
        tiles,
        vec![
            (vec![1], true, vec![(0, block[1] - 1), (0, strip - 1)]),
            (vec![2], true, vec![(0, block[0] - 1), (0, strip - 1)]),
        ]
    );
    let staged: Vec<(String, String, String)> = report
        .plan
        .staged
        .iter()
        .map(|s| {
            (s.name.clone(), s.origin.to_string(), s.subscript.as_ref().map(ToString::to_string).unwrap_or_default())
        })
        .collect();
    assert_eq!(
        staged,
        vec![
            ("A".into(), "(d0, d1, d2) -> (d0, d2)".into(), "(d0, d1, d2) -> (d0, d2)".into()),
            ("A".into(), "(d0, d1, d2) -> (d1, d2)".into(), "(d0, d1, d2) -> (d1, d2)".into()),
        ]
    );
    assert_eq!((report.plan.tile_label(0), report.plan.tile_label(1)), ("A[d0, d2]".into(), "A[d1, d2]".into()));
}

/// A written array whose references are not uniformly generated stays unstaged: two tiles of
/// it would go stale.
#[test]
fn a_written_array_is_not_split_into_tiles() {
    let text = SYRK.replace("affine.store %s, %C[%i, %j]", "affine.store %s, %A[%j, %i]");
    let (ctx, op) = parse(&text);
    let target = Target::load("a100").unwrap();
    let report = plan_section_with(&ctx, op, &target, SearchOptions::default()).unwrap();
    let a = report.section.array_named("A").unwrap();
    let (wp, wi) = report.winner;
    let metrics = report.outcomes[wp].evaluated[wi].outcome.as_ref().unwrap();
    let verdicts: Vec<_> = metrics.arrays.iter().filter(|v| v.array == a).collect();
    assert_eq!(verdicts.len(), 3);
    for v in verdicts {
        assert!(!v.staged);
        assert!(v.unstageable.as_deref().is_some_and(|w| w.contains("two tiles of a written array would go stale")));
    }
}

/// A random 2-D band with a sequential loop and up to three arrays referenced with small
/// offsets, constant or symbolic sizes, with or without a pragma.
fn kernel(refs: &[(u8, u8, i64, i64)], symbolic: bool, pragma: bool, trip: i64) -> String {
    let ty = if symbolic { "memref<?x?xf32>".to_string() } else { "memref<80x80xf32>".to_string() };
    let k_ub = if symbolic { "%n".to_string() } else { trip.to_string() };
    let mut body = String::new();
    let mut acc = "%cst".to_string();
    for (n, &(arr, pat, o1, o2)) in refs.iter().enumerate() {
        let (s0, s1) = match pat % 4 {
            0 => ("%i", "%k"),
            1 => ("%k", "%j"),
            2 => ("%i", "%j"),
            _ => ("%j", "%i"),
        };
        body.push_str(&format!(
            "      %v{n} = affine.load %a{arr}[{s0} + {o1}, {s1} + {o2}] : {ty}\n      %s{n} = arith.addf {acc}, %v{n} : f32\n",
            arr = arr % 3
        ));
        acc = format!("%s{n}");
    }
    let share = if pragma { " {sharc.share = #sharc.share<a0[TB_Y][*]:coalesce>}" } else { "" };
    let ub = if symbolic { "symbol(%n), symbol(%n)".to_string() } else { "64, 64".to_string() };
    format!(
        "func.func @k(%n: index, %a0: {ty} {{sharc.name = \"a0\"}}, %a1: {ty}, %a2: {ty}, %out: {ty}) {{
  affine.parallel (%i, %j) = (0, 0) to ({ub}) {{
    %cst = arith.constant 0.000000e+00 : f32
    %r = affine.for %k = 0 to {k_ub} iter_args(%acc = %cst) -> (f32) {{
      %z = arith.addf %acc, %cst : f32
      affine.yield %z : f32
    }}
    %u = affine.for %k = 0 to {k_ub} iter_args(%acc0 = %r) -> (f32) {{
{body}      affine.yield {acc} : f32
    }}
    affine.store %u, %out[%i + 2, %j + 2] : {ty}
  }}{share}
  return
}}"
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    #[test]
    fn pruned_search_equals_exhaustive(
        refs in prop::collection::vec((0u8..3, 0u8..4, 0i64..3, 0i64..3), 1..4),
        symbolic in any::<bool>(),
        pragma in any::<bool>(),
        trip in 1i64..70,
        target in prop::sample::select(vec!["gtx690", "a100", "hd7850"]),
    ) {
        let mut refs = refs;
        if pragma {
            refs.push((0, 0, 0, 0));
        }
        let text = kernel(&refs, symbolic, pragma, trip);
        let (ctx, op) = parse(&text);
        let target = Target::load(target).unwrap();
        let section = Section::analyze(&ctx, op).unwrap();
        let c = closure(&ctx, &section);
        let (_, plans) = candidate_plans(&section).unwrap();
        for (p, split) in plans.into_iter().enumerate() {
            let shape = PlanShape { axes: assign_axes(&section, &split), split };
            let space = search::space(&section, &shape, &target);
            let mut ev = Evaluator::new(&section, &c, shape.clone(), p, &target, SearchOptions::default());
            let pruned = search(&mut ev, &space);
            let full = exhaustive(&mut ev, &space);
            let pick = |o: &search::Outcome| o.best.map(|b| (o.evaluated[b].config.clone(), o.evaluated[b].outcome.clone().ok().map(|m| m.profit)));
            prop_assert_eq!(pick(&pruned), pick(&full), "{}", text);
        }
    }
}

/// The baseline gemm on a100 (32x8 threads, nothing staged), counted by hand per warp (32
/// consecutive j, one i) and k step: A[i][k] is one address (1 sector), B[k][j] 32 floats (4);
/// C is read and written once (4 + 4). Per band iteration: (5·n + 8) / 32 sectors.
#[test]
fn sector_model_counts_the_baseline_gemm_by_hand() {
    use super::profit::Poly;
    use super::sectors;
    let (ctx, op) = parse(GEMM);
    let target = Target::load("a100").unwrap();
    let section = Section::analyze(&ctx, op).unwrap();
    let base = sectors::baseline(&ctx, &section, &target).expect("the baseline maps gemm");
    assert_eq!(base.block, [32, 8, 1]);
    let per_warp = Poly::term(1, 5, 1).add(&Poly::constant(8));
    let expected = sectors::Density { sectors: per_warp.scale(8), points: Poly::constant(256) };
    assert_eq!(base.density.cmp_per_point(&expected), std::cmp::Ordering::Equal, "{:?}", base.density);
    // The taken plan (32x32, k strips of 32, A and B staged): per block and strip of k, C 4 + 4
    // per warp once, each 32x32 tile copied in as 32 rows of one 128-byte line (4 sectors).
    let report = plan_section_with(&ctx, op, &target, SearchOptions::default()).unwrap();
    let super::plan::Placement::Taken { comparison, .. } = &report.placement else {
        panic!("gemm's plan is taken: {:?}", report.placement)
    };
    assert!(comparison.beats_baseline());
    assert_eq!(comparison.sizes, [32, 128]);
    assert_eq!(comparison.plan, [512.0, 20480.0]);
    assert_eq!(comparison.baseline, [5376.0, 331776.0]);
}

/// A plan that stages a tile whose copy costs what the references it replaces cost is refused:
/// `in[i][j]` read once per thread, coalesced, staged only because the pragma asks for
/// `:coalesce`; the copy moves the same sectors plus nothing saved, so nothing is staged.
#[test]
fn sector_gate_refuses_a_plan_that_does_not_beat_the_baseline() {
    let text = r#"
func.func @copy(%arg0: index {sharc.name = "n"}, %a: memref<?x?xf32> {sharc.name = "in"}, %b: memref<?x?xf32> {sharc.name = "out"}) {
  affine.parallel (%i, %j) = (0, 0) to (symbol(%arg0), symbol(%arg0)) {
    %0 = affine.load %a[%i, %j] : memref<?x?xf32>
    affine.store %0, %b[%i, %j] : memref<?x?xf32>
  } {sharc.share = #sharc.share<in[TB_Y][TB_X]:coalesce>}
  return
}
"#;
    let (ctx, op) = parse(text);
    let target = Target::load("a100").unwrap();
    let report = plan_section_with(&ctx, op, &target, SearchOptions::default()).unwrap();
    assert!(matches!(report.placement, super::plan::Placement::Refused { .. }), "{:?}", report.placement);
    assert!(report.plan.staged.is_empty());
    assert!(report.placement_remark().starts_with("placement: plan refused, nothing staged"));
}

/// A 7-point stencil over three parallel loops: one streamed candidate per loop mapped to y or z
/// (never x), judged by the sector gate, which keeps the 3-D blocking (without register
/// rotation each step reloads the halo planes).
const HEAT_3D: &str = r#"
func.func @heat(%arg0: index {sharc.name = "n"}, %a: memref<?x?x?xf64> {sharc.name = "A"}, %b: memref<?x?x?xf64> {sharc.name = "B"}) {
  affine.parallel (%i, %j, %k) = (1, 1, 1) to (symbol(%arg0) - 1, symbol(%arg0) - 1, symbol(%arg0) - 1) {
    %0 = affine.load %a[%i - 1, %j, %k] : memref<?x?x?xf64>
    %1 = affine.load %a[%i + 1, %j, %k] : memref<?x?x?xf64>
    %2 = affine.load %a[%i, %j - 1, %k] : memref<?x?x?xf64>
    %3 = affine.load %a[%i, %j + 1, %k] : memref<?x?x?xf64>
    %4 = affine.load %a[%i, %j, %k - 1] : memref<?x?x?xf64>
    %5 = affine.load %a[%i, %j, %k + 1] : memref<?x?x?xf64>
    %6 = arith.addf %0, %1 : f64
    %7 = arith.addf %2, %3 : f64
    %8 = arith.addf %4, %5 : f64
    %9 = arith.addf %6, %7 : f64
    %10 = arith.addf %9, %8 : f64
    affine.store %10, %b[%i, %j, %k] : memref<?x?x?xf64>
  }
  return
}
"#;

#[test]
fn a_3d_band_gets_streamed_candidates_that_the_gate_judges() {
    let (ctx, op) = parse(HEAT_3D);
    let target = Target::load("a100").unwrap();
    let report = plan_section_with(&ctx, op, &target, SearchOptions::default()).unwrap();
    assert_eq!(report.first_streamed, 1);
    assert_eq!(report.plans.len(), 3);
    for (p, streamed) in report.plans[1..].iter().zip([0, 1]) {
        assert_eq!(p.axes[streamed], None, "{:?}", p.axes);
        assert_eq!(p.axes[2], Some(sharc_dialects::sharc::share::Axis::X));
        let tiles = p.tiles(&report.section, &super::features::Config { block: [32, 32, 1], vague: Vec::new() });
        assert_eq!(tiles[streamed].kind, super::features::TileKind::Strip(1));
    }
    // The 3-D blocking moves fewer sectors than either streamed plan: it is taken.
    assert_eq!(report.winner.0, 0);
    assert_eq!(report.plan.loops.iter().filter(|l| l.is_none()).count(), 0);
}

#[test]
fn a_2d_band_gets_no_streamed_candidate() {
    let (ctx, op) = parse(GEMM.replace(" {sharc.share = #sharc.share<B[*][TB_X], A[TB_Y][*]:coalesce>}", "").as_str());
    let target = Target::load("a100").unwrap();
    let report = plan_section_with(&ctx, op, &target, SearchOptions::default()).unwrap();
    assert_eq!(report.first_streamed, report.plans.len());
}
