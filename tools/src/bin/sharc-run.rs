//! `sharc-run`: executes IR on the CPU — host code, and GPU kernels on a simulated target —
//! with bounds and race checks, per-kernel metrics, `.npy` inputs and outputs, and
//! differential comparison of two programs.
//!
//! ```text
//! sharc-run FILE --entry NAME [--target NAME|PATH] [--arg NAME=VALUE | --arg NAME=@FILE.npy]...
//!           [--inputs DIR] [--random-inputs SEED] [--dump DIR] [--metrics json|table] [--compare FILE2 [--rtol R]]
//!           [--max-ops N] [--max-memory BYTES] [--timeout SECONDS] [--exec interp|host|cuda] [--gpu-reps N]
//!           [--launch-trace FILE]
//! sharc-run --list-targets
//! ```
//!
//! See docs/tools/sharc-run.md.

use clap::{Arg, ArgAction, ArgMatches, Command};
use sharc_dialects::sharc::NAME_ATTR;
use sharc_ir::syntax::printer::type_to_string;
use sharc_ir::syntax::{parse_source, ParseOptions};
use sharc_ir::types::DYNAMIC;
use sharc_ir::{Context, OpId, SourceMap};
use sharc_machine::Target;
use sharc_sim::io::{self, ArgKind, ArgValue};
use sharc_sim::memory::{alloc_failure, MAX_RANK};
use sharc_sim::npy::{self, Array};
use sharc_sim::{KernelMetrics, Machine, Metrics, Program, Scalar, Val};
use std::process::ExitCode;

/// `--timeout`'s default under `--exec=host`, in seconds: ten minutes, far beyond any kernel of
/// the tests and benchmarks, short enough that a kernel that never ends does not hang a script.
const DEFAULT_HOST_TIMEOUT_S: u64 = 600;

fn command() -> Command {
    let value = |name: &'static str, help: &'static str| Arg::new(name).long(name).help(help);
    Command::new("sharc-run")
        .about("sharc's IR runner: executes host code and simulates GPU kernels, with race and bounds checks and metrics")
        .arg(Arg::new("input").help("Input file ('-' for stdin)").required_unless_present("list-targets"))
        .arg(value("entry", "The func.func to run").required_unless_present("list-targets"))
        .arg(value("target", "Target name or path to a target .toml").default_value("a100"))
        .arg(value("arg", "An argument: NAME=VALUE for scalars, NAME=@FILE.npy for memrefs (NAME: source name or argN)").action(ArgAction::Append))
        .arg(value("inputs", "Read arguments not given by --arg from DIR: memrefs from DIR/NAME.npy, scalars from the NAME=VALUE lines of DIR/scalars.txt"))
        .arg(value("random-inputs", "Fill memref arguments not given by --arg with deterministic random values").value_parser(clap::value_parser!(u64)))
        .arg(value("dump", "Write every memref argument after the run to DIR/NAME.npy"))
        .arg(value("metrics", "Print per-kernel metrics").value_parser(["json", "table"]))
        .arg(value("compare", "Run FILE2's entry on the same inputs and report the first differing output element"))
        .arg(value("rtol", "Relative tolerance of --compare").value_parser(clap::value_parser!(f64)).default_value("0"))
        .arg(
            value("max-ops", "Stop with an error after this many thread-operations (default 1000000000; catches loops that never end)")
                .value_parser(clap::value_parser!(u64).range(1..)),
        )
        .arg(
            value("max-memory", "Cap on the bytes of all live buffers, arguments included (suffixes K, M, G, T; default a quarter of physical memory)")
                .value_parser(sharc_tools::limits::parse_bytes),
        )
        .arg(
            value("timeout", "Stop with an error after this many seconds of wall-clock time (default 600 with --exec=host, none in the simulator)")
                .value_parser(clap::value_parser!(u64).range(1..)),
        )
        .arg(
            value("exec", "How kernels run: 'interp' (the simulator, default), 'host' (compiled for the CPU by sharc's code generator) or 'cuda' (compiled to PTX, run on GPU 0 through the CUDA driver)")
                .value_parser(["interp", "host", "cuda"])
                .default_value("interp"),
        )
        .arg(
            value("gpu-reps", "With --exec=cuda: time each launch as the median of N launches after a warm-up, on its inputs restored before each (default 1: one timed launch, no warm-up)")
                .value_parser(clap::value_parser!(u64).range(1..10000)),
        )
        .arg(value("launch-trace", "Write every kernel launch, the data host code gives the kernels and the expected outputs as a trace sharc-gpu-run replays on a GPU (FILE.json, arrays beside it)"))
        .arg(Arg::new("list-targets").long("list-targets").action(ArgAction::SetTrue).help("List the shipped targets"))
}

