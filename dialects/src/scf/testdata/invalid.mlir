// Verifier messages of the scf ops (generic forms; "t.*" ops stand in for other dialects).

%n = "t.n"() : () -> index
// expected-error @+1 {{'scf.for' op expected 3 or more operands, but found 2}}
"scf.for"(%n, %n) ({
^bb0(%i: index):
  "scf.yield"() : () -> ()
}) : (index, index) -> ()

// -----

%n = "t.n"() : () -> index
// expected-error @+1 {{'scf.for' op requires one region}}
"scf.for"(%n, %n, %n) ({
^bb0(%i: index):
  "scf.yield"() : () -> ()
}, {}) : (index, index, index) -> ()

// -----

%n = "t.n"() : () -> index
// expected-error @+1 {{'scf.for' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
"scf.for"(%n, %n, %n) ({
}) : (index, index, index) -> ()

// -----

%f = "t.f"() : () -> f32
// expected-error @+1 {{'scf.for' op operand #0 must be signless integer or index, but got 'f32'}}
"scf.for"(%f, %f, %f) ({
^bb0(%i: f32):
  "scf.yield"() : () -> ()
}) : (f32, f32, f32) -> ()

// -----

%n = "t.n"() : () -> index
%i32 = "t.i"() : () -> i32
// expected-error @+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
"scf.for"(%n, %i32, %n) ({
^bb0(%i: index):
  "scf.yield"() : () -> ()
}) : (index, i32, index) -> ()

// -----

%n = "t.n"() : () -> index
// expected-error @+1 {{'scf.for' op expected induction variable to be same type as bounds and step}}
"scf.for"(%n, %n, %n) ({
^bb0(%i: i32):
  "scf.yield"() : () -> ()
}) : (index, index, index) -> ()

// -----

%n = "t.n"() : () -> index
%x = "t.x"() : () -> f32
// expected-error @+1 {{'scf.for' op different number of inits and region iter_args: 1 != 0}}
%r = "scf.for"(%n, %n, %n, %x) ({
^bb0(%i: index):
  "scf.yield"(%x) : (f32) -> ()
}) : (index, index, index, f32) -> f32

// -----

%n = "t.n"() : () -> index
%x = "t.x"() : () -> f32
// expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'f32' != 'f64'}}
%r = "scf.for"(%n, %n, %n, %x) ({
^bb0(%i: index, %a: f32):
  "scf.yield"(%x) : (f32) -> ()
}) : (index, index, index, f32) -> f64

// -----

%n = "t.n"() : () -> index
%x = "t.x"() : () -> f32
// expected-error @+1 {{'scf.for' op 0-th init and 0-th region iter_arg have different type: 'f32' != 'f64'}}
%r = "scf.for"(%n, %n, %n, %x) ({
^bb0(%i: index, %a: f64):
  "scf.yield"(%a) : (f64) -> ()
}) : (index, index, index, f32) -> f64

// -----

%n = "t.n"() : () -> index
%x = "t.x"() : () -> f32
%y = "t.y"() : () -> f64
// expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'f32' != 'f64'}}
%r = scf.for %i = %n to %n step %n iter_args(%a = %x) -> (f32) {
  scf.yield %y : f64
}

// -----

%n = "t.n"() : () -> index
%x = "t.x"() : () -> f32
// expected-error @+1 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
%r = scf.for %i = %n to %n step %n iter_args(%a = %x) -> (f32) {
  // expected-note @+1 {{region branch point}}
  scf.yield
}

// -----

%n = "t.n"() : () -> index
%x = "t.x"() : () -> f32
// expected-error @+1 {{'scf.for' op different number of region iter_args and yielded values: 1 != 2}}
%r = scf.for %i = %n to %n step %n iter_args(%a = %x) -> (f32) {
  scf.yield %a, %a : f32, f32
}

// -----

%n = "t.n"() : () -> index
%c = "t.c"() : () -> i1
// expected-error @+2 {{'scf.for' op expects regions to end with 'scf.yield', found 't.term'}}
// expected-note @+1 {{in custom textual format, the absence of terminator implies 'scf.yield'}}
"scf.for"(%n, %n, %n) ({
^bb0(%i: index):
  "t.term"() : () -> ()
}) : (index, index, index) -> ()

// -----

%c = "t.c"() : () -> i1
// expected-error @+1 {{'scf.if' op expected 2 regions}}
"scf.if"(%c) ({
  "scf.yield"() : () -> ()
}) : (i1) -> ()

// -----

%c = "t.c"() : () -> i1
// expected-error @+1 {{'scf.if' op requires a single operand}}
"scf.if"(%c, %c) ({
  "scf.yield"() : () -> ()
}, {}) : (i1, i1) -> ()

// -----

