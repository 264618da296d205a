//! The analysis on real kernels: gemm, jacobi-2d, transpose, matrix-vector, syrk, and the
//! corner cases (composition with `affine.apply`, strides, `affine.if`, `affine.parallel`,
//! non-affine accesses).

use super::parse_func;
use crate::analysis::affine::*;
use sharc_dialects::affine::{ForOp, ReductionKind};
use sharc_ir::{Context, OpId};

/// The `affine.for` loops of `func`, in program order.
fn fors(ctx: &Context, func: OpId) -> Vec<LoopRef> {
    ctx.collect_ops(func)
        .into_iter()
        .filter(|&o| ForOp::view(ctx, o).is_some())
        .map(|op| LoopRef { op, dim: 0 })
        .collect()
}

fn analyze(text: &str) -> (Context, OpId, AccessSet, Vec<Dependence>) {
    let (ctx, func) = parse_func(text);
    let set = collect_accesses(&ctx, func);
    let deps = dependences(&ctx, &set);
    (ctx, func, set, deps)
}

fn maps(set: &AccessSet) -> Vec<(AccessKind, String)> {
    set.accesses.iter().map(|a| (a.kind, a.map.to_string())).collect()
}

use AccessKind::{Read, Write};
use Direction::{Eq, Lt, Star};

const GEMM: &str = "func.func @gemm(%C: memref<64x64xf32>, %A: memref<64x64xf32>, %B: memref<64x64xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<64x64xf32>
        %b = affine.load %B[%k, %j] : memref<64x64xf32>
        %c = affine.load %C[%i, %j] : memref<64x64xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<64x64xf32>
      }
    }
  }
  return
}
";

// gemm: A and B read, C read and written; the C dependences have distance (0, 0, 1) and are
// carried by k; i and j are parallel; k is a reduction.
#[test]
fn gemm() {
    let (ctx, func, set, deps) = analyze(GEMM);
    assert!(set.non_affine.is_empty());
    let expected = [
        (Read, "(d0, d1, d2) -> (d0, d2)"),
        (Read, "(d0, d1, d2) -> (d2, d1)"),
        (Read, "(d0, d1, d2) -> (d0, d1)"),
        (Write, "(d0, d1, d2) -> (d0, d1)"),
    ];
    assert_eq!(maps(&set), expected.map(|(k, m)| (k, m.to_string())));
    let [i, j, k] = fors(&ctx, func)[..] else { panic!("three loops") };
    assert_eq!(set.accesses[0].loops(), vec![i, j, k]);
    let (load_c, store_c) = (set.accesses[2].op, set.accesses[3].op);
    let c_deps: Vec<&Dependence> = deps.iter().filter(|d| d.memref == set.accesses[2].memref).collect();
    let find = |kind, src, snk, level| {
        c_deps.iter().find(|d| d.kind == kind && d.source == src && d.sink == snk && d.level == level)
    };
    let flow = find(DepKind::Flow, store_c, load_c, Some(2)).expect("flow carried by k");
    assert_eq!(
        (flow.direction.clone(), flow.min_distance.clone(), flow.exact),
        (vec![Eq, Eq, Lt], Some(vec![0, 0, 1]), true)
    );
    assert_eq!(flow.carried_by(), Some(k));
    assert_eq!(flow.distance, vec![Some(0), Some(0), None]);
    let output = find(DepKind::Output, store_c, store_c, Some(2)).expect("output carried by k");
    assert_eq!(output.min_distance, Some(vec![0, 0, 1]));
    let anti = find(DepKind::Anti, load_c, store_c, None).expect("loop-independent anti");
    assert_eq!(anti.direction, vec![Eq, Eq, Eq]);
    assert!(find(DepKind::Anti, load_c, store_c, Some(2)).is_some());
    // Every C dependence is carried by k or loop-independent.
    assert!(c_deps.iter().all(|d| d.level.is_none() || d.level == Some(2)), "{c_deps:#?}");
    // A[i][k] is reused along j, B[k][j] along i.
    let a_in: Vec<_> = deps.iter().filter(|d| d.memref == set.accesses[0].memref).collect();
    assert_eq!(a_in.len(), 1);
    assert_eq!(
        (a_in[0].kind, a_in[0].direction.clone(), a_in[0].min_distance.clone()),
        (DepKind::Input, vec![Eq, Lt, Eq], Some(vec![0, 1, 0]))
    );
    let b_in: Vec<_> = deps.iter().filter(|d| d.memref == set.accesses[1].memref).collect();
    assert_eq!(b_in.iter().map(|d| d.carried_by()).collect::<Vec<_>>(), vec![Some(i)]);
    assert!(is_parallel(&deps, i) && is_parallel(&deps, j) && !is_parallel(&deps, k));
    let report = parallel_report(&ctx, &set, &deps, k);
    assert_eq!(report.reductions.len(), 1);
    assert_eq!(
        (report.reductions[0].kind, report.reductions[0].load, report.reductions[0].store),
        (ReductionKind::AddF, load_c, store_c)
    );
    assert!(!report.is_parallel() && report.parallel_with_reductions());
    assert!(reductions(&ctx, &set, i).is_empty());
}

