// RUN: not sharc-opt %s --sharc-map-baseline="target=no-such-gpu" 2>&1 | FileCheck %s
// RUN: not sharc-opt %s --sharc-map-baseline="block=64,64" 2>&1 | FileCheck %s --check-prefix=BLOCK
// RUN: not sharc-opt %s --sharc-map-baseline="block=0" 2>&1 | FileCheck %s --check-prefix=ZERO

// An unknown target and an impossible block shape are errors, not a silent default. The option
// parser rejects what the option's type excludes (an unknown target, a size below 1); the pass
// rejects shapes the target cannot launch.
// CHECK: error: invalid value 'no-such-gpu' for option 'target' of pass 'sharc-map-baseline': expected one of {{.*}}, or the path of a target .toml file
// BLOCK: error: invalid block shape '64,64': expected 1 to 3 positive sizes with at most 1024 threads in all (a100)
// ZERO: error: invalid value '0' for option 'block' of pass 'sharc-map-baseline': expected a comma-separated list of positive integers
func.func @f(%A: memref<8xf32>) {
  affine.parallel (%i) = (0) to (8) {
    %v = affine.load %A[%i] : memref<8xf32>
    affine.store %v, %A[%i] : memref<8xf32>
  }
  return
}
