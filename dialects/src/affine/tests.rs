//! Folders, canonicalization patterns, builders and verifier messages of the affine ops,
//! checked against what upstream produces (`mlir-opt --canonicalize` for the patterns).

use crate::memref::tests::{error, print};
use sharc_ir::registry::{CanonicalizeFn, FoldResult};
use sharc_ir::syntax::{parse_source, print_op, ParseOptions, PrintOptions};
use sharc_ir::{Context, OpId};

fn parse(text: &str) -> (Context, OpId) {
    let mut ctx = Context::new(crate::registry());
    let module =
        parse_source(&mut ctx, "t.mlir", text, &ParseOptions::default()).unwrap_or_else(|d| panic!("{}", d.message));
    sharc_ir::verifier::verify(&ctx, module).unwrap_or_else(|d| panic!("{}", d.message));
    (ctx, module)
}

fn find(ctx: &Context, module: OpId, name: &str) -> Vec<OpId> {
    ctx.collect_ops(module).into_iter().filter(|&o| ctx.op_name(o) == name).collect()
}

/// Folds the first op named `name`, with constant operands taken from `arith.constant`s.
fn fold_first(text: &str, name: &str) -> (Context, Option<Vec<FoldResult>>) {
    let (mut ctx, module) = parse(text);
    let op = find(&ctx, module, name)[0];
    let consts: Vec<_> = ctx
        .operands(op)
        .iter()
        .map(|&v| ctx.defining_op(v).and_then(|d| crate::arith::ConstantOp::view(&ctx, d)).and_then(|c| c.value(&ctx)))
        .collect();
    let fold = ctx.op_spec(op).and_then(|s| s.fold).expect("op has a folder");
    let r = fold(&mut ctx, op, &consts);
    (ctx, r)
}

/// Applies `pattern` to every op named `name` and prints the verified result.
fn rewrite(text: &str, name: &str, pattern: CanonicalizeFn) -> String {
    let (mut ctx, module) = parse(text);
    let mut changed = false;
    for op in find(&ctx, module, name) {
        if !ctx.is_erased(op) {
            changed |= pattern(&mut ctx, op);
        }
    }
    assert!(changed, "pattern did not apply");
    sharc_ir::verifier::verify(&ctx, module).unwrap_or_else(|d| panic!("{}", d.message));
    print_op(&ctx, module, PrintOptions::default())
}

fn body(text: &str) -> String {
    format!("func.func @f(%arg0: index, %arg1: index, %arg2: memref<?xf32>, %arg3: f32) -> index {{\n{text}}}\n")
}

#[test]
fn apply_folds_dims_symbols_and_constants() {
    let (ctx, r) = fold_first(
        &body("  %0 = affine.apply affine_map<(d0)[s0] -> (s0)>(%arg0)[%arg1]\n  return %0 : index\n"),
        "affine.apply",
    );
    let Some([FoldResult::Value(v)]) = r.as_deref() else { panic!("{r:?}") };
    assert_eq!(ctx.value_type(*v), ctx.value_type(*v));
    let (ctx, r) = fold_first(
        &body("  %c3 = arith.constant 3 : index\n  %c5 = arith.constant 5 : index\n  %0 = affine.apply affine_map<(d0)[s0] -> (d0 * 4 + s0 floordiv 2)>(%c3)[%c5]\n  return %0 : index\n"),
        "affine.apply",
    );
    let Some([FoldResult::Attr(a)]) = r.as_deref() else { panic!("{r:?}") };
    assert_eq!(ctx.attr_int(*a), Some(14));
    let (_, r) = fold_first(
        &body("  %0 = affine.apply affine_map<(d0) -> (d0 + 1)>(%arg0)\n  return %0 : index\n"),
        "affine.apply",
    );
    assert!(r.is_none());
}

#[test]
fn min_max_fold_constants() {
    let text = body("  %c7 = arith.constant 7 : index\n  %0 = affine.min affine_map<(d0) -> (d0 + 32, 10, d0 * 2)>(%c7)\n  %1 = affine.max affine_map<(d0) -> (d0 + 32, 10, d0 * 2)>(%c7)\n  %2 = arith.addi %0, %1 : index\n  return %2 : index\n");
    let (ctx, r) = fold_first(&text, "affine.min");
    let Some([FoldResult::Attr(a)]) = r.as_deref() else { panic!("{r:?}") };
    assert_eq!(ctx.attr_int(*a), Some(10));
    let (ctx, r) = fold_first(&text, "affine.max");
    let Some([FoldResult::Attr(a)]) = r.as_deref() else { panic!("{r:?}") };
    assert_eq!(ctx.attr_int(*a), Some(39));
}

