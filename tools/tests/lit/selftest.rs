//! Self-tests of the harness's own logic, run as tests named `lit-selftest::...` beside the test files
//! (`cargo test -p sharc-tools --test lit -- lit-selftest` runs them with `test/lit-selftest/`).
//!
//! They cover what no test file can show on every machine: what a missing feature does, strict or not.
//! Feature lookup is a table here instead of the file system, with the real classification
//! ([`toolpaths::provision`]), so the decisions are the ones the harness makes on a machine lacking them.

use std::path::{Path, PathBuf};

use libtest_mimic::{Failed, Trial};

use super::requires::{plan, Plan};
use super::script::parse;
use super::toolpaths::{self, Feature, Provision};

/// A feature lookup where exactly the features in `present` are there.
fn lookup(present: &'static [&'static str]) -> impl Fn(&str) -> Result<(Provision, Feature), String> {
    move |name| {
        let provision = toolpaths::provision(name).ok_or_else(|| format!("unknown REQUIRES feature `{name}`"))?;
        Ok((provision, if present.contains(&name) { Feature::Present } else { Feature::Absent("absent".into()) }))
    }
}

/// The plan for the test file `text`, with `present` features, strict or not.
fn plan_of(text: &str, strict: bool, present: &'static [&'static str]) -> Result<Plan, Failed> {
    let script = parse(text).map_err(|e| format!("line {}: {}", e.line, e.message))?;
    Ok(plan(&script, strict, &lookup(present)))
}

fn expect(what: &str, got: Plan, want: impl Fn(&Plan) -> bool) -> Result<(), Failed> {
    if want(&got) {
        Ok(())
    } else {
        Err(format!("{what}: unexpected plan {got:?}").into())
    }
}

const FILE_NEEDS_MLIR_OPT: &str = "// REQUIRES: mlir-opt\n// RUN: mlir-opt --version\n";
const FILE_NEEDS_GPU: &str = "// REQUIRES: gpu\n// RUN: true\n";
const LINE_NEEDS_MLIR_OPT: &str = "// RUN: sharc-opt %s\n// RUN: %if mlir-opt %{ sharc-opt %s | \\\n\
                                   // RUN:   mlir-opt %}\n// RUN: sharc-opt %s | sharc-opt\n";

fn strict_missing_setup_tool_fails() -> Result<(), Failed> {
    expect(
        "REQUIRES mlir-opt, strict, no mlir-opt",
        plan_of(FILE_NEEDS_MLIR_OPT, true, &[])?,
        |p| matches!(p, Plan::Fail { line: 1, message } if message.contains("SHARC_LIT_STRICT") && message.contains("mlir-opt")),
    )?;
    expect("REQUIRES mlir-opt, strict, mlir-opt present", plan_of(FILE_NEEDS_MLIR_OPT, true, &["mlir-opt"])?, |p| {
        *p == Plan::Run { skipped_runs: vec![], notes: vec![] }
    })
}

fn missing_setup_tool_skips_without_strict() -> Result<(), Failed> {
    expect(
        "REQUIRES mlir-opt, not strict, no mlir-opt",
        plan_of(FILE_NEEDS_MLIR_OPT, false, &[])?,
        |p| matches!(p, Plan::Skip(why) if why.contains("mlir-opt")),
    )
}

fn strict_missing_gpu_skips() -> Result<(), Failed> {
    for strict in [true, false] {
        expect(
            &format!("REQUIRES gpu, strict={strict}, no GPU"),
            plan_of(FILE_NEEDS_GPU, strict, &[])?,
            |p| matches!(p, Plan::Skip(why) if why.contains("gpu")),
        )?;
    }
    // With a file-level machine feature missing, strict mode still fails on a missing setup tool.
    let both = "// REQUIRES: gpu, ptxas\n// RUN: true\n";
    expect(
        "REQUIRES gpu, ptxas, strict, neither",
        plan_of(both, true, &[])?,
        |p| matches!(p, Plan::Fail { message, .. } if message.contains("ptxas")),
    )
}

fn missing_build_feature_skips() -> Result<(), Failed> {
    // A `--no-default-features` build of the tools has no `upstream` pass: its tests skip, in CI's
    // strict mode too, since no setup step can add a cargo feature.
    for strict in [true, false] {
        expect(
            &format!("REQUIRES upstream, strict={strict}, built without it"),
            plan_of("// REQUIRES: upstream\n// RUN: true\n", strict, &[])?,
            |p| matches!(p, Plan::Skip(why) if why.contains("upstream")),
        )?;
    }
    expect(
        "REQUIRES upstream, built with it",
        plan_of("// REQUIRES: upstream\n// RUN: true\n", true, &["upstream"])?,
        |p| *p == Plan::Run { skipped_runs: vec![], notes: vec![] },
    )
}

fn if_line_left_out_without_strict() -> Result<(), Failed> {
    expect(
        "%if mlir-opt, not strict, no mlir-opt",
        plan_of(LINE_NEEDS_MLIR_OPT, false, &[])?,
        |p| matches!(p, Plan::Run { skipped_runs, notes } if *skipped_runs == [1] && notes.len() == 1 && notes[0].contains("RUN line 2")),
    )?;
    expect("%if mlir-opt, strict, mlir-opt present", plan_of(LINE_NEEDS_MLIR_OPT, true, &["mlir-opt"])?, |p| {
        *p == Plan::Run { skipped_runs: vec![], notes: vec![] }
    })?;
    let gpu_line = "// RUN: true\n// RUN: %if gpu %{ true %}\n";
    expect(
        "%if gpu, strict, no GPU",
        plan_of(gpu_line, true, &[])?,
        |p| matches!(p, Plan::Run { skipped_runs, .. } if *skipped_runs == [1]),
    )
}

