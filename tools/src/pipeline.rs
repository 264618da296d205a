//! The driver's lowering pipelines: what `sharcc` runs between the front-end and code
//! generation, as textual pass pipelines, so that any stage can be replayed by hand with
//! `sharc-opt --pass-pipeline='...'` ([`pipeline_text`]; docs/tools/sharcc.md spells it out).
//!
//! Every pipeline starts with `sharc-parallelize{candidates=marked}`: the front-end marks the
//! loops of OpenACC constructs, and the pass decides which of them run in parallel (the loops
//! of initialisation and printing code are not candidates and stay on the host).
//!
//! Both mappings start with `sharc-expose-parallel` and `sharc-distribute`: a section whose body
//! is sequential loops that interchange and fusion turn into one parallel loop gets that loop in
//! its band, and a section whose body holds parallel loops next to other statements is cut into
//! deeper bands, so that every parallel loop reaches a planner. `sharc-vectorize` then pairs
//! `A[2x+c]`, `A[2x+c+1]` into vector accesses (`--vectorize`), before either planner.
//!
//! One road from the affine level to the gpu level: every section gets a plan, `sharc-map`
//! turns each plan into a `gpumap.band`, `sharc-lower-gpumap` outlines each band into a kernel.
//! Two planners: the partition search (seed 000's phase, with its seed closure; its staged tiles
//! are then promoted), the default, and the baseline (`sharc-map-baseline`: the target's default
//! block shape, nothing staged), which `--no-shared` selects alone and every optimisation is
//! measured against; before the partition search, `sharc-register-promote` keeps loop-invariant
//! elements in registers (the baseline keeps every access where the program put it). Sections whose partition plan stages nothing get the baseline plan.
//! After promotion, `sharc-bank-conflicts` changes the layout of conflicted shared buffers
//! (`--bank-fix`) and `sharc-register-rotate` keeps a stencil's loads shifted along a loop the
//! thread runs in rotating registers (`--register-rotate`); then `sharc-ilp` replicates each band's barrier-free regions along y or z
//! (`--ilp`), with or without shared memory.

use sharc_ir::pass::{PassManager, PassRegistry, RunOptions, RunReport};
use sharc_ir::{Context, Diagnostic, OpId};

/// The levels the driver can stop at, in pipeline order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// The front-end's output after `sharc-parallelize`: `func`/`affine` with the OpenACC
    /// sections as `affine.parallel` and their share annotations.
    Affine,
    /// Kernels outlined into `gpu.module`s, affine ops lowered to `scf`/`arith`: what
    /// `sharc-translate` takes.
    Gpu,
}

/// How the affine level is mapped onto the GPU.
#[derive(Clone, Debug)]
pub struct Mapping {
    /// A shipped target name or a target `.toml` path (`sharc_machine::Target::load`).
    pub target: String,
    /// Whether shared-memory placement runs (otherwise the baseline mapping alone).
    pub shared: bool,
    /// How `sharc-bank-conflicts` chooses among its fixes: `auto`, `paper`, or `off` (the pass
    /// does not run). Only with shared memory.
    pub bank_fix: BankFix,
    /// What `sharc-ilp` does.
    pub ilp: Ilp,
    /// Whether `sharc-register-rotate` runs (`--register-rotate`; only with shared memory:
    /// the baseline keeps every access where the program put it).
    pub register_rotate: bool,
    /// Whether `sharc-vectorize` runs (`sharcc --vectorize=auto`; `off` leaves it out): pairs
    /// `A[2x+c]`, `A[2x+c+1]` as vector accesses, before either planner sees the accesses.
    pub vectorize: bool,
    /// Whether `sharc-block-remap` runs (`sharcc --block-remap=auto`; `None`: `off`, left
    /// out), with the size it assumes where no call gives one (`--block-remap-size`, 0: none).
    pub block_remap: Option<i64>,
    /// Whether floating-point reductions may be combined in another order (`sharcc
    /// --allow-reassoc`): `sharc-bank-conflicts`' access reorder and `sharc-block-remap`'s offset
    /// rotation then apply to them too, and change their rounding.
    pub allow_reassoc: bool,
}

/// `sharcc --ilp` and `--ilp-distribution`: the ILP factor, chosen by the model or given, or no
/// pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ilp {
    /// The model's factor and distribution (`factor=auto`).
    Auto,
    /// This factor (a power of two), replicas dealt cyclically or blocked.
    Factor(i64, sharc_dialects::gpumap::Distribution),
    /// No ILP replication.
    Off,
}

impl Ilp {
    /// The value of `--ilp` (`auto`, `off` or a power of two) with `--ilp-distribution`.
    pub fn from_text(text: &str, distribution: sharc_dialects::gpumap::Distribution) -> Option<Ilp> {
        match text {
            "auto" => Some(Ilp::Auto),
            "off" => Some(Ilp::Off),
            n => n.parse::<i64>().ok().filter(|&f| f >= 1 && f.count_ones() == 1).map(|f| Ilp::Factor(f, distribution)),
        }
    }
}

