//! From text to [`crate::ast`]: the pest grammar `c.pest`, then precedence and the C ambiguities
//! that need the typedef names.
//!
//! [`skim`] splits a translation unit into top-level items without understanding them, so that
//! the declarations a preprocessed file carries (stdio, math, typedefs, attributes) never stop
//! the front-end. [`parse_function`] parses one function in full.

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

/// A top-level item of a translation unit.
#[derive(Clone, Debug)]
pub enum TopItem {
    /// A function definition.
    Function {
        /// The function's name.
        name: String,
        /// Where the name is.
        name_span: Span,
        /// The whole definition.
        span: Span,
    },
    /// A pragma outside functions.
    Pragma(Span),
}

/// Splits `text` into top-level items and collects its typedefs.
pub fn skim(text: &str) -> Result<(Vec<TopItem>, Typedefs), FrontError> {
    let unit = CGrammar::parse(Rule::translation_unit, text).map_err(|e| syntax_error(e, 0))?;
    let mut items = Vec::new();
    let mut typedefs = Typedefs::new();
    for pair in unit.flatten() {
        match pair.as_rule() {
            Rule::function_skim => {
                let span = span_of(&pair, 0);
                let Some(params) = pair.clone().into_inner().find(|p| p.as_rule() == Rule::fn_params) else {
                    continue;
                };
                let head = &text[span.start..params.as_span().start()];
                let trimmed = head.trim_end();
                let name_len = trimmed.bytes().rev().take_while(|b| b.is_ascii_alphanumeric() || *b == b'_').count();
                if name_len == 0 {
                    continue;
                }
                let name_start = span.start + trimmed.len() - name_len;
                let name = text[name_start..span.start + trimmed.len()].to_string();
                items.push(TopItem::Function {
                    name,
                    name_span: Span { start: name_start, end: name_start + name_len },
                    span,
                });
            }
            Rule::declaration_skim => record_typedef(pair.as_str(), &mut typedefs),
            // Only pragmas at the top level: the flattened walk also sees those in functions.
            Rule::pragma
                if items.iter().all(|i| match i {
                    TopItem::Function { span, .. } => !(span.start..span.end).contains(&pair.as_span().start()),
                    _ => true,
                }) =>
            {
                items.push(TopItem::Pragma(span_of(&pair, 0)));
            }
            _ => {}
        }
    }
    Ok((items, typedefs))
}

/// Records the name a `typedef` declaration introduces.
fn record_typedef(decl: &str, typedefs: &mut Typedefs) {
    let words: Vec<&str> =
        decl.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).collect();
    let Some(pos) = words.iter().position(|w| *w == "typedef") else { return };
    if words.first().is_some_and(|w| *w != "typedef" && *w != "__extension__") {
        return;
    }
    let rest = &words[pos + 1..];
    // `typedef float real;`: a scalar typedef.
    if let Some((name, spec)) = rest.split_last() {
        let plain = !decl.contains(['(', '[', '{', '*']);
        if plain {
            let ty = scalar_type(spec.iter().copied(), typedefs).unwrap_or_else(|| CType::Unsupported(spec.join(" ")));
            typedefs.insert(name.to_string(), ty);
            return;
        }
    }
    // Anything else (structs, function pointers, arrays) names a type sharc does not compile.
    let outside = strip_groups(decl);
    let name: Option<String> = match decl.find("(*") {
        Some(at) => decl[at + 2..]
            .trim_start()
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .next()
            .map(str::to_string),
        None => outside
            .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .find(|w| !w.is_empty() && !w.starts_with(|c: char| c.is_ascii_digit()))
            .map(str::to_string),
    };
    if let Some(name) = name.filter(|n| !n.is_empty()) {
        typedefs.insert(name.clone(), CType::Unsupported(format!("typedef '{name}'")));
    }
}

