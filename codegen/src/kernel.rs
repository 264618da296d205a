//! A gpu-level module as an LLVM module: one LLVM function per `gpu.func ... kernel`.
//!
//! # Kernel ABI
//!
//! The parameters of the LLVM function follow the kernel's arguments in order:
//! - a scalar argument (`iN`, `index` = `i64`, `f16`, `bf16`, `f32`, `f64`) is one parameter of
//!   that type;
//! - a memref argument is a pointer to its element `[0, ..., 0]` in global memory
//!   (`ptr addrspace(1)` on GPUs, `ptr` on the host), followed by one `i64` per dynamic
//!   dimension, in dimension order. The layout must be the identity (row-major, contiguous,
//!   offset 0), so the sizes determine the strides; other layouts and non-global memory spaces
//!   are rejected. The buffer must be aligned to its element size.
//!
//! `memref<?x64xf32>, f32, memref<8xi32>` becomes `(ptr addrspace(1), i64, float, ptr addrspace(1))`.
//!
//! Workgroup attributions become module globals in the workgroup space (one per attribution,
//! named `<kernel>_workgroup_<n>`), private attributions entry-block allocas. On the host a
//! second function, `__sharc_host_entry_<kernel>(ptr args)`, reads parameter `i` from the
//! 8-byte slot `args[i]` (little-endian, low bytes first) and calls the kernel, so the runtime
//! can call any kernel through one signature.

use crate::arch::{host_entry_name, ArchLowering};
use crate::lower::{internal, Exit, FnLowering, Lowered, Res};
use crate::ops::memref::{identity_desc, private_buffer, workgroup_buffer};
use crate::target::{Arch, CodegenTarget};
use crate::types::{memref_shape, scalar_type, Space};
use inkwell::context::Context as LlvmContext;
use inkwell::module::{Linkage, Module};
use inkwell::targets::TargetMachine;
use inkwell::types::{BasicMetadataTypeEnum, BasicTypeEnum};
use inkwell::values::{BasicMetadataValueEnum, FunctionValue};
use sharc_dialects::arith::ConstantOp;
use sharc_dialects::gpu::{FuncOp, LaunchFuncOp, ModuleOp};
use sharc_ir::types::DYNAMIC;
use sharc_ir::{Context, Diagnostic, OpId};
use std::collections::HashMap;

/// How one kernel parameter of the ABI is passed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Param {
    /// A scalar of the argument's type.
    Scalar,
    /// The base pointer of a memref argument.
    Pointer,
    /// The size of a dynamic dimension of the memref argument before it (`i64`).
    DynamicSize,
}

/// A compiled kernel: its name and its ABI parameters, in order, with the sharc argument each
/// belongs to.
#[derive(Clone, Debug)]
pub struct KernelInfo {
    /// The `gpu.func`.
    pub op: OpId,
    /// The symbol name (the LLVM function's name).
    pub name: String,
    /// `(argument index, parameter kind)` per LLVM parameter.
    pub params: Vec<(usize, Param)>,
    /// Host only: the run-time checks of the kernel, `(op, what fails)`, numbered from
    /// `site_base` across the module (see `host_runtime`).
    pub sites: Vec<(OpId, &'static str)>,
    /// The number of the first entry of `sites`.
    pub site_base: usize,
    /// Bytes of the kernel's per-thread stack buffers (private attributions, `memref.alloca`).
    pub private_bytes: u64,
    /// Bytes of the workgroup buffers (module globals) first created for this kernel.
    pub workgroup_bytes: u64,
}

/// Lowers every kernel of every `gpu.module` in `module` into a new LLVM module.
pub(crate) fn lower_module<'c>(
    llcx: &'c LlvmContext,
    ctx: &Context,
    module: OpId,
    target: &CodegenTarget,
    tm: &TargetMachine,
) -> Res<(Module<'c>, Vec<KernelInfo>)> {
    let m = llcx.create_module("sharc");
    m.set_triple(&tm.get_triple());
    m.set_data_layout(&tm.get_target_data().get_data_layout());
    let launch_sizes = launch_block_sizes(ctx, module);
    let mut kernels = Vec::new();
    let mut names: HashMap<String, OpId> = HashMap::new();
    for op in ctx.collect_ops(module) {
        let Some(gm) = ModuleOp::view(ctx, op) else { continue };
        for f in gm.funcs(ctx) {
            if !f.is_kernel(ctx) {
                return Err(Diagnostic::error(
                    ctx.loc(f.0).clone(),
                    "device functions (a gpu.func without 'kernel') are not supported by the code generator",
                ));
            }
            let name = f.name(ctx).to_string();
            if let Some(&first) = names.get(&name) {
                return Err(Diagnostic::error(
                    ctx.loc(f.0).clone(),
                    format!("kernel name @{name} is used in two gpu.modules; LLVM needs distinct names"),
                )
                .with_note(ctx.loc(first).clone(), "the other kernel"));
            }
            names.insert(name.clone(), f.0);
            let block = f.known_block_size(ctx).or_else(|| launch_sizes.get(&f.0).copied().flatten());
            let site_base = kernels.iter().map(|k: &KernelInfo| k.sites.len()).sum();
            kernels.push(lower_kernel(llcx, ctx, &m, target, f, block, site_base)?);
        }
    }
    if kernels.is_empty() {
        // The module op itself has no position in the file; its first op does.
        let first = ctx.regions(module).first().and_then(|&r| ctx.entry_block(r)).and_then(|b| ctx.block_first_op(b));
        return Err(Diagnostic::error(
            ctx.loc(first.unwrap_or(module)).clone(),
            "no kernel to translate: expected gpu.module ops holding gpu.func ... kernel functions",
        ));
    }
    m.verify().map_err(|e| crate::error(format!("internal error: the generated LLVM IR does not verify: {e}")))?;
    Ok((m, kernels))
}

