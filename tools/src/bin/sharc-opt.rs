//! `sharc-opt`: runs passes on textual IR, with mlir-opt's conventions.
//!
//! ```text
//! sharc-opt input.mlir --pass-pipeline='builtin.module(func.func(canonicalize,cse))' -o out.mlir
//! sharc-opt input.mlir --canonicalize --cse="..." -split-input-file --verify-diagnostics
//! ```

use clap::{Arg, ArgAction, ArgMatches, Command};
use sharc_ir::pass::{OptionKind, PassManager, PassOptions, PassRegistry, RunOptions, PIPELINE_SOURCE};
use sharc_ir::syntax::split::split_input;
use sharc_ir::syntax::{parse_source, print_op, ParseOptions, PrintOptions};
use sharc_ir::{Context, Diagnostic, SourceMap};
use sharc_tools::expected;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn command(passes: &PassRegistry) -> Command {
    let mut cmd = Command::new("sharc-opt")
        .about("sharc modular optimizer driver: runs passes on textual IR (like mlir-opt)")
        .arg(Arg::new("input").default_value("-").help("Input file ('-' for stdin)"))
        .arg(Arg::new("output").short('o').default_value("-").help("Output file ('-' for stdout)"))
        .arg(
            Arg::new("pass-pipeline")
                .long("pass-pipeline")
                .help("A textual pass pipeline, e.g. 'builtin.module(func.func(canonicalize,cse))'"),
        )
        .arg(flag("split-input-file", "Split the input at '// -----' lines and process each chunk on its own"))
        .arg(flag("verify-diagnostics", "Check that emitted diagnostics match expected-* comments in the input"))
        .arg(flag("mlir-print-ir-after-all", "Print the IR after every pass (to stderr)"))
        .arg(flag("mlir-timing", "Print the time spent parsing, in each pass, and printing (to stderr)"))
        .arg(flag("mlir-print-debuginfo", "Print locations"))
        .arg(flag("mlir-print-op-generic", "Print every op in generic form"))
        .arg(flag("allow-unregistered-dialect", "Accept ops of unregistered dialects"))
        .arg(
            Arg::new("verify-each")
                .long("verify-each")
                .num_args(0..=1)
                .default_value("true")
                .default_missing_value("true")
                .value_parser(clap::value_parser!(bool))
                .help("Run the verifier after each pass"),
        )
        .arg(flag("no-verify", "Do not verify the parsed input (for debugging the verifier)"))
        .next_help_heading("Passes");
    for info in passes.all() {
        let mut help = info.summary.to_string();
        for o in info.options {
            help.push_str(&format!("\n  {}={} (default {}): {}", o.name, placeholder(o.kind), o.default, o.help));
        }
        cmd = cmd.arg(
            Arg::new(info.name)
                .long(info.name)
                .num_args(0..=1)
                .require_equals(true)
                .default_missing_value("")
                .action(ArgAction::Append)
                .help(help),
        );
    }
    cmd
}

/// The value placeholder `--help` shows: `<int>`, or an enumerated option's words.
fn placeholder(kind: OptionKind) -> String {
    match kind {
        OptionKind::Bool => "<bool>".to_string(),
        OptionKind::Int { .. } => "<int>".to_string(),
        OptionKind::IntList { .. } => "<int,...>".to_string(),
        OptionKind::Str => "<string>".to_string(),
        OptionKind::Enum(c) => {
            let mut words = (c.names)();
            words.extend(c.other.map(|o| o.placeholder));
            format!("<{}>", words.join("|"))
        }
    }
}

fn flag(name: &'static str, help: &'static str) -> Arg {
    Arg::new(name).long(name).action(ArgAction::SetTrue).help(help)
}

