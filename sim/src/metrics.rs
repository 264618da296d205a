//! The metrics listener: memory traffic and bank conflicts per kernel, for a target.
//!
//! Definitions (normative, from the simulator's specification):
//! - a **request** is one warp executing one memory op (the engine's [`Request`]);
//! - `global_sectors` sums, over global requests, the distinct `sector_size`-byte sectors the
//!   active lanes touch; `global_transactions` the same at `transaction_size`
//!   ([`sharc_machine::memory::sectors`] and [`transactions`](sharc_machine::memory::transactions));
//! - `shared_bank_wavefronts` sums, over shared requests, the serialized bank accesses: the
//!   largest number of distinct `bank_width`-byte words requested in one bank (of `bank_count`);
//!   lanes reading the same word count once. A request is served in groups of
//!   `shared_request_lanes` lanes and a wide access in phases of the lanes that fill one pass of
//!   the banks, each costing its own degree ([`sharc_machine::bank::shared_request_cost`]);
//! - `shared_ideal_wavefronts` sums, over the same requests, their conflict-free minimum: the
//!   number of phases with an active lane (`SharedCost::ideal_wavefronts`, from the same call).
//!   It is one per request only where the warp is one group whose data fills at most one pass of
//!   `bank_count × bank_layer_width` bytes (4-byte accesses on 32 × 4-byte banks); there an
//!   8-byte access costs 2, a 16-byte one 4, and a 64-lane AMD wavefront 2 (two half-wave groups);
//! - `shared_bank_conflicts = wavefronts - ideal`, Nsight Compute's definition (it shows shared
//!   wavefronts beside their ideal number and counts the excess as bank conflicts), so a request
//!   that costs exactly its minimum has no conflict however wide it is;
//! - `ops` counts executed thread-operations (terminators excluded), `barriers` the barriers
//!   each thread block passed;
//! - `compulsory_bytes` is the distinct global bytes read plus the distinct global bytes written;
//! - `channel_load_imbalance` / `channel_store_imbalance` model partition camping (seed 001
//!   §3.2): the blocks of a launch, in launch order (x fastest), form windows of
//!   `w = sm_count × blocks_per_sm` co-resident blocks (occupancy of the launch's threads and
//!   shared bytes, registers unknown); in each window every global sector counts once on its
//!   channel `⌊address / channel_interleave⌋ mod memory_channels`, and the imbalance is
//!   `Σ_windows max_c count_c · C / Σ_windows Σ_c count_c`: 1.0 when the sectors spread evenly
//!   over the C channels, C when they all go to one. Only a target whose `channel_map` is linear
//!   (published or assumed) has one; otherwise, and for a side with no sector, it is absent
//!   (`null`) and `channel_imbalance_absent` says why.
//!
//! Work outside kernels (the host, or a whole affine-level program) is one more record.
//!
//! The hardware model itself (sectors, banks) lives once, in `sharc-machine`; this listener only
//! feeds it each request's lane addresses.

use crate::listener::{KernelInfo, Listener, Request};
use crate::memory::{Access, Space};
use rustc_hash::FxHashMap;
use sharc_ir::OpId;
use std::any::Any;
use std::fmt::Write as _;

/// The lane addresses of one warp's request, indexed by lane within the warp (`None`: inactive),
/// and the bytes each lane accesses: the form the machine model takes.
pub fn lane_addresses(accesses: &[Access], warp_size: u32, out: &mut Vec<Option<u64>>) -> u32 {
    let ws = warp_size.max(1);
    out.clear();
    out.resize(ws as usize, None);
    for a in accesses {
        out[(a.lane % ws) as usize] = Some(a.addr);
    }
    accesses.first().map_or(1, |a| a.bytes)
}

/// Traffic of one memory op within a record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpMetrics {
    /// The op.
    pub op: Option<OpId>,
    /// Space.
    pub shared: bool,
    /// Store or load.
    pub store: bool,
    /// Requests.
    pub requests: u64,
    /// Global: sectors. Shared: bank wavefronts.
    pub sectors_or_wavefronts: u64,
    /// Shared: the conflict-free minimum of the wavefronts (0 for global ops).
    pub ideal_wavefronts: u64,
    /// Global: transactions.
    pub transactions: u64,
}

