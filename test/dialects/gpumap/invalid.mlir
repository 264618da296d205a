// RUN: sharc-opt %s -split-input-file -verify-diagnostics

// One lower bound for two loops.
func.func @bound_count(%A: memref<64x64xf32>) {
  // expected-error @+1 {{'gpumap.band' op expected 2 lower-bound results (the sum of the groups, one per loop by default), got 1}}
  gpumap.band (%i, %j) = (0) to (64, 64) block [8, 32] dims [y, x] origin (%bi, %bj) {
  }
  return
}

// -----

// More loops than hardware dimensions.
func.func @four_loops() {
  // expected-error @+1 {{'gpumap.band' op expected 1 to 3 loops, got 4}}
  gpumap.band (%a, %b, %c, %d) = (0, 0, 0, 0) to (2, 2, 2, 2) block [1, 1, 1, 2] dims [x, y, z, x] origin (%oa, %ob, %oc, %od) {
  }
  return
}

// -----

// Block sizes must be positive.
func.func @zero_block() {
  // expected-error @+1 {{'gpumap.band' op expected positive block sizes, got 0}}
  gpumap.band (%i) = (0) to (64) block [0] dims [x] origin (%o) {
  }
  return
}

// -----

// Each loop needs its own hardware dimension.
func.func @same_dim() {
  // expected-error @+1 {{'gpumap.band' op hardware dimension 'x' is mapped twice}}
  gpumap.band (%i, %j) = (0, 0) to (64, 64) block [8, 32] dims [x, x] origin (%bi, %bj) {
  }
  return
}

// -----

// One hardware dimension for two loops.
func.func @missing_dim() {
  // expected-error @+1 {{'gpumap.band' op expected 2 hardware dimensions (x, y or z), one per loop}}
  gpumap.band (%i, %j) = (0, 0) to (64, 64) block [8, 32] dims [x] origin (%bi, %bj) {
  }
  return
}

// -----

// `w` is not a hardware dimension.
func.func @bad_dim() {
  // expected-error @+1 {{custom op 'gpumap.band' expected a dimension: x, y or z}}
  gpumap.band (%i) = (0) to (64) block [32] dims [w] origin (%o) {
  }
  return
}

// -----

// Every induction variable has its block origin.
func.func @missing_origin() {
  // expected-error @+1 {{custom op 'gpumap.band' expected 2 block origins, one per induction variable, got 1}}
  gpumap.band (%i, %j) = (0, 0) to (64, 64) block [8, 32] dims [y, x] origin (%bi) {
  }
  return
}

// -----

// A bound must be an affine dimension or symbol: a value loaded inside a loop is neither.
func.func @bad_bound(%n: memref<1xindex>, %lo: index, %hi: index, %one: index) {
  scf.for %k = %lo to %hi step %one {
    %c0 = arith.constant 0 : index
    %m = memref.load %n[%c0] : memref<1xindex>
    // expected-error @+1 {{'gpumap.band' op operand #0 must be a valid affine dimension or symbol}}
    gpumap.band (%i) = (0) to (%m) block [32] dims [x] origin (%o) {
    }
  }
  return
}

// -----

// Bands do not nest: a band is a kernel launch.
func.func @nested() {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    // expected-error @+1 {{'gpumap.band' op cannot be nested in another gpumap.band or in a kernel}}
    gpumap.band (%j) = (0) to (64) block [32] dims [y] origin (%p) {
    }
  }
  return
}

// -----

