// RUN: sharc-opt %s -split-input-file -verify-diagnostics

// affine.for step must be positive (negative). NB: upstream MLIR 22 does NOT
// reject `step 0`; it parses, verifies and prints it unchanged.
func.func @for_step_negative() {
  // expected-error @+1 {{custom op 'affine.for' expected step to be representable as a positive signed integer}}
  affine.for %i = 0 to 10 step -1 {
  }
  return
}

// -----

// affine.for bound operands must be valid affine dims/symbols.
func.func @for_bad_bound_operand(%A: memref<?xindex>) {
  %c0 = arith.constant 0 : index
  affine.for %i = 0 to 10 {
    %n = memref.load %A[%i] : memref<?xindex>
    // expected-error @+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %j = 0 to %n {
    }
  }
  return
}

// -----

// affine.load needs one subscript per memref dimension.
func.func @load_index_count(%A: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op affine map num results must equal memref rank}}
  %0 = affine.load %A[%i] : memref<4x4xf32>
  return
}

// -----

// affine.store needs one subscript per memref dimension.
func.func @store_index_count(%A: memref<4xf32>, %i: index, %x: f32) {
  // expected-error @+1 {{'affine.store' op affine map num results must equal memref rank}}
  affine.store %x, %A[%i, %i] : memref<4xf32>
  return
}

// -----

// affine.load subscripts must be valid dims or symbols.
func.func @load_bad_index(%A: memref<100xf32>, %B: memref<100xindex>) {
  affine.for %i = 0 to 100 {
    %k = memref.load %B[%i] : memref<100xindex>
    // expected-error @+1 {{'affine.load' op operand cannot be used as a dimension id}}
    %0 = affine.load %A[%k] : memref<100xf32>
  }
  return
}

// -----

// affine.apply map must produce exactly one result (generic form: verifier).
func.func @apply_two_results_generic(%i: index) {
  // expected-error @+1 {{'affine.apply' op mapping must produce one value}}
  %0 = "affine.apply"(%i) <{map = affine_map<(d0) -> (d0, d0)>}> : (index) -> index
  return
}

// -----

// affine.apply map with two results in the custom form: the parser infers two
// results and fails to bind them to a single name.
func.func @apply_two_results(%i: index) {
  // expected-error @+1 {{operation defines 2 results but was provided 1 to bind}}
  %0 = affine.apply affine_map<(d0) -> (d0, d0)>(%i)
  return
}

// -----

// affine.apply operand count must match the map's dims + symbols.
func.func @apply_operand_count(%i: index) {
  // expected-error @+1 {{custom op 'affine.apply' dimension or symbol index mismatch}}
  %0 = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%i)
  return
}

// -----

// affine.min needs a map with at least one result.
func.func @min_no_results(%i: index) {
  // expected-error @+1 {{'affine.min' op affine map expect at least one result}}
  %0 = affine.min affine_map<(d0) -> ()>(%i)
  return
}

// -----

// affine.yield count must match the affine.for results.
func.func @for_yield_count(%x: f32) {
  %0 = affine.for %i = 0 to 10 iter_args(%a = %x) -> (f32) {
    // expected-error @+1 {{'affine.yield' op parent of yield must have same number of results as the yield operands}}
    affine.yield
  }
  return
}

// -----

// affine.yield types must match the affine.for results.
func.func @for_yield_type(%x: f32, %y: f64) {
  %0 = affine.for %i = 0 to 10 iter_args(%a = %x) -> (f32) {
    // expected-error @+1 {{'affine.yield' op types mismatch between yield op and its parent}}
    affine.yield %y : f64
  }
  return
}

// -----

// affine.if defining values needs an else region.
func.func @if_results_no_else(%i: index, %x: f32) {
  // expected-error @+2 {{'affine.if' op along control flow edge from parent to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  // expected-note @+1 {{region branch point}}
  %0 = affine.if affine_set<(d0) : (d0 >= 0)>(%i) -> f32 {
    affine.yield %x : f32
  }
  return
}

// -----

// affine.if operand count must match the integer set.
func.func @if_operand_count(%i: index) {
  // expected-error @+1 {{custom op 'affine.if' dim operand count and integer set dim count must match}}
  affine.if affine_set<(d0, d1) : (d0 - d1 >= 0)>(%i) {
  }
  return
}

