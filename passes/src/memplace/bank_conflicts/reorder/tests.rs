//! The access reorder on kernels parsed from text: the integer row sum that the lit sim tests
//! `bank-rowsum*.mlir` measure before and after, the rotation's permutation of every loop, the
//! sites it finds and the loops it refuses.

use super::*;
use crate::memplace::bank_conflicts::remap::tests::{band, parse, print};
use sharc_dialects::memplace::AllocSharedOp;

const ROWSUM: &str = include_str!("../../../../../test/passes/memplace/bank-rowsum.mlir");
const REORDERED: &str = include_str!("../../../../../test/passes/memplace/bank-rowsum-reordered.mlir");

/// The first shared buffer of the module.
fn buffer(ctx: &Context, module: OpId) -> Value {
    let alloc = ctx.collect_ops(module).into_iter().find(|&o| AllocSharedOp::view(ctx, o).is_some()).expect("a buffer");
    ctx.result(alloc, 0)
}

/// A row reduction kernel whose loop body is `body` (over `%acc`, `%k`, the tile `%s`, the
/// global `%x`, the band variable `%i` and origin `%o`), with `elem` elements and loop bounds
/// `bounds`; the loop yields `%n`.
fn kernel(elem: &str, bounds: &str, body: &str) -> String {
    format!(
        "func.func @f(%A: memref<256x32x{elem}>, %x: memref<32x{elem}>, %out: memref<256x{elem}>, %m: index) {{
          gpumap.band (%i) = (0) to (256) block [32] dims [x] origin (%o) {{
            %s = memplace.alloc_shared : memref<32x32x{elem}, #gpu.address_space<workgroup>>
            memplace.copy_in %A[%o, 0] to %s sizes [32, 32] : memref<256x32x{elem}>, memref<32x32x{elem}, #gpu.address_space<workgroup>>
            memplace.barrier
            %init = affine.load %x[0] : memref<32x{elem}>
            %r = affine.for %k = {bounds} iter_args(%acc = %init) -> ({elem}) {{
              {body}
              affine.yield %n : {elem}
            }}
            affine.store %r, %out[%i] : memref<256x{elem}>
          }}
          return
        }}"
    )
}

const TILE: &str = "#gpu.address_space<workgroup>";

fn load(elem: &str, subscripts: &str) -> String {
    format!("affine.load %s[{subscripts}] : memref<32x32x{elem}, {TILE}>")
}

/// The sites of the kernel's tile (`allow_reassoc` as given).
fn sites_of(text: &str, allow_reassoc: bool) -> Vec<ReorderSite> {
    let (ctx, module) = parse(text);
    reorder_sites(&ctx, band(&ctx, module), buffer(&ctx, module), allow_reassoc)
}

/// Why the kernel's only loop is not a site.
fn refusal(text: &str, allow_reassoc: bool) -> String {
    let (ctx, module) = parse(text);
    let l = ctx.collect_ops(module).into_iter().find(|&o| ForOp::view(&ctx, o).is_some()).expect("a loop");
    site(&ctx, l, buffer(&ctx, module), allow_reassoc).expect_err("not a site")
}

/// The reordered row sum that the sim test runs is what the rewrite makes of the row sum: its
/// measured conflict-free loads and equal outputs are this rewrite's.
#[test]
fn rotating_the_row_sum_is_the_measured_kernel() {
    let (mut ctx, module) = parse(ROWSUM);
    let b = band(&ctx, module);
    let sites = reorder_sites(&ctx, b, buffer(&ctx, module), false);
    assert_eq!(sites.len(), 1);
    assert_eq!((sites[0].trip, sites[0].loads.len(), sites[0].unstaged_loads.len()), (32, 1, 0));
    assert_eq!(reorder(&mut ctx, b, &sites[0], 1), Ok(1));
    let (ectx, emodule) = parse(REORDERED);
    assert_eq!(print(&ctx, module), print(&ectx, emodule));
}

/// Lane tx visits every iteration once, starting at `(c·tx) mod K`, for bounds that are not
/// constants, steps and rotations larger than the trip count or negative.
#[test]
fn the_rotation_permutes_each_lanes_iterations() {
    for (bounds, lb, step, trip) in [
        ("0 to 32", 0, 1, 32),
        ("3 to 27 step 3", 3, 3, 8),
        ("affine_map<()[s0] -> (s0)>()[%m] to affine_map<()[s0] -> (s0 + 10)>()[%m] step 2", 7, 2, 5),
    ] {
        for c in [1, 3, -1, 33] {
            let body = format!("%v = {}\n %n = arith.addi %acc, %v : i32", load("i32", "%i - %o, %k mod 32"));
            let (mut ctx, module) = parse(&kernel("i32", bounds, &body));
            let b = band(&ctx, module);
            let sites = reorder_sites(&ctx, b, buffer(&ctx, module), false);
            assert_eq!(sites.iter().map(|s| s.trip).collect::<Vec<_>>(), vec![trip], "{bounds}");
            if c % trip == 0 {
                assert!(reorder(&mut ctx, b, &sites[0], c).is_err());
                continue;
            }
            assert_eq!(reorder(&mut ctx, b, &sites[0], c), Ok(1), "{bounds}");
            print(&ctx, module);
            let apply = ctx.collect_ops(module).into_iter().find_map(|o| ApplyOp::view(&ctx, o)).expect("rotation");
            let map = apply.map(&ctx).expect("a map").clone();
            for block in 0..2 {
                let origin = 32 * block;
                for tx in 0..32 {
                    let visited: Vec<i64> = (0..trip)
                        .map(|j| {
                            // k, the band variable and origin, then %m (= lb) where the bound names it.
                            let inputs = [lb + j * step, origin + tx, origin, lb];
                            let inputs = &inputs[..apply.operands(&ctx).len()];
                            let (dims, syms) = inputs.split_at(map.num_dims() as usize);
                            map.eval(dims, syms).expect("evaluates")[0]
                        })
                        .collect();
                    let start = lb + step * (c * tx).rem_euclid(trip);
                    assert_eq!(visited[0], start, "{bounds} c={c} tx={tx}");
                    let mut sorted = visited.clone();
                    sorted.sort_unstable();
                    assert_eq!(sorted, (0..trip).map(|j| lb + j * step).collect::<Vec<_>>(), "{bounds} c={c} tx={tx}");
                }
            }
        }
    }
}

