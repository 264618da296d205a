//! Sections: the unit every mapping pass plans and maps.
//!
//! A *section* is an outermost `affine.parallel` of a `func.func`: inside a function, and not
//! nested in another `affine.parallel`, nor in anything that already runs on the GPU
//! (`gpumap.band`, `gpu.launch`, `gpu.func`). Its *chain* is the section and the
//! `affine.parallel` ops perfectly nested in it; the chain's induction variables, outermost
//! first, are the section loops a plan numbers `0 ..` ([`crate::plan::Plan::loops`]).
//!
//! This is the one definition: `sharc-partition`, `sharc-map-baseline`, `sharc-map` and the
//! partition analysis all find sections and chains here.

use sharc_dialects::affine::{ParallelOp, YieldOp};
use sharc_dialects::func::FuncOp;
use sharc_dialects::gpu;
use sharc_dialects::gpumap::BandOp;
use sharc_dialects::sharc::share::SHARE_ATTR;
use sharc_ir::{Context, Diagnostic, OpId};

/// Whether `op` is a section.
pub fn is_section(ctx: &Context, op: OpId) -> bool {
    if ParallelOp::view(ctx, op).is_none() {
        return false;
    }
    let mut cur = ctx.parent_op(op);
    while let Some(a) = cur {
        if FuncOp::view(ctx, a).is_some() {
            return true;
        }
        let on_gpu = BandOp::view(ctx, a).is_some()
            || gpu::LaunchOp::view(ctx, a).is_some()
            || gpu::FuncOp::view(ctx, a).is_some();
        if ParallelOp::view(ctx, a).is_some() || on_gpu {
            return false;
        }
        cur = ctx.parent_op(a);
    }
    false
}

/// The sections under `root`, in pre-order (function by function, in program order).
pub fn sections(ctx: &Context, root: OpId) -> Vec<ParallelOp> {
    ctx.collect_ops(root).into_iter().filter(|&op| is_section(ctx, op)).map(ParallelOp).collect()
}

/// [`sections`], after checking that every `sharc.share` attribute sits on a section: a share
/// pragma governs a whole parallel nest, so one on a sequential loop or on a nested parallel
/// loop is an error at that op.
pub fn sections_checked(ctx: &Context, root: OpId) -> Result<Vec<ParallelOp>, Diagnostic> {
    for op in ctx.collect_ops(root) {
        if ctx.attr_of(op, SHARE_ATTR).is_none() || is_section(ctx, op) {
            continue;
        }
        let msg = if ParallelOp::view(ctx, op).is_none() {
            format!(
                "a share pragma governs a parallel loop nest, but it is on '{}': put it on the outermost \
                 affine.parallel (a `loop independent` nest)",
                ctx.op_name(op)
            )
        } else {
            "conflicting share pragmas: this parallel loop is nested in another section; give the pragma once, \
             on the outermost affine.parallel"
                .to_string()
        };
        return Err(Diagnostic::error(ctx.loc(op).clone(), msg));
    }
    Ok(sections(ctx, root))
}

/// The chain of `section`: the section, then each `affine.parallel` that is the only op (but
/// the terminator) of the previous one's body and has no reductions.
pub fn chain(ctx: &Context, section: ParallelOp) -> Vec<ParallelOp> {
    let mut chain = vec![section];
    while let Some(body) = chain.last().and_then(|b| b.body(ctx)) {
        let ops = ctx.block_ops(body);
        let next = match ops.as_slice() {
            [only, term] if YieldOp::view(ctx, *term).is_some() => ParallelOp::view(ctx, *only),
            _ => None,
        };
        match next {
            Some(p) if p.reduction_codes(ctx).is_empty() && p.body(ctx).is_some() => chain.push(p),
            _ => break,
        }
    }
    chain
}

/// The number of section loops in `section`'s chain.
pub fn chain_loops(ctx: &Context, section: ParallelOp) -> usize {
    chain(ctx, section).iter().map(|p| p.num_dims(ctx)).sum()
}