/// The `NAME=VALUE` lines of an inputs directory's `scalars.txt` (the C harness writes one; a
/// directory without it has no scalars). A file that exists but cannot be read, is not UTF-8 or
/// has a line of another form is an error, located at the line: silently dropping it would run
/// the kernel with other scalars than the ones given.
fn read_scalars(path: &std::path::Path) -> Result<Vec<(String, String)>, String> {
    let name = path.display().to_string();
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("error: cannot read '{name}': {e}")),
    };
    let text = sharc_ir::diag::utf8_text(&name, bytes).map_err(|e| e.render())?;
    let mut scalars = Vec::new();
    for (k, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match line.split_once('=') {
            Some((n, value)) if !n.trim().is_empty() => scalars.push((n.trim().to_string(), value.trim().to_string())),
            _ => {
                let mut files = SourceMap::default();
                files.add(&name, std::sync::Arc::from(text.as_str()));
                let loc = sharc_ir::Location::file_line_col(&std::sync::Arc::from(name.as_str()), k as u32 + 1, 1);
                return Err(files.render(&sharc_ir::diag::Diagnostic::error(loc, "expected a NAME=VALUE line")));
            }
        }
    }
    Ok(scalars)
}

#[global_allocator]
static ALLOCATOR: sharc_tools::Allocator = sharc_tools::Allocator;

fn main() -> ExitCode {
    let cmd = command();
    let args = sharc_tools::normalize_args(&cmd, std::env::args());
    let m = match cmd.try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) => return sharc_tools::usage_error("sharc-run", &e),
    };
    // The interpreter recurses on the stack for nested regions and calls: give it room.
    let worker = std::thread::Builder::new().stack_size(512 << 20).spawn(move || run(&m));
    match worker.map(|h| h.join()) {
        Ok(Ok(Ok(()))) => ExitCode::SUCCESS,
        Ok(Ok(Err(msg))) => {
            eprint!("{}", sharc_tools::tool_message("sharc-run", &msg));
            ExitCode::FAILURE
        }
        _ => {
            eprintln!("sharc-run: error: sharc-run failed internally");
            ExitCode::FAILURE
        }
    }
}

/// A parsed and verified input.
struct Loaded {
    ctx: Context,
    module: OpId,
    sources: SourceMap,
    path: String,
}

fn load(path: &str) -> Result<Loaded, String> {
    let input = sharc_tools::read_input(path)?;
    let mut sources = SourceMap::default();
    sources.add(&input.name, input.text.clone());
    let mut ctx = Context::new(sharc_dialects::registry());
    let module =
        parse_source(&mut ctx, &input.name, &input.text, &ParseOptions::default()).map_err(|d| sources.render(&d))?;
    sharc_ir::verifier::verify(&ctx, module).map_err(|d| sources.render(&d))?;
    Ok(Loaded { ctx, module, sources, path: input.name })
}

/// The entry `func.func` named `name` at the top of the module.
fn find_entry(l: &Loaded, name: &str) -> Result<OpId, String> {
    let ctx = &l.ctx;
    let found = ctx.lookup_symbol_in(l.module, name).and_then(|op| sharc_dialects::func::FuncOp::view(ctx, op));
    match found {
        Some(f) if !f.is_declaration(ctx) => Ok(f.0),
        Some(_) => Err(format!("error: @{name} in {} is a declaration without a body", l.path)),
        None => {
            let names: Vec<String> = ctx
                .block_ops(ctx.entry_block(ctx.region(l.module, 0)).expect("a module has a body"))
                .into_iter()
                .filter_map(|op| sharc_dialects::func::FuncOp::view(ctx, op))
                .filter(|f| !f.is_declaration(ctx))
                .filter_map(|f| f.name(ctx).map(|n| format!("@{n}")))
                .collect();
            let known = if names.is_empty() { "none".to_string() } else { names.join(", ") };
            Err(format!("error: no function @{name} in {} (functions: {known})", l.path))
        }
    }
}

/// An entry argument.
struct Param {
    name: String,
    kind: ArgKind,
    ty: String,
}