/// The pass manager from `--pass-pipeline` or from the pass flags, in command-line order.
fn build_pipeline(m: &ArgMatches, passes: &PassRegistry) -> Result<PassManager, String> {
    let mut flagged: Vec<(usize, &'static sharc_ir::pass::PassInfo, String)> = Vec::new();
    for info in passes.all() {
        if let (Some(idx), Some(vals)) = (m.indices_of(info.name), m.get_many::<String>(info.name)) {
            for (i, v) in idx.zip(vals) {
                flagged.push((i, info, v.clone()));
            }
        }
    }
    if let Some(text) = m.get_one::<String>("pass-pipeline") {
        if !flagged.is_empty() {
            return Err("error: '--pass-pipeline' cannot be used with individual pass options".to_string());
        }
        // Rendered as mlir-opt renders pipeline errors: the pipeline, a caret under the culprit.
        return PassManager::parse(text, passes).map_err(|e| e.render(PIPELINE_SOURCE, text).trim_end().to_string());
    }
    flagged.sort_by_key(|f| f.0);
    let mut pm = PassManager::new();
    for (_, info, text) in flagged {
        let options = PassOptions::parse(&text, info).map_err(|e| {
            // Located in the flag as written after the shell's quoting, as clang locates
            // command-line macros: `<command line>:1:col`.
            let flag = format!("--{}=", info.name);
            e.shifted(flag.len()).render("<command line>", &format!("{flag}{text}")).trim_end().to_string()
        })?;
        pm.add(info, options);
    }
    Ok(pm)
}

/// Wall time of the phases sharc-opt reports apart from the passes.
struct Timings {
    parse: Duration,
    passes: Vec<(String, Duration)>,
    print: Duration,
    verify: Duration,
}

#[global_allocator]
static ALLOCATOR: sharc_tools::Allocator = sharc_tools::Allocator;

fn main() -> ExitCode {
    // As in sharcc: passes that weigh registers (sharc-ilp) measure with ptxas or the HSACO
    // notes where installed (docs/tools/sharc-opt.md, "The register oracle").
    sharc_passes::analysis::registers::install(sharc_tools::register_oracle::oracle_factory);
    let passes = sharc_tools::pass_registry();
    let cmd = command(&passes);
    let args = sharc_tools::normalize_args(&cmd, std::env::args());
    let m = match cmd.try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) => return sharc_tools::usage_error("sharc-opt", &e),
    };
    match run(&m, &passes) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(msg) => {
            eprint!("{}", sharc_tools::tool_message("sharc-opt", &msg));
            ExitCode::FAILURE
        }
    }
}

