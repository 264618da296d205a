//! Affine forms of C integer expressions: subscripts, loop bounds and conditions.
//!
//! A C expression is affine when it is a sum of integer constants times *index values* — loop
//! variables, `index` parameters, and local integers assigned such sums (their [`Lin`] is kept
//! in the binding, so `int m = n - 1; for (i = 0; i < m; i++)` stays affine). Multiplication
//! needs a constant side. Division and remainder are not affine here: C truncates toward zero
//! and `floordiv` rounds down, and sharc will not assume the signs that would make them agree.

use super::{Binding, Lowerer};
use crate::ast::*;
use sharc_ir::affine::{AffineExpr, AffineMap, IntegerSet};
use sharc_ir::Value;

/// `Σ coeff·value + constant` over index values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Lin {
    pub terms: Vec<(Value, i64)>,
    pub constant: i64,
}

impl Lin {
    pub fn constant(c: i64) -> Lin {
        Lin { terms: Vec::new(), constant: c }
    }

    pub fn value(v: Value) -> Lin {
        Lin { terms: vec![(v, 1)], constant: 0 }
    }

    pub fn as_constant(&self) -> Option<i64> {
        self.terms.is_empty().then_some(self.constant)
    }

    pub fn add(&self, other: &Lin, k: i64) -> Option<Lin> {
        let mut out = self.clone();
        for &(v, c) in &other.terms {
            let c = c.checked_mul(k)?;
            match out.terms.iter_mut().find(|(w, _)| *w == v) {
                Some(t) => t.1 = t.1.checked_add(c)?,
                None => out.terms.push((v, c)),
            }
        }
        out.terms.retain(|t| t.1 != 0);
        out.constant = out.constant.checked_add(other.constant.checked_mul(k)?)?;
        Some(out)
    }

    pub fn scale(&self, k: i64) -> Option<Lin> {
        Lin::constant(0).add(self, k)
    }
}

