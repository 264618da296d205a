//! The thread remap on kernels parsed from text: the promoted transpose (the lit sim tests
//! `bank-transpose-*.mlir` measure the before/after pair this rewrite maps one onto the other),
//! the placement's bijection on every block shape and step, and the refusals.

use super::*;
use sharc_ir::syntax::{parse_source, print_op, ParseOptions, PrintOptions};

pub(in crate::memplace::bank_conflicts) const ROWMAJOR: &str =
    include_str!("../../../../../test/passes/memplace/bank-transpose-rowmajor.mlir");
const REMAPPED: &str = include_str!("../../../../../test/passes/memplace/bank-transpose-remapped.mlir");

/// Parses and verifies a module.
pub(in crate::memplace::bank_conflicts) fn parse(text: &str) -> (Context, OpId) {
    let mut ctx = Context::new(sharc_dialects::registry());
    let module = parse_source(&mut ctx, "test.mlir", text, &ParseOptions::default())
        .unwrap_or_else(|d| panic!("{}\n{text}", d.message));
    sharc_ir::verifier::verify(&ctx, module).unwrap_or_else(|d| panic!("{}\n{text}", d.message));
    (ctx, module)
}

/// The module printed after verifying it.
pub(in crate::memplace::bank_conflicts) fn print(ctx: &Context, module: OpId) -> String {
    sharc_ir::verifier::verify(ctx, module).unwrap_or_else(|d| panic!("{}", d.message));
    print_op(ctx, module, PrintOptions::default())
}

/// The first band of the module.
pub(in crate::memplace::bank_conflicts) fn band(ctx: &Context, module: OpId) -> OpId {
    ctx.collect_ops(module).into_iter().find(|&o| BandOp::view(ctx, o).is_some()).expect("a band")
}

/// The remapped transpose that the sim test runs is what the rewrite makes of the row-major
/// one: its measured conflict-free stores and unchanged global sectors are this rewrite's.
#[test]
fn skew_y_of_the_promoted_transpose_is_the_measured_kernel() {
    let (mut ctx, module) = parse(ROWMAJOR);
    let b = band(&ctx, module);
    assert_eq!(check(&ctx, b, Placement::SkewY), Ok(()));
    assert_eq!(remap(&mut ctx, b, Placement::SkewY), Ok(1));
    let (ectx, emodule) = parse(REMAPPED);
    assert_eq!(print(&ctx, module), print(&ectx, emodule));
}

/// Seed 000's Q = [[1, 0], [1, 1]] rewrites x instead: the tile read and write both take the
/// remapped x, y is untouched.
#[test]
fn skew_x_rewrites_the_x_induction_variable() {
    let (mut ctx, module) = parse(ROWMAJOR);
    let b = band(&ctx, module);
    assert_eq!(remap(&mut ctx, b, Placement::SkewX), Ok(1));
    let text = print(&ctx, module);
    assert!(text.contains("#map = affine_map<(d0, d1, d2, d3) -> (d2 + (d0 - d2 + d1 - d3) mod 32)>"), "{text}");
    assert!(text.contains("%0 = affine.apply #map(%arg4, %arg3, %arg6, %arg5)"), "{text}");
    assert!(text.contains("affine.load %shared[%arg3 - %arg5, %0 - %arg6]"), "{text}");
    assert!(text.contains("affine.store %1, %shared_0[%0 - %arg6, %arg3 - %arg5]"), "{text}");
    assert!(text.contains("affine.if #set1(%arg3, %0)[%arg0]"), "{text}");
}

/// Builds a band of block `[by, bx]` with steps `[sy, sx]` from lower bounds `(ly, lx)`, whose
/// body reads a shared tile at the remapped variables, remaps it, and returns the apply's map.
fn remap_map(block: [i64; 2], steps: [i64; 2], placement: Placement) -> AffineMap {
    let text = format!(
        "func.func @f(%n: index) {{
          gpumap.band (%y, %x) = (3, 5) to (symbol(%n), symbol(%n)) step ({sy}, {sx}) block [{by}, {bx}] dims [y, x] origin (%oy, %ox) {{
            %s = memplace.alloc_shared : memref<{by}x{bx}xf32, #gpu.address_space<workgroup>>
            %v = affine.load %s[(%y - %oy) floordiv {sy}, (%x - %ox) floordiv {sx}] : memref<{by}x{bx}xf32, #gpu.address_space<workgroup>>
          }}
          return
        }}",
        by = block[0],
        bx = block[1],
        sy = steps[0],
        sx = steps[1]
    );
    let (mut ctx, module) = parse(&text);
    let b = band(&ctx, module);
    assert_eq!(remap(&mut ctx, b, placement), Ok(1));
    print(&ctx, module);
    let apply = ctx.collect_ops(module).into_iter().find_map(|o| ApplyOp::view(&ctx, o)).expect("the remap");
    apply.map(&ctx).expect("a map").clone()
}