/// Runs the tool; `Ok(false)` when diagnostics were reported.
fn run(m: &ArgMatches, passes: &PassRegistry) -> Result<bool, String> {
    let input_path = m.get_one::<String>("input").map_or("-", String::as_str);
    let output_path = m.get_one::<String>("output").map_or("-", String::as_str);
    let input = sharc_tools::read_input(input_path)?;
    let mut pm = build_pipeline(m, passes)?;
    let verify_diags = m.get_flag("verify-diagnostics");
    let run_opts = RunOptions {
        verify_each: m.get_one::<bool>("verify-each").copied().unwrap_or(true),
        print_after_all: m.get_flag("mlir-print-ir-after-all"),
        print_debuginfo: m.get_flag("mlir-print-debuginfo"),
        print_generic: m.get_flag("mlir-print-op-generic"),
        timing: m.get_flag("mlir-timing"),
    };
    let print_opts = PrintOptions { generic: run_opts.print_generic, debuginfo: run_opts.print_debuginfo };
    let parse_opts = ParseOptions { allow_unregistered: m.get_flag("allow-unregistered-dialect") };
    let mut sources = SourceMap::default();
    sources.add(&input.name, input.text.clone());

    let chunks = if m.get_flag("split-input-file") {
        split_input(&input.text)
    } else {
        vec![sharc_ir::syntax::split::Chunk { text: input.text.to_string(), first_line: 1 }]
    };
    let registry = sharc_dialects::registry();
    let mut outputs = Vec::new();
    let mut ok = true;
    let mut timings =
        Timings { parse: Duration::ZERO, passes: Vec::new(), print: Duration::ZERO, verify: Duration::ZERO };
    let mut failures = Vec::new();
    for (index, chunk) in chunks.iter().enumerate() {
        // mlir-opt prints nothing for an empty split file (but an empty module otherwise).
        if chunks.len() == 1 && chunk.text.is_empty() && m.get_flag("split-input-file") {
            continue;
        }
        let mut diags: Vec<Diagnostic> = Vec::new();
        let mut ctx = Context::new(Arc::clone(&registry));
        ctx.allow_unregistered = parse_opts.allow_unregistered;
        let result = process_chunk(
            &mut ctx,
            &input.name,
            chunk,
            &parse_opts,
            &mut pm,
            run_opts,
            print_opts,
            m.get_flag("no-verify"),
            &mut diags,
            &mut timings,
        );
        // mlir-opt ends each chunk's output with a blank line; a chunk that failed prints
        // nothing but still gets its `// -----` separator.
        match result {
            Ok(text) => outputs.push(text + "\n"),
            Err(d) => {
                outputs.push(String::new());
                diags.push(d);
            }
        }
        if verify_diags {
            let mut exp = expected::parse_expectations(&chunk.text, &input.name).map_err(|d| sources.render(&d))?;
            failures.extend(expected::check(&mut exp, &diags, &input.name));
        } else {
            let failed = diags.iter().any(|d| d.severity == sharc_ir::Severity::Error);
            ok &= !failed;
            eprint!("{}", sharc_tools::render("sharc-opt", &sources, &diags));
        }
        if index + 1 == chunks.len() {
            // The process ends once the output is written: freeing the last chunk's IR, one
            // `free` per op, value, operand list and name, would be wasted work (about 6 % of
            // the run on a large module). The OS takes the memory back, as with clang's
            // `-disable-free`. Earlier chunks are freed, so `-split-input-file` runs stay small.
            std::mem::forget(ctx);
        }
    }
    if verify_diags && !failures.is_empty() {
        eprint!("{}", sharc_tools::render("sharc-opt", &sources, &failures));
        ok = false;
    }
    let start = Instant::now();
    // One chunk (no `-split-input-file`): write its text as it is; joining would copy the
    // whole output once more.
    let text = match outputs.len() {
        1 => outputs.pop().unwrap_or_default(),
        _ => outputs.join("// -----\n"),
    };
    sharc_tools::write_output(output_path, &text)?;
    timings.print += start.elapsed();
    if run_opts.timing {
        print_timing(&timings);
    }
    Ok(ok)
}

#[allow(clippy::too_many_arguments)]
fn process_chunk(
    ctx: &mut Context,
    name: &str,
    chunk: &sharc_ir::syntax::split::Chunk,
    parse_opts: &ParseOptions,
    pm: &mut PassManager,
    run_opts: RunOptions,
    print_opts: PrintOptions,
    no_verify: bool,
    diags: &mut Vec<Diagnostic>,
    timings: &mut Timings,
) -> Result<String, Diagnostic> {
    let start = Instant::now();
    let module = parse_source(ctx, name, &chunk.text, parse_opts)?;
    timings.parse += start.elapsed();
    if !no_verify {
        let start = Instant::now();
        sharc_ir::verifier::verify(ctx, module)?;
        timings.verify += start.elapsed();
    }
    let report = pm.run(ctx, module, run_opts)?;
    diags.extend(report.diagnostics);
    for d in &report.dumps {
        eprint!("{d}");
    }
    for (n, t) in report.timings {
        match timings.passes.iter_mut().find(|(p, _)| *p == n) {
            Some(e) => e.1 += t,
            None => timings.passes.push((n, t)),
        }
    }
    let start = Instant::now();
    let text = print_op(ctx, module, print_opts);
    timings.print += start.elapsed();
    Ok(text)
}

fn print_timing(t: &Timings) {
    let mut report = sharc_tools::timing::Timings::default();
    report.add("Parser", t.parse);
    report.add("Verifier", t.verify);
    for (n, d) in &t.passes {
        report.add(n, *d);
    }
    report.add("Output", t.print);
    eprint!("{}", report.render());
}
