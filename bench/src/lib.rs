//! Benchmarks of sharc against upstream MLIR tools.
//!
//! - [`differential`]: a C kernel through the C compiler and every level of sharc (affine
//!   simulation, per target the gpu-level simulation and host execution), outputs compared.
//! - [`kernels`]: a deterministic generator of large affine-level modules (PolyBench-style
//!   kernels), the input of the parse-throughput benchmark.
//! - [`jobs`]: the functions of a suite manifest as jobs, run over threads with progress, and
//!   each job's C reference (`suite-report`, `peer-report`).
//! - [`measure`]: timing helpers (median of repetitions, running a tool, reading
//!   `--mlir-timing` reports).
//! - [`peers`]: upstream MLIR's GPU routes as data, what each needs of its input, and what its
//!   output holds (`peer-report`).
//! - [`random_module`]: random MLIR affine modules with an equivalent C function each, a
//!   deterministic function of a seed (run differentially beside the C kernels).
//! - [`random_program`]: random affine C kernels, a deterministic function of a seed (the
//!   `random-programs` binary and the tools' `random_programs` test run them differentially).
//! - [`simulated`]: the C compiler's reference run (the generated harness), reading
//!   `sharc-run`'s metrics and dumped outputs.
//! - [`suite`]: the manifest, arguments, plan remarks and table of the `suite-report` binary.
//!
//! The SVG chart of `suite-report` is `sharc_svg`'s, shared with `sharcc --report=FILE.svg`.
//!
//! The binaries live in `src/bin/`: `parse-throughput` compares `sharc-opt` with `mlir-opt` on
//! parse + verify + print of one large file, and measures the same phases in-process through the
//! library. See `bench/README.md` for how to run them and the latest numbers.

#![warn(missing_docs)]

pub mod differential;
pub mod jobs;
pub mod kernels;
pub mod measure;
pub mod peers;
pub mod random_module;
pub mod random_program;
pub mod simulated;
pub mod suite;
