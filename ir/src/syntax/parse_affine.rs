//! Parsing of affine expressions, maps and integer sets, both in attribute form
//! (`affine_map<(d0)[s0] -> (d0 + s0)>`) and over SSA operands in custom op syntax
//! (`affine.load %A[%i + 1, symbol(%n)]`).

use super::lexer::TokenKind;
use super::parser::{Parser, UnresolvedOperand};
use super::ParseResult;
use crate::affine::{AffineExpr, AffineMap, IntegerSet};

/// How identifiers in an affine expression are resolved.
enum Names<'n> {
    /// Bare identifiers declared in the `(d0, d1)[s0]` header.
    Declared { dims: &'n [String], syms: &'n [String] },
    /// SSA operands become dims (or symbols inside `symbol(...)`), in order of first use.
    Ssa { dims: &'n mut Vec<UnresolvedOperand>, syms: &'n mut Vec<UnresolvedOperand> },
}

impl Parser<'_, '_> {
    /// `(d0, d1)[s0] -> (exprs)` (the part inside `affine_map<...>`).
    pub fn parse_affine_map_body(&mut self) -> ParseResult<AffineMap> {
        let start = self.offset();
        let (dims, syms) = self.parse_dim_and_symbol_lists()?;
        self.parse_punct("->")?;
        let mut results = Vec::new();
        let mut names = Names::Declared { dims: &dims, syms: &syms };
        self.parse_punct("(")?;
        if !self.parse_optional_punct(")") {
            loop {
                results.push(self.parse_affine_expr(&mut names)?);
                if !self.parse_optional_punct(",") {
                    break;
                }
            }
            self.parse_punct(")")?;
        }
        AffineMap::new(dims.len() as u32, syms.len() as u32, results).map_err(|e| self.error_at(start, e.to_string()))
    }

    /// `(d0)[s0] : (constraints)` (the part inside `affine_set<...>`).
    pub fn parse_integer_set_body(&mut self) -> ParseResult<IntegerSet> {
        let start = self.offset();
        let (dims, syms) = self.parse_dim_and_symbol_lists()?;
        self.parse_punct(":")?;
        let mut names = Names::Declared { dims: &dims, syms: &syms };
        let mut constraints = Vec::new();
        let mut eq = Vec::new();
        self.parse_punct("(")?;
        loop {
            let off = self.offset();
            let lhs = self.parse_affine_expr(&mut names)?;
            let (op, is_eq) = if self.at_punct(">") && self.text(self.peek_nth(1)) == "=" {
                (">=", false)
            } else if self.at_punct("<") && self.text(self.peek_nth(1)) == "=" {
                ("<=", false)
            } else if self.at_punct("=") && self.text(self.peek_nth(1)) == "=" {
                ("==", true)
            } else {
                return Err(self.error_at(off, "expected '== affine-expr' or '>= affine-expr' at end of affine constraint"));
            };
            self.bump();
            self.bump();
            let rhs = self.parse_affine_expr(&mut names)?;
            let c = if op == "<=" { rhs - lhs } else { lhs - rhs };
            constraints.push(c);
            eq.push(is_eq);
            if !self.parse_optional_punct(",") {
                break;
            }
        }
        self.parse_punct(")")?;
        IntegerSet::new(dims.len() as u32, syms.len() as u32, constraints, eq).map_err(|e| self.error_at(start, e.to_string()))
    }

    fn parse_dim_and_symbol_lists(&mut self) -> ParseResult<(Vec<String>, Vec<String>)> {
        let mut dims = Vec::new();
        self.parse_punct("(")?;
        if !self.parse_optional_punct(")") {
            loop {
                dims.push(self.parse_affine_decl_name(&dims)?);
                if !self.parse_optional_punct(",") {
                    break;
                }
            }
            self.parse_punct(")")?;
        }
        let mut syms = Vec::new();
        if self.parse_optional_punct("[") && !self.parse_optional_punct("]") {
            loop {
                let all: Vec<String> = dims.iter().chain(&syms).cloned().collect();
                syms.push(self.parse_affine_decl_name(&all)?);
                if !self.parse_optional_punct(",") {
                    break;
                }
            }
            self.parse_punct("]")?;
        }
        Ok((dims, syms))
    }

    fn parse_affine_decl_name(&mut self, seen: &[String]) -> ParseResult<String> {
        let t = self.peek();
        if t.kind != TokenKind::BareId {
            return Err(self.expected("bare identifier"));
        }
        self.bump();
        let name = self.text(t).to_string();
        if seen.contains(&name) {
            return Err(self.error_at(t.start, format!("redefinition of identifier '{name}'")));
        }
        Ok(name)
    }

    /// Parses an affine map whose dims and symbols are SSA operands, between `open` and
    /// `close` (`[`/`]` for affine.load, `(`/`)` for bounds). Returns the map and the dim and
    /// symbol operands in order.
    pub fn parse_affine_map_of_ssa_ids(
        &mut self,
        open: &str,
        close: &str,
    ) -> ParseResult<(AffineMap, Vec<UnresolvedOperand>, Vec<UnresolvedOperand>)> {
        let start = self.offset();
        let mut dims = Vec::new();
        let mut syms = Vec::new();
        let mut results = Vec::new();
        self.parse_punct(open)?;
        if !self.parse_optional_punct(close) {
            let mut names = Names::Ssa { dims: &mut dims, syms: &mut syms };
            loop {
                results.push(self.parse_affine_expr(&mut names)?);
                if !self.parse_optional_punct(",") {
                    break;
                }
            }
            self.parse_punct(close)?;
        }
        let map = AffineMap::new(dims.len() as u32, syms.len() as u32, results).map_err(|e| self.error_at(start, e.to_string()))?;
        Ok((map, dims, syms))
    }

