//! Where the test files are: the repository's `test/` directory, and which of its files are lit tests.
//! Shared by the lit harness (`tests/lit.rs`) and the diagnostics audit (`tests/diagnostics.rs`), so both
//! see the same set of files.

use std::path::{Path, PathBuf};

/// The repository root (the workspace root, one level above this crate).
pub fn repo_root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    root.canonicalize().unwrap_or(root)
}

/// The directory the tests are discovered in.
pub fn test_root() -> PathBuf {
    repo_root().join("test")
}

/// Collects the test files under `dir` as (path relative to `test/`, `/`-separated; absolute path):
/// `.mlir` and `.c` files, except under a directory named `Inputs` or under a directory holding a
/// `lit.skip` marker.
pub fn discover(dir: &Path, rel: &str, out: &mut Vec<(String, PathBuf)>) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        let sub = if rel.is_empty() { name.clone() } else { format!("{rel}/{name}") };
        if path.is_dir() {
            if name != "Inputs" && !path.join("lit.skip").is_file() {
                discover(&path, &sub, out)?;
            }
        } else if name.ends_with(".mlir") || name.ends_with(".c") {
            out.push((sub, path));
        }
    }
    Ok(())
}
