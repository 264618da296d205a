// RUN: sharc-opt %s -split-input-file -verify-diagnostics

// Module attributes must have dialect-prefixed names.
// expected-error @+1 {{'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'alpha'}}
module attributes {alpha} {
}

// -----

// A module body is a single block.
// expected-error @+1 {{'builtin.module' op expects region #0 to have 0 or 1 blocks}}
"builtin.module"() ({
^bb0:
  "builtin.module"() ({}) : () -> ()
^bb1:
  "builtin.module"() ({}) : () -> ()
}) : () -> ()

// -----

// The module body block takes no arguments.
// expected-error @+1 {{'builtin.module' op region should have no arguments}}
"builtin.module"() ({
^bb0(%a: i32):
}) : () -> ()

// -----

// builtin.module has no results.
// expected-error @+1 {{'builtin.module' op requires zero results}}
%0 = "builtin.module"() ({
}) : () -> i32

// -----

// builtin.module has no operands.
func.func @module_with_operand(%a: i32) {
  // expected-error @+1 {{'builtin.module' op requires zero operands}}
  "builtin.module"(%a) ({
  }) : (i32) -> ()
  return
}

// -----

// Symbols in a module must be unique.
module @dups {
  // expected-note @+1 {{see existing symbol definition here}}
  func.func private @f()
  // expected-error @+1 {{redefinition of symbol named 'f'}}
  func.func private @f()
}

// -----

// A module is isolated from above: it cannot use values defined outside.
func.func @isolated(%a: i32) {
  builtin.module {
    // expected-note @+1 {{required by region isolation constraints}}
    func.func @inner() {
      // expected-error @+1 {{'arith.addi' op using value defined outside the region}}
      %0 = arith.addi %a, %a : i32
      return
    }
  }
  return
}

// -----

// Inside func.func the default dialect is `func`, so a bare `module` is looked
// up as `func.module`.
func.func @bare_module_in_func() {
  // expected-error @+1 {{custom op 'module' is unknown (tried 'func.module' as well)}}
  module {
  }
  return
}

// -----

// Affine-map layout rank must match the memref rank.
// expected-error @+1 {{memref layout mismatch between rank and affine map: 1 != 2}}
func.func private @bad_layout(memref<4xf32, affine_map<(d0, d1) -> (d0)>>)

// -----

// Strided layout stride count must match the memref rank.
// expected-error @+1 {{expected the number of strides to match the rank}}
func.func private @bad_strided(memref<4x4xf32, strided<[1]>>)

// -----

// Dense literal shape must match its type.
func.func @dense_shape_mismatch() {
  // expected-error @+1 {{inferred shape of elements literal ([3]) does not match type ([2])}}
  %0 = arith.constant dense<[1, 2, 3]> : tensor<2xi32>
  return
}

// -----

// Vector dimensions must be positive.
// expected-error @+1 {{vector types must have positive constant sizes but got 0}}
func.func private @zero_vector(vector<0xf32>)

// -----

// Tensor element types must be valid (no memref elements).
// expected-error @+1 {{invalid tensor element type}}
func.func private @bad_tensor_element(tensor<4xmemref<f32>>)

// -----

// Integer literal out of range for its type.
func.func @int_out_of_range() {
  // expected-error @+1 {{integer constant out of range for attribute}}
  %0 = arith.constant 300 : i8
  return
}

// -----

// Named module symbol must be a valid symbol name attribute (generic form).
// expected-error @+1 {{invalid properties {sym_name = 42 : i32} for op builtin.module: Invalid attribute `sym_name` in property conversion: 42 : i32}}
"builtin.module"() <{sym_name = 42 : i32}> ({
}) : () -> ()
