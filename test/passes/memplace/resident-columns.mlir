// RUN: sharc-opt %s --sharc-resident-columns=target=%S/../../target/small-shared.toml -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.mlir
// Every version computes what the band as mapped does, with no race (a race, an
// out-of-bounds access or a divergent barrier is an error of sharc-run). The small target's
// budget (1024 B) holds 8 rows of f32 at 32 threads, 16 at 16, 32 at 8, so n = 6, 12, 24 run
// the three versions of trmm and n = 40 the band as mapped (symm, two arrays: half the rows);
// at the memplace level, then after the rest of the default pipeline and lowering to the gpu
// dialect, and on a real target's budget through ptxas.
// RUN: for e in trmm_6 trmm_12 trmm_24 trmm_40 symm_3 symm_7 symm_12 symm_20 rows_static; do \
// RUN:   sharc-run %t.mlir --entry=$e --random-inputs=1 --arg=arg0=1.5 --compare=%s || exit 1; done
// RUN: sharc-opt %t.mlir --sharc-promote --sharc-bank-conflicts=target=gtx690 --sharc-ilp=target=gtx690 --sharc-eliminate-barriers --sharc-lower-gpumap --lower-affine --canonicalize --cse -o %t.gpu.mlir
// RUN: for e in trmm_6 trmm_12 trmm_24 trmm_40 symm_3 symm_7 symm_12 symm_20 rows_static; do \
// RUN:   sharc-run %t.gpu.mlir --entry=$e --random-inputs=1 --arg=arg0=1.5 --compare=%s || exit 1; done
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect %t.gpu.mlir -o /dev/null %}
// RUN: sharc-opt %s --sharc-resident-columns=target=a100 --sharc-promote --sharc-eliminate-barriers --sharc-lower-gpumap --lower-affine --canonicalize --cse -o %t.a100.mlir
// RUN: sharc-translate %t.a100.mlir --target=a100 --emit=ptx -o %t.ptx
// RUN: %if ptxas %{ ptxas -arch=sm_80 %t.ptx -o %t.cubin %}

// REMARK: remark: resident columns: B 8x32 (1024 B) when dim(B, 0) <= 8 (block 32x1x1; predicted sectors per thread at n = 8: 2.9 against 6.4)
// REMARK: remark: resident columns: B 16x16 (1024 B) when dim(B, 0) <= 16 (block 16x1x1;
// REMARK: remark: resident columns: B 32x8 (1024 B) when dim(B, 0) <= 32 (block 8x1x1;
// REMARK: remark: resident columns: C 4x32 (512 B), B 4x32 (512 B) when dim(C, 0) <= 4 and dim(B, 0) <= 4 (block 32x1x1;
// REMARK: remark: resident columns: C 8x16 (512 B), B 8x16 (512 B) when dim(C, 0) <= 8 and dim(B, 0) <= 8 (block 16x1x1;
// REMARK: remark: resident columns: C 16x8 (512 B), B 16x8 (512 B) when dim(C, 0) <= 16 and dim(B, 0) <= 16 (block 8x1x1;
// REMARK: remark: resident columns: B 8x32 (1024 B) when its rows are static (block 32x1x1; predicted sectors per thread at n = 6:
// REMARK-NOT: remark

