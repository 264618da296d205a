//! Functions, declarations and statements, from pest pairs to the AST.

use super::skim::scalar_type;
use super::*;

impl FnParser<'_> {
    pub(super) fn span(&self, p: &Pair<'_, Rule>) -> Span {
        span_of(p, self.base)
    }

    pub(super) fn err(&self, p: &Pair<'_, Rule>, message: impl Into<String>) -> FrontError {
        FrontError::new(self.span(p), message)
    }

    pub(super) fn function(&self, def: Pair<'_, Rule>) -> Result<Function, FrontError> {
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
            is_restrict: false,
        };
        for q in inner {
            match q.as_rule() {
                Rule::pointer => {
                    d.pointers += 1;
                    d.is_restrict |= has_restrict(q);
                }
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
                    d.is_restrict |= has_restrict(q.clone());
                    let name = q.into_inner().find(|r| r.as_rule() == Rule::ident).expect("a name");
                    d.name = name.as_str().to_string();
                    d.span = self.span(&name);
                    // The pointer is the outermost dimension, of unknown size.
                    d.dims.push(None);
                }
                Rule::array_suffix => {
                    // `A[restrict n][n]`: C99 allows the qualifier in the outermost bound only.
                    d.is_restrict |= d.dims.is_empty() && d.pointers == 0 && has_restrict(q.clone());
                    d.dims.push(self.array_suffix(q)?)
                }
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
                is_restrict: false,
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
}

/// Whether a `restrict` qualifier stands directly in `p` (a `*`, `(*restrict A)` or `[restrict n]`).
fn has_restrict(p: Pair<'_, Rule>) -> bool {
    p.into_inner()
        .any(|q| q.as_rule() == Rule::qualifier && matches!(q.as_str(), "restrict" | "__restrict" | "__restrict__"))
}
