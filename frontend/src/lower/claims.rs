//! OpenACC sections: from candidate `affine.for` loops to `affine.parallel`, with the share
//! annotation.
//!
//! A loop becomes parallel only when the dependence analysis finds no dependence it carries, and
//! no scalar carries a value the program observes from one iteration to the next or out of the
//! loop (a scalar each iteration assigns before reading it, dead after the loop, is private to the
//! iteration, as OpenACC's `private` makes it). `independent` is the user's claim, not a proof: a
//! marked loop that carries a dependence stays sequential and the warning names the dependence,
//! so what sharc maps to threads always computes what the C code computes. A perfectly nested
//! band of parallel loops becomes one multi-dimensional `affine.parallel`.

use super::{Candidate, Lowerer};
use crate::ast::Span;
use crate::diag::FrontError;
use sharc_dialects::affine as aff;
use sharc_dialects::sharc::share::{self, ArraySpec, SHARE_ATTR};
use sharc_dialects::sharc::ACC_ATTR;
use sharc_ir::affine::{AffineExpr, AffineMap};
use sharc_ir::builder::{Builder, InsertPoint};
use sharc_ir::{Context, OpId, Value};
use sharc_passes::analysis::affine::{collect_accesses, dependences, parallel_report, DepKind, LoopRef};
use std::collections::{HashMap, HashSet};

