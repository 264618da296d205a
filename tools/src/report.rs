//! `sharcc --report`: the decisions the pipeline took, one row per kernel, read back from the
//! lowered module itself — each `gpu.launch_func` with its kernel's block shape, its workgroup
//! attributions (the shared buffers that exist: their shapes and, summed, the shared bytes) and
//! the `sharc.plan` it carries (for kernels placed by the partition search: which array each
//! buffer holds and why, the arrays `sharc-promote` refused and why, occupancy, profit, the
//! bank-conflict fix of each conflicted buffer, the windows `sharc-register-rotate` carries in
//! registers, the ILP factor `sharc-ilp` applied, and the block order `sharc-block-remap` chose
//! with the channel imbalance behind it).
//! Reading the IR rather than the passes' internals keeps the report true to what was generated.

use sharc_dialects::gpu::LaunchFuncOp;
use sharc_ir::{Context, OpId};
use sharc_passes::analysis::lane_index::element_bytes;
use sharc_passes::plan::{BankFix, IlpDecision, Plan, StagedArray};
use std::fmt::Write as _;

/// One kernel's row (`sharcc --report=FILE.svg` shows the same cells in each kernel's header).
pub(crate) struct Row {
    pub(crate) kernel: String,
    pub(crate) at: String,
    pub(crate) block: String,
    pub(crate) placement: String,
    pub(crate) shared_bytes: String,
    pub(crate) occupancy: String,
    pub(crate) profit: String,
    pub(crate) bank: String,
    pub(crate) ilp: String,
    pub(crate) rotate: String,
    pub(crate) remap: String,
}