/// `decl` without the contents of `{}`, `[]` and `__attribute__((...))` groups.
fn strip_groups(decl: &str) -> String {
    let mut out = String::new();
    let mut depth = 0i32;
    let text = decl.replace("__attribute__", " ");
    for c in text.chars() {
        match c {
            '{' | '[' | '(' => depth += 1,
            '}' | ']' | ')' => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// The scalar type named by specifier words, if it is one sharc compiles.
fn scalar_type<'a>(words: impl Iterator<Item = &'a str>, typedefs: &Typedefs) -> Option<CType> {
    let (mut longs, mut short, mut char_, mut int, mut float, mut double, mut void) =
        (0, false, false, false, false, false, false);
    let mut signed = None;
    let mut named: Option<CType> = None;
    let mut any = false;
    for w in words {
        any = true;
        match w {
            "long" => longs += 1,
            "short" => short = true,
            "char" => char_ = true,
            "int" => int = true,
            "float" => float = true,
            "double" => double = true,
            "void" => void = true,
            "signed" | "__signed__" | "__signed" => signed = Some(true),
            "unsigned" => signed = Some(false),
            "const" | "volatile" | "static" | "extern" | "register" | "auto" | "inline" | "__inline" | "__inline__"
            | "restrict" | "__restrict" | "__restrict__" | "__const" | "__extension__" => {}
            other => named = Some(typedefs.get(other)?.clone()),
        }
    }
    if !any {
        return None;
    }
    if let Some(t) = named {
        return Some(t);
    }
    if void {
        return Some(CType::Void);
    }
    if float {
        return Some(CType::Float(32));
    }
    if double {
        return Some(if longs > 0 { CType::Unsupported("long double".into()) } else { CType::Float(64) });
    }
    let bits = if char_ {
        8
    } else if short {
        16
    } else if longs > 0 {
        64
    } else {
        32
    };
    let _ = int;
    Some(CType::Int(IntTy { bits, signed: signed.unwrap_or(true) }))
}

/// Parses the function definition at `span` of `text`.
pub fn parse_function(text: &str, span: Span, typedefs: &Typedefs) -> Result<Function, FrontError> {
    let slice = &text[span.start..span.end];
    let mut pairs = CGrammar::parse(Rule::function_definition, slice).map_err(|e| syntax_error(e, span.start))?;
    let def = pairs.next().expect("function_definition matched");
    let p = FnParser { text, base: span.start, typedefs };
    p.function(def)
}

/// Parses a pragma line (`#pragma ...`) at `span`.
pub fn parse_pragma(text: &str, span: Span) -> Result<Pragma, FrontError> {
    let line = &text[span.start..span.end];
    let body_at = line.find("pragma").map(|i| i + "pragma".len()).unwrap_or(line.len());
    let body = &line[body_at..];
    let lead = body.len() - body.trim_start().len();
    let body_start = span.start + body_at + lead;
    let body = body.trim_start().trim_end();
    let mut pairs = CGrammar::parse(Rule::pragma_text, body).map_err(|e| syntax_error(e, body_start))?;
    let top = pairs.next().expect("pragma_text matched");
    let Some(inner) = top.into_inner().next() else {
        return Ok(Pragma { kind: PragmaKind::Other, span });
    };
    let kind = match inner.as_rule() {
        Rule::scop => PragmaKind::Scop,
        Rule::endscop => PragmaKind::EndScop,
        Rule::acc_pragma => {
            let d = inner.into_inner().next().expect("acc pragma has a body");
            match d.as_rule() {
                Rule::acc_share => {
                    let b = d.into_inner().next().expect("share body");
                    let at = body_start + b.as_span().start();
                    let specs = sharc_dialects::sharc::share::parse_share_list(b.as_str()).map_err(|e| {
                        FrontError::new(Span { start: at + e.offset, end: at + e.offset + 1 }, e.message)
                    })?;
                    PragmaKind::Share(
                        specs
                            .into_iter()
                            .map(|mut s| {
                                s.offset += at;
                                for o in &mut s.dim_offsets {
                                    *o += at;
                                }
                                s
                            })
                            .collect(),
                    )
                }
                _ => PragmaKind::Acc(acc_directive(d, body_start)),
            }
        }
        _ => PragmaKind::Other,
    };
    Ok(Pragma { kind, span })
}

fn acc_directive(pair: Pair<'_, Rule>, base: usize) -> AccDirective {
    let mut construct = Construct::Other;
    let mut spelling = String::new();
    let mut clauses = Vec::new();
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::acc_construct => {
                spelling = p.as_str().split_whitespace().collect::<Vec<_>>().join(" ");
                construct = match spelling.as_str() {
                    "parallel" => Construct::Parallel,
                    "kernels" => Construct::Kernels,
                    "serial" => Construct::Serial,
                    "parallel loop" => Construct::ParallelLoop,
                    "kernels loop" => Construct::KernelsLoop,
                    "serial loop" => Construct::SerialLoop,
                    "loop" => Construct::Loop,
                    "data" => Construct::Data,
                    _ => Construct::Other,
                };
            }
            Rule::acc_clause => {
                let span = span_of(&p, base);
                let mut inner = p.into_inner();
                let name = inner.next().map(|w| w.as_str().to_string()).unwrap_or_default();
                let args = inner
                    .next()
                    .map(|a| a.into_inner().map(|x| x.as_str().trim().to_string()).collect())
                    .unwrap_or_default();
                clauses.push(AccClause { name, args, span });
            }
            _ => {}
        }
    }
    AccDirective { construct, spelling, clauses }
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
        Rule::acc_clause => "an OpenACC clause",
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

/// One element of a flat `binary` run before precedence is applied.
enum Item {
    Operand(Expr),
    Op(BinOp, Span),
}

impl FnParser<'_> {
    fn span(&self, p: &Pair<'_, Rule>) -> Span {
        span_of(p, self.base)
    }

    fn err(&self, p: &Pair<'_, Rule>, message: impl Into<String>) -> FrontError {
        FrontError::new(self.span(p), message)
    }

    fn function(&self, def: Pair<'_, Rule>) -> Result<Function, FrontError> {
        let mut inner = def.into_inner();
        let specs = inner.next().expect("specifiers");
        let (ret, _, _) = self.specifiers(specs)?;
        let decl = inner.next().expect("declarator");
        let mut ret_pointers = 0;
        let mut name = String::new();
        let mut name_span = Span::default();
        let mut params = Vec::new();
        for p in decl.into_inner() {
            match p.as_rule() {
                Rule::pointer => ret_pointers += 1,
                Rule::ident => {
                    name = p.as_str().to_string();
                    name_span = self.span(&p);
                }
                Rule::parameter_list => {
                    for param in p.into_inner().filter(|q| q.as_rule() == Rule::parameter) {
                        params.push(self.parameter(param)?);
                    }
                }
                _ => {}
            }
        }
        let body = inner.find(|p| p.as_rule() == Rule::compound).expect("body");
        let body = self.compound(body, Vec::new())?;
        Ok(Function { name, span: name_span, ret, ret_pointers, params, body })
    }

    /// The type of a specifier list and whether it says `const` / `typedef`.
    fn specifiers(&self, p: Pair<'_, Rule>) -> Result<(CType, bool, bool), FrontError> {
        let mut words: Vec<String> = Vec::new();
        let mut is_const = false;
        let mut is_typedef = false;
        let span = self.span(&p);
        for s in p.into_inner() {
            match s.as_rule() {
                Rule::qualifier => is_const |= s.as_str().starts_with("const") || s.as_str() == "__const",
                Rule::storage_class => is_typedef |= s.as_str() == "typedef",
                Rule::type_specifier => {
                    let t = s.into_inner().next().expect("type specifier");
                    match t.as_rule() {
                        Rule::struct_type => {
                            return Ok((
                                CType::Unsupported(t.as_str().split('{').next().unwrap_or("").trim().to_string()),
                                is_const,
                                is_typedef,
                            ))
                        }
                        _ => words.push(t.as_str().trim().to_string()),
                    }
                }
                _ => {}
            }
        }
        let ty = scalar_type(words.iter().map(|s| s.as_str()), self.typedefs)
            .ok_or_else(|| FrontError::new(span, format!("unknown type '{}'", words.join(" "))))?;
        Ok((ty, is_const, is_typedef))
    }

    fn parameter(&self, p: Pair<'_, Rule>) -> Result<Decl, FrontError> {
        let mut inner = p.into_inner();
        let (ty, is_const, _) = self.specifiers(inner.next().expect("specifiers"))?;
        let mut d = Decl {
            name: String::new(),
            span: Span::default(),
            ty,
            pointers: 0,
            dims: Vec::new(),
            init: None,
            is_const,
        };
        for q in inner {
            match q.as_rule() {
                Rule::pointer => d.pointers += 1,
                Rule::ident => {
                    d.name = q.as_str().to_string();
                    d.span = self.span(&q);
                }
                Rule::function_pointer => {
                    let name = q.into_inner().find(|r| r.as_rule() == Rule::ident).expect("a name");
                    return Err(FrontError::new(
                        self.span(&name),
                        format!(
                            "parameter '{}' is a function pointer: sharc compiles calls to functions by name only",
                            name.as_str()
                        ),
                    ));
                }
                Rule::array_pointer => {
                    let name = q.into_inner().find(|r| r.as_rule() == Rule::ident).expect("a name");
                    d.name = name.as_str().to_string();
                    d.span = self.span(&name);
                    // The pointer is the outermost dimension, of unknown size.
                    d.dims.push(None);
                }
                Rule::array_suffix => d.dims.push(self.array_suffix(q)?),
                _ => {}
            }
        }
        Ok(d)
    }

    fn array_suffix(&self, p: Pair<'_, Rule>) -> Result<Option<Expr>, FrontError> {
        match p.into_inner().find(|q| matches!(q.as_rule(), Rule::assign_expr | Rule::vla_star)) {
            Some(e) if e.as_rule() == Rule::assign_expr => Ok(Some(self.assign_expr(e)?)),
            _ => Ok(None),
        }
    }

    fn compound(&self, p: Pair<'_, Rule>, pragmas: Vec<Pragma>) -> Result<Stmt, FrontError> {
        let span = self.span(&p);
        let mut items = Vec::new();
        for q in p.into_inner() {
            match q.as_rule() {
                Rule::statement => items.push(self.statement(q)?),
                Rule::declaration => items.push(self.declaration(q)?),
                Rule::pragma => {
                    let pragma = parse_pragma(self.text, self.span(&q))?;
                    items.push(Stmt { span: pragma.span, kind: StmtKind::Pragma(pragma), pragmas: Vec::new() });
                }
                _ => {}
            }
        }
        Ok(Stmt { kind: StmtKind::Compound(items), span, pragmas })
    }

    fn declaration(&self, p: Pair<'_, Rule>) -> Result<Stmt, FrontError> {
        let span = self.span(&p);
        let mut inner = p.into_inner();
        let specs = inner.next().expect("specifiers");
        let spec_span = self.span(&specs);
        let (ty, is_const, is_typedef) = self.specifiers(specs)?;
        if is_typedef {
            return Err(FrontError::new(
                spec_span,
                "typedefs inside functions are not supported; declare the type at file scope",
            ));
        }
        let mut decls = Vec::new();
        for d in inner.filter(|q| q.as_rule() == Rule::init_declarator) {
            let mut decl = Decl {
                name: String::new(),
                span: Span::default(),
                ty: ty.clone(),
                pointers: 0,
                dims: Vec::new(),
                init: None,
                is_const,
            };
            for q in d.into_inner() {
                match q.as_rule() {
                    Rule::pointer => decl.pointers += 1,
                    Rule::ident => {
                        decl.name = q.as_str().to_string();
                        decl.span = self.span(&q);
                    }
                    Rule::array_suffix => decl.dims.push(self.array_suffix(q)?),
                    Rule::initializer => decl.init = Some(self.initializer(q)?),
                    _ => {}
                }
            }
            decls.push(decl);
        }
        Ok(Stmt { kind: StmtKind::Decl(decls), span, pragmas: Vec::new() })
    }

    fn initializer(&self, p: Pair<'_, Rule>) -> Result<Init, FrontError> {
        let span = self.span(&p);
        let parts: Vec<Pair<'_, Rule>> = p.into_inner().collect();
        match parts.as_slice() {
            [e] if e.as_rule() == Rule::assign_expr => Ok(Init::Expr(self.assign_expr(e.clone())?)),
            _ => Ok(Init::List(parts.into_iter().map(|q| self.initializer(q)).collect::<Result<_, _>>()?, span)),
        }
    }

    fn statement(&self, p: Pair<'_, Rule>) -> Result<Stmt, FrontError> {
        let mut pragmas = Vec::new();
        let mut body = None;
        for q in p.into_inner() {
            if q.as_rule() == Rule::pragma {
                pragmas.push(parse_pragma(self.text, self.span(&q))?);
            } else {
                body = Some(q);
            }
        }
        let q = body.expect("statement body");
        let span = self.span(&q);
        let kind = match q.as_rule() {
            Rule::compound => return self.compound(q, pragmas),
            Rule::for_stmt => {
                let mut it = q.into_inner().skip(1);
                let init = it.next().expect("for init");
                let init = match init.into_inner().next() {
                    Some(d) if d.as_rule() == Rule::declaration => Some(Box::new(self.declaration(d)?)),
                    Some(e) => {
                        let s = self.span(&e);
                        Some(Box::new(Stmt { kind: StmtKind::Expr(self.expr(e)?), span: s, pragmas: Vec::new() }))
                    }
                    None => None,
                };
                let cond = it.next().expect("for cond").into_inner().next().map(|e| self.expr(e)).transpose()?;
                let step = it.next().expect("for step").into_inner().next().map(|e| self.expr(e)).transpose()?;
                let body = Box::new(self.statement(it.next().expect("for body"))?);
                StmtKind::For { init, cond, step, body }
            }
            Rule::if_stmt => {
                let mut it = q.into_inner().filter(|x| !matches!(x.as_rule(), Rule::kw_if | Rule::kw_else));
                let cond = self.expr(it.next().expect("if cond"))?;
                let then = Box::new(self.statement(it.next().expect("then"))?);
                let els = it.next().map(|s| self.statement(s)).transpose()?.map(Box::new);
                StmtKind::If { cond, then, els }
            }
            Rule::while_stmt => {
                let mut it = q.into_inner().skip(1);
                let cond = self.expr(it.next().expect("while cond"))?;
                let body = Box::new(self.statement(it.next().expect("while body"))?);
                StmtKind::While { cond, body }
            }
            Rule::do_stmt => {
                let mut it = q.into_inner().filter(|x| !matches!(x.as_rule(), Rule::kw_do | Rule::kw_while));
                let body = Box::new(self.statement(it.next().expect("do body"))?);
                let cond = self.expr(it.next().expect("do cond"))?;
                StmtKind::DoWhile { body, cond }
            }
            Rule::return_stmt => StmtKind::Return(q.into_inner().nth(1).map(|e| self.expr(e)).transpose()?),
            Rule::expr_stmt => StmtKind::Expr(self.expr(q.into_inner().next().expect("expr"))?),
            Rule::empty_stmt => StmtKind::Empty,
            Rule::break_stmt => StmtKind::Unsupported("break"),
            Rule::continue_stmt => StmtKind::Unsupported("continue"),
            Rule::goto_stmt => StmtKind::Unsupported("goto"),
            Rule::switch_stmt => StmtKind::Unsupported("switch"),
            _ => StmtKind::Unsupported("labeled statement"),
        };
        Ok(Stmt { kind, span, pragmas })
    }

    fn expr(&self, p: Pair<'_, Rule>) -> Result<Expr, FrontError> {
        let span = self.span(&p);
        let parts: Vec<Pair<'_, Rule>> = p.into_inner().collect();
        if parts.len() == 1 {
            return self.assign_expr(parts.into_iter().next().expect("one"));
        }
        let items = parts.into_iter().map(|q| self.assign_expr(q)).collect::<Result<_, _>>()?;
        Ok(Expr { kind: ExprKind::Comma(items), span })
    }

    fn assign_expr(&self, p: Pair<'_, Rule>) -> Result<Expr, FrontError> {
        let span = self.span(&p);
        let parts: Vec<Pair<'_, Rule>> = p.into_inner().collect();
        match parts.as_slice() {
            [c] => self.cond_expr(c.clone()),
            [lhs, op, rhs] => {
                let lhs = self.single(self.unary(lhs.clone())?, lhs)?;
                let rhs = self.assign_expr(rhs.clone())?;
                let op = match op.as_str() {
                    "=" => None,
                    s => Some(bin_op(&s[..s.len() - 1])),
                };
                Ok(Expr { kind: ExprKind::Assign(op, Box::new(lhs), Box::new(rhs)), span })
            }
            _ => Err(FrontError::new(span, "malformed assignment")),
        }
    }

    fn cond_expr(&self, p: Pair<'_, Rule>) -> Result<Expr, FrontError> {
        let span = self.span(&p);
        let mut it = p.into_inner();
        let c = self.binary(it.next().expect("condition"))?;
        match (it.next(), it.next()) {
            (Some(a), Some(b)) => Ok(Expr {
                kind: ExprKind::Cond(Box::new(c), Box::new(self.expr(a)?), Box::new(self.cond_expr(b)?)),
                span,
            }),
            _ => Ok(c),
        }
    }

    /// A flat run `u (op u)*` with C precedence (precedence climbing, left-associative).
    fn binary(&self, p: Pair<'_, Rule>) -> Result<Expr, FrontError> {
        let mut items = Vec::new();
        for q in p.into_inner() {
            match q.as_rule() {
                Rule::unary => items.extend(self.unary(q)?),
                Rule::infix => items.push(Item::Op(bin_op(q.as_str()), self.span(&q))),
                _ => {}
            }
        }
        let mut pos = 0;
        let e = climb(&mut items, &mut pos, 0)?;
        Ok(e)
    }

    /// A unary expression; a "cast" to a name that is not a type is a parenthesised operand
    /// followed by a binary operator (`(a) - b`), so this may return several items.
    fn unary(&self, p: Pair<'_, Rule>) -> Result<Vec<Item>, FrontError> {
        let mut prefixes: Vec<Pair<'_, Rule>> = Vec::new();
        let mut operand = None;
        for q in p.into_inner() {
            match q.as_rule() {
                Rule::prefix => prefixes.push(q.into_inner().next().expect("prefix")),
                _ => operand = Some(self.postfix(q)?),
            }
        }
        let mut operand = operand.expect("operand");
        // Find the last cast whose type is not a type: everything before it applies to the
        // parenthesised name, what follows it starts with a binary operator.
        let split = prefixes.iter().rposition(|q| q.as_rule() == Rule::cast && self.cast_type(q).is_none());
        let mut out = Vec::new();
        let tail_start = match split {
            Some(k) => {
                let cast = &prefixes[k];
                let name = cast.clone().into_inner().next().expect("type name");
                let name_span = self.span(&name);
                let mut lhs = Expr { kind: ExprKind::Ident(name.as_str().trim().to_string()), span: name_span };
                for q in prefixes[..k].iter().rev() {
                    lhs = self.apply_prefix(q, lhs)?;
                }
                let Some(op) = prefixes.get(k + 1) else {
                    return Err(self.err(cast, format!("'{}' is not a type", name.as_str().trim())));
                };
                let bop = match op.as_str() {
                    "-" => BinOp::Sub,
                    "+" => BinOp::Add,
                    "*" => BinOp::Mul,
                    "&" => BinOp::BitAnd,
                    _ => return Err(self.err(cast, format!("'{}' is not a type", name.as_str().trim()))),
                };
                out.push(Item::Operand(lhs));
                out.push(Item::Op(bop, self.span(op)));
                k + 2
            }
            None => 0,
        };
        for q in prefixes[tail_start..].iter().rev() {
            operand = self.apply_prefix(q, operand)?;
        }
        out.push(Item::Operand(operand));
        Ok(out)
    }

    /// A unary that must be one operand (the left side of an assignment).
    fn single(&self, mut items: Vec<Item>, p: &Pair<'_, Rule>) -> Result<Expr, FrontError> {
        match (items.len(), items.pop()) {
            (1, Some(Item::Operand(e))) => Ok(e),
            _ => Err(self.err(p, "expression is not assignable")),
        }
    }

    fn cast_type(&self, cast: &Pair<'_, Rule>) -> Option<(CType, usize)> {
        self.type_name(cast.clone().into_inner().next()?)
    }

    /// The type a `type_name` names and its number of `*`, if it is a type sharc knows.
    fn type_name(&self, tn: Pair<'_, Rule>) -> Option<(CType, usize)> {
        let mut words = Vec::new();
        let mut pointers = 0;
        for q in tn.into_inner() {
            match q.as_rule() {
                Rule::abstract_pointer => pointers += 1,
                Rule::struct_type => return Some((CType::Unsupported(q.as_str().to_string()), pointers)),
                Rule::typedef_ident => {
                    let name = q.as_str();
                    self.typedefs.get(name)?;
                    words.push(name.to_string());
                }
                _ => words.push(q.as_str().to_string()),
            }
        }
        Some((scalar_type(words.iter().map(|s| s.as_str()), self.typedefs)?, pointers))
    }

    fn apply_prefix(&self, q: &Pair<'_, Rule>, e: Expr) -> Result<Expr, FrontError> {
        let span = Span { start: self.span(q).start, end: e.span.end };
        let kind = if q.as_rule() == Rule::cast {
            let (ty, pointers) = self.cast_type(q).expect("checked by the caller");
            if pointers > 0 {
                ExprKind::Unsupported(format!("cast to a pointer type '{}'", q.as_str()))
            } else {
                ExprKind::Cast(ty, Box::new(e))
            }
        } else {
            let op = match q.as_str() {
                "++" => UnOp::PreInc,
                "--" => UnOp::PreDec,
                "+" => UnOp::Plus,
                "-" => UnOp::Neg,
                "!" => UnOp::Not,
                "~" => UnOp::BitNot,
                "*" => UnOp::Deref,
                "&" => UnOp::AddrOf,
                _ => return Ok(Expr { kind: ExprKind::Unsupported("sizeof".into()), span }),
            };
            ExprKind::Unary(op, Box::new(e))
        };
        Ok(Expr { kind, span })
    }

    fn postfix(&self, p: Pair<'_, Rule>) -> Result<Expr, FrontError> {
        let mut it = p.into_inner();
        let mut e = self.primary(it.next().expect("primary"))?;
        for q in it {
            if matches!(q.as_str().trim(), "++" | "--") {
                let op = if q.as_str().trim() == "++" { UnOp::PostInc } else { UnOp::PostDec };
                let span = Span { start: e.span.start, end: self.span(&q).end };
                e = Expr { kind: ExprKind::Unary(op, Box::new(e)), span };
                continue;
            }
            let op = q.into_inner().next();
            let (kind, end) = match op {
                Some(x) if x.as_rule() == Rule::index => {
                    let end = self.span(&x).end;
                    let i = self.expr(x.into_inner().next().expect("index"))?;
                    (ExprKind::Index(Box::new(e.clone()), Box::new(i)), end)
                }
                Some(x) if x.as_rule() == Rule::call_args => {
                    let end = self.span(&x).end;
                    let args = x.into_inner().map(|a| self.assign_expr(a)).collect::<Result<_, _>>()?;
                    (ExprKind::Call(Box::new(e.clone()), args), end)
                }
                Some(x) if x.as_rule() == Rule::member => {
                    (ExprKind::Unsupported(format!("member access '{}'", x.as_str())), self.span(&x).end)
                }
                _ => return Err(FrontError::new(e.span, "malformed postfix expression")),
            };
            e = Expr { kind, span: Span { start: e.span.start, end } };
        }
        Ok(e)
    }

    fn primary(&self, p: Pair<'_, Rule>) -> Result<Expr, FrontError> {
        let span = self.span(&p);
        let q = p.into_inner().next().expect("primary");
        let kind = match q.as_rule() {
            Rule::ident => ExprKind::Ident(q.as_str().to_string()),
            Rule::paren => return self.expr(q.into_inner().next().expect("paren")),
            Rule::int_lit => int_literal(q.as_str()).ok_or_else(|| self.err(&q, "integer literal is too large"))?,
            Rule::float_lit => float_literal(q.as_str()).ok_or_else(|| self.err(&q, "malformed floating literal"))?,
            Rule::char_lit => match char_value(q.as_str()) {
                Some(v) => ExprKind::Int(v, IntTy::INT),
                None => ExprKind::Unsupported(format!("character literal {}", q.as_str())),
            },
            Rule::string_lit => ExprKind::Str,
            Rule::sizeof_type => {
                let size = q.clone().into_inner().find(|r| r.as_rule() == Rule::type_name).and_then(|tn| {
                    match self.type_name(tn)? {
                        (_, pointers) if pointers > 0 => Some(8),
                        (CType::Int(t), _) => Some(u64::from(t.bits / 8)),
                        (CType::Float(bits), _) => Some(u64::from(bits / 8)),
                        _ => None,
                    }
                });
                match size {
                    // `size_t` is `unsigned long` on the targets sharc compiles for.
                    Some(bytes) => ExprKind::Int(bytes, IntTy { bits: 64, signed: false }),
                    None => ExprKind::Unsupported(format!("'{}' of this type", q.as_str())),
                }
            }
            _ => ExprKind::Unsupported("sizeof".into()),
        };
        Ok(Expr { kind, span })
    }
}