const JACOBI: &str = "#ub = affine_map<()[s0] -> (s0 - 1)>
func.func @jacobi(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %n: index) {
  affine.for %t = 0 to 10 {
    affine.for %i = 1 to #ub()[%n] {
      affine.for %j = 1 to #ub()[%n] {
        %c = affine.load %A[%i, %j] : memref<?x?xf32>
        %w = affine.load %A[%i, %j - 1] : memref<?x?xf32>
        %e = affine.load %A[%i, %j + 1] : memref<?x?xf32>
        %s = affine.load %A[%i + 1, %j] : memref<?x?xf32>
        %no = affine.load %A[%i - 1, %j] : memref<?x?xf32>
        %0 = arith.addf %c, %w : f32
        %1 = arith.addf %0, %e : f32
        %2 = arith.addf %1, %s : f32
        %3 = arith.addf %2, %no : f32
        affine.store %3, %B[%i, %j] : memref<?x?xf32>
      }
    }
    affine.for %i = 1 to #ub()[%n] {
      affine.for %j = 1 to #ub()[%n] {
        %b = affine.load %B[%i, %j] : memref<?x?xf32>
        affine.store %b, %A[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}
";

// jacobi-2d: each sweep's loops are parallel; the time loop carries the flow from the copy
// back into A to the next stencil sweep, and the stencil's B to the copy is loop-independent.
#[test]
fn jacobi_2d() {
    let (ctx, func, set, deps) = analyze(JACOBI);
    let [t, i1, j1, i2, j2] = fors(&ctx, func)[..] else { panic!("five loops") };
    assert_eq!(set.symbols.len(), 1);
    let d = &set.accesses[0].domain;
    assert_eq!(d.loops[1].lower, vec![sharc_ir::affine::AffineExpr::constant(1)]);
    assert_eq!(d.loops[1].upper[0].to_string(), "s0 - 1");
    assert_eq!(d.points(&[5], 1000).map(|p| p.len()), Some(10 * 3 * 3));
    for lp in [i1, j1, i2, j2] {
        assert!(
            is_parallel(&deps, lp),
            "{lp:?}: {:#?}",
            deps.iter().filter(|d| d.carried_by() == Some(lp)).collect::<Vec<_>>()
        );
    }
    assert!(!is_parallel(&deps, t));
    let (store_b, load_b, store_a) = (set.accesses[5].op, set.accesses[6].op, set.accesses[7].op);
    let b_flow: Vec<_> =
        deps.iter().filter(|d| d.source == store_b && d.sink == load_b && d.kind == DepKind::Flow).collect();
    assert!(b_flow.iter().any(|d| d.level.is_none()));
    assert!(deps.iter().any(|d| d.source == store_a
        && d.sink == set.accesses[1].op
        && d.kind == DepKind::Flow
        && d.carried_by() == Some(t)));
    // The stencil's own reads of A: input reuse along j between A[i][j+1] and A[i][j].
    let reuse: Vec<_> =
        deps.iter().filter(|d| d.source == set.accesses[2].op && d.sink == set.accesses[0].op).collect();
    let summary: Vec<_> = reuse.iter().map(|d| (d.kind, d.carried_by(), d.min_distance.clone())).collect();
    assert_eq!(
        summary,
        vec![(DepKind::Input, Some(t), Some(vec![1, 0, 1])), (DepKind::Input, Some(j1), Some(vec![0, 0, 1]))]
    );
}