    /// One affine expression whose dims are SSA operands and whose symbols are `symbol(%x)`
    /// (MLIR's `parseAffineExprOfSSAIds`, used by `affine.parallel` bounds). Returns the
    /// expression and its dim and symbol operands, numbered in order of first use.
    pub fn parse_affine_expr_of_ssa_ids(
        &mut self,
    ) -> ParseResult<(AffineExpr, Vec<UnresolvedOperand>, Vec<UnresolvedOperand>)> {
        let mut dims = Vec::new();
        let mut syms = Vec::new();
        let expr = self.parse_affine_expr(&mut Names::Ssa { dims: &mut dims, syms: &mut syms })?;
        Ok((expr, dims, syms))
    }

    /// One affine expression, with identifiers resolved per `names`.
    fn parse_affine_expr(&mut self, names: &mut Names<'_>) -> ParseResult<AffineExpr> {
        let mut lhs = self.parse_affine_term(names)?;
        loop {
            if self.parse_optional_punct("+") {
                let rhs = self.parse_affine_term(names)?;
                lhs = lhs + rhs;
            } else if self.at_punct("-") {
                self.bump();
                let rhs = self.parse_affine_term(names)?;
                lhs = lhs - rhs;
            } else {
                return Ok(lhs);
            }
        }
    }

    fn parse_affine_term(&mut self, names: &mut Names<'_>) -> ParseResult<AffineExpr> {
        let mut lhs = self.parse_affine_unary(names)?;
        loop {
            let off = self.offset();
            if self.parse_optional_punct("*") {
                let rhs = self.parse_affine_unary(names)?;
                if !lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant() {
                    return Err(self.error_at(off, "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic"));
                }
                lhs = lhs * rhs;
                continue;
            }
            let kw = if self.at_keyword("floordiv") {
                "floordiv"
            } else if self.at_keyword("ceildiv") {
                "ceildiv"
            } else if self.at_keyword("mod") {
                "mod"
            } else {
                return Ok(lhs);
            };
            self.bump();
            let rhs = self.parse_affine_unary(names)?;
            if !rhs.is_symbolic_or_constant() {
                return Err(self.error_at(off, format!("non-affine expression: right operand of {kw} has to be either a constant or symbolic")));
            }
            if rhs.as_constant() == Some(0) {
                return Err(self.error_at(off, format!("division by zero in '{kw}'")));
            }
            lhs = match kw {
                "floordiv" => lhs.floor_div(rhs),
                "ceildiv" => lhs.ceil_div(rhs),
                _ => lhs.modulo(rhs),
            };
        }
    }

    fn parse_affine_unary(&mut self, names: &mut Names<'_>) -> ParseResult<AffineExpr> {
        let t = self.peek();
        match t.kind {
            TokenKind::Punct if self.text(t) == "-" => {
                self.bump();
                let e = self.parse_affine_unary(names)?;
                Ok(-e)
            }
            TokenKind::Punct if self.text(t) == "(" => {
                self.bump();
                let e = self.parse_affine_expr(names)?;
                self.parse_punct(")")?;
                Ok(e)
            }
            TokenKind::Integer => {
                self.bump();
                let v = self
                    .text(t)
                    .parse::<i64>()
                    .map_err(|_| self.error_at(t.start, "constant too large for index"))?;
                Ok(AffineExpr::constant(v))
            }
            TokenKind::BareId => match names {
                Names::Declared { dims, syms } => {
                    let name = self.text(t);
                    self.bump();
                    if let Some(i) = dims.iter().position(|d| d == name) {
                        Ok(AffineExpr::dim(i as u32))
                    } else if let Some(i) = syms.iter().position(|s| s == name) {
                        Ok(AffineExpr::symbol(i as u32))
                    } else {
                        Err(self.error_at(t.start, "use of undeclared identifier"))
                    }
                }
                Names::Ssa { dims, syms } if self.text(t) == "symbol" => {
                    self.bump();
                    self.parse_punct("(")?;
                    let o = self.parse_operand()?;
                    self.parse_punct(")")?;
                    // A name already bound stays what it was (MLIR's `parseSSAIdExpr`).
                    if let Some(i) = position(dims, &o) {
                        return Ok(AffineExpr::dim(i));
                    }
                    let i = position_or_push(syms, o);
                    Ok(AffineExpr::symbol(i))
                }
                // Over SSA ids only `symbol(...)` is a keyword; any other bare id is unknown.
                Names::Ssa { .. } => Err(self.error_here("use of undeclared identifier")),
            },
            TokenKind::PercentId => match names {
                Names::Ssa { dims, syms } => {
                    let o = self.parse_operand()?;
                    if let Some(i) = position(syms, &o) {
                        return Ok(AffineExpr::symbol(i));
                    }
                    let i = position_or_push(dims, o);
                    Ok(AffineExpr::dim(i))
                }
                Names::Declared { .. } => Err(self.expected("bare identifier")),
            },
            _ => Err(self.expected("affine expression")),
        }
    }
}

fn position(list: &[UnresolvedOperand], o: &UnresolvedOperand) -> Option<u32> {
    list.iter().position(|x| x.name == o.name && x.number == o.number).map(|i| i as u32)
}

fn position_or_push(list: &mut Vec<UnresolvedOperand>, o: UnresolvedOperand) -> u32 {
    if let Some(i) = position(list, &o) {
        return i;
    }
    list.push(o);
    (list.len() - 1) as u32
}