impl Lowerer<'_> {
    /// Checks a share pragma against the arrays in scope.
    pub(crate) fn check_share(&self, specs: &[ArraySpec], pragma: Span) -> Result<(), FrontError> {
        for s in specs {
            let at = Span { start: s.offset, end: s.offset + s.array.len() };
            let Some(id) = self.lookup(&s.array) else {
                return Err(FrontError::new(
                    at,
                    format!("share pragma names '{}', which is not an array in scope", s.array),
                )
                .with_note(pragma, "in this pragma"));
            };
            let super::Binding::Array { rank, .. } = &self.var(id).binding else {
                return Err(FrontError::new(at, format!("share pragma names '{}', which is not an array", s.array)));
            };
            if s.dims.len() != *rank {
                return Err(FrontError::new(
                    at,
                    format!(
                        "share pragma gives {} partition length(s) for '{}', which has {rank} dimension(s); give one per dimension, e.g. {}{}",
                        s.dims.len(),
                        s.array,
                        s.array,
                        "[*]".repeat(*rank)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Turns the legal candidates into `affine.parallel` and attaches the section attributes.
    pub(crate) fn parallelize(&mut self) -> Result<(), FrontError> {
        if self.candidates.is_empty() {
            return Ok(());
        }
        let candidates = std::mem::take(&mut self.candidates);
        let func =
            self.ctx.ancestor(candidates[0].op, |ctx, op| ctx.op_is(op, "func.func")).expect("inside a function");
        let set = collect_accesses(self.ctx, func);
        let deps = dependences(self.ctx, &set);
        let observed = observed_carried_values(self.ctx, func);
        let mut legal = Vec::new();
        for c in &candidates {
            match self.blocker(c, &set, &deps, &observed) {
                None => legal.push(c.clone()),
                Some(why) => {
                    if let Some((_, share_span)) = &c.share {
                        return Err(FrontError::new(
                            *share_span,
                            format!("share pragma governs a loop nest that is not parallel: {}", why.message),
                        )
                        .with_note(c.span, "the loop nest")
                        .with_note(why.at, "the dependence"));
                    }
                    // Loops of a `kernels` region without a directive are parallelised when legal,
                    // silently otherwise, as OpenACC compilers do.
                    if c.explicit {
                        let msg = format!("loop stays sequential: {}", why.message);
                        self.warn(FrontError::warning(c.span, msg).with_note(why.at, "here"));
                    }
                }
            }
        }
        // Outer loops first, so that a band is built from its top.
        let mut converted: HashMap<OpId, OpId> = HashMap::new();
        for c in legal.iter().rev() {
            let par = to_parallel(self.ctx, c.op);
            converted.insert(c.op, par);
        }
        // Merge perfectly nested bands, innermost first.
        let mut sections: Vec<(OpId, &Candidate)> = Vec::new();
        for c in &legal {
            sections.push((converted[&c.op], c));
        }
        let mut merged_into: HashMap<OpId, OpId> = HashMap::new();
        for c in legal.iter().rev() {
            let mut outer = converted[&c.op];
            while let Some(o) = merged_into.get(&outer) {
                outer = *o;
            }
            while let Some(inner) = sole_parallel_child(self.ctx, outer) {
                let m = merge(self.ctx, outer, inner);
                merged_into.insert(outer, m);
                merged_into.insert(inner, m);
                outer = m;
            }
        }
        // Section attributes on the outermost band of each nest that has them.
        for c in &legal {
            let mut op = converted[&c.op];
            while let Some(o) = merged_into.get(&op) {
                op = *o;
            }
            if let Some((specs, _)) = &c.share {
                let attr = share::share_attr(self.ctx, specs);
                self.ctx.set_attr(op, SHARE_ATTR, attr);
            }
            let is_outermost =
                self.ctx.ancestor(op, |ctx, o| o != op && aff::ParallelOp::view(ctx, o).is_some()).is_none();
            if is_outermost && !c.acc.is_empty() && self.ctx.attr_of(op, ACC_ATTR).is_none() {
                let attr = self.ctx.string_attr(c.acc.join("; "));
                self.ctx.set_attr(op, ACC_ATTR, attr);
            }
        }
        Ok(())
    }

    /// Why candidate `c` cannot run in parallel, if it cannot.
    fn blocker(
        &self,
        c: &Candidate,
        set: &sharc_passes::analysis::affine::AccessSet,
        deps: &[sharc_passes::analysis::affine::Dependence],
        observed: &ObservedCarried,
    ) -> Option<Why> {
        let lp = LoopRef { op: c.op, dim: 0 };
        if let Some(k) = (0..self.ctx.results(c.op).len()).find(|&k| observed.0.contains(&(c.op, k))) {
            let name = c.carried.get(k).map_or("a scalar", String::as_str);
            let read_in_loop =
                aff::ForOp(c.op).region_iter_args(self.ctx).get(k).is_some_and(|a| observed.1.contains(a));
            let message = if read_in_loop {
                format!("an iteration reads the value of '{name}' that the previous iteration left (a reduction or a recurrence)")
            } else {
                format!("'{name}' is read after the loop, where it holds the last iteration's value")
            };
            return Some(Why { at: c.span, message });
        }
        let inside = |op: OpId| self.ctx.is_ancestor(c.op, op);
        let local = |m: Value| self.ctx.defining_op(m).is_some_and(&inside);
        // Accesses the analysis cannot describe: conservatively, any write, or any read of a
        // memref the loop writes.
        let written: Vec<Value> = set
            .accesses
            .iter()
            .filter(|a| a.kind == sharc_passes::analysis::affine::AccessKind::Write && inside(a.op))
            .map(|a| a.memref)
            .collect();
        for n in set.non_affine.iter().filter(|n| inside(n.op) && !local(n.memref)) {
            let writes = n.kind != Some(sharc_passes::analysis::affine::AccessKind::Read);
            if writes || written.contains(&n.memref) {
                return Some(Why {
                    at: self.span_of_op(n.op).unwrap_or(c.span),
                    message: "an access in the loop is not affine, so its dependences are unknown".into(),
                });
            }
        }
        let report = parallel_report(self.ctx, set, deps, lp);
        let carried = report.carried.iter().find(|d| !local(d.memref) && d.kind != DepKind::Input)?;
        let (access, earlier) = match carried.kind {
            DepKind::Flow => ("reads", "wrote"),
            DepKind::Anti => ("writes", "read"),
            DepKind::Output | DepKind::Input => ("writes", "wrote"),
        };
        let name = self.memref_name(carried.memref);
        let distance = carried
            .min_distance
            .as_ref()
            .map(|d| format!(" (distance {})", d.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")))
            .unwrap_or_default();
        let reduction = if report.parallel_with_reductions() && !report.reductions.is_empty() {
            "; it is a reduction, which sharc keeps in one thread"
        } else {
            ""
        };
        Some(Why {
            at: self.span_of_op(carried.sink).unwrap_or(c.span),
            message: format!(
                "an iteration {access} an element of '{name}' that an earlier iteration {earlier}{distance}{reduction}"
            ),
        })
    }

    fn memref_name(&self, m: Value) -> String {
        self.vars
            .iter()
            .find(|v| matches!(v.binding, super::Binding::Array { memref, .. } if memref == m))
            .map(|v| v.name.clone())
            .unwrap_or_else(|| "an array".into())
    }

    /// The source span an op was built from (its location, mapped back).
    fn span_of_op(&self, op: OpId) -> Option<Span> {
        self.op_spans.get(&op).copied()
    }
}

/// Why a loop is not parallel.
struct Why {
    at: Span,
    message: String,
}

/// The carried slots (op, result number) the program observes, and the values it needs.
type ObservedCarried = (HashSet<(OpId, usize)>, HashSet<Value>);

/// The carried values of `affine.for`, `affine.if` and `scf.if` ops in `func` that the program
/// observes.
///
/// The lowering carries every scalar a loop body assigns. A carried scalar matters only if an
/// iteration reads the value the previous one left (the body's argument is used) or code after
/// the loop reads the last value (the result is used), directly or through other carried values
/// that matter. A scalar that each iteration assigns before reading it and that is dead after the
/// loop (a temporary such as `sum = 0; for (k...) sum += ...; C[i][j] = sum;`) is private to the
/// iteration, as OpenACC makes it, and does not keep the loop sequential.
fn observed_carried_values(ctx: &Context, func: OpId) -> ObservedCarried {
    // Where a use passes a value on to a carried slot instead of computing with it.
    let passed_to = |u: &sharc_ir::op::Use| -> Option<(OpId, usize)> {
        if let Some(f) = aff::ForOp::view(ctx, u.op) {
            let first_init = ctx.operands(u.op).len() - f.inits(ctx).len();
            return (u.operand as usize).checked_sub(first_init).map(|k| (u.op, k));
        }
        if ctx.op_is(u.op, "affine.yield") || ctx.op_is(u.op, "scf.yield") {
            let parent = ctx.parent_op(u.op)?;
            let carrier = aff::ForOp::view(ctx, parent).is_some()
                || ctx.op_is(parent, "affine.if")
                || ctx.op_is(parent, "scf.if");
            return carrier.then_some((parent, u.operand as usize));
        }
        None
    };
    let mut observed: HashSet<(OpId, usize)> = HashSet::new();
    let mut needed: Vec<Value> = Vec::new();
    let mut ops = Vec::new();
    ctx.walk_pre(func, &mut |op| ops.push(op));
    for &op in &ops {
        for &v in ctx.operands(op) {
            if ctx.uses(v).iter().any(|u| u.op == op && passed_to(u).is_none()) {
                needed.push(v);
            }
        }
    }
    // A slot is observed when its result or, for a loop, its body argument is needed; then what
    // flows into it (the loop's initial value, the yielded values) is needed too. The body
    // argument itself is needed only through its own uses.
    let mut needed_values = HashSet::new();
    while let Some(v) = needed.pop() {
        if !needed_values.insert(v) {
            continue;
        }
        let slot = match ctx.value_def(v) {
            sharc_ir::op::ValueDef::OpResult { op, index } => Some((op, index as usize)),
            sharc_ir::op::ValueDef::BlockArg { block, index } => ctx
                .block_parent_op(block)
                .filter(|&p| aff::ForOp::view(ctx, p).is_some() && index > 0)
                .map(|p| (p, index as usize - 1)),
        };
        let Some((op, k)) = slot else { continue };
        let carrier = aff::ForOp::view(ctx, op).is_some() || ctx.op_is(op, "affine.if") || ctx.op_is(op, "scf.if");
        if !carrier || !observed.insert((op, k)) {
            continue;
        }
        if let Some(f) = aff::ForOp::view(ctx, op) {
            needed.extend(f.inits(ctx).get(k).copied());
        }
        for &region in ctx.regions(op) {
            for block in ctx.region_blocks(region).to_vec() {
                if let Some(term) = ctx.block_last_op(block) {
                    if ctx.op_is(term, "affine.yield") || ctx.op_is(term, "scf.yield") {
                        needed.extend(ctx.operands(term).get(k).copied());
                    }
                }
            }
        }
    }
    (observed, needed_values)
}

/// Replaces `affine.for` `op` by an equivalent one-dimensional `affine.parallel`. Its carried
/// values, if any, are private temporaries nothing observes ([`observed_carried_values`]): what
/// still refers to them (dead code) refers to their initial values instead.
fn to_parallel(ctx: &mut Context, op: OpId) -> OpId {
    let f = aff::ForOp(op);
    let inits = f.inits(ctx).to_vec();
    for (k, &init) in inits.iter().enumerate() {
        let arg = f.region_iter_args(ctx)[k];
        ctx.replace_all_uses(arg, init);
        let result = ctx.results(op)[k];
        ctx.replace_all_uses(result, init);
    }
    let lb_map = f.lower_bound_map(ctx).expect("verified").clone();
    let ub_map = f.upper_bound_map(ctx).expect("verified").clone();
    let lb_ops = f.lower_bound_operands(ctx).to_vec();
    let ub_ops = f.upper_bound_operands(ctx).to_vec();
    let step = f.step(ctx);
    let loc = ctx.loc(op).clone();
    let state = aff::ParallelOp::build(
        ctx,
        loc,
        &lb_ops,
        lb_map.clone(),
        &[lb_map.num_results() as i32],
        &ub_ops,
        ub_map.clone(),
        &[ub_map.num_results() as i32],
        &[step],
    );
    let par = Builder::before(op).insert(ctx, state);
    for (name, attr) in ctx.attrs(op).to_vec() {
        ctx.set_attr(par, &name, attr);
    }
    let pv = aff::ParallelOp(par);
    let new_body = pv.body(ctx).expect("body");
    let new_iv = ctx.block_args(new_body)[0];
    let old_body = f.body(ctx).expect("body");
    let old_iv = ctx.block_args(old_body)[0];
    ctx.replace_all_uses(old_iv, new_iv);
    let new_yield = ctx.block_last_op(new_body).expect("yield");
    for o in ctx.block_ops(old_body) {
        if ctx.op_is(o, "affine.yield") {
            continue;
        }
        ctx.move_op(o, InsertPoint::Before(new_yield));
    }
    ctx.erase_op(op);
    par
}

/// The `affine.parallel` that is the only op (besides the yield) of `outer`'s body, if its bounds
/// do not depend on anything defined in `outer`.
fn sole_parallel_child(ctx: &Context, outer: OpId) -> Option<OpId> {
    let body = aff::ParallelOp(outer).body(ctx)?;
    let ops = ctx.block_ops(body);
    let [inner, y] = ops.as_slice() else { return None };
    if !ctx.op_is(*y, "affine.yield") || aff::ParallelOp::view(ctx, *inner).is_none() {
        return None;
    }
    let defined_inside = |v: Value| match ctx.defining_op(v) {
        Some(d) => ctx.is_ancestor(outer, d),
        None => ctx
            .value_block(v)
            .is_some_and(|b| ctx.block_parent_op(b).is_some_and(|p| p == outer || ctx.is_ancestor(outer, p))),
    };
    if ctx.operands(*inner).iter().any(|&v| defined_inside(v)) {
        return None;
    }
    if !ctx.attrs(*inner).is_empty() {
        return None;
    }
    Some(*inner)
}

/// One `affine.parallel` with the dimensions of `outer` then those of `inner`.
fn merge(ctx: &mut Context, outer: OpId, inner: OpId) -> OpId {
    let (o, i) = (aff::ParallelOp(outer), aff::ParallelOp(inner));
    let lb = concat(
        (o.lower_bounds_map(ctx).expect("map").clone(), o.lower_bound_operands(ctx).to_vec()),
        (i.lower_bounds_map(ctx).expect("map").clone(), i.lower_bound_operands(ctx).to_vec()),
    );
    let ub = concat(
        (o.upper_bounds_map(ctx).expect("map").clone(), o.upper_bound_operands(ctx).to_vec()),
        (i.upper_bounds_map(ctx).expect("map").clone(), i.upper_bound_operands(ctx).to_vec()),
    );
    let lbg: Vec<i32> =
        o.lower_bounds_groups(ctx).iter().chain(&i.lower_bounds_groups(ctx)).map(|&g| g as i32).collect();
    let ubg: Vec<i32> =
        o.upper_bounds_groups(ctx).iter().chain(&i.upper_bounds_groups(ctx)).map(|&g| g as i32).collect();
    let steps: Vec<i64> = o.steps(ctx).into_iter().chain(i.steps(ctx)).collect();
    let loc = ctx.loc(outer).clone();
    let state = aff::ParallelOp::build(ctx, loc, &lb.1, lb.0, &lbg, &ub.1, ub.0, &ubg, &steps);
    let m = Builder::before(outer).insert(ctx, state);
    for (name, attr) in ctx.attrs(outer).to_vec() {
        ctx.set_attr(m, &name, attr);
    }
    let mb = aff::ParallelOp(m).body(ctx).expect("body");
    let new_ivs = ctx.block_args(mb).to_vec();
    let old_ivs: Vec<Value> = o.ivs(ctx).iter().chain(i.ivs(ctx)).copied().collect();
    for (old, new) in old_ivs.into_iter().zip(new_ivs) {
        ctx.replace_all_uses(old, new);
    }
    let y = ctx.block_last_op(mb).expect("yield");
    let ib = i.body(ctx).expect("body");
    for op in ctx.block_ops(ib) {
        if !ctx.op_is(op, "affine.yield") {
            ctx.move_op(op, InsertPoint::Before(y));
        }
    }
    ctx.erase_op(outer);
    m
}

/// Two multi-result maps over their operands as one map over the union of operands (dims of
/// both, then symbols of both).
fn concat(a: (AffineMap, Vec<Value>), b: (AffineMap, Vec<Value>)) -> (AffineMap, Vec<Value>) {
    let split = |m: &AffineMap, ops: &[Value]| {
        let nd = m.num_dims() as usize;
        (ops[..nd].to_vec(), ops[nd..].to_vec())
    };
    let (ad, asy) = split(&a.0, &a.1);
    let (bd, bsy) = split(&b.0, &b.1);
    let mut dims = ad.clone();
    for v in &bd {
        if !dims.contains(v) {
            dims.push(*v);
        }
    }
    let mut syms = asy.clone();
    for v in &bsy {
        if !syms.contains(v) {
            syms.push(*v);
        }
    }
    let remap = |m: &AffineMap, d: &[Value], s: &[Value]| -> Vec<AffineExpr> {
        let de: Vec<AffineExpr> =
            d.iter().map(|v| AffineExpr::dim(dims.iter().position(|x| x == v).expect("dim") as u32)).collect();
        let se: Vec<AffineExpr> =
            s.iter().map(|v| AffineExpr::symbol(syms.iter().position(|x| x == v).expect("sym") as u32)).collect();
        m.results().iter().map(|e| e.replace_dims_and_symbols(&de, &se)).collect()
    };
    let mut results = remap(&a.0, &ad, &asy);
    results.extend(remap(&b.0, &bd, &bsy));
    let map = AffineMap::new(dims.len() as u32, syms.len() as u32, results).expect("in range");
    (map, [dims, syms].concat())
}
