//! `sharcc`: sharc's driver, from C with OpenACC and `share` pragmas to sharc's IR levels and to
//! GPU code.
//!
//! ```text
//! sharcc FILE.c [-I DIR]... [-D NAME[=VALUE]]... [--function NAME]
//!        [--target NAME|PATH.toml|host] [--emit=affine|gpu|llvm|ptx|hsaco|asm|obj|c-harness]
//!        [-O0|-O1|-O2|-O3] [--mlir-print-ir-after-all] [--mlir-timing] [-o OUT]
//! ```
//!
//! The pipeline: the C front-end → `sharc-parallelize` (which OpenACC loops run in parallel:
//! the affine level) → seed closure, partition search, mapping and shared-memory promotion, or
//! the baseline mapping with `--no-shared`, then `lower-affine` (`sharc_tools::pipeline`, gpu
//! level) → sharc-codegen (LLVM IR, PTX, HSACO). `--mlir-print-ir-after-all` and `--mlir-timing`
//! apply to that pass pipeline, as in `sharc-opt`. `--report` prints
//! a table of the decisions (`sharc_tools::report`). Without `--emit`, the
//! output file's extension chooses (`.ptx`, `.hsaco`, `.ll`, `.s`, `.o`; anything else gives the
//! affine level).
//!
//! Diagnostics follow a C compiler's conventions (`file:line:col: error: ...`, the source line
//! and a caret); warnings (an OpenACC loop that must stay sequential) and the passes' remarks
//! do not stop compilation. See docs/tools/sharcc.md.

use clap::{Arg, ArgAction, Command};
use sharc_codegen::{CodegenTarget, Emit};
use sharc_dialects::gpumap::Distribution;
use sharc_frontend::{compile_file, Compilation, Options};
use sharc_ir::pass::RunOptions;
use sharc_ir::syntax::{parse_source, print_op, ParseOptions, PrintOptions};
use sharc_ir::{Context, Diagnostic, Location, OpId, SourceMap};
use sharc_tools::pipeline::{self, BankFix, Ilp, Level, Mapping};
use sharc_tools::report_svg;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// The default target when none is given: the one the paper's successors are measured on.
const DEFAULT_TARGET: &str = "a100";

/// What sharcc writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Output {
    /// A C program that runs the selected function on `.npy` inputs (the tests' reference).
    CHarness,
    /// MLIR text at a level.
    Ir(Level),
    /// Code from sharc-codegen in the format named by the string (`llvm`, `ptx`, ...).
    Code(&'static str),
}

impl Output {
    fn from_name(name: &str) -> Option<Output> {
        Some(match name {
            "c-harness" => Output::CHarness,
            "affine" => Output::Ir(Level::Affine),
            "gpu" => Output::Ir(Level::Gpu),
            "llvm" => Output::Code("llvm"),
            "ptx" => Output::Code("ptx"),
            "hsaco" => Output::Code("hsaco"),
            "asm" => Output::Code("asm"),
            "obj" => Output::Code("obj"),
            _ => return None,
        })
    }

    /// The format an output file's extension implies, as a C compiler infers it.
    fn from_extension(path: &str) -> Output {
        match Path::new(path).extension().and_then(|e| e.to_str()) {
            Some("ptx") => Output::Code("ptx"),
            Some("hsaco") => Output::Code("hsaco"),
            Some("ll") => Output::Code("llvm"),
            Some("s") => Output::Code("asm"),
            Some("o") => Output::Code("obj"),
            _ => Output::Ir(Level::Affine),
        }
    }
}

