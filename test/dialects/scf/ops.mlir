// RUN: sharc-opt %s -split-input-file | FileCheck %s
// RUN: sharc-opt %s -split-input-file | sharc-opt -split-input-file | FileCheck %s
// RUN: %if mlir-opt %{ sharc-opt %s -split-input-file | mlir-opt -split-input-file | FileCheck %s %}
// RUN: sharc-opt %s -split-input-file --mlir-print-op-generic | sharc-opt -split-input-file | FileCheck %s
// RUN: sed -e '/^\/\/ -----$/b' -e '/^[[:space:]]*\/\//d' %s > %t
// RUN: sharc-opt %s -split-input-file | diff -u %t -
// CHECK: module {
module {
  // scf.for without results: the implicit empty scf.yield is elided.
  // CHECK-LABEL: func.func @for_simple(%arg0: memref<?xf32>, %arg1: index, %arg2: f32) {
  // CHECK-NEXT:   %c0 = arith.constant 0 : index
  // CHECK-NEXT:   %c1 = arith.constant 1 : index
  // CHECK-NEXT:   scf.for %arg3 = %c0 to %arg1 step %c1 {
  // CHECK-NEXT:     memref.store %arg2, %arg0[%arg3] : memref<?xf32>
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @for_simple(%arg0: memref<?xf32>, %arg1: index, %arg2: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %arg1 step %c1 {
      memref.store %arg2, %arg0[%arg3] : memref<?xf32>
    }
    return
  }
  // scf.for with iter_args: region args print as `%argN = %init`, results and
  // the result type list follow `->`.
  // CHECK-LABEL: func.func @for_iter_args(%arg0: memref<?xf32>, %arg1: index) -> (f32, index) {
  // CHECK-NEXT:   %c0 = arith.constant 0 : index
  // CHECK-NEXT:   %c1 = arith.constant 1 : index
  // CHECK-NEXT:   %cst = arith.constant 0.000000e+00 : f32
  // CHECK-NEXT:   %0:2 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %cst, %arg4 = %c0) -> (f32, index) {
  // CHECK-NEXT:     %1 = memref.load %arg0[%arg2] : memref<?xf32>
  // CHECK-NEXT:     %2 = arith.addf %arg3, %1 : f32
  // CHECK-NEXT:     %3 = arith.addi %arg4, %c1 : index
  // CHECK-NEXT:     scf.yield %2, %3 : f32, index
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return %0#0, %0#1 : f32, index
  // CHECK-NEXT: }
  func.func @for_iter_args(%arg0: memref<?xf32>, %arg1: index) -> (f32, index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cst = arith.constant 0.000000e+00 : f32
    %0:2 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %cst, %arg4 = %c0) -> (f32, index) {
      %1 = memref.load %arg0[%arg2] : memref<?xf32>
      %2 = arith.addf %arg3, %1 : f32
      %3 = arith.addi %arg4, %c1 : index
      scf.yield %2, %3 : f32, index
    }
    return %0#0, %0#1 : f32, index
  }
  // scf.for with a non-index (integer) induction variable prints `: i32`
  // (note upstream prints TWO spaces before `: i32` when iter_args are present).
  // CHECK-LABEL: func.func @for_i32(%arg0: i32, %arg1: i32, %arg2: i32) -> i32 {
  // CHECK-NEXT:   %c0_i32 = arith.constant 0 : i32
  // CHECK-NEXT:   %0 = scf.for %arg3 = %arg0 to %arg1 step %arg2 iter_args(%arg4 = %c0_i32) -> (i32)  : i32 {
  // CHECK-NEXT:     %1 = arith.addi %arg4, %arg3 : i32
  // CHECK-NEXT:     scf.yield %1 : i32
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return %0 : i32
  // CHECK-NEXT: }
  func.func @for_i32(%arg0: i32, %arg1: i32, %arg2: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %0 = scf.for %arg3 = %arg0 to %arg1 step %arg2 iter_args(%arg4 = %c0_i32) -> (i32)  : i32 {
      %1 = arith.addi %arg4, %arg3 : i32
      scf.yield %1 : i32
    }
    return %0 : i32
  }
  // Discardable attributes on scf.for print after the region.
  // CHECK-LABEL: func.func @for_attrs(%arg0: index) {
  // CHECK-NEXT:   %c0 = arith.constant 0 : index
  // CHECK-NEXT:   %c4 = arith.constant 4 : index
  // CHECK-NEXT:   scf.for %arg1 = %c0 to %arg0 step %c4 {
  // CHECK-NEXT:   } {foo.unroll = 2 : i64}
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @for_attrs(%arg0: index) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    scf.for %arg1 = %c0 to %arg0 step %c4 {
    } {foo.unroll = 2 : i64}
    return
  }
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // scf.if without else and without results.
  // CHECK-LABEL: func.func @if_then(%arg0: i1, %arg1: memref<4xf32>, %arg2: f32) {
  // CHECK-NEXT:   %c0 = arith.constant 0 : index
  // CHECK-NEXT:   scf.if %arg0 {
  // CHECK-NEXT:     memref.store %arg2, %arg1[%c0] : memref<4xf32>
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @if_then(%arg0: i1, %arg1: memref<4xf32>, %arg2: f32) {
    %c0 = arith.constant 0 : index
    scf.if %arg0 {
      memref.store %arg2, %arg1[%c0] : memref<4xf32>
    }
    return
  }
  // scf.if with an else region and no results.
  // CHECK-LABEL: func.func @if_then_else(%arg0: i1, %arg1: memref<4xf32>, %arg2: f32, %arg3: f32) {
  // CHECK-NEXT:   %c0 = arith.constant 0 : index
  // CHECK-NEXT:   scf.if %arg0 {
  // CHECK-NEXT:     memref.store %arg2, %arg1[%c0] : memref<4xf32>
  // CHECK-NEXT:   } else {
  // CHECK-NEXT:     memref.store %arg3, %arg1[%c0] : memref<4xf32>
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @if_then_else(%arg0: i1, %arg1: memref<4xf32>, %arg2: f32, %arg3: f32) {
    %c0 = arith.constant 0 : index
    scf.if %arg0 {
      memref.store %arg2, %arg1[%c0] : memref<4xf32>
    } else {
      memref.store %arg3, %arg1[%c0] : memref<4xf32>
    }
    return
  }
  // scf.if with results. Sibling regions restart SSA numbering from the same
  // point, so the then- and else-region values are both numbered %1.
  // CHECK-LABEL: func.func @if_results(%arg0: i1, %arg1: i32, %arg2: i32) -> (i32, i32) {
  // CHECK-NEXT:   %0:2 = scf.if %arg0 -> (i32, i32) {
  // CHECK-NEXT:     %1 = arith.addi %arg1, %arg2 : i32
  // CHECK-NEXT:     scf.yield %1, %arg1 : i32, i32
  // CHECK-NEXT:   } else {
  // CHECK-NEXT:     %1 = arith.subi %arg1, %arg2 : i32
  // CHECK-NEXT:     scf.yield %1, %arg2 : i32, i32
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return %0#0, %0#1 : i32, i32
  // CHECK-NEXT: }
  func.func @if_results(%arg0: i1, %arg1: i32, %arg2: i32) -> (i32, i32) {
    %0:2 = scf.if %arg0 -> (i32, i32) {
      %1 = arith.addi %arg1, %arg2 : i32
      scf.yield %1, %arg1 : i32, i32
    } else {
      %1 = arith.subi %arg1, %arg2 : i32
      scf.yield %1, %arg2 : i32, i32
    }
    return %0#0, %0#1 : i32, i32
  }
  // Constant names (%c0 / %cst) are scoped per region: the same name may be
  // reused in sibling regions without a conflict suffix. A single result type
  // written `-> index` is printed as `-> (index)`.
  // CHECK-LABEL: func.func @if_scoped_names(%arg0: i1) -> index {
  // CHECK-NEXT:   %0 = scf.if %arg0 -> (index) {
  // CHECK-NEXT:     %c7 = arith.constant 7 : index
  // CHECK-NEXT:     scf.yield %c7 : index
  // CHECK-NEXT:   } else {
  // CHECK-NEXT:     %c7 = arith.constant 7 : index
  // CHECK-NEXT:     scf.yield %c7 : index
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return %0 : index
  // CHECK-NEXT: }
  func.func @if_scoped_names(%arg0: i1) -> index {
    %0 = scf.if %arg0 -> (index) {
      %c7 = arith.constant 7 : index
      scf.yield %c7 : index
    } else {
      %c7 = arith.constant 7 : index
      scf.yield %c7 : index
    }
    return %0 : index
  }
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // scf.while with a "before" region ending in scf.condition and an "after"
  // region ending in scf.yield.
  // CHECK-LABEL: func.func @while_loop(%arg0: i32) -> i32 {
  // CHECK-NEXT:   %c0_i32 = arith.constant 0 : i32
  // CHECK-NEXT:   %c1_i32 = arith.constant 1 : i32
  // CHECK-NEXT:   %0 = scf.while (%arg1 = %c0_i32) : (i32) -> i32 {
  // CHECK-NEXT:     %1 = arith.cmpi slt, %arg1, %arg0 : i32
  // CHECK-NEXT:     scf.condition(%1) %arg1 : i32
  // CHECK-NEXT:   } do {
  // CHECK-NEXT:   ^bb0(%arg1: i32):
  // CHECK-NEXT:     %1 = arith.addi %arg1, %c1_i32 : i32
  // CHECK-NEXT:     scf.yield %1 : i32
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return %0 : i32
  // CHECK-NEXT: }
  func.func @while_loop(%arg0: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %0 = scf.while (%arg1 = %c0_i32) : (i32) -> i32 {
      %1 = arith.cmpi slt, %arg1, %arg0 : i32
      scf.condition(%1) %arg1 : i32
    } do {
    ^bb0(%arg1: i32):
      %1 = arith.addi %arg1, %c1_i32 : i32
      scf.yield %1 : i32
    }
    return %0 : i32
  }
  // scf.while with different before/after argument types and two results.
  // CHECK-LABEL: func.func @while_two(%arg0: i32, %arg1: f32) -> (i32, f32) {
  // CHECK-NEXT:   %0:2 = scf.while (%arg2 = %arg0, %arg3 = %arg1) : (i32, f32) -> (i32, f32) {
  // CHECK-NEXT:     %1 = arith.cmpi sgt, %arg2, %arg2 : i32
  // CHECK-NEXT:     scf.condition(%1) %arg2, %arg3 : i32, f32
  // CHECK-NEXT:   } do {
  // CHECK-NEXT:   ^bb0(%arg2: i32, %arg3: f32):
  // CHECK-NEXT:     scf.yield %arg2, %arg3 : i32, f32
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return %0#0, %0#1 : i32, f32
  // CHECK-NEXT: }
  func.func @while_two(%arg0: i32, %arg1: f32) -> (i32, f32) {
    %0:2 = scf.while (%arg2 = %arg0, %arg3 = %arg1) : (i32, f32) -> (i32, f32) {
      %1 = arith.cmpi sgt, %arg2, %arg2 : i32
      scf.condition(%1) %arg2, %arg3 : i32, f32
    } do {
    ^bb0(%arg2: i32, %arg3: f32):
      scf.yield %arg2, %arg3 : i32, f32
    }
    return %0#0, %0#1 : i32, f32
  }
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // scf.parallel without reductions: multi-dimensional bounds and steps. The
  // operand-less terminator prints as `scf.reduce ` (with a trailing space).
  // CHECK-LABEL: func.func @parallel_2d(%arg0: memref<?x?xf32>, %arg1: index, %arg2: index, %arg3: f32) {
  // CHECK-NEXT:   %c0 = arith.constant 0 : index
  // CHECK-NEXT:   %c1 = arith.constant 1 : index
  // CHECK-NEXT:   %c2 = arith.constant 2 : index
  // CHECK-NEXT:   scf.parallel (%arg4, %arg5) = (%c0, %c0) to (%arg1, %arg2) step (%c1, %c2) {
  // CHECK-NEXT:     memref.store %arg3, %arg0[%arg4, %arg5] : memref<?x?xf32>
  // CHECK-NEXT:     scf.reduce 
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @parallel_2d(%arg0: memref<?x?xf32>, %arg1: index, %arg2: index, %arg3: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    scf.parallel (%arg4, %arg5) = (%c0, %c0) to (%arg1, %arg2) step (%c1, %c2) {
      memref.store %arg3, %arg0[%arg4, %arg5] : memref<?x?xf32>
      scf.reduce 
    }
    return
  }
  // scf.parallel with init values and scf.reduce regions (one per result).
  // CHECK-LABEL: func.func @parallel_reduce(%arg0: memref<?xf32>, %arg1: index) -> (f32, f32) {
  // CHECK-NEXT:   %c0 = arith.constant 0 : index
  // CHECK-NEXT:   %c1 = arith.constant 1 : index
  // CHECK-NEXT:   %cst = arith.constant 0.000000e+00 : f32
  // CHECK-NEXT:   %cst_0 = arith.constant 1.000000e+00 : f32
  // CHECK-NEXT:   %0:2 = scf.parallel (%arg2) = (%c0) to (%arg1) step (%c1) init (%cst, %cst_0) -> (f32, f32) {
  // CHECK-NEXT:     %1 = memref.load %arg0[%arg2] : memref<?xf32>
  // CHECK-NEXT:     scf.reduce(%1, %1 : f32, f32) {
  // CHECK-NEXT:     ^bb0(%arg3: f32, %arg4: f32):
  // CHECK-NEXT:       %2 = arith.addf %arg3, %arg4 : f32
  // CHECK-NEXT:       scf.reduce.return %2 : f32
  // CHECK-NEXT:     }, {
  // CHECK-NEXT:     ^bb0(%arg3: f32, %arg4: f32):
  // CHECK-NEXT:       %2 = arith.mulf %arg3, %arg4 : f32
  // CHECK-NEXT:       scf.reduce.return %2 : f32
  // CHECK-NEXT:     }
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return %0#0, %0#1 : f32, f32
  // CHECK-NEXT: }
  func.func @parallel_reduce(%arg0: memref<?xf32>, %arg1: index) -> (f32, f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %0:2 = scf.parallel (%arg2) = (%c0) to (%arg1) step (%c1) init (%cst, %cst_0) -> (f32, f32) {
      %1 = memref.load %arg0[%arg2] : memref<?xf32>
      scf.reduce(%1, %1 : f32, f32) {
      ^bb0(%arg3: f32, %arg4: f32):
        %2 = arith.addf %arg3, %arg4 : f32
        scf.reduce.return %2 : f32
      }, {
      ^bb0(%arg3: f32, %arg4: f32):
        %2 = arith.mulf %arg3, %arg4 : f32
        scf.reduce.return %2 : f32
      }
    }
    return %0#0, %0#1 : f32, f32
  }
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // PolyBench gemm: C = alpha * A * B + beta * C with scf.for nests, the
  // k-loop carrying the accumulator through iter_args.
  // CHECK-LABEL: func.func @gemm(%arg0: f32, %arg1: f32, %arg2: memref<?x?xf32>, %arg3: memref<?x?xf32>, %arg4: memref<?x?xf32>) {
  // CHECK-NEXT:   %c0 = arith.constant 0 : index
  // CHECK-NEXT:   %c1 = arith.constant 1 : index
  // CHECK-NEXT:   %dim = memref.dim %arg2, %c0 : memref<?x?xf32>
  // CHECK-NEXT:   %dim_0 = memref.dim %arg2, %c1 : memref<?x?xf32>
  // CHECK-NEXT:   %dim_1 = memref.dim %arg3, %c1 : memref<?x?xf32>
  // CHECK-NEXT:   scf.for %arg5 = %c0 to %dim step %c1 {
  // CHECK-NEXT:     scf.for %arg6 = %c0 to %dim_0 step %c1 {
  // CHECK-NEXT:       %0 = memref.load %arg2[%arg5, %arg6] : memref<?x?xf32>
  // CHECK-NEXT:       %1 = arith.mulf %0, %arg1 : f32
  // CHECK-NEXT:       %2 = scf.for %arg7 = %c0 to %dim_1 step %c1 iter_args(%arg8 = %1) -> (f32) {
  // CHECK-NEXT:         %3 = memref.load %arg3[%arg5, %arg7] : memref<?x?xf32>
  // CHECK-NEXT:         %4 = memref.load %arg4[%arg7, %arg6] : memref<?x?xf32>
  // CHECK-NEXT:         %5 = arith.mulf %arg0, %3 : f32
  // CHECK-NEXT:         %6 = arith.mulf %5, %4 : f32
  // CHECK-NEXT:         %7 = arith.addf %arg8, %6 : f32
  // CHECK-NEXT:         scf.yield %7 : f32
  // CHECK-NEXT:       }
  // CHECK-NEXT:       memref.store %2, %arg2[%arg5, %arg6] : memref<?x?xf32>
  // CHECK-NEXT:     }
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @gemm(%arg0: f32, %arg1: f32, %arg2: memref<?x?xf32>, %arg3: memref<?x?xf32>, %arg4: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %dim = memref.dim %arg2, %c0 : memref<?x?xf32>
    %dim_0 = memref.dim %arg2, %c1 : memref<?x?xf32>
    %dim_1 = memref.dim %arg3, %c1 : memref<?x?xf32>
    scf.for %arg5 = %c0 to %dim step %c1 {
      scf.for %arg6 = %c0 to %dim_0 step %c1 {
        %0 = memref.load %arg2[%arg5, %arg6] : memref<?x?xf32>
        %1 = arith.mulf %0, %arg1 : f32
        %2 = scf.for %arg7 = %c0 to %dim_1 step %c1 iter_args(%arg8 = %1) -> (f32) {
          %3 = memref.load %arg3[%arg5, %arg7] : memref<?x?xf32>
          %4 = memref.load %arg4[%arg7, %arg6] : memref<?x?xf32>
          %5 = arith.mulf %arg0, %3 : f32
          %6 = arith.mulf %5, %4 : f32
          %7 = arith.addf %arg8, %6 : f32
          scf.yield %7 : f32
        }
        memref.store %2, %arg2[%arg5, %arg6] : memref<?x?xf32>
      }
    }
    return
  }
  // PolyBench-style transpose with scf.parallel (B = A^T); the missing
  // scf.reduce terminator is inserted by the parser.
  // CHECK-LABEL: func.func @transpose(%arg0: memref<64x32xf32>, %arg1: memref<32x64xf32>) {
  // CHECK-NEXT:   %c0 = arith.constant 0 : index
  // CHECK-NEXT:   %c1 = arith.constant 1 : index
  // CHECK-NEXT:   %c32 = arith.constant 32 : index
  // CHECK-NEXT:   %c64 = arith.constant 64 : index
  // CHECK-NEXT:   scf.parallel (%arg2, %arg3) = (%c0, %c0) to (%c64, %c32) step (%c1, %c1) {
  // CHECK-NEXT:     %0 = memref.load %arg0[%arg2, %arg3] : memref<64x32xf32>
  // CHECK-NEXT:     memref.store %0, %arg1[%arg3, %arg2] : memref<32x64xf32>
  // CHECK-NEXT:     scf.reduce 
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @transpose(%arg0: memref<64x32xf32>, %arg1: memref<32x64xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    scf.parallel (%arg2, %arg3) = (%c0, %c0) to (%c64, %c32) step (%c1, %c1) {
      %0 = memref.load %arg0[%arg2, %arg3] : memref<64x32xf32>
      memref.store %0, %arg1[%arg3, %arg2] : memref<32x64xf32>
      scf.reduce 
    }
    return
  }
  // PolyBench jacobi-2d time step: 5-point stencil on the interior, written
  // from A into B, with a boundary guard via scf.if.
  // CHECK-LABEL: func.func @jacobi_2d_step(%arg0: memref<?x?xf64>, %arg1: memref<?x?xf64>, %arg2: index) {
  // CHECK-NEXT:   %c0 = arith.constant 0 : index
  // CHECK-NEXT:   %c1 = arith.constant 1 : index
  // CHECK-NEXT:   %cst = arith.constant 2.000000e-01 : f64
  // CHECK-NEXT:   %0 = arith.subi %arg2, %c1 : index
  // CHECK-NEXT:   scf.for %arg3 = %c1 to %0 step %c1 {
  // CHECK-NEXT:     scf.for %arg4 = %c1 to %0 step %c1 {
  // CHECK-NEXT:       %1 = arith.subi %arg3, %c1 : index
  // CHECK-NEXT:       %2 = arith.addi %arg3, %c1 : index
  // CHECK-NEXT:       %3 = arith.subi %arg4, %c1 : index
  // CHECK-NEXT:       %4 = arith.addi %arg4, %c1 : index
  // CHECK-NEXT:       %5 = memref.load %arg0[%arg3, %arg4] : memref<?x?xf64>
  // CHECK-NEXT:       %6 = memref.load %arg0[%arg3, %3] : memref<?x?xf64>
  // CHECK-NEXT:       %7 = memref.load %arg0[%arg3, %4] : memref<?x?xf64>
  // CHECK-NEXT:       %8 = memref.load %arg0[%2, %arg4] : memref<?x?xf64>
  // CHECK-NEXT:       %9 = memref.load %arg0[%1, %arg4] : memref<?x?xf64>
  // CHECK-NEXT:       %10 = arith.addf %5, %6 : f64
  // CHECK-NEXT:       %11 = arith.addf %10, %7 : f64
  // CHECK-NEXT:       %12 = arith.addf %11, %8 : f64
  // CHECK-NEXT:       %13 = arith.addf %12, %9 : f64
  // CHECK-NEXT:       %14 = arith.mulf %cst, %13 : f64
  // CHECK-NEXT:       %15 = arith.cmpi ult, %arg4, %0 : index
  // CHECK-NEXT:       scf.if %15 {
  // CHECK-NEXT:         memref.store %14, %arg1[%arg3, %arg4] : memref<?x?xf64>
  // CHECK-NEXT:       }
  // CHECK-NEXT:     }
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @jacobi_2d_step(%arg0: memref<?x?xf64>, %arg1: memref<?x?xf64>, %arg2: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cst = arith.constant 2.000000e-01 : f64
    %0 = arith.subi %arg2, %c1 : index
    scf.for %arg3 = %c1 to %0 step %c1 {
      scf.for %arg4 = %c1 to %0 step %c1 {
        %1 = arith.subi %arg3, %c1 : index
        %2 = arith.addi %arg3, %c1 : index
        %3 = arith.subi %arg4, %c1 : index
        %4 = arith.addi %arg4, %c1 : index
        %5 = memref.load %arg0[%arg3, %arg4] : memref<?x?xf64>
        %6 = memref.load %arg0[%arg3, %3] : memref<?x?xf64>
        %7 = memref.load %arg0[%arg3, %4] : memref<?x?xf64>
        %8 = memref.load %arg0[%2, %arg4] : memref<?x?xf64>
        %9 = memref.load %arg0[%1, %arg4] : memref<?x?xf64>
        %10 = arith.addf %5, %6 : f64
        %11 = arith.addf %10, %7 : f64
        %12 = arith.addf %11, %8 : f64
        %13 = arith.addf %12, %9 : f64
        %14 = arith.mulf %cst, %13 : f64
        %15 = arith.cmpi ult, %arg4, %0 : index
        scf.if %15 {
          memref.store %14, %arg1[%arg3, %arg4] : memref<?x?xf64>
        }
      }
    }
    return
  }
  // Dot product via scf.while + scf.if (non-trivial control flow with results).
  // CHECK-LABEL: func.func @dot_while(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: index) -> f32 {
  // CHECK-NEXT:   %c0 = arith.constant 0 : index
  // CHECK-NEXT:   %c1 = arith.constant 1 : index
  // CHECK-NEXT:   %cst = arith.constant 0.000000e+00 : f32
  // CHECK-NEXT:   %0:2 = scf.while (%arg3 = %c0, %arg4 = %cst) : (index, f32) -> (index, f32) {
  // CHECK-NEXT:     %1 = arith.cmpi slt, %arg3, %arg2 : index
  // CHECK-NEXT:     scf.condition(%1) %arg3, %arg4 : index, f32
  // CHECK-NEXT:   } do {
  // CHECK-NEXT:   ^bb0(%arg3: index, %arg4: f32):
  // CHECK-NEXT:     %1 = memref.load %arg0[%arg3] : memref<?xf32>
  // CHECK-NEXT:     %2 = memref.load %arg1[%arg3] : memref<?xf32>
  // CHECK-NEXT:     %3 = arith.mulf %1, %2 : f32
  // CHECK-NEXT:     %4 = arith.cmpf one, %3, %cst : f32
  // CHECK-NEXT:     %5 = scf.if %4 -> (f32) {
  // CHECK-NEXT:       %7 = arith.addf %arg4, %3 : f32
  // CHECK-NEXT:       scf.yield %7 : f32
  // CHECK-NEXT:     } else {
  // CHECK-NEXT:       scf.yield %arg4 : f32
  // CHECK-NEXT:     }
  // CHECK-NEXT:     %6 = arith.addi %arg3, %c1 : index
  // CHECK-NEXT:     scf.yield %6, %5 : index, f32
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return %0#1 : f32
  // CHECK-NEXT: }
  func.func @dot_while(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: index) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cst = arith.constant 0.000000e+00 : f32
    %0:2 = scf.while (%arg3 = %c0, %arg4 = %cst) : (index, f32) -> (index, f32) {
      %1 = arith.cmpi slt, %arg3, %arg2 : index
      scf.condition(%1) %arg3, %arg4 : index, f32
    } do {
    ^bb0(%arg3: index, %arg4: f32):
      %1 = memref.load %arg0[%arg3] : memref<?xf32>
      %2 = memref.load %arg1[%arg3] : memref<?xf32>
      %3 = arith.mulf %1, %2 : f32
      %4 = arith.cmpf one, %3, %cst : f32
      %5 = scf.if %4 -> (f32) {
        %7 = arith.addf %arg4, %3 : f32
        scf.yield %7 : f32
      } else {
        scf.yield %arg4 : f32
      }
      %6 = arith.addi %arg3, %c1 : index
      scf.yield %6, %5 : index, f32
    }
    return %0#1 : f32
  }
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // Name suggestions are uniqued against enclosing regions, and a region is
  // named completely before its nested regions: the loop body's %alloc becomes
  // %alloc_1 although the outer %alloc is defined later in the text, and the
  // body's %c0 becomes %c0_0.
  // CHECK-LABEL: func.func @nested_name_conflicts(%arg0: index) {
  // CHECK-NEXT:   %c0 = arith.constant 0 : index
  // CHECK-NEXT:   %c1 = arith.constant 1 : index
  // CHECK-NEXT:   scf.for %arg1 = %c0 to %arg0 step %c1 {
  // CHECK-NEXT:     %c0_0 = arith.constant 0 : index
  // CHECK-NEXT:     %alloc_1 = memref.alloc() : memref<4xf32>
  // CHECK-NEXT:     memref.dealloc %alloc_1 : memref<4xf32>
  // CHECK-NEXT:   }
  // CHECK-NEXT:   %alloc = memref.alloc() : memref<4xf32>
  // CHECK-NEXT:   memref.dealloc %alloc : memref<4xf32>
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @nested_name_conflicts(%arg0: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %arg1 = %c0 to %arg0 step %c1 {
      %c0_0 = arith.constant 0 : index
      %alloc_1 = memref.alloc() : memref<4xf32>
      memref.dealloc %alloc_1 : memref<4xf32>
    }
    %alloc = memref.alloc() : memref<4xf32>
    memref.dealloc %alloc : memref<4xf32>
    return
  }
  // Integer induction variable without iter_args: still TWO spaces before `: i32`.
  // CHECK-LABEL: func.func @for_i32_no_iter_args(%arg0: i32, %arg1: i32, %arg2: i32) {
  // CHECK-NEXT:   scf.for %arg3 = %arg0 to %arg1 step %arg2  : i32 {
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @for_i32_no_iter_args(%arg0: i32, %arg1: i32, %arg2: i32) {
    scf.for %arg3 = %arg0 to %arg1 step %arg2  : i32 {
    }
    return
  }
  // Declaration called from @call_in_loop.
  // CHECK-LABEL: func.func private @callee(index)
  func.func private @callee(index)
  // The `func` default dialect only covers ops directly inside func.func: a
  // func.call nested in scf.for keeps its `func.` prefix.
  // CHECK-LABEL: func.func @call_in_loop(%arg0: index) {
  // CHECK-NEXT:   %c0 = arith.constant 0 : index
  // CHECK-NEXT:   %c1 = arith.constant 1 : index
  // CHECK-NEXT:   scf.for %arg1 = %c0 to %arg0 step %c1 {
  // CHECK-NEXT:     func.call @callee(%arg1) : (index) -> ()
  // CHECK-NEXT:   }
  // CHECK-NEXT:   call @callee(%arg0) : (index) -> ()
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @call_in_loop(%arg0: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %arg1 = %c0 to %arg0 step %c1 {
      func.call @callee(%arg1) : (index) -> ()
    }
    call @callee(%arg0) : (index) -> ()
    return
  }
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // The name-conflict counter is shared by all names (%cst_0, then
  // %c1_i32_1), and like value numbers it restarts at the same point in sibling
  // regions: both branches name their constant %c0_2.
  // CHECK-LABEL: func.func @conflict_counter(%arg0: i1, %arg1: memref<4xindex>) -> (f32, f32, i32, i32) {
  // CHECK-NEXT:   %c0 = arith.constant 0 : index
  // CHECK-NEXT:   %cst = arith.constant 1.000000e+00 : f32
  // CHECK-NEXT:   %cst_0 = arith.constant 2.000000e+00 : f32
  // CHECK-NEXT:   %c1_i32 = arith.constant 1 : i32
  // CHECK-NEXT:   %c1_i32_1 = arith.constant 1 : i32
  // CHECK-NEXT:   scf.if %arg0 {
  // CHECK-NEXT:     %c0_2 = arith.constant 0 : index
  // CHECK-NEXT:     memref.store %c0_2, %arg1[%c0] : memref<4xindex>
  // CHECK-NEXT:   } else {
  // CHECK-NEXT:     %c0_2 = arith.constant 0 : index
  // CHECK-NEXT:     memref.store %c0_2, %arg1[%c0] : memref<4xindex>
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return %cst, %cst_0, %c1_i32, %c1_i32_1 : f32, f32, i32, i32
  // CHECK-NEXT: }
  func.func @conflict_counter(%arg0: i1, %arg1: memref<4xindex>) -> (f32, f32, i32, i32) {
    %c0 = arith.constant 0 : index
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant 2.000000e+00 : f32
    %c1_i32 = arith.constant 1 : i32
    %c1_i32_1 = arith.constant 1 : i32
    scf.if %arg0 {
      %c0_2 = arith.constant 0 : index
      memref.store %c0_2, %arg1[%c0] : memref<4xindex>
    } else {
      %c0_2 = arith.constant 0 : index
      memref.store %c0_2, %arg1[%c0] : memref<4xindex>
    }
    return %cst, %cst_0, %c1_i32, %c1_i32_1 : f32, f32, i32, i32
  }
