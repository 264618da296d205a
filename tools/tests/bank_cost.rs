//! The bank-cost analysis (`sharc_passes::analysis::bank_cost`) against the simulator: for
//! promoted kernels on problems where every block is full, the analysis' per-block wavefronts
//! times the number of blocks must equal `sharc-run`'s `shared_bank_wavefronts` (and the
//! conflict-free minimum its `shared_ideal_wavefronts`, where the simulator reports it). The
//! analysis is static (no execution); agreement shows it models the copies, guards, loop
//! weights and every warp as the simulator runs them.

use sharc_ir::syntax::{parse_source, ParseOptions};
use sharc_ir::Context;
use sharc_machine::Target;
use sharc_passes::analysis::bank_cost::{band_costs, CostEnv};
use sharc_sim::npy::{self, Array};
use sharc_sim::Scalar;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace root").to_path_buf()
}

fn tool(name: &str) -> Command {
    let path = match name {
        "sharcc" => env!("CARGO_BIN_EXE_sharcc"),
        "sharc-opt" => env!("CARGO_BIN_EXE_sharc-opt"),
        _ => env!("CARGO_BIN_EXE_sharc-run"),
    };
    Command::new(path)
}

fn run(c: &mut Command) -> String {
    let out = c.output().expect("the tool runs");
    assert!(out.status.success(), "{c:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `function` of bench/kernels/shared-memory.c after `sharc-promote` for `target`.
fn promoted(dir: &Path, function: &str, target: &str) -> PathBuf {
    let affine = dir.join(format!("{function}.affine.mlir"));
    let mut c = tool("sharcc");
    c.arg(repo().join("bench/kernels/shared-memory.c")).args(["--function", function, "--emit", "affine", "-o"]);
    run(c.arg(&affine));
    let pipeline = format!(
        "builtin.module(sharc-parallelize{{candidates=marked}}, sharc-partition{{target={target}}}, \
         sharc-map-baseline{{target={target}}}, sharc-map, sharc-promote)"
    );
    let out = dir.join(format!("{function}.{target}.mlir"));
    let mut c = tool("sharc-opt");
    c.arg(&affine).arg(format!("--pass-pipeline={pipeline}")).arg("-o").arg(&out);
    run(&mut c);
    out
}

/// The analysis' wavefronts and ideal wavefronts per block, summed over the module's bands.
fn analysed(file: &Path, target: &str, n: i64) -> (f64, f64) {
    let text = std::fs::read_to_string(file).expect("the promoted kernel");
    let mut ctx = Context::new(sharc_dialects::registry());
    let module = parse_source(&mut ctx, "k.mlir", &text, &ParseOptions::default()).expect("it parses");
    let target = Target::load(target).expect("a shipped target");
    let env = CostEnv { symbols: n };
    let mut total = (0.0, 0.0);
    for band in ctx.collect_ops(module) {
        for (_, cost) in band_costs(&ctx, band, &target, &env) {
            let cost = cost.unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            total.0 += cost.total.wavefronts;
            total.1 += cost.total.ideal;
        }
    }
    total
}

/// The first number after `"key":` in a JSON text.
fn field(json: &str, key: &str) -> Option<f64> {
    let at = json.find(&format!("\"{key}\""))? + key.len() + 2;
    let rest = json[at..].trim_start().strip_prefix(':')?.trim_start();
    let end = rest.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(rest.len());
    rest[..end].parse().ok()
}

/// The simulator's metrics of `function` with memref arguments of the given shapes.
fn simulated(dir: &Path, file: &Path, function: &str, target: &str, n: i64, arrays: &[(&str, &[i64])]) -> String {
    let mut c = tool("sharc-run");
    c.arg(file).arg(format!("--entry={function}")).arg(format!("--target={target}")).arg(format!("--arg=n={n}"));
    for (name, shape) in arrays {
        let count: i64 = shape.iter().product();
        let data: Vec<u8> = (0..count).flat_map(|i| ((i % 7) as f32).to_le_bytes()).collect();
        let a = Array { elem: Scalar::F32, unsigned: false, shape: shape.to_vec(), data };
        let path = dir.join(format!("{name}.npy"));
        std::fs::write(&path, npy::write(&a).expect("an array")).expect("a temp file");
        c.arg(format!("--arg={name}=@{}", path.display()));
    }
    c.arg("--metrics=json");
    run(&mut c)
}

fn check(function: &str, target: &str, n: i64, arrays: &[(&str, &[i64])]) {
    let dir = std::env::temp_dir().join(format!("sharc-bank-cost-{function}-{target}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let file = promoted(&dir, function, target);
    let (wavefronts, ideal) = analysed(&file, target, n);
    let json = simulated(&dir, &file, function, target, n, arrays);
    let grid = json.find("\"grid\"").map(|at| &json[at..]).expect("a grid");
    let dims: Vec<f64> = grid[grid.find('[').expect("[") + 1..grid.find(']').expect("]")]
        .split(',')
        .map(|d| d.trim().parse().expect("a grid size"))
        .collect();
    let blocks: f64 = dims.iter().product();
    let simulated = field(&json, "shared_bank_wavefronts").expect("shared_bank_wavefronts");
    assert_eq!(wavefronts * blocks, simulated, "{function} on {target}, n = {n}: {blocks} blocks");
    if let Some(sim_ideal) = field(&json, "shared_ideal_wavefronts") {
        assert_eq!(ideal * blocks, sim_ideal, "{function} on {target}, n = {n}: ideal");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn transpose_matches_the_simulator_on_three_bank_models() {
    // a100: 32 banks; gtx690: Kepler's 8-byte layers; hd7850: wave64 in 32-lane halves.
    for target in ["a100", "gtx690", "hd7850"] {
        check("transpose", target, 256, &[("in", &[256, 256]), ("out", &[256, 256])]);
    }
}

#[test]
fn matvec_matches_the_simulator() {
    // One block of 1024 threads, 128 strips of an 8-wide tile read at stride 8 (8-way).
    check("matvec", "a100", 1024, &[("A", &[1024, 1024]), ("x", &[1024]), ("y", &[1024])]);
}
