// RUN: sharc-opt %s --sharc-map --sharc-promote -split-input-file -o %t.mlir 2> %t.diag
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: FileCheck %s --input-file=%t.diag --check-prefix=REMARK
// Upstream knows neither gpumap nor memplace (nor that a band's induction variables are valid
// affine dims): it checks the kernels sharc-lower-gpumap makes of the output.
// RUN: sharc-opt %t.mlir --sharc-lower-gpumap -split-input-file -o %t.gpu.mlir
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect -split-input-file %t.gpu.mlir -o /dev/null %}

// The plans are written by hand (sharc-partition's tests pin what it chooses), so these tests
// see only sharc-promote (after sharc-map). promote-e2e.mlir runs what the whole pipeline makes
// of such kernels against their affine originals.

// gemm: A's and B's 16x16 tiles change with each 16-wide strip of k; they are copied at the top
// of the strip, at (block origin of i, strip start) and (strip start, block origin of j); one
// barrier after the copies, one at the end of the strip (the next strip's copies overwrite
// the tiles); the loads read the tiles at the index minus the origin.
// CHECK-LABEL: func.func @gemm
// CHECK: gpumap.band (%[[I:.*]], %[[J:.*]]) = {{.*}} origin (%[[BI:.*]], %[[BJ:.*]]) {
// CHECK-NEXT: %[[AS:.*]] = memplace.alloc_shared : memref<16x16xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[BS:.*]] = memplace.alloc_shared : memref<16x16xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: arith.constant
// CHECK-NEXT: affine.for %[[KK:.*]] = 0 to %arg0 step 16
// CHECK-NEXT: memplace.copy_in %arg1[%[[BI]], %[[KK]]] to %[[AS]] sizes [16, 16]
// CHECK-NEXT: memplace.copy_in %arg2[%[[KK]], %[[BJ]]] to %[[BS]] sizes [16, 16]
// CHECK-NEXT: memplace.barrier
// CHECK-NEXT: affine.for %[[K:[a-z0-9_]+]] =
// CHECK-NEXT: affine.if
// CHECK-NEXT: affine.load %[[AS]][%[[I]] - %[[BI]], %[[K]] - %[[KK]]]
// CHECK: affine.load %[[BS]][%[[K]] - %[[KK]], %[[J]] - %[[BJ]]]
// CHECK: } {sharc.loop = 2 : i64}
// CHECK-NEXT: memplace.barrier
// CHECK-NEXT: affine.yield
// CHECK-NEXT: } {sharc.strip = 2 : i64}
// CHECK-NEXT: affine.if
// CHECK-NEXT: affine.store %{{.*}}, %arg3[%[[I]], %[[J]]]
// CHECK-NOT: memplace
// CHECK: return
// REMARK: remark: A staged in shared memory: tile 16x16 (1024 B) at (d0, d1, d2) -> (d0, d2) = (origin of loop 0, strip of loop 2), copied per strip of loop 2
// REMARK: remark: B staged in shared memory: tile 16x16 (1024 B) at (d0, d1, d2) -> (d2, d1) = (origin of loop 1, strip of loop 2), copied per strip of loop 2
func.func @gemm(%n: index {sharc.name = "n"}, %A: memref<?x?xf32> {sharc.name = "A"}, %B: memref<?x?xf32> {sharc.name = "B"}, %C: memref<?x?xf32> {sharc.name = "C"}) {
  affine.parallel (%i, %j) = (0, 0) to (symbol(%n), symbol(%n)) {
    %zero = arith.constant 0.0 : f32
    %s = affine.for %k = 0 to %n iter_args(%acc = %zero) -> (f32) {
      %a = affine.load %A[%i, %k] : memref<?x?xf32>
      %b = affine.load %B[%k, %j] : memref<?x?xf32>
      %p = arith.mulf %a, %b : f32
      %q = arith.addf %acc, %p : f32
      affine.yield %q : f32
    }
    affine.store %s, %C[%i, %j] : memref<?x?xf32>
  } {sharc.plan = {block = array<i64: 16, 16, 1>, loops = ["y", "x"], strips = [{loop = 2 : i64, size = 16 : i64}],
     staged = [{access = "read", arg = 1 : i64, bytes = 1024 : i64, halo_hi = array<i64: 0, 0>, halo_lo = array<i64: 0, 0>, name = "A",
                origin = affine_map<(d0, d1, d2) -> (d0, d2)>, per_strip = array<i64: 2>, tile = array<i64: 16, 16>},
               {access = "read", arg = 2 : i64, bytes = 1024 : i64, halo_hi = array<i64: 0, 0>, halo_lo = array<i64: 0, 0>, name = "B",
                origin = affine_map<(d0, d1, d2) -> (d2, d1)>, per_strip = array<i64: 2>, tile = array<i64: 16, 16>}]}}
  return
}