/// `sharcc --bank-fix`: the bank-conflict pass's choice rule, or no pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BankFix {
    /// The cheapest candidate by the cost model (`prefer=auto`).
    Auto,
    /// Seed 000's Table-1 order, padding first (`prefer=paper`).
    Paper,
    /// No bank-conflict elimination.
    Off,
}

impl BankFix {
    /// Every spelling, as `--bank-fix` takes them.
    pub const CHOICES: [(&'static str, BankFix); 3] =
        [("auto", BankFix::Auto), ("paper", BankFix::Paper), ("off", BankFix::Off)];

    /// The value spelled `text`.
    pub fn from_text(text: &str) -> Option<BankFix> {
        BankFix::CHOICES.iter().find(|c| c.0 == text).map(|c| c.1)
    }
}

/// The passes that map parallel sections onto the GPU, as pipeline elements.
fn mapping_passes(m: &Mapping) -> Vec<String> {
    let t = &m.target;
    // Every parallel loop of a nest reaches a band before either planner sees it.
    let mut passes = vec!["sharc-expose-parallel".to_string(), "sharc-distribute".to_string()];
    let reassoc = if m.allow_reassoc { " allow-reassoc=true" } else { "" };
    // Before both planners: a vectorized pair is one coalesced access to them (the partition
    // search no longer stages an array only to coalesce the pair), and the baseline's requests
    // are the vector's.
    if m.vectorize {
        passes.push("sharc-vectorize".to_string());
    }
    if m.shared {
        // Scalar replacement first, so that the partition search and its sector model see
        // the accesses that remain; the baseline keeps every access where the program put it.
        passes.push("sharc-register-promote".to_string());
        // sharc-partition computes the seed closure itself (and reports the candidates), so
        // the report pass sharc-seed-closure would only do the same work twice.
        passes.push(format!("sharc-partition{{target={t}}}"));
    }
    // The default pipeline starts the x loop of a section left on the baseline mapping on a
    // sector boundary; `--no-shared`, the baseline every optimisation is measured against,
    // keeps the naive thread-to-iteration map.
    let align = if m.shared { " align-x=true" } else { "" };
    passes.extend([format!("sharc-map-baseline{{target={t}{align}}}"), "sharc-map".to_string()]);
    if m.shared {
        // Before sharc-promote: a version of a band copies the band as mapped, whose staged
        // tiles sharc-promote then places in the band the versions fall back to.
        passes.push(format!("sharc-resident-columns{{target={t}}}"));
        passes.push("sharc-promote".to_string());
        match m.bank_fix {
            BankFix::Auto => passes.push(format!("sharc-bank-conflicts{{target={t}{reassoc}}}")),
            BankFix::Paper => passes.push(format!("sharc-bank-conflicts{{target={t} prefer=paper{reassoc}}}")),
            BankFix::Off => {}
        }
        // After promotion (only the loads left in global memory can rotate: a staged buffer
        // is written by its copies) and before sharc-ilp, whose register estimate must count
        // the rotation registers.
        if m.register_rotate {
            passes.push("sharc-register-rotate".to_string());
        }
    }
    match m.ilp {
        Ilp::Auto => passes.push(format!("sharc-ilp{{target={t}}}")),
        Ilp::Factor(f, d) => passes.push(format!("sharc-ilp{{target={t} factor={f} distribution={}}}", d.keyword())),
        Ilp::Off => {}
    }
    if m.shared {
        // Last at the memplace level: the bank fix and the replication decide which thread
        // runs which iteration, and so which of sharc-promote's barriers order nothing.
        passes.push("sharc-eliminate-barriers".to_string());
    }
    if let Some(size) = m.block_remap {
        // After every pass that shapes the band (sharc-ilp's block and tile set the window of
        // co-resident blocks it scores), and before the block ids become origins.
        let size = if size > 0 { format!(" size={size}") } else { String::new() };
        passes.push(format!("sharc-block-remap{{target={t}{size}{reassoc}}}"));
    }
    passes.push("sharc-lower-gpumap".to_string());
    passes
}

/// The pass that decides which of the front-end's OpenACC loops run in parallel.
const PARALLELIZE: &str = "sharc-parallelize{candidates=marked}";

/// The pipeline text from the front-end's output to `level`.
pub fn pipeline_text(m: &Mapping, level: Level) -> String {
    let mut passes = vec![PARALLELIZE.to_string()];
    if level >= Level::Gpu {
        passes.extend(mapping_passes(m));
        // Codegen takes scf/arith only; canonicalize + cse fold the index arithmetic that
        // lower-affine expands, which keeps the generated LLVM IR and the printed gpu level small.
        passes.extend(["lower-affine", "canonicalize", "cse"].map(String::from));
    }
    format!("builtin.module({})", passes.join(", "))
}

/// Runs the pipeline from the front-end's output to `level` on `module`, verifying after each
/// pass (whatever `opts.verify_each` says), with the IR dumps and timings `opts` asks for.
/// Returns the passes' remarks and warnings, the dumps and the timings.
pub fn lower(
    ctx: &mut Context,
    module: OpId,
    passes: &PassRegistry,
    m: &Mapping,
    level: Level,
    opts: RunOptions,
) -> Result<RunReport, Diagnostic> {
    // Pass options are whitespace-separated and end at '}': such a path cannot be spelled in a
    // pipeline (nor on sharc-opt's command line), so say so rather than mis-parse it. The
    // affine level does not name the target.
    if level >= Level::Gpu && m.target.chars().any(|c| c.is_whitespace() || c == '{' || c == '}') {
        return Err(Diagnostic::error(
            sharc_ir::Location::Unknown,
            format!("target path '{}' contains whitespace or braces, which pass options cannot hold; rename or link the file", m.target),
        ));
    }
    let text = pipeline_text(m, level);
    // The passes check the target option when the pipeline is parsed; a bad `--target` is the
    // user's error, not the driver's, so it is reported as the target loader words it.
    sharc_machine::Target::load(&m.target)
        .map_err(|e| Diagnostic::error(sharc_ir::Location::Unknown, e.to_string()))?;
    let mut pm = PassManager::parse(&text, passes).map_err(|e| {
        Diagnostic::error(sharc_ir::Location::Unknown, format!("internal error: bad driver pipeline '{text}': {e}"))
    })?;
    pm.run(ctx, module, RunOptions { verify_each: true, ..opts })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sharc_dialects::gpumap::Distribution;

    #[test]
    fn gpu_pipeline_parses_with_the_registered_passes() {
        let passes = sharc_passes::registry();
        let ilps = [Ilp::Auto, Ilp::Off, Ilp::Factor(4, Distribution::Blocked)];
        for shared in [false, true] {
            for (_, bank_fix) in BankFix::CHOICES {
                for ilp in ilps {
                    for (register_rotate, block_remap) in [(false, None), (true, Some(0))] {
                        let vectorize = register_rotate;
                        let m = Mapping {
                            target: "a100".to_string(),
                            shared,
                            bank_fix,
                            ilp,
                            register_rotate,
                            vectorize,
                            block_remap,
                            allow_reassoc: block_remap.is_some(),
                        };
                        let text = pipeline_text(&m, Level::Gpu);
                        PassManager::parse(&text, &passes).unwrap_or_else(|e| panic!("{text}: {e}"));
                    }
                }
            }
        }
        let shared = Mapping {
            target: "hd7850".to_string(),
            shared: true,
            bank_fix: BankFix::Paper,
            ilp: Ilp::Auto,
            register_rotate: true,
            vectorize: true,
            block_remap: Some(256),
            allow_reassoc: false,
        };
        assert_eq!(
            pipeline_text(&shared, Level::Gpu),
            "builtin.module(sharc-parallelize{candidates=marked}, sharc-expose-parallel, sharc-distribute, sharc-vectorize, sharc-register-promote, sharc-partition{target=hd7850}, sharc-map-baseline{target=hd7850 align-x=true}, sharc-map, sharc-resident-columns{target=hd7850}, sharc-promote, sharc-bank-conflicts{target=hd7850 prefer=paper}, sharc-register-rotate, sharc-ilp{target=hd7850}, sharc-eliminate-barriers, sharc-block-remap{target=hd7850 size=256}, sharc-lower-gpumap, lower-affine, canonicalize, cse)"
        );
        let baseline = Mapping {
            target: "a100".to_string(),
            shared: false,
            bank_fix: BankFix::Auto,
            ilp: Ilp::Factor(2, Distribution::Cyclic),
            register_rotate: true,
            vectorize: false,
            block_remap: None,
            allow_reassoc: false,
        };
        assert_eq!(
            pipeline_text(&baseline, Level::Gpu),
            "builtin.module(sharc-parallelize{candidates=marked}, sharc-expose-parallel, sharc-distribute, sharc-map-baseline{target=a100}, sharc-map, sharc-ilp{target=a100 factor=2 distribution=cyclic}, sharc-lower-gpumap, lower-affine, canonicalize, cse)"
        );
        assert_eq!(Ilp::from_text("8", Distribution::Cyclic), Some(Ilp::Factor(8, Distribution::Cyclic)));
        assert_eq!(Ilp::from_text("3", Distribution::Cyclic), None);
        assert_eq!(Ilp::from_text("0", Distribution::Cyclic), None);
        assert_eq!(pipeline_text(&baseline, Level::Affine), "builtin.module(sharc-parallelize{candidates=marked})");
    }
}
