//! `sharc-run` semantics of the gpu ops.
//!
//! `gpu.launch` and `gpu.launch_func` decode into a [`LaunchSpec`]; the execution model itself
//! (blocks one after another, all threads of a block in lockstep, per-block shared memory,
//! barriers, races) lives in `sharc_sim::gpu`. The id ops read the executing thread; a
//! `gpu.barrier` must be reached by every thread of the block.
//!
//! A `gpu.launch` body is part of its host function: values it uses from above are copied into
//! every thread. Kernels are reported under the kernel's name (`gpu.launch` bodies under their
//! `function` attribute, or `gpu.launch` and their line).

use super::ops::*;
use crate::memref::interp::memref_info;
use sharc_ir::types::DYNAMIC;
use sharc_ir::{Diagnostic, OpId, Value};
use sharc_machine::layout::SharedLayout;
use sharc_sim::{Exec, LaneInit, LaunchSpec, Prep, Scalar, Semantics, SimError, Slot, Space};

fn dimension(p: &mut Prep<'_>, op: OpId) -> Result<usize, Diagnostic> {
    let d = IndexOp::view(p.ctx(), op).and_then(|i| i.dimension(p.ctx()));
    d.map(Dimension::index).ok_or_else(|| p.error(op, "id op without a valid dimension"))
}

/// Element type and static shape of an attribution in `space`.
fn attribution(p: &Prep<'_>, op: OpId, v: Value, space: Space) -> Result<(Scalar, Vec<i64>), Diagnostic> {
    let (elem, shape, s) = memref_info(p, op, p.ctx().value_type(v))?;
    if shape.contains(&DYNAMIC) {
        return Err(p.error(op, "attributions must have static shapes"));
    }
    if s != space && !(space == Space::Private && s == Space::Global) {
        return Err(p.error(op, format!("a {} attribution must be in the {} memory space", space.name(), space.name())));
    }
    Ok((elem, shape))
}

fn three(p: &Prep<'_>, vs: [Value; 3]) -> [Slot; 3] {
    vs.map(|v| p.slot(v))
}

/// Grid and block sizes of the launching lane, as `[i64; 3]` each.
fn sizes(x: &Exec<'_, '_>, grid: &[Slot; 3], block: &[Slot; 3]) -> Result<([i64; 3], [i64; 3], u32), SimError> {
    let &[lane] = x.lanes() else {
        return Err(x.error("a kernel launch must be executed by one host thread"));
    };
    Ok((grid.map(|s| x.get(s, lane).i()), block.map(|s| x.get(s, lane).i()), lane))
}

struct Launch {
    grid: [Slot; 3],
    block: [Slot; 3],
    spec: LaunchSpec,
}

fn prepare_launch(p: &mut Prep<'_>, op: OpId) -> Result<Launch, Diagnostic> {
    let ctx = p.ctx();
    let l = LaunchOp::view(ctx, op).ok_or_else(|| p.error(op, "malformed gpu.launch"))?;
    if l.has_cluster_size(ctx) {
        return Err(p.error(op, "sharc-run does not support thread-block clusters"));
    }
    let entry = p.region_entry(op, l.body(ctx))?;
    let mut inits = Vec::new();
    for d in 0..3 {
        inits.push((p.slot(l.block_ids(ctx)[d]), LaneInit::BlockId(d)));
        inits.push((p.slot(l.thread_ids(ctx)[d]), LaneInit::ThreadId(d)));
        inits.push((p.slot(l.grid_size(ctx)[d]), LaneInit::GridDim(d)));
        inits.push((p.slot(l.block_size(ctx)[d]), LaneInit::BlockDim(d)));
    }
    for &w in l.workgroup_attributions(ctx) {
        let (elem, shape) = attribution(p, op, w, Space::Workgroup)?;
        inits.push((p.slot(w), LaneInit::Workgroup(elem, shape, SharedLayout::RowMajor)));
    }
    for &v in l.private_attributions(ctx) {
        let (elem, shape) = attribution(p, op, v, Space::Private)?;
        inits.push((p.slot(v), LaneInit::Private(elem, shape)));
    }
    let name = match l.function_name(ctx) {
        Some(f) => f.to_string(),
        None => match ctx.loc(op).position() {
            Some((_, line, _)) => format!("gpu.launch:{line}"),
            None => "gpu.launch".to_string(),
        },
    };
    let spec =
        LaunchSpec { name, grid: [1; 3], block: [1; 3], func: None, entry, captures: p.captures(l.body(ctx)), inits };
    Ok(Launch { grid: three(p, l.grid_size_operands(ctx)), block: three(p, l.block_size_operands(ctx)), spec })
}

