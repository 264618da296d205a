//! `sharc-translate`: gpu-level IR to LLVM IR, PTX, HSACO, assembly or objects (LLVM 22).
//!
//! ```text
//! sharc-translate FILE (--target NAME|PATH.toml | --triple T --chip C [--features F])
//!                 [--emit llvm|ptx|hsaco|asm|obj] [-O0|-O1|-O2|-O3] [-o OUT]
//! ```
//!
//! See docs/tools/sharc-translate.md.

use clap::{Arg, ArgAction, ArgMatches, Command};
use sharc_codegen::{CodegenTarget, Emit};
use sharc_ir::syntax::{parse_source, ParseOptions};
use sharc_ir::{Context, Diagnostic, Location, SourceMap};
use std::io::Write;
use std::process::ExitCode;

fn command() -> Command {
    let value = |name: &'static str, help: &'static str| Arg::new(name).long(name).help(help);
    Command::new("sharc-translate")
        .about("sharc's code generator: translates the GPU kernels of a gpu-level module to LLVM IR, PTX, HSACO, assembly or objects")
        .arg(Arg::new("input").help("Input file ('-' for stdin)").default_value("-"))
        .arg(value("target", "A shipped target name, a target .toml file, or 'host'").conflicts_with("triple"))
        .arg(value("triple", "An LLVM target triple (nvptx64-nvidia-cuda, amdgcn-amd-amdhsa, x86_64-...)").requires("chip"))
        .arg(value("chip", "The processor with --triple (sm_80, gfx90a, x86-64)").requires("triple"))
        // A feature list may start with '-' (`-ptx75,+sm_80`): a value, not an option.
        .arg(value("features", "LLVM target features with --triple (+ptx78, -ptx75)").requires("triple").allow_hyphen_values(true))
        .arg(value("emit", "Output format").value_parser(["llvm", "ptx", "hsaco", "asm", "obj"]).default_value("llvm"))
        .arg(Arg::new("opt").short('O').help("Optimisation level: -O0, -O1, -O2 (default), -O3").value_parser(["0", "1", "2", "3"]).default_value("2"))
        .arg(Arg::new("output").short('o').help("Output file ('-' for stdout)").default_value("-"))
        .arg(Arg::new("list-targets").long("list-targets").action(ArgAction::SetTrue).help("List the shipped targets"))
}

#[global_allocator]
static ALLOCATOR: sharc_tools::Allocator = sharc_tools::Allocator;

fn main() -> ExitCode {
    let cmd = command();
    let args = sharc_tools::normalize_args(&cmd, std::env::args());
    let m = match cmd.try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) => return sharc_tools::usage_error("sharc-translate", &e),
    };
    match run(&m) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprint!("{}", sharc_tools::tool_message("sharc-translate", &msg));
            ExitCode::FAILURE
        }
    }
}

/// The target from `--target` or `--triple`/`--chip`.
fn target(m: &ArgMatches) -> Result<CodegenTarget, String> {
    if let Some(t) = m.get_one::<String>("triple") {
        let chip = m.get_one::<String>("chip").map_or("", String::as_str);
        let features = m.get_one::<String>("features").map_or("", String::as_str);
        return CodegenTarget::new(t, chip, features).map_err(|e| format!("error: {e}"));
    }
    match m.get_one::<String>("target").map(String::as_str) {
        Some("host") => Ok(CodegenTarget::host()),
        Some(name) => {
            let t = sharc_machine::Target::load(name).map_err(|e| format!("error: {e}"))?;
            CodegenTarget::from_description(&t).map_err(|e| format!("error: target '{name}': {e}"))
        }
        None => Err("error: no target: give --target NAME|PATH.toml|host, or --triple and --chip".to_string()),
    }
}

/// A diagnostic as text: located ones with the source line and caret, the rest (the target,
/// the linker) as a plain `error: ...`.
fn render(sources: &SourceMap, d: &Diagnostic) -> String {
    match d.loc {
        Location::Unknown => format!("error: {}\n", d.message),
        _ => sources.render(d),
    }
}

fn run(m: &ArgMatches) -> Result<(), String> {
    if m.get_flag("list-targets") {
        for name in sharc_machine::Target::shipped_names() {
            let t = sharc_machine::Target::load(name).map_err(|e| format!("error: {e}"))?;
            println!("{name:<12} {} {} {}", t.llvm_triple, t.llvm_chip, t.llvm_features);
        }
        println!("{:<12} the host CPU (x86-64), for running kernels with sharc-run --exec=host", "host");
        return Ok(());
    }
    let target = target(m)?;
    let emit = Emit::parse(m.get_one::<String>("emit").map_or("llvm", String::as_str), target.arch)
        .map_err(|e| format!("error: {e}"))?;
    let opt: u8 = m.get_one::<String>("opt").and_then(|s| s.parse().ok()).unwrap_or(2);
    let path = m.get_one::<String>("input").map_or("-", String::as_str);
    let input = sharc_tools::read_input(path)?;
    let mut sources = SourceMap::default();
    sources.add(&input.name, input.text.clone());
    let mut ctx = Context::new(sharc_dialects::registry());
    let module =
        parse_source(&mut ctx, &input.name, &input.text, &ParseOptions::default()).map_err(|d| sources.render(&d))?;
    sharc_ir::verifier::verify(&ctx, module).map_err(|d| sources.render(&d))?;
    let bytes = sharc_codegen::translate(&ctx, module, &target, opt, emit).map_err(|d| render(&sources, &d))?;
    let out = m.get_one::<String>("output").map_or("-", String::as_str);
    if out == "-" {
        std::io::stdout().lock().write_all(&bytes).map_err(|e| format!("error: cannot write output: {e}"))
    } else {
        std::fs::write(out, &bytes).map_err(|e| format!("error: cannot write '{out}': {e}"))
    }
}
