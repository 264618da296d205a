//! `sharcc --report=FILE.svg` (or `.html`): the decisions of `--report` drawn per kernel, next to
//! what they do when the kernel runs.
//!
//! Each kernel is one `<g class="kernel">` with three panels:
//! - the tile layout over the iteration space: the kernel's block (its `gpu.func`'s known block
//!   size), the iterations one block covers (the block times the ILP factor `sharc-ilp` applied,
//!   from the `sharc.plan` the kernel carries), the grid the simulated launch had, and each shared
//!   buffer of the kernel (its workgroup attribution's shape) with the staged tile's halo and any
//!   padding the bank fix added;
//! - a bank heat map per shared buffer: for every shared load and store of the buffer, the
//!   accesses each bank serializes per phase of a request (`sharc_machine::bank::bank_layers`,
//!   the numbers whose largest is the phase's conflict degree), averaged over the requests the
//!   simulator saw, before the bank fix (the same pipeline with `--bank-fix=off`) and after it
//!   (the kernel as generated);
//! - the kernel's global 32-byte sectors in the simulator: the baseline (`--no-shared`), the
//!   default pipeline, and the compulsory sectors (distinct bytes read and written / sector
//!   size), as `suite-report` draws them (`sharc_svg`).
//!
//! Nothing is taken from what a pass intended: shapes and decisions are read back from the
//! lowered module, traffic and bank accesses are measured by running the host function in the
//! simulator on generated inputs at one size (`--report-size`, scalars by the front-end's default
//! rule, arrays of deterministic random values). What cannot be measured (an MLIR input whose
//! arrays have dynamic extents, a run that fails) is said in the picture instead of drawn.

use crate::report::{self, dims};
use sharc_dialects::func::FuncOp;
use sharc_dialects::gpu::LaunchFuncOp;
use sharc_dialects::sharc::NAME_ATTR;
use sharc_ir::types::DYNAMIC;
use sharc_ir::{Context, OpId};
use sharc_machine::bank::{bank_layers, for_each_phase, BankGeometry};
use sharc_machine::Target;
use sharc_passes::plan::Plan;
use sharc_sim::io::{self, ArgValue};
use sharc_sim::listener::{KernelInfo, Listener, Request};
use sharc_sim::metrics::lane_addresses;
use sharc_sim::{KernelMetrics, Machine, Metrics, Program, Scalar, Space, Val};
use sharc_svg::{escape, BarChart, Group, Style};
use std::any::Any;
use std::collections::HashMap;
use std::fmt::Write as _;

/// The size the simulated runs use when `--report-size` gives none: `suite-report`'s default, at
/// which the suite's kernels simulate in seconds and every tile of the shipped targets fills.
pub const DEFAULT_SIZE: i64 = 128;

/// The seed of the generated arrays (any fixed value: the picture is reproducible).
const INPUT_SEED: u64 = 1;

/// A lowered (gpu-level) module.
#[derive(Clone, Copy)]
pub struct Lowered<'a> {
    /// Its context.
    pub ctx: &'a Context,
    /// The module.
    pub module: OpId,
}

/// Where the host functions' parameters come from.
pub enum Source<'a> {
    /// A C file: array extents are the C parameters' expressions (`float A[n][n]`).
    C {
        /// The file.
        path: &'a std::path::Path,
        /// `-I`, `-D` (the function is chosen per host function).
        opts: &'a sharc_frontend::Options,
    },
    /// An MLIR module: only static extents are known.
    Mlir,
}

/// What the picture compares: the module as generated, and the same input through the baseline
/// pipeline and through the default pipeline without the bank fix (`Err`: why there is none).
pub struct Modules<'a> {
    /// The default pipeline's module (what sharcc wrote).
    pub default: Lowered<'a>,
    /// `--no-shared`.
    pub baseline: Result<Lowered<'a>, String>,
    /// `--bank-fix=off`.
    pub unfixed: Result<Lowered<'a>, String>,
}

/// One memory op's shared-memory requests in one kernel.
#[derive(Clone, Debug, Default)]
struct OpHeat {
    kernel: String,
    op: Option<OpId>,
    store: bool,
    requests: u64,
    /// Phases (conflict-free wavefronts) over all requests.
    phases: u64,
    /// Per bank, the distinct layers requested, summed over phases.
    layers: Vec<u64>,
    /// Per bank, the phases that request it at all.
    used: Vec<u64>,
    /// Wavefronts (sum of the phases' degrees).
    wavefronts: u64,
}

/// The listener behind the heat map: per kernel and shared op, the accesses of each bank.
struct BankHeat {
    geometry: BankGeometry,
    request_lanes: u32,
    warp_size: u32,
    kernel: Option<String>,
    ops: Vec<OpHeat>,
    index: HashMap<(String, OpId), usize>,
    lanes: Vec<Option<u64>>,
}