// transpose: no dependence between the read of A and the write of B; both loops parallel.
#[test]
fn transpose() {
    let (ctx, func, set, deps) = analyze(
        "func.func @tr(%A: memref<32x32xf32>, %B: memref<32x32xf32>) {
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %v = affine.load %A[%i, %j] : memref<32x32xf32>
      affine.store %v, %B[%j, %i] : memref<32x32xf32>
    }
  }
  return
}
",
    );
    assert_eq!(maps(&set)[1], (Write, "(d0, d1) -> (d1, d0)".to_string()));
    assert!(deps.is_empty(), "{deps:#?}");
    assert!(fors(&ctx, func).into_iter().all(|l| is_parallel(&deps, l)));
}

// matrix-vector: y[i] += A[i][j] * x[j]; i is parallel, j a reduction, x reused along i.
#[test]
fn matrix_vector() {
    let (ctx, func, set, deps) = analyze(
        "func.func @mv(%A: memref<?x?xf32>, %x: memref<?xf32>, %y: memref<?xf32>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %b = affine.load %x[%j] : memref<?xf32>
      %c = affine.load %y[%i] : memref<?xf32>
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      affine.store %s, %y[%i] : memref<?xf32>
    }
  }
  return
}
",
    );
    let [i, j] = fors(&ctx, func)[..] else { panic!("two loops") };
    assert!(is_parallel(&deps, i) && !is_parallel(&deps, j));
    assert!(parallel_report(&ctx, &set, &deps, j).parallel_with_reductions());
    let x: Vec<_> = deps.iter().filter(|d| d.memref == set.accesses[1].memref).collect();
    assert_eq!((x.len(), x[0].carried_by(), x[0].min_distance.clone()), (1, Some(i), Some(vec![1, 0])));
}

// syrk: a triangular nest; i and j are parallel, k carries the C reduction.
#[test]
fn syrk() {
    let (ctx, func, set, deps) = analyze(
        "func.func @syrk(%A: memref<?x?xf32>, %C: memref<?x?xf32>, %n: index, %m: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      affine.for %k = 0 to %m {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %b = affine.load %A[%j, %k] : memref<?x?xf32>
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}
",
    );
    let [i, j, k] = fors(&ctx, func)[..] else { panic!("three loops") };
    let d = &set.accesses[0].domain;
    assert_eq!(d.loops[1].upper[0].to_string(), "d0 + 1");
    assert_eq!(d.points(&[3, 1], 100).map(|p| p.len()), Some(6));
    assert!(is_parallel(&deps, i) && is_parallel(&deps, j) && !is_parallel(&deps, k));
    let flow = deps.iter().find(|d| d.kind == DepKind::Flow).expect("C flow");
    assert_eq!((flow.carried_by(), flow.min_distance.clone()), (Some(k), Some(vec![0, 0, 1])));
    // A[i][k] against A[j][k] is not uniformly generated: inexact input dependences.
    assert!(deps.iter().any(|d| d.kind == DepKind::Input && !d.exact && d.direction.contains(&Star)));
    assert_eq!(reductions(&ctx, &set, k).len(), 1);
}