// CHECK-NEXT: }
}

// -----
// Less common forms: scf.execute_region (with and without `no_inline`),
// scf.while without loop-carried values, and discardable attributes on
// scf.reduce, scf.reduce.return, scf.condition, scf.yield and scf.while.
// CHECK: module {
module {
  // scf.execute_region with a result and `no_inline` (a property), and one
  // without results (its scf.yield is printed).
  // CHECK-LABEL: func.func @execute_region(%arg0: index, %arg1: i1) -> index {
  // CHECK-NEXT:   %0 = scf.execute_region -> index no_inline {
  // CHECK-NEXT:     scf.yield %arg0 : index
  // CHECK-NEXT:   } {foo.tag}
  // CHECK-NEXT:   scf.execute_region {
  // CHECK-NEXT:     scf.yield
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return %0 : index
  // CHECK-NEXT: }
  func.func @execute_region(%arg0: index, %arg1: i1) -> index {
    %0 = scf.execute_region -> index no_inline {
      scf.yield %arg0 : index
    } {foo.tag}
    scf.execute_region {
      scf.yield
    }
    return %0 : index
  }
  // scf.while without operands or results; attributes after the "after"
  // region use the `attributes` keyword.
  // CHECK-LABEL: func.func @while_no_values(%arg0: i1) {
  // CHECK-NEXT:   scf.while : () -> () {
  // CHECK-NEXT:     scf.condition(%arg0) {foo.c}
  // CHECK-NEXT:   } do {
  // CHECK-NEXT:     scf.yield {foo.y}
  // CHECK-NEXT:   } attributes {foo.w}
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @while_no_values(%arg0: i1) {
    scf.while : () -> () {
      scf.condition(%arg0) {foo.c}
    } do {
      scf.yield {foo.y}
    } attributes {foo.w}
    return
  }
  // Attributes on scf.reduce (after its regions), scf.reduce.return (before
  // the colon) and scf.parallel (after its region).
  // CHECK-LABEL: func.func @reduce_attrs(%arg0: index, %arg1: f32) -> f32 {
  // CHECK-NEXT:   %0 = scf.parallel (%arg2) = (%arg0) to (%arg0) step (%arg0) init (%arg1) -> f32 {
  // CHECK-NEXT:     scf.reduce(%arg1 : f32) {
  // CHECK-NEXT:     ^bb0(%arg3: f32, %arg4: f32):
  // CHECK-NEXT:       %1 = arith.maximumf %arg3, %arg4 : f32
  // CHECK-NEXT:       scf.reduce.return %1 {foo.r} : f32
  // CHECK-NEXT:     } {foo.red}
  // CHECK-NEXT:   } {foo.par}
  // CHECK-NEXT:   return %0 : f32
  // CHECK-NEXT: }
  func.func @reduce_attrs(%arg0: index, %arg1: f32) -> f32 {
    %0 = scf.parallel (%arg2) = (%arg0) to (%arg0) step (%arg0) init (%arg1) -> f32 {
      scf.reduce(%arg1 : f32) {
      ^bb0(%arg3: f32, %arg4: f32):
        %1 = arith.maximumf %arg3, %arg4 : f32
        scf.reduce.return %1 {foo.r} : f32
      } {foo.red}
    } {foo.par}
    return %0 : f32
  }
// CHECK-NEXT: }
}