/// A dot product `acc + A_s[tx][k] * x[k]` is a site: every use of k is rotated, so the global
/// `x[k]` is read at the same rotated k as the tile (and reported, since a warp's request now
/// covers 32 elements instead of one); the combining add loses its `nsw`.
#[test]
fn every_use_of_the_induction_variable_is_rotated() {
    let body = format!(
        "%v = {}\n %w = affine.load %x[%k] : memref<32xi32>\n %p = arith.muli %v, %w overflow<nsw> : i32\n \
         %n = arith.addi %acc, %p overflow<nsw> : i32",
        load("i32", "%i - %o, %k")
    );
    let (mut ctx, module) = parse(&kernel("i32", "0 to 32", &body));
    let b = band(&ctx, module);
    let sites = reorder_sites(&ctx, b, buffer(&ctx, module), false);
    assert_eq!(sites.len(), 1);
    assert_eq!(sites[0].unstaged_loads.len(), 1);
    assert_eq!(reorder(&mut ctx, b, &sites[0], 1), Ok(1));
    let text = print(&ctx, module);
    let k = ctx.collect_ops(module).into_iter().find_map(|o| ForOp::view(&ctx, o)).and_then(|f| f.induction_var(&ctx));
    assert_eq!(k.map(|k| ctx.uses(k).len()), Some(1), "only the rotation reads k:\n{text}");
    assert!(text.contains("affine.load %shared[%arg4 - %arg5, %2]"), "{text}");
    assert!(text.contains("affine.load %arg1[%2]"), "{text}");
    assert!(text.contains("arith.muli %3, %4 overflow<nsw>"), "per-iteration ops keep their flags:\n{text}");
    assert!(text.contains("%6 = arith.addi %arg7, %5 : i32"), "{text}");
}

/// Floating-point reductions are sites only under `allow-reassoc`; integer min/max always.
#[test]
fn float_reductions_need_allow_reassoc() {
    for (elem, op, float) in [
        ("f32", "arith.addf", true),
        ("f32", "arith.maximumf", true),
        ("i32", "arith.maxsi", false),
        ("i32", "arith.xori", false),
    ] {
        let body = format!("%v = {}\n %n = {op} %acc, %v : {elem}", load(elem, "%i - %o, %k"));
        let text = kernel(elem, "0 to 32", &body);
        assert_eq!(sites_of(&text, false).len(), usize::from(!float), "{op}");
        assert_eq!(sites_of(&text, true).len(), 1, "{op}");
        if float {
            assert!(refusal(&text, false).contains("allow-reassoc"));
        }
    }
}

/// Loops that are not reductions of the tile keep their order.
#[test]
fn refuses_loops_that_are_not_reorderable_reductions() {
    let tile = load("i32", "%i - %o, %k");
    let cases = [
        // Subtraction is not associative.
        ("0 to 32", format!("%v = {tile}\n %n = arith.subi %acc, %v : i32"), "associative"),
        // A store in the body: its order would be visible.
        (
            "0 to 32",
            format!("%v = {tile}\n affine.store %v, %out[%k] : memref<256xi32>\n %n = arith.addi %acc, %v : i32"),
            "side effect",
        ),
        // A barrier in the body.
        ("0 to 32", format!("%v = {tile}\n memplace.barrier\n %n = arith.addi %acc, %v : i32"), "side effect"),
        // The partial sum is read by something else.
        (
            "0 to 32",
            format!("%v = {tile}\n %w = arith.muli %acc, %v : i32\n %n = arith.addi %acc, %w : i32"),
            "partial result",
        ),
        // matvec's strip loop: a min upper bound, so the last strip may be short.
        (
            "%m to min affine_map<(d0)[s0] -> (d0 + 8, s0)>(%m)[%m]",
            format!("%v = {tile}\n %n = arith.addi %acc, %v : i32"),
            "min",
        ),
        // Bounds of two different values.
        (
            "%m to affine_map<(d0) -> (d0 + 8)>(%i)",
            format!("%v = {tile}\n %n = arith.addi %acc, %v : i32"),
            "not constant",
        ),
        // The tile is read at a column that does not depend on k.
        ("0 to 32", format!("%v = {}\n %n = arith.addi %acc, %v : i32", load("i32", "%i - %o, 0")), "no subscript"),
    ];
    for (bounds, body, why) in cases {
        let text = kernel("i32", bounds, &body);
        let err = refusal(&text, true);
        assert!(err.contains(why), "{why}: {err}\n{text}");
    }
}

/// A band without an x loop has no lane offset to rotate by.
#[test]
fn refuses_a_band_without_x() {
    let text =
        kernel("i32", "0 to 32", &format!("%v = {}\n %n = arith.addi %acc, %v : i32", load("i32", "%i - %o, %k")))
            .replace("dims [x]", "dims [y]");
    let (mut ctx, module) = parse(&text);
    let b = band(&ctx, module);
    let sites = reorder_sites(&ctx, b, buffer(&ctx, module), false);
    assert_eq!(sites.len(), 1);
    assert_eq!(reorder(&mut ctx, b, &sites[0], 1), Err("the band maps no loop to x".to_string()));
}
