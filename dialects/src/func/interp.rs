//! `sharc-run` semantics of the func ops.
//!
//! `func.call` runs the callee for the calling lanes in a fresh frame (so a kernel's threads call
//! device functions together, still in lockstep); `func.return` hands its operands back. The
//! callee may be a `func.func` or a `gpu.func` with a body; calling a declaration is an error when
//! the program is compiled.

use super::ops::*;
use sharc_ir::{Diagnostic, OpId};
use sharc_sim::{Prep, Semantics, Slot};

struct Call {
    callee: OpId,
    args: Box<[Slot]>,
    results: Box<[Slot]>,
}

fn prepare_call(p: &mut Prep<'_>, op: OpId) -> Result<Call, Diagnostic> {
    let ctx = p.ctx();
    let call = CallOp::view(ctx, op).ok_or_else(|| p.error(op, "malformed func.call"))?;
    let name = call.callee(ctx).unwrap_or("?").to_string();
    let callee = call
        .callee_attr(ctx)
        .and_then(|a| ctx.resolve_symbol_ref(op, a))
        .ok_or_else(|| p.error(op, format!("cannot find the callee @{name}")))?;
    let has_body = ctx.regions(callee).first().is_some_and(|&r| !ctx.region_is_empty(r));
    if !has_body {
        return Err(p.error(op, format!("cannot call @{name}: it is a declaration without a body")));
    }
    p.require(callee);
    Ok(Call { callee, args: p.slots(call.args(ctx)).into(), results: p.slots(ctx.results(op)).into() })
}

pub(crate) fn register(s: &mut Semantics) {
    s.region(&CALL, prepare_call, |x, c: &Call| x.call(c.callee, &c.args, &c.results));
    s.terminator(&RETURN);
}
