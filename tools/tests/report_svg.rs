//! `sharcc --report=FILE.svg` on a bundled example with shared tiles and bank fixes
//! (bench/kernels/shared-memory.c: transpose's `out` tile takes a thread remap, matvec's `A` tile
//! an XOR swizzle), parsed as XML: one group per kernel the gpu level launches, the sector bars'
//! numbers equal to what `sharc-run --metrics=json` measures on the baseline and default modules
//! at the same size, and the bank heat maps showing the conflict before the fix and none after.

use std::path::{Path, PathBuf};
use std::process::Command;

const SHARCC: &str = env!("CARGO_BIN_EXE_sharcc");
const SHARC_RUN: &str = env!("CARGO_BIN_EXE_sharc-run");
/// The simulated size (`--report-size`), small so that the test is quick.
const N: i64 = 64;

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../bench/kernels/shared-memory.c")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sharc-report-svg-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn run(cmd: &mut Command) -> String {
    let out = cmd.output().expect("runs");
    assert!(out.status.success(), "{cmd:?} failed:\n{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8")
}

/// `global_sectors` of `kernel` in sharc-run's metrics of `function` in the gpu-level module that
/// `sharcc ARGS` writes, on `N`x`N` inputs (sectors do not depend on the values).
fn measured_sectors(dir: &Path, function: &str, kernel: &str, args: &[&str]) -> u64 {
    let module = dir.join(format!("{function}.{}.mlir", args.join("")));
    run(Command::new(SHARCC)
        .arg(example())
        .args(["--function", function, "--target", "a100", "--emit=gpu", "-o"])
        .arg(&module)
        .args(args));
    let inputs = dir.join(format!("in-{function}"));
    std::fs::create_dir_all(&inputs).expect("inputs dir");
    let arrays: &[(&str, &[i64])] = match function {
        "transpose" => &[("in", &[N, N]), ("out", &[N, N])],
        _ => &[("A", &[N, N]), ("x", &[N]), ("y", &[N])],
    };
    for (name, shape) in arrays {
        let count: i64 = shape.iter().product();
        let a = sharc_sim::npy::Array {
            elem: sharc_sim::Scalar::F32,
            unsigned: false,
            shape: shape.to_vec(),
            data: vec![0; count as usize * 4],
        };
        std::fs::write(inputs.join(format!("{name}.npy")), sharc_sim::npy::write(&a).expect("npy")).expect("write");
    }
    let json = run(Command::new(SHARC_RUN)
        .arg(&module)
        .args(["--entry", function, "--target", "a100", "--metrics=json", "--arg", &format!("n={N}"), "--inputs"])
        .arg(&inputs));
    let line = json.lines().find(|l| l.contains(&format!("\"kernel\": \"{kernel}\""))).expect("the kernel ran");
    let field = line.split("\"global_sectors\": ").nth(1).expect("global_sectors");
    field.split(|c: char| !c.is_ascii_digit()).next().and_then(|d| d.parse().ok()).expect("a number")
}

fn class_is(n: &roxmltree::Node<'_, '_>, class: &str) -> bool {
    n.attribute("class") == Some(class)
}

/// The texts of the elements of `class` under `node`.
fn texts<'a>(node: roxmltree::Node<'a, '_>, class: &str) -> Vec<String> {
    node.descendants().filter(|n| class_is(n, class)).filter_map(|n| n.text().map(str::to_string)).collect()
}

/// The largest per-bank value in the `before`/`after` map of `array` in `kernel`, read from the
/// cells' titles (`load line 40: bank 3, 8.00 accesses per phase`).
fn heat_peak(kernel: roxmltree::Node<'_, '_>, array: &str, which: &str) -> f64 {
    let map = kernel
        .descendants()
        .find(|n| class_is(n, "heatmap") && n.attribute("data-array") == Some(array))
        .unwrap_or_else(|| panic!("a heat map of {array}"));
    let side = map.children().find(|n| class_is(n, which)).expect("before and after");
    let values: Vec<f64> = side
        .descendants()
        .filter(|n| n.has_tag_name("title"))
        .filter_map(|t| t.text()?.split(", ").nth(1)?.split(' ').next()?.parse().ok())
        .collect();
    assert!(!values.is_empty(), "{array} {which}: no cell");
    values.into_iter().fold(0.0, f64::max)
}