fn entry_params(l: &Loaded, entry: OpId) -> Result<Vec<Param>, String> {
    let ctx = &l.ctx;
    let f = sharc_dialects::func::FuncOp::view(ctx, entry).expect("the entry is a func.func");
    let mut out = Vec::new();
    for (i, ty) in f.arg_types(ctx).into_iter().enumerate() {
        let name = f
            .arg_attr_dict(ctx, i)
            .and_then(|d| ctx.attr_dict(d))
            .and_then(|d| d.iter().find(|(k, _)| k == NAME_ATTR))
            .and_then(|(_, a)| ctx.attr_str(*a))
            .map_or_else(|| format!("arg{i}"), str::to_string);
        let text = type_to_string(ctx, ty);
        let kind = if let Some(s) = Scalar::of(ctx, ty) {
            ArgKind::Scalar(s)
        } else if let Some(parts) = ctx.memref_parts(ty) {
            let elem = Scalar::of(ctx, parts.elem)
                .ok_or_else(|| format!("error: argument '{name}' has unsupported type {text}"))?;
            if parts.rank() > MAX_RANK {
                return Err(format!("error: argument '{name}' has unsupported type {text} (memrefs of rank above {MAX_RANK} are not supported)"));
            }
            ArgKind::MemRef { elem, shape: parts.shape.to_vec() }
        } else {
            return Err(format!("error: argument '{name}' has unsupported type {text}"));
        };
        out.push(Param { name, kind, ty: text });
    }
    Ok(out)
}

/// The argument values from `--arg` and `--random-inputs`.
fn inputs(m: &ArgMatches, l: &Loaded, entry: OpId, params: &[Param], limit: u64) -> Result<Vec<ArgValue>, String> {
    let entry_name = l.ctx.symbol_name(entry).unwrap_or("main");
    let mut given: Vec<Option<String>> = vec![None; params.len()];
    for a in m.get_many::<String>("arg").into_iter().flatten() {
        let (name, value) = a.split_once('=').ok_or_else(|| format!("error: --arg '{a}' is not NAME=VALUE"))?;
        let i = params
            .iter()
            .position(|p| p.name == name)
            .or_else(|| name.strip_prefix("arg").and_then(|n| n.parse::<usize>().ok()).filter(|&i| i < params.len()));
        let Some(i) = i else {
            let names: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
            return Err(format!(
                "error: @{entry_name} has no argument '{name}' (its {} arguments: {})",
                params.len(),
                names.join(", ")
            ));
        };
        if given[i].replace(value.to_string()).is_some() {
            return Err(format!("error: argument '{name}' is given twice"));
        }
    }
    if let Some(dir) = m.get_one::<String>("inputs") {
        for (name, value) in read_scalars(&std::path::Path::new(dir).join("scalars.txt"))? {
            if let Some(i) = params.iter().position(|p| p.name == name && matches!(p.kind, ArgKind::Scalar(_))) {
                given[i].get_or_insert(value);
            }
        }
        for (p, g) in params.iter().zip(given.iter_mut()) {
            let file = std::path::Path::new(dir).join(format!("{}.npy", p.name));
            if g.is_none() && matches!(p.kind, ArgKind::MemRef { .. }) && file.is_file() {
                *g = Some(format!("@{}", file.display()));
            }
        }
    }
    let seed = m.get_one::<u64>("random-inputs").copied();
    // Arrays are checked against the memory cap before they are read or made; an array past it
    // is an error located at the entry function.
    let mut bytes_so_far = 0u64;
    let mut budget = |elem: Scalar, shape: &[i64]| -> Result<(), String> {
        let bytes = shape.iter().try_fold(elem.bytes() as u64, |acc, &d| acc.checked_mul(u64::try_from(d).ok()?));
        match bytes.and_then(|b| b.checked_add(bytes_so_far)).filter(|&t| t <= limit) {
            Some(t) => {
                bytes_so_far = t;
                Ok(())
            }
            None => Err(alloc_failure(elem, shape, bytes_so_far, limit)),
        }
    };
    let mut out = Vec::new();
    for (i, (p, g)) in params.iter().zip(given).enumerate() {
        let what = |e: String| format!("error: argument '{}' ({}): {e}", p.name, p.ty);
        let over_cap = |e: String| at_entry(l, entry, format!("argument '{}' ({}): {e}", p.name, p.ty));
        out.push(match (&p.kind, g) {
            (ArgKind::Scalar(s), Some(text)) => ArgValue::Scalar(io::parse_scalar(*s, &text).map_err(what)?),
            (ArgKind::Scalar(_), None) => return Err(what(format!("no value given (use --arg {}=VALUE)", p.name))),
            (ArgKind::MemRef { elem, shape }, Some(text)) => {
                let Some(path) = text.strip_prefix('@') else {
                    return Err(what(format!("a memref is given as @FILE.npy, not '{text}'")));
                };
                let size = std::fs::metadata(path).map_err(|e| what(format!("cannot read '{path}': {e}")))?.len();
                // The header of a .npy file is far below 1 MiB: a larger excess cannot be a
                // loadable array under the cap, so it is not read.
                if size > limit.saturating_add(1 << 20) {
                    return Err(over_cap(format!(
                        "{path}: the file's {size} bytes exceed sharc-run's memory limit of {limit} bytes"
                    )));
                }
                let bytes = std::fs::read(path).map_err(|e| what(format!("cannot read '{path}': {e}")))?;
                let a = npy::read(&bytes).map_err(|e| what(format!("{path}: {e}")))?;
                io::check_array(&a, *elem, shape).map_err(|e| what(format!("{path}: {e}")))?;
                budget(a.elem, &a.shape).map_err(over_cap)?;
                ArgValue::Array(a)
            }
            (ArgKind::MemRef { elem, shape }, None) => match seed {
                Some(_) if shape.contains(&DYNAMIC) => {
                    return Err(what("has a dynamic shape; give it with --arg NAME=@FILE.npy".into()))
                }
                Some(seed) => {
                    budget(*elem, shape).map_err(over_cap)?;
                    ArgValue::Array(io::random_array(*elem, shape, seed, i))
                }
                None => {
                    return Err(what(format!(
                        "no value given (use --arg {}=@FILE.npy or --random-inputs SEED)",
                        p.name
                    )))
                }
            },
        });
    }
    Ok(out)
}

