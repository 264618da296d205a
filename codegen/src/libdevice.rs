//! NVIDIA's device math library, libdevice, linked into NVPTX modules that call it.
//!
//! PTX has no instructions for `exp`, `pow`, `tanh` and the like; CUDA compilers call
//! libdevice's `__nv_expf`, `__nv_pow`, ... (bitcode shipped with every CUDA toolkit, and in the
//! `nvidia-cuda-nvcc-cu12` wheel that `scripts/setup.sh` installs for ptxas). The math lowering
//! declares those functions; [`link_if_used`] links the library in, keeps only what the kernels
//! call, and leaves `__nvvm_reflect` to the NVPTX backend's NVVMReflect pass, which folds it
//! for the target chip (and, with no `nvvm-reflect-ftz` flag, for no flush-to-zero).

use inkwell::context::Context as LlvmContext;
use inkwell::module::{Linkage, Module};
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::TargetMachine;
use sharc_ir::Diagnostic;
use std::path::{Path, PathBuf};

/// The prefix of libdevice's functions.
pub(crate) const PREFIX: &str = "__nv_";

/// Where the library is looked for, after `$SHARC_LIBDEVICE`: beside `$SHARC_PTXAS`, in the
/// repository's `.tools` (found from the running binary), and in CUDA's usual install places.
fn candidates() -> Vec<PathBuf> {
    const IN_WHEEL: &str = "nvidia/cuda_nvcc/nvvm/libdevice/libdevice.10.bc";
    let mut out = Vec::new();
    if let Some(p) = std::env::var_os("SHARC_LIBDEVICE").filter(|p| !p.is_empty()) {
        out.push(PathBuf::from(p));
        return out;
    }
    // ptxas is at <wheel>/nvidia/cuda_nvcc/bin/ptxas; libdevice at <wheel>/nvidia/cuda_nvcc/nvvm/...
    if let Some(ptxas) = std::env::var_os("SHARC_PTXAS").filter(|p| !p.is_empty()) {
        if let Some(cuda_nvcc) = Path::new(&ptxas).parent().and_then(Path::parent) {
            out.push(cuda_nvcc.join("nvvm/libdevice/libdevice.10.bc"));
        }
    }
    if let Ok(exe) = std::env::current_exe() {
        out.extend(exe.ancestors().skip(1).map(|dir| dir.join(".tools/ptxas").join(IN_WHEEL)));
    }
    out.push(PathBuf::from("/usr/local/cuda/nvvm/libdevice/libdevice.10.bc"));
    out.push(PathBuf::from("/usr/lib/nvidia-cuda-toolkit/libdevice/libdevice.10.bc"));
    out
}

/// The library's path, or a message that says how to get it.
pub fn find() -> Result<PathBuf, String> {
    candidates().into_iter().find(|p| p.is_file()).ok_or_else(|| {
        "cannot find libdevice.10.bc, NVIDIA's device math library, which math functions such as exp, \
         pow and tanh need on NVPTX: run scripts/setup.sh (it installs the nvidia-cuda-nvcc-cu12 wheel \
         that holds it) or set SHARC_LIBDEVICE to its path"
            .to_string()
    })
}

/// The names of the libdevice functions `m` declares, in order.
fn used(m: &Module<'_>) -> Vec<String> {
    m.get_functions()
        .filter(|f| f.count_basic_blocks() == 0)
        .filter_map(|f| f.get_name().to_str().ok().map(str::to_string))
        .filter(|n| n.starts_with(PREFIX))
        .collect()
}

/// Links libdevice into `m` when its kernels call it; the library's functions become internal,
/// and those no kernel reaches are removed.
pub(crate) fn link_if_used<'c>(llcx: &'c LlvmContext, m: &Module<'c>, tm: &TargetMachine) -> Result<(), Diagnostic> {
    let wanted = used(m);
    let Some(first) = wanted.first() else { return Ok(()) };
    let path = find().map_err(|e| crate::error(format!("'{first}': {e}")))?;
    let lib = Module::parse_bitcode_from_path(&path, llcx)
        .map_err(|e| crate::error(format!("cannot read libdevice at {}: {e}", path.display())))?;
    // libdevice says `nvptx64-nvidia-gpulibs` and an older layout; adopting the module's own
    // keeps the linker from warning about the mismatch on stderr.
    lib.set_triple(&m.get_triple());
    lib.set_data_layout(&m.get_data_layout());
    m.link_in_module(lib).map_err(|e| crate::error(format!("cannot link libdevice ({}): {e}", path.display())))?;
    for f in m.get_functions() {
        let is_library = f.get_name().to_str().is_ok_and(|n| n.starts_with(PREFIX) || n.starts_with("__internal"));
        if is_library && f.count_basic_blocks() > 0 {
            f.set_linkage(Linkage::Internal);
        }
    }
    for g in m.get_globals() {
        if g.get_initializer().is_some() && g.get_linkage() != Linkage::Internal && g.get_linkage() != Linkage::Private
        {
            // libdevice's tables (e.g. the reduction constants of the trigonometric functions).
            if g.get_name().to_str().is_ok_and(|n| n.starts_with(PREFIX) || n.starts_with("__cudart")) {
                g.set_linkage(Linkage::Internal);
            }
        }
    }
    // Even at -O0 only what the kernels reach is kept: libdevice holds hundreds of functions.
    m.run_passes("globaldce", tm, PassBuilderOptions::create())
        .map_err(|e| crate::error(format!("internal error: globaldce after linking libdevice failed: {e}")))
}
