//! Tests of the bank model against seed 002's brute-force oracle (digest 002 §1.5, transcribed),
//! seed 000's worked values for eqs. (20)/(21) (digest 000 §8.1, §12.5) and seed 002's checkable
//! facts (digest 002 §6). K4, K8, C32 and T16 are digest 002 §1.5's configurations.

use super::*;
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

const K4: BankGeometry = BankGeometry { bank_count: 32, bank_width: 4, layer_width: 8 };
const K8: BankGeometry = BankGeometry { bank_count: 32, bank_width: 8, layer_width: 8 };
const C32: BankGeometry = BankGeometry::MODERN;
const T16: BankGeometry = BankGeometry { bank_count: 16, bank_width: 4, layer_width: 4 };

/// digest 002 §1.5 `degree`, line by line:
/// `for w in range(a // N, (a + M - 1) // N + 1): banks[w % B].add((w * N) // (B * W))`.
fn oracle(addrs: &[u64], g: BankGeometry, m: u32) -> u32 {
    let (b, w, n, m) = (u64::from(g.bank_count), u64::from(g.layer_width), u64::from(g.bank_width), u64::from(m));
    let mut banks: BTreeMap<u64, BTreeSet<u64>> = BTreeMap::new();
    for &a in addrs {
        for word in a / n..(a + m - 1) / n + 1 {
            banks.entry(word % b).or_default().insert((word * n) / (b * w));
        }
    }
    banks.values().map(|s| s.len() as u32).max().unwrap_or(0)
}

/// digest 002 §1.5 `deg1d`: 4-byte elements, `nthreads` = B unless given.
fn deg1d(stride: u64, offset_elems: u64, g: BankGeometry) -> u32 {
    let addrs: Vec<u64> = (0..u64::from(g.bank_count)).map(|i| (offset_elems + stride * i) * 4).collect();
    conflict_degree(&addrs, g, 4)
}

fn target(name: &str) -> Target {
    Target::load(name).unwrap_or_else(|e| panic!("{e}"))
}

fn lanes(addrs: impl IntoIterator<Item = u64>) -> Vec<Option<u64>> {
    addrs.into_iter().map(Some).collect()
}

/// digest 000 §8.1 table and §12.5 fact 25: the values of (20)/(21) with 32 banks of 4 bytes.
#[test]
fn seed000_eq21_worked_values() {
    let d = |stride, ty| closed_form_degree(stride, ty, 4, 32);
    assert_eq!(
        [d(1, 4), d(2, 4), d(16, 4), d(32, 4), d(33, 4), d(64, 4), d(65, 4)],
        [1, 2, 16, 32, 1, 32, 1].map(Some)
    );
    assert_eq!(d(1, 8), Some(2), "double stride 1");
    assert_eq!(d(1, 1), Some(4), "char stride 1: the literal formula");
    assert_eq!(bank_stride(1, 1, 4), (1, 4));
    // Undefined: a broadcast, and a fractional bank stride above 1.
    assert_eq!((d(0, 4), d(5, 1)), (None, None));
}

/// Where (21) is not the hardware: one word holds four chars, which multicasts (digest 000 §8.1).
#[test]
fn eq21_overcounts_sub_word_elements() {
    assert_eq!(strided_degree(0, 1, 1, 32, C32), 1);
    assert_eq!(strided_degree(0, 1, 2, 32, C32), 1);
}

/// digest 002 §6 facts 1, 2 and 35: conventional banks give gcd(stride, B).
#[test]
fn conventional_banks_give_the_gcd() {
    assert_eq!([2, 4, 8, 16, 32, 17].map(|s| deg1d(s, 0, C32)), [2, 4, 8, 16, 32, 1]);
    assert_eq!([2, 4, 8, 16, 17].map(|s| deg1d(s, 0, T16)), [2, 4, 8, 16, 1]);
    let case_two = BankGeometry { bank_count: 32, bank_width: 8, layer_width: 8 };
    let d8 = |s: u64| conflict_degree(&(0..32).map(|i| s * i * 8).collect::<Vec<_>>(), case_two, 8);
    assert_eq!([1, 2, 3, 4, 8].map(d8), [1, 2, 1, 4, 8]);
}