// PolyBench trmm (as test/frontend/linear-algebra.c writes it): thread j walks column j of B
// for every i. The band becomes a chain of versions on B's row count, widest first, and the
// band as mapped in the last else.
// CHECK-LABEL: func.func @trmm(
// CHECK: %[[DIM:.*]] = memref.dim %{{.*}}, %c0 : memref<?x?xf32>
// CHECK: %[[OK:.*]] = arith.cmpi sle, %[[DIM]], %c8 : index
// CHECK: scf.if %[[OK]] {
// CHECK: gpumap.band (%[[J:.*]]) = (0) to (symbol(%{{.*}})) block [32] dims [x] origin (%[[O:.*]]) {
// CHECK-NEXT: %[[BS:.*]] = memplace.alloc_shared : memref<8x32xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memplace.copy_in %{{.*}}[0, %[[O]]] to %[[BS]] sizes [8, 32]
// CHECK-NEXT: memplace.barrier
// CHECK: affine.load %[[BS]][%{{.*}}, %[[J]] - %[[O]]]
// The broadcast A[k][i] stays in global memory.
// CHECK: affine.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<?x?xf32>
// CHECK: affine.load %[[BS]][%{{.*}}, %[[J]] - %[[O]]]
// CHECK: affine.store %{{.*}}, %[[BS]][%{{.*}}, %[[J]] - %[[O]]]
// CHECK: memplace.barrier
// CHECK: memplace.copy_out %[[BS]] to %{{.*}}[0, %[[O]]] sizes [8, 32] valid [%{{.*}}, %{{.*}}]
// CHECK: resident = [{{.*}}name = "B"{{.*}}tile = array<i64: 8, 32>
// CHECK: } else {
// CHECK: arith.cmpi sle, %{{.*}}, %c16 : index
// CHECK: block [16] dims [x]
// CHECK: memref<16x16xf32, #gpu.address_space<workgroup>>
// CHECK: arith.cmpi sle, %{{.*}}, %c32 : index
// CHECK: block [8] dims [x]
// CHECK: } else {
// CHECK: gpumap.band (%{{.*}}) = (0) to (symbol(%{{.*}})) block [256] dims [x]
// CHECK-NOT: memplace
// CHECK: return
func.func @trmm(%n: index, %alpha: f32, %A: memref<?x?xf32> {sharc.name = "A"}, %B: memref<?x?xf32> {sharc.name = "B"}) {
  gpumap.band (%j) = (0) to (symbol(%n)) block [256] dims [x] origin (%oj) {
    affine.if affine_set<(d0)[s0] : (s0 - d0 - 1 >= 0)>(%j)[%n] {
      affine.for %r = 0 to %n {
        %i = affine.apply affine_map<(d0)[s0] -> (s0 - d0 - 1)>(%r)[%n]
        %b = affine.load %B[%i, %j] : memref<?x?xf32>
        %s = affine.for %k = affine_map<(d0) -> (d0 + 1)>(%i) to %n iter_args(%acc = %b) -> (f32) {
          %a = affine.load %A[%k, %i] : memref<?x?xf32>
          %bk = affine.load %B[%k, %j] : memref<?x?xf32>
          %p = arith.mulf %a, %bk : f32
          %t = arith.addf %acc, %p : f32
          affine.yield %t : f32
        }
        %v = arith.mulf %alpha, %s : f32
        affine.store %v, %B[%i, %j] : memref<?x?xf32>
      }
    }
  } {sharc.plan = {block = array<i64: 256, 1, 1>, loops = ["x"], staged = [], strips = []}}
  return
}

// PolyBench symm: C[k][j] and B[k][j] along k < i, for every i; both kept, both guarded.
// CHECK-LABEL: func.func @symm(
// CHECK: arith.cmpi sle, %{{.*}}, %c4 : index
// CHECK: arith.cmpi sle, %{{.*}}, %c4 : index
// CHECK: arith.andi
// CHECK: scf.if
// CHECK: memref<4x32xf32, #gpu.address_space<workgroup>>
// CHECK: memref<4x32xf32, #gpu.address_space<workgroup>>
// CHECK: arith.andi
// CHECK: memref<8x16xf32, #gpu.address_space<workgroup>>
// CHECK: arith.andi
// CHECK: memref<16x8xf32, #gpu.address_space<workgroup>>
// CHECK: } else {
// CHECK-NEXT: gpumap.band
// CHECK-SAME: block [256]
// CHECK: return
func.func @symm(%m: index, %alpha: f32, %C: memref<?x?xf32> {sharc.name = "C"}, %A: memref<?x?xf32> {sharc.name = "A"}, %B: memref<?x?xf32> {sharc.name = "B"}) {
  gpumap.band (%j) = (0) to (symbol(%m)) block [256] dims [x] origin (%oj) {
    affine.if affine_set<(d0)[s0] : (s0 - d0 - 1 >= 0)>(%j)[%m] {
      affine.for %i = 0 to %m {
        %bij = affine.load %B[%i, %j] : memref<?x?xf32>
        %zero = arith.constant 0.0 : f32
        %t2 = affine.for %k = 0 to affine_map<(d0) -> (d0)>(%i) iter_args(%acc = %zero) -> (f32) {
          %aik = affine.load %A[%i, %k] : memref<?x?xf32>
          %ab = arith.mulf %alpha, %bij : f32
          %c = arith.mulf %ab, %aik : f32
          %ckj = affine.load %C[%k, %j] : memref<?x?xf32>
          %cs = arith.addf %ckj, %c : f32
          affine.store %cs, %C[%k, %j] : memref<?x?xf32>
          %bkj = affine.load %B[%k, %j] : memref<?x?xf32>
          %p = arith.mulf %bkj, %aik : f32
          %t = arith.addf %acc, %p : f32
          affine.yield %t : f32
        }
        %cij = affine.load %C[%i, %j] : memref<?x?xf32>
        %r = arith.mulf %alpha, %t2 : f32
        %u = arith.addf %cij, %r : f32
        affine.store %u, %C[%i, %j] : memref<?x?xf32>
      }
    }
  } {sharc.plan = {block = array<i64: 256, 1, 1>, loops = ["x"], staged = [], strips = []}}
  return
}

