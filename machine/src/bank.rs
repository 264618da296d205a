//! Shared-memory bank conflicts: the one model sharc has of them, used by the passes (detection,
//! padding search, `--sharc-bank-report`) and by the simulator (`shared_bank_wavefronts` and
//! `shared_ideal_wavefronts`, whose difference is `shared_bank_conflicts`).
//!
//! Three levels, each exact where the next one is not needed:
//!
//! 1. [`closed_form_degree`]: seed 000 eqs. (20)/(21), the paper's closed form for a constant
//!    array stride. It is exact for element sizes that are a multiple of the bank width, on
//!    targets whose layers are one word wide (W = N), with nonzero strides; elsewhere it is the
//!    paper's literal answer (e.g. `char` stride 1 → 4, where hardware multicasts one word) or
//!    `None` when the formula needs an integer it does not have.
//! 2. [`conflict_degree`]: seed 002's exact model. A byte address `a` of an M-byte access touches
//!    the N-byte words `⌊a/N⌋ ..= ⌊(a+M−1)/N⌋`; word `w` lives in bank `w mod B` and layer
//!    `⌊w·N / (B·W)⌋`; the degree is the largest number of distinct layers requested in one bank.
//!    Accesses to one layer of one bank never conflict, which covers broadcast (same address) and
//!    multicast (same word, or Kepler's two words of one 8-byte layer) in a single rule
//!    (digest 002 §1.3–§1.4). With W = N a layer is a word, and the degree is the largest number of
//!    distinct words in one bank.
//! 3. [`shared_request_cost`]: one warp executing one shared-memory instruction. The lanes are cut
//!    into groups of `shared_request_lanes` (a whole warp on NVIDIA, a half wavefront on AMD), each
//!    group into *phases* of [`lanes_per_phase`] lanes (the lanes whose data fills one pass of
//!    `B·W` bytes: 16 lanes of 8 bytes or 8 lanes of 16 bytes on 32 × 4-byte banks), and each phase
//!    costs its exact degree. The sum is the request's wavefronts; the number of non-empty phases
//!    is the conflict-free minimum. Sources for the phases: CUDA Programming Guide, CC 2.x shared
//!    memory ("64-bit accesses: a bank conflict only occurs if two threads in either of the
//!    half-warps access different addresses belonging to the same bank"; 128-bit accesses by
//!    quarter-warps), NVIDIA's 128 bytes per cycle of shared-memory bandwidth on later GPUs, AMD's
//!    half-wavefront conflict checking (APP OpenCL guide, GCN) and the eight 8-lane phases of
//!    `ds_write_b128` (ROCm Composable Kernel docs). Four-byte accesses on 32 × 4-byte banks have
//!    one phase per group, so there the cost is exactly level 2 over the group.
//!
//! Invariants: addresses are byte offsets into one block's shared memory; a degree is 0 only for an
//! empty access set and otherwise at least 1.

use crate::target::Target;

/// The bank parameters of seed 002: B banks of N-byte words, grouped in W-byte layers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BankGeometry {
    /// B: number of banks.
    pub bank_count: u32,
    /// N: bytes per bank word (consecutive words go to consecutive banks).
    pub bank_width: u32,
    /// W: bytes per bank layer; a multiple of `bank_width`.
    pub layer_width: u32,
}

impl BankGeometry {
    /// The geometry of a target's shared memory.
    pub fn of(target: &Target) -> BankGeometry {
        BankGeometry {
            bank_count: target.bank_count,
            bank_width: target.bank_width,
            layer_width: target.bank_layer_width,
        }
    }

    /// The conventional geometry of every NVIDIA GPU since Maxwell and of AMD LDS: 32 banks of
    /// 4-byte words, one word per layer.
    pub const MODERN: BankGeometry = BankGeometry { bank_count: 32, bank_width: 4, layer_width: 4 };

    /// Bank of a byte address: `⌊a/N⌋ mod B`.
    pub fn bank(&self, byte: u64) -> u32 {
        // The remainder is below `bank_count`, a u32.
        ((byte / u64::from(self.bank_width)) % u64::from(self.bank_count)) as u32
    }

    /// Layer of a byte address: `⌊a / (B·W)⌋` (digest 002 §1.3, unified byte-level form).
    pub fn layer(&self, byte: u64) -> u64 {
        byte / self.period()
    }