fn command() -> Command {
    Command::new("sharcc")
        .about("sharc's compiler driver: OpenACC C with the share pragma to sharc's IR levels")
        .arg(Arg::new("input").help("The C file, or a .mlir module at the affine level").required(true))
        .arg(
            Arg::new("include").short('I').help("Add a directory to the include search path").action(ArgAction::Append),
        )
        .arg(Arg::new("define").short('D').help("Define a macro (NAME or NAME=VALUE)").action(ArgAction::Append))
        .arg(Arg::new("function").long("function").help("Compile only this function"))
        .arg(
            Arg::new("auto-parallelize")
                .long("auto-parallelize")
                .action(ArgAction::SetTrue)
                .help("Consider every loop for the GPU, also in a file with OpenACC pragmas (a file without any is always auto-parallelized)"),
        )
        .arg(
            Arg::new("assume-no-alias")
                .long("assume-no-alias")
                .action(ArgAction::SetTrue)
                .help("Take pointer and array parameters not to overlap, as if each were restrict"),
        )
        .arg(
            Arg::new("emit")
                .long("emit")
                .help("What to produce: the affine or gpu level (MLIR), LLVM IR, PTX, an HSACO, assembly, an object, or the C reference harness (default: from -o's extension, else affine)")
                .value_parser(["affine", "gpu", "llvm", "ptx", "hsaco", "asm", "obj", "c-harness"]),
        )
        .arg(Arg::new("target").long("target").help("A shipped target name (sharc-translate --list-targets), a target .toml file, or 'host' (default a100)"))
        .arg(
            Arg::new("opt")
                .short('O')
                .help("LLVM optimisation level: -O0, -O1, -O2 (default), -O3")
                .value_parser(["0", "1", "2", "3"])
                .default_value("2"),
        )
        .arg(Arg::new("output").short('o').help("Output file ('-' for stdout)").default_value("-"))
        .arg(
            Arg::new("no-shared")
                .long("no-shared")
                .action(ArgAction::SetTrue)
                .help("Map every parallel section with the baseline mapping: every access where the program put it, without register promotion or shared memory"),
        )
        .arg(
            Arg::new("bank-fix")
                .long("bank-fix")
                .value_parser(BankFix::CHOICES.map(|c| c.0))
                .default_value("auto")
                .help("How shared-memory bank conflicts are removed: the cheapest fix by the cost model (auto), seed 000's Table-1 order with padding first (paper), or not at all (off)"),
        )
        .arg(
            Arg::new("ilp")
                .long("ilp")
                .value_name("auto|N|off")
                .default_value("auto")
                .help("ILP replication of barrier-free regions along y/z (sharc-ilp): the factor the model picks per target (auto), a power of two N, or none (off)"),
        )
        .arg(
            Arg::new("vectorize")
                .long("vectorize")
                .value_parser(["auto", "off"])
                .default_value("auto")
                .help("Vector accesses (sharc-vectorize): pairs A[2x+c], A[2x+c+1] along a section's x loop become one float2-style access where 8-byte alignment is proven (auto), or stay scalar (off)"),
        )
        .arg(
            Arg::new("register-rotate")
                .long("register-rotate")
                .value_parser(["auto", "off"])
                .default_value("auto")
                .help("Register rotation for stencils (sharc-register-rotate): loads shifted along a loop the thread runs kept in rotating registers (auto), or not (off)"),
        )
        .arg(
            Arg::new("ilp-distribution")
                .long("ilp-distribution")
                .value_parser(Distribution::CHOICES.map(|c| c.0))
                .default_value("cyclic")
                .help("With --ilp=N: replicas a block apart, the block shrinking (cyclic, seed 000's Algorithm 1), or neighbouring iterations, the tile growing (blocked, seed 001's thread merge)"),
        )
        .arg(
            Arg::new("block-remap")
                .long("block-remap")
                .value_parser(["auto", "off"])
                .default_value("auto")
                .help("Partition-camping elimination (sharc-block-remap): diagonal block order where co-resident blocks camp on one memory channel, on targets with a linear channel map (auto), or not at all (off)"),
        )
        .arg(
            Arg::new("block-remap-size")
                .long("block-remap-size")
                .value_name("N")
                .value_parser(clap::value_parser!(i64).range(0..))
                .default_value("0")
                .help("The size --block-remap assumes for a kernel's integer extents and dynamic array dimensions when no call gives them (0: none; such a kernel is left unchanged)"),
        )
        .arg(
            Arg::new("allow-reassoc")
                .long("allow-reassoc")
                .action(ArgAction::SetTrue)
                .help("Let floating-point reductions be combined in another order, which changes their rounding: the bank-conflict access reorder and the block remap's offset rotation then apply to them too"),
        )
        .arg(
            Arg::new("report")
                .long("report")
                .value_name("FILE.svg|FILE.html")
                .num_args(0..=1)
                .require_equals(true)
                .default_missing_value("")
                .help("Print a table of the decisions per kernel (block, staged and refused arrays, shared bytes of its buffers, occupancy, profit, bank fix, ILP factor) on stderr; with =FILE.svg or =FILE.html, draw them per kernel (tile layout, bank heat maps before and after the bank fix, global sectors of the baseline and default pipelines and the compulsory ones, measured in the simulator)"),
        )
        .arg(
            Arg::new("report-size")
                .long("report-size")
                .value_name("N")
                .value_parser(clap::value_parser!(i64).range(1..))
                .help("The size of the simulated runs of --report=FILE.svg: integer scalars (extents) get N (default 128)"),
        )
        .arg(
            Arg::new("remarks")
                .long("remarks")
                .action(ArgAction::SetTrue)
                .help("Print the passes' remarks (how each parallel section was mapped)"),
        )
        .arg(
            Arg::new("debuginfo")
                .long("mlir-print-debuginfo")
                .action(ArgAction::SetTrue)
                .help("Print source locations (loc(\"file.c\":line:col)) on the IR"),
        )
        .arg(
            Arg::new("print-ir-after-all")
                .long("mlir-print-ir-after-all")
                .action(ArgAction::SetTrue)
                .help("Print the IR after every pass of the pipeline (to stderr)"),
        )
        .arg(
            Arg::new("timing")
                .long("mlir-timing")
                .action(ArgAction::SetTrue)
                .help("Print the time spent in the front-end, in each pass and in the output (to stderr)"),
        )
}

