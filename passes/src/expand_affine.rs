//! Expanding affine expressions into `arith` ops: upstream's `expandAffineExpr` and
//! `expandAffineMap` (`mlir/lib/Dialect/Affine/Utils/Utils.cpp`), op for op, so that lowered IR
//! prints exactly as upstream's.
//!
//! Operands are visited left before right and every constant becomes its own
//! `arith.constant` (nothing is shared or folded: `canonicalize` and `cse` clean up later).
//!
//! | expression | ops |
//! |---|---|
//! | `a + b` | `addi a, b` |
//! | `a * b` | `muli a, b overflow<nsw>` |
//! | `a mod b` | `r = remsi a, b`; `select (cmpi slt, r, 0), (addi r, b), r` |
//! | `a floordiv b` | `n = cmpi slt, a, 0`; `q = divsi (select n, (subi -1, a), a), b`; `select n, (subi -1, q), q` |
//! | `a ceildiv b` | `n = cmpi sle, a, 0`; `q = divsi (select n, (subi 0, a), (subi a, 1)), b`; `select n, (subi 0, q), (addi q, 1)` |
//!
//! A division or modulo by a constant that is not positive cannot be expanded: the expansion
//! fails with a warning (upstream fails silently and leaves the op; sharc says why).

use sharc_dialects::arith::flags::{CmpIPredicate, NSW, OVERFLOW};
use sharc_dialects::arith::{AddIOp, CmpIOp, ConstantOp, DivSIOp, MulIOp, RemSIOp, SelectOp, SubIOp, OVERFLOW_FLAGS};
use sharc_ir::affine::{AffineExpr, AffineExprKind, AffineMap};
use sharc_ir::{Builder, Context, Diagnostic, Location, OperationState, Type, Value};

/// Builds the ops computing affine expressions at a builder's insertion point.
pub struct Expander<'a> {
    /// Where the ops go.
    pub builder: &'a mut Builder,
    /// The location of every op built.
    pub loc: Location,
    /// Warnings (divisions by non-positive constants).
    pub diags: &'a mut Vec<Diagnostic>,
}

