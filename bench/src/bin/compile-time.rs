//! Compile time from the affine level to PTX: sharc next to upstream MLIR's equivalent path.
//!
//! For each kernel the same loop nest is written twice, with the same body: as the
//! `affine.parallel` band sharc's front-end produces, and as the `affine.for` nest upstream's
//! `convert-affine-for-to-gpu` maps. Then, as separate processes with files in between:
//!
//! - sharc: `sharc-opt` (sharc-map-baseline, sharc-map, sharc-lower-gpumap, lower-affine,
//!   canonicalize, cse; with `--shared`,
//!   sharcc's default pipeline with the partition search and promotion first) → `sharc-translate
//!   --emit=ptx -O2` (LLVM's `default<O2>` and the NVPTX backend in process);
//! - upstream: `mlir-opt-22` (convert-affine-for-to-gpu, lower-affine, gpu-kernel-outlining,
//!   convert-scf-to-cf, convert-gpu-to-nvvm, reconcile-unrealized-casts, canonicalize, cse) →
//!   the `gpu.module`'s body as a module → `mlir-translate-22 --mlir-to-llvmir` → `llc-22 -O2`.
//!
//! Every PTX of both paths goes through `ptxas` when it is installed, so neither side is timed
//! on output that would not assemble. The table reports medians of interleaved repetitions and
//! the ratio upstream / sharc (above 1: sharc is faster).
//!
//! ```text
//! cargo build --release -p sharc-tools && cargo run --release -p sharc-bench --bin compile-time [-- --reps N --n SIZE --shared]
//! ```

use sharc_bench::measure::{median, repo_root, run_tool, tool_dir};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str = "usage: compile-time [--reps N] [--n SIZE] [--shared] [--out-dir DIR]";

/// A kernel: its arguments, its band (loop names and extents) and the band's body.
struct Kernel {
    name: &'static str,
    /// Function arguments, `%name: type`.
    args: &'static str,
    /// The parallel loops, outermost first, with constant bounds `(name, lower, upper - n)`:
    /// the upper bound is the problem size plus the given offset.
    band: &'static [(&'static str, i64, i64)],
    /// The body, in terms of the band's loop names and `N` (replaced by the size).
    body: &'static str,
}

