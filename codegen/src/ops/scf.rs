//! scf control flow as basic blocks and phis.
//!
//! ```text
//! scf.for:   pre ─► header(iv, iters = phi) ─cond─► body ... latch ─► header
//!                              └─────────────────────► exit (results = header phis)
//! scf.if:    pre ─cond─► then ... ─► merge(results = phi)
//!                  └───► else ... ─┘
//! scf.while: pre ─► before(args = phi) ... scf.condition ─► after ... scf.yield ─► before
//!                                               └──────────► exit (results = condition args)
//! ```
//! `scf.for` compares with a signed `<` (as upstream's lowering); iteration values must be
//! scalars (a memref cannot be a phi of a register descriptor).

use crate::lower::{internal, Exit, FnLowering, Res};
use crate::types::scalar_type;
use inkwell::basic_block::BasicBlock;
use inkwell::types::BasicTypeEnum;
use inkwell::values::{BasicValueEnum, PhiValue};
use inkwell::IntPredicate;
use sharc_dialects::scf::{ConditionOp, ForOp, IfOp, WhileOp, YieldOp};
use sharc_ir::{OpId, Value};

pub(super) fn lower(l: &mut FnLowering<'_, '_>, op: OpId) -> Res<bool> {
    let ctx = l.ctx;
    if let Some(f) = ForOp::view(ctx, op) {
        lower_for(l, op, f)?;
    } else if let Some(i) = IfOp::view(ctx, op) {
        lower_if(l, op, i)?;
    } else if let Some(w) = WhileOp::view(ctx, op) {
        lower_while(l, op, w)?;
    } else {
        return Ok(false);
    }
    Ok(true)
}

pub(super) fn terminator(l: &FnLowering<'_, '_>, op: OpId) -> Option<Exit> {
    if let Some(y) = YieldOp::view(l.ctx, op) {
        return Some(Exit::Yield(y.values(l.ctx).to_vec()));
    }
    ConditionOp::view(l.ctx, op).map(|c| Exit::Condition(c.condition(l.ctx), c.args(l.ctx).to_vec()))
}

/// The LLVM types of `values`, which must be scalars.
fn scalar_types<'c>(l: &FnLowering<'_, 'c>, op: OpId, values: &[Value]) -> Res<Vec<BasicTypeEnum<'c>>> {
    values
        .iter()
        .map(|&v| {
            scalar_type(l.llcx, l.ctx, l.ctx.value_type(v)).ok_or_else(|| {
                l.err(
                    op,
                    format!("'{}' can only carry scalar values across iterations and branches", l.ctx.op_name(op)),
                )
            })
        })
        .collect()
}

fn phis<'c>(l: &FnLowering<'_, 'c>, types: &[BasicTypeEnum<'c>]) -> Res<Vec<PhiValue<'c>>> {
    types.iter().map(|&t| l.b.build_phi(t, "").map_err(internal)).collect()
}

/// The scalars of `values`, as incoming phi values.
fn scalars<'c>(l: &FnLowering<'_, 'c>, op: OpId, values: &[Value]) -> Res<Vec<BasicValueEnum<'c>>> {
    values.iter().map(|&v| l.scalar(op, v)).collect()
}

fn add_incoming<'c>(phis: &[PhiValue<'c>], values: &[BasicValueEnum<'c>], from: BasicBlock<'c>) {
    for (p, v) in phis.iter().zip(values) {
        p.add_incoming(&[(v, from)]);
    }
}

fn current_block<'c>(l: &FnLowering<'_, 'c>, op: OpId) -> Res<BasicBlock<'c>> {
    l.b.get_insert_block().ok_or_else(|| l.err(op, "internal error: builder without a block"))
}

