//! The loops around an op and a statement's iteration domain (seed 000 §3: "a polytope
//! bounded by loop indexes and global parameters").
//!
//! A [`Domain`] lists the enclosing `affine.for`/`affine.parallel` loops outermost first.
//! Loop `l`'s bounds are affine expressions over dimensions `d0..d(l-1)` (the outer
//! induction variables) and the symbols of [`Domain::symbols`]: the lower bound is the
//! maximum of [`Loop::lower`], the exclusive upper bound the minimum of [`Loop::upper`]. The
//! `then` region of an enclosing `affine.if` adds its conditions; an `else` region or any
//! other enclosing op makes the domain an over-approximation ([`Domain::exact`] is false).

use super::AnalysisError;
use sharc_dialects::affine::{validity, ApplyOp, ForOp, IfOp, ParallelOp};
use sharc_dialects::arith::ConstantOp;
use sharc_ir::affine::{AffineError, AffineExpr, IntegerSet};
use sharc_ir::{Context, OpId, OpTraits, RegionId, Value};

/// One loop of a nest: an `affine.for` (`dim` 0) or dimension `dim` of an `affine.parallel`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LoopRef {
    /// The loop op.
    pub op: OpId,
    /// The induction variable's position among the op's induction variables.
    pub dim: usize,
}

/// A loop with its bounds and step (see the module docs for the expression spaces).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loop {
    /// Which loop.
    pub id: LoopRef,
    /// The induction variable.
    pub iv: Value,
    /// The lower bound is the maximum of these.
    pub lower: Vec<AffineExpr>,
    /// The exclusive upper bound is the minimum of these.
    pub upper: Vec<AffineExpr>,
    /// The step (positive in verified IR).
    pub step: i64,
    /// Whether the loop is an `affine.parallel`: declared free of carried dependences.
    pub declared_parallel: bool,
}

impl Loop {
    /// The lower bound, if it is one constant.
    pub fn constant_lower(&self) -> Option<i64> {
        single_constant(&self.lower)
    }

    /// The exclusive upper bound, if it is one constant.
    pub fn constant_upper(&self) -> Option<i64> {
        single_constant(&self.upper)
    }

    /// The number of iterations, if both bounds are constants.
    pub fn constant_trip_count(&self) -> Option<i64> {
        let (lo, hi) = (self.constant_lower()?, self.constant_upper()?);
        let span = hi.checked_sub(lo)?;
        if span <= 0 || self.step <= 0 {
            return Some(0);
        }
        span.checked_add(self.step - 1).map(|s| s / self.step)
    }

    /// Whether the bounds mention no induction variable (only symbols and constants).
    pub fn is_rectangular(&self) -> bool {
        self.lower.iter().chain(&self.upper).all(AffineExpr::is_symbolic_or_constant)
    }

    /// The half-open range `[lo, hi)` at the given outer induction variables and symbols.
    pub fn range(&self, outer: &[i64], symbols: &[i64]) -> Option<(i64, i64)> {
        let eval = |es: &[AffineExpr]| es.iter().map(|e| e.eval(outer, symbols)).collect::<Option<Vec<i64>>>();
        let lo = eval(&self.lower)?.into_iter().max()?;
        let hi = eval(&self.upper)?.into_iter().min()?;
        Some((lo, hi))
    }
}

fn single_constant(exprs: &[AffineExpr]) -> Option<i64> {
    match exprs {
        [e] => e.as_constant(),
        _ => None,
    }
}

/// A condition of an enclosing `affine.if`: `expr == 0` or `expr >= 0` over the loop ivs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Condition {
    /// The constrained expression.
    pub expr: AffineExpr,
    /// Equality (`== 0`) rather than inequality (`>= 0`).
    pub is_eq: bool,
}

/// The iteration domain of a statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Domain {
    /// The enclosing loops, outermost first.
    pub loops: Vec<Loop>,
    /// The symbols the bounds and conditions refer to, by position.
    pub symbols: Vec<Value>,
    /// Conditions of enclosing `affine.if` ops.
    pub conditions: Vec<Condition>,
    /// False if the statement may run on only part of the domain (an `else` region, a
    /// non-affine op between the loops): the domain is then an over-approximation.
    pub exact: bool,
}