/// For every thread of a block, the remapped variable is an iteration of the block, and along
/// the skewed dimension each line of threads runs each of its iterations exactly once.
#[test]
fn the_remap_permutes_each_block_onto_itself() {
    for (block, steps) in [([32, 32], [1, 1]), ([8, 32], [1, 1]), ([4, 16], [2, 3]), ([3, 5], [1, 2])] {
        for placement in Placement::ALL {
            let map = remap_map(block, steps, placement);
            let (s, o) = match placement {
                Placement::SkewY => (0, 1),
                Placement::SkewX => (1, 0),
            };
            // Block origins: lower bound 3 (y) or 5 (x), plus whole blocks.
            let origin = |d: usize, b: i64| [3, 5][d] + steps[d] * block[d] * b;
            for b in 0..2 {
                for t_other in 0..block[o] {
                    let mut seen = vec![false; block[s] as usize];
                    for t in 0..block[s] {
                        let (iv_s, iv_o) = (origin(s, b) + steps[s] * t, origin(o, b) + steps[o] * t_other);
                        let out = map.eval(&[iv_s, iv_o, origin(s, b), origin(o, b)], &[]).expect("evaluates")[0];
                        let rel = out - origin(s, b);
                        assert!(rel >= 0 && rel % steps[s] == 0 && rel / steps[s] < block[s], "{map:?}: {out}");
                        let idx = (rel / steps[s]) as usize;
                        assert!(!seen[idx], "{block:?} {steps:?} {placement:?}: {out} twice");
                        seen[idx] = true;
                    }
                }
            }
        }
    }
}

/// A band that reads or writes global memory at the skewed variable, directly or under a guard
/// on it, keeps its placement: the remap would change what each warp's request covers.
#[test]
fn refuses_to_change_an_unstaged_access() {
    let direct = "func.func @f(%a: memref<64x64xf32>, %b: memref<64x64xf32>) {
      gpumap.band (%y, %x) = (0, 0) to (64, 64) block [32, 32] dims [y, x] origin (%oy, %ox) {
        %v = affine.load %a[%y, %x] : memref<64x64xf32>
        affine.store %v, %b[%x, %y] : memref<64x64xf32>
      }
      return
    }";
    let (mut ctx, module) = parse(direct);
    let b = band(&ctx, module);
    let before = print(&ctx, module);
    for p in Placement::ALL {
        let err = remap(&mut ctx, b, p).expect_err(p.label());
        assert!(err.contains("affine.load of an unstaged array"), "{err}");
    }
    assert_eq!(print(&ctx, module), before, "a refused remap changes nothing");

    // Only the guard depends on y: the global store of row x is made by other threads.
    let guarded = "func.func @f(%b: memref<64xf32>, %n: index) {
      %c = arith.constant 1.0 : f32
      gpumap.band (%y, %x) = (0, 0) to (64, 64) block [32, 32] dims [y, x] origin (%oy, %ox) {
        affine.if affine_set<(d0)[s0] : (s0 - d0 - 1 >= 0)>(%y)[%n] {
          affine.store %c, %b[%x] : memref<64xf32>
        }
      }
      return
    }";
    let (mut ctx, module) = parse(guarded);
    let b = band(&ctx, module);
    let err = remap(&mut ctx, b, Placement::SkewY).expect_err("a global store under a guard on y");
    assert!(err.contains("affine.store of an unstaged array"), "{err}");
    // Skewing x instead changes the subscript itself.
    assert!(remap(&mut ctx, b, Placement::SkewX).is_err());
}

/// A global access that does not depend on the skewed variable does not stop the remap, even
/// through values computed from the other one.
#[test]
fn keeps_global_accesses_of_the_other_variable() {
    let text = "func.func @f(%a: memref<64xf32>, %b: memref<64xf32>) {
      gpumap.band (%y, %x) = (0, 0) to (64, 64) block [32, 32] dims [y, x] origin (%oy, %ox) {
        %s = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
        %i = affine.apply affine_map<(d0) -> (d0 + 1)>(%x)
        %v = affine.load %a[%i - 1] : memref<64xf32>
        affine.store %v, %s[%x - %ox, %y - %oy] : memref<32x32xf32, #gpu.address_space<workgroup>>
      }
      return
    }";
    let (mut ctx, module) = parse(text);
    let b = band(&ctx, module);
    assert_eq!(remap(&mut ctx, b, Placement::SkewY), Ok(1));
    let text = print(&ctx, module);
    assert!(text.contains("affine.store %2, %shared[%arg3 - %arg5, %0 - %arg4]"), "{text}");
}

/// A cooperative copy whose origin is an induction variable (no pass makes one) would move a
/// different tile per thread after the remap.
#[test]
fn refuses_a_copy_that_depends_on_the_skewed_variable() {
    let text = "func.func @f(%a: memref<64x64xf32>) {
      gpumap.band (%y, %x) = (0, 0) to (64, 64) block [32, 32] dims [y, x] origin (%oy, %ox) {
        %s = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
        memplace.copy_in %a[%y, %ox] to %s sizes [1, 32] : memref<64x64xf32>, memref<32x32xf32, #gpu.address_space<workgroup>>
      }
      return
    }";
    let (mut ctx, module) = parse(text);
    let b = band(&ctx, module);
    assert_eq!(
        remap(&mut ctx, b, Placement::SkewY),
        Err("a cooperative copy depends on the remapped induction variable".to_string())
    );
}

/// One-dimensional bands and blocks with one thread along a dimension have nothing to skew.
#[test]
fn refuses_bands_without_two_thread_dimensions() {
    let one_d = "func.func @f(%a: memref<64xf32>) {
      gpumap.band (%x) = (0) to (64) block [32] dims [x] origin (%ox) {
      }
      return
    }";
    let (mut ctx, module) = parse(one_d);
    let b = band(&ctx, module);
    let err = remap(&mut ctx, b, Placement::SkewY).expect_err("1-D");
    assert!(err.contains("maps no loop to y"), "{err}");
    let flat = "func.func @f(%a: memref<64xf32>) {
      gpumap.band (%y, %x) = (0, 0) to (64, 64) block [1, 32] dims [y, x] origin (%oy, %ox) {
      }
      return
    }";
    let (mut ctx, module) = parse(flat);
    let b = band(&ctx, module);
    let err = remap(&mut ctx, b, Placement::SkewX).expect_err("one row of threads");
    assert!(err.contains("nothing to permute"), "{err}");
}