const KERNELS: &[Kernel] = &[
    Kernel {
        name: "transpose",
        args: "%A: memref<NxNxf32>, %B: memref<NxNxf32>",
        band: &[("i", 0, 0), ("j", 0, 0)],
        body: "%v = affine.load %A[%i, %j] : memref<NxNxf32>
      affine.store %v, %B[%j, %i] : memref<NxNxf32>",
    },
    Kernel {
        name: "gemm",
        args: "%A: memref<NxNxf32>, %B: memref<NxNxf32>, %C: memref<NxNxf32>, %alpha: f32, %beta: f32",
        band: &[("i", 0, 0), ("j", 0, 0)],
        body: "%z = arith.constant 0.0 : f32
      %ab = affine.for %k = 0 to N iter_args(%acc = %z) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<NxNxf32>
        %b = affine.load %B[%k, %j] : memref<NxNxf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %acc, %p : f32
        affine.yield %s : f32
      }
      %c = affine.load %C[%i, %j] : memref<NxNxf32>
      %t0 = arith.mulf %alpha, %ab : f32
      %t1 = arith.mulf %beta, %c : f32
      %r = arith.addf %t0, %t1 : f32
      affine.store %r, %C[%i, %j] : memref<NxNxf32>",
    },
    Kernel {
        name: "matvec",
        args: "%A: memref<NxNxf32>, %x: memref<Nxf32>, %y: memref<Nxf32>",
        band: &[("i", 0, 0)],
        body: "%z = arith.constant 0.0 : f32
      %s = affine.for %j = 0 to N iter_args(%acc = %z) -> (f32) {
        %a = affine.load %A[%i, %j] : memref<NxNxf32>
        %v = affine.load %x[%j] : memref<Nxf32>
        %p = arith.mulf %a, %v : f32
        %t = arith.addf %acc, %p : f32
        affine.yield %t : f32
      }
      affine.store %s, %y[%i] : memref<Nxf32>",
    },
    Kernel {
        name: "jacobi2d",
        args: "%A: memref<NxNxf64>, %B: memref<NxNxf64>",
        band: &[("i", 1, -1), ("j", 1, -1)],
        body: "%c = arith.constant 0.2 : f64
      %a0 = affine.load %A[%i, %j] : memref<NxNxf64>
      %a1 = affine.load %A[%i, %j - 1] : memref<NxNxf64>
      %a2 = affine.load %A[%i, %j + 1] : memref<NxNxf64>
      %a3 = affine.load %A[%i + 1, %j] : memref<NxNxf64>
      %a4 = affine.load %A[%i - 1, %j] : memref<NxNxf64>
      %s0 = arith.addf %a0, %a1 : f64
      %s1 = arith.addf %s0, %a2 : f64
      %s2 = arith.addf %s1, %a3 : f64
      %s3 = arith.addf %s2, %a4 : f64
      %r = arith.mulf %c, %s3 : f64
      affine.store %r, %B[%i, %j] : memref<NxNxf64>",
    },
    Kernel {
        name: "conv3x3",
        args: "%W: memref<3x3xf32>, %In: memref<NxNxf32>, %Out: memref<NxNxf32>",
        band: &[("i", 1, -1), ("j", 1, -1)],
        body: "%z = arith.constant 0.0 : f32
      %s = affine.for %a = 0 to 3 iter_args(%acc = %z) -> (f32) {
        %t = affine.for %b = 0 to 3 iter_args(%acc2 = %acc) -> (f32) {
          %w = affine.load %W[%a, %b] : memref<3x3xf32>
          %v = affine.load %In[%i + %a - 1, %j + %b - 1] : memref<NxNxf32>
          %p = arith.mulf %w, %v : f32
          %u = arith.addf %acc2, %p : f32
          affine.yield %u : f32
        }
        affine.yield %t : f32
      }
      affine.store %s, %Out[%i, %j] : memref<NxNxf32>",
    },
    Kernel {
        name: "syrk",
        args: "%A: memref<NxNxf64>, %C: memref<NxNxf64>, %alpha: f64, %beta: f64",
        band: &[("i", 0, 0), ("j", 0, 0)],
        body: "%c = affine.load %C[%i, %j] : memref<NxNxf64>
      %c0 = arith.mulf %beta, %c : f64
      %s = affine.for %k = 0 to N iter_args(%acc = %c0) -> (f64) {
        %a = affine.load %A[%i, %k] : memref<NxNxf64>
        %b = affine.load %A[%j, %k] : memref<NxNxf64>
        %p = arith.mulf %a, %b : f64
        %q = arith.mulf %alpha, %p : f64
        %t = arith.addf %acc, %q : f64
        affine.yield %t : f64
      }
      affine.store %s, %C[%i, %j] : memref<NxNxf64>",
    },
];

impl Kernel {
    /// The kernel with its band as one `affine.parallel` (sharc's input).
    fn parallel_form(&self, n: i64) -> String {
        let ivs: Vec<String> = self.band.iter().map(|(v, _, _)| format!("%{v}")).collect();
        let lbs: Vec<String> = self.band.iter().map(|(_, lb, _)| lb.to_string()).collect();
        let ubs: Vec<String> = self.band.iter().map(|(_, _, off)| (n + off).to_string()).collect();
        let body = self.body.replace("\n      ", "\n    ");
        let text = format!(
            "func.func @{}({}) {{\n  affine.parallel ({}) = ({}) to ({}) {{\n    {}\n  }}\n  return\n}}\n",
            self.name,
            self.args,
            ivs.join(", "),
            lbs.join(", "),
            ubs.join(", "),
            body
        );
        substitute_size(&text, n)
    }

    /// The kernel with its band as nested `affine.for` loops (upstream's input).
    fn for_form(&self, n: i64) -> String {
        let mut text = format!("func.func @{}({}) {{\n", self.name, self.args);
        for (depth, (v, lb, off)) in self.band.iter().enumerate() {
            text += &format!("{}affine.for %{v} = {lb} to {} {{\n", "  ".repeat(depth + 1), n + off);
        }
        text += &format!("{}{}\n", "  ".repeat(self.band.len() + 1), self.body);
        for depth in (0..self.band.len()).rev() {
            text += &format!("{}}}\n", "  ".repeat(depth + 1));
        }
        text += "  return\n}\n";
        substitute_size(&text, n)
    }
}