impl Domain {
    /// The number of loops.
    pub fn depth(&self) -> usize {
        self.loops.len()
    }

    /// The induction variables, outermost first.
    pub fn ivs(&self) -> Vec<Value> {
        self.loops.iter().map(|l| l.iv).collect()
    }

    /// The loop ids, outermost first.
    pub fn loop_refs(&self) -> Vec<LoopRef> {
        self.loops.iter().map(|l| l.id).collect()
    }

    /// Whether `point` (one value per loop) is in the domain for the given symbol values.
    pub fn contains(&self, point: &[i64], symbols: &[i64]) -> Option<bool> {
        if point.len() != self.depth() {
            return Some(false);
        }
        for (l, lp) in self.loops.iter().enumerate() {
            let (lo, hi) = lp.range(&point[..l], symbols)?;
            let x = point[l];
            if x < lo || x >= hi || x.checked_sub(lo)? % lp.step.max(1) != 0 {
                return Some(false);
            }
        }
        for c in &self.conditions {
            let v = c.expr.eval(point, symbols)?;
            if (c.is_eq && v != 0) || (!c.is_eq && v < 0) {
                return Some(false);
            }
        }
        Some(true)
    }

    /// Every point of the domain in lexicographic (execution) order, or `None` if a bound
    /// is undefined or there are more than `limit` points.
    pub fn points(&self, symbols: &[i64], limit: usize) -> Option<Vec<Vec<i64>>> {
        let mut out = Vec::new();
        let mut prefix = Vec::with_capacity(self.depth());
        self.walk(0, &mut prefix, symbols, limit, &mut out)?;
        Some(out)
    }

    fn walk(&self, l: usize, prefix: &mut Vec<i64>, syms: &[i64], limit: usize, out: &mut Vec<Vec<i64>>) -> Option<()> {
        let Some(lp) = self.loops.get(l) else {
            let inside = self
                .conditions
                .iter()
                .map(|c| Some((c.expr.eval(prefix, syms)?, c.is_eq)))
                .collect::<Option<Vec<_>>>()?;
            if inside.iter().all(|&(v, eq)| if eq { v == 0 } else { v >= 0 }) {
                if out.len() >= limit {
                    return None;
                }
                out.push(prefix.clone());
            }
            return Some(());
        };
        let (lo, hi) = lp.range(prefix, syms)?;
        let mut x = lo;
        while x < hi {
            prefix.push(x);
            self.walk(l + 1, prefix, syms, limit, out)?;
            prefix.pop();
            x = x.checked_add(lp.step.max(1))?;
        }
        Some(())
    }

    /// The domain as an integer set over `(ivs...)[symbols...]`: `iv - lb >= 0` and
    /// `ub - iv - 1 >= 0` per bound expression, `(iv - lb) mod step == 0` for a stepped loop
    /// with a single lower bound, and the `affine.if` conditions. A stepped loop whose lower
    /// bound is a maximum loses its stride constraint (the set over-approximates).
    pub fn to_integer_set(&self) -> Result<IntegerSet, AffineError> {
        let (mut exprs, mut eqs) = (Vec::new(), Vec::new());
        for (l, lp) in self.loops.iter().enumerate() {
            let iv = AffineExpr::dim(l as u32);
            for lb in &lp.lower {
                exprs.push(&iv - lb);
                eqs.push(false);
            }
            for ub in &lp.upper {
                exprs.push(ub - &iv - 1);
                eqs.push(false);
            }
            if let ([lb], true) = (lp.lower.as_slice(), lp.step > 1) {
                exprs.push((&iv - lb).modulo(lp.step));
                eqs.push(true);
            }
        }
        for c in &self.conditions {
            exprs.push(c.expr.clone());
            eqs.push(c.is_eq);
        }
        IntegerSet::new(self.depth() as u32, self.symbols.len() as u32, exprs, eqs)
    }
}

