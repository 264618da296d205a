//! Flat pointers subscripted as multi-dimensional arrays: `p[(y + dy) * w + (x + dx)]`,
//! `p[(z * h + y) * w + x]`.
//!
//! C code that cannot declare `float p[h][w]` (or was written before C99) linearises its
//! subscripts by hand. The product of a row index and the pitch `w` is not affine, so such an
//! access would be a `memref.load` of an `index_cast` that no analysis can see through. When
//! every subscript of a one-dimensional parameter `p` has the form `r * w + c` for one `int`
//! parameter `w` that the body never assigns, with `r` and `c` affine and `0 <= c < w` provable
//! from the bounds of the loops around the access, `p` is viewed as a two-dimensional array of
//! row pitch `w` (`memref.reinterpret_cast` at the function's entry) and each access becomes
//! `view[r][c]`, which addresses the same element. A row that is itself `z * h + y` for a second
//! parameter `h` with `0 <= y < h` proven gives a third dimension (`view[z][y][x]`, strides
//! `h * w`, `w`, 1), and so on up to the rank of four the tools handle. The view has `len / w` rows, the whole rows
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
use sharc_dialects::memref::{OpFoldResult, ReinterpretCastOp};
use sharc_ir::{Location, Value};
use std::collections::{BTreeMap, HashMap, HashSet};

/// A polynomial over index values: monomial (its values, sorted) to coefficient.
pub(crate) type Poly = BTreeMap<Vec<Value>, i64>;

/// The bounds of an affine loop's variable: `lower <= v` for each lower and `v < upper` for
/// each upper (any one of them is a bound).
#[derive(Clone, Debug)]
pub(crate) struct LoopBounds {
    pub var: Value,
    pub lowers: Vec<Lin>,
    pub uppers: Vec<Lin>,
}

/// The parameters worth viewing with row pitches, from the syntax alone: a one-dimensional
/// array or pointer parameter used only as `p[e]`, that no `share` pragma names (its partition
/// is written for the declared shape), where every `e` is a polynomial in which one and the same
/// `int` parameter `w` that the body does not assign multiplies some term (the row pitch), and
/// possibly a second parameter `h` multiplies some of those terms (`(z * h + y) * w + x`: the
/// plane's rows), and so on. Pairs `(p, pitches)`, innermost pitch first.
pub(crate) fn flat_pitch_candidates(f: &Function, assigned: &HashSet<String>) -> Vec<(String, Vec<String>)> {
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
    let locals = fixed_locals(f, assigned);
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
        let Some(polys) = uses.subscripts.iter().map(|e| name_poly(e, &locals)).collect::<Option<Vec<_>>>() else {
            continue;
        };
        let pitches = pitch_chain(&polys, &pitch_params);
        if !pitches.is_empty() {
            out.push((p.name.clone(), pitches));
        }
    }
    out
}

/// At most this many pitches: the simulator and the code generator handle memrefs up to rank 4.
const MAX_PITCHES: usize = 3;

/// The pitches, innermost first: at each level, among the parameters that multiply a term
/// carrying all pitches so far in every subscript, the one in the most such terms (the row
/// pitch `w` is in every term the plane pitch `h` is in, and in more), the first declared on a
/// tie.
fn pitch_chain(polys: &[NamePoly], params: &[&str]) -> Vec<String> {
    let mut chain: Vec<String> = Vec::new();
    while chain.len() < MAX_PITCHES {
        let carries = |m: &[String], w: &str| {
            !chain.iter().any(|c| c == w) && m.iter().any(|n| n == w) && chain.iter().all(|c| m.contains(c))
        };
        let terms = |w: &str| polys.iter().map(|p| p.keys().filter(|m| carries(m, w)).count()).collect::<Vec<_>>();
        let mut best: Option<(&str, usize)> = None;
        for w in params {
            let t = terms(w);
            if t.contains(&0) {
                continue;
            }
            let total = t.iter().sum();
            if best.is_none_or(|(_, b)| total > b) {
                best = Some((w, total));
            }
        }
        match best {
            Some((w, _)) => chain.push(w.to_string()),
            None => break,
        }
    }
    chain
}

/// A polynomial over names (monomial, sorted, to coefficient), for the syntactic pre-pass.
type NamePoly = BTreeMap<Vec<String>, i64>;

/// `e` over names, with the locals of `locals` replaced by their definitions.
fn name_poly(e: &Expr, locals: &HashMap<String, &Expr>) -> Option<NamePoly> {
    let mut seen = Vec::new();
    name_poly_in(e, locals, &mut seen)
}

