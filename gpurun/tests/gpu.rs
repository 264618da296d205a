//! Replays on a real GPU (`cargo test -p sharc-gpurun --features gpu-tests`). Each test opens
//! GPU 0 first; on a machine without a CUDA driver or device it prints why and returns, so the
//! feature can be on everywhere and checks the GPU where there is one.
#![cfg(feature = "gpu-tests")]

use sharc_gpurun::cuda::Gpu;
use sharc_gpurun::replay::{self, Bundle};
use sharc_gpurun::trace::{Arg, BufferDecl, Event, Launch, Output, Trace, FORMAT};
use sharc_sim::npy::{self, Array};
use sharc_sim::Scalar;
use std::path::{Path, PathBuf};

const N: usize = 256;

fn gpu() -> Option<Gpu> {
    match Gpu::open() {
        Ok(g) => Some(g),
        Err(e) => {
            eprintln!("skipped: {e}");
            None
        }
    }
}

fn array(v: &[f32]) -> Array {
    Array {
        elem: Scalar::F32,
        unsigned: false,
        shape: vec![v.len() as i64],
        data: v.iter().flat_map(|x| x.to_le_bytes()).collect(),
    }
}

fn launch() -> Event {
    Event::Launch(Launch {
        kernel: "axpy".into(),
        grid: [2, 1, 1],
        block: [128, 1, 1],
        shared_bytes: 0,
        args: vec![
            Arg::Buffer { buffer: 0, offset: 0, elems: N as u64 },
            Arg::Buffer { buffer: 1, offset: 0, elems: N as u64 },
            Arg::Scalar { ty: "f32".into(), bytes: 4, bits: u64::from(2f32.to_bits()) },
        ],
    })
}

/// A trace of y += 2 x; x = x2 (host code); y += 2 x, in `dir`, expecting `expected`.
fn write_trace(dir: &Path, expected: &[f32]) -> PathBuf {
    std::fs::create_dir_all(dir).expect("temp dir");
    let x: Vec<f32> = (0..N).map(|i| i as f32).collect();
    let x2: Vec<f32> = (0..N).map(|i| (i % 7) as f32).collect();
    let y: Vec<f32> = (0..N).map(|i| 1000.0 - i as f32).collect();
    for (name, v) in [("x", &x[..]), ("x2", &x2[..]), ("y", &y[..]), ("expected", expected)] {
        std::fs::write(dir.join(format!("{name}.npy")), npy::write(&array(v)).expect("npy")).expect("write");
    }
    let decl = BufferDecl { elem: "f32".into(), elem_bytes: 4, elems: N as u64 };
    let trace = Trace {
        format: FORMAT.into(),
        entry: "main".into(),
        buffers: vec![decl.clone(), decl],
        events: vec![
            Event::Upload { buffer: 0, file: "x.npy".into() },
            Event::Upload { buffer: 1, file: "y.npy".into() },
            launch(),
            Event::Upload { buffer: 0, file: "x2.npy".into() },
            launch(),
        ],
        outputs: vec![Output { name: "y".into(), buffer: 1, file: "expected.npy".into() }],
    };
    let path = dir.join("t.json");
    std::fs::write(&path, trace.to_json()).expect("write");
    path
}

fn right() -> Vec<f32> {
    (0..N).map(|i| 1000.0 - i as f32 + 2.0 * i as f32 + 2.0 * (i % 7) as f32).collect()
}

#[test]
fn replays_restore_inputs_and_match() {
    let Some(gpu) = gpu() else { return };
    let dir = std::env::temp_dir().join(format!("sharc-gpurun-test-{}", std::process::id()));
    let path = write_trace(&dir, &right());
    let b = Bundle::load(&path).expect("loads");
    let ptx = include_str!("axpy.ptx");
    // 3 warm-ups and 5 timed replays of an in-place kernel: the outputs are those of one replay.
    let r = replay::replay(&gpu, &b, ptx, 3, 5, (0.0, 0.0)).expect("replays");
    assert_eq!(r.outputs, vec![("y".to_string(), None)]);
    assert_eq!(r.kernels.len(), 1);
    assert_eq!(r.kernels[0].launches, 2);
    assert!(r.total_ms > 0.0 && r.total_ms < 1000.0, "time {}", r.total_ms);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_wrong_result_is_reported() {
    let Some(gpu) = gpu() else { return };
    let dir = std::env::temp_dir().join(format!("sharc-gpurun-test-wrong-{}", std::process::id()));
    let mut wrong = right();
    wrong[100] += 1.0;
    let path = write_trace(&dir, &wrong);
    let b = Bundle::load(&path).expect("loads");
    let r = replay::replay(&gpu, &b, include_str!("axpy.ptx"), 0, 1, (0.0, 0.0)).expect("replays");
    let diff = r.outputs[0].1.clone().expect("a difference");
    assert!(diff.starts_with("at element 100:"), "{diff}");
    let _ = std::fs::remove_dir_all(dir);
}
