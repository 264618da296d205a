//! `sharcc --report`: the decisions the pipeline took, one row per kernel, read back from the
//! lowered module itself — each `gpu.launch_func` with its kernel's block shape and, for kernels
//! placed by the partition search, the `sharc.plan` the search attached (staged arrays, tiles,
//! shared bytes, occupancy, profit). Reading the IR rather than the passes' internals keeps the
//! report true to what was generated.

use sharc_dialects::gpu::LaunchFuncOp;
use sharc_ir::syntax::printer::attr_to_string;
use sharc_ir::{Attr, AttrKind, Context, OpId};
use sharc_passes::analysis::partition::PLAN_ATTR;
use std::fmt::Write as _;

/// One kernel's row.
struct Row {
    kernel: String,
    at: String,
    block: String,
    placement: String,
    shared_bytes: String,
    occupancy: String,
    profit: String,
}

/// The report for every kernel launch in `module`, as an aligned text table.
pub fn render(ctx: &Context, module: OpId) -> String {
    let rows: Vec<Row> = ctx.collect_ops(module).into_iter().filter_map(|op| row(ctx, op)).collect();
    if rows.is_empty() {
        return "sharcc report: no kernel was generated\n".to_string();
    }
    let header = ["kernel", "source", "block", "shared memory placement", "shared bytes", "occupancy", "profit"];
    let cells: Vec<[&str; 7]> = rows
        .iter()
        .map(|r| [&*r.kernel, &*r.at, &*r.block, &*r.placement, &*r.shared_bytes, &*r.occupancy, &*r.profit])
        .collect();
    let widths: Vec<usize> = (0..7)
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

fn row(ctx: &Context, op: OpId) -> Option<Row> {
    let launch = LaunchFuncOp::view(ctx, op)?;
    let (module, name) = launch.kernel_module_and_name(ctx)?;
    let kernel = format!("@{module}::@{name}");
    let at = match ctx.loc(op).position() {
        Some((file, line, _)) => format!("{}:{line}", file.rsplit('/').next().unwrap_or(file)),
        None => "-".to_string(),
    };
    let func = launch.kernel_func(ctx);
    let known = func.and_then(|f| f.known_block_size(ctx));
    let plan = ctx.attr_of(op, PLAN_ATTR).and_then(|a| ctx.attr_dict(a).map(|d| d.to_vec()));
    let field = |name: &str| plan.as_ref().and_then(|d| d.iter().find(|(n, _)| n == name).map(|(_, a)| *a));
    let block = match (field("block").and_then(|a| ints(ctx, a)), known) {
        (Some(b), _) => dims(&b),
        (None, Some(k)) => dims(&k),
        (None, None) => "-".to_string(),
    };
    let staged: Vec<String> = field("staged")
        .and_then(|a| ctx.attr_array(a).map(<[Attr]>::to_vec))
        .unwrap_or_default()
        .into_iter()
        .filter_map(|s| staged_array(ctx, s))
        .collect();
    let placement = match (&plan, staged.is_empty()) {
        (None, _) => "none (baseline mapping)".to_string(),
        (Some(_), true) => "none (no array pays off)".to_string(),
        (Some(_), false) => staged.join("; "),
    };
    let text = |name: &str| field(name).map_or("-".to_string(), |a| plain(ctx, a));
    Some(Row {
        kernel,
        at,
        block,
        placement,
        shared_bytes: text("shared_bytes"),
        occupancy: text("occupancy"),
        profit: text("profit"),
    })
}

/// `A 32x32 f32 (reuse,coalesce)` for one entry of the plan's `staged` list.
fn staged_array(ctx: &Context, entry: Attr) -> Option<String> {
    let d = ctx.attr_dict(entry)?;
    let get = |name: &str| d.iter().find(|(n, _)| n == name).map(|(_, a)| *a);
    let name = get("name").map_or("?".to_string(), |a| plain(ctx, a));
    let tile = get("tile").and_then(|a| ints(ctx, a)).map_or("?".to_string(), |t| dims(&t));
    let why = get("why").map_or(String::new(), |a| format!(" ({})", plain(ctx, a)));
    let access = get("access").map_or(String::new(), |a| format!(", {}", plain(ctx, a)));
    Some(format!("{name} {tile}{why}{access}"))
}

fn ints(ctx: &Context, a: Attr) -> Option<Vec<i64>> {
    ctx.attr_dense_ints(a).map(|v| v.iter().map(|&x| x as i64).collect())
}

fn dims(v: &[i64]) -> String {
    v.iter().map(i64::to_string).collect::<Vec<_>>().join("x")
}

/// An attribute without its type or quotes: `8192`, `16384 * n`, `1.0`.
fn plain(ctx: &Context, a: Attr) -> String {
    match ctx.attr_kind(a) {
        AttrKind::String(bytes) => String::from_utf8_lossy(bytes).into_owned(),
        AttrKind::Integer { value, .. } => value.to_string(),
        AttrKind::Float { bits, .. } => format!("{:.2}", f64::from_bits(*bits)),
        _ => attr_to_string(ctx, a),
    }
}
