//! `sharc-distribute`: a section whose body holds `affine.parallel` loops next to other
//! statements is distributed over them, and each piece merges with the loops now perfectly
//! nested in it, so that every parallel loop of the nest reaches the band and the planners can
//! put the contiguous one on `x` (issue 15, "more than three parallel loops"; PolyBench doitgen).
//!
//! Sketch:
//!
//! ```text
//! affine.parallel (%r, %q) = ... {            affine.parallel (%r, %q, %s) = ... {
//!   affine.parallel (%s) = ... { S1 }     ==>   S1
//!   affine.parallel (%s) = ... { S2 }         }
//! }                                           affine.parallel (%r, %q, %s) = ... { S2 }
//! ```
//!
//! The user-facing description is [`INFO`]'s.

use super::band;
use crate::effects;
use crate::section;
use sharc_dialects::affine as aff;
use sharc_dialects::sharc::share::SHARE_ATTR;
use sharc_ir::pass::{Pass, PassInfo, PassOptions};
use sharc_ir::{Context, Diagnostic, InsertPoint, OpId, Value};
use std::collections::HashMap;

/// The declaration of `sharc-distribute`.
pub static INFO: PassInfo = PassInfo {
    name: "sharc-distribute",
    title: "SharcDistribute",
    summary: "Distribute sections over their nested affine.parallel loops, merging the pieces into deeper bands",
    description: DESCRIPTION,
    anchor: None,
    options: &[],
    create,
};

