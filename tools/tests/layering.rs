//! The crate layering of docs/architecture.md ("Crate dependencies"), checked on the manifests:
//! every `sharc-*` dependency of a crate sits in a lower layer, never beside or above it. So the
//! front-end cannot grow a dependency on the passes again, nor the IR core on anything.

use std::path::Path;

/// The workspace's crates, lowest layer first; a crate may depend only on crates of lower layers.
const LAYERS: &[&[&str]] = &[
    &["sharc-ir", "sharc-machine", "sharc-svg"],
    &["sharc-sim"],
    &["sharc-dialects"],
    &["sharc-passes", "sharc-frontend", "sharc-codegen", "sharc-upstream", "sharc-gpurun"],
    &["sharc-bench", "sharc-tools"],
];

/// The directory of each crate, as in the workspace manifest.
const CRATES: &[(&str, &str)] = &[
    ("sharc-ir", "ir"),
    ("sharc-machine", "machine"),
    ("sharc-sim", "sim"),
    ("sharc-dialects", "dialects"),
    ("sharc-passes", "passes"),
    ("sharc-frontend", "frontend"),
    ("sharc-codegen", "codegen"),
    ("sharc-upstream", "upstream"),
    ("sharc-gpurun", "gpurun"),
    ("sharc-svg", "svg"),
    ("sharc-bench", "bench"),
    ("sharc-tools", "tools"),
];

fn layer(name: &str) -> usize {
    LAYERS.iter().position(|l| l.contains(&name)).unwrap_or_else(|| panic!("{name} is in no layer"))
}

/// The `sharc-*` names of a manifest's `[dependencies]` table (dev-dependencies may reach
/// further: a test can use anything).
fn sharc_dependencies(manifest: &str) -> Vec<String> {
    let mut in_deps = false;
    let mut out = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_deps = line == "[dependencies]";
            continue;
        }
        if in_deps && line.starts_with("sharc-") {
            let name = line.split(|c: char| c == '.' || c == '=' || c.is_whitespace()).next().unwrap_or("");
            out.push(name.to_string());
        }
    }
    out
}

#[test]
fn every_dependency_points_down() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let workspace = std::fs::read_to_string(root.join("Cargo.toml")).expect("workspace manifest");
    let mut violations = Vec::new();
    for (name, dir) in CRATES {
        assert!(workspace.contains(&format!("\"{dir}\"")), "{dir} is not a workspace member");
        let manifest = std::fs::read_to_string(root.join(dir).join("Cargo.toml")).expect("crate manifest");
        for dep in sharc_dependencies(&manifest) {
            if layer(&dep) >= layer(name) {
                violations.push(format!("{name} depends on {dep}, which is not below it"));
            }
        }
    }
    assert!(violations.is_empty(), "crate layering broken:\n{}", violations.join("\n"));
}

#[test]
fn the_manifest_reader_sees_dependencies_only() {
    let manifest = "[package]\nname = \"x\"\n[dependencies]\nsharc-ir.workspace = true\nsharc-sim = { path = \"../sim\" }\npest = \"2\"\n[dev-dependencies]\nsharc-passes.workspace = true\n";
    assert_eq!(sharc_dependencies(manifest), vec!["sharc-ir", "sharc-sim"]);
}
