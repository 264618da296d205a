//! The [`AffineExpr`] tree: construction, queries, evaluation and substitution.
//!
//! Mirrors `mlir/lib/IR/AffineExpr.cpp`. The simplification rules applied at construction
//! live in `simplify.rs`; the flattening simplifier (`simplifyAffineExpr`) in `flatten.rs`.

use std::fmt;
use std::sync::Arc;

use super::flatten::simplify_affine_expr;
use super::map::AffineMap;
use super::simplify;

/// An affine expression: an immutable, cheaply clonable tree.
///
/// Build it with [`AffineExpr::dim`], [`AffineExpr::symbol`], [`AffineExpr::constant`] and
/// the simplifying combinators: the `+`, `-`, `*` and unary `-` operators (on values,
/// references and `i64`), [`floor_div`](Self::floor_div), [`ceil_div`](Self::ceil_div),
/// [`modulo`](Self::modulo) or [`binary`](Self::binary). Equality and hashing are
/// structural. `Display` prints MLIR's syntax (`d0 * 2 + s0`); `Debug` prints the tree
/// unambiguously (`Add(Mul(d0, 2), s0)`).
///
/// ```
/// # use sharc_ir::affine::AffineExpr;
/// let d0 = AffineExpr::dim(0);
/// assert_eq!((2 + &d0 + 3).to_string(), "d0 + 5");
/// assert_eq!((&d0 * 4).floor_div(2).to_string(), "d0 * 2");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct AffineExpr(Arc<AffineExprKind>);

/// The node kinds of an [`AffineExpr`], for pattern matching through [`AffineExpr::kind`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AffineExprKind {
    /// A dimension, `dN`.
    Dim(u32),
    /// A symbol, `sN`.
    Symbol(u32),
    /// An integer constant.
    Constant(i64),
    /// `lhs + rhs`.
    Add(AffineExpr, AffineExpr),
    /// `lhs * rhs`.
    Mul(AffineExpr, AffineExpr),
    /// `lhs mod rhs`.
    Mod(AffineExpr, AffineExpr),
    /// `lhs floordiv rhs`.
    FloorDiv(AffineExpr, AffineExpr),
    /// `lhs ceildiv rhs`.
    CeilDiv(AffineExpr, AffineExpr),
}

/// The binary operators of affine expressions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AffineBinaryOp {
    /// `+`
    Add,
    /// `*`
    Mul,
    /// `mod`: the remainder of floor division.
    Mod,
    /// `floordiv`: division rounding toward minus infinity.
    FloorDiv,
    /// `ceildiv`: division rounding toward plus infinity.
    CeilDiv,
}

impl AffineExpr {
    /// The dimension `dN`.
    pub fn dim(position: u32) -> Self {
        Self(Arc::new(AffineExprKind::Dim(position)))
    }

    /// The symbol `sN`.
    pub fn symbol(position: u32) -> Self {
        Self(Arc::new(AffineExprKind::Symbol(position)))
    }

    /// The integer constant `value`.
    pub fn constant(value: i64) -> Self {
        Self(Arc::new(AffineExprKind::Constant(value)))
    }

    /// `lhs op rhs`, simplified as upstream's `getAffineBinaryOpExpr` does.
    pub fn binary(op: AffineBinaryOp, lhs: &AffineExpr, rhs: &AffineExpr) -> Self {
        match op {
            AffineBinaryOp::Add => simplify::add(lhs, rhs),
            AffineBinaryOp::Mul => simplify::mul(lhs, rhs),
            AffineBinaryOp::Mod => simplify::modulo(lhs, rhs),
            AffineBinaryOp::FloorDiv => simplify::floor_div(lhs, rhs),
            AffineBinaryOp::CeilDiv => simplify::ceil_div(lhs, rhs),
        }
    }

    /// The node `lhs op rhs` as given, without any simplification or reordering.
    pub(super) fn raw_binary(op: AffineBinaryOp, lhs: AffineExpr, rhs: AffineExpr) -> Self {
        Self(Arc::new(match op {
            AffineBinaryOp::Add => AffineExprKind::Add(lhs, rhs),
            AffineBinaryOp::Mul => AffineExprKind::Mul(lhs, rhs),
            AffineBinaryOp::Mod => AffineExprKind::Mod(lhs, rhs),
            AffineBinaryOp::FloorDiv => AffineExprKind::FloorDiv(lhs, rhs),
            AffineBinaryOp::CeilDiv => AffineExprKind::CeilDiv(lhs, rhs),
        }))
    }

