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

/// A parsed `(dims)[syms] -> (...)` or `(dims)[syms] : (...)`.
pub enum MapOrSet {
    /// `-> (exprs)`.
    Map(AffineMap),
    /// `: (constraints)`.
    Set(IntegerSet),
}

/// `+` or `-` (upstream's low-precedence affine operators).
#[derive(Clone, Copy)]
enum LowOp {
    Add,
    Sub,
}

/// `*`, `floordiv`, `ceildiv`, `mod` (upstream's high-precedence affine operators).
#[derive(Clone, Copy)]
enum HighOp {
    Mul,
    FloorDiv,
    CeilDiv,
    Mod,
}

impl HighOp {
    fn keyword(self) -> &'static str {
        match self {
            HighOp::Mul => "multiply",
            HighOp::FloorDiv => "floordiv",
            HighOp::CeilDiv => "ceildiv",
            HighOp::Mod => "mod",
        }
    }
}

fn low(acc: Option<(AffineExpr, LowOp)>, rhs: AffineExpr) -> AffineExpr {
    match acc {
        Some((lhs, LowOp::Add)) => lhs + rhs,
        Some((lhs, LowOp::Sub)) => lhs - rhs,
        None => rhs,
    }
}

impl Parser<'_, '_> {
    /// `(d0, d1)[s0] -> (exprs)` (the part inside `affine_map<...>`).
    pub fn parse_affine_map_body(&mut self) -> ParseResult<AffineMap> {
        let start = self.offset();
        match self.parse_affine_map_or_set_body()? {
            MapOrSet::Map(map) => Ok(map),
            MapOrSet::Set(_) => Err(self.error_at(start, "expected AffineMap, but got IntegerSet")),
        }
    }

    /// `(d0)[s0] : (constraints)` (the part inside `affine_set<...>`).
    pub fn parse_integer_set_body(&mut self) -> ParseResult<IntegerSet> {
        let start = self.offset();
        match self.parse_affine_map_or_set_body()? {
            MapOrSet::Set(set) => Ok(set),
            MapOrSet::Map(_) => Err(self.error_at(start, "expected IntegerSet, but got AffineMap")),
        }
    }

    /// Either body, told apart by `->` or `:` after the identifier lists (upstream's
    /// `parseAffineMapOrIntegerSetInline`).
    pub fn parse_affine_map_or_set_body(&mut self) -> ParseResult<MapOrSet> {
        let start = self.offset();
        let (dims, syms) = self.parse_dim_and_symbol_lists()?;
        let mut names = Names::Declared { dims: &dims, syms: &syms };
        let (nd, ns) = (dims.len() as u32, syms.len() as u32);
        if self.parse_optional_punct("->") {
            let mut results = Vec::new();
            self.parse_delimited_list("(", ")", " in affine map range", |p| {
                results.push(p.parse_affine_expr(&mut names)?);
                Ok(())
            })?;
            return AffineMap::new(nd, ns, results).map(MapOrSet::Map).map_err(|e| self.error_at(start, e.to_string()));
        }
        self.parse_punct_in(":", "").map_err(|_| self.wrong_token_error("expected '->' or ':'"))?;
        let mut constraints = Vec::new();
        let mut eq = Vec::new();
        self.parse_delimited_list("(", ")", " in integer set constraint list", |p| {
            let (c, is_eq) = p.parse_affine_constraint(&mut names)?;
            constraints.push(c);
            eq.push(is_eq);
            Ok(())
        })?;
        // No constraints: upstream's degenerate "true" set, `0 == 0`.
        if constraints.is_empty() {
            constraints.push(AffineExpr::constant(0));
            eq.push(true);
        }
        IntegerSet::new(nd, ns, constraints, eq).map(MapOrSet::Set).map_err(|e| self.error_at(start, e.to_string()))
    }

    /// `lhs >= rhs`, `lhs <= rhs` or `lhs == rhs`, as the expression compared with zero and
    /// whether it is an equality (upstream's `parseAffineConstraint`).
    fn parse_affine_constraint(&mut self, names: &mut Names<'_>) -> ParseResult<(AffineExpr, bool)> {
        let lhs = self.parse_affine_expr(names)?;
        // Upstream consumes the first character of a comparison before checking the second.
        for (first, le, is_eq) in [(">", false, false), ("<", true, false), ("=", false, true)] {
            if self.parse_optional_punct(first) {
                if !self.parse_optional_punct("=") {
                    break;
                }
                let rhs = self.parse_affine_expr(names)?;
                return Ok((if le { rhs - lhs } else { lhs - rhs }, is_eq));
            }
        }
        Err(self.error_here("expected '== affine-expr' or '>= affine-expr' at end of affine constraint"))
    }

