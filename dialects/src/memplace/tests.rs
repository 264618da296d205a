//! The memplace builders and typed views: IR built in Rust verifies and prints in the custom
//! form `test/dialects/memplace/ops.mlir` round-trips, and the views read back what was built.

use crate::func;
use crate::gpu::{AddressSpace, Dimension};
use crate::gpumap::BandOp;
use crate::memplace::{layout_attr, layout_from_attr, AllocSharedOp, BarrierOp, CopyOp, Direction, SharedLayout};
use sharc_ir::affine::{AffineExpr, AffineMap};
use sharc_ir::builder::{Builder, InsertPoint, OperationState};
use sharc_ir::syntax::{print_op, PrintOptions};
use sharc_ir::types::TypeKind;
use sharc_ir::{Context, Location};

#[test]
fn builders_and_views() {
    let mut ctx = Context::new(crate::registry());
    let loc = Location::Unknown;
    let (region, top_body) = ctx.new_region_with_block(&[]);
    let top = ctx.create_op(OperationState::new("builtin.module", loc.clone()).region(region));
    let f32 = ctx.f32();
    let global = ctx.memref_type(vec![64], f32);
    let (state, body) = func::FuncOp::state(&mut ctx, "f", &[global], &[], loc.clone());
    let f = ctx.create_op(state);
    ctx.insert_op(InsertPoint::BlockEnd(top_body), f);
    let a = ctx.block_args(body)[0];
    let lb = AffineMap::new(0, 0, vec![AffineExpr::constant(0)]).expect("constant map");
    let ub = AffineMap::new(0, 0, vec![AffineExpr::constant(64)]).expect("constant map");
    let band = BandOp::build(&mut ctx, loc.clone(), &[], lb, &[], ub, &[32], &[Dimension::X]);
    ctx.insert_op(InsertPoint::BlockEnd(body), band.0);
    Builder::at_end(body).insert(&mut ctx, func::ReturnOp::state(&[], loc.clone()));

    let space = AddressSpace::Workgroup.attr(&mut ctx);
    let shared = ctx.ty(TypeKind::MemRef { shape: vec![34], elem: f32, layout: None, memory_space: Some(space) });
    let mut b = Builder::before(band.yield_op(&ctx).expect("the builder adds gpumap.yield"));
    let state = AllocSharedOp::state(&mut ctx, loc.clone(), shared, None);
    let s = AllocSharedOp(b.insert(&mut ctx, state));
    let state = AllocSharedOp::state(&mut ctx, loc.clone(), shared, Some(SharedLayout::RowMajor));
    let t = AllocSharedOp(b.insert(&mut ctx, state));
    let origin = band.origins(&ctx)[0];
    // The tile with a one-element halo on both sides: 34 elements from origin - 1.
    let halo = AffineMap::new(1, 0, vec![AffineExpr::dim(0) - 1]).expect("shifted map");
    let (buffer_s, buffer_t) = (s.result(&ctx), t.result(&ctx));
    let state = CopyOp::state(&mut ctx, loc.clone(), Direction::In, a, halo.clone(), &[origin], buffer_s, &[34]);
    let copy_in = CopyOp(b.insert(&mut ctx, state));
    b.insert(&mut ctx, BarrierOp::state(loc.clone()));
    let state = CopyOp::state(&mut ctx, loc.clone(), Direction::Out, a, halo, &[origin], buffer_t, &[34]);
    let copy_out = CopyOp(b.insert(&mut ctx, state));

    sharc_ir::verifier::verify(&ctx, top).unwrap_or_else(|d| panic!("{d}"));
    assert_eq!((s.layout(&ctx), s.has_explicit_layout(&ctx)), (Some(SharedLayout::RowMajor), false));
    assert_eq!((t.layout(&ctx), t.has_explicit_layout(&ctx)), (Some(SharedLayout::RowMajor), true));
    for (copy, direction, buffer) in [(copy_in, Direction::In, buffer_s), (copy_out, Direction::Out, buffer_t)] {
        assert_eq!(copy.direction(&ctx), direction);
        assert_eq!((copy.global(&ctx), copy.shared(&ctx)), (a, buffer));
        assert_eq!(copy.origin_operands(&ctx), &[origin]);
        assert_eq!(copy.sizes(&ctx), vec![34]);
    }
    let text = print_op(&ctx, top, PrintOptions::default());
    let expected = r#"module {
  func.func @f(%arg0: memref<64xf32>) {
    gpumap.band (%arg1) = (0) to (64) block [32] dims [x] origin (%arg2) {
      %shared = memplace.alloc_shared : memref<34xf32, #gpu.address_space<workgroup>>
      %shared_0 = memplace.alloc_shared layout row_major : memref<34xf32, #gpu.address_space<workgroup>>
      memplace.copy_in %arg0[%arg2 - 1] to %shared sizes [34] : memref<64xf32>, memref<34xf32, #gpu.address_space<workgroup>>
      memplace.barrier
      memplace.copy_out %shared_0 to %arg0[%arg2 - 1] sizes [34] : memref<34xf32, #gpu.address_space<workgroup>>, memref<64xf32>
    }
    return
  }
}
"#;
    assert_eq!(text, expected);
}