impl BankHeat {
    fn new(target: &Target) -> BankHeat {
        BankHeat {
            geometry: BankGeometry::of(target),
            request_lanes: target.shared_request_lanes,
            warp_size: target.warp_size,
            kernel: None,
            ops: Vec::new(),
            index: HashMap::new(),
            lanes: Vec::new(),
        }
    }
}

impl Listener for BankHeat {
    fn kernel_begin(&mut self, k: &KernelInfo) {
        self.kernel = Some(k.name.clone());
    }

    fn kernel_end(&mut self) {
        self.kernel = None;
    }

    fn request(&mut self, req: &Request<'_>) {
        let Some(kernel) = &self.kernel else { return };
        if req.space != Space::Workgroup {
            return;
        }
        let bytes = lane_addresses(req.accesses, self.warp_size, &mut self.lanes);
        let next = self.ops.len();
        let i = *self.index.entry((kernel.clone(), req.op)).or_insert(next);
        if i == next {
            self.ops.push(OpHeat {
                kernel: kernel.clone(),
                op: Some(req.op),
                store: req.store,
                layers: vec![0; self.geometry.bank_count as usize],
                used: vec![0; self.geometry.bank_count as usize],
                ..OpHeat::default()
            });
        }
        let (geometry, o) = (self.geometry, &mut self.ops[i]);
        o.requests += 1;
        for_each_phase(&self.lanes, bytes, geometry, self.request_lanes, |active| {
            let per_bank = bank_layers(active, geometry, bytes);
            o.phases += 1;
            o.wavefronts += u64::from(per_bank.iter().copied().max().unwrap_or(0));
            for ((sum, used), n) in o.layers.iter_mut().zip(o.used.iter_mut()).zip(per_bank) {
                *sum += u64::from(n);
                *used += u64::from(n > 0);
            }
        });
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// One simulated run of a host function.
struct Run {
    kernels: Vec<KernelMetrics>,
    heat: Vec<OpHeat>,
}

/// The host functions of `module` that launch a kernel, in order.
fn host_functions(ctx: &Context, module: OpId) -> Vec<FuncOp> {
    let Some(body) = ctx.entry_block(ctx.region(module, 0)) else { return Vec::new() };
    ctx.block_ops(body)
        .into_iter()
        .filter_map(|op| FuncOp::view(ctx, op))
        .filter(|f| ctx.collect_ops(f.0).into_iter().any(|op| LaunchFuncOp::view(ctx, op).is_some()))
        .collect()
}

/// The source name of `f`'s argument `i` (`argN` without one).
fn arg_name(ctx: &Context, f: FuncOp, i: usize) -> String {
    f.arg_attr_dict(ctx, i)
        .and_then(|d| ctx.attr_dict(d))
        .and_then(|d| d.iter().find(|(k, _)| k == NAME_ATTR))
        .and_then(|(_, a)| ctx.attr_str(*a))
        .map_or_else(|| format!("arg{i}"), str::to_string)
}

/// The inputs of host function `f` at `size`: scalars by the front-end's default rule, arrays of
/// random values with the C parameters' extents (or the memref's static shape).
fn inputs(ctx: &Context, f: FuncOp, source: &Source<'_>, size: i64) -> Result<Vec<ArgValue>, String> {
    let name = ctx.symbol_name(f.0).unwrap_or("").to_string();
    let c_params = match source {
        Source::C { path, opts } => {
            let opts = sharc_frontend::Options { function: Some(name.clone()), ..(*opts).clone() };
            Some(sharc_frontend::parameters(path, &opts)?.1)
        }
        Source::Mlir => None,
    };
    let types = f.arg_types(ctx);
    // Scalars first: array extents are expressions of them.
    let mut ints: HashMap<String, i64> = HashMap::new();
    let mut values: Vec<Option<ArgValue>> = vec![None; types.len()];
    for (i, &ty) in types.iter().enumerate() {
        let Some(s) = Scalar::of(ctx, ty) else { continue };
        let arg = arg_name(ctx, f, i);
        let text = match sharc_frontend::harness::default_scalar(&arg, s.is_float()) {
            sharc_frontend::harness::DefaultScalar::Size => size.to_string(),
            sharc_frontend::harness::DefaultScalar::Literal(v) => v.to_string(),
        };
        let v = io::parse_scalar(s, &text).map_err(|e| format!("scalar '{arg}': {e}"))?;
        if !s.is_float() {
            if let Ok(n) = text.parse::<i64>() {
                ints.insert(arg.clone(), n);
            }
        }
        values[i] = Some(ArgValue::Scalar(v));
    }
    for (i, &ty) in types.iter().enumerate() {
        if values[i].is_some() {
            continue;
        }
        let arg = arg_name(ctx, f, i);
        let parts = ctx.memref_parts(ty).ok_or_else(|| format!("argument '{arg}' is neither a scalar nor a memref"))?;
        let elem =
            Scalar::of(ctx, parts.elem).ok_or_else(|| format!("argument '{arg}' has an unsupported element type"))?;
        let mut shape = parts.shape.to_vec();
        if shape.contains(&DYNAMIC) {
            let param = c_params.as_ref().and_then(|ps| ps.iter().find(|p| p.name == arg));
            let extents = param.and_then(|p| p.dims.as_ref()).ok_or_else(|| {
                format!("array '{arg}' has dynamic extents, which only a C source's parameter declares")
            })?;
            if extents.len() != shape.len() {
                return Err(format!(
                    "array '{arg}': the C parameter has {} extents, the memref {}",
                    extents.len(),
                    shape.len()
                ));
            }
            for (d, e) in shape.iter_mut().zip(extents) {
                if *d == DYNAMIC {
                    let value = e.as_ref().and_then(|e| sharc_frontend::eval_extent(e, &|n| ints.get(n).copied()));
                    *d = value.filter(|&v| v >= 0).ok_or_else(|| {
                        format!("array '{arg}': an extent is not an integer expression of the scalars")
                    })?;
                }
            }
        }
        values[i] = Some(ArgValue::Array(io::random_array(elem, &shape, INPUT_SEED, i)));
    }
    Ok(values.into_iter().flatten().collect())
}

/// Runs host function `name` of `lowered` on `inputs` in the simulator.
fn simulate(lowered: Lowered<'_>, name: &str, inputs: &[ArgValue], target: &Target) -> Result<Run, String> {
    let ctx = lowered.ctx;
    let entry = ctx
        .lookup_symbol_in(lowered.module, name)
        .and_then(|op| FuncOp::view(ctx, op))
        .ok_or_else(|| format!("no host function @{name}"))?;
    let semantics = sharc_dialects::semantics();
    let program = Program::compile(ctx, &semantics, target, &[entry.0]).map_err(|d| d.message.clone())?;
    let mut machine = Machine::new(ctx, &program, target);
    machine.add_listener(Box::new(Metrics::new(target, name)));
    machine.add_listener(Box::new(BankHeat::new(target)));
    let mut args = Vec::new();
    for v in inputs {
        args.push(match v {
            ArgValue::Scalar(v) => *v,
            ArgValue::Array(a) => {
                let limit = machine.alloc_limit;
                let m = machine
                    .mem
                    .alloc(sharc_sim::memory::Arena::Heap, Space::Global, a.elem, &a.shape, limit)
                    .ok_or_else(|| format!("cannot allocate an input of shape {}", dims(&a.shape)))?;
                machine.mem.fill(Val::Mem(m), &a.data).map_err(|e| e.to_string())?;
                Val::Mem(m)
            }
        });
    }
    machine.call_function(entry.0, &args).map_err(|e| e.diagnostic().message.clone())?;
    let kernels = machine
        .listeners()
        .iter()
        .find_map(|l| l.as_any().downcast_ref::<Metrics>())
        .map(Metrics::kernels)
        .unwrap_or_default();
    let heat = machine
        .listeners()
        .iter()
        .find_map(|l| l.as_any().downcast_ref::<BankHeat>())
        .map_or(Vec::new(), |h| h.ops.clone());
    Ok(Run { kernels, heat })
}

/// Runs `f` on the three modules; each result is the run or why there is none.
fn measure(
    modules: &Modules<'_>,
    f: FuncOp,
    source: &Source<'_>,
    size: i64,
    target: &Target,
) -> [Result<Run, String>; 3] {
    let ctx = modules.default.ctx;
    let name = ctx.symbol_name(f.0).unwrap_or("").to_string();
    let inputs = match inputs(ctx, f, source, size) {
        Ok(i) => i,
        Err(e) => return [Err(e.clone()), Err(e.clone()), Err(e)],
    };
    // The interpreter recurses on the stack for nested regions and calls (as in sharc-run).
    let run = |m: Result<Lowered<'_>, String>| -> Result<Run, String> {
        let m = m?;
        std::thread::scope(|s| {
            let worker = std::thread::Builder::new()
                .stack_size(512 << 20)
                .spawn_scoped(s, || simulate(m, &name, &inputs, target))
                .map_err(|e| format!("cannot start the simulator: {e}"))?;
            worker.join().unwrap_or_else(|_| Err("the simulator failed internally".to_string()))
        })
    };
    [run(Ok(modules.default)), run(modules.baseline.clone()), run(modules.unfixed.clone())]
}

/// The kernels of one picture: per launch, what the report says and what was measured.
struct Kernel {
    name: String,
    row: report::Row,
    block: [i64; 3],
    plan: Option<Plan>,
    /// Shape and bytes of each workgroup buffer.
    buffers: Vec<(Vec<i64>, u64)>,
    /// The default run's metrics of the kernel, the baseline's, and why either is missing.
    default: Result<KernelMetrics, String>,
    baseline: Result<KernelMetrics, String>,
    /// Per buffer, the heat rows after and before the fix.
    after: Result<Vec<Vec<HeatRow>>, String>,
    before: Result<Vec<Vec<HeatRow>>, String>,
}

/// One row of a heat map: a shared op and, per bank, its mean accesses in the phases that
/// request the bank (0: never requested).
struct HeatRow {
    label: String,
    per_bank: Vec<f64>,
    requests: u64,
    /// Mean wavefronts per request.
    wavefronts: f64,
    /// Mean phases (the conflict-free wavefronts) per request.
    ideal: f64,
}

/// Whether the simulator's name of a launched kernel (`transpose_b0`) is `kernel`
/// (`@transpose_kernels::@transpose_b0`).
fn same_kernel(simulated: &str, kernel: &str) -> bool {
    simulated == kernel || kernel.rsplit("::@").next() == Some(simulated)
}

/// The kernel's metrics in `run`.
fn kernel_metrics(run: &Result<Run, String>, kernel: &str) -> Result<KernelMetrics, String> {
    let run = run.as_ref().map_err(Clone::clone)?;
    run.kernels.iter().find(|k| same_kernel(&k.kernel, kernel)).cloned().ok_or_else(|| {
        let ran: Vec<&str> = run.kernels.iter().map(|k| k.kernel.as_str()).collect();
        format!(
            "{kernel} did not run (kernels run: {})",
            if ran.is_empty() { "none".to_string() } else { ran.join(", ") }
        )
    })
}

/// The heat rows of `kernel` in `run` of `lowered`, per workgroup buffer of the kernel.
fn heat_rows(
    run: &Result<Run, String>,
    lowered: Result<Lowered<'_>, String>,
    kernel: &str,
) -> Result<Vec<Vec<HeatRow>>, String> {
    let (run, lowered) = (run.as_ref().map_err(Clone::clone)?, lowered?);
    let ctx = lowered.ctx;
    let func = ctx
        .collect_ops(lowered.module)
        .into_iter()
        .filter_map(|op| LaunchFuncOp::view(ctx, op))
        .find(|l| l.kernel_module_and_name(ctx).is_some_and(|(m, n)| format!("@{m}::@{n}") == kernel))
        .and_then(|l| l.kernel_func(ctx))
        .ok_or_else(|| format!("no kernel {kernel} in the module"))?;
    let buffers = func.workgroup_attributions(ctx);
    let mut rows: Vec<Vec<HeatRow>> = buffers.iter().map(|_| Vec::new()).collect();
    for h in run.heat.iter().filter(|h| same_kernel(&h.kernel, kernel)) {
        let Some(op) = h.op else { continue };
        let Some(b) = ctx.operands(op).iter().find_map(|v| buffers.iter().position(|b| b == v)) else { continue };
        let line = ctx.loc(op).position().map_or(String::new(), |(_, l, _)| format!(" line {l}"));
        rows[b].push(HeatRow {
            label: format!("{}{line}", if h.store { "store" } else { "load" }),
            // Averaged over the phases that use the bank: over all phases, a column read whose
            // 32-way conflict moves from bank to bank with the warp would average to 1 per bank.
            per_bank: h
                .layers
                .iter()
                .zip(&h.used)
                .map(|(&n, &u)| if u == 0 { 0.0 } else { n as f64 / u as f64 })
                .collect(),
            requests: h.requests,
            wavefronts: h.wavefronts as f64 / h.requests.max(1) as f64,
            ideal: h.phases as f64 / h.requests.max(1) as f64,
        });
    }
    Ok(rows)
}

/// The picture of every kernel `modules.default` launches, as an SVG document.
pub fn render(modules: &Modules<'_>, source: &Source<'_>, target: &Target, size: i64) -> String {
    let ctx = modules.default.ctx;
    let mut kernels = Vec::new();
    for f in host_functions(ctx, modules.default.module) {
        let runs = measure(modules, f, source, size, target);
        for op in ctx.collect_ops(f.0) {
            let Some(launch) = LaunchFuncOp::view(ctx, op) else { continue };
            let Some(row) = report::row(ctx, op) else { continue };
            let func = launch.kernel_func(ctx);
            let name = row.kernel.clone();
            let plan = Plan::of(ctx, op).and_then(Result::ok);
            let block =
                func.and_then(|f| f.known_block_size(ctx)).or(plan.as_ref().map(|p| p.block)).unwrap_or([1, 1, 1]);
            kernels.push(Kernel {
                buffers: func
                    .map(|f| f.workgroup_attributions(ctx).iter().map(|&b| report::buffer(ctx, b)).collect())
                    .unwrap_or_default(),
                default: kernel_metrics(&runs[0], &name),
                baseline: kernel_metrics(&runs[1], &name),
                after: heat_rows(&runs[0], Ok(modules.default), &name),
                before: heat_rows(&runs[2], modules.unfixed.clone(), &name),
                name,
                row,
                block,
                plan,
            });
        }
    }
    draw(&kernels, target, size)
}

/// The SVG document wrapped in a page of its own (`--report=FILE.html`).
pub fn html(svg: &str) -> String {
    let body = svg.strip_prefix(XML_DECL).unwrap_or(svg);
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>sharcc report</title></head>\n<body style=\"margin:0\">\n{body}</body>\n</html>\n"
    )
}