// The body takes the induction variables and the origins.
func.func @body_args() {
  // expected-error @+1 {{'gpumap.band' op expected the body to take 2 index arguments (induction variables, then block origins), got 1}}
  "gpumap.band"() <{blockSizes = array<i64: 32>, lowerBoundsMap = affine_map<() -> (0)>, mapping = [#gpu<dim x>], upperBoundsMap = affine_map<() -> (64)>}> ({
  ^bb0(%i: index):
    "gpumap.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// The maps' dims and symbols are the operands.
func.func @operand_count(%n: index) {
  // expected-error @+1 {{'gpumap.band' op expected 0 bound operands (the maps' dims and symbols), got 1}}
  "gpumap.band"(%n) <{blockSizes = array<i64: 32>, lowerBoundsMap = affine_map<() -> (0)>, mapping = [#gpu<dim x>], upperBoundsMap = affine_map<() -> (64)>}> ({
  ^bb0(%i: index, %o: index):
    "gpumap.yield"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

// gpumap.yield ends a band's body only.
func.func @yield_outside() {
  // expected-error @+1 {{'gpumap.yield' op expects parent op 'gpumap.band'}}
  "gpumap.yield"() : () -> ()
}

// -----

// A step of zero.
func.func @zero_step(%A: memref<64xf32>) {
  // expected-error @+1 {{'gpumap.band' op expected 'steps' to hold 1 positive steps, one per loop}}
  "gpumap.band"() <{blockSizes = array<i64: 32>, lowerBoundsMap = affine_map<() -> (0)>, mapping = [#gpu<dim x>], steps = [0], upperBoundsMap = affine_map<() -> (64)>}> ({
  ^bb0(%i: index, %o: index):
    "gpumap.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Groups that do not add up to the bound results.
func.func @bad_groups(%A: memref<64xf32>, %n: index) {
  // expected-error @+1 {{'gpumap.band' op expected 2 upper-bound results (the sum of the groups, one per loop by default), got 1}}
  "gpumap.band"(%n) <{blockSizes = array<i64: 32>, lowerBoundsMap = affine_map<() -> (0)>, mapping = [#gpu<dim x>], upperBoundsGroups = dense<2> : tensor<1xi32>, upperBoundsMap = affine_map<()[s0] -> (s0)>}> ({
  ^bb0(%i: index, %o: index):
    "gpumap.yield"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

// A tile that is not a multiple of its block.
func.func @ragged_tile(%A: memref<64x64xf32>) {
  // expected-error @+1 {{'gpumap.band' op expected the tile size of loop 0 to be a positive multiple of its block size 4, got 6}}
  gpumap.band (%i, %j) = (0, 0) to (64, 64) block [4, 32] tile [6, 32] dims [y, x] origin (%bi, %bj) {
  }
  return
}

// -----

// One tile size for two loops.
func.func @tile_count(%A: memref<64x64xf32>) {
  // expected-error @+1 {{'gpumap.band' op expected 'tileSizes' to hold 2 tile sizes, one per loop}}
  gpumap.band (%i, %j) = (0, 0) to (64, 64) block [4, 32] tile [8] dims [y, x] origin (%bi, %bj) {
  }
  return
}

// -----

// An unknown distribution in the generic form.
func.func @bad_distribution(%A: memref<64xf32>) {
  // expected-error @+1 {{'gpumap.band' op expected 'distributions' to hold 1 distributions ("cyclic" or "blocked"), one per loop}}
  "gpumap.band"() <{blockSizes = array<i64: 32>, distributions = ["diagonal"], lowerBoundsMap = affine_map<() -> (0)>, mapping = [#gpu<dim x>], tileSizes = array<i64: 64>, upperBoundsMap = affine_map<() -> (64)>}> ({
  ^bb0(%i: index, %o: index):
    "gpumap.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @bad_distribution_keyword(%A: memref<64xf32>) {
  // expected-error @+1 {{expected a distribution: cyclic or blocked}}
  gpumap.band (%i) = (0) to (64) block [32] tile [64] distribution [diagonal] dims [x] origin (%o) {
  }
  return
}

// -----

// The diagonal order deals tiles over x and y: a band without both has none.
func.func @diagonal_one_loop(%A: memref<64xf32>) {
  // expected-error @+1 {{'gpumap.band' op the diagonal block order needs loops mapped to x and y}}
  gpumap.band (%i) = (0) to (64) block [32] dims [x] order diagonal origin (%o) {
  }
  return
}

// -----

func.func @bad_order_keyword(%A: memref<64xf32>) {
  // expected-error @+1 {{expected a block order: identity or diagonal}}
  gpumap.band (%i, %j) = (0, 0) to (64, 64) block [8, 32] dims [y, x] order spiral origin (%bi, %bj) {
  }
  return
}

// -----

// An unknown order in the generic form.
func.func @bad_order(%A: memref<64xf32>) {
  // expected-error @+1 {{'gpumap.band' op expected 'blockOrder' to be "identity" or "diagonal"}}
  "gpumap.band"() <{blockOrder = "spiral", blockSizes = array<i64: 32>, lowerBoundsMap = affine_map<() -> (0)>, mapping = [#gpu<dim x>], upperBoundsMap = affine_map<() -> (64)>}> ({
  ^bb0(%i: index, %o: index):
    "gpumap.yield"() : () -> ()
  }) : () -> ()
  return
}