#[test]
fn constant_bound_operands_fold_into_the_map() {
    let out = rewrite(
        "func.func @f(%A: memref<?xf32>, %x: f32) {\n  %c4 = arith.constant 4 : index\n  affine.for %i = 0 to min affine_map<(d0) -> (d0 * 2, 10)>(%c4) {\n    affine.store %x, %A[%i] : memref<?xf32>\n  }\n  return\n}\n",
        "affine.for",
        super::fold::fold_constant_loop_bounds,
    );
    assert!(out.contains("affine.for %arg2 = 0 to 8 {"), "{out}");
}

#[test]
fn effect_free_loops_are_erased() {
    let out = rewrite(
        "func.func @f(%A: memref<?xf32>, %n: index) {\n  affine.for %i = 0 to %n {\n    affine.for %j = 0 to 4 {\n      %0 = affine.apply affine_map<(d0) -> (d0 + 1)>(%j)\n    }\n  }\n  return\n}\n",
        "affine.for",
        super::fold::erase_empty_loop,
    );
    assert_eq!(out, "module {\n  func.func @f(%arg0: memref<?xf32>, %arg1: index) {\n    return\n  }\n}\n");
    let (mut ctx, module) = parse("func.func @f(%A: memref<?xf32>, %x: f32) {\n  affine.for %i = 0 to 4 {\n    affine.store %x, %A[%i] : memref<?xf32>\n  }\n  return\n}\n");
    let op = find(&ctx, module, "affine.for")[0];
    assert!(!super::fold::erase_empty_loop(&mut ctx, op), "a loop that stores is kept");
}

#[test]
fn empty_loops_with_results_forward_their_inits() {
    let out = rewrite(
        "func.func @f(%x: f32, %n: index) -> f32 {\n  %0 = affine.for %i = 0 to %n iter_args(%a = %x) -> (f32) {\n    affine.yield %a : f32\n  }\n  return %0 : f32\n}\n",
        "affine.for",
        super::fold::fold_empty_loop_results,
    );
    assert!(out.contains("return %arg0 : f32"), "{out}");
}

#[test]
fn trivial_conditions_inline_a_branch() {
    let out = rewrite(
        "func.func @f(%A: memref<?xf32>, %x: f32, %y: f32) -> f32 {\n  %0 = affine.if affine_set<() : (0 == 0)>() -> f32 {\n    %1 = arith.addf %x, %y : f32\n    affine.yield %1 : f32\n  } else {\n    affine.yield %y : f32\n  }\n  return %0 : f32\n}\n",
        "affine.if",
        super::fold::inline_trivial_if,
    );
    assert_eq!(
        out,
        "module {\n  func.func @f(%arg0: memref<?xf32>, %arg1: f32, %arg2: f32) -> f32 {\n    %0 = arith.addf %arg1, %arg2 : f32\n    return %0 : f32\n  }\n}\n"
    );
    let out = rewrite(
        "func.func @f(%A: memref<?xf32>, %x: f32) {\n  affine.if affine_set<() : (1 == 0)>() {\n    affine.store %x, %A[0] : memref<?xf32>\n  }\n  return\n}\n",
        "affine.if",
        super::fold::inline_trivial_if,
    );
    assert!(!out.contains("affine"), "{out}");
}

#[test]
fn dead_else_is_dropped() {
    let out = rewrite(
        "func.func @f(%A: memref<?xf32>, %x: f32, %i: index) {\n  affine.if affine_set<(d0) : (d0 >= 0)>(%i) {\n    affine.store %x, %A[%i] : memref<?xf32>\n  } else {\n  }\n  return\n}\n",
        "affine.if",
        super::fold::erase_dead_else,
    );
    assert!(
        out.contains(
            "    affine.if #set(%arg2) {\n      affine.store %arg1, %arg0[%arg2] : memref<?xf32>\n    }\n    return"
        ),
        "{out}"
    );
}

#[test]
fn min_max_canonical_forms() {
    let out = rewrite(
        &body("  %0 = affine.min affine_map<(d0) -> (d0 + 1)>(%arg0)\n  return %0 : index\n"),
        "affine.min",
        super::fold::single_result_min_max_to_apply,
    );
    assert!(out.contains("%0 = affine.apply #map(%arg0)"), "{out}");
    let out = rewrite(
        &body("  %0 = affine.max affine_map<(d0) -> (d0, 4, d0)>(%arg0)\n  return %0 : index\n"),
        "affine.max",
        super::fold::dedup_min_max_results,
    );
    assert!(out.starts_with("#map = affine_map<(d0) -> (d0, 4)>"), "{out}");
}