// -----

// A 5-point stencil: one 10x34 tile with a one-element halo per block, copied at the block
// origin minus one, read at offsets of the guarded threads' indices.
// CHECK-LABEL: func.func @stencil
// CHECK: gpumap.band (%[[I:.*]], %[[J:.*]]) = {{.*}} origin (%[[BI:.*]], %[[BJ:.*]]) {
// CHECK-NEXT: %[[S:.*]] = memplace.alloc_shared : memref<10x34xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memplace.copy_in %arg1[%[[BI]] - 1, %[[BJ]] - 1] to %[[S]] sizes [10, 34]
// CHECK-NEXT: memplace.barrier
// CHECK-NOT: memplace.barrier
// CHECK: affine.load %[[S]][%[[I]] - %[[BI]] + 1, %[[J]] - %[[BJ]] + 1]
// CHECK: affine.load %[[S]][%[[I]] - %[[BI]], %[[J]] - %[[BJ]] + 1]
// CHECK: affine.load %[[S]][%[[I]] - %[[BI]] + 2, %[[J]] - %[[BJ]] + 1]
// CHECK: affine.store %{{.*}}, %arg2[%[[I]], %[[J]]]
// CHECK-NOT: memplace
// REMARK: remark: A staged in shared memory: tile 10x34 (1360 B) at (d0, d1) -> (d0 - 1, d1 - 1) = (origin of loop 0, origin of loop 1), copied once per block
func.func @stencil(%n: index {sharc.name = "n"}, %A: memref<?x?xf32> {sharc.name = "A"}, %B: memref<?x?xf32> {sharc.name = "B"}) {
  affine.parallel (%i, %j) = (1, 1) to (symbol(%n) - 1, symbol(%n) - 1) {
    %c = affine.load %A[%i, %j] : memref<?x?xf32>
    %u = affine.load %A[%i - 1, %j] : memref<?x?xf32>
    %d = affine.load %A[%i + 1, %j] : memref<?x?xf32>
    %l = affine.load %A[%i, %j - 1] : memref<?x?xf32>
    %r = affine.load %A[%i, %j + 1] : memref<?x?xf32>
    %0 = arith.addf %c, %u : f32
    %1 = arith.addf %0, %d : f32
    %2 = arith.addf %1, %l : f32
    %3 = arith.addf %2, %r : f32
    affine.store %3, %B[%i, %j] : memref<?x?xf32>
  } {sharc.plan = {block = array<i64: 32, 8, 1>, loops = ["y", "x"], strips = [],
     staged = [{access = "read", arg = 1 : i64, bytes = 1360 : i64, halo_hi = array<i64: 1, 1>, halo_lo = array<i64: 1, 1>, name = "A",
                origin = affine_map<(d0, d1) -> (d0 - 1, d1 - 1)>, per_strip = array<i64>, tile = array<i64: 10, 34>}]}}
  return
}

// -----