/// Replaces the size placeholder `N` in shapes (`NxNxf32`, `Nxf32`) and loop bounds (`to N`).
fn substitute_size(text: &str, n: i64) -> String {
    text.replace("NxNx", &format!("{n}x{n}x")).replace("<Nx", &format!("<{n}x")).replace("to N ", &format!("to {n} "))
}

/// The body of the first `gpu.module` of `text`, as a module of its own (what mlir-translate
/// takes): the braces are matched, and mlir-opt's printed form puts no brace inside a string
/// of these kernels.
fn gpu_module_body(text: &str) -> Result<String, String> {
    let start = text.find("gpu.module @").ok_or("mlir-opt's output has no gpu.module")?;
    let open = start + text[start..].find('{').ok_or("gpu.module without a body")?;
    let mut depth = 0usize;
    for (i, c) in text[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Ok(format!("module {{{}}}\n", &text[open + 1..open + i]));
                }
            }
            _ => {}
        }
    }
    Err("unbalanced braces in mlir-opt's output".to_string())
}

struct Args {
    reps: usize,
    n: i64,
    out_dir: PathBuf,
    bin: PathBuf,
    llvm_bin: PathBuf,
    ptxas: Option<PathBuf>,
    /// Time sharcc's default pipeline (shared-memory placement) instead of the baseline mapping.
    shared: bool,
}

impl Args {
    fn sharc_pipeline(&self) -> &'static str {
        if self.shared {
            SHARC_SHARED_PIPELINE
        } else {
            SHARC_PIPELINE
        }
    }
}

fn parse_args() -> Result<Args, String> {
    let exe_dir = tool_dir();
    let repo = repo_root();
    let ptxas = std::env::var_os("SHARC_PTXAS")
        .map(PathBuf::from)
        .or_else(|| Some(repo.join(".tools/ptxas/nvidia/cuda_nvcc/bin/ptxas")))
        .filter(|p| p.is_file());
    let mut a = Args {
        reps: 5,
        n: 1024,
        out_dir: repo.join("target/bench/compile-time"),
        bin: exe_dir,
        llvm_bin: PathBuf::from(std::env::var("SHARC_LLVM_BIN").unwrap_or_else(|_| "/usr/lib/llvm-22/bin".into())),
        ptxas,
        shared: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value\n{USAGE}"));
        match flag.as_str() {
            "--reps" => a.reps = value()?.parse().map_err(|_| format!("--reps: not a number\n{USAGE}"))?,
            "--n" => a.n = value()?.parse().map_err(|_| format!("--n: not a number\n{USAGE}"))?,
            "--out-dir" => a.out_dir = PathBuf::from(value()?),
            "--shared" => a.shared = true,
            "-h" | "--help" => return Err(USAGE.to_string()),
            _ => return Err(format!("unknown argument '{flag}'\n{USAGE}")),
        }
    }
    if a.reps == 0 || a.n < 8 {
        return Err(format!("--reps must be positive and --n at least 8\n{USAGE}"));
    }
    Ok(a)
}

const SHARC_PIPELINE: &str =
    "builtin.module(sharc-map-baseline{target=a100}, sharc-map, sharc-lower-gpumap, lower-affine, canonicalize, cse)";
/// sharcc's default: seed 000's shared-memory phase, the baseline plan for what it leaves.
const SHARC_SHARED_PIPELINE: &str = "builtin.module(sharc-partition{target=a100}, sharc-map-baseline{target=a100}, \
     sharc-map, sharc-promote, sharc-lower-gpumap, lower-affine, canonicalize, cse)";