/// The loops enclosing `op` up to its affine scope (the enclosing `func.func`), outermost
/// first. Never fails: loops whose bounds are not affine are still listed.
pub fn enclosing_loops(ctx: &Context, op: OpId) -> Vec<LoopRef> {
    let mut out = Vec::new();
    for (parent, _) in ancestors(ctx, op) {
        if ForOp::view(ctx, parent).is_some() {
            out.push(LoopRef { op: parent, dim: 0 });
        } else if let Some(p) = ParallelOp::view(ctx, parent) {
            out.extend((0..p.ivs(ctx).len()).map(|dim| LoopRef { op: parent, dim }));
        }
    }
    out
}

/// The iteration domain of `op`, with its own symbol numbering.
pub fn domain(ctx: &Context, op: OpId) -> Result<Domain, AnalysisError> {
    let mut symbols = Vec::new();
    let mut d = domain_in(ctx, op, &mut symbols)?;
    d.symbols = symbols;
    Ok(d)
}

/// `(ancestor, child of it on the way to op)` pairs, outermost first, below the affine scope.
fn ancestors(ctx: &Context, op: OpId) -> Vec<(OpId, OpId)> {
    let mut chain = Vec::new();
    let mut cur = op;
    while let Some(parent) = ctx.parent_op(cur) {
        if ctx.op_has(parent, OpTraits::AFFINE_SCOPE) {
            break;
        }
        chain.push((parent, cur));
        cur = parent;
    }
    chain.reverse();
    chain
}

/// The domain of `op`, numbering new symbols in `symbols` (the caller fills
/// [`Domain::symbols`] once every expression of its collection is built).
pub(crate) fn domain_in(ctx: &Context, op: OpId, symbols: &mut Vec<Value>) -> Result<Domain, AnalysisError> {
    let scope = validity::affine_scope(ctx, op);
    let mut d = Domain { loops: Vec::new(), symbols: Vec::new(), conditions: Vec::new(), exact: true };
    for (parent, child) in ancestors(ctx, op) {
        let ivs = d.ivs();
        let mut sp = Space { ctx, op: parent, scope, ivs: &ivs, symbols };
        if let Some(f) = ForOp::view(ctx, parent) {
            let malformed = |what| AnalysisError::Malformed { op: parent, what };
            let lb = f.lower_bound_map(ctx).ok_or(malformed("lower bound map"))?;
            let ub = f.upper_bound_map(ctx).ok_or(malformed("upper bound map"))?;
            let lower = sp.substitute(lb.num_dims(), lb.results(), f.lower_bound_operands(ctx))?;
            let upper = sp.substitute(ub.num_dims(), ub.results(), f.upper_bound_operands(ctx))?;
            let iv = f.induction_var(ctx).ok_or(malformed("induction variable"))?;
            let id = LoopRef { op: parent, dim: 0 };
            d.loops.push(Loop { id, iv, lower, upper, step: f.step(ctx), declared_parallel: false });
        } else if let Some(p) = ParallelOp::view(ctx, parent) {
            let malformed = |what| AnalysisError::Malformed { op: parent, what };
            let (pivs, steps) = (p.ivs(ctx).to_vec(), p.steps(ctx));
            if pivs.len() != steps.len() {
                return Err(malformed("one step per induction variable"));
            }
            for (dim, (&iv, &step)) in pivs.iter().zip(&steps).enumerate() {
                let lb = p.lower_bound_map(ctx, dim).ok_or(malformed("lower bound map"))?;
                let ub = p.upper_bound_map(ctx, dim).ok_or(malformed("upper bound map"))?;
                let lower = sp.substitute(lb.num_dims(), lb.results(), p.lower_bound_operands(ctx))?;
                let upper = sp.substitute(ub.num_dims(), ub.results(), p.upper_bound_operands(ctx))?;
                let id = LoopRef { op: parent, dim };
                d.loops.push(Loop { id, iv, lower, upper, step, declared_parallel: true });
            }
        } else if let Some(i) = IfOp::view(ctx, parent) {
            let in_then = i.then_block(ctx).is_some_and(|b| ctx.parent_block(child) == Some(b));
            match (in_then, i.condition(ctx)) {
                (true, Some(set)) => {
                    let exprs = sp.substitute(set.num_dims(), set.constraint_exprs(), ctx.operands(parent))?;
                    let conds = exprs.into_iter().zip(set.eq_flags()).map(|(expr, &is_eq)| Condition { expr, is_eq });
                    d.conditions.extend(conds);
                }
                _ => d.exact = false,
            }
        } else {
            d.exact = false;
        }
    }
    Ok(d)
}