// -----

// affine.parallel: "maxnumf" is rejected by MLIR 22 (no identity value).
func.func @parallel_maxnumf(%A: memref<4xf32>) {
  // expected-error @+1 {{'affine.parallel' op result type cannot match reduction attribute}}
  %0 = affine.parallel (%i) = (0) to (4) reduce ("maxnumf") -> (f32) {
    %v = affine.load %A[%i] : memref<4xf32>
    affine.yield %v : f32
  }
  return
}

// -----

// affine.parallel: unknown reduction kind.
func.func @parallel_bad_reduction(%A: memref<4xf32>) {
  // expected-error @+1 {{custom op 'affine.parallel' invalid reduction value: "sum"}}
  %0 = affine.parallel (%i) = (0) to (4) reduce ("sum") -> (f32) {
    %v = affine.load %A[%i] : memref<4xf32>
    affine.yield %v : f32
  }
  return
}

// -----

// affine.parallel: one reduction per result.
func.func @parallel_reduction_count(%A: memref<4xf32>) {
  // expected-error @+1 {{'affine.parallel' op a reduction must be specified for each output}}
  %0:2 = affine.parallel (%i) = (0) to (4) reduce ("addf") -> (f32, f32) {
    %v = affine.load %A[%i] : memref<4xf32>
    affine.yield %v, %v : f32, f32
  }
  return
}

// -----

// affine.yield outside an affine op.
func.func @yield_outside() {
  // expected-error @+1 {{'affine.yield' op only terminates affine.if/for/parallel regions}}
  "affine.yield"() : () -> ()
}

// -----

// affine.load result type must match the memref element type (generic form).
func.func @load_result_type(%A: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op result type must match element type of memref}}
  %0 = "affine.load"(%A, %i) <{map = affine_map<(d0) -> (d0)>}> : (memref<4xf32>, index) -> f64
  return
}

// -----

// affine.for bound maps with several results need `max`/`min`.
func.func @for_multi_result_bound(%n: index) {
  // expected-error @+1 {{custom op 'affine.for' upper loop bound affine map with multiple results requires 'min' prefix}}
  affine.for %i = 0 to affine_map<(d0) -> (d0, 10)>(%n) {
  }
  return
}

// -----

// affine.for bound operand counts must match the map's dims.
func.func @for_bound_dim_count(%n: index) {
  // expected-error @+1 {{custom op 'affine.for' dim operand count and affine map dim count must match}}
  affine.for %i = 0 to affine_map<(d0, d1) -> (d0 + d1)>(%n) {
  }
  return
}

// -----

// affine.for needs a non-empty lower bound map (generic form).
func.func @for_empty_lower_bound() {
  // expected-error @+1 {{'affine.for' op expected lower bound map to have at least one result}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> ()>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index):
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// affine.for inits must match the region iter_args (generic form).
func.func @for_inits_count(%x: f32) {
  // expected-error @+1 {{'affine.for' op different number of inits and region iter_args: 1 != 0}}
  %0 = "affine.for"(%x) <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 1>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index):
    "affine.yield"(%x) : (f32) -> ()
  }) : (f32) -> f32
  return
}

// -----

// affine.for operand segments must cover the operands (generic form).
func.func @for_segments(%n: index) {
  // expected-error @+1 {{'affine.for' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  "affine.for"(%n) <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index):
    "affine.yield"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

// affine.store value type must match the memref element type (generic form).
func.func @store_value_type(%A: memref<4xf32>, %i: index, %x: f64) {
  // expected-error @+1 {{'affine.store' op value to store must have the same type as memref element type}}
  "affine.store"(%x, %A, %i) <{map = affine_map<(d0) -> (d0)>}> : (f64, memref<4xf32>, index) -> ()
  return
}

// -----

// affine.load needs one operand per map input (generic form).
func.func @load_subscript_count(%A: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op expects as many subscripts as affine map inputs}}
  %0 = "affine.load"(%A, %i, %i) <{map = affine_map<(d0) -> (d0)>}> : (memref<4xf32>, index, index) -> f32
  return
}

// -----