    /// Bytes after which the bank pattern repeats: one layer of every bank, `B·W`.
    pub fn period(&self) -> u64 {
        u64::from(self.bank_count) * u64::from(self.layer_width)
    }
}

/// Seed 000 eq. (20): `bank_stride = array_stride × data_type / bank_width`, as a reduced fraction
/// `(numerator, denominator)`.
pub fn bank_stride(array_stride: u64, data_type: u32, bank_width: u32) -> (u64, u64) {
    let num = array_stride * u64::from(data_type);
    let den = u64::from(bank_width);
    let g = gcd(num, den).max(1);
    (num / g, den / g)
}

/// Seed 000 eq. (21): `|1/bank_stride|` when `bank_stride < 1`, `GCD(bank_stride, bank_num)`
/// otherwise.
///
/// The bars are read as a floor (digest 000 §8.1). `None` where the formula is undefined: a zero
/// stride (a broadcast: [`conflict_degree`] gives 1) and a fractional `bank_stride` above 1 (the
/// paper falls back to simulation, i.e. [`conflict_degree`]).
pub fn closed_form_degree(array_stride: u64, data_type: u32, bank_width: u32, bank_count: u32) -> Option<u32> {
    let (num, den) = bank_stride(array_stride, data_type, bank_width);
    if num == 0 || bank_width == 0 || bank_count == 0 {
        return None;
    }
    if num < den {
        // ⌊1 / bank_stride⌋ = ⌊den / num⌋ ≤ bank_width.
        return u32::try_from(den / num).ok();
    }
    if den != 1 {
        return None;
    }
    // The gcd divides bank_count, a u32.
    Some(gcd(num, u64::from(bank_count)) as u32)
}

/// Seed 002's exact conflict degree of one set of simultaneous accesses: the largest number of
/// distinct layers requested in one bank. `access_size` is M, the bytes each access reads or
/// writes (at least 1). Returns 0 for no access.
pub fn conflict_degree(byte_addresses: &[u64], geometry: BankGeometry, access_size: u32) -> u32 {
    let n = u64::from(geometry.bank_width);
    let m = u64::from(access_size.max(1));
    let mut touched: Vec<(u32, u64)> = Vec::with_capacity(byte_addresses.len());
    for &a in byte_addresses {
        let first = a / n;
        let last = a.saturating_add(m - 1) / n;
        for word in first..=last {
            let byte = word * n;
            touched.push((geometry.bank(byte), geometry.layer(byte)));
        }
    }
    touched.sort_unstable();
    touched.dedup();
    let mut best = 0u32;
    let mut run = 0u32;
    let mut bank = None;
    for &(b, _) in &touched {
        run = if bank == Some(b) { run + 1 } else { 1 };
        bank = Some(b);
        best = best.max(run);
    }
    best
}

/// The degree of `lanes` accesses of `elem_bytes` each, lane `i` at
/// `base_byte + i × stride_elems × elem_bytes` (the 1D pattern of seed 002 §2.2 and seed 000 (20)).
/// Negative strides are the same pattern read backwards; the set is shifted by whole periods
/// (`B·W` bytes, which leave every bank and layer difference unchanged) so that it starts at or
/// after 0.
pub fn strided_degree(base_byte: u64, stride_elems: i64, elem_bytes: u32, lanes: u32, geometry: BankGeometry) -> u32 {
    if lanes == 0 {
        return 0;
    }
    let step = i128::from(stride_elems) * i128::from(elem_bytes);
    let first = i128::from(base_byte);
    let last = first + step * i128::from(lanes - 1);
    let low = first.min(last);
    let period = i128::from(geometry.period());
    let shift = if low < 0 { (-low + period - 1) / period * period } else { 0 };
    let addresses: Option<Vec<u64>> =
        (0..lanes).map(|i| u64::try_from(first + shift + step * i128::from(i)).ok()).collect();
    match addresses {
        Some(addresses) => conflict_degree(&addresses, geometry, elem_bytes),
        // Past 2^64 bytes: no shared memory is that large; every lane is its own layer.
        None => lanes,
    }
}

/// Lanes served in one phase of a shared request: as many as fill one pass of `B·W` bytes with
/// `access_bytes` each, at least 1 and at most `request_lanes`.
pub fn lanes_per_phase(geometry: BankGeometry, request_lanes: u32, access_bytes: u32) -> u32 {
    let per_pass = geometry.period() / u64::from(access_bytes.max(1));
    u32::try_from(per_pass).unwrap_or(u32::MAX).clamp(1, request_lanes.max(1))
}

