//! The driver's register oracle: what a candidate kernel costs in registers, read from the
//! backend's own verdict rather than estimated.
//!
//! `sharc-ilp{factor=auto}` asks [`sharc_passes::analysis::registers::oracle_for`] for each
//! candidate; `passes` does not link LLVM, so the measuring oracles live here and the drivers
//! [`install`](sharc_passes::analysis::registers::install) [`oracle_factory`] at start-up. A
//! candidate is a scratch memplace-level module with one `gpumap.band`; the oracle lowers it
//! with the driver's tail ([`LOWERING`]: the passes `sharcc` runs after mapping), generates code
//! in-process as `sharcc --emit=ptx` / `--emit=hsaco` does (at the driver's default `-O2`), and
//! reads:
//!
//! - NVIDIA ([`PtxasOracle`]): `ptxas -v --gpu-name <chip> -maxrregcount=<max_registers_per_thread>`,
//!   the kernel's `Used N registers` and `N bytes spill stores/loads`. The cap is also written
//!   into the PTX as `.maxnreg`, because ptxas ignores `-maxrregcount` for kernels with launch
//!   bounds (`.maxntid`), which all of sharc's have. CUDA 12's ptxas no longer
//!   targets chips below sm_50 (Fermi sm_2x, Kepler sm_30/35/37: the c2050, gtx690 and gtxtitan
//!   targets), so for those the kernel is generated for sm_52 instead, and `-maxrregcount`
//!   emulates the old chip's cap (63 on GF100/GK104); the source text says so.
//! - AMD ([`HsacoOracle`]): the HSACO's AMDGPU metadata note, `.vgpr_count`, `.vgpr_spill_count`
//!   and `.sgpr_spill_count`, decoded by `llvm-readelf --notes` (no ELF or msgpack reader is a
//!   dependency). The notes count spilled registers, not bytes: each is reported as 4 bytes of
//!   spill stores and loads per thread. SGPR spills count too: whether they land in VGPR lanes
//!   or in scratch, the kernel has outgrown its scalar budget, which the model vetoes like a
//!   VGPR spill.
//!
//! Results are cached per target and printed scratch module for the life of the process, so a
//! candidate the model asks about twice is compiled once. The candidates of a band arrive
//! together ([`RegisterOracle::measure_all`]) and are compiled as one module with one tool run
//! ([`measure_batch`]): a process and a code generation per band, not per candidate. Every failure (lowering, code
//! generation, a missing or failing tool, unreadable output) is an `Err` with the tool's words;
//! the pass then falls back to its static estimate and says so.

use sharc_codegen::{CodegenTarget, Emit};
use sharc_dialects::func::FuncOp;
use sharc_dialects::gpu::LaunchFuncOp;
use sharc_ir::builder::{InsertPoint, OperationState};
use sharc_ir::pass::{PassManager, RunOptions};
use sharc_ir::syntax::{print_op, PrintOptions};
use sharc_ir::{Context, OpId};
use sharc_machine::target::{Target, Vendor};
use sharc_passes::analysis::registers::{RegisterOracle, RegisterSource, RegisterUse};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};

/// The passes `sharcc` runs on a mapped module to reach the gpu level (the tail of
/// [`crate::pipeline::pipeline_text`]; a test keeps the two equal).
pub const LOWERING: &str = "builtin.module(sharc-lower-gpumap, lower-affine, canonicalize, cse)";

/// The LLVM optimisation level the oracle compiles at: `sharcc`'s default `-O2`.
const OPT_LEVEL: u8 = 2;

/// The chip ptxas compiles for when the target's own is older than ptxas supports.
const STAND_IN_CHIP: &str = "sm_52";

/// The oldest compute capability (×10) CUDA 12's ptxas still targets.
const OLDEST_PTXAS_SM: u32 = 50;

