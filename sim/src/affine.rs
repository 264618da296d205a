//! Affine maps and integer sets compiled for fast evaluation.
//!
//! [`AffineExpr::eval`](sharc_ir::affine::AffineExpr::eval) walks an `Arc` tree and allocates
//! for maps; the simulator evaluates maps in every loop iteration of every thread, so each
//! expression is compiled once: a linear expression `c + Σ kᵢ·xᵢ` (almost every subscript and
//! bound) into its coefficients, anything else into postfix code over a small stack. Inputs are
//! the map's operands in order (dimensions, then symbols). Semantics are upstream's: `floordiv`
//! and `ceildiv` round toward −∞ and +∞, `mod` is non-negative, and a zero divisor (or a
//! non-positive `mod` divisor) is an error; arithmetic wraps on overflow.

use crate::error::Trap;
use sharc_ir::affine::{AffineExpr, AffineExprKind, AffineMap, IntegerSet};

/// One instruction of postfix affine code.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Code {
    /// Push input `i`.
    Input(u32),
    /// Push a constant.
    Const(i64),
    /// Pop two, push the sum.
    Add,
    /// Pop two, push the product.
    Mul,
    /// Pop two, push `a mod b`.
    Mod,
    /// Pop two, push `a floordiv b`.
    FloorDiv,
    /// Pop two, push `a ceildiv b`.
    CeilDiv,
}

/// One compiled expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// `constant + Σ coeff · input`.
    Linear {
        /// The constant term.
        constant: i64,
        /// (input position, coefficient).
        terms: Box<[(u32, i64)]>,
    },
    /// Postfix code.
    General(Box<[Code]>),
}

const STACK: usize = 32;

impl Expr {
    /// Compiles `e` over `num_dims` dimensions (symbol `sK` is input `num_dims + K`).
    pub fn compile(e: &AffineExpr, num_dims: u32) -> Expr {
        if let Some((constant, terms)) = linear(e, num_dims) {
            let mut merged: Vec<(u32, i64)> = Vec::new();
            for (i, k) in terms {
                match merged.iter_mut().find(|(j, _)| *j == i) {
                    Some((_, c)) => *c = c.wrapping_add(k),
                    None => merged.push((i, k)),
                }
            }
            merged.retain(|&(_, k)| k != 0);
            return Expr::Linear { constant, terms: merged.into() };
        }
        let mut code = Vec::new();
        postfix(e, num_dims, &mut code);
        Expr::General(code.into())
    }

    /// The value at `inputs`.
    #[inline]
    pub fn eval(&self, inputs: &[i64]) -> Result<i64, Trap> {
        match self {
            Expr::Linear { constant, terms } => {
                let mut v = *constant;
                for &(i, k) in terms.iter() {
                    v = v.wrapping_add(inputs.get(i as usize).copied().unwrap_or(0).wrapping_mul(k));
                }
                Ok(v)
            }
            Expr::General(code) => eval_code(code, inputs),
        }
    }
}

fn eval_code(code: &[Code], inputs: &[i64]) -> Result<i64, Trap> {
    let mut stack = [0i64; STACK];
    let mut sp = 0usize;
    for &c in code {
        if let Code::Input(_) | Code::Const(_) = c {
            if sp == STACK {
                return Err(Trap::new("affine expression too deep to evaluate"));
            }
            stack[sp] = match c {
                Code::Input(i) => inputs.get(i as usize).copied().unwrap_or(0),
                Code::Const(k) => k,
                _ => 0,
            };
            sp += 1;
            continue;
        }
        if sp < 2 {
            return Err(Trap::new("malformed affine expression"));
        }
        let (a, b) = (stack[sp - 2], stack[sp - 1]);
        sp -= 1;
        stack[sp - 1] = match c {
            Code::Add => a.wrapping_add(b),
            Code::Mul => a.wrapping_mul(b),
            Code::Mod => {
                if b < 1 {
                    return Err(Trap::new(format!("affine 'mod' by {b}")));
                }
                a.rem_euclid(b)
            }
            Code::FloorDiv | Code::CeilDiv => {
                if b == 0 {
                    return Err(Trap::new("affine division by zero"));
                }
                let (q, r) = (a.wrapping_div(b), a.wrapping_rem(b));
                let adjust = r != 0 && ((r < 0) != (b < 0));
                match c {
                    Code::FloorDiv => q - i64::from(adjust),
                    _ => q + i64::from(r != 0 && !adjust),
                }
            }
            Code::Input(_) | Code::Const(_) => unreachable!("handled above"),
        };
    }
    if sp == 1 {
        Ok(stack[0])
    } else {
        Err(Trap::new("malformed affine expression"))
    }
}

fn input(e: &AffineExprKind, num_dims: u32) -> Option<u32> {
    match *e {
        AffineExprKind::Dim(d) => Some(d),
        AffineExprKind::Symbol(s) => Some(num_dims + s),
        _ => None,
    }
}

type Linear = (i64, Vec<(u32, i64)>);

fn linear(e: &AffineExpr, num_dims: u32) -> Option<Linear> {
    match e.kind() {
        AffineExprKind::Constant(c) => Some((*c, Vec::new())),
        k @ (AffineExprKind::Dim(_) | AffineExprKind::Symbol(_)) => Some((0, vec![(input(k, num_dims)?, 1)])),
        AffineExprKind::Add(l, r) => {
            let (c1, mut t1) = linear(l, num_dims)?;
            let (c2, t2) = linear(r, num_dims)?;
            t1.extend(t2);
            Some((c1.wrapping_add(c2), t1))
        }
        AffineExprKind::Mul(l, r) => {
            let (a, b) = (linear(l, num_dims)?, linear(r, num_dims)?);
            let (k, (c, t)) = if a.1.is_empty() {
                (a.0, b)
            } else if b.1.is_empty() {
                (b.0, a)
            } else {
                return None;
            };
            Some((c.wrapping_mul(k), t.into_iter().map(|(i, x)| (i, x.wrapping_mul(k))).collect()))
        }
        _ => None,
    }
}

