//! Flat pointers subscripted as two-dimensional arrays: `p[(y + dy) * w + (x + dx)]`.
//!
//! C code that cannot declare `float p[h][w]` (or was written before C99) linearises its
//! subscripts by hand. The product of a row index and the pitch `w` is not affine, so such an
//! access would be a `memref.load` of an `index_cast` that no analysis can see through. When
//! every subscript of a one-dimensional parameter `p` has the form `r * w + c` for one `int`
//! parameter `w` that the body never assigns, with `r` and `c` affine and `0 <= c < w` provable
//! from the bounds of the loops around the access, `p` is viewed as a two-dimensional array of
//! row pitch `w` (`memref.reinterpret_cast` at the function's entry) and each access becomes
//! `view[r][c]`, which addresses the same element. The view has `len / w` rows, the whole rows
//! of the buffer (a view must lie inside its buffer): a program that reads the elements past
//! the last whole row (a buffer whose length is no multiple of `w`) gets an out-of-bounds error
//! from the simulator, where the flat access would have been in bounds.
//!
//! The proof is what makes the two forms equivalent for the analyses: with `0 <= c < w`, two
//! accesses `[r][c]` and `[r'][c']` meet exactly when `r * w + c == r' * w + c'`. An access
//! where it fails (a subscript of another shape, a column that may reach the next row) keeps the
//! whole parameter one-dimensional: the function is lowered again without the view (see
//! [`Lowerer::lower_function`]), so no array is ever reached through two unrelated shapes.
//! C's signed overflow is undefined, so `int` index arithmetic is taken not to wrap, as for
//! every affine subscript the front-end builds.

use super::{Binding, Lin, Lowerer};
use crate::ast::*;
use sharc_ir::Value;
use std::collections::{BTreeMap, HashSet};

/// A polynomial over index values: monomial (its values, sorted) to coefficient.
type Poly = BTreeMap<Vec<Value>, i64>;

/// The bounds of an affine loop's variable: `lower <= v` for each lower and `v < upper` for
/// each upper (any one of them is a bound).
#[derive(Clone, Debug)]
pub(crate) struct LoopBounds {
    pub var: Value,
    pub lowers: Vec<Lin>,
    pub uppers: Vec<Lin>,
}

/// The parameters worth viewing with a row pitch, from the syntax alone: a one-dimensional
/// array or pointer parameter used only as `p[e]`, where every `e` multiplies by one and the
/// same `int` parameter `w` that the body does not assign, and that no `share` pragma names
/// (its partition is written for the declared shape). Pairs `(p, w)`.
pub(crate) fn flat_pitch_candidates(f: &Function, assigned: &HashSet<String>) -> Vec<(String, String)> {
    let pitch_params: Vec<&str> = f
        .params
        .iter()
        .filter(|p| {
            matches!(p.ty, CType::Int(_)) && p.pointers == 0 && p.dims.is_empty() && !assigned.contains(&p.name)
        })
        .map(|p| p.name.as_str())
        .collect();
    let mut shared = HashSet::new();
    collect_shared(&f.body, &mut shared);
    let mut out = Vec::new();
    for p in &f.params {
        if p.dims.len() + p.pointers != 1 || shared.contains(&p.name) || assigned.contains(&p.name) {
            continue;
        }
        let mut uses = Uses { name: &p.name, subscripts: Vec::new(), other: false };
        uses.stmt(&f.body);
        if uses.other || uses.subscripts.is_empty() {
            continue;
        }
        let common = pitch_params.iter().find(|w| uses.subscripts.iter().all(|e| multiplies_by(e, w)));
        if let Some(w) = common {
            out.push((p.name.clone(), w.to_string()));
        }
    }
    out
}

/// Whether `e`, read as a sum of products, has a product with the factor `w`.
fn multiplies_by(e: &Expr, w: &str) -> bool {
    match &e.kind {
        ExprKind::Binary(BinOp::Add | BinOp::Sub, a, b) => multiplies_by(a, w) || multiplies_by(b, w),
        ExprKind::Binary(BinOp::Mul, a, b) => is_factor(a, w) || is_factor(b, w),
        ExprKind::Unary(UnOp::Plus | UnOp::Neg, x) | ExprKind::Cast(_, x) => multiplies_by(x, w),
        _ => false,
    }
}

