// RUN: sharc-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

// Structural errors of generic-form IR, with upstream's wording: op list and
// result binding syntax, block headers, successors, dominance (the note says
// where the operand is defined), entry blocks, empty blocks.

// Upstream's dominance error has no op prefix; its note places the definition.
func.func @use_before_def_same_block() {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  "x.use"(%v) : (i32) -> ()
  // expected-note @+1 {{operand defined here (op in the same block)}}
  %v = "x.def"() : () -> i32
  return
}

// -----

// A definition in a later block of the same region.
func.func @use_before_def_same_region() {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  "x.use"(%v) : (i32) -> ()
  "x.br"()[^bb1] : () -> ()
^bb1:
  // expected-note @+1 {{operand defined here (op in the same region)}}
  %v = "x.def"() : () -> i32
  return
}

// -----

// A block argument of a later block, from a nested region.
// expected-note @+1 {{operand defined as a block argument (block #1 in a parent region)}}
func.func @block_arg_parent_region() {
  "x.region"() ({
    // expected-error @+1 {{operand #0 does not dominate this use}}
    "x.use"(%a) : (i32) -> ()
  }) : () -> ()
  "x.br"()[^bb1] : () -> ()
^bb1(%a: i32):
  return
}

// -----

// Across the blocks of an unregistered op's region dominance still holds.
func.func @unregistered_region_blocks() {
  "x.region"() ({
    // expected-error @+1 {{operand #0 does not dominate this use}}
    "x.use"(%v) : (i32) -> ()
    "x.br"()[^bb1] : () -> ()
  ^bb1:
    // expected-note @+1 {{operand defined here (op in the same region)}}
    %v = "x.def"() : () -> i32
    "x.end"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Only a region of a single block may have an empty block.
func.func @empty_block_in_cfg_region() {
  // expected-error @+1 {{empty block: expect at least a terminator}}
  "x.region"() ({
  ^bb0:
    "x.br"()[^bb1] : () -> ()
  ^bb1:
  }) : () -> ()
  return
}

// -----

// The entry block of a region cannot be a branch target.
// expected-error @+1 {{entry block of region may not have predecessors}}
func.func @entry_block_predecessor() {
^bb0:
  "x.br"()[^bb0] : () -> ()
}

// -----

// Successor lists are for terminators.
func.func @successors_non_terminator(%a: i32) {
  // expected-error @+1 {{successors in non-terminator}}
  %0 = "arith.addi"(%a, %a)[^bb1] : (i32, i32) -> i32
^bb1:
  return
}

// -----

// The number of operand types must match the operand list.
func.func @operand_type_count(%a: i32) {
  // expected-error @+1 {{expected 0 operand types but had 1}}
  "x.op"() : (i32) -> ()
  return
}

// -----

// The op type must be a function type.
func.func @op_type_not_function() {
  // expected-error @+1 {{expected function type}}
  "x.op"() : i32
  return
}

// -----

// `%name:N` needs an integer count.
func.func @result_count_missing() {
  // expected-error @+1 {{expected integer number of results}}
  %0: = "x.op"() : () -> (i32, i32)
  return
}

// -----

// `%name:0` binds no result.
func.func @result_count_zero() {
  // expected-error @+1 {{expected named operation to have at least 1 result}}
  %0:0 = "x.op"() : () -> (i32, i32)
  return
}

// -----

// A missing `=` after the result names.
func.func @missing_eq() {
  // expected-error @+1 {{expected '=' after SSA name}}
  %0:2 "x.op"() : () -> (i32, i32)
  return
}

// -----

// An op without results cannot be named.
func.func @named_without_results() {
  // expected-error @+1 {{cannot name an operation with no results}}
  %0 = "x.op"() : () -> ()
  return
}

// -----

// Block arguments need a type.
func.func @block_arg_without_type() {
// expected-error @+1 {{expected ':' and type for SSA operand}}
^bb0(%a):
  return
}

// -----

// A block label ends in `:`.
func.func @block_label_without_colon() {
// expected-error @+1 {{expected ':' after block name}}
^bb0 %x: i32
  return
}

// -----

// A generic op's region list is closed by `)`.
func.func @unclosed_region_list() {
  // expected-error @+1 {{expected ')' to end region list}}
  "x.op"() ({}, {} : () -> ()
}

// -----

// The op type follows a `:`.
func.func @missing_op_type() {
  // expected-error @+1 {{expected ':' followed by operation type}}
  %0 = "x.op"()
  return
}

// -----

// Attribute names cannot be empty.
func.func @empty_attribute_name() {
  // expected-error @+1 {{expected valid attribute name}}
  "x.op"() {"" = 1} : () -> ()
  return
}

// -----

// An integer type is not an op name.
func.func @int_type_as_op() {
  // expected-error @+1 {{expected operation name in quotes}}
  %0 = arith.constant 1 i32
  return
}

// -----

// `.` is only valid as part of `...`.
// expected-error @+1 {{expected three consecutive dots for an ellipsis}}
func.func @lone_dot(.)

// -----

// A top-level `!name` starts a type alias definition.
// expected-error @+1 {{expected '=' in type alias definition}}
!alias i32

// -----

// Tuple types need `<` and `>`.
// expected-error @+1 {{expected '>' in tuple type}}
func.func @bad_tuple(%a: tuple<i32)

// -----

// Pretty dialect bodies must nest their brackets.
// expected-error @+1 {{unbalanced '(' character in pretty dialect name}}
func.func @bad_pretty(%a: !x.t<(i32]>)

// -----

// An undefined alias is reported after its token.
// expected-error @+1 {{undefined symbol alias id 'nothing'}}
func.func @undefined_alias(%a: !nothing) {
  return
}

// -----

// `callsite(... at ...)`.
func.func @callsite_without_at() {
  // expected-error @+1 {{expected 'at' in callsite location}}
  return loc(callsite("a" "b"))
}

// -----

// A range location needs `:col` after `to`.
func.func @range_without_col() {
  // expected-error @+1 {{expected either integer or `:` post `to` in FileLineColRange}}
  return loc("f":1:2 to 3)
}

// -----

// A generic op's operands are in parentheses.
func.func @generic_without_operand_list() {
  // expected-error @+1 {{expected '(' to start operand list}}
  "x.op" : () -> ()
  return
}

// -----

// `loc` after an op always starts a location.
func.func @loc_without_paren() {
  // expected-error @+1 {{expected '(' in location}}
  return loc
}

// -----

// Complex, vector and tensor types open with `<`.
// expected-error @+1 {{expected '<' in complex type}}
func.func @complex_without_less(%a: complex)

// -----

// expected-error @+1 {{expected '<' in vector type}}
func.func @vector_without_less(%a: vector)

// -----

// expected-error @+1 {{expected '<' in tensor type}}
func.func @tensor_without_less(%a: tensor)

// -----

// A forward reference typed differently from the definition is reported at
// the definition, with the use in a note.
func.func @forward_reference_type() -> i8 {
  "x.br"()[^bb2] : () -> ()
^bb1:
  // expected-note @+1 {{previously used here with type 'i8'}}
  return %1 : i8
^bb2:
  // expected-error @+1 {{definition of SSA value '%1#0' has type 'f32'}}
  %1 = "x.def"() : () -> f32
  "x.br"()[^bb1] : () -> ()
}
