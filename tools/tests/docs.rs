//! The generated reference docs (`docs/dialects/`, `docs/passes/`) match the registries.
//!
//! Regenerates every file in memory from `sharc_dialects::registry()` and
//! `sharc_tools::pass_registry()` (see `tools/src/docs.rs`) and fails, naming each file, when a
//! checked-in file is missing, differs, or has no declaration behind it any more. With
//! `SHARC_UPDATE_DOCS=1` it writes the files instead (and removes orphaned `.md` files from
//! those two directories, which hold generated files only).

use sharc_tools::docs::{self, DocFile};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("tools/ sits in the repository root").to_path_buf()
}

/// The `.md` files currently in the generated directories, as repo-relative paths.
fn existing_files(root: &Path) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for dir in [docs::DIALECTS_DIR, docs::PASSES_DIR] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else { continue };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if name.ends_with(".md") {
                found.insert(format!("{dir}/{name}"));
            }
        }
    }
    found
}

fn write_all(root: &Path, files: &[DocFile], orphans: &[String]) {
    for f in files {
        let path = root.join(&f.path);
        let dir = path.parent().expect("generated paths have a directory");
        std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
        let unchanged = std::fs::read_to_string(&path).is_ok_and(|t| t == f.text);
        if !unchanged {
            std::fs::write(&path, &f.text).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
            eprintln!("wrote {}", f.path);
        }
    }
    for o in orphans {
        std::fs::remove_file(root.join(o)).unwrap_or_else(|e| panic!("cannot remove {o}: {e}"));
        eprintln!("removed {o}");
    }
}

// The docs cover every pass, `upstream` too, whose declaration is compiled only with the feature.
#[test]
#[cfg_attr(
    not(feature = "upstream"),
    ignore = "docs/passes/ covers the `upstream` pass, built only with the `upstream` feature (issue 17)"
)]
fn generated_docs_are_up_to_date() {
    let root = repo_root();
    let files = docs::generate(&sharc_dialects::registry(), &sharc_tools::pass_registry());
    let generated: BTreeSet<String> = files.iter().map(|f| f.path.clone()).collect();
    let orphans: Vec<String> = existing_files(&root).difference(&generated).cloned().collect();

    if std::env::var("SHARC_UPDATE_DOCS").is_ok_and(|v| v == "1") {
        write_all(&root, &files, &orphans);
        return;
    }

    let mut problems = Vec::new();
    for f in &files {
        match std::fs::read_to_string(root.join(&f.path)) {
            Err(_) => problems.push(format!("  missing: {}", f.path)),
            Ok(text) if text != f.text => {
                problems.push(format!("  stale:   {}{}", f.path, first_difference(&text, &f.text)))
            }
            Ok(_) => {}
        }
    }
    for o in &orphans {
        problems.push(format!("  orphan:  {o} (no dialect or pass of that name is registered)"));
    }
    assert!(
        problems.is_empty(),
        "the generated docs do not match the registries:\n{}\n\nrun `{}` and commit the result",
        problems.join("\n"),
        docs::UPDATE_COMMAND
    );
}

/// ` (line N: found "...", expected "...")` for the first line that differs.
fn first_difference(found: &str, expected: &str) -> String {
    let mut f = found.lines();
    let mut e = expected.lines();
    for n in 1.. {
        match (f.next(), e.next()) {
            (None, None) => return String::new(),
            (a, b) if a == b => continue,
            (a, b) => {
                return format!(" (line {n}: found {:?}, expected {:?})", a.unwrap_or("<end>"), b.unwrap_or("<end>"));
            }
        }
    }
    String::new()
}
