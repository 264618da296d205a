//! `sharc-gpu-run`: replays a launch trace (`sharc-run --launch-trace`) on an NVIDIA GPU; see
//! `sharc_gpurun::cli` and docs/tools/sharc-gpu-run.md.
//!
//! This binary uses only sharc-gpurun (no sharc-tools library, no codegen), so it links neither
//! LLVM nor MLIR: it is meant to be copied to a GPU machine (`scripts/gpu-check.sh`).

fn main() -> std::process::ExitCode {
    sharc_gpurun::cli::main()
}
