// RUN: sed -e '/tile = memplace/s/row_major/xor<vec = 1, per_phase = 1, max_phase = 32>/' -e '/pairs = memplace/s/row_major/soa<fields = 2>/' %s > %t.xor.mlir
// RUN: sharc-opt %t.xor.mlir --sharc-lower-gpumap -o %t.xor.gpu.mlir
// RUN: FileCheck %s --check-prefix=XOR --input-file=%t.xor.gpu.mlir
// RUN: %if mlir-opt %{ mlir-opt %t.xor.gpu.mlir -o /dev/null %}
// RUN: sharc-run %t.xor.gpu.mlir --entry=main --random-inputs=1 --compare=%s
// RUN: sharc-run %t.xor.mlir --entry=main --random-inputs=1 --target=a100 --metrics=json | grep -o '"shared_[a-z_]*": [0-9]*' > %t.xor.band
// RUN: sharc-run %t.xor.gpu.mlir --entry=main --random-inputs=1 --target=a100 --metrics=json | grep -o '"shared_[a-z_]*": [0-9]*' > %t.xor.kernel
// RUN: diff %t.xor.band %t.xor.kernel
// RUN: FileCheck %s --check-prefix=XOR-SIM --input-file=%t.xor.band
// RUN: sed -e '/tile = memplace/s/row_major/xor<vec = 2, per_phase = 2, max_phase = 8>/' -e '/pairs = memplace/s/row_major/soa<fields = 4>/' %s > %t.vec.mlir
// RUN: sharc-opt %t.vec.mlir --sharc-lower-gpumap -o %t.vec.gpu.mlir
// RUN: FileCheck %s --check-prefix=VEC --input-file=%t.vec.gpu.mlir
// RUN: %if mlir-opt %{ mlir-opt %t.vec.gpu.mlir -o /dev/null %}
// RUN: sharc-run %t.vec.gpu.mlir --entry=main --random-inputs=1 --compare=%s
// RUN: sharc-run %t.vec.mlir --entry=main --random-inputs=1 --target=a100 --metrics=json | grep -o '"shared_[a-z_]*": [0-9]*' > %t.vec.band
// RUN: sharc-run %t.vec.gpu.mlir --entry=main --random-inputs=1 --target=a100 --metrics=json | grep -o '"shared_[a-z_]*": [0-9]*' > %t.vec.kernel
// RUN: diff %t.vec.band %t.vec.kernel
// RUN: FileCheck %s --check-prefix=VEC-SIM --input-file=%t.vec.band
// RUN: sed -e '/tile = memplace/s/row_major/transposed/' -e '/pairs = memplace/s/row_major/row_major/' %s > %t.tr.mlir
// RUN: sharc-opt %t.tr.mlir --sharc-lower-gpumap -o %t.tr.gpu.mlir
// RUN: FileCheck %s --check-prefix=TR --input-file=%t.tr.gpu.mlir
// RUN: %if mlir-opt %{ mlir-opt %t.tr.gpu.mlir -o /dev/null %}
// RUN: sharc-run %t.tr.gpu.mlir --entry=main --random-inputs=1 --compare=%s
// RUN: sharc-run %t.tr.mlir --entry=main --random-inputs=1 --target=a100 --metrics=json | grep -o '"shared_[a-z_]*": [0-9]*' > %t.tr.band
// RUN: sharc-run %t.tr.gpu.mlir --entry=main --random-inputs=1 --target=a100 --metrics=json | grep -o '"shared_[a-z_]*": [0-9]*' > %t.tr.kernel
// RUN: diff %t.tr.band %t.tr.kernel
// RUN: FileCheck %s --check-prefix=TR-SIM --input-file=%t.tr.band
// RUN: sed -e '/tile = memplace/s/row_major/swizzle<2, 4, 3>/' -e '/pairs = memplace/s/row_major/swizzle<1, 0, 5>/' %s > %t.sw.mlir
// RUN: sharc-opt %t.sw.mlir --sharc-lower-gpumap -o %t.sw.gpu.mlir
// RUN: FileCheck %s --check-prefix=FLAT --input-file=%t.sw.gpu.mlir
// RUN: %if mlir-opt %{ mlir-opt %t.sw.gpu.mlir -o /dev/null %}
// RUN: sharc-run %t.sw.gpu.mlir --entry=main --random-inputs=1 --compare=%s
// RUN: sharc-run %t.sw.mlir --entry=main --random-inputs=1 --target=a100 --metrics=json | grep -o '"shared_[a-z_]*": [0-9]*' > %t.sw.band
// RUN: sharc-run %t.sw.gpu.mlir --entry=main --random-inputs=1 --target=a100 --metrics=json | grep -o '"shared_[a-z_]*": [0-9]*' > %t.sw.kernel
// RUN: diff %t.sw.band %t.sw.kernel
// RUN: FileCheck %s --check-prefix=FLAT-SIM --input-file=%t.sw.band
// RUN: sharc-opt %t.sw.gpu.mlir --lower-affine --canonicalize --cse -o %t.sw.ll.mlir
// RUN: sharc-translate %t.sw.ll.mlir --target=a100 --emit=ptx -o %t.sw.ptx
// RUN: %if ptxas %{ ptxas -arch=sm_80 %t.sw.ptx -o %t.sw.cubin %}
// RUN: sharc-opt %t.vec.gpu.mlir --lower-affine --canonicalize --cse -o %t.vec.ll.mlir
// RUN: sharc-translate %t.vec.ll.mlir --target=a100 --emit=ptx -o %t.vec.ptx
// RUN: %if ptxas %{ ptxas -arch=sm_80 %t.vec.ptx -o %t.vec.cubin %}
// RUN: sharc-opt %t.xor.gpu.mlir --lower-affine --canonicalize --cse -o %t.xor.ll.mlir
// RUN: sharc-translate %t.xor.ll.mlir --target=a100 --emit=ptx -o %t.xor.ptx
// RUN: %if ptxas %{ ptxas -arch=sm_80 %t.xor.ptx -o %t.xor.cubin %}
// RUN: sharc-opt %t.tr.gpu.mlir --lower-affine --canonicalize --cse -o %t.tr.ll.mlir
// RUN: sharc-translate %t.tr.ll.mlir --target=a100 --emit=ptx -o %t.tr.ptx
// RUN: %if ptxas %{ ptxas -arch=sm_80 %t.tr.ptx -o %t.tr.cubin %}

