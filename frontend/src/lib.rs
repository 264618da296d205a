//! sharc's C front-end: sequential C with OpenACC directives and seed 000's `share` pragma, from
//! real benchmark sources (headers, macros, C99 array parameters) to the affine level.
//!
//! The pipeline of [`compile_file`]:
//! 1. [`source`]: read the file, run the system C preprocessor when it has directives, and keep
//!    a map back to the user's files for diagnostics;
//! 2. [`parse`]: skim the translation unit into top-level items with the pest grammar `c.pest`
//!    (so that system headers never stop the front-end), then parse the functions to compile;
//! 3. [`lower`]: build a `func.func` per function at the affine level, the loops of OpenACC
//!    constructs as `affine.for` marked with what their directives and share pragmas claim
//!    (`sharc.claim`); the pass `sharc-parallelize` (in `sharc-passes`, which `sharcc` runs first)
//!    decides which become `affine.parallel`;
//! 4. verify the module.
//!
//! Which functions: `--function NAME`, else every function of the main file but `main`. Those
//! that hold an OpenACC or `scop` pragma must compile; the others (initialisation, printing,
//! checking) are compiled when sharc can and skipped with a remark otherwise, so that a whole
//! benchmark program compiles to its kernels. Each function's IR is verified on its own.

#![warn(missing_docs)]

pub mod ast;
pub mod diag;
pub mod harness;
pub mod lower;
pub mod parse;
pub mod source;

use ast::{Span, StmtKind};
use diag::{FrontError, Severity};
use sharc_ir::builder::{Builder, InsertPoint, OperationState};
use sharc_ir::diag::Diagnostic;
use sharc_ir::{Context, OpId};
use source::{PreprocessOptions, SourceMap};
use std::path::{Path, PathBuf};

/// What to compile and how.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `-I` directories.
    pub include_dirs: Vec<PathBuf>,
    /// `-D` definitions.
    pub defines: Vec<String>,
    /// Compile only this function.
    pub function: Option<String>,
    /// Make every loop with affine bounds a candidate for parallel execution, also in a file
    /// with OpenACC pragmas (`--auto-parallelize`); a file without any is auto-parallelized
    /// anyway.
    pub auto_parallelize: bool,
    /// Take pointer and array parameters not to overlap, as if each were `restrict`
    /// (`--assume-no-alias`, the assumption PPCG and Polly make).
    pub assume_no_alias: bool,
}

/// The result of compiling one file.
pub struct Compilation {
    /// The source, for rendering diagnostics.
    pub source: Option<SourceMap>,
    /// The module, unless an error stopped compilation.
    pub module: Option<OpId>,
    /// Errors, warnings and remarks, in order.
    pub diagnostics: Vec<Diagnostic>,
}

impl Compilation {
    /// Whether any diagnostic is an error.
    pub fn failed(&self) -> bool {
        self.module.is_none() || self.diagnostics.iter().any(|d| d.severity == sharc_ir::diag::Severity::Error)
    }

    /// The diagnostics as text (`file:line:col: error: ...`, the line, a caret).
    pub fn render(&self) -> String {
        let files = self.source.as_ref().map(|s| &s.files);
        let empty = sharc_ir::diag::SourceMap::default();
        let files = files.unwrap_or(&empty);
        self.diagnostics.iter().map(|d| files.render(d)).collect()
    }
}

/// Compiles the C file at `path` into a new module in `ctx`.
pub fn compile_file(ctx: &mut Context, path: &Path, opts: &Options) -> Compilation {
    let pp = PreprocessOptions { include_dirs: opts.include_dirs.clone(), defines: opts.defines.clone() };
    let source = match SourceMap::read(path, &pp) {
        Ok(s) => s,
        Err(e) => return Compilation { source: e.source, module: None, diagnostics: vec![e.diagnostic] },
    };
    compile_source(ctx, source, opts)
}

/// Compiles already read source.
pub fn compile_source(ctx: &mut Context, source: SourceMap, opts: &Options) -> Compilation {
    let mut diagnostics = Vec::new();
    let module = build(ctx, &source, opts, &mut diagnostics);
    let module = match module {
        Ok(m) => Some(m),
        Err(e) => {
            diagnostics.push(to_diagnostic(&source, &e));
            None
        }
    };
    Compilation { source: Some(source), module, diagnostics }
}

