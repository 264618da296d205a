//! Folding tests: each case parses a function, folds its last op before `return` with the
//! constants of its operands, and checks the printed result. Expected values follow upstream's
//! folders (`mlir-opt --canonicalize` on the same input gives the same constants).

use sharc_ir::registry::FoldResult;
use sharc_ir::syntax::printer::attr_to_string;
use sharc_ir::syntax::{parse_source, ParseOptions};
use sharc_ir::{Context, OpId};

/// Folds the op just before the `return` of the only function in `body`'s wrapper.
fn fold_last(body: &str) -> String {
    let mut ctx = Context::new(crate::registry());
    let text = format!("func.func @f(%x: i32, %y: f32, %cond: i1) {{\n{body}\n  return\n}}");
    let module = match parse_source(&mut ctx, "t.mlir", &text, &ParseOptions::default()) {
        Ok(m) => m,
        Err(d) => return format!("parse error: {}", d.message),
    };
    if let Err(d) = sharc_ir::verifier::verify(&ctx, module) {
        return format!("verify error: {}", d.message);
    }
    let ops = ctx.collect_ops(module);
    let Some(&ret) = ops.iter().find(|&&o| ctx.op_name(o) == "func.return") else { return "no return".into() };
    let Some(op) = ctx.prev_op(ret) else { return "no op".into() };
    fold(&mut ctx, op)
}

fn fold(ctx: &mut Context, op: OpId) -> String {
    let consts: Vec<_> = ctx
        .operands(op)
        .iter()
        .map(|&v| ctx.defining_op(v).and_then(|d| crate::arith::ConstantOp::view(ctx, d)).and_then(|c| c.value(ctx)))
        .collect();
    let Some(f) = ctx.op_spec(op).and_then(|s| s.fold) else { return "no folder".into() };
    match f(ctx, op, &consts) {
        None => "none".into(),
        Some(results) => match results.first() {
            Some(FoldResult::Attr(a)) => attr_to_string(ctx, *a),
            Some(FoldResult::Value(v)) => match ctx.operands(op).iter().position(|o| o == v) {
                Some(i) => format!("operand {i}"),
                None => "other value".into(),
            },
            None => "empty".into(),
        },
    }
}

fn check(body: &str, expected: &str) {
    assert_eq!(fold_last(body), expected, "folding:\n{body}");
}

#[test]
fn integer_arithmetic_wraps_at_the_width() {
    check("%a = arith.constant 127 : i8\n%c = arith.constant 1 : i8\n%r = arith.addi %a, %c : i8", "-128 : i8");
    check("%a = arith.constant -128 : i8\n%c = arith.constant 1 : i8\n%r = arith.subi %a, %c : i8", "127 : i8");
    check("%a = arith.constant 16 : i8\n%r = arith.muli %a, %a : i8", "0 : i8");
    check(
        "%a = arith.constant 9223372036854775807 : index\n%c = arith.constant 1 : index\n%r = arith.addi %a, %c : index",
        "-9223372036854775808 : index",
    );
}

#[test]
fn integer_identities() {
    check("%z = arith.constant 0 : i32\n%r = arith.addi %x, %z : i32", "operand 0");
    check("%z = arith.constant 0 : i32\n%r = arith.addi %z, %x : i32", "operand 1");
    check("%r = arith.subi %x, %x : i32", "0 : i32");
    check("%o = arith.constant 1 : i32\n%r = arith.muli %x, %o : i32", "operand 0");
    check("%z = arith.constant 0 : i32\n%r = arith.muli %x, %z : i32", "operand 1");
    check("%m = arith.constant -1 : i32\n%r = arith.andi %x, %m : i32", "operand 0");
    check("%r = arith.xori %x, %x : i32", "0 : i32");
    check("%o = arith.constant 1 : i32\n%r = arith.remui %x, %o : i32", "0 : i32");
    check("%o = arith.constant 1 : i32\n%r = arith.divsi %x, %o : i32", "operand 0");
    check("%r = arith.maxsi %x, %x : i32", "operand 0");
    check("%s = arith.subi %x, %x : i32\n%t = arith.subi %s, %x : i32\n%r = arith.addi %t, %x : i32", "other value");
}