/// Upstream's pipeline for a band of `depth` loops: convert-affine-for-to-gpu maps the outer
/// loop to blocks and the next to threads, and needs exactly that many perfectly nested loops,
/// so a 1-D band becomes threads of a single block.
fn upstream_pipeline(depth: usize) -> String {
    let blocks = usize::from(depth > 1);
    format!(
        "builtin.module(func.func(convert-affine-for-to-gpu{{gpu-block-dims={blocks} gpu-thread-dims=1}}), lower-affine, \
         gpu-kernel-outlining, convert-scf-to-cf, gpu.module(convert-gpu-to-nvvm), reconcile-unrealized-casts, \
         canonicalize, cse)"
    )
}

/// One compilation of `k` by sharc; returns the wall time of its processes.
fn sharc(a: &Args, dir: &Path) -> Result<Duration, String> {
    let (input, gpu, ptx) = (dir.join("sharc.affine.mlir"), dir.join("sharc.gpu.mlir"), dir.join("sharc.ptx"));
    let s = |p: &Path| p.display().to_string();
    let pipeline = format!("--pass-pipeline={}", a.sharc_pipeline());
    let (t1, _) = run_tool(&a.bin.join("sharc-opt"), &[&s(&input), &pipeline, "-o", &s(&gpu)])?;
    let (t2, _) =
        run_tool(&a.bin.join("sharc-translate"), &[&s(&gpu), "--target=a100", "--emit=ptx", "-O2", "-o", &s(&ptx)])?;
    Ok(t1 + t2)
}

/// One compilation of `k` by upstream's tools; the body extraction between mlir-opt and
/// mlir-translate is not timed.
fn upstream(a: &Args, k: &Kernel, dir: &Path) -> Result<Duration, String> {
    let p = |f: &str| dir.join(f);
    let s = |p: &Path| p.display().to_string();
    let pipeline = format!("--pass-pipeline={}", upstream_pipeline(k.band.len()));
    let (nvvm, kernel, ll, ptx) = (p("up.nvvm.mlir"), p("up.kernel.mlir"), p("up.ll"), p("up.ptx"));
    let (t1, _) = run_tool(&a.llvm_bin.join("mlir-opt"), &[&s(&p("up.affine.mlir")), &pipeline, "-o", &s(&nvvm)])?;
    let text = std::fs::read_to_string(&nvvm).map_err(|e| format!("{}: {e}", nvvm.display()))?;
    std::fs::write(&kernel, gpu_module_body(&text)?).map_err(|e| format!("{}: {e}", kernel.display()))?;
    let (t2, _) = run_tool(&a.llvm_bin.join("mlir-translate"), &["--mlir-to-llvmir", &s(&kernel), "-o", &s(&ll)])?;
    let llc_args = ["-O2", "-mtriple=nvptx64-nvidia-cuda", "-mcpu=sm_80", "-mattr=+ptx78", &s(&ll), "-o", &s(&ptx)];
    let (t3, _) = run_tool(&a.llvm_bin.join("llc"), &llc_args)?;
    Ok(t1 + t2 + t3)
}

/// The process start-up of each path: every tool run with `--version` (sharc's with `--help`),
/// the median of `reps` runs, summed per path. Upstream's tools load MLIR's and LLVM's shared
/// libraries at start; sharc's binaries are linked statically.
fn startup(a: &Args) -> Result<(Duration, Duration), String> {
    let time = |tool: PathBuf, arg: &str| -> Result<Duration, String> {
        let runs: Result<Vec<_>, _> = (0..a.reps).map(|_| run_tool(&tool, &[arg]).map(|(t, _)| t)).collect();
        Ok(median(&runs?))
    };
    let sharc = time(a.bin.join("sharc-opt"), "--help")? + time(a.bin.join("sharc-translate"), "--help")?;
    let upstream = time(a.llvm_bin.join("mlir-opt"), "--version")?
        + time(a.llvm_bin.join("mlir-translate"), "--version")?
        + time(a.llvm_bin.join("llc"), "--version")?;
    Ok((sharc, upstream))
}

fn check_ptx(a: &Args, ptx: &Path) -> Result<&'static str, String> {
    let Some(ptxas) = &a.ptxas else { return Ok("not checked (no ptxas)") };
    let cubin = ptx.with_extension("cubin");
    run_tool(ptxas, &["-arch=sm_80", &ptx.display().to_string(), "-o", &cubin.display().to_string()])?;
    Ok("ok")
}