/// One diagnostic as sharcc prints it: against the source, or, with no place in the file (an
/// unreadable input, a missing preprocessor, a pass's unlocated error), as `sharcc: error: ...`.
fn render_one(d: &Diagnostic, compilation: &Compilation) -> String {
    match (&d.loc, &compilation.source) {
        (Location::Unknown, _) | (_, None) => format!("sharcc: {}: {}\n", d.severity.word(), d.message),
        (_, Some(source)) => source.files.render(d),
    }
}

/// Every diagnostic of the front-end, rendered by [`render_one`].
fn render_all(compilation: &Compilation) -> String {
    compilation.diagnostics.iter().map(|d| render_one(d, compilation)).collect()
}

#[global_allocator]
static ALLOCATOR: sharc_tools::Allocator = sharc_tools::Allocator;

fn main() -> ExitCode {
    // The ILP model measures candidate kernels with the backend's tools where they are
    // installed, whatever this run emits (docs/tools/sharcc.md, "The register oracle").
    sharc_passes::analysis::registers::install(sharc_tools::register_oracle::oracle_factory);
    let m = match command().try_get_matches_from(std::env::args()) {
        Ok(m) => m,
        Err(e) => return sharc_tools::usage_error("sharcc", &e),
    };
    let input = PathBuf::from(m.get_one::<String>("input").expect("required"));
    let opts = Options {
        include_dirs: m.get_many::<String>("include").into_iter().flatten().map(PathBuf::from).collect(),
        defines: m.get_many::<String>("define").into_iter().flatten().cloned().collect(),
        function: m.get_one::<String>("function").cloned(),
        auto_parallelize: m.get_flag("auto-parallelize"),
        assume_no_alias: m.get_flag("assume-no-alias"),
    };
    let out = m.get_one::<String>("output").expect("default");
    let output = match m.get_one::<String>("emit") {
        Some(name) => Output::from_name(name).expect("clap checked the value"),
        None => Output::from_extension(out),
    };
    let mlir_input = input.extension().is_some_and(|e| e == "mlir");
    if mlir_input {
        // The options of the C front-end would be silently ignored on a module.
        let c_only = [("function", "--function"), ("include", "-I"), ("define", "-D")];
        if let Some((_, flag)) = c_only.iter().find(|(id, _)| m.contains_id(id) && m.value_source(id).is_some()) {
            eprintln!("sharcc: error: {flag} applies to C input; {} is an MLIR module", input.display());
            return ExitCode::FAILURE;
        }
        if let Some(flag) = ["auto-parallelize", "assume-no-alias"].into_iter().find(|f| m.get_flag(f)) {
            eprintln!("sharcc: error: --{flag} applies to C input; {} is an MLIR module", input.display());
            return ExitCode::FAILURE;
        }
        if output == Output::CHarness {
            eprintln!("sharcc: error: the C harness is made from a C file; {} is an MLIR module", input.display());
            return ExitCode::FAILURE;
        }
    }
    if output == Output::CHarness {
        return match sharc_frontend::c_harness_file(&input, &opts) {
            Ok(text) => write_output(out, text.as_bytes()),
            Err(failed) => {
                eprint!("{}", render_all(&failed));
                ExitCode::FAILURE
            }
        };
    }
    let target_name = m.get_one::<String>("target").map_or(DEFAULT_TARGET, String::as_str);
    // The code target is checked before compiling, so that a typo in --target is reported at
    // once and not after the front-end's warnings.
    let codegen = match output {
        Output::Code(format) => match codegen_target(target_name, format) {
            Ok(t) => Some(t),
            Err(msg) => {
                eprintln!("sharcc: error: {msg}");
                return ExitCode::FAILURE;
            }
        },
        _ => None,
    };
    let mut timings = sharc_tools::timing::Timings::default();
    let mut ctx = Context::new(sharc_dialects::registry());
    let start = Instant::now();
    // A `.mlir` input is a module at the affine level (what `--emit=affine` prints, or one
    // written by hand): it skips the front-end and goes through the same pipeline.
    let loaded = if mlir_input {
        load_mlir(&mut ctx, &input)
    } else {
        let result = compile_file(&mut ctx, &input, &opts);
        eprint!("{}", render_all(&result));
        match result.module {
            Some(module) if !result.failed() => Ok((module, result.source.map(|s| s.files))),
            _ => Err(String::new()),
        }
    };
    timings.add("Front-end", start.elapsed());
    let (module, files) = match loaded {
        Ok(loaded) => loaded,
        Err(msg) => {
            eprint!("{msg}");
            return ExitCode::FAILURE;
        }
    };
    let render = |d: &Diagnostic| match (&d.loc, &files) {
        (Location::Unknown, _) | (_, None) => format!("sharcc: {}: {}\n", d.severity.word(), d.message),
        (_, Some(files)) => files.render(d),
    };
    let level = match output {
        Output::Ir(level) => level,
        _ => Level::Gpu,
    };
    // The mapping passes read the target for block shapes and limits; the host has none of its
    // own, so kernels compiled for it are mapped as for the default GPU.
    let mapping_target = if target_name == "host" { DEFAULT_TARGET } else { target_name };
    let passes = sharc_tools::pass_registry();
    let bank_fix = m.get_one::<String>("bank-fix").and_then(|s| BankFix::from_text(s)).unwrap_or(BankFix::Auto);
    let distribution = m
        .get_one::<String>("ilp-distribution")
        .and_then(|s| Distribution::from_keyword(s))
        .unwrap_or(Distribution::Cyclic);
    let ilp_text = m.get_one::<String>("ilp").map_or("auto", String::as_str);
    let Some(ilp) = Ilp::from_text(ilp_text, distribution) else {
        eprintln!("sharcc: error: --ilp expects auto, off or a power of two, got '{ilp_text}'");
        return ExitCode::FAILURE;
    };
    let register_rotate = m.get_one::<String>("register-rotate").is_none_or(|s| s == "auto");
    let vectorize = m.get_one::<String>("vectorize").is_none_or(|s| s == "auto");
    let block_remap_size = m.get_one::<i64>("block-remap-size").copied().unwrap_or(0);
    let block_remap = m.get_one::<String>("block-remap").is_none_or(|s| s != "off").then_some(block_remap_size);
    let mapping = Mapping {
        target: mapping_target.to_string(),
        shared: !m.get_flag("no-shared"),
        bank_fix,
        ilp,
        register_rotate,
        vectorize,
        block_remap,
        allow_reassoc: m.get_flag("allow-reassoc"),
    };
    // The picture's file is checked before compiling, as the target is.
    let report = m.get_one::<String>("report").cloned();
    if let Some(path) = report.as_deref().filter(|p| !p.is_empty()) {
        if !(path.ends_with(".svg") || path.ends_with(".html")) {
            eprintln!("sharcc: error: --report={path}: the picture is written as FILE.svg or FILE.html (--report alone prints the table)");
            return ExitCode::FAILURE;
        }
    } else if m.value_source("report-size").is_some() {
        eprintln!("sharcc: error: --report-size sizes the simulated runs of --report=FILE.svg");
        return ExitCode::FAILURE;
    }
    let run_opts = RunOptions {
        verify_each: true,
        print_after_all: m.get_flag("print-ir-after-all"),
        print_debuginfo: m.get_flag("debuginfo"),
        print_generic: false,
        timing: m.get_flag("timing"),
    };
    let pass_diagnostics = match pipeline::lower(&mut ctx, module, &passes, &mapping, level, run_opts) {
        Ok(report) => {
            report.dumps.iter().for_each(|d| eprint!("{d}"));
            report
                .diagnostics
                .iter()
                .filter(|d| m.get_flag("remarks") || d.severity != sharc_ir::diag::Severity::Remark)
                .for_each(|d| eprint!("{}", render(d)));
            for (name, t) in &report.timings {
                timings.add(name, *t);
            }
            report.diagnostics
        }
        Err(d) => {
            eprint!("{}", render(&d));
            return ExitCode::FAILURE;
        }
    };
    // GPU code needs a kernel: without one, say per loop nest why it was not mapped, in the
    // parallelization's words, rather than the code generator's complaint about the module.
    if matches!(output, Output::Code(_)) && !has_kernel(&ctx, module) {
        let reasons = not_mapped(&pass_diagnostics);
        reasons.iter().for_each(|d| eprint!("{}", render(d)));
        let why = match (reasons.is_empty(), mlir_input) {
            (false, _) => "see the remarks above",
            (true, false) => "no loop was a candidate (a candidate is an OpenACC loop, or in a file without OpenACC pragmas a loop with affine bounds; loops whose bound is read from memory, while loops and loops whose variable the body assigns stay on the host)",
            (true, true) => "the module has no affine.parallel band and no affine.for marked with sharc.claim",
        };
        // At the first reason, else at the module's first function (the module has no place).
        let first_op =
            ctx.regions(module).first().and_then(|&r| ctx.entry_block(r)).and_then(|b| ctx.block_first_op(b));
        let at = reasons.first().map(|d| d.loc.clone()).or_else(|| first_op.map(|op| ctx.loc(op).clone()));
        let at = at.unwrap_or(Location::Unknown);
        eprint!(
            "{}",
            render(&Diagnostic::error(
                at,
                format!("no loop nest was mapped to the GPU, so there is no kernel to write to {out}: {why}")
            ))
        );
        return ExitCode::FAILURE;
    }
    match report.as_deref() {
        Some("") => eprint!("{}", sharc_tools::report::render(&ctx, module)),
        Some(path) => {
            let size = m.get_one::<i64>("report-size").copied().unwrap_or(sharc_tools::report_svg::DEFAULT_SIZE);
            let lowered = (level == Level::Gpu).then_some(report_svg::Lowered { ctx: &ctx, module });
            let source =
                if mlir_input { report_svg::Source::Mlir } else { report_svg::Source::C { path: &input, opts: &opts } };
            let code = write_picture(path, lowered, &source, &input, &mapping, size);
            if code != ExitCode::SUCCESS {
                return code;
            }
        }
        None => {}
    }
    let start = Instant::now();
    let bytes = match (output, codegen) {
        (Output::Code(_), Some((target, emit))) => {
            let opt: u8 = m.get_one::<String>("opt").and_then(|s| s.parse().ok()).unwrap_or(2);
            match sharc_codegen::translate(&ctx, module, &target, opt, emit) {
                Ok(bytes) => bytes,
                Err(d) => {
                    eprint!("{}", render(&d));
                    return ExitCode::FAILURE;
                }
            }
        }
        _ => {
            let mut text = print_op(&ctx, module, PrintOptions { generic: false, debuginfo: m.get_flag("debuginfo") });
            text.push('\n');
            text.into_bytes()
        }
    };
    // LLVM's work is its own row; printing the IR and writing the file are the output.
    let phase = if matches!(output, Output::Code(_)) { "Code generation" } else { "Output" };
    timings.add(phase, start.elapsed());
    let start = Instant::now();
    let code = write_output(out, &bytes);
    timings.add("Output", start.elapsed());
    if m.get_flag("timing") {
        eprint!("{}", timings.render());
    }
    code
}