/// `message` as an error located at the entry function (an argument past the memory cap).
fn at_entry(l: &Loaded, entry: OpId, message: String) -> String {
    l.sources.render(&sharc_ir::diag::Diagnostic::error(l.ctx.loc(entry).clone(), message))
}

/// What a run produced.
struct Outcome {
    /// Every memref argument after the run (`None` for scalars).
    arrays: Vec<Option<Array>>,
    /// The entry's results: scalars as (type, value), memrefs as arrays.
    results: Vec<Result<(Scalar, Val), Array>>,
    metrics: Vec<KernelMetrics>,
    /// With --exec=cuda: per kernel, the time of each launch in milliseconds.
    gpu_times: Vec<(String, Vec<f64>)>,
}

/// How to run: the target, whether to collect metrics, the thread-operation limit, the memory
/// cap, and whether kernels run as host code.
struct RunOptions<'t> {
    target: &'t Target,
    metrics: bool,
    max_ops: u64,
    max_memory: u64,
    host: bool,
    /// With --exec=cuda, the timed launches per kernel launch (`--gpu-reps`).
    cuda: Option<usize>,
    /// Where to write the launch trace (`--launch-trace`).
    trace: Option<&'t str>,
    /// Wall-clock bound of each program's run (`--timeout`), if any.
    timeout: Option<std::time::Duration>,
}