fn run(a: &Args) -> Result<(), String> {
    println!("Affine level → PTX for sm_80, n = {}, {} interleaved repetitions, median wall time", a.n, a.reps);
    println!(
        "sharc: `sharc-opt --pass-pipeline='{}'` → `sharc-translate --target=a100 --emit=ptx -O2`",
        a.sharc_pipeline()
    );
    println!(
        "upstream: `mlir-opt --pass-pipeline='{}'` (1-D bands: gpu-block-dims=0) → `mlir-translate --mlir-to-llvmir` → `llc -O2 -mcpu=sm_80 -mattr=+ptx78`\n",
        upstream_pipeline(2)
    );
    let (start_sharc, start_up) = startup(a)?;
    println!(
        "Process start-up per compilation (tools run with --version/--help): sharc {}, upstream {}.\n",
        ms(start_sharc),
        ms(start_up)
    );
    println!("| kernel | sharc | upstream | upstream / sharc | same, start-up subtracted | ptxas (sharc, upstream) |");
    println!("|---|---|---|---|---|---|");
    let (mut total_sharc, mut total_up) = (Duration::ZERO, Duration::ZERO);
    for k in KERNELS {
        let dir = a.out_dir.join(k.name);
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let write = |f: &str, text: String| std::fs::write(dir.join(f), text).map_err(|e| format!("{f}: {e}"));
        write("sharc.affine.mlir", k.parallel_form(a.n))?;
        write("up.affine.mlir", k.for_form(a.n))?;
        let (mut ts, mut tu) = (Vec::new(), Vec::new());
        for _ in 0..a.reps {
            ts.push(sharc(a, &dir).map_err(|e| format!("{}: sharc: {e}", k.name))?);
            tu.push(upstream(a, k, &dir).map_err(|e| format!("{}: upstream: {e}", k.name))?);
        }
        let (s, u) = (median(&ts), median(&tu));
        total_sharc += s;
        total_up += u;
        let checked = format!("{}, {}", check_ptx(a, &dir.join("sharc.ptx"))?, check_ptx(a, &dir.join("up.ptx"))?);
        println!(
            "| {} | {} | {} | {:.2} | {:.2} | {checked} |",
            k.name,
            ms(s),
            ms(u),
            u.as_secs_f64() / s.as_secs_f64(),
            work_ratio(s, u, start_sharc, start_up)
        );
    }
    let ratio = total_up.as_secs_f64() / total_sharc.as_secs_f64();
    let n = KERNELS.len() as u32;
    let work = work_ratio(total_sharc, total_up, start_sharc * n, start_up * n);
    println!("| **all** | {} | {} | **{ratio:.2}** | **{work:.2}** | |", ms(total_sharc), ms(total_up));
    Ok(())
}

/// upstream / sharc with each path's start-up taken off (what the compilers themselves cost).
fn work_ratio(sharc: Duration, upstream: Duration, start_sharc: Duration, start_up: Duration) -> f64 {
    upstream.saturating_sub(start_up).as_secs_f64() / sharc.saturating_sub(start_sharc).as_secs_f64().max(1e-9)
}

fn ms(t: Duration) -> String {
    format!("{:.1} ms", t.as_secs_f64() * 1e3)
}

fn main() -> ExitCode {
    match parse_args().and_then(|a| run(&a)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("compile-time: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_forms_share_the_body_and_bounds() {
        let k = &KERNELS[3];
        let p = k.parallel_form(64);
        let f = k.for_form(64);
        assert!(p.contains("affine.parallel (%i, %j) = (1, 1) to (63, 63)"), "{p}");
        assert!(f.contains("affine.for %i = 1 to 63 {") && f.contains("affine.for %j = 1 to 63 {"), "{f}");
        assert!(p.contains("memref<64x64xf64>") && !p.contains("NxN"));
    }

    #[test]
    fn gpu_module_body_matches_braces() {
        let text =
            "module {\n  func.func @f() { return }\n  gpu.module @k {\n    llvm.func @g() { llvm.return }\n  }\n}\n";
        assert_eq!(gpu_module_body(text).unwrap(), "module {\n    llvm.func @g() { llvm.return }\n  }\n");
    }
}
