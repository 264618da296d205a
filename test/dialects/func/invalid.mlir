// RUN: sharc-opt %s -split-input-file -verify-diagnostics

// func.return operand type must match the function result type.
func.func @return_type_mismatch(%a: i64) -> i32 {
  // expected-error @+1 {{type of return operand 0 ('i64') doesn't match function result type ('i32') in function @return_type_mismatch}}
  return %a : i64
}

// -----

// func.return operand count must match the function result count.
func.func @return_count_mismatch() -> i32 {
  // expected-error @+1 {{'func.return' op has 0 operands, but enclosing function (@return_count_mismatch) returns 1}}
  return
}

// -----

// func.return with too many operands.
func.func @return_too_many(%a: i32) {
  // expected-error @+1 {{'func.return' op has 1 operands, but enclosing function (@return_too_many) returns 0}}
  return %a : i32
}

// -----

// func.call of an unknown symbol.
func.func @call_unknown() {
  // expected-error @+1 {{'func.call' op 'missing' does not reference a valid function}}
  call @missing() : () -> ()
  return
}

// -----

// func.call with the wrong argument type.
func.func private @callee_i32(i32)
func.func @call_wrong_arg_type(%x: f32) {
  // expected-error @+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'f32' for operand number 0}}
  call @callee_i32(%x) : (f32) -> ()
  return
}

// -----

// func.call with the wrong number of arguments.
func.func private @callee_two(i32, i32)
func.func @call_wrong_arg_count(%x: i32) {
  // expected-error @+1 {{'func.call' op incorrect number of operands for callee}}
  call @callee_two(%x) : (i32) -> ()
  return
}

// -----

// func.call with the wrong number of results.
func.func private @callee_res() -> i32
func.func @call_wrong_result_count() {
  // expected-error @+1 {{'func.call' op incorrect number of results for callee}}
  call @callee_res() : () -> ()
  return
}

// -----

// func.call with the wrong result type.
func.func private @callee_res_f() -> f32
func.func @call_wrong_result_type() -> i32 {
  // expected-error @+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note @+2 {{      op result types: 'i32'}}
  // expected-note @+1 {{function result types: 'f32'}}
  %0 = call @callee_res_f() : () -> i32
  return %0 : i32
}

// -----

// func.call to a symbol that is not a function.
memref.global "private" @not_a_function : memref<4xf32>
func.func @call_non_function() {
  // expected-error @+1 {{'func.call' op 'not_a_function' does not reference a valid function}}
  call @not_a_function() : () -> ()
  return
}

// -----

// A function declaration (no body) may not be public.
// expected-error @+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @public_declaration(i32)

// -----

// Two functions with the same symbol name in one symbol table.
// expected-note @+1 {{see existing symbol definition here}}
func.func private @dup()
// expected-error @+1 {{redefinition of symbol named 'dup'}}
func.func private @dup()

// -----

// The last op of a function body must be a terminator.
func.func @missing_terminator(%a: i32) -> i32 {
  // expected-error @+1 {{block with no terminator, has %0 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32}}
  %0 = arith.addi %a, %a : i32
}

// -----

// func.return must be the last operation of its block.
func.func @return_not_last() {
  // expected-error @+1 {{'func.return' op must be the last operation in the parent block}}
  "func.return"() : () -> ()
  %0 = arith.constant 0 : i32
}

// -----

// func.return may only appear directly inside func.func.
func.func @return_in_scf(%c: i1) {
  scf.if %c {
    // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
    "func.return"() : () -> ()
  }
  return
}

// -----