#[test]
fn the_picture_has_every_kernel_with_measured_bars_and_bank_maps() {
    let dir = scratch("picture");
    let svg_path = dir.join("report.svg");
    let gpu = dir.join("all.mlir");
    run(Command::new(SHARCC)
        .arg(example())
        .args(["--target", "a100", "--emit=gpu", &format!("--report-size={N}"), "-o"])
        .arg(&gpu)
        .arg(format!("--report={}", svg_path.display())));
    let text = std::fs::read_to_string(&svg_path).expect("the SVG was written");
    let doc = roxmltree::Document::parse(&text).expect("the SVG parses as XML");
    let root = doc.root_element();
    assert!(root.has_tag_name(("http://www.w3.org/2000/svg", "svg")), "an SVG document");

    // One group per kernel the gpu level launches, named as the launches name them.
    let module = std::fs::read_to_string(&gpu).expect("gpu level");
    let launched: Vec<String> = module
        .lines()
        .filter_map(|l| l.split("gpu.launch_func  ").nth(1))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect();
    assert!(launched.len() >= 2, "the example launches several kernels: {launched:?}");
    let kernels: Vec<roxmltree::Node<'_, '_>> = root.descendants().filter(|n| class_is(n, "kernel")).collect();
    let names: Vec<&str> = kernels.iter().filter_map(|k| k.attribute("data-kernel")).collect();
    assert_eq!(names, launched);

    for (function, array) in [("transpose", "out"), ("matvec", "A")] {
        let kernel_name = format!("@{function}_kernels::@{function}_b0");
        let kernel =
            kernels.iter().find(|k| k.attribute("data-kernel") == Some(&kernel_name)).expect("the kernel's group");
        // Bars: baseline, default, compulsory, each with its number; the first two are what
        // sharc-run measures on the modules of --no-shared and of the default pipeline.
        let sectors = kernel.descendants().find(|n| class_is(n, "sectors")).expect("the sector bars");
        let values: Vec<u64> = texts(sectors, "value").iter().map(|v| v.parse().expect("a number")).collect();
        assert_eq!(values.len(), 3, "{function}: three bars with numbers: {values:?}");
        let sim_name = format!("{function}_b0");
        assert_eq!(values[0], measured_sectors(&dir, function, &sim_name, &["--no-shared"]), "{function} baseline");
        assert_eq!(values[1], measured_sectors(&dir, function, &sim_name, &[]), "{function} default");
        assert!(values[2] <= values[1], "{function}: compulsory {} above the default's {}", values[2], values[1]);
        assert!(texts(sectors, "not-measured").is_empty());
        // The conflicted buffer serializes before the fix and not after it.
        let (before, after) = (heat_peak(*kernel, array, "before"), heat_peak(*kernel, array, "after"));
        assert!(before >= 2.0, "{function} {array}: {before} accesses per bank before the fix");
        assert!(after <= 1.0, "{function} {array}: {after} accesses per bank after the fix");
    }

    // The same picture as a page.
    let html = dir.join("report.html");
    run(Command::new(SHARCC)
        .arg(example())
        .args(["--function", "transpose", "--target", "a100", &format!("--report-size={N}"), "-o", "/dev/null"])
        .arg(format!("--report={}", html.display())));
    let page = std::fs::read_to_string(&html).expect("the page was written");
    assert!(
        page.starts_with("<!DOCTYPE html>")
            && page.contains("<svg")
            && page.contains("data-kernel=\"@transpose_kernels::@transpose_b0\"")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn what_is_not_measured_is_said() {
    // An MLIR input with dynamic extents has no inputs sharcc can make: the bars are absent and
    // the picture says why.
    let dir = scratch("mlir");
    let affine = dir.join("transpose.mlir");
    run(Command::new(SHARCC).arg(example()).args(["--function", "transpose", "--emit=affine", "-o"]).arg(&affine));
    let svg_path = dir.join("report.svg");
    run(Command::new(SHARCC)
        .arg(&affine)
        .args(["--target", "a100", "-o", "/dev/null"])
        .arg(format!("--report={}", svg_path.display())));
    let text = std::fs::read_to_string(&svg_path).expect("written");
    let doc = roxmltree::Document::parse(&text).expect("parses");
    let sectors = doc.descendants().find(|n| class_is(n, "sectors")).expect("the sector panel");
    assert!(texts(sectors, "value").is_empty(), "no bar without a measurement");
    let why = texts(sectors, "not-measured");
    assert!(why.iter().any(|w| w.contains("dynamic extents")), "{why:?}");
    // A report file of another kind is refused before compiling.
    let out = Command::new(SHARCC).arg(&affine).arg("--report=x.png").output().expect("runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("FILE.svg or FILE.html"));
    let _ = std::fs::remove_dir_all(&dir);
}