/// Turns map operands into affine expressions over a nest's induction variables (dims, in
/// loop order) and a shared symbol table.
pub(crate) struct Space<'a> {
    /// The IR.
    pub ctx: &'a Context,
    /// The op whose operands are translated (for error reports).
    pub op: OpId,
    /// The affine scope that decides which values are symbols.
    pub scope: Option<RegionId>,
    /// The induction variables in scope, outermost first.
    pub ivs: &'a [Value],
    /// The symbol table, extended with every new symbol.
    pub symbols: &'a mut Vec<Value>,
}

impl Space<'_> {
    /// `exprs` (over `num_dims` dims then symbols) with `operands` substituted, simplified.
    pub fn substitute(
        &mut self,
        num_dims: u32,
        exprs: &[AffineExpr],
        operands: &[Value],
    ) -> Result<Vec<AffineExpr>, AnalysisError> {
        let nd = num_dims as usize;
        if operands.len() < nd {
            return Err(AnalysisError::Malformed { op: self.op, what: "map operands" });
        }
        let values: Vec<AffineExpr> = operands.iter().map(|&v| self.value(v, 0)).collect::<Result<_, _>>()?;
        let (dims, syms) = values.split_at(nd);
        let (nd_out, ns_out) = (self.ivs.len() as u32, self.symbols.len() as u32);
        Ok(exprs.iter().map(|e| e.replace_dims_and_symbols(dims, syms).simplify(nd_out, ns_out)).collect())
    }

    /// The expression of one operand value.
    fn value(&mut self, v: Value, depth: usize) -> Result<AffineExpr, AnalysisError> {
        let non_affine = AnalysisError::NonAffineOperand { op: self.op, value: v };
        if let Some(p) = self.ivs.iter().position(|&x| x == v) {
            return Ok(AffineExpr::dim(p as u32));
        }
        if let Some(def) = self.ctx.defining_op(v) {
            if let Some(c) = ConstantOp::view(self.ctx, def).and_then(|c| c.int_value(self.ctx)) {
                return i64::try_from(c).map(AffineExpr::constant).map_err(|_| non_affine);
            }
            if let Some(apply) = ApplyOp::view(self.ctx, def).filter(|_| depth < 64) {
                let malformed = AnalysisError::Malformed { op: def, what: "single-result map" };
                let map = apply.map(self.ctx).filter(|m| m.num_results() == 1).ok_or(malformed)?;
                let (nd, result) = (map.num_dims() as usize, map.results()[0].clone());
                let operands = apply.operands(self.ctx);
                if operands.len() != map.num_inputs() {
                    return Err(AnalysisError::Malformed { op: def, what: "map operands" });
                }
                let values: Vec<AffineExpr> =
                    operands.iter().map(|&o| self.value(o, depth + 1)).collect::<Result<_, _>>()?;
                let (dims, syms) = values.split_at(nd);
                return Ok(result.replace_dims_and_symbols(dims, syms));
            }
        }
        if validity::is_valid_symbol(self.ctx, v, self.scope) {
            let p = match self.symbols.iter().position(|&s| s == v) {
                Some(p) => p,
                None => {
                    self.symbols.push(v);
                    self.symbols.len() - 1
                }
            };
            return Ok(AffineExpr::symbol(p as u32));
        }
        Err(non_affine)
    }
}
