// RUN: sharc-opt %s -split-input-file | FileCheck %s
// RUN: sharc-opt %s -split-input-file | sharc-opt -split-input-file | FileCheck %s
// RUN: %if mlir-opt %{ sharc-opt %s -split-input-file | mlir-opt -split-input-file | FileCheck %s %}
// RUN: sharc-opt %s -split-input-file --mlir-print-op-generic | sharc-opt -split-input-file | FileCheck %s
// RUN: sed -e '/^\/\/ -----$/b' -e '/^[[:space:]]*\/\//d' %s > %t
// RUN: sharc-opt %s -split-input-file | diff -u %t -
// CHECK: #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #map1 = affine_map<()[s0] -> (s0 + 8)>
// CHECK-NEXT: #map2 = affine_map<(d0) -> (0, d0)>
// CHECK-NEXT: #map3 = affine_map<(d0)[s0] -> (d0 + 32, s0)>
// CHECK-NEXT: module {
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<()[s0] -> (s0 + 8)>
#map2 = affine_map<(d0) -> (0, d0)>
#map3 = affine_map<(d0)[s0] -> (d0 + 32, s0)>
module {
  // affine.for with constant bounds and default step (step 1 is elided).
  // CHECK-LABEL: func.func @for_const(%arg0: memref<10xf32>, %arg1: f32) {
  // CHECK-NEXT:   affine.for %arg2 = 0 to 10 {
  // CHECK-NEXT:     affine.store %arg1, %arg0[%arg2] : memref<10xf32>
  // CHECK-NEXT:   }
  // CHECK-NEXT:   affine.for %arg2 = 2 to 10 step 4 {
  // CHECK-NEXT:     affine.store %arg1, %arg0[%arg2] : memref<10xf32>
  // CHECK-NEXT:   }
  // CHECK-NEXT:   affine.for %arg2 = 0 to 10 {
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @for_const(%arg0: memref<10xf32>, %arg1: f32) {
    affine.for %arg2 = 0 to 10 {
      affine.store %arg1, %arg0[%arg2] : memref<10xf32>
    }
    affine.for %arg2 = 2 to 10 step 4 {
      affine.store %arg1, %arg0[%arg2] : memref<10xf32>
    }
    affine.for %arg2 = 0 to 10 {
    }
    return
  }
  // affine.for with SSA-value bounds: dims in (), symbols in [], and the
  // single-symbol shorthand bound printed as a bare SSA value; an identity
  // dim map is NOT shortened and becomes a `#map` alias.
  // CHECK-LABEL: func.func @for_ssa_bounds(%arg0: memref<?xf32>, %arg1: index, %arg2: f32) {
  // CHECK-NEXT:   affine.for %arg3 = 0 to %arg1 {
  // CHECK-NEXT:     affine.store %arg2, %arg0[%arg3] : memref<?xf32>
  // CHECK-NEXT:   }
  // CHECK-NEXT:   affine.for %arg3 = #map(%arg1) to #map1()[%arg1] {
  // CHECK-NEXT:     affine.store %arg2, %arg0[%arg3] : memref<?xf32>
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @for_ssa_bounds(%arg0: memref<?xf32>, %arg1: index, %arg2: f32) {
    affine.for %arg3 = 0 to %arg1 {
      affine.store %arg2, %arg0[%arg3] : memref<?xf32>
    }
    affine.for %arg3 = #map(%arg1) to #map1()[%arg1] {
      affine.store %arg2, %arg0[%arg3] : memref<?xf32>
    }
    return
  }
  // affine.for with max lower bound and min upper bound maps (tiling).
  // CHECK-LABEL: func.func @for_max_min(%arg0: memref<?xf32>, %arg1: index, %arg2: f32) {
  // CHECK-NEXT:   affine.for %arg3 = 0 to %arg1 step 32 {
  // CHECK-NEXT:     affine.for %arg4 = max #map2(%arg3) to min #map3(%arg3)[%arg1] {
  // CHECK-NEXT:       affine.store %arg2, %arg0[%arg4] : memref<?xf32>
  // CHECK-NEXT:     }
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @for_max_min(%arg0: memref<?xf32>, %arg1: index, %arg2: f32) {
    affine.for %arg3 = 0 to %arg1 step 32 {
      affine.for %arg4 = max #map2(%arg3) to min #map3(%arg3)[%arg1] {
        affine.store %arg2, %arg0[%arg4] : memref<?xf32>
      }
    }
    return
  }
  // affine.for with iter_args and affine.yield (sum reduction).
  // CHECK-LABEL: func.func @for_iter_args(%arg0: memref<100xf32>) -> f32 {
  // CHECK-NEXT:   %cst = arith.constant 0.000000e+00 : f32
  // CHECK-NEXT:   %0 = affine.for %arg1 = 0 to 100 iter_args(%arg2 = %cst) -> (f32) {
  // CHECK-NEXT:     %1 = affine.load %arg0[%arg1] : memref<100xf32>
  // CHECK-NEXT:     %2 = arith.addf %arg2, %1 : f32
  // CHECK-NEXT:     affine.yield %2 : f32
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return %0 : f32
  // CHECK-NEXT: }
  func.func @for_iter_args(%arg0: memref<100xf32>) -> f32 {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = affine.for %arg1 = 0 to 100 iter_args(%arg2 = %cst) -> (f32) {
      %1 = affine.load %arg0[%arg1] : memref<100xf32>
      %2 = arith.addf %arg2, %1 : f32
      affine.yield %2 : f32
    }
    return %0 : f32
  }
  // affine.for with two iter_args.
  // CHECK-LABEL: func.func @for_iter_args2(%arg0: memref<100xi32>) -> (i32, i32) {
  // CHECK-NEXT:   %c0_i32 = arith.constant 0 : i32
  // CHECK-NEXT:   %0:2 = affine.for %arg1 = 0 to 100 step 2 iter_args(%arg2 = %c0_i32, %arg3 = %c0_i32) -> (i32, i32) {
  // CHECK-NEXT:     %1 = affine.load %arg0[%arg1] : memref<100xi32>
  // CHECK-NEXT:     %2 = arith.addi %arg2, %1 : i32
  // CHECK-NEXT:     %3 = arith.maxsi %arg3, %1 : i32
  // CHECK-NEXT:     affine.yield %2, %3 : i32, i32
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return %0#0, %0#1 : i32, i32
  // CHECK-NEXT: }
  func.func @for_iter_args2(%arg0: memref<100xi32>) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    %0:2 = affine.for %arg1 = 0 to 100 step 2 iter_args(%arg2 = %c0_i32, %arg3 = %c0_i32) -> (i32, i32) {
      %1 = affine.load %arg0[%arg1] : memref<100xi32>
      %2 = arith.addi %arg2, %1 : i32
      %3 = arith.maxsi %arg3, %1 : i32
      affine.yield %2, %3 : i32, i32
    }
    return %0#0, %0#1 : i32, i32
  }