fn if_line_fails_in_strict_mode() -> Result<(), Failed> {
    expect(
        "%if mlir-opt, strict, no mlir-opt",
        plan_of(LINE_NEEDS_MLIR_OPT, true, &[])?,
        |p| matches!(p, Plan::Fail { line: 2, message } if message.contains("mlir-opt")),
    )
}

fn unknown_feature_fails() -> Result<(), Failed> {
    for strict in [true, false] {
        for text in ["// REQUIRES: mlir_opt\n// RUN: true\n", "// RUN: %if mlir_opt %{ true %}\n"] {
            expect(
                &format!("unknown feature, strict={strict}: {text:?}"),
                plan_of(text, strict, &["mlir-opt"])?,
                |p| matches!(p, Plan::Fail { message, .. } if message.contains("mlir_opt")),
            )?;
        }
    }
    Ok(())
}

/// `%if` is accepted around a whole command only; every other form is an error, never a line run as
/// written.
fn if_forms() -> Result<(), Failed> {
    let script = parse(LINE_NEEDS_MLIR_OPT).map_err(|e| e.message)?;
    let run = &script.runs[1];
    let feature = run.requires.as_ref().map(|r| r.name.as_str());
    if run.text != "sharc-opt %s | mlir-opt" || feature != Some("mlir-opt") || run.line != 2 {
        return Err(format!("`%if` parsed as {:?} needing {feature:?} at line {}", run.text, run.line).into());
    }
    if script.runs[0].requires.is_some() || script.runs[2].requires.is_some() {
        return Err("a RUN line without `%if` got a feature".into());
    }
    for bad in [
        "// RUN: true && %if mlir-opt %{ mlir-opt %}\n",
        "// RUN: %if mlir-opt %{ mlir-opt %} %else %{ true %}\n",
        "// RUN: %if mlir-opt %{ mlir-opt\n",
        "// RUN: %if mlir-opt mlir-opt %}\n",
        "// RUN: %if mlir-opt && ptxas %{ mlir-opt %}\n",
        "// RUN: %if mlir-opt %{ %}\n",
    ] {
        match parse(bad) {
            Err(e) if e.line == 1 && e.message.contains("%if") => {}
            Err(e) => return Err(format!("{bad:?}: wrong error at line {}: {}", e.line, e.message).into()),
            Ok(_) => return Err(format!("{bad:?} was accepted").into()),
        }
    }
    // `%%` is a literal percent sign, so `%%if` is text, not a conditional.
    parse("// RUN: printf '%%if' | FileCheck %s\n").map(|_| ()).map_err(|e| e.message.into())
}

/// scripts/setup.sh checks each LLVM tool after installing; the tools it checks must be exactly those the
/// harness treats as installed by setup, or strict mode would fail tests on a machine setup calls fine.
fn setup_checks_every_llvm_tool(repo_root: &Path) -> Result<(), Failed> {
    let setup = repo_root.join("scripts/setup.sh");
    let text = std::fs::read_to_string(&setup).map_err(|e| format!("cannot read {}: {e}", setup.display()))?;
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("for tool in "))
        .ok_or_else(|| format!("{}: no `for tool in ...` check of the installed tools", setup.display()))?;
    let listed = line.trim_start().trim_start_matches("for tool in ").split(';').next().unwrap_or_default();
    let mut checked: Vec<&str> = listed.split_whitespace().collect();
    let mut expected: Vec<&str> = toolpaths::LLVM_TOOLS.to_vec();
    checked.sort_unstable();
    expected.sort_unstable();
    if checked == expected {
        Ok(())
    } else {
        Err(format!(
            "{} checks {checked:?} after install, but the lit harness treats {expected:?} as installed by \
             setup (toolpaths::LLVM_TOOLS): keep them equal",
            setup.display()
        )
        .into())
    }
}

/// The self-tests, as trials.
pub fn trials(repo_root: &Path) -> Vec<Trial> {
    let root: PathBuf = repo_root.to_path_buf();
    type Test = fn() -> Result<(), Failed>;
    let tests: [(&str, Test); 8] = [
        ("strict-missing-setup-tool-fails", strict_missing_setup_tool_fails),
        ("missing-setup-tool-skips-without-strict", missing_setup_tool_skips_without_strict),
        ("strict-missing-gpu-skips", strict_missing_gpu_skips),
        ("missing-build-feature-skips", missing_build_feature_skips),
        ("if-line-left-out-without-strict", if_line_left_out_without_strict),
        ("if-line-fails-in-strict-mode", if_line_fails_in_strict_mode),
        ("unknown-feature-fails", unknown_feature_fails),
        ("if-forms", if_forms),
    ];
    let mut trials: Vec<Trial> =
        tests.into_iter().map(|(name, test)| Trial::test(format!("lit-selftest::{name}"), test)).collect();
    trials.push(Trial::test("lit-selftest::setup-checks-every-llvm-tool", move || setup_checks_every_llvm_tool(&root)));
    trials
}
