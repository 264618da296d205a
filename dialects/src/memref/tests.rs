//! Round trips and verifier messages of the memref ops, checked against upstream's text.

use sharc_ir::syntax::{parse_source, print_op, ParseOptions, PrintOptions};
use sharc_ir::Context;

/// Parses and verifies `text`, then prints it (custom form, or generic if `generic`).
pub(crate) fn print(text: &str, generic: bool) -> Result<String, String> {
    let mut ctx = Context::new(crate::registry());
    ctx.allow_unregistered = true;
    let opts = ParseOptions { allow_unregistered: true };
    let module = parse_source(&mut ctx, "t.mlir", text, &opts).map_err(|d| d.message)?;
    sharc_ir::verifier::verify(&ctx, module).map_err(|d| d.message)?;
    Ok(print_op(&ctx, module, PrintOptions { generic, ..PrintOptions::default() }))
}

/// Asserts that `text` prints as itself, and that its generic form prints back to it.
pub(crate) fn assert_roundtrip(text: &str) {
    let printed = print(text, false).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(printed, text);
    let generic = print(text, true).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let back = print(&generic, false).unwrap_or_else(|e| panic!("{e}\n{generic}"));
    assert_eq!(back, text, "generic form:\n{generic}");
}

/// The first error of `text` (parse or verify).
pub(crate) fn error(text: &str) -> String {
    match print(text, false) {
        Ok(out) => panic!("expected an error, printed:\n{out}"),
        Err(e) => e,
    }
}

#[test]
fn allocs_print_like_upstream() {
    assert_roundtrip(
        "#map = affine_map<(d0)[s0] -> (d0 + s0)>
module {
  func.func @f(%arg0: index) {
    %alloc = memref.alloc() : memref<1024x1024xf32>
    %alloc_0 = memref.alloc(%arg0)[%arg0] {alignment = 64 : i64} : memref<?xf32, #map>
    %alloca = memref.alloca(%arg0) {foo = 1 : i64} : memref<?x8xf32, 3>
    memref.dealloc %alloc : memref<1024x1024xf32>
    %dim = memref.dim %alloca, %arg0 : memref<?x8xf32, 3>
    %dim_1 = memref.dim {x} %alloca, %arg0 : memref<?x8xf32, 3>
    %cast = memref.cast %alloc : memref<1024x1024xf32> to memref<?x?xf32>
    %cast_2 = memref.cast %cast {bar} : memref<?x?xf32> to memref<*xf32>
    return
  }
}
",
    );
}

#[test]
fn generic_alloc_has_segment_sizes() {
    let text = "%0 = \"test.index\"() : () -> index\n%a = memref.alloc(%0) {alignment = 64 : i64} : memref<?xf32>\n";
    let generic = print(text, true).expect("valid");
    assert!(
        generic.contains("\"memref.alloc\"(%0) <{alignment = 64 : i64, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>"),
        "{generic}"
    );
}

#[test]
fn loads_and_stores_elide_false_nontemporal() {
    assert_roundtrip(
        "module {
  %0 = \"test.index\"() : () -> index
  %alloc = memref.alloc() : memref<4x4xf32>
  %1 = memref.load %alloc[%0, %0] : memref<4x4xf32>
  %2 = memref.load %alloc[%0, %0] {nontemporal = true} : memref<4x4xf32>
  memref.store %2, %alloc[%0, %0] {nontemporal = true} : memref<4x4xf32>
  %alloc_0 = memref.alloc() : memref<f32>
  memref.store %1, %alloc_0[] : memref<f32>
}
",
    );
    let printed =
        print("%a = memref.alloc() : memref<f32>\n%0 = memref.load %a[] {nontemporal = false} : memref<f32>\n", false)
            .expect("valid");
    assert!(printed.contains("%0 = memref.load %alloc[] : memref<f32>\n"), "{printed}");
    let generic =
        print("%a = memref.alloc() : memref<f32>\n%0 = memref.load %a[] {nontemporal = false} : memref<f32>\n", true)
            .expect("valid");
    assert!(generic.contains("<{nontemporal = false}>"), "{generic}");
}

