// RUN: sharc-opt %s -split-input-file | FileCheck %s
// RUN: sharc-opt %s -split-input-file | sharc-opt -split-input-file | FileCheck %s
// RUN: %if mlir-opt %{ sharc-opt %s -split-input-file | mlir-opt -split-input-file | FileCheck %s %}
// RUN: sharc-opt %s -split-input-file --mlir-print-op-generic | sharc-opt -split-input-file | FileCheck %s
// RUN: sed -e '/^\/\/ -----$/b' -e '/^[[:space:]]*\/\//d' %s > %t
// RUN: sharc-opt %s -split-input-file | diff -u %t -
// CHECK: module {
module {
  // External declarations (no body): private and nested visibility, with and
  // without results (a public declaration is a verifier error).
  // CHECK-LABEL: func.func private @decl_private(i32, f32) -> i64
  func.func private @decl_private(i32, f32) -> i64
  // Private declaration without arguments and with two results.
  // CHECK-LABEL: func.func private @decl_no_args() -> (i1, index)
  func.func private @decl_no_args() -> (i1, index)
  // Declaration with `nested` visibility.
  // CHECK-LABEL: func.func nested @decl_nested()
  func.func nested @decl_nested()
  // Empty-bodied function: a bare `return`.
  // CHECK-LABEL: func.func @empty() {
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @empty() {
    return
  }
  // An explicit empty result list `-> ()` is elided when printing.
  // CHECK-LABEL: func.func @unit_result() {
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @unit_result() {
    return
  }
  // Multiple results; single result prints without parentheses.
  // CHECK-LABEL: func.func @multi_result(%arg0: i32, %arg1: f32) -> (i32, f32) {
  // CHECK-NEXT:   return %arg0, %arg1 : i32, f32
  // CHECK-NEXT: }
  func.func @multi_result(%arg0: i32, %arg1: f32) -> (i32, f32) {
    return %arg0, %arg1 : i32, f32
  }
  // Function type returning another function type needs parens around the result.
  // CHECK-LABEL: func.func private @returns_fn_type() -> ((i32) -> i32)
  func.func private @returns_fn_type() -> ((i32) -> i32)
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // Argument attributes (incl. unit attrs) and result attributes.
  // CHECK-LABEL: func.func @arg_attrs(%arg0: memref<16xf32> {llvm.noalias}, %arg1: i32 {foo.bar = 1 : i64, foo.baz}) -> (i32 {foo.res = "r"}) {
  // CHECK-NEXT:   return %arg1 : i32
  // CHECK-NEXT: }
  func.func @arg_attrs(%arg0: memref<16xf32> {llvm.noalias}, %arg1: i32 {foo.bar = 1 : i64, foo.baz}) -> (i32 {foo.res = "r"}) {
    return %arg1 : i32
  }
  // Arg/result attrs on a declaration print with the type.
  // CHECK-LABEL: func.func private @decl_arg_attrs(i32 {foo.a}, f32) -> (f32 {foo.b = 2 : i32}, i8)
  func.func private @decl_arg_attrs(i32 {foo.a}, f32) -> (f32 {foo.b = 2 : i32}, i8)
  // `attributes {...}` dictionary after the signature.
  // CHECK-LABEL: func.func @with_attributes(%arg0: i32) -> i32 attributes {alpha, llvm.emit_c_interface, zeta = 1 : i64} {
  // CHECK-NEXT:   return %arg0 : i32
  // CHECK-NEXT: }
  func.func @with_attributes(%arg0: i32) -> i32 attributes {alpha, llvm.emit_c_interface, zeta = 1 : i64} {
    return %arg0 : i32
  }
  // Private function with a body.
  // CHECK-LABEL: func.func private @private_body(%arg0: index) -> index {
  // CHECK-NEXT:   return %arg0 : index
  // CHECK-NEXT: }
  func.func private @private_body(%arg0: index) -> index {
    return %arg0 : index
  }
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // func.call to a defined function and to a declaration; multiple results.
  // Declaration called from @caller, with two results.
  // CHECK-LABEL: func.func private @callee(i32) -> (i32, i32)
  func.func private @callee(i32) -> (i32, i32)
  // Defined callee with one result.
  // CHECK-LABEL: func.func @helper(%arg0: f32) -> f32 {
  // CHECK-NEXT:   return %arg0 : f32
  // CHECK-NEXT: }
  func.func @helper(%arg0: f32) -> f32 {
    return %arg0 : f32
  }
  // Calls with 2 results (%0:2 / %0#0), 1 result, and none; `func.call` is
  // printed as `call` inside func.func (default dialect).
  // CHECK-LABEL: func.func @caller(%arg0: i32, %arg1: f32) -> (i32, f32) {
  // CHECK-NEXT:   %0:2 = call @callee(%arg0) : (i32) -> (i32, i32)
  // CHECK-NEXT:   %1 = call @helper(%arg1) : (f32) -> f32
  // CHECK-NEXT:   %2 = arith.addi %0#0, %0#1 : i32
  // CHECK-NEXT:   call @decl_void() : () -> ()
  // CHECK-NEXT:   return %2, %1 : i32, f32
  // CHECK-NEXT: }
  func.func @caller(%arg0: i32, %arg1: f32) -> (i32, f32) {
    %0:2 = call @callee(%arg0) : (i32) -> (i32, i32)
    %1 = call @helper(%arg1) : (f32) -> f32
    %2 = arith.addi %0#0, %0#1 : i32
    call @decl_void() : () -> ()
    return %2, %1 : i32, f32
  }
  // Declaration of a callee used before its definition point.
  // CHECK-LABEL: func.func private @decl_void()
  func.func private @decl_void()
  // Recursive call and call carrying discardable attributes.
  // CHECK-LABEL: func.func @recursive(%arg0: i64) -> i64 {
  // CHECK-NEXT:   %0 = call @recursive(%arg0) {tail} : (i64) -> i64
  // CHECK-NEXT:   return %0 : i64
  // CHECK-NEXT: }
  func.func @recursive(%arg0: i64) -> i64 {
    %0 = call @recursive(%arg0) {tail} : (i64) -> i64
    return %0 : i64
  }
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // External callee taking memrefs (func.call_indirect/func.constant are outside
  // the subset).
  // CHECK-LABEL: func.func private @sink(memref<?x?xf32>, index)
  func.func private @sink(memref<?x?xf32>, index)
  // Call whose result list is empty, passing memref arguments.
  // CHECK-LABEL: func.func @call_memref(%arg0: memref<?x?xf32>, %arg1: index) {
  // CHECK-NEXT:   call @sink(%arg0, %arg1) : (memref<?x?xf32>, index) -> ()
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @call_memref(%arg0: memref<?x?xf32>, %arg1: index) {
    call @sink(%arg0, %arg1) : (memref<?x?xf32>, index) -> ()
    return
  }
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // Symbol names that need quoting are printed as @"..." strings.
  // CHECK-LABEL: func.func @"quoted name"() {
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @"quoted name"() {
    return
  }
  // A symbol name made only of identifier characters ($ . _ digits) is printed
  // bare even if it was written quoted.
  // CHECK-LABEL: func.func @x.y$z_1() {
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @x.y$z_1() {
    return
  }
  // References to quoted and bare symbol names from func.call.
  // CHECK-LABEL: func.func @use_quoted() {
  // CHECK-NEXT:   call @"quoted name"() : () -> ()
  // CHECK-NEXT:   call @x.y$z_1() : () -> ()
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @use_quoted() {
    call @"quoted name"() : () -> ()
    call @x.y$z_1() : () -> ()
    return
  }
// CHECK-NEXT: }
}

