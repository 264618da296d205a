// Narrowing an f64 to f16 or bf16 rounds once, from the exact value, in the simulator and in
// compiled code alike. 1.0004882812500002 = 1 + 2^-11 + 2^-52 is just above the halfway point
// between the halves 1.0 and 1 + 2^-10, so it becomes 0x3C01 (15361); rounding to f32 first
// would give the tie 1 + 2^-11 and then 0x3C00. numpy and upstream's APFloat agree.
// RUN: sharc-run %s --entry=half | FileCheck %s --check-prefix=HALF
// RUN: sharc-run %s --entry=half --exec=host | FileCheck %s --check-prefix=HALF
// HALF: result 0: 15361 : i16
// HALF-NEXT: result 1: 15364 : i16
// The f32 tie 1 + 2^-11 goes to the even half 1.0, and the f16 result widens exactly.
// HALF-NEXT: result 2: 15360 : i16
// HALF-NEXT: result 3: 1.0009765625 : f64

// 1 + 2^-8 + 2^-40 does the same in bf16: 0x3F81 (16257), not 0x3F80.
// RUN: sharc-run %s --entry=bfloat | FileCheck %s --check-prefix=BF16
// BF16: result 0: 16256 : i16
// BF16-NEXT: result 1: 16257 : i16
// sitofp rounds once from the integer: 2^62 + 2^54 + 1 is above the tie between the bf16 values
// 2^62 (0x5E80) and 2^62 + 2^55 (0x5E81); through f64 it would be the tie and then 0x5E80.
// BF16-NEXT: result 2: 24193 : i16