/// Whether `module` holds a GPU kernel.
fn has_kernel(ctx: &Context, module: OpId) -> bool {
    ctx.collect_ops(module)
        .into_iter()
        .any(|op| sharc_dialects::gpu::FuncOp::view(ctx, op).is_some_and(|f| f.is_kernel(ctx)))
}

/// Why each loop nest stayed on the host: `sharc-parallelize`'s reasons for its sequential
/// loops, as remarks `not mapped to the GPU: ...`. A reason the loops of one nest share is said
/// once, at the outermost loop (the pass reports inner loops first).
fn not_mapped(diagnostics: &[Diagnostic]) -> Vec<Diagnostic> {
    use sharc_passes::affine::parallelize::STAYS_SEQUENTIAL;
    let sequential: Vec<&Diagnostic> = diagnostics.iter().filter(|d| d.message.starts_with(STAYS_SEQUENTIAL)).collect();
    let mut out: Vec<Diagnostic> = Vec::new();
    for (k, d) in sequential.iter().enumerate() {
        if sequential.get(k + 1).is_some_and(|next| next.message == d.message) {
            continue;
        }
        let reason = &d.message[STAYS_SEQUENTIAL.len()..];
        let mut r = Diagnostic::remark(d.loc.clone(), format!("not mapped to the GPU: {reason}"));
        r.notes = d.notes.clone();
        out.push(r);
    }
    out
}

