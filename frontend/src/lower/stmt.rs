//! Statements and structured control flow, with scalars threaded through as SSA values.

use super::{Binding, Lowerer, VarId};
use crate::ast::*;
use crate::diag::FrontError;
use sharc_dialects::{affine as aff, memref, scf};
use sharc_ir::builder::{Builder, OperationState};
use sharc_ir::Value;
use std::collections::HashSet;

/// Names assigned in `s` (`x = ...`, `x += ...`, `x++`): the variables a loop or branch must
/// carry out. The variable of a `for` loop is the loop's own business and not counted (a loop
/// whose variable its body assigns is lowered as a `while` loop by the caller). Declarations
/// inside `s` are not told apart: an over-approximation only adds an unused carried value.
pub(crate) fn assigned_names(s: &Stmt) -> HashSet<String> {
    let mut out = HashSet::new();
    let mut record = |e: &Expr| {
        let target = match &e.kind {
            ExprKind::Assign(_, l, _) => Some(&**l),
            ExprKind::Unary(UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec, x) => Some(&**x),
            _ => None,
        };
        if let Some(Expr { kind: ExprKind::Ident(n), .. }) = target {
            out.insert(n.clone());
        }
    };
    walk_stmt(s, &mut record);
    out
}

fn walk_stmt(s: &Stmt, f: &mut impl FnMut(&Expr)) {
    match &s.kind {
        StmtKind::Compound(items) => items.iter().for_each(|i| walk_stmt(i, f)),
        StmtKind::Decl(ds) => {
            for d in ds {
                if let Some(Init::Expr(e)) = &d.init {
                    walk_expr(e, f);
                }
            }
        }
        StmtKind::Expr(e) => walk_expr(e, f),
        StmtKind::For { init, cond, step, body } => {
            // The loop's own variable (assigned by its init and step) is not the caller's.
            let own = match init.as_deref().map(|i| &i.kind) {
                Some(StmtKind::Expr(Expr { kind: ExprKind::Assign(None, l, r), .. })) => {
                    walk_expr(r, f);
                    match &l.kind {
                        ExprKind::Ident(n) => Some(n.clone()),
                        _ => None,
                    }
                }
                Some(StmtKind::Decl(ds)) => {
                    walk_stmt(init.as_deref().expect("init"), f);
                    ds.first().map(|d| d.name.clone())
                }
                Some(_) => {
                    walk_stmt(init.as_deref().expect("init"), f);
                    None
                }
                None => None,
            };
            cond.iter().for_each(|e| walk_expr(e, f));
            for e in step.iter() {
                let steps_own = match &e.kind {
                    ExprKind::Assign(_, l, _) | ExprKind::Unary(_, l) => {
                        matches!(&l.kind, ExprKind::Ident(n) if Some(n) == own.as_ref())
                    }
                    _ => false,
                };
                if !steps_own {
                    walk_expr(e, f);
                }
            }
            walk_stmt(body, f);
        }
        StmtKind::If { cond, then, els } => {
            walk_expr(cond, f);
            walk_stmt(then, f);
            if let Some(e) = els {
                walk_stmt(e, f);
            }
        }
        StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
            walk_expr(cond, f);
            walk_stmt(body, f);
        }
        StmtKind::Return(Some(e)) => walk_expr(e, f),
        _ => {}
    }
}

fn walk_expr(e: &Expr, f: &mut impl FnMut(&Expr)) {
    f(e);
    match &e.kind {
        ExprKind::Unary(_, x) | ExprKind::Cast(_, x) => walk_expr(x, f),
        ExprKind::Binary(_, a, b) | ExprKind::Assign(_, a, b) | ExprKind::Index(a, b) => {
            walk_expr(a, f);
            walk_expr(b, f);
        }
        ExprKind::Cond(c, a, b) => {
            walk_expr(c, f);
            walk_expr(a, f);
            walk_expr(b, f);
        }
        ExprKind::Call(c, args) => {
            walk_expr(c, f);
            args.iter().for_each(|a| walk_expr(a, f));
        }
        ExprKind::Comma(items) => items.iter().for_each(|a| walk_expr(a, f)),
        _ => {}
    }
}