fn execute(
    l: &Loaded,
    entry: OpId,
    opts: &RunOptions<'_>,
    params: &[Param],
    inputs: &[ArgValue],
) -> Result<Outcome, String> {
    let (target, metrics) = (opts.target, opts.metrics);
    let start = std::time::Instant::now();
    let ctx = &l.ctx;
    let semantics = sharc_dialects::semantics();
    let program = Program::compile(ctx, &semantics, target, &[entry]).map_err(|d| l.sources.render(&d))?;
    // With --exec=host, kernels are compiled for the CPU and run on the machine's buffers; host
    // code stays interpreted. A program without kernels has nothing to compile.
    let jit = sharc_codegen::jit::JitContext::new();
    let kernels = match opts.host && has_kernels(ctx, l.module) {
        true => Some(jit.compile(ctx, l.module, 2).map_err(|d| l.sources.render(&d))?),
        false => None,
    };
    let mut gpu_times = None;
    let mut cuda_executor = None;
    if let Some(reps) = opts.cuda {
        // The target is checked before the driver is opened: a wrong flag is reported the same
        // on every machine.
        let ct = sharc_codegen::CodegenTarget::from_description(target)
            .map_err(|e| format!("error: target '{}': {e}", target.name))?;
        if ct.arch != sharc_codegen::Arch::Nvptx {
            return Err(format!(
                "error: --exec=cuda: the target must be an NVIDIA GPU (a100, h100, ...), not '{}'",
                target.name
            ));
        }
        let gpu = sharc_gpurun::cuda::Gpu::open().map_err(|e| format!("error: --exec=cuda: {e}"))?;
        if has_kernels(ctx, l.module) {
            let (ptx, infos) = sharc_codegen::translate_kernels(ctx, l.module, &ct, 3, sharc_codegen::Emit::Asm)
                .map_err(|d| l.sources.render(&d))?;
            let ptx = String::from_utf8(ptx).map_err(|_| "error: internal error: PTX is not UTF-8".to_string())?;
            let ex = sharc_tools::cuda_exec::CudaExecutor::new(ctx, gpu, &ptx, infos, reps)
                .map_err(|e| format!("error: --exec=cuda: {e}"))?;
            gpu_times = Some(ex.times());
            cuda_executor = Some(ex);
        }
    }
    let mut machine = Machine::new(ctx, &program, target);
    if let Some(ex) = cuda_executor {
        machine.executor = Some(Box::new(ex));
    }
    let recorder = opts
        .trace
        .map(|p| sharc_tools::launch_trace::TraceRecorder::new(ctx, p, ctx.symbol_name(entry).unwrap_or("main")))
        .transpose()?;
    if let Some(r) = &recorder {
        machine.observer = Some(r.observer());
    }
    machine.step_limit = opts.max_ops;
    machine.alloc_limit = opts.max_memory;
    let mut running = None;
    if let Some(k) = &kernels {
        let executor = sharc_codegen::host_runtime::HostExecutor::new(ctx, k, opts.max_memory);
        running = Some(executor.running());
        machine.executor = Some(Box::new(executor));
    }
    let name = ctx.symbol_name(entry).unwrap_or("main").to_string();
    if metrics {
        machine.add_listener(Box::new(Metrics::new(target, &name)));
    }
    let mut args = Vec::new();
    for (p, v) in params.iter().zip(inputs) {
        args.push(match v {
            ArgValue::Scalar(v) => *v,
            ArgValue::Array(a) => {
                let limit = machine.alloc_limit;
                let mem = &mut machine.mem;
                let live = mem.live_bytes();
                let m = mem
                    .alloc(sharc_sim::memory::Arena::Heap, sharc_sim::Space::Global, a.elem, &a.shape, limit)
                    .ok_or_else(|| {
                        at_entry(
                            l,
                            entry,
                            format!("argument '{}': {}", p.name, alloc_failure(a.elem, &a.shape, live, limit)),
                        )
                    })?;
                mem.fill(Val::Mem(m), &a.data).map_err(|e| format!("error: argument '{}': {e}", p.name))?;
                Val::Mem(m)
            }
        });
    }
    let out = match opts.timeout {
        Some(limit) => {
            let stop = Watchdog::new(l, entry, limit, running);
            std::thread::scope(|sc| {
                let (done, wait) = std::sync::mpsc::channel::<()>();
                sc.spawn(move || stop.watch(start, &wait));
                let out = machine.call_function(entry, &args);
                drop(done);
                out
            })
        }
        None => machine.call_function(entry, &args),
    }
    .map_err(|e| l.sources.render(e.diagnostic()))?;
    if let (Some(r), Some(path)) = (&recorder, opts.trace) {
        let named: Vec<(String, Val)> =
            params.iter().zip(&args).filter(|(_, v)| v.mem().is_some()).map(|(p, v)| (p.name.clone(), *v)).collect();
        r.finish(path, &named, &machine.mem)?;
    }
    let read = |v: Val| -> Result<Array, String> {
        let (elem, shape, data) =
            machine.mem.read_view(v).map_err(|e| format!("error: cannot read a memref output: {e}"))?;
        Ok(Array { elem, unsigned: false, shape, data })
    };
    let mut arrays: Vec<Option<Array>> =
        args.iter().map(|&v| if v.mem().is_some() { read(v).map(Some) } else { Ok(None) }).collect::<Result<_, _>>()?;
    // An argument read from an unsigned array is written back unsigned.
    for (out, v) in arrays.iter_mut().zip(inputs) {
        if let (Some(out), ArgValue::Array(a)) = (out, v) {
            out.unsigned = a.unsigned;
        }
    }
    let f = sharc_dialects::func::FuncOp::view(ctx, entry).expect("the entry is a func.func");
    let mut results = Vec::new();
    for (v, ty) in out.iter().zip(f.result_types(ctx)) {
        results.push(match Scalar::of(ctx, ty) {
            Some(s) => Ok((s, *v)),
            None => Err(read(*v)?),
        });
    }
    let metrics = machine
        .listeners()
        .iter()
        .find_map(|l| l.as_any().downcast_ref::<Metrics>())
        .map(Metrics::report)
        .unwrap_or_default();
    let gpu_times = gpu_times.map(|t| t.borrow().clone()).unwrap_or_default();
    Ok(Outcome { arrays, results, metrics, gpu_times })
}

