//! Simplification through the flattened form, upstream's `simplifyAffineExpr` with its
//! `SimpleAffineExprFlattener`, `getAffineExprFromFlatForm` and
//! `getSemiAffineExprFromFlatForm` (`mlir/lib/IR/AffineExpr.cpp`).
//!
//! Flattening writes an expression as a row of coefficients over
//! `[dims..., symbols..., locals..., 1]`. A local stands for a `floordiv`/`ceildiv` by a
//! constant (whose common factors with the dividend are cancelled first), or for a
//! semi-affine product, division or `mod`; `e mod c` becomes `e - c * (e floordiv c)`.
//! Rebuilding the row sums the terms in column order, which is the linear normal form:
//! `d0 + d1 - d0` flattens to `[0, 1 | 0]` and rebuilds as `d1`.
//!
//! Flattening fails, and the expression is returned unchanged, on a division or `mod` by
//! a non-positive constant, a dimension or symbol beyond the given counts, or a
//! coefficient overflow.

use super::expr::{gcd, AffineBinaryOp as Op, AffineExpr, AffineExprKind};
use super::semi_affine::simplify_semi_affine;

/// Upstream `simplifyAffineExpr(expr, numDims, numSymbols)`.
pub(super) fn simplify_affine_expr(expr: &AffineExpr, num_dims: u32, num_symbols: u32) -> AffineExpr {
    let expr = if expr.is_pure_affine() { expr.clone() } else { simplify_semi_affine(expr, num_dims, num_symbols) };
    let mut flattener =
        Flattener { num_dims: num_dims as usize, num_symbols: num_symbols as usize, locals: Vec::new() };
    let Some(row) = flattener.flatten(&expr) else {
        return expr;
    };
    let linear = flattener.to_expr(&row);
    if expr.is_pure_affine() {
        linear
    } else if linear == expr {
        expr
    } else {
        flattener.to_semi_affine_expr(&row)
    }
}

/// A flattened expression: coefficients of the dimensions, symbols and locals, then the
/// constant term. Rows made before a local was added are shorter; [`Flattener::pad`]
/// inserts the missing zero coefficients before the constant.
type Row = Vec<i64>;

struct Flattener {
    num_dims: usize,
    num_symbols: usize,
    /// The expression each local column stands for.
    locals: Vec<AffineExpr>,
}

impl Flattener {
    fn local_start(&self) -> usize {
        self.num_dims + self.num_symbols
    }

    fn num_cols(&self) -> usize {
        self.local_start() + self.locals.len() + 1
    }

    fn pad(&self, row: &mut Row) {
        let missing = self.num_cols().saturating_sub(row.len());
        let at = row.len().saturating_sub(1);
        row.splice(at..at, std::iter::repeat_n(0, missing));
    }

    fn unit(&self, col: usize) -> Row {
        let mut row = vec![0; self.num_cols()];
        if let Some(slot) = row.get_mut(col) {
            *slot = 1;
        }
        row
    }

    /// The column of the local standing for `expr`, adding it if it is new.
    fn local(&mut self, expr: AffineExpr) -> usize {
        let index = match self.locals.iter().position(|l| *l == expr) {
            Some(index) => index,
            None => {
                self.locals.push(expr);
                self.locals.len() - 1
            }
        };
        self.local_start() + index
    }

    fn flatten(&mut self, expr: &AffineExpr) -> Option<Row> {
        let (op, l, r) = match *expr.kind() {
            AffineExprKind::Dim(p) => {
                let p = p as usize;
                return (p < self.num_dims).then(|| self.unit(p));
            }
            AffineExprKind::Symbol(p) => {
                let p = p as usize;
                return (p < self.num_symbols).then(|| self.unit(self.num_dims + p));
            }
            AffineExprKind::Constant(c) => {
                let mut row = vec![0; self.num_cols()];
                *row.last_mut()? = c;
                return Some(row);
            }
            _ => expr.as_binary()?,
        };
        let mut lhs = self.flatten(l)?;
        let mut rhs = self.flatten(r)?;
        self.pad(&mut lhs);
        self.pad(&mut rhs);
        if op == Op::Add {
            return lhs.iter().zip(&rhs).map(|(a, b)| a.checked_add(*b)).collect();
        }
        // Products, divisions and `mod` by a non-constant are semi-affine: a local stands
        // for the whole rebuilt operation.
        if r.as_constant().is_none() {
            let local = AffineExpr::binary(op, &self.to_expr(&lhs), &self.to_expr(&rhs));
            let col = self.local(local);
            return Some(self.unit(col));
        }
        let c = *rhs.last()?;
        match op {
            Op::Mul => lhs.iter().map(|a| a.checked_mul(c)).collect(),
            Op::Mod => self.flatten_mod(lhs, c),
            Op::FloorDiv | Op::CeilDiv => self.flatten_div(lhs, c, op),
            Op::Add => None,
        }
    }

    /// `lhs mod c` as `lhs - c * q` with the local `q = lhs floordiv c`.
    fn flatten_mod(&mut self, mut lhs: Row, c: i64) -> Option<Row> {
        if c <= 0 {
            return None;
        }
        if lhs.iter().all(|a| a % c == 0) {
            return Some(vec![0; lhs.len()]);
        }
        let g = lhs.iter().fold(c, |g, &a| gcd(g, a));
        let dividend: Row = lhs.iter().map(|a| a / g).collect();
        let quotient = self.to_expr(&dividend).floor_div(c / g);
        let col = self.local(quotient);
        self.pad(&mut lhs);
        let slot = lhs.get_mut(col)?;
        *slot = slot.checked_sub(c)?;
        Some(lhs)
    }

