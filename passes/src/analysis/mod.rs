//! Analyses shared by passes, and the report passes built on them (`sharc-bank-report`).

pub mod affine;
pub mod bank_cost;
pub mod bank_report;
pub mod camping;
pub mod dominance;
pub mod equivalence;
pub mod ilp_model;
pub mod lane_index;
pub mod partition;
pub mod registers;

/// How remarks name a memref: the `sharc.name` of the function argument it is (`argument k`
/// without one), else "a memref".
pub(crate) fn argument_name(ctx: &sharc_ir::Context, memref: sharc_ir::Value) -> String {
    let found = ctx.value_block(memref).and_then(|b| {
        let func = ctx.block_parent_op(b).and_then(|p| sharc_dialects::func::FuncOp::view(ctx, p))?;
        let arg = ctx.block_args(b).iter().position(|&a| a == memref)?;
        let name = func
            .arg_attr_dict(ctx, arg)
            .and_then(|d| ctx.attr_dict(d))
            .and_then(|d| d.iter().find(|(k, _)| k == sharc_dialects::sharc::NAME_ATTR))
            .and_then(|(_, v)| ctx.attr_str(*v));
        Some(name.map_or_else(|| format!("argument {arg}"), str::to_string))
    });
    found.unwrap_or_else(|| "a memref".to_string())
}