fn postfix(e: &AffineExpr, num_dims: u32, out: &mut Vec<Code>) {
    let k = e.kind();
    if let Some(i) = input(k, num_dims) {
        out.push(Code::Input(i));
        return;
    }
    let (l, r, op) = match k {
        AffineExprKind::Constant(c) => {
            out.push(Code::Const(*c));
            return;
        }
        AffineExprKind::Add(l, r) => (l, r, Code::Add),
        AffineExprKind::Mul(l, r) => (l, r, Code::Mul),
        AffineExprKind::Mod(l, r) => (l, r, Code::Mod),
        AffineExprKind::FloorDiv(l, r) => (l, r, Code::FloorDiv),
        AffineExprKind::CeilDiv(l, r) => (l, r, Code::CeilDiv),
        AffineExprKind::Dim(_) | AffineExprKind::Symbol(_) => return,
    };
    postfix(l, num_dims, out);
    postfix(r, num_dims, out);
    out.push(op);
}

/// A compiled affine map.
#[derive(Clone, Debug, PartialEq)]
pub struct Map {
    /// Number of inputs (dimensions + symbols).
    pub num_inputs: usize,
    /// One per result.
    pub exprs: Box<[Expr]>,
}

impl Map {
    /// Compiles `m`.
    pub fn compile(m: &AffineMap) -> Map {
        Map { num_inputs: m.num_inputs(), exprs: m.results().iter().map(|e| Expr::compile(e, m.num_dims())).collect() }
    }

    /// Evaluates every result into `out` (at least `exprs.len()` long).
    #[inline]
    pub fn eval_into(&self, inputs: &[i64], out: &mut [i64]) -> Result<(), Trap> {
        for (e, o) in self.exprs.iter().zip(out.iter_mut()) {
            *o = e.eval(inputs)?;
        }
        Ok(())
    }

    /// The minimum over the results (`affine.min`, upper bounds).
    pub fn min(&self, inputs: &[i64]) -> Result<i64, Trap> {
        let mut best = i64::MAX;
        for e in self.exprs.iter() {
            best = best.min(e.eval(inputs)?);
        }
        Ok(best)
    }

    /// The maximum over the results (`affine.max`, lower bounds).
    pub fn max(&self, inputs: &[i64]) -> Result<i64, Trap> {
        let mut best = i64::MIN;
        for e in self.exprs.iter() {
            best = best.max(e.eval(inputs)?);
        }
        Ok(best)
    }
}

/// A compiled integer set.
#[derive(Clone, Debug, PartialEq)]
pub struct Set {
    constraints: Box<[(Expr, bool)]>,
}

impl Set {
    /// Compiles `s`.
    pub fn compile(s: &IntegerSet) -> Set {
        Set { constraints: s.constraints().map(|(e, eq)| (Expr::compile(e, s.num_dims()), eq)).collect() }
    }

    /// Whether the point lies in the set.
    pub fn contains(&self, inputs: &[i64]) -> Result<bool, Trap> {
        for (e, eq) in self.constraints.iter() {
            let v = e.eval(inputs)?;
            if (*eq && v != 0) || (!*eq && v < 0) {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn arb_expr() -> impl Strategy<Value = AffineExpr> {
        let leaf = prop_oneof![
            (0u32..2).prop_map(AffineExpr::dim),
            (0u32..2).prop_map(AffineExpr::symbol),
            (-9i64..10).prop_map(AffineExpr::constant),
        ];
        leaf.prop_recursive(4, 24, 2, |inner| {
            (inner.clone(), inner, 0..5u8).prop_map(|(a, b, op)| match op {
                0 => &a + &b,
                1 => &a * &b,
                2 => a.modulo(b),
                3 => a.floor_div(b),
                _ => a.ceil_div(b),
            })
        })
    }

    proptest! {
        // The compiled form agrees with the IR's own evaluator wherever that is defined.
        #[test]
        fn agrees_with_ir_eval(e in arb_expr(), d in proptest::array::uniform2(-50i64..50), s in proptest::array::uniform2(-50i64..50)) {
            let inputs = [d[0], d[1], s[0], s[1]];
            let ours = Expr::compile(&e, 2).eval(&inputs);
            match e.eval(&d, &s) {
                Some(v) => prop_assert_eq!(ours, Ok(v)),
                None => prop_assert!(ours.is_err() || e.to_string().contains('*')),
            }
        }
    }

    #[test]
    fn linear_fast_path() {
        let (d0, d1, s0) = (AffineExpr::dim(0), AffineExpr::dim(1), AffineExpr::symbol(0));
        let e = &(&d0 * 32) + &(&d1 + &s0) + 5;
        let c = Expr::compile(&e, 2);
        assert!(matches!(c, Expr::Linear { .. }));
        assert_eq!(c.eval(&[2, 3, 10]), Ok(64 + 13 + 5));
        let m = d0.floor_div(4);
        assert_eq!(Expr::compile(&m, 1).eval(&[-5]), Ok(-2));
        assert_eq!(Expr::compile(&d0.ceil_div(4), 1).eval(&[-5]), Ok(-1));
        assert_eq!(Expr::compile(&d0.modulo(4), 1).eval(&[-5]), Ok(3));
    }
}