// Static rows: the widest version whose rows hold the array replaces the band, unguarded.
// CHECK-LABEL: func.func @rows_static(
// CHECK-NOT: scf.if
// CHECK: gpumap.band (%{{.*}}) = (0) to (64) block [32] dims [x]
// CHECK: memref<8x32xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: gpumap.band
// CHECK: return
func.func @rows_static(%alpha: f32, %X: memref<6x64xf32> {sharc.name = "B"}) {
  gpumap.band (%j) = (0) to (64) block [64] dims [x] origin (%oj) {
    affine.for %i = 0 to 6 {
      %s = affine.for %k = 0 to affine_map<(d0) -> (d0)>(%i) iter_args(%acc = %alpha) -> (f32) {
        %x = affine.load %X[%k, %j] : memref<6x64xf32>
        %t = arith.addf %acc, %x : f32
        affine.yield %t : f32
      }
      affine.store %s, %X[%i, %j] : memref<6x64xf32>
    }
  } {sharc.plan = {block = array<i64: 64, 1, 1>, loops = ["x"], staged = [], strips = []}}
  return
}

// Left as they are: a row subscript that uses j (thread j reads another thread's column),
// two column offsets, no reuse (each element read once), a 2-D band.
// CHECK-LABEL: func.func @not_private(
// CHECK-NOT: memplace
// CHECK-NOT: scf.if
// CHECK: return
func.func @not_private(%n: index, %X: memref<?x?xf32>, %Y: memref<?x?xf32>, %Z: memref<?x?xf32>) {
  gpumap.band (%j) = (0) to (symbol(%n)) block [256] dims [x] origin (%oj) {
    affine.if affine_set<(d0)[s0] : (s0 - d0 - 2 >= 0)>(%j)[%n] {
      affine.for %i = 0 to %n {
        affine.for %k = 0 to %n {
          %x = affine.load %X[%j, %k] : memref<?x?xf32>
          %y0 = affine.load %Y[%k, %j] : memref<?x?xf32>
          %y1 = affine.load %Y[%k, %j + 1] : memref<?x?xf32>
          %s = arith.addf %x, %y0 : f32
          %t = arith.addf %s, %y1 : f32
          affine.store %t, %X[%j, %k] : memref<?x?xf32>
        }
        %z = affine.load %Z[%i, %j] : memref<?x?xf32>
        %z2 = arith.addf %z, %z : f32
        affine.store %z2, %Z[%i, %j] : memref<?x?xf32>
      }
    }
  } {sharc.plan = {block = array<i64: 256, 1, 1>, loops = ["x"], staged = [], strips = []}}
  return
}

// CHECK-LABEL: func.func @band_2d(
// CHECK-NOT: memplace
// CHECK: return
func.func @band_2d(%n: index, %X: memref<?x?xf32>) {
  gpumap.band (%i, %j) = (0, 0) to (symbol(%n), symbol(%n)) block [8, 32] dims [y, x] origin (%oi, %oj) {
    affine.if affine_set<(d0, d1)[s0] : (s0 - d0 - 1 >= 0, s0 - d1 - 1 >= 0)>(%i, %j)[%n] {
      affine.for %k = 0 to %n {
        %x = affine.load %X[%k, %j] : memref<?x?xf32>
        %y = arith.addf %x, %x : f32
        affine.store %y, %X[%k, %j] : memref<?x?xf32>
      }
    }
  } {sharc.plan = {block = array<i64: 8, 32, 1>, loops = ["y", "x"], staged = [], strips = []}}
  return
}