/// `--report=FILE.svg|.html`: the picture of the kernels in `lowered` (the module as written,
/// when sharcc stopped at the gpu level; else lowered again for it), beside the same input through
/// the baseline pipeline and through the default one without the bank fix, all simulated.
fn write_picture(
    path: &str,
    lowered: Option<report_svg::Lowered<'_>>,
    source: &report_svg::Source<'_>,
    input: &Path,
    mapping: &Mapping,
    size: i64,
) -> ExitCode {
    let target = match sharc_machine::Target::load(&mapping.target) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("sharcc: error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let fail = |e: &str| {
        eprintln!("sharcc: error: --report={path}: {e}");
        ExitCode::FAILURE
    };
    // The module as written when it is at the gpu level; else the same pipeline to that level.
    let default_owned = match lowered {
        Some(_) => Err(String::new()),
        None => lower_again(input, source, mapping),
    };
    let default = match (lowered, &default_owned) {
        (Some(l), _) => l,
        (None, Ok((ctx, module))) => report_svg::Lowered { ctx, module: *module },
        (None, Err(e)) => return fail(&format!("cannot lower the input to the gpu level: {e}")),
    };
    let baseline_owned = lower_again(input, source, &Mapping { shared: false, ..mapping.clone() });
    // Without shared memory or with the fix off, the module as generated is the unfixed one.
    let fixes = mapping.shared && mapping.bank_fix != BankFix::Off;
    let unfixed_owned = if fixes {
        lower_again(input, source, &Mapping { bank_fix: BankFix::Off, ..mapping.clone() })
    } else {
        Err(String::new())
    };
    let modules = report_svg::Modules {
        default,
        baseline: view(&baseline_owned),
        unfixed: if fixes { view(&unfixed_owned) } else { Ok(default) },
    };
    let svg = report_svg::render(&modules, source, &target, size);
    let text = if path.ends_with(".html") { report_svg::html(&svg) } else { svg };
    write_output(path, text.as_bytes())
}

