//! The static register estimate on small bands, counted by hand.

use super::*;
use sharc_ir::syntax::{parse_source, ParseOptions};

fn parse(text: &str) -> (Context, OpId) {
    let mut ctx = Context::new(sharc_dialects::registry());
    let module = parse_source(&mut ctx, "test.mlir", text, &ParseOptions::default())
        .unwrap_or_else(|d| panic!("{}\n{text}", d.message));
    sharc_ir::verifier::verify(&ctx, module).unwrap_or_else(|d| panic!("{}\n{text}", d.message));
    (ctx, module)
}

fn estimate(text: &str) -> RegisterUse {
    let (mut ctx, module) = parse(text);
    let target = Target::load("a100").unwrap_or_else(|e| panic!("{e}"));
    StaticEstimate.measure(&mut ctx, module, &target).unwrap_or_else(|e| panic!("{e}"))
}

/// Peak at the first load and at the add: %i (2) + %bi (2) + %a (1), then %i + %a + %b + %c;
/// the three pointers (6) and the overhead (4): 15.
#[test]
fn straight_line_band() {
    let r = estimate(
        "func.func @k(%A: memref<64xf32>, %B: memref<64xf32>, %C: memref<64xf32>) {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%bi) {
    %a = affine.load %A[%i] : memref<64xf32>
    %b = affine.load %B[%i] : memref<64xf32>
    %c = arith.addf %a, %b : f32
    affine.store %c, %C[%i] : memref<64xf32>
  }
  return
}",
    );
    assert_eq!(r, RegisterUse { registers: 15, spill_stores: 0, spill_loads: 0, source: RegisterSource::Estimated });
}

/// Inside the loop: %i (2), %k (2), %acc (1) and %x (1) at the load; the constant is an
/// immediate; %bi dies at once. 6 + 2 pointers (4) + 4 = 14.
#[test]
fn loop_carried_values_live_through_the_loop() {
    let r = estimate(
        "func.func @k(%A: memref<64xf32>, %C: memref<64xf32>) {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%bi) {
    %z = arith.constant 0.0 : f32
    %s = affine.for %k = 0 to 8 iter_args(%acc = %z) -> (f32) {
      %x = affine.load %A[%k] : memref<64xf32>
      %t = arith.addf %acc, %x : f32
      affine.yield %t : f32
    }
    affine.store %s, %C[%i] : memref<64xf32>
  }
  return
}",
    );
    assert_eq!(r.registers, 14);
}

#[test]
fn a_module_without_band_is_an_error() {
    let (mut ctx, module) = parse("func.func @k() {\n  return\n}");
    let target = Target::load("a100").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        StaticEstimate.measure(&mut ctx, module, &target).err().as_deref(),
        Some("the module holds no gpumap.band")
    );
    assert_eq!(StaticEstimate.name(), "static estimate");
}