// affine.apply results are composed into the access map; constants fold.
#[test]
fn apply_composition_and_constants() {
    let (_, _, set, _) = analyze(
        "func.func @f(%A: memref<?x?xf32>, %n: index) {
  %c2 = arith.constant 2 : index
  affine.for %i = 0 to 8 {
    %ip = affine.apply affine_map<(d0)[s0] -> (d0 * 2 + s0)>(%i)[%n]
    %v = affine.load %A[%ip, %c2] : memref<?x?xf32>
    affine.store %v, %A[symbol(%n), %i] : memref<?x?xf32>
  }
  return
}
",
    );
    assert_eq!(
        maps(&set),
        vec![(Read, "(d0)[s0] -> (d0 * 2 + s0, 2)".to_string()), (Write, "(d0)[s0] -> (s0, d0)".to_string())]
    );
}

// A stride of 2 from 0 never meets an odd offset: A[i] and A[i + 1] are independent.
#[test]
fn strides_rule_out_odd_distances() {
    let (_, _, set, deps) = analyze(
        "func.func @f(%A: memref<?xf32>) {
  affine.for %i = 0 to 16 step 2 {
    %v = affine.load %A[%i + 1] : memref<?xf32>
    affine.store %v, %A[%i] : memref<?xf32>
  }
  return
}
",
    );
    assert!(deps.iter().all(|d| d.source == d.sink), "{deps:#?}");
    assert_eq!(
        set.accesses[0].domain.to_integer_set().map(|s| s.to_string()).ok(),
        Some("(d0) : (d0 >= 0, -d0 + 15 >= 0, d0 mod 2 == 0)".to_string())
    );
}

// affine.parallel contributes one loop per iv; a carried dependence makes it illegal.
#[test]
fn declared_parallel_loops_are_checked() {
    let (_, _, set, deps) = analyze(
        "func.func @f(%A: memref<?x?xf32>) {
  affine.parallel (%i, %j) = (0, 0) to (8, 8) {
    %v = affine.load %A[%i, %j] : memref<?x?xf32>
    affine.store %v, %A[%i + 1, %j] : memref<?x?xf32>
  }
  return
}
",
    );
    let loops = set.accesses[0].domain.loops.clone();
    assert!(loops.iter().all(|l| l.declared_parallel));
    assert!(!is_parallel(&deps, loops[0].id) && is_parallel(&deps, loops[1].id));
}

// affine.if conditions restrict the domain; an else branch over-approximates.
#[test]
fn conditions_and_else_branches() {
    let (_, _, set, _) = analyze(
        "func.func @f(%A: memref<?xf32>, %x: f32) {
  affine.for %i = 0 to 10 {
    affine.if affine_set<(d0) : (d0 - 5 >= 0)>(%i) {
      affine.store %x, %A[%i] : memref<?xf32>
    } else {
      affine.store %x, %A[%i + 1] : memref<?xf32>
    }
  }
  return
}
",
    );
    let (then, other) = (&set.accesses[0].domain, &set.accesses[1].domain);
    assert_eq!((then.exact, then.points(&[], 100).map(|p| p.len())), (true, Some(5)));
    assert_eq!((other.exact, other.conditions.len()), (false, 0));
}

// Subscripts computed outside the affine dialect are reported and make loops sequential.
#[test]
fn non_affine_accesses_are_conservative() {
    let (ctx, func, set, deps) = analyze(
        "func.func @f(%A: memref<?xf32>, %idx: memref<?xindex>) {
  affine.for %i = 0 to 10 {
    %k = affine.load %idx[%i] : memref<?xindex>
    %v = memref.load %A[%k] : memref<?xf32>
    affine.store %v, %A[%i] : memref<?xf32>
  }
  return
}
",
    );
    assert_eq!(set.non_affine.len(), 1);
    assert!(matches!(set.non_affine[0].reason, AnalysisError::NotAffineAccess { .. }));
    let [i] = fors(&ctx, func)[..] else { panic!("one loop") };
    assert!(!is_parallel(&deps, i));
    assert!(deps.iter().any(|d| !d.exact && d.kind == DepKind::Anti && d.carried_by() == Some(i)));
}

