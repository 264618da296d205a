//! The gpu verifiers, with upstream MLIR's messages.
//!
//! Beyond each op's own rules this checks what upstream checks elsewhere: the symbol references
//! of `gpu.launch_func` (upstream: when verifying the `gpu.container_module` attribute of the
//! enclosing module) and the memory spaces of workgroup/private attributions. Async tokens and
//! cluster sizes are upstream features sharc does not model; their generic forms are rejected
//! with a sharc message instead of being printed in a custom form that could not express them.

use super::ops::{
    declared_launch_segments, AddressSpace, Dimension, FuncOp, LaunchFuncOp, LaunchOp, ModuleOp, CONTAINER_MODULE_ATTR,
    DIMENSION, FUNCTION_TYPE, KERNEL, KERNEL_ATTR, UPPER_BOUND,
};
use crate::builtin;
use sharc_ir::syntax::printer::{attr_to_string, type_to_string};
use sharc_ir::verifier::op_error;
use sharc_ir::{AttrKind, Context, Diagnostic, OpId, Type, TypeKind, Value};

type Result = std::result::Result<(), Diagnostic>;

/// `'f32'`, as MLIR quotes types in diagnostics.
fn quoted(ctx: &Context, ty: Type) -> String {
    format!("'{}'", type_to_string(ctx, ty))
}

/// `HasParent<name>`.
fn check_parent(ctx: &Context, op: OpId, name: &str) -> Result {
    if ctx.parent_op(op).is_some_and(|p| ctx.op_is(p, name)) {
        Ok(())
    } else {
        Err(op_error(ctx, op, format!("expects parent op '{name}'")))
    }
}

fn check_one_region(ctx: &Context, op: OpId) -> Result {
    if ctx.regions(op).len() == 1 {
        Ok(())
    } else {
        Err(op_error(ctx, op, "requires one region"))
    }
}

/// ODS: operand `index` satisfies `ok`, described as `what`.
fn check_operand(ctx: &Context, op: OpId, index: usize, ok: impl Fn(Type) -> bool, what: &str) -> Result {
    let ty = ctx.value_type(ctx.operand(op, index));
    if ok(ty) {
        return Ok(());
    }
    Err(op_error(ctx, op, format!("operand #{index} must be {what}, but got {}", quoted(ctx, ty))))
}

/// The operand-group sizes of a launch op, checked against the operand count as ODS does.
/// The `AtLeastNOperands<6>` trait of both launch ops (checked before their attributes).
fn at_least_six_operands(ctx: &Context, op: OpId) -> Result {
    let n = ctx.operands(op).len();
    if n < 6 {
        return Err(op_error(ctx, op, format!("expected 6 or more operands, but found {n}")));
    }
    Ok(())
}

fn check_segments<const N: usize>(
    ctx: &Context,
    op: OpId,
    sizes: Option<[usize; N]>,
) -> std::result::Result<[usize; N], Diagnostic> {
    if let Some(s) = sizes {
        return Ok(s);
    }
    let declared = declared_launch_segments(ctx, op);
    if !declared.is_empty() && declared.len() != N {
        let msg = format!(
            "'operandSegmentSizes' attribute for specifying operand segments must have {N} elements, but got {}",
            declared.len()
        );
        return Err(op_error(ctx, op, msg));
    }
    let total: i128 = declared.iter().sum();
    let n = ctx.operands(op).len();
    Err(op_error(ctx, op, format!("operand count ({n}) does not match with the total size ({total}) specified in attribute 'operandSegmentSizes'")))
}

/// ODS group sizes: optional groups (`optional`) have 0 or 1 operand, the others of
/// `0..single_end` (after the variadic group 0) exactly 1 (upstream leaves the latter unchecked;
/// the views rely on it).
fn check_group_sizes(ctx: &Context, op: OpId, sizes: &[usize], single_end: usize, optional: &[usize]) -> Result {
    let start = |g: usize| sizes[..g].iter().sum::<usize>();
    for &g in optional {
        if sizes[g] > 1 {
            let msg =
                format!("operand group starting at #{} requires 0 or 1 element, but found {}", start(g), sizes[g]);
            return Err(op_error(ctx, op, msg));
        }
    }
    for (g, &n) in sizes.iter().enumerate().take(single_end).skip(1) {
        if n != 1 {
            let msg = format!("operand group starting at #{} requires 1 element, but found {n}", start(g));
            return Err(op_error(ctx, op, msg));
        }
    }
    Ok(())
}