// CHECK-NEXT: }
}

// -----
// CHECK: #map = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 - s0)>
// CHECK-NEXT: #map2 = affine_map<()[s0] -> (s0 floordiv 8)>
// CHECK-NEXT: #map3 = affine_map<(d0)[s0] -> (d0 + 32, s0)>
// CHECK-NEXT: #map4 = affine_map<(d0) -> (0, d0 - 4)>
// CHECK-NEXT: #map5 = affine_map<(d0, d1) -> (d1 + d0 * 2 + 3)>
// CHECK-NEXT: #map6 = affine_map<(d0)[s0] -> (d0 + s0 - 1)>
// CHECK-NEXT: #map7 = affine_map<(d0) -> (-d0 + 6)>
// CHECK-NEXT: #map8 = affine_map<(d0, d1) -> ((d0 + d1) mod 8)>
// CHECK-NEXT: module {
#map = affine_map<(d0) -> (d0 + 1)>
#map1 = affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 - s0)>
#map2 = affine_map<()[s0] -> (s0 floordiv 8)>
#map3 = affine_map<(d0)[s0] -> (d0 + 32, s0)>
#map4 = affine_map<(d0) -> (0, d0 - 4)>
#map5 = affine_map<(d0, d1) -> (d1 + d0 * 2 + 3)>
#map6 = affine_map<(d0)[s0] -> (d0 + s0 - 1)>
#map7 = affine_map<(d0) -> (-d0 + 6)>
#map8 = affine_map<(d0, d1) -> ((d0 + d1) mod 8)>
module {
  // affine.load/affine.store with affine index expressions, symbols and
  // constants; the access map is printed inline.
  // CHECK-LABEL: func.func @load_store_exprs(%arg0: memref<100x100xf32>, %arg1: index, %arg2: index, %arg3: index) {
  // CHECK-NEXT:   %0 = affine.load %arg0[%arg1 + 1, %arg2 * 2] : memref<100x100xf32>
  // CHECK-NEXT:   %1 = affine.load %arg0[%arg1 floordiv 2, %arg2 mod 4] : memref<100x100xf32>
  // CHECK-NEXT:   %2 = affine.load %arg0[0, 3] : memref<100x100xf32>
  // CHECK-NEXT:   affine.for %arg4 = 0 to 10 {
  // CHECK-NEXT:     %3 = affine.load %arg0[%arg4 + symbol(%arg3), %arg4 - 1] : memref<100x100xf32>
  // CHECK-NEXT:     affine.store %3, %arg0[%arg4 * 3 + 7, %arg4 ceildiv 2] : memref<100x100xf32>
  // CHECK-NEXT:   }
  // CHECK-NEXT:   affine.store %0, %arg0[%arg1, %arg2] : memref<100x100xf32>
  // CHECK-NEXT:   affine.store %1, %arg0[%arg2, %arg1] : memref<100x100xf32>
  // CHECK-NEXT:   affine.store %2, %arg0[99, 99] : memref<100x100xf32>
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @load_store_exprs(%arg0: memref<100x100xf32>, %arg1: index, %arg2: index, %arg3: index) {
    %0 = affine.load %arg0[%arg1 + 1, %arg2 * 2] : memref<100x100xf32>
    %1 = affine.load %arg0[%arg1 floordiv 2, %arg2 mod 4] : memref<100x100xf32>
    %2 = affine.load %arg0[0, 3] : memref<100x100xf32>
    affine.for %arg4 = 0 to 10 {
      %3 = affine.load %arg0[%arg4 + symbol(%arg3), %arg4 - 1] : memref<100x100xf32>
      affine.store %3, %arg0[%arg4 * 3 + 7, %arg4 ceildiv 2] : memref<100x100xf32>
    }
    affine.store %0, %arg0[%arg1, %arg2] : memref<100x100xf32>
    affine.store %1, %arg0[%arg2, %arg1] : memref<100x100xf32>
    affine.store %2, %arg0[99, 99] : memref<100x100xf32>
    return
  }
  // affine.load/store on 0-d memrefs.
  // CHECK-LABEL: func.func @load_store_0d(%arg0: memref<f32>) {
  // CHECK-NEXT:   %0 = affine.load %arg0[] : memref<f32>
  // CHECK-NEXT:   affine.store %0, %arg0[] : memref<f32>
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @load_store_0d(%arg0: memref<f32>) {
    %0 = affine.load %arg0[] : memref<f32>
    affine.store %0, %arg0[] : memref<f32>
    return
  }
  // affine.apply with inline maps and `#map` aliases; result names are %N.
  // CHECK-LABEL: func.func @apply(%arg0: index, %arg1: index, %arg2: index) -> (index, index, index) {
  // CHECK-NEXT:   %0 = affine.apply #map(%arg0)
  // CHECK-NEXT:   %1 = affine.apply #map1(%arg0, %arg1)[%arg2]
  // CHECK-NEXT:   %2 = affine.apply #map2()[%arg2]
  // CHECK-NEXT:   return %0, %1, %2 : index, index, index
  // CHECK-NEXT: }
  func.func @apply(%arg0: index, %arg1: index, %arg2: index) -> (index, index, index) {
    %0 = affine.apply #map(%arg0)
    %1 = affine.apply #map1(%arg0, %arg1)[%arg2]
    %2 = affine.apply #map2()[%arg2]
    return %0, %1, %2 : index, index, index
  }
  // affine.min / affine.max with multi-result maps.
  // CHECK-LABEL: func.func @min_max(%arg0: index, %arg1: index) -> (index, index) {
  // CHECK-NEXT:   %0 = affine.min #map3(%arg0)[%arg1]
  // CHECK-NEXT:   %1 = affine.max #map4(%arg0)
  // CHECK-NEXT:   return %0, %1 : index, index
  // CHECK-NEXT: }
  func.func @min_max(%arg0: index, %arg1: index) -> (index, index) {
    %0 = affine.min #map3(%arg0)[%arg1]
    %1 = affine.max #map4(%arg0)
    return %0, %1 : index, index
  }
  // Affine expression canonicalization in maps: constant folding, term
  // ordering (constants last, symbolic terms after dim terms), `d0 * -1`
  // printed as `-d0`, parenthesised mod operands.
  // CHECK-LABEL: func.func @expr_forms(%arg0: index, %arg1: index, %arg2: index) -> (index, index, index, index) {
  // CHECK-NEXT:   %0 = affine.apply #map5(%arg0, %arg1)
  // CHECK-NEXT:   %1 = affine.apply #map6(%arg0)[%arg2]
  // CHECK-NEXT:   %2 = affine.apply #map7(%arg0)
  // CHECK-NEXT:   %3 = affine.apply #map8(%arg0, %arg1)
  // CHECK-NEXT:   return %0, %1, %2, %3 : index, index, index, index
  // CHECK-NEXT: }
  func.func @expr_forms(%arg0: index, %arg1: index, %arg2: index) -> (index, index, index, index) {
    %0 = affine.apply #map5(%arg0, %arg1)
    %1 = affine.apply #map6(%arg0)[%arg2]
    %2 = affine.apply #map7(%arg0)
    %3 = affine.apply #map8(%arg0, %arg1)
    return %0, %1, %2, %3 : index, index, index, index
  }
// CHECK-NEXT: }
}