fn is_factor(e: &Expr, w: &str) -> bool {
    match &e.kind {
        ExprKind::Ident(n) => n == w,
        ExprKind::Binary(BinOp::Mul, a, b) => is_factor(a, w) || is_factor(b, w),
        ExprKind::Cast(_, x) | ExprKind::Unary(UnOp::Plus, x) => is_factor(x, w),
        _ => false,
    }
}

fn collect_shared(s: &Stmt, out: &mut HashSet<String>) {
    for p in &s.pragmas {
        if let PragmaKind::Share(specs) = &p.kind {
            out.extend(specs.iter().map(|a| a.array.clone()));
        }
    }
    match &s.kind {
        StmtKind::Compound(items) => items.iter().for_each(|i| collect_shared(i, out)),
        StmtKind::For { init, body, .. } => {
            init.iter().for_each(|i| collect_shared(i, out));
            collect_shared(body, out);
        }
        StmtKind::If { then, els, .. } => {
            collect_shared(then, out);
            els.iter().for_each(|e| collect_shared(e, out));
        }
        StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } => collect_shared(body, out),
        StmtKind::Pragma(Pragma { kind: PragmaKind::Share(specs), .. }) => {
            out.extend(specs.iter().map(|a| a.array.clone()));
        }
        _ => {}
    }
}

/// The subscripts of `name[e]` in a function body, and whether `name` appears any other way.
struct Uses<'a, 'f> {
    name: &'a str,
    subscripts: Vec<&'f Expr>,
    other: bool,
}

impl<'f> Uses<'_, 'f> {
    fn stmt(&mut self, s: &'f Stmt) {
        match &s.kind {
            StmtKind::Compound(items) => items.iter().for_each(|i| self.stmt(i)),
            StmtKind::Decl(ds) => {
                for d in ds {
                    // A local of the same name hides the parameter: keep it simple and leave
                    // such a parameter alone.
                    self.other |= d.name == self.name;
                    d.dims.iter().flatten().for_each(|e| self.expr(e));
                    self.init(d.init.as_ref());
                }
            }
            StmtKind::Expr(e) | StmtKind::Return(Some(e)) => self.expr(e),
            StmtKind::For { init, cond, step, body } => {
                init.iter().for_each(|i| self.stmt(i));
                cond.iter().chain(step.iter()).for_each(|e| self.expr(e));
                self.stmt(body);
            }
            StmtKind::If { cond, then, els } => {
                self.expr(cond);
                self.stmt(then);
                els.iter().for_each(|e| self.stmt(e));
            }
            StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
                self.expr(cond);
                self.stmt(body);
            }
            _ => {}
        }
    }

    fn init(&mut self, init: Option<&'f Init>) {
        match init {
            Some(Init::Expr(e)) => self.expr(e),
            Some(Init::List(items, _)) => items.iter().for_each(|i| self.init(Some(i))),
            None => {}
        }
    }

    fn expr(&mut self, e: &'f Expr) {
        match &e.kind {
            ExprKind::Index(base, i) if matches!(&base.kind, ExprKind::Ident(n) if n == self.name) => {
                self.subscripts.push(i);
                self.expr(i);
            }
            ExprKind::Ident(n) => self.other |= n == self.name,
            ExprKind::Unary(_, x) | ExprKind::Cast(_, x) => self.expr(x),
            ExprKind::Binary(_, a, b) | ExprKind::Assign(_, a, b) | ExprKind::Index(a, b) => {
                self.expr(a);
                self.expr(b);
            }
            ExprKind::Cond(c, a, b) => {
                self.expr(c);
                self.expr(a);
                self.expr(b);
            }
            ExprKind::Call(c, args) => {
                self.expr(c);
                args.iter().for_each(|a| self.expr(a));
            }
            ExprKind::Comma(items) => items.iter().for_each(|a| self.expr(a)),
            _ => {}
        }
    }
}