/// The metrics of one kernel launch (or of the host).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KernelMetrics {
    /// Kernel name (the entry function's for the host record).
    pub kernel: String,
    /// Grid size (of the first launch).
    pub grid: [u32; 3],
    /// Block size (of the first launch).
    pub block: [u32; 3],
    /// Launches of the kernel (1 for the host record).
    pub launches: u64,
    /// Thread-operations executed.
    pub ops: u64,
    /// Barriers passed, summed over thread blocks.
    pub barriers: u64,
    /// Global loads, in requests.
    pub global_load_requests: u64,
    /// Global stores, in requests.
    pub global_store_requests: u64,
    /// Sectors of global loads.
    pub global_load_sectors: u64,
    /// Sectors of global stores.
    pub global_store_sectors: u64,
    /// Transactions of global loads.
    pub global_load_transactions: u64,
    /// Transactions of global stores.
    pub global_store_transactions: u64,
    /// Shared loads, in requests.
    pub shared_load_requests: u64,
    /// Shared stores, in requests.
    pub shared_store_requests: u64,
    /// Bank wavefronts of shared loads.
    pub shared_load_wavefronts: u64,
    /// Bank wavefronts of shared stores.
    pub shared_store_wavefronts: u64,
    /// The conflict-free minimum of the wavefronts of shared loads.
    pub shared_load_ideal_wavefronts: u64,
    /// The conflict-free minimum of the wavefronts of shared stores.
    pub shared_store_ideal_wavefronts: u64,
    /// Distinct global bytes read plus distinct global bytes written.
    pub compulsory_bytes: u64,
    /// Per memory op, in order of first execution.
    pub per_op: Vec<OpMetrics>,
    /// Channel load of global loads and stores over the co-resident windows.
    pub channels: ChannelLoad,
}

/// The sums behind the channel imbalances, or why there are none.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChannelLoad {
    /// Co-resident blocks per window (of the first launch); `None`: no channel metric.
    pub window: Option<u64>,
    /// Why there is no channel metric (the target's map, or no launch).
    pub absent: Option<String>,
    /// Σ over windows of (the busiest channel's load sectors × channels).
    pub load_peak: u64,
    /// Σ over windows of all load sectors.
    pub load_sectors: u64,
    /// Σ over windows of (the busiest channel's store sectors × channels).
    pub store_peak: u64,
    /// Σ over windows of all store sectors.
    pub store_sectors: u64,
}

impl ChannelLoad {
    /// `peak / sectors`, or why it is absent.
    fn ratio(&self, peak: u64, sectors: u64, what: &str) -> Result<f64, String> {
        if let Some(why) = &self.absent {
            return Err(why.clone());
        }
        if sectors == 0 {
            return Err(format!("no global {what}"));
        }
        Ok(peak as f64 / sectors as f64)
    }

    /// The load imbalance (1.0 even … C on one channel), or why it is absent.
    pub fn load_imbalance(&self) -> Result<f64, String> {
        self.ratio(self.load_peak, self.load_sectors, "loads")
    }

    /// The store imbalance, or why it is absent.
    pub fn store_imbalance(&self) -> Result<f64, String> {
        self.ratio(self.store_peak, self.store_sectors, "stores")
    }

    /// The named imbalances, in report order, and the reasons for absent ones (deduplicated).
    pub fn report(&self) -> (Vec<(&'static str, Option<f64>)>, Option<String>) {
        let (l, s) = (self.load_imbalance(), self.store_imbalance());
        let mut why: Vec<String> = [&l, &s].iter().filter_map(|r| r.as_ref().err().cloned()).collect();
        why.dedup();
        let values = vec![("channel_load_imbalance", l.ok()), ("channel_store_imbalance", s.ok())];
        (values, (!why.is_empty()).then(|| why.join("; ")))
    }
}

impl KernelMetrics {
    /// All global sectors.
    pub fn global_sectors(&self) -> u64 {
        self.global_load_sectors + self.global_store_sectors
    }

    /// All global transactions.
    pub fn global_transactions(&self) -> u64 {
        self.global_load_transactions + self.global_store_transactions
    }