// sharc-lower-gpumap lowers shared-buffer layouts to index arithmetic on every access of the
// workgroup attribution, the copy loops' included, so the gpu level is upstream MLIR
// (mlir-opt parses it, ptxas assembles its PTX). The kernel below (a 64x64 transpose through
// a 32x32 tile, and a de-interleave of complex pairs read with memref.load at 2t and 2t + 1) is
// written with row_major buffers; sed gives it four layout pairs. For each, the lowered
// kernel gives the same outputs as the row-major band, and the same shared-memory requests and
// bank wavefronts (a100) as the laid-out band, whose layout sharc-run applies as an address
// map: the diff of the two is the proof the lowering and the simulator agree.

// An XOR swizzle (CuTe's Swizzle<5, 0, 5> on 32-wide rows): the column becomes
// col xor (row mod 32), an arith.xori on the affine.apply'd indices, in the copy loop and in
// the read; memref.store/load because affine maps cannot XOR. SOA on a 1-D buffer of 2-element
// records: the affine copy store gets the composed map [e mod 2, e floordiv 2] into a 2x32
// attribution, the memref.loads arith.remui/divui.
// XOR-LABEL: gpu.func @main_b0
// XOR-SAME: workgroup(%[[T:.*]] : memref<32x32xf32, #gpu.address_space<workgroup>>)
// XOR: affine.for %[[E:.*]] = %{{.*}} to 1024 step 1024 {
// XOR: %[[ROW:.*]] = affine.apply #{{.*}}(%[[E]],
// XOR-NEXT: %[[COL:.*]] = affine.apply #{{.*}}(%[[E]],
// XOR-NEXT: %[[M:.*]] = arith.constant 31 : index
// XOR-NEXT: %[[PH:.*]] = arith.andi %[[ROW]], %[[M]] : index
// XOR-NEXT: %[[SW:.*]] = arith.xori %[[COL]], %[[PH]] : index
// XOR-NEXT: memref.store %{{.*}}, %[[T]][%[[ROW]], %[[SW]]]
// XOR: gpu.barrier
// XOR-NEXT: %[[R2:.*]] = affine.apply
// XOR-NEXT: %[[C2:.*]] = affine.apply
// XOR-NEXT: %[[M2:.*]] = arith.constant 31 : index
// XOR-NEXT: %[[PH2:.*]] = arith.andi %[[R2]], %[[M2]] : index
// XOR-NEXT: %[[SW2:.*]] = arith.xori %[[C2]], %[[PH2]] : index
// XOR-NEXT: memref.load %[[T]][%[[R2]], %[[SW2]]]
// XOR-LABEL: gpu.func @main_b1
// XOR-SAME: workgroup(%[[P:.*]] : memref<2x32xf32, #gpu.address_space<workgroup>>)
// XOR: affine.store %{{.*}}, %[[P]][%[[E1:.*]] mod 2, %[[E1]] floordiv 2]
// XOR: %[[RE:.*]] = arith.muli
// XOR: %[[F:.*]] = arith.remui %[[RE]], %{{.*}} : index
// XOR: %[[I:.*]] = arith.divui %[[RE]], %{{.*}} : index
// XOR: memref.load %[[P]][%[[F]], %[[I]]]
// XOR-SIM: "shared_load_requests": 128
// XOR-SIM: "shared_store_requests": 128
// XOR-SIM: "shared_load_wavefronts": 128
// XOR-SIM: "shared_store_wavefronts": 128
// XOR-SIM: "shared_load_requests": 4
// XOR-SIM: "shared_store_requests": 4
// XOR-SIM: "shared_load_wavefronts": 4
// XOR-SIM: "shared_store_wavefronts": 8