/// A module lowered by [`lower_again`], or why there is none.
fn view(o: &Result<(Context, OpId), String>) -> Result<report_svg::Lowered<'_>, String> {
    match o {
        Ok((ctx, module)) => Ok(report_svg::Lowered { ctx, module: *module }),
        Err(e) => Err(format!("the pipeline failed: {e}")),
    }
}

/// The input through the pipeline of `m` to the gpu level, in a context of its own; on failure,
/// the first diagnostic's message.
fn lower_again(input: &Path, source: &report_svg::Source<'_>, m: &Mapping) -> Result<(Context, OpId), String> {
    let mut ctx = Context::new(sharc_dialects::registry());
    let module = match source {
        report_svg::Source::Mlir => load_mlir(&mut ctx, input)?.0,
        report_svg::Source::C { path, opts } => {
            let result = compile_file(&mut ctx, path, opts);
            match result.module {
                Some(module) if !result.failed() => module,
                _ => return Err(render_all(&result)),
            }
        }
    };
    let passes = sharc_tools::pass_registry();
    pipeline::lower(&mut ctx, module, &passes, m, Level::Gpu, RunOptions::default()).map_err(|d| d.message)?;
    Ok((ctx, module))
}

/// Parses and verifies the MLIR module at `path`; on failure, the rendered diagnostic.
fn load_mlir(ctx: &mut Context, path: &Path) -> Result<(OpId, Option<SourceMap>), String> {
    let input =
        sharc_tools::read_input(&path.display().to_string()).map_err(|e| sharc_tools::tool_message("sharcc", &e))?;
    let mut files = SourceMap::default();
    files.add(&input.name, input.text.clone());
    let module = parse_source(ctx, &input.name, &input.text, &ParseOptions::default()).map_err(|d| files.render(&d))?;
    sharc_ir::verifier::verify(ctx, module).map_err(|d| files.render(&d))?;
    Ok((module, Some(files)))
}

/// The code generator's target and output format for `--target NAME` and `--emit=FORMAT`.
fn codegen_target(name: &str, format: &str) -> Result<(CodegenTarget, Emit), String> {
    let target = if name == "host" {
        CodegenTarget::host()
    } else {
        let t = sharc_machine::Target::load(name).map_err(|e| e.to_string())?;
        CodegenTarget::from_description(&t).map_err(|e| format!("target '{name}': {e}"))?
    };
    let emit = Emit::parse(format, target.arch).map_err(|e| format!("{e} (target '{name}')"))?;
    Ok((target, emit))
}

fn write_output(out: &str, bytes: &[u8]) -> ExitCode {
    if out == "-" {
        if let Err(e) = std::io::stdout().lock().write_all(bytes) {
            eprintln!("sharcc: error: cannot write the output: {e}");
            return ExitCode::FAILURE;
        }
    } else if let Err(e) = std::fs::write(out, bytes) {
        eprintln!("sharcc: error: cannot write '{out}': {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