impl Lowerer<'_> {
    /// The affine form of `e`, if it has one.
    pub(crate) fn lin(&self, e: &Expr) -> Option<Lin> {
        match &e.kind {
            ExprKind::Int(v, _) => i64::try_from(*v).ok().map(Lin::constant),
            ExprKind::Ident(name) => match &self.var(self.lookup(name)?).binding {
                Binding::Index { value, affine: true, .. } => Some(Lin::value(*value)),
                Binding::Scalar { ty: CType::Int(_), lin: Some(l), .. } => Some(l.clone()),
                _ => None,
            },
            ExprKind::Unary(UnOp::Plus, x) => self.lin(x),
            ExprKind::Unary(UnOp::Neg, x) => self.lin(x)?.scale(-1),
            ExprKind::Cast(CType::Int(t), x) if t.bits >= 32 => self.lin(x),
            ExprKind::Binary(BinOp::Add, a, b) => self.lin(a)?.add(&self.lin(b)?, 1),
            ExprKind::Binary(BinOp::Sub, a, b) => self.lin(a)?.add(&self.lin(b)?, -1),
            ExprKind::Binary(BinOp::Mul, a, b) => {
                let (x, y) = (self.lin(a)?, self.lin(b)?);
                match (x.as_constant(), y.as_constant()) {
                    (Some(k), _) => y.scale(k),
                    (_, Some(k)) => x.scale(k),
                    _ => None,
                }
            }
            ExprKind::Binary(BinOp::Div | BinOp::Rem, a, b) => {
                // Constant folding only.
                let (x, y) = (self.lin(a)?.as_constant()?, self.lin(b)?.as_constant()?);
                if y == 0 {
                    return None;
                }
                Some(Lin::constant(if matches!(e.kind, ExprKind::Binary(BinOp::Div, ..)) {
                    x.checked_div(y)?
                } else {
                    x.checked_rem(y)?
                }))
            }
            _ => None,
        }
    }

    /// Why `e` is not affine, for diagnostics.
    pub(crate) fn why_not_affine(&self, e: &Expr) -> String {
        // Affine operands whose sum, difference, product or negation is not: the constants
        // overflow (`i * 4611686018427387904 * 4`), which is no reason about the variables.
        let affine_parts = match &e.kind {
            ExprKind::Binary(BinOp::Add | BinOp::Sub, a, b) => self.lin(a).is_some() && self.lin(b).is_some(),
            ExprKind::Binary(BinOp::Mul, a, b) => match (self.lin(a), self.lin(b)) {
                (Some(x), Some(y)) => x.as_constant().is_some() || y.as_constant().is_some(),
                _ => false,
            },
            ExprKind::Unary(UnOp::Neg, x) => self.lin(x).is_some(),
            _ => false,
        };
        if affine_parts && self.lin(e).is_none() {
            return "its constants overflow 64-bit integers".to_string();
        }
        match &e.kind {
            ExprKind::Ident(name) => {
                match self.lookup(name).map(|id| &self.var(id).binding) {
                    Some(Binding::Scalar { ty: CType::Int(_), .. }) => {
                        format!("'{name}' is a variable whose value is not an affine function of loop variables and parameters")
                    }
                    Some(Binding::Scalar { .. }) => format!("'{name}' is not an integer"),
                    Some(Binding::Index { affine: false, .. }) => {
                        format!("'{name}' is the variable of a loop whose bound is read from memory")
                    }
                    Some(Binding::Array { .. }) => format!("'{name}' is an array"),
                    None => format!("'{name}' is not declared"),
                    _ => format!("'{name}' is not a loop variable or parameter"),
                }
            }
            ExprKind::Index(..) => "it reads memory (indirect access)".to_string(),
            ExprKind::Binary(BinOp::Mul, a, b) if self.lin(a).is_some() && self.lin(b).is_some() => {
                "it multiplies two variables".to_string()
            }
            ExprKind::Binary(BinOp::Div | BinOp::Rem, ..) => {
                "division and remainder round toward zero in C, which affine maps cannot express".to_string()
            }
            ExprKind::Binary(_, a, b) => {
                let bad = if self.lin(a).is_none() { a } else { b };
                self.why_not_affine(bad)
            }
            ExprKind::Unary(_, x) | ExprKind::Cast(_, x) => self.why_not_affine(x),
            ExprKind::Float(..) => "it is a floating-point value".to_string(),
            ExprKind::Call(..) => "it calls a function".to_string(),
            _ => "it is not a sum of constant multiples of loop variables and integer parameters".to_string(),
        }
    }

    /// Numbers operands as MLIR wants them: function arguments are symbols, the rest dims.
    fn operand_positions(&self, lins: &[&Lin]) -> (Vec<Value>, Vec<Value>) {
        let (mut dims, mut syms) = (Vec::new(), Vec::new());
        for l in lins {
            for &(v, _) in &l.terms {
                let list = if self.is_symbol(v) { &mut syms } else { &mut dims };
                if !list.contains(&v) {
                    list.push(v);
                }
            }
        }
        (dims, syms)
    }

    fn expr_of(lin: &Lin, dims: &[Value], syms: &[Value]) -> AffineExpr {
        let mut e = AffineExpr::constant(lin.constant);
        for &(v, c) in &lin.terms {
            let atom = match dims.iter().position(|&d| d == v) {
                Some(p) => AffineExpr::dim(p as u32),
                None => AffineExpr::symbol(syms.iter().position(|&s| s == v).expect("collected") as u32),
            };
            e = e + atom * c;
        }
        e
    }

    /// An affine map with one result per form, and its operands (dims, then symbols).
    pub(crate) fn affine_map(&self, lins: &[Lin]) -> (AffineMap, Vec<Value>) {
        let refs: Vec<&Lin> = lins.iter().collect();
        let (dims, syms) = self.operand_positions(&refs);
        let results = lins
            .iter()
            .map(|l| Self::expr_of(l, &dims, &syms).simplify(dims.len() as u32, syms.len() as u32))
            .collect();
        let map = AffineMap::new(dims.len() as u32, syms.len() as u32, results).expect("positions are in range");
        (map, [dims, syms].concat())
    }

    /// An integer set `lin_i >= 0` (or `== 0` where `eq`), and its operands.
    pub(crate) fn affine_set(&self, constraints: &[(Lin, bool)]) -> (IntegerSet, Vec<Value>) {
        let refs: Vec<&Lin> = constraints.iter().map(|c| &c.0).collect();
        let (dims, syms) = self.operand_positions(&refs);
        let exprs = constraints
            .iter()
            .map(|c| Self::expr_of(&c.0, &dims, &syms).simplify(dims.len() as u32, syms.len() as u32))
            .collect();
        let flags = constraints.iter().map(|c| c.1).collect();
        let set = IntegerSet::new(dims.len() as u32, syms.len() as u32, exprs, flags).expect("positions are in range");
        (set, [dims, syms].concat())
    }

    /// The conjunction of affine comparisons `e`, as constraints `c >= 0` / `c == 0`.
    pub(crate) fn affine_condition(&self, e: &Expr) -> Option<Vec<(Lin, bool)>> {
        match &e.kind {
            ExprKind::Binary(BinOp::LogAnd, a, b) => {
                let mut x = self.affine_condition(a)?;
                x.extend(self.affine_condition(b)?);
                Some(x)
            }
            ExprKind::Binary(op, a, b) if op.is_comparison() => {
                if !matches!(self.type_of_static(a), Some(CType::Int(_)))
                    || !matches!(self.type_of_static(b), Some(CType::Int(_)))
                {
                    return None;
                }
                let (x, y) = (self.lin(a)?, self.lin(b)?);
                Some(vec![match op {
                    BinOp::Lt => (y.add(&x, -1)?.add(&Lin::constant(1), -1)?, false),
                    BinOp::Le => (y.add(&x, -1)?, false),
                    BinOp::Gt => (x.add(&y, -1)?.add(&Lin::constant(1), -1)?, false),
                    BinOp::Ge => (x.add(&y, -1)?, false),
                    BinOp::Eq => (x.add(&y, -1)?, true),
                    _ => return None,
                }])
            }
            _ => None,
        }
    }

    /// The C type of an affine candidate without emitting anything (integers only matter here).
    fn type_of_static(&self, e: &Expr) -> Option<CType> {
        match &e.kind {
            ExprKind::Int(_, t) => Some(CType::Int(*t)),
            ExprKind::Ident(n) => match &self.var(self.lookup(n)?).binding {
                Binding::Index { ty, .. } | Binding::Scalar { ty, .. } => Some(ty.clone()),
                _ => None,
            },
            ExprKind::Unary(_, x) | ExprKind::Cast(_, x) => self.type_of_static(x),
            ExprKind::Binary(_, a, b) => match (self.type_of_static(a)?, self.type_of_static(b)?) {
                (CType::Int(_), CType::Int(_)) => Some(CType::INT),
                _ => Some(CType::Float(64)),
            },
            _ => None,
        }
    }

    /// The value of an integer constant expression (array sizes).
    pub(crate) fn const_int(&self, e: &Expr) -> Option<i64> {
        self.lin(e)?.as_constant()
    }
}
