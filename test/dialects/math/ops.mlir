// RUN: sharc-opt %s | FileCheck %s
// RUN: sharc-opt %s | sharc-opt | FileCheck %s
// RUN: %if mlir-opt %{ sharc-opt %s | mlir-opt | FileCheck %s %}
// RUN: sharc-opt %s --mlir-print-op-generic | sharc-opt | FileCheck %s
// RUN: sed -e '/^\/\/ -----$/b' -e '/^[[:space:]]*\/\//d' %s > %t
// RUN: sharc-opt %s | diff -u %t -
// CHECK: module {
module {
  // Unary float math ops on f32 (`math.op %x : T` form).
  // CHECK-LABEL: func.func @unary_f32(%arg0: f32) -> f32 {
  // CHECK-NEXT:   %0 = math.sqrt %arg0 : f32
  // CHECK-NEXT:   %1 = math.rsqrt %0 : f32
  // CHECK-NEXT:   %2 = math.exp %1 : f32
  // CHECK-NEXT:   %3 = math.exp2 %2 : f32
  // CHECK-NEXT:   %4 = math.log %3 : f32
  // CHECK-NEXT:   %5 = math.log2 %4 : f32
  // CHECK-NEXT:   %6 = math.log10 %5 : f32
  // CHECK-NEXT:   %7 = math.absf %6 : f32
  // CHECK-NEXT:   %8 = math.sin %7 : f32
  // CHECK-NEXT:   %9 = math.cos %8 : f32
  // CHECK-NEXT:   %10 = math.tanh %9 : f32
  // CHECK-NEXT:   %11 = math.floor %10 : f32
  // CHECK-NEXT:   %12 = math.ceil %11 : f32
  // CHECK-NEXT:   %13 = math.erf %12 : f32
  // CHECK-NEXT:   return %13 : f32
  // CHECK-NEXT: }
  func.func @unary_f32(%arg0: f32) -> f32 {
    %0 = math.sqrt %arg0 : f32
    %1 = math.rsqrt %0 : f32
    %2 = math.exp %1 : f32
    %3 = math.exp2 %2 : f32
    %4 = math.log %3 : f32
    %5 = math.log2 %4 : f32
    %6 = math.log10 %5 : f32
    %7 = math.absf %6 : f32
    %8 = math.sin %7 : f32
    %9 = math.cos %8 : f32
    %10 = math.tanh %9 : f32
    %11 = math.floor %10 : f32
    %12 = math.ceil %11 : f32
    %13 = math.erf %12 : f32
    return %13 : f32
  }
  // Binary/ternary float math ops: powf, copysign, fma.
  // CHECK-LABEL: func.func @binary_ternary(%arg0: f64, %arg1: f64, %arg2: f64) -> f64 {
  // CHECK-NEXT:   %0 = math.powf %arg0, %arg1 : f64
  // CHECK-NEXT:   %1 = math.copysign %0, %arg1 : f64
  // CHECK-NEXT:   %2 = math.fma %1, %arg1, %arg2 : f64
  // CHECK-NEXT:   return %2 : f64
  // CHECK-NEXT: }
  func.func @binary_ternary(%arg0: f64, %arg1: f64, %arg2: f64) -> f64 {
    %0 = math.powf %arg0, %arg1 : f64
    %1 = math.copysign %0, %arg1 : f64
    %2 = math.fma %1, %arg1, %arg2 : f64
    return %2 : f64
  }
  // math.absi on integers of several widths and on an integer vector.
  // CHECK-LABEL: func.func @absi(%arg0: i32, %arg1: i8, %arg2: vector<4xi64>) -> (i32, i8, vector<4xi64>) {
  // CHECK-NEXT:   %0 = math.absi %arg0 : i32
  // CHECK-NEXT:   %1 = math.absi %arg1 : i8
  // CHECK-NEXT:   %2 = math.absi %arg2 : vector<4xi64>
  // CHECK-NEXT:   return %0, %1, %2 : i32, i8, vector<4xi64>
  // CHECK-NEXT: }
  func.func @absi(%arg0: i32, %arg1: i8, %arg2: vector<4xi64>) -> (i32, i8, vector<4xi64>) {
    %0 = math.absi %arg0 : i32
    %1 = math.absi %arg1 : i8
    %2 = math.absi %arg2 : vector<4xi64>
    return %0, %1, %2 : i32, i8, vector<4xi64>
  }
  // Fastmath flags on math ops print between the operands and the colon
  // (`fastmath<none>` is elided).
  // CHECK-LABEL: func.func @fastmath(%arg0: f32, %arg1: f32, %arg2: f32) -> f32 {
  // CHECK-NEXT:   %0 = math.sqrt %arg0 fastmath<fast> : f32
  // CHECK-NEXT:   %1 = math.exp %0 fastmath<nnan,ninf> : f32
  // CHECK-NEXT:   %2 = math.powf %1, %arg1 fastmath<afn> : f32
  // CHECK-NEXT:   %3 = math.fma %2, %arg1, %arg2 fastmath<contract> : f32
  // CHECK-NEXT:   %4 = math.log %3 : f32
  // CHECK-NEXT:   %5 = math.copysign %4, %arg2 fastmath<nsz> : f32
  // CHECK-NEXT:   %6 = math.tanh %5 fastmath<fast> : f32
  // CHECK-NEXT:   return %6 : f32
  // CHECK-NEXT: }
  func.func @fastmath(%arg0: f32, %arg1: f32, %arg2: f32) -> f32 {
    %0 = math.sqrt %arg0 fastmath<fast> : f32
    %1 = math.exp %0 fastmath<nnan,ninf> : f32
    %2 = math.powf %1, %arg1 fastmath<afn> : f32
    %3 = math.fma %2, %arg1, %arg2 fastmath<contract> : f32
    %4 = math.log %3 : f32
    %5 = math.copysign %4, %arg2 fastmath<nsz> : f32
    %6 = math.tanh %5 fastmath<fast> : f32
    return %6 : f32
  }
  // Math ops on f16, bf16 and vectors.
  // CHECK-LABEL: func.func @small_and_vector(%arg0: f16, %arg1: bf16, %arg2: vector<4xf32>, %arg3: vector<2x2xf64>) -> (f16, bf16, vector<4xf32>, vector<2x2xf64>) {
  // CHECK-NEXT:   %0 = math.sqrt %arg0 : f16
  // CHECK-NEXT:   %1 = math.exp %arg1 : bf16
  // CHECK-NEXT:   %2 = math.fma %arg2, %arg2, %arg2 : vector<4xf32>
  // CHECK-NEXT:   %3 = math.floor %arg3 : vector<2x2xf64>
  // CHECK-NEXT:   return %0, %1, %2, %3 : f16, bf16, vector<4xf32>, vector<2x2xf64>
  // CHECK-NEXT: }
  func.func @small_and_vector(%arg0: f16, %arg1: bf16, %arg2: vector<4xf32>, %arg3: vector<2x2xf64>) -> (f16, bf16, vector<4xf32>, vector<2x2xf64>) {
    %0 = math.sqrt %arg0 : f16
    %1 = math.exp %arg1 : bf16
    %2 = math.fma %arg2, %arg2, %arg2 : vector<4xf32>
    %3 = math.floor %arg3 : vector<2x2xf64>
    return %0, %1, %2, %3 : f16, bf16, vector<4xf32>, vector<2x2xf64>
  }
  // Math ops mixed with arith in a realistic softmax-style scalar kernel.
  // CHECK-LABEL: func.func @stable_exp(%arg0: f32, %arg1: f32, %arg2: f32) -> f32 {
  // CHECK-NEXT:   %0 = arith.subf %arg0, %arg1 : f32
  // CHECK-NEXT:   %1 = math.exp %0 : f32
  // CHECK-NEXT:   %2 = arith.divf %1, %arg2 : f32
  // CHECK-NEXT:   %3 = math.absf %2 : f32
  // CHECK-NEXT:   return %3 : f32
  // CHECK-NEXT: }
  func.func @stable_exp(%arg0: f32, %arg1: f32, %arg2: f32) -> f32 {
    %0 = arith.subf %arg0, %arg1 : f32
    %1 = math.exp %0 : f32
    %2 = arith.divf %1, %arg2 : f32
    %3 = math.absf %2 : f32
    return %3 : f32
  }
  // Discardable attributes on a math op.
  // CHECK-LABEL: func.func @attrs(%arg0: f32) -> f32 {
  // CHECK-NEXT:   %0 = math.sqrt %arg0 {tag = "root"} : f32
  // CHECK-NEXT:   %1 = math.sin %0 fastmath<fast> {tag = "s"} : f32
  // CHECK-NEXT:   return %1 : f32
  // CHECK-NEXT: }
  func.func @attrs(%arg0: f32) -> f32 {
    %0 = math.sqrt %arg0 {tag = "root"} : f32
    %1 = math.sin %0 fastmath<fast> {tag = "s"} : f32
    return %1 : f32
  }
  // The remaining unary float ops (tan, atan, round, and the ones beyond the
  // core list), each with the same `%x [fastmath<...>] : T` form.
  // CHECK-LABEL: func.func @more_unary(%arg0: f64) -> f64 {
  // CHECK-NEXT:   %0 = math.tan %arg0 : f64
  // CHECK-NEXT:   %1 = math.atan %0 : f64
  // CHECK-NEXT:   %2 = math.round %1 : f64
  // CHECK-NEXT:   %3 = math.roundeven %2 : f64
  // CHECK-NEXT:   %4 = math.trunc %3 : f64
  // CHECK-NEXT:   %5 = math.cbrt %4 : f64
  // CHECK-NEXT:   %6 = math.expm1 %5 : f64
  // CHECK-NEXT:   %7 = math.log1p %6 fastmath<nnan> : f64
  // CHECK-NEXT:   %8 = math.erfc %7 : f64
  // CHECK-NEXT:   %9 = math.sinh %8 : f64
  // CHECK-NEXT:   %10 = math.cosh %9 : f64
  // CHECK-NEXT:   %11 = math.asin %10 : f64
  // CHECK-NEXT:   %12 = math.acos %11 : f64
  // CHECK-NEXT:   %13 = math.asinh %12 : f64
  // CHECK-NEXT:   %14 = math.acosh %13 : f64
  // CHECK-NEXT:   %15 = math.atanh %14 : f64
  // CHECK-NEXT:   %16 = math.atan2 %15, %arg0 fastmath<fast> : f64
  // CHECK-NEXT:   return %16 : f64
  // CHECK-NEXT: }
  func.func @more_unary(%arg0: f64) -> f64 {
    %0 = math.tan %arg0 : f64
    %1 = math.atan %0 : f64
    %2 = math.round %1 : f64
    %3 = math.roundeven %2 : f64
    %4 = math.trunc %3 : f64
    %5 = math.cbrt %4 : f64
    %6 = math.expm1 %5 : f64
    %7 = math.log1p %6 fastmath<nnan> : f64
    %8 = math.erfc %7 : f64
    %9 = math.sinh %8 : f64
    %10 = math.cosh %9 : f64
    %11 = math.asin %10 : f64
    %12 = math.acos %11 : f64
    %13 = math.asinh %12 : f64
    %14 = math.acosh %13 : f64
    %15 = math.atanh %14 : f64
    %16 = math.atan2 %15, %arg0 fastmath<fast> : f64
    return %16 : f64
  }
  // Integer bit-counting ops and integer power.
  // CHECK-LABEL: func.func @int_ops(%arg0: i32, %arg1: vector<2xi8>) -> (i32, vector<2xi8>) {
  // CHECK-NEXT:   %0 = math.ctlz %arg0 : i32
  // CHECK-NEXT:   %1 = math.cttz %0 : i32
  // CHECK-NEXT:   %2 = math.ctpop %1 : i32
  // CHECK-NEXT:   %3 = math.ipowi %2, %arg0 : i32
  // CHECK-NEXT:   %4 = math.ctpop %arg1 : vector<2xi8>
  // CHECK-NEXT:   return %3, %4 : i32, vector<2xi8>
  // CHECK-NEXT: }
  func.func @int_ops(%arg0: i32, %arg1: vector<2xi8>) -> (i32, vector<2xi8>) {
    %0 = math.ctlz %arg0 : i32
    %1 = math.cttz %0 : i32
    %2 = math.ctpop %1 : i32
    %3 = math.ipowi %2, %arg0 : i32
    %4 = math.ctpop %arg1 : vector<2xi8>
    return %3, %4 : i32, vector<2xi8>
  }
// CHECK-NEXT: }
}