    /// `self floordiv rhs`, simplified.
    pub fn floor_div(&self, rhs: impl Into<AffineExpr>) -> Self {
        simplify::floor_div(self, &rhs.into())
    }

    /// `self ceildiv rhs`, simplified.
    pub fn ceil_div(&self, rhs: impl Into<AffineExpr>) -> Self {
        simplify::ceil_div(self, &rhs.into())
    }

    /// `self mod rhs`, simplified.
    pub fn modulo(&self, rhs: impl Into<AffineExpr>) -> Self {
        simplify::modulo(self, &rhs.into())
    }

    /// The node kind, for pattern matching.
    pub fn kind(&self) -> &AffineExprKind {
        &self.0
    }

    /// The value, if this is a constant.
    pub fn as_constant(&self) -> Option<i64> {
        match *self.kind() {
            AffineExprKind::Constant(value) => Some(value),
            _ => None,
        }
    }

    /// The position, if this is a dimension.
    pub fn as_dim(&self) -> Option<u32> {
        match *self.kind() {
            AffineExprKind::Dim(position) => Some(position),
            _ => None,
        }
    }

    /// The position, if this is a symbol.
    pub fn as_symbol(&self) -> Option<u32> {
        match *self.kind() {
            AffineExprKind::Symbol(position) => Some(position),
            _ => None,
        }
    }

    /// The operator and operands, if this is a binary node.
    pub fn as_binary(&self) -> Option<(AffineBinaryOp, &AffineExpr, &AffineExpr)> {
        match self.kind() {
            AffineExprKind::Add(l, r) => Some((AffineBinaryOp::Add, l, r)),
            AffineExprKind::Mul(l, r) => Some((AffineBinaryOp::Mul, l, r)),
            AffineExprKind::Mod(l, r) => Some((AffineBinaryOp::Mod, l, r)),
            AffineExprKind::FloorDiv(l, r) => Some((AffineBinaryOp::FloorDiv, l, r)),
            AffineExprKind::CeilDiv(l, r) => Some((AffineBinaryOp::CeilDiv, l, r)),
            _ => None,
        }
    }

    /// The operands, if this is a binary node of kind `op`.
    pub(super) fn as_op(&self, op: AffineBinaryOp) -> Option<(&AffineExpr, &AffineExpr)> {
        match self.as_binary() {
            Some((kind, l, r)) if kind == op => Some((l, r)),
            _ => None,
        }
    }

    /// True if the expression mentions no dimension (upstream `isSymbolicOrConstant`).
    pub fn is_symbolic_or_constant(&self) -> bool {
        match self.as_binary() {
            Some((_, l, r)) => l.is_symbolic_or_constant() && r.is_symbolic_or_constant(),
            None => !matches!(self.kind(), AffineExprKind::Dim(_)),
        }
    }

    /// True if multiplication, `floordiv`, `ceildiv` and `mod` only involve constants
    /// (upstream `isPureAffine`); otherwise the expression is semi-affine.
    pub fn is_pure_affine(&self) -> bool {
        match self.kind() {
            AffineExprKind::Dim(_) | AffineExprKind::Symbol(_) | AffineExprKind::Constant(_) => true,
            AffineExprKind::Add(l, r) => l.is_pure_affine() && r.is_pure_affine(),
            AffineExprKind::Mul(l, r) => {
                l.is_pure_affine() && r.is_pure_affine() && (l.as_constant().is_some() || r.as_constant().is_some())
            }
            AffineExprKind::Mod(l, r) | AffineExprKind::FloorDiv(l, r) | AffineExprKind::CeilDiv(l, r) => {
                l.is_pure_affine() && r.as_constant().is_some()
            }
        }
    }

    /// The largest integer known to divide every value of the expression (upstream
    /// `getLargestKnownDivisor`); `0` means the expression is known to be zero.
    ///
    /// Where upstream would overflow (the magnitude of `i64::MIN`, a product of divisors
    /// past `i64::MAX`) a smaller divisor that is still correct is returned.
    pub fn largest_known_divisor(&self) -> i64 {
        match self.kind() {
            AffineExprKind::Dim(_) | AffineExprKind::Symbol(_) => 1,
            AffineExprKind::Constant(c) => c.checked_abs().unwrap_or(1 << 62),
            AffineExprKind::FloorDiv(l, r) | AffineExprKind::CeilDiv(l, r) => match r.as_constant() {
                Some(c) if c != 0 => {
                    let lhs_div = l.largest_known_divisor();
                    if lhs_div.wrapping_rem(c) == 0 {
                        lhs_div.checked_div(c).and_then(i64::checked_abs).unwrap_or(1)
                    } else {
                        1
                    }
                }
                _ => 1,
            },
            AffineExprKind::Mul(l, r) => {
                let (a, b) = (l.largest_known_divisor(), r.largest_known_divisor());
                a.checked_mul(b).unwrap_or(a.max(b))
            }
            AffineExprKind::Add(l, r) | AffineExprKind::Mod(l, r) => {
                gcd(l.largest_known_divisor(), r.largest_known_divisor())
            }
        }
    }