/// Precedence climbing over a flat run.
fn climb(items: &mut Vec<Item>, pos: &mut usize, min: u8) -> Result<Expr, FrontError> {
    let mut lhs = match items.get_mut(*pos).map(|i| std::mem::replace(i, Item::Op(BinOp::Add, Span::default()))) {
        Some(Item::Operand(e)) => e,
        Some(Item::Op(_, s)) => return Err(FrontError::new(s, "expected an operand")),
        None => return Err(FrontError::new(Span::default(), "expected an operand")),
    };
    *pos += 1;
    while let Some(Item::Op(op, _)) = items.get(*pos) {
        let op = *op;
        let p = op.precedence();
        if p < min {
            break;
        }
        *pos += 1;
        let rhs = climb(items, pos, p + 1)?;
        let span = Span { start: lhs.span.start, end: rhs.span.end };
        lhs = Expr { kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)), span };
    }
    Ok(lhs)
}

fn bin_op(s: &str) -> BinOp {
    use BinOp::*;
    match s {
        "*" => Mul,
        "/" => Div,
        "%" => Rem,
        "+" => Add,
        "-" => Sub,
        "<<" => Shl,
        ">>" => Shr,
        "<" => Lt,
        ">" => Gt,
        "<=" => Le,
        ">=" => Ge,
        "==" => Eq,
        "!=" => Ne,
        "&" => BitAnd,
        "^" => BitXor,
        "|" => BitOr,
        "&&" => LogAnd,
        _ => LogOr,
    }
}