// -----
// CHECK: #set = affine_set<(d0)[s0] : (d0 - 10 >= 0, -d0 + s0 - 1 >= 0)>
// CHECK-NEXT: #set1 = affine_set<(d0) : (d0 mod 2 == 0)>
// CHECK-NEXT: #set2 = affine_set<(d0) : (d0 >= 0, -d0 + 15 >= 0)>
// CHECK-NEXT: module {
#set = affine_set<(d0)[s0] : (d0 - 10 >= 0, -d0 + s0 - 1 >= 0)>
#set1 = affine_set<(d0) : (d0 mod 2 == 0)>
#set2 = affine_set<(d0) : (d0 >= 0, -d0 + 15 >= 0)>
module {
  // affine.if with an integer set, no else, no results.
  // CHECK-LABEL: func.func @if_simple(%arg0: memref<?xf32>, %arg1: index, %arg2: f32) {
  // CHECK-NEXT:   affine.for %arg3 = 0 to 100 {
  // CHECK-NEXT:     affine.if #set(%arg3)[%arg1] {
  // CHECK-NEXT:       affine.store %arg2, %arg0[%arg3] : memref<?xf32>
  // CHECK-NEXT:     }
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @if_simple(%arg0: memref<?xf32>, %arg1: index, %arg2: f32) {
    affine.for %arg3 = 0 to 100 {
      affine.if #set(%arg3)[%arg1] {
        affine.store %arg2, %arg0[%arg3] : memref<?xf32>
      }
    }
    return
  }
  // affine.if with an else region and an equality constraint.
  // CHECK-LABEL: func.func @if_else(%arg0: memref<?xf32>, %arg1: f32, %arg2: f32) {
  // CHECK-NEXT:   affine.for %arg3 = 0 to 64 {
  // CHECK-NEXT:     affine.if #set1(%arg3) {
  // CHECK-NEXT:       affine.store %arg1, %arg0[%arg3] : memref<?xf32>
  // CHECK-NEXT:     } else {
  // CHECK-NEXT:       affine.store %arg2, %arg0[%arg3] : memref<?xf32>
  // CHECK-NEXT:     }
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @if_else(%arg0: memref<?xf32>, %arg1: f32, %arg2: f32) {
    affine.for %arg3 = 0 to 64 {
      affine.if #set1(%arg3) {
        affine.store %arg1, %arg0[%arg3] : memref<?xf32>
      } else {
        affine.store %arg2, %arg0[%arg3] : memref<?xf32>
      }
    }
    return
  }
  // affine.if with results yields via affine.yield in both regions (a single
  // result type prints WITHOUT parentheses, unlike scf.if).
  // CHECK-LABEL: func.func @if_results(%arg0: index, %arg1: f32, %arg2: f32) -> f32 {
  // CHECK-NEXT:   %0 = affine.if #set2(%arg0) -> f32 {
  // CHECK-NEXT:     affine.yield %arg1 : f32
  // CHECK-NEXT:   } else {
  // CHECK-NEXT:     affine.yield %arg2 : f32
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return %0 : f32
  // CHECK-NEXT: }
  func.func @if_results(%arg0: index, %arg1: f32, %arg2: f32) -> f32 {
    %0 = affine.if #set2(%arg0) -> f32 {
      affine.yield %arg1 : f32
    } else {
      affine.yield %arg2 : f32
    }
    return %0 : f32
  }
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // affine.parallel: multi-dimensional, with steps.
  // CHECK-LABEL: func.func @parallel_2d(%arg0: memref<100x100xf32>, %arg1: f32) {
  // CHECK-NEXT:   affine.parallel (%arg2, %arg3) = (0, 0) to (100, 100) step (2, 4) {
  // CHECK-NEXT:     affine.store %arg1, %arg0[%arg2, %arg3] : memref<100x100xf32>
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @parallel_2d(%arg0: memref<100x100xf32>, %arg1: f32) {
    affine.parallel (%arg2, %arg3) = (0, 0) to (100, 100) step (2, 4) {
      affine.store %arg1, %arg0[%arg2, %arg3] : memref<100x100xf32>
    }
    return
  }
  // affine.parallel with SSA bounds (max/min maps).
  // CHECK-LABEL: func.func @parallel_bounds(%arg0: memref<?xf32>, %arg1: index, %arg2: f32) {
  // CHECK-NEXT:   affine.parallel (%arg3) = (max(0, 2)) to (min(%arg1, 100)) {
  // CHECK-NEXT:     affine.store %arg2, %arg0[%arg3] : memref<?xf32>
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @parallel_bounds(%arg0: memref<?xf32>, %arg1: index, %arg2: f32) {
    affine.parallel (%arg3) = (max(0, 2)) to (min(%arg1, 100)) {
      affine.store %arg2, %arg0[%arg3] : memref<?xf32>
    }
    return
  }
  // affine.parallel with reductions ("addf", "maximumf"): one reduction
  // kind per result, values yielded with affine.yield. (NB: "maxnumf",
  // "minnumf", "maxs", "mins", "maxu", "minu", "xori" are rejected by the
  // MLIR 22 verifier: "result type cannot match reduction attribute".)
  // CHECK-LABEL: func.func @parallel_reduce(%arg0: memref<100x100xf32>) -> (f32, f32) {
  // CHECK-NEXT:   %0:2 = affine.parallel (%arg1, %arg2) = (0, 0) to (100, 100) reduce ("addf", "maximumf") -> (f32, f32) {
  // CHECK-NEXT:     %1 = affine.load %arg0[%arg1, %arg2] : memref<100x100xf32>
  // CHECK-NEXT:     affine.yield %1, %1 : f32, f32
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return %0#0, %0#1 : f32, f32
  // CHECK-NEXT: }
  func.func @parallel_reduce(%arg0: memref<100x100xf32>) -> (f32, f32) {
    %0:2 = affine.parallel (%arg1, %arg2) = (0, 0) to (100, 100) reduce ("addf", "maximumf") -> (f32, f32) {
      %1 = affine.load %arg0[%arg1, %arg2] : memref<100x100xf32>
      affine.yield %1, %1 : f32, f32
    }
    return %0#0, %0#1 : f32, f32
  }
  // affine.parallel reductions over integer kinds.
  // CHECK-LABEL: func.func @parallel_reduce_int(%arg0: memref<64xi32>) -> (i32, i32, i32) {
  // CHECK-NEXT:   %0:3 = affine.parallel (%arg1) = (0) to (64) reduce ("addi", "muli", "andi") -> (i32, i32, i32) {
  // CHECK-NEXT:     %1 = affine.load %arg0[%arg1] : memref<64xi32>
  // CHECK-NEXT:     affine.yield %1, %1, %1 : i32, i32, i32
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return %0#0, %0#1, %0#2 : i32, i32, i32
  // CHECK-NEXT: }
  func.func @parallel_reduce_int(%arg0: memref<64xi32>) -> (i32, i32, i32) {
    %0:3 = affine.parallel (%arg1) = (0) to (64) reduce ("addi", "muli", "andi") -> (i32, i32, i32) {
      %1 = affine.load %arg0[%arg1] : memref<64xi32>
      affine.yield %1, %1, %1 : i32, i32, i32
    }
    return %0#0, %0#1, %0#2 : i32, i32, i32
  }