// A transpose staging both arrays in 32x32 tiles: `out` is only written, each block writes
// exactly its own tile (out[j][i]: rows from j's block, columns from i's), so the tile is never
// copied in: the guarded stores go to the tile, and a barrier and the copy back end the band,
// the copy back bounded by the block's iterations (min(32, n - origin) rows from j's block,
// columns from i's), so a partial block leaves the elements past n as they were.
// CHECK-DAG: #[[EXTENT:map[0-9]*]] = affine_map<(d0)[s0] -> (32, -d0 + s0)>
// CHECK-LABEL: func.func @transpose
// CHECK: gpumap.band (%[[I:.*]], %[[J:.*]]) = {{.*}} origin (%[[BI:.*]], %[[BJ:.*]]) {
// CHECK-NEXT: %[[IN:.*]] = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[OUT:.*]] = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memplace.copy_in %arg1[%[[BI]], %[[BJ]]] to %[[IN]] sizes [32, 32]
// CHECK-NEXT: memplace.barrier
// CHECK: affine.load %[[IN]][%[[I]] - %[[BI]], %[[J]] - %[[BJ]]]
// CHECK: affine.if
// CHECK-NEXT: affine.store %{{.*}}, %[[OUT]][%[[J]] - %[[BJ]], %[[I]] - %[[BI]]]
// CHECK-NEXT: }
// CHECK-NEXT: memplace.barrier
// CHECK-NEXT: %[[E0:.*]] = affine.min #[[EXTENT]](%[[BJ]])[%arg0]
// CHECK-NEXT: %[[E1:.*]] = affine.min #[[EXTENT]](%[[BI]])[%arg0]
// CHECK-NEXT: memplace.copy_out %[[OUT]] to %arg2[%[[BJ]], %[[BI]]] sizes [32, 32] valid [%[[E0]], %[[E1]]]
// CHECK-NEXT: } {sharc.plan
// REMARK: remark: out staged in shared memory: tile 32x32 (4096 B) at (d0, d1) -> (d1, d0) = (origin of loop 0, origin of loop 1), copied once per block, copied back within the block's iterations (never copied in)
func.func @transpose(%n: index {sharc.name = "n"}, %A: memref<?x?xf32> {sharc.name = "in"}, %B: memref<?x?xf32> {sharc.name = "out"}) {
  affine.parallel (%i, %j) = (0, 0) to (symbol(%n), symbol(%n)) {
    %v = affine.load %A[%i, %j] : memref<?x?xf32>
    affine.store %v, %B[%j, %i] : memref<?x?xf32>
  } {sharc.plan = {block = array<i64: 32, 32, 1>, loops = ["y", "x"], strips = [],
     staged = [{access = "read", arg = 1 : i64, bytes = 4096 : i64, halo_hi = array<i64: 0, 0>, halo_lo = array<i64: 0, 0>, name = "in",
                origin = affine_map<(d0, d1) -> (d0, d1)>, per_strip = array<i64>, tile = array<i64: 32, 32>},
               {access = "write", arg = 2 : i64, bytes = 4096 : i64, halo_hi = array<i64: 0, 0>, halo_lo = array<i64: 0, 0>, name = "out",
                origin = affine_map<(d0, d1) -> (d1, d0)>, per_strip = array<i64>, tile = array<i64: 32, 32>}]}}
  return
}

// -----

// A tile read and written (B[i][j] doubled in place): it is copied in (the block reads it),
// and copied back within the block's iterations: rows min(8, n - origin), columns
// min(32, 100 - origin) (the constant bound is not a multiple of the tile).
// CHECK-DAG: #[[ROWS:map[0-9]*]] = affine_map<(d0)[s0] -> (8, -d0 + s0)>
// CHECK-DAG: #[[COLS:map[0-9]*]] = affine_map<(d0)[s0] -> (32, -d0 + 100)>
// CHECK-LABEL: func.func @double
// CHECK: gpumap.band ({{.*}}) = {{.*}} origin (%[[BI:.*]], %[[BJ:.*]]) {
// CHECK-NEXT: %[[S:.*]] = memplace.alloc_shared : memref<8x32xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memplace.copy_in %arg1[%[[BI]], %[[BJ]]] to %[[S]] sizes [8, 32]
// CHECK-NEXT: memplace.barrier
// CHECK: memplace.barrier
// CHECK-NEXT: %[[E0:.*]] = affine.min #[[ROWS]](%[[BI]])[%arg0]
// CHECK-NEXT: %[[E1:.*]] = affine.min #[[COLS]](%[[BJ]])[%arg0]
// CHECK-NEXT: memplace.copy_out %[[S]] to %arg1[%[[BI]], %[[BJ]]] sizes [8, 32] valid [%[[E0]], %[[E1]]]
// CHECK-NEXT: } {sharc.plan
// REMARK: remark: B staged in shared memory: tile 8x32 (1024 B) at (d0, d1) -> (d0, d1) = (origin of loop 0, origin of loop 1), copied once per block, copied back within the block's iterations
func.func @double(%n: index {sharc.name = "n"}, %B: memref<?x100xf32> {sharc.name = "B"}) {
  affine.parallel (%i, %j) = (0, 0) to (symbol(%n), 100) {
    %v = affine.load %B[%i, %j] : memref<?x100xf32>
    %w = arith.addf %v, %v : f32
    affine.store %w, %B[%i, %j] : memref<?x100xf32>
  } {sharc.plan = {block = array<i64: 32, 8, 1>, loops = ["y", "x"], strips = [],
     staged = [{access = "readwrite", arg = 1 : i64, bytes = 1024 : i64, halo_hi = array<i64: 0, 0>, halo_lo = array<i64: 0, 0>, name = "B",
                origin = affine_map<(d0, d1) -> (d0, d1)>, per_strip = array<i64>, tile = array<i64: 8, 32>}]}}
  return
}

