//! Reference docs generated from the registries: `docs/dialects/<dialect>.md` from each
//! [`Dialect`] and its [`OpSpec`]s, `docs/passes/<pass>.md` from each [`PassInfo`], and an index
//! of each directory (`README.md`).
//!
//! The declarations are the single source: an op's summary, traits, description (syntax and
//! example) and inherent attributes, a pass's summary, anchor, options and description. Nothing
//! here is written by hand, so the files cannot drift from the code; `tools/tests/docs.rs` fails
//! when a checked-in file differs from what [`generate`] renders, and rewrites them with
//! `SHARC_UPDATE_DOCS=1`.
//!
//! Rendering is deterministic: ops are sorted by name, passes by name, dialects keep registration
//! order.

use sharc_ir::pass::{OptionKind, PassInfo, PassOptionSpec, PassRegistry};
use sharc_ir::registry::Dialect;
use sharc_ir::{DialectRegistry, OpSpec, OpTraits};
use std::fmt::Write as _;

/// The directory of the generated dialect docs, relative to the repository root.
pub const DIALECTS_DIR: &str = "docs/dialects";
/// The directory of the generated pass docs, relative to the repository root.
pub const PASSES_DIR: &str = "docs/passes";
/// The command that regenerates every generated doc.
pub const UPDATE_COMMAND: &str = "SHARC_UPDATE_DOCS=1 cargo test -p sharc-tools --test docs";

/// One generated file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocFile {
    /// Path relative to the repository root (`docs/dialects/arith.md`).
    pub path: String,
    /// Contents.
    pub text: String,
}

/// Every generated file: one per dialect, one per pass, and the two indexes.
pub fn generate(dialects: &DialectRegistry, passes: &PassRegistry) -> Vec<DocFile> {
    let mut files = Vec::new();
    let ds = dialects.dialects();
    files.push(DocFile { path: format!("{DIALECTS_DIR}/README.md"), text: dialect_index(ds) });
    for d in ds {
        files.push(DocFile { path: format!("{DIALECTS_DIR}/{}.md", d.name), text: dialect_doc(d) });
    }
    let ps = passes.all();
    files.push(DocFile { path: format!("{PASSES_DIR}/README.md"), text: pass_index(&ps) });
    for p in &ps {
        files.push(DocFile { path: format!("{PASSES_DIR}/{}.md", p.name), text: pass_doc(p) });
    }
    files
}

fn header(out: &mut String, source: &str) {
    let _ = writeln!(out, "<!-- Generated from {source}; do not edit. Regenerate: `{UPDATE_COMMAND}` -->\n");
}

/// `docs/dialects/README.md`: every dialect with its op count and the first sentence of its
/// description.
pub fn dialect_index(dialects: &[&Dialect]) -> String {
    let mut out = String::new();
    header(&mut out, "the dialect registry (`sharc_dialects::registry()`)");
    out.push_str("# Dialects\n\n");
    out.push_str(
        "One page per dialect, generated from its `Dialect` value and the `OpSpec` of each op \
         (summary, traits, description with syntax and example, inherent attributes).\n\n",
    );
    out.push_str("| dialect | ops | description |\n|---|---|---|\n");
    for d in dialects {
        let _ = writeln!(
            out,
            "| [{name}]({name}.md) | {} | {} |",
            d.ops.len(),
            cell(&first_sentence(d.description)),
            name = d.name
        );
    }
    out
}

/// `docs/dialects/<name>.md`: the dialect's description, a table of its ops, then one section
/// per op.
pub fn dialect_doc(d: &Dialect) -> String {
    let mut out = String::new();
    header(&mut out, &format!("the `{}` dialect's registration (`dialects/src/{}/`)", d.name, d.name));
    let _ = writeln!(out, "# '{}' dialect\n", d.name);
    let desc = clean_text(d.description);
    if desc.is_empty() {
        out.push_str("_No description yet._\n\n");
    } else {
        let _ = writeln!(out, "{desc}\n");
    }
    let mut ops: Vec<&OpSpec> = d.ops.to_vec();
    ops.sort_by_key(|s| s.name);
    if ops.is_empty() {
        out.push_str("_No operations registered yet._\n");
        return out;
    }
    out.push_str("| op | summary |\n|---|---|\n");
    for s in &ops {
        let _ = writeln!(out, "| [`{}`](#{}) | {} |", s.name, anchor(s.name), cell(s.summary));
    }
    out.push('\n');
    for s in &ops {
        op_section(&mut out, s);
    }
    let len = out.trim_end().len();
    out.truncate(len);
    out.push('\n');
    out
}

