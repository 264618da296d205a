//! The oracles on small memplace-level candidates. Tests that need ptxas, or ld.lld and
//! llvm-readelf, print why they skip and pass when the tool is absent, as the lit harness's
//! `REQUIRES: ptxas` tests do.

use super::*;
use sharc_ir::syntax::{parse_source, ParseOptions};

/// A 2-D band with a guarded load and store, as sharc-map-baseline makes for a scaled copy;
/// `scale` keeps the modules of different tests apart in the process-wide cache.
fn guarded_band(scale: &str) -> String {
    format!(
        r#"#inside = affine_set<(d0, d1)[s0, s1] : (s0 - d0 - 1 >= 0, s1 - d1 - 1 >= 0)>
func.func @scale(%A: memref<?x?xf32> {{sharc.name = "A"}}, %B: memref<?x?xf32> {{sharc.name = "B"}},
                 %n: index {{sharc.name = "n"}}, %m: index {{sharc.name = "m"}}) {{
  %c = arith.constant {scale} : f32
  gpumap.band (%i, %j) = (0, 0) to (symbol(%n), symbol(%m)) block [8, 32] dims [y, x] origin (%bi, %bj) {{
    affine.if #inside(%i, %j)[%n, %m] {{
      %v = affine.load %A[%i, %j] : memref<?x?xf32>
      %w = arith.mulf %v, %c : f32
      affine.store %w, %B[%i, %j] : memref<?x?xf32>
    }}
  }}
  return
}}
"#
    )
}

/// A band whose threads each hold `n` loaded values live at once: their sum in load order is
/// stored first, then their product in the reverse order (floating-point operations are not
/// reassociated), so every value is live when the product starts.
fn pressure_band(n: usize) -> String {
    let mut body = String::new();
    for k in 0..n {
        body.push_str(&format!("    %v{k} = affine.load %A[%i, %j + {k}] : memref<64x192xf32>\n"));
    }
    body.push_str("    %s0 = arith.addf %v0, %v1 : f32\n");
    for k in 2..n {
        body.push_str(&format!("    %s{} = arith.addf %s{}, %v{k} : f32\n", k - 1, k - 2));
    }
    body.push_str(&format!("    affine.store %s{}, %B[%i, %j] : memref<64x64xf32>\n", n - 2));
    body.push_str(&format!("    %p0 = arith.mulf %v{}, %v{} : f32\n", n - 1, n - 2));
    for k in 2..n {
        body.push_str(&format!("    %p{} = arith.mulf %p{}, %v{} : f32\n", k - 1, k - 2, n - 1 - k));
    }
    body.push_str(&format!("    affine.store %p{}, %C[%i, %j] : memref<64x64xf32>\n", n - 2));
    format!(
        r#"func.func @pressure(%A: memref<64x192xf32> {{sharc.name = "A"}}, %B: memref<64x64xf32> {{sharc.name = "B"}},
                     %C: memref<64x64xf32> {{sharc.name = "C"}}) {{
  gpumap.band (%i, %j) = (0, 0) to (64, 64) block [8, 32] dims [y, x] origin (%bi, %bj) {{
{body}  }}
  return
}}
"#
    )
}

fn parse(text: &str) -> (Context, OpId) {
    let mut ctx = Context::new(sharc_dialects::registry());
    let module = parse_source(&mut ctx, "candidate.mlir", text, &ParseOptions::default())
        .unwrap_or_else(|e| panic!("the test module parses: {e:?}\n{text}"));
    (ctx, module)
}

fn target(name: &str) -> Target {
    Target::load(name).expect("a shipped target")
}

fn ptxas_or_skip(test: &str) -> Option<PtxasOracle> {
    let found = find_ptxas().map(PtxasOracle::new);
    if found.is_none() {
        eprintln!("{test}: skipped: ptxas not found (run scripts/setup.sh or set SHARC_PTXAS)");
    }
    found
}

fn hsaco_or_skip(test: &str) -> Option<HsacoOracle> {
    let found = find_llvm_readelf().filter(|_| sharc_codegen::emit::find_ld_lld().is_ok()).map(HsacoOracle::new);
    if found.is_none() {
        eprintln!("{test}: skipped: llvm-readelf-22 or ld.lld-22 not found (run scripts/setup.sh)");
    }
    found
}