// LU: the bounds relate the loops (j, i > k). A[k][j] never meets A[k][k] in the row scaling,
// nor A[i][j] meets A[i][k] or A[k][j] in the update: the j and i loops are parallel, which
// only the whole system (domain, subscripts, directions) shows; k carries everything.
#[test]
fn lu_triangular_bounds() {
    let (ctx, func, _, deps) = analyze(
        "func.func @lu(%A: memref<?x?xf32>, %n: index) {
  affine.for %k = 0 to %n {
    affine.for %j = affine_map<(d0) -> (d0 + 1)>(%k) to %n {
      %0 = affine.load %A[%k, %j] : memref<?x?xf32>
      %1 = affine.load %A[%k, %k] : memref<?x?xf32>
      %2 = arith.divf %0, %1 : f32
      affine.store %2, %A[%k, %j] : memref<?x?xf32>
    }
    affine.for %i = affine_map<(d0) -> (d0 + 1)>(%k) to %n {
      affine.for %j = affine_map<(d0) -> (d0 + 1)>(%k) to %n {
        %0 = affine.load %A[%i, %j] : memref<?x?xf32>
        %1 = affine.load %A[%i, %k] : memref<?x?xf32>
        %2 = affine.load %A[%k, %j] : memref<?x?xf32>
        %3 = arith.mulf %1, %2 : f32
        %4 = arith.subf %0, %3 : f32
        affine.store %4, %A[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}
",
    );
    let [k, j1, i, j2] = fors(&ctx, func)[..] else { panic!("four loops") };
    assert!(is_parallel(&deps, j1) && is_parallel(&deps, i) && is_parallel(&deps, j2));
    assert!(!is_parallel(&deps, k));
}

// The same subscripts with bounds that let them meet (j from k, not k + 1): A[k][j] is A[k][k]
// at j = k, and the row scaling stays sequential.
#[test]
fn lu_bounds_that_meet_stay_dependent() {
    let (ctx, func, _, deps) = analyze(
        "func.func @lu0(%A: memref<?x?xf32>, %n: index) {
  affine.for %k = 0 to %n {
    affine.for %j = affine_map<(d0) -> (d0)>(%k) to %n {
      %0 = affine.load %A[%k, %j] : memref<?x?xf32>
      %1 = affine.load %A[%k, %k] : memref<?x?xf32>
      %2 = arith.divf %0, %1 : f32
      affine.store %2, %A[%k, %j] : memref<?x?xf32>
    }
  }
  return
}
",
    );
    let [_, j] = fors(&ctx, func)[..] else { panic!("two loops") };
    assert!(!is_parallel(&deps, j));
}

// covariance's symmetric copy: C[j][i] = C[i][j] over j ≥ i. Another i iteration's write meets
// this iteration's read only where i = j' ≥ i' = j ≥ i, that is in the same iteration: both
// loops are parallel.
#[test]
fn symmetric_copy_over_a_triangle() {
    let (ctx, func, _, deps) = analyze(
        "func.func @cov(%C: memref<?x?xf32>, %m: index) {
  affine.for %i = 0 to %m {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to %m {
      %v = affine.load %C[%i, %j] : memref<?x?xf32>
      affine.store %v, %C[%j, %i] : memref<?x?xf32>
    }
  }
  return
}
",
    );
    let [i, j] = fors(&ctx, func)[..] else { panic!("two loops") };
    assert!(is_parallel(&deps, j), "{deps:#?}");
    assert!(is_parallel(&deps, i), "{deps:#?}");
}
