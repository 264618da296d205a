//! Tests of the ILP model: hand-built candidates where each term in turn is the largest, the
//! vetoes and the 10% rule; and work counts of small parsed bands, derived by hand.

use super::*;
use crate::analysis::registers::RegisterSource;
use sharc_ir::syntax::{parse_source, ParseOptions};

fn target(name: &str) -> Target {
    Target::load(name).unwrap_or_else(|e| panic!("{e}"))
}

fn registers(registers: u32) -> RegisterUse {
    RegisterUse { registers, spill_stores: 0, spill_loads: 0, source: RegisterSource::Estimated }
}

/// A 256-thread block of 256 outputs doing nothing: each test sets the counts it exercises.
fn counts() -> WorkCounts {
    WorkCounts {
        threads: 256,
        outputs: 256.0,
        thread_ops: 0.0,
        shared_wavefronts: 0.0,
        dram_bytes: 0.0,
        phases: 0.0,
        chain: 0.0,
        loads_per_phase: 0.0,
    }
}

fn candidate(factor: u32, counts: WorkCounts, regs: u32) -> Candidate {
    Candidate {
        factor,
        distribution: Distribution::Cyclic,
        threads_per_block: counts.threads,
        shared_bytes: 0,
        counts,
        registers: registers(regs),
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

/// a100: 1555 GB/s over 108 SMs at 1410 MHz; 4 warp instructions and 1 wavefront per clock;
/// L = 600, alu = 4. 256 threads of 32 registers: 8 blocks of 8 warps, 64 warps per SM.
#[test]
fn each_term_can_be_the_bound() {
    let t = target("a100");
    let per_clk = 1555.0 * 1e3 / (108.0 * 1410.0);
    // 8 bytes per output.
    let bw = candidate(1, WorkCounts { dram_bytes: 2048.0, ..counts() }, 32);
    let terms = evaluate(&t, &bw).expect("fits");
    assert!(close(terms.t_bw, 8.0 / per_clk), "{terms:?}");
    assert_eq!((terms.bound, terms.warps_per_sm), (Bound::Bandwidth, 64));
    // 1280 thread ops per output: 40 warp instructions over 4 per clock = 10 clocks.
    let issue = candidate(1, WorkCounts { thread_ops: 256.0 * 1280.0, ..counts() }, 32);
    let terms = evaluate(&t, &issue).expect("fits");
    assert!(close(terms.t_issue, 10.0), "{terms:?}");
    assert_eq!(terms.bound, Bound::Issue);
    // 12 wavefronts per output at 1 per clock.
    let sh = candidate(1, WorkCounts { shared_wavefronts: 256.0 * 12.0, ..counts() }, 32);
    let terms = evaluate(&t, &sh).expect("fits");
    assert!(close(terms.t_sh, 12.0), "{terms:?}");
    assert_eq!(terms.bound, Bound::Shared);
    // 4 phases of 600 + 10·4 clocks over 64 warps of 32 threads, one output each.
    let lat = candidate(1, WorkCounts { phases: 4.0, chain: 10.0, ..counts() }, 32);
    let terms = evaluate(&t, &lat).expect("fits");
    assert!(close(terms.t_lat, 4.0 * 640.0 / 2048.0), "{terms:?}");
    assert_eq!(terms.bound, Bound::Latency);
    assert!(close(terms.time, terms.t_lat));
}

/// More registers lower occupancy and raise the latency term; outputs per thread lower it.
#[test]
fn latency_follows_occupancy_and_outputs_per_thread() {
    let t = target("a100");
    let lat = |regs: u32, threads: u32| {
        let c = WorkCounts { threads, phases: 1.0, ..counts() };
        let c = Candidate { threads_per_block: threads, ..candidate(1, c, regs) };
        evaluate(&t, &c).map(|x| (x.t_lat, x.warps_per_sm)).expect("fits")
    };
    // 64 registers: 32 warps per SM (65536 / (64 · 32)).
    assert_eq!(lat(64, 256), (600.0 / (32.0 * 32.0), 32));
    // The same 256 outputs on 128 threads: 2 per thread; 64 warps resident.
    assert_eq!(lat(32, 128), (600.0 / (64.0 * 32.0 * 2.0), 64));
}

#[test]
fn spills_register_caps_and_empty_sms_are_vetoed() {
    let t = target("gtx690");
    let mut spilling = candidate(2, counts(), 40);
    spilling.registers.spill_stores = 8;
    assert_eq!(evaluate(&t, &spilling), Err(Veto::Spills { stores: 8, loads: 0 }));
    // GK104's 63-register cap.
    assert_eq!(evaluate(&t, &candidate(16, counts(), 64)), Err(Veto::TooManyRegisters { registers: 64, max: 63 }));
    // C2050: 1024 threads of 40 registers need 40 K registers of the SM's 32 K.
    let big = Candidate { threads_per_block: 1024, ..candidate(1, WorkCounts { threads: 1024, ..counts() }, 40) };
    let fermi = target("c2050");
    assert!(matches!(evaluate(&fermi, &big), Err(Veto::NoOccupancy(_))), "{:?}", evaluate(&fermi, &big));
    let too_much_shared = Candidate { shared_bytes: 64 * 1024, ..candidate(1, counts(), 32) };
    assert!(matches!(evaluate(&t, &too_much_shared), Err(Veto::NoOccupancy(_))));
    assert_eq!(evaluate(&t, &candidate(1, WorkCounts { outputs: 0.0, ..counts() }, 32)), Err(Veto::NoOutputs));
}

/// Latency-bound candidates whose time falls with the factor: f = 4 is within 10% of f = 8 and
/// is chosen; f = 2 is not within it; a vetoed f = 16 is reported and ignored.
#[test]
fn the_smallest_factor_within_ten_percent_wins() {
    let t = target("a100");
    // t_lat ∝ phases / outputs per thread: each of the 256 threads covers f outputs.
    let with = |f: u32, phases: f64| candidate(f, WorkCounts { outputs: 256.0 * f64::from(f), phases, ..counts() }, 32);
    let cands = [with(1, 8.0), with(2, 8.0), with(4, 8.0), with(8, 7.5), with(16, 1.0)];
    let mut cands = cands.to_vec();
    cands[4].registers.spill_loads = 4;
    let choice = choose(&t, &cands);
    let times: Vec<f64> = choice.evaluations.iter().filter_map(|e| e.as_ref().ok()).map(|x| x.time).collect();
    assert_eq!(times.len(), 4);
    // The latency term is ph · 600 / (W · 32 · f), W = 64 warps (the SM's limit).
    for (k, &time) in times.iter().enumerate() {
        let f = f64::from(1u32 << k);
        let ph = if k == 3 { 7.5 } else { 8.0 };
        assert!(close(time, ph * 600.0 / (64.0 * 32.0 * f)), "f = {f}: {time}");
    }
    assert_eq!(choice.best_time, Some(times[3]));
    // f = 4: 8/4 = 2.0 vs 7.5/8 = 0.9375 · 1.1 ≈ 1.03: not within. So f = 8.
    assert_eq!(choice.chosen, Some(3));
    assert!(matches!(choice.evaluations[4], Err(Veto::Spills { .. })));
    // Now f = 8 is only 5% better than f = 4: f = 4 wins.
    cands[3].counts.phases = 8.0 * 2.0 * 0.95;
    let choice = choose(&t, &cands);
    assert_eq!(choice.chosen, Some(2), "{:?}", choice.evaluations);
    // Everything vetoed: no choice.
    let none = choose(&t, &[candidate(1, counts(), 300)]);
    assert_eq!((none.chosen, none.best_time), (None, None));
}

fn parse_band(text: &str) -> (Context, OpId) {
    let mut ctx = Context::new(sharc_dialects::registry());
    let module = parse_source(&mut ctx, "test.mlir", text, &ParseOptions::default())
        .unwrap_or_else(|d| panic!("{}\n{text}", d.message));
    sharc_ir::verifier::verify(&ctx, module).unwrap_or_else(|d| panic!("{}\n{text}", d.message));
    let band = ctx.collect_ops(module).into_iter().find(|&o| BandOp::view(&ctx, o).is_some()).expect("a band");
    (ctx, band)
}

/// test/dialects/memplace/gemm.mlir: 16×16 blocks, 4 strips of k, each copying a 16×16 tile of
/// A and of B.
const GEMM: &str = r#"
#inside = affine_set<(d0, d1) : (63 - d0 >= 0, 63 - d1 >= 0)>
func.func @gemm(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  gpumap.band (%i, %j) = (0, 0) to (64, 64) block [16, 16] dims [y, x] origin (%bi, %bj) {
    %As = memplace.alloc_shared : memref<16x16xf32, #gpu.address_space<workgroup>>
    %Bs = memplace.alloc_shared : memref<16x16xf32, #gpu.address_space<workgroup>>
    %zero = arith.constant 0.0 : f32
    %sum = affine.for %kk = 0 to 64 step 16 iter_args(%acc = %zero) -> (f32) {
      memplace.copy_in %A[%bi, %kk] to %As sizes [16, 16] : memref<64x64xf32>, memref<16x16xf32, #gpu.address_space<workgroup>>
      memplace.copy_in %B[%kk, %bj] to %Bs sizes [16, 16] : memref<64x64xf32>, memref<16x16xf32, #gpu.address_space<workgroup>>
      memplace.barrier
      %part = affine.for %k = 0 to 16 iter_args(%a2 = %acc) -> (f32) {
        %x = affine.load %As[%i - %bi, %k] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %y = affine.load %Bs[%k, %j - %bj] : memref<16x16xf32, #gpu.address_space<workgroup>>
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

/// Per thread: 4 strips (4 loop steps), 64 inner steps (loop step, 2 shared loads, mulf, addf),
/// 2 barriers per strip, the guard and the store; per block the two copies move 2 × 256
/// elements per strip (a load and a store each).
#[test]
fn gemm_work_counts() {
    let (ctx, band) = parse_band(GEMM);
    let c = WorkCounts::of(&ctx, band, &target("a100"), &CostEnv::default()).unwrap_or_else(|e| panic!("{e}"));
    let per_thread = 4.0 + 64.0 * 5.0 + 4.0 * 2.0 + 2.0;
    assert_eq!((c.threads, c.outputs), (256, 256.0));
    assert_eq!(c.thread_ops, 256.0 * per_thread + 4.0 * 2.0 * 2.0 * 256.0);
    // Two 1 KB tiles per strip, and C's 256 floats.
    assert_eq!(c.dram_bytes, 4.0 * 2.0 * 1024.0 + 1024.0);
    // 64 steps × 8 warps × 2 conflict-free loads, and 4 strips × 2 copies × 8 warp stores.
    assert_eq!(c.shared_wavefronts, 64.0 * 8.0 * 2.0 + 4.0 * 2.0 * 8.0);
    // One phase per strip (the copies: one round each), no ALU op after their loads.
    assert_eq!((c.phases, c.loads_per_phase, c.chain), (4.0, 2.0, 0.0));
}

/// A band replicated by hand with factor 2 along y (tile 16, block 8): both replicas share one
/// hoisted shared load of `Bs`, a load of `S` uniform across x serves a warp's two rows.
const REPLICATED: &str = r#"
func.func @k(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %S: memref<64xf32>, %C: memref<64x64xf32>) {
  gpumap.band (%i, %j) = (0, 0) to (64, 64) block [8, 16] dims [y, x] origin (%bi, %bj) {
    %Bs = memplace.alloc_shared : memref<1x16xf32, #gpu.address_space<workgroup>>
    memplace.copy_in %B[0, %bj] to %Bs sizes [1, 16] : memref<64x64xf32>, memref<1x16xf32, #gpu.address_space<workgroup>>
    memplace.barrier
    %b = affine.load %Bs[0, %j - %bj] : memref<1x16xf32, #gpu.address_space<workgroup>>
    %s = affine.load %S[%i] : memref<64xf32>
    %a0 = affine.load %A[%i, %j] : memref<64x64xf32>
    %p0 = arith.mulf %a0, %b : f32
    %q0 = arith.addf %p0, %s : f32
    affine.store %q0, %C[%i, %j] : memref<64x64xf32>
    %i1 = affine.apply affine_map<(d0) -> (d0 + 8)>(%i)
    %a1 = affine.load %A[%i1, %j] : memref<64x64xf32>
    %p1 = arith.mulf %a1, %b : f32
    affine.store %p1, %C[%i1, %j] : memref<64x64xf32>
  }
  return
}
"#;

#[test]
fn replicated_band_work_counts() {
    let (mut ctx, band) = parse_band(REPLICATED);
    if let Some(b) = BandOp::view(&ctx, band) {
        b.set_tiling(&mut ctx, 0, 8, 16, Distribution::Cyclic);
    }
    let c = WorkCounts::of(&ctx, band, &target("a100"), &CostEnv::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((c.threads, c.outputs), (128, 256.0));
    // 11 ops per thread (barrier, 4 loads, 2 mulf, addf, apply, 2 stores); the copy's 16
    // elements are a load and a store each.
    assert_eq!(c.thread_ops, 128.0 * 11.0 + 32.0);
    // The copy's 64 bytes; S: 4 warps × 2 rows × 4 bytes; A and C: 2 × 2 × 128 × 4 bytes.
    assert_eq!(c.dram_bytes, 64.0 + 32.0 + 4.0 * 512.0);
    // The copy's single warp store, and one broadcast load per warp: hoisting shows as 4, not 8.
    assert_eq!(c.shared_wavefronts, 1.0 + 4.0);
    // Phase 1: the copy (one round, no chain); phase 2: S, A0, A1 then mulf → addf.
    assert_eq!((c.phases, c.loads_per_phase, c.chain), (2.0, 2.0, 1.0));
}