/// The host executor's handle naming the kernel that is running (`HostExecutor::running`).
type Running = std::sync::Arc<std::sync::Mutex<Option<OpId>>>;

/// Ends the process with a located error when a run exceeds `--timeout`: compiled kernels
/// (`--exec=host`) run native code that `--max-ops` cannot step, and a kernel that never ends
/// would otherwise hang. The messages are rendered beforehand, so the watchdog thread needs
/// nothing of the run but the handle naming the kernel that is running.
struct Watchdog {
    limit: std::time::Duration,
    /// The message for a run stopped outside a compiled kernel, at the entry function.
    at_entry: String,
    /// The message for each kernel, at its `gpu.func`, and the handle naming the running one.
    kernels: Option<(Vec<(OpId, String)>, Running)>,
}

impl Watchdog {
    fn new(l: &Loaded, entry: OpId, limit: std::time::Duration, running: Option<Running>) -> Watchdog {
        let ctx = &l.ctx;
        let secs = limit.as_secs();
        let name = ctx.symbol_name(entry).unwrap_or("main");
        let at_entry = at_entry(l, entry, format!("the run of @{name} did not finish within {secs} s (--timeout)"));
        let kernels = running.map(|running| {
            let messages = ctx
                .collect_ops(l.module)
                .into_iter()
                .filter(|&op| sharc_dialects::gpu::FuncOp::view(ctx, op).is_some_and(|f| f.is_kernel(ctx)))
                .map(|op| {
                    let kernel = ctx.symbol_name(op).unwrap_or("?");
                    let message = format!(
                        "the host execution of @{kernel} did not finish within {secs} s (--timeout; compiled \
                         kernels are not bounded by --max-ops)"
                    );
                    (op, l.sources.render(&sharc_ir::diag::Diagnostic::error(ctx.loc(op).clone(), message)))
                })
                .collect();
            (messages, running)
        });
        Watchdog { limit, at_entry, kernels }
    }

    /// Waits until `done` is dropped (the run ended) or the limit passes since `start`; then
    /// prints the error and exits with status 1.
    fn watch(&self, start: std::time::Instant, done: &std::sync::mpsc::Receiver<()>) {
        let left = self.limit.saturating_sub(start.elapsed());
        if done.recv_timeout(left) != Err(std::sync::mpsc::RecvTimeoutError::Timeout) {
            return;
        }
        let running = self.kernels.as_ref().and_then(|(messages, running)| {
            let op = (*running.lock().unwrap_or_else(|e| e.into_inner()))?;
            messages.iter().find(|(k, _)| *k == op).map(|(_, m)| m)
        });
        eprint!("{}", running.unwrap_or(&self.at_entry));
        let _ = std::io::Write::flush(&mut std::io::stdout());
        // The run's threads (the interpreter, or a block's kernel threads) cannot be stopped
        // from outside; ending the process is the only way out of compiled code.
        std::process::exit(1);
    }
}

/// Whether `module` holds a `gpu.func ... kernel`.
fn has_kernels(ctx: &Context, module: OpId) -> bool {
    ctx.collect_ops(module)
        .into_iter()
        .any(|op| sharc_dialects::gpu::FuncOp::view(ctx, op).is_some_and(|f| f.is_kernel(ctx)))
}

