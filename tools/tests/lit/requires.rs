//! What a test file does on this machine, given its `REQUIRES:` lines, its `%if` RUN lines and strict mode.
//!
//! - A missing feature of a file-level `REQUIRES:` skips the whole file. The harness reports the file as
//!   ignored, so cargo's summary (and scripts/test.sh's closing line) counts it as skipped, not passed.
//! - A `%if FEATURE %{ ... %}` RUN line whose feature is missing is left out with a note; the file's other
//!   RUN lines still run, and the file passes or fails on them.
//! - Strict mode (`SHARC_LIT_STRICT=1`, which .ci/run sets): a missing feature that cargo or
//!   scripts/setup.sh provides ([`Provision::Setup`]) fails the file instead, since on a machine that ran
//!   setup it means a broken setup, not a test that does not apply. A feature a machine may lack for good
//!   ([`Provision::Machine`], a GPU) skips as without strict mode.
//! - An unknown feature name fails the file in either mode, so a typo cannot skip anything.

use super::script::{Requirement, Script};
use super::toolpaths::{Feature, Provision};

/// The environment variable that turns strict mode on.
pub const STRICT_VAR: &str = "SHARC_LIT_STRICT";

/// Whether strict mode is on: `SHARC_LIT_STRICT` is set to anything but empty or `0`.
pub fn strict_from_env() -> bool {
    std::env::var_os(STRICT_VAR).is_some_and(|v| !v.is_empty() && v != "0")
}

/// What to do with one test file.
#[derive(Debug, PartialEq, Eq)]
pub enum Plan {
    /// Run the RUN lines, except those whose indices (into `Script::runs`) are in `skipped_runs`; `notes`
    /// say why each was left out.
    Run { skipped_runs: Vec<usize>, notes: Vec<String> },
    /// Skip the whole file (a file-level REQUIRES is not met), for this reason.
    Skip(String),
    /// Fail the file: `line` of the test file, and what is wrong.
    Fail { line: usize, message: String },
}

/// How a feature is provided and whether this machine has it, or why the name is no feature.
pub type Lookup<'a> = dyn Fn(&str) -> Result<(Provision, Feature), String> + 'a;

/// A feature whose absence the plan must act on.
struct Missing<'a> {
    requirement: &'a Requirement,
    provision: Provision,
    why: String,
}

/// Decides what to do with `script`; `lookup` says how a feature is provided and whether it is there (the
/// harness passes `Tools::feature`, the self-tests a table, so the decision is testable on any machine).
pub fn plan(script: &Script, strict: bool, lookup: &Lookup<'_>) -> Plan {
    let file_level = script.requires.iter();
    let per_line = script.runs.iter().filter_map(|run| run.requires.as_ref());
    let mut missing: Vec<Missing<'_>> = Vec::new();
    for requirement in file_level.chain(per_line) {
        match lookup(&requirement.name) {
            Ok((_, Feature::Present)) => {}
            Ok((provision, Feature::Absent(why))) => missing.push(Missing { requirement, provision, why }),
            Err(message) => return Plan::Fail { line: requirement.line, message },
        }
    }
    if strict {
        if let Some(m) = missing.iter().find(|m| m.provision == Provision::Setup) {
            let otherwise = match is_file_level(script, m.requirement) {
                true => "the file would be skipped",
                false => "the line would be left out",
            };
            return Plan::Fail {
                line: m.requirement.line,
                message: format!(
                    "{STRICT_VAR} is set and `{}` is missing ({}): scripts/setup.sh provides it, so a \
                     machine without it is not set up; run scripts/setup.sh (without {STRICT_VAR}, \
                     {otherwise})",
                    m.requirement.name, m.why
                ),
            };
        }
    }
    if let Some(m) = missing.iter().find(|m| is_file_level(script, m.requirement)) {
        return Plan::Skip(format!("REQUIRES {} is not met ({})", m.requirement.name, m.why));
    }
    let mut skipped_runs = Vec::new();
    let mut notes = Vec::new();
    for (index, run) in script.runs.iter().enumerate() {
        let Some(requirement) = &run.requires else {
            continue;
        };
        if let Some(m) = missing.iter().find(|m| std::ptr::eq(m.requirement, requirement)) {
            skipped_runs.push(index);
            notes.push(format!("RUN line {} left out: %if {} is not met ({})", run.line, requirement.name, m.why));
        }
    }
    Plan::Run { skipped_runs, notes }
}

/// Whether `requirement` is one of the file-level `REQUIRES:` (not a `%if` of one RUN line).
fn is_file_level(script: &Script, requirement: &Requirement) -> bool {
    script.requires.iter().any(|r| std::ptr::eq(r, requirement))
}