// Vectors of 2 and phases of 2 rows: shifts and masks by the logs of the powers of two,
// col = ((col >> 1) xor ((row >> 1) and 7)) * 2 + (col and 1). SOA of 4-element records.
// VEC-LABEL: gpu.func @main_b0
// VEC-SAME: workgroup(%[[T:.*]] : memref<32x32xf32, #gpu.address_space<workgroup>>)
// VEC: gpu.barrier
// VEC-NEXT: %[[ROW:.*]] = affine.apply
// VEC-NEXT: %[[COL:.*]] = affine.apply
// VEC-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// VEC-NEXT: %[[RP:.*]] = arith.shrui %[[ROW]], %[[ONE]] : index
// VEC-NEXT: %[[SEVEN:.*]] = arith.constant 7 : index
// VEC-NEXT: %[[PH:.*]] = arith.andi %[[RP]], %[[SEVEN]] : index
// VEC-NEXT: %[[ONE2:.*]] = arith.constant 1 : index
// VEC-NEXT: %[[UNIT:.*]] = arith.shrui %[[COL]], %[[ONE2]] : index
// VEC-NEXT: %[[SW:.*]] = arith.xori %[[UNIT]], %[[PH]] : index
// VEC-NEXT: %[[TWO:.*]] = arith.constant 2 : index
// VEC-NEXT: %[[HIGH:.*]] = arith.muli %[[SW]], %[[TWO]] : index
// VEC-NEXT: %[[ONE3:.*]] = arith.constant 1 : index
// VEC-NEXT: %[[LOW:.*]] = arith.andi %[[COL]], %[[ONE3]] : index
// VEC-NEXT: %[[LAST:.*]] = arith.addi %[[HIGH]], %[[LOW]] : index
// VEC-NEXT: memref.load %[[T]][%[[ROW]], %[[LAST]]]
// VEC-LABEL: gpu.func @main_b1
// VEC-SAME: workgroup(%[[P:.*]] : memref<4x16xf32, #gpu.address_space<workgroup>>)
// VEC: affine.store %{{.*}}, %[[P]][%[[E1:.*]] mod 4, %[[E1]] floordiv 4]
// VEC-SIM: "shared_load_wavefronts": 512
// VEC-SIM: "shared_store_wavefronts": 128