// CHECK-NEXT: }
}

// -----
// CHECK: #map = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #map2 = affine_map<(d0)[s0] -> (d0 + 32, s0)>
// CHECK-NEXT: module {
#map = affine_map<(d0) -> (d0 + 1)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0)[s0] -> (d0 + 32, s0)>
module {
  // PolyBench gemm: C = alpha*A*B + beta*C with affine loops.
  // CHECK-LABEL: func.func @gemm(%arg0: f32, %arg1: f32, %arg2: memref<1000x1100xf32>, %arg3: memref<1000x1200xf32>, %arg4: memref<1200x1100xf32>) {
  // CHECK-NEXT:   affine.for %arg5 = 0 to 1000 {
  // CHECK-NEXT:     affine.for %arg6 = 0 to 1100 {
  // CHECK-NEXT:       %0 = affine.load %arg2[%arg5, %arg6] : memref<1000x1100xf32>
  // CHECK-NEXT:       %1 = arith.mulf %0, %arg1 : f32
  // CHECK-NEXT:       affine.store %1, %arg2[%arg5, %arg6] : memref<1000x1100xf32>
  // CHECK-NEXT:     }
  // CHECK-NEXT:     affine.for %arg6 = 0 to 1200 {
  // CHECK-NEXT:       affine.for %arg7 = 0 to 1100 {
  // CHECK-NEXT:         %0 = affine.load %arg3[%arg5, %arg6] : memref<1000x1200xf32>
  // CHECK-NEXT:         %1 = arith.mulf %arg0, %0 : f32
  // CHECK-NEXT:         %2 = affine.load %arg4[%arg6, %arg7] : memref<1200x1100xf32>
  // CHECK-NEXT:         %3 = arith.mulf %1, %2 : f32
  // CHECK-NEXT:         %4 = affine.load %arg2[%arg5, %arg7] : memref<1000x1100xf32>
  // CHECK-NEXT:         %5 = arith.addf %4, %3 : f32
  // CHECK-NEXT:         affine.store %5, %arg2[%arg5, %arg7] : memref<1000x1100xf32>
  // CHECK-NEXT:       }
  // CHECK-NEXT:     }
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @gemm(%arg0: f32, %arg1: f32, %arg2: memref<1000x1100xf32>, %arg3: memref<1000x1200xf32>, %arg4: memref<1200x1100xf32>) {
    affine.for %arg5 = 0 to 1000 {
      affine.for %arg6 = 0 to 1100 {
        %0 = affine.load %arg2[%arg5, %arg6] : memref<1000x1100xf32>
        %1 = arith.mulf %0, %arg1 : f32
        affine.store %1, %arg2[%arg5, %arg6] : memref<1000x1100xf32>
      }
      affine.for %arg6 = 0 to 1200 {
        affine.for %arg7 = 0 to 1100 {
          %0 = affine.load %arg3[%arg5, %arg6] : memref<1000x1200xf32>
          %1 = arith.mulf %arg0, %0 : f32
          %2 = affine.load %arg4[%arg6, %arg7] : memref<1200x1100xf32>
          %3 = arith.mulf %1, %2 : f32
          %4 = affine.load %arg2[%arg5, %arg7] : memref<1000x1100xf32>
          %5 = arith.addf %4, %3 : f32
          affine.store %5, %arg2[%arg5, %arg7] : memref<1000x1100xf32>
        }
      }
    }
    return
  }
  // PolyBench jacobi-2d: time loop around two 5-point stencil sweeps.
  // CHECK-LABEL: func.func @jacobi_2d(%arg0: index, %arg1: memref<1300x1300xf64>, %arg2: memref<1300x1300xf64>) {
  // CHECK-NEXT:   %cst = arith.constant 2.000000e-01 : f64
  // CHECK-NEXT:   affine.for %arg3 = 0 to %arg0 {
  // CHECK-NEXT:     affine.for %arg4 = 1 to 1299 {
  // CHECK-NEXT:       affine.for %arg5 = 1 to 1299 {
  // CHECK-NEXT:         %0 = affine.load %arg1[%arg4, %arg5] : memref<1300x1300xf64>
  // CHECK-NEXT:         %1 = affine.load %arg1[%arg4, %arg5 - 1] : memref<1300x1300xf64>
  // CHECK-NEXT:         %2 = arith.addf %0, %1 : f64
  // CHECK-NEXT:         %3 = affine.load %arg1[%arg4, %arg5 + 1] : memref<1300x1300xf64>
  // CHECK-NEXT:         %4 = arith.addf %2, %3 : f64
  // CHECK-NEXT:         %5 = affine.load %arg1[%arg4 + 1, %arg5] : memref<1300x1300xf64>
  // CHECK-NEXT:         %6 = arith.addf %4, %5 : f64
  // CHECK-NEXT:         %7 = affine.load %arg1[%arg4 - 1, %arg5] : memref<1300x1300xf64>
  // CHECK-NEXT:         %8 = arith.addf %6, %7 : f64
  // CHECK-NEXT:         %9 = arith.mulf %cst, %8 : f64
  // CHECK-NEXT:         affine.store %9, %arg2[%arg4, %arg5] : memref<1300x1300xf64>
  // CHECK-NEXT:       }
  // CHECK-NEXT:     }
  // CHECK-NEXT:     affine.for %arg4 = 1 to 1299 {
  // CHECK-NEXT:       affine.for %arg5 = 1 to 1299 {
  // CHECK-NEXT:         %0 = affine.load %arg2[%arg4, %arg5] : memref<1300x1300xf64>
  // CHECK-NEXT:         %1 = affine.load %arg2[%arg4, %arg5 - 1] : memref<1300x1300xf64>
  // CHECK-NEXT:         %2 = arith.addf %0, %1 : f64
  // CHECK-NEXT:         %3 = affine.load %arg2[%arg4, %arg5 + 1] : memref<1300x1300xf64>
  // CHECK-NEXT:         %4 = arith.addf %2, %3 : f64
  // CHECK-NEXT:         %5 = affine.load %arg2[%arg4 + 1, %arg5] : memref<1300x1300xf64>
  // CHECK-NEXT:         %6 = arith.addf %4, %5 : f64
  // CHECK-NEXT:         %7 = affine.load %arg2[%arg4 - 1, %arg5] : memref<1300x1300xf64>
  // CHECK-NEXT:         %8 = arith.addf %6, %7 : f64
  // CHECK-NEXT:         %9 = arith.mulf %cst, %8 : f64
  // CHECK-NEXT:         affine.store %9, %arg1[%arg4, %arg5] : memref<1300x1300xf64>
  // CHECK-NEXT:       }
  // CHECK-NEXT:     }
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @jacobi_2d(%arg0: index, %arg1: memref<1300x1300xf64>, %arg2: memref<1300x1300xf64>) {
    %cst = arith.constant 2.000000e-01 : f64
    affine.for %arg3 = 0 to %arg0 {
      affine.for %arg4 = 1 to 1299 {
        affine.for %arg5 = 1 to 1299 {
          %0 = affine.load %arg1[%arg4, %arg5] : memref<1300x1300xf64>
          %1 = affine.load %arg1[%arg4, %arg5 - 1] : memref<1300x1300xf64>
          %2 = arith.addf %0, %1 : f64
          %3 = affine.load %arg1[%arg4, %arg5 + 1] : memref<1300x1300xf64>
          %4 = arith.addf %2, %3 : f64
          %5 = affine.load %arg1[%arg4 + 1, %arg5] : memref<1300x1300xf64>
          %6 = arith.addf %4, %5 : f64
          %7 = affine.load %arg1[%arg4 - 1, %arg5] : memref<1300x1300xf64>
          %8 = arith.addf %6, %7 : f64
          %9 = arith.mulf %cst, %8 : f64
          affine.store %9, %arg2[%arg4, %arg5] : memref<1300x1300xf64>
        }
      }
      affine.for %arg4 = 1 to 1299 {
        affine.for %arg5 = 1 to 1299 {
          %0 = affine.load %arg2[%arg4, %arg5] : memref<1300x1300xf64>
          %1 = affine.load %arg2[%arg4, %arg5 - 1] : memref<1300x1300xf64>
          %2 = arith.addf %0, %1 : f64
          %3 = affine.load %arg2[%arg4, %arg5 + 1] : memref<1300x1300xf64>
          %4 = arith.addf %2, %3 : f64
          %5 = affine.load %arg2[%arg4 + 1, %arg5] : memref<1300x1300xf64>
          %6 = arith.addf %4, %5 : f64
          %7 = affine.load %arg2[%arg4 - 1, %arg5] : memref<1300x1300xf64>
          %8 = arith.addf %6, %7 : f64
          %9 = arith.mulf %cst, %8 : f64
          affine.store %9, %arg1[%arg4, %arg5] : memref<1300x1300xf64>
        }
      }
    }
    return
  }
  // PolyBench syrk (lower triangle): C = alpha*A*A^T + beta*C, with a
  // triangular bound `to #map(%i)` (j <= i).
  // CHECK-LABEL: func.func @syrk(%arg0: f32, %arg1: f32, %arg2: memref<1200x1200xf32>, %arg3: memref<1200x1000xf32>) {
  // CHECK-NEXT:   affine.for %arg4 = 0 to 1200 {
  // CHECK-NEXT:     affine.for %arg5 = 0 to #map(%arg4) {
  // CHECK-NEXT:       %0 = affine.load %arg2[%arg4, %arg5] : memref<1200x1200xf32>
  // CHECK-NEXT:       %1 = arith.mulf %0, %arg1 : f32
  // CHECK-NEXT:       affine.store %1, %arg2[%arg4, %arg5] : memref<1200x1200xf32>
  // CHECK-NEXT:     }
  // CHECK-NEXT:     affine.for %arg5 = 0 to 1000 {
  // CHECK-NEXT:       affine.for %arg6 = 0 to #map(%arg4) {
  // CHECK-NEXT:         %0 = affine.load %arg3[%arg4, %arg5] : memref<1200x1000xf32>
  // CHECK-NEXT:         %1 = arith.mulf %arg0, %0 : f32
  // CHECK-NEXT:         %2 = affine.load %arg3[%arg6, %arg5] : memref<1200x1000xf32>
  // CHECK-NEXT:         %3 = arith.mulf %1, %2 : f32
  // CHECK-NEXT:         %4 = affine.load %arg2[%arg4, %arg6] : memref<1200x1200xf32>
  // CHECK-NEXT:         %5 = arith.addf %4, %3 : f32
  // CHECK-NEXT:         affine.store %5, %arg2[%arg4, %arg6] : memref<1200x1200xf32>
  // CHECK-NEXT:       }
  // CHECK-NEXT:     }
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @syrk(%arg0: f32, %arg1: f32, %arg2: memref<1200x1200xf32>, %arg3: memref<1200x1000xf32>) {
    affine.for %arg4 = 0 to 1200 {
      affine.for %arg5 = 0 to #map(%arg4) {
        %0 = affine.load %arg2[%arg4, %arg5] : memref<1200x1200xf32>
        %1 = arith.mulf %0, %arg1 : f32
        affine.store %1, %arg2[%arg4, %arg5] : memref<1200x1200xf32>
      }
      affine.for %arg5 = 0 to 1000 {
        affine.for %arg6 = 0 to #map(%arg4) {
          %0 = affine.load %arg3[%arg4, %arg5] : memref<1200x1000xf32>
          %1 = arith.mulf %arg0, %0 : f32
          %2 = affine.load %arg3[%arg6, %arg5] : memref<1200x1000xf32>
          %3 = arith.mulf %1, %2 : f32
          %4 = affine.load %arg2[%arg4, %arg6] : memref<1200x1200xf32>
          %5 = arith.addf %4, %3 : f32
          affine.store %5, %arg2[%arg4, %arg6] : memref<1200x1200xf32>
        }
      }
    }
    return
  }
  // PolyBench-style matrix-vector product (mvt-like) with an iter_args
  // reduction over the inner dimension.
  // CHECK-LABEL: func.func @matvec(%arg0: memref<256x256xf32>, %arg1: memref<256xf32>, %arg2: memref<256xf32>) {
  // CHECK-NEXT:   %cst = arith.constant 0.000000e+00 : f32
  // CHECK-NEXT:   affine.for %arg3 = 0 to 256 {
  // CHECK-NEXT:     %0 = affine.for %arg4 = 0 to 256 iter_args(%arg5 = %cst) -> (f32) {
  // CHECK-NEXT:       %1 = affine.load %arg0[%arg3, %arg4] : memref<256x256xf32>
  // CHECK-NEXT:       %2 = affine.load %arg1[%arg4] : memref<256xf32>
  // CHECK-NEXT:       %3 = arith.mulf %1, %2 : f32
  // CHECK-NEXT:       %4 = arith.addf %arg5, %3 : f32
  // CHECK-NEXT:       affine.yield %4 : f32
  // CHECK-NEXT:     }
  // CHECK-NEXT:     affine.store %0, %arg2[%arg3] : memref<256xf32>
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @matvec(%arg0: memref<256x256xf32>, %arg1: memref<256xf32>, %arg2: memref<256xf32>) {
    %cst = arith.constant 0.000000e+00 : f32
    affine.for %arg3 = 0 to 256 {
      %0 = affine.for %arg4 = 0 to 256 iter_args(%arg5 = %cst) -> (f32) {
        %1 = affine.load %arg0[%arg3, %arg4] : memref<256x256xf32>
        %2 = affine.load %arg1[%arg4] : memref<256xf32>
        %3 = arith.mulf %1, %2 : f32
        %4 = arith.addf %arg5, %3 : f32
        affine.yield %4 : f32
      }
      affine.store %0, %arg2[%arg3] : memref<256xf32>
    }
    return
  }
  // 2-D convolution (valid padding, 3x3 kernel): out[i][j] += in[i+p][j+q]*w[p][q].
  // CHECK-LABEL: func.func @conv2d(%arg0: memref<34x34xf32>, %arg1: memref<3x3xf32>, %arg2: memref<32x32xf32>) {
  // CHECK-NEXT:   affine.for %arg3 = 0 to 32 {
  // CHECK-NEXT:     affine.for %arg4 = 0 to 32 {
  // CHECK-NEXT:       affine.for %arg5 = 0 to 3 {
  // CHECK-NEXT:         affine.for %arg6 = 0 to 3 {
  // CHECK-NEXT:           %0 = affine.load %arg0[%arg3 + %arg5, %arg4 + %arg6] : memref<34x34xf32>
  // CHECK-NEXT:           %1 = affine.load %arg1[%arg5, %arg6] : memref<3x3xf32>
  // CHECK-NEXT:           %2 = arith.mulf %0, %1 : f32
  // CHECK-NEXT:           %3 = affine.load %arg2[%arg3, %arg4] : memref<32x32xf32>
  // CHECK-NEXT:           %4 = arith.addf %3, %2 : f32
  // CHECK-NEXT:           affine.store %4, %arg2[%arg3, %arg4] : memref<32x32xf32>
  // CHECK-NEXT:         }
  // CHECK-NEXT:       }
  // CHECK-NEXT:     }
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @conv2d(%arg0: memref<34x34xf32>, %arg1: memref<3x3xf32>, %arg2: memref<32x32xf32>) {
    affine.for %arg3 = 0 to 32 {
      affine.for %arg4 = 0 to 32 {
        affine.for %arg5 = 0 to 3 {
          affine.for %arg6 = 0 to 3 {
            %0 = affine.load %arg0[%arg3 + %arg5, %arg4 + %arg6] : memref<34x34xf32>
            %1 = affine.load %arg1[%arg5, %arg6] : memref<3x3xf32>
            %2 = arith.mulf %0, %1 : f32
            %3 = affine.load %arg2[%arg3, %arg4] : memref<32x32xf32>
            %4 = arith.addf %3, %2 : f32
            affine.store %4, %arg2[%arg3, %arg4] : memref<32x32xf32>
          }
        }
      }
    }
    return
  }
  // Tiled transpose with affine.parallel tiles and min-bounded point loops.
  // CHECK-LABEL: func.func @transpose_tiled(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>, %arg2: index) {
  // CHECK-NEXT:   affine.parallel (%arg3, %arg4) = (0, 0) to (symbol(%arg2), symbol(%arg2)) step (32, 32) {
  // CHECK-NEXT:     affine.for %arg5 = #map1(%arg3) to min #map2(%arg3)[%arg2] {
  // CHECK-NEXT:       affine.for %arg6 = #map1(%arg4) to min #map2(%arg4)[%arg2] {
  // CHECK-NEXT:         %0 = affine.load %arg0[%arg5, %arg6] : memref<?x?xf32>
  // CHECK-NEXT:         affine.store %0, %arg1[%arg6, %arg5] : memref<?x?xf32>
  // CHECK-NEXT:       }
  // CHECK-NEXT:     }
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @transpose_tiled(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>, %arg2: index) {
    affine.parallel (%arg3, %arg4) = (0, 0) to (symbol(%arg2), symbol(%arg2)) step (32, 32) {
      affine.for %arg5 = #map1(%arg3) to min #map2(%arg3)[%arg2] {
        affine.for %arg6 = #map1(%arg4) to min #map2(%arg4)[%arg2] {
          %0 = affine.load %arg0[%arg5, %arg6] : memref<?x?xf32>
          affine.store %0, %arg1[%arg6, %arg5] : memref<?x?xf32>
        }
      }
    }
    return
  }
