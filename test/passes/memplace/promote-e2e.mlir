// RUN: sharc-opt %s --sharc-seed-closure --sharc-partition="target=a100" --sharc-map-baseline="target=a100" --sharc-map --sharc-promote --sharc-lower-gpumap --lower-affine --canonicalize --cse -o %t.a100.mlir
// RUN: sharc-opt %s --sharc-seed-closure --sharc-partition="target=gtx690" --sharc-map-baseline="target=gtx690" --sharc-map --sharc-promote --sharc-lower-gpumap --lower-affine --canonicalize --cse -o %t.gtx690.mlir
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect %t.a100.mlir -o /dev/null %}
// RUN: FileCheck %s --input-file=%t.a100.mlir
// Every kernel, at a size that is not a multiple of the block (37) and one that is (64), on
// both targets, against the affine original: equal outputs, and no race, out-of-bounds access
// or barrier divergence (each an error of sharc-run).
// RUN: for k in transpose matvec filter5x5 stencil conv2d; do \
// RUN:   sharc-run %s --entry ${k}_37 --random-inputs=1 --target=a100 --compare=%t.a100.mlir || exit 1; done
// RUN: for k in gemm syrk; do \
// RUN:   sharc-run %s --entry ${k}_37 --arg=alpha=1.5 --arg=beta=-0.75 --random-inputs=1 --target=a100 --compare=%t.a100.mlir || exit 1; done
// RUN: for k in transpose matvec filter5x5 stencil conv2d; do \
// RUN:   sharc-run %s --entry ${k}_64 --random-inputs=1 --target=a100 --compare=%t.a100.mlir || exit 1; done
// RUN: for k in gemm syrk; do \
// RUN:   sharc-run %s --entry ${k}_64 --arg=alpha=1.5 --arg=beta=-0.75 --random-inputs=1 --target=a100 --compare=%t.a100.mlir || exit 1; done
// RUN: for k in transpose matvec filter5x5 stencil conv2d; do \
// RUN:   sharc-run %s --entry ${k}_37 --random-inputs=1 --target=gtx690 --compare=%t.gtx690.mlir || exit 1; done
// RUN: for k in gemm syrk; do \
// RUN:   sharc-run %s --entry ${k}_37 --arg=alpha=1.5 --arg=beta=-0.75 --random-inputs=1 --target=gtx690 --compare=%t.gtx690.mlir || exit 1; done
// RUN: for k in transpose matvec filter5x5 stencil conv2d; do \
// RUN:   sharc-run %s --entry ${k}_64 --random-inputs=1 --target=gtx690 --compare=%t.gtx690.mlir || exit 1; done
// RUN: for k in gemm syrk; do \
// RUN:   sharc-run %s --entry ${k}_64 --arg=alpha=1.5 --arg=beta=-0.75 --random-inputs=1 --target=gtx690 --compare=%t.gtx690.mlir || exit 1; done
// RUN: sharc-run %s --entry conv3d_37 --random-inputs=1 --compare=%t.a100.mlir
// RUN: sharc-run %s --entry conv3d_37 --random-inputs=1 --target=gtx690 --compare=%t.gtx690.mlir
// RUN: sharc-run %s --entry conv3d_64 --random-inputs=1 --compare=%t.a100.mlir
// The generated machine code computes the same (host execution of the real lowering), for
// every kernel and both targets' plans.
// RUN: for k in transpose matvec filter5x5 stencil conv2d conv3d; do \
// RUN:   sharc-run %s --entry ${k}_37 --random-inputs=1 --exec=host --compare=%t.a100.mlir || exit 1; done
// RUN: for k in gemm syrk; do \
// RUN:   sharc-run %s --entry ${k}_37 --arg=alpha=1.5 --arg=beta=-0.75 --random-inputs=1 --exec=host --compare=%t.a100.mlir || exit 1; done
// RUN: for k in transpose matvec filter5x5 stencil conv2d conv3d; do \
// RUN:   sharc-run %s --entry ${k}_37 --random-inputs=1 --exec=host --compare=%t.gtx690.mlir || exit 1; done
// RUN: for k in gemm syrk; do \
// RUN:   sharc-run %s --entry ${k}_37 --arg=alpha=1.5 --arg=beta=-0.75 --random-inputs=1 --exec=host --compare=%t.gtx690.mlir || exit 1; done