/// The ptxas of the wheel `scripts/setup.sh` installs, relative to a directory holding `.tools`.
const PTXAS_IN_TOOLS: &str = ".tools/ptxas/nvidia/cuda_nvcc/bin/ptxas";

/// Measures NVIDIA kernels with `ptxas -v`.
#[derive(Clone, Debug)]
pub struct PtxasOracle {
    ptxas: PathBuf,
}

/// Measures AMD kernels from the AMDGPU metadata note of their HSACO.
#[derive(Clone, Debug)]
pub struct HsacoOracle {
    readelf: PathBuf,
}

impl PtxasOracle {
    /// An oracle that runs the ptxas at `ptxas`.
    pub fn new(ptxas: PathBuf) -> PtxasOracle {
        PtxasOracle { ptxas }
    }
}

impl HsacoOracle {
    /// An oracle that decodes notes with the `llvm-readelf` at `readelf`.
    pub fn new(readelf: PathBuf) -> HsacoOracle {
        HsacoOracle { readelf }
    }
}

/// The oracle the drivers install: ptxas on NVIDIA targets when ptxas is found, the HSACO notes
/// on AMD targets when `llvm-readelf` and `ld.lld` (which links the HSACO) are found, `None`
/// otherwise (the ILP model then estimates). It depends only on the target and on what is
/// installed, never on what the driver emits.
pub fn oracle_factory(target: &Target) -> Option<Box<dyn RegisterOracle>> {
    match target.vendor {
        Vendor::Nvidia => find_ptxas().map(|p| Box::new(PtxasOracle::new(p)) as Box<dyn RegisterOracle>),
        Vendor::Amd => {
            sharc_codegen::emit::find_ld_lld().ok()?;
            find_llvm_readelf().map(|p| Box::new(HsacoOracle::new(p)) as Box<dyn RegisterOracle>)
        }
    }
}

impl PtxasOracle {
    /// The chip ptxas compiles for, whether it stands in for the target's, the register cap, and
    /// the measuring setup for the cache key.
    fn setup(&self, target: &Target) -> Result<(String, bool, u32, String), String> {
        if target.vendor != Vendor::Nvidia {
            return Err(format!("ptxas cannot measure '{}', an AMD target", target.name));
        }
        let (chip, stands_in) = ptxas_chip(&target.llvm_chip);
        let cap = target.max_registers_per_thread;
        let setup = format!("ptxas {chip} {cap}");
        Ok((chip, stands_in, cap, setup))
    }

    /// Lowers `module` (one candidate or several), generates PTX, runs `ptxas -v` once and
    /// returns its report, with how the numbers were obtained.
    fn compile(&self, ctx: &mut Context, module: OpId, target: &Target) -> Result<(String, String), String> {
        let (chip, stands_in, cap, _) = self.setup(target)?;
        let mut codegen_target = target.clone();
        if stands_in {
            // The old chip's PTX version (3.2) is one ptxas 12 rejects for any chip; the
            // stand-in's own features are LLVM's defaults for it.
            codegen_target.llvm_chip = chip.clone();
            codegen_target.llvm_features = String::new();
        }
        let ptx = generate(ctx, module, &codegen_target, "ptx")?;
        let ptx = with_register_cap(&String::from_utf8_lossy(&ptx), cap)?;
        let output = in_scratch_dir(|dir| {
            let input = dir.join("kernel.ptx");
            std::fs::write(&input, &ptx).map_err(|e| format!("cannot write {}: {e}", input.display()))?;
            run(
                Command::new(&self.ptxas)
                    .arg("-v")
                    .arg("--gpu-name")
                    .arg(&chip)
                    .arg(format!("-maxrregcount={cap}"))
                    .arg(&input)
                    .arg("-o")
                    .arg(dir.join("kernel.cubin")),
                &self.ptxas,
            )
        })?;
        let mut how = format!("ptxas -v {chip} -maxrregcount={cap}");
        if stands_in {
            how.push_str(&format!(" (emulating {}, which ptxas no longer targets)", target.llvm_chip));
        }
        Ok((output, how))
    }
}