    /// `open` elements separated by commas `close`, possibly empty (upstream's
    /// `parseCommaSeparatedList` with a delimiter and a context message).
    fn parse_delimited_list(
        &mut self,
        open: &str,
        close: &str,
        context: &str,
        mut element: impl FnMut(&mut Self) -> ParseResult<()>,
    ) -> ParseResult<()> {
        self.parse_punct_in(open, context)?;
        if self.parse_optional_punct(close) {
            return Ok(());
        }
        element(self)?;
        while self.parse_optional_punct(",") {
            element(self)?;
        }
        self.parse_punct_in(close, context)
    }

    fn parse_dim_and_symbol_lists(&mut self) -> ParseResult<(Vec<String>, Vec<String>)> {
        let mut dims: Vec<String> = Vec::new();
        self.parse_delimited_list("(", ")", " in dimensional identifier list", |p| {
            let name = p.parse_affine_decl_name(&dims)?;
            dims.push(name);
            Ok(())
        })?;
        let mut all = dims.clone();
        if self.at_punct("[") {
            self.parse_delimited_list("[", "]", " in symbol list", |p| {
                let name = p.parse_affine_decl_name(&all)?;
                all.push(name);
                Ok(())
            })?;
        }
        let syms = all.split_off(dims.len());
        Ok((dims, syms))
    }

