// RUN: sharc-opt %s -split-input-file -verify-diagnostics

// Float math ops reject integer operands.
func.func @sqrt_on_int(%a: i32) {
  // expected-error @+1 {{'math.sqrt' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = math.sqrt %a : i32
  return
}

// -----

// math.absi rejects float operands.
func.func @absi_on_float(%x: f32) {
  // expected-error @+1 {{'math.absi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = math.absi %x : f32
  return
}

// -----

// math.rsqrt rejects index.
func.func @rsqrt_on_index(%i: index) {
  // expected-error @+1 {{'math.rsqrt' op operand #0 must be floating-point-like, but got 'index'}}
  %0 = math.rsqrt %i : index
  return
}

// -----

// math.fma needs identical operand types (generic form).
func.func @fma_type_mismatch(%x: f32, %y: f64) {
  // expected-error @+1 {{'math.fma' op requires the same type for all operands and results}}
  %0 = "math.fma"(%x, %y, %x) : (f32, f64, f32) -> f32
  return
}

// -----

// math.fma has exactly three operands.
func.func @fma_two_operands(%x: f32) {
  // expected-error @+1 {{'math.fma' op expected 3 operands, but found 2}}
  %0 = "math.fma"(%x, %x) : (f32, f32) -> f32
  return
}

// -----

// math.powf has exactly two operands.
func.func @powf_one_operand(%x: f32) {
  // expected-error @+1 {{'math.powf' op expected 2 operands, but found 1}}
  %0 = "math.powf"(%x) : (f32) -> f32
  return
}

// -----

// Result type must equal the operand type.
func.func @exp_result_mismatch(%x: f32) {
  // expected-error @+1 {{'math.exp' op requires the same type for all operands and results}}
  %0 = "math.exp"(%x) : (f32) -> f64
  return
}

// -----

// copysign operands must have the same type.
func.func @copysign_mismatch(%x: f32, %y: f16) {
  // expected-error @+1 {{'math.copysign' op requires the same type for all operands and results}}
  %0 = "math.copysign"(%x, %y) : (f32, f16) -> f32
  return
}

// -----

// Float math op on an integer vector.
func.func @absf_on_int_vector(%v: vector<4xi32>) {
  // expected-error @+1 {{'math.absf' op operand #0 must be floating-point-like, but got 'vector<4xi32>'}}
  %0 = math.absf %v : vector<4xi32>
  return
}

// -----

// Unary math op with no result (generic form).
func.func @tanh_no_result(%x: f32) {
  // expected-error @+1 {{'math.tanh' op requires one result}}
  "math.tanh"(%x) : (f32) -> ()
  return
}

// -----

// math ops do not accept overflow flags.
func.func @log_overflow(%x: f32) {
  // expected-error @+1 {{expected ':'}}
  %0 = math.log %x overflow<nsw> : f32
  return
}

// -----

// math.ctpop rejects floats.
func.func @ctpop_on_float(%x: f32) {
  // expected-error @+1 {{'math.ctpop' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = math.ctpop %x : f32
  return
}

// -----

// math.ipowi has exactly two operands (generic form).
func.func @ipowi_one_operand(%a: i32) {
  // expected-error @+1 {{'math.ipowi' op expected 2 operands, but found 1}}
  %0 = "math.ipowi"(%a) : (i32) -> i32
  return
}

// -----

// math.atan2 operands must have the same type (generic form).
func.func @atan2_mismatch(%x: f32, %y: f64) {
  // expected-error @+1 {{'math.atan2' op requires the same type for all operands and results}}
  %0 = "math.atan2"(%x, %y) : (f32, f64) -> f32
  return
}

// -----

// Fast-math flags must be #arith.fastmath (generic form).
func.func @sqrt_bad_fastmath(%x: f32) {
  // expected-error @+1 {{invalid properties {fastmath = 1 : i32} for op math.sqrt: Invalid attribute `fastmath` in property conversion: 1 : i32}}
  %0 = "math.sqrt"(%x) <{fastmath = 1 : i32}> : (f32) -> f32
  return
}

// -----

// Math ops are elementwise: a scalable operand with a fixed result is rejected.
func.func @absf_scalable_mismatch(%a: vector<[4]xf32>) {
  // expected-error @+1 {{'math.absf' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "math.absf"(%a) : (vector<[4]xf32>) -> vector<4xf32>
  return
}
