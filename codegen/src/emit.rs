//! From an LLVM module to what the user asked for: optimised LLVM IR, assembly (PTX for NVPTX),
//! an object file, or an AMDGPU code object (HSACO: the object linked by `ld.lld -shared`).

use crate::target::{Arch, CodegenTarget};
use inkwell::module::Module;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{FileType, TargetMachine};
use sharc_ir::Diagnostic;
use std::path::PathBuf;
use std::process::Command;

/// The output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emit {
    /// Textual LLVM IR (after optimisation).
    Llvm,
    /// Target assembly: PTX on NVPTX, AMDGPU or x86 assembly otherwise.
    Asm,
    /// A relocatable object file (ELF).
    Obj,
    /// An AMDGPU code object (`.hsaco`), AMDGPU only.
    Hsaco,
}

impl Emit {
    /// The format named `s` (`llvm`, `ptx`, `asm`, `obj`, `hsaco`) for `arch`, or why not.
    pub fn parse(s: &str, arch: Arch) -> Result<Emit, String> {
        Ok(match (s, arch) {
            ("llvm", _) => Emit::Llvm,
            ("asm", _) | ("ptx", Arch::Nvptx) => Emit::Asm,
            ("obj", _) => Emit::Obj,
            ("hsaco", Arch::Amdgpu) => Emit::Hsaco,
            ("ptx", _) => return Err(format!("--emit=ptx needs an NVPTX target, not {}", arch.name())),
            ("hsaco", _) => return Err(format!("--emit=hsaco needs an AMDGPU target, not {}", arch.name())),
            _ => return Err(format!("unknown output format '{s}' (expected llvm, ptx, asm, obj or hsaco)")),
        })
    }
}

/// Runs LLVM's standard pipeline `default<On>` over `m`.
pub(crate) fn optimize(m: &Module<'_>, tm: &TargetMachine, opt: u8) -> Result<(), Diagnostic> {
    let pipeline = format!("default<O{}>", opt.min(3));
    m.run_passes(&pipeline, tm, PassBuilderOptions::create())
        .map_err(|e| crate::error(format!("internal error: LLVM pass pipeline {pipeline} failed: {e}")))
}

/// Writes `m` in the format `emit`. Code generation mutates the module (AMDGPU aborts when a
/// module is emitted twice), so the machine-code paths emit from a clone.
pub(crate) fn write(
    m: &Module<'_>,
    tm: &TargetMachine,
    target: &CodegenTarget,
    emit: Emit,
) -> Result<Vec<u8>, Diagnostic> {
    let machine_code = |ft: FileType| -> Result<Vec<u8>, Diagnostic> {
        let copy = m.clone();
        tm.write_to_memory_buffer(&copy, ft).map(|b| b.as_slice().to_vec()).map_err(|e| {
            crate::error(format!("LLVM code generation for {} {} failed: {e}", target.triple, target.chip))
        })
    };
    match emit {
        Emit::Llvm => Ok(m.print_to_string().to_bytes().to_vec()),
        Emit::Asm => machine_code(FileType::Assembly),
        Emit::Obj => machine_code(FileType::Object),
        Emit::Hsaco => link_hsaco(&machine_code(FileType::Object)?),
    }
}

/// The linker for code objects: `$SHARC_LD_LLD`, else `ld.lld-22` on `PATH`, else LLVM 22's own.
pub fn find_ld_lld() -> Result<PathBuf, String> {
    if let Some(p) = std::env::var_os("SHARC_LD_LLD").filter(|p| !p.is_empty()) {
        return Ok(PathBuf::from(p));
    }
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|d| d.join("ld.lld-22"))
        .find(|p| p.is_file());
    on_path.or_else(|| Some(PathBuf::from("/usr/lib/llvm-22/bin/ld.lld")).filter(|p| p.is_file())).ok_or_else(|| {
        "cannot find ld.lld-22, which links AMDGPU code objects: install the 'lld-22' package \
         (apt-get install lld-22) or set SHARC_LD_LLD to an ld.lld of LLVM 22"
            .to_string()
    })
}

/// `ld.lld -shared obj -o hsaco`, through temporary files.
fn link_hsaco(obj: &[u8]) -> Result<Vec<u8>, Diagnostic> {
    let lld = find_ld_lld().map_err(crate::error)?;
    let dir = std::env::temp_dir().join(format!("sharc-hsaco-{}-{}", std::process::id(), unique()));
    let io = |e: std::io::Error| crate::error(format!("cannot link the code object in {}: {e}", dir.display()));
    std::fs::create_dir_all(&dir).map_err(io)?;
    let (o, h) = (dir.join("kernel.o"), dir.join("kernel.hsaco"));
    let result = (|| {
        std::fs::write(&o, obj).map_err(io)?;
        let out = Command::new(&lld)
            .arg("-shared")
            .arg(&o)
            .arg("-o")
            .arg(&h)
            .output()
            .map_err(|e| {
                crate::error(format!(
                    "cannot run {}: {e}; install the 'lld-22' package (apt-get install lld-22) or set SHARC_LD_LLD to an ld.lld of LLVM 22",
                    lld.display()
                ))
            })?;
        if !out.status.success() {
            return Err(crate::error(format!(
                "{} failed: {}",
                lld.display(),
                String::from_utf8_lossy(&out.stderr).trim_end()
            )));
        }
        std::fs::read(&h).map_err(io)
    })();
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// A number distinct per call in this process (temporary file names).
fn unique() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}