const XML_DECL: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
const WIDTH: f64 = 1400.0;
const FONT: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";
/// Heat-map cells.
const CELL_W: f64 = 8.0;
const CELL_H: f64 = 14.0;

fn draw(kernels: &[Kernel], target: &Target, size: i64) -> String {
    let mut body = String::new();
    let mut y = 50.0;
    for (i, k) in kernels.iter().enumerate() {
        let (text, h) = kernel_group(i, k, target, y);
        body.push_str(&text);
        y += h + 30.0;
    }
    if kernels.is_empty() {
        let _ = writeln!(body, r#"<text x="20" y="{:.0}">no kernel was generated</text>"#, y + 10.0);
        y += 30.0;
    }
    let mut s = String::from(XML_DECL);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{WIDTH:.0}" height="{y:.0}" viewBox="0 0 {WIDTH:.0} {y:.0}" font-family="{FONT}" font-size="11">"#
    );
    let _ = writeln!(s, r#"<rect x="0" y="0" width="{WIDTH:.0}" height="{y:.0}" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="20" y="28" font-size="16" font-weight="bold">sharcc report, {}: {} kernel{}, measured in sharc-run at n = {size}</text>"#,
        escape(&target.name),
        kernels.len(),
        if kernels.len() == 1 { "" } else { "s" }
    );
    s.push_str(&body);
    s.push_str("</svg>\n");
    s
}

