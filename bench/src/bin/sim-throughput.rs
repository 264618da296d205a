//! `sim-throughput`: how fast the simulator runs kernels, in simulated thread-operations per
//! second (one op executed by one thread is one thread-operation).
//!
//! Workloads (generated here as gpu-dialect IR, parameterised by size):
//! - `matmul`: naive C = A·B, one thread per element, 16x16 blocks, f32 (default 256³);
//! - `transpose-tiled`: the 32x32 shared-tile transpose with a barrier, f32 (default 4096²);
//! - `transpose-naive`: the direct transpose (default 4096²).
//!
//! Each runs in-process (parse, verify, compile, simulate) on target a100 with random inputs,
//! once with only an op counter attached and once with the metrics listener too; the table
//! reports simulation time (compile excluded) and thread-ops per second.
//!
//! ```sh
//! cargo run --release -p sharc-bench --bin sim-throughput
//! cargo run --release -p sharc-bench --bin sim-throughput -- --matmul 128 --transpose 1024 --reps 3
//! ```

use sharc_ir::syntax::{parse_source, ParseOptions};
use sharc_ir::{Context, OpId};
use sharc_machine::Target;
use sharc_sim::memory::Arena;
use sharc_sim::{Machine, Metrics, OpCounter, Program, Scalar, Space, Val};
use std::process::ExitCode;
use std::time::{Duration, Instant};

const USAGE: &str = "usage: sim-throughput [--matmul N] [--transpose N] [--reps N]";

fn matmul(n: usize) -> String {
    let blocks = n / 16;
    format!(
        r#"module attributes {{gpu.container_module}} {{
  gpu.module @kernels {{
    gpu.func @matmul(%A: memref<{n}x{n}xf32>, %B: memref<{n}x{n}xf32>, %C: memref<{n}x{n}xf32>) kernel {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %cn = arith.constant {n} : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %r0 = arith.muli %by, %c16 : index
      %row = arith.addi %r0, %ty : index
      %q0 = arith.muli %bx, %c16 : index
      %col = arith.addi %q0, %tx : index
      %sum = scf.for %k = %c0 to %cn step %c1 iter_args(%acc = %zero) -> (f32) {{
        %a = memref.load %A[%row, %k] : memref<{n}x{n}xf32>
        %b = memref.load %B[%k, %col] : memref<{n}x{n}xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %acc, %p : f32
        scf.yield %s : f32
      }}
      memref.store %sum, %C[%row, %col] : memref<{n}x{n}xf32>
      gpu.return
    }}
  }}
  func.func @main(%A: memref<{n}x{n}xf32>, %B: memref<{n}x{n}xf32>, %C: memref<{n}x{n}xf32>) {{
    %c1 = arith.constant 1 : index
    %cb = arith.constant {blocks} : index
    %c16 = arith.constant 16 : index
    gpu.launch_func @kernels::@matmul blocks in (%cb, %cb, %c1) threads in (%c16, %c16, %c1)
        args(%A : memref<{n}x{n}xf32>, %B : memref<{n}x{n}xf32>, %C : memref<{n}x{n}xf32>)
    return
  }}
}}
"#
    )
}

fn transpose(n: usize, tiled: bool) -> String {
    let blocks = n / 32;
    let ty = format!("memref<{n}x{n}xf32>");
    let tile_ty = "memref<32x32xf32, #gpu.address_space<workgroup>>";
    let (attribution, body) = if tiled {
        (
            format!("workgroup(%tile: {tile_ty}) "),
            format!(
                "      memref.store %v, %tile[%ty, %tx] : {tile_ty}\n      gpu.barrier\n      %ox = arith.addi %y0, %tx : index\n      %oy = arith.addi %x0, %ty : index\n      %w = memref.load %tile[%tx, %ty] : {tile_ty}\n      memref.store %w, %out[%oy, %ox] : {ty}\n"
            ),
        )
    } else {
        (String::new(), format!("      memref.store %v, %out[%gx, %gy] : {ty}\n"))
    };
    format!(
        r#"module attributes {{gpu.container_module}} {{
  gpu.module @kernels {{
    gpu.func @transpose(%in: {ty}, %out: {ty}) {attribution}kernel {{
      %c32 = arith.constant 32 : index
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %x0 = arith.muli %bx, %c32 : index
      %y0 = arith.muli %by, %c32 : index
      %gx = arith.addi %x0, %tx : index
      %gy = arith.addi %y0, %ty : index
      %v = memref.load %in[%gy, %gx] : {ty}
{body}      gpu.return
    }}
  }}
  func.func @main(%in: {ty}, %out: {ty}) {{
    %c1 = arith.constant 1 : index
    %cb = arith.constant {blocks} : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@transpose blocks in (%cb, %cb, %c1) threads in (%c32, %c32, %c1)
        args(%in : {ty}, %out : {ty})
    return
  }}
}}
"#
    )
}