%c = "t.n"() : () -> i32
// expected-error @+1 {{'scf.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
"scf.if"(%c) ({
  "scf.yield"() : () -> ()
}, {}) : (i32) -> ()

// -----

%c = "t.c"() : () -> i1
// expected-error @+1 {{'scf.if' op region #0 ('thenRegion') failed to verify constraint: region with 1 blocks}}
"scf.if"(%c) ({
}, {}) : (i1) -> ()

// -----

%c = "t.c"() : () -> i1
// expected-error @+1 {{'scf.if' op region #0 should have no arguments}}
"scf.if"(%c) ({
^bb0(%q: i1):
  "scf.yield"() : () -> ()
}, {}) : (i1) -> ()

// -----

%c = "t.c"() : () -> i1
%x = "t.x"() : () -> f32
// expected-error @+1 {{'scf.if' op must have an else block if defining values}}
%r = scf.if %c -> f32 {
  scf.yield %x : f32
}

// -----

%c = "t.c"() : () -> i1
%x = "t.x"() : () -> f32
// expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
%r = scf.if %c -> f32 {
  // expected-note @+1 {{region branch point}}
  scf.yield
} else {
  scf.yield %x : f32
}

// -----

%c = "t.c"() : () -> i1
%x = "t.x"() : () -> f32
%y = "t.y"() : () -> f64
// expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'f64' should match successor input type #0 'f32'}}
%r = scf.if %c -> f32 {
  scf.yield %x : f32
} else {
  // expected-note @+1 {{region branch point}}
  scf.yield %y : f64
}

// -----

%c = "t.c"() : () -> i1
%x = "t.x"() : () -> f32
// expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 1 operands, but region successor needs 0 inputs}}
"scf.if"(%c) ({
  // expected-note @+1 {{region branch point}}
  "scf.yield"(%x) : (f32) -> ()
}, {
}) : (i1) -> ()

// -----

%i = "t.i"() : () -> i32
// expected-error @+1 {{'scf.parallel' op operand #0 must be variadic of index, but got 'i32'}}
"scf.parallel"(%i, %i, %i) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
^bb0(%x: index):
  "scf.reduce"() : () -> ()
}) : (i32, i32, i32) -> ()

// -----

%n = "t.n"() : () -> index
// expected-error @+1 {{'scf.parallel' op operand count (3) does not match with the total size (4) specified in attribute 'operandSegmentSizes'}}
"scf.parallel"(%n, %n, %n) <{operandSegmentSizes = array<i32: 1, 1, 2, 0>}> ({
^bb0(%x: index):
  "scf.reduce"() : () -> ()
}) : (index, index, index) -> ()

// -----

%n = "t.n"() : () -> index
// expected-error @+1 {{'scf.parallel' op operand count (3) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
"scf.parallel"(%n, %n, %n) ({
^bb0(%x: index):
  "scf.reduce"() : () -> ()
}) : (index, index, index) -> ()

// -----

// expected-error @+1 {{'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step}}
"scf.parallel"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>}> ({
  "scf.reduce"() : () -> ()
}) : () -> ()

// -----

%n = "t.n"() : () -> index
// expected-error @+1 {{'scf.parallel' op expects the same number of induction variables: 2 as bound and step values: 1}}
"scf.parallel"(%n, %n, %n) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
^bb0(%x: index, %y: index):
  "scf.reduce"() : () -> ()
}) : (index, index, index) -> ()

// -----

%n = "t.n"() : () -> index
// expected-error @+1 {{'scf.parallel' op expects arguments for the induction variable to be of index type}}
"scf.parallel"(%n, %n, %n) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
^bb0(%x: i32):
  "scf.reduce"() : () -> ()
}) : (index, index, index) -> ()

// -----

%n = "t.n"() : () -> index
// expected-error @+1 {{'scf.parallel' op expects body to terminate with 'scf.reduce'}}
"scf.parallel"(%n, %n, %n) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
^bb0(%x: index):
  // expected-note @+1 {{terminator here}}
  "t.term"() : () -> ()
}) : (index, index, index) -> ()

// -----

%n = "t.n"() : () -> index
%x = "t.x"() : () -> f32
%r = "scf.parallel"(%n, %n, %n, %x) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> ({
^bb0(%i: index):
  // expected-error @+1 {{'scf.reduce' op expects type of 0-th reduction operand: 'index' to be the same as the 0-th result type: 'f32'}}
  "scf.reduce"(%n) ({
  ^bb0(%a: index, %b: index):
    "scf.reduce.return"(%a) : (index) -> ()
  }) : (index) -> ()
}) : (index, index, index, f32) -> f32

// -----