// Entries: static arrays of each size, cast to the kernels' dynamic types.
func.func @trmm_at(%n: index, %alpha: f32, %A: memref<?x?xf32>, %B: memref<?x?xf32>) {
  func.call @trmm(%n, %alpha, %A, %B) : (index, f32, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
func.func @trmm_6(%alpha: f32, %A: memref<6x6xf32>, %B: memref<6x6xf32>) {
  %n = arith.constant 6 : index
  %a = memref.cast %A : memref<6x6xf32> to memref<?x?xf32>
  %b = memref.cast %B : memref<6x6xf32> to memref<?x?xf32>
  func.call @trmm_at(%n, %alpha, %a, %b) : (index, f32, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
func.func @trmm_12(%alpha: f32, %A: memref<12x12xf32>, %B: memref<12x12xf32>) {
  %n = arith.constant 12 : index
  %a = memref.cast %A : memref<12x12xf32> to memref<?x?xf32>
  %b = memref.cast %B : memref<12x12xf32> to memref<?x?xf32>
  func.call @trmm_at(%n, %alpha, %a, %b) : (index, f32, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
func.func @trmm_24(%alpha: f32, %A: memref<24x24xf32>, %B: memref<24x24xf32>) {
  %n = arith.constant 24 : index
  %a = memref.cast %A : memref<24x24xf32> to memref<?x?xf32>
  %b = memref.cast %B : memref<24x24xf32> to memref<?x?xf32>
  func.call @trmm_at(%n, %alpha, %a, %b) : (index, f32, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
func.func @trmm_40(%alpha: f32, %A: memref<40x40xf32>, %B: memref<40x40xf32>) {
  %n = arith.constant 40 : index
  %a = memref.cast %A : memref<40x40xf32> to memref<?x?xf32>
  %b = memref.cast %B : memref<40x40xf32> to memref<?x?xf32>
  func.call @trmm_at(%n, %alpha, %a, %b) : (index, f32, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
func.func @symm_3(%alpha: f32, %C: memref<3x3xf32>, %A: memref<3x3xf32>, %B: memref<3x3xf32>) {
  %n = arith.constant 3 : index
  %c = memref.cast %C : memref<3x3xf32> to memref<?x?xf32>
  %a = memref.cast %A : memref<3x3xf32> to memref<?x?xf32>
  %b = memref.cast %B : memref<3x3xf32> to memref<?x?xf32>
  func.call @symm(%n, %alpha, %c, %a, %b) : (index, f32, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
func.func @symm_7(%alpha: f32, %C: memref<7x7xf32>, %A: memref<7x7xf32>, %B: memref<7x7xf32>) {
  %n = arith.constant 7 : index
  %c = memref.cast %C : memref<7x7xf32> to memref<?x?xf32>
  %a = memref.cast %A : memref<7x7xf32> to memref<?x?xf32>
  %b = memref.cast %B : memref<7x7xf32> to memref<?x?xf32>
  func.call @symm(%n, %alpha, %c, %a, %b) : (index, f32, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
func.func @symm_12(%alpha: f32, %C: memref<12x12xf32>, %A: memref<12x12xf32>, %B: memref<12x12xf32>) {
  %n = arith.constant 12 : index
  %c = memref.cast %C : memref<12x12xf32> to memref<?x?xf32>
  %a = memref.cast %A : memref<12x12xf32> to memref<?x?xf32>
  %b = memref.cast %B : memref<12x12xf32> to memref<?x?xf32>
  func.call @symm(%n, %alpha, %c, %a, %b) : (index, f32, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
func.func @symm_20(%alpha: f32, %C: memref<20x20xf32>, %A: memref<20x20xf32>, %B: memref<20x20xf32>) {
  %n = arith.constant 20 : index
  %c = memref.cast %C : memref<20x20xf32> to memref<?x?xf32>
  %a = memref.cast %A : memref<20x20xf32> to memref<?x?xf32>
  %b = memref.cast %B : memref<20x20xf32> to memref<?x?xf32>
  func.call @symm(%n, %alpha, %c, %a, %b) : (index, f32, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