impl RegisterOracle for PtxasOracle {
    fn name(&self) -> &str {
        "ptxas"
    }

    fn measure(&self, ctx: &mut Context, module: OpId, target: &Target) -> Result<RegisterUse, String> {
        let setup = self.setup(target)?.3;
        let key = cache_key(ctx, module, target, &setup);
        cached(key, || {
            let (output, how) = self.compile(ctx, module, target)?;
            let (registers, spill_stores, spill_loads) = parse_ptxas_verbose(&output)?;
            Ok(RegisterUse { registers, spill_stores, spill_loads, source: RegisterSource::Measured(how) })
        })
    }

    fn measure_all(&self, ctx: &mut Context, modules: &[OpId], target: &Target) -> Vec<Result<RegisterUse, String>> {
        let setup = match self.setup(target) {
            Ok(s) => s.3,
            Err(e) => return modules.iter().map(|_| Err(e.clone())).collect(),
        };
        measure_batch(ctx, modules, target, &setup, self, |ctx, combined| self.compile_all(ctx, combined, target))
    }
}

impl PtxasOracle {
    /// Every kernel of `module` measured by one ptxas run, by kernel name.
    fn compile_all(
        &self,
        ctx: &mut Context,
        module: OpId,
        target: &Target,
    ) -> Result<HashMap<String, RegisterUse>, String> {
        let (output, how) = self.compile(ctx, module, target)?;
        let entries = parse_ptxas_verbose_all(&output)?;
        Ok(entries
            .into_iter()
            .map(|(name, registers, spill_stores, spill_loads)| {
                let source = RegisterSource::Measured(how.clone());
                (name, RegisterUse { registers, spill_stores, spill_loads, source })
            })
            .collect())
    }
}

impl HsacoOracle {
    /// Lowers `module` (one candidate or several), links its HSACO and returns the notes.
    fn compile(&self, ctx: &mut Context, module: OpId, target: &Target) -> Result<String, String> {
        let hsaco = generate(ctx, module, target, "hsaco")?;
        in_scratch_dir(|dir| {
            let input = dir.join("kernel.hsaco");
            std::fs::write(&input, &hsaco).map_err(|e| format!("cannot write {}: {e}", input.display()))?;
            run(Command::new(&self.readelf).arg("--notes").arg(&input), &self.readelf)
        })
    }

    fn check_vendor(target: &Target) -> Result<(), String> {
        if target.vendor != Vendor::Amd {
            return Err(format!("HSACO notes cannot measure '{}', an NVIDIA target", target.name));
        }
        Ok(())
    }
}

/// What the notes' counts mean for the model. A spilled register is 4 bytes per lane, stored
/// once and loaded back.
fn amdgpu_register_use(counts: AmdgpuCounts, target: &Target) -> RegisterUse {
    let spill_bytes = 4u32.saturating_mul(counts.vgpr_spills.saturating_add(counts.sgpr_spills));
    RegisterUse {
        registers: counts.vgprs,
        spill_stores: spill_bytes,
        spill_loads: spill_bytes,
        source: RegisterSource::Measured(format!("HSACO notes {} (.vgpr_count)", target.llvm_chip)),
    }
}

impl RegisterOracle for HsacoOracle {
    fn name(&self) -> &str {
        "hsaco notes"
    }

    fn measure(&self, ctx: &mut Context, module: OpId, target: &Target) -> Result<RegisterUse, String> {
        Self::check_vendor(target)?;
        let key = cache_key(ctx, module, target, "hsaco");
        cached(key, || {
            let notes = self.compile(ctx, module, target)?;
            Ok(amdgpu_register_use(parse_amdgpu_notes(&notes)?, target))
        })
    }