#[test]
fn builders_make_verifiable_loops() {
    use sharc_ir::affine::AffineMap;
    use sharc_ir::builder::InsertPoint;
    let (mut ctx, module) = parse("func.func @f(%n: index) {\n  return\n}\n");
    let ret = find(&ctx, module, "func.return")[0];
    let n = ctx.block_args(ctx.parent_block(ret).expect("in a block"))[0];
    let ub = AffineMap::new(0, 1, vec![sharc_ir::affine::AffineExpr::symbol(0)]).expect("valid");
    let state =
        super::ForOp::build(&mut ctx, sharc_ir::Location::Unknown, &[], AffineMap::constant(0), &[n], ub, 2, &[]);
    let op = ctx.create_op(state);
    ctx.insert_op(InsertPoint::Before(ret), op);
    sharc_ir::verifier::verify(&ctx, module).unwrap_or_else(|d| panic!("{}", d.message));
    let out = print_op(&ctx, module, PrintOptions::default());
    assert!(out.contains("    affine.for %arg1 = 0 to %arg0 step 2 {\n    }\n"), "{out}");
    let view = super::ForOp(op);
    assert_eq!(view.step(&ctx), 2);
    assert_eq!(view.upper_bound_operands(&ctx), &[n]);
    assert_eq!(view.constant_trip_count(&ctx), None);
}

#[test]
fn verifier_messages_match_upstream() {
    let f = |b: &str| {
        format!("func.func @f(%A: memref<100xf32>, %B: memref<100xindex>, %i: index, %x: f32) {{\n{b}  return\n}}\n")
    };
    assert_eq!(
        error(&f("  affine.for %j = 0 to 100 {\n    %k = memref.load %B[%j] : memref<100xindex>\n    %0 = affine.load %A[%k] : memref<100xf32>\n  }\n")),
        "'affine.load' op operand cannot be used as a dimension id"
    );
    assert_eq!(
        error(&f("  affine.for %j = 0 to 100 {\n    %k = memref.load %B[%j] : memref<100xindex>\n    affine.for %l = 0 to %k {\n    }\n  }\n")),
        "'affine.for' op operand cannot be used as a symbol"
    );
    assert_eq!(
        error(&f("  %0 = \"affine.apply\"(%i) <{map = affine_map<(d0) -> (d0, d0)>}> : (index) -> index\n")),
        "'affine.apply' op mapping must produce one value"
    );
    assert_eq!(
        error(&f("  affine.for %j = 0 to 10 step -1 {\n  }\n")),
        "custom op 'affine.for' expected step to be representable as a positive signed integer"
    );
    assert_eq!(
        error(&f("  %0 = affine.parallel (%j) = (0) to (4) reduce (\"maxnumf\") -> (f32) {\n    affine.yield %x : f32\n  }\n")),
        "'affine.parallel' op result type cannot match reduction attribute"
    );
    assert_eq!(
        error(&f("  %0 = affine.for %j = 0 to 10 iter_args(%a = %x) -> (f32) {\n    affine.yield\n  }\n")),
        "'affine.yield' op parent of yield must have same number of results as the yield operands"
    );
    assert_eq!(
        error(&f(
            "  %0 = \"affine.load\"(%A, %i) <{map = affine_map<(d0) -> (d0)>}> : (memref<100xf32>, index) -> f64\n"
        )),
        "'affine.load' op result type must match element type of memref"
    );
    assert_eq!(
        error(&f("  \"affine.for\"(%i) <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({\n  ^bb0(%j: index):\n    \"affine.yield\"() : () -> ()\n  }) : (index) -> ()\n")),
        "'affine.for' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'"
    );
    assert_eq!(error(&f("  affine.parallel (%j) = (min(0, 1)) to (4) {\n  }\n")), "use of undeclared identifier");
    // Symbols from `memref.dim` of a top-level memref and pure ops of symbols are valid.
    print(
        "func.func @g(%A: memref<?xf32>) {\n  %c0 = arith.constant 0 : index\n  %d = memref.dim %A, %c0 : memref<?xf32>\n  affine.for %i = 0 to 4 {\n    %e = arith.addi %d, %d : index\n    affine.for %j = 0 to %e {\n    }\n  }\n  return\n}\n",
        false,
    )
    .expect("valid symbols");
}