impl Lowerer<'_> {
    /// `e` as a polynomial over index values, when it is a sum of products of affine parts.
    fn poly(&self, e: &Expr) -> Option<Poly> {
        if let Some(l) = self.lin(e) {
            return Some(poly_of(&l));
        }
        match &e.kind {
            ExprKind::Unary(UnOp::Plus, x) => self.poly(x),
            ExprKind::Unary(UnOp::Neg, x) => scaled(&self.poly(x)?, -1),
            ExprKind::Cast(CType::Int(t), x) if t.bits >= 32 => self.poly(x),
            ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
                let k = if *op == BinOp::Add { 1 } else { -1 };
                sum(&self.poly(a)?, &scaled(&self.poly(b)?, k)?)
            }
            ExprKind::Binary(BinOp::Mul, a, b) => product(&self.poly(a)?, &self.poly(b)?),
            ExprKind::Ident(name) => match &self.var(self.lookup(name)?).binding {
                Binding::Index { value, affine: true, .. } => Some(poly_of(&Lin::value(*value))),
                _ => None,
            },
            _ => None,
        }
    }

    /// `e` as `r * pitch + c` with `0 <= c < pitch` on every iteration of the loops around the
    /// current point: `(r, c)`, or `None`.
    ///
    /// A term `k * pitch` alone may belong to either side (`y * w + (w - 1 - x)` has its column
    /// `w - 1 - x`): the column takes `m * pitch` of it for the first `m` of 0, 1, -1 that
    /// proves the column's range.
    pub(crate) fn split_by_pitch(&self, e: &Expr, pitch: Value) -> Option<(Lin, Lin)> {
        let mut row = Lin::constant(0);
        let mut col = Lin::constant(0);
        for (monomial, k) in self.poly(e)? {
            let with_pitch = monomial.iter().filter(|&&v| v == pitch).count();
            let rest: Vec<Value> = monomial.iter().copied().filter(|&v| v != pitch).collect();
            let term = match rest.as_slice() {
                [] => Lin::constant(k),
                [v] => Lin::value(*v).scale(k)?,
                _ => return None,
            };
            match with_pitch {
                0 => col = col.add(&term, 1)?,
                1 => row = row.add(&term, 1)?,
                _ => return None,
            }
        }
        [0, 1, -1].into_iter().find_map(|m| {
            let row = row.add(&Lin::constant(m), -1)?;
            let col = col.add(&Lin::value(pitch), m)?;
            let below_pitch = Lin::value(pitch).add(&col, -1)?.add(&Lin::constant(1), -1)?;
            (self.provably_nonnegative(&col) && self.provably_nonnegative(&below_pitch)).then_some((row, col))
        })
    }

    /// Whether `l >= 0` holds on every iteration of the affine loops around the current point:
    /// the innermost loop variable of `l` is replaced by its lower bound (positive coefficient)
    /// or its last value (negative), until only parameters remain, which must cancel.
    fn provably_nonnegative(&self, l: &Lin) -> bool {
        let innermost = l
            .terms
            .iter()
            .filter_map(|&(v, k)| self.loop_bounds.iter().rposition(|b| b.var == v).map(|at| (at, v, k)))
            .max_by_key(|t| t.0);
        let Some((at, var, k)) = innermost else {
            return l.terms.is_empty() && l.constant >= 0;
        };
        let Some(rest) = l.add(&Lin::value(var), -k) else { return false };
        let bounds = &self.loop_bounds[at];
        let candidates: Vec<Lin> = if k > 0 {
            bounds.lowers.clone()
        } else {
            bounds.uppers.iter().filter_map(|u| u.add(&Lin::constant(1), -1)).collect()
        };
        candidates.iter().any(|b| rest.add(b, k).is_some_and(|next| self.provably_nonnegative(&next)))
    }
}

fn poly_of(l: &Lin) -> Poly {
    let mut p = Poly::new();
    if l.constant != 0 {
        p.insert(Vec::new(), l.constant);
    }
    for &(v, k) in &l.terms {
        p.insert(vec![v], k);
    }
    p
}

fn scaled(p: &Poly, k: i64) -> Option<Poly> {
    p.iter().map(|(m, c)| Some((m.clone(), c.checked_mul(k)?))).collect()
}

fn sum(a: &Poly, b: &Poly) -> Option<Poly> {
    let mut out = a.clone();
    for (m, c) in b {
        let e = out.entry(m.clone()).or_insert(0);
        *e = e.checked_add(*c)?;
    }
    out.retain(|_, c| *c != 0);
    Some(out)
}

fn product(a: &Poly, b: &Poly) -> Option<Poly> {
    let mut out = Poly::new();
    for (ma, ca) in a {
        for (mb, cb) in b {
            let mut m: Vec<Value> = ma.iter().chain(mb).copied().collect();
            m.sort();
            let e = out.entry(m).or_insert(0);
            *e = e.checked_add(ca.checked_mul(*cb)?)?;
        }
    }
    out.retain(|_, c| *c != 0);
    Some(out)
}
