//! From text to [`crate::ast`]: the pest grammar `c.pest`, then precedence and the C ambiguities
//! that need the typedef names.
//!
//! [`skim`] splits a translation unit into top-level items without understanding them, so that
//! the declarations a preprocessed file carries (stdio, math, typedefs, attributes) never stop
//! the front-end. [`parse_function`] parses one function in full.
//!
//! By concern: `skim.rs` (top-level items, typedefs), `pragma.rs` (`#pragma` lines), `stmt.rs`
//! (functions, declarations, statements), `expr.rs` (expressions and precedence), `literal.rs`
//! (C literals and their types); this file holds the grammar and the error rendering.

use crate::ast::*;
use crate::diag::FrontError;
use pest::iterators::Pair;
use pest::Parser as _;
use std::collections::HashMap;

mod grammar {
    #![allow(missing_docs)]

    /// The pest parser generated from `c.pest`.
    #[derive(pest_derive::Parser)]
    #[grammar = "c.pest"]
    pub struct CGrammar;
}

use grammar::{CGrammar, Rule};

/// What a typedef name stands for: a scalar type, or something sharc does not compile.
pub type Typedefs = HashMap<String, CType>;

mod expr;
mod literal;
mod pragma;
mod skim;
mod stmt;

pub use pragma::parse_pragma;
pub use skim::{skim, TopItem};

/// Parses the function definition at `span` of `text`.
pub fn parse_function(text: &str, span: Span, typedefs: &Typedefs) -> Result<Function, FrontError> {
    let slice = &text[span.start..span.end];
    let mut pairs = CGrammar::parse(Rule::function_definition, slice).map_err(|e| syntax_error(e, span.start))?;
    let def = pairs.next().expect("function_definition matched");
    let p = FnParser { text, base: span.start, typedefs };
    p.function(def)
}

fn span_of(pair: &Pair<'_, Rule>, base: usize) -> Span {
    let s = pair.as_span();
    Span { start: base + s.start(), end: base + s.end() }
}

/// A pest syntax error as a front-end error, with what was expected in words.
fn syntax_error(e: pest::error::Error<Rule>, base: usize) -> FrontError {
    let at = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    } + base;
    let message = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut words: Vec<&str> = positives.iter().filter_map(|r| rule_word(*r)).collect();
            words.sort();
            words.dedup();
            match words.as_slice() {
                [] => "syntax error".to_string(),
                [one] => format!("expected {one}"),
                many => format!("expected {}", many.join(", ")),
            }
        }
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    FrontError::new(Span { start: at, end: at + 1 }, message)
}

fn rule_word(r: Rule) -> Option<&'static str> {
    Some(match r {
        Rule::expr | Rule::assign_expr | Rule::cond_expr | Rule::binary | Rule::unary | Rule::primary => {
            "an expression"
        }
        Rule::statement | Rule::compound => "a statement",
        Rule::declaration | Rule::decl_specifiers | Rule::type_specifier | Rule::builtin_type => "a type",
        Rule::ident | Rule::typedef_name => "an identifier",
        Rule::infix | Rule::assign_op => "an operator",
        Rule::postfix | Rule::index | Rule::call_args => "'[' or '('",
        Rule::parameter | Rule::parameter_list => "a parameter",
        Rule::acc_construct => "an OpenACC construct (parallel, kernels, loop, data, ...)",
        Rule::acc_clause | Rule::acc_word => "an OpenACC clause",
        Rule::acc_args | Rule::acc_arg => "a clause argument",
        Rule::EOI => "the end of the input",
        _ => return None,
    })
}

/// Builds the AST of one function from its pest pairs.
struct FnParser<'a> {
    text: &'a str,
    base: usize,
    typedefs: &'a Typedefs,
}

#[cfg(test)]
mod tests {
    use super::literal::{float_literal, int_literal};
    use super::*;

    fn func(src: &str) -> Function {
        let (items, typedefs) = skim(src).unwrap();
        let TopItem::Function { span, .. } = items.iter().find(|i| matches!(i, TopItem::Function { .. })).unwrap()
        else {
            unreachable!()
        };
        parse_function(src, *span, &typedefs).unwrap()
    }

    fn body_exprs(f: &Function) -> Vec<&Expr> {
        let StmtKind::Compound(items) = &f.body.kind else { panic!() };
        items.iter().filter_map(|s| if let StmtKind::Expr(e) = &s.kind { Some(e) } else { None }).collect()
    }

    #[test]
    fn parenthesised_names_are_not_casts() {
        let f = func(
            "typedef double real; void f(int a, int b, int c) { c = (a) - (b); c = (real) - a; c = (a) * b + 1; }",
        );
        let es = body_exprs(&f);
        let ExprKind::Assign(None, _, rhs) = &es[0].kind else { panic!() };
        assert!(matches!(rhs.kind, ExprKind::Binary(BinOp::Sub, _, _)), "{rhs:?}");
        let ExprKind::Assign(None, _, rhs) = &es[1].kind else { panic!() };
        assert!(
            matches!(&rhs.kind, ExprKind::Cast(CType::Float(64), inner) if matches!(inner.kind, ExprKind::Unary(UnOp::Neg, _)))
        );
        let ExprKind::Assign(None, _, rhs) = &es[2].kind else { panic!() };
        assert!(
            matches!(&rhs.kind, ExprKind::Binary(BinOp::Add, l, _) if matches!(l.kind, ExprKind::Binary(BinOp::Mul, _, _)))
        );
    }

