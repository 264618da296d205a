//! Kernels compiled for the host CPU and loaded into this process (LLVM's MCJIT), for
//! `sharc-run --exec=host`.
//!
//! This is the one module of sharc with unsafe code that matters: calling machine code. What
//! makes each call sound is stated at the `unsafe` block; the rest of the argument is in
//! `host_runtime.rs` (buffers outlive the call and are large enough for their memrefs) and in the
//! lowering (every element access of a host kernel is bounds-checked, every division guarded,
//! see `FnLowering::host_check`).

#![allow(unsafe_code)]

use crate::kernel::{self, KernelInfo};
use crate::target::CodegenTarget;
use inkwell::context::Context as LlvmContext;
use inkwell::execution_engine::ExecutionEngine;
use inkwell::module::Module;
use inkwell::OptimizationLevel;
use sharc_ir::{Context, Diagnostic, OpId};
use std::collections::HashMap;

/// The LLVM context that host kernels live in; it must outlive them.
pub struct JitContext {
    llcx: LlvmContext,
}

impl Default for JitContext {
    fn default() -> Self {
        JitContext::new()
    }
}

/// The signature of every host entry (`__sharc_host_entry_<kernel>`, see `kernel.rs`).
type EntryFn = unsafe extern "C" fn(*const u64);

/// A callable host entry of one kernel.
#[derive(Clone, Copy)]
pub(crate) struct KernelEntry {
    f: EntryFn,
    params: usize,
}

impl KernelEntry {
    /// Runs the kernel for the calling thread (whose ids the runtime has set) with one 8-byte
    /// slot per ABI parameter.
    pub(crate) fn call(&self, slots: &[u64]) -> Result<(), String> {
        if slots.len() != self.params {
            return Err(format!("internal error: {} argument slots for {} parameters", slots.len(), self.params));
        }
        // SAFETY: `f` is the address of a function of type `void(ptr)` that LLVM compiled for
        // this process (its `HostKernels`, which owns the code, outlives every executor call).
        // It reads exactly `params` 8-byte slots from the pointer, and `slots` has that many;
        // it never writes them, so the threads of a block share `slots` read-only.
        // Pointer slots point into buffers the runtime keeps alive and unmoved for the whole
        // launch, each at least as large as its memref's shape; the generated code checks every
        // index against the shape before it accesses memory and diverts failing accesses to a
        // sink, and guards divisions, so no input makes it access memory it does not own.
        // Concurrency: this is called at once by every thread of one block (one OS thread per
        // GPU thread, blocks one after another; `host_runtime::HostExecutor::run_grid`). The
        // threads share the argument buffers and the module's workgroup globals with each other
        // only: no Rust code holds a reference to that memory or touches it until the block's
        // thread scope has joined (see `host_runtime`'s module docs). Their element accesses
        // are `unordered` atomics, so even a data race of the IR (which the simulator reports)
        // is defined behaviour here: some interleaving of whole-element loads and stores.
        unsafe { (self.f)(slots.as_ptr()) };
        Ok(())
    }
}

/// The kernels of a module, compiled for and loaded into this process.
pub struct HostKernels<'j> {
    pub(crate) kernels: HashMap<OpId, (KernelInfo, KernelEntry)>,
    _engine: ExecutionEngine<'j>,
    _module: Module<'j>,
}

impl JitContext {
    /// A fresh LLVM context.
    pub fn new() -> Self {
        JitContext { llcx: LlvmContext::create() }
    }

    /// Compiles every kernel of `module` for the host at optimisation level `opt` and loads it.
    pub fn compile<'j>(&'j self, ctx: &Context, module: OpId, opt: u8) -> Result<HostKernels<'j>, Diagnostic> {
        let target = CodegenTarget::host();
        let tm = target.machine(opt)?;
        let (m, infos) = kernel::lower_module(&self.llcx, ctx, module, &target, &tm)?;
        crate::emit::optimize(&m, &tm, opt)?;
        let level = if opt == 0 { OptimizationLevel::None } else { OptimizationLevel::Default };
        let engine = m
            .create_jit_execution_engine(level)
            .map_err(|e| crate::error(format!("cannot create the host JIT: {e}")))?;
        for (name, addr) in crate::host_runtime::symbols() {
            if let Some(f) = m.get_function(name) {
                engine.add_global_mapping(&f, addr);
            }
        }
        let mut kernels = HashMap::new();
        for info in infos {
            let entry_name = crate::arch::host_entry_name(&info.name);
            // SAFETY: `get_function` only looks the symbol up; the type is the one `kernel.rs`
            // gives every host entry, `void(ptr)`.
            let f = unsafe { engine.get_function::<EntryFn>(&entry_name) }
                .map_err(|e| crate::error(format!("cannot load kernel @{} into the host JIT: {e}", info.name)))?;
            // SAFETY: the raw pointer is used only through `KernelEntry::call` while `engine`
            // (moved into the returned `HostKernels`, which the pointer cannot outlive) is alive.
            let f = unsafe { f.into_raw() };
            let params = info.params.len();
            kernels.insert(info.op, (info, KernelEntry { f, params }));
        }
        Ok(HostKernels { kernels, _engine: engine, _module: m })
    }
}

impl HostKernels<'_> {
    /// Bytes of the module's workgroup buffers: LLVM globals of the loaded code, alive as long as
    /// it is (blocks run one after another and reuse them).
    pub fn workgroup_bytes(&self) -> u64 {
        self.kernels.values().map(|(info, _)| info.workgroup_bytes).fold(0, u64::saturating_add)
    }
}