/// digest 002 §6 facts 3–10: Kepler's 4-byte mode (row-major, R = 2).
#[test]
fn kepler_four_byte_mode() {
    for off in 0..64 {
        for s in (1..64).step_by(2) {
            assert_eq!(deg1d(s, off, K4), 1, "odd stride {s} at offset {off}");
        }
        for s in [64, 128, 256] {
            assert_eq!(deg1d(s, off, K4), 32, "stride {s}");
        }
        for s in [2, 4, 8, 16, 32] {
            assert_eq!(deg1d(s, off, K4), s as u32 / 2 + u32::from(off >= s), "fact 9: stride {s} offset {off}");
        }
        for (s, d) in [(6, 2), (10, 2), (12, 4), (24, 8), (48, 16), (96, 32)] {
            assert_eq!(deg1d(s, off, K4), d, "fact 10: stride {s}");
        }
    }
    assert_eq!(deg1d(2, 1, K4), 1, "fact 6");
    assert_eq!(deg1d(2, 2, K4), 2, "fact 6");
    assert_eq!((deg1d(4, 3, K4), deg1d(4, 4, K4)), (2, 3), "fact 7");
}

/// digest 002 §6 facts 7, 8, 12 and 13: Kepler's 8-byte mode with 4-byte data (column-major).
#[test]
fn kepler_eight_byte_mode() {
    for off in 0..64 {
        assert_eq!(deg1d(4, off, K8), 2);
        for (s, d) in [(2, 1), (6, 1), (4, 2), (8, 4), (12, 2), (16, 8), (24, 4), (32, 16), (48, 8), (64, 32), (96, 16)]
        {
            assert_eq!(deg1d(s, off, K8), d, "fact 12: stride {s} offset {off}");
        }
        assert_eq!(deg1d(1, off, K8), 1);
        for s in (3..30).step_by(2) {
            assert_eq!(deg1d(s, off, K8), 2, "fact 13: stride {s} offset {off}");
        }
        let odd = off % 2 == 1;
        assert_eq!(deg1d(31, off, K8), if odd { 1 } else { 2 }, "stride 31 offset {off}");
        assert_eq!(deg1d(33, off, K8), if odd { 2 } else { 1 }, "stride 33 offset {off}");
    }
}

/// digest 002 §6 fact 33: `A[32][32+PAD]`, thread t reads `A[t][0]`.
#[test]
fn column_of_a_padded_tile() {
    let k4 = [(0, 16), (1, 1), (2, 2), (4, 4), (8, 8), (16, 16), (32, 32)];
    for (pad, d) in k4 {
        assert_eq!(deg1d(32 + pad, 0, K4), d, "K4 pad {pad}");
    }
    for (pad, d) in [(0, 16), (1, 1), (2, 1), (3, 2), (8, 4), (16, 8)] {
        assert_eq!(deg1d(32 + pad, 0, K8), d, "K8 pad {pad}");
    }
}