    #[test]
    fn skims_headers_and_finds_functions() {
        let src = "typedef unsigned long size_t;\nextern int printf(const char *__restrict, ...) __attribute__((__nothrow__));\n\
                   struct s { int a; int b[3]; };\ntypedef int (*cmp_t)(const void *, const void *);\n\
                   static inline int twice(int x) { return 2 * x; }\n#pragma acc routine\nint main(void) { return 0; }";
        let (items, typedefs) = skim(src).unwrap();
        let names: Vec<&str> = items
            .iter()
            .filter_map(|i| if let TopItem::Function { name, .. } = i { Some(name.as_str()) } else { None })
            .collect();
        assert_eq!(names, ["twice", "main"]);
        assert_eq!(typedefs.get("size_t"), Some(&CType::Int(IntTy { bits: 64, signed: false })));
        assert!(matches!(typedefs.get("cmp_t"), Some(CType::Unsupported(_))));
    }

    #[test]
    fn pragmas_attach_to_the_statement_they_precede() {
        let f = func("void f(int n, float A[n]) {\n#pragma acc kernels loop independent gang(4)\nfor (int i = 0; i < n; i++) A[i] = 0; }");
        let StmtKind::Compound(items) = &f.body.kind else { panic!() };
        let PragmaKind::Acc(d) = &items[0].pragmas[0].kind else { panic!() };
        assert_eq!(d.construct, Construct::KernelsLoop);
        assert_eq!(d.clauses.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["independent", "gang"]);
        assert_eq!(d.clause("gang").unwrap().args, ["4"]);
    }

    #[test]
    fn pointer_to_row_parameters_are_arrays() {
        let f = func("void f(int n, double (*A)[8], const float (* restrict B)[4][n]) { }");
        assert_eq!((f.params[1].name.as_str(), f.params[1].pointers), ("A", 0));
        assert_eq!(f.params[1].dims.len(), 2);
        assert!(f.params[1].dims[0].is_none());
        assert_eq!((f.params[2].name.as_str(), f.params[2].dims.len()), ("B", 3));
    }

    #[test]
    fn function_pointer_parameters_are_reported() {
        let src = "void f(int n, float (*g)(float)) { }";
        let (items, typedefs) = skim(src).unwrap();
        let TopItem::Function { span, .. } = &items[0] else { panic!() };
        let e = parse_function(src, *span, &typedefs).unwrap_err();
        assert!(e.message.contains("parameter 'g' is a function pointer"), "{}", e.message);
        assert_eq!(&src[e.span.start..e.span.end], "g");
    }

    #[test]
    fn acc_pragmas_are_checked() {
        let pragma = |text: &str| parse_pragma(text, Span { start: 0, end: text.len() });
        let Ok(Pragma { kind: PragmaKind::Acc(d), .. }) = pragma("#pragma acc wait(1) async(2)") else { panic!() };
        assert_eq!(d.spelling, "wait");
        assert_eq!(d.clause("async").unwrap().args, ["2"]);
        assert!(matches!(
            pragma("#pragma acc update self(A[0:n]) if(n > 2)"),
            Ok(Pragma { kind: PragmaKind::Acc(_), .. })
        ));
        // Other tools' pragmas are ignored; a misspelled OpenACC directive is an error.
        assert!(matches!(pragma("#pragma omp parallel for"), Ok(Pragma { kind: PragmaKind::Other, .. })));
        assert!(matches!(pragma("#pragma accurate"), Ok(Pragma { kind: PragmaKind::Other, .. })));
        let e = pragma("#pragma acc paralel loop").unwrap_err();
        assert!(e.message.starts_with("expected an OpenACC construct"), "{}", e.message);
    }