/// An integer literal with the type C gives it (C11 6.4.4.1).
fn int_literal(s: &str) -> Option<ExprKind> {
    let lower = s.to_ascii_lowercase();
    let digits = lower.trim_end_matches(['u', 'l']);
    let suffix = &lower[digits.len()..];
    let (value, decimal) = match digits.strip_prefix("0x") {
        Some(h) => (u64::from_str_radix(h, 16).ok()?, false),
        None if digits.len() > 1 && digits.starts_with('0') => (u64::from_str_radix(&digits[1..], 8).ok()?, false),
        None => (digits.parse::<u64>().ok()?, true),
    };
    let unsigned = suffix.contains('u');
    let long = suffix.contains('l');
    let ty = if !long && !unsigned && value <= i32::MAX as u64 {
        IntTy::INT
    } else if !long && (unsigned || !decimal) && value <= u32::MAX as u64 {
        IntTy { bits: 32, signed: false }
    } else if !unsigned && value <= i64::MAX as u64 {
        IntTy::LONG
    } else {
        IntTy { bits: 64, signed: false }
    };
    Some(ExprKind::Int(value, ty))
}

fn float_literal(s: &str) -> Option<ExprKind> {
    let (body, bits) = match s.chars().last()? {
        'f' | 'F' => (&s[..s.len() - 1], 32),
        'l' | 'L' => return Some(ExprKind::Unsupported("long double literal".into())),
        _ => (s, 64),
    };
    let value = if body.starts_with("0x") || body.starts_with("0X") {
        hex_float(&body[2..])?
    } else {
        body.parse::<f64>().ok()?
    };
    // A float literal is rounded once, to its own type.
    let value = if bits == 32 { body_to_f32(body, value) } else { value };
    Some(ExprKind::Float(value, bits))
}

