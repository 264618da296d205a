// RUN: sharc-opt %s --lower-affine -split-input-file | FileCheck %s
// RUN: %if mlir-opt %{ sharc-opt %s --lower-affine -split-input-file | mlir-opt -split-input-file > /dev/null %}
// RUN: sharc-opt %s --lower-affine -split-input-file > %t
// RUN: %if mlir-opt %{ mlir-opt %s --lower-affine -split-input-file | diff -u - %t %}
// RUN: sharc-opt %s --lower-affine --cse -split-input-file > %t.clean
// RUN: %if mlir-opt %{ mlir-opt %s --lower-affine --cse -split-input-file | diff -u - %t.clean %}

// Lines 4-5 require the output to be byte-identical to upstream's (the CHECK lines below are
// upstream's output); lines 6-7 do the same after `cse`.

// gemm (PolyBench): constant bounds, identity subscripts, a loop nest of depth three.
// CHECK-LABEL: func.func @gemm(%arg0: f32, %arg1: f32, %arg2: memref<64x64xf32>, %arg3: memref<64x64xf32>, %arg4: memref<64x64xf32>) {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c64 = arith.constant 64 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    scf.for %arg5 = %c0 to %c64 step %c1 {
// CHECK-NEXT:      %c0_0 = arith.constant 0 : index
// CHECK-NEXT:      %c64_1 = arith.constant 64 : index
// CHECK-NEXT:      %c1_2 = arith.constant 1 : index
// CHECK-NEXT:      scf.for %arg6 = %c0_0 to %c64_1 step %c1_2 {
// CHECK-NEXT:        %0 = memref.load %arg4[%arg5, %arg6] : memref<64x64xf32>
// CHECK-NEXT:        %1 = arith.mulf %0, %arg1 : f32
// CHECK-NEXT:        memref.store %1, %arg4[%arg5, %arg6] : memref<64x64xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %c0_3 = arith.constant 0 : index
// CHECK-NEXT:      %c64_4 = arith.constant 64 : index
// CHECK-NEXT:      %c1_5 = arith.constant 1 : index
// CHECK-NEXT:      scf.for %arg6 = %c0_3 to %c64_4 step %c1_5 {
// CHECK-NEXT:        %c0_6 = arith.constant 0 : index
// CHECK-NEXT:        %c64_7 = arith.constant 64 : index
// CHECK-NEXT:        %c1_8 = arith.constant 1 : index
// CHECK-NEXT:        scf.for %arg7 = %c0_6 to %c64_7 step %c1_8 {
// CHECK-NEXT:          %0 = memref.load %arg2[%arg5, %arg6] : memref<64x64xf32>
// CHECK-NEXT:          %1 = arith.mulf %arg0, %0 : f32
// CHECK-NEXT:          %2 = memref.load %arg3[%arg6, %arg7] : memref<64x64xf32>
// CHECK-NEXT:          %3 = arith.mulf %1, %2 : f32
// CHECK-NEXT:          %4 = memref.load %arg4[%arg5, %arg7] : memref<64x64xf32>
// CHECK-NEXT:          %5 = arith.addf %4, %3 : f32
// CHECK-NEXT:          memref.store %5, %arg4[%arg5, %arg7] : memref<64x64xf32>
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @gemm(%alpha: f32, %beta: f32, %A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %0 = affine.load %C[%i, %j] : memref<64x64xf32>
      %1 = arith.mulf %0, %beta : f32
      affine.store %1, %C[%i, %j] : memref<64x64xf32>
    }
    affine.for %k = 0 to 64 {
      affine.for %j = 0 to 64 {
        %0 = affine.load %A[%i, %k] : memref<64x64xf32>
        %1 = arith.mulf %alpha, %0 : f32
        %2 = affine.load %B[%k, %j] : memref<64x64xf32>
        %3 = arith.mulf %1, %2 : f32
        %4 = affine.load %C[%i, %j] : memref<64x64xf32>
        %5 = arith.addf %4, %3 : f32
        affine.store %5, %C[%i, %j] : memref<64x64xf32>
      }
    }
  }
  return
}