/// `verifyAttributions`: each attribution is a memref; one in a `#gpu.address_space` must be in
/// `space` (numeric spaces of lowered IR are not checked, as upstream).
fn check_attributions(ctx: &Context, op: OpId, values: &[Value], space: AddressSpace) -> Result {
    for &v in values {
        let ty = ctx.value_type(v);
        let TypeKind::MemRef { memory_space, .. } = ctx.type_kind(ty) else {
            return Err(op_error(ctx, op, "expected memref type in attribution"));
        };
        let Some(found) = memory_space.and_then(|a| AddressSpace::from_gpu_attr(ctx, a)) else { continue };
        if found != space {
            return Err(op_error(ctx, op, format!("expected memory space {} in attribution", space.keyword())));
        }
    }
    Ok(())
}

/// Generic forms with async dependencies, async tokens or cluster sizes.
fn reject_unsupported(ctx: &Context, op: OpId, async_deps: usize, clusters: usize) -> Result {
    if async_deps > 0 || !ctx.results(op).is_empty() {
        return Err(op_error(ctx, op, "async dependencies and tokens are not supported by sharc"));
    }
    if clusters > 0 {
        return Err(op_error(ctx, op, "cluster sizes are not supported by sharc"));
    }
    Ok(())
}

/// `gpu.module`.
pub(crate) fn verify_module(ctx: &Context, op: OpId) -> Result {
    if ctx.symbol_name(op).is_none() {
        return Err(op_error(ctx, op, "requires attribute 'sym_name'"));
    }
    check_one_region(ctx, op)?;
    let has_args = ctx.entry_block(ctx.region(op, 0)).is_some_and(|b| !ctx.block_args(b).is_empty());
    if has_args {
        return Err(op_error(ctx, op, "region should have no arguments"));
    }
    Ok(())
}

/// `gpu.func`.
pub(crate) fn verify_func(ctx: &Context, op: OpId) -> Result {
    let Some(fty) = ctx.attr_of(op, FUNCTION_TYPE) else {
        return Err(op_error(ctx, op, "requires attribute 'function_type'"));
    };
    if ctx.attr_type(fty).and_then(|t| ctx.function_parts(t)).is_none() {
        return Err(op_error(
            ctx,
            op,
            "attribute 'function_type' failed to satisfy constraint: type attribute of function type",
        ));
    }
    check_one_region(ctx, op)?;
    check_parent(ctx, op, ModuleOp::NAME)?;
    if ctx.symbol_name(op).is_none() {
        return Err(op_error(ctx, op, "requires string attribute 'sym_name'"));
    }
    let f = FuncOp(op);
    if f.is_kernel(ctx) && !f.result_types(ctx).is_empty() {
        return Err(op_error(ctx, op, "expected void return type for kernel function"));
    }
    let Some(entry) = ctx.entry_block(f.body(ctx)) else {
        return Err(op_error(ctx, op, "expected body with at least one block"));
    };
    let inputs = f.argument_types(ctx);
    let expected = inputs.len() + f.num_workgroup_attributions(ctx);
    let args = ctx.block_args(entry);
    if args.len() < expected {
        return Err(op_error(ctx, op, format!("expected at least {expected} arguments to body region")));
    }
    for (i, (&want, &arg)) in inputs.iter().zip(args).enumerate() {
        let got = ctx.value_type(arg);
        if got != want {
            let msg = format!(
                "expected body region argument #{i} to be of type {}, got {}",
                quoted(ctx, want),
                quoted(ctx, got)
            );
            return Err(op_error(ctx, op, msg));
        }
    }
    check_attributions(ctx, op, f.workgroup_attributions(ctx), AddressSpace::Workgroup)?;
    check_attributions(ctx, op, f.private_attributions(ctx), AddressSpace::Private)
}

/// `gpu.return`.
pub(crate) fn verify_return(ctx: &Context, op: OpId) -> Result {
    check_parent(ctx, op, FuncOp::NAME)?;
    let Some(func) = ctx.parent_op(op) else { return Ok(()) };
    let results = FuncOp(func).result_types(ctx);
    let operands = ctx.operands(op);
    if results.len() != operands.len() {
        return Err(op_error(ctx, op, format!("expected {} result operands", results.len()))
            .with_note(ctx.loc(func).clone(), "return type declared here"));
    }
    for (i, (&want, &v)) in results.iter().zip(operands).enumerate() {
        let got = ctx.value_type(v);
        if got != want {
            return Err(op_error(ctx, op, format!("unexpected type `{}' for operand #{i}", quoted(ctx, got))));
        }
    }
    Ok(())
}