    /// All shared bank wavefronts.
    pub fn shared_bank_wavefronts(&self) -> u64 {
        self.shared_load_wavefronts + self.shared_store_wavefronts
    }

    /// The conflict-free minimum of all shared bank wavefronts.
    pub fn shared_ideal_wavefronts(&self) -> u64 {
        self.shared_load_ideal_wavefronts + self.shared_store_ideal_wavefronts
    }

    /// Wavefronts beyond the conflict-free minimum (never negative: each request's ideal is at
    /// most its wavefronts).
    pub fn shared_bank_conflicts(&self) -> u64 {
        self.shared_bank_wavefronts().saturating_sub(self.shared_ideal_wavefronts())
    }

    /// The named counters, in report order.
    pub fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("launches", self.launches),
            ("ops", self.ops),
            ("barriers", self.barriers),
            ("global_load_requests", self.global_load_requests),
            ("global_store_requests", self.global_store_requests),
            ("global_sectors", self.global_sectors()),
            ("global_load_sectors", self.global_load_sectors),
            ("global_store_sectors", self.global_store_sectors),
            ("global_transactions", self.global_transactions()),
            ("global_load_transactions", self.global_load_transactions),
            ("global_store_transactions", self.global_store_transactions),
            ("shared_load_requests", self.shared_load_requests),
            ("shared_store_requests", self.shared_store_requests),
            ("shared_bank_wavefronts", self.shared_bank_wavefronts()),
            ("shared_load_wavefronts", self.shared_load_wavefronts),
            ("shared_store_wavefronts", self.shared_store_wavefronts),
            ("shared_ideal_wavefronts", self.shared_ideal_wavefronts()),
            ("shared_load_ideal_wavefronts", self.shared_load_ideal_wavefronts),
            ("shared_store_ideal_wavefronts", self.shared_store_ideal_wavefronts),
            ("shared_bank_conflicts", self.shared_bank_conflicts()),
            ("compulsory_bytes", self.compulsory_bytes),
        ]
    }

    /// One JSON object on one line.
    pub fn to_json(&self) -> String {
        let mut s = String::from("{\"kernel\": ");
        json_string(&mut s, &self.kernel);
        let dims = |d: [u32; 3]| format!("[{}, {}, {}]", d[0], d[1], d[2]);
        let _ = write!(s, ", \"grid\": {}, \"block\": {}", dims(self.grid), dims(self.block));
        for (k, v) in self.counters() {
            let _ = write!(s, ", \"{k}\": {v}");
        }
        let (values, why) = self.channels.report();
        for (k, v) in values {
            match v {
                Some(v) => write!(s, ", \"{k}\": {v:.2}"),
                None => write!(s, ", \"{k}\": null"),
            }
            .unwrap_or_default();
        }
        if let Some(w) = self.channels.window {
            let _ = write!(s, ", \"channel_window\": {w}");
        }
        if let Some(why) = why {
            s.push_str(", \"channel_imbalance_absent\": ");
            json_string(&mut s, &why);
        }
        s.push('}');
        s
    }
}

fn json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Distinct bytes, as a bitmap over addresses.
#[derive(Default, Debug)]
struct ByteSet {
    bits: Vec<u64>,
}

impl ByteSet {
    #[inline]
    fn insert(&mut self, addr: u64, bytes: u32) {
        let end = addr + bytes.max(1) as u64;
        let words = (end as usize).div_ceil(64);
        if self.bits.len() < words {
            self.bits.resize(words.next_power_of_two(), 0);
        }
        let (w0, w1) = ((addr / 64) as usize, ((end - 1) / 64) as usize);
        if w0 == w1 {
            // The common case: the access lies within one 64-byte word of the bitmap.
            let n = end - addr;
            let mask = if n == 64 { u64::MAX } else { ((1u64 << n) - 1) << (addr % 64) };
            self.bits[w0] |= mask;
        } else {
            for a in addr..end {
                self.bits[(a / 64) as usize] |= 1 << (a % 64);
            }
        }
    }

    fn count(&self) -> u64 {
        self.bits.iter().map(|w| w.count_ones() as u64).sum()
    }
}

