//! What differs between NVPTX, AMDGPU and the host: how ids, sizes and barriers are read,
//! the address spaces, where workgroup memory lives, and the kernel's calling convention and
//! attributes. Everything else in the lowering is shared.
//!
//! | | NVPTX | AMDGPU | host |
//! |---|---|---|---|
//! | thread / block id | `llvm.nvvm.read.ptx.sreg.tid/ctaid.*` | `llvm.amdgcn.workitem/workgroup.id.*` | `sharc_rt_thread_id(d)` / `sharc_rt_block_id(d)` |
//! | block / grid size | `sreg.ntid/nctaid.*` | dispatch packet (`llvm.amdgcn.dispatch.ptr`) | `sharc_rt_block_dim(d)` / `sharc_rt_grid_dim(d)` |
//! | `gpu.barrier` | `llvm.nvvm.barrier.cta.sync.aligned.all(0)` | workgroup fences around `llvm.amdgcn.s.barrier` | `sharc_rt_barrier()` |
//! | global memory | `addrspace(1)` | `addrspace(1)` | `addrspace(0)` |
//! | workgroup memory | `addrspace(3)` global, `poison` init | `addrspace(3)` global, `poison` init | internal global |
//! | private memory | alloca (local) | alloca `addrspace(5)` | alloca |
//! | kernel | `ptx_kernel`, `"nvvm.maxntid"` | `amdgpu_kernel`, `"amdgpu-flat-work-group-size"` | C, plus an argument-array entry |

mod amdgpu;
mod host;
mod nvptx;

use crate::lower::{FnLowering, Res};
use crate::target::Arch;
use inkwell::module::Linkage;
use inkwell::types::ArrayType;
use inkwell::values::{FunctionValue, IntValue, PointerValue};
use inkwell::AddressSpace;
use sharc_dialects::gpu::IndexKind;

pub(crate) use host::host_entry_name;
pub use host::RUNTIME_FUNCTIONS;

/// The host's run-time check call (see `FnLowering::host_check`).
pub(crate) fn host_check_call<'c>(l: &FnLowering<'_, 'c>, ok: IntValue<'c>, site: usize) -> Res<()> {
    host::check(l, ok, site)
}

/// The architecture-specific lowering (a thin dispatcher over `nvptx.rs`, `amdgpu.rs`, `host.rs`).
#[derive(Clone, Copy)]
pub(crate) struct ArchLowering(pub Arch);

impl ArchLowering {
    /// The address space of global memory (kernel buffer arguments).
    pub fn global_space(self) -> AddressSpace {
        match self.0 {
            Arch::Nvptx | Arch::Amdgpu => AddressSpace::from(1u16),
            Arch::Host => AddressSpace::default(),
        }
    }

    /// The address space of workgroup memory.
    fn workgroup_space(self) -> AddressSpace {
        match self.0 {
            Arch::Nvptx | Arch::Amdgpu => AddressSpace::from(3u16),
            Arch::Host => AddressSpace::default(),
        }
    }

    /// A thread/block id or size along `dim`, as `i64`.
    pub fn index<'c>(self, l: &FnLowering<'_, 'c>, kind: IndexKind, dim: usize) -> Res<IntValue<'c>> {
        match self.0 {
            Arch::Nvptx => nvptx::index(l, kind, dim),
            Arch::Amdgpu => amdgpu::index(l, kind, dim),
            Arch::Host => host::index(l, kind, dim),
        }
    }

    /// A block-wide barrier that also orders the block's memory accesses.
    pub fn barrier(self, l: &FnLowering<'_, '_>) -> Res<()> {
        match self.0 {
            Arch::Nvptx => nvptx::barrier(l),
            Arch::Amdgpu => amdgpu::barrier(l),
            Arch::Host => host::barrier(l),
        }
    }

    /// A module global of `ty` in workgroup memory, private to the module.
    ///
    /// On GPUs its initializer is `poison`: shared memory cannot be initialised, and a
    /// zero initializer makes NVPTX reject the global. On the host the blocks of a launch run
    /// one after another, so one zero-initialised global serves every block.
    pub fn workgroup_global<'c>(self, l: &FnLowering<'_, 'c>, ty: ArrayType<'c>, name: &str) -> PointerValue<'c> {
        let g = l.module.add_global(ty, Some(self.workgroup_space()), name);
        g.set_linkage(Linkage::Internal);
        match self.0 {
            Arch::Host => g.set_initializer(&ty.const_zero()),
            Arch::Nvptx | Arch::Amdgpu => g.set_initializer(&ty.get_poison()),
        }
        // 16 bytes: the widest access a vectorised loop may make, and what CUDA gives `__shared__` arrays.
        g.set_alignment(16);
        g.as_pointer_value()
    }

    /// Makes `f` a kernel entry: calling convention and launch bounds.
    pub fn mark_kernel(self, l: &FnLowering<'_, '_>, f: FunctionValue<'_>, block: Option<[i64; 3]>) {
        match self.0 {
            Arch::Nvptx => nvptx::mark_kernel(l, f, block),
            Arch::Amdgpu => amdgpu::mark_kernel(l, f, block),
            Arch::Host => {}
        }
    }
}

/// Calls the intrinsic `name` (not overloaded) with no arguments, or with an `i32` argument.
pub(super) fn call_simple<'c>(
    l: &FnLowering<'_, 'c>,
    name: &str,
    args: &[inkwell::values::BasicMetadataValueEnum<'c>],
) -> Res<Option<inkwell::values::BasicValueEnum<'c>>> {
    let f = inkwell::intrinsics::Intrinsic::find(name)
        .and_then(|i| i.get_declaration(l.module, &[]))
        .ok_or_else(|| crate::error(format!("internal error: LLVM 22 has no intrinsic {name}")))?;
    let call = l.b.build_call(f, args, "").map_err(crate::lower::internal)?;
    Ok(call.try_as_basic_value().basic())
}