/// `gpu.terminator`.
pub(crate) fn verify_terminator(ctx: &Context, op: OpId) -> Result {
    check_parent(ctx, op, LaunchOp::NAME)
}

/// `gpu.launch`.
pub(crate) fn verify_launch(ctx: &Context, op: OpId) -> Result {
    at_least_six_operands(ctx, op)?;
    let launch = LaunchOp(op);
    let sizes = check_segments(ctx, op, launch.segment_sizes(ctx))?;
    check_group_sizes(ctx, op, &sizes, 7, &[7, 8, 9, 10])?;
    reject_unsupported(ctx, op, sizes[0], sizes[7..10].iter().sum())?;
    for i in 0..6 {
        check_operand(ctx, op, i, |t| ctx.is_index(t), "index")?;
    }
    if sizes[10] == 1 {
        check_operand(ctx, op, 6, |t| ctx.is_signless_int(t, 32), "32-bit signless integer")?;
    }
    check_one_region(ctx, op)?;
    let body = ctx.region(op, 0);
    let Some(entry) = ctx.entry_block(body) else { return Ok(()) };
    if ctx.block_args(entry).len() < launch.num_config_region_args(ctx) + launch.num_workgroup_attributions(ctx) {
        return Err(op_error(ctx, op, "unexpected number of region arguments"));
    }
    check_attributions(ctx, op, launch.workgroup_attributions(ctx), AddressSpace::Workgroup)?;
    check_attributions(ctx, op, launch.private_attributions(ctx), AddressSpace::Private)?;
    for &b in ctx.region_blocks(body) {
        let Some(last) = ctx.block_last_op(b) else { continue };
        if !ctx.successors(last).is_empty() || ctx.op_is(last, super::ops::TerminatorOp::NAME) {
            continue;
        }
        return Err(Diagnostic::error(
            ctx.loc(last).clone(),
            "expected 'gpu.terminator' or a terminator with successors",
        )
        .with_note(ctx.loc(op).clone(), "in 'gpu.launch' body region"));
    }
    Ok(())
}

/// `gpu.launch_func`: the kernel symbol checks first (upstream runs them on the enclosing
/// module, before its ops), then the op's own constraints.
pub(crate) fn verify_launch_func(ctx: &Context, op: OpId) -> Result {
    at_least_six_operands(ctx, op)?;
    let module = ctx.ancestor(op, |c, o| builtin::ModuleOp::view(c, o).is_some());
    let container = module.filter(|&m| ctx.attr_of(m, CONTAINER_MODULE_ATTR).is_some());
    let directly_in_func = container.is_some() && ctx.parent_op(op).and_then(|p| ctx.parent_op(p)) == container;
    if let (Some(m), true) = (container, directly_in_func) {
        check_kernel_symbol(ctx, op, m)?;
    }
    let Some(kernel) = ctx.attr_of(op, KERNEL) else {
        return Err(op_error(ctx, op, "requires attribute 'kernel'"));
    };
    if !matches!(ctx.attr_kind(kernel), AttrKind::SymbolRef { .. }) {
        return Err(op_error(ctx, op, "attribute 'kernel' failed to satisfy constraint: symbol reference attribute"));
    }
    let launch = LaunchFuncOp(op);
    let sizes = check_segments(ctx, op, launch.segment_sizes(ctx))?;
    check_group_sizes(ctx, op, &sizes, 7, &[7, 8, 9, 10, 12])?;
    reject_unsupported(ctx, op, sizes[0] + sizes[12], sizes[7..10].iter().sum())?;
    let launch_index = |t: Type| ctx.is_index(t) || ctx.is_signless_int(t, 32) || ctx.is_signless_int(t, 64);
    for i in 0..6 {
        check_operand(ctx, op, i, launch_index, "index or 32-bit signless integer or 64-bit signless integer")?;
    }
    if sizes[10] == 1 {
        check_operand(ctx, op, 6, |t| ctx.is_signless_int(t, 32), "32-bit signless integer")?;
    }
    let dim_type = ctx.value_type(ctx.operand(op, 0));
    if ctx.operands(op)[..6].iter().any(|&v| ctx.value_type(v) != dim_type) {
        return Err(op_error(
            ctx,
            op,
            "failed to verify that all of {gridSizeX, gridSizeY, gridSizeZ, blockSizeX, blockSizeY, blockSizeZ} have same type",
        ));
    }
    if module.is_none() {
        return Err(op_error(ctx, op, "expected to belong to a module"));
    }
    if container.is_none() {
        return Err(op_error(
            ctx,
            op,
            format!("expected the closest surrounding module to have the '{CONTAINER_MODULE_ATTR}' attribute"),
        ));
    }
    Ok(())
}

