//! The greedy driver on the [test dialect](crate::test_dialect), independent of arith's
//! folders.

use super::{apply_patterns_greedily, GreedyConfig};
use crate::test_dialect;

fn run(text: &str) -> Vec<String> {
    let mut ctx = test_dialect::context();
    let module = test_dialect::parse(&mut ctx, text);
    apply_patterns_greedily(&mut ctx, module, GreedyConfig::default());
    test_dialect::ops(&ctx, module)
}

#[test]
fn folds_hoists_and_orders_constants_like_upstream() {
    let out = run(r#"
"t.func"() ({
^bb0(%a: i32):
  %x = "t.add"(%a, %a) : (i32, i32) -> i32
  %c1 = "t.const"() <{value = 1 : i32}> : () -> i32
  %c2 = "t.const"() <{value = 2 : i32}> : () -> i32
  %y = "t.add"(%c1, %c2) : (i32, i32) -> i32
  %z = "t.add"(%y, %x) : (i32, i32) -> i32
  %c5 = "t.const"() <{value = 5 : i32}> : () -> i32
  %w = "t.add"(%c5, %z) : (i32, i32) -> i32
  %c0 = "t.const"() <{value = 0 : i32}> : () -> i32
  %v = "t.add"(%w, %c0) : (i32, i32) -> i32
  "t.sink"(%v) : (i32) -> ()
  "t.yield"() : () -> ()
}) : () -> ()
"#);
    // c1 + c2 folds to 3 (materialized before the add, hoisted next iteration to the front);
    // c5 moved to the front on the first walk; constants go right in commutative ops; w + 0
    // folds to w; c0, c1, c2 die.
    assert_eq!(
        out,
        [
            "%0 = \"t.const\"() <{value = 3 : i32}>",
            "%1 = \"t.const\"() <{value = 5 : i32}>",
            "%2 = \"t.add\"(%arg0, %arg0)",
            "%3 = \"t.add\"(%2, %0)",
            "%4 = \"t.add\"(%3, %1)",
            "\"t.sink\"(%4)",
            "\"t.yield\"()",
        ]
    );
}

#[test]
fn dedups_constants_and_erases_dead_recursive_ops() {
    let out = run(r#"
"t.func"() ({
^bb0(%a: i32):
  %c1 = "t.const"() <{value = 1 : i32}> : () -> i32
  "t.loop"() ({
    %c1b = "t.const"() <{value = 1 : i32}> : () -> i32
    %d = "t.add"(%a, %c1b) : (i32, i32) -> i32
    "t.sink"(%d) : (i32) -> ()
    "t.yield"() : () -> ()
  }) : () -> ()
  "t.loop"() ({
    %e = "t.add"(%a, %c1) : (i32, i32) -> i32
    "t.yield"() : () -> ()
  }) : () -> ()
  "t.yield"() : () -> ()
}) : () -> ()
"#);
    assert_eq!(
        out,
        [
            "%0 = \"t.const\"() <{value = 1 : i32}>",
            "\"t.loop\"() ({",
            "%1 = \"t.add\"(%arg0, %0)",
            "\"t.sink\"(%1)",
            "\"t.yield\"()",
            "\"t.yield\"()"
        ]
    );
}

#[test]
fn stops_at_the_iteration_limit() {
    let mut ctx = test_dialect::context();
    let text = r#""t.func"() ({
  %c1 = "t.const"() <{value = 1 : i32}> : () -> i32
  %c2 = "t.const"() <{value = 2 : i32}> : () -> i32
  %y = "t.add"(%c1, %c2) : (i32, i32) -> i32
  "t.sink"(%y) : (i32) -> ()
  "t.yield"() : () -> ()
}) : () -> ()"#;
    let module = test_dialect::parse(&mut ctx, text);
    let one = GreedyConfig { max_iterations: Some(1), ..GreedyConfig::default() };
    assert!(
        !apply_patterns_greedily(&mut ctx, module, one),
        "one iteration changes things, so it cannot prove convergence"
    );
    assert!(apply_patterns_greedily(&mut ctx, module, GreedyConfig::default()));
}

#[test]
fn erases_unused_reads_and_allocations_but_not_writes() {
    let out = run(r#"
"t.func"() ({
^bb0(%a: i32):
  %r = "t.read"(%a) : (i32) -> i32
  %m = "t.alloc"() : () -> i32
  %w = "t.write"(%a) : (i32) -> i32
  "t.loop"() ({
    %r2 = "t.read"(%a) : (i32) -> i32
    "t.yield"() : () -> ()
  }) : () -> ()
  "t.yield"() : () -> ()
}) : () -> ()
"#);
    assert_eq!(out, ["%0 = \"t.write\"(%arg0)", "\"t.yield\"()"]);
}