// -----

// Constant bounds that are multiples of the tiles: every block is full, so a tile only written
// is neither copied in nor bounded on the way back.
// CHECK-LABEL: func.func @fill
// CHECK: gpumap.band
// CHECK-NOT: memplace.copy_in
// CHECK-NOT: affine.min
// CHECK: memplace.copy_out %{{.*}} to %arg0[%{{.*}}, %{{.*}}] sizes [32, 32] :
// REMARK: remark: A staged in shared memory: tile 32x32 (4096 B) at (d0, d1) -> (d0, d1) = (origin of loop 0, origin of loop 1), copied once per block, copied back (never copied in: every block is full)
func.func @fill(%A: memref<64x64xf32> {sharc.name = "A"}) {
  affine.parallel (%i, %j) = (0, 0) to (64, 64) {
    %c = arith.constant 1.0 : f32
    affine.store %c, %A[%i, %j] : memref<64x64xf32>
  } {sharc.plan = {block = array<i64: 32, 32, 1>, loops = ["y", "x"], strips = [],
     staged = [{access = "write", arg = 0 : i64, bytes = 4096 : i64, halo_hi = array<i64: 0, 0>, halo_lo = array<i64: 0, 0>, name = "A",
                origin = affine_map<(d0, d1) -> (d0, d1)>, per_strip = array<i64>, tile = array<i64: 32, 32>}]}}
  return
}

// -----

// Written arrays whose tile is not exactly the block's own writes stay in global memory: a
// shifted write (B[i + 1] would overlap the next block's tile once the halo is counted), and an
// array the plan tiles across a strip loop that sharc-map could not strip-mine (k < i).
// CHECK-LABEL: func.func @unsafe
// CHECK-NOT: memplace.
// CHECK: return
// REMARK: remark: B not staged: written, and its tile is not exactly the block's writes (strips or halo)
// REMARK: remark: A not staged: strip loop 1 was not strip-mined (its iterations vary between threads)
func.func @unsafe(%n: index {sharc.name = "n"}, %A: memref<?x?xf32> {sharc.name = "A"}, %B: memref<?xf32> {sharc.name = "B"}) {
  affine.parallel (%i) = (1) to (symbol(%n)) {
    %zero = arith.constant 0.0 : f32
    %s = affine.for %k = 0 to affine_map<(d0) -> (d0)>(%i) iter_args(%acc = %zero) -> (f32) {
      %a = affine.load %A[%i, %k] : memref<?x?xf32>
      %q = arith.addf %acc, %a : f32
      affine.yield %q : f32
    }
    %b = affine.load %B[%i - 1] : memref<?xf32>
    %t = arith.addf %s, %b : f32
    affine.store %t, %B[%i] : memref<?xf32>
  } {sharc.plan = {block = array<i64: 32, 1, 1>, loops = ["x"], strips = [{loop = 1 : i64, size = 8 : i64}],
     staged = [{access = "readwrite", arg = 2 : i64, bytes = 132 : i64, halo_hi = array<i64: 0>, halo_lo = array<i64: 1>, name = "B",
                origin = affine_map<(d0, d1) -> (d0 - 1)>, per_strip = array<i64>, tile = array<i64: 33>},
               {access = "read", arg = 1 : i64, bytes = 1024 : i64, halo_hi = array<i64: 0, 0>, halo_lo = array<i64: 0, 0>, name = "A",
                origin = affine_map<(d0, d1) -> (d0, d1)>, per_strip = array<i64: 1>, tile = array<i64: 32, 8>}]}}
  return
}