    #[test]
    fn indexed_clauses_parse_and_bad_clauses_are_located() {
        let pragma = |text: &str| parse_pragma(text, Span { start: 0, end: text.len() });
        let text = "#pragma acc parallel present(A,B) num_gangs[0](nj/8) num_gangs[1](ni/8) num_workers[1](8) async";
        let Ok(Pragma { kind: PragmaKind::Acc(d), .. }) = pragma(text) else { panic!() };
        let gangs: Vec<_> =
            d.clauses.iter().filter(|c| c.name == "num_gangs").map(|c| (c.index, c.args.clone())).collect();
        assert_eq!(gangs, [(Some(0), vec!["nj/8".to_string()]), (Some(1), vec!["ni/8".to_string()])]);
        let effects: Vec<_> = d.clauses.iter().map(|c| c.effect).collect();
        assert!(matches!(
            effects.as_slice(),
            [
                ClauseEffect::Data,
                ClauseEffect::Ignored(_),
                ClauseEffect::Ignored(_),
                ClauseEffect::Ignored(_),
                ClauseEffect::Ignored(_)
            ]
        ));
        // A level of parallelism means the bare clause, with or without a dimension or size.
        let Ok(Pragma { kind: PragmaKind::Acc(d), .. }) = pragma("#pragma acc loop gang[1] worker[1] vector seq")
        else {
            panic!()
        };
        let effects: Vec<_> = d.clauses.iter().map(|c| (c.name.as_str(), c.index, c.effect)).collect();
        assert_eq!(
            effects,
            [
                ("gang", Some(1), ClauseEffect::ReadAs("gang")),
                ("worker", Some(1), ClauseEffect::ReadAs("worker")),
                ("vector", None, ClauseEffect::Read),
                ("seq", None, ClauseEffect::Read)
            ]
        );
        // `self` is a condition on a compute construct and a data clause on `update`.
        let Ok(Pragma { kind: PragmaKind::Acc(d), .. }) = pragma("#pragma acc kernels self") else { panic!() };
        assert!(matches!(d.clauses[0].effect, ClauseEffect::Ignored(_)));
        let Ok(Pragma { kind: PragmaKind::Acc(d), .. }) = pragma("#pragma acc update self(A)") else { panic!() };
        assert_eq!(d.clauses[0].effect, ClauseEffect::Data);
        // Each malformed clause is an error at the culprit.
        let at = |text: &str| {
            let e = pragma(text).unwrap_err();
            (text[e.span.start..].chars().take(4).collect::<String>(), e.message)
        };
        let (here, message) = at("#pragma acc parallel loop num_gang(4)");
        assert_eq!(
            (here.as_str(), message.as_str()),
            ("num_", "unknown OpenACC clause 'num_gang'; did you mean 'num_gangs'?")
        );
        let (here, message) = at("#pragma acc loop gangg");
        assert_eq!((here.as_str(), message.as_str()), ("gang", "unknown OpenACC clause 'gangg'; did you mean 'gang'?"));
        let (here, message) = at("#pragma acc loop frobnicate");
        assert_eq!((here.as_str(), message.as_str()), ("frob", "unknown OpenACC clause 'frobnicate'"));
        let (here, message) = at("#pragma acc loop gang[x] worker");
        assert_eq!(here, "x] w");
        assert!(message.contains("must be a grid dimension: the integer 0, 1 or 2"), "{message}");
        let (here, _) = at("#pragma acc loop gang[3]");
        assert_eq!(here, "3]");
        let (here, message) = at("#pragma acc parallel num_gangs(4 async");
        assert_eq!((here.as_str(), message.as_str()), ("(4 a", "the '(' of OpenACC clause 'num_gangs' is not closed"));
        let (here, message) = at("#pragma acc loop gang[1 worker");
        assert_eq!((here.as_str(), message.as_str()), ("[1 w", "the '[' of OpenACC clause 'gang' is not closed"));
        let (here, message) = at("#pragma acc loop collapse[0](2)");
        assert_eq!(here, "[0](");
        assert!(message.starts_with("OpenACC clause 'collapse' has no indexed form"), "{message}");
        let (here, message) = at("#pragma acc loop seq(2)");
        assert_eq!((here.as_str(), message.as_str()), ("seq(", "OpenACC clause 'seq' takes no argument"));
        let (here, message) = at("#pragma acc parallel num_gangs()");
        assert_eq!(
            (here.as_str(), message.as_str()),
            ("num_", "OpenACC clause 'num_gangs' takes an argument: num_gangs(...)")
        );
    }

    #[test]
    fn sizeof_of_a_scalar_type_is_a_constant() {
        let f = func("typedef double real; void f(long a) { a = sizeof(real) + sizeof(float *) + sizeof(short); }");
        let ExprKind::Assign(None, _, rhs) = &body_exprs(&f)[0].kind else { panic!() };
        let ExprKind::Binary(BinOp::Add, l, r) = &rhs.kind else { panic!() };
        assert_eq!(r.kind, ExprKind::Int(2, IntTy { bits: 64, signed: false }));
        let ExprKind::Binary(BinOp::Add, a, b) = &l.kind else { panic!() };
        assert_eq!(
            (&a.kind, &b.kind),
            (
                &ExprKind::Int(8, IntTy { bits: 64, signed: false }),
                &ExprKind::Int(8, IntTy { bits: 64, signed: false })
            )
        );
    }

    #[test]
    fn literals_have_c_types() {
        assert_eq!(int_literal("10"), Some(ExprKind::Int(10, IntTy::INT)));
        assert_eq!(int_literal("4000000000"), Some(ExprKind::Int(4000000000, IntTy::LONG)));
        assert_eq!(int_literal("0xffffffff"), Some(ExprKind::Int(0xffffffff, IntTy { bits: 32, signed: false })));
        assert_eq!(float_literal("0.1f"), Some(ExprKind::Float(0.1f32 as f64, 32)));
        assert_eq!(float_literal("1e3"), Some(ExprKind::Float(1000.0, 64)));
    }
}