fn op_section(out: &mut String, s: &OpSpec) {
    let _ = writeln!(out, "## {}\n", s.name);
    if !s.summary.is_empty() {
        let _ = writeln!(out, "_{}_\n", s.summary.trim());
    }
    let facts = op_facts(s);
    if !facts.is_empty() {
        let _ = writeln!(out, "Traits: {}.\n", facts.join("; "));
    }
    let desc = demote_headings(&clean_text(s.description), 2);
    if desc.is_empty() {
        out.push_str("_No description yet._\n\n");
    } else {
        let _ = writeln!(out, "{desc}\n");
    }
    if !s.inherent_attrs.is_empty() {
        out.push_str("Inherent attributes (printed as `<{...}>` properties in generic form): ");
        let names: Vec<String> = s.inherent_attrs.iter().map(|a| format!("`{a}`")).collect();
        let _ = writeln!(out, "{}.\n", names.join(", "));
    }
}

/// The traits of an op in words, in a fixed order, followed by the implicit terminator and
/// default dialect.
pub fn op_facts(s: &OpSpec) -> Vec<String> {
    const WORDS: &[(OpTraits, &str)] = &[
        (OpTraits::PURE, "pure (no side effects: may be CSE'd, hoisted, or erased when unused)"),
        (OpTraits::MEMORY_EFFECTS, "reads or writes memory"),
        (OpTraits::COMMUTATIVE, "commutative"),
        (OpTraits::CONSTANT_LIKE, "constant-like (its `value` attribute is its result)"),
        (OpTraits::TERMINATOR, "terminator (last op of its block)"),
        (OpTraits::RETURN_LIKE, "return-like (returns control to its parent op)"),
        (OpTraits::ISOLATED_FROM_ABOVE, "isolated from above (its regions use no value defined outside)"),
        (OpTraits::SYMBOL, "defines a symbol (`sym_name`)"),
        (OpTraits::SYMBOL_TABLE, "symbol table (its region's symbols have distinct names)"),
        (OpTraits::AFFINE_SCOPE, "affine scope (starts a new scope for affine symbols)"),
        (OpTraits::LOOP_LIKE, "loop-like (entry-block arguments are induction variables)"),
        (OpTraits::SINGLE_BLOCK, "single-block regions"),
        (OpTraits::NO_TERMINATOR, "regions without terminator"),
        (OpTraits::GRAPH_REGION, "graph regions (no dominance between ops)"),
    ];
    let mut facts: Vec<String> = WORDS.iter().filter(|(t, _)| s.has(*t)).map(|(_, w)| w.to_string()).collect();
    if let Some(t) = s.implicit_terminator {
        facts.push(format!("implicit `{t}` terminator (inserted by the parser, elided by the printer)"));
    }
    if let Some(d) = s.default_dialect {
        facts.push(format!("ops of `{d}` nested in its regions may omit the `{d}.` prefix"));
    }
    facts
}

/// `docs/passes/README.md`: every pass with its anchor and summary.
pub fn pass_index(passes: &[&PassInfo]) -> String {
    let mut out = String::new();
    header(&mut out, "the pass registry (`sharc_tools::pass_registry()`)");
    out.push_str("# Passes\n\n");
    out.push_str(
        "One page per pass, generated from its `PassInfo` (summary, anchor, options, description). \
         Run a pass with `sharc-opt --<name>` or in a `--pass-pipeline`; see \
         [../tools/sharc-opt.md](../tools/sharc-opt.md).\n\n",
    );
    if passes.is_empty() {
        out.push_str("_No passes registered yet._\n");
        return out;
    }
    out.push_str("| pass | runs on | summary |\n|---|---|---|\n");
    for p in passes {
        let _ = writeln!(out, "| [{name}]({name}.md) | {} | {} |", anchor_words(p), cell(p.summary), name = p.name);
    }
    out
}