// affine.apply symbols may not be loop induction variables.
func.func @apply_dim_as_symbol() {
  affine.for %i = 0 to 10 {
    // expected-error @+1 {{dimensional operand cannot be used as a symbol}}
    %0 = affine.apply affine_map<()[s0] -> (s0 + 1)>()[%i]
  }
  return
}

// -----

// affine.if symbol operands must be valid symbols.
func.func @if_bad_symbol() {
  affine.for %i = 0 to 10 {
    // expected-error @+1 {{'affine.if' op operand cannot be used as a symbol}}
    affine.if affine_set<()[s0] : (s0 >= 0)>()[%i] {
    }
  }
  return
}

// -----

// affine.parallel steps must be constants.
func.func @parallel_dynamic_step(%n: index) {
  // expected-error @+1 {{custom op 'affine.parallel' steps must be constant integers}}
  affine.parallel (%i) = (0) to (%n) step (%n) {
  }
  return
}

// -----

// affine.parallel needs one bound group per induction variable (generic form).
func.func @parallel_groups_count(%n: index) {
  // expected-error @+1 {{'affine.parallel' op the number of region arguments (1) and the number of map groups for lower (2) and upper bound (1), and the number of steps (1) must all match}}
  "affine.parallel"() <{lowerBoundsGroups = dense<1> : tensor<2xi32>, lowerBoundsMap = affine_map<() -> (0, 0)>, reductions = [], steps = [1], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (4)>}> ({
  ^bb0(%i: index):
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// affine.min operands must match the map's dims and symbols (generic form).
func.func @min_operand_count(%i: index) {
  // expected-error @+1 {{'affine.min' op operand count and affine map dimension and symbol count must match}}
  %0 = "affine.min"(%i) <{map = affine_map<(d0, d1) -> (d0, d1)>}> : (index) -> index
  return
}

// -----

// affine.if regions take no arguments (upstream `NoRegionArguments`).
func.func @if_region_argument(%n: index) {
  // expected-error @+1 {{'affine.if' op region #0 should have no arguments}}
  affine.if affine_set<(d0) : (d0 >= 0)>(%n) {
  ^bb0(%x: index):
    "affine.yield"() : () -> ()
  }
  return
}

// -----

// A region argument cannot carry a result number.
func.func @iter_arg_result_number(%x: f32) {
  // expected-error @+1 {{result number not allowed in argument list}}
  %r = affine.for %i = 0 to 4 iter_args(%acc#1 = %x) -> (f32) {
    affine.yield %acc : f32
  }
  return
}

// -----

// After a binary operator an operand is missing (not "expected affine expression").
func.func @map_missing_rhs(%a: index) {
  // expected-error @+1 {{missing right operand of binary operator}}
  %0 = affine.apply affine_map<(d0) -> (d0 + )>(%a)
  return
}

// -----

// A constraint needs `>=`, `<=` or `==`; upstream points past the consumed `>`.
func.func @set_bad_comparison(%a: index) {
  // expected-error @+1 {{expected '== affine-expr' or '>= affine-expr' at end of affine constraint}}
  affine.if affine_set<(d0) : (d0 > 3)>(%a) {
  }
  return
}

// -----

// An affine_set body must be a set, not a map.
func.func @set_with_map_body(%a: index) {
  // expected-error @+1 {{expected IntegerSet, but got AffineMap}}
  affine.if affine_set<(d0) -> (d0)>(%a) {
  }
  return
}

// -----

// An SSA name inside an attribute-form map.
func.func @map_ssa_name(%a: index) {
  // expected-error @+1 {{unexpected ssa identifier}}
  %0 = affine.apply affine_map<(d0) -> (%a)>(%a)
  return
}

// -----

// A loop step that is not an integer literal is an attribute error.
func.func @for_ssa_step(%n: index) {
  // expected-error @+1 {{expected attribute value}}
  affine.for %i = 0 to 10 step %n {
  }
  return
}

// -----

// An oversized constant bound is out of range for an index attribute.
func.func @for_huge_bound() {
  // expected-error @+1 {{integer constant out of range for attribute}}
  affine.for %i = 0 to 9223372036854775808 {
  }
  return
}

// -----

// affine.apply's dims are a parenthesized operand list.
func.func @apply_without_parens(%a: index) {
  // expected-error @+1 {{expected '(' in operand list}}
  %0 = affine.apply affine_map<(d0) -> (d0)> %a
  return
}