impl Lowerer<'_> {
    /// A remark for each clause of `d` that sharc accepts without acting on all it says (`async`,
    /// `num_gangs[0](n)`, `gang[1]`): `--remarks` shows what was set aside and why.
    fn remark_clauses(&mut self, d: &AccDirective) {
        for c in &d.clauses {
            let written = self.text(c.span).split_whitespace().collect::<Vec<_>>().join(" ");
            let message = match c.effect {
                ClauseEffect::Ignored(why) => format!("OpenACC clause '{written}' is ignored: {why}"),
                ClauseEffect::ReadAs(bare) => format!(
                    "OpenACC clause '{written}' is read as '{bare}': sharc chooses the grid and block shape of a parallel loop nest itself"
                ),
                ClauseEffect::Read | ClauseEffect::Data => continue,
            };
            self.warn(FrontError::remark(c.span, message));
        }
    }

    pub(crate) fn stmt(&mut self, s: &Stmt) -> Result<(), FrontError> {
        // Pragmas in front of the statement.
        let mut opened_compute = false;
        let mut opened_kernels = false;
        let mut opened_parallel = false;
        let mut loop_directive: Option<&AccDirective> = None;
        let mut acc_here = Vec::new();
        for p in &s.pragmas {
            match &p.kind {
                PragmaKind::Share(specs) => {
                    if let Some(prev) = &self.pending_share {
                        return Err(FrontError::new(p.span, "a second share pragma before the loop nest of the first")
                            .with_note(prev.1, "the first share pragma"));
                    }
                    self.pending_share = Some((specs.clone(), p.span));
                }
                PragmaKind::Acc(d) => {
                    self.remark_clauses(d);
                    // Standalone directives (`update`, `wait`, `enter data`, ...) do not enclose
                    // the statement that follows them.
                    if d.construct != Construct::Other {
                        acc_here.push(self.text(p.span).trim_start_matches("#pragma").trim().to_string());
                    }
                    if d.construct.is_compute() {
                        opened_compute = true;
                        opened_kernels |= matches!(d.construct, Construct::Kernels | Construct::KernelsLoop);
                        opened_parallel = matches!(d.construct, Construct::Parallel | Construct::ParallelLoop);
                    }
                    if d.construct.is_loop() {
                        loop_directive = Some(d);
                    }
                }
                _ => {}
            }
        }
        // `collapse(n)` on the enclosing loop: this loop is marked too.
        let inherited = self.collapse_next.take();
        if let Some(d) = &inherited {
            if !matches!(s.kind, StmtKind::For { .. }) {
                let mut e = FrontError::new(
                    s.span,
                    "the loops of a 'collapse' clause must be perfectly nested: a 'for' loop must stand here",
                );
                if let Some(c) = d.clause("collapse") {
                    e = e.with_note(c.span, "the collapse clause");
                }
                return Err(e);
            }
            if loop_directive.is_none() {
                loop_directive = Some(d);
            }
        }
        let saved_ctx_len = self.acc_context.len();
        self.acc_context.extend(acc_here);
        let (saved_kernels, saved_parallel) = (self.in_kernels, self.in_parallel);
        if opened_compute {
            self.in_section += 1;
            self.in_kernels |= opened_kernels;
            self.in_parallel = opened_parallel;
        }
        let r = self.stmt_kind(s, loop_directive);
        if opened_compute {
            self.in_section -= 1;
        }
        self.in_kernels = saved_kernels;
        self.in_parallel = saved_parallel;
        self.acc_context.truncate(saved_ctx_len);
        r
    }

    fn stmt_kind(&mut self, s: &Stmt, loop_directive: Option<&AccDirective>) -> Result<(), FrontError> {
        if loop_directive.is_some() && !matches!(s.kind, StmtKind::For { .. }) {
            return Err(FrontError::new(s.span, "an OpenACC loop directive must be followed by a 'for' loop"));
        }
        match &s.kind {
            StmtKind::Compound(items) => {
                self.scopes.push(Vec::new());
                let mut r = Ok(());
                for i in items {
                    r = self.stmt(i);
                    if r.is_err() {
                        break;
                    }
                }
                self.scopes.pop();
                r
            }
            StmtKind::Decl(decls) => {
                for d in decls {
                    self.local(d)?;
                }
                Ok(())
            }
            StmtKind::Expr(Expr { kind: ExprKind::Call(callee, _), span }) if is_acc_runtime_call(callee) => {
                // Device management and data movement (`acc_init`, `acc_copyin`, ...): sharc
                // runs the program on one memory, where they change no result.
                self.warn(FrontError::remark(
                    *span,
                    format!("OpenACC runtime call '{}' is ignored: it changes no result", self.text(callee.span)),
                ));
                Ok(())
            }
            StmtKind::Expr(e) => self.rvalue(e).map(|_| ()),
            StmtKind::Pragma(Pragma { kind: PragmaKind::Acc(d), .. }) => {
                self.remark_clauses(d);
                Ok(())
            }
            StmtKind::Empty | StmtKind::Pragma(_) => Ok(()),
            StmtKind::For { .. } => self.for_loop(s, loop_directive),
            StmtKind::If { cond, then, els } => self.if_stmt(s, cond, then, els.as_deref()),
            StmtKind::While { .. } | StmtKind::DoWhile { .. } => {
                if self.in_section > 0 {
                    return Err(FrontError::new(s.span, "while loops are not supported inside an OpenACC compute region: the iteration count must be affine; write a 'for' loop with affine bounds"));
                }
                self.while_loop(s)
            }
            StmtKind::Return(_) => {
                Err(FrontError::new(s.span, "'return' is supported only as the last statement of a function"))
            }
            StmtKind::Unsupported(what) => Err(FrontError::new(
                s.span,
                format!("'{what}' is not supported: sharc compiles structured loops and conditionals"),
            )),
        }
    }

    /// A local declaration: a scalar register or a stack array.
    fn local(&mut self, d: &Decl) -> Result<(), FrontError> {
        if d.pointers > 0 {
            return Err(FrontError::new(
                d.span,
                format!("local pointer '{}' is not supported: sharc compiles code without pointers", d.name),
            ));
        }
        self.scalar_type(&d.ty, d.span)?;
        if d.dims.is_empty() {
            let (value, lin) = match &d.init {
                Some(Init::Expr(e)) => {
                    let lin = if matches!(d.ty, CType::Int(_)) { self.lin(e) } else { None };
                    let (v, vt) = self.rvalue(e)?;
                    (Some(self.convert(v, &vt, &d.ty, e.span)?), lin)
                }
                Some(Init::List(_, span)) => {
                    return Err(FrontError::new(*span, "brace initializers for scalars are not supported"))
                }
                None => (None, None),
            };
            let no_lin = lin.is_none();
            let id = self.declare(&d.name, d.span, Binding::Scalar { ty: d.ty.clone(), value, lin });
            if let (true, Some(Init::Expr(e))) = (no_lin, &d.init) {
                self.record_fixed_local(id, d, e);
            }
            return Ok(());
        }
        // A local array: a stack buffer of constant size.
        let mut shape = Vec::new();
        for dim in &d.dims {
            match dim.as_ref().and_then(|e| self.const_int(e)) {
                Some(n) if n > 0 => shape.push(n),
                _ => {
                    return Err(FrontError::new(
                        d.span,
                        format!("local array '{}' needs constant, positive sizes", d.name),
                    ))
                }
            }
        }
        if d.init.is_some() {
            return Err(FrontError::new(
                d.span,
                format!("initializers for local arrays ('{}') are not supported", d.name),
            ));
        }
        let elem = self.scalar_type(&d.ty, d.span)?;
        self.check_array_size(&d.name, &shape, elem, d.span)?;
        let ty = self.ctx.memref_type(shape.clone(), elem);
        // The buffer's location carries the C name (`loc("tmp"("k.c":3:5))`, MLIR's way of naming
        // a value), which diagnostics about its dependences use.
        let loc = sharc_ir::Location::Name { name: d.name.as_str().into(), child: Some(Box::new(self.loc(d.span))) };
        let state = memref::AllocOp::build(self.ctx, loc, true, ty, &[], &[], None);
        let m = self.b.insert_value(self.ctx, state);
        self.declare(&d.name, d.span, Binding::Array { memref: m, elem: d.ty.clone(), rank: shape.len() });
        Ok(())
    }

    /// The scalar variables, visible here, that `s` assigns.
    pub(crate) fn carried_vars(&self, s: &[&Stmt], exclude: Option<VarId>) -> Vec<VarId> {
        let mut names = HashSet::new();
        for st in s {
            names.extend(assigned_names(st));
        }
        let mut ids: Vec<VarId> = names
            .iter()
            .filter_map(|n| self.lookup(n))
            .filter(|id| {
                Some(*id) != exclude
                    && matches!(self.var(*id).binding, Binding::Scalar { .. } | Binding::AfterLoop { .. })
            })
            .collect();
        ids.sort();
        ids.dedup();
        ids
    }

    /// The current value of a carried variable, materialising undefined ones as zero.
    pub(crate) fn current(&mut self, id: VarId, span: Span) -> Result<Value, FrontError> {
        match self.var(id).binding.clone() {
            Binding::Scalar { value: Some(v), .. } => Ok(v),
            Binding::Scalar { ty, value: None, .. } => {
                let z = self.zero(&ty, span)?;
                if let Binding::Scalar { value, .. } = &mut self.var_mut(id).binding {
                    *value = Some(z);
                }
                Ok(z)
            }
            Binding::AfterLoop { .. } => {
                // Reassigned inside the construct before any read; carry a placeholder zero.
                let ty = CType::INT;
                let z = self.zero(&ty, span)?;
                self.var_mut(id).binding = Binding::Scalar { ty, value: Some(z), lin: None };
                Ok(z)
            }
            _ => unreachable!("only scalars are carried"),
        }
    }

    pub(crate) fn set_value(&mut self, id: VarId, v: Value) {
        if let Binding::Scalar { value, lin, .. } = &mut self.var_mut(id).binding {
            *value = Some(v);
            *lin = None;
        }
        // A new value is no longer the definition's polynomial.
        self.fixed_polys.remove(&id);
    }

    /// The value a carried variable has at the end of a region: a variable that became a loop
    /// variable inside (and so has no value now) yields a zero, and its value stays unreadable.
    fn value_of(&mut self, id: VarId, like: Value, span: Span) -> Result<Value, FrontError> {
        match self.var(id).binding.clone() {
            Binding::Scalar { value: Some(v), .. } => Ok(v),
            Binding::AfterLoop { .. } | Binding::Scalar { value: None, .. } => {
                let ty = self.ctx.value_type(like);
                let t = if self.ctx.float_kind(ty).is_some() {
                    CType::Float(self.ctx.float_kind(ty).map_or(64, |k| k.width()))
                } else {
                    CType::Int(IntTy { bits: self.ctx.int_width(ty).unwrap_or(32), signed: true })
                };
                self.zero(&t, span)
            }
            _ => unreachable!("only scalars are carried"),
        }
    }

    pub(crate) fn yields(&mut self, carried: &[VarId], like: &[Value], span: Span) -> Result<Vec<Value>, FrontError> {
        carried.iter().zip(like).map(|(&c, &l)| self.value_of(c, l, span)).collect()
    }

    fn if_stmt(&mut self, s: &Stmt, cond: &Expr, then: &Stmt, els: Option<&Stmt>) -> Result<(), FrontError> {
        let branches: Vec<&Stmt> = std::iter::once(then).chain(els).collect();
        let carried = self.carried_vars(&branches, None);
        let mut before = Vec::new();
        for &c in &carried {
            before.push(self.current(c, s.span)?);
        }
        let types: Vec<sharc_ir::Type> = before.iter().map(|&v| self.ctx.value_type(v)).collect();
        let with_else = els.is_some() || !carried.is_empty();
        let loc = self.loc(s.span);
        let affine = self.affine_condition(cond);
        let (op, then_block, else_block) = match affine {
            Some(constraints) => {
                let (set, operands) = self.affine_set(&constraints);
                let state = aff::IfOp::build(self.ctx, loc.clone(), set, &operands, &types, with_else);
                let op = self.b.insert(self.ctx, state);
                let v = aff::IfOp(op);
                (op, v.then_block(self.ctx).expect("then"), v.else_block(self.ctx))
            }
            None => {
                let c = self.truth(cond)?;
                let iff = scf::IfOp::build(self.ctx, loc.clone(), c, &types, with_else);
                self.insert_built(iff.0);
                (iff.0, iff.then_block(self.ctx), iff.else_block(self.ctx))
            }
        };
        let is_affine = aff::IfOp::view(self.ctx, op).is_some();
        let saved_b = self.b;
        let arms = [(Some(then), Some(then_block)), (els, else_block)];
        for (arm, block) in arms {
            let Some(block) = block else { continue };
            for (k, &c) in carried.iter().enumerate() {
                self.set_value(c, before[k]);
            }
            self.b = if carried.is_empty() {
                Builder::before(self.ctx.block_last_op(block).expect("a yield"))
            } else {
                Builder::at_end(block)
            };
            if let Some(a) = arm {
                self.scopes.push(Vec::new());
                let r = self.stmt(a);
                self.scopes.pop();
                r?;
            }
            if !carried.is_empty() {
                let vals = self.yields(&carried, &before, s.span)?;
                let y = if is_affine {
                    aff::YieldOp::build(loc.clone(), &vals)
                } else {
                    scf::YieldOp::state(loc.clone(), &vals)
                };
                self.b.insert(self.ctx, y);
            }
        }
        self.b = saved_b;
        let results = self.ctx.results(op).to_vec();
        for (k, &c) in carried.iter().enumerate() {
            self.set_value(c, results[k]);
        }
        Ok(())
    }

    /// `while`, `do while` and `for` loops that are not counted: `scf.while`.
    pub(crate) fn while_loop(&mut self, s: &Stmt) -> Result<(), FrontError> {
        let (init, cond, step, body, do_first) = match &s.kind {
            StmtKind::While { cond, body } => (None, Some(cond), None, &**body, false),
            StmtKind::DoWhile { body, cond } => (None, Some(cond), None, &**body, true),
            StmtKind::For { init, cond, step, body } => (init.as_deref(), cond.as_ref(), step.as_ref(), &**body, false),
            _ => unreachable!(),
        };
        if do_first {
            return Err(FrontError::new(
                s.span,
                "'do ... while' loops are not supported; write a 'while' or 'for' loop",
            ));
        }
        if let Some(i) = init {
            self.stmt(i)?;
        }
        // Everything the condition, body or step assigns is carried.
        let step_stmt = step.map(|e| Stmt { kind: StmtKind::Expr(e.clone()), span: e.span, pragmas: Vec::new() });
        let cond_stmt = cond.map(|e| Stmt { kind: StmtKind::Expr(e.clone()), span: e.span, pragmas: Vec::new() });
        let mut parts: Vec<&Stmt> = vec![body];
        parts.extend(step_stmt.iter());
        parts.extend(cond_stmt.iter());
        let carried = self.carried_vars(&parts, None);
        let mut inits = Vec::new();
        for &c in &carried {
            inits.push(self.current(c, s.span)?);
        }
        let types: Vec<sharc_ir::Type> = inits.iter().map(|&v| self.ctx.value_type(v)).collect();
        let loc = self.loc(s.span);
        let (before_r, before_b) = self.ctx.new_region_with_block(&types);
        let (after_r, after_b) = self.ctx.new_region_with_block(&types);
        let state = OperationState::new("scf.while", loc.clone())
            .operands(inits.iter().copied())
            .results(types.iter().copied())
            .region(before_r)
            .region(after_r);
        let op = self.b.insert(self.ctx, state);
        let saved_b = self.b;
        // before: evaluate the condition.
        let bargs = self.ctx.block_args(before_b).to_vec();
        for (k, &c) in carried.iter().enumerate() {
            self.set_value(c, bargs[k]);
        }
        self.b = Builder::at_end(before_b);
        let c = match cond {
            Some(e) => self.truth(e)?,
            None => {
                let i1 = self.ctx.int_type(1);
                let t = self.ctx.int_attr(i1, 1);
                self.b.insert_value(
                    self.ctx,
                    OperationState::new("arith.constant", loc.clone()).prop("value", t).results([i1]),
                )
            }
        };
        let vals = self.yields(&carried, &inits, s.span)?;
        self.b.insert(
            self.ctx,
            OperationState::new("scf.condition", loc.clone()).operands(std::iter::once(c).chain(vals)),
        );
        // after: the body and the step.
        let aargs = self.ctx.block_args(after_b).to_vec();
        for (k, &c) in carried.iter().enumerate() {
            self.set_value(c, aargs[k]);
        }
        self.b = Builder::at_end(after_b);
        self.scopes.push(Vec::new());
        let r = self.stmt(body).and_then(|_| step.map(|e| self.rvalue(e).map(|_| ())).transpose());
        self.scopes.pop();
        r?;
        let vals = self.yields(&carried, &inits, s.span)?;
        self.b.insert(self.ctx, scf::YieldOp::state(loc, &vals));
        self.b = saved_b;
        let results = self.ctx.results(op).to_vec();
        for (k, &c) in carried.iter().enumerate() {
            self.set_value(c, results[k]);
        }
        Ok(())
    }
}

/// Whether `callee` names a routine of the OpenACC runtime API (`acc_` and a lower-case name).
fn is_acc_runtime_call(callee: &Expr) -> bool {
    matches!(&callee.kind, ExprKind::Ident(n) if n.strip_prefix("acc_").is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_lowercase())))
}
