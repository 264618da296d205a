//! Affine expressions over named SSA values: the common coordinate system in which the mapping
//! compares and combines the bounds of different bands (each band's maps number their operands
//! on their own).
//!
//! A value keeps the role it has in the map it came from: an operand used as a dimension becomes
//! a dimension of the space, a symbol a symbol. That keeps every map built from the space valid
//! wherever its source maps were: an enclosing `affine.for` induction variable stays a dimension
//! on the host, where it is no valid symbol.

use sharc_ir::affine::{AffineExpr, AffineExprKind, AffineMap};
use sharc_ir::Value;

/// The values a set of expressions may refer to: `dN` is `dims[N]`, `sN` is `syms[N]`.
#[derive(Clone, Debug, Default)]
pub(super) struct Space {
    pub dims: Vec<Value>,
    pub syms: Vec<Value>,
}

fn position(list: &mut Vec<Value>, v: Value) -> u32 {
    let p = list.iter().position(|&x| x == v).unwrap_or_else(|| {
        list.push(v);
        list.len() - 1
    });
    p as u32
}

impl Space {
    /// `v` as a dimension of the space.
    pub fn dim(&mut self, v: Value) -> AffineExpr {
        AffineExpr::dim(position(&mut self.dims, v))
    }

    /// The results of `map` applied to `operands` (dims, then symbols), as expressions of the
    /// space; `None` if the operand count does not match the map.
    pub fn import(&mut self, map: &AffineMap, operands: &[Value]) -> Option<Vec<AffineExpr>> {
        if operands.len() != map.num_inputs() {
            return None;
        }
        let (dim_values, sym_values) = operands.split_at(map.num_dims() as usize);
        let dims: Vec<AffineExpr> = dim_values.iter().map(|&v| self.dim(v)).collect();
        let syms: Vec<AffineExpr> =
            sym_values.iter().map(|&v| AffineExpr::symbol(position(&mut self.syms, v))).collect();
        Some(map.results().iter().map(|e| e.replace_dims_and_symbols(&dims, &syms)).collect())
    }

    /// The dimension position of `v`, if it is one.
    pub fn dim_position(&self, v: Value) -> Option<u32> {
        self.dims.iter().position(|&x| x == v).map(|p| p as u32)
    }

    /// The values `e` mentions.
    pub fn values_of(&self, e: &AffineExpr) -> Vec<Value> {
        let mut out = Vec::new();
        e.walk(&mut |n| {
            let v = match n.kind() {
                AffineExprKind::Dim(p) => self.dims.get(*p as usize),
                AffineExprKind::Symbol(p) => self.syms.get(*p as usize),
                _ => None,
            };
            if let Some(&v) = v {
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        });
        out
    }

    /// The number of dimensions and symbols, as map sizes.
    pub fn sizes(&self) -> (u32, u32) {
        (self.dims.len() as u32, self.syms.len() as u32)
    }

    /// `exprs` as a map over only the values they use, with those values (dims, then symbols),
    /// each passed through `translate` (host value to kernel value); `None` if a value has no
    /// translation or the map cannot be built.
    pub fn compact(
        &self,
        exprs: &[AffineExpr],
        translate: impl Fn(Value) -> Option<Value>,
    ) -> Option<(u32, u32, Vec<AffineExpr>, Vec<Value>)> {
        let used =
            |n: usize, is_used: &dyn Fn(u32) -> bool| -> Vec<usize> { (0..n).filter(|&p| is_used(p as u32)).collect() };
        let dims = used(self.dims.len(), &|p| exprs.iter().any(|e| e.is_function_of_dim(p)));
        let syms = used(self.syms.len(), &|p| exprs.iter().any(|e| e.is_function_of_symbol(p)));
        let renumber = |positions: &[usize], n: usize, make: fn(u32) -> AffineExpr| -> Vec<AffineExpr> {
            let mut out: Vec<AffineExpr> = (0..n).map(|p| make(p as u32)).collect();
            for (new, &old) in positions.iter().enumerate() {
                out[old] = make(new as u32);
            }
            out
        };
        let dim_exprs = renumber(&dims, self.dims.len(), AffineExpr::dim);
        let sym_exprs = renumber(&syms, self.syms.len(), AffineExpr::symbol);
        let (nd, ns) = (dims.len() as u32, syms.len() as u32);
        let results: Vec<AffineExpr> =
            exprs.iter().map(|e| e.replace_dims_and_symbols(&dim_exprs, &sym_exprs).simplify(nd, ns)).collect();
        let operands = dims
            .iter()
            .map(|&p| self.dims[p])
            .chain(syms.iter().map(|&p| self.syms[p]))
            .map(translate)
            .collect::<Option<Vec<Value>>>()?;
        Some((nd, ns, results, operands))
    }
}

/// The coefficient of dimension `p` in `e`, if `e` is linear in it (`d_p` never under `mod`,
/// `floordiv`, `ceildiv` or multiplied by a non-constant).
pub(super) fn coefficient(e: &AffineExpr, p: u32) -> Option<i64> {
    match e.kind() {
        AffineExprKind::Dim(q) => Some(i64::from(*q == p)),
        AffineExprKind::Symbol(_) | AffineExprKind::Constant(_) => Some(0),
        AffineExprKind::Add(l, r) => coefficient(l, p)?.checked_add(coefficient(r, p)?),
        AffineExprKind::Mul(l, r) => match (l.as_constant(), r.as_constant()) {
            (Some(k), _) => coefficient(r, p)?.checked_mul(k),
            (_, Some(k)) => coefficient(l, p)?.checked_mul(k),
            _ => (!e.is_function_of_dim(p)).then_some(0),
        },
        AffineExprKind::Mod(..) | AffineExprKind::FloorDiv(..) | AffineExprKind::CeilDiv(..) => {
            (!e.is_function_of_dim(p)).then_some(0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coefficients_of_linear_and_nonlinear_terms() {
        let (d0, d1, s0) = (AffineExpr::dim(0), AffineExpr::dim(1), AffineExpr::symbol(0));
        assert_eq!(coefficient(&(&d0 * 3 + &d1 - 2), 0), Some(3));
        assert_eq!(coefficient(&(&s0 - &d0), 0), Some(-1));
        assert_eq!(coefficient(&(&d1 + &s0), 0), Some(0));
        assert_eq!(coefficient(&d0.floor_div(2), 0), None);
        assert_eq!(coefficient(&(&d0 * &s0), 0), None);
        assert_eq!(coefficient(&(d1.modulo(4) + &d0), 0), Some(1));
    }
}