// Entry block argument types must match the function signature (generic form).
// expected-error @+1 {{'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
"func.func"() <{function_type = (i32) -> (), sym_name = "entry_arg_mismatch"}> ({
^bb0(%a: i64):
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Entry block argument count must match the function signature (generic form).
// expected-error @+1 {{'func.func' op entry block must have 2 arguments to match function signature}}
"func.func"() <{function_type = (i32, i32) -> (), sym_name = "entry_arg_count"}> ({
^bb0(%a: i32):
  "func.return"() : () -> ()
}) : () -> ()

// -----

// arg_attrs must have one dictionary per argument.
// expected-error @+1 {{'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 1, but expected 2}}
"func.func"() <{function_type = (i32, i32) -> (), sym_name = "arg_attrs_count", sym_visibility = "private", arg_attrs = [{}]}> ({
}) : () -> ()

// -----

// Function argument names must be unique.
// expected-error @+2 {{region entry argument '%a' is already in use}}
// expected-note @+1 {{previously referenced here}}
func.func @dup_arg(%a: i32, %a: i32) {
  return
}

// -----

// The `func` default dialect only applies to ops whose immediate parent is
// func.func: a bare `call` nested in scf.for is not resolved to func.call.
// (The note's text continues with mlir-opt's list of registered dialects,
// which depends on the tool; only its prefix is matched.)
func.func @bare_call_in_scf(%n: index) {
  %c0 = arith.constant 0 : index
  scf.for %i = %c0 to %n step %n {
    // expected-error @+2 {{Dialect `' not found for custom op 'call'  (tried '.call' as well)}}
    // expected-note @+1 {{Available dialects: }}
    call @bare_call_in_scf(%n) : (index) -> ()
  }
  return
}

// -----

// A function with braces must have a non-empty body.
// expected-error @+1 {{custom op 'func.func' expected non-empty function body}}
func.func @empty_body() {}

// -----

// Named and unnamed arguments cannot be mixed.
// expected-error @+1 {{custom op 'func.func' expected SSA identifier}}
func.func @mixed_args(%a: i32, i32)

// -----

// Unnamed arguments cannot be followed by named ones.
// expected-error @+1 {{custom op 'func.func' expected type instead of SSA identifier}}
func.func @mixed_args2(i32, %a: i32)

// -----

// The signature attributes are inferred, not written in the dictionary.
// expected-error @+1 {{custom op 'func.func' 'function_type' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func @inferred_attr() attributes {function_type = () -> ()} {
  return
}

// -----

// Argument attributes must be dialect attributes (with a `.`).
// expected-error @+1 {{'func.func' op arguments may only have dialect attributes}}
func.func @non_dialect_arg_attr(%a: i32 {foo}) {
  return
}

// -----

// The callee of func.call must be a flat symbol reference (generic form).
func.func @nested_callee() {
  // expected-error @+1 {{invalid properties {callee = @a::@b} for op func.call: Invalid attribute `callee` in property conversion: @a::@b}}
  "func.call"() <{callee = @a::@b}> : () -> ()
  return
}

// -----

// func.call requires its callee (generic form).
func.func @no_callee() {
  // expected-error @+1 {{'func.call' op requires attribute 'callee'}}
  "func.call"() : () -> ()
  return
}

// -----

// The type after a call must be a function type.
func.func @call_non_function_type() {
  // expected-error @+1 {{custom op 'func.call' invalid kind of type specified: expected builtin.function, but found 'i32'}}
  %0 = call @call_non_function_type() : i32
  return
}

// -----

// Visibility must be public, private or nested (generic form).
// expected-error @+1 {{'func.func' op visibility expected to be one of ["public", "private", "nested"], but got "hidden"}}
"func.func"() <{function_type = () -> (), sym_name = "bad_visibility", sym_visibility = "hidden"}> ({
}) : () -> ()

// -----

// function_type must be a function type (generic form).
// expected-error @+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
"func.func"() <{function_type = i32, sym_name = "bad_type", sym_visibility = "private"}> ({
}) : () -> ()

// -----

// func.func requires function_type (generic form).
// expected-error @+1 {{'func.func' op requires attribute 'function_type'}}
"func.func"() <{sym_name = "no_type", sym_visibility = "private"}> ({
}) : () -> ()

// -----

// res_attrs must have one dictionary per result (generic form).
// expected-error @+1 {{'func.func' op expects result attribute array to have the same number of elements as the number of function results, got 2, but expected 1}}
"func.func"() <{function_type = () -> i32, sym_name = "res_attrs_count", sym_visibility = "private", res_attrs = [{}, {}]}> ({
}) : () -> ()

// -----

// func.func has exactly one region (generic form).
// expected-error @+1 {{'func.func' op requires one region}}
"func.func"() <{function_type = () -> (), sym_name = "two_regions"}> ({
  "func.return"() : () -> ()
}, {
}) : () -> ()

// -----

// `@` names start with a letter or `_` (or are quoted).
// expected-error @+1 {{@ identifier expected to start with letter or '_'}}
func.func private @$bad_name()

// -----

// A symbol definition needs an `@` name (reported by the custom parser).
// expected-error @+1 {{custom op 'func.func' expected valid '@'-identifier for symbol name}}
func.func no_at() {
  return
}

// -----

// func.call's callee is a flat symbol reference attribute.
func.func @call_string() {
  // expected-error @+1 {{custom op 'func.call' invalid kind of attribute specified}}
  func.call "f"() : () -> ()
  return
}

// -----

// An operand list with no type.
// expected-error @+1 {{expected non-function type}}
func.func @variadic(...)