fn name_poly_in<'e>(e: &'e Expr, locals: &HashMap<String, &'e Expr>, seen: &mut Vec<&'e str>) -> Option<NamePoly> {
    match &e.kind {
        ExprKind::Int(v, _) => Some(NamePoly::from([(Vec::new(), i64::try_from(*v).ok()?)])),
        ExprKind::Ident(n) => match locals.get(n) {
            // A definition that names itself (through others) is not a polynomial of it.
            Some(def) if !seen.contains(&n.as_str()) => {
                seen.push(n);
                let p = name_poly_in(def, locals, seen);
                seen.pop();
                p
            }
            Some(_) => None,
            None => Some(NamePoly::from([(vec![n.clone()], 1)])),
        },
        ExprKind::Unary(UnOp::Plus, x) | ExprKind::Cast(_, x) => name_poly_in(x, locals, seen),
        ExprKind::Unary(UnOp::Neg, x) => scaled(&name_poly_in(x, locals, seen)?, -1),
        ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
            let k = if *op == BinOp::Add { 1 } else { -1 };
            sum(&name_poly_in(a, locals, seen)?, &scaled(&name_poly_in(b, locals, seen)?, k)?)
        }
        ExprKind::Binary(BinOp::Mul, a, b) => product(&name_poly_in(a, locals, seen)?, &name_poly_in(b, locals, seen)?),
        _ => None,
    }
}

/// The integer locals whose value is fixed where they are visible: declared once in the
/// function, with an initializer, never assigned (`int idx = y * w + x;`). A subscript through
/// one is the subscript of its definition.
fn fixed_locals<'f>(f: &'f Function, assigned: &HashSet<String>) -> HashMap<String, &'f Expr> {
    let mut decls: HashMap<String, Vec<Option<&'f Expr>>> = HashMap::new();
    for p in &f.params {
        decls.entry(p.name.clone()).or_default().push(None);
    }
    collect_decls(&f.body, &mut decls);
    decls
        .into_iter()
        .filter(|(name, ds)| ds.len() == 1 && !assigned.contains(name))
        .filter_map(|(name, ds)| Some((name, ds[0]?)))
        .collect()
}