#[derive(Default, Debug)]
struct Record {
    m: KernelMetrics,
    read: ByteSet,
    written: ByteSet,
    op_index: FxHashMap<(OpId, bool), usize>,
    window: Option<Window>,
}

/// The window of co-resident blocks being filled: sectors per channel, loads and stores.
#[derive(Debug)]
struct Window {
    blocks: u64,
    index: u64,
    load: Vec<u64>,
    store: Vec<u64>,
}

impl Window {
    /// Adds the filled window to the sums and empties it.
    fn flush(&mut self, sums: &mut ChannelLoad) {
        for (hist, peak, total) in [
            (&mut self.load, &mut sums.load_peak, &mut sums.load_sectors),
            (&mut self.store, &mut sums.store_peak, &mut sums.store_sectors),
        ] {
            let (p, n) = sharc_machine::channels::window_score(hist);
            *peak += p;
            *total += n;
            hist.fill(0);
        }
    }
}

/// The metrics listener. Launches of the same kernel accumulate into one record (its `launches`
/// counts them); compulsory bytes are distinct over all of them.
#[derive(Debug)]
pub struct Metrics {
    target: sharc_machine::Target,
    host: Record,
    kernels: Vec<Record>,
    current: Option<usize>,
    lanes: Vec<Option<u64>>,
    sectors: Vec<u64>,
}

impl Record {
    fn finished(&self) -> KernelMetrics {
        let mut m = self.m.clone();
        m.compulsory_bytes = self.read.count() + self.written.count();
        m
    }
}

impl Metrics {
    /// Metrics for `target`; `host_name` names the record of work outside kernels.
    pub fn new(target: &sharc_machine::Target, host_name: &str) -> Metrics {
        let mut host = Record::default();
        host.m.kernel = host_name.to_string();
        host.m.launches = 1;
        host.m.channels.absent = Some("not a kernel launch".into());
        Metrics {
            target: target.clone(),
            host,
            kernels: Vec::new(),
            current: None,
            lanes: Vec::new(),
            sectors: Vec::new(),
        }
    }

    /// The kernel records, in order of first launch.
    pub fn kernels(&self) -> Vec<KernelMetrics> {
        self.kernels.iter().map(Record::finished).collect()
    }

    /// The record of work outside kernels.
    pub fn host(&self) -> KernelMetrics {
        self.host.finished()
    }

    /// What to report: the kernels, or the host record when no kernel ran.
    pub fn report(&self) -> Vec<KernelMetrics> {
        if self.kernels.is_empty() {
            vec![self.host()]
        } else {
            self.kernels()
        }
    }

    /// Co-resident blocks of launch `k` (`sm_count × blocks_per_sm`), or why the launch has no
    /// channel metric.
    fn window(&self, k: &KernelInfo) -> Result<u64, String> {
        let threads = k.block.iter().map(|&d| u64::from(d)).product::<u64>();
        sharc_machine::channels::window_blocks(&self.target, threads, k.shared_bytes)
    }

    fn current(&mut self) -> &mut Record {
        match self.current {
            Some(i) => &mut self.kernels[i],
            None => &mut self.host,
        }
    }
}

impl Listener for Metrics {
    fn kernel_begin(&mut self, k: &KernelInfo) {
        let i = match self.kernels.iter().position(|r| r.m.kernel == k.name) {
            Some(i) => i,
            None => {
                let mut r = Record::default();
                r.m.kernel = k.name.clone();
                r.m.grid = k.grid;
                r.m.block = k.block;
                self.kernels.push(r);
                self.kernels.len() - 1
            }
        };
        let window = self.window(k);
        let r = &mut self.kernels[i];
        r.m.launches += 1;
        match window {
            Ok(blocks) => {
                r.m.channels.window.get_or_insert(blocks);
                let c = self.target.memory_channels as usize;
                r.window = Some(Window { blocks, index: 0, load: vec![0; c], store: vec![0; c] });
            }
            Err(why) => {
                r.m.channels.absent.get_or_insert(why);
                r.window = None;
            }
        }
        self.current = Some(i);
    }

    fn kernel_end(&mut self) {
        if let Some(i) = self.current.take() {
            let r = &mut self.kernels[i];
            if let Some(w) = r.window.as_mut() {
                w.flush(&mut r.m.channels);
            }
            r.window = None;
        }
    }

