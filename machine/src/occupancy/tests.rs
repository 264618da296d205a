//! Occupancy against hand-computed cases (the CUDA occupancy calculator's rules, AMD's waves per
//! SIMD), seed 000's gemm instance, and a brute-force search over block counts.

use super::*;
use proptest::prelude::*;

fn target(name: &str) -> Target {
    Target::load(name).unwrap_or_else(|e| panic!("{e}"))
}

fn block(threads: u32, shared_bytes: u32, registers: Option<u32>) -> BlockResources {
    BlockResources { threads, shared_bytes, registers_per_thread: registers }
}

fn blocks(t: &Target, b: BlockResources) -> Option<(u32, Limiter)> {
    occupancy(t, b).ok().map(|o| (o.blocks_per_sm, o.limiter()))
}

/// seed 000 (12)-(17) on the GTX 690: the 32×32 block with k1 = k2 = 32 stages 8192 bytes
/// (digest 000 §12.2 fact 16). Read as occupancy, two blocks fill the SM's 2048 threads; read
/// literally, (17) gives 1024 × 49152 / 8192 = 6144 > 2048 and rejects the paper's answer (fact 15).
#[test]
fn seed000_gemm_block() {
    let gtx = target("gtx690");
    let occ = occupancy(&gtx, block(1024, 8192, None)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((occ.blocks_per_sm, occ.limiter(), occ.by_shared_memory), (2, Limiter::Warps, 6));
    assert_eq!(occ.fraction(&gtx), 1.0);
    assert!(!literal_eq11_holds(&gtx, 1024, 8192));
    // At θ_s × SMSize = 12288 bytes the literal reading admits at most 512 threads (digest 000 §6.3).
    assert!(literal_eq11_holds(&gtx, 512, 12288));
    assert!(!literal_eq11_holds(&gtx, 1024, 12288));
    assert!(literal_eq11_holds(&gtx, 1024, 0));
}

/// CUDA occupancy calculator cases on the A100 (CC 8.0).
#[test]
fn a100_cases() {
    let a = target("a100");
    assert_eq!(blocks(&a, block(256, 0, Some(32))), Some((8, Limiter::Registers)));
    assert_eq!(blocks(&a, block(256, 0, Some(64))), Some((4, Limiter::Registers)));
    // 48 KB + the 1 KB reserve = 50176 bytes: three fit in 164 KB.
    assert_eq!(blocks(&a, block(128, 48 * 1024, None)), Some((3, Limiter::SharedMemory)));
    assert_eq!(allocated_shared_bytes(&a, 1), 1152);
    assert_eq!(blocks(&a, block(32, 0, None)), Some((32, Limiter::Blocks)));
    // Registers live in four sub-partitions: 40 registers × 3-warp blocks give 12 warps per
    // partition, 16 blocks, where one pooled register file would hold 17.
    assert_eq!(occupancy(&a, block(96, 0, Some(40))).map(|o| o.by_registers), Ok(16));
    assert_eq!(
        occupancy(&a, block(1024, 0, Some(255))),
        Err(LaunchError::RegistersDoNotFit { per_thread: 255, threads: 1024 })
    );
}

#[test]
fn fermi_and_amd_cases() {
    // CC 2.0: 256 threads × 20 registers = 5120 per block; 32768 / 5120 → 6 blocks, as the warps.
    let c = target("c2050");
    assert_eq!(occupancy(&c, block(256, 0, Some(20))).map(|o| (o.blocks_per_sm, o.by_registers)), Ok((6, 6)));
    // GCN: 32 VGPRs leave 256 / 32 = 8 waves per SIMD, 32 per CU: eight 4-wave work-groups.
    let hd = target("hd7850");
    assert_eq!(blocks(&hd, block(256, 0, Some(32))), Some((8, Limiter::Registers)));
    assert_eq!(blocks(&hd, block(256, 32 * 1024, None)), Some((2, Limiter::SharedMemory)));
    assert_eq!(
        occupancy(&hd, block(256, 33 * 1024, None)),
        Err(LaunchError::TooMuchSharedMemory { bytes: 33 * 1024, max: 32 * 1024 })
    );
    // CDNA2: 128 registers (granule 8) leave 512 / 128 = 4 waves per SIMD.
    let mi = target("mi250x");
    assert_eq!(blocks(&mi, block(256, 0, Some(128))), Some((4, Limiter::Registers)));
    assert_eq!(blocks(&mi, block(64, 0, None)), Some((16, Limiter::Blocks)));
}

#[test]
fn launch_errors_are_reported() {
    let a = target("a100");
    assert_eq!(occupancy(&a, block(0, 0, None)), Err(LaunchError::NoThreads));
    assert_eq!(occupancy(&a, block(2048, 0, None)), Err(LaunchError::TooManyThreads { threads: 2048, max: 1024 }));
    let err = occupancy(&target("gtx690"), block(64, 0, Some(100))).err().map(|e| e.to_string());
    assert_eq!(err.as_deref(), Some("100 registers per thread exceed the target's maximum of 63"));
}

/// The largest n for which n blocks fit, by enumeration: warps, blocks, shared memory, and warps
/// placed one by one into register partitions.
fn brute_force(t: &Target, b: BlockResources) -> u32 {
    let warps = b.threads.div_ceil(t.warp_size);
    let shared = allocated_shared_bytes(t, b.shared_bytes);
    let per_warp = b
        .registers_per_thread
        .filter(|&r| r > 0)
        .map(|r| (u64::from(r) * u64::from(t.warp_size)).next_multiple_of(u64::from(t.register_allocation_unit)));
    let fits = |n: u32| {
        let regs_ok = per_warp.is_none_or(|pw| {
            let mut free = vec![u64::from(t.registers_per_sm / t.register_partitions); t.register_partitions as usize];
            (0..n * warps).all(|_| match free.iter_mut().max() {
                Some(f) if *f >= pw => {
                    *f -= pw;
                    true
                }
                _ => false,
            })
        });
        n <= t.max_blocks_per_sm
            && n * warps <= t.max_warps_per_sm()
            && u64::from(n) * shared <= u64::from(t.shared_memory_per_sm)
            && regs_ok
    };
    (0..=t.max_blocks_per_sm).take_while(|&n| fits(n)).last().unwrap_or(0)
}

proptest! {
    #[test]
    fn occupancy_matches_enumeration(
        name in prop::sample::select(Target::shipped_names()),
        threads in 1u32..1025, shared_kb in 0u32..100, regs in prop::option::of(1u32..256),
    ) {
        let t = target(name);
        let b = block(threads, shared_kb * 512, regs);
        match occupancy(&t, b) {
            Ok(o) => {
                prop_assert_eq!(o.blocks_per_sm, brute_force(&t, b));
                prop_assert!(o.blocks_per_sm >= 1);
                prop_assert!(o.warps_per_sm() <= t.max_warps_per_sm());
                prop_assert!(u64::from(o.blocks_per_sm) * allocated_shared_bytes(&t, b.shared_bytes)
                    <= u64::from(t.shared_memory_per_sm));
                // More shared memory never admits more blocks.
                if let Ok(more) = occupancy(&t, block(threads, b.shared_bytes + 1024, regs)) {
                    prop_assert!(more.blocks_per_sm <= o.blocks_per_sm);
                }
            }
            Err(_) => prop_assert!(
                threads > t.max_threads_per_block
                    || b.shared_bytes > t.shared_memory_per_block
                    || regs.is_some_and(|r| r > t.max_registers_per_thread)
                    || brute_force(&t, b) == 0
            ),
        }
    }
}