// Transposed: the attribution keeps its 32x32 shape with the indices swapped, affine on both
// sides; the conflicts move from the column read to the copy's stores.
// TR-LABEL: gpu.func @main_b0
// TR-SAME: workgroup(%[[T:.*]] : memref<32x32xf32, #gpu.address_space<workgroup>>)
// TR: affine.store %{{.*}}, %[[T]][%[[E:.*]] mod 32, %[[E]] floordiv 32]
// TR: gpu.barrier
// TR: affine.load %[[T]][%[[I:[0-9]+]] - %[[BI:[0-9]+]], %[[J:[0-9]+]] - %[[BJ:[0-9]+]]]
// TR-NEXT: affine.store %{{.*}}, %{{.*}}[%[[BJ]] + %[[I]] - %[[BI]], %[[BI]] + %[[J]] - %[[BJ]]]
// TR-LABEL: gpu.func @main_b1
// TR-SAME: workgroup(%{{.*}} : memref<64xf32, #gpu.address_space<workgroup>>)
// TR-SIM: "shared_load_wavefronts": 128
// TR-SIM: "shared_store_wavefronts": 4096

// CuTe's flat swizzles, which have no xor form here: swizzle<2, 4, 3> on the tile XORs offset
// bits 7..8 into bits 4..5, which straddle the column and the row; swizzle<1, 0, 5> on the 1-D
// pairs flips the low bit of every other 32-element bank line. Any rank: the indices are
// linearised, e xor ((e and mask) >> S) is computed in arith ops, and the result delinearised
// by the static extents (a 1-D buffer needs neither). The pairs' reads at 2t and 2t + 1 and the
// copy's stores are all conflict-free (one wavefront per request).
// FLAT-LABEL: gpu.func @main_b0
// FLAT-SAME: workgroup(%[[T:.*]] : memref<32x32xf32, #gpu.address_space<workgroup>>)
// FLAT: gpu.barrier
// FLAT-NEXT: %[[ROW:.*]] = affine.apply
// FLAT-NEXT: %[[COL:.*]] = affine.apply
// FLAT-NEXT: %[[C32:.*]] = arith.constant 32 : index
// FLAT-NEXT: %[[RP:.*]] = arith.muli %[[ROW]], %[[C32]] : index
// FLAT-NEXT: %[[E:.*]] = arith.addi %[[RP]], %[[COL]] : index
// FLAT-NEXT: %[[MASK:.*]] = arith.constant 384 : index
// FLAT-NEXT: %[[SRC:.*]] = arith.andi %[[E]], %[[MASK]] : index
// FLAT-NEXT: %[[S:.*]] = arith.constant 3 : index
// FLAT-NEXT: %[[MOVED:.*]] = arith.shrui %[[SRC]], %[[S]] : index
// FLAT-NEXT: %[[P:.*]] = arith.xori %[[E]], %[[MOVED]] : index
// FLAT-NEXT: %[[D:.*]] = arith.constant 32 : index
// FLAT-NEXT: %[[PR:.*]] = arith.divui %[[P]], %[[D]] : index
// FLAT-NEXT: %[[R:.*]] = arith.constant 32 : index
// FLAT-NEXT: %[[PC:.*]] = arith.remui %[[P]], %[[R]] : index
// FLAT-NEXT: memref.load %[[T]][%[[PR]], %[[PC]]]
// FLAT-LABEL: gpu.func @main_b1
// FLAT-SAME: workgroup(%[[X:.*]] : memref<64xf32, #gpu.address_space<workgroup>>)
// FLAT: affine.yield %cst
// FLAT-NEXT: }
// FLAT-NEXT: %[[I:.*]] = affine.apply
// FLAT-NEXT: %[[M1:.*]] = arith.constant 32 : index
// FLAT-NEXT: %[[SRC1:.*]] = arith.andi %[[I]], %[[M1]] : index
// FLAT-NEXT: %[[S1:.*]] = arith.constant 5 : index
// FLAT-NEXT: %[[MV1:.*]] = arith.shrui %[[SRC1]], %[[S1]] : index
// FLAT-NEXT: %[[P1:.*]] = arith.xori %[[I]], %[[MV1]] : index
// FLAT-NEXT: memref.store %{{.*}}, %[[X]][%[[P1]]]
// FLAT: gpu.barrier
// FLAT: %[[RE:.*]] = arith.muli
// FLAT-NEXT: %[[IM:.*]] = arith.addi %[[RE]]
// FLAT-NEXT: %[[M2:.*]] = arith.constant 32 : index
// FLAT-NEXT: %[[SRC2:.*]] = arith.andi %[[RE]], %[[M2]] : index
// FLAT: %[[P2:.*]] = arith.xori %[[RE]], %{{.*}} : index
// FLAT-NEXT: memref.load %[[X]][%[[P2]]]
// FLAT-SIM: "shared_load_requests": 128
// FLAT-SIM: "shared_store_requests": 128
// FLAT-SIM: "shared_load_requests": 4
// FLAT-SIM: "shared_store_requests": 4
// FLAT-SIM: "shared_load_wavefronts": 4
// FLAT-SIM: "shared_store_wavefronts": 4
// FLAT-SIM: "shared_bank_conflicts": 0