fn collect_decls<'f>(s: &'f Stmt, out: &mut HashMap<String, Vec<Option<&'f Expr>>>) {
    match &s.kind {
        StmtKind::Compound(items) => items.iter().for_each(|i| collect_decls(i, out)),
        StmtKind::Decl(ds) => {
            for d in ds {
                let def = match (&d.init, &d.ty) {
                    (Some(Init::Expr(e)), CType::Int(t)) if t.bits >= 32 && d.dims.is_empty() && d.pointers == 0 => {
                        Some(e)
                    }
                    _ => None,
                };
                out.entry(d.name.clone()).or_default().push(def);
            }
        }
        StmtKind::For { init, body, .. } => {
            // A loop variable changes with its loop: declared, but never fixed.
            if let Some(StmtKind::Decl(ds)) = init.as_deref().map(|i| &i.kind) {
                for d in ds {
                    out.entry(d.name.clone()).or_default().push(None);
                }
            }
            collect_decls(body, out);
        }
        StmtKind::If { then, els, .. } => {
            collect_decls(then, out);
            els.iter().for_each(|e| collect_decls(e, out));
        }
        StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } => collect_decls(body, out),
        _ => {}
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
    /// Rebinds the one-dimensional parameter `array` to a view of its buffer with the pitches
    /// (innermost first, each `max(pitch, 0)`: a negative pitch leaves every access's loop
    /// empty, as each column was proved in `[0, pitch)`, but a view's sizes must be
    /// non-negative) and as many whole outermost rows as the buffer holds (a view must lie
    /// inside its buffer), named after the parameter.
    pub(crate) fn view_with_pitches(&mut self, array: &str, pitches: &[String], span: Span) {
        let Some(id) = self.lookup(array) else { return };
        let Binding::Array { memref, elem, rank: 1 } = self.var(id).binding.clone() else { return };
        let values: Option<Vec<Value>> = pitches
            .iter()
            .map(|w| match self.var(self.lookup(w)?).binding {
                Binding::Index { value, .. } => Some(value),
                _ => None,
            })
            .collect();
        let Some(values) = values else { return };
        let Some(parts) = self.ctx.memref_parts(self.ctx.value_type(memref)) else { return };
        let elem_ty = parts.elem;
        let index = self.ctx.index_type();
        let c0 = self.index_const(0, span);
        let c1 = self.index_const(1, span);
        // Sizes and strides, innermost first.
        let mut sizes = Vec::new();
        let mut strides = vec![OpFoldResult::Static(1)];
        let mut stride = None;
        for &w in &values {
            let size = self.emit("arith.maxsi", &[w, c0], index, span);
            sizes.push(OpFoldResult::Dynamic(size));
            let next = match stride {
                None => size,
                Some(s) => self.emit("arith.muli", &[s, size], index, span),
            };
            strides.push(OpFoldResult::Dynamic(next));
            stride = Some(next);
        }
        let Some(stride) = stride else { return };
        // `stride` is now the outermost dimension's: the elements of one outermost row.
        let loc = self.loc(span);
        let dim = sharc_dialects::memref::DimOp::build(self.ctx, loc, memref, c0);
        let len = self.b.insert_value(self.ctx, dim);
        let divisor = self.emit("arith.maxsi", &[stride, c1], index, span);
        let rows = self.emit("arith.divui", &[len, divisor], index, span);
        sizes.push(OpFoldResult::Dynamic(rows));
        sizes.reverse();
        strides.reverse();
        let ty = self.ctx.memref_type(vec![sharc_ir::types::DYNAMIC; sizes.len()], elem_ty);
        let named = Location::Name { name: array.into(), child: Some(Box::new(self.loc(span))) };
        let state = ReinterpretCastOp::build(self.ctx, named, ty, memref, OpFoldResult::Static(0), &sizes, &strides);
        let view = self.b.insert_value(self.ctx, state);
        self.var_mut(id).binding = Binding::Array { memref: view, elem, rank: sizes.len() };
        self.flat_views.insert(id, values);
    }

    /// Records the polynomial of a fixed local (see [`fixed_locals`]) declared `int v = e` with
    /// `e` a polynomial but not affine, so that a subscript through `v` splits like `e`.
    pub(crate) fn record_fixed_local(&mut self, id: super::VarId, d: &Decl, e: &Expr) {
        let fixed = matches!(d.ty, CType::Int(t) if t.bits >= 32) && !self.function_assigned.contains(&d.name);
        if let Some(p) = fixed.then(|| self.poly(e)).flatten() {
            self.fixed_polys.insert(id, p);
        }
    }

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
            ExprKind::Ident(name) => {
                let id = self.lookup(name)?;
                match &self.var(id).binding {
                    Binding::Index { value, affine: true, .. } => Some(poly_of(&Lin::value(*value))),
                    Binding::Scalar { .. } => self.fixed_polys.get(&id).cloned(),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// `e` as `((r * p_n + c_n) ...) * p_1 + c_1` for the pitches `p_1` (innermost) to `p_n`,
    /// with `0 <= c_k < p_k` on every iteration of the loops around the current point: the
    /// subscripts `[r, c_n, ..., c_1]`, or `None`.
    pub(crate) fn split_by_pitches(&self, e: &Expr, pitches: &[Value]) -> Option<Vec<Lin>> {
        let mut rest = self.poly(e)?;
        let mut cols = Vec::new();
        for &pitch in pitches {
            let (row, col) = self.split_by_pitch(&rest, pitch)?;
            cols.push(col);
            rest = row;
        }
        let outer = linear(&rest)?;
        Some(std::iter::once(outer).chain(cols.into_iter().rev()).collect())
    }

    /// `p` as `r * pitch + c` with `c` affine and `0 <= c < pitch` proven.
    ///
    /// A term `k * pitch` alone may belong to either side (`y * w + (w - 1 - x)` has its column
    /// `w - 1 - x`): the column takes `m * pitch` of it for the first `m` of 0, 1, -1 that
    /// proves the column's range.
    fn split_by_pitch(&self, p: &Poly, pitch: Value) -> Option<(Poly, Lin)> {
        let mut row = Poly::new();
        let mut col = Poly::new();
        for (monomial, &k) in p {
            match monomial.iter().position(|&v| v == pitch) {
                Some(at) => {
                    let mut m = monomial.clone();
                    m.remove(at);
                    row.insert(m, k);
                }
                None => {
                    col.insert(monomial.clone(), k);
                }
            }
        }
        let col = linear(&col)?;
        [0, 1, -1].into_iter().find_map(|m| {
            let row = sum(&row, &poly_of(&Lin::constant(-m)))?;
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

/// A polynomial of degree at most one as a [`Lin`].
fn linear(p: &Poly) -> Option<Lin> {
    let mut l = Lin::constant(0);
    for (m, &k) in p {
        l = match m.as_slice() {
            [] => l.add(&Lin::constant(k), 1)?,
            [v] => l.add(&Lin::value(*v), k)?,
            _ => return None,
        };
    }
    Some(l)
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

fn scaled<K: Clone + Ord>(p: &BTreeMap<Vec<K>, i64>, k: i64) -> Option<BTreeMap<Vec<K>, i64>> {
    p.iter().map(|(m, c)| Some((m.clone(), c.checked_mul(k)?))).collect()
}

fn sum<K: Clone + Ord>(a: &BTreeMap<Vec<K>, i64>, b: &BTreeMap<Vec<K>, i64>) -> Option<BTreeMap<Vec<K>, i64>> {
    let mut out = a.clone();
    for (m, c) in b {
        let e = out.entry(m.clone()).or_insert(0);
        *e = e.checked_add(*c)?;
    }
    out.retain(|_, c| *c != 0);
    Some(out)
}

fn product<K: Clone + Ord>(a: &BTreeMap<Vec<K>, i64>, b: &BTreeMap<Vec<K>, i64>) -> Option<BTreeMap<Vec<K>, i64>> {
    let mut out = BTreeMap::new();
    for (ma, ca) in a {
        for (mb, cb) in b {
            let mut m: Vec<K> = ma.iter().chain(mb).cloned().collect();
            m.sort();
            let e: &mut i64 = out.entry(m).or_insert(0);
            *e = e.checked_add(ca.checked_mul(*cb)?)?;
        }
    }
    out.retain(|_, c| *c != 0);
    Some(out)
}