fn measured_text(use_: &RegisterUse) -> &str {
    match &use_.source {
        RegisterSource::Measured(text) => text,
        RegisterSource::Estimated => panic!("an oracle reported an estimate: {use_:?}"),
    }
}

#[test]
fn a100_guarded_band_measures_registers_without_spills() {
    let Some(oracle) = ptxas_or_skip("a100") else { return };
    let (mut ctx, module) = parse(&guarded_band("2.0"));
    let use_ = oracle.measure(&mut ctx, module, &target("a100")).expect("ptxas measures the kernel");
    assert!(use_.registers > 0, "{use_:?}");
    assert!(!use_.spills(), "{use_:?}");
    assert_eq!(measured_text(&use_), "ptxas -v sm_80 -maxrregcount=255");
}

#[test]
fn gtx690_is_measured_on_sm_52_with_its_63_register_cap() {
    let Some(oracle) = ptxas_or_skip("gtx690") else { return };
    let (mut ctx, module) = parse(&guarded_band("2.0"));
    let use_ = oracle.measure(&mut ctx, module, &target("gtx690")).expect("ptxas measures the kernel");
    assert!(use_.registers > 0 && use_.registers <= 63, "{use_:?}");
    assert!(!use_.spills(), "{use_:?}");
    assert_eq!(
        measured_text(&use_),
        "ptxas -v sm_52 -maxrregcount=63 (emulating sm_30, which ptxas no longer targets)"
    );
}

#[test]
fn hd7850_is_measured_from_the_hsaco_notes() {
    let Some(oracle) = hsaco_or_skip("hd7850") else { return };
    let (mut ctx, module) = parse(&guarded_band("2.0"));
    let use_ = oracle.measure(&mut ctx, module, &target("hd7850")).expect("the HSACO notes are read");
    assert!(use_.registers > 0, "{use_:?}");
    assert!(!use_.spills(), "{use_:?}");
    assert_eq!(measured_text(&use_), "HSACO notes gfx601 (.vgpr_count)");
}

#[test]
fn a_low_register_cap_makes_a_pressured_band_spill() {
    let Some(oracle) = ptxas_or_skip("cap") else { return };
    let text = pressure_band(40);
    let (mut ctx, module) = parse(&text);
    let free = oracle.measure(&mut ctx, module, &target("a100")).expect("ptxas measures the kernel");
    assert!(!free.spills() && free.registers > 16, "40 live values need more than 16 registers: {free:?}");
    let mut capped = target("a100");
    capped.name = "a100-cap16".to_string();
    capped.max_registers_per_thread = 16;
    let (mut ctx, module) = parse(&text);
    let tight = oracle.measure(&mut ctx, module, &capped).expect("ptxas measures the kernel");
    // ptxas raises a cap below the ABI's minimum (24 on sm_80) to that minimum.
    assert!(tight.spills(), "{tight:?}");
    assert!(tight.registers < free.registers && tight.registers <= 24, "{tight:?} against {free:?}");
    assert_eq!(measured_text(&tight), "ptxas -v sm_80 -maxrregcount=16");
}

/// The promoted gemm band of test/passes/gpumap/lower-gpumap.mlir: shared buffers, cooperative
/// copies and barriers, as the candidates of sharc-ilp are.
const STAGED_GEMM: &str = r#"#inside = affine_set<(d0, d1) : (63 - d0 >= 0, 63 - d1 >= 0)>
func.func @gemm(%A: memref<64x64xf32> {sharc.name = "A"}, %B: memref<64x64xf32> {sharc.name = "B"},
                %C: memref<64x64xf32> {sharc.name = "C"}) {
  gpumap.band (%i, %j) = (0, 0) to (64, 64) block [16, 16] dims [y, x] origin (%bi, %bj) {
    %As = memplace.alloc_shared : memref<16x16xf32, #gpu.address_space<workgroup>>
    %Bs = memplace.alloc_shared : memref<16x17xf32, #gpu.address_space<workgroup>>
    %zero = arith.constant 0.0 : f32
    %sum = affine.for %kk = 0 to 64 step 16 iter_args(%acc = %zero) -> (f32) {
      memplace.copy_in %A[%bi, %kk] to %As sizes [16, 16] : memref<64x64xf32>, memref<16x16xf32, #gpu.address_space<workgroup>>
      memplace.copy_in %B[%kk, %bj] to %Bs sizes [16, 16] : memref<64x64xf32>, memref<16x17xf32, #gpu.address_space<workgroup>>
      memplace.barrier
      %part = affine.for %k = 0 to 16 iter_args(%a2 = %acc) -> (f32) {
        %x = affine.load %As[%i - %bi, %k] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %y = affine.load %Bs[%k, %j - %bj] : memref<16x17xf32, #gpu.address_space<workgroup>>
        %p = arith.mulf %x, %y : f32
        %s = arith.addf %a2, %p : f32
        affine.yield %s : f32
      }
      memplace.barrier
      affine.yield %part : f32
    }
    affine.if #inside(%i, %j) {
      affine.store %sum, %C[%i, %j] : memref<64x64xf32>
    }
  }
  return
}
"#;

