//! Global-memory coalescing: how many sectors and transactions one warp's request costs, and the
//! compulsory traffic of a whole kernel.
//!
//! A request is one warp executing one global load or store. Each active lane accesses the bytes
//! `[a, a + access_bytes)`; the request costs one *segment* for every distinct aligned block of
//! `segment_size` bytes those bytes touch (a lane whose access straddles a boundary touches two).
//! With the target's `sector_size` (32 bytes: the unit NVIDIA's L2 and DRAM move, CUDA Best
//! Practices Guide "Coalesced Access to Global Memory") this is the simulator's `global_sectors`;
//! with its `transaction_size` (the L1 line, 128 bytes on NVIDIA, or 32 where Kepler caches global
//! loads in L2 only) it is `global_transactions`; with `profit_transaction_size` and the lanes of
//! one schedule step it is the per-step term of seed 000 eq. (7),
//! `|Unique(Offset(F_A(x)) / TranSize)|`.
//!
//! Compulsory traffic is what a kernel must move even with an infinite cache: every distinct sector
//! it touches, once ([`Footprint`]).

use crate::target::Target;
use std::collections::HashSet;

/// Distinct aligned `segment_size`-byte blocks touched by the active lanes (`None` = inactive),
/// each accessing `access_bytes` bytes from its address.
pub fn segments(lane_addresses: &[Option<u64>], access_bytes: u32, segment_size: u32) -> u32 {
    u32::try_from(touched_segments(lane_addresses, access_bytes, segment_size).len()).unwrap_or(u32::MAX)
}

/// The distinct aligned `segment_size`-byte blocks [`segments`] counts, as ascending block
/// indices (block `i` holds bytes `[i · segment_size, (i + 1) · segment_size)`): where the
/// channel metrics look up each sector's channel.
pub fn touched_segments(lane_addresses: &[Option<u64>], access_bytes: u32, segment_size: u32) -> Vec<u64> {
    let size = u64::from(segment_size.max(1));
    let span = u64::from(access_bytes.max(1)) - 1;
    let mut touched: Vec<u64> = Vec::with_capacity(lane_addresses.len());
    for &a in lane_addresses.iter().flatten() {
        touched.extend(a / size..=a.saturating_add(span) / size);
    }
    touched.sort_unstable();
    touched.dedup();
    touched
}

/// The request's `sector_size`-byte sectors: what the simulator sums into `global_sectors`.
pub fn sectors(lane_addresses: &[Option<u64>], access_bytes: u32, target: &Target) -> u32 {
    segments(lane_addresses, access_bytes, target.sector_size)
}

/// The request's `transaction_size`-byte transactions: what the simulator sums into
/// `global_transactions`.
pub fn transactions(lane_addresses: &[Option<u64>], access_bytes: u32, target: &Target) -> u32 {
    segments(lane_addresses, access_bytes, target.transaction_size)
}

/// The fewest segments the request's distinct bytes could occupy if they were packed and aligned:
/// `⌈distinct bytes / segment_size⌉`. `segments / ideal_segments` is the request's over-fetch.
pub fn ideal_segments(lane_addresses: &[Option<u64>], access_bytes: u32, segment_size: u32) -> u32 {
    let span = u64::from(access_bytes.max(1));
    let mut ranges: Vec<(u64, u64)> = lane_addresses.iter().flatten().map(|&a| (a, a.saturating_add(span))).collect();
    ranges.sort_unstable();
    let mut bytes = 0u64;
    let mut covered_to = 0u64;
    for (start, end) in ranges {
        let start = start.max(covered_to);
        if end > start {
            bytes += end - start;
            covered_to = end;
        }
    }
    u32::try_from(bytes.div_ceil(u64::from(segment_size.max(1)))).unwrap_or(u32::MAX)
}

/// The distinct sectors a kernel touches over its whole run: its compulsory global traffic.
#[derive(Clone, Debug)]
pub struct Footprint {
    sector_size: u64,
    sectors: HashSet<u64>,
}

impl Footprint {
    /// An empty footprint counted in `sector_size`-byte sectors (use the target's `sector_size`).
    pub fn new(sector_size: u32) -> Footprint {
        Footprint { sector_size: u64::from(sector_size.max(1)), sectors: HashSet::new() }
    }

    /// Records an access of `bytes` bytes at byte address `address`.
    pub fn touch(&mut self, address: u64, bytes: u32) {
        let last = address.saturating_add(u64::from(bytes.max(1)) - 1);
        self.sectors.extend(address / self.sector_size..=last / self.sector_size);
    }