fn run(m: &ArgMatches) -> Result<(), String> {
    if m.get_flag("list-targets") {
        for name in Target::shipped_names() {
            let t = Target::load(name).map_err(|e| format!("error: {e}"))?;
            println!(
                "{name:<12} {} (warp {}, {} banks of {} bytes, {}-byte sectors)",
                t.description, t.warp_size, t.bank_count, t.bank_width, t.sector_size
            );
        }
        return Ok(());
    }
    let path = m.get_one::<String>("input").map_or("-", String::as_str);
    let entry_name = m.get_one::<String>("entry").map_or("main", String::as_str);
    let target_name = m.get_one::<String>("target").map_or("a100", String::as_str);
    let target = Target::load(target_name).map_err(|e| format!("error: {e}"))?;
    let first = load(path)?;
    let entry = find_entry(&first, entry_name)?;
    let params = entry_params(&first, entry)?;
    let max_memory = m.get_one::<u64>("max-memory").copied().unwrap_or_else(sharc_tools::limits::default_memory_limit);
    let inputs = inputs(m, &first, entry, &params, max_memory)?;
    let max_ops = m.get_one::<u64>("max-ops").copied().unwrap_or(sharc_sim::interp::DEFAULT_STEP_LIMIT);
    let host = m.get_one::<String>("exec").is_some_and(|e| e == "host");
    let gpu_reps = m.get_one::<u64>("gpu-reps").copied();
    let cuda = match m.get_one::<String>("exec").is_some_and(|e| e == "cuda") {
        true => Some(gpu_reps.unwrap_or(1) as usize),
        false if gpu_reps.is_some() => return Err("error: --gpu-reps needs --exec=cuda".to_string()),
        false => None,
    };
    let trace = m.get_one::<String>("launch-trace").map(String::as_str);
    // Host execution runs native code that --max-ops cannot bound: a generous wall-clock limit
    // stands in by default. The simulator has --max-ops, and a limit only when asked.
    let timeout = m
        .get_one::<u64>("timeout")
        .copied()
        .or((host || cuda.is_some()).then_some(DEFAULT_HOST_TIMEOUT_S))
        .map(std::time::Duration::from_secs);
    if (host || cuda.is_some()) && m.contains_id("metrics") {
        let exec = if host { "host" } else { "cuda" };
        return Err(format!("error: --metrics needs the simulator; it cannot be combined with --exec={exec}"));
    }
    let outcome = execute(
        &first,
        entry,
        &RunOptions {
            target: &target,
            metrics: m.contains_id("metrics"),
            max_ops,
            max_memory,
            host,
            cuda,
            trace,
            timeout,
        },
        &params,
        &inputs,
    )?;
    for (i, r) in outcome.results.iter().enumerate() {
        match r {
            Ok((s, v)) => println!("result {i}: {} : {}", s.show(*v), s.keyword()),
            Err(a) => println!("result {i}: memref of shape {}", io::show_shape(&a.shape)),
        }
    }
    for (kernel, times) in &outcome.gpu_times {
        let mut t = times.clone();
        t.sort_by(f64::total_cmp);
        let total: f64 = t.iter().sum();
        println!(
            "gpu: @{kernel}: {} launches, {total:.4} ms in all, median {:.4} ms per launch",
            t.len(),
            t[t.len() / 2]
        );
    }
    if let Some(dir) = m.get_one::<String>("dump") {
        dump(dir, &params, &outcome)?;
    }
    match m.get_one::<String>("metrics").map(String::as_str) {
        Some("json") => {
            for k in &outcome.metrics {
                println!("{}", k.to_json());
            }
        }
        Some(_) => print!("{}", table(&outcome.metrics, &first)),
        None => {}
    }
    if let Some(other) = m.get_one::<String>("compare") {
        let second = load(other)?;
        let entry2 = find_entry(&second, entry_name)?;
        let params2 = entry_params(&second, entry2)?;
        if params2.iter().map(|p| &p.kind).ne(params.iter().map(|p| &p.kind)) {
            return Err(format!("error: @{entry_name} of {other} does not take the same arguments as in {path}"));
        }
        let outcome2 = execute(
            &second,
            entry2,
            &RunOptions { target: &target, metrics: false, max_ops, max_memory, host, cuda, trace: None, timeout },
            &params2,
            &inputs,
        )?;
        let rtol = m.get_one::<f64>("rtol").copied().unwrap_or(0.0);
        compare(&params, &outcome, &outcome2, rtol, path, other)?;
    }
    Ok(())
}

fn dump(dir: &str, params: &[Param], o: &Outcome) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("error: cannot create '{dir}': {e}"))?;
    let write = |name: &str, a: &Array| -> Result<(), String> {
        let path = std::path::Path::new(dir).join(format!("{name}.npy"));
        let bytes = npy::write(a).map_err(|e| format!("error: {name}: {e}"))?;
        std::fs::write(&path, bytes).map_err(|e| format!("error: cannot write '{}': {e}", path.display()))
    };
    for (p, a) in params.iter().zip(&o.arrays) {
        if let Some(a) = a {
            write(&p.name, a)?;
        }
    }
    for (i, r) in o.results.iter().enumerate() {
        if let Err(a) = r {
            write(&format!("result{i}"), a)?;
        }
    }
    Ok(())
}

