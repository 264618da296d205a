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

// -----

// An unknown cmpi predicate written as a string.
func.func @cmpi_bad_predicate_string(%a: i32) {
  // expected-error @+1 {{custom op 'arith.cmpi' invalid predicate attribute specification: "foo"}}
  %0 = arith.cmpi "foo", %a, %a : i32
  return
}

// -----

// The custom cmpi form checks the operand type before resolving operands.
func.func @cmpi_on_float(%x: f32) {
  // expected-error @+1 {{custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f32'}}
  %0 = arith.cmpi eq, %x, %x : f32
  return
}

// -----

// cmpi operands must have the same type (generic form).
func.func @cmpi_operand_mismatch(%a: i32, %b: i64) {
  // expected-error @+1 {{'arith.cmpi' op requires all operands to have the same type}}
  %0 = "arith.cmpi"(%a, %b) <{predicate = 0 : i64}> : (i32, i64) -> i1
  return
}

// -----

// cmpi on vectors yields i1 elements of the same shape.
func.func @cmpi_result_shape(%a: vector<4xi32>) {
  // expected-error @+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (vector<4xi32>, vector<4xi32>) -> vector<2xi1>
  return
}

// -----

// cmpi requires its predicate (generic form).
func.func @cmpi_no_predicate(%a: i32) {
  // expected-error @+1 {{'arith.cmpi' op requires attribute 'predicate'}}
  %0 = "arith.cmpi"(%a, %a) : (i32, i32) -> i1
  return
}

// -----

// arith.constant requires its value (generic form).
func.func @constant_no_value() {
  // expected-error @+1 {{'arith.constant' op requires attribute 'value'}}
  %0 = "arith.constant"() : () -> i32
  return
}

// -----

// Integer constants must be signless.
func.func @constant_signed() {
  // expected-error @+1 {{'arith.constant' op integer return type must be signless}}
  %0 = "arith.constant"() <{value = 1 : si32}> : () -> si32
  return
}

// -----

// A string is not a valid constant value.
func.func @constant_string() {
  // expected-error @+1 {{'arith.constant' op value must be an integer, float, or elements attribute}}
  %0 = arith.constant "foo"
  return
}

// -----

// A select condition must be bool-like.
func.func @select_float_condition(%x: vector<4xf32>) {
  // expected-error @+1 {{'arith.select' op operand #0 must be bool-like, but got 'vector<4xf32>'}}
  %0 = "arith.select"(%x, %x, %x) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  return
}

// -----

// Casts keep the shape of their operand.
func.func @extsi_shape(%v: vector<4xi32>) {
  // expected-error @+1 {{'arith.extsi' op requires the same shape for all operands and results}}
  %0 = arith.extsi %v : vector<4xi32> to vector<8xi64>
  return
}

// -----

// truncf must narrow.
func.func @truncf_same(%x: f64) {
  // expected-error @+1 {{'arith.truncf' op operand type 'f64' and result type 'f64' are cast incompatible}}
  %0 = arith.truncf %x : f64 to f64
  return
}

// -----

// index_cast between two integers is not a cast.
func.func @index_cast_memref_no_index(%m: memref<4xi32>) {
  // expected-error @+1 {{'arith.index_cast' op operand type 'memref<4xi32>' and result type 'memref<4xi64>' are cast incompatible}}
  %0 = arith.index_cast %m : memref<4xi32> to memref<4xi64>
  return
}

// -----

// Elementwise ops have one result (generic form).
func.func @addi_two_results(%a: i32) {
  // expected-error @+1 {{'arith.addi' op requires one result}}
  %0:2 = "arith.addi"(%a, %a) : (i32, i32) -> (i32, i32)
  return
}

// -----

// Elementwise ops have no regions (generic form).
func.func @addi_region(%a: i32) {
  // expected-error @+1 {{'arith.addi' op requires zero regions}}
  %0 = "arith.addi"(%a, %a) ({}) : (i32, i32) -> i32
  return
}

// -----

// Casts take one operand (generic form).
func.func @extf_two_operands(%x: f32) {
  // expected-error @+1 {{'arith.extf' op requires a single operand}}
  %0 = "arith.extf"(%x, %x) : (f32, f32) -> f64
  return
}

// -----

// select takes three operands (custom form).
func.func @select_two_operands(%c: i1, %a: i32) {
  // expected-error @+1 {{custom op 'arith.select' expected 3 operands}}
  %0 = arith.select %c, %a : i32
  return
}

// -----

// A cast may not turn a scalable vector into a fixed one.
func.func @trunci_scalable_to_fixed(%a: vector<[4]xi32>) {
  // expected-error @+1 {{'arith.trunci' op requires the same shape for all operands and results}}
  %0 = arith.trunci %a : vector<[4]xi32> to vector<4xi8>
  return
}

// -----

// Cast operands and results keep their tensor encoding.
func.func @extf_encoding(%a: tensor<2xf32, "foo">) {
  // expected-error @+1 {{'arith.extf' op operand type 'tensor<2xf32, "foo">' and result type 'tensor<2xf64, "bar">' are cast incompatible}}
  %0 = arith.extf %a : tensor<2xf32, "foo"> to tensor<2xf64, "bar">
  return
}

// -----

// Elementwise ops: vector operands and results must agree on scalability.
func.func @addi_scalable_mismatch(%a: vector<4xi32>, %b: vector<[4]xi32>) {
  // expected-error @+1 {{'arith.addi' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "arith.addi"(%a, %b) : (vector<4xi32>, vector<[4]xi32>) -> vector<4xi32>
  return
}

// -----

// ... and ranked and unranked tensors are different base types.
func.func @addi_unranked_result(%a: tensor<4xi32>) {
  // expected-error @+1 {{'arith.addi' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "arith.addi"(%a, %a) : (tensor<4xi32>, tensor<4xi32>) -> tensor<*xi32>
  return
}

// -----

// The result encoding must be the operands'.
func.func @addi_encoding(%a: tensor<4xi32>) {
  // expected-error @+1 {{'arith.addi' op requires the same encoding for all operands and results}}
  %0 = "arith.addi"(%a, %a) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32, "e">
  return
}

// -----

// A select condition's shape is checked against the i1 form of the result type.
func.func @select_condition_encoding(%c: tensor<8xi1, "bar">, %a: tensor<8xi32, "foo">) {
  // expected-error @+1 {{'arith.select' op expected condition type to have the same shape as the result type, expected 'tensor<8xi1, "foo">', but got 'tensor<8xi1, "bar">'}}
  %0 = arith.select %c, %a, %a : tensor<8xi1, "bar">, tensor<8xi32, "foo">
  return
}

// -----

// Integer widths are limited to 2^24 - 1 bits.
// expected-error @+1 {{integer bitwidth is limited to 16777215 bits}}
func.func @too_wide(%a: i16777216) {
  return
}

// -----

// A minus sign must be followed by a number.
func.func @minus_no_number() {
  // expected-error @+1 {{expected constant integer or floating point value}}
  %0 = arith.constant - : i32
  return
}

// -----

// arith.constant parses a typed attribute; a string is not one.
func.func @constant_string() {
  // expected-error @+1 {{'arith.constant' op value must be an integer, float, or elements attribute}}
  %0 = arith.constant "s"
  return
}
