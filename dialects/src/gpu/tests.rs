//! Round trips and verifier messages of the gpu ops, against text printed by upstream
//! `mlir-opt --allow-unregistered-dialect` (the other dialects are stood in for by `"t.*"` ops).

use crate::scf::tests::{check_diagnostics, check_roundtrip};

#[test]
fn all_ops_round_trip() {
    check_roundtrip(include_str!("testdata/ops.in.mlir"), include_str!("testdata/ops.out.mlir"));
}

#[test]
fn verifier_messages() {
    check_diagnostics(include_str!("testdata/invalid.mlir"));
}

/// The dimension keyword is checked by the parser, with upstream's message (upstream adds a
/// second error about the attribute parameter, which sharc does not repeat).
#[test]
fn bad_dimension_keyword() {
    check_diagnostics(
        "// expected-error @+1 {{custom op 'gpu.thread_id' expected ::mlir::gpu::Dimension to be one of: x, y, z}}\n\
         %0 = gpu.thread_id w\n",
    );
}

/// The builders make IR that verifies and prints as upstream would print it; attributions added
/// later keep workgroup ones before private ones.
#[test]
fn builders() {
    use crate::gpu::{
        set_container_module, AddressSpace, BarrierOp, Dimension, FuncOp, IndexKind, IndexOp, LaunchFuncOp, LaunchOp,
        ModuleOp, ReturnOp,
    };
    use crate::{arith, func, scf};
    use sharc_ir::builder::{Builder, InsertPoint, OperationState};
    use sharc_ir::syntax::{print_op, PrintOptions};
    use sharc_ir::types::TypeKind;
    use sharc_ir::{Context, Location};

    let mut ctx = Context::new(crate::registry());
    let loc = Location::Unknown;
    let (region, top_body) = ctx.new_region_with_block(&[]);
    let top = ctx.create_op(OperationState::new("builtin.module", loc.clone()).region(region));
    set_container_module(&mut ctx, top);

    let f32 = ctx.f32();
    let buffer = ctx.memref_type(vec![sharc_ir::types::DYNAMIC], f32);
    let gm = ModuleOp::build(&mut ctx, loc.clone(), "kernels");
    ctx.insert_op(InsertPoint::BlockEnd(top_body), gm.0);
    let kernel = FuncOp::build(&mut ctx, loc.clone(), "k", &[buffer], &[], true);
    kernel.insert_into(&mut ctx, gm);
    let space = AddressSpace::Private.attr(&mut ctx);
    let private = ctx.ty(TypeKind::MemRef { shape: vec![2], elem: f32, layout: None, memory_space: Some(space) });
    let p = kernel.add_private_attribution(&mut ctx, private);
    let space = AddressSpace::Workgroup.attr(&mut ctx);
    let shared = ctx.ty(TypeKind::MemRef { shape: vec![32], elem: f32, layout: None, memory_space: Some(space) });
    let w = kernel.add_workgroup_attribution(&mut ctx, shared);
    assert_eq!(kernel.workgroup_attributions(&ctx), &[w]);
    assert_eq!(kernel.private_attributions(&ctx), &[p]);
    assert_eq!(AddressSpace::of_type(&ctx, ctx.value_type(w)), Some(AddressSpace::Workgroup));
    let mut b = Builder::at_end(kernel.entry_block(&ctx));
    let state = IndexOp::state(&mut ctx, loc.clone(), IndexKind::ThreadId, Dimension::Y);
    let tid = b.insert(&mut ctx, state);
    assert_eq!(IndexOp(tid).dimension(&ctx), Some(Dimension::Y));
    b.insert(&mut ctx, BarrierOp::state(loc.clone()));
    b.insert(&mut ctx, ReturnOp::state(loc.clone(), &[]));

    let index = ctx.index_type();
    let (state, host_body) = func::FuncOp::state(&mut ctx, "host", &[buffer, index], &[], loc.clone());
    let host = ctx.create_op(state);
    ctx.insert_op(InsertPoint::BlockEnd(top_body), host);
    let args = ctx.block_args(host_body).to_vec();
    let mut b = Builder::at_end(host_body);
    let state = arith::ConstantOp::index(&mut ctx, 1, loc.clone());
    let one = b.insert_value(&mut ctx, state);
    let launch =
        LaunchFuncOp::build(&mut ctx, loc.clone(), "kernels", "k", [args[1], one, one], [one; 3], None, &args[..1]);
    ctx.insert_op(InsertPoint::BlockEnd(host_body), launch.0);
    b = Builder::at_end(host_body);
    assert_eq!(launch.kernel_module_and_name(&ctx), Some(("kernels", "k")));
    assert_eq!(launch.kernel_func(&ctx), Some(kernel));
    assert_eq!(launch.grid_size(&ctx), [args[1], one, one]);
    assert_eq!(launch.kernel_operands(&ctx), &args[..1]);

    let inline = LaunchOp::build(&mut ctx, loc.clone(), [one; 3], [args[1], one, one], None);
    b.insert(&mut ctx, func::ReturnOp::state(&[], loc.clone()));
    ctx.insert_op(InsertPoint::Before(launch.0), inline.0);
    assert_eq!(inline.block_size_operands(&ctx), [args[1], one, one]);
    let term = ctx.block_last_op(inline.entry_block(&ctx)).expect("the builder adds gpu.terminator");
    let for_op = scf::ForOp::build(&mut ctx, loc.clone(), one, args[1], one, &[]);
    ctx.insert_op(InsertPoint::Before(term), for_op.0);
    let cond = {
        let i1 = ctx.i1();
        let state = arith::ConstantOp::int(&mut ctx, 1, i1, loc.clone());
        let c = ctx.create_op(state);
        ctx.insert_op(InsertPoint::Before(for_op.0), c);
        ctx.result(c, 0)
    };
    let if_op = scf::IfOp::build(&mut ctx, loc.clone(), cond, &[], true);
    ctx.insert_op(InsertPoint::BlockStart(for_op.body(&ctx)), if_op.0);

    sharc_ir::verifier::verify(&ctx, top).unwrap_or_else(|d| panic!("{d}"));
    let text = print_op(&ctx, top, PrintOptions::default());
    let expected = r#"module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%arg0: memref<?xf32>) workgroup(%arg1 : memref<32xf32, #gpu.address_space<workgroup>>) private(%arg2 : memref<2xf32, #gpu.address_space<private>>) kernel {
      %thread_id_y = gpu.thread_id  y
      gpu.barrier
      gpu.return
    }
  }
  func.func @host(%arg0: memref<?xf32>, %arg1: index) {
    %c1 = arith.constant 1 : index
    gpu.launch blocks(%arg2, %arg3, %arg4) in (%arg8 = %c1, %arg9 = %c1, %arg10 = %c1) threads(%arg5, %arg6, %arg7) in (%arg11 = %arg1, %arg12 = %c1, %arg13 = %c1) {
      %true = arith.constant true
      scf.for %arg14 = %c1 to %arg1 step %c1 {
        scf.if %true {
        } else {
        }
      }
      gpu.terminator
    }
    gpu.launch_func  @kernels::@k blocks in (%arg1, %c1, %c1) threads in (%c1, %c1, %c1)  args(%arg0 : memref<?xf32>)
    return
  }
}
"#;
    assert_eq!(text, expected);
}