// The kernels in the form the C front-end emits (sharcc --emit=affine), then one wrapper per
// size with static shapes (sharc-run fills them with random inputs) calling them. Every section
// becomes a kernel with shared buffers; syrk's A gets two, one per group of uniformly generated
// references (A[i][k]: the block's rows, A[j][k]: its columns' rows, both per strip of k).
// CHECK-LABEL: gpu.func @transpose_b0
// CHECK-SAME: workgroup(%{{.*}} : memref<32x32xf32, #gpu.address_space<workgroup>>)
// CHECK-LABEL: gpu.func @gemm_b0
// CHECK-SAME: workgroup(%{{.*}} : memref<32x32xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<32x32xf32, #gpu.address_space<workgroup>>)
// CHECK-COUNT-2: gpu.barrier
// CHECK-LABEL: gpu.func @stencil_b0
// CHECK-SAME: workgroup(%{{.*}} : memref<18x66xf32, #gpu.address_space<workgroup>>)
// CHECK-LABEL: gpu.func @syrk_b0
// CHECK-SAME: workgroup(%{{.*}} : memref<16x64xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<64x64xf32, #gpu.address_space<workgroup>>)
// CHECK-COUNT-2: gpu.barrier
// CHECK: gpu.return

func.func @transpose(%arg0: index {sharc.name = "n"}, %arg1: memref<?x?xf32> {sharc.name = "A"}, %arg2: memref<?x?xf32> {sharc.name = "B"}) {
  affine.parallel (%i, %j) = (0, 0) to (symbol(%arg0), symbol(%arg0)) {
    %0 = affine.load %arg1[%i, %j] : memref<?x?xf32>
    affine.store %0, %arg2[%j, %i] : memref<?x?xf32>
  } {sharc.acc = "acc kernels loop independent; acc loop independent"}
  return
}
func.func @gemm(%arg0: index {sharc.name = "n"}, %arg1: f32 {sharc.name = "alpha"}, %arg2: f32 {sharc.name = "beta"}, %arg3: memref<?x?xf32> {sharc.name = "A"}, %arg4: memref<?x?xf32> {sharc.name = "B"}, %arg5: memref<?x?xf32> {sharc.name = "C"}) {
  affine.parallel (%i, %j) = (0, 0) to (symbol(%arg0), symbol(%arg0)) {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = affine.for %k = 0 to %arg0 iter_args(%acc = %cst) -> (f32) {
      %5 = affine.load %arg3[%i, %k] : memref<?x?xf32>
      %6 = affine.load %arg4[%k, %j] : memref<?x?xf32>
      %7 = arith.mulf %5, %6 : f32
      %8 = arith.addf %acc, %7 : f32
      affine.yield %8 : f32
    }
    %1 = arith.mulf %arg1, %0 : f32
    %2 = affine.load %arg5[%i, %j] : memref<?x?xf32>
    %3 = arith.mulf %arg2, %2 : f32
    %4 = arith.addf %1, %3 : f32
    affine.store %4, %arg5[%i, %j] : memref<?x?xf32>
  } {sharc.acc = "acc kernels loop independent; acc loop independent", sharc.share = #sharc.share<B[*][TB_X], A[TB_Y][*]:coalesce>}
  return
}
func.func @matvec(%arg0: index {sharc.name = "n"}, %arg1: memref<?x?xf32> {sharc.name = "A"}, %arg2: memref<?xf32> {sharc.name = "x"}, %arg3: memref<?xf32> {sharc.name = "y"}) {
  affine.parallel (%i) = (0) to (symbol(%arg0)) {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = affine.for %j = 0 to %arg0 iter_args(%acc = %cst) -> (f32) {
      %1 = affine.load %arg1[%i, %j] : memref<?x?xf32>
      %2 = affine.load %arg2[%j] : memref<?xf32>
      %3 = arith.mulf %1, %2 : f32
      %4 = arith.addf %acc, %3 : f32
      affine.yield %4 : f32
    }
    affine.store %0, %arg3[%i] : memref<?xf32>
  } {sharc.acc = "acc kernels loop independent"}
  return
}
func.func @filter5x5(%arg0: index {sharc.name = "n"}, %arg1: memref<5x5xf32> {sharc.name = "W"}, %arg2: memref<?x?xf32> {sharc.name = "In"}, %arg3: memref<?x?xf32> {sharc.name = "Out"}) {
  affine.parallel (%i, %j) = (2, 2) to (symbol(%arg0) - 2, symbol(%arg0) - 2) {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = affine.for %a = 0 to 5 iter_args(%s0 = %cst) -> (f32) {
      %1 = affine.for %b = 0 to 5 iter_args(%s1 = %s0) -> (f32) {
        %2 = affine.load %arg1[%a, %b] : memref<5x5xf32>
        %3 = affine.load %arg2[%i + %a - 2, %j + %b - 2] : memref<?x?xf32>
        %4 = arith.mulf %2, %3 : f32
        %5 = arith.addf %s1, %4 : f32
        affine.yield %5 : f32
      }
      affine.yield %1 : f32
    }
    affine.store %0, %arg3[%i, %j] : memref<?x?xf32>
  } {sharc.acc = "acc kernels loop independent; acc loop independent"}
  return
}
func.func @stencil(%arg0: index {sharc.name = "n"}, %arg1: memref<?x?xf32> {sharc.name = "A"}, %arg2: memref<?x?xf32> {sharc.name = "B"}) {
  affine.parallel (%i, %j) = (1, 1) to (symbol(%arg0) - 1, symbol(%arg0) - 1) {
    %cst = arith.constant 2.500000e-01 : f32
    %0 = affine.load %arg1[%i, %j] : memref<?x?xf32>
    %1 = affine.load %arg1[%i, %j - 1] : memref<?x?xf32>
    %2 = arith.addf %0, %1 : f32
    %3 = affine.load %arg1[%i, %j + 1] : memref<?x?xf32>
    %4 = arith.addf %2, %3 : f32
    %5 = affine.load %arg1[%i + 1, %j] : memref<?x?xf32>
    %6 = arith.addf %4, %5 : f32
    %7 = affine.load %arg1[%i - 1, %j] : memref<?x?xf32>
    %8 = arith.addf %6, %7 : f32
    %9 = arith.mulf %cst, %8 : f32
    affine.store %9, %arg2[%i, %j] : memref<?x?xf32>
  } {sharc.acc = "acc parallel loop independent collapse(2)"}
  return
}
func.func @conv2d(%arg0: index {sharc.name = "n"}, %arg1: memref<3x3xf32> {sharc.name = "W"}, %arg2: memref<?x?xf32> {sharc.name = "In"}, %arg3: memref<?x?xf32> {sharc.name = "Out"}) {
  affine.parallel (%i, %j) = (1, 1) to (symbol(%arg0) - 1, symbol(%arg0) - 1) {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = affine.for %a = 0 to 3 iter_args(%s0 = %cst) -> (f32) {
      %1 = affine.for %b = 0 to 3 iter_args(%s1 = %s0) -> (f32) {
        %2 = affine.load %arg1[%a, %b] : memref<3x3xf32>
        %3 = affine.load %arg2[%i + %a - 1, %j + %b - 1] : memref<?x?xf32>
        %4 = arith.mulf %2, %3 : f32
        %5 = arith.addf %s1, %4 : f32
        affine.yield %5 : f32
      }
      affine.yield %1 : f32
    }
    affine.store %0, %arg3[%i, %j] : memref<?x?xf32>
  } {sharc.acc = "acc kernels loop independent; acc loop independent"}
  return
}
func.func @conv3d(%arg0: index {sharc.name = "n"}, %arg1: memref<?x?x?xf32> {sharc.name = "In"}, %arg2: memref<?x?x?xf32> {sharc.name = "Out"}) {
  affine.parallel (%i, %j, %k) = (1, 1, 1) to (symbol(%arg0) - 1, symbol(%arg0) - 1, symbol(%arg0) - 1) {
    %c = affine.load %arg1[%i, %j, %k] : memref<?x?x?xf32>
    %a = affine.load %arg1[%i - 1, %j, %k] : memref<?x?x?xf32>
    %b = affine.load %arg1[%i + 1, %j, %k] : memref<?x?x?xf32>
    %d = affine.load %arg1[%i, %j - 1, %k] : memref<?x?x?xf32>
    %e = affine.load %arg1[%i, %j + 1, %k] : memref<?x?x?xf32>
    %f = affine.load %arg1[%i, %j, %k - 1] : memref<?x?x?xf32>
    %g = affine.load %arg1[%i, %j, %k + 1] : memref<?x?x?xf32>
    %0 = arith.addf %c, %a : f32
    %1 = arith.addf %0, %b : f32
    %2 = arith.addf %1, %d : f32
    %3 = arith.addf %2, %e : f32
    %4 = arith.addf %3, %f : f32
    %5 = arith.addf %4, %g : f32
    affine.store %5, %arg2[%i, %j, %k] : memref<?x?x?xf32>
  } {sharc.acc = "acc kernels loop independent"}
  return
}
func.func @syrk(%arg0: index {sharc.name = "n"}, %arg1: f32 {sharc.name = "alpha"}, %arg2: f32 {sharc.name = "beta"}, %arg3: memref<?x?xf32> {sharc.name = "A"}, %arg4: memref<?x?xf32> {sharc.name = "C"}) {
  affine.parallel (%i, %j) = (0, 0) to (symbol(%arg0), symbol(%arg0)) {
    %0 = affine.load %arg4[%i, %j] : memref<?x?xf32>
    %1 = arith.mulf %arg2, %0 : f32
    %2 = affine.for %k = 0 to %arg0 iter_args(%acc = %1) -> (f32) {
      %3 = affine.load %arg3[%i, %k] : memref<?x?xf32>
      %4 = arith.mulf %arg1, %3 : f32
      %5 = affine.load %arg3[%j, %k] : memref<?x?xf32>
      %6 = arith.mulf %4, %5 : f32
      %7 = arith.addf %acc, %6 : f32
      affine.yield %7 : f32
    }
    affine.store %2, %arg4[%i, %j] : memref<?x?xf32>
  } {sharc.acc = "acc parallel loop independent collapse(2)"}
  return
}
func.func @transpose_37(%A: memref<37x37xf32> {sharc.name = "A"}, %B: memref<37x37xf32> {sharc.name = "B"}) {
  %n = arith.constant 37 : index
  %A_d = memref.cast %A : memref<37x37xf32> to memref<?x?xf32>
  %B_d = memref.cast %B : memref<37x37xf32> to memref<?x?xf32>
  func.call @transpose(%n, %A_d, %B_d) : (index, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
func.func @gemm_37(%alpha: f32 {sharc.name = "alpha"}, %beta: f32 {sharc.name = "beta"}, %A: memref<37x37xf32> {sharc.name = "A"}, %B: memref<37x37xf32> {sharc.name = "B"}, %C: memref<37x37xf32> {sharc.name = "C"}) {
  %n = arith.constant 37 : index
  %A_d = memref.cast %A : memref<37x37xf32> to memref<?x?xf32>
  %B_d = memref.cast %B : memref<37x37xf32> to memref<?x?xf32>
  %C_d = memref.cast %C : memref<37x37xf32> to memref<?x?xf32>
  func.call @gemm(%n, %alpha, %beta, %A_d, %B_d, %C_d) : (index, f32, f32, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
func.func @matvec_37(%A: memref<37x37xf32> {sharc.name = "A"}, %x: memref<37xf32> {sharc.name = "x"}, %y: memref<37xf32> {sharc.name = "y"}) {
  %n = arith.constant 37 : index
  %A_d = memref.cast %A : memref<37x37xf32> to memref<?x?xf32>
  %x_d = memref.cast %x : memref<37xf32> to memref<?xf32>
  %y_d = memref.cast %y : memref<37xf32> to memref<?xf32>
  func.call @matvec(%n, %A_d, %x_d, %y_d) : (index, memref<?x?xf32>, memref<?xf32>, memref<?xf32>) -> ()
  return
}
func.func @filter5x5_37(%W: memref<5x5xf32> {sharc.name = "W"}, %In: memref<37x37xf32> {sharc.name = "In"}, %Out: memref<37x37xf32> {sharc.name = "Out"}) {
  %n = arith.constant 37 : index
  %In_d = memref.cast %In : memref<37x37xf32> to memref<?x?xf32>
  %Out_d = memref.cast %Out : memref<37x37xf32> to memref<?x?xf32>
  func.call @filter5x5(%n, %W, %In_d, %Out_d) : (index, memref<5x5xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
func.func @stencil_37(%A: memref<37x37xf32> {sharc.name = "A"}, %B: memref<37x37xf32> {sharc.name = "B"}) {
  %n = arith.constant 37 : index
  %A_d = memref.cast %A : memref<37x37xf32> to memref<?x?xf32>
  %B_d = memref.cast %B : memref<37x37xf32> to memref<?x?xf32>
  func.call @stencil(%n, %A_d, %B_d) : (index, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
func.func @conv2d_37(%W: memref<3x3xf32> {sharc.name = "W"}, %In: memref<37x37xf32> {sharc.name = "In"}, %Out: memref<37x37xf32> {sharc.name = "Out"}) {
  %n = arith.constant 37 : index
  %In_d = memref.cast %In : memref<37x37xf32> to memref<?x?xf32>
  %Out_d = memref.cast %Out : memref<37x37xf32> to memref<?x?xf32>
  func.call @conv2d(%n, %W, %In_d, %Out_d) : (index, memref<3x3xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
func.func @conv3d_37(%In: memref<37x37x37xf32> {sharc.name = "In"}, %Out: memref<37x37x37xf32> {sharc.name = "Out"}) {
  %n = arith.constant 37 : index
  %In_d = memref.cast %In : memref<37x37x37xf32> to memref<?x?x?xf32>
  %Out_d = memref.cast %Out : memref<37x37x37xf32> to memref<?x?x?xf32>
  func.call @conv3d(%n, %In_d, %Out_d) : (index, memref<?x?x?xf32>, memref<?x?x?xf32>) -> ()
  return
}
func.func @syrk_37(%alpha: f32 {sharc.name = "alpha"}, %beta: f32 {sharc.name = "beta"}, %A: memref<37x37xf32> {sharc.name = "A"}, %C: memref<37x37xf32> {sharc.name = "C"}) {
  %n = arith.constant 37 : index
  %A_d = memref.cast %A : memref<37x37xf32> to memref<?x?xf32>
  %C_d = memref.cast %C : memref<37x37xf32> to memref<?x?xf32>
  func.call @syrk(%n, %alpha, %beta, %A_d, %C_d) : (index, f32, f32, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
func.func @transpose_64(%A: memref<64x64xf32> {sharc.name = "A"}, %B: memref<64x64xf32> {sharc.name = "B"}) {
  %n = arith.constant 64 : index
  %A_d = memref.cast %A : memref<64x64xf32> to memref<?x?xf32>
  %B_d = memref.cast %B : memref<64x64xf32> to memref<?x?xf32>
  func.call @transpose(%n, %A_d, %B_d) : (index, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
func.func @gemm_64(%alpha: f32 {sharc.name = "alpha"}, %beta: f32 {sharc.name = "beta"}, %A: memref<64x64xf32> {sharc.name = "A"}, %B: memref<64x64xf32> {sharc.name = "B"}, %C: memref<64x64xf32> {sharc.name = "C"}) {
  %n = arith.constant 64 : index
  %A_d = memref.cast %A : memref<64x64xf32> to memref<?x?xf32>
  %B_d = memref.cast %B : memref<64x64xf32> to memref<?x?xf32>
  %C_d = memref.cast %C : memref<64x64xf32> to memref<?x?xf32>
  func.call @gemm(%n, %alpha, %beta, %A_d, %B_d, %C_d) : (index, f32, f32, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
func.func @matvec_64(%A: memref<64x64xf32> {sharc.name = "A"}, %x: memref<64xf32> {sharc.name = "x"}, %y: memref<64xf32> {sharc.name = "y"}) {
  %n = arith.constant 64 : index
  %A_d = memref.cast %A : memref<64x64xf32> to memref<?x?xf32>
  %x_d = memref.cast %x : memref<64xf32> to memref<?xf32>
  %y_d = memref.cast %y : memref<64xf32> to memref<?xf32>
  func.call @matvec(%n, %A_d, %x_d, %y_d) : (index, memref<?x?xf32>, memref<?xf32>, memref<?xf32>) -> ()
  return
}
func.func @filter5x5_64(%W: memref<5x5xf32> {sharc.name = "W"}, %In: memref<64x64xf32> {sharc.name = "In"}, %Out: memref<64x64xf32> {sharc.name = "Out"}) {
  %n = arith.constant 64 : index
  %In_d = memref.cast %In : memref<64x64xf32> to memref<?x?xf32>
  %Out_d = memref.cast %Out : memref<64x64xf32> to memref<?x?xf32>
  func.call @filter5x5(%n, %W, %In_d, %Out_d) : (index, memref<5x5xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
func.func @stencil_64(%A: memref<64x64xf32> {sharc.name = "A"}, %B: memref<64x64xf32> {sharc.name = "B"}) {
  %n = arith.constant 64 : index
  %A_d = memref.cast %A : memref<64x64xf32> to memref<?x?xf32>
  %B_d = memref.cast %B : memref<64x64xf32> to memref<?x?xf32>
  func.call @stencil(%n, %A_d, %B_d) : (index, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
func.func @conv2d_64(%W: memref<3x3xf32> {sharc.name = "W"}, %In: memref<64x64xf32> {sharc.name = "In"}, %Out: memref<64x64xf32> {sharc.name = "Out"}) {
  %n = arith.constant 64 : index
  %In_d = memref.cast %In : memref<64x64xf32> to memref<?x?xf32>
  %Out_d = memref.cast %Out : memref<64x64xf32> to memref<?x?xf32>
  func.call @conv2d(%n, %W, %In_d, %Out_d) : (index, memref<3x3xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
func.func @conv3d_64(%In: memref<64x64x64xf32> {sharc.name = "In"}, %Out: memref<64x64x64xf32> {sharc.name = "Out"}) {
  %n = arith.constant 64 : index
  %In_d = memref.cast %In : memref<64x64x64xf32> to memref<?x?x?xf32>
  %Out_d = memref.cast %Out : memref<64x64x64xf32> to memref<?x?x?xf32>
  func.call @conv3d(%n, %In_d, %Out_d) : (index, memref<?x?x?xf32>, memref<?x?x?xf32>) -> ()
  return
}
func.func @syrk_64(%alpha: f32 {sharc.name = "alpha"}, %beta: f32 {sharc.name = "beta"}, %A: memref<64x64xf32> {sharc.name = "A"}, %C: memref<64x64xf32> {sharc.name = "C"}) {
  %n = arith.constant 64 : index
  %A_d = memref.cast %A : memref<64x64xf32> to memref<?x?xf32>
  %C_d = memref.cast %C : memref<64x64xf32> to memref<?x?xf32>
  func.call @syrk(%n, %alpha, %beta, %A_d, %C_d) : (index, f32, f32, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