    fn measure_all(&self, ctx: &mut Context, modules: &[OpId], target: &Target) -> Vec<Result<RegisterUse, String>> {
        if let Err(e) = Self::check_vendor(target) {
            return modules.iter().map(|_| Err(e.clone())).collect();
        }
        measure_batch(ctx, modules, target, "hsaco", self, |ctx, combined| self.compile_all(ctx, combined, target))
    }
}

impl HsacoOracle {
    /// Every kernel of `module` measured from one HSACO's notes, by kernel name.
    fn compile_all(
        &self,
        ctx: &mut Context,
        module: OpId,
        target: &Target,
    ) -> Result<HashMap<String, RegisterUse>, String> {
        let notes = self.compile(ctx, module, target)?;
        Ok(parse_amdgpu_notes_all(&notes)?
            .into_iter()
            .map(|(name, counts)| (name, amdgpu_register_use(counts, target)))
            .collect())
    }
}

/// The prefix of the symbol each candidate's function gets in a batch (`sharc_candidate_0`, ...),
/// so that the kernels lowered from them have distinct names.
const BATCH_SYMBOL: &str = "sharc_candidate_";

/// Measures `modules` with one compilation: the candidates not in the cache are cloned, each
/// function renamed, into one scratch module; `compile` lowers it, generates its code, runs the
/// tool once and returns the measurement of each kernel by name; each candidate gets its
/// kernel's. One code generation and one process per band instead of one per candidate; a
/// kernel's registers do not depend on the other kernels of its file (allocation is per entry,
/// and the candidates call no common device function). Where the batch fails as a whole, each
/// candidate is measured alone, so that one that cannot be compiled does not take the others'
/// numbers with it and its error is its own.
fn measure_batch(
    ctx: &mut Context,
    modules: &[OpId],
    target: &Target,
    setup: &str,
    oracle: &dyn RegisterOracle,
    compile: impl FnOnce(&mut Context, OpId) -> Result<HashMap<String, RegisterUse>, String>,
) -> Vec<Result<RegisterUse, String>> {
    let keys: Vec<(String, u64)> = modules.iter().map(|&m| cache_key(ctx, m, target, setup)).collect();
    let mut results: Vec<Option<Result<RegisterUse, String>>> = keys.iter().map(|k| cache_lookup(k).map(Ok)).collect();
    let misses: Vec<usize> = (0..modules.len()).filter(|&i| results[i].is_none()).collect();
    if misses.len() >= 2 {
        let (combined, names) = batch_module(ctx, modules, &misses);
        if let Ok(measured) = compile(ctx, combined) {
            let kernels = kernels_by_function(ctx, combined);
            for (&i, name) in misses.iter().zip(&names) {
                let kernel = match kernels.get(name).map(Vec::as_slice) {
                    Some([kernel]) => measured.get(kernel).cloned(),
                    _ => None,
                };
                if let Some(r) = kernel {
                    cache().lock().unwrap_or_else(|e| e.into_inner()).insert(keys[i].clone(), r.clone());
                    results[i] = Some(Ok(r));
                }
            }
        }
        ctx.erase_op(combined);
    }
    modules.iter().zip(results).map(|(&m, r)| r.unwrap_or_else(|| oracle.measure(ctx, m, target))).collect()
}

/// A detached module holding a clone of the function of each of `modules[misses]`, renamed
/// `sharc_candidate_<j>`, and those names in order.
fn batch_module(ctx: &mut Context, modules: &[OpId], misses: &[usize]) -> (OpId, Vec<String>) {
    let (region, body) = ctx.new_region_with_block(&[]);
    let loc = ctx.loc(modules[misses[0]]).clone();
    let combined = ctx.create_op(OperationState::new(sharc_ir::symbol::MODULE_OP, loc).region(region));
    let mut names = Vec::with_capacity(misses.len());
    for (j, &i) in misses.iter().enumerate() {
        let name = format!("{BATCH_SYMBOL}{j}");
        for op in top_level_ops(ctx, modules[i]) {
            let copy = ctx.clone_op(op, &mut HashMap::new());
            if FuncOp::view(ctx, copy).is_some() {
                let attr = ctx.string_attr(name.clone());
                ctx.set_prop(copy, sharc_ir::symbol::SYM_NAME, attr);
            }
            ctx.insert_op(InsertPoint::BlockEnd(body), copy);
        }
        names.push(name);
    }
    (combined, names)
}