/// The simulator's metric on the shipped targets, one case per rule of the phase model.
#[test]
fn wavefronts_per_request() {
    let a100 = target("a100");
    let cost = |addrs: &[Option<u64>], bytes, t: &Target| shared_request_cost(addrs, bytes, t);
    let w = |ideal, wavefronts| SharedCost { wavefronts, ideal_wavefronts: ideal };
    // A row of a float tile, a column of a 32-wide tile, the same column after one pad column.
    assert_eq!(cost(&lanes((0..32).map(|i| 4 * i)), 4, &a100), w(1, 1));
    assert_eq!(cost(&lanes((0..32).map(|i| 128 * i)), 4, &a100), w(1, 32));
    assert_eq!(cost(&lanes((0..32).map(|i| 132 * i)), 4, &a100), w(1, 1));
    // Broadcast: every lane reads one word.
    assert_eq!(cost(&lanes([64; 32]), 4, &a100), w(1, 1));
    // Doubles: two half-warp phases, conflict-free; 16 bytes apart, two-way in each phase.
    assert_eq!(cost(&lanes((0..32).map(|i| 8 * i)), 8, &a100), w(2, 2));
    assert_eq!(cost(&lanes((0..32).map(|i| 16 * i)), 8, &a100), w(2, 4));
    // float4: four quarter-warp phases.
    assert_eq!(cost(&lanes((0..32).map(|i| 16 * i)), 16, &a100), w(4, 4));
    // Inactive lanes cost nothing; a request with none costs nothing at all.
    assert_eq!(cost(&[None; 32], 4, &a100), w(0, 0));
    let odd_lanes: Vec<Option<u64>> = (0..32).map(|i| (i % 2 == 1).then_some(128 * i)).collect();
    assert_eq!(cost(&odd_lanes, 4, &a100), w(1, 16));
    // GCN: half wavefronts; a sequential float2 read is conflict-free (AMD APP guide).
    let hd = target("hd7850");
    assert_eq!(cost(&lanes((0..64).map(|i| 4 * i)), 4, &hd), w(2, 2));
    assert_eq!(cost(&lanes((0..64).map(|i| 8 * i)), 8, &hd), w(4, 4));
    assert_eq!(cost(&lanes((0..64).map(|i| 128 * i)), 4, &hd), w(2, 64));
    // Kepler: 64-bit bank layers serve a warp of doubles at once; float stride 32 is 16-way.
    let gtx = target("gtx690");
    assert_eq!(cost(&lanes((0..32).map(|i| 8 * i)), 8, &gtx), w(1, 1));
    assert_eq!(cost(&lanes((0..32).map(|i| 128 * i)), 4, &gtx), w(1, 16));
    assert_eq!(wavefronts(&lanes((0..32).map(|i| 128 * i)), 4, &gtx), 16);
}

/// A 64-bank LDS: 64 banks of 4 bytes, one word per layer, checked over a whole wave64 request.
/// No shipped target has it (no primary source names one); `test/target/lds64.toml` describes it
/// for the tools.
const LDS64: BankGeometry = BankGeometry { bank_count: 64, bank_width: 4, layer_width: 4 };

/// `test/target/lds64.toml`, the test-only target with [`LDS64`]'s banks.
fn lds64_target() -> Target {
    target(concat!(env!("CARGO_MANIFEST_DIR"), "/../test/target/lds64.toml"))
}

/// `lanes` lanes of `bytes` each, lane `i` at byte `base + i × stride × bytes`.
fn strided(lanes: u64, stride: u64, bytes: u32, base: u64) -> Vec<Option<u64>> {
    (0..lanes).map(|i| Some(base + i * stride * u64::from(bytes))).collect()
}

/// One row of the design study's table: (row, target, lane addresses, access bytes, expected
/// wavefronts, expected ideal).
type Case<'t> = (u32, &'t Target, Vec<Option<u64>>, u32, u32, u32);