#[test]
fn a_staged_band_with_barriers_is_measured_on_every_vendor() {
    if let Some(oracle) = ptxas_or_skip("staged gemm, NVIDIA") {
        for name in ["a100", "gtx690", "c2050", "gtxtitan"] {
            let (mut ctx, module) = parse(STAGED_GEMM);
            let use_ = oracle.measure(&mut ctx, module, &target(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(use_.registers > 0 && !use_.spills(), "{name}: {use_:?}");
        }
    }
    if let Some(oracle) = hsaco_or_skip("staged gemm, AMD") {
        for name in ["hd7850", "mi250x", "mi300x"] {
            let (mut ctx, module) = parse(STAGED_GEMM);
            let use_ = oracle.measure(&mut ctx, module, &target(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(use_.registers > 0 && !use_.spills(), "{name}: {use_:?}");
        }
    }
}

#[test]
fn the_emulated_kepler_cap_binds_where_a100s_does_not() {
    let Some(oracle) = ptxas_or_skip("kepler cap") else { return };
    let text = pressure_band(100);
    let (mut ctx, module) = parse(&text);
    let a100 = oracle.measure(&mut ctx, module, &target("a100")).expect("ptxas measures the kernel");
    assert!(!a100.spills() && a100.registers > 63, "100 live values: {a100:?}");
    let (mut ctx, module) = parse(&text);
    let gtx690 = oracle.measure(&mut ctx, module, &target("gtx690")).expect("ptxas measures the kernel");
    assert!(gtx690.spills() && gtx690.registers <= 63, "{gtx690:?}");
}

#[test]
fn a_second_measurement_of_the_same_candidate_comes_from_the_cache() {
    let Some(oracle) = ptxas_or_skip("cache") else { return };
    let text = guarded_band("3.0");
    let (mut ctx, module) = parse(&text);
    let first = oracle.measure(&mut ctx, module, &target("a100")).expect("ptxas measures the kernel");
    // Measuring lowers the candidate in place; a cache hit leaves it as it was.
    let before = print_op(&ctx, module, PrintOptions::default());
    assert!(before.contains("gpu.module"), "the first measurement lowered the candidate");
    let (mut ctx, module) = parse(&text);
    let unlowered = print_op(&ctx, module, PrintOptions::default());
    let second = oracle.measure(&mut ctx, module, &target("a100")).expect("the cache answers");
    assert_eq!(first, second);
    assert_eq!(print_op(&ctx, module, PrintOptions::default()), unlowered, "the second call compiled again");
    // Another target is another entry.
    let (mut ctx, module) = parse(&text);
    oracle.measure(&mut ctx, module, &target("h100")).expect("ptxas measures the kernel");
    assert_ne!(print_op(&ctx, module, PrintOptions::default()), unlowered);
}

#[test]
fn failures_are_errors_with_the_tools_words() {
    let (mut ctx, module) = parse(&guarded_band("5.0"));
    let missing = PtxasOracle::new(PathBuf::from("/nonexistent/ptxas"));
    let err = missing.measure(&mut ctx, module, &target("a100")).expect_err("no ptxas there");
    assert!(err.starts_with("cannot run /nonexistent/ptxas"), "{err}");
    let (mut ctx, module) = parse(&guarded_band("5.0"));
    let err = missing.measure(&mut ctx, module, &target("hd7850")).expect_err("ptxas on AMD");
    assert_eq!(err, "ptxas cannot measure 'hd7850', an AMD target");
    let err = HsacoOracle::new(PathBuf::from("llvm-readelf")).measure(&mut ctx, module, &target("a100"));
    assert_eq!(err.expect_err("notes on NVIDIA"), "HSACO notes cannot measure 'a100', an NVIDIA target");
    // ptxas that fails: the error carries its message.
    let Some(oracle) = ptxas_or_skip("failing ptxas") else { return };
    let mut bogus = target("a100");
    bogus.name = "a100-cap0".to_string();
    bogus.max_registers_per_thread = 0;
    let (mut ctx, module) = parse(&guarded_band("5.0"));
    let err = oracle.measure(&mut ctx, module, &bogus).expect_err("ptxas rejects -maxrregcount=0");
    assert!(err.contains("failed") && err.contains("ptxas"), "{err}");
}

#[test]
fn the_register_cap_is_written_on_every_entry() {
    let ptx = ".version 7.8
.target sm_80
.visible .entry a_b0(
	.param .u64 .ptr .align 1 a_b0_param_0
)
.maxntid 32, 8, 1
{
	ret;
}
.visible .entry b_b0()
{
	ret;
}
";
    let capped = with_register_cap(ptx, 63).expect("two entries");
    assert!(capped.contains(".maxntid 32, 8, 1\n.maxnreg 63\n{\n"), "{capped}");
    assert!(capped.contains(".visible .entry b_b0()\n.maxnreg 63\n{\n"), "{capped}");
    assert_eq!(capped.matches(".maxnreg").count(), 2);
    let err = with_register_cap(".version 7.8\n", 63).expect_err("no entry");
    assert_eq!(err, "cannot find the body of every entry in the generated PTX (0 of 0)");
    let twice = with_register_cap(&capped, 63).expect_err("already capped");
    assert_eq!(twice, "the generated PTX already caps its registers: .maxnreg 63");
}

#[test]
fn ptxas_verbose_output_is_read_per_entry() {
    let output = "ptxas info    : 0 bytes gmem
ptxas info    : Function properties for __internal_helper
    0 bytes stack frame, 8 bytes spill stores, 8 bytes spill loads
ptxas info    : Compiling entry function 'gemm_b0' for 'sm_52'
ptxas info    : Function properties for gemm_b0
    24 bytes stack frame, 20 bytes spill stores, 12 bytes spill loads
ptxas info    : Used 63 registers, used 1 barriers, 2112 bytes smem, 392 bytes cmem[0]
ptxas info    : Compile time = 4.313 ms
";
    assert_eq!(parse_ptxas_verbose(output), Ok((63, 20, 12)));
    let two = format!("{output}ptxas info    : Compiling entry function 'other' for 'sm_52'\n");
    let err = parse_ptxas_verbose(&two).expect_err("two kernels");
    assert!(err.starts_with("expected ptxas to compile one kernel, it compiled 2 (gemm_b0, other)"), "{err}");
    let no_spill_line = "ptxas info    : Compiling entry function 'k' for 'sm_80'\nptxas info    : Used 8 registers\n";
    let err = parse_ptxas_verbose(no_spill_line).expect_err("no spill line");
    assert!(err.starts_with("cannot read the registers and spills of 'k'"), "{err}");
    assert!(parse_ptxas_verbose("").is_err());
}

#[test]
fn amdgpu_notes_are_read_from_the_yaml() {
    let notes = "    AMDGPU Metadata:
amdhsa.kernels:
  - .args:
      - .offset:         0
        .size:           8
    .name:           scale_b0
    .sgpr_count:     18
    .sgpr_spill_count: 2
    .vgpr_count:     9
    .vgpr_spill_count: 3
";
    assert_eq!(parse_amdgpu_notes(notes), Ok(AmdgpuCounts { vgprs: 9, vgpr_spills: 3, sgprs: 18, sgpr_spills: 2 }));
    let two = format!("{notes}    .vgpr_count:     4\n");
    assert_eq!(
        parse_amdgpu_notes(&two),
        Err("expected one kernel in the HSACO, its metadata has 2 .vgpr_count entries".to_string())
    );
    let err = parse_amdgpu_notes("no metadata").expect_err("empty");
    assert!(err.starts_with("the HSACO's AMDGPU metadata has no .vgpr_count"), "{err}");
}

#[test]
fn chips_ptxas_cannot_target_get_the_stand_in() {
    for old in ["sm_20", "sm_21", "sm_30", "sm_35", "sm_37", "gfx601"] {
        assert_eq!(ptxas_chip(old), ("sm_52".to_string(), true), "{old}");
    }
    for new in ["sm_50", "sm_52", "sm_80", "sm_90a"] {
        assert_eq!(ptxas_chip(new), (new.to_string(), false), "{new}");
    }
}

#[test]
fn the_oracle_lowers_with_the_drivers_tail() {
    use crate::pipeline::{pipeline_text, BankFix, Ilp, Level, Mapping};
    let m = Mapping {
        target: "a100".to_string(),
        shared: false,
        bank_fix: BankFix::Off,
        ilp: Ilp::Auto,
        register_rotate: false,
        vectorize: false,
        block_remap: None,
        allow_reassoc: false,
    };
    let driver = pipeline_text(&m, Level::Gpu);
    let tail = LOWERING.strip_prefix("builtin.module(").and_then(|t| t.strip_suffix(')')).expect("a module pipeline");
    assert!(driver.ends_with(&format!("{tail})")), "{driver} does not end with {tail}");
}

#[test]
fn the_factory_picks_the_oracle_of_the_vendor_that_is_installed() {
    let nvidia = oracle_factory(&target("a100")).map(|o| o.name().to_string());
    assert_eq!(nvidia, find_ptxas().map(|_| "ptxas".to_string()));
    let amd = oracle_factory(&target("mi300x")).map(|o| o.name().to_string());
    let tools = find_llvm_readelf().filter(|_| sharc_codegen::emit::find_ld_lld().is_ok());
    assert_eq!(amd, tools.map(|_| "hsaco notes".to_string()));
}

/// The candidates of one test, parsed into one context: register pressures far apart, so that
/// a batch that handed one candidate's numbers to another would be seen.
fn batch_candidates() -> Vec<String> {
    vec![pressure_band(6), guarded_band("7.0"), pressure_band(23), pressure_band(11)]
}

fn parse_all(texts: &[String]) -> (Context, Vec<OpId>) {
    let mut ctx = Context::new(sharc_dialects::registry());
    let modules = texts
        .iter()
        .map(|t| {
            parse_source(&mut ctx, "candidate.mlir", t, &ParseOptions::default())
                .unwrap_or_else(|e| panic!("the test module parses: {e:?}\n{t}"))
        })
        .collect();
    (ctx, modules)
}

#[test]
fn a_ptxas_batch_measures_each_candidate_as_it_measures_alone() {
    let Some(oracle) = ptxas_or_skip("batch") else { return };
    for name in ["a100", "gtx690"] {
        let t = target(name);
        let texts = batch_candidates();
        let (mut ctx, modules) = parse_all(&texts);
        let setup = oracle.setup(&t).expect("an NVIDIA target").3;
        let mut runs = Vec::new();
        let batch = measure_batch(&mut ctx, &modules, &t, &setup, &oracle, |ctx, combined| {
            let measured = oracle.compile_all(ctx, combined, &t);
            runs.push(measured.as_ref().map(HashMap::len).map_err(Clone::clone));
            measured
        });
        assert_eq!(runs, [Ok(4)], "{name}: one ptxas run measures the four candidates");
        let mut registers = Vec::new();
        for (text, measured) in texts.iter().zip(&batch) {
            let measured = measured.as_ref().expect("the batch measures every candidate");
            // Alone, bypassing the cache the batch filled.
            let (mut alone_ctx, alone) = parse(text);
            let (output, how) = oracle.compile(&mut alone_ctx, alone, &t).expect("ptxas compiles the candidate");
            let (r, stores, loads) = parse_ptxas_verbose(&output).expect("one kernel");
            assert_eq!((measured.registers, measured.spill_stores, measured.spill_loads), (r, stores, loads), "{name}");
            assert_eq!(measured_text(measured), how);
            registers.push(r);
        }
        assert!(registers[2] > registers[0], "{name}: the candidates are told apart: {registers:?}");
    }
}

#[test]
fn an_hsaco_batch_measures_each_candidate_as_it_measures_alone() {
    let Some(oracle) = hsaco_or_skip("batch") else { return };
    let t = target("mi250x");
    let texts = batch_candidates();
    let (mut ctx, modules) = parse_all(&texts);
    let mut runs = Vec::new();
    let batch = measure_batch(&mut ctx, &modules, &t, "hsaco", &oracle, |ctx, combined| {
        let measured = oracle.compile_all(ctx, combined, &t);
        runs.push(measured.as_ref().map(HashMap::len).map_err(Clone::clone));
        measured
    });
    assert_eq!(runs, [Ok(4)], "one HSACO measures the four candidates");
    let mut registers = Vec::new();
    for (text, measured) in texts.iter().zip(&batch) {
        let measured = measured.as_ref().expect("the batch measures every candidate");
        let (mut alone_ctx, alone) = parse(text);
        let notes = oracle.compile(&mut alone_ctx, alone, &t).expect("the candidate links");
        let alone = amdgpu_register_use(parse_amdgpu_notes(&notes).expect("one kernel"), &t);
        assert_eq!(measured, &alone);
        registers.push(alone.registers);
    }
    assert!(registers[2] > registers[0], "the candidates are told apart: {registers:?}");
}

#[test]
fn a_batch_with_a_candidate_that_cannot_compile_measures_the_others() {
    let Some(oracle) = ptxas_or_skip("batch-failure") else { return };
    // A module the lowering refuses: a band nested in a band.
    let broken = r#"func.func @nested(%A: memref<64x64xf32> {sharc.name = "A"}) {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%bi) {
    gpumap.band (%j) = (0) to (64) block [32] dims [x] origin (%bj) {
      %v = affine.load %A[%i, %j] : memref<64x64xf32>
      affine.store %v, %A[%i, %j] : memref<64x64xf32>
    }
  }
  return
}
"#;
    let texts = vec![pressure_band(7), broken.to_string(), pressure_band(13)];
    let (mut ctx, modules) = parse_all(&texts);
    let batch = oracle.measure_all(&mut ctx, &modules, &target("a100"));
    assert!(batch[0].is_ok() && batch[2].is_ok(), "{batch:?}");
    assert!(batch[1].is_err(), "{batch:?}");
}

#[test]
fn every_entry_of_a_ptxas_report_is_read() {
    let output = "ptxas info    : Compiling entry function 'a_b0' for 'sm_80'
ptxas info    : Function properties for a_b0
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 12 registers, 380 bytes cmem[0]
ptxas info    : Compiling entry function 'b_b0' for 'sm_80'
ptxas info    : Function properties for b_b0
    8 bytes stack frame, 4 bytes spill stores, 8 bytes spill loads
ptxas info    : Used 255 registers, 380 bytes cmem[0]
";
    assert_eq!(
        parse_ptxas_verbose_all(output),
        Ok(vec![("a_b0".to_string(), 12, 0, 0), ("b_b0".to_string(), 255, 4, 8)])
    );
    let missing = output.replace("    8 bytes stack frame, 4 bytes spill stores, 8 bytes spill loads\n", "");
    let err = parse_ptxas_verbose_all(&missing).expect_err("b_b0 has no spill line");
    assert!(err.starts_with("cannot read the registers and spills of 'b_b0'"), "{err}");
}

#[test]
fn every_kernel_of_the_amdgpu_notes_is_read_by_its_own_name() {
    let kernel = |name: &str, vgprs: u32| {
        format!(
            "  - .args:
      - .name:           A
        .offset:         0
    .name:           {name}
    .sgpr_count:     18
    .sgpr_spill_count: 0
    .vgpr_count:     {vgprs}
    .vgpr_spill_count: 1
"
        )
    };
    let notes = format!(
        "    AMDGPU Metadata:\namdhsa.kernels:\n{}{}amdhsa.target:   amdgcn-amd-amdhsa--gfx90a\n",
        kernel("a_b0", 9),
        kernel("b_b0", 40)
    );
    let counts = |vgprs| AmdgpuCounts { vgprs, vgpr_spills: 1, sgprs: 18, sgpr_spills: 0 };
    assert_eq!(
        parse_amdgpu_notes_all(&notes),
        Ok(vec![("a_b0".to_string(), counts(9)), ("b_b0".to_string(), counts(40))])
    );
    let err = parse_amdgpu_notes_all("    AMDGPU Metadata:\namdhsa.target: x\n").expect_err("no kernel");
    assert!(err.starts_with("the HSACO's AMDGPU metadata lists no kernel"), "{err}");
}
