//! The lowering of one `gpu.func` body: the state shared by every op's lowering.
//!
//! A [`FnLowering`] walks the kernel's single-block regions in order and emits LLVM IR at the
//! builder's position. Every sharc SSA value maps to a [`Lowered`] value: a scalar, or a memref
//! descriptor held in registers (base pointer, sizes, strides; see [`MemRef`]). Descriptors never
//! exist in memory, so LLVM sees plain pointer arithmetic it can optimise freely.
//!
//! Structured control flow is lowered by the parent op (`ops/scf.rs`): a region's terminator
//! (`scf.yield`, `scf.condition`) only hands its operands back through [`Exit`], and the parent
//! builds the branches and phis.

use crate::arch;
use crate::ops;
use crate::target::CodegenTarget;
use inkwell::builder::{Builder, BuilderError};
use inkwell::context::Context as LlvmContext;
use inkwell::module::Module;
use inkwell::types::{BasicType, BasicTypeEnum};
use inkwell::values::{BasicValueEnum, FunctionValue, IntValue, PointerValue};
use sharc_ir::{BlockId, Context, Diagnostic, OpId, Value};
use std::collections::HashMap;

/// A lowered SSA value.
#[derive(Clone, Debug)]
pub(crate) enum Lowered<'c> {
    /// An integer, index, float or `i1` value.
    Scalar(BasicValueEnum<'c>),
    /// A memref.
    MemRef(MemRef<'c>),
}

/// A memref as registers: the address of element `[0, ..., 0]` and, per dimension, its size and
/// its stride in elements (`i64`). Static sizes and strides are constants, so indexing a static
/// memref folds to `base + constant * index` terms.
#[derive(Clone, Debug)]
pub(crate) struct MemRef<'c> {
    pub ptr: PointerValue<'c>,
    pub elem: BasicTypeEnum<'c>,
    pub sizes: Vec<IntValue<'c>>,
    pub strides: Vec<IntValue<'c>>,
}

/// How a region's block ended: the values its terminator passes to the parent op.
pub(crate) enum Exit {
    /// `scf.yield` (or no terminator): the yielded values.
    Yield(Vec<Value>),
    /// `scf.condition`: the condition and the values passed on.
    Condition(Value, Vec<Value>),
    /// `gpu.return`: the block returned from the kernel.
    Return,
}

/// Shorthand for results of lowering.
pub(crate) type Res<T> = Result<T, Diagnostic>;

/// The lowering state of one kernel.
pub(crate) struct FnLowering<'a, 'c> {
    pub ctx: &'a Context,
    pub llcx: &'c LlvmContext,
    pub module: &'a Module<'c>,
    pub b: Builder<'c>,
    pub target: &'a CodegenTarget,
    pub func: FunctionValue<'c>,
    /// The kernel's name.
    pub kernel_name: String,
    /// The launch's block size, when known (folds `gpu.block_dim`).
    pub known_block_size: Option<[i64; 3]>,
    values: HashMap<Value, Lowered<'c>>,
    /// Allocas go to the entry block, so that LLVM promotes them and sizes the frame statically.
    alloca_builder: Builder<'c>,
    /// Counts workgroup buffers created for `memref.alloca` in the workgroup space.
    pub workgroup_count: usize,
    /// Bytes of the kernel's stack buffers (private attributions and `memref.alloca`s), which
    /// all live in the entry block's frame: what a host thread needs beyond its own stack.
    pub private_bytes: std::cell::Cell<u64>,
    /// Bytes of the workgroup buffers this kernel's lowering created (module globals).
    pub workgroup_bytes: std::cell::Cell<u64>,
    /// Host only: the checked sites (op, what fails), numbered from `site_base`.
    pub sites: Vec<(OpId, &'static str)>,
    pub site_base: usize,
}

/// An internal error: a builder call that cannot fail once the builder is positioned.
pub(crate) fn internal(e: BuilderError) -> Diagnostic {
    crate::error(format!("internal error in LLVM IR construction: {e}"))
}

impl<'a, 'c> FnLowering<'a, 'c> {
    /// A lowering of kernel `kernel_name` into `func`, whose entry block must exist.
    pub fn new(
        ctx: &'a Context,
        llcx: &'c LlvmContext,
        module: &'a Module<'c>,
        target: &'a CodegenTarget,
        func: FunctionValue<'c>,
        kernel_name: String,
    ) -> Self {
        let b = llcx.create_builder();
        let alloca_builder = llcx.create_builder();
        if let Some(entry) = func.get_first_basic_block() {
            b.position_at_end(entry);
            alloca_builder.position_at_end(entry);
        }
        FnLowering {
            ctx,
            llcx,
            module,
            b,
            target,
            func,
            kernel_name,
            known_block_size: None,
            values: HashMap::new(),
            alloca_builder,
            workgroup_count: 0,
            private_bytes: std::cell::Cell::new(0),
            workgroup_bytes: std::cell::Cell::new(0),
            sites: Vec::new(),
            site_base: 0,
        }
    }