/// Per kernel, the block size of its launches when every `gpu.launch_func` of it passes the same
/// constants (`None` when they differ or are not constant).
fn launch_block_sizes(ctx: &Context, module: OpId) -> HashMap<OpId, Option<[i64; 3]>> {
    let mut sizes: HashMap<OpId, Option<[i64; 3]>> = HashMap::new();
    for op in ctx.collect_ops(module) {
        let Some(l) = LaunchFuncOp::view(ctx, op) else { continue };
        let Some(k) = l.kernel_func(ctx) else { continue };
        let constant = |v| {
            ctx.defining_op(v).and_then(|d| ConstantOp::view(ctx, d)).and_then(|c| c.int_value(ctx)).map(|i| i as i64)
        };
        let [x, y, z] = l.block_size(ctx).map(constant);
        let these = x.zip(y).zip(z).map(|((x, y), z)| [x, y, z]);
        sizes.entry(k.0).and_modify(|s| *s = s.filter(|s| Some(*s) == these)).or_insert(these);
    }
    sizes
}

fn lower_kernel<'c>(
    llcx: &'c LlvmContext,
    ctx: &Context,
    m: &Module<'c>,
    target: &CodegenTarget,
    f: FuncOp,
    block: Option<[i64; 3]>,
    site_base: usize,
) -> Res<KernelInfo> {
    let arch = ArchLowering(target.arch);
    let name = f.name(ctx).to_string();
    let err = |msg: String| Diagnostic::error(ctx.loc(f.0).clone(), msg);
    if !f.result_types(ctx).is_empty() {
        return Err(err(format!("kernel @{name} must not return values")));
    }
    let mut params: Vec<(usize, Param)> = Vec::new();
    let mut types: Vec<BasicMetadataTypeEnum> = Vec::new();
    for (i, &ty) in f.argument_types(ctx).iter().enumerate() {
        if let Some(t) = scalar_type(llcx, ctx, ty) {
            params.push((i, Param::Scalar));
            types.push(t.into());
            continue;
        }
        let text = sharc_ir::syntax::printer::type_to_string(ctx, ty);
        let shape = memref_shape(ctx, ty).map_err(|e| err(format!("argument {i} of @{name}: {e}")))?;
        if !shape.is_identity() {
            return Err(err(format!(
                "argument {i} of @{name} has type {text}: kernel memref arguments must have the identity layout"
            )));
        }
        if shape.space != Space::Global {
            return Err(err(format!(
                "argument {i} of @{name} has type {text}: kernel memref arguments must be in global memory"
            )));
        }
        if scalar_type(llcx, ctx, shape.elem).is_none() {
            return Err(err(format!("argument {i} of @{name} has type {text}, whose element type is not supported")));
        }
        params.push((i, Param::Pointer));
        types.push(llcx.ptr_type(arch.global_space()).into());
        for _ in shape.shape.iter().filter(|&&d| d == DYNAMIC) {
            params.push((i, Param::DynamicSize));
            types.push(llcx.i64_type().into());
        }
    }
    let func = m.add_function(&name, llcx.void_type().fn_type(&types, false), Some(Linkage::External));
    llcx.append_basic_block(func, "entry");
    let mut l = FnLowering::new(ctx, llcx, m, target, func, name.clone());
    l.known_block_size = f.known_block_size(ctx);
    l.site_base = site_base;
    arch.mark_kernel(&l, func, block);
    bind_arguments(&mut l, f, &params)?;
    match l.lower_block(f.entry_block(ctx))? {
        Exit::Return => {}
        Exit::Yield(_) => {
            l.b.build_return(None).map_err(internal)?;
        }
        Exit::Condition(..) => return Err(err("scf.condition outside scf.while".to_string())),
    }
    if target.arch == Arch::Host {
        host_entry(llcx, m, func, &name)?;
    }
    let sites = std::mem::take(&mut l.sites);
    Ok(KernelInfo {
        op: f.0,
        name,
        params,
        sites,
        site_base,
        private_bytes: l.private_bytes.get(),
        workgroup_bytes: l.workgroup_bytes.get(),
    })
}