/// The C reference harness ([`harness`]) for the function `opts.function` (or the file's only
/// function to compile), as C text; on failure, the diagnostics.
pub fn c_harness_file(path: &Path, opts: &Options) -> Result<String, Box<Compilation>> {
    let pp = PreprocessOptions { include_dirs: opts.include_dirs.clone(), defines: opts.defines.clone() };
    let fail =
        |source: Option<SourceMap>, d: Diagnostic| Box::new(Compilation { source, module: None, diagnostics: vec![d] });
    let source = SourceMap::read(path, &pp).map_err(|e| fail(e.source, e.diagnostic))?;
    let result = (|| {
        let (items, typedefs) = parse::skim(&source.text)?;
        let (selected, _) = select(&source, &items, opts)?;
        let [(_, _, span)] = selected.as_slice() else {
            return Err(FrontError::new(Span::default(), "the harness is for one function: select it with --function"));
        };
        let f = parse::parse_function(&source.text, *span, &typedefs)?;
        harness::c_harness(&f, &source, path)
    })();
    result.map_err(|e| {
        let d = to_diagnostic(&source, &e);
        fail(Some(source), d)
    })
}

/// A parameter of a C function as a caller supplies it: a scalar, or an array with its extents.
#[derive(Clone, Debug, PartialEq)]
pub struct Parameter {
    /// The C name.
    pub name: String,
    /// Whether the element (or scalar) type is floating-point.
    pub float: bool,
    /// `None` for a scalar; for an array, each extent's C expression (outermost first), `None`
    /// for `[]`.
    pub dims: Option<Vec<Option<ast::Expr>>>,
}

/// The parameters of `opts.function` (or the file's only function to compile) in the C file at
/// `path`, for a caller that makes inputs without the C harness (`sharcc --report=FILE.svg`
/// runs the simulator on them); on failure, the rendered diagnostic.
pub fn parameters(path: &Path, opts: &Options) -> Result<(String, Vec<Parameter>), String> {
    let pp = PreprocessOptions { include_dirs: opts.include_dirs.clone(), defines: opts.defines.clone() };
    let source =
        SourceMap::read(path, &pp).map_err(|e| e.source.map(|s| s.files).unwrap_or_default().render(&e.diagnostic))?;
    let result = (|| {
        let (items, typedefs) = parse::skim(&source.text)?;
        let (selected, _) = select(&source, &items, opts)?;
        let [(_, _, span)] = selected.as_slice() else {
            return Err(FrontError::new(
                Span::default(),
                "the inputs are made for one function: select it with --function",
            ));
        };
        parse::parse_function(&source.text, *span, &typedefs)
    })();
    let f = result.map_err(|e| source.files.render(&to_diagnostic(&source, &e)))?;
    let params = f
        .params
        .iter()
        .map(|p| Parameter {
            name: p.name.clone(),
            float: matches!(p.ty, ast::CType::Float(_)),
            dims: (!p.dims.is_empty() || p.pointers > 0).then(|| p.dims.clone()),
        })
        .collect();
    Ok((f.name, params))
}

/// The value of an integer extent expression (`n`, `n + 1`, `2 * m`, `(long) N`) with the names
/// `value` knows; `None` for anything else (a call, a float, an unknown name, an overflow, a
/// division by zero), which a caller reports rather than guesses.
pub fn eval_extent(e: &ast::Expr, value: &dyn Fn(&str) -> Option<i64>) -> Option<i64> {
    use ast::{BinOp, ExprKind, UnOp};
    match &e.kind {
        ExprKind::Int(v, _) => i64::try_from(*v).ok(),
        ExprKind::Ident(name) => value(name),
        ExprKind::Cast(ast::CType::Int(_), inner) => eval_extent(inner, value),
        ExprKind::Unary(UnOp::Neg, inner) => eval_extent(inner, value)?.checked_neg(),
        ExprKind::Unary(UnOp::Plus, inner) => eval_extent(inner, value),
        ExprKind::Binary(op, a, b) => {
            let (a, b) = (eval_extent(a, value)?, eval_extent(b, value)?);
            match op {
                BinOp::Add => a.checked_add(b),
                BinOp::Sub => a.checked_sub(b),
                BinOp::Mul => a.checked_mul(b),
                BinOp::Div => a.checked_div(b),
                BinOp::Rem => a.checked_rem(b),
                _ => None,
            }
        }
        _ => None,
    }
}

/// A function to compile: its name, the name's span and the definition's span.
type Selected = (String, Span, Span);

/// Whether a function must compile: the user named it, or it holds OpenACC or `scop` pragmas.
/// Other functions of the file (initialisation, printing) are compiled when sharc can and skipped
/// with a remark otherwise.
fn required(source: &SourceMap, f: &Selected, opts: &Options) -> bool {
    opts.function.is_some() || source.text[f.2.start..f.2.end].lines().any(is_offload_pragma)
}

/// Whether a line is an OpenACC or `scop` pragma, spelled as the grammar's `pragma` rule reads
/// it: `#`, blanks, `pragma`, blanks (`# pragma acc`, `#pragma\tacc` are pragmas too).
fn is_offload_pragma(line: &str) -> bool {
    matches!(pragma_word(line).as_deref(), Some("acc" | "scop" | "endscop"))
}

