// RUN: sharc-opt %s -split-input-file -verify-diagnostics

// Binary ops require identical operand and result types (i32 vs i64).
func.func @addi_type_mismatch(%a: i32, %b: i64) {
  // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return
}

// -----

// In the custom form all operands take the single trailing type, so a
// mismatching SSA value is a parse error.
// expected-note @+1 {{prior use here}}
func.func @addi_custom_mismatch(%a: i32, %b: i64) {
  // expected-error @+1 {{use of value '%b' expects different type than prior uses: 'i32' vs 'i64'}}
  %0 = arith.addi %a, %b : i32
  return
}

// -----

// Wrong operand count (generic form).
func.func @addi_one_operand(%a: i32) {
  // expected-error @+1 {{'arith.addi' op expected 2 operands, but found 1}}
  %0 = "arith.addi"(%a) : (i32) -> i32
  return
}

// -----

// Integer op on float operands.
func.func @addi_on_float(%x: f32) {
  // expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = arith.addi %x, %x : f32
  return
}

// -----

// Float op on integer operands.
func.func @addf_on_int(%a: i32) {
  // expected-error @+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.addf %a, %a : i32
  return
}

// -----

// Unknown cmpi predicate.
func.func @cmpi_bad_predicate(%a: i32) {
  // expected-error @+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi foo, %a, %a : i32
  return
}

// -----

// cmpi result must be i1 (or a vector of i1 of the same shape).
func.func @cmpi_bad_result(%a: i32) {
  // expected-error @+1 {{'arith.cmpi' op result #0 must be bool-like, but got 'i32'}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (i32, i32) -> i32
  return
}

// -----

// cmpf on integer operands.
func.func @cmpf_on_int(%a: i32) {
  // expected-error @+1 {{custom op 'arith.cmpf' 'lhs' must be floating-point-like, but got 'i32'}}
  %0 = arith.cmpf olt, %a, %a : i32
  return
}

// -----

// select branches must have the same type as the result.
func.func @select_mismatch(%c: i1, %a: i32, %b: i64) {
  // expected-error @+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "arith.select"(%c, %a, %b) : (i1, i32, i64) -> i32
  return
}

// -----

// A vector select condition must match the value shape.
func.func @select_shape_mismatch(%c: vector<2xi1>, %v: vector<4xf32>) {
  // expected-error @+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = arith.select %c, %v, %v : vector<2xi1>, vector<4xf32>
  return
}

// -----

// Constant attribute type must match the result type (generic form).
func.func @constant_type_mismatch() {
  // expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = 1 : i64}> : () -> i32
  return
}

// -----

// Float literal for an integer constant. Upstream reports this at the token
// AFTER the type (here: `return` on the next line).
func.func @constant_float_for_int() {
  %0 = arith.constant 1.5 : i32
  // expected-error @+1 {{floating point value not valid for specified type}}
  return
}

// -----

// index_cast needs index on exactly one side.
func.func @index_cast_no_index(%a: i32) {
  // expected-error @+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_cast %a : i32 to i64
  return
}

// -----

// extsi must widen.
func.func @extsi_narrowing(%a: i32) {
  // expected-error @+1 {{'arith.extsi' op operand type 'i32' and result type 'i16' are cast incompatible}}
  %0 = arith.extsi %a : i32 to i16
  return
}

// -----

// trunci must narrow.
func.func @trunci_widening(%a: i32) {
  // expected-error @+1 {{'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.trunci %a : i32 to i64
  return
}

// -----

// extf must widen.
func.func @extf_narrowing(%x: f64) {
  // expected-error @+1 {{'arith.extf' op operand type 'f64' and result type 'f32' are cast incompatible}}
  %0 = arith.extf %x : f64 to f32
  return
}

// -----

// truncf between same-width float formats is not a cast (f16 -> bf16).
func.func @truncf_same_width(%h: f16) {
  // expected-error @+1 {{'arith.truncf' op operand type 'f16' and result type 'bf16' are cast incompatible}}
  %0 = arith.truncf %h : f16 to bf16
  return
}

// -----

// bitcast requires equal bit widths.
func.func @bitcast_width(%a: i32) {
  // expected-error @+1 {{'arith.bitcast' op operand type 'i32' and result type 'f64' are cast incompatible}}
  %0 = arith.bitcast %a : i32 to f64
  return
}

// -----

// sitofp requires an integer operand.
func.func @sitofp_from_float(%x: f32) {
  // expected-error @+1 {{'arith.sitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = arith.sitofp %x : f32 to f64
  return
}

// -----

// Overflow flags are not accepted on ops without them (addf): the custom
// parser expects the `:` at the `overflow` keyword.
func.func @overflow_on_addf(%x: f32) {
  // expected-error @+1 {{expected ':'}}
  %0 = arith.addf %x, %x overflow<nsw> : f32
  return
}