/// The report for every kernel launch in `module`, as an aligned text table.
pub fn render(ctx: &Context, module: OpId) -> String {
    let rows: Vec<Row> = ctx.collect_ops(module).into_iter().filter_map(|op| row(ctx, op)).collect();
    if rows.is_empty() {
        return "sharcc report: no kernel was generated\n".to_string();
    }
    let header = [
        "kernel",
        "source",
        "block",
        "shared memory placement",
        "shared bytes",
        "occupancy",
        "profit",
        "bank",
        "ilp",
        "rotate",
        "remap",
    ];
    let cells: Vec<[&str; 11]> = rows
        .iter()
        .map(|r| {
            [
                &*r.kernel,
                &*r.at,
                &*r.block,
                &*r.placement,
                &*r.shared_bytes,
                &*r.occupancy,
                &*r.profit,
                &*r.bank,
                &*r.ilp,
                &*r.rotate,
                &*r.remap,
            ]
        })
        .collect();
    let widths: Vec<usize> = (0..header.len())
        .map(|c| cells.iter().map(|r| r[c].chars().count()).chain([header[c].len()]).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    let mut line = |cells: &[&str]| {
        let text: Vec<String> = cells.iter().zip(&widths).map(|(c, w)| format!("{c:<w$}")).collect();
        let _ = writeln!(out, "{}", text.join("  ").trim_end());
    };
    let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
    line(&header);
    line(&rule.iter().map(String::as_str).collect::<Vec<_>>());
    for r in &cells {
        line(r);
    }
    out
}

/// The row of the kernel `op` launches; `None` when `op` is not a `gpu.launch_func`.
pub(crate) fn row(ctx: &Context, op: OpId) -> Option<Row> {
    let launch = LaunchFuncOp::view(ctx, op)?;
    let (module, name) = launch.kernel_module_and_name(ctx)?;
    let kernel = format!("@{module}::@{name}");
    let at = match ctx.loc(op).position() {
        Some((file, line, _)) => format!("{}:{line}", file.rsplit('/').next().unwrap_or(file)),
        None => "-".to_string(),
    };
    let func = launch.kernel_func(ctx);
    let known = func.and_then(|f| f.known_block_size(ctx));
    // The buffers the kernel allocates: shape and bytes of each workgroup attribution.
    let buffers: Vec<(Vec<i64>, u64)> =
        func.map(|f| f.workgroup_attributions(ctx).iter().map(|&b| buffer(ctx, b)).collect()).unwrap_or_default();
    // A malformed plan reads as none: the report describes, the verifier and passes check.
    let plan = Plan::of(ctx, op).and_then(Result::ok);
    // The kernel's own block shape first: sharc-ilp shrinks the block the plan chose.
    let block = match (known, &plan) {
        (Some(k), _) => dims(&k),
        (None, Some(p)) => dims(&p.block),
        (None, None) => "-".to_string(),
    };
    let search = plan.as_ref().and_then(|p| p.search.as_ref());
    let placement = match (&plan, search) {
        (Some(p), _) if !p.resident.is_empty() => placement(p, &buffers),
        (Some(p), Some(_)) if !p.staged.is_empty() || !p.refused.is_empty() || !buffers.is_empty() => {
            placement(p, &buffers)
        }
        (Some(_), Some(_)) => "none (no array pays off)".to_string(),
        _ if !buffers.is_empty() => placement(&Plan::baseline([1, 1, 1], Vec::new()), &buffers),
        _ => "none (baseline mapping)".to_string(),
    };
    let text = |f: fn(&sharc_passes::plan::SearchSummary) -> String| search.map_or("-".to_string(), f);
    let shared_bytes = match (search, buffers.is_empty()) {
        (None, true) => "-".to_string(),
        _ => buffers.iter().map(|(_, b)| b).sum::<u64>().to_string(),
    };
    Some(Row {
        kernel,
        at,
        block,
        placement,
        shared_bytes,
        occupancy: text(|s| format!("{:.2}", s.occupancy)),
        profit: text(|s| s.profit.clone()),
        bank: plan.as_ref().map_or("-".to_string(), bank_fixes),
        ilp: plan.as_ref().and_then(|p| p.ilp.as_ref()).map_or("-".to_string(), ilp_decision),
        rotate: plan.as_ref().map_or("-".to_string(), rotations),
        // sharc-block-remap's decision with the first window's channel imbalance before and
        // after; `-` where it did not run.
        remap: plan.as_ref().and_then(|p| p.remap.clone()).unwrap_or_else(|| "-".to_string()),
    })
}

/// The `rotate` cell: each window of `sharc-register-rotate`, `input[d0] 9 -> 1 (8 regs)` (the
/// array, the subscript shifting along the loop, the group's loads per iteration before and
/// after, the registers carried); `-` where nothing was rotated.
fn rotations(p: &Plan) -> String {
    if p.rotate.is_empty() {
        return "-".to_string();
    }
    let cells: Vec<String> =
        p.rotate.iter().map(|r| format!("{}[d{}] {} -> 1 ({} regs)", r.array, r.dim, r.loads, r.window - 1)).collect();
    cells.join(", ")
}

/// The `ilp` cell: `4 cyclic y (model, latency-bound; 32 regs, ptxas -v sm_80)`, or `1 (...)`
/// with the reason nothing was replicated; `-` where sharc-ilp did not run.
fn ilp_decision(d: &IlpDecision) -> String {
    let registers = match d.registers {
        Some(r) => format!("; {r} regs, {}", d.register_source),
        None => String::new(),
    };
    if d.factor == 1 {
        format!("1 ({}{registers})", d.reason)
    } else {
        format!("{} {} {} ({}{registers})", d.factor, d.distribution, d.dim, d.reason)
    }
}

/// The `bank` cell: each conflicted buffer's fix and its wavefronts per block before and after
/// (`out pad 1 4224->512`); `-` where no buffer was conflicted.
fn bank_fixes(plan: &Plan) -> String {
    if plan.bank.is_empty() {
        return "-".to_string();
    }
    let fix = |b: &BankFix| format!("{} {} {}->{}", b.array, b.fix, b.cost_before, b.cost_after);
    plan.bank.iter().map(fix).collect::<Vec<_>>().join("; ")
}

/// The placement cell: each buffer of the kernel with the staged array the plan names for it
/// (`sharc-promote` allocates them in the order of the plan's `staged` list, which it leaves
/// holding only what it staged), then each refused array with why. A buffer the plan does not
/// name, or an array with no buffer, is shown as such rather than guessed.
fn placement(plan: &Plan, buffers: &[(Vec<i64>, u64)]) -> String {
    let mut cells = Vec::new();
    // sharc-promote's buffers come first in the kernel, then sharc-resident-columns' (a band has
    // one kind or the other).
    let staged = plan.staged.len();
    for i in 0..buffers.len().max(staged + plan.resident.len()) {
        let label = |i: usize| if i < staged { plan.tile_label(i) } else { plan.resident[i - staged].name.clone() };
        let entry = plan.staged.get(i).or_else(|| i.checked_sub(staged).and_then(|r| plan.resident.get(r)));
        cells.push(match (entry, buffers.get(i)) {
            (Some(s), Some((shape, _))) if i >= staged => {
                format!("{} column {} (resident), {}", label(i), dims(shape), s.access_name())
            }
            (Some(s), Some((shape, _))) => staged_array(s, &label(i), shape),
            (Some(_), None) => format!("{}: no buffer in the kernel", label(i)),
            (None, Some((shape, _))) => format!("unnamed buffer {}", dims(shape)),
            (None, None) => continue,
        });
    }
    cells.extend(plan.refused.iter().map(|r| format!("{}: not staged ({})", r.name, r.why)));
    cells.join("; ")
}

/// `A 32x33 (reuse,coalesce), read` for one staged tile, named `label` (`A[d0, d2]` when the
/// array has several tiles), in a buffer of shape `shape` (padding included).
fn staged_array(s: &StagedArray, label: &str, shape: &[i64]) -> String {
    format!("{label} {} ({}), {}", dims(shape), s.why(), s.access_name())
}

/// The shape and bytes of a workgroup attribution.
pub(crate) fn buffer(ctx: &Context, b: sharc_ir::Value) -> (Vec<i64>, u64) {
    let ty = ctx.value_type(b);
    let shape = ctx.shape(ty).map(<[i64]>::to_vec).unwrap_or_default();
    let elem = ctx.memref_parts(ty).and_then(|m| element_bytes(ctx, m.elem)).unwrap_or(0);
    let count = shape.iter().try_fold(1u64, |acc, &d| acc.checked_mul(u64::try_from(d).ok()?)).unwrap_or(0);
    (shape, count.saturating_mul(u64::from(elem)))
}

pub(crate) fn dims(v: &[i64]) -> String {
    v.iter().map(i64::to_string).collect::<Vec<_>>().join("x")
}