// CHECK-NEXT: }
}

// -----
// CHECK: #map = affine_map<(d0) -> (d0 + 7)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 + 3)>
// CHECK-NEXT: #set = affine_set<(d0) : (d0 >= 0)>
// CHECK-NEXT: module {
#map = affine_map<(d0) -> (d0 + 7)>
#map1 = affine_map<(d0) -> (d0 + 3)>
#set = affine_set<(d0) : (d0 >= 0)>
module {
  // Alias ordering: aliases are sorted by alias NAME (`#map*` before `#set*`),
  // first-use order within one name; a repeated map reuses its alias.
  // CHECK-LABEL: func.func @alias_order(%arg0: index) -> index {
  // CHECK-NEXT:   affine.if #set(%arg0) {
  // CHECK-NEXT:   }
  // CHECK-NEXT:   %0 = affine.apply #map(%arg0)
  // CHECK-NEXT:   %1 = affine.apply #map1(%0)
  // CHECK-NEXT:   %2 = affine.apply #map(%1)
  // CHECK-NEXT:   return %2 : index
  // CHECK-NEXT: }
  func.func @alias_order(%arg0: index) -> index {
    affine.if #set(%arg0) {
    }
    %0 = affine.apply #map(%arg0)
    %1 = affine.apply #map1(%0)
    %2 = affine.apply #map(%1)
    return %2 : index
  }
