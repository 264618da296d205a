//! `sharcc`: sharc's driver, from C with OpenACC and `share` pragmas (or `.mlir`) to the levels
//! sharc compiles through.
//!
//! ```text
//! sharcc FILE.c [-I DIR]... [-D NAME[=VALUE]]... [--function NAME] --emit=affine [-o OUT]
//! ```
//!
//! Diagnostics follow a C compiler's conventions (`file:line:col: error: ...`, the source line
//! and a caret); warnings (an OpenACC loop that must stay sequential) do not stop compilation.
//! See docs/tools/sharcc.md.

use clap::{Arg, ArgAction, Command};
use sharc_frontend::{compile_file, Options};
use sharc_ir::syntax::{print_op, PrintOptions};
use sharc_ir::Context;
use std::path::PathBuf;
use std::process::ExitCode;

fn command() -> Command {
    Command::new("sharcc")
        .about("sharc's compiler driver: OpenACC C with the share pragma to sharc's IR levels")
        .arg(Arg::new("input").help("The C file").required(true))
        .arg(
            Arg::new("include").short('I').help("Add a directory to the include search path").action(ArgAction::Append),
        )
        .arg(Arg::new("define").short('D').help("Define a macro (NAME or NAME=VALUE)").action(ArgAction::Append))
        .arg(Arg::new("function").long("function").help("Compile only this function"))
        .arg(
            Arg::new("emit")
                .long("emit")
                .help("What to produce")
                .value_parser(["affine", "c-harness"])
                .default_value("affine"),
        )
        .arg(Arg::new("output").short('o').help("Output file ('-' for stdout)").default_value("-"))
        .arg(
            Arg::new("debuginfo")
                .long("mlir-print-debuginfo")
                .action(ArgAction::SetTrue)
                .help("Print source locations (loc(\"file.c\":line:col)) on the IR"),
        )
}

fn main() -> ExitCode {
    let m = match command().try_get_matches_from(std::env::args()) {
        Ok(m) => m,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { ExitCode::from(2) } else { ExitCode::SUCCESS };
        }
    };
    let input = PathBuf::from(m.get_one::<String>("input").expect("required"));
    let opts = Options {
        include_dirs: m.get_many::<String>("include").into_iter().flatten().map(PathBuf::from).collect(),
        defines: m.get_many::<String>("define").into_iter().flatten().cloned().collect(),
        function: m.get_one::<String>("function").cloned(),
    };
    let out = m.get_one::<String>("output").expect("default");
    if m.get_one::<String>("emit").is_some_and(|e| e == "c-harness") {
        return match sharc_frontend::c_harness_file(&input, &opts) {
            Ok(text) => write_output(out, &text),
            Err(failed) => {
                eprint!("{}", failed.render());
                ExitCode::FAILURE
            }
        };
    }
    let mut ctx = Context::new(sharc_dialects::registry());
    let result = compile_file(&mut ctx, &input, &opts);
    eprint!("{}", result.render());
    if result.failed() {
        return ExitCode::FAILURE;
    }
    let module = result.module.expect("compiled");
    let mut text = print_op(&ctx, module, PrintOptions { generic: false, debuginfo: m.get_flag("debuginfo") });
    text.push('\n');
    write_output(out, &text)
}

fn write_output(out: &str, text: &str) -> ExitCode {
    if out == "-" {
        print!("{text}");
    } else if let Err(e) = std::fs::write(out, text) {
        eprintln!("sharcc: error: cannot write '{out}': {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