    /// Distinct sectors touched so far.
    pub fn sectors(&self) -> u64 {
        self.sectors.len() as u64
    }

    /// Compulsory traffic in bytes: distinct sectors × sector size.
    pub fn bytes(&self) -> u64 {
        self.sectors() * self.sector_size
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    fn lanes(addrs: impl IntoIterator<Item = u64>) -> Vec<Option<u64>> {
        addrs.into_iter().map(Some).collect()
    }

    fn a100() -> Target {
        Target::load("a100").unwrap_or_else(|e| panic!("{e}"))
    }

    /// One case per coalescing pattern of the CUDA Best Practices Guide, on 32-byte sectors and
    /// 128-byte lines.
    #[test]
    fn warp_patterns() {
        let t = a100();
        let cost = |addrs: Vec<Option<u64>>, bytes| (sectors(&addrs, bytes, &t), transactions(&addrs, bytes, &t));
        assert_eq!(cost(lanes((0..32).map(|i| 4 * i)), 4), (4, 1), "aligned, sequential floats");
        assert_eq!(cost(lanes((0..32).map(|i| 4 + 4 * i)), 4), (5, 2), "misaligned by one float");
        assert_eq!(cost(lanes((0..32).map(|i| 8 * i)), 4), (8, 2), "stride 2");
        assert_eq!(cost(lanes((0..32).map(|i| 128 * i)), 4), (32, 32), "one row per lane");
        assert_eq!(cost(lanes([256; 32]), 4), (1, 1), "broadcast");
        assert_eq!(cost(lanes((0..32).map(|i| 8 * i)), 8), (8, 2), "doubles");
        assert_eq!(cost(lanes((0..32).map(|i| 16 * i)), 16), (16, 4), "float4");
        assert_eq!(cost(lanes([30]), 4), (2, 1), "one access straddling a sector boundary");
        assert_eq!(cost(vec![None; 32], 4), (0, 0), "no active lane");
        // Kepler caches global loads in L2 only: its transactions are sectors.
        let gtx = Target::load("gtx690").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(transactions(&lanes((0..32).map(|i| 4 * i)), 4, &gtx), 4);
    }

    /// seed 000 §3.2.2 (gemm): a warp reading one A[i][k] per thread row is one transaction per
    /// distinct row start; 32 threads of one row share it.
    #[test]
    fn seed000_eq7_counts_unique_transaction_starts() {
        let row = 4 * 1024u64;
        let same_k: Vec<Option<u64>> = (0..32).map(|_| Some(5 * row + 4 * 7)).collect();
        assert_eq!(segments(&same_k, 4, 256), 1);
        let column: Vec<Option<u64>> = (0..32).map(|i| Some(i * row)).collect();
        assert_eq!(segments(&column, 4, 256), 32);
    }

    #[test]
    fn footprint_counts_each_sector_once() {
        let mut f = Footprint::new(32);
        for _ in 0..3 {
            (0..32).for_each(|i| f.touch(4 * i, 4));
        }
        f.touch(126, 4);
        assert_eq!((f.sectors(), f.bytes()), (5, 160));
    }

    fn brute_force(addrs: &[Option<u64>], bytes: u32, size: u32) -> u32 {
        let touched: BTreeSet<u64> =
            addrs.iter().flatten().flat_map(|&a| (a..a + u64::from(bytes)).map(|b| b / u64::from(size))).collect();
        touched.len() as u32
    }

    proptest! {
        #[test]
        fn segments_match_byte_enumeration(
            addrs in prop::collection::vec(prop::option::weighted(0.8, 0u64..8192), 0..65),
            bytes in prop::sample::select(vec![1u32, 2, 4, 8, 12, 16]),
            size in prop::sample::select(vec![32u32, 64, 128, 256]),
        ) {
            prop_assert_eq!(segments(&addrs, bytes, size), brute_force(&addrs, bytes, size));
            let ideal = ideal_segments(&addrs, bytes, size);
            prop_assert!(ideal <= segments(&addrs, bytes, size));
            let distinct: BTreeSet<u64> = addrs.iter().flatten().flat_map(|&a| a..a + u64::from(bytes)).collect();
            prop_assert_eq!(u64::from(ideal), (distinct.len() as u64).div_ceil(u64::from(size)));
            // A transaction holds `transaction_size / sector_size` sectors.
            prop_assert!(segments(&addrs, bytes, 4 * size) <= segments(&addrs, bytes, size));
            prop_assert!(4 * segments(&addrs, bytes, 4 * size) >= segments(&addrs, bytes, size));
        }
    }
}
