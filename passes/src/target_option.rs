//! The `target` option of the passes that read a GPU description (`sharc-partition`,
//! `sharc-map-baseline`, `sharc-bank-report`): one declaration of its values, a shipped target
//! (the list `sharc-machine` embeds from `targets/`) or the path of a description file, so that
//! `--help`, the docs and the option parser's errors list the shipped targets from the data.

use sharc_ir::pass::{Choices, OtherValues, PassOption};
use sharc_machine::Target;

/// The target a pass models when none is given.
pub const DEFAULT_TARGET: &str = "a100";

/// The values of a `target` option.
pub const TARGETS: Choices = Choices {
    names: Target::shipped_names,
    other: Some(OtherValues { what: "the path of a target .toml file", placeholder: "FILE.toml", accepts: is_file }),
};

fn is_file(value: &str) -> bool {
    std::path::Path::new(value).is_file()
}

/// A pass's `target` option; `help` says what the pass takes from the target.
pub const fn target_option(help: &'static str) -> PassOption<String> {
    PassOption::choice("target", DEFAULT_TARGET, TARGETS, help)
}
