// Bands whose tile is larger than their block (what sharc-ilp writes): the simulator runs the
// band as written, the lowering gives the same kernel, and both compute what the plain loop nest
// computes (Inputs/tiles-ref.mlir). 37 rows on tiles of 8 rows run by 2 threads each way: a partial last tile, and
// replicas past the bound that their guards skip.
// RUN: sharc-run %s --entry=cyclic --arg=arg0=37 --random-inputs=1 --compare=%S/Inputs/tiles-ref.mlir
// RUN: sharc-run %s --entry=blocked --arg=arg0=37 --random-inputs=1 --compare=%S/Inputs/tiles-ref.mlir
// RUN: sharc-opt %s --sharc-lower-gpumap -o %t.mlir
// RUN: sharc-opt %t.mlir --lower-affine -o %t.scf.mlir
// RUN: sharc-run %t.mlir --entry=cyclic --arg=arg0=37 --random-inputs=1 --compare=%S/Inputs/tiles-ref.mlir
// RUN: sharc-run %t.scf.mlir --entry=blocked --arg=arg0=37 --random-inputs=1 --compare=%S/Inputs/tiles-ref.mlir
// RUN: sharc-run %t.scf.mlir --entry=cyclic --arg=arg0=37 --random-inputs=1 --exec=host --compare=%S/Inputs/tiles-ref.mlir
// RUN: sharc-run %s --entry=cyclic --arg=arg0=64 --target=a100 --random-inputs=1 --metrics=json | FileCheck %s --check-prefix=METRICS
// RUN: FileCheck %s --input-file=%t.mlir

// 64 rows / 8 per tile = 8 blocks of 2 x 32 threads; every thread stores 4 elements, a warp one row of 32.
// METRICS: "grid": [2, 8, 1], "block": [32, 2, 1]
// METRICS-SAME: "global_load_requests": 128, "global_store_requests": 128

// The grid counts tiles (ceildiv(n, 8)) of 2 threads; the origin is block_id * 8, and thread ty
// starts at origin + ty (cyclic) or origin + 4 ty (blocked).
// CHECK-DAG: #[[TILES:.*]] = affine_map<()[s0] -> (s0 ceildiv 8)>
// CHECK-DAG: #[[ORIGIN:.*]] = affine_map<()[s0] -> (s0 * 8)>
// CHECK-DAG: #[[PLUS:.*]] = affine_map<()[s0, s1] -> (s0 + s1)>
// CHECK-DAG: #[[PLUS4:.*]] = affine_map<()[s0, s1] -> (s0 + s1 * 4)>
// CHECK-LABEL: func.func @cyclic
// CHECK: %[[GY:.*]] = affine.apply #[[TILES]]()[%arg0]
// CHECK: gpu.launch_func @cyclic_kernels::@cyclic_b0 blocks in (%{{.*}}, %[[GY]], %{{.*}}) threads in (%{{.*}}, %c2, %{{.*}})
// CHECK-LABEL: gpu.func @cyclic_b0
// CHECK: %[[O:.*]] = affine.apply #[[ORIGIN]]()[%block_id_y]
// CHECK-NEXT: affine.apply #[[PLUS]]()[%[[O]], %thread_id_y]
// CHECK-LABEL: func.func @blocked
// CHECK-LABEL: gpu.func @blocked_b0
// CHECK: %[[O:.*]] = affine.apply #[[ORIGIN]]()[%block_id_y]
// CHECK-NEXT: affine.apply #[[PLUS4]]()[%[[O]], %thread_id_y]

#rows = affine_set<(d0)[s0] : (s0 - d0 - 1 >= 0)>
#plus2 = affine_map<(d0) -> (d0 + 2)>
#plus4 = affine_map<(d0) -> (d0 + 4)>
#plus6 = affine_map<(d0) -> (d0 + 6)>
#plus1 = affine_map<(d0) -> (d0 + 1)>
#plus3 = affine_map<(d0) -> (d0 + 3)>

module {
  // Cyclic: replica u of thread ty runs row ty + 2u of its tile.
  func.func @cyclic(%n: index, %A: memref<64x64xf32>, %B: memref<64x64xf32>) {
    gpumap.band (%i, %j) = (0, 0) to (symbol(%n), 64) block [2, 32] tile [8, 32] dims [y, x] origin (%bi, %bj) {
      affine.if #rows(%i)[%n] {
        %v = affine.load %A[%i, %j] : memref<64x64xf32>
        %w = arith.addf %v, %v : f32
        affine.store %w, %B[%i, %j] : memref<64x64xf32>
      }
      %i1 = affine.apply #plus2(%i)
      affine.if #rows(%i1)[%n] {
        %v = affine.load %A[%i1, %j] : memref<64x64xf32>
        %w = arith.addf %v, %v : f32
        affine.store %w, %B[%i1, %j] : memref<64x64xf32>
      }
      %i2 = affine.apply #plus4(%i)
      affine.if #rows(%i2)[%n] {
        %v = affine.load %A[%i2, %j] : memref<64x64xf32>
        %w = arith.addf %v, %v : f32
        affine.store %w, %B[%i2, %j] : memref<64x64xf32>
      }
      %i3 = affine.apply #plus6(%i)
      affine.if #rows(%i3)[%n] {
        %v = affine.load %A[%i3, %j] : memref<64x64xf32>
        %w = arith.addf %v, %v : f32
        affine.store %w, %B[%i3, %j] : memref<64x64xf32>
      }
    }
    return
  }

  // Blocked: replica u of thread ty runs row 4·ty + u of its tile.
  func.func @blocked(%n: index, %A: memref<64x64xf32>, %B: memref<64x64xf32>) {
    gpumap.band (%i, %j) = (0, 0) to (symbol(%n), 64) block [2, 32] tile [8, 32] distribution [blocked, cyclic] dims [y, x] origin (%bi, %bj) {
      affine.if #rows(%i)[%n] {
        %v = affine.load %A[%i, %j] : memref<64x64xf32>
        %w = arith.addf %v, %v : f32
        affine.store %w, %B[%i, %j] : memref<64x64xf32>
      }
      %i1 = affine.apply #plus1(%i)
      affine.if #rows(%i1)[%n] {
        %v = affine.load %A[%i1, %j] : memref<64x64xf32>
        %w = arith.addf %v, %v : f32
        affine.store %w, %B[%i1, %j] : memref<64x64xf32>
      }
      %i2 = affine.apply #plus2(%i)
      affine.if #rows(%i2)[%n] {
        %v = affine.load %A[%i2, %j] : memref<64x64xf32>
        %w = arith.addf %v, %v : f32
        affine.store %w, %B[%i2, %j] : memref<64x64xf32>
      }
      %i3 = affine.apply #plus3(%i)
      affine.if #rows(%i3)[%n] {
        %v = affine.load %A[%i3, %j] : memref<64x64xf32>
        %w = arith.addf %v, %v : f32
        affine.store %w, %B[%i3, %j] : memref<64x64xf32>
      }
    }
    return
  }
}