/// Whether a line is an OpenACC pragma (`scop` marks a region for polyhedral tools but says
/// nothing about what runs where).
fn is_acc_pragma(line: &str) -> bool {
    pragma_word(line).as_deref() == Some("acc")
}

/// The first word after `#pragma`, if the line is a pragma.
fn pragma_word(line: &str) -> Option<String> {
    let blank = |c: char| c == ' ' || c == '\t';
    let rest = line.trim_start().strip_prefix('#')?;
    let body = rest.trim_start_matches(blank).strip_prefix("pragma")?;
    Some(body.trim_start_matches(blank).chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect())
}

fn select(source: &SourceMap, items: &[parse::TopItem], opts: &Options) -> Result<(Vec<Selected>, bool), FrontError> {
    let functions: Vec<(String, Span, Span)> = items
        .iter()
        .filter_map(|i| match i {
            parse::TopItem::Function { name, name_span, span } => Some((name.clone(), *name_span, *span)),
            _ => None,
        })
        .collect();
    let selected: Vec<(String, Span, Span)> = match &opts.function {
        Some(want) => match functions.iter().find(|f| &f.0 == want) {
            Some(f) => vec![f.clone()],
            None => {
                let names: Vec<&str> =
                    functions.iter().filter(|f| source.in_main_file(f.1)).map(|f| f.0.as_str()).collect();
                return Err(FrontError::new(
                    Span::default(),
                    format!(
                        "no function named '{want}' in the file (it defines: {})",
                        if names.is_empty() { "none".into() } else { names.join(", ") }
                    ),
                ));
            }
        },
        None => functions.iter().filter(|f| source.in_main_file(f.1) && f.0 != "main").cloned().collect(),
    };
    if selected.is_empty() {
        return Err(FrontError::new(Span::default(), "the file defines no function to compile"));
    }
    Ok((selected, opts.function.is_some()))
}

fn build(ctx: &mut Context, source: &SourceMap, opts: &Options, out: &mut Vec<Diagnostic>) -> Result<OpId, FrontError> {
    let (items, typedefs) = parse::skim(&source.text)?;
    let (selected, _) = select(source, &items, opts)?;
    let helpers: std::collections::HashMap<String, Span> = items
        .iter()
        .filter_map(|i| match i {
            parse::TopItem::Function { name, span, .. } => Some((name.clone(), *span)),
            _ => None,
        })
        .collect();

    // The module.
    let loc = source.location(selected[0].1.start);
    let (region, body) = ctx.new_region_with_block(&[]);
    let module = ctx.create_op(OperationState::new("builtin.module", loc).region(region));

    // A file without OpenACC pragmas has no other way to say what runs on the GPU: every loop
    // nest is a candidate, and sharc-parallelize maps what it proves parallel.
    let has_acc = source.text.lines().any(is_acc_pragma);
    let rules =
        lower::CRules { auto_parallelize: opts.auto_parallelize || !has_acc, assume_no_alias: opts.assume_no_alias };
    let mut compiled = 0;
    // The first function that failed but need not compile, and where its remark is in `out`:
    // if no function compiles, its error replaces the remark.
    let mut first_skipped: Option<(usize, FrontError, &Selected)> = None;
    for sel in &selected {
        let (name, name_span, span) = sel;
        let before = ctx.block_ops(body).len();
        let result = parse::parse_function(&source.text, *span, &typedefs).and_then(|f| {
            check_statement_pragmas(&f.body)?;
            let mut lowerer =
                lower::Lowerer::new(ctx, source).with_helpers(helpers.clone(), typedefs.clone()).with_rules(rules);
            let r = lowerer.lower_function(&f, body);
            let diags = lowerer.take_diagnostics();
            out.extend(diags.iter().map(|d| to_diagnostic(source, d)));
            let fop = r?;
            // Checked per function, so that a lowering bug in a function sharc need not compile
            // skips that function instead of failing the file.
            sharc_ir::verifier::verify(ctx, fop).map_err(|d| {
                FrontError::new(
                    *name_span,
                    format!("internal error: the IR generated for '{name}' does not verify: {}", d.message),
                )
            })
        });
        match result {
            Ok(_) => compiled += 1,
            Err(e) if required(source, sel, opts) => {
                return Err(if opts.function.is_none() {
                    e.with_note(
                        *name_span,
                        format!("while compiling function '{name}' (select functions with --function)"),
                    )
                } else {
                    e
                });
            }
            Err(e) => {
                for op in ctx.block_ops(body).into_iter().skip(before) {
                    ctx.erase_op(op);
                }
                out.push(to_diagnostic(source, &skipped_remark(&e, name, *name_span)));
                first_skipped.get_or_insert((out.len() - 1, e, sel));
            }
        }
    }
    if compiled == 0 {
        // Nothing to show for the file: the first function's own error, where it happened (the
        // `goto`), not a summary at the first function; the other functions keep their remarks.
        let Some((at, e, (name, name_span, _))) = first_skipped else {
            return Err(FrontError::new(selected[0].1, "the file defines no function to compile"));
        };
        out.remove(at);
        return Err(e.with_note(
            *name_span,
            format!("while compiling function '{name}' (no function of the file compiles; select functions with --function)"),
        ));
    }
    if let Err(d) = sharc_ir::verifier::verify(ctx, module) {
        return Err(FrontError::new(
            Span::default(),
            format!("internal error: the generated IR does not verify: {}", d.message),
        ));
    }
    let _ = Builder::at(InsertPoint::BlockEnd(body));
    Ok(module)
}

