//! Shared-memory race detection.
//!
//! A race is two threads of one block accessing the same shared byte, at least one writing,
//! with no barrier between. Per thread block, execution is cut into **epochs** by barriers; a
//! shadow entry per shared byte remembers, for the current epoch, the writing thread and up to
//! two distinct reading threads (two suffice: a write by one of them still conflicts with the
//! other). An entry of an older epoch counts as empty, so starting a block or passing a barrier
//! is one counter increment. The verdict does not depend on the order in which the engine runs
//! the threads, only on the barrier epochs, which are the same in every valid schedule.

use crate::memory::Access;
use sharc_ir::OpId;

#[derive(Clone, Copy, Default)]
struct Shadow {
    epoch: u32,
    /// Writing lane + 1 (0: none).
    writer: u32,
    writer_op: u32,
    /// Reading lanes + 1.
    readers: [u32; 2],
    reader_ops: [u32; 2],
}

/// What kind of conflict.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RaceKind {
    /// Two writes.
    WriteWrite,
    /// A write after another thread's read.
    ReadThenWrite,
    /// A read after another thread's write.
    WriteThenRead,
}

/// A detected race.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Race {
    /// The kind.
    pub kind: RaceKind,
    /// The lane making the current access.
    pub lane: u32,
    /// The other lane.
    pub other_lane: u32,
    /// The op of the other access (its index, `OpId::index`).
    pub other_op: u32,
    /// The shared byte address.
    pub addr: u64,
}

/// The per-block shadow memory of shared memory.
#[derive(Default)]
pub struct RaceChecker {
    shadow: Vec<Shadow>,
    epoch: u32,
}

impl RaceChecker {
    /// Prepares for a kernel using `bytes` of shared memory.
    pub fn begin_kernel(&mut self, bytes: u64) {
        let n = bytes as usize;
        if self.shadow.len() < n {
            self.shadow.resize(n, Shadow::default());
        }
        self.next_epoch();
    }

    /// A new thread block starts.
    pub fn new_block(&mut self) {
        self.next_epoch();
    }

    /// The block passed a barrier.
    pub fn barrier(&mut self) {
        self.next_epoch();
    }

    fn next_epoch(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            // Wrapped: old entries could look current; forget them.
            self.shadow.fill(Shadow::default());
            self.epoch = 1;
        }
    }

    /// Records `a` (a shared access by lane `a.lane` of `op`); the first conflict found.
    pub fn check(&mut self, a: &Access, op: OpId) -> Result<(), Race> {
        let t = a.lane + 1;
        let op = op.index() as u32;
        let end = a.addr + a.bytes as u64;
        if self.shadow.len() < end as usize {
            self.shadow.resize(end as usize, Shadow::default());
        }
        for addr in a.addr..end {
            let s = &mut self.shadow[addr as usize];
            if s.epoch != self.epoch {
                *s = Shadow { epoch: self.epoch, ..Shadow::default() };
            }
            let race = |kind, other: u32, other_op| Race { kind, lane: a.lane, other_lane: other - 1, other_op, addr };
            if s.writer != 0 && s.writer != t {
                let kind = if a.store { RaceKind::WriteWrite } else { RaceKind::WriteThenRead };
                return Err(race(kind, s.writer, s.writer_op));
            }
            if a.store {
                for k in 0..2 {
                    if s.readers[k] != 0 && s.readers[k] != t {
                        return Err(race(RaceKind::ReadThenWrite, s.readers[k], s.reader_ops[k]));
                    }
                }
                s.writer = t;
                s.writer_op = op;
            } else if s.readers[0] == 0 {
                s.readers[0] = t;
                s.reader_ops[0] = op;
            } else if s.readers[0] != t && s.readers[1] == 0 {
                s.readers[1] = t;
                s.reader_ops[1] = op;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::{Arena, BufId, Space};
    use proptest::prelude::*;

    fn acc(lane: u32, addr: u64, store: bool) -> Access {
        Access {
            lane,
            addr,
            bytes: 4,
            buf: BufId { arena: Arena::Workgroup, index: 0 },
            index: addr / 4,
            space: Space::Workgroup,
            store,
        }
    }

    fn op(ctx_index: u32) -> OpId {
        // OpIds are only compared and printed here; any id will do.
        let mut ctx = sharc_ir::Context::new(std::sync::Arc::new(sharc_ir::DialectRegistry::new()));
        ctx.allow_unregistered = true;
        let mut last = None;
        for _ in 0..=ctx_index {
            last = Some(ctx.create_op(sharc_ir::OperationState::new("t.op", sharc_ir::Location::Unknown)));
        }
        last.expect("created")
    }

    #[test]
    fn barrier_separates_write_and_read() {
        let (w, r) = (op(0), op(1));
        let mut c = RaceChecker::default();
        c.begin_kernel(64);
        c.check(&acc(0, 0, true), w).expect("first write");
        assert_eq!(c.check(&acc(1, 0, false), r).map_err(|e| e.kind), Err(RaceKind::WriteThenRead));
        c.new_block();
        c.check(&acc(0, 0, true), w).expect("write");
        c.barrier();
        c.check(&acc(1, 0, false), r).expect("read after barrier");
        c.check(&acc(2, 0, false), r).expect("second reader");
        assert_eq!(
            c.check(&acc(1, 0, true), w).map(|_| ()).map_err(|e| (e.kind, e.other_lane)),
            Err((RaceKind::ReadThenWrite, 2))
        );
    }

    #[test]
    fn same_thread_and_disjoint_bytes_do_not_race() {
        let w = op(0);
        let mut c = RaceChecker::default();
        c.begin_kernel(64);
        c.check(&acc(3, 8, true), w).expect("write");
        c.check(&acc(3, 8, false), w).expect("own read");
        c.check(&acc(3, 8, true), w).expect("own write");
        c.check(&acc(4, 12, true), w).expect("next word");
    }

    proptest! {
        // Brute-force oracle: within one epoch, a race exists iff two different lanes touch
        // the same word and one of them writes; the checker reports one at the first access
        // that completes such a pair.
        #[test]
        fn matches_pairwise_oracle(accs in proptest::collection::vec((0u32..4, 0u64..4, any::<bool>()), 1..24)) {
            let w = op(0);
            let mut c = RaceChecker::default();
            c.begin_kernel(16);
            let mut first_bad = None;
            for (i, &(lane, word, store)) in accs.iter().enumerate() {
                let conflict = accs[..i].iter().any(|&(l2, w2, s2)| l2 != lane && w2 == word && (store || s2));
                if conflict { first_bad = Some(i); break; }
            }
            let mut got = None;
            for (i, &(lane, word, store)) in accs.iter().enumerate() {
                if c.check(&acc(lane, word * 4, store), w).is_err() { got = Some(i); break; }
            }
            prop_assert_eq!(got, first_bad);
        }
    }
}
