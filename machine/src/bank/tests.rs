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
}