/// One simulation: its wall time (compile excluded) and thread-operations.
fn simulate(text: &str, target: &Target, metrics: bool) -> Result<(Duration, u64), String> {
    let mut ctx = Context::new(sharc_dialects::registry());
    let module = parse_source(&mut ctx, "bench.mlir", text, &ParseOptions::default()).map_err(|d| d.to_string())?;
    sharc_ir::verifier::verify(&ctx, module).map_err(|d| d.to_string())?;
    let entry: OpId = ctx.lookup_symbol_in(module, "main").ok_or("no @main")?;
    let semantics = sharc_dialects::semantics();
    let program = Program::compile(&ctx, &semantics, target, &[entry]).map_err(|d| d.to_string())?;
    let mut m = Machine::new(&ctx, &program, target);
    m.add_listener(Box::new(OpCounter::default()));
    if metrics {
        m.add_listener(Box::new(Metrics::new(target, "main")));
    }
    let mut args = Vec::new();
    let f = sharc_dialects::func::FuncOp::view(&ctx, entry).ok_or("@main is not a func.func")?;
    for (i, ty) in f.arg_types(&ctx).into_iter().enumerate() {
        let shape = ctx.memref_parts(ty).ok_or("non-memref argument")?.shape.to_vec();
        let a = sharc_sim::io::random_array(Scalar::F32, &shape, 1, i);
        let limit = m.alloc_limit;
        let id = m.mem.alloc(Arena::Heap, Space::Global, Scalar::F32, &shape, limit).ok_or("allocation failed")?;
        m.mem.fill(Val::Mem(id), &a.data).map_err(|e| e.to_string())?;
        args.push(Val::Mem(id));
    }
    let start = Instant::now();
    m.call_function(entry, &args).map_err(|e| e.to_string())?;
    let t = start.elapsed();
    let ops = m.listeners().iter().find_map(|l| l.as_any().downcast_ref::<OpCounter>()).map_or(0, |c| c.thread_ops);
    Ok((t, ops))
}

fn main() -> ExitCode {
    let mut sizes = (256usize, 4096usize);
    let mut reps = 1usize;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let v = args.next().and_then(|v| v.parse::<usize>().ok());
        match (a.as_str(), v) {
            ("--matmul", Some(n)) if n % 16 == 0 && n > 0 => sizes.0 = n,
            ("--transpose", Some(n)) if n % 32 == 0 && n > 0 => sizes.1 = n,
            ("--reps", Some(n)) if n > 0 => reps = n,
            _ => {
                eprintln!("{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let target = match Target::load("a100") {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let workloads = [
        (format!("matmul {0}x{0}x{0}", sizes.0), matmul(sizes.0)),
        (format!("transpose-tiled {0}x{0}", sizes.1), transpose(sizes.1, true)),
        (format!("transpose-naive {0}x{0}", sizes.1), transpose(sizes.1, false)),
    ];
    println!("| workload | listeners | thread-ops | time (s) | M thread-ops/s |");
    println!("|---|---|---:|---:|---:|");
    for (name, text) in &workloads {
        for metrics in [false, true] {
            let mut best: Option<(Duration, u64)> = None;
            for _ in 0..reps {
                match simulate(text, &target, metrics) {
                    Ok(r) => best = Some(best.map_or(r, |b| if r.0 < b.0 { r } else { b })),
                    Err(e) => {
                        eprintln!("error: {name}: {e}");
                        return ExitCode::FAILURE;
                    }
                }
            }
            let (t, ops) = best.unwrap_or_default();
            let listeners = if metrics { "ops + metrics" } else { "ops" };
            let rate = ops as f64 / t.as_secs_f64().max(1e-9) / 1e6;
            println!("| {name} | {listeners} | {ops} | {:.2} | {rate:.1} |", t.as_secs_f64());
        }
    }
    ExitCode::SUCCESS
}
