//! The dominator tree of the blocks of one region (Cooper, Harvey and Kennedy, "A Simple,
//! Fast Dominance Algorithm", 2001: immediate dominators by intersection over reverse
//! post-order).
//!
//! Blocks the entry cannot reach are not in the tree, as in upstream's `DominanceInfo`.
//! Dominance *between* regions (a value defined before a loop dominates the loop body) is the
//! nesting of the IR and needs no analysis.

use sharc_ir::{BlockId, Context, RegionId};
use std::collections::HashMap;

/// The dominator tree of a region.
#[derive(Debug, Clone, Default)]
pub struct DomTree {
    /// Reachable blocks in reverse post-order; the entry first.
    rpo: Vec<BlockId>,
    idom: HashMap<BlockId, BlockId>,
    children: HashMap<BlockId, Vec<BlockId>>,
}

impl DomTree {
    /// Computes the tree of `region` (empty for an empty region).
    pub fn compute(ctx: &Context, region: RegionId) -> DomTree {
        let Some(entry) = ctx.entry_block(region) else { return DomTree::default() };
        let rpo = reverse_post_order(ctx, entry);
        let order: HashMap<BlockId, usize> = rpo.iter().enumerate().map(|(i, &b)| (b, i)).collect();
        let mut preds: HashMap<BlockId, Vec<BlockId>> = HashMap::new();
        for &b in &rpo {
            for s in successors(ctx, b) {
                preds.entry(s).or_default().push(b);
            }
        }
        let mut idom: HashMap<BlockId, BlockId> = HashMap::from([(entry, entry)]);
        let mut changed = true;
        while changed {
            changed = false;
            for &b in rpo.iter().skip(1) {
                let mut new: Option<BlockId> = None;
                for &p in preds.get(&b).map(Vec::as_slice).unwrap_or(&[]) {
                    if !idom.contains_key(&p) {
                        continue;
                    }
                    new = Some(match new {
                        None => p,
                        Some(n) => intersect(&idom, &order, p, n),
                    });
                }
                if let Some(n) = new {
                    if idom.get(&b) != Some(&n) {
                        idom.insert(b, n);
                        changed = true;
                    }
                }
            }
        }
        let mut children: HashMap<BlockId, Vec<BlockId>> = HashMap::new();
        for &b in rpo.iter().skip(1) {
            if let Some(&d) = idom.get(&b) {
                children.entry(d).or_default().push(b);
            }
        }
        idom.remove(&entry);
        DomTree { rpo, idom, children }
    }

    /// The root (entry block), if the region has blocks.
    pub fn root(&self) -> Option<BlockId> {
        self.rpo.first().copied()
    }

    /// The blocks `b` immediately dominates, in reverse post-order.
    pub fn children(&self, b: BlockId) -> &[BlockId] {
        self.children.get(&b).map_or(&[], Vec::as_slice)
    }

    /// The immediate dominator of `b` (`None` for the entry and unreachable blocks).
    pub fn idom(&self, b: BlockId) -> Option<BlockId> {
        self.idom.get(&b).copied()
    }

    /// Whether `a` dominates `b` (every block dominates itself; unreachable blocks dominate
    /// nothing and are dominated by nothing).
    pub fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        if !self.is_reachable(a) || !self.is_reachable(b) {
            return false;
        }
        let mut cur = Some(b);
        while let Some(c) = cur {
            if c == a {
                return true;
            }
            cur = self.idom(c);
        }
        false
    }

    /// Whether the entry reaches `b`.
    pub fn is_reachable(&self, b: BlockId) -> bool {
        self.rpo.first() == Some(&b) || self.idom.contains_key(&b)
    }
}

fn successors(ctx: &Context, b: BlockId) -> Vec<BlockId> {
    ctx.block_last_op(b).map(|t| ctx.successors(t).to_vec()).unwrap_or_default()
}

fn intersect(
    idom: &HashMap<BlockId, BlockId>,
    order: &HashMap<BlockId, usize>,
    mut a: BlockId,
    mut b: BlockId,
) -> BlockId {
    while a != b {
        while order[&a] > order[&b] {
            a = idom[&a];
        }
        while order[&b] > order[&a] {
            b = idom[&b];
        }
    }
    a
}

/// Reverse post-order of the blocks reachable from `entry`, iteratively (no recursion on
/// user-sized graphs).
fn reverse_post_order(ctx: &Context, entry: BlockId) -> Vec<BlockId> {
    let mut post = Vec::new();
    let mut visited = std::collections::HashSet::from([entry]);
    let mut stack = vec![(entry, successors(ctx, entry), 0usize)];
    while let Some((b, succs, next)) = stack.last_mut() {
        if let Some(&s) = succs.get(*next) {
            *next += 1;
            if visited.insert(s) {
                let ss = successors(ctx, s);
                stack.push((s, ss, 0));
            }
        } else {
            post.push(*b);
            stack.pop();
        }
    }
    post.reverse();
    post
}

#[cfg(test)]
mod tests {
    use super::DomTree;
    use crate::test_dialect;

    #[test]
    fn diamond_with_an_unreachable_block() {
        let mut ctx = test_dialect::context();
        let module = test_dialect::parse(
            &mut ctx,
            r#""t.func"() ({
  "t.br"()[^bb1, ^bb2] : () -> ()
^bb1:
  "t.br"()[^bb3] : () -> ()
^bb2:
  "t.br"()[^bb3] : () -> ()
^bb3:
  "t.yield"() : () -> ()
^bb4:
  "t.br"()[^bb3] : () -> ()
}) : () -> ()"#,
        );
        let func = ctx.collect_ops(module)[1];
        let region = ctx.region(func, 0);
        let b = ctx.region_blocks(region).to_vec();
        let tree = DomTree::compute(&ctx, region);
        assert_eq!(tree.root(), Some(b[0]));
        assert_eq!(tree.idom(b[3]), Some(b[0]), "the join is dominated by the entry only");
        assert!(tree.dominates(b[0], b[3]) && !tree.dominates(b[1], b[3]));
        let mut children = tree.children(b[0]).to_vec();
        children.sort();
        assert_eq!(children, [b[1], b[2], b[3]]);
        assert!(!tree.is_reachable(b[4]) && !tree.dominates(b[0], b[4]));
    }
}
