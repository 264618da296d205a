//! Shared-memory placement: which arrays a thread block stages in shared memory.
//!
//! - [`seed_closure`]: `sharc-seed-closure`, the candidate arrays of every section (a report);
//! - [`partition`]: `sharc-partition`, the partition search; attaches `sharc.plan`;
//! - [`promote`]: `sharc-promote`, the staged arrays of a mapped band in shared memory;
//! - [`band_plan`]: the plan read back from the IR and the band guards `sharc-map` (in
//!   [`crate::gpumap`]) and `sharc-promote` share.
//!
//! The analysis itself is [`crate::analysis::partition`]; this module finds the sections and
//! checks where `sharc.share` attributes sit.

pub mod band_plan;
pub mod partition;
pub mod promote;
pub mod seed_closure;

use sharc_dialects::affine::ParallelOp;
use sharc_dialects::func::FuncOp;
use sharc_dialects::gpu;
use sharc_dialects::sharc::share::SHARE_ATTR;
use sharc_ir::{Context, Diagnostic, OpId};

/// The sections of `module`: the outermost `affine.parallel` ops of every function, in order.
/// An error when a `sharc.share` attribute sits on anything else (a sequential loop, a nested
/// parallel loop).
pub fn sections(ctx: &Context, module: OpId) -> Result<Vec<OpId>, Diagnostic> {
    let mut out = Vec::new();
    for op in ctx.collect_ops(module) {
        let is_parallel = ParallelOp::view(ctx, op).is_some();
        let outermost = is_parallel && outermost_parallel(ctx, op);
        if ctx.attr_of(op, SHARE_ATTR).is_some() && !outermost {
            let msg = if !is_parallel {
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
        if outermost {
            out.push(op);
        }
    }
    Ok(out)
}

fn outermost_parallel(ctx: &Context, op: OpId) -> bool {
    let mut cur = ctx.parent_op(op);
    while let Some(a) = cur {
        if FuncOp::view(ctx, a).is_some() {
            return true;
        }
        if ParallelOp::view(ctx, a).is_some() || gpu::LaunchOp::view(ctx, a).is_some() {
            return false;
        }
        cur = ctx.parent_op(a);
    }
    false
}
