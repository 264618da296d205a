// RUN: sharc-opt %s -split-input-file -verify-diagnostics

// scf.yield operand count must match the scf.for results. (NB: upstream
// MLIR 22 does NOT reject a constant zero step on scf.for.)
func.func @for_yield_count(%n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  %0 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (f32) {
    // expected-note @+1 {{region branch point}}
    scf.yield
  }
  return
}

// -----

// scf.yield operand types must match the scf.for results.
func.func @for_yield_type(%n: index, %x: f32, %y: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'f32' != 'f64'}}
  %0 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (f32) {
    scf.yield %y : f64
  }
  return
}

// -----

// scf.for iter_args init types must match the result types.
func.func @for_init_type(%n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.for' op 0-th init and 0-th region iter_arg have different type: 'f32' != 'f64'}}
  %0 = "scf.for"(%c0, %n, %c1, %x) ({
  ^bb0(%i: index, %a: f64):
    "scf.yield"(%a) : (f64) -> ()
  }) : (index, index, index, f32) -> f64
  return
}

// -----

// scf.for bounds and step must share one type (generic form).
func.func @for_mixed_types(%lb: index, %ub: i32, %st: index) {
  // expected-error @+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%lb, %ub, %st) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) : (index, i32, index) -> ()
  return
}

// -----

// scf.if defining values needs an else region.
func.func @if_results_no_else(%c: i1, %x: f32) {
  // expected-error @+1 {{'scf.if' op must have an else block if defining values}}
  %0 = scf.if %c -> (f32) {
    scf.yield %x : f32
  }
  return
}

// -----

// scf.if yields must match the declared result types.
func.func @if_yield_type(%c: i1, %x: f32, %y: f64) {
  // expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'f64' should match successor input type #0 'f32'}}
  %0 = scf.if %c -> (f32) {
    scf.yield %x : f32
  } else {
    // expected-note @+1 {{region branch point}}
    scf.yield %y : f64
  }
  return
}

// -----

// scf.if condition must be i1 (generic form).
func.func @if_condition_type(%c: i32) {
  // expected-error @+1 {{'scf.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  }, {
  }) : (i32) -> ()
  return
}

// -----

// scf.while "before" region must end in scf.condition.
func.func @while_before_yield(%x: i32) {
  // expected-error @+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  %0 = scf.while (%a = %x) : (i32) -> i32 {
    // expected-note @+1 {{terminator here}}
    scf.yield %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return
}

// -----

// scf.while "after" region arguments must match the scf.condition operands.
func.func @while_after_args(%x: i32) {
  // expected-error @+1 {{'scf.while' op along control flow edge from Operation scf.condition to Region #1: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %0 = scf.while (%a = %x) : (i32) -> i32 {
    %c = arith.cmpi eq, %a, %a : i32
    // expected-note @+1 {{region branch point}}
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: f32):
    scf.yield %x : i32
  }
  return
}

// -----

// scf.condition outside scf.while.
func.func @condition_outside(%c: i1) {
  // expected-error @+1 {{'scf.condition' op expects parent op 'scf.while'}}
  scf.condition(%c)
}

// -----

// scf.parallel: one scf.reduce region per result.
func.func @parallel_reduce_count(%n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0}}
  %0 = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%x) -> f32 {
    scf.reduce
  }
  return
}

// -----

// scf.parallel: bound/step counts must agree.
func.func @parallel_bound_count(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{custom op 'scf.parallel' expected 2 operands}}
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1) {
  }
  return
}

// -----

// scf.reduce.return type must match the reduced value type.
func.func @reduce_return_type(%n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      %d = arith.constant 0.0 : f64
      // expected-error @+1 {{'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)}}
      scf.reduce.return %d : f64
    }
  }
  return
}

// -----

// scf.yield may not terminate a func.func body.
func.func @yield_in_func() {
  // expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield
}

// -----

// Unlike scf.for, scf.parallel rejects a constant step that is not positive.
func.func @parallel_zero_step(%lb: index, %ub: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'scf.parallel' op constant step operand must be positive}}
  scf.parallel (%i) = (%lb) to (%ub) step (%c0) {
  }
  return
}

// -----

// scf.parallel: as many init values as result types.
func.func @parallel_init_count(%lb: index, %x: f32) {
  // expected-error @+1 {{custom op 'scf.parallel' number of operands and types do not match: got 2 operands and 1 types}}
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x, %x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %l : f32
    }
  }
  return
}

// -----

// scf.while regions hold one non-empty block (the `SingleBlock` trait).
func.func @while_empty_block() {
  // expected-error @+1 {{'scf.while' op expects a non-empty block}}
  scf.while : () -> () {
  ^bb0:
  } do {
  ^bb0:
  }
  return
}

// -----

// scf.while's type must be a function type.
func.func @while_not_function_type(%x: f32) {
  // expected-error @+1 {{custom op 'scf.while' invalid kind of type specified: expected builtin.function, but found 'f32'}}
  %r = scf.while (%a = %x) : f32 -> f32 {
    %c = arith.constant true
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%a: f32):
    scf.yield %a : f32
  }
  return
}