    /// True if dimension `position` occurs in the expression.
    pub fn is_function_of_dim(&self, position: u32) -> bool {
        match self.as_binary() {
            Some((_, l, r)) => l.is_function_of_dim(position) || r.is_function_of_dim(position),
            None => self.as_dim() == Some(position),
        }
    }

    /// True if symbol `position` occurs in the expression.
    pub fn is_function_of_symbol(&self, position: u32) -> bool {
        match self.as_binary() {
            Some((_, l, r)) => l.is_function_of_symbol(position) || r.is_function_of_symbol(position),
            None => self.as_symbol() == Some(position),
        }
    }

    /// Calls `f` on every node, children before parents (upstream `walk`).
    pub fn walk(&self, f: &mut impl FnMut(&AffineExpr)) {
        if let Some((_, l, r)) = self.as_binary() {
            l.walk(f);
            r.walk(f);
        }
        f(self);
    }

    /// The value at the given dimension and symbol values, with upstream's constant-folding
    /// semantics (see the module docs). `None` if the result is undefined (division by zero,
    /// `mod` by a non-positive value), overflows `i64`, or a position has no value.
    pub fn eval(&self, dims: &[i64], symbols: &[i64]) -> Option<i64> {
        let value = |slice: &[i64], position: u32| usize::try_from(position).ok().and_then(|i| slice.get(i).copied());
        match self.kind() {
            AffineExprKind::Dim(p) => value(dims, *p),
            AffineExprKind::Symbol(p) => value(symbols, *p),
            AffineExprKind::Constant(c) => Some(*c),
            AffineExprKind::Add(l, r) => l.eval(dims, symbols)?.checked_add(r.eval(dims, symbols)?),
            AffineExprKind::Mul(l, r) => l.eval(dims, symbols)?.checked_mul(r.eval(dims, symbols)?),
            AffineExprKind::Mod(l, r) => mod_i64(l.eval(dims, symbols)?, r.eval(dims, symbols)?),
            AffineExprKind::FloorDiv(l, r) => floor_div_i64(l.eval(dims, symbols)?, r.eval(dims, symbols)?),
            AffineExprKind::CeilDiv(l, r) => ceil_div_i64(l.eval(dims, symbols)?, r.eval(dims, symbols)?),
        }
    }

    /// Substitutes `dims[i]` for `di` and `symbols[j]` for `sj`, re-simplifying the
    /// rebuilt nodes; positions past the end of a slice are kept as they are.
    pub fn replace_dims_and_symbols(&self, dims: &[AffineExpr], symbols: &[AffineExpr]) -> Self {
        let lookup =
            |slice: &[AffineExpr], position: u32| usize::try_from(position).ok().and_then(|i| slice.get(i)).cloned();
        match self.kind() {
            AffineExprKind::Constant(_) => self.clone(),
            AffineExprKind::Dim(p) => lookup(dims, *p).unwrap_or_else(|| self.clone()),
            AffineExprKind::Symbol(p) => lookup(symbols, *p).unwrap_or_else(|| self.clone()),
            _ => self.map_children(|e| e.replace_dims_and_symbols(dims, symbols)),
        }
    }

    /// Substitutes `dims[i]` for `di`; see
    /// [`replace_dims_and_symbols`](Self::replace_dims_and_symbols).
    pub fn replace_dims(&self, dims: &[AffineExpr]) -> Self {
        self.replace_dims_and_symbols(dims, &[])
    }

    /// Substitutes `symbols[j]` for `sj`; see
    /// [`replace_dims_and_symbols`](Self::replace_dims_and_symbols).
    pub fn replace_symbols(&self, symbols: &[AffineExpr]) -> Self {
        self.replace_dims_and_symbols(&[], symbols)
    }

