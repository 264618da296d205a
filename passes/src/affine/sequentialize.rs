//! `sharc-sequentialize`: every reduction-free `affine.parallel` becomes a perfect nest of
//! `affine.for` loops — the form upstream MLIR's `convert-affine-for-to-gpu` maps, which has no
//! pass of its own upstream (`affine-parallelize` goes the other way, `lower-affine` goes to
//! `scf.parallel`). The peer benchmark (`bench/src/peers.rs`) runs it before that route.
//!
//! The user-facing description is [`INFO`]'s.

use super::band;
use sharc_dialects::affine as aff;
use sharc_ir::pass::{Pass, PassInfo, PassOptions};
use sharc_ir::{Context, Diagnostic, OpId};

/// The declaration of `sharc-sequentialize`.
pub static INFO: PassInfo = PassInfo {
    name: "sharc-sequentialize",
    title: "SharcSequentialize",
    summary: "Rewrite reduction-free affine.parallel bands as perfect affine.for nests",
    description: DESCRIPTION,
    anchor: None,
    options: &[],
    create,
};

const DESCRIPTION: &str = r#"The inverse of `sharc-parallelize`'s band building: each
`affine.parallel` without reductions becomes a perfect nest of `affine.for` loops, its first
dimension outermost, each loop with its dimension's bounds (the maximum of the lower-bound group,
the minimum of the upper-bound group) and step. The band's discardable attributes (`sharc.acc`,
`sharc.share`) move to the outermost loop. A band without dimensions runs its body once: the
body takes its place.

```mlir
affine.parallel (%i, %j) = (0, 0) to (%n, %m) {       affine.for %i = 0 to %n {
  S(%i, %j)                                    ==>      affine.for %j = 0 to %m {
}                                                          S(%i, %j)
                                                         }
                                                       }
```

**Legality.** Running the iterations of a parallel loop one after another, in order, is one of
the schedules `affine.parallel` allows, so the rewrite never changes a result.

**Why it exists.** Upstream MLIR's `convert-affine-for-to-gpu` maps top-level `affine.for`
nests (the outer loops to blocks, the next ones to threads) and has no counterpart that takes
`affine.parallel`; the peer benchmark (`bench/README.md`, "Peers in the same simulator") runs this
pass before it, so that upstream's naive GPU mapping gets the same bands as sharc's pipelines.

A band with reductions is left as it is, with a remark (a nest would carry the reduction in
`iter_args`, in one fixed order that the band does not promise):

```text
remark: band not sequentialized: it has reductions
```"#;

fn create(_: &PassOptions) -> Box<dyn Pass> {
    Box::new(Sequentialize)
}

struct Sequentialize;

impl Pass for Sequentialize {
    fn run(&mut self, ctx: &mut Context, op: OpId, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        // Outermost first: a nested band moves with its parent's body, and is still found.
        let bands: Vec<OpId> =
            ctx.collect_ops(op).into_iter().filter(|&o| aff::ParallelOp::view(ctx, o).is_some()).collect();
        for b in bands {
            if !aff::ParallelOp(b).reduction_codes(ctx).is_empty() || !ctx.results(b).is_empty() {
                diags.push(Diagnostic::remark(ctx.loc(b).clone(), "band not sequentialized: it has reductions"));
                continue;
            }
            band::parallel_to_for_nest(ctx, b);
        }
        Ok(())
    }
}