/// The ops of `module`'s body.
fn top_level_ops(ctx: &Context, module: OpId) -> Vec<OpId> {
    let blocks: Vec<_> = ctx.regions(module).iter().flat_map(|&r| ctx.region_blocks(r).to_vec()).collect();
    blocks.into_iter().flat_map(|b| ctx.block_ops(b)).collect()
}

/// The kernels each host function of the lowered `module` launches, by function name.
fn kernels_by_function(ctx: &Context, module: OpId) -> HashMap<String, Vec<String>> {
    let mut kernels: HashMap<String, Vec<String>> = HashMap::new();
    for op in top_level_ops(ctx, module) {
        let Some(name) = FuncOp::view(ctx, op).and_then(|f| f.name(ctx)) else { continue };
        let launched = ctx
            .collect_ops(op)
            .into_iter()
            .filter_map(|o| LaunchFuncOp::view(ctx, o))
            .filter_map(|l| l.kernel_module_and_name(ctx).map(|(_, k)| k.to_string()));
        kernels.entry(name.to_string()).or_default().extend(launched);
    }
    kernels
}

/// `ptx` with a `.maxnreg cap` directive on every entry. ptxas ignores `-maxrregcount` for an
/// entry with launch bounds, and sharc's kernels all carry theirs (`.maxntid`, from
/// `known_block_size`); `.maxnreg` beside `.maxntid` is honoured, and ptxas keeps the lower of
/// the two limits, as the old chip's hardware cap and the launch bounds would combine.
pub fn with_register_cap(ptx: &str, cap: u32) -> Result<String, String> {
    let mut out = String::with_capacity(ptx.len() + 64);
    let (mut entries, mut capped) = (0, 0);
    let mut in_header = false;
    for line in ptx.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.contains(&".entry") {
            entries += 1;
            in_header = true;
        }
        // The entry's performance directives sit between its parameter list and its body.
        if in_header && line.trim() == "{" {
            out.push_str(&format!(".maxnreg {cap}\n"));
            capped += 1;
            in_header = false;
        }
        if in_header && words.first() == Some(&".maxnreg") {
            return Err(format!("the generated PTX already caps its registers: {line}"));
        }
        out.push_str(line);
        out.push('\n');
    }
    if entries == 0 || capped != entries {
        return Err(format!("cannot find the body of every entry in the generated PTX ({capped} of {entries})"));
    }
    Ok(out)
}

/// The chip ptxas compiles for, and whether it stands in for `llvm_chip` (an NVIDIA chip older
/// than ptxas supports, or one whose name it cannot read).
pub fn ptxas_chip(llvm_chip: &str) -> (String, bool) {
    let sm = llvm_chip.strip_prefix("sm_").and_then(|n| n.trim_end_matches(char::is_alphabetic).parse::<u32>().ok());
    match sm {
        Some(n) if n >= OLDEST_PTXAS_SM => (llvm_chip.to_string(), false),
        _ => (STAND_IN_CHIP.to_string(), true),
    }
}

/// The registers and spill bytes (stores, loads) of the one entry function in `ptxas -v`'s
/// output, or why they cannot be read.
pub fn parse_ptxas_verbose(output: &str) -> Result<(u32, u32, u32), String> {
    let entries = ptxas_entries(output);
    let [entry] = entries.as_slice() else {
        let names: Vec<&str> = entries.iter().map(|e| e.name.as_str()).collect();
        return Err(format!(
            "expected ptxas to compile one kernel, it compiled {} ({}): {}",
            entries.len(),
            names.join(", "),
            output.trim_end()
        ));
    };
    entry.counts(output)
}

