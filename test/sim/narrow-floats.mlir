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

// 1 + 2^-8 + 2^-40 does the same in bf16: 0x3F81 (16257), not 0x3F80. In host code only: the
// compiled kernels of this file must not narrow to bf16, which the host JIT cannot do (the C
// runtime has no __truncdfbf2).
// RUN: sharc-run %s --entry=bfloat | FileCheck %s --check-prefix=BF16
// BF16: result 0: 16256 : i16
// BF16-NEXT: result 1: 16257 : i16
// sitofp rounds once from the integer: 2^62 + 2^54 + 1 is above the tie between the bf16 values
// 2^62 (0x5E80) and 2^62 + 2^55 (0x5E81); through f64 it would be the tie and then 0x5E80.
// BF16-NEXT: result 2: 24193 : i16

module attributes {gpu.container_module} {
  gpu.module @kernels {
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
}