/// The checks upstream makes from `gpu.container_module`: the kernel's module and function
/// exist, the function is a kernel and its signature matches the kernel operands.
fn check_kernel_symbol(ctx: &Context, op: OpId, module: OpId) -> Result {
    let Some(sym) = ctx.attr_of(op, KERNEL).filter(|&a| matches!(ctx.attr_kind(a), AttrKind::SymbolRef { .. })) else {
        return Ok(());
    };
    let AttrKind::SymbolRef { root, nested } = ctx.attr_kind(sym) else { return Ok(()) };
    let Some(container) = ctx.lookup_symbol_in(module, root) else {
        return Err(op_error(ctx, op, format!("kernel container '{root}' is undefined")));
    };
    if ModuleOp::view(ctx, container).is_none() {
        return Err(op_error(ctx, op, format!("kernel module '{root}' is undefined")));
    }
    let mut found = Some(container);
    for n in nested {
        found = found.and_then(|f| ctx.lookup_symbol_in(f, n));
    }
    let shown = attr_to_string(ctx, sym);
    let Some(kernel) = found else {
        return Err(op_error(ctx, op, format!("kernel function '{shown}' is undefined")));
    };
    let is_function = FuncOp::view(ctx, kernel).is_some() || crate::func::FuncOp::view(ctx, kernel).is_some();
    if nested.is_empty() || !is_function {
        return Err(op_error(ctx, op, format!("referenced kernel '{shown}' is not a function"))
            .with_note(ctx.loc(kernel).clone(), "see the kernel definition here"));
    }
    if ctx.attr_of(kernel, KERNEL_ATTR).is_none() {
        return Err(op_error(ctx, op, format!("kernel function is missing the '{KERNEL_ATTR}' attribute")));
    }
    let Some(f) = FuncOp::view(ctx, kernel) else { return Ok(()) };
    let expected = f.argument_types(ctx);
    let Some(sizes) = LaunchFuncOp(op).segment_sizes(ctx) else { return Ok(()) };
    let start: usize = sizes[..11].iter().sum();
    let actual = &ctx.operands(op)[start..start + sizes[11]];
    if actual.len() != expected.len() {
        let msg = format!("got {} kernel operands but expected {}", actual.len(), expected.len());
        return Err(op_error(ctx, op, msg));
    }
    for (i, (&v, &t)) in actual.iter().zip(expected).enumerate() {
        if ctx.value_type(v) != t {
            return Err(op_error(ctx, op, format!("type of function argument {i} does not match")));
        }
    }
    Ok(())
}

/// `gpu.thread_id`, `gpu.block_id`, `gpu.block_dim`, `gpu.grid_dim`.
pub(crate) fn verify_index_op(ctx: &Context, op: OpId) -> Result {
    let Some(dim) = ctx.attr_of(op, DIMENSION) else {
        return Err(op_error(ctx, op, "requires attribute 'dimension'"));
    };
    if Dimension::from_attr(ctx, dim).is_none() {
        return Err(op_error(
            ctx,
            op,
            "attribute 'dimension' failed to satisfy constraint: a dimension, either 'x', 'y', or 'z'",
        ));
    }
    if let Some(bound) = ctx.attr_of(op, UPPER_BOUND) {
        let is_index = matches!(ctx.attr_kind(bound), AttrKind::Integer { ty, .. } if ctx.is_index(*ty));
        if !is_index {
            return Err(op_error(ctx, op, "attribute 'upper_bound' failed to satisfy constraint: index attribute"));
        }
    }
    if !ctx.operands(op).is_empty() {
        return Err(op_error(ctx, op, format!("expected 0 operands, but found {}", ctx.operands(op).len())));
    }
    let [result] = ctx.results(op) else {
        return Err(op_error(ctx, op, "requires one result"));
    };
    let ty = ctx.value_type(*result);
    if !ctx.is_index(ty) {
        return Err(op_error(ctx, op, format!("result #0 must be index, but got {}", quoted(ctx, ty))));
    }
    Ok(())
}
