//! Expressions: C's precedence by climbing over flat operator runs, casts, postfix and
//! primary expressions.

use super::literal::{char_value, float_literal, int_literal};
use super::skim::scalar_type;
use super::*;

/// One element of a flat `binary` run before precedence is applied.
enum Item {
    Operand(Expr),
    Op(BinOp, Span),
}

impl FnParser<'_> {
    pub(super) fn expr(&self, p: Pair<'_, Rule>) -> Result<Expr, FrontError> {
        let span = self.span(&p);
        let parts: Vec<Pair<'_, Rule>> = p.into_inner().collect();
        if parts.len() == 1 {
            return self.assign_expr(parts.into_iter().next().expect("one"));
        }
        let items = parts.into_iter().map(|q| self.assign_expr(q)).collect::<Result<_, _>>()?;
        Ok(Expr { kind: ExprKind::Comma(items), span })
    }

    pub(super) fn assign_expr(&self, p: Pair<'_, Rule>) -> Result<Expr, FrontError> {
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
