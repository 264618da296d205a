//! The band's builder and typed view: IR built in Rust verifies and prints in the custom form
//! `test/dialects/gpumap/ops.mlir` round-trips, and the accessors read back what was built.

use crate::gpu::Dimension;
use crate::gpumap::BandOp;
use crate::{affine, func};
use sharc_ir::affine::{AffineExpr, AffineMap};
use sharc_ir::builder::{Builder, InsertPoint, OperationState};
use sharc_ir::syntax::{print_op, PrintOptions};
use sharc_ir::{Context, Location};

#[test]
fn builder_and_view() {
    let mut ctx = Context::new(crate::registry());
    let loc = Location::Unknown;
    let (region, top_body) = ctx.new_region_with_block(&[]);
    let top = ctx.create_op(OperationState::new("builtin.module", loc.clone()).region(region));
    let f32 = ctx.f32();
    let index = ctx.index_type();
    let buffer = ctx.memref_type(vec![64, 64], f32);
    let (state, body) = func::FuncOp::state(&mut ctx, "f", &[buffer, index], &[], loc.clone());
    let f = ctx.create_op(state);
    ctx.insert_op(InsertPoint::BlockEnd(top_body), f);
    let args = ctx.block_args(body).to_vec();

    // (0, 1) to (64, %n - 1) on 8x32 blocks, the first loop on y.
    let lb = AffineMap::new(0, 0, vec![AffineExpr::constant(0), AffineExpr::constant(1)]).expect("constant map");
    let ub = AffineMap::new(0, 1, vec![AffineExpr::constant(64), AffineExpr::symbol(0) - 1]).expect("symbol map");
    let band = BandOp::build(&mut ctx, loc.clone(), &[], lb, &[args[1]], ub, &[8, 32], &[Dimension::Y, Dimension::X]);
    ctx.insert_op(InsertPoint::BlockEnd(body), band.0);
    Builder::at_end(body).insert(&mut ctx, func::ReturnOp::state(&[], loc.clone()));
    let (ivs, origins) = (band.ivs(&ctx).to_vec(), band.origins(&ctx).to_vec());
    let yield_op = band.yield_op(&ctx).expect("the builder adds gpumap.yield");
    let map = AffineMap::new(2, 0, vec![AffineExpr::dim(0), AffineExpr::dim(1)]).expect("identity map");
    let state = affine::LoadOp::build(&mut ctx, loc.clone(), args[0], map, &ivs);
    let load = Builder::before(yield_op).insert(&mut ctx, state);

    sharc_ir::verifier::verify(&ctx, top).unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(band.num_loops(&ctx), 2);
    assert_eq!(band.block_sizes(&ctx), vec![8, 32]);
    assert_eq!(band.mapping(&ctx), vec![Some(Dimension::Y), Some(Dimension::X)]);
    assert_eq!(band.block_shape(&ctx), [32, 8, 1]);
    assert_eq!(band.upper_bound_operands(&ctx), &args[1..]);
    assert!(band.lower_bound_operands(&ctx).is_empty());
    assert_eq!(BandOp::enclosing(&ctx, load), Some(band));
    assert_eq!((ivs.len(), origins.len()), (2, 2));
    let text = print_op(&ctx, top, PrintOptions::default());
    let expected = r#"module {
  func.func @f(%arg0: memref<64x64xf32>, %arg1: index) {
    gpumap.band (%arg2, %arg3) = (0, 1) to (64, symbol(%arg1) - 1) block [8, 32] dims [y, x] origin (%arg4, %arg5) {
      %0 = affine.load %arg0[%arg2, %arg3] : memref<64x64xf32>
    }
    return
  }
}
"#;
    assert_eq!(text, expected);
}

/// A band whose sizes and dimensions disagree with its maps is rejected, not misread.
#[test]
fn mismatched_builder_input_fails_verification() {
    let mut ctx = Context::new(crate::registry());
    let loc = Location::Unknown;
    let (state, body) = func::FuncOp::state(&mut ctx, "f", &[], &[], loc.clone());
    let f = ctx.create_op(state);
    let lb = AffineMap::new(0, 0, vec![AffineExpr::constant(0)]).expect("constant map");
    let ub = AffineMap::new(0, 0, vec![AffineExpr::constant(64)]).expect("constant map");
    let band = BandOp::build(&mut ctx, loc.clone(), &[], lb, &[], ub, &[8, 32], &[Dimension::X]);
    ctx.insert_op(InsertPoint::BlockEnd(body), band.0);
    Builder::at_end(body).insert(&mut ctx, func::ReturnOp::state(&[], loc));
    let err = sharc_ir::verifier::verify(&ctx, f).expect_err("two sizes for one loop");
    assert!(
        err.message.contains("expected 2 lower-bound results (the sum of the groups, one per loop by default), got 1"),
        "{err}"
    );
}