fn compare(params: &[Param], a: &Outcome, b: &Outcome, rtol: f64, file_a: &str, file_b: &str) -> Result<(), String> {
    let mut checked = 0;
    for ((p, x), y) in params.iter().zip(&a.arrays).zip(&b.arrays) {
        if let (Some(x), Some(y)) = (x, y) {
            if let Some((idx, vx, vy)) = io::first_difference(x, y, rtol) {
                return Err(format!(
                    "error: outputs differ: argument '{}' at {idx:?}: {vx} ({file_a}) vs {vy} ({file_b})",
                    p.name
                ));
            }
            checked += 1;
        }
    }
    for (i, (x, y)) in a.results.iter().zip(&b.results).enumerate() {
        let differ = match (x, y) {
            (Ok((s, v)), Ok((_, w))) => (v != w
                && !(v.as_f64().is_some_and(f64::is_nan) && w.as_f64().is_some_and(f64::is_nan)))
            .then(|| (Vec::new(), s.show(*v), s.show(*w))),
            (Err(x), Err(y)) => io::first_difference(x, y, rtol),
            _ => Some((Vec::new(), "?".into(), "?".into())),
        };
        if let Some((idx, vx, vy)) = differ {
            return Err(format!("error: outputs differ: result {i} at {idx:?}: {vx} ({file_a}) vs {vy} ({file_b})"));
        }
        checked += 1;
    }
    eprintln!("sharc-run: {checked} outputs match");
    Ok(())
}

/// The metrics as a table: one column per kernel, then each kernel's memory ops.
fn table(ms: &[KernelMetrics], l: &Loaded) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let width = ms.iter().map(|k| k.kernel.len()).max().unwrap_or(0).max(12);
    let names = ms.first().map(KernelMetrics::counters).unwrap_or_default();
    let key = names.iter().map(|(n, _)| n.len()).max().unwrap_or(0).max(6);
    let _ = write!(s, "{:<key$}", "metric");
    for k in ms {
        let _ = write!(s, " {:>width$}", k.kernel);
    }
    s.push('\n');
    let columns: Vec<_> = ms.iter().map(KernelMetrics::counters).collect();
    for (r, (name, _)) in names.iter().enumerate() {
        let _ = write!(s, "{name:<key$}");
        for c in &columns {
            let _ = write!(s, " {:>width$}", c[r].1);
        }
        s.push('\n');
    }
    // The channel imbalances are ratios, absent ("-") where the target's channel map is not
    // linear; the reasons follow the table.
    let channels: Vec<_> = ms.iter().map(|k| k.channels.report()).collect();
    for row in 0..channels.first().map_or(0, |(values, _)| values.len()) {
        let _ = write!(s, "{:<key$}", channels[0].0[row].0);
        for (values, _) in &channels {
            match values[row].1 {
                Some(v) => write!(s, " {v:>width$.2}"),
                None => write!(s, " {:>width$}", "-"),
            }
            .unwrap_or_default();
        }
        s.push('\n');
    }
    for (k, (_, why)) in ms.iter().zip(&channels) {
        if let Some(why) = why {
            let _ = writeln!(s, "channel imbalance of {}: absent ({why})", k.kernel);
        }
    }
    for k in ms {
        let _ = writeln!(s, "\nmemory ops of {}:", k.kernel);
        for o in &k.per_op {
            let Some(op) = o.op else { continue };
            let loc = match l.ctx.loc(op).position() {
                Some((f, line, col)) => format!("{f}:{line}:{col}"),
                None => "?".to_string(),
            };
            let what = match (o.shared, o.store) {
                (true, false) => "shared load",
                (true, true) => "shared store",
                (false, false) => "global load",
                (false, true) => "global store",
            };
            let detail = if o.shared {
                format!(
                    "{} wavefronts ({} per request), {} ideal",
                    o.sectors_or_wavefronts,
                    o.sectors_or_wavefronts as f64 / o.requests.max(1) as f64,
                    o.ideal_wavefronts
                )
            } else {
                format!(
                    "{} sectors ({} per request), {} transactions",
                    o.sectors_or_wavefronts,
                    o.sectors_or_wavefronts as f64 / o.requests.max(1) as f64,
                    o.transactions
                )
            };
            let _ = writeln!(s, "  {loc}: {} {what}: {} requests, {detail}", l.ctx.op_name(op), o.requests);
        }
    }
    s
}