const DESCRIPTION: &str = r#"Gives the planners every parallel loop of a nest. A section
(an outermost `affine.parallel`, `sharc-parallelize`'s output) whose body holds nested
`affine.parallel` loops next to other statements cannot map those loops: `sharc-map` runs them
inside each thread, and when the innermost, contiguous subscript is theirs, every access is
uncoalesced (PolyBench's doitgen: `(r, q)` on threads, `s` run by each thread). This pass cuts
the section's body into *pieces*: each nested `affine.parallel` is a piece, and so is each run of
the other statements between them. Each piece gets its own copy of the section's loops (and its
attributes, `sharc.acc` included), in program order; a copy whose body is then one
`affine.parallel` whose bounds use nothing defined in the copy merges with it into one deeper
band, repeatedly, as `sharc-parallelize` merges perfectly nested loops.

```mlir
affine.parallel (%r, %q) = (0, 0) to (%n, %m) {        affine.parallel (%r, %q, %s) = (0, 0, 0) to (%n, %m, %p) {
  affine.parallel (%s) = (0) to (%p) { S1 }    ==>       S1
  affine.parallel (%s) = (0) to (%p) { S2 }            }
}                                                      affine.parallel (%r, %q, %s) = (0, 0, 0) to (%n, %m, %p) { S2 }
```

**Legality.** A section carries no dependence between its iterations: `sharc-parallelize` made
it parallel because the dependence analysis proved that (or an `independent` directive claimed
it where the analysis cannot decide), and every mapping already runs its iterations concurrently,
statement by statement. Running the first piece of every iteration before the second piece of
any is one of those interleavings, so the distribution changes no result. What a piece needs
from another is checked: an SSA value defined by one piece and used by another (a loaded value,
an allocation) stops the distribution; side-effect-free ops without regions (constants, index
arithmetic) over values from outside are copied into every piece that uses them.

A section is left as it is, with a remark saying why, when it has reductions, when a `share`
pragma governs it (the pragma names one section), or when a value crosses pieces. Sections
whose body holds no nested `affine.parallel` are not touched.

```text
remark: section distributed over 2 piece(s): bands of 3, 3 loop(s)
```

`sharcc` runs the pass after `sharc-parallelize` in both of its mappings (the default and
`--no-shared`)."#;

fn create(_: &PassOptions) -> Box<dyn Pass> {
    Box::new(Distribute)
}

struct Distribute;

impl Pass for Distribute {
    fn run(&mut self, ctx: &mut Context, op: OpId, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        // A piece is a section again and may hold nested loops of its own (three levels).
        let mut work: Vec<OpId> = section::sections(ctx, op).into_iter().map(|s| s.0).collect();
        while let Some(s) = work.pop() {
            let loc = ctx.loc(s).clone();
            match plan(ctx, s) {
                Ok(None) => {}
                Ok(Some(pieces)) => {
                    let bands = distribute(ctx, s, &pieces);
                    let depths: Vec<String> =
                        bands.iter().map(|&b| aff::ParallelOp(b).ivs(ctx).len().to_string()).collect();
                    diags.push(Diagnostic::remark(
                        loc,
                        format!(
                            "section distributed over {} piece(s): bands of {} loop(s)",
                            bands.len(),
                            depths.join(", ")
                        ),
                    ));
                    work.extend(bands);
                }
                Err(why) => diags.push(Diagnostic::remark(loc, format!("section not distributed: {why}"))),
            }
        }
        Ok(())
    }
}

/// How the body of section `s` splits: the piece of each top-level op (`None` for the free ops,
/// copied where used). `Ok(None)` when no nested `affine.parallel` calls for it.
fn plan(ctx: &Context, s: OpId) -> Result<Option<Vec<Option<usize>>>, String> {
    let p = aff::ParallelOp(s);
    let body = p.body(ctx).ok_or("no body")?;
    let ops: Vec<OpId> = ctx.block_ops(body).into_iter().filter(|&o| aff::YieldOp::view(ctx, o).is_none()).collect();
    if !ops.iter().any(|&o| aff::ParallelOp::view(ctx, o).is_some()) || ops.len() < 2 {
        return Ok(None);
    }
    if !p.reduction_codes(ctx).is_empty() {
        return Err("the section has reductions".into());
    }
    if ctx.attr_of(s, SHARE_ATTR).is_some() {
        return Err("a share pragma governs it".into());
    }
    // Pieces: each nested parallel loop, and each run of other statements between them.
    let mut piece_of: Vec<Option<usize>> = Vec::with_capacity(ops.len());
    let mut index: HashMap<OpId, usize> = HashMap::new();
    let mut next = 0usize;
    let mut open_run = false;
    for (k, &o) in ops.iter().enumerate() {
        index.insert(o, k);
        let free = ctx.regions(o).is_empty()
            && effects::is_memory_effect_free(ctx, o)
            && ctx
                .operands(o)
                .iter()
                .all(|&v| ctx.defining_op(v).and_then(|d| index.get(&d)).is_none_or(|&j| piece_of[j].is_none()));
        if free {
            piece_of.push(None);
        } else if aff::ParallelOp::view(ctx, o).is_some() {
            piece_of.push(Some(next));
            next += 1;
            open_run = false;
        } else {
            if !open_run {
                next += 1;
                open_run = true;
            }
            piece_of.push(Some(next - 1));
        }
    }
    if next < 2 {
        return Ok(None);
    }
    // No value defined by one piece may be used by another.
    for (k, &o) in ops.iter().enumerate() {
        let Some(mine) = piece_of[k] else { continue };
        for inner in ctx.collect_ops(o) {
            for &v in ctx.operands(inner) {
                let Some(j) = ctx.defining_op(v).and_then(|d| index.get(&d)) else { continue };
                if piece_of[*j].is_some_and(|theirs| theirs != mine) {
                    return Err(format!("'{}' defines a value another piece uses", ctx.op_name(ops[*j])));
                }
            }
        }
    }
    Ok(Some(piece_of))
}

/// Replaces section `s` by one copy per piece, each pruned to its piece and merged with the
/// loops perfectly nested in it; returns the new sections in program order.
fn distribute(ctx: &mut Context, s: OpId, piece_of: &[Option<usize>]) -> Vec<OpId> {
    let count = piece_of.iter().flatten().max().map_or(0, |&m| m + 1);
    let mut out = Vec::with_capacity(count);
    for piece in 0..count {
        let mut map: HashMap<Value, Value> = HashMap::new();
        let copy = ctx.clone_op(s, &mut map);
        ctx.insert_op(InsertPoint::Before(s), copy);
        let Some(body) = aff::ParallelOp(copy).body(ctx) else { continue };
        let ops: Vec<OpId> =
            ctx.block_ops(body).into_iter().filter(|&o| aff::YieldOp::view(ctx, o).is_none()).collect();
        // Backwards, so that every use of a free op is gone before it is looked at.
        for (&o, &which) in ops.iter().zip(piece_of).rev() {
            let keep = match which {
                Some(p) => p == piece,
                None => ctx.results(o).iter().any(|&r| ctx.has_uses(r)),
            };
            if !keep {
                ctx.erase_op(o);
            }
        }
        let mut band = copy;
        sink_free_ops(ctx, band);
        while let Some(inner) = band::sole_parallel_child(ctx, band) {
            if !aff::ParallelOp(inner).reduction_codes(ctx).is_empty() {
                break;
            }
            band = band::merge(ctx, band, inner);
            sink_free_ops(ctx, band);
        }
        out.push(band);
    }
    ctx.erase_op(s);
    out
}

/// Moves the free ops of `band`'s body (constants, index arithmetic: no effects, no regions)
/// that only its one nested `affine.parallel` uses, inside that loop's body, so that the two
/// become perfectly nested. A use as the loop's own operand (a bound) keeps the op where it is.
fn sink_free_ops(ctx: &mut Context, band: OpId) {
    let Some(body) = aff::ParallelOp(band).body(ctx) else { return };
    let ops = ctx.block_ops(body);
    let nested: Vec<OpId> = ops.iter().copied().filter(|&o| aff::ParallelOp::view(ctx, o).is_some()).collect();
    let [inner] = nested.as_slice() else { return };
    let Some(inner_body) = aff::ParallelOp(*inner).body(ctx) else { return };
    for &o in ops.iter().rev() {
        let free = o != *inner
            && aff::YieldOp::view(ctx, o).is_none()
            && ctx.regions(o).is_empty()
            && effects::is_memory_effect_free(ctx, o);
        let inside = |ctx: &Context, user: OpId| user != *inner && ctx.is_ancestor(*inner, user);
        if free && ctx.results(o).iter().all(|&r| ctx.uses(r).iter().all(|u| inside(ctx, u.op))) {
            let first = ctx.block_ops(inner_body)[0];
            ctx.move_op(o, InsertPoint::Before(first));
        }
    }
}