/// The single-request table of the design study (`next-round.md` §1.3, rows 1–29), each row
/// through the target the simulator would use. Rows 26–29 are the 64-bank LDS, given as a target file.
#[test]
fn design_study_single_requests() {
    let (a100, c2050, gtx, hd, l64) =
        (target("a100"), target("c2050"), target("gtx690"), target("hd7850"), lds64_target());
    let halves: Vec<Option<u64>> = (0..32).map(|i| Some(if i < 16 { 0 } else { 128 })).collect();
    let odd_column: Vec<Option<u64>> = (0..32u64).map(|i| (i % 2 == 1).then_some(128 * i)).collect();
    let rows: Vec<Case> = vec![
        (1, &a100, strided(32, 1, 4, 0), 4, 1, 1),
        (2, &a100, strided(32, 2, 4, 0), 4, 2, 1),
        (3, &a100, strided(32, 32, 4, 0), 4, 32, 1),
        (4, &a100, strided(32, 33, 4, 0), 4, 1, 1),
        (5, &a100, lanes([0; 32]), 4, 1, 1),
        // Two words of one bank, each broadcast to half the warp.
        (6, &a100, halves, 4, 2, 1),
        // gcd(stride, 32): 17 → 1, 6 → 2, 48 → 16 (seed 002 fact 1).
        (7, &a100, strided(32, 17, 4, 0), 4, 1, 1),
        (7, &a100, strided(32, 6, 4, 0), 4, 2, 1),
        (7, &a100, strided(32, 48, 4, 0), 4, 16, 1),
        (8, &a100, strided(32, 1, 8, 0), 8, 2, 2),
        (9, &a100, strided(32, 2, 8, 0), 8, 4, 2),
        (10, &a100, strided(32, 1, 16, 0), 16, 4, 4),
        // Eq. (21) says 4 / 2 / 1; one word serves four chars or two shorts at once.
        (11, &a100, strided(32, 1, 1, 0), 1, 1, 1),
        (11, &a100, strided(32, 1, 2, 0), 2, 1, 1),
        (11, &a100, strided(32, 4, 1, 0), 1, 1, 1),
        (12, &a100, odd_column, 4, 16, 1),
        // Fermi: 32 banks (seed 002 Table 4.1's "16" is a typo); doubles by half-warps (CC 2.x).
        (13, &c2050, strided(32, 32, 4, 0), 4, 32, 1),
        (14, &c2050, strided(32, 1, 8, 0), 8, 2, 2),
        // Kepler's 8-byte layers (seed 002 case one and facts 4, 6, 7).
        (15, &gtx, strided(32, 32, 4, 0), 4, 16, 1),
        (16, &gtx, strided(32, 64, 4, 0), 4, 32, 1),
        (17, &gtx, strided(32, 2, 4, 0), 4, 1, 1),
        (17, &gtx, strided(32, 2, 4, 8), 4, 2, 1),
        (18, &gtx, strided(32, 4, 4, 0), 4, 2, 1),
        (18, &gtx, strided(32, 4, 4, 16), 4, 3, 1),
        (19, &gtx, strided(32, 1, 8, 0), 8, 1, 1),
        (20, &gtx, strided(32, 33, 4, 0), 4, 1, 1),
        // GCN: two half-wave groups per wavefront; float4 in eight 8-lane phases (ds_write_b128).
        (21, &hd, strided(64, 1, 4, 0), 4, 2, 2),
        (22, &hd, strided(64, 1, 8, 0), 8, 4, 4),
        (23, &hd, strided(64, 32, 4, 0), 4, 64, 2),
        (24, &hd, strided(64, 1, 16, 0), 16, 8, 8),
        (25, &hd, strided(64, 2, 4, 0), 4, 4, 2),
        // 64 banks over a whole wave64: one pass of 256 bytes.
        (26, &l64, strided(64, 1, 4, 0), 4, 1, 1),
        (27, &l64, strided(64, 32, 4, 0), 4, 32, 1),
        (27, &l64, strided(64, 33, 4, 0), 4, 1, 1),
        (27, &l64, strided(64, 64, 4, 0), 4, 64, 1),
        (28, &l64, strided(64, 2, 4, 0), 4, 2, 1),
        (29, &l64, strided(64, 1, 16, 0), 16, 4, 4),
        (29, &l64, strided(64, 1, 8, 0), 8, 2, 2),
    ];
    for (row, t, addrs, bytes, wavefronts, ideal) in rows {
        assert_eq!(
            shared_request_cost(&addrs, bytes, t),
            SharedCost { wavefronts, ideal_wavefronts: ideal },
            "row {row} on {}",
            t.name
        );
    }
}

