//! Counted `for` loops: `affine.for` when the bounds are affine, `scf.for` when a bound is read
//! from memory, `scf.while` (in [`super::stmt`]) when the loop is not counted at all.
//!
//! The loops of OpenACC constructs (a directive on the loop, or any loop of a `kernels` region)
//! are *candidates*: they are built as `affine.for` like any other and marked with what their
//! directive claims ([`super::claims`]); the pass `sharc-parallelize` decides which of them run
//! in parallel.

use super::delinearize::LoopBounds;
use super::stmt::assigned_names;
use super::{Binding, Lin, Lowerer, VarId};
use crate::ast::*;
use crate::diag::FrontError;
use sharc_dialects::{affine as aff, scf};
use sharc_ir::builder::Builder;
use sharc_ir::{BlockId, OpId, Value};

/// Why a constant step is refused: its negation (a decreasing loop counts up by `-step`) does
/// not fit in an `i64`.
const STEP_OVERFLOWS: &str = "the step's magnitude does not fit in a 64-bit index";

/// A `for` loop in the form affine loops need.
struct CountedLoop<'e> {
    var: String,
    var_span: Span,
    /// First value of the variable.
    init: &'e Expr,
    /// Exclusive bounds: `var < ub` for an increasing loop, `var > lb` for a decreasing one; a
    /// conjunction gives several.
    limits: Vec<Lin>,
    /// Non-affine limit (`var < e`), for the scf fallback.
    limit_expr: Option<(Expr, bool)>,
    step: i64,
}

/// The op built for a counted loop.
struct LoopHeader {
    /// The `affine.for` or `scf.for`.
    op: OpId,
    /// Its body block.
    body: BlockId,
    /// Its induction variable.
    iv: Value,
    /// Whether it is an `affine.for`.
    affine: bool,
}

/// What OpenACC makes of a loop.
pub(crate) struct LoopRole {
    /// The loop is a candidate for parallel execution.
    pub candidate: bool,
    /// A directive (not `seq`) stands on this very loop.
    pub explicit: bool,
    /// The directive asserts independent iterations.
    pub independent: bool,
    /// A candidate only because the file is auto-parallelized (no directive, outside OpenACC
    /// constructs): it must have affine bounds to be one, and it does not make its body an
    /// OpenACC region (whose code must all be affine).
    pub automatic: bool,
}