/// Binds the kernel's arguments and attributions to their lowerings.
fn bind_arguments(l: &mut FnLowering<'_, '_>, f: FuncOp, params: &[(usize, Param)]) -> Res<()> {
    let ctx = l.ctx;
    let args = f.arguments(ctx);
    let mut llvm_params = l.func.get_param_iter().zip(params).peekable();
    while let Some((p, (i, kind))) = llvm_params.next() {
        let v = args[*i];
        match kind {
            Param::Scalar => l.bind_scalar(v, p),
            Param::Pointer => {
                let shape = memref_shape(ctx, ctx.value_type(v)).map_err(|e| l.err(f.0, e))?;
                let mut dynamic = Vec::new();
                while let Some((s, _)) = llvm_params.next_if(|(_, (j, k))| j == i && *k == Param::DynamicSize) {
                    dynamic.push(s.into_int_value());
                }
                let desc = identity_desc(l, f.0, &shape, p.into_pointer_value(), &mut dynamic.into_iter())?;
                l.bind(v, Lowered::MemRef(desc));
            }
            Param::DynamicSize => return Err(l.err(f.0, "internal error: a dynamic size without its memref")),
        }
    }
    for (n, &w) in f.workgroup_attributions(ctx).iter().enumerate() {
        let shape = memref_shape(ctx, ctx.value_type(w)).map_err(|e| l.err(f.0, e))?;
        let desc = workgroup_buffer(l, f.0, &shape, &format!("{}_workgroup_{n}", l.kernel_name))?;
        l.bind(w, Lowered::MemRef(desc));
    }
    for &p in f.private_attributions(ctx) {
        let shape = memref_shape(ctx, ctx.value_type(p)).map_err(|e| l.err(f.0, e))?;
        let desc = private_buffer(l, f.0, &shape, "private")?;
        l.bind(p, Lowered::MemRef(desc));
    }
    Ok(())
}

/// `void __sharc_host_entry_<kernel>(ptr args)`: loads each parameter from its 8-byte slot and
/// calls the kernel.
fn host_entry<'c>(llcx: &'c LlvmContext, m: &Module<'c>, kernel: FunctionValue<'c>, name: &str) -> Res<()> {
    let ptr = llcx.ptr_type(Default::default());
    let entry = m.add_function(&host_entry_name(name), llcx.void_type().fn_type(&[ptr.into()], false), None);
    let b = llcx.create_builder();
    b.position_at_end(llcx.append_basic_block(entry, "entry"));
    let args = entry.get_nth_param(0).ok_or_else(|| crate::error("internal error: entry without parameter"))?;
    let mut values: Vec<BasicMetadataValueEnum> = Vec::new();
    for (i, p) in kernel.get_param_iter().enumerate() {
        let ty: BasicTypeEnum = p.get_type();
        let slot = crate::llvm_ext::element_ptr(
            &b,
            llcx.i64_type().into(),
            args.into_pointer_value(),
            llcx.i64_type().const_int(i as u64, false),
            "",
        )
        .map_err(internal)?;
        values.push(b.build_load(ty, slot, "").map_err(internal)?.into());
    }
    b.build_call(kernel, &values, "").map_err(internal)?;
    b.build_return(None).map_err(internal)?;
    Ok(())
}