    /// `lhs floordiv c` or `lhs ceildiv c` after cancelling common factors: the reduced
    /// row if the divisor becomes 1, a local otherwise.
    fn flatten_div(&mut self, lhs: Row, c: i64, op: Op) -> Option<Row> {
        if c <= 0 {
            return None;
        }
        let g = lhs.iter().fold(c, |g, &a| gcd(g, a));
        let lhs: Row = lhs.iter().map(|a| a / g).collect();
        let divisor = c / g;
        if divisor == 1 {
            return Some(lhs);
        }
        let quotient = AffineExpr::binary(op, &self.to_expr(&lhs), &AffineExpr::constant(divisor));
        let col = self.local(quotient);
        Some(self.unit(col))
    }

    /// The row as a sum in column order (upstream `getAffineExprFromFlatForm`).
    fn to_expr(&self, row: &[i64]) -> AffineExpr {
        let mut row = row.to_vec();
        self.pad(&mut row);
        let mut expr = AffineExpr::constant(0);
        for (col, &coeff) in row.iter().enumerate().take(self.num_cols() - 1) {
            if coeff != 0 {
                expr = expr + self.column_expr(col) * coeff;
            }
        }
        match row.last() {
            Some(&c) if c != 0 => expr + c,
            _ => expr,
        }
    }

    fn column_expr(&self, col: usize) -> AffineExpr {
        let position = |i: usize| u32::try_from(i).unwrap_or(u32::MAX);
        if col < self.num_dims {
            AffineExpr::dim(position(col))
        } else if col < self.local_start() {
            AffineExpr::symbol(position(col - self.num_dims))
        } else {
            self.locals.get(col - self.local_start()).cloned().unwrap_or_else(|| AffineExpr::constant(0))
        }
    }

    /// The row as a sum ordered by position, so that `d0`, products with `d0`, `s0`, ...
    /// stay together (upstream `getSemiAffineExprFromFlatForm`): each term gets a key
    /// (position, tie-breaker), dimension terms sort before the products led by the same
    /// dimension, and symbol terms after them.
    fn to_semi_affine_expr(&self, row: &[i64]) -> AffineExpr {
        let mut row = row.to_vec();
        self.pad(&mut row);
        let (nd, ns) = (self.num_dims, self.num_symbols);
        let sym_base = nd.max(ns) as i64;
        let (mut next_sym, mut next_dim) = (sym_base, -1_i64);
        let mut terms: Vec<((u64, i64), AffineExpr, i64)> = Vec::new();
        for (j, &coeff) in row.iter().enumerate().skip(nd).take(ns) {
            if coeff != 0 {
                terms.push((((j - nd) as u64, next_sym), self.column_expr(j), coeff));
                next_sym += 1;
            }
        }
        let mut keyed = vec![false; self.locals.len()];
        for (i, local) in self.locals.iter().enumerate() {
            let coeff = row.get(self.local_start() + i).copied().unwrap_or(0);
            let Some((_, l, r)) = local.as_binary() else {
                continue;
            };
            let (Some(lpos), Some(rpos)) = (leaf_position(l), leaf_position(r)) else {
                continue;
            };
            if coeff == 0 || l.as_constant().is_some() {
                continue;
            }
            let key = match (l.as_dim().is_some(), r.as_constant().is_some()) {
                (true, true) => (lpos, post_decrement(&mut next_dim)),
                (true, false) => (lpos, rpos as i64),
                (false, _) => (lpos, post_increment(&mut next_sym)),
            };
            // Upstream asserts distinct keys, yet `d0 * s0` and `d0 mod s0` share one and
            // its release build then drops a term; a clash here keeps the local as a
            // trailing term instead.
            if terms.iter().any(|(k, _, _)| *k == key) {
                continue;
            }
            terms.push((key, local.clone(), coeff));
            keyed[i] = true;
        }
        for (j, &coeff) in row.iter().enumerate().take(nd) {
            if coeff != 0 {
                terms.push(((j as u64, post_decrement(&mut next_dim)), self.column_expr(j), coeff));
            }
        }
        terms.sort_by_key(|(key, _, _)| *key);
        let mut expr = AffineExpr::constant(0);
        for (_, term, coeff) in &terms {
            expr = expr + term * *coeff;
        }
        for (i, local) in self.locals.iter().enumerate() {
            let coeff = row.get(self.local_start() + i).copied().unwrap_or(0);
            if coeff != 0 && !keyed[i] {
                expr = expr + local * coeff;
            }
        }
        match row.last() {
            Some(&c) if c != 0 => expr + c,
            _ => expr,
        }
    }
}

/// The position of a dimension or symbol, or 0 for a constant; `None` for anything else.
fn leaf_position(expr: &AffineExpr) -> Option<u64> {
    match *expr.kind() {
        AffineExprKind::Dim(p) | AffineExprKind::Symbol(p) => Some(u64::from(p)),
        AffineExprKind::Constant(_) => Some(0),
        _ => None,
    }
}

fn post_increment(counter: &mut i64) -> i64 {
    let value = *counter;
    *counter += 1;
    value
}

fn post_decrement(counter: &mut i64) -> i64 {
    let value = *counter;
    *counter -= 1;
    value
}
