//! A LIFO worklist of ops with set semantics and O(1) removal (upstream's `Worklist` in
//! `GreedyPatternRewriteDriver.cpp`): removed entries become holes skipped by `pop`.

use sharc_ir::OpId;
use std::collections::HashMap;

/// The worklist.
#[derive(Default, Debug)]
pub struct Worklist {
    list: Vec<Option<OpId>>,
    index: HashMap<OpId, usize>,
}

impl Worklist {
    /// Empties the list.
    pub fn clear(&mut self) {
        self.list.clear();
        self.index.clear();
    }

    /// Pushes `op` unless it is already queued.
    pub fn push(&mut self, op: OpId) {
        if self.index.contains_key(&op) {
            return;
        }
        self.index.insert(op, self.list.len());
        self.list.push(Some(op));
    }

    /// Pops the most recently pushed op.
    pub fn pop(&mut self) -> Option<OpId> {
        while let Some(slot) = self.list.pop() {
            if let Some(op) = slot {
                self.index.remove(&op);
                return Some(op);
            }
        }
        None
    }

    /// Removes `op` if queued.
    pub fn remove(&mut self, op: OpId) {
        if let Some(i) = self.index.remove(&op) {
            self.list[i] = None;
        }
    }

    /// Reverses the order, so that the first pushed op is popped first.
    pub fn reverse(&mut self) {
        self.list.reverse();
        self.index.clear();
        for (i, slot) in self.list.iter().enumerate() {
            if let Some(op) = slot {
                self.index.insert(*op, i);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Op ids are only made by a context.
    fn ids(n: usize) -> Vec<OpId> {
        let mut ctx = sharc_ir::Context::new(std::sync::Arc::new(sharc_ir::DialectRegistry::new()));
        (0..n).map(|_| ctx.create_op(sharc_ir::OperationState::new("test.op", sharc_ir::Location::Unknown))).collect()
    }

    #[test]
    fn lifo_with_set_semantics_and_holes() {
        let o = ids(4);
        let mut w = Worklist::default();
        for &x in &o {
            w.push(x);
        }
        w.push(o[1]);
        w.remove(o[2]);
        assert_eq!(w.pop(), Some(o[3]));
        assert_eq!(w.pop(), Some(o[1]));
        assert_eq!(w.pop(), Some(o[0]));
        assert_eq!(w.pop(), None);
    }

    #[test]
    fn reverse_pops_in_push_order() {
        let o = ids(3);
        let mut w = Worklist::default();
        for &x in &o {
            w.push(x);
        }
        w.reverse();
        w.remove(o[1]);
        assert_eq!(w.pop(), Some(o[0]));
        assert_eq!(w.pop(), Some(o[2]));
        assert_eq!(w.pop(), None);
    }
}
