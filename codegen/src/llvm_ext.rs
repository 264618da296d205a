//! Safe wrappers over the few LLVM builder calls inkwell marks `unsafe`.
//!
//! inkwell marks `build_gep` unsafe because a GEP whose indices do not fit its type is UB *in
//! the generated program*, not in the compiler; and it has no safe way to build a fence with a
//! sync scope, so that goes through the C API. Each wrapper states why its use is sound.

#![allow(unsafe_code)]

use inkwell::builder::Builder;
use inkwell::context::Context as LlvmContext;
use inkwell::llvm_sys::core::{LLVMBuildFenceSyncScope, LLVMGetSyncScopeID};
use inkwell::llvm_sys::LLVMAtomicOrdering;
use inkwell::types::BasicTypeEnum;
use inkwell::values::{IntValue, PointerValue};

/// `getelementptr elem, ptr, index`: the address of element `index` of an array of `elem`
/// starting at `ptr`. Not `inbounds`: a kernel may compute (without dereferencing) addresses
/// outside its buffers, which `inbounds` would turn into poison.
pub(crate) fn element_ptr<'c>(
    b: &Builder<'c>,
    elem: BasicTypeEnum<'c>,
    ptr: PointerValue<'c>,
    index: IntValue<'c>,
    name: &str,
) -> Result<PointerValue<'c>, inkwell::builder::BuilderError> {
    // SAFETY: building the instruction only appends IR; the single index is an integer of the
    // target's index width and `elem` is a sized type, so the GEP is well-formed. Whether the
    // address is used in bounds is a property of the generated program, not of this process.
    unsafe { b.build_gep(elem, ptr, &[index], name) }
}

/// A fence at `ordering` in LLVM's `syncscope("workgroup")`: orders the accesses of the threads
/// of one work-group only (what AMDGPU's `__syncthreads` places around `s_barrier`).
pub(crate) fn workgroup_fence<'c>(llcx: &'c LlvmContext, b: &Builder<'c>, release: bool) {
    let name = b"workgroup";
    let ordering = if release {
        LLVMAtomicOrdering::LLVMAtomicOrderingRelease
    } else {
        LLVMAtomicOrdering::LLVMAtomicOrderingAcquire
    };
    // SAFETY: both handles are live for 'c (the builder borrows the context); the scope name is a
    // valid buffer of the given length, copied by LLVM; the builder is positioned in a block
    // (every caller emits into the current block), so the fence is appended to it.
    unsafe {
        let scope = LLVMGetSyncScopeID(llcx.raw(), name.as_ptr().cast(), name.len());
        LLVMBuildFenceSyncScope(b.as_mut_ptr(), ordering, scope, c"".as_ptr());
    }
}