func.func @main(%in: memref<64x64xf32> {sharc.name = "in"}, %out: memref<64x64xf32> {sharc.name = "out"},
                %x: memref<128xf32> {sharc.name = "x"}, %y: memref<64xf32> {sharc.name = "y"}) {
  gpumap.band (%i, %j) = (0, 0) to (64, 64) block [32, 32] dims [y, x] origin (%bi, %bj) {
    %tile = memplace.alloc_shared layout row_major : memref<32x32xf32, #gpu.address_space<workgroup>>
    memplace.copy_in %in[%bi, %bj] to %tile sizes [32, 32] : memref<64x64xf32>, memref<32x32xf32, #gpu.address_space<workgroup>>
    memplace.barrier
    %v = affine.load %tile[%j - %bj, %i - %bi] : memref<32x32xf32, #gpu.address_space<workgroup>>
    affine.store %v, %out[%bj + %i - %bi, %bi + %j - %bj] : memref<64x64xf32>
  }
  gpumap.band (%k) = (0) to (64) block [32] dims [x] origin (%bk) {
    %pairs = memplace.alloc_shared layout row_major : memref<64xf32, #gpu.address_space<workgroup>>
    memplace.copy_in %x[%bk * 2] to %pairs sizes [64] : memref<128xf32>, memref<64xf32, #gpu.address_space<workgroup>>
    memplace.barrier
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %t = arith.subi %k, %bk : index
    %re_at = arith.muli %t, %c2 : index
    %im_at = arith.addi %re_at, %c1 : index
    %re = memref.load %pairs[%re_at] : memref<64xf32, #gpu.address_space<workgroup>>
    %im = memref.load %pairs[%im_at] : memref<64xf32, #gpu.address_space<workgroup>>
    %d = arith.subf %re, %im : f32
    memref.store %d, %y[%k] : memref<64xf32>
  }
  return
}
