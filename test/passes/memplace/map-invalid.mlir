// RUN: not sharc-opt %s --sharc-map -split-input-file 2>&1 | FileCheck %s

// A sharc.plan that does not say what it must is an error, never a guess.
func.func @zero_block(%A: memref<64xf32>) {
  // CHECK: [[@LINE+1]]:3: error: malformed sharc.plan: 'block' needs three positive sizes
  affine.parallel (%i) = (0) to (64) {
    %v = affine.load %A[%i] : memref<64xf32>
    affine.store %v, %A[%i] : memref<64xf32>
  } {sharc.plan = {block = array<i64: 0, 1, 1>, loops = ["x"], staged = [], strips = []}}
  return
}

// -----

func.func @bad_axis(%A: memref<64xf32>, %B: memref<64xf32>) {
  // CHECK: [[@LINE+1]]:3: error: malformed sharc.plan: 'loops' holds something other than "x", "y", "z" or "seq"
  affine.parallel (%i) = (0) to (64) {
    %v = affine.load %A[%i] : memref<64xf32>
    affine.store %v, %B[%i] : memref<64xf32>
  } {sharc.plan = {block = array<i64: 64, 1, 1>, loops = ["w"], staged = [], strips = []}}
  return
}

// -----

func.func @no_origin(%A: memref<64xf32>, %B: memref<64xf32>) {
  // CHECK: [[@LINE+1]]:3: error: malformed sharc.plan: 'origin' is missing or not an affine_map
  affine.parallel (%i) = (0) to (64) {
    %v = affine.load %A[%i] : memref<64xf32>
    affine.store %v, %B[%i] : memref<64xf32>
  } {sharc.plan = {block = array<i64: 64, 1, 1>, loops = ["x"], strips = [],
     staged = [{access = "read", arg = 0 : i64, bytes = 256 : i64, halo_hi = array<i64: 0>, halo_lo = array<i64: 0>, name = "A", per_strip = array<i64>, tile = array<i64: 64>}]}}
  return
}