/// The remark for a function skipped because it does not compile, pointing at the reason.
fn skipped_remark(e: &FrontError, name: &str, name_span: Span) -> FrontError {
    let mut d = FrontError::remark(name_span, format!("function '{name}' is not compiled: {}", e.message));
    d.notes.push((e.span, "here".into()));
    d
}

/// Pragmas that must stand before a statement (an OpenACC loop directive before `}`) are errors.
fn check_statement_pragmas(s: &ast::Stmt) -> Result<(), FrontError> {
    if let StmtKind::Compound(items) = &s.kind {
        for i in items {
            if let StmtKind::Pragma(p) = &i.kind {
                match &p.kind {
                    ast::PragmaKind::Acc(d) if d.construct.is_loop() || d.construct.is_compute() => {
                        return Err(FrontError::new(
                            p.span,
                            format!("'#pragma acc {}' must be followed by a statement", d.spelling),
                        ))
                    }
                    ast::PragmaKind::Share(_) => {
                        return Err(FrontError::new(p.span, "share pragma is not followed by a loop nest"))
                    }
                    _ => {}
                }
            }
            check_statement_pragmas(i)?;
        }
    }
    match &s.kind {
        StmtKind::For { body, .. } | StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } => {
            check_statement_pragmas(body)
        }
        StmtKind::If { then, els, .. } => {
            check_statement_pragmas(then)?;
            els.as_deref().map_or(Ok(()), check_statement_pragmas)
        }
        _ => Ok(()),
    }
}

fn to_diagnostic(source: &SourceMap, e: &FrontError) -> Diagnostic {
    let loc = source.location(e.span.start);
    let mut d = match e.severity {
        Severity::Error => Diagnostic::error(loc, e.message.clone()),
        Severity::Warning => Diagnostic::warning(loc, e.message.clone()),
        Severity::Remark => Diagnostic::remark(loc, e.message.clone()),
    };
    for (span, note) in &e.notes {
        d = d.with_note(source.location(span.start), note.clone());
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_and_their_extents() {
        let dir = std::env::temp_dir().join(format!("sharc-frontend-params-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("k.c");
        let src = "#define M 4\nvoid k(int n, int m, float a, double x[n][m + 1], float y[2 * n - M], int z[n / 3][n % 5]) {\n#pragma acc kernels loop independent\n  for (int i = 0; i < n; i++) y[i] = a;\n}\nvoid other(int n, float w[n]) {}\n";
        std::fs::write(&path, src).expect("write");
        let opts = Options { function: Some("k".into()), ..Options::default() };
        let (name, params) = parameters(&path, &opts).expect("parses");
        assert_eq!(name, "k");
        let names: Vec<(&str, bool, Option<usize>)> =
            params.iter().map(|p| (p.name.as_str(), p.float, p.dims.as_ref().map(Vec::len))).collect();
        assert_eq!(
            names,
            [
                ("n", false, None),
                ("m", false, None),
                ("a", true, None),
                ("x", true, Some(2)),
                ("y", true, Some(1)),
                ("z", false, Some(2))
            ]
        );
        let env = |v: &str| match v {
            "n" => Some(10),
            "m" => Some(7),
            _ => None,
        };
        let extents = |p: &Parameter| -> Vec<Option<i64>> {
            p.dims.as_ref().expect("an array").iter().map(|d| d.as_ref().and_then(|e| eval_extent(e, &env))).collect()
        };
        assert_eq!(extents(&params[3]), [Some(10), Some(8)]);
        // The macro was expanded by the preprocessor: 2 * 10 - 4.
        assert_eq!(extents(&params[4]), [Some(16)]);
        assert_eq!(extents(&params[5]), [Some(3), Some(0)]);
        // An unknown name is no value, not a guess.
        let none = |_: &str| None;
        assert_eq!(params[3].dims.as_ref().and_then(|d| d[0].as_ref()).and_then(|e| eval_extent(e, &none)), None);
        // Two functions and no --function: which one is ambiguous.
        let e = parameters(&path, &Options::default()).expect_err("two functions");
        assert!(e.contains("select it with --function"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