fn exec_launch(x: &mut Exec<'_, '_>, l: &Launch) -> Result<(), SimError> {
    let (grid, block, _) = sizes(x, &l.grid, &l.block)?;
    let spec = LaunchSpec { grid, block, ..l.spec.clone() };
    x.launch(&spec)
}

struct LaunchFunc {
    name: String,
    kernel: OpId,
    grid: [Slot; 3],
    block: [Slot; 3],
    args: Box<[Slot]>,
    workgroup: Vec<(Scalar, Vec<i64>)>,
    private: Vec<(Scalar, Vec<i64>)>,
}

fn prepare_launch_func(p: &mut Prep<'_>, op: OpId) -> Result<LaunchFunc, Diagnostic> {
    let ctx = p.ctx();
    let l = LaunchFuncOp::view(ctx, op).ok_or_else(|| p.error(op, "malformed gpu.launch_func"))?;
    let k = l.kernel_func(ctx).ok_or_else(|| p.error(op, "cannot find the launched kernel"))?;
    let args = l.kernel_operands(ctx);
    if args.len() != k.arguments(ctx).len() {
        return Err(p.error(
            op,
            format!(
                "kernel @{} takes {} arguments, the launch passes {}",
                k.name(ctx),
                k.arguments(ctx).len(),
                args.len()
            ),
        ));
    }
    let mut workgroup = Vec::new();
    for &w in k.workgroup_attributions(ctx) {
        workgroup.push(attribution(p, k.0, w, Space::Workgroup)?);
    }
    let mut private = Vec::new();
    for &v in k.private_attributions(ctx) {
        private.push(attribution(p, k.0, v, Space::Private)?);
    }
    p.require(k.0);
    Ok(LaunchFunc {
        name: k.name(ctx).to_string(),
        kernel: k.0,
        grid: three(p, l.grid_size(ctx)),
        block: three(p, l.block_size(ctx)),
        args: p.slots(args).into(),
        workgroup,
        private,
    })
}

fn exec_launch_func(x: &mut Exec<'_, '_>, l: &LaunchFunc) -> Result<(), SimError> {
    let (grid, block, lane) = sizes(x, &l.grid, &l.block)?;
    let f = x.function(l.kernel).ok_or_else(|| x.error("the kernel was not compiled"))?;
    let mut slots = f.args.iter().copied();
    let mut inits: Vec<(Slot, LaneInit)> = Vec::with_capacity(f.args.len());
    for &a in l.args.iter() {
        let s = slots.next().ok_or_else(|| x.error("the kernel has fewer arguments than the launch passes"))?;
        inits.push((s, LaneInit::Value(x.get(a, lane))));
    }
    for (elem, shape) in &l.workgroup {
        let s = slots.next().ok_or_else(|| x.error("missing workgroup attribution"))?;
        inits.push((s, LaneInit::Workgroup(*elem, shape.clone(), SharedLayout::RowMajor)));
    }
    for (elem, shape) in &l.private {
        let s = slots.next().ok_or_else(|| x.error("missing private attribution"))?;
        inits.push((s, LaneInit::Private(*elem, shape.clone())));
    }
    let spec = LaunchSpec {
        name: l.name.clone(),
        grid,
        block,
        func: Some(l.kernel),
        entry: f.entry,
        captures: Vec::new(),
        inits,
    };
    x.launch(&spec)
}

pub(crate) fn register(s: &mut Semantics) {
    s.lane(&THREAD_ID, dimension, |cx, &d, _| cx.thread_id(d).map(sharc_sim::Val::Int));
    s.lane(&BLOCK_ID, dimension, |cx, &d, _| cx.block_id(d).map(sharc_sim::Val::Int));
    s.lane(&BLOCK_DIM, dimension, |cx, &d, _| cx.block_dim(d).map(sharc_sim::Val::Int));
    s.lane(&GRID_DIM, dimension, |cx, &d, _| cx.grid_dim(d).map(sharc_sim::Val::Int));
    s.region(&BARRIER, |_, _| Ok(()), |x, _| x.barrier());
    s.region(&LAUNCH, prepare_launch, exec_launch);
    s.region(&LAUNCH_FUNC, prepare_launch_func, exec_launch_func);
    s.terminator(&RETURN);
    s.terminator(&TERMINATOR);
}