#[test]
fn subviews_mix_static_and_dynamic_entries() {
    assert_roundtrip(
        "module {
  %0 = \"test.index\"() : () -> index
  %alloc = memref.alloc() : memref<8x8xf32>
  %alloc_0 = memref.alloc(%0, %0) : memref<?x?xf32>
  %subview = memref.subview %alloc[%0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: ?>>
  %subview_1 = memref.subview %alloc_0[%0, 4] [%0, 8] [1, %0] : memref<?x?xf32> to memref<?x8xf32, strided<[?, ?], offset: ?>>
  %subview_2 = memref.subview %alloc[0, 0] [1, 8] [1, 1] {w} : memref<8x8xf32> to memref<8xf32, strided<[1]>>
}
",
    );
    let generic = print(
        "%0 = \"test.index\"() : () -> index\n%a = memref.alloc() : memref<8x8xf32>\n%s = memref.subview %a[%0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: ?>>\n",
        true,
    )
    .expect("valid");
    assert!(
        generic.contains("<{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}>"),
        "{generic}"
    );
}

#[test]
fn subview_result_type_is_checked() {
    let head = "%a = memref.alloc() : memref<64x64xf32>\n";
    let e =
        error(&format!("{head}%0 = memref.subview %a[2, 8] [8, 16] [1, 1] : memref<64x64xf32> to memref<8x16xf32>\n"));
    assert_eq!(e, "expected result type to be 'memref<8x16xf32, strided<[64, 1], offset: 136>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<8x16xf32>'");
    let e = error(&format!("{head}%0 = memref.subview %a[2] [8, 16] [1, 1] : memref<64x64xf32> to memref<8x16xf32>\n"));
    assert_eq!(
        e,
        "expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed."
    );
    let e = error(&format!(
        "{head}%0 = memref.subview %a[0, 0] [4, 4] [1, 1] : memref<64x64xf32> to memref<4x4xf64, strided<[64, 1]>>\n"
    ));
    assert_eq!(e, "expected result element type to be 'f32', but got 'memref<4x4xf64, strided<[64, 1]>>'");
    let e = error(&format!("{head}%0 = memref.subview %a[62, 0] [4, 4] [1, 1] : memref<64x64xf32> to memref<4x4xf32, strided<[64, 1], offset: 3968>>\n"));
    assert_eq!(e, "slice along dimension 0 runs out-of-bounds: 65 >= 64");
    // Rank reduction drops the unit dimension.
    print("%a = memref.alloc() : memref<8x16x4xf32>\n%0 = memref.subview %a[0, 0, 0] [1, 16, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<16x4xf32>\n", false)
        .expect("rank-reducing subview is valid");
}

#[test]
fn globals_print_like_upstream() {
    assert_roundtrip(
        "module {
  memref.global \"private\" constant @coeffs : memref<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]>
  memref.global @state : memref<2x2xi32> = dense<0>
  memref.global \"private\" @scratch : memref<128xf32> = uninitialized
  memref.global @external : memref<16xf64>
  memref.global \"private\" constant @aligned : memref<8xi64> = dense<7> {alignment = 64 : i64}
  %0 = memref.get_global @coeffs : memref<4xf32>
}
",
    );
    let generic = print("memref.global \"private\" @s : memref<4xf32> = uninitialized\n", true).expect("valid");
    assert!(
        generic.contains("\"memref.global\"() <{initial_value, sym_name = \"s\", sym_visibility = \"private\", type = memref<4xf32>}> : () -> ()"),
        "{generic}"
    );
}

#[test]
fn upstream_verifier_messages() {
    assert_eq!(
        error("%0 = \"test.index\"() : () -> index\n%1 = memref.alloc(%0) : memref<?x?xf32>\n"),
        "'memref.alloc' op incorrect number of dynamic sizes, has 1, expected 2"
    );
    assert_eq!(
        error("%0 = memref.alloc() {alignment = 3 : i64} : memref<4xf32>\n"),
        "custom op 'memref.alloc' 'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0"
    );
    assert_eq!(
        error("%0 = \"test.index\"() : () -> index\n%a = memref.alloc() : memref<4x4xf32>\n%1 = memref.load %a[%0] : memref<4x4xf32>\n"),
        "'memref.load' op incorrect number of indices for load, expected 2 but got 1"
    );
    assert_eq!(
        error("%a = memref.alloc() : memref<4xf32>\n%0 = memref.cast %a : memref<4xf32> to memref<8xf32>\n"),
        "'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<8xf32>' are cast incompatible"
    );
    assert_eq!(
        error("memref.global \"private\" @g : memref<?xf32>\n"),
        "custom op 'memref.global' type should be static shaped memref, but got 'memref<?xf32>'"
    );
    assert_eq!(
        error("memref.global \"private\" @g : memref<4xf32> = dense<[1.0, 2.0]>\n"),
        "inferred shape of elements literal ([2]) does not match type ([4])"
    );
    assert_eq!(
        error("%0 = memref.get_global @nope : memref<4xf32>\n"),
        "'memref.get_global' op 'nope' does not reference a valid global memref"
    );
    assert_eq!(
        error("memref.global @g : memref<4xf32>\n%0 = memref.get_global @g : memref<8xf32>\n"),
        "'memref.get_global' op result type 'memref<8xf32>' does not match type 'memref<4xf32>' of the global memref @g"
    );
    assert_eq!(
        error("%0 = memref.load %a[] : f32\n"),
        "custom op 'memref.load' invalid kind of type specified: expected builtin.memref, but found 'f32'"
    );
    assert_eq!(
        error("%0 = \"test.index\"() : () -> i32\n%1 = \"memref.alloc\"(%0) <{operandSegmentSizes = array<i32: 1, 0>}> : (i32) -> memref<?xf32>\n"),
        "'memref.alloc' op operand #0 must be variadic of index, but got 'i32'"
    );
}