    /// A located error at `op`.
    pub fn err(&self, op: OpId, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::error(self.ctx.loc(op).clone(), msg)
    }

    /// Binds a sharc value to its lowering.
    pub fn bind(&mut self, v: Value, l: Lowered<'c>) {
        self.values.insert(v, l);
    }

    /// Binds a sharc value to a scalar.
    pub fn bind_scalar(&mut self, v: Value, s: impl Into<BasicValueEnum<'c>>) {
        self.values.insert(v, Lowered::Scalar(s.into()));
    }

    /// The lowering of `v`, used by `op`.
    pub fn get(&self, op: OpId, v: Value) -> Res<Lowered<'c>> {
        self.values.get(&v).cloned().ok_or_else(|| self.err(op, "internal error: operand used before its definition"))
    }

    /// The scalar lowering of `v`.
    pub fn scalar(&self, op: OpId, v: Value) -> Res<BasicValueEnum<'c>> {
        match self.get(op, v)? {
            Lowered::Scalar(s) => Ok(s),
            Lowered::MemRef(_) => Err(self.err(op, "expected a scalar operand, got a memref")),
        }
    }

    /// The integer (or index, or `i1`) lowering of `v`.
    pub fn int(&self, op: OpId, v: Value) -> Res<IntValue<'c>> {
        match self.scalar(op, v)? {
            BasicValueEnum::IntValue(i) => Ok(i),
            _ => Err(self.err(op, "expected an integer operand")),
        }
    }

    /// The memref lowering of `v`.
    pub fn memref(&self, op: OpId, v: Value) -> Res<MemRef<'c>> {
        match self.get(op, v)? {
            Lowered::MemRef(m) => Ok(m),
            Lowered::Scalar(_) => Err(self.err(op, "expected a memref operand")),
        }
    }

    /// An `i64` constant.
    pub fn i64_const(&self, v: i64) -> IntValue<'c> {
        self.llcx.i64_type().const_int(v as u64, true)
    }

    /// An alloca of `ty` in the entry block (in the target's alloca address space).
    pub fn entry_alloca(&self, ty: impl BasicType<'c>, name: &str) -> Res<PointerValue<'c>> {
        match self.func.get_first_basic_block().and_then(|bb| bb.get_first_instruction()) {
            Some(first) => self.alloca_builder.position_before(&first),
            None => {
                if let Some(bb) = self.func.get_first_basic_block() {
                    self.alloca_builder.position_at_end(bb);
                }
            }
        }
        self.alloca_builder.build_alloca(ty, name).map_err(internal)
    }

    /// A new basic block at the end of the function.
    pub fn new_block(&self, name: &str) -> inkwell::basic_block::BasicBlock<'c> {
        self.llcx.append_basic_block(self.func, name)
    }

    /// Lowers the ops of `block` in order and reports how it ended.
    pub fn lower_block(&mut self, block: BlockId) -> Res<Exit> {
        for op in self.ctx.block_ops_iter(block) {
            if let Some(exit) = ops::terminator(self, op)? {
                return Ok(exit);
            }
            ops::lower_op(self, op)?;
        }
        // Regions with an implicit terminator (an `scf.if` without results) end here.
        Ok(Exit::Yield(Vec::new()))
    }

    /// On the host, a run-time check that `ok` holds at `op`: the runtime records the first
    /// failure and the launch reports it as an error located at `op` (see `host_runtime`).
    /// On GPUs there is nothing to report to, and this emits nothing.
    pub fn host_check(&mut self, op: OpId, ok: IntValue<'c>, what: &'static str) -> Res<()> {
        if self.target.arch != crate::target::Arch::Host {
            return Ok(());
        }
        let site = self.site_base + self.sites.len();
        self.sites.push((op, what));
        crate::arch::host_check_call(self, ok, site)
    }

    /// The architecture-specific part of the lowering.
    pub fn arch(&self) -> arch::ArchLowering {
        arch::ArchLowering(self.target.arch)
    }
}