    fn parse_affine_decl_name(&mut self, seen: &[String]) -> ParseResult<String> {
        let t = self.peek();
        if t.kind != TokenKind::BareId {
            return Err(self.expected("bare identifier"));
        }
        let name = self.text(t).to_string();
        if seen.contains(&name) {
            return Err(self.error_at(t.start, format!("redefinition of identifier '{name}'")));
        }
        self.bump();
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
        let mut names = Names::Ssa { dims: &mut dims, syms: &mut syms };
        self.parse_delimited_list(open, close, " in affine map", |p| {
            results.push(p.parse_affine_expr(&mut names)?);
            Ok(())
        })?;
        let map = AffineMap::new(dims.len() as u32, syms.len() as u32, results)
            .map_err(|e| self.error_at(start, e.to_string()))?;
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

    fn parse_optional_low_op(&mut self) -> Option<LowOp> {
        if self.parse_optional_punct("+") {
            Some(LowOp::Add)
        } else if self.parse_optional_punct("-") {
            Some(LowOp::Sub)
        } else {
            None
        }
    }

    fn parse_optional_high_op(&mut self) -> Option<HighOp> {
        let op = if self.at_punct("*") {
            HighOp::Mul
        } else if self.at_keyword("floordiv") {
            HighOp::FloorDiv
        } else if self.at_keyword("ceildiv") {
            HighOp::CeilDiv
        } else if self.at_keyword("mod") {
            HighOp::Mod
        } else {
            return None;
        };
        self.bump();
        Some(op)
    }

    /// One affine expression, with identifiers resolved per `names` (upstream's
    /// `parseAffineLowPrecOpExpr`, as a loop over the `+`/`-` chain).
    fn parse_affine_expr(&mut self, names: &mut Names<'_>) -> ParseResult<AffineExpr> {
        let mut acc: Option<(AffineExpr, LowOp)> = None;
        loop {
            let lhs = self.parse_affine_operand(names, acc.is_some())?;
            if let Some(op) = self.parse_optional_low_op() {
                acc = Some((low(acc, lhs), op));
                continue;
            }
            let op_off = self.offset();
            let Some(op) = self.parse_optional_high_op() else {
                return Ok(low(acc, lhs));
            };
            let product = self.parse_affine_high_prec(names, lhs, op, op_off)?;
            match self.parse_optional_low_op() {
                Some(next) => acc = Some((low(acc, product), next)),
                None => return Ok(low(acc, product)),
            }
        }
    }

    /// The rest of a `*`/`floordiv`/`ceildiv`/`mod` chain after `lhs op` (upstream's
    /// `parseAffineHighPrecOpExpr`). As upstream, a non-affine product is reported at the
    /// operator that follows it, if any.
    fn parse_affine_high_prec(
        &mut self,
        names: &mut Names<'_>,
        mut lhs: AffineExpr,
        mut op: HighOp,
        mut op_off: usize,
    ) -> ParseResult<AffineExpr> {
        loop {
            let rhs = self.parse_affine_operand(names, true)?;
            let next_off = self.offset();
            match self.parse_optional_high_op() {
                Some(next) => {
                    lhs = self.affine_high_binary(op, lhs, rhs, next_off)?;
                    (op, op_off) = (next, next_off);
                }
                None => return self.affine_high_binary(op, lhs, rhs, op_off),
            }
        }
    }

    fn affine_high_binary(&self, op: HighOp, lhs: AffineExpr, rhs: AffineExpr, off: usize) -> ParseResult<AffineExpr> {
        if let HighOp::Mul = op {
            if !lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant() {
                return Err(self.error_at(off, "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic"));
            }
            return Ok(lhs * rhs);
        }
        if !rhs.is_symbolic_or_constant() {
            return Err(self.error_at(
                off,
                format!(
                    "non-affine expression: right operand of {} has to be either a constant or symbolic",
                    op.keyword()
                ),
            ));
        }
        Ok(match op {
            HighOp::FloorDiv => lhs.floor_div(rhs),
            HighOp::CeilDiv => lhs.ceil_div(rhs),
            _ => lhs.modulo(rhs),
        })
    }

    /// An operand of a binary operator (upstream's `parseAffineOperandExpr`); `after_op` tells
    /// whether it follows an operator, which changes the wording of errors.
    fn parse_affine_operand(&mut self, names: &mut Names<'_>, after_op: bool) -> ParseResult<AffineExpr> {
        let t = self.peek();
        let text = self.text(t);
        match t.kind {
            TokenKind::BareId if text == "symbol" => {
                self.bump();
                self.parse_punct_in("(", " at start of SSA symbol")?;
                let Names::Ssa { dims, syms } = names else {
                    return Err(self.wrong_token_error("unexpected ssa identifier"));
                };
                if self.peek().kind != TokenKind::PercentId {
                    return Err(self.wrong_token_error("expected ssa identifier"));
                }
                let o = self.parse_operand()?;
                self.parse_punct_in(")", " at end of SSA symbol")?;
                // A name already bound stays what it was (MLIR's `parseSSAIdExpr`).
                if let Some(i) = position(dims, &o) {
                    return Ok(AffineExpr::dim(i));
                }
                Ok(AffineExpr::symbol(position_or_push(syms, o)))
            }
            TokenKind::PercentId => {
                let Names::Ssa { dims, syms } = names else {
                    return Err(self.wrong_token_error("unexpected ssa identifier"));
                };
                let o = self.parse_operand()?;
                if let Some(i) = position(syms, &o) {
                    return Ok(AffineExpr::symbol(i));
                }
                Ok(AffineExpr::dim(position_or_push(dims, o)))
            }
            TokenKind::Integer => {
                let value = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
                    Some(hex) => u64::from_str_radix(hex, 16).ok(),
                    None => text.parse::<u64>().ok(),
                };
                let value = value.and_then(|v| i64::try_from(v).ok());
                let v = value.ok_or_else(|| self.error_here("constant too large for index"))?;
                self.bump();
                Ok(AffineExpr::constant(v))
            }
            TokenKind::Punct if text == "(" => {
                self.bump();
                if self.at_punct(")") {
                    return Err(self.error_here("no expression inside parentheses"));
                }
                let e = self.parse_affine_expr(names)?;
                self.parse_punct(")")?;
                Ok(e)
            }
            TokenKind::Punct if text == "-" => {
                self.bump();
                // Upstream follows the operand's own error with "missing operand of negation".
                let e = self.parse_affine_operand(names, after_op)?;
                Ok(-e)
            }
            TokenKind::Punct if text == "+" || text == "*" => Err(self.error_here(if after_op {
                "missing right operand of binary operator"
            } else {
                "missing left operand of binary operator"
            })),
            TokenKind::BareId => {
                let found = match names {
                    Names::Declared { dims, syms } => {
                        if let Some(i) = dims.iter().position(|d| d == text) {
                            Some(AffineExpr::dim(i as u32))
                        } else {
                            syms.iter().position(|s| s == text).map(|i| AffineExpr::symbol(i as u32))
                        }
                    }
                    Names::Ssa { .. } => None,
                };
                let e = found.ok_or_else(|| self.wrong_token_error("use of undeclared identifier"))?;
                self.bump();
                Ok(e)
            }
            _ => Err(self.error_here(if after_op {
                "missing right operand of binary operator"
            } else {
                "expected affine expression"
            })),
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