// -----

// jacobi-2d (PolyBench): shifted bounds and subscripts (`d0 + 1`, `d0 - 1`) expand to
// `addi` with constants; symbolic bounds use the symbol directly.
// CHECK-LABEL: func.func @jacobi_2d(%arg0: index, %arg1: index, %arg2: memref<?x?xf32>, %arg3: memref<?x?xf32>) {
// CHECK-NEXT:    %cst = arith.constant 2.000000e-01 : f32
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    scf.for %arg4 = %c0 to %arg0 step %c1 {
// CHECK-NEXT:      %c1_0 = arith.constant 1 : index
// CHECK-NEXT:      %c-1 = arith.constant -1 : index
// CHECK-NEXT:      %0 = arith.addi %arg1, %c-1 : index
// CHECK-NEXT:      %c1_1 = arith.constant 1 : index
// CHECK-NEXT:      scf.for %arg5 = %c1_0 to %0 step %c1_1 {
// CHECK-NEXT:        %c1_2 = arith.constant 1 : index
// CHECK-NEXT:        %c-1_3 = arith.constant -1 : index
// CHECK-NEXT:        %1 = arith.addi %arg1, %c-1_3 : index
// CHECK-NEXT:        %c1_4 = arith.constant 1 : index
// CHECK-NEXT:        scf.for %arg6 = %c1_2 to %1 step %c1_4 {
// CHECK-NEXT:          %2 = memref.load %arg2[%arg5, %arg6] : memref<?x?xf32>
// CHECK-NEXT:          %c-1_5 = arith.constant -1 : index
// CHECK-NEXT:          %3 = arith.addi %arg6, %c-1_5 : index
// CHECK-NEXT:          %4 = memref.load %arg2[%arg5, %3] : memref<?x?xf32>
// CHECK-NEXT:          %5 = arith.addf %2, %4 : f32
// CHECK-NEXT:          %c1_6 = arith.constant 1 : index
// CHECK-NEXT:          %6 = arith.addi %arg6, %c1_6 : index
// CHECK-NEXT:          %7 = memref.load %arg2[%arg5, %6] : memref<?x?xf32>
// CHECK-NEXT:          %8 = arith.addf %5, %7 : f32
// CHECK-NEXT:          %c1_7 = arith.constant 1 : index
// CHECK-NEXT:          %9 = arith.addi %arg5, %c1_7 : index
// CHECK-NEXT:          %10 = memref.load %arg2[%9, %arg6] : memref<?x?xf32>
// CHECK-NEXT:          %11 = arith.addf %8, %10 : f32
// CHECK-NEXT:          %c-1_8 = arith.constant -1 : index
// CHECK-NEXT:          %12 = arith.addi %arg5, %c-1_8 : index
// CHECK-NEXT:          %13 = memref.load %arg2[%12, %arg6] : memref<?x?xf32>
// CHECK-NEXT:          %14 = arith.addf %11, %13 : f32
// CHECK-NEXT:          %15 = arith.mulf %cst, %14 : f32
// CHECK-NEXT:          memref.store %15, %arg3[%arg5, %arg6] : memref<?x?xf32>
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @jacobi_2d(%tsteps: index, %n: index, %A: memref<?x?xf32>, %B: memref<?x?xf32>) {
  %cst = arith.constant 2.000000e-01 : f32
  affine.for %t = 0 to %tsteps {
    affine.for %i = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
      affine.for %j = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
        %0 = affine.load %A[%i, %j] : memref<?x?xf32>
        %1 = affine.load %A[%i, %j - 1] : memref<?x?xf32>
        %2 = arith.addf %0, %1 : f32
        %3 = affine.load %A[%i, %j + 1] : memref<?x?xf32>
        %4 = arith.addf %2, %3 : f32
        %5 = affine.load %A[%i + 1, %j] : memref<?x?xf32>
        %6 = arith.addf %4, %5 : f32
        %7 = affine.load %A[%i - 1, %j] : memref<?x?xf32>
        %8 = arith.addf %6, %7 : f32
        %9 = arith.mulf %cst, %8 : f32
        affine.store %9, %B[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// -----

// transpose, tiled by 32: the point loops' bounds are `max`/`min` maps that become
// `arith.maxsi`/`arith.minsi` chains, and `d0 * 32` becomes `muli ... overflow<nsw>`.
// CHECK-LABEL: func.func @transpose_tiled(%arg0: memref<1000x1000xf32>, %arg1: memref<1000x1000xf32>) {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1000 = arith.constant 1000 : index
// CHECK-NEXT:    %c32 = arith.constant 32 : index
// CHECK-NEXT:    scf.for %arg2 = %c0 to %c1000 step %c32 {
// CHECK-NEXT:      %c0_0 = arith.constant 0 : index
// CHECK-NEXT:      %c1000_1 = arith.constant 1000 : index
// CHECK-NEXT:      %c32_2 = arith.constant 32 : index
// CHECK-NEXT:      scf.for %arg3 = %c0_0 to %c1000_1 step %c32_2 {
// CHECK-NEXT:        %c32_3 = arith.constant 32 : index
// CHECK-NEXT:        %0 = arith.addi %arg2, %c32_3 : index
// CHECK-NEXT:        %c1000_4 = arith.constant 1000 : index
// CHECK-NEXT:        %1 = arith.minsi %0, %c1000_4 : index
// CHECK-NEXT:        %c1 = arith.constant 1 : index
// CHECK-NEXT:        scf.for %arg4 = %arg2 to %1 step %c1 {
// CHECK-NEXT:          %c-8 = arith.constant -8 : index
// CHECK-NEXT:          %2 = arith.addi %arg4, %c-8 : index
// CHECK-NEXT:          %3 = arith.maxsi %arg3, %2 : index
// CHECK-NEXT:          %c32_5 = arith.constant 32 : index
// CHECK-NEXT:          %4 = arith.addi %arg3, %c32_5 : index
// CHECK-NEXT:          %c1000_6 = arith.constant 1000 : index
// CHECK-NEXT:          %5 = arith.minsi %4, %c1000_6 : index
// CHECK-NEXT:          %c1_7 = arith.constant 1 : index
// CHECK-NEXT:          scf.for %arg5 = %3 to %5 step %c1_7 {
// CHECK-NEXT:            %6 = memref.load %arg0[%arg5, %arg4] : memref<1000x1000xf32>
// CHECK-NEXT:            memref.store %6, %arg1[%arg4, %arg5] : memref<1000x1000xf32>
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @transpose_tiled(%A: memref<1000x1000xf32>, %B: memref<1000x1000xf32>) {
  affine.for %ti = 0 to 1000 step 32 {
    affine.for %tj = 0 to 1000 step 32 {
      affine.for %i = affine_map<(d0) -> (d0)>(%ti) to min affine_map<(d0) -> (d0 + 32, 1000)>(%ti) {
        affine.for %j = max affine_map<(d0, d1) -> (d0, d1 - 8)>(%tj, %i) to min affine_map<(d0) -> (d0 + 32, 1000)>(%tj) {
          %0 = affine.load %A[%j, %i] : memref<1000x1000xf32>
          affine.store %0, %B[%i, %j] : memref<1000x1000xf32>
        }
      }
    }
  }
  return
}

// -----

// mod, floordiv and ceildiv expand to upstream's branch-free sequences; affine.min/max to
// chains; an affine.apply of a dim folds to it before any lowering.
// CHECK-LABEL: func.func @expressions(%arg0: index, %arg1: index) -> (index, index, index, index, index, index) {
// CHECK-NEXT:    %c8 = arith.constant 8 : index
// CHECK-NEXT:    %0 = arith.remsi %arg0, %c8 : index
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %1 = arith.cmpi slt, %0, %c0 : index
// CHECK-NEXT:    %2 = arith.addi %0, %c8 : index
// CHECK-NEXT:    %3 = arith.select %1, %2, %0 : index
// CHECK-NEXT:    %c3 = arith.constant 3 : index
// CHECK-NEXT:    %4 = arith.muli %arg1, %c3 overflow<nsw> : index
// CHECK-NEXT:    %5 = arith.addi %3, %4 : index
// CHECK-NEXT:    %c4 = arith.constant 4 : index
// CHECK-NEXT:    %c0_0 = arith.constant 0 : index
// CHECK-NEXT:    %c-1 = arith.constant -1 : index
// CHECK-NEXT:    %6 = arith.cmpi slt, %arg0, %c0_0 : index
// CHECK-NEXT:    %7 = arith.subi %c-1, %arg0 : index
// CHECK-NEXT:    %8 = arith.select %6, %7, %arg0 : index
// CHECK-NEXT:    %9 = arith.divsi %8, %c4 : index
// CHECK-NEXT:    %10 = arith.subi %c-1, %9 : index
// CHECK-NEXT:    %11 = arith.select %6, %10, %9 : index
// CHECK-NEXT:    %c0_1 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %12 = arith.cmpi sle, %arg0, %c0_1 : index
// CHECK-NEXT:    %13 = arith.subi %c0_1, %arg0 : index
// CHECK-NEXT:    %14 = arith.subi %arg0, %c1 : index
// CHECK-NEXT:    %15 = arith.select %12, %13, %14 : index
// CHECK-NEXT:    %16 = arith.divsi %15, %arg1 : index
// CHECK-NEXT:    %17 = arith.subi %c0_1, %16 : index
// CHECK-NEXT:    %18 = arith.addi %16, %c1 : index
// CHECK-NEXT:    %19 = arith.select %12, %17, %18 : index
// CHECK-NEXT:    %c100 = arith.constant 100 : index
// CHECK-NEXT:    %20 = arith.minsi %arg0, %arg1 : index
// CHECK-NEXT:    %21 = arith.minsi %20, %c100 : index
// CHECK-NEXT:    %c-1_2 = arith.constant -1 : index
// CHECK-NEXT:    %22 = arith.muli %arg1, %c-1_2 overflow<nsw> : index
// CHECK-NEXT:    %23 = arith.addi %arg0, %22 : index
// CHECK-NEXT:    %c0_3 = arith.constant 0 : index
// CHECK-NEXT:    %24 = arith.maxsi %23, %c0_3 : index
// CHECK-NEXT:    return %5, %11, %19, %21, %24, %arg0 : index, index, index, index, index, index
// CHECK-NEXT:  }
func.func @expressions(%i: index, %n: index) -> (index, index, index, index, index, index) {
  %0 = affine.apply affine_map<(d0)[s0] -> (d0 mod 8 + s0 * 3)>(%i)[%n]
  %1 = affine.apply affine_map<(d0) -> (d0 floordiv 4)>(%i)
  %2 = affine.apply affine_map<(d0)[s0] -> (d0 ceildiv s0)>(%i)[%n]
  %3 = affine.min affine_map<(d0)[s0] -> (d0, s0, 100)>(%i)[%n]
  %4 = affine.max affine_map<(d0)[s0] -> (d0 - s0, 0)>(%i)[%n]
  %5 = affine.apply affine_map<(d0) -> (d0)>(%i)
  return %0, %1, %2, %3, %4, %5 : index, index, index, index, index, index
}

// -----

// affine.apply of constants folds to an arith.constant before lowering; the next apply still
// sees the original op (replacements are deferred, as upstream's), so it is expanded.
// CHECK-LABEL: func.func @folding(%arg0: memref<100xf32>, %arg1: f32) {
// CHECK-NEXT:    %c5 = arith.constant 5 : index
// CHECK-NEXT:    %c6 = arith.constant 6 : index
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    %0 = arith.muli %c6, %c2 overflow<nsw> : index
// CHECK-NEXT:    memref.store %arg1, %arg0[%0] : memref<100xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @folding(%m: memref<100xf32>, %v: f32) {
  %c5 = arith.constant 5 : index
  %a = affine.apply affine_map<(d0) -> (d0 + 1)>(%c5)
  %b = affine.apply affine_map<(d0) -> (d0 * 2)>(%a)
  affine.store %v, %m[%b] : memref<100xf32>
  return
}

// -----

// iter_args carry over to scf.for; affine.yield becomes scf.yield.
// CHECK-LABEL: func.func @reduction_loop(%arg0: memref<128xf32>) -> f32 {
// CHECK-NEXT:    %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c128 = arith.constant 128 : index
// CHECK-NEXT:    %c4 = arith.constant 4 : index
// CHECK-NEXT:    %0 = scf.for %arg1 = %c0 to %c128 step %c4 iter_args(%arg2 = %cst) -> (f32) {
// CHECK-NEXT:      %1 = memref.load %arg0[%arg1] : memref<128xf32>
// CHECK-NEXT:      %2 = arith.addf %arg2, %1 : f32
// CHECK-NEXT:      scf.yield %2 : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0 : f32
// CHECK-NEXT:  }
func.func @reduction_loop(%m: memref<128xf32>) -> f32 {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = affine.for %i = 0 to 128 step 4 iter_args(%acc = %cst) -> (f32) {
    %1 = affine.load %m[%i] : memref<128xf32>
    %2 = arith.addf %acc, %1 : f32
    affine.yield %2 : f32
  }
  return %0 : f32
}

// -----

// affine.if becomes scf.if on an arith.andi chain of one cmpi per constraint (sge for
// inequalities, eq for equalities) against a shared zero.
// CHECK-LABEL: func.func @conditional(%arg0: index, %arg1: index, %arg2: index, %arg3: memref<?x?xf32>, %arg4: f32) -> f32 {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c-1 = arith.constant -1 : index
// CHECK-NEXT:    %0 = arith.addi %arg0, %c-1 : index
// CHECK-NEXT:    %1 = arith.cmpi sge, %0, %c0 : index
// CHECK-NEXT:    %c-1_0 = arith.constant -1 : index
// CHECK-NEXT:    %2 = arith.muli %arg0, %c-1_0 overflow<nsw> : index
// CHECK-NEXT:    %3 = arith.addi %2, %arg2 : index
// CHECK-NEXT:    %c-1_1 = arith.constant -1 : index
// CHECK-NEXT:    %4 = arith.addi %3, %c-1_1 : index
// CHECK-NEXT:    %5 = arith.cmpi sge, %4, %c0 : index
// CHECK-NEXT:    %6 = arith.andi %1, %5 : i1
// CHECK-NEXT:    %c-1_2 = arith.constant -1 : index
// CHECK-NEXT:    %7 = arith.muli %arg0, %c-1_2 overflow<nsw> : index
// CHECK-NEXT:    %8 = arith.addi %arg1, %7 : index
// CHECK-NEXT:    %9 = arith.cmpi eq, %8, %c0 : index
// CHECK-NEXT:    %10 = arith.andi %6, %9 : i1
// CHECK-NEXT:    scf.if %10 {
// CHECK-NEXT:      memref.store %arg4, %arg3[%arg0, %arg1] : memref<?x?xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %c0_3 = arith.constant 0 : index
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    %11 = arith.remsi %arg0, %c2 : index
// CHECK-NEXT:    %c0_4 = arith.constant 0 : index
// CHECK-NEXT:    %12 = arith.cmpi slt, %11, %c0_4 : index
// CHECK-NEXT:    %13 = arith.addi %11, %c2 : index
// CHECK-NEXT:    %14 = arith.select %12, %13, %11 : index
// CHECK-NEXT:    %15 = arith.cmpi eq, %14, %c0_3 : index
// CHECK-NEXT:    %16 = scf.if %15 -> (f32) {
// CHECK-NEXT:      %17 = memref.load %arg3[%arg0, %arg0] : memref<?x?xf32>
// CHECK-NEXT:      scf.yield %17 : f32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %arg4 : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %16 : f32
// CHECK-NEXT:  }
func.func @conditional(%i: index, %j: index, %n: index, %m: memref<?x?xf32>, %v: f32) -> f32 {
  affine.if affine_set<(d0, d1)[s0] : (d0 - 1 >= 0, s0 - d0 - 1 >= 0, d1 - d0 == 0)>(%i, %j)[%n] {
    affine.store %v, %m[%i, %j] : memref<?x?xf32>
  }
  %0 = affine.if affine_set<(d0) : (d0 mod 2 == 0)>(%i) -> f32 {
    %1 = affine.load %m[%i, %i] : memref<?x?xf32>
    affine.yield %1 : f32
  } else {
    affine.yield %v : f32
  }
  return %0 : f32
}

// -----

// affine.parallel becomes scf.parallel: bounds per dimension (lower, then upper), steps,
// then the reductions' identities as init values and an scf.reduce with one region each.
// CHECK-LABEL: func.func @parallel(%arg0: memref<100x100xf32>, %arg1: index) -> (f32, i32) {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c100 = arith.constant 100 : index
// CHECK-NEXT:    %c0_0 = arith.constant 0 : index
// CHECK-NEXT:    %c100_1 = arith.constant 100 : index
// CHECK-NEXT:    %0 = arith.minsi %arg1, %c100_1 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c4 = arith.constant 4 : index
// CHECK-NEXT:    scf.parallel (%arg2, %arg3) = (%c0, %c0_0) to (%c100, %0) step (%c1, %c4) {
// CHECK-NEXT:      %4 = memref.load %arg0[%arg2, %arg3] : memref<100x100xf32>
// CHECK-NEXT:      memref.store %4, %arg0[%arg3, %arg2] : memref<100x100xf32>
// CHECK-NEXT:      scf.reduce
// CHECK-NEXT:    }
// CHECK-NEXT:    %c0_2 = arith.constant 0 : index
// CHECK-NEXT:    %c-10 = arith.constant -10 : index
// CHECK-NEXT:    %1 = arith.addi %arg1, %c-10 : index
// CHECK-NEXT:    %2 = arith.maxsi %c0_2, %1 : index
// CHECK-NEXT:    %c100_3 = arith.constant 100 : index
// CHECK-NEXT:    %c1_4 = arith.constant 1 : index
// CHECK-NEXT:    %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    %3:2 = scf.parallel (%arg2) = (%2) to (%c100_3) step (%c1_4) init (%cst, %c1_i32) -> (f32, i32) {
// CHECK-NEXT:      %4 = memref.load %arg0[%arg2, %arg2] : memref<100x100xf32>
// CHECK-NEXT:      %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:      scf.reduce(%4, %c2_i32 : f32, i32) {
// CHECK-NEXT:      ^bb0(%arg3: f32, %arg4: f32):
// CHECK-NEXT:        %5 = arith.mulf %arg3, %arg4 : f32
// CHECK-NEXT:        scf.reduce.return %5 : f32
// CHECK-NEXT:      }, {
// CHECK-NEXT:      ^bb0(%arg3: i32, %arg4: i32):
// CHECK-NEXT:        %5 = arith.muli %arg3, %arg4 : i32
// CHECK-NEXT:        scf.reduce.return %5 : i32
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return %3#0, %3#1 : f32, i32
// CHECK-NEXT:  }
func.func @parallel(%m: memref<100x100xf32>, %n: index) -> (f32, i32) {
  affine.parallel (%i, %j) = (0, 0) to (100, min(%n, 100)) step (1, 4) {
    %0 = affine.load %m[%i, %j] : memref<100x100xf32>
    affine.store %0, %m[%j, %i] : memref<100x100xf32>
  }
  %r:2 = affine.parallel (%i) = (max(0, %n - 10)) to (100) reduce ("mulf", "muli") -> (f32, i32) {
    %0 = affine.load %m[%i, %i] : memref<100x100xf32>
    %c2 = arith.constant 2 : i32
    affine.yield %0, %c2 : f32, i32
  }
  return %r#0, %r#1 : f32, i32
}
