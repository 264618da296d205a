//! The host target: a kernel is an ordinary function that asks the host runtime
//! (`crate::host_runtime`) for its thread's ids and for barriers. The runtime runs one OS thread
//! per GPU thread of a block, so a barrier is a real rendezvous and the generated code runs as
//! it would on a GPU, one block after another.

use crate::lower::{internal, FnLowering, Res};
use inkwell::module::Linkage;
use inkwell::values::IntValue;
use sharc_dialects::gpu::IndexKind;

/// The runtime's entry points. Each id function takes the dimension (0 = x) as `i32` and
/// returns an `i64`; the barrier takes and returns nothing; `sharc_rt_check(i1 ok, i64 site)`
/// records a failed check.
pub const RUNTIME_FUNCTIONS: [&str; 6] = [
    "sharc_rt_thread_id",
    "sharc_rt_block_id",
    "sharc_rt_block_dim",
    "sharc_rt_grid_dim",
    "sharc_rt_barrier",
    "sharc_rt_check",
];

/// The host entry of kernel `name`: `void(ptr args)`, reading each kernel parameter from an
/// 8-byte slot of `args` (see `kernel.rs`), so the runtime can call every kernel the same way.
pub(crate) fn host_entry_name(name: &str) -> String {
    format!("__sharc_host_entry_{name}")
}

pub(super) fn index<'c>(l: &FnLowering<'_, 'c>, kind: IndexKind, dim: usize) -> Res<IntValue<'c>> {
    let name = match kind {
        IndexKind::ThreadId => RUNTIME_FUNCTIONS[0],
        IndexKind::BlockId => RUNTIME_FUNCTIONS[1],
        IndexKind::BlockDim => RUNTIME_FUNCTIONS[2],
        IndexKind::GridDim => RUNTIME_FUNCTIONS[3],
    };
    let (i64t, i32t) = (l.llcx.i64_type(), l.llcx.i32_type());
    let f = match l.module.get_function(name) {
        Some(f) => f,
        None => l.module.add_function(name, i64t.fn_type(&[i32t.into()], false), Some(Linkage::External)),
    };
    let call = l.b.build_call(f, &[i32t.const_int(dim as u64, false).into()], "").map_err(internal)?;
    call.try_as_basic_value()
        .basic()
        .map(|v| v.into_int_value())
        .ok_or_else(|| crate::error(format!("internal error: {name} returned nothing")))
}

pub(super) fn barrier(l: &FnLowering<'_, '_>) -> Res<()> {
    let name = RUNTIME_FUNCTIONS[4];
    let f = match l.module.get_function(name) {
        Some(f) => f,
        None => l.module.add_function(name, l.llcx.void_type().fn_type(&[], false), Some(Linkage::External)),
    };
    // An opaque call: LLVM must assume it reads and writes all memory, so no access moves across it.
    l.b.build_call(f, &[], "").map_err(internal)?;
    Ok(())
}

/// `sharc_rt_check(ok, site)`.
pub(crate) fn check<'c>(l: &FnLowering<'_, 'c>, ok: IntValue<'c>, site: usize) -> Res<()> {
    let name = RUNTIME_FUNCTIONS[5];
    let (i1, i64t) = (l.llcx.bool_type(), l.llcx.i64_type());
    let f = match l.module.get_function(name) {
        Some(f) => f,
        None => l.module.add_function(name, l.llcx.void_type().fn_type(&[i1.into(), i64t.into()], false), None),
    };
    l.b.build_call(f, &[ok.into(), i64t.const_int(site as u64, false).into()], "").map_err(internal)?;
    Ok(())
}