/// Rows 26–29 on the explicit geometry, so the model is tested on 64 banks whatever the target file
/// says; and the file says exactly that geometry and a whole-wavefront request.
#[test]
fn sixty_four_bank_lds() {
    let t = lds64_target();
    assert_eq!((BankGeometry::of(&t), t.shared_request_lanes, t.warp_size), (LDS64, 64, 64));
    assert!(!Target::shipped_names().contains(&t.name.as_str()), "a test target, not a shipped one");
    let cost = |addrs: &[Option<u64>], bytes| request_cost(addrs, bytes, LDS64, 64);
    let w = |wavefronts, ideal| SharedCost { wavefronts, ideal_wavefronts: ideal };
    assert_eq!(cost(&strided(64, 1, 4, 0), 4), w(1, 1));
    // Stride 32 is 32-way, not the 16-way per half-wave group of 32 banks: the words fall in two banks.
    assert_eq!([32, 33, 64].map(|s| cost(&strided(64, s, 4, 0), 4)), [w(32, 1), w(1, 1), w(64, 1)]);
    // Stride 2: one 512-byte span, two periods of the banks.
    assert_eq!(cost(&strided(64, 2, 4, 0), 4), w(2, 1));
    // float4 in 16-lane phases, float2 in 32-lane phases, each one pass of 256 bytes.
    assert_eq!((lanes_per_phase(LDS64, 64, 16), lanes_per_phase(LDS64, 64, 8)), (16, 32));
    assert_eq!(cost(&strided(64, 1, 16, 0), 16), w(4, 4));
    assert_eq!(cost(&strided(64, 1, 8, 0), 8), w(2, 2));
    // The same wave64 on 32 banks in half-wave groups (hd7850) costs twice the ideal of row 26.
    assert_eq!(request_cost(&strided(64, 1, 4, 0), 4, C32, 32), w(2, 2));
    assert_eq!(request_cost(&strided(64, 32, 4, 0), 4, C32, 32), w(64, 2));
}

#[test]
fn phases_fill_one_pass_of_the_banks() {
    assert_eq!([1, 2, 4, 8, 16, 12, 256].map(|b| lanes_per_phase(C32, 32, b)), [32, 32, 32, 16, 8, 10, 1]);
    assert_eq!([4, 8, 16].map(|b| lanes_per_phase(K4, 32, b)), [32, 32, 16]);
}

#[test]
fn negative_strides_read_the_same_set_backwards() {
    assert_eq!(strided_degree(0, -32, 4, 32, C32), 32);
    assert_eq!(strided_degree(4 * 31 * 33, -33, 4, 32, C32), 1);
    // 8 − 31 × 8 = −240 bytes, shifted by one 256-byte period.
    assert_eq!(strided_degree(8, -2, 4, 32, K4), strided_degree(16, 2, 4, 32, K4));
    assert_eq!(strided_degree(0, 1, 4, 0, C32), 0);
}

fn geometry() -> impl Strategy<Value = BankGeometry> {
    (prop::sample::select(vec![8u32, 16, 32, 64]), prop::sample::select(vec![4u32, 8]), 0u32..3)
        .prop_map(|(bank_count, bank_width, r)| BankGeometry { bank_count, bank_width, layer_width: bank_width << r })
}

fn access_bytes() -> impl Strategy<Value = u32> {
    prop::sample::select(vec![1u32, 2, 4, 8, 12, 16])
}

fn warp(lanes: usize) -> impl Strategy<Value = Vec<Option<u64>>> {
    prop::collection::vec(prop::option::weighted(0.8, 0u64..4096), lanes)
}

/// The metric as the issue defines it, for one phase of a target with one-word layers: the largest
/// number of distinct bank-width words requested in one bank.
fn distinct_words(addrs: &[u64], g: BankGeometry, m: u64) -> u32 {
    let n = u64::from(g.bank_width);
    let mut banks: BTreeMap<u64, BTreeSet<u64>> = BTreeMap::new();
    for &a in addrs {
        for word in a / n..=(a + m - 1) / n {
            banks.entry(word % u64::from(g.bank_count)).or_default().insert(word);
        }
    }
    banks.values().map(|s| s.len() as u32).max().unwrap_or(0)
}

