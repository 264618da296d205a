//! Linear forms `Σ a_l·d_l + Σ b_s·s_s + c` of affine expressions: the matrix rows of seed
//! 000's access functions `F(I) = M·(I; params; 1)`.

use sharc_ir::affine::{AffineExpr, AffineExprKind, AffineMap};

/// `Σ dims[l]·d_l + Σ symbols[s]·s_s + constant`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LinearExpr {
    /// The coefficient of each dimension.
    pub dims: Vec<i64>,
    /// The coefficient of each symbol.
    pub symbols: Vec<i64>,
    /// The constant term.
    pub constant: i64,
}

impl LinearExpr {
    /// The constant `c` over the given space.
    pub fn constant(num_dims: usize, num_symbols: usize, c: i64) -> Self {
        LinearExpr { dims: vec![0; num_dims], symbols: vec![0; num_symbols], constant: c }
    }

    /// The linear form of `expr`, or `None` if it is not linear (a product of two
    /// non-constants, `mod`/`floordiv`/`ceildiv` of a non-constant), mentions a position
    /// outside the space, or overflows `i64`.
    pub fn from_expr(expr: &AffineExpr, num_dims: usize, num_symbols: usize) -> Option<Self> {
        let mut out = LinearExpr::constant(num_dims, num_symbols, 0);
        match expr.kind() {
            AffineExprKind::Dim(p) => *out.dims.get_mut(usize::try_from(*p).ok()?)? = 1,
            AffineExprKind::Symbol(p) => *out.symbols.get_mut(usize::try_from(*p).ok()?)? = 1,
            AffineExprKind::Constant(c) => out.constant = *c,
            AffineExprKind::Add(l, r) => {
                let (l, r) = (Self::from_expr(l, num_dims, num_symbols)?, Self::from_expr(r, num_dims, num_symbols)?);
                return l.add_scaled(&r, 1);
            }
            AffineExprKind::Mul(l, r) => {
                let (l, r) = (Self::from_expr(l, num_dims, num_symbols)?, Self::from_expr(r, num_dims, num_symbols)?);
                return match (l.as_constant(), r.as_constant()) {
                    (Some(c), _) => r.scale(c),
                    (_, Some(c)) => l.scale(c),
                    _ => None,
                };
            }
            AffineExprKind::Mod(..) | AffineExprKind::FloorDiv(..) | AffineExprKind::CeilDiv(..) => {
                let value = expr.eval(&[], &[])?;
                out.constant = value;
            }
        }
        Some(out)
    }

    /// The linear forms of every result of `map`, if all are linear.
    pub fn from_map(map: &AffineMap) -> Option<Vec<Self>> {
        let (nd, ns) = (map.num_dims() as usize, map.num_symbols() as usize);
        map.results().iter().map(|e| Self::from_expr(e, nd, ns)).collect()
    }

    /// The value, if no dimension or symbol has a non-zero coefficient.
    pub fn as_constant(&self) -> Option<i64> {
        self.is_constant().then_some(self.constant)
    }

    /// Whether every dimension and symbol coefficient is zero.
    pub fn is_constant(&self) -> bool {
        self.dims.iter().chain(&self.symbols).all(|&c| c == 0)
    }

    /// Whether some dimension has a non-zero coefficient.
    pub fn uses_dims(&self) -> bool {
        self.dims.iter().any(|&c| c != 0)
    }

    /// `self · k`.
    pub fn scale(&self, k: i64) -> Option<Self> {
        let mul = |v: &[i64]| v.iter().map(|&c| c.checked_mul(k)).collect::<Option<Vec<_>>>();
        Some(LinearExpr {
            dims: mul(&self.dims)?,
            symbols: mul(&self.symbols)?,
            constant: self.constant.checked_mul(k)?,
        })
    }

    /// `self + other · k` (both over the same space).
    pub fn add_scaled(&self, other: &Self, k: i64) -> Option<Self> {
        let add = |a: &[i64], b: &[i64]| {
            (a.len() == b.len()).then_some(())?;
            a.iter().zip(b).map(|(&x, &y)| y.checked_mul(k).and_then(|y| x.checked_add(y))).collect::<Option<Vec<_>>>()
        };
        Some(LinearExpr {
            dims: add(&self.dims, &other.dims)?,
            symbols: add(&self.symbols, &other.symbols)?,
            constant: other.constant.checked_mul(k).and_then(|c| self.constant.checked_add(c))?,
        })
    }

    /// The value at the given dimension and symbol values (missing values count as zero).
    pub fn eval(&self, dims: &[i64], symbols: &[i64]) -> Option<i64> {
        let dot = |coeffs: &[i64], values: &[i64]| {
            coeffs
                .iter()
                .zip(values.iter().chain(std::iter::repeat(&0)))
                .try_fold(0i64, |acc, (&c, &v)| c.checked_mul(v).and_then(|p| acc.checked_add(p)))
        };
        dot(&self.dims, dims)?.checked_add(dot(&self.symbols, symbols)?)?.checked_add(self.constant)
    }

    /// The affine expression of this form.
    pub fn to_expr(&self) -> AffineExpr {
        let mut e = AffineExpr::constant(self.constant);
        for (p, &c) in self.dims.iter().enumerate().rev() {
            if c != 0 {
                e = AffineExpr::dim(p as u32) * c + e;
            }
        }
        for (p, &c) in self.symbols.iter().enumerate().rev() {
            if c != 0 {
                e = AffineExpr::symbol(p as u32) * c + e;
            }
        }
        e
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linear_forms_of_expressions() {
        let (d0, d1, s0) = (AffineExpr::dim(0), AffineExpr::dim(1), AffineExpr::symbol(0));
        let e = &d0 * 2 - &d1 + &s0 * 3 + 7;
        let lin = LinearExpr::from_expr(&e, 2, 1).expect("linear");
        assert_eq!(lin, LinearExpr { dims: vec![2, -1], symbols: vec![3], constant: 7 });
        assert_eq!(lin.eval(&[1, 2], &[3]), e.eval(&[1, 2], &[3]));
        assert_eq!(LinearExpr::from_expr(&lin.to_expr(), 2, 1), Some(lin));
        assert_eq!(LinearExpr::from_expr(&d0.floor_div(2), 1, 0), None);
        assert_eq!(LinearExpr::from_expr(&(&d0 * &s0), 1, 1), None);
        assert_eq!(LinearExpr::from_expr(&d1, 1, 0), None);
    }
}
