// RUN: sharc-run %s --entry=main --target=a100 --random-inputs=1 --metrics=json | FileCheck %s --check-prefix=A100
// RUN: sharc-run %s --entry=main --target=hd7850 --random-inputs=1 --metrics=json | FileCheck %s --check-prefix=GCN
// RUN: sharc-run %s --entry=main --target=%S/../target/lds64.toml --random-inputs=1 --metrics=json | FileCheck %s --check-prefix=LDS64
// RUN: sharc-run %s --entry=main --target=hd7850 --random-inputs=1 --metrics=table | FileCheck %s --check-prefix=TABLE

// shared_bank_conflicts = wavefronts - ideal wavefronts (Nsight Compute's definition), not
// wavefronts - requests: a request that costs its conflict-free minimum has no conflict, however
// many wavefronts that minimum is. Each kernel runs one block of 64 threads (two warps on a100, one
// wavefront on the AMD targets), stores to a shared tile and loads back from it (two shared ops).
//
// @row_f64: lane i at byte 8*i. a100: two half-warp phases per request, 4 requests (2 ops x 2
// warps): 8 wavefronts, all ideal (wavefronts - requests said 4 conflicts). hd7850: two half-wave
// groups of two 16-lane phases, 4 per request. lds64: 512 bytes in two 256-byte passes.
// A100: "kernel": "row_f64"
// A100-SAME: "shared_load_requests": 2, "shared_store_requests": 2, "shared_bank_wavefronts": 8
// A100-SAME: "shared_ideal_wavefronts": 8, "shared_load_ideal_wavefronts": 4, "shared_store_ideal_wavefronts": 4, "shared_bank_conflicts": 0
// GCN: "kernel": "row_f64"
// GCN-SAME: "shared_load_requests": 1, "shared_store_requests": 1, "shared_bank_wavefronts": 8
// GCN-SAME: "shared_ideal_wavefronts": 8, {{.*}} "shared_bank_conflicts": 0
// LDS64: "kernel": "row_f64"
// LDS64-SAME: "shared_load_requests": 1, "shared_store_requests": 1, "shared_bank_wavefronts": 4
// LDS64-SAME: "shared_ideal_wavefronts": 4, {{.*}} "shared_bank_conflicts": 0
//
// @row_f32: lane i at byte 4*i. One wavefront per warp on a100 and lds64; two (half-wave groups)
// per wavefront on hd7850, where wavefronts - requests said 2 conflicts.
// A100: "kernel": "row_f32"
// A100-SAME: "shared_bank_wavefronts": 4, {{.*}} "shared_ideal_wavefronts": 4, {{.*}} "shared_bank_conflicts": 0
// GCN: "kernel": "row_f32"
// GCN-SAME: "shared_load_requests": 1, "shared_store_requests": 1, "shared_bank_wavefronts": 4
// GCN-SAME: "shared_ideal_wavefronts": 4, {{.*}} "shared_bank_conflicts": 0
// LDS64: "kernel": "row_f32"
// LDS64-SAME: "shared_bank_wavefronts": 2, {{.*}} "shared_ideal_wavefronts": 2, {{.*}} "shared_bank_conflicts": 0
//
// @column_f32: lane i at byte 128*i (a column of a 64x32 tile), a real conflict. a100 and hd7850:
// every 32-lane request or group puts its lanes in one bank, 32 wavefronts where 1 is ideal.
// lds64: 64 banks make it two banks of 32 lanes, 32-way, ideal 1.
// A100: "kernel": "column_f32"
// A100-SAME: "shared_bank_wavefronts": 128, {{.*}} "shared_ideal_wavefronts": 4, {{.*}} "shared_bank_conflicts": 124
// GCN: "kernel": "column_f32"
// GCN-SAME: "shared_bank_wavefronts": 128, {{.*}} "shared_ideal_wavefronts": 4, {{.*}} "shared_bank_conflicts": 124
// LDS64: "kernel": "column_f32"
// LDS64-SAME: "shared_bank_wavefronts": 64, {{.*}} "shared_ideal_wavefronts": 2, {{.*}} "shared_bank_conflicts": 62
//
// @stride2_f64: lane i at byte 16*i, a real conflict of a wide access: each 256-byte span of a
// phase wraps the banks once, two-way in every phase (a100 and hd7850: 16-lane phases; lds64:
// 32-lane phases), twice the ideal.
// A100: "kernel": "stride2_f64"
// A100-SAME: "shared_bank_wavefronts": 16, {{.*}} "shared_ideal_wavefronts": 8, {{.*}} "shared_bank_conflicts": 8
// GCN: "kernel": "stride2_f64"
// GCN-SAME: "shared_bank_wavefronts": 16, {{.*}} "shared_ideal_wavefronts": 8, {{.*}} "shared_bank_conflicts": 8
// LDS64: "kernel": "stride2_f64"
// LDS64-SAME: "shared_bank_wavefronts": 8, {{.*}} "shared_ideal_wavefronts": 4, {{.*}} "shared_bank_conflicts": 4
//
// The table gives each shared op its wavefronts and their ideal.
// TABLE: shared_ideal_wavefronts 8 4 4 8
// TABLE: memory ops of column_f32:
// TABLE: wide-and-wave64-conflicts.mlir:{{[0-9]+}}:{{[0-9]+}}: memref.store shared store: 1 requests, 64 wavefronts (64 per request), 2 ideal
// TABLE-NEXT: wide-and-wave64-conflicts.mlir:{{[0-9]+}}:{{[0-9]+}}: memref.load shared load: 1 requests, 64 wavefronts (64 per request), 2 ideal

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @row_f64(%io: memref<64xf64>)
        workgroup(%t: memref<64xf64, #gpu.address_space<workgroup>>) kernel {
      %tx = gpu.thread_id x
      %v = memref.load %io[%tx] : memref<64xf64>
      memref.store %v, %t[%tx] : memref<64xf64, #gpu.address_space<workgroup>>
      %w = memref.load %t[%tx] : memref<64xf64, #gpu.address_space<workgroup>>
      memref.store %w, %io[%tx] : memref<64xf64>
      gpu.return
    }
    gpu.func @row_f32(%io: memref<64xf32>)
        workgroup(%t: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
      %tx = gpu.thread_id x
      %v = memref.load %io[%tx] : memref<64xf32>
      memref.store %v, %t[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
      %w = memref.load %t[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %w, %io[%tx] : memref<64xf32>
      gpu.return
    }
    gpu.func @column_f32(%io: memref<64xf32>)
        workgroup(%t: memref<64x32xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %tx = gpu.thread_id x
      %v = memref.load %io[%tx] : memref<64xf32>
      memref.store %v, %t[%tx, %c0] : memref<64x32xf32, #gpu.address_space<workgroup>>
      %w = memref.load %t[%tx, %c0] : memref<64x32xf32, #gpu.address_space<workgroup>>
      memref.store %w, %io[%tx] : memref<64xf32>
      gpu.return
    }
    gpu.func @stride2_f64(%io: memref<64xf64>)
        workgroup(%t: memref<128xf64, #gpu.address_space<workgroup>>) kernel {
      %c2 = arith.constant 2 : index
      %tx = gpu.thread_id x
      %i = arith.muli %tx, %c2 : index
      %v = memref.load %io[%tx] : memref<64xf64>
      memref.store %v, %t[%i] : memref<128xf64, #gpu.address_space<workgroup>>
      %w = memref.load %t[%i] : memref<128xf64, #gpu.address_space<workgroup>>
      memref.store %w, %io[%tx] : memref<64xf64>
      gpu.return
    }
  }
  func.func @main(%d: memref<64xf64> {sharc.name = "d"}, %f: memref<64xf32> {sharc.name = "f"}) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@row_f64 blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d : memref<64xf64>)
    gpu.launch_func @kernels::@row_f32 blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%f : memref<64xf32>)
    gpu.launch_func @kernels::@column_f32 blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%f : memref<64xf32>)
    gpu.launch_func @kernels::@stride2_f64 blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d : memref<64xf64>)
    return
  }
}