/// `1.1f` is the float nearest to 1.1, not the float nearest to the double nearest to 1.1.
fn body_to_f32(body: &str, fallback: f64) -> f64 {
    if body.starts_with("0x") || body.starts_with("0X") {
        return fallback as f32 as f64;
    }
    body.parse::<f32>().map(|v| v as f64).unwrap_or(fallback as f32 as f64)
}

fn hex_float(s: &str) -> Option<f64> {
    let (mant, exp) = s.split_once(['p', 'P'])?;
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    let mut v = 0f64;
    for c in int.chars().chain(frac.chars()) {
        v = v * 16.0 + c.to_digit(16)? as f64;
    }
    let e: i32 = exp.parse().ok()?;
    Some(v * 2f64.powi(e - 4 * frac.len() as i32))
}

fn char_value(s: &str) -> Option<u64> {
    let inner = s.strip_prefix('\'')?.strip_suffix('\'')?;
    let v = match inner.strip_prefix('\\') {
        None => {
            let mut cs = inner.chars();
            let c = cs.next()?;
            if cs.next().is_some() || !c.is_ascii() {
                return None;
            }
            c as u64
        }
        Some("n") => 10,
        Some("t") => 9,
        Some("r") => 13,
        Some("0") => 0,
        Some("\\") => 92,
        Some("'") => 39,
        Some("\"") => 34,
        _ => return None,
    };
    Some(v)
}

#[cfg(test)]
mod tests {
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