/// The name, registers and spill bytes (stores, loads) of every entry function in `ptxas -v`'s
/// output, in its order, or why one of them cannot be read.
pub fn parse_ptxas_verbose_all(output: &str) -> Result<Vec<(String, u32, u32, u32)>, String> {
    ptxas_entries(output).into_iter().map(|e| e.counts(output).map(|(r, s, l)| (e.name, r, s, l))).collect()
}

/// One entry function of a `ptxas -v` report.
struct PtxasEntry {
    name: String,
    registers: Option<u32>,
    spills: Option<(u32, u32)>,
}

impl PtxasEntry {
    fn counts(&self, output: &str) -> Result<(u32, u32, u32), String> {
        match (self.registers, self.spills) {
            (Some(r), Some((stores, loads))) => Ok((r, stores, loads)),
            _ => Err(format!(
                "cannot read the registers and spills of '{}' from ptxas -v: {}",
                self.name,
                output.trim_end()
            )),
        }
    }
}

/// The entry functions of a `ptxas -v` report with what it says of each.
fn ptxas_entries(output: &str) -> Vec<PtxasEntry> {
    let mut entries: Vec<PtxasEntry> = Vec::new();
    // The function the last "Function properties for" line named: its spill line follows.
    let mut properties_of: Option<String> = None;
    for line in output.lines() {
        if let Some(name) = quoted_after(line, "Compiling entry function '") {
            entries.push(PtxasEntry { name, registers: None, spills: None });
        } else if let Some(at) = line.find("Function properties for ") {
            properties_of = Some(line[at + "Function properties for ".len()..].trim().to_string());
        } else if line.contains("bytes spill stores") {
            let stores = number_before(line, "bytes spill stores");
            let loads = number_before(line, "bytes spill loads");
            if let (Some(name), Some(stores), Some(loads)) = (&properties_of, stores, loads) {
                if let Some(e) = entries.iter_mut().find(|e| &e.name == name) {
                    e.spills = Some((stores, loads));
                }
            }
        } else if let Some(n) = number_after(line, "Used ").filter(|_| line.contains(" registers")) {
            if let Some(e) = entries.last_mut() {
                e.registers = Some(n);
            }
        }
    }
    entries
}

/// The register counts of an AMDGPU kernel's metadata.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AmdgpuCounts {
    /// `.vgpr_count` (on gfx90a and later, the unified count with AGPRs).
    pub vgprs: u32,
    /// `.vgpr_spill_count`.
    pub vgpr_spills: u32,
    /// `.sgpr_count`.
    pub sgprs: u32,
    /// `.sgpr_spill_count`.
    pub sgpr_spills: u32,
}

/// The counts of the one kernel in `llvm-readelf --notes`'s YAML rendering of the AMDGPU
/// metadata note, or why they cannot be read.
pub fn parse_amdgpu_notes(notes: &str) -> Result<AmdgpuCounts, String> {
    let values = |key: &str| -> Vec<Option<u32>> {
        notes
            .lines()
            .filter_map(|l| l.trim_start().strip_prefix(key))
            .filter_map(|rest| rest.strip_prefix(':'))
            .map(|v| v.trim().parse().ok())
            .collect()
    };
    let one = |key: &str| -> Result<u32, String> {
        match values(key).as_slice() {
            [Some(v)] => Ok(*v),
            [] => Err(format!("the HSACO's AMDGPU metadata has no {key}: {}", notes.trim_end())),
            [_] => Err(format!("the HSACO's AMDGPU metadata has an unreadable {key}: {}", notes.trim_end())),
            many => Err(format!("expected one kernel in the HSACO, its metadata has {} {key} entries", many.len())),
        }
    };
    Ok(AmdgpuCounts {
        vgprs: one(".vgpr_count")?,
        vgpr_spills: one(".vgpr_spill_count")?,
        sgprs: one(".sgpr_count")?,
        sgpr_spills: one(".sgpr_spill_count")?,
    })
}