#[test]
fn division_folds_only_when_defined() {
    check("%a = arith.constant 7 : i32\n%b = arith.constant -2 : i32\n%r = arith.divsi %a, %b : i32", "-3 : i32");
    check("%a = arith.constant 7 : i32\n%b = arith.constant -2 : i32\n%r = arith.ceildivsi %a, %b : i32", "-3 : i32");
    check("%a = arith.constant 5 : i32\n%b = arith.constant -2 : i32\n%r = arith.floordivsi %a, %b : i32", "-3 : i32");
    check("%a = arith.constant -7 : i32\n%b = arith.constant 2 : i32\n%r = arith.remsi %a, %b : i32", "-1 : i32");
    check("%a = arith.constant 7 : i32\n%b = arith.constant 2 : i32\n%r = arith.ceildivui %a, %b : i32", "4 : i32");
    check("%a = arith.constant -1 : i8\n%b = arith.constant 2 : i8\n%r = arith.divui %a, %b : i8", "127 : i8");
    check("%a = arith.constant 7 : i32\n%b = arith.constant 0 : i32\n%r = arith.divui %a, %b : i32", "none");
    check("%a = arith.constant -128 : i8\n%b = arith.constant -1 : i8\n%r = arith.divsi %a, %b : i8", "none");
}

#[test]
fn shifts_fold_below_the_width() {
    check("%a = arith.constant -8 : i8\n%b = arith.constant 1 : i8\n%r = arith.shrsi %a, %b : i8", "-4 : i8");
    check("%a = arith.constant -8 : i8\n%b = arith.constant 1 : i8\n%r = arith.shrui %a, %b : i8", "124 : i8");
    check("%a = arith.constant 1 : i8\n%b = arith.constant 7 : i8\n%r = arith.shli %a, %b : i8", "-128 : i8");
    check("%a = arith.constant 1 : i8\n%b = arith.constant 8 : i8\n%r = arith.shli %a, %b : i8", "none");
}

#[test]
fn comparisons() {
    check("%a = arith.constant -1 : i8\n%b = arith.constant 1 : i8\n%r = arith.cmpi slt, %a, %b : i8", "true");
    check("%a = arith.constant -1 : i8\n%b = arith.constant 1 : i8\n%r = arith.cmpi ult, %a, %b : i8", "false");
    check("%r = arith.cmpi sle, %x, %x : i32", "true");
    check("%f = arith.constant false\n%r = arith.cmpi ne, %cond, %f : i1", "operand 0");
    check("%n = arith.constant 0x7FC00000 : f32\n%r = arith.cmpf ult, %y, %n : f32", "true");
    check("%n = arith.constant 0x7FC00000 : f32\n%r = arith.cmpf olt, %y, %n : f32", "false");
    check(
        "%a = arith.constant dense<[1, 5]> : vector<2xi32>\n%b = arith.constant dense<3> : vector<2xi32>\n\
         %r = arith.cmpi sgt, %a, %b : vector<2xi32>",
        "dense<[false, true]> : vector<2xi1>",
    );
}

#[test]
fn floats_round_to_the_result_type() {
    check(
        "%a = arith.constant 1.0 : f32\n%b = arith.constant 3.0 : f32\n%r = arith.divf %a, %b : f32",
        "0.333333343 : f32",
    );
    check(
        "%a = arith.constant 1.0 : f64\n%b = arith.constant 3.0 : f64\n%r = arith.divf %a, %b : f64",
        "0.33333333333333331 : f64",
    );
    check(
        "%a = arith.constant -0.0 : f32\n%b = arith.constant 0.0 : f32\n%r = arith.maximumf %a, %b : f32",
        "0.000000e+00 : f32",
    );
    check(
        "%a = arith.constant -0.0 : f32\n%b = arith.constant 0.0 : f32\n%r = arith.minimumf %a, %b : f32",
        "-0.000000e+00 : f32",
    );
    check("%n = arith.constant 0x7FC00000 : f32\n%r = arith.maxnumf %y, %n : f32", "operand 0");
    check("%z = arith.constant -0.0 : f32\n%r = arith.addf %y, %z : f32", "operand 0");
    check("%z = arith.constant 0.0 : f32\n%r = arith.addf %y, %z : f32", "none");
    check("%n = arith.negf %y : f32\n%r = arith.negf %n : f32", "other value");
    check(
        "%a = arith.constant 5.5 : f16\n%b = arith.constant 2.0 : f16\n%r = arith.remf %a, %b : f16",
        "1.500000e+00 : f16",
    );
}