impl Lowerer<'_> {
    /// Recognises `for (v = a; v < b; v += c)` and its variants.
    fn counted<'e>(
        &self,
        init: Option<&'e Stmt>,
        cond: Option<&'e Expr>,
        step: Option<&'e Expr>,
    ) -> Result<CountedLoop<'e>, String> {
        let (var, var_span, init) = match init.map(|s| &s.kind) {
            Some(StmtKind::Expr(Expr { kind: ExprKind::Assign(None, l, r), .. })) => match &l.kind {
                ExprKind::Ident(n) => (n.clone(), l.span, &**r),
                _ => return Err("the loop must initialise its variable ('i = ...')".into()),
            },
            Some(StmtKind::Decl(ds)) if ds.len() == 1 => match (&ds[0].init, ds[0].dims.is_empty()) {
                (Some(Init::Expr(e)), true) => (ds[0].name.clone(), ds[0].span, e),
                _ => return Err("the loop must initialise its variable".into()),
            },
            _ => return Err("the loop must initialise one variable".into()),
        };
        let step = match step.map(|e| &e.kind) {
            Some(ExprKind::Unary(UnOp::PreInc | UnOp::PostInc, x)) if is_ident(x, &var) => 1,
            Some(ExprKind::Unary(UnOp::PreDec | UnOp::PostDec, x)) if is_ident(x, &var) => -1,
            Some(ExprKind::Assign(Some(op @ (BinOp::Add | BinOp::Sub)), x, k)) if is_ident(x, &var) => {
                let k = self.const_int(k).ok_or("the step must be a constant")?;
                if *op == BinOp::Add {
                    k
                } else {
                    k.checked_neg().ok_or(STEP_OVERFLOWS)?
                }
            }
            Some(ExprKind::Assign(None, x, r)) if is_ident(x, &var) => match &r.kind {
                ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, k) if is_ident(a, &var) => {
                    let k = self.const_int(k).ok_or("the step must be a constant")?;
                    if *op == BinOp::Add {
                        k
                    } else {
                        k.checked_neg().ok_or(STEP_OVERFLOWS)?
                    }
                }
                ExprKind::Binary(BinOp::Add, k, a) if is_ident(a, &var) => {
                    self.const_int(k).ok_or("the step must be a constant")?
                }
                _ => return Err(format!("the step must add a constant to '{var}'")),
            },
            _ => return Err(format!("the step must be '{var}++', '{var}--', '{var} += c' or '{var} -= c'")),
        };
        if step == 0 {
            return Err("the step is zero".into());
        }
        // A decreasing loop counts up by `-step` (`loop_header`).
        if step == i64::MIN {
            return Err(STEP_OVERFLOWS.into());
        }
        let cond = cond.ok_or("the loop has no condition")?;
        let mut limits = Vec::new();
        let mut limit_expr = None;
        let mut parts = Vec::new();
        conjuncts(cond, &mut parts);
        for c in parts {
            let ExprKind::Binary(op, a, b) = &c.kind else {
                return Err(format!("the condition must compare '{var}' with a bound"));
            };
            // Normalise to `var OP bound`.
            let (op, bound) = if is_ident(a, &var) {
                (*op, &**b)
            } else if is_ident(b, &var) {
                let swapped = match op {
                    BinOp::Lt => BinOp::Gt,
                    BinOp::Gt => BinOp::Lt,
                    BinOp::Le => BinOp::Ge,
                    BinOp::Ge => BinOp::Le,
                    o => *o,
                };
                (swapped, &**a)
            } else {
                return Err(format!("the condition must compare '{var}' with a bound"));
            };
            // Exclusive limit: increasing loops need `<`/`<=`, decreasing `>`/`>=`.
            let adjust = match (op, step > 0) {
                (BinOp::Lt, true) | (BinOp::Gt, false) => 0,
                (BinOp::Le, true) => 1,
                (BinOp::Ge, false) => -1,
                _ => {
                    return Err(format!(
                        "the condition '{var} {} ...' does not match the step's direction",
                        op.symbol()
                    ))
                }
            };
            match self.lin(bound) {
                Some(l) => limits.push(l.add(&Lin::constant(adjust), 1).ok_or_else(|| {
                    let sign = if adjust > 0 { '+' } else { '-' };
                    format!("the exclusive bound '{} {sign} 1' does not fit in a 64-bit index", self.text(bound.span))
                })?),
                None => {
                    if limit_expr.is_some() || step < 0 {
                        return Err(format!(
                            "bound '{}' is not affine: {}",
                            self.text(bound.span),
                            self.why_not_affine(bound)
                        ));
                    }
                    let e = if adjust == 0 {
                        bound.clone()
                    } else {
                        let one = Expr { kind: ExprKind::Int(1, IntTy::INT), span: bound.span };
                        Expr {
                            kind: ExprKind::Binary(BinOp::Add, Box::new(bound.clone()), Box::new(one)),
                            span: bound.span,
                        }
                    };
                    limit_expr = Some((e, true));
                }
            }
        }
        Ok(CountedLoop { var, var_span, init, limits, limit_expr, step })
    }

    pub(crate) fn for_loop(&mut self, s: &Stmt, directive: Option<&AccDirective>) -> Result<(), FrontError> {
        let StmtKind::For { init, cond, step, body } = &s.kind else { unreachable!("called on for statements") };
        self.scopes.push(Vec::new());
        let r = self.for_loop_in_scope(s, init.as_deref(), cond.as_ref(), step.as_ref(), body, directive);
        self.scopes.pop();
        r
    }

    fn for_loop_in_scope(
        &mut self,
        s: &Stmt,
        init: Option<&Stmt>,
        cond: Option<&Expr>,
        step: Option<&Expr>,
        body: &Stmt,
        directive: Option<&AccDirective>,
    ) -> Result<(), FrontError> {
        let head = Span { start: s.span.start, end: s.span.start + 3 };
        let lp = match self.counted(init, cond, step) {
            Ok(lp) => lp,
            Err(why) => {
                if self.in_section > 0 || directive.is_some() {
                    return Err(FrontError::new(head, format!("loop is not a counted loop with affine bounds: {why}")));
                }
                return self.while_loop(s);
            }
        };
        let (var, var_ty) = self.loop_variable(init, &lp)?;
        if assigned_names(body).contains(&lp.var) {
            let msg = format!("'{}' is assigned in the body of the loop it controls; sharc needs loops whose variable only the loop updates", lp.var);
            if self.in_section > 0 || directive.is_some() {
                return Err(FrontError::new(lp.var_span, msg));
            }
            return self.while_loop(s);
        }
        let mut role = self.loop_role(directive);
        let init_lin = self.lin(lp.init);
        let affine_bounds = init_lin.is_some() && lp.limit_expr.is_none();
        if !affine_bounds && (self.in_section > 0 || role.explicit) {
            return Err(self.non_affine_bound(&lp, init_lin.is_none()));
        }
        role.candidate &= affine_bounds || !role.automatic;
        if init_lin.is_none() && lp.limit_expr.is_none() {
            // `scf.for` takes the bounds as values; a start read from memory with affine limits
            // (possibly several) runs as the general loop instead.
            return self.while_loop(s);
        }

        let carried = self.carried_vars(&[body], Some(var));
        let mut inits = Vec::new();
        for &c in &carried {
            inits.push(self.current(c, s.span)?);
        }
        let header = self.loop_header(&lp, init_lin, &inits, head)?;
        let saved_b = self.b;
        self.enter_loop_body(&header, &lp, (var, var_ty), &carried, inits.is_empty(), head);
        if header.affine {
            self.loop_bounds.push(self.bounds_of(&lp, var));
        }
        let opens_section = role.candidate && !role.automatic;
        if opens_section {
            self.in_section += 1;
        }
        if let Some(d) = directive {
            self.pass_on_collapse(d)?;
        }
        let body = match &body.kind {
            StmtKind::Compound(items) if items.len() == 1 && self.collapse_next.is_some() => &items[0],
            _ => body,
        };
        let share = if role.candidate { self.pending_share.take() } else { None };
        if let Some((specs, at)) = &share {
            self.check_share(specs, *at)?;
        }
        let r = self.stmt(body);
        if opens_section {
            self.in_section -= 1;
        }
        if header.affine {
            self.loop_bounds.pop();
        }
        r?;
        self.leave_loop_body(&header, var, &carried, &inits, head)?;
        self.b = saved_b;
        if role.candidate {
            self.claim_loop(header.op, &role, share, &carried);
        }
        Ok(())
    }

    /// The range of an affine loop's variable (bound to its value in the body): `[init, limit)`
    /// counting up, `(limit, init]` counting down.
    fn bounds_of(&self, lp: &CountedLoop<'_>, var: VarId) -> LoopBounds {
        let value = match &self.var(var).binding {
            Binding::Index { value, .. } => *value,
            _ => unreachable!("the loop variable is bound in the body"),
        };
        let init = self.lin(lp.init).expect("an affine loop has an affine start");
        let one = Lin::constant(1);
        if lp.step > 0 {
            LoopBounds { var: value, lowers: vec![init], uppers: lp.limits.clone() }
        } else {
            let lowers = lp.limits.iter().filter_map(|l| l.add(&one, 1)).collect();
            LoopBounds { var: value, lowers, uppers: init.add(&one, 1).into_iter().collect() }
        }
    }

    /// The loop's variable and its C type: `for (int i = ...)` declares it, `for (i = ...)`
    /// uses the outer one.
    fn loop_variable(&mut self, init: Option<&Stmt>, lp: &CountedLoop<'_>) -> Result<(VarId, CType), FrontError> {
        if let Some(Stmt { kind: StmtKind::Decl(ds), .. }) = init {
            if !matches!(ds[0].ty, CType::Int(_)) {
                return Err(FrontError::new(ds[0].span, "loop variables must be integers"));
            }
            self.declare(&ds[0].name, ds[0].span, Binding::Scalar { ty: ds[0].ty.clone(), value: None, lin: None });
        }
        let Some(var) = self.lookup(&lp.var) else {
            return Err(FrontError::new(lp.var_span, format!("use of undeclared identifier '{}'", lp.var)));
        };
        let var_ty = match &self.var(var).binding {
            Binding::Scalar { ty: t @ CType::Int(_), .. } => t.clone(),
            Binding::AfterLoop { .. } => CType::INT,
            _ => {
                return Err(FrontError::new(
                    lp.var_span,
                    format!("loop variable '{}' must be an integer variable", lp.var),
                ))
            }
        };
        Ok((var, var_ty))
    }

    /// Whether the loop is a parallel candidate, and what its directive claims. A loop of a
    /// `kernels` region without a directive is a candidate too (OpenACC compilers parallelise
    /// such loops when legal); `seq` keeps a loop out.
    fn loop_role(&self, directive: Option<&AccDirective>) -> LoopRole {
        let seq = directive.is_some_and(|d| d.clause("seq").is_some());
        let explicit = directive.is_some() && !seq;
        let in_kernels = self.in_kernels && directive.is_none() && self.in_section > 0;
        // Outside OpenACC constructs, an auto-parallelized file makes every loop a candidate.
        let automatic = !explicit && !in_kernels && !seq && self.in_section == 0 && self.rules.auto_parallelize;
        let candidate = explicit || in_kernels || automatic;
        // OpenACC 3.3 §2.9: `independent`, and every loop of a `parallel` construct without
        // `auto`, asserts that the iterations are data-independent.
        let independent = explicit
            && directive
                .is_some_and(|d| d.clause("independent").is_some() || (self.in_parallel && d.clause("auto").is_none()));
        LoopRole { candidate, explicit, independent, automatic }
    }

    /// The error for a loop bound that is not affine where it must be.
    fn non_affine_bound(&self, lp: &CountedLoop<'_>, init_not_affine: bool) -> FrontError {
        let bad = if init_not_affine { lp.init } else { &lp.limit_expr.as_ref().expect("non-affine limit").0 };
        let why = self.why_not_affine(bad);
        FrontError::new(
            bad.span,
            format!("loop bound '{}' is not affine inside an OpenACC compute region: {why}", self.text(bad.span)),
        )
    }

    /// Builds the loop op: `affine.for` over affine bounds (a decreasing loop counts up from 0),
    /// else `scf.for` over index values.
    fn loop_header(
        &mut self,
        lp: &CountedLoop<'_>,
        init_lin: Option<Lin>,
        inits: &[Value],
        head: Span,
    ) -> Result<LoopHeader, FrontError> {
        let loc = self.loc(head);
        if let (Some(init_lin), None) = (init_lin, &lp.limit_expr) {
            let (lb, ub, step) = if lp.step > 0 {
                (vec![init_lin], lp.limits.clone(), lp.step)
            } else {
                // `for (i = a; i > l; i -= c)`: t from 0 while t < a - l, and i = a - t. The
                // distance a - l can exceed i64 although a and l fit (`i = LONG_MAX; i > -1`):
                // such a loop has more iterations than an index can count.
                let ubs = lp
                    .limits
                    .iter()
                    .map(|l| init_lin.add(l, -1))
                    .collect::<Option<Vec<Lin>>>()
                    .ok_or_else(|| {
                        FrontError::new(
                            head,
                            format!(
                                "the distance from the start '{}' to the loop's bound does not fit in a 64-bit index: the loop has too many iterations",
                                self.text(lp.init.span)
                            ),
                        )
                    })?;
                (vec![Lin::constant(0)], ubs, -lp.step)
            };
            let (lb_map, lb_ops) = self.affine_map(&lb);
            let (ub_map, ub_ops) = self.affine_map(&ub);
            let state = aff::ForOp::build(self.ctx, loc, &lb_ops, lb_map, &ub_ops, ub_map, step, inits);
            let op = self.b.insert(self.ctx, state);
            let body = aff::ForOp(op).body(self.ctx).expect("a body");
            let iv = self.ctx.block_args(body)[0];
            return Ok(LoopHeader { op, body, iv, affine: true });
        }
        // A sequential loop with a bound read from memory: scf.for over index values.
        let (start, st) = self.rvalue(lp.init)?;
        let start = self.int_to_index(start, &st, lp.init.span)?;
        let (e, _) = lp.limit_expr.clone().expect("non-affine limit");
        let (end, et) = self.rvalue(&e)?;
        let end = self.int_to_index(end, &et, e.span)?;
        let stepv = self.index_const(lp.step, head);
        let f = scf::ForOp::build(self.ctx, loc, start, end, stepv, inits);
        self.insert_built(f.0);
        Ok(LoopHeader { op: f.0, body: f.body(self.ctx), iv: f.induction_var(self.ctx), affine: false })
    }

    /// Points the builder into the loop body and binds the loop variable (the induction
    /// variable, or `a - t` for a decreasing loop) and the carried scalars to the body's values.
    fn enter_loop_body(
        &mut self,
        header: &LoopHeader,
        lp: &CountedLoop<'_>,
        (var, var_ty): (VarId, CType),
        carried: &[VarId],
        no_inits: bool,
        head: Span,
    ) {
        let args = self.ctx.block_args(header.body).to_vec();
        self.b = if no_inits {
            Builder::before(self.ctx.block_last_op(header.body).expect("a yield"))
        } else {
            Builder::at_end(header.body)
        };
        let iv_value = if lp.step > 0 || !header.affine {
            header.iv
        } else {
            let init_lin = self.lin(lp.init).expect("affine");
            let expr = init_lin.add(&Lin::value(header.iv), -1).expect("no overflow");
            let (map, ops) = self.affine_map(&[expr]);
            let state = aff::ApplyOp::build(self.ctx, self.loc(head), map, &ops);
            self.b.insert_value(self.ctx, state)
        };
        self.var_mut(var).binding = Binding::Index { ty: var_ty, value: iv_value, affine: header.affine };
        for (k, &c) in carried.iter().enumerate() {
            self.set_value(c, args[k + 1]);
        }
    }

    /// `collapse(n)`: the next n - 1 nested loops belong to the directive too.
    fn pass_on_collapse(&mut self, d: &AccDirective) -> Result<(), FrontError> {
        let n = match d.clause("collapse") {
            None => 1,
            Some(c) => match c.args.as_slice() {
                [count] => count.trim().parse::<u32>().ok().filter(|&n| n > 0),
                _ => None,
            }
            .ok_or_else(|| {
                FrontError::new(
                    c.span,
                    format!(
                        "'collapse' takes one positive integer constant, not '{}'",
                        self.text(c.span).trim_start_matches("collapse").trim()
                    ),
                )
            })?,
        };
        if n > 1 {
            let mut inner = d.clone();
            for c in &mut inner.clauses {
                if c.name == "collapse" {
                    c.args = vec![(n - 1).to_string()];
                }
            }
            self.collapse_next = Some(inner);
        }
        Ok(())
    }

    /// Ends the loop body with the yield of the carried scalars, binds them to the loop's
    /// results, and marks the loop variable as read after its loop.
    fn leave_loop_body(
        &mut self,
        header: &LoopHeader,
        var: VarId,
        carried: &[VarId],
        inits: &[Value],
        head: Span,
    ) -> Result<(), FrontError> {
        if !inits.is_empty() {
            let yields = self.yields(carried, inits, head)?;
            let loc = self.loc(head);
            let y = if header.affine { aff::YieldOp::build(loc, &yields) } else { scf::YieldOp::state(loc, &yields) };
            self.b.insert(self.ctx, y);
        }
        let results = self.ctx.results(header.op).to_vec();
        for (k, &c) in carried.iter().enumerate() {
            self.set_value(c, results[k]);
        }
        self.var_mut(var).binding = Binding::AfterLoop { loop_span: head };
        Ok(())
    }
}

fn is_ident(e: &Expr, name: &str) -> bool {
    matches!(&e.kind, ExprKind::Ident(n) if n == name)
}

fn conjuncts<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match &e.kind {
        ExprKind::Binary(BinOp::LogAnd, a, b) => {
            conjuncts(a, out);
            conjuncts(b, out);
        }
        _ => out.push(e),
    }
}