/// The name and counts of every kernel in `llvm-readelf --notes`'s YAML rendering of the
/// AMDGPU metadata note, in its order, or why one cannot be read. Each kernel is an item of the
/// `amdhsa.kernels` list (`  - ` at an indent of 2); its own keys sit at an indent of 4, its
/// arguments' (which may have a `.name` too) deeper.
pub fn parse_amdgpu_notes_all(notes: &str) -> Result<Vec<(String, AmdgpuCounts)>, String> {
    let mut items: Vec<Vec<&str>> = Vec::new();
    let mut in_kernels = false;
    for line in notes.lines() {
        let text = line.trim_start();
        let indent = line.len() - text.len();
        if indent == 0 && !text.is_empty() {
            in_kernels = text == "amdhsa.kernels:";
            continue;
        }
        if !in_kernels {
            continue;
        }
        if indent == 2 && text.starts_with("- ") {
            items.push(Vec::new());
        }
        if let Some(item) = items.last_mut() {
            item.push(line);
        }
    }
    if items.is_empty() {
        return Err(format!("the HSACO's AMDGPU metadata lists no kernel: {}", notes.trim_end()));
    }
    items
        .iter()
        .map(|item| {
            let name = item
                .iter()
                .filter(|l| l.len() - l.trim_start().len() == 4)
                .find_map(|l| l.trim_start().strip_prefix(".name:"))
                .map(|n| n.trim().to_string())
                .ok_or_else(|| format!("a kernel of the HSACO's AMDGPU metadata has no .name: {}", item.join("\n")))?;
            Ok((name, parse_amdgpu_notes(&item.join("\n"))?))
        })
        .collect()
}

/// ptxas: `$SHARC_PTXAS` when set (and nothing else, so that a test or user can point at one
/// tool), else the wheel `scripts/setup.sh` installs under `.tools` of a directory above the
/// running binary or of the source tree it was built from (binaries built into a
/// `CARGO_TARGET_DIR` outside the repository), else `ptxas` on `PATH`.
pub fn find_ptxas() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("SHARC_PTXAS").filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(p)).filter(|p| p.is_file());
    }
    let exe = std::env::current_exe().ok();
    let above_exe = exe.iter().flat_map(|e| e.ancestors().skip(1)).map(|d| d.join(PTXAS_IN_TOOLS));
    let source_tree = Path::new(env!("CARGO_MANIFEST_DIR")).parent().map(|repo| repo.join(PTXAS_IN_TOOLS));
    above_exe.chain(source_tree).chain(on_path("ptxas")).find(|p| p.is_file())
}

/// LLVM 22's `llvm-readelf`: in `$SHARC_LLVM_BIN` (as the lit harness finds LLVM's tools) when
/// set, else `llvm-readelf-22` on `PATH`, else `/usr/lib/llvm-22/bin/llvm-readelf`.
pub fn find_llvm_readelf() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("SHARC_LLVM_BIN").filter(|p| !p.is_empty()) {
        return Some(Path::new(&dir).join("llvm-readelf")).filter(|p| p.is_file());
    }
    on_path("llvm-readelf-22")
        .chain(std::iter::once(PathBuf::from("/usr/lib/llvm-22/bin/llvm-readelf")))
        .find(|p| p.is_file())
}

/// `name` in each directory of `PATH`.
fn on_path(name: &str) -> impl Iterator<Item = PathBuf> + '_ {
    let dirs: Vec<PathBuf> = std::env::var_os("PATH").map(|p| std::env::split_paths(&p).collect()).unwrap_or_default();
    dirs.into_iter().map(move |d| d.join(name))
}

/// Measurements by (target name, hash of the printed candidate and of the measuring setup).
type Cache = Mutex<HashMap<(String, u64), RegisterUse>>;

fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The cache key of `module` on `target`. The setup (chip, cap, oracle) is hashed along with the
/// printed module, so a target file that reuses a shipped name with another chip or register
/// cap is not served the shipped target's numbers.
fn cache_key(ctx: &Context, module: OpId, target: &Target, setup: &str) -> (String, u64) {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    print_op(ctx, module, PrintOptions::default()).hash(&mut h);
    (setup, &target.llvm_triple, &target.llvm_chip, &target.llvm_features, OPT_LEVEL).hash(&mut h);
    (target.name.clone(), h.finish())
}

/// The cached measurement under `key`, else `measure`'s, cached when it succeeds (a failure is
/// not cached: it may be a tool installed since). The lock is not held while measuring, so
/// candidates of different kernels compile in parallel.
fn cached(key: (String, u64), measure: impl FnOnce() -> Result<RegisterUse, String>) -> Result<RegisterUse, String> {
    if let Some(hit) = cache_lookup(&key) {
        return Ok(hit);
    }
    let measured = measure()?;
    cache().lock().unwrap_or_else(|e| e.into_inner()).insert(key, measured.clone());
    Ok(measured)
}

/// The cached measurement under `key`.
fn cache_lookup(key: &(String, u64)) -> Option<RegisterUse> {
    // A panic elsewhere while holding the lock leaves the map intact: keep using it.
    cache().lock().unwrap_or_else(|e| e.into_inner()).get(key).cloned()
}

/// Lowers the candidate `module` in place to the gpu level and generates code for `target` in
/// `format` (`ptx` or `hsaco`).
fn generate(ctx: &mut Context, module: OpId, target: &Target, format: &str) -> Result<Vec<u8>, String> {
    let passes = sharc_passes::registry();
    let mut pm =
        PassManager::parse(LOWERING, &passes).map_err(|e| format!("internal error: bad pipeline '{LOWERING}': {e}"))?;
    pm.run(ctx, module, RunOptions { verify_each: true, ..RunOptions::default() })
        .map_err(|d| format!("cannot lower the candidate kernel: {}", d.message))?;
    let cg = CodegenTarget::from_description(target).map_err(|e| format!("target '{}': {e}", target.name))?;
    let emit = Emit::parse(format, cg.arch).map_err(|e| format!("target '{}': {e}", target.name))?;
    sharc_codegen::translate(ctx, module, &cg, OPT_LEVEL, emit)
        .map_err(|d| format!("cannot generate code for the candidate kernel: {}", d.message))
}

/// Runs `f` in a fresh temporary directory, removed afterwards.
fn in_scratch_dir<T>(f: impl FnOnce(&Path) -> Result<T, String>) -> Result<T, String> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("sharc-register-oracle-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let result = f(&dir);
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// Runs `cmd` (the tool at `tool`) and returns its stdout and stderr together (ptxas writes its
/// `-v` report to stdout and its warnings to stderr); a failure is the tool's own message.
fn run(cmd: &mut Command, tool: &Path) -> Result<String, String> {
    let out = cmd.output().map_err(|e| format!("cannot run {}: {e}", tool.display()))?;
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    if !out.status.success() {
        return Err(format!("{} failed ({}): {}", tool.display(), out.status, text.trim_end()));
    }
    Ok(text)
}

/// The text between `prefix` and the next `'` in `line`.
fn quoted_after(line: &str, prefix: &str) -> Option<String> {
    let rest = &line[line.find(prefix)? + prefix.len()..];
    Some(rest[..rest.find('\'')?].to_string())
}

/// The number that directly follows `prefix` in `line`.
fn number_after(line: &str, prefix: &str) -> Option<u32> {
    let rest = &line[line.find(prefix)? + prefix.len()..];
    rest.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}

/// The number that directly precedes `suffix` in `line`.
fn number_before(line: &str, suffix: &str) -> Option<u32> {
    let before = line[..line.find(suffix)?].trim_end();
    before.rsplit(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}

#[cfg(test)]
mod tests;