#[test]
fn casts() {
    check("%t = arith.constant true\n%r = arith.extsi %t : i1 to i32", "-1 : i32");
    check("%t = arith.constant true\n%r = arith.extui %t : i1 to i32", "1 : i32");
    check("%a = arith.constant 300 : i32\n%r = arith.trunci %a : i32 to i8", "44 : i8");
    check("%a = arith.constant -1 : i32\n%r = arith.index_castui %a : i32 to index", "4294967295 : index");
    check("%a = arith.constant -1 : i32\n%r = arith.index_cast %a : i32 to index", "-1 : index");
    check("%a = arith.constant -1 : i8\n%r = arith.uitofp %a : i8 to f32", "2.550000e+02 : f32");
    check("%a = arith.constant 3.9 : f32\n%r = arith.fptosi %a : f32 to i32", "3 : i32");
    check("%a = arith.constant -1.5 : f32\n%r = arith.fptoui %a : f32 to i32", "none");
    check("%a = arith.constant 300.0 : f32\n%r = arith.fptosi %a : f32 to i8", "none");
    check("%a = arith.constant 0.1 : f64\n%r = arith.truncf %a : f64 to f32", "none");
    check("%a = arith.constant 0.5 : f64\n%r = arith.truncf %a : f64 to f32", "5.000000e-01 : f32");
    check("%a = arith.constant 1.0 : f32\n%r = arith.bitcast %a : f32 to i32", "1065353216 : i32");
    check("%a = arith.constant -1 : i16\n%r = arith.bitcast %a : i16 to bf16", "0xFFFF : bf16");
}

#[test]
fn vectors_fold_elementwise() {
    check(
        "%a = arith.constant dense<[1, 2]> : vector<2xi32>\n%b = arith.constant dense<1> : vector<2xi32>\n\
         %r = arith.addi %a, %b : vector<2xi32>",
        "dense<[2, 3]> : vector<2xi32>",
    );
    check(
        "%a = arith.constant dense<2.0> : vector<4xf32>\n%r = arith.negf %a : vector<4xf32>",
        "dense<-2.000000e+00> : vector<4xf32>",
    );
    check(
        "%a = arith.constant dense<[1, 2]> : vector<2xi8>\n%r = arith.extsi %a : vector<2xi8> to vector<2xi32>",
        "dense<[1, 2]> : vector<2xi32>",
    );
}

#[test]
fn select_and_constant() {
    check("%t = arith.constant true\n%r = arith.select %t, %x, %x : i32", "operand 1");
    check("%f = arith.constant false\n%z = arith.constant 0 : i32\n%r = arith.select %f, %x, %z : i32", "operand 2");
    check("%r = arith.constant 42 : i32", "42 : i32");
}

#[test]
fn math_folds() {
    check("%a = arith.constant 4.0 : f32\n%r = math.sqrt %a : f32", "2.000000e+00 : f32");
    check("%a = arith.constant -4.0 : f32\n%r = math.sqrt %a : f32", "none");
    check("%a = arith.constant 4.0 : f16\n%r = math.sqrt %a : f16", "none");
    check("%a = arith.constant -2.5 : f16\n%r = math.absf %a : f16", "2.500000e+00 : f16");
    check("%a = arith.constant 2.5 : f32\n%r = math.round %a : f32", "3.000000e+00 : f32");
    check("%a = arith.constant 2.5 : f32\n%r = math.roundeven %a : f32", "2.000000e+00 : f32");
    check("%a = arith.constant 1 : i32\n%r = math.ctlz %a : i32", "31 : i32");
    check("%a = arith.constant 0 : i32\n%r = math.cttz %a : i32", "32 : i32");
    check("%a = arith.constant -128 : i8\n%r = math.absi %a : i8", "-128 : i8");
    check("%a = arith.constant 3 : i32\n%b = arith.constant 4 : i32\n%r = math.ipowi %a, %b : i32", "81 : i32");
    check(
        "%a = arith.constant 2.0 : f32\n%b = arith.constant 3.0 : f32\n%c = arith.constant 1.0 : f32\n\
         %r = math.fma %a, %b, %c : f32",
        "7.000000e+00 : f32",
    );
}

#[test]
fn materializer_builds_constants() {
    let mut ctx = Context::new(crate::registry());
    let i32t = ctx.i32();
    let a = ctx.int_attr(i32t, 7);
    let materialize = crate::arith::DIALECT.materialize_constant.expect("arith materializes constants");
    let state = materialize(&mut ctx, a, i32t, sharc_ir::Location::default()).expect("i32 constant");
    let op = ctx.create_op(state);
    assert_eq!(crate::arith::ConstantOp::view(&ctx, op).and_then(|c| c.int_value(&ctx)), Some(7));
    let f32t = ctx.f32();
    assert!(materialize(&mut ctx, a, f32t, sharc_ir::Location::default()).is_none());
}