/// Layout attributes print and read back; unknown ones are not a layout; a CuTe swizzle is
/// normalised to the xor form where it is one on the buffer, else kept flat.
#[test]
fn layout_attributes() {
    let mut ctx = Context::new(crate::registry());
    let xor = SharedLayout::Xor { vec: 1, per_phase: 4, max_phase: 8 };
    let cases = [
        (SharedLayout::RowMajor, "#memplace<layout row_major>"),
        (xor, "#memplace<layout xor<vec = 1, per_phase = 4, max_phase = 8>>"),
        (SharedLayout::Transposed, "#memplace<layout transposed>"),
        (SharedLayout::Soa { fields: 2 }, "#memplace<layout soa<fields = 2>>"),
        (SharedLayout::Swizzle { bits: 3, base: 1, shift: 3 }, "#memplace<layout swizzle<3, 1, 3>>"),
    ];
    for (layout, text) in cases {
        let attr = layout_attr(&mut ctx, layout);
        assert_eq!(layout_from_attr(&ctx, attr, Some(&[64, 8][..])), Ok(layout));
        assert_eq!(sharc_ir::syntax::printer::attr_to_string(&ctx, attr), text);
    }
    let spaced = ctx.opaque_attr("memplace", "< layout  xor< vec=1 ,per_phase= 4, max_phase =8 > >");
    assert_eq!(layout_from_attr(&ctx, spaced, Some(&[64, 8][..])), Ok(xor));
    let cute = ctx.opaque_attr("memplace", "<layout swizzle<3, 0, 5>>");
    assert_eq!(layout_from_attr(&ctx, cute, Some(&[64, 8][..])), Ok(xor));
    let err = |body: &str, ctx: &mut Context| {
        let a = ctx.opaque_attr("memplace", body);
        layout_from_attr(ctx, a, Some(&[64, 8][..])).expect_err(body)
    };
    assert_eq!(err("<layout swizzle>", &mut ctx), "is invalid: layout 'swizzle' takes <B, M, S>");
    // The same swizzle on a 1-D buffer has no xor form.
    let flat = SharedLayout::Swizzle { bits: 3, base: 0, shift: 5 };
    assert_eq!(layout_from_attr(&ctx, cute, Some(&[512][..])), Ok(flat));
    assert!(err("<layout swizzle<3, 0, -1>>", &mut ctx).contains("from 0 to"));
    assert!(err("<layout xor<vec = 1, max_phase = 4, per_phase = 8>>", &mut ctx).contains("expected 'per_phase = ...'"));
    assert!(err("<layout xor<vec = 0, per_phase = 4, max_phase = 8>>", &mut ctx).contains("from 1 to"));
    assert!(err("<layout transposed extra>", &mut ctx).contains("unexpected text"));
    assert!(err("<layout diagonal>", &mut ctx).contains("expected a layout: row_major, transposed"));
    assert_eq!(err("<layoutrow_major>", &mut ctx), "must be a #memplace<layout ...> attribute");
    let foreign = ctx.opaque_attr("gpu", "<layout row_major>");
    assert!(layout_from_attr(&ctx, foreign, None).is_err());
}

/// `set_layout` writes the attribute the accessor reads, and removes it for row-major.
#[test]
fn set_layout_round_trips() {
    let mut ctx = Context::new(crate::registry());
    let f32 = ctx.f32();
    let space = AddressSpace::Workgroup.attr(&mut ctx);
    let ty = ctx.ty(TypeKind::MemRef { shape: vec![32, 32], elem: f32, layout: None, memory_space: Some(space) });
    let state = AllocSharedOp::state(&mut ctx, Location::Unknown, ty, None);
    let alloc = AllocSharedOp(ctx.create_op(state));
    assert_eq!(alloc.shape(&ctx), vec![32, 32]);
    for layout in [SharedLayout::Transposed, SharedLayout::Xor { vec: 1, per_phase: 1, max_phase: 32 }] {
        alloc.set_layout(&mut ctx, layout);
        assert_eq!((alloc.layout(&ctx), alloc.has_explicit_layout(&ctx)), (Some(layout), true));
    }
    alloc.set_layout(&mut ctx, SharedLayout::RowMajor);
    assert_eq!((alloc.layout(&ctx), alloc.has_explicit_layout(&ctx)), (Some(SharedLayout::RowMajor), false));
}