#[test]
fn dim_and_cast_fold() {
    use sharc_ir::registry::FoldResult;
    use sharc_ir::syntax::{parse_source, ParseOptions};
    let text = "func.func @f(%n: index, %A: memref<4x?xf32>) -> (index, index) {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  %alloc = memref.alloc(%n) : memref<4x?xf32>\n  %d0 = memref.dim %alloc, %c0 : memref<4x?xf32>\n  %d1 = memref.dim %alloc, %c1 : memref<4x?xf32>\n  %cast = memref.cast %A : memref<4x?xf32> to memref<4x?xf32>\n  return %d0, %d1 : index, index\n}\n";
    let mut ctx = Context::new(crate::registry());
    let module = parse_source(&mut ctx, "t.mlir", text, &ParseOptions::default()).expect("parses");
    let ops = ctx.collect_ops(module);
    let consts = |ctx: &Context, op| -> Vec<_> {
        ctx.operands(op)
            .iter()
            .map(|&v| {
                ctx.defining_op(v).and_then(|d| crate::arith::ConstantOp::view(ctx, d)).and_then(|c| c.value(ctx))
            })
            .collect()
    };
    let dims: Vec<_> = ops.iter().copied().filter(|&o| super::DimOp::view(&ctx, o).is_some()).collect();
    let c = consts(&ctx, dims[0]);
    match super::fold::dim(&mut ctx, dims[0], &c).as_deref() {
        Some([FoldResult::Attr(a)]) => assert_eq!(ctx.attr_int(*a), Some(4)),
        other => panic!("{other:?}"),
    }
    let c = consts(&ctx, dims[1]);
    let n = ctx.block_args(ctx.parent_block(dims[1]).expect("in a block"))[0];
    assert_eq!(super::fold::dim(&mut ctx, dims[1], &c), Some(vec![FoldResult::Value(n)]));
    let cast = ops.iter().copied().find(|&o| super::CastOp::view(&ctx, o).is_some()).expect("a cast");
    let a = ctx.operand(cast, 0);
    assert_eq!(super::fold::cast(&mut ctx, cast, &[None]), Some(vec![FoldResult::Value(a)]));
    // An unused load is erased by its canonicalization pattern; a used one is kept.
    assert!(!super::fold::erase_unused(&mut ctx, dims[0]), "a used op is kept");
}

#[test]
fn cast_compatibility_follows_upstream() {
    let ok = |from: &str, to: &str| {
        print(&format!("%a = \"test.m\"() : () -> {from}\n%0 = memref.cast %a : {from} to {to}\n"), false).is_ok()
    };
    assert!(ok("memref<12x4xf32, strided<[4, 1], offset: 5>>", "memref<12x4xf32, strided<[?, ?], offset: ?>>"));
    assert!(ok("memref<4x4xf32>", "memref<4x4xf32, strided<[4, 1]>>"));
    assert!(!ok("memref<4x4xf32>", "memref<4x4xf32, strided<[8, 1]>>"));
    assert!(ok("memref<4xf32>", "memref<*xf32>"));
    assert!(!ok("memref<*xf32>", "memref<*xf32>"));
    assert!(!ok("memref<4xf32>", "memref<4xf32, 1>"));
    assert!(!ok("memref<4xf32>", "memref<4x1xf32>"));
}