fn lower_for(l: &mut FnLowering<'_, '_>, op: OpId, f: ForOp) -> Res<()> {
    let ctx = l.ctx;
    let (lb, ub, step) = (l.int(op, f.lower_bound(ctx))?, l.int(op, f.upper_bound(ctx))?, l.int(op, f.step(ctx))?);
    let inits = scalars(l, op, f.init_args(ctx))?;
    let types = scalar_types(l, op, f.region_iter_args(ctx))?;
    let pre = current_block(l, op)?;
    let (header, body, exit) = (l.new_block("for.header"), l.new_block("for.body"), l.new_block("for.exit"));
    l.b.build_unconditional_branch(header).map_err(internal)?;

    l.b.position_at_end(header);
    let iv = l.b.build_phi(lb.get_type(), "iv").map_err(internal)?;
    iv.add_incoming(&[(&lb, pre)]);
    let iters = phis(l, &types)?;
    add_incoming(&iters, &inits, pre);
    let iv_val = iv.as_basic_value().into_int_value();
    let more = l.b.build_int_compare(IntPredicate::SLT, iv_val, ub, "").map_err(internal)?;
    l.b.build_conditional_branch(more, body, exit).map_err(internal)?;

    l.b.position_at_end(body);
    l.bind_scalar(f.induction_var(ctx), iv_val);
    for (&a, p) in f.region_iter_args(ctx).iter().zip(&iters) {
        l.bind_scalar(a, p.as_basic_value());
    }
    match l.lower_block(f.body(ctx))? {
        Exit::Yield(vals) => {
            let next_vals = scalars(l, op, &vals)?;
            let latch = current_block(l, op)?;
            let next = l.b.build_int_add(iv_val, step, "iv.next").map_err(internal)?;
            iv.add_incoming(&[(&next, latch)]);
            add_incoming(&iters, &next_vals, latch);
            l.b.build_unconditional_branch(header).map_err(internal)?;
        }
        Exit::Return => {}
        Exit::Condition(..) => return Err(l.err(op, "scf.condition in an scf.for body")),
    }

    l.b.position_at_end(exit);
    for (&r, p) in ctx.results(op).iter().zip(&iters) {
        l.bind_scalar(r, p.as_basic_value());
    }
    Ok(())
}

fn lower_if(l: &mut FnLowering<'_, '_>, op: OpId, i: IfOp) -> Res<()> {
    let ctx = l.ctx;
    let cond = l.int(op, i.condition(ctx))?;
    let types = scalar_types(l, op, ctx.results(op))?;
    let (then_bb, merge) = (l.new_block("if.then"), l.new_block("if.end"));
    let else_bb = match i.else_block(ctx) {
        Some(_) => l.new_block("if.else"),
        None => merge,
    };
    l.b.build_conditional_branch(cond, then_bb, else_bb).map_err(internal)?;
    let mut incoming = Vec::new();
    let branches = [(then_bb, Some(i.then_block(ctx))), (else_bb, i.else_block(ctx))];
    for (bb, block) in branches {
        let Some(block) = block else { continue };
        l.b.position_at_end(bb);
        match l.lower_block(block)? {
            Exit::Yield(vals) => {
                let vals = scalars(l, op, &vals)?;
                incoming.push((vals, current_block(l, op)?));
                l.b.build_unconditional_branch(merge).map_err(internal)?;
            }
            Exit::Return => {}
            Exit::Condition(..) => return Err(l.err(op, "scf.condition in an scf.if region")),
        }
    }
    l.b.position_at_end(merge);
    if types.is_empty() {
        return Ok(());
    }
    let results = phis(l, &types)?;
    for (vals, from) in &incoming {
        add_incoming(&results, vals, *from);
    }
    for (&r, p) in ctx.results(op).iter().zip(&results) {
        l.bind_scalar(r, p.as_basic_value());
    }
    Ok(())
}

fn lower_while(l: &mut FnLowering<'_, '_>, op: OpId, w: WhileOp) -> Res<()> {
    let ctx = l.ctx;
    let inits = scalars(l, op, w.inits(ctx))?;
    let types = scalar_types(l, op, w.before_arguments(ctx))?;
    scalar_types(l, op, w.after_arguments(ctx))?;
    let pre = current_block(l, op)?;
    let (before, after, exit) = (l.new_block("while.before"), l.new_block("while.after"), l.new_block("while.exit"));
    l.b.build_unconditional_branch(before).map_err(internal)?;

    l.b.position_at_end(before);
    let args = phis(l, &types)?;
    add_incoming(&args, &inits, pre);
    for (&a, p) in w.before_arguments(ctx).iter().zip(&args) {
        l.bind_scalar(a, p.as_basic_value());
    }
    let passed = match l.lower_block(w.before_body(ctx))? {
        Exit::Condition(c, vals) => {
            let c = l.int(op, c)?;
            l.b.build_conditional_branch(c, after, exit).map_err(internal)?;
            vals
        }
        _ => return Err(l.err(op, "the 'before' region of scf.while must end in scf.condition")),
    };
    // The condition's block dominates both successors, so its values are used directly.
    let passed = scalars(l, op, &passed)?;

    l.b.position_at_end(after);
    for (&a, v) in w.after_arguments(ctx).iter().zip(&passed) {
        l.bind_scalar(a, *v);
    }
    match l.lower_block(w.after_body(ctx))? {
        Exit::Yield(vals) => {
            let vals = scalars(l, op, &vals)?;
            add_incoming(&args, &vals, current_block(l, op)?);
            l.b.build_unconditional_branch(before).map_err(internal)?;
        }
        Exit::Return => {}
        Exit::Condition(..) => return Err(l.err(op, "scf.condition in the 'after' region of scf.while")),
    }

    l.b.position_at_end(exit);
    for (&r, v) in ctx.results(op).iter().zip(&passed) {
        l.bind_scalar(r, *v);
    }
    Ok(())
}