/// `docs/passes/<name>.md`: summary, anchor, usage, options table, description.
pub fn pass_doc(p: &PassInfo) -> String {
    let mut out = String::new();
    // Every pass is declared in passes/src/ but `upstream`, which links MLIR and lives in its own crate.
    let dir = if p.name == "upstream" { "upstream/src/" } else { "passes/src/" };
    header(&mut out, &format!("the `{}` pass's `PassInfo` (`{dir}`)", p.name));
    let _ = writeln!(out, "# {}\n", p.name);
    if !p.summary.is_empty() {
        let _ = writeln!(out, "_{}_\n", p.summary.trim());
    }
    let _ = writeln!(out, "Runs on: {}.\n", anchor_words(p));
    out.push_str("```sh\n");
    let _ = writeln!(out, "sharc-opt input.mlir --{}{}", p.name, usage_options(p));
    let _ = writeln!(out, "sharc-opt input.mlir --pass-pipeline='{}'", pipeline_example(p));
    out.push_str("```\n\n");
    out.push_str("## Options\n\n");
    if p.options.is_empty() {
        out.push_str("None.\n\n");
    } else {
        out.push_str("| option | type | default | help |\n|---|---|---|---|\n");
        for o in p.options {
            let default = o.default.to_string();
            let default = if default.is_empty() { String::from("(empty)") } else { format!("`{default}`") };
            let _ = writeln!(out, "| `{}` | {} | {} | {} |", o.name, kind_words(o.kind), default, cell(o.help));
        }
        out.push('\n');
    }
    out.push_str("## Description\n\n");
    let desc = demote_headings(&clean_text(p.description), 2);
    if desc.is_empty() {
        out.push_str("_No description yet._\n");
    } else {
        let _ = writeln!(out, "{desc}");
    }
    out
}

fn anchor_words(p: &PassInfo) -> String {
    match p.anchor {
        Some(a) => format!("`{a}`"),
        None => "any op".to_string(),
    }
}

fn usage_options(p: &PassInfo) -> String {
    match p.options.first() {
        Some(o) => format!("=\"{}={}\"", o.name, example_value(o)),
        None => String::new(),
    }
}

fn pipeline_example(p: &PassInfo) -> String {
    let opts = match p.options.first() {
        Some(o) => format!("{{{}={}}}", o.name, example_value(o)),
        None => String::new(),
    };
    match p.anchor {
        Some(a) if a != sharc_ir::symbol::MODULE_OP => format!("builtin.module({a}({}{opts}))", p.name),
        _ => format!("builtin.module({}{opts})", p.name),
    }
}

fn example_value(o: &PassOptionSpec) -> String {
    let default = o.default.to_string();
    if !default.is_empty() {
        return default;
    }
    match o.kind {
        OptionKind::Bool => "true".to_string(),
        OptionKind::Int { min } => min.max(1).to_string(),
        OptionKind::Str => "value".to_string(),
        OptionKind::IntList { min } => format!("{},{}", min.max(1), min.max(1) + 1),
        OptionKind::Enum(c) => (c.names)().first().map_or(String::new(), |n| n.to_string()),
    }
}

/// The option type as the docs name it; an enumerated option lists its values.
pub fn kind_words(kind: OptionKind) -> String {
    match kind {
        OptionKind::IntList { .. } => format!("{} (`1,2,3`)", kind.noun()),
        OptionKind::Enum(c) => {
            let words: Vec<String> = (c.names)().iter().map(|n| format!("`{n}`")).collect();
            match c.other {
                Some(o) => format!("one of {}, or {}", words.join(", "), o.what),
                None => format!("one of {}", words.join(", ")),
            }
        }
        _ => kind.noun(),
    }
}

/// A description as written in Rust source: strips the indentation common to all lines but the
/// first (raw strings indented with the code) and blank lines at either end, like Python's
/// `inspect.cleandoc`; trailing spaces go too.
pub fn clean_text(text: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    let indent = lines
        .iter()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    for (i, l) in lines.drain(..).enumerate() {
        let l = if i == 0 { l.trim_start() } else { l.get(indent..).unwrap_or("") };
        out.push(l.trim_end().to_string());
    }
    while out.first().is_some_and(|l| l.is_empty()) {
        out.remove(0);
    }
    while out.last().is_some_and(|l| l.is_empty()) {
        out.pop();
    }
    out.join("\n")
}

/// Pushes Markdown headings (`# x`) outside code fences down by `levels`, so that a description's
/// own headings nest under the op's or pass's heading.
pub fn demote_headings(text: &str, levels: usize) -> String {
    let mut in_fence = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
        }
        let is_heading = !in_fence && line.starts_with('#') && line.trim_start_matches('#').starts_with(' ');
        if is_heading {
            out.push(format!("{}{line}", "#".repeat(levels)));
        } else {
            out.push(line.to_string());
        }
    }
    out.join("\n")
}