    /// Replaces every occurrence of the subtree `from` by `to` (upstream `replace`).
    pub fn replace(&self, from: &AffineExpr, to: &AffineExpr) -> Self {
        if self == from {
            return to.clone();
        }
        self.map_children(|e| e.replace(from, to))
    }

    /// Renames `di` to `d(i + shift)` for `offset <= i < num_dims` (upstream `shiftDims`).
    /// Positions saturate at `u32::MAX`.
    pub fn shift_dims(&self, num_dims: u32, shift: u32, offset: u32) -> Self {
        let dims: Vec<_> =
            (0..num_dims).map(|i| AffineExpr::dim(if i < offset { i } else { i.saturating_add(shift) })).collect();
        self.replace_dims(&dims)
    }

    /// Renames `si` to `s(i + shift)` for `offset <= i < num_symbols` (upstream
    /// `shiftSymbols`). Positions saturate at `u32::MAX`.
    pub fn shift_symbols(&self, num_symbols: u32, shift: u32, offset: u32) -> Self {
        let symbols: Vec<_> = (0..num_symbols)
            .map(|i| AffineExpr::symbol(if i < offset { i } else { i.saturating_add(shift) }))
            .collect();
        self.replace_symbols(&symbols)
    }

    /// Substitutes the results of `map` for the dimensions (upstream `compose`).
    pub fn compose(&self, map: &AffineMap) -> Self {
        self.replace_dims(map.results())
    }

    /// Simplifies through a flattened, linear normal form, as upstream's
    /// `simplifyAffineExpr`: `d0 + d1 - d0` becomes `d1`, `(d0 * 4 + 3) floordiv 2` becomes
    /// `d0 * 2 + 1`. Semi-affine parts are first simplified by symbolic division.
    ///
    /// Returns the expression unchanged if it mentions a dimension or symbol outside the
    /// given counts, divides by a non-positive constant, or overflows while flattening.
    pub fn simplify(&self, num_dims: u32, num_symbols: u32) -> Self {
        simplify_affine_expr(self, num_dims, num_symbols)
    }

    /// Rebuilds a binary node from its transformed children, returning `self` when both
    /// children are unchanged (the common, allocation-free case).
    fn map_children(&self, mut f: impl FnMut(&AffineExpr) -> AffineExpr) -> Self {
        match self.as_binary() {
            Some((op, l, r)) => {
                let (new_l, new_r) = (f(l), f(r));
                if new_l == *l && new_r == *r {
                    self.clone()
                } else {
                    AffineExpr::binary(op, &new_l, &new_r)
                }
            }
            None => self.clone(),
        }
    }
}

impl From<i64> for AffineExpr {
    fn from(value: i64) -> Self {
        AffineExpr::constant(value)
    }
}

impl From<&AffineExpr> for AffineExpr {
    fn from(expr: &AffineExpr) -> Self {
        expr.clone()
    }
}

impl fmt::Debug for AffineExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            AffineExprKind::Dim(p) => write!(f, "d{p}"),
            AffineExprKind::Symbol(p) => write!(f, "s{p}"),
            AffineExprKind::Constant(c) => write!(f, "{c}"),
            _ => match self.as_binary() {
                Some((op, l, r)) => write!(f, "{op:?}({l:?}, {r:?})"),
                None => Ok(()),
            },
        }
    }
}

/// Greatest common divisor of the magnitudes, saturating at `i64::MAX` (only reachable
/// through `i64::MIN`).
pub(super) fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i64::try_from(a).unwrap_or(i64::MAX)
}

/// `a floordiv b`; `None` for `b == 0` or overflow (`i64::MIN floordiv -1`).
pub(super) fn floor_div_i64(a: i64, b: i64) -> Option<i64> {
    let (q, r) = (a.checked_div(b)?, a.checked_rem(b)?);
    Some(if r != 0 && ((r < 0) != (b < 0)) { q - 1 } else { q })
}

/// `a ceildiv b`; `None` for `b == 0` or overflow (`i64::MIN ceildiv -1`).
pub(super) fn ceil_div_i64(a: i64, b: i64) -> Option<i64> {
    let (q, r) = (a.checked_div(b)?, a.checked_rem(b)?);
    Some(if r != 0 && ((r > 0) == (b > 0)) { q + 1 } else { q })
}

/// `a mod b` in `[0, b)`; `None` for `b < 1`, where upstream's folder reports poison.
pub(super) fn mod_i64(a: i64, b: i64) -> Option<i64> {
    if b < 1 {
        return None;
    }
    a.checked_rem_euclid(b)
}