    fn block_begin(&mut self, index: u64) {
        let r = self.current();
        if let Some(w) = r.window.as_mut() {
            if index / w.blocks != w.index {
                w.flush(&mut r.m.channels);
                w.index = index / w.blocks;
            }
        }
    }

    fn op(&mut self, _op: OpId, threads: u32) {
        self.current().m.ops += threads as u64;
    }

    fn barrier(&mut self, _op: OpId) {
        self.current().m.barriers += 1;
    }

    fn request(&mut self, req: &Request<'_>) {
        let t = &self.target;
        let bytes = lane_addresses(req.accesses, t.warp_size, &mut self.lanes);
        // (sectors, transactions) of a global request, (wavefronts, ideal) of a shared one.
        let (a, b) = match req.space {
            Space::Global => {
                // The same sectors `memory::sectors` counts, kept for their channels.
                self.sectors = sharc_machine::memory::touched_segments(&self.lanes, bytes, t.sector_size);
                (self.sectors.len() as u64, sharc_machine::memory::transactions(&self.lanes, bytes, t) as u64)
            }
            Space::Workgroup => {
                let cost = sharc_machine::bank::shared_request_cost(&self.lanes, bytes, t);
                (u64::from(cost.wavefronts), u64::from(cost.ideal_wavefronts))
            }
            Space::Private => return,
        };
        let sector_size = u64::from(self.target.sector_size);
        let r = match self.current {
            Some(i) => &mut self.kernels[i],
            None => &mut self.host,
        };
        if let (Some(w), Space::Global) = (r.window.as_mut(), req.space) {
            let hist = if req.store { &mut w.store } else { &mut w.load };
            for &s in &self.sectors {
                if let Some(c) = self.target.channel_of(s * sector_size) {
                    hist[c as usize] += 1;
                }
            }
        }
        let m = &mut r.m;
        match (req.space, req.store) {
            (Space::Global, false) => {
                m.global_load_requests += 1;
                m.global_load_sectors += a;
                m.global_load_transactions += b;
                for x in req.accesses {
                    r.read.insert(x.addr, x.bytes);
                }
            }
            (Space::Global, true) => {
                m.global_store_requests += 1;
                m.global_store_sectors += a;
                m.global_store_transactions += b;
                for x in req.accesses {
                    r.written.insert(x.addr, x.bytes);
                }
            }
            (_, false) => {
                m.shared_load_requests += 1;
                m.shared_load_wavefronts += a;
                m.shared_load_ideal_wavefronts += b;
            }
            (_, true) => {
                m.shared_store_requests += 1;
                m.shared_store_wavefronts += a;
                m.shared_store_ideal_wavefronts += b;
            }
        }
        let next = r.m.per_op.len();
        let i = *r.op_index.entry((req.op, req.store)).or_insert(next);
        if i == next {
            r.m.per_op.push(OpMetrics {
                op: Some(req.op),
                shared: req.space == Space::Workgroup,
                store: req.store,
                ..OpMetrics::default()
            });
        }
        let o = &mut r.m.per_op[i];
        o.requests += 1;
        o.sectors_or_wavefronts += a;
        if req.space == Space::Global {
            o.transactions += b;
        } else {
            o.ideal_wavefronts += b;
        }
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::{Arena, BufId};

    fn request(addrs: &[u64], bytes: u32, space: Space, store: bool) -> Vec<Access> {
        addrs
            .iter()
            .enumerate()
            .map(|(i, &addr)| Access {
                lane: i as u32,
                addr,
                bytes,
                buf: BufId { arena: Arena::Heap, index: 0 },
                index: 0,
                space,
                store,
            })
            .collect()
    }

    fn run(reqs: &[Vec<Access>]) -> KernelMetrics {
        run_on("a100", reqs)
    }

    fn run_on(target: &str, reqs: &[Vec<Access>]) -> KernelMetrics {
        let t = sharc_machine::Target::load(target).expect("shipped");
        let mut m = Metrics::new(&t, "host");
        m.kernel_begin(&KernelInfo { name: "k".into(), grid: [1; 3], block: [32, 1, 1], shared_bytes: 0 });
        let mut ctx = sharc_ir::Context::new(std::sync::Arc::new(sharc_ir::DialectRegistry::new()));
        ctx.allow_unregistered = true;
        let op = ctx.create_op(sharc_ir::OperationState::new("t.op", sharc_ir::Location::Unknown));
        for r in reqs {
            m.request(&Request { op, warp: 0, space: r[0].space, store: r[0].store, accesses: r });
        }
        m.kernel_end();
        m.kernels()[0].clone()
    }

    /// One launch of `blocks` 32-thread blocks on gtx690 (4 channels × 256 B, window 8 SMs × 16
    /// blocks), block b storing one warp-row at `addr(b)`; returns the channel sums.
    fn stores_by_block(target: &str, blocks: u64, addr: impl Fn(u64) -> u64) -> ChannelLoad {
        let t = sharc_machine::Target::load(target).expect("shipped");
        let mut m = Metrics::new(&t, "host");
        m.kernel_begin(&KernelInfo {
            name: "k".into(),
            grid: [blocks as u32, 1, 1],
            block: [32, 1, 1],
            shared_bytes: 0,
        });
        let mut ctx = sharc_ir::Context::new(std::sync::Arc::new(sharc_ir::DialectRegistry::new()));
        ctx.allow_unregistered = true;
        let op = ctx.create_op(sharc_ir::OperationState::new("t.op", sharc_ir::Location::Unknown));
        for b in 0..blocks {
            m.block_begin(b);
            let row: Vec<u64> = (0..32).map(|i| addr(b) + 4 * i).collect();
            let r = request(&row, 4, Space::Global, true);
            m.request(&Request { op, warp: 0, space: Space::Global, store: true, accesses: &r });
        }
        m.kernel_end();
        m.kernels()[0].channels.clone()
    }

    /// The imbalance is the busiest channel's share × C per window: C when every block of a
    /// window hits one channel, 1 when they spread, and windows do not mix.
    #[test]
    fn channel_imbalance_per_window_of_co_resident_blocks() {
        // gtx690: 2048 threads per SM / 32 = 64 warps, 16 blocks per SM: window 8 × 16 = 128.
        let camped = stores_by_block("gtx690", 256, |b| b * 1024);
        assert_eq!(camped.window, Some(128));
        assert_eq!((camped.store_peak, camped.store_sectors), (4 * 256 * 4, 256 * 4));
        assert_eq!(camped.store_imbalance(), Ok(4.0));
        assert_eq!(camped.load_imbalance(), Err("no global loads".to_string()));
        let spread = stores_by_block("gtx690", 256, |b| b * 256);
        assert_eq!(spread.store_imbalance(), Ok(1.0));
        // Window 0 on channel 0, window 1 spread: (128·4·4 + 32·4·4) / (2·128·4) = 2.5.
        let half = stores_by_block("gtx690", 256, |b| if b < 128 { b * 1024 } else { b * 256 });
        assert_eq!(half.store_imbalance(), Ok(2.5));
        // A target without a linear map reports nothing, and says why.
        let a100 = stores_by_block("a100", 256, |b| b * 1024);
        assert_eq!(a100.store_imbalance(), Err("target a100: channel map is unknown".to_string()));
        assert_eq!((a100.store_peak, a100.window), (0, None));
    }

    #[test]
    fn tile_columns_conflict_and_padding_removes_it() {
        let col: Vec<u64> = (0..32).map(|i| 4 * 32 * i).collect();
        let padded: Vec<u64> = (0..32).map(|i| 4 * 33 * i).collect();
        let k = run(&[request(&col, 4, Space::Workgroup, false), request(&padded, 4, Space::Workgroup, false)]);
        assert_eq!((k.shared_load_requests, k.shared_load_wavefronts, k.shared_bank_conflicts()), (2, 33, 31));
        assert_eq!(k.shared_ideal_wavefronts(), 2);
        assert_eq!(k.per_op[0].ideal_wavefronts, 2);
    }

    /// A request that costs its minimum has no conflict however many wavefronts it takes: the
    /// ideal counts them (Nsight Compute's definition), not one per request.
    #[test]
    fn wide_and_wave64_requests_conflict_beyond_their_ideal() {
        let doubles: Vec<u64> = (0..32).map(|i| 8 * i).collect();
        let float4: Vec<u64> = (0..32).map(|i| 16 * i).collect();
        let doubles_stride2: Vec<u64> = (0..32).map(|i| 16 * i).collect();
        let k = run(&[
            request(&doubles, 8, Space::Workgroup, false),
            request(&float4, 16, Space::Workgroup, true),
            request(&doubles_stride2, 8, Space::Workgroup, false),
        ]);
        // Loads: 2 + 4 wavefronts, ideal 2 + 2; the store: 4 quarter-warp phases, all ideal.
        assert_eq!((k.shared_load_wavefronts, k.shared_load_ideal_wavefronts), (6, 4));
        assert_eq!((k.shared_store_wavefronts, k.shared_store_ideal_wavefronts), (4, 4));
        assert_eq!(k.shared_bank_conflicts(), 2);
        // GCN wave64: two half-wave groups, each conflict-free on a row; a column is 32-way in each.
        let row: Vec<u64> = (0..64).map(|i| 4 * i).collect();
        let column: Vec<u64> = (0..64).map(|i| 128 * i).collect();
        let hd = run_on("hd7850", &[request(&row, 4, Space::Workgroup, false)]);
        assert_eq!((hd.shared_bank_wavefronts(), hd.shared_ideal_wavefronts(), hd.shared_bank_conflicts()), (2, 2, 0));
        let hd = run_on("hd7850", &[request(&column, 4, Space::Workgroup, true)]);
        assert_eq!(
            (hd.shared_bank_wavefronts(), hd.shared_ideal_wavefronts(), hd.shared_bank_conflicts()),
            (64, 2, 62)
        );
        assert_eq!((hd.per_op[0].sectors_or_wavefronts, hd.per_op[0].ideal_wavefronts), (64, 2));
    }

    #[test]
    fn global_sectors_transactions_and_compulsory_bytes() {
        let row: Vec<u64> = (0..32).map(|i| 256 + 4 * i).collect();
        let column: Vec<u64> = (0..32).map(|i| 256 + 4 * 1024 * i).collect();
        let k = run(&[
            request(&row, 4, Space::Global, false),
            request(&column, 4, Space::Global, true),
            request(&row, 4, Space::Global, false),
        ]);
        assert_eq!((k.global_load_requests, k.global_load_sectors, k.global_load_transactions), (2, 8, 2));
        assert_eq!((k.global_store_requests, k.global_store_sectors, k.global_store_transactions), (1, 32, 32));
        // 128 distinct bytes read (twice the same row), 128 written.
        assert_eq!(k.compulsory_bytes, 256);
        assert_eq!(k.per_op.len(), 2);
    }

    #[test]
    fn json_has_the_required_keys() {
        let m = KernelMetrics {
            kernel: "k\"1".into(),
            shared_load_requests: 32,
            shared_load_wavefronts: 1024,
            shared_load_ideal_wavefronts: 32,
            ..Default::default()
        };
        let j = m.to_json();
        for k in [
            "kernel",
            "global_load_requests",
            "global_store_requests",
            "global_sectors",
            "global_transactions",
            "shared_load_requests",
            "shared_store_requests",
            "shared_bank_wavefronts",
            "shared_ideal_wavefronts",
            "shared_load_ideal_wavefronts",
            "shared_store_ideal_wavefronts",
            "shared_bank_conflicts",
            "barriers",
            "ops",
            "compulsory_bytes",
        ] {
            assert!(j.contains(&format!("\"{k}\": ")), "{k} missing in {j}");
        }
        assert!(j.contains("\"shared_bank_conflicts\": 992"));
        // Ideal right after the wavefronts they bound, conflicts after both.
        let at = |k: &str| j.find(&format!("\"{k}\"")).expect("key");
        assert!(at("shared_store_wavefronts") < at("shared_ideal_wavefronts"));
        assert!(at("shared_store_ideal_wavefronts") < at("shared_bank_conflicts"));
        assert!(j.starts_with("{\"kernel\": \"k\\\"1\""));
    }
}
