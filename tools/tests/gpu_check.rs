//! `scripts/gpu-check.sh --prepare --quick` (docs/tools/gpu-check.md): the folder a GPU machine
//! is sent holds the runner, the traces and PTX for sm_80 and sm_90 that the manifest names,
//! passes the runner's dry runs (the script runs them), fits in 64 MiB, and its runner links no
//! LLVM. Without a GPU, `--run` exits 1 with one line.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the repository").to_path_buf()
}

fn size(p: &Path) -> u64 {
    match std::fs::metadata(p) {
        Ok(m) if m.is_dir() => std::fs::read_dir(p).expect("readable").map(|e| size(&e.expect("entry").path())).sum(),
        Ok(m) => m.len(),
        Err(_) => 0,
    }
}

#[test]
fn prepare_quick_folder() {
    let bin = Path::new(env!("CARGO_BIN_EXE_sharc-run")).parent().expect("bin dir").to_path_buf();
    let dir = std::env::temp_dir().join(format!("sharc-gpu-check-{}", std::process::id()));
    let out = Command::new("bash")
        .arg(repo().join("scripts/gpu-check.sh"))
        .args(["--prepare", dir.to_str().expect("utf-8 path"), "--quick"])
        .env("SHARC_BIN", &bin)
        .output()
        .expect("bash runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "prepare failed:\n{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("prepared "), "{stdout}");

    let manifest = std::fs::read_to_string(dir.join("manifest.tsv")).expect("manifest");
    let rows: Vec<Vec<&str>> = manifest.lines().skip(1).map(|l| l.split('\t').collect()).collect();
    // 5 benchmarks, 3 variants, 2 SMs.
    assert_eq!(rows.len(), 30, "{manifest}");
    for bench in ["gemm", "transpose", "matvec", "jacobi2d", "conv2d"] {
        for variant in ["baseline", "shared", "default"] {
            for sm in ["80", "90"] {
                let row = rows
                    .iter()
                    .find(|r| r[0] == bench && r[1] == variant && r[2] == sm)
                    .unwrap_or_else(|| panic!("no run of {bench} {variant} sm_{sm}"));
                let ptx = std::fs::read_to_string(dir.join(row[4])).expect("ptx");
                assert!(ptx.contains(&format!(".target sm_{sm}")), "{} is not for sm_{sm}", row[4]);
                assert!(dir.join(row[3]).is_file(), "{} missing", row[3]);
            }
        }
    }
    // The stencil's trace has its two kernels per time step (2 steps under --quick).
    let jacobi = std::fs::read_to_string(dir.join("jacobi2d/default.a100.json")).expect("trace");
    assert_eq!(jacobi.matches("\"op\":\"launch\"").count(), 4, "{jacobi}");

    let total = size(&dir);
    assert!(total <= 64 << 20, "{total} bytes");
    let runner = dir.join("bin/sharc-gpu-run");
    let ldd = Command::new("ldd").arg(&runner).output().expect("ldd runs");
    let libs = String::from_utf8_lossy(&ldd.stdout);
    assert!(!libs.to_lowercase().contains("llvm") && !libs.contains("libstdc++"), "{libs}");

    if !Path::new("/dev/nvidiactl").exists() {
        let run = Command::new("bash")
            .arg(dir.join("gpu-check.sh"))
            .args(["--run", dir.to_str().expect("utf-8 path")])
            .output()
            .expect("bash runs");
        let err = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(1), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("gpu-check: error: "), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
