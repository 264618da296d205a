//! A fixed 200 of the random C kernels of `sharc_bench::random_program` (seeds 0..200), each
//! through the C compiler and every level of sharc for a100, gtx690 and mi250x
//! (`sharc_bench::differential`): the simulator and, for every tenth, the host execution of the
//! generated code must reproduce the C compiler's outputs bit for bit. Longer runs:
//! `cargo run --release -p sharc-bench --bin random-programs -- --count 10000` (docs/testing.md).

use sharc_bench::differential::{check, Tools, Verdict};
use sharc_bench::random_program::generate;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

const COUNT: u64 = 200;
const TARGETS: [&str; 3] = ["a100", "gtx690", "mi250x"];

#[test]
fn random_programs_agree_with_the_c_compiler() {
    let tools = Tools {
        sharcc: PathBuf::from(env!("CARGO_BIN_EXE_sharcc")),
        sharc_run: PathBuf::from(env!("CARGO_BIN_EXE_sharc-run")),
        cc: PathBuf::from("cc"),
    };
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("random-programs");
    let next = AtomicU64::new(0);
    let findings = Mutex::new(Vec::new());
    let jobs = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| loop {
                let seed = next.fetch_add(1, Ordering::Relaxed);
                if seed >= COUNT {
                    break;
                }
                let p = generate(seed);
                let dir = scratch.join(format!("seed-{seed}"));
                match check(&tools, &p.source, &p.function, &p.args, &TARGETS, seed.is_multiple_of(10), &dir) {
                    Verdict::Agree(_) => {
                        let _ = std::fs::remove_dir_all(&dir);
                    }
                    v => findings.lock().unwrap_or_else(|e| e.into_inner()).push(format!(
                        "seed {seed} ({}): {v:?}\n{}",
                        dir.display(),
                        p.source
                    )),
                }
            });
        }
    });
    let findings = findings.into_inner().unwrap_or_else(|e| e.into_inner());
    assert!(
        findings.is_empty(),
        "{} of {COUNT} programs disagree or were rejected:\n{}",
        findings.len(),
        findings.join("\n")
    );
}