/// The first sentence (up to the first `. ` or blank line) of a description, on one line.
fn first_sentence(text: &str) -> String {
    let text = clean_text(text);
    let para = text.split("\n\n").next().unwrap_or("");
    let para = para.split_whitespace().collect::<Vec<_>>().join(" ");
    match para.find(". ") {
        Some(i) => para[..=i].to_string(),
        None => para,
    }
}

/// Text made safe for one Markdown table cell.
fn cell(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ").replace('|', "\\|")
}

/// GitHub's heading anchor for an op name: lowercase, punctuation other than `-` and `_` dropped.
fn anchor(name: &str) -> String {
    name.chars().filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_').flat_map(char::to_lowercase).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sharc_ir::pass::{Pass, PassOption, PassOptions};
    use sharc_ir::{Context, Diagnostic, OpId};

    static LOOP: OpSpec = OpSpec {
        summary: "A loop",
        description: "\n        Syntax: `toy.loop %i = 0 to 4 { }`\n\n        # Example\n\n        ```mlir\n        # not a heading\n        ```\n    ",
        traits: OpTraits::LOOP_LIKE.with(OpTraits::SINGLE_BLOCK),
        inherent_attrs: &["step"],
        implicit_terminator: Some("toy.yield"),
        ..OpSpec::new("toy.loop")
    };
    static YIELD: OpSpec = OpSpec { traits: OpTraits::TERMINATOR.with(OpTraits::PURE), ..OpSpec::new("toy.yield") };
    static TOY: Dialect = Dialect {
        name: "toy",
        description: "The toy dialect. It has | pipes.",
        ops: &[&YIELD, &LOOP],
        materialize_constant: None,
    };

    struct Nop;
    impl Pass for Nop {
        fn run(&mut self, _: &mut Context, _: OpId, _: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
            Ok(())
        }
    }
    fn nop(o: &PassOptions) -> Box<dyn Pass> {
        let _ = o.get(&FACTOR);
        Box::new(Nop)
    }
    static FACTOR: PassOption<i64> = PassOption::int("factor", 4, "Unroll | factor").at_least(1);
    static UNROLL: PassInfo = PassInfo {
        name: "toy-unroll",
        title: "Unroll",
        summary: "Unroll toy loops",
        description: "Unrolls.\n\n# Before\n",
        anchor: Some("func.func"),
        options: &[&FACTOR.spec],
        create: nop,
    };

    #[test]
    fn dialect_page_has_sorted_ops_traits_and_cleaned_description() {
        let doc = dialect_doc(&TOY);
        let loop_at = doc.find("## toy.loop").expect("loop section");
        let yield_at = doc.find("## toy.yield").expect("yield section");
        assert!(loop_at < yield_at, "ops are sorted by name:\n{doc}");
        assert!(doc.contains("| [`toy.loop`](#toyloop) | A loop |"), "{doc}");
        assert!(doc.contains("Traits: loop-like (entry-block arguments are induction variables); single-block regions; implicit `toy.yield` terminator"), "{doc}");
        assert!(
            doc.contains("\nSyntax: `toy.loop %i = 0 to 4 { }`\n\n### Example\n\n```mlir\n# not a heading\n```\n"),
            "{doc}"
        );
        assert!(
            doc.contains("Inherent attributes (printed as `<{...}>` properties in generic form): `step`."),
            "{doc}"
        );
        assert!(doc.contains("Traits: pure"), "{doc}");
    }

    #[test]
    fn index_escapes_pipes_and_takes_first_sentence() {
        let idx = dialect_index(&[&TOY]);
        assert!(idx.contains("| [toy](toy.md) | 2 | The toy dialect. |"), "{idx}");
    }

    #[test]
    fn pass_page_has_anchor_usage_and_options() {
        let doc = pass_doc(&UNROLL);
        assert!(doc.contains("Runs on: `func.func`."), "{doc}");
        assert!(doc.contains("sharc-opt input.mlir --toy-unroll=\"factor=4\""), "{doc}");
        assert!(doc.contains("--pass-pipeline='builtin.module(func.func(toy-unroll{factor=4}))'"), "{doc}");
        assert!(doc.contains("| `factor` | positive integer | `4` | Unroll \\| factor |"), "{doc}");
        assert!(doc.contains("## Description\n\nUnrolls.\n\n### Before\n"), "{doc}");
    }

    #[test]
    fn clean_text_strips_common_indent_only() {
        assert_eq!(clean_text("first\n    a\n      b\n"), "first\na\n  b");
        assert_eq!(clean_text(""), "");
    }
}