%n = "t.n"() : () -> index
%x = "t.x"() : () -> f32
// expected-error @+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of initial values: 0}}
%r = "scf.parallel"(%n, %n, %n) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
^bb0(%i: index):
  "scf.reduce"(%x) ({
  ^bb0(%a: f32, %b: f32):
    "scf.reduce.return"(%a) : (f32) -> ()
  }) : (f32) -> ()
}) : (index, index, index) -> f32

// -----

%n = "t.n"() : () -> index
%x = "t.x"() : () -> f32
// expected-error @+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0}}
%r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%x) -> f32 {
  scf.reduce
}

// -----

%n = "t.n"() : () -> index
// expected-error @+1 {{custom op 'scf.parallel' expected 2 operands}}
scf.parallel (%i, %j) = (%n, %n) to (%n, %n) step (%n) {
}

// -----

%n = "t.n"() : () -> index
%x = "t.x"() : () -> f32
%r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%x) -> f32 {
  scf.reduce(%x : f32) {
  ^bb0(%l: f32, %rr: f32):
    %d = "t.d"() : () -> f64
    // expected-error @+1 {{'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)}}
    scf.reduce.return %d : f64
  }
}

// -----

// expected-error @+1 {{'scf.reduce' op expects parent op 'scf.parallel'}}
"scf.reduce"() : () -> ()

// -----

%x = "t.x"() : () -> f32
// expected-error @+1 {{'scf.reduce.return' op expects parent op 'scf.reduce'}}
"scf.reduce.return"(%x) : (f32) -> ()

// -----

%c = "t.c"() : () -> i1
// expected-error @+1 {{'scf.while' op expected 2 regions}}
"scf.while"() ({
  "scf.condition"(%c) : (i1) -> ()
}) : () -> ()

// -----

%c = "t.c"() : () -> i1
%x = "t.x"() : () -> f32
// expected-error @+2 {{'scf.while' op along control flow edge from parent to Region #0: region branch point has 1 operands, but region successor needs 0 inputs}}
// expected-note @+1 {{region branch point}}
"scf.while"(%x) ({
  "scf.condition"(%c) : (i1) -> ()
}, {
  "scf.yield"() : () -> ()
}) : (f32) -> ()

// -----

%c = "t.c"() : () -> i1
// expected-error @+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
"scf.while"() ({
  // expected-note @+1 {{terminator here}}
  "scf.yield"() : () -> ()
}, {
  "scf.yield"() : () -> ()
}) : () -> ()

// -----

%c = "t.c"() : () -> i1
// expected-error @+1 {{'scf.while' op expects the 'after' region to terminate with 'scf.yield'}}
"scf.while"() ({
  "scf.condition"(%c) : (i1) -> ()
}, {
  // expected-note @+1 {{terminator here}}
  "scf.condition"(%c) : (i1) -> ()
}) : () -> ()

// -----

%c = "t.c"() : () -> i1
%x = "t.x"() : () -> f32
%n = "t.n"() : () -> index
// expected-error @+1 {{'scf.while' op along control flow edge from Operation scf.yield to Region #0: successor operand type #0 'index' should match successor input type #0 'f32'}}
"scf.while"(%x) ({
^bb0(%a: f32):
  "scf.condition"(%c) : (i1) -> ()
}, {
  // expected-note @+1 {{region branch point}}
  "scf.yield"(%n) : (index) -> ()
}) : (f32) -> ()

// -----

%c = "t.c"() : () -> i1
%x = "t.x"() : () -> i32
// expected-error @+1 {{'scf.while' op along control flow edge from Operation scf.condition to Region #1: successor operand type #0 'i32' should match successor input type #0 'f32'}}
%0 = scf.while (%a = %x) : (i32) -> i32 {
  // expected-note @+1 {{region branch point}}
  scf.condition(%c) %a : i32
} do {
^bb0(%b: f32):
  scf.yield %x : i32
}

// -----

%c = "t.c"() : () -> i1
// expected-error @+1 {{'scf.condition' op expects parent op 'scf.while'}}
scf.condition(%c)

// -----

%c = "t.c"() : () -> i32
"scf.while"() ({
  // expected-error @+1 {{'scf.condition' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "scf.condition"(%c) : (i32) -> ()
}, {
  "scf.yield"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'scf.execute_region' op along control flow edge from Operation scf.yield to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
%r = "scf.execute_region"() ({
  // expected-note @+1 {{region branch point}}
  "scf.yield"() : () -> ()
}) : () -> f32

// -----

// expected-error @+1 {{'scf.execute_region' op region needs to have at least one block}}
%r = "scf.execute_region"() ({
}) : () -> f32

// -----

// expected-error @+1 {{'scf.execute_region' op region cannot have any arguments}}
%r = "scf.execute_region"() ({
^bb0(%q: f32):
  "scf.yield"(%q) : (f32) -> ()
}) : () -> f32

// -----

// expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
scf.yield
