//! Times `sharc-partition`'s search (`plan_section`: closure, splits, features, search) on every
//! section of the lit kernels under `test/passes/memplace/`, per target, and prints a table. The
//! issue's budget is 50 ms per kernel.
//!
//! Usage: `cargo run --release -p sharc-bench --bin partition-search [-- TARGET...]` (default
//! gtx690 and a100).

use sharc_ir::syntax::{parse_source, ParseOptions};
use sharc_ir::Context;
use sharc_machine::Target;
use sharc_passes::analysis::partition::plan_section;
use std::path::Path;
use std::time::Instant;

const FILES: &[&str] = &["partition-gemm.mlir", "partition-stencils.mlir", "partition-kernels.mlir"];
const RUNS: u32 = 5;

fn main() {
    let targets: Vec<String> = std::env::args().skip(1).collect();
    let targets = if targets.is_empty() { vec!["gtx690".to_string(), "a100".to_string()] } else { targets };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../test/passes/memplace");
    println!("{:<10} {:<12} {:>12} {:>14}  plan", "target", "kernel", "median ms", "max ms");
    for t in &targets {
        let target = match Target::load(t) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        };
        for file in FILES {
            let Ok(text) = std::fs::read_to_string(dir.join(file)) else {
                eprintln!("cannot read {file}");
                std::process::exit(1);
            };
            for chunk in text.split("\n// -----\n") {
                let mut ctx = Context::new(sharc_dialects::registry());
                let Ok(module) = parse_source(&mut ctx, file, chunk, &ParseOptions::default()) else { continue };
                let sections: Vec<_> = ctx
                    .collect_ops(module)
                    .into_iter()
                    .filter(|&o| sharc_dialects::affine::ParallelOp::view(&ctx, o).is_some())
                    .filter(|&o| {
                        ctx.parent_op(o).is_some_and(|p| sharc_dialects::func::FuncOp::view(&ctx, p).is_some())
                    })
                    .collect();
                for op in sections {
                    let name = ctx
                        .parent_op(op)
                        .and_then(|f| sharc_dialects::func::FuncOp(f).name(&ctx).map(str::to_string))
                        .unwrap_or_default();
                    let mut times = Vec::new();
                    let mut summary = String::new();
                    for _ in 0..RUNS {
                        let start = Instant::now();
                        let plan = plan_section(&ctx, op, &target);
                        times.push(start.elapsed().as_secs_f64() * 1e3);
                        summary = match plan {
                            Ok(p) => format!(
                                "block {}x{}x{}, staged [{}], profit {}",
                                p.block[0],
                                p.block[1],
                                p.block[2],
                                p.staged.iter().map(|s| s.name.as_str()).collect::<Vec<_>>().join(", "),
                                p.search.as_ref().map_or("-", |s| s.profit.as_str())
                            ),
                            Err(d) => format!("error: {}", d.message),
                        };
                    }
                    times.sort_by(f64::total_cmp);
                    let median = times[times.len() / 2];
                    let max = times.last().copied().unwrap_or(0.0);
                    println!("{t:<10} {name:<12} {median:>12.2} {max:>14.2}  {summary}");
                }
            }
        }
    }
}