proptest! {
    /// (b) against the transcribed oracle, on every geometry and access size.
    #[test]
    fn degree_matches_the_oracle(g in geometry(), m in access_bytes(), addrs in prop::collection::vec(0u64..8192, 0..65)) {
        prop_assert_eq!(conflict_degree(&addrs, g, m), oracle(&addrs, g, m));
    }

    /// (a) equals (b) where seed 000 says it is exact: constant nonzero stride, element size a multiple
    /// of the bank width, one-word layers, one full warp of B lanes.
    #[test]
    fn eq21_is_exact_on_conventional_banks(
        stride in 1u64..5000, ty in prop::sample::select(vec![4u32, 8, 16]), base in 0u64..1024,
        banks in prop::sample::select(vec![16u32, 32]),
    ) {
        let g = BankGeometry { bank_count: banks, bank_width: 4, layer_width: 4 };
        let addrs: Vec<u64> = (0..u64::from(banks)).map(|i| 4 * base + stride * u64::from(ty) * i).collect();
        prop_assert_eq!(closed_form_degree(stride, ty, 4, banks), Some(conflict_degree(&addrs, g, ty)));
    }

    /// (c) is the sum over phases of the oracle, and its minimum is the number of active phases.
    #[test]
    fn request_cost_sums_the_oracle_over_phases(
        name in prop::sample::select(Target::shipped_names()), m in access_bytes(), addrs in warp(64),
    ) {
        let t = target(name);
        let g = BankGeometry::of(&t);
        let addrs = &addrs[..t.warp_size as usize];
        let phase = lanes_per_phase(g, t.shared_request_lanes, m) as usize;
        let (mut sum, mut phases) = (0, 0);
        for group in addrs.chunks(t.shared_request_lanes as usize) {
            for lanes in group.chunks(phase) {
                let active: Vec<u64> = lanes.iter().flatten().copied().collect();
                if !active.is_empty() {
                    sum += oracle(&active, g, m);
                    phases += 1;
                    if g.layer_width == g.bank_width {
                        prop_assert_eq!(oracle(&active, g, m), distinct_words(&active, g, u64::from(m)));
                    }
                }
            }
        }
        prop_assert_eq!(shared_request_cost(addrs, m, &t), SharedCost { wavefronts: sum, ideal_wavefronts: phases });
    }

    /// On 32 × 4-byte banks a warp of 4-byte accesses is one phase: wavefronts = (b) over the warp.
    #[test]
    fn modern_word_requests_are_one_degree(addrs in warp(32)) {
        let active: Vec<u64> = addrs.iter().flatten().copied().collect();
        let expected = conflict_degree(&active, BankGeometry::MODERN, 4);
        prop_assert_eq!(wavefronts(&addrs, 4, &target("a100")), expected);
        prop_assert_eq!(wavefronts(&addrs, 4, &target("rtx4090")), expected);
    }

    /// The bank pattern repeats every B·W bytes (digest 002 §2.4, base_set periodicity).
    #[test]
    fn degree_is_periodic(g in geometry(), m in access_bytes(), k in 0u64..4, addrs in prop::collection::vec(0u64..4096, 1..33)) {
        let shifted: Vec<u64> = addrs.iter().map(|a| a + k * g.period()).collect();
        prop_assert_eq!(conflict_degree(&shifted, g, m), conflict_degree(&addrs, g, m));
    }

    /// More lanes never lower the degree.
    #[test]
    fn degree_is_monotone(g in geometry(), addrs in prop::collection::vec(0u64..4096, 1..33), extra in 0u64..4096) {
        let mut more = addrs.clone();
        more.push(extra);
        prop_assert!(conflict_degree(&more, g, 4) >= conflict_degree(&addrs, g, 4));
    }

    /// The per-bank counts the heat map draws agree with the degree: their largest is it, and
    /// their sum is the distinct (bank, layer) pairs, at least the degree.
    #[test]
    fn bank_layers_peak_at_the_degree(g in geometry(), m in access_bytes(), addrs in prop::collection::vec(0u64..4096, 0..33)) {
        let layers = bank_layers(&addrs, g, m);
        prop_assert_eq!(layers.len(), g.bank_count as usize);
        prop_assert_eq!(layers.iter().copied().max().unwrap_or(0), conflict_degree(&addrs, g, m));
    }
}