// Compiled kernels narrow to bf16 inline on the host (the C runtime may lack __truncdfbf2 and
// __truncsfbf2): the same bits as the simulator, for the halfway cases, the largest finite
// values, overflow to infinity, values too small for bf16, signed zeros and NaN.
// RUN: sharc-run %s --entry=bfloat_kernel | FileCheck %s --check-prefix=BF16K
// RUN: sharc-run %s --entry=bfloat_kernel --exec=host | FileCheck %s --check-prefix=BF16K
// BF16K: result 0: 16257 : i16
// 1 + 2^-8 exactly: the tie goes to the even 1.0.
// BF16K-NEXT: result 1: 16256 : i16
// The largest f32 rounds up to infinity in bf16; f64 overflow too.
// BF16K-NEXT: result 2: 32640 : i16
// BF16K-NEXT: result 3: -128 : i16
// -1e-50 is far below bf16's smallest subnormal: -0.
// BF16K-NEXT: result 4: -32768 : i16
// The largest finite bf16 stays itself; NaN stays a quiet NaN.
// BF16K-NEXT: result 5: 32639 : i16
// BF16K-NEXT: result 6: 32704 : i16
// An f32 input: 1 + 2^-8 + 2^-23 is above the tie.
// BF16K-NEXT: result 7: 16257 : i16
// RUN: sharc-run %s --entry=bfloat_random --random-inputs=3 --exec=host --compare=%s
// Integers to bf16 round once too, compiled as simulated: 2^62 + 2^54 + 1 just above a tie,
// 2^62 + 2^54 on it (to even), its negation, the extremes of i64 and u64, 1.
// RUN: sharc-run %s --entry=int_to_bfloat | FileCheck %s --check-prefix=INT
// RUN: sharc-run %s --entry=int_to_bfloat --exec=host | FileCheck %s --check-prefix=INT
// INT: result 0: 24193 : i16
// INT-NEXT: result 1: 24192 : i16
// INT-NEXT: result 2: -8575 : i16
// INT-NEXT: result 3: 24320 : i16
// INT-NEXT: result 4: -8448 : i16
// INT-NEXT: result 5: 16256 : i16
// INT-NEXT: result 6: 24448 : i16
// INT-NEXT: result 7: 24193 : i16

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // Threads 0-5 convert in[i] as signed, 6-7 as unsigned, to bf16.
    gpu.func @int_to_bf16(%in: memref<8xi64>, %out: memref<8xi16>) kernel {
      %tx = gpu.thread_id x
      %c6 = arith.constant 6 : index
      %x = memref.load %in[%tx] : memref<8xi64>
      %unsigned = arith.cmpi uge, %tx, %c6 : index
      %n = scf.if %unsigned -> (bf16) {
        %u = arith.uitofp %x : i64 to bf16
        scf.yield %u : bf16
      } else {
        %v = arith.sitofp %x : i64 to bf16
        scf.yield %v : bf16
      }
      %b = arith.bitcast %n : bf16 to i16
      memref.store %b, %out[%tx] : memref<8xi16>
      gpu.return
    }
    // Thread i narrows in[i] to bf16 and stores the bits; thread 7 narrows an f32.
    gpu.func @to_bf16(%in: memref<8xf64>, %in32: memref<8xf32>, %out: memref<8xi16>) kernel {
      %tx = gpu.thread_id x
      %c7 = arith.constant 7 : index
      %is32 = arith.cmpi eq, %tx, %c7 : index
      %bits = scf.if %is32 -> (i16) {
        %x = memref.load %in32[%tx] : memref<8xf32>
        %n = arith.truncf %x : f32 to bf16
        %b = arith.bitcast %n : bf16 to i16
        scf.yield %b : i16
      } else {
        %x = memref.load %in[%tx] : memref<8xf64>
        %n = arith.truncf %x : f64 to bf16
        %b = arith.bitcast %n : bf16 to i16
        scf.yield %b : i16
      }
      memref.store %bits, %out[%tx] : memref<8xi16>
      gpu.return
    }

    // Thread i narrows in[i] to f16 and stores the bits.
    gpu.func @to_f16(%in: memref<2xf64>, %out: memref<2xi16>) kernel {
      %tx = gpu.thread_id x
      %x = memref.load %in[%tx] : memref<2xf64>
      %n = arith.truncf %x : f64 to f16
      %bits = arith.bitcast %n : f16 to i16
      memref.store %bits, %out[%tx] : memref<2xi16>
      gpu.return
    }
  }
  // The inputs, in a buffer so that the kernels convert them at run time.
  func.func @inputs() -> memref<2xf64> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %in = memref.alloc() : memref<2xf64>
    %x0 = arith.constant 1.0004882812500002 : f64
    %x1 = arith.constant 1.0039062500009095 : f64
    memref.store %x0, %in[%c0] : memref<2xf64>
    memref.store %x1, %in[%c1] : memref<2xf64>
    return %in : memref<2xf64>
  }
  func.func @half() -> (i16, i16, i16, f64) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %in = func.call @inputs() : () -> memref<2xf64>
    %out = memref.alloc() : memref<2xi16>
    gpu.launch_func @kernels::@to_f16 blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1)
        args(%in : memref<2xf64>, %out : memref<2xi16>)
    %h0 = memref.load %out[%c0] : memref<2xi16>
    %h1 = memref.load %out[%c1] : memref<2xi16>
    %tie = arith.constant 1.00048828125 : f32
    %tie_h = arith.truncf %tie : f32 to f16
    %tie_bits = arith.bitcast %tie_h : f16 to i16
    %x0 = memref.load %in[%c0] : memref<2xf64>
    %x0_h = arith.truncf %x0 : f64 to f16
    %wide = arith.extf %x0_h : f16 to f64
    return %h0, %h1, %tie_bits, %wide : i16, i16, i16, f64
  }
  func.func @bfloat() -> (i16, i16, i16) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %in = func.call @inputs() : () -> memref<2xf64>
    %x0 = memref.load %in[%c0] : memref<2xf64>
    %x1 = memref.load %in[%c1] : memref<2xf64>
    %n0 = arith.truncf %x0 : f64 to bf16
    %n1 = arith.truncf %x1 : f64 to bf16
    %b0 = arith.bitcast %n0 : bf16 to i16
    %b1 = arith.bitcast %n1 : bf16 to i16
    %big = arith.constant 4629700416936869889 : i64
    %n2 = arith.sitofp %big : i64 to bf16
    %b2 = arith.bitcast %n2 : bf16 to i16
    return %b0, %b1, %b2 : i16, i16, i16
  }
  func.func @bfloat_kernel() -> (i16, i16, i16, i16, i16, i16, i16, i16) {
    %in = memref.alloc() : memref<8xf64>
    %in32 = memref.alloc() : memref<8xf32>
    %out = memref.alloc() : memref<8xi16>
    %v0 = arith.constant 1.0039062500009095 : f64
    %v1 = arith.constant 1.00390625 : f64
    %v2 = arith.constant 3.4028234663852886e+38 : f64
    %v3 = arith.constant -1.0e+39 : f64
    %v4 = arith.constant -1.0e-50 : f64
    %v5 = arith.constant 3.3895313892515355e+38 : f64
    %v6 = arith.constant 0x7FF8000000000000 : f64
    %v7 = arith.constant 1.0039063692092896 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    memref.store %v0, %in[%c0] : memref<8xf64>
    memref.store %v1, %in[%c1] : memref<8xf64>
    memref.store %v2, %in[%c2] : memref<8xf64>
    memref.store %v3, %in[%c3] : memref<8xf64>
    memref.store %v4, %in[%c4] : memref<8xf64>
    memref.store %v5, %in[%c5] : memref<8xf64>
    memref.store %v6, %in[%c6] : memref<8xf64>
    memref.store %v7, %in32[%c7] : memref<8xf32>
    gpu.launch_func @kernels::@to_bf16 blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1)
        args(%in : memref<8xf64>, %in32 : memref<8xf32>, %out : memref<8xi16>)
    %r0 = memref.load %out[%c0] : memref<8xi16>
    %r1 = memref.load %out[%c1] : memref<8xi16>
    %r2 = memref.load %out[%c2] : memref<8xi16>
    %r3 = memref.load %out[%c3] : memref<8xi16>
    %r4 = memref.load %out[%c4] : memref<8xi16>
    %r5 = memref.load %out[%c5] : memref<8xi16>
    %r6 = memref.load %out[%c6] : memref<8xi16>
    %r7 = memref.load %out[%c7] : memref<8xi16>
    return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : i16, i16, i16, i16, i16, i16, i16, i16
  }
  // Random inputs, compiled against simulated: every bit of the results equal.
  func.func @bfloat_random(%in: memref<8xf64>, %in32: memref<8xf32>, %out: memref<8xi16>) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    gpu.launch_func @kernels::@to_bf16 blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1)
        args(%in : memref<8xf64>, %in32 : memref<8xf32>, %out : memref<8xi16>)
    return
  }
  func.func @int_to_bfloat() -> (i16, i16, i16, i16, i16, i16, i16, i16) {
    %in = memref.alloc() : memref<8xi64>
    %out = memref.alloc() : memref<8xi16>
    %v0 = arith.constant 4629700416936869889 : i64
    %v1 = arith.constant 4629700416936869888 : i64
    %v2 = arith.constant -4629700416936869889 : i64
    %v3 = arith.constant 9223372036854775807 : i64
    %v4 = arith.constant -9223372036854775808 : i64
    %v5 = arith.constant 1 : i64
    %v6 = arith.constant -1 : i64
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    memref.store %v0, %in[%c0] : memref<8xi64>
    memref.store %v1, %in[%c1] : memref<8xi64>
    memref.store %v2, %in[%c2] : memref<8xi64>
    memref.store %v3, %in[%c3] : memref<8xi64>
    memref.store %v4, %in[%c4] : memref<8xi64>
    memref.store %v5, %in[%c5] : memref<8xi64>
    memref.store %v6, %in[%c6] : memref<8xi64>
    memref.store %v0, %in[%c7] : memref<8xi64>
    gpu.launch_func @kernels::@int_to_bf16 blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1)
        args(%in : memref<8xi64>, %out : memref<8xi16>)
    %r0 = memref.load %out[%c0] : memref<8xi16>
    %r1 = memref.load %out[%c1] : memref<8xi16>
    %r2 = memref.load %out[%c2] : memref<8xi16>
    %r3 = memref.load %out[%c3] : memref<8xi16>
    %r4 = memref.load %out[%c4] : memref<8xi16>
    %r5 = memref.load %out[%c5] : memref<8xi16>
    %r6 = memref.load %out[%c6] : memref<8xi16>
    %r7 = memref.load %out[%c7] : memref<8xi16>
    return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : i16, i16, i16, i16, i16, i16, i16, i16
  }
}
