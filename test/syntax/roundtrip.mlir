// RUN: sharc-opt %s -split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: sharc-opt %s -split-input-file --allow-unregistered-dialect | sharc-opt -split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: %if mlir-opt %{ sharc-opt %s -split-input-file --allow-unregistered-dialect | mlir-opt -split-input-file --allow-unregistered-dialect | FileCheck %s %}
// RUN: sharc-opt %s -split-input-file --allow-unregistered-dialect --mlir-print-op-generic | sharc-opt -split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: sed -e '/^\/\/ -----$/b' -e '/^[[:space:]]*\/\//d' %s > %t
// RUN: sharc-opt %s -split-input-file --allow-unregistered-dialect | diff -u %t -
// CHECK: module {
module {
  // Generic-form ops of an unregistered dialect (--allow-unregistered-dialect):
  // they are always printed in generic form, with `<{properties}>` before the
  // region list and the discardable `{attr-dict}` after it.
  // CHECK-LABEL: func.func @generic_ops(%arg0: i32, %arg1: f32) -> i32 {
  // CHECK-NEXT:   %0 = "foo.add"(%arg0, %arg0) : (i32, i32) -> i32
  // CHECK-NEXT:   %1:2 = "foo.pair"(%arg1) {tag = "p"} : (f32) -> (i32, f32)
  // CHECK-NEXT:   %2:2 = "foo.two"() : () -> (i1, i1)
  // CHECK-NEXT:   "foo.use"(%1#1, %2#1, %2#0) : (f32, i1, i1) -> ()
  // CHECK-NEXT:   "foo.props"() <{p = 1 : i32}> {d = 2 : i32} : () -> ()
  // CHECK-NEXT:   "foo.empty_region"() ({
  // CHECK-NEXT:   }) : () -> ()
  // CHECK-NEXT:   %3 = "foo.region"(%0) ({
  // CHECK-NEXT:   ^bb0(%arg2: index, %arg3: i32):
  // CHECK-NEXT:     %4 = "foo.inner"(%arg3) : (i32) -> i32
  // CHECK-NEXT:     "foo.yield"(%4) : (i32) -> ()
  // CHECK-NEXT:   }, {
  // CHECK-NEXT:     "foo.yield"(%arg0) : (i32) -> ()
  // CHECK-NEXT:   }) : (i32) -> i32
  // CHECK-NEXT:   return %3 : i32
  // CHECK-NEXT: }
  func.func @generic_ops(%arg0: i32, %arg1: f32) -> i32 {
    %0 = "foo.add"(%arg0, %arg0) : (i32, i32) -> i32
    %1:2 = "foo.pair"(%arg1) {tag = "p"} : (f32) -> (i32, f32)
    %2:2 = "foo.two"() : () -> (i1, i1)
    "foo.use"(%1#1, %2#1, %2#0) : (f32, i1, i1) -> ()
    "foo.props"() <{p = 1 : i32}> {d = 2 : i32} : () -> ()
    "foo.empty_region"() ({
    }) : () -> ()
    %3 = "foo.region"(%0) ({
    ^bb0(%arg2: index, %arg3: i32):
      %4 = "foo.inner"(%arg3) : (i32) -> i32
      "foo.yield"(%4) : (i32) -> ()
    }, {
      "foo.yield"(%arg0) : (i32) -> ()
    }) : (i32) -> i32
    return %3 : i32
  }
  // Custom-form registered ops mixed with unregistered ones in nested regions.
  // CHECK-LABEL: func.func @mixed(%arg0: index) {
  // CHECK-NEXT:   %c0 = arith.constant 0 : index
  // CHECK-NEXT:   %c1 = arith.constant 1 : index
  // CHECK-NEXT:   scf.for %arg1 = %c0 to %arg0 step %c1 {
  // CHECK-NEXT:     %0 = "foo.load"(%arg1) : (index) -> f32
  // CHECK-NEXT:     "foo.store"(%0, %arg1) : (f32, index) -> ()
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @mixed(%arg0: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %arg1 = %c0 to %arg0 step %c1 {
      %0 = "foo.load"(%arg1) : (index) -> f32
      "foo.store"(%0, %arg1) : (f32, index) -> ()
    }
    return
  }
// CHECK-NEXT: }
}

// -----
// A value defined at module level: numbering is NOT restarted for the
// functions (their values continue at %1), while entry-block arguments use
// their own %argN counter.
// CHECK: module {
// CHECK-NEXT:   %0 = "foo.global_value"() : () -> i32
module {
  %0 = "foo.global_value"() : () -> i32
  // Its body is numbered %1, not %0.
  // CHECK-LABEL: func.func @after_top(%arg0: i32) -> i32 {
  // CHECK-NEXT:   %1 = "foo.op"(%arg0) : (i32) -> i32
  // CHECK-NEXT:   return %1 : i32
  // CHECK-NEXT: }
  func.func @after_top(%arg0: i32) -> i32 {
    %1 = "foo.op"(%arg0) : (i32) -> i32
    return %1 : i32
  }
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // Block arguments and successors (CFG in generic form). Non-entry block
  // arguments are numbered like op results; each block header carries a
  // `// pred: ...` / `// N preds: ...` comment.
  // CHECK-LABEL: func.func @cfg(%arg0: i32, %arg1: i1) -> i32 {
  // CHECK-NEXT:   "foo.cond_br"(%arg1, %arg0)[^bb1, ^bb2] {operandSegmentSizes = array<i32: 1, 1, 0>} : (i1, i32) -> ()
  // CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
  // CHECK-NEXT:   %1 = "foo.add"(%0, %0) : (i32, i32) -> i32
  // CHECK-NEXT:   "foo.br"(%1)[^bb3] : (i32) -> ()
  // CHECK-NEXT: ^bb2:  // pred: ^bb0
  // CHECK-NEXT:   "foo.br"(%arg0)[^bb3] : (i32) -> ()
  // CHECK-NEXT: ^bb3(%2: i32):  // 2 preds: ^bb1, ^bb2
  // CHECK-NEXT:   return %2 : i32
  // CHECK-NEXT: }
  func.func @cfg(%arg0: i32, %arg1: i1) -> i32 {
    "foo.cond_br"(%arg1, %arg0)[^bb1, ^bb2] {operandSegmentSizes = array<i32: 1, 1, 0>} : (i1, i32) -> ()
  ^bb1(%0: i32):  // pred: ^bb0
    %1 = "foo.add"(%0, %0) : (i32, i32) -> i32
    "foo.br"(%1)[^bb3] : (i32) -> ()
  ^bb2:  // pred: ^bb0
    "foo.br"(%arg0)[^bb3] : (i32) -> ()
  ^bb3(%2: i32):  // 2 preds: ^bb1, ^bb2
    return %2 : i32
  }
  // A loop-shaped CFG: a block that is its own predecessor, and an unreachable
  // block (no pred comment).
  // CHECK-LABEL: func.func @loop_cfg(%arg0: i32) {
  // CHECK-NEXT:   "foo.br"(%arg0)[^bb1] : (i32) -> ()
  // CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb1
  // CHECK-NEXT:   %1 = "foo.dec"(%0) : (i32) -> i32
  // CHECK-NEXT:   "foo.cond_br"(%1)[^bb1, ^bb2] : (i32) -> ()
  // CHECK-NEXT: ^bb2:  // pred: ^bb1
  // CHECK-NEXT:   return
  // CHECK-NEXT: ^bb3:  // no predecessors
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @loop_cfg(%arg0: i32) {
    "foo.br"(%arg0)[^bb1] : (i32) -> ()
  ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb1
    %1 = "foo.dec"(%0) : (i32) -> i32
    "foo.cond_br"(%1)[^bb1, ^bb2] : (i32) -> ()
  ^bb2:  // pred: ^bb1
    return
  ^bb3:  // no predecessors
    return
  }
// CHECK-NEXT: }
}

// -----
// User-chosen alias names are not preserved: attribute aliases are renamed
// #map, #map1, #set, ... and type aliases (`!name = ...`) are inlined; unused
// aliases disappear.
// CHECK: #map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: #set = affine_set<(d0) : (d0 >= 0)>
// CHECK-NEXT: module {
#map = affine_map<(d0, d1) -> (d1, d0)>
#map1 = affine_map<(d0) -> (d0 + 1)>
#set = affine_set<(d0) : (d0 >= 0)>
module {
  // Uses of the aliases in a signature, an attribute dict and an op attribute.
  // CHECK-LABEL: func.func @aliases(%arg0: memref<4x4xf32, #map>, %arg1: vector<4xf32>) -> vector<4xf32> attributes {m = #map, s = #set} {
  // CHECK-NEXT:   "foo.op"() {m = #map1} : () -> ()
  // CHECK-NEXT:   return %arg1 : vector<4xf32>
  // CHECK-NEXT: }
  func.func @aliases(%arg0: memref<4x4xf32, #map>, %arg1: vector<4xf32>) -> vector<4xf32> attributes {m = #map, s = #set} {
    "foo.op"() {m = #map1} : () -> ()
    return %arg1 : vector<4xf32>
  }
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // Every builtin attribute kind in a discardable `attributes {...}` dict on a
  // func: keys are printed sorted, i64/f64 types are printed for top-level
  // values but elided inside arrays, strings escape non-printables as \XX.
  // CHECK-LABEL: func.func private @attr_kinds() attributes {arr = [1, "two", 3.000000e+00 : f32, [4], unit, 2.500000e+00, 8 : i32], arr_bool = array<i1: true, false>, arr_empty = array<i64>, arr_f64 = array<f64: 1.000000e+00, 2.500000e+00>, arr_i32 = array<i32: 1, 2, 3>, b_false = false, b_true = true, dict = {a = "x", inner = 1 : i64}, empty_arr = [], empty_dict = {}, f16v = 1.500000e+00 : f16, f_default = 2.500000e+00 : f64, fbig = 1.000000e+20 : f64, fnan = 0x7FC00000 : f32, fnty = (i32) -> f32, i8v = -3 : i8, i_default = 42 : i64, idx = 5 : index, nested_sym = @outer::@inner::@leaf, "quoted key" = 1 : i32, s_esc = "quote\22 backslash\\ newline\0A tab\09 nul\00 hi\FF", s_plain = "hello", si = -7 : si32, strided = strided<[4, 1], offset: ?>, sym = @some_func, ty = i32, ty2 = memref<?xf32>, ui = 7 : ui16, z_unit}
  func.func private @attr_kinds() attributes {arr = [1, "two", 3.000000e+00 : f32, [4], unit, 2.500000e+00, 8 : i32], arr_bool = array<i1: true, false>, arr_empty = array<i64>, arr_f64 = array<f64: 1.000000e+00, 2.500000e+00>, arr_i32 = array<i32: 1, 2, 3>, b_false = false, b_true = true, dict = {a = "x", inner = 1 : i64}, empty_arr = [], empty_dict = {}, f16v = 1.500000e+00 : f16, f_default = 2.500000e+00 : f64, fbig = 1.000000e+20 : f64, fnan = 0x7FC00000 : f32, fnty = (i32) -> f32, i8v = -3 : i8, i_default = 42 : i64, idx = 5 : index, nested_sym = @outer::@inner::@leaf, "quoted key" = 1 : i32, s_esc = "quote\22 backslash\\ newline\0A tab\09 nul\00 hi\FF", s_plain = "hello", si = -7 : si32, strided = strided<[4, 1], offset: ?>, sym = @some_func, ty = i32, ty2 = memref<?xf32>, ui = 7 : ui16, z_unit}
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // Dense elements attributes: splat, nested lists, floats incl. NaN, bools,
  // hex-string input re-printed as a list, empty, complex (no space after the
  // comma), strings of an unregistered element type, and > 100 elements which
  // upstream prints as a hex string.
  // CHECK-LABEL: func.func private @dense_kinds() attributes {big = dense<"0x000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F6061626364"> : tensor<101xi8>, bools = dense<[true, false, true, true]> : tensor<4xi1>, cplx = dense<[(1.000000e+00,2.000000e+00), (3.000000e+00,4.000000e+00)]> : tensor<2xcomplex<f32>>, empty = dense<> : tensor<0xi32>, floats = dense<[1.500000e+00, -0.000000e+00, 0x7FC00000]> : tensor<3xf32>, from_hex = dense<[1, 2]> : tensor<2xi32>, hundred = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99]> : tensor<100xi8>, nested = dense<{{\[\[}}1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>, splat = dense<7> : tensor<4xi32>, strs = dense<["a", "bc"]> : tensor<2x!foo.string>, vec = dense<[1, 2]> : vector<2xi8>}
  func.func private @dense_kinds() attributes {big = dense<"0x000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F6061626364"> : tensor<101xi8>, bools = dense<[true, false, true, true]> : tensor<4xi1>, cplx = dense<[(1.000000e+00,2.000000e+00), (3.000000e+00,4.000000e+00)]> : tensor<2xcomplex<f32>>, empty = dense<> : tensor<0xi32>, floats = dense<[1.500000e+00, -0.000000e+00, 0x7FC00000]> : tensor<3xf32>, from_hex = dense<[1, 2]> : tensor<2xi32>, hundred = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99]> : tensor<100xi8>, nested = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>, splat = dense<7> : tensor<4xi32>, strs = dense<["a", "bc"]> : tensor<2x!foo.string>, vec = dense<[1, 2]> : vector<2xi8>}
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // Unregistered dialect types and attributes are kept verbatim.
  // CHECK-LABEL: func.func private @opaque_dialect_things(!foo.type, !foo<"x y">, !foo.param<1, i32>) attributes {a = #foo.attr, b = #foo<"str">, c = #foo.param<[1, 2]>}
  func.func private @opaque_dialect_things(!foo.type, !foo<"x y">, !foo.param<1, i32>) attributes {a = #foo.attr, b = #foo<"str">, c = #foo.param<[1, 2]>}
// CHECK-NEXT: }
}