// CHECK-NEXT: }
}

// -----
// CHECK: #map = affine_map<(d0)[s0] -> (d0, s0 - 8)>
// CHECK-NEXT: #map1 = affine_map<(d0)[s0] -> (d0 + 8, s0)>
// CHECK-NEXT: #set = affine_set<()[s0] : (s0 - 16 >= 0)>
// CHECK-NEXT: module {
#map = affine_map<(d0)[s0] -> (d0, s0 - 8)>
#map1 = affine_map<(d0)[s0] -> (d0 + 8, s0)>
#set = affine_set<()[s0] : (s0 - 16 >= 0)>
module {
  // affine.parallel bounds with max/min groups, symbol operands and steps;
  // repeated SSA values are deduplicated into one map operand.
  // CHECK-LABEL: func.func @parallel_groups(%arg0: memref<?x?xf32>, %arg1: index, %arg2: index, %arg3: f32) {
  // CHECK-NEXT:   affine.parallel (%arg4, %arg5) = (max(0, %arg2), %arg2) to (min(%arg1, %arg2 + 4, %arg1), symbol(%arg2) floordiv 2) step (2, 3) {
  // CHECK-NEXT:     affine.store %arg3, %arg0[%arg4, %arg5] : memref<?x?xf32>
  // CHECK-NEXT:   }
  // CHECK-NEXT:   affine.parallel () = () to () {
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @parallel_groups(%arg0: memref<?x?xf32>, %arg1: index, %arg2: index, %arg3: f32) {
    affine.parallel (%arg4, %arg5) = (max(0, %arg2), %arg2) to (min(%arg1, %arg2 + 4, %arg1), symbol(%arg2) floordiv 2) step (2, 3) {
      affine.store %arg3, %arg0[%arg4, %arg5] : memref<?x?xf32>
    }
    affine.parallel () = () to () {
    }
    return
  }
  // Bounds from memref.dim and pure index arithmetic on symbols are valid
  // symbols; constant and negative bounds, large steps, and discardable
  // attributes on affine ops.
  // CHECK-LABEL: func.func @symbols_and_attrs(%arg0: memref<?x?xf32>, %arg1: f32) {
  // CHECK-NEXT:   %c0 = arith.constant 0 : index
  // CHECK-NEXT:   %c1 = arith.constant 1 : index
  // CHECK-NEXT:   %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
  // CHECK-NEXT:   %dim_0 = memref.dim %arg0, %c1 : memref<?x?xf32>
  // CHECK-NEXT:   %0 = arith.addi %dim, %dim_0 : index
  // CHECK-NEXT:   affine.for %arg2 = -4 to %0 step 1024 {
  // CHECK-NEXT:     affine.for %arg3 = max #map(%arg2)[%dim_0] to min #map1(%arg2)[%dim_0] {
  // CHECK-NEXT:       %1 = affine.load %arg0[%arg2, %arg3] {tag = "ld"} : memref<?x?xf32>
  // CHECK-NEXT:       affine.store %1, %arg0[%arg3, -%arg2 + symbol(%dim) - 1] {tag = "st"} : memref<?x?xf32>
  // CHECK-NEXT:     } {unroll = 2 : i64}
  // CHECK-NEXT:     affine.if #set()[%dim] {
  // CHECK-NEXT:       affine.store %arg1, %arg0[%arg2, 0] : memref<?x?xf32>
  // CHECK-NEXT:     } {hint}
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @symbols_and_attrs(%arg0: memref<?x?xf32>, %arg1: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
    %dim_0 = memref.dim %arg0, %c1 : memref<?x?xf32>
    %0 = arith.addi %dim, %dim_0 : index
    affine.for %arg2 = -4 to %0 step 1024 {
      affine.for %arg3 = max #map(%arg2)[%dim_0] to min #map1(%arg2)[%dim_0] {
        %1 = affine.load %arg0[%arg2, %arg3] {tag = "ld"} : memref<?x?xf32>
        affine.store %1, %arg0[%arg3, -%arg2 + symbol(%dim) - 1] {tag = "st"} : memref<?x?xf32>
      } {unroll = 2 : i64}
      affine.if #set()[%dim] {
        affine.store %arg1, %arg0[%arg2, 0] : memref<?x?xf32>
      } {hint}
    }
    return
  }
// CHECK-NEXT: }
}

