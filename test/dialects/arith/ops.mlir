// RUN: sharc-opt %s -split-input-file | FileCheck %s
// RUN: sharc-opt %s -split-input-file | sharc-opt -split-input-file | FileCheck %s
// RUN: %if mlir-opt %{ sharc-opt %s -split-input-file | mlir-opt -split-input-file | FileCheck %s %}
// RUN: sharc-opt %s -split-input-file --mlir-print-op-generic | sharc-opt -split-input-file | FileCheck %s
// RUN: sed -e '/^\/\/ -----$/b' -e '/^[[:space:]]*\/\//d' %s > %t
// RUN: sharc-opt %s -split-input-file | diff -u %t -
// CHECK: module {
module {
  // Integer constants of several widths, incl. negative, i1 and index.
  // Guards: SSA name suggestions %cN_iW / %cN / %true / %false and the shared
  // conflict counter used to uniquify repeated names.
  // CHECK-LABEL: func.func @constant_int() -> (i1, i1, i8, i8, i16, i32, i64, i64, i128, index, index) {
  // CHECK-NEXT:   %true = arith.constant true
  // CHECK-NEXT:   %false = arith.constant false
  // CHECK-NEXT:   %c7_i8 = arith.constant 7 : i8
  // CHECK-NEXT:   %c-1_i8 = arith.constant -1 : i8
  // CHECK-NEXT:   %c1024_i16 = arith.constant 1024 : i16
  // CHECK-NEXT:   %c42_i32 = arith.constant 42 : i32
  // CHECK-NEXT:   %c-9223372036854775808_i64 = arith.constant -9223372036854775808 : i64
  // CHECK-NEXT:   %c9223372036854775807_i64 = arith.constant 9223372036854775807 : i64
  // CHECK-NEXT:   %c170141183460469231731687303715884105727_i128 = arith.constant 170141183460469231731687303715884105727 : i128
  // CHECK-NEXT:   %c0 = arith.constant 0 : index
  // CHECK-NEXT:   %c-4 = arith.constant -4 : index
  // CHECK-NEXT:   return %true, %false, %c7_i8, %c-1_i8, %c1024_i16, %c42_i32, %c-9223372036854775808_i64, %c9223372036854775807_i64, %c170141183460469231731687303715884105727_i128, %c0, %c-4 : i1, i1, i8, i8, i16, i32, i64, i64, i128, index, index
  // CHECK-NEXT: }
  func.func @constant_int() -> (i1, i1, i8, i8, i16, i32, i64, i64, i128, index, index) {
    %true = arith.constant true
    %false = arith.constant false
    %c7_i8 = arith.constant 7 : i8
    %c-1_i8 = arith.constant -1 : i8
    %c1024_i16 = arith.constant 1024 : i16
    %c42_i32 = arith.constant 42 : i32
    %c-9223372036854775808_i64 = arith.constant -9223372036854775808 : i64
    %c9223372036854775807_i64 = arith.constant 9223372036854775807 : i64
    %c170141183460469231731687303715884105727_i128 = arith.constant 170141183460469231731687303715884105727 : i128
    %c0 = arith.constant 0 : index
    %c-4 = arith.constant -4 : index
    return %true, %false, %c7_i8, %c-1_i8, %c1024_i16, %c42_i32, %c-9223372036854775808_i64, %c9223372036854775807_i64, %c170141183460469231731687303715884105727_i128, %c0, %c-4 : i1, i1, i8, i8, i16, i32, i64, i64, i128, index, index
  }
  // Integer literals that upstream re-prints differently: unsigned spellings of
  // negative values, `1 : i1` -> true, and a repeated value (conflict suffix).
  // CHECK-LABEL: func.func @constant_int_normalized() -> (i8, i64, i1, i1, i32, i32) {
  // CHECK-NEXT:   %c-1_i8 = arith.constant -1 : i8
  // CHECK-NEXT:   %c-1_i64 = arith.constant -1 : i64
  // CHECK-NEXT:   %true = arith.constant true
  // CHECK-NEXT:   %false = arith.constant false
  // CHECK-NEXT:   %c42_i32 = arith.constant 42 : i32
  // CHECK-NEXT:   %c42_i32_0 = arith.constant 42 : i32
  // CHECK-NEXT:   return %c-1_i8, %c-1_i64, %true, %false, %c42_i32, %c42_i32_0 : i8, i64, i1, i1, i32, i32
  // CHECK-NEXT: }
  func.func @constant_int_normalized() -> (i8, i64, i1, i1, i32, i32) {
    %c-1_i8 = arith.constant -1 : i8
    %c-1_i64 = arith.constant -1 : i64
    %true = arith.constant true
    %false = arith.constant false
    %c42_i32 = arith.constant 42 : i32
    %c42_i32_0 = arith.constant 42 : i32
    return %c-1_i8, %c-1_i64, %true, %false, %c42_i32, %c42_i32_0 : i8, i64, i1, i1, i32, i32
  }
  // Float constants f16/bf16/f32/f64: %e-style "1.000000e+00" when it
  // round-trips, shortest "9.99999974E-6" form otherwise, hex when neither
  // form contains a '.'.
  // CHECK-LABEL: func.func @constant_float() -> (f16, f16, bf16, bf16, f32, f32, f32, f32, f32, f64, f64, f64, f64) {
  // CHECK-NEXT:   %cst = arith.constant 1.000000e+00 : f16
  // CHECK-NEXT:   %cst_0 = arith.constant 3.140630e+00 : f16
  // CHECK-NEXT:   %cst_1 = arith.constant 1.000000e+00 : bf16
  // CHECK-NEXT:   %cst_2 = arith.constant -2.500000e+00 : bf16
  // CHECK-NEXT:   %cst_3 = arith.constant 1.500000e+10 : f32
  // CHECK-NEXT:   %cst_4 = arith.constant 1.000000e-01 : f32
  // CHECK-NEXT:   %cst_5 = arith.constant 9.99999974E-6 : f32
  // CHECK-NEXT:   %cst_6 = arith.constant 3.40282347E+38 : f32
  // CHECK-NEXT:   %cst_7 = arith.constant 0x4B3C614E : f32
  // CHECK-NEXT:   %cst_8 = arith.constant -0.000000e+00 : f64
  // CHECK-NEXT:   %cst_9 = arith.constant 1.000000e-01 : f64
  // CHECK-NEXT:   %cst_10 = arith.constant 1.000000e+100 : f64
  // CHECK-NEXT:   %cst_11 = arith.constant 0x419D6F3454000000 : f64
  // CHECK-NEXT:   return %cst, %cst_0, %cst_1, %cst_2, %cst_3, %cst_4, %cst_5, %cst_6, %cst_7, %cst_8, %cst_9, %cst_10, %cst_11 : f16, f16, bf16, bf16, f32, f32, f32, f32, f32, f64, f64, f64, f64
  // CHECK-NEXT: }
  func.func @constant_float() -> (f16, f16, bf16, bf16, f32, f32, f32, f32, f32, f64, f64, f64, f64) {
    %cst = arith.constant 1.000000e+00 : f16
    %cst_0 = arith.constant 3.140630e+00 : f16
    %cst_1 = arith.constant 1.000000e+00 : bf16
    %cst_2 = arith.constant -2.500000e+00 : bf16
    %cst_3 = arith.constant 1.500000e+10 : f32
    %cst_4 = arith.constant 1.000000e-01 : f32
    %cst_5 = arith.constant 9.99999974E-6 : f32
    %cst_6 = arith.constant 3.40282347E+38 : f32
    %cst_7 = arith.constant 0x4B3C614E : f32
    %cst_8 = arith.constant -0.000000e+00 : f64
    %cst_9 = arith.constant 1.000000e-01 : f64
    %cst_10 = arith.constant 1.000000e+100 : f64
    %cst_11 = arith.constant 0x419D6F3454000000 : f64
    return %cst, %cst_0, %cst_1, %cst_2, %cst_3, %cst_4, %cst_5, %cst_6, %cst_7, %cst_8, %cst_9, %cst_10, %cst_11 : f16, f16, bf16, bf16, f32, f32, f32, f32, f32, f64, f64, f64, f64
  }
  // Special float values: NaN, +/-inf, negative NaN are printed as hex bit
  // patterns; the smallest f64 denormal still prints in decimal.
  // CHECK-LABEL: func.func @constant_float_special() -> (f16, f16, bf16, f32, f32, f32, f32, f64, f64, f64) {
  // CHECK-NEXT:   %cst = arith.constant 0x7C00 : f16
  // CHECK-NEXT:   %cst_0 = arith.constant 0x7E00 : f16
  // CHECK-NEXT:   %cst_1 = arith.constant 0x7FC0 : bf16
  // CHECK-NEXT:   %cst_2 = arith.constant 0x7FC00000 : f32
  // CHECK-NEXT:   %cst_3 = arith.constant 0x7F800000 : f32
  // CHECK-NEXT:   %cst_4 = arith.constant 0xFF800000 : f32
  // CHECK-NEXT:   %cst_5 = arith.constant 0xFFC00000 : f32
  // CHECK-NEXT:   %cst_6 = arith.constant 0x7FF8000000000000 : f64
  // CHECK-NEXT:   %cst_7 = arith.constant 0xFFF0000000000000 : f64
  // CHECK-NEXT:   %cst_8 = arith.constant 4.940660e-324 : f64
  // CHECK-NEXT:   return %cst, %cst_0, %cst_1, %cst_2, %cst_3, %cst_4, %cst_5, %cst_6, %cst_7, %cst_8 : f16, f16, bf16, f32, f32, f32, f32, f64, f64, f64
  // CHECK-NEXT: }
  func.func @constant_float_special() -> (f16, f16, bf16, f32, f32, f32, f32, f64, f64, f64) {
    %cst = arith.constant 0x7C00 : f16
    %cst_0 = arith.constant 0x7E00 : f16
    %cst_1 = arith.constant 0x7FC0 : bf16
    %cst_2 = arith.constant 0x7FC00000 : f32
    %cst_3 = arith.constant 0x7F800000 : f32
    %cst_4 = arith.constant 0xFF800000 : f32
    %cst_5 = arith.constant 0xFFC00000 : f32
    %cst_6 = arith.constant 0x7FF8000000000000 : f64
    %cst_7 = arith.constant 0xFFF0000000000000 : f64
    %cst_8 = arith.constant 4.940660e-324 : f64
    return %cst, %cst_0, %cst_1, %cst_2, %cst_3, %cst_4, %cst_5, %cst_6, %cst_7, %cst_8 : f16, f16, bf16, f32, f32, f32, f32, f64, f64, f64
  }
  // Dense vector/tensor constants: splat collapsing, nested lists, bools, hex NaN.
  // CHECK-LABEL: func.func @constant_dense() -> (vector<4xf32>, vector<4xi32>, vector<2x2xf64>, vector<2xi1>, vector<3xf32>, tensor<2x3xi32>, vector<2xf32>, vector<2xindex>) {
  // CHECK-NEXT:   %cst = arith.constant dense<1.000000e+00> : vector<4xf32>
  // CHECK-NEXT:   %cst_0 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  // CHECK-NEXT:   %cst_1 = arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : vector<2x2xf64>
  // CHECK-NEXT:   %cst_2 = arith.constant dense<[true, false]> : vector<2xi1>
  // CHECK-NEXT:   %cst_3 = arith.constant dense<5.000000e-01> : vector<3xf32>
  // CHECK-NEXT:   %cst_4 = arith.constant dense<0> : tensor<2x3xi32>
  // CHECK-NEXT:   %cst_5 = arith.constant dense<[0x7FC00000, 1.000000e+00]> : vector<2xf32>
  // CHECK-NEXT:   %cst_6 = arith.constant dense<[0, 1]> : vector<2xindex>
  // CHECK-NEXT:   return %cst, %cst_0, %cst_1, %cst_2, %cst_3, %cst_4, %cst_5, %cst_6 : vector<4xf32>, vector<4xi32>, vector<2x2xf64>, vector<2xi1>, vector<3xf32>, tensor<2x3xi32>, vector<2xf32>, vector<2xindex>
  // CHECK-NEXT: }
  func.func @constant_dense() -> (vector<4xf32>, vector<4xi32>, vector<2x2xf64>, vector<2xi1>, vector<3xf32>, tensor<2x3xi32>, vector<2xf32>, vector<2xindex>) {
    %cst = arith.constant dense<1.000000e+00> : vector<4xf32>
    %cst_0 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
    %cst_1 = arith.constant dense<[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : vector<2x2xf64>
    %cst_2 = arith.constant dense<[true, false]> : vector<2xi1>
    %cst_3 = arith.constant dense<5.000000e-01> : vector<3xf32>
    %cst_4 = arith.constant dense<0> : tensor<2x3xi32>
    %cst_5 = arith.constant dense<[0x7FC00000, 1.000000e+00]> : vector<2xf32>
    %cst_6 = arith.constant dense<[0, 1]> : vector<2xindex>
    return %cst, %cst_0, %cst_1, %cst_2, %cst_3, %cst_4, %cst_5, %cst_6 : vector<4xf32>, vector<4xi32>, vector<2x2xf64>, vector<2xi1>, vector<3xf32>, tensor<2x3xi32>, vector<2xf32>, vector<2xindex>
  }
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // Binary integer ops, and overflow flags on the ops that carry them
  // (`overflow<none>` is elided; flags print as "nsw, nuw").
  // CHECK-LABEL: func.func @int_binary(%arg0: i32, %arg1: i32) -> i32 {
  // CHECK-NEXT:   %0 = arith.addi %arg0, %arg1 : i32
  // CHECK-NEXT:   %1 = arith.subi %0, %arg1 : i32
  // CHECK-NEXT:   %2 = arith.muli %1, %arg1 : i32
  // CHECK-NEXT:   %3 = arith.divsi %2, %arg1 : i32
  // CHECK-NEXT:   %4 = arith.divui %3, %arg1 : i32
  // CHECK-NEXT:   %5 = arith.remsi %4, %arg1 : i32
  // CHECK-NEXT:   %6 = arith.remui %5, %arg1 : i32
  // CHECK-NEXT:   %7 = arith.ceildivsi %6, %arg1 : i32
  // CHECK-NEXT:   %8 = arith.floordivsi %7, %arg1 : i32
  // CHECK-NEXT:   %9 = arith.andi %8, %arg1 : i32
  // CHECK-NEXT:   %10 = arith.ori %9, %arg1 : i32
  // CHECK-NEXT:   %11 = arith.xori %10, %arg1 : i32
  // CHECK-NEXT:   %12 = arith.shli %11, %arg1 : i32
  // CHECK-NEXT:   %13 = arith.shrsi %12, %arg1 : i32
  // CHECK-NEXT:   %14 = arith.shrui %13, %arg1 : i32
  // CHECK-NEXT:   %15 = arith.maxsi %14, %arg1 : i32
  // CHECK-NEXT:   %16 = arith.minsi %15, %arg1 : i32
  // CHECK-NEXT:   %17 = arith.maxui %16, %arg1 : i32
  // CHECK-NEXT:   %18 = arith.minui %17, %arg1 : i32
  // CHECK-NEXT:   %19 = arith.ceildivui %18, %arg1 : i32
  // CHECK-NEXT:   return %19 : i32
  // CHECK-NEXT: }
  func.func @int_binary(%arg0: i32, %arg1: i32) -> i32 {
    %0 = arith.addi %arg0, %arg1 : i32
    %1 = arith.subi %0, %arg1 : i32
    %2 = arith.muli %1, %arg1 : i32
    %3 = arith.divsi %2, %arg1 : i32
    %4 = arith.divui %3, %arg1 : i32
    %5 = arith.remsi %4, %arg1 : i32
    %6 = arith.remui %5, %arg1 : i32
    %7 = arith.ceildivsi %6, %arg1 : i32
    %8 = arith.floordivsi %7, %arg1 : i32
    %9 = arith.andi %8, %arg1 : i32
    %10 = arith.ori %9, %arg1 : i32
    %11 = arith.xori %10, %arg1 : i32
    %12 = arith.shli %11, %arg1 : i32
    %13 = arith.shrsi %12, %arg1 : i32
    %14 = arith.shrui %13, %arg1 : i32
    %15 = arith.maxsi %14, %arg1 : i32
    %16 = arith.minsi %15, %arg1 : i32
    %17 = arith.maxui %16, %arg1 : i32
    %18 = arith.minui %17, %arg1 : i32
    %19 = arith.ceildivui %18, %arg1 : i32
    return %19 : i32
  }
  // Integer overflow flags.
  // CHECK-LABEL: func.func @int_overflow_flags(%arg0: i64, %arg1: i64) -> i64 {
  // CHECK-NEXT:   %0 = arith.addi %arg0, %arg1 overflow<nsw> : i64
  // CHECK-NEXT:   %1 = arith.subi %0, %arg1 overflow<nuw> : i64
  // CHECK-NEXT:   %2 = arith.muli %1, %arg1 overflow<nsw, nuw> : i64
  // CHECK-NEXT:   %3 = arith.shli %2, %arg1 overflow<nsw, nuw> : i64
  // CHECK-NEXT:   %4 = arith.addi %3, %arg1 : i64
  // CHECK-NEXT:   return %4 : i64
  // CHECK-NEXT: }
  func.func @int_overflow_flags(%arg0: i64, %arg1: i64) -> i64 {
    %0 = arith.addi %arg0, %arg1 overflow<nsw> : i64
    %1 = arith.subi %0, %arg1 overflow<nuw> : i64
    %2 = arith.muli %1, %arg1 overflow<nsw, nuw> : i64
    %3 = arith.shli %2, %arg1 overflow<nsw, nuw> : i64
    %4 = arith.addi %3, %arg1 : i64
    return %4 : i64
  }
  // Integer ops on index and vector operands.
  // CHECK-LABEL: func.func @int_index_vector(%arg0: index, %arg1: index, %arg2: vector<4xi16>, %arg3: vector<4xi16>) -> (index, vector<4xi16>) {
  // CHECK-NEXT:   %0 = arith.addi %arg0, %arg1 : index
  // CHECK-NEXT:   %1 = arith.muli %0, %arg1 overflow<nsw> : index
  // CHECK-NEXT:   %2 = arith.remsi %1, %arg1 : index
  // CHECK-NEXT:   %3 = arith.xori %arg2, %arg3 : vector<4xi16>
  // CHECK-NEXT:   %4 = arith.shrui %3, %arg3 : vector<4xi16>
  // CHECK-NEXT:   return %2, %4 : index, vector<4xi16>
  // CHECK-NEXT: }
  func.func @int_index_vector(%arg0: index, %arg1: index, %arg2: vector<4xi16>, %arg3: vector<4xi16>) -> (index, vector<4xi16>) {
    %0 = arith.addi %arg0, %arg1 : index
    %1 = arith.muli %0, %arg1 overflow<nsw> : index
    %2 = arith.remsi %1, %arg1 : index
    %3 = arith.xori %arg2, %arg3 : vector<4xi16>
    %4 = arith.shrui %3, %arg3 : vector<4xi16>
    return %2, %4 : index, vector<4xi16>
  }
  // Float binary/unary ops, fastmath flags (`fastmath<none>` elided, flags
  // comma-separated WITHOUT spaces, all seven flags collapse to `fast`).
  // CHECK-LABEL: func.func @float_ops(%arg0: f32, %arg1: f32) -> f32 {
  // CHECK-NEXT:   %0 = arith.addf %arg0, %arg1 : f32
  // CHECK-NEXT:   %1 = arith.subf %0, %arg1 : f32
  // CHECK-NEXT:   %2 = arith.mulf %1, %arg1 : f32
  // CHECK-NEXT:   %3 = arith.divf %2, %arg1 : f32
  // CHECK-NEXT:   %4 = arith.remf %3, %arg1 : f32
  // CHECK-NEXT:   %5 = arith.negf %4 : f32
  // CHECK-NEXT:   %6 = arith.maximumf %5, %arg1 : f32
  // CHECK-NEXT:   %7 = arith.minimumf %6, %arg1 : f32
  // CHECK-NEXT:   %8 = arith.maxnumf %7, %arg1 : f32
  // CHECK-NEXT:   %9 = arith.minnumf %8, %arg1 : f32
  // CHECK-NEXT:   return %9 : f32
  // CHECK-NEXT: }
  func.func @float_ops(%arg0: f32, %arg1: f32) -> f32 {
    %0 = arith.addf %arg0, %arg1 : f32
    %1 = arith.subf %0, %arg1 : f32
    %2 = arith.mulf %1, %arg1 : f32
    %3 = arith.divf %2, %arg1 : f32
    %4 = arith.remf %3, %arg1 : f32
    %5 = arith.negf %4 : f32
    %6 = arith.maximumf %5, %arg1 : f32
    %7 = arith.minimumf %6, %arg1 : f32
    %8 = arith.maxnumf %7, %arg1 : f32
    %9 = arith.minnumf %8, %arg1 : f32
    return %9 : f32
  }
  // Fastmath flags on float ops.
  // CHECK-LABEL: func.func @float_fastmath(%arg0: f64, %arg1: f64) -> f64 {
  // CHECK-NEXT:   %0 = arith.addf %arg0, %arg1 fastmath<fast> : f64
  // CHECK-NEXT:   %1 = arith.mulf %0, %arg1 fastmath<nnan,ninf> : f64
  // CHECK-NEXT:   %2 = arith.divf %1, %arg1 fastmath<contract> : f64
  // CHECK-NEXT:   %3 = arith.subf %2, %arg1 fastmath<fast> : f64
  // CHECK-NEXT:   %4 = arith.negf %3 fastmath<nsz> : f64
  // CHECK-NEXT:   %5 = arith.maximumf %4, %arg1 fastmath<nnan> : f64
  // CHECK-NEXT:   %6 = arith.addf %5, %arg1 : f64
  // CHECK-NEXT:   %7 = arith.minnumf %6, %arg0 fastmath<arcp,afn> : f64
  // CHECK-NEXT:   return %7 : f64
  // CHECK-NEXT: }
  func.func @float_fastmath(%arg0: f64, %arg1: f64) -> f64 {
    %0 = arith.addf %arg0, %arg1 fastmath<fast> : f64
    %1 = arith.mulf %0, %arg1 fastmath<nnan,ninf> : f64
    %2 = arith.divf %1, %arg1 fastmath<contract> : f64
    %3 = arith.subf %2, %arg1 fastmath<fast> : f64
    %4 = arith.negf %3 fastmath<nsz> : f64
    %5 = arith.maximumf %4, %arg1 fastmath<nnan> : f64
    %6 = arith.addf %5, %arg1 : f64
    %7 = arith.minnumf %6, %arg0 fastmath<arcp,afn> : f64
    return %7 : f64
  }
  // Float ops on f16/bf16 and vectors.
  // CHECK-LABEL: func.func @float_small_vector(%arg0: f16, %arg1: bf16, %arg2: vector<8xf32>) -> (f16, bf16, vector<8xf32>) {
  // CHECK-NEXT:   %0 = arith.mulf %arg0, %arg0 : f16
  // CHECK-NEXT:   %1 = arith.addf %arg1, %arg1 : bf16
  // CHECK-NEXT:   %2 = arith.divf %arg2, %arg2 fastmath<fast> : vector<8xf32>
  // CHECK-NEXT:   return %0, %1, %2 : f16, bf16, vector<8xf32>
  // CHECK-NEXT: }
  func.func @float_small_vector(%arg0: f16, %arg1: bf16, %arg2: vector<8xf32>) -> (f16, bf16, vector<8xf32>) {
    %0 = arith.mulf %arg0, %arg0 : f16
    %1 = arith.addf %arg1, %arg1 : bf16
    %2 = arith.divf %arg2, %arg2 fastmath<fast> : vector<8xf32>
    return %0, %1, %2 : f16, bf16, vector<8xf32>
  }
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // arith.cmpi with every predicate (printed as keyword, not integer).
  // CHECK-LABEL: func.func @cmpi_all(%arg0: i32, %arg1: i32) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  // CHECK-NEXT:   %0 = arith.cmpi eq, %arg0, %arg1 : i32
  // CHECK-NEXT:   %1 = arith.cmpi ne, %arg0, %arg1 : i32
  // CHECK-NEXT:   %2 = arith.cmpi slt, %arg0, %arg1 : i32
  // CHECK-NEXT:   %3 = arith.cmpi sle, %arg0, %arg1 : i32
  // CHECK-NEXT:   %4 = arith.cmpi sgt, %arg0, %arg1 : i32
  // CHECK-NEXT:   %5 = arith.cmpi sge, %arg0, %arg1 : i32
  // CHECK-NEXT:   %6 = arith.cmpi ult, %arg0, %arg1 : i32
  // CHECK-NEXT:   %7 = arith.cmpi ule, %arg0, %arg1 : i32
  // CHECK-NEXT:   %8 = arith.cmpi ugt, %arg0, %arg1 : i32
  // CHECK-NEXT:   %9 = arith.cmpi uge, %arg0, %arg1 : i32
  // CHECK-NEXT:   return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
  // CHECK-NEXT: }
  func.func @cmpi_all(%arg0: i32, %arg1: i32) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
    %0 = arith.cmpi eq, %arg0, %arg1 : i32
    %1 = arith.cmpi ne, %arg0, %arg1 : i32
    %2 = arith.cmpi slt, %arg0, %arg1 : i32
    %3 = arith.cmpi sle, %arg0, %arg1 : i32
    %4 = arith.cmpi sgt, %arg0, %arg1 : i32
    %5 = arith.cmpi sge, %arg0, %arg1 : i32
    %6 = arith.cmpi ult, %arg0, %arg1 : i32
    %7 = arith.cmpi ule, %arg0, %arg1 : i32
    %8 = arith.cmpi ugt, %arg0, %arg1 : i32
    %9 = arith.cmpi uge, %arg0, %arg1 : i32
    return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
  }
  // arith.cmpi on index and vector (result type is vector<..xi1>, not printed).
  // CHECK-LABEL: func.func @cmpi_index_vector(%arg0: index, %arg1: vector<4xi32>) -> (i1, vector<4xi1>) {
  // CHECK-NEXT:   %0 = arith.cmpi sle, %arg0, %arg0 : index
  // CHECK-NEXT:   %1 = arith.cmpi ne, %arg1, %arg1 : vector<4xi32>
  // CHECK-NEXT:   return %0, %1 : i1, vector<4xi1>
  // CHECK-NEXT: }
  func.func @cmpi_index_vector(%arg0: index, %arg1: vector<4xi32>) -> (i1, vector<4xi1>) {
    %0 = arith.cmpi sle, %arg0, %arg0 : index
    %1 = arith.cmpi ne, %arg1, %arg1 : vector<4xi32>
    return %0, %1 : i1, vector<4xi1>
  }
  // arith.cmpf with every predicate, plus fastmath.
  // CHECK-LABEL: func.func @cmpf_all(%arg0: f32, %arg1: f32) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  // CHECK-NEXT:   %0 = arith.cmpf false, %arg0, %arg1 : f32
  // CHECK-NEXT:   %1 = arith.cmpf oeq, %arg0, %arg1 : f32
  // CHECK-NEXT:   %2 = arith.cmpf ogt, %arg0, %arg1 : f32
  // CHECK-NEXT:   %3 = arith.cmpf oge, %arg0, %arg1 : f32
  // CHECK-NEXT:   %4 = arith.cmpf olt, %arg0, %arg1 : f32
  // CHECK-NEXT:   %5 = arith.cmpf ole, %arg0, %arg1 : f32
  // CHECK-NEXT:   %6 = arith.cmpf one, %arg0, %arg1 : f32
  // CHECK-NEXT:   %7 = arith.cmpf ord, %arg0, %arg1 : f32
  // CHECK-NEXT:   %8 = arith.cmpf ueq, %arg0, %arg1 : f32
  // CHECK-NEXT:   %9 = arith.cmpf ugt, %arg0, %arg1 : f32
  // CHECK-NEXT:   %10 = arith.cmpf uge, %arg0, %arg1 : f32
  // CHECK-NEXT:   %11 = arith.cmpf ult, %arg0, %arg1 : f32
  // CHECK-NEXT:   %12 = arith.cmpf ule, %arg0, %arg1 : f32
  // CHECK-NEXT:   %13 = arith.cmpf une, %arg0, %arg1 : f32
  // CHECK-NEXT:   %14 = arith.cmpf uno, %arg0, %arg1 : f32
  // CHECK-NEXT:   %15 = arith.cmpf true, %arg0, %arg1 : f32
  // CHECK-NEXT:   %16 = arith.cmpf olt, %arg0, %arg1 fastmath<nnan> : f32
  // CHECK-NEXT:   return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
  // CHECK-NEXT: }
  func.func @cmpf_all(%arg0: f32, %arg1: f32) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
    %0 = arith.cmpf false, %arg0, %arg1 : f32
    %1 = arith.cmpf oeq, %arg0, %arg1 : f32
    %2 = arith.cmpf ogt, %arg0, %arg1 : f32
    %3 = arith.cmpf oge, %arg0, %arg1 : f32
    %4 = arith.cmpf olt, %arg0, %arg1 : f32
    %5 = arith.cmpf ole, %arg0, %arg1 : f32
    %6 = arith.cmpf one, %arg0, %arg1 : f32
    %7 = arith.cmpf ord, %arg0, %arg1 : f32
    %8 = arith.cmpf ueq, %arg0, %arg1 : f32
    %9 = arith.cmpf ugt, %arg0, %arg1 : f32
    %10 = arith.cmpf uge, %arg0, %arg1 : f32
    %11 = arith.cmpf ult, %arg0, %arg1 : f32
    %12 = arith.cmpf ule, %arg0, %arg1 : f32
    %13 = arith.cmpf une, %arg0, %arg1 : f32
    %14 = arith.cmpf uno, %arg0, %arg1 : f32
    %15 = arith.cmpf true, %arg0, %arg1 : f32
    %16 = arith.cmpf olt, %arg0, %arg1 fastmath<nnan> : f32
    return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
  }
  // arith.select: scalar condition (one type printed) vs vector condition
  // (condition type printed first).
  // CHECK-LABEL: func.func @select(%arg0: i1, %arg1: i32, %arg2: i32, %arg3: vector<4xi1>, %arg4: vector<4xf32>, %arg5: memref<4xf32>) -> (i32, vector<4xf32>, vector<4xf32>, memref<4xf32>) {
  // CHECK-NEXT:   %0 = arith.select %arg0, %arg1, %arg2 : i32
  // CHECK-NEXT:   %1 = arith.select %arg3, %arg4, %arg4 : vector<4xi1>, vector<4xf32>
  // CHECK-NEXT:   %2 = arith.select %arg0, %arg4, %arg4 : vector<4xf32>
  // CHECK-NEXT:   %3 = arith.select %arg0, %arg5, %arg5 : memref<4xf32>
  // CHECK-NEXT:   return %0, %1, %2, %3 : i32, vector<4xf32>, vector<4xf32>, memref<4xf32>
  // CHECK-NEXT: }
  func.func @select(%arg0: i1, %arg1: i32, %arg2: i32, %arg3: vector<4xi1>, %arg4: vector<4xf32>, %arg5: memref<4xf32>) -> (i32, vector<4xf32>, vector<4xf32>, memref<4xf32>) {
    %0 = arith.select %arg0, %arg1, %arg2 : i32
    %1 = arith.select %arg3, %arg4, %arg4 : vector<4xi1>, vector<4xf32>
    %2 = arith.select %arg0, %arg4, %arg4 : vector<4xf32>
    %3 = arith.select %arg0, %arg5, %arg5 : memref<4xf32>
    return %0, %1, %2, %3 : i32, vector<4xf32>, vector<4xf32>, memref<4xf32>
  }
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // Casts between integer widths, index, and floats (`: T to U` form).
  // CHECK-LABEL: func.func @casts(%arg0: i32, %arg1: f32, %arg2: index, %arg3: bf16) -> (index, index, i64, f32, f32, i32, i32, f64, f16, i64, i64, i16, i32, f32, i32, f32) {
  // CHECK-NEXT:   %0 = arith.index_cast %arg0 : i32 to index
  // CHECK-NEXT:   %1 = arith.index_castui %arg0 : i32 to index
  // CHECK-NEXT:   %2 = arith.index_cast %arg2 : index to i64
  // CHECK-NEXT:   %3 = arith.sitofp %arg0 : i32 to f32
  // CHECK-NEXT:   %4 = arith.uitofp %arg0 : i32 to f32
  // CHECK-NEXT:   %5 = arith.fptosi %arg1 : f32 to i32
  // CHECK-NEXT:   %6 = arith.fptoui %arg1 : f32 to i32
  // CHECK-NEXT:   %7 = arith.extf %arg1 : f32 to f64
  // CHECK-NEXT:   %8 = arith.truncf %arg1 : f32 to f16
  // CHECK-NEXT:   %9 = arith.extsi %arg0 : i32 to i64
  // CHECK-NEXT:   %10 = arith.extui %arg0 : i32 to i64
  // CHECK-NEXT:   %11 = arith.trunci %arg0 : i32 to i16
  // CHECK-NEXT:   %12 = arith.bitcast %arg1 : f32 to i32
  // CHECK-NEXT:   %13 = arith.bitcast %arg0 : i32 to f32
  // CHECK-NEXT:   %14 = arith.index_castui %arg2 : index to i32
  // CHECK-NEXT:   %15 = arith.extf %arg3 : bf16 to f32
  // CHECK-NEXT:   return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15 : index, index, i64, f32, f32, i32, i32, f64, f16, i64, i64, i16, i32, f32, i32, f32
  // CHECK-NEXT: }
  func.func @casts(%arg0: i32, %arg1: f32, %arg2: index, %arg3: bf16) -> (index, index, i64, f32, f32, i32, i32, f64, f16, i64, i64, i16, i32, f32, i32, f32) {
    %0 = arith.index_cast %arg0 : i32 to index
    %1 = arith.index_castui %arg0 : i32 to index
    %2 = arith.index_cast %arg2 : index to i64
    %3 = arith.sitofp %arg0 : i32 to f32
    %4 = arith.uitofp %arg0 : i32 to f32
    %5 = arith.fptosi %arg1 : f32 to i32
    %6 = arith.fptoui %arg1 : f32 to i32
    %7 = arith.extf %arg1 : f32 to f64
    %8 = arith.truncf %arg1 : f32 to f16
    %9 = arith.extsi %arg0 : i32 to i64
    %10 = arith.extui %arg0 : i32 to i64
    %11 = arith.trunci %arg0 : i32 to i16
    %12 = arith.bitcast %arg1 : f32 to i32
    %13 = arith.bitcast %arg0 : i32 to f32
    %14 = arith.index_castui %arg2 : index to i32
    %15 = arith.extf %arg3 : bf16 to f32
    return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15 : index, index, i64, f32, f32, i32, i32, f64, f16, i64, i64, i16, i32, f32, i32, f32
  }
  // Cast flags: fastmath on extf/truncf, rounding mode on truncf, overflow on
  // trunci, nneg on extui/uitofp/index_castui (printed as discardable-style {nonNeg}).
  // CHECK-LABEL: func.func @cast_flags(%arg0: i32, %arg1: f32, %arg2: f64) -> (f64, f32, f16, i8, i64, f32) {
  // CHECK-NEXT:   %0 = arith.extf %arg1 fastmath<fast> : f32 to f64
  // CHECK-NEXT:   %1 = arith.truncf %arg2 to_nearest_even fastmath<contract> : f64 to f32
  // CHECK-NEXT:   %2 = arith.truncf %arg1 downward : f32 to f16
  // CHECK-NEXT:   %3 = arith.trunci %arg0 overflow<nsw, nuw> : i32 to i8
  // CHECK-NEXT:   %4 = arith.extui %arg0 {nonNeg} : i32 to i64
  // CHECK-NEXT:   %5 = arith.uitofp %arg0 {nonNeg} : i32 to f32
  // CHECK-NEXT:   return %0, %1, %2, %3, %4, %5 : f64, f32, f16, i8, i64, f32
  // CHECK-NEXT: }
  func.func @cast_flags(%arg0: i32, %arg1: f32, %arg2: f64) -> (f64, f32, f16, i8, i64, f32) {
    %0 = arith.extf %arg1 fastmath<fast> : f32 to f64
    %1 = arith.truncf %arg2 to_nearest_even fastmath<contract> : f64 to f32
    %2 = arith.truncf %arg1 downward : f32 to f16
    %3 = arith.trunci %arg0 overflow<nsw, nuw> : i32 to i8
    %4 = arith.extui %arg0 {nonNeg} : i32 to i64
    %5 = arith.uitofp %arg0 {nonNeg} : i32 to f32
    return %0, %1, %2, %3, %4, %5 : f64, f32, f16, i8, i64, f32
  }
  // Vector casts and bitcast between same-width vector types.
  // CHECK-LABEL: func.func @vector_casts(%arg0: vector<4xi32>, %arg1: vector<4xf32>) -> (vector<4xi64>, vector<4xf32>, vector<4xi32>, vector<4xindex>) {
  // CHECK-NEXT:   %0 = arith.extsi %arg0 : vector<4xi32> to vector<4xi64>
  // CHECK-NEXT:   %1 = arith.sitofp %arg0 : vector<4xi32> to vector<4xf32>
  // CHECK-NEXT:   %2 = arith.bitcast %arg1 : vector<4xf32> to vector<4xi32>
  // CHECK-NEXT:   %3 = arith.index_cast %arg0 : vector<4xi32> to vector<4xindex>
  // CHECK-NEXT:   return %0, %1, %2, %3 : vector<4xi64>, vector<4xf32>, vector<4xi32>, vector<4xindex>
  // CHECK-NEXT: }
  func.func @vector_casts(%arg0: vector<4xi32>, %arg1: vector<4xf32>) -> (vector<4xi64>, vector<4xf32>, vector<4xi32>, vector<4xindex>) {
    %0 = arith.extsi %arg0 : vector<4xi32> to vector<4xi64>
    %1 = arith.sitofp %arg0 : vector<4xi32> to vector<4xf32>
    %2 = arith.bitcast %arg1 : vector<4xf32> to vector<4xi32>
    %3 = arith.index_cast %arg0 : vector<4xi32> to vector<4xindex>
    return %0, %1, %2, %3 : vector<4xi64>, vector<4xf32>, vector<4xi32>, vector<4xindex>
  }
  // Discardable attributes on arith ops print after the operands/flags.
  // CHECK-LABEL: func.func @discardable_attrs(%arg0: i32, %arg1: i32) -> i32 {
  // CHECK-NEXT:   %0 = arith.addi %arg0, %arg1 {tag = "x", weight = 2 : i64} : i32
  // CHECK-NEXT:   %1 = arith.muli %0, %arg1 overflow<nsw> {tag = "y"} : i32
  // CHECK-NEXT:   return %1 : i32
  // CHECK-NEXT: }
  func.func @discardable_attrs(%arg0: i32, %arg1: i32) -> i32 {
    %0 = arith.addi %arg0, %arg1 {tag = "x", weight = 2 : i64} : i32
    %1 = arith.muli %0, %arg1 overflow<nsw> {tag = "y"} : i32
    return %1 : i32
  }
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // The `exact` flag of divsi/divui/shrsi/shrui (unit property `isExact`).
  // CHECK-LABEL: func.func @exact_flags(%arg0: i32, %arg1: i32) -> (i32, i32, i32, i32) {
  // CHECK-NEXT:   %0 = arith.divsi %arg0, %arg1 exact : i32
  // CHECK-NEXT:   %1 = arith.divui %arg0, %arg1 exact : i32
  // CHECK-NEXT:   %2 = arith.shrsi %arg0, %arg1 exact : i32
  // CHECK-NEXT:   %3 = arith.shrui %arg0, %arg1 : i32
  // CHECK-NEXT:   return %0, %1, %2, %3 : i32, i32, i32, i32
  // CHECK-NEXT: }
  func.func @exact_flags(%arg0: i32, %arg1: i32) -> (i32, i32, i32, i32) {
    %0 = arith.divsi %arg0, %arg1 exact : i32
    %1 = arith.divui %arg0, %arg1 exact : i32
    %2 = arith.shrsi %arg0, %arg1 exact : i32
    %3 = arith.shrui %arg0, %arg1 : i32
    return %0, %1, %2, %3 : i32, i32, i32, i32
  }
  // truncf with each rounding mode; an explicit `fastmath<none>` on extf/truncf
  // is kept (their fastmath is optional, not default-valued).
  // CHECK-LABEL: func.func @truncf_modes(%arg0: f64, %arg1: f32) -> (f32, f32, f32, f32, f32, f64, f16) {
  // CHECK-NEXT:   %0 = arith.truncf %arg0 to_nearest_even : f64 to f32
  // CHECK-NEXT:   %1 = arith.truncf %arg0 downward : f64 to f32
  // CHECK-NEXT:   %2 = arith.truncf %arg0 upward : f64 to f32
  // CHECK-NEXT:   %3 = arith.truncf %arg0 toward_zero : f64 to f32
  // CHECK-NEXT:   %4 = arith.truncf %arg0 to_nearest_away : f64 to f32
  // CHECK-NEXT:   %5 = arith.extf %arg1 fastmath<none> : f32 to f64
  // CHECK-NEXT:   %6 = arith.truncf %arg1 fastmath<none> : f32 to f16
  // CHECK-NEXT:   return %0, %1, %2, %3, %4, %5, %6 : f32, f32, f32, f32, f32, f64, f16
  // CHECK-NEXT: }
  func.func @truncf_modes(%arg0: f64, %arg1: f32) -> (f32, f32, f32, f32, f32, f64, f16) {
    %0 = arith.truncf %arg0 to_nearest_even : f64 to f32
    %1 = arith.truncf %arg0 downward : f64 to f32
    %2 = arith.truncf %arg0 upward : f64 to f32
    %3 = arith.truncf %arg0 toward_zero : f64 to f32
    %4 = arith.truncf %arg0 to_nearest_away : f64 to f32
    %5 = arith.extf %arg1 fastmath<none> : f32 to f64
    %6 = arith.truncf %arg1 fastmath<none> : f32 to f16
    return %0, %1, %2, %3, %4, %5, %6 : f32, f32, f32, f32, f32, f64, f16
  }
  // Casts on tensors and memrefs (index_cast and bitcast accept memrefs).
  // CHECK-LABEL: func.func @shaped_casts(%arg0: tensor<4xi32>, %arg1: memref<4xi32>, %arg2: memref<4xf32>, %arg3: tensor<?xf16>) -> (tensor<4xindex>, memref<4xindex>, memref<4xi32>, tensor<?xf32>) {
  // CHECK-NEXT:   %0 = arith.index_cast %arg0 : tensor<4xi32> to tensor<4xindex>
  // CHECK-NEXT:   %1 = arith.index_cast %arg1 : memref<4xi32> to memref<4xindex>
  // CHECK-NEXT:   %2 = arith.bitcast %arg2 : memref<4xf32> to memref<4xi32>
  // CHECK-NEXT:   %3 = arith.extf %arg3 : tensor<?xf16> to tensor<?xf32>
  // CHECK-NEXT:   return %0, %1, %2, %3 : tensor<4xindex>, memref<4xindex>, memref<4xi32>, tensor<?xf32>
  // CHECK-NEXT: }
  func.func @shaped_casts(%arg0: tensor<4xi32>, %arg1: memref<4xi32>, %arg2: memref<4xf32>, %arg3: tensor<?xf16>) -> (tensor<4xindex>, memref<4xindex>, memref<4xi32>, tensor<?xf32>) {
    %0 = arith.index_cast %arg0 : tensor<4xi32> to tensor<4xindex>
    %1 = arith.index_cast %arg1 : memref<4xi32> to memref<4xindex>
    %2 = arith.bitcast %arg2 : memref<4xf32> to memref<4xi32>
    %3 = arith.extf %arg3 : tensor<?xf16> to tensor<?xf32>
    return %0, %1, %2, %3 : tensor<4xindex>, memref<4xindex>, memref<4xi32>, tensor<?xf32>
  }
  // Integer and float ops on tensors, cmpi on a tensor (tensor<..xi1> result).
  // CHECK-LABEL: func.func @tensor_ops(%arg0: tensor<4x?xi8>, %arg1: tensor<2xf32>) -> (tensor<4x?xi8>, tensor<2xf32>, tensor<4x?xi1>) {
  // CHECK-NEXT:   %0 = arith.addi %arg0, %arg0 overflow<nuw> : tensor<4x?xi8>
  // CHECK-NEXT:   %1 = arith.negf %arg1 : tensor<2xf32>
  // CHECK-NEXT:   %2 = arith.cmpi uge, %arg0, %arg0 : tensor<4x?xi8>
  // CHECK-NEXT:   return %0, %1, %2 : tensor<4x?xi8>, tensor<2xf32>, tensor<4x?xi1>
  // CHECK-NEXT: }
  func.func @tensor_ops(%arg0: tensor<4x?xi8>, %arg1: tensor<2xf32>) -> (tensor<4x?xi8>, tensor<2xf32>, tensor<4x?xi1>) {
    %0 = arith.addi %arg0, %arg0 overflow<nuw> : tensor<4x?xi8>
    %1 = arith.negf %arg1 : tensor<2xf32>
    %2 = arith.cmpi uge, %arg0, %arg0 : tensor<4x?xi8>
    return %0, %1, %2 : tensor<4x?xi8>, tensor<2xf32>, tensor<4x?xi1>
  }
  // Constants with discardable attributes, one-element and repeated-element
  // dense literals (printed as splats), and a scalable-vector splat.
  // CHECK-LABEL: func.func @constant_forms() -> (i8, vector<1xi32>, vector<3xf32>, vector<[4]xi32>) {
  // CHECK-NEXT:   %c5_i8 = arith.constant {tag} 5 : i8
  // CHECK-NEXT:   %cst = arith.constant dense<7> : vector<1xi32>
  // CHECK-NEXT:   %cst_0 = arith.constant dense<2.000000e+00> : vector<3xf32>
  // CHECK-NEXT:   %cst_1 = arith.constant dense<0> : vector<[4]xi32>
  // CHECK-NEXT:   return %c5_i8, %cst, %cst_0, %cst_1 : i8, vector<1xi32>, vector<3xf32>, vector<[4]xi32>
  // CHECK-NEXT: }
  func.func @constant_forms() -> (i8, vector<1xi32>, vector<3xf32>, vector<[4]xi32>) {
    %c5_i8 = arith.constant {tag} 5 : i8
    %cst = arith.constant dense<7> : vector<1xi32>
    %cst_0 = arith.constant dense<2.000000e+00> : vector<3xf32>
    %cst_1 = arith.constant dense<0> : vector<[4]xi32>
    return %c5_i8, %cst, %cst_0, %cst_1 : i8, vector<1xi32>, vector<3xf32>, vector<[4]xi32>
  }
// CHECK-NEXT: }
}