/// One kernel's group at `top`, and its height.
fn kernel_group(i: usize, k: &Kernel, target: &Target, top: f64) -> (String, f64) {
    let mut s = String::new();
    let _ = writeln!(s, r#"<g class="kernel" id="kernel-{i}" data-kernel="{}">"#, escape(&k.name));
    let r = &k.row;
    let lines = [
        format!("{}  ({}), block {}", r.kernel, r.at, r.block),
        format!("shared: {} ({} B)", r.placement, r.shared_bytes),
        format!(
            "occupancy {}, profit {}, bank fix {}, rotate {}, ilp {}",
            r.occupancy, r.profit, r.bank, r.rotate, r.ilp
        ),
        format!("block order {}", r.remap),
    ];
    let _ = writeln!(s, r##"<rect x="10" y="{:.0}" width="{:.0}" height="4" fill="#2f6db5"/>"##, top, WIDTH - 20.0);
    for (j, l) in lines.iter().enumerate() {
        let weight = if j == 0 { r#" font-weight="bold" font-size="13""# } else { "" };
        let _ = writeln!(s, r#"<text x="20" y="{:.0}"{weight}>{}</text>"#, top + 22.0 + 16.0 * j as f64, escape(l));
    }
    let panels = top + 22.0 + 16.0 * lines.len() as f64 + 10.0;
    let (tiles, th) = tile_panel(k, 20.0, panels);
    s.push_str(&tiles);
    // The bars under the tiles, the heat maps (two maps with their rows' numbers) on the right.
    let (bars, bh) = sector_panel(k, target, 20.0, panels + th + 10.0);
    s.push_str(&bars);
    let (heat, hh) = heat_panel(k, target, 500.0, panels);
    s.push_str(&heat);
    s.push_str("</g>\n");
    (s, panels - top + (th + 10.0 + bh).max(hh))
}

/// The tile layout: a corner of the grid of block tiles over the iteration space, one block
/// highlighted with its threads' rows and ILP replicas, and each shared buffer with its halo and
/// padding.
fn tile_panel(k: &Kernel, x: f64, y: f64) -> (String, f64) {
    let mut s = String::new();
    let _ = writeln!(s, r#"<g class="tiles">"#);
    let _ = writeln!(
        s,
        r#"<text x="{x:.0}" y="{:.0}" font-weight="bold">tile layout over the iteration space</text>"#,
        y + 12.0
    );
    let ilp = k.plan.as_ref().and_then(|p| p.ilp.as_ref()).filter(|d| d.factor > 1);
    let factor = |dim: &str| ilp.filter(|d| d.dim == dim).map_or(1, |d| d.factor);
    let tile = [k.block[0] * factor("x"), k.block[1] * factor("y")];
    let grid = k.default.as_ref().ok().map(|m| m.grid);
    let (gx, gy) = grid.map_or((3, 3), |g| (i64::from(g[0]), i64::from(g[1])));
    let (sx, sy) = (gx.clamp(1, 4), gy.clamp(1, 4));
    // Scale: the shown blocks fit 260 x 200 pixels, square iterations.
    let scale = (260.0 / (sx * tile[0]) as f64).min(200.0 / (sy * tile[1]) as f64);
    // A thin tile (a 1-D band: 1024x1) keeps a visible height.
    let (w, h) = ((tile[0] as f64 * scale).max(10.0), (tile[1] as f64 * scale).max(10.0));
    let (ox, oy) = (x + 20.0, y + 40.0);
    let grid_text = match grid {
        Some(g) => format!("grid {}x{}x{} blocks (simulated launch); {sx}x{sy} shown", g[0], g[1], g[2]),
        None => "grid not measured; 3x3 blocks drawn".to_string(),
    };
    let _ = writeln!(s, r#"<text x="{x:.0}" y="{:.0}">{}</text>"#, y + 28.0, escape(&grid_text));
    let (hx, hy) = (sx.min(2) - 1, sy.min(2) - 1);
    for by in 0..sy {
        for bx in 0..sx {
            let fill = if (bx, by) == (hx, hy) { "#cfe0f5" } else { "#f2f2f2" };
            let _ = writeln!(
                s,
                r##"<rect class="block-tile" x="{:.1}" y="{:.1}" width="{w:.1}" height="{h:.1}" fill="{fill}" stroke="#777" stroke-width="1"/>"##,
                ox + bx as f64 * w,
                oy + by as f64 * h
            );
        }
    }
    // The highlighted block: one thread row per block row, repeated per replica along y.
    let (hx0, hy0) = (ox + hx as f64 * w, oy + hy as f64 * h);
    let row_h = h / factor("y") as f64;
    for r in 1..factor("y") {
        let yr = hy0 + r as f64 * row_h;
        let _ = writeln!(
            s,
            r##"<line x1="{hx0:.1}" y1="{yr:.1}" x2="{:.1}" y2="{yr:.1}" stroke="#2f6db5" stroke-dasharray="4,3"/>"##,
            hx0 + w
        );
    }
    let ilp_text = match ilp {
        Some(d) => format!(", x {} {} along {}", d.factor, d.distribution, d.dim),
        None => String::new(),
    };
    let _ = writeln!(
        s,
        r#"<text class="block" x="{x:.0}" y="{:.1}">block {} threads{ilp_text}: {} iterations per block{}</text>"#,
        oy + sy as f64 * h + 16.0,
        dims(&k.block),
        dims(&[tile[0], tile[1], k.block[2] * factor("z")]),
        if k.block[2] * factor("z") > 1 { " (x by y drawn)" } else { "" }
    );
    // The shared buffers, at one scale for all, beside each other.
    let mut by = oy + sy as f64 * h + 36.0;
    if k.buffers.is_empty() {
        let _ = writeln!(s, r#"<text x="{x:.0}" y="{:.0}">no shared buffer</text>"#, by + 10.0);
        by += 20.0;
    }
    let plan_tiles: Vec<_> = k.plan.as_ref().map(|p| p.staged.iter().chain(&p.resident).collect()).unwrap_or_default();
    let extent = |shape: &[i64]| -> (i64, i64) {
        match shape {
            [] => (1, 1),
            [n] => (*n, 1),
            [.., r, c] => (*c, *r),
        }
    };
    let largest = k.buffers.iter().map(|(sh, _)| extent(sh)).fold(1, |m, (c, r)| m.max(c).max(r));
    // Large enough that a one-element halo of a 64-wide tile is a few pixels.
    let bscale = (170.0 / largest as f64).min(6.0);
    // One buffer per line: its drawing, then what it holds on the right.
    let bx = x;
    for (i, (shape, bytes)) in k.buffers.iter().enumerate() {
        let (cols, rows) = extent(shape);
        let (bw, bh) = ((cols as f64 * bscale).max(6.0), (rows as f64 * bscale).max(6.0));
        let staged = plan_tiles.get(i);
        let name = staged.map_or(format!("buffer {i}"), |t| t.name.clone());
        let _ = writeln!(s, r#"<g class="buffer" data-array="{}">"#, escape(&name));
        // Padding first (the whole buffer), then the tile over it, then the core over the halo.
        let _ = writeln!(
            s,
            r##"<rect x="{bx:.1}" y="{by:.1}" width="{bw:.1}" height="{bh:.1}" fill="#d9d9d9"><title>buffer {}</title></rect>"##,
            dims(shape)
        );
        let drawn = if shape.len() > 2 { " (last two dims drawn)" } else { "" };
        let mut notes = vec![format!("{name}: buffer {}, {bytes} B{drawn}", dims(shape))];
        if let Some(t) = staged {
            let (tc, tr) = extent(&t.tile);
            let halo =
                |v: &[i64], back: usize| v.len().checked_sub(back + 1).and_then(|i| v.get(i)).copied().unwrap_or(0);
            let (lo_c, hi_c, lo_r, hi_r) =
                (halo(&t.halo_lo, 0), halo(&t.halo_hi, 0), halo(&t.halo_lo, 1), halo(&t.halo_hi, 1));
            let (tw, th) = (tc.min(cols) as f64 * bscale, tr.min(rows) as f64 * bscale);
            let _ = writeln!(
                s,
                r##"<rect class="halo" x="{bx:.1}" y="{by:.1}" width="{tw:.1}" height="{th:.1}" fill="#f4b860"/>"##
            );
            let (cw, ch) = ((tc - lo_c - hi_c).max(0) as f64 * bscale, (tr - lo_r - hi_r).max(0) as f64 * bscale);
            let _ = writeln!(
                s,
                r##"<rect class="core" x="{:.1}" y="{:.1}" width="{cw:.1}" height="{ch:.1}" fill="#8fb8e8"/>"##,
                bx + lo_c as f64 * bscale,
                by + lo_r as f64 * bscale
            );
            let halos: Vec<String> = t.halo_lo.iter().zip(&t.halo_hi).map(|(l, h)| format!("{l}/{h}")).collect();
            notes.push(format!("tile {} ({}), halo lo/hi {}", dims(&t.tile), t.why(), halos.join(", ")));
            if t.tile != *shape {
                notes.push(format!("padding: {} vs tile {} (grey)", dims(shape), dims(&t.tile)));
            }
        }
        let _ = writeln!(
            s,
            r##"<rect x="{bx:.1}" y="{by:.1}" width="{bw:.1}" height="{bh:.1}" fill="none" stroke="#555" stroke-width="0.5"/>"##
        );
        for (j, n) in notes.iter().enumerate() {
            let _ = writeln!(
                s,
                r#"<text x="{:.1}" y="{:.1}">{}</text>"#,
                bx + bw + 10.0,
                by + 12.0 + 15.0 * j as f64,
                escape(n)
            );
        }
        s.push_str("</g>\n");
        by += bh.max(15.0 * notes.len() as f64) + 12.0;
    }
    let tallest = 0.0;
    let legend_y = by + tallest + 14.0;
    let _ = writeln!(
        s,
        r##"<text x="{x:.0}" y="{legend_y:.0}" fill="#555">blue: the block's iterations / a tile's core; orange: halo; grey: padding</text>"##
    );
    s.push_str("</g>\n");
    (s, legend_y - y + 10.0)
}

/// The colour of a bank cell holding `v` accesses per phase.
fn heat_colour(v: f64) -> String {
    if v <= 0.0 {
        return "#f4f4f4".to_string();
    }
    if v <= 1.0 {
        // Conflict-free: green, darker with use.
        let t = v;
        let c = |a: f64, b: f64| (a + (b - a) * t).round() as u8;
        return format!("#{:02x}{:02x}{:02x}", c(229.0, 116.0), c(245.0, 196.0), c(224.0, 118.0));
    }
    // Serialized: yellow at 2 to red at 32 ways, on a log scale.
    let t = (v.log2() / 5.0).clamp(0.0, 1.0);
    let c = |a: f64, b: f64| (a + (b - a) * t).round() as u8;
    format!("#{:02x}{:02x}{:02x}", c(254.0, 190.0), c(217.0, 20.0), c(118.0, 30.0))
}

/// The bank heat maps: per shared buffer, before and after the fix.
fn heat_panel(k: &Kernel, target: &Target, x: f64, y: f64) -> (String, f64) {
    let mut s = String::new();
    let _ = writeln!(s, r#"<g class="banks">"#);
    let _ = writeln!(
        s,
        r#"<text x="{x:.0}" y="{:.0}" font-weight="bold">shared-memory banks: serialized accesses per bank in a phase that uses it ({} banks)</text>"#,
        y + 12.0,
        target.bank_count
    );
    let mut cy = y + 30.0;
    if k.buffers.is_empty() {
        let _ = writeln!(s, r#"<text x="{x:.0}" y="{cy:.0}">no shared buffer</text>"#);
        s.push_str("</g>\n");
        return (s, 40.0);
    }
    let names: Vec<String> = (0..k.buffers.len())
        .map(|i| {
            k.plan
                .as_ref()
                .and_then(|p| p.staged.iter().chain(&p.resident).nth(i))
                .map_or(format!("buffer {i}"), |t| t.name.clone())
        })
        .collect();
    let map_w = target.bank_count as f64 * CELL_W;
    for (b, name) in names.iter().enumerate() {
        let _ = writeln!(s, r#"<g class="heatmap" data-array="{}">"#, escape(name));
        let _ = writeln!(s, r#"<text x="{x:.0}" y="{:.0}" font-weight="bold">{}</text>"#, cy + 4.0, escape(name));
        let mut tallest: f64 = 0.0;
        for (j, (title, rows)) in
            [("before the bank fix (--bank-fix=off)", &k.before), ("after (as generated)", &k.after)].iter().enumerate()
        {
            let px = x + j as f64 * (map_w + 190.0);
            let class = if j == 0 { "before" } else { "after" };
            let _ = writeln!(s, r#"<g class="{class}">"#);
            let _ = writeln!(s, r#"<text x="{px:.0}" y="{:.0}">{title}</text>"#, cy + 20.0);
            let mut ry = cy + 28.0;
            match rows.as_ref().map(|r| r.get(b)) {
                Err(e) => {
                    let _ = writeln!(
                        s,
                        r##"<text class="not-measured" x="{px:.0}" y="{:.0}" fill="#b00000">not measured: {}</text>"##,
                        ry + 10.0,
                        escape(&short(e))
                    );
                    ry += 16.0;
                }
                Ok(None) => {
                    let _ = writeln!(s, r#"<text x="{px:.0}" y="{:.0}">no access in the run</text>"#, ry + 10.0);
                    ry += 16.0;
                }
                Ok(Some(rows)) if rows.is_empty() => {
                    let _ = writeln!(s, r#"<text x="{px:.0}" y="{:.0}">no access in the run</text>"#, ry + 10.0);
                    ry += 16.0;
                }
                Ok(Some(rows)) => {
                    for r in rows.iter() {
                        for (bank, v) in r.per_bank.iter().enumerate() {
                            let _ = writeln!(
                                s,
                                r#"<rect x="{:.1}" y="{ry:.1}" width="{CELL_W}" height="{CELL_H}" fill="{}"><title>{}: bank {bank}, {v:.2} accesses per phase</title></rect>"#,
                                px + bank as f64 * CELL_W,
                                heat_colour(*v),
                                escape(&r.label)
                            );
                        }
                        let _ = writeln!(
                            s,
                            r#"<text class="row" x="{:.1}" y="{:.1}" font-size="9">{} ({} req, {:.2}/{:.2} wf)</text>"#,
                            px + map_w + 4.0,
                            ry + 10.0,
                            escape(&r.label),
                            r.requests,
                            r.wavefronts,
                            r.ideal
                        );
                        ry += CELL_H + 2.0;
                    }
                }
            }
            s.push_str("</g>\n");
            tallest = tallest.max(ry - cy);
        }
        s.push_str("</g>\n");
        cy += tallest + 14.0;
    }
    // The scale.
    let _ = writeln!(s, r#"<text x="{x:.0}" y="{:.0}">scale:</text>"#, cy + 10.0);
    for (i, v) in [0.0, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0].iter().enumerate() {
        let sx = x + 40.0 + i as f64 * 34.0;
        let _ = writeln!(s, r#"<rect x="{sx:.0}" y="{:.0}" width="14" height="12" fill="{}"/>"#, cy, heat_colour(*v));
        let _ = writeln!(s, r#"<text x="{:.0}" y="{:.0}" font-size="9">{v}</text>"#, sx + 16.0, cy + 10.0);
    }
    let _ = writeln!(
        s,
        r##"<text x="{x:.0}" y="{:.0}" font-size="9" fill="#555">rows: each shared load/store, with requests and mean wavefronts / conflict-free wavefronts per request</text>"##,
        cy + 26.0
    );
    s.push_str("</g>\n");
    (s, cy + 32.0 - y)
}

/// The first line of an error, short enough for the picture.
fn short(e: &str) -> String {
    let line = e.lines().next().unwrap_or("");
    if line.chars().count() > 90 {
        format!("{}...", line.chars().take(90).collect::<String>())
    } else {
        line.to_string()
    }
}

/// The global-sector bars: baseline, default, compulsory, with their numbers.
fn sector_panel(k: &Kernel, target: &Target, x: f64, y: f64) -> (String, f64) {
    let mut s = String::new();
    let _ = writeln!(s, r#"<g class="sectors">"#);
    let value = |m: &Result<KernelMetrics, String>, f: &dyn Fn(&KernelMetrics) -> u64| m.as_ref().ok().map(f);
    // Compulsory bytes in the target's sectors, the unit of the other two bars.
    let sector = u64::from(target.sector_size.max(1));
    let chart = BarChart {
        title: format!("global {}-byte sectors", target.sector_size),
        y_label: "sectors (log)".into(),
        series: vec![
            ("baseline".into(), "#9e9e9e".into()),
            ("default".into(), "#2f6db5".into()),
            ("compulsory".into(), "#e0a030".into()),
        ],
        groups: vec![Group {
            label: k.name.rsplit("::").next().unwrap_or(&k.name).to_string(),
            values: vec![
                value(&k.baseline, &KernelMetrics::global_sectors),
                value(&k.default, &KernelMetrics::global_sectors),
                value(&k.default, &|m| m.compulsory_bytes.div_ceil(sector)),
            ],
        }],
        style: Style { bar_width: 56.0, min_plot_width: 300.0, value_labels: true, plot_height: 220.0 },
    };
    let (element, _, h) = chart.to_element(x, y);
    s.push_str(&element);
    let mut ny = y + h + 4.0;
    for (what, m) in [("baseline", &k.baseline), ("default", &k.default)] {
        if let Err(e) = m {
            let _ = writeln!(
                s,
                r##"<text class="not-measured" x="{x:.0}" y="{ny:.0}" fill="#b00000">{what} not measured: {}</text>"##,
                escape(&short(e))
            );
            ny += 14.0;
        }
    }
    s.push_str("</g>\n");
    (s, ny - y)
}