impl Expander<'_> {
    /// The values of `map`'s results applied to `operands` (dims, then symbols); `None` if an
    /// expression cannot be expanded or the operands do not fit the map.
    pub fn map(&mut self, ctx: &mut Context, map: &AffineMap, operands: &[Value]) -> Option<Vec<Value>> {
        if operands.len() != map.num_inputs() {
            return None;
        }
        let (dims, symbols) = operands.split_at(map.num_dims() as usize);
        // Upstream expands every result before checking any, so a failing result still leaves
        // the ops of the others behind.
        let values: Vec<Option<Value>> = map.results().iter().map(|e| self.expr(ctx, e, dims, symbols)).collect();
        values.into_iter().collect()
    }

    /// The value of `expr` with the given dimension and symbol values.
    pub fn expr(&mut self, ctx: &mut Context, expr: &AffineExpr, dims: &[Value], symbols: &[Value]) -> Option<Value> {
        match expr.kind() {
            AffineExprKind::Dim(d) => dims.get(*d as usize).copied(),
            AffineExprKind::Symbol(s) => symbols.get(*s as usize).copied(),
            AffineExprKind::Constant(c) => Some(self.constant(ctx, *c)),
            AffineExprKind::Add(l, r) => {
                let (l, r) = self.operands(ctx, l, r, dims, symbols)?;
                Some(self.binary(ctx, AddIOp::state, l, r))
            }
            AffineExprKind::Mul(l, r) => {
                let (l, r) = self.operands(ctx, l, r, dims, symbols)?;
                let index = ctx.index_type();
                let mut state = MulIOp::state(&[l, r], index, self.loc.clone());
                let nsw = OVERFLOW.encode(ctx, NSW);
                state.add_prop(OVERFLOW_FLAGS, nsw);
                Some(self.builder.insert_value(ctx, state))
            }
            AffineExprKind::Mod(l, r) => {
                self.check_positive(r, "modulo by non-positive value is not supported")?;
                let (lhs, rhs) = self.operands(ctx, l, r, dims, symbols)?;
                let remainder = self.binary(ctx, RemSIOp::state, lhs, rhs);
                let zero = self.constant(ctx, 0);
                let negative = self.cmp(ctx, CmpIPredicate::Slt, remainder, zero);
                let corrected = self.binary(ctx, AddIOp::state, remainder, rhs);
                Some(self.select(ctx, negative, corrected, remainder))
            }
            AffineExprKind::FloorDiv(l, r) => {
                self.check_positive(r, "division by non-positive value is not supported")?;
                let (lhs, rhs) = self.operands(ctx, l, r, dims, symbols)?;
                let zero = self.constant(ctx, 0);
                let minus_one = self.constant(ctx, -1);
                let negative = self.cmp(ctx, CmpIPredicate::Slt, lhs, zero);
                let negated_decremented = self.sub(ctx, minus_one, lhs);
                let dividend = self.select(ctx, negative, negated_decremented, lhs);
                let quotient = self.binary(ctx, DivSIOp::state, dividend, rhs);
                let corrected = self.sub(ctx, minus_one, quotient);
                Some(self.select(ctx, negative, corrected, quotient))
            }
            AffineExprKind::CeilDiv(l, r) => {
                self.check_positive(r, "division by non-positive value is not supported")?;
                let (lhs, rhs) = self.operands(ctx, l, r, dims, symbols)?;
                let zero = self.constant(ctx, 0);
                let one = self.constant(ctx, 1);
                let non_positive = self.cmp(ctx, CmpIPredicate::Sle, lhs, zero);
                let negated = self.sub(ctx, zero, lhs);
                let decremented = self.sub(ctx, lhs, one);
                let dividend = self.select(ctx, non_positive, negated, decremented);
                let quotient = self.binary(ctx, DivSIOp::state, dividend, rhs);
                let negated_quotient = self.sub(ctx, zero, quotient);
                let incremented = self.binary(ctx, AddIOp::state, quotient, one);
                Some(self.select(ctx, non_positive, negated_quotient, incremented))
            }
        }
    }

    /// Expands `l` then `r`.
    fn operands(
        &mut self,
        ctx: &mut Context,
        l: &AffineExpr,
        r: &AffineExpr,
        dims: &[Value],
        symbols: &[Value],
    ) -> Option<(Value, Value)> {
        let l = self.expr(ctx, l, dims, symbols);
        let r = self.expr(ctx, r, dims, symbols);
        Some((l?, r?))
    }

    fn check_positive(&mut self, rhs: &AffineExpr, message: &str) -> Option<()> {
        match rhs.as_constant() {
            Some(c) if c <= 0 => {
                self.diags.push(Diagnostic::warning(self.loc.clone(), format!("{message}; the op is left as it is")));
                None
            }
            _ => Some(()),
        }
    }

    /// An `index` constant.
    pub fn constant(&mut self, ctx: &mut Context, value: i64) -> Value {
        let state = ConstantOp::index(ctx, value, self.loc.clone());
        self.builder.insert_value(ctx, state)
    }

    /// A binary `index` op built by `make`.
    fn binary(
        &mut self,
        ctx: &mut Context,
        make: fn(&[Value], Type, Location) -> OperationState,
        lhs: Value,
        rhs: Value,
    ) -> Value {
        let index = ctx.index_type();
        let state = make(&[lhs, rhs], index, self.loc.clone());
        self.builder.insert_value(ctx, state)
    }

    fn sub(&mut self, ctx: &mut Context, lhs: Value, rhs: Value) -> Value {
        self.binary(ctx, SubIOp::state, lhs, rhs)
    }

    /// `arith.cmpi pred, lhs, rhs`.
    pub fn cmp(&mut self, ctx: &mut Context, pred: CmpIPredicate, lhs: Value, rhs: Value) -> Value {
        let state = CmpIOp::state(ctx, pred, lhs, rhs, self.loc.clone());
        self.builder.insert_value(ctx, state)
    }

    fn select(&mut self, ctx: &mut Context, cond: Value, t: Value, f: Value) -> Value {
        let ty = ctx.value_type(t);
        let state = OperationState::new(SelectOp::NAME, self.loc.clone()).operands([cond, t, f]).results([ty]);
        self.builder.insert_value(ctx, state)
    }
}