/// The cost of one shared-memory request (one warp executing one shared-memory instruction).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SharedCost {
    /// Serialized bank accesses: the sum over phases of their [`conflict_degree`].
    pub wavefronts: u32,
    /// The conflict-free minimum: the number of phases with an active lane.
    pub ideal_wavefronts: u32,
}

impl SharedCost {
    /// Wavefronts beyond the conflict-free minimum.
    pub fn conflicts(&self) -> u32 {
        self.wavefronts - self.ideal_wavefronts
    }
}

/// The cost of one warp's shared-memory request on `target`: `lane_addresses[i]` is lane `i`'s byte
/// address, `None` for an inactive lane; every lane accesses `access_bytes` bytes. A request with no
/// active lane costs nothing.
pub fn shared_request_cost(lane_addresses: &[Option<u64>], access_bytes: u32, target: &Target) -> SharedCost {
    request_cost(lane_addresses, access_bytes, BankGeometry::of(target), target.shared_request_lanes)
}

/// [`shared_request_cost`]'s wavefronts alone (the simulator sums both fields of the cost).
pub fn wavefronts(lane_addresses: &[Option<u64>], access_bytes: u32, target: &Target) -> u32 {
    shared_request_cost(lane_addresses, access_bytes, target).wavefronts
}

/// [`shared_request_cost`] for an explicit geometry and request width.
pub fn request_cost(
    lane_addresses: &[Option<u64>],
    access_bytes: u32,
    geometry: BankGeometry,
    request_lanes: u32,
) -> SharedCost {
    let degrees = phase_degrees(lane_addresses, access_bytes, geometry, request_lanes);
    SharedCost { wavefronts: degrees.iter().sum(), ideal_wavefronts: degrees.len() as u32 }
}

/// The exact [`conflict_degree`] of every non-empty phase of one request, in lane order: the
/// terms [`request_cost`] sums. Reports (`--sharc-bank-report`) call the largest one the
/// request's "N-way" conflict.
pub fn phase_degrees(
    lane_addresses: &[Option<u64>],
    access_bytes: u32,
    geometry: BankGeometry,
    request_lanes: u32,
) -> Vec<u32> {
    let mut degrees = Vec::new();
    for_each_phase(lane_addresses, access_bytes, geometry, request_lanes, |active| {
        degrees.push(conflict_degree(active, geometry, access_bytes));
    });
    degrees
}

/// Calls `f` with the active lanes' byte addresses of every non-empty phase of one request, in
/// lane order: the phases [`request_cost`] costs one by one.
pub fn for_each_phase(
    lane_addresses: &[Option<u64>],
    access_bytes: u32,
    geometry: BankGeometry,
    request_lanes: u32,
    mut f: impl FnMut(&[u64]),
) {
    let group = request_lanes.max(1) as usize;
    let phase = lanes_per_phase(geometry, request_lanes, access_bytes) as usize;
    let mut active = Vec::with_capacity(phase);
    for lanes in lane_addresses.chunks(group).flat_map(|g| g.chunks(phase)) {
        active.clear();
        active.extend(lanes.iter().flatten().copied());
        if !active.is_empty() {
            f(&active);
        }
    }
}

/// Per bank, the number of distinct layers one set of simultaneous accesses requests in it
/// (`bank_count` entries): the serialized accesses of each bank, whose largest is
/// [`conflict_degree`]. What `sharcc --report=FILE.svg` draws as a bank heat map.
pub fn bank_layers(byte_addresses: &[u64], geometry: BankGeometry, access_size: u32) -> Vec<u32> {
    let n = u64::from(geometry.bank_width);
    let m = u64::from(access_size.max(1));
    let mut touched: Vec<(u32, u64)> = Vec::with_capacity(byte_addresses.len());
    for &a in byte_addresses {
        for word in a / n..=a.saturating_add(m - 1) / n {
            let byte = word * n;
            touched.push((geometry.bank(byte), geometry.layer(byte)));
        }
    }
    touched.sort_unstable();
    touched.dedup();
    let mut per_bank = vec![0u32; geometry.bank_count as usize];
    for (b, _) in touched {
        if let Some(c) = per_bank.get_mut(b as usize) {
            *c += 1;
        }
    }
    per_bank
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[cfg(test)]
mod tests;
