//! `sharc-expose-parallel`: the sequential loops of a section's body are interchanged and
//! fused until they form one loop, and that loop joins the band when it carries no dependence
//! (issue 15; PolyBench's syr2k, and every OpenACC loop nest whose inner loop has no directive).
//!
//! Sketch (syr2k, `i` the section):
//!
//! ```text
//! affine.parallel (%i) {                       affine.parallel (%i) {
//!   affine.for %j = 0 to %i + 1 { S1 }          affine.parallel (%j) = (0) to (%i + 1) {
//!   affine.for %k = 0 to %m {           ==>       S1
//!     affine.for %j = 0 to %i + 1 { S2 }          affine.for %k = 0 to %m { S2 }
//!   }                                           }
//! }                                            }
//! ```
//!
//! The rewrites happen on a copy of the section, which the dependence analysis then judges;
//! the copy replaces the section only when its one loop is parallel. The user-facing
//! description is [`INFO`]'s.

use super::band;
use super::parallelize::{Facts, Verdict};
use crate::effects;
use crate::section;
use sharc_dialects::affine as aff;
use sharc_dialects::func::FuncOp;
use sharc_dialects::sharc::share::SHARE_ATTR;
use sharc_dialects::sharc::ACC_ATTR;
use sharc_ir::affine::AffineMap;
use sharc_ir::pass::{Pass, PassInfo, PassOptions};
use sharc_ir::{Context, Diagnostic, InsertPoint, OpId, Value};
use std::collections::HashMap;

/// The declaration of `sharc-expose-parallel`.
pub static INFO: PassInfo = PassInfo {
    name: "sharc-expose-parallel",
    title: "SharcExposeParallel",
    summary: "Interchange and fuse the loops of a section's body so that a parallel loop joins its band",
    description: DESCRIPTION,
    anchor: None,
    options: &[],
    create,
};

const DESCRIPTION: &str = r#"Gives the planners a parallel loop that the source hides inside
a section. A section (an outermost `affine.parallel`, `sharc-parallelize`'s output) whose body
is a sequence of sequential loops runs them all inside each thread. Often one of them is
parallel once the nest is reordered: PolyBench's syr2k scales row `i` of `C` in one `j` loop,
then accumulates into it in a `k` loop around a second `j` loop, and only `i` carries the
OpenACC directive. Each thread then walks a whole row, and the band has one loop where two fit.

The pass rewrites a copy of the section's body, repeating until nothing changes:

- **interchange**: a top-level `affine.for` that is not parallel and whose body is exactly one
  `affine.for` (bounds not using the outer induction variable) swaps with it;
- **fusion**: two adjacent top-level `affine.for` loops with the same bounds and step become one,
  the first body before the second.

When at least one rewrite applied and the copy's body is then one `affine.for` (besides
side-effect-free ops) that the dependence analysis proves parallel, the copy replaces the
section and that loop becomes a
nested `affine.parallel`, merged into the band when its bounds do not use the band's induction
variables (a triangular loop stays nested, as the C front-end's `loop` directive leaves it).

```mlir
affine.parallel (%i) = (0) to (%n) {              affine.parallel (%i) = (0) to (%n) {
  affine.for %j = 0 to #tri(%i) { S1 }              affine.parallel (%j) = (0) to (%i + 1) {
  affine.for %k = 0 to %m {                 ==>       S1
    affine.for %j = 0 to #tri(%i) { S2 }              affine.for %k = 0 to %m { S2 }
  }                                                 }
}                                                 }
```

**Legality.** The analysis judges the rewritten copy, not the original: its one loop `j` is
parallel when no two instances with different `j` (and the same section iteration) touch the
same element with a write among them. Then every pair of instances that conflict has the same
`j`, and the rewrites kept the order of such pairs: an interchange keeps the order of the outer
loop's iterations at equal `j`, and a fusion runs the first body before the second at equal
`j`, as the original ran the whole first loop before the second. A copy that fails is erased.

A body that needs no rewrite is left as it is, even when its one loop is parallel: that nest
is in an order the user could have annotated (an OpenACC `loop` directive on the inner loop),
and `sharcc` runs the loops in parallel that the source's directives name
(`sharc-parallelize{candidates=marked}`). The pass adds only what no directive on the source's
order could reach. Sections governed by a `share` pragma (the pragma names the nest it partitions) and sections
with reductions are left as they are, and so is a body holding anything but loops and
side-effect-free ops. A remark says what changed:

```text
remark: a loop of the section joins its band as a parallel loop (1 interchange, 1 fusion)
```

and, when a rewritten copy was not parallel, why the section stays as it was. `sharcc` runs the
pass after `sharc-parallelize` in both of its mappings (the default and `--no-shared`)."#;

fn create(_: &PassOptions) -> Box<dyn Pass> {
    Box::new(ExposeParallel)
}

struct ExposeParallel;

impl Pass for ExposeParallel {
    fn run(&mut self, ctx: &mut Context, op: OpId, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        let funcs: Vec<OpId> = ctx.collect_ops(op).into_iter().filter(|&o| FuncOp::view(ctx, o).is_some()).collect();
        for func in funcs {
            for s in section::sections(ctx, func) {
                let loc = ctx.loc(s.0).clone();
                match expose(ctx, func, s.0) {
                    Outcome::Untouched => {}
                    Outcome::Exposed(r) => diags.push(Diagnostic::remark(
                        loc,
                        format!(
                            "a loop of the section joins its band as a parallel loop ({} interchange{}, {} fusion{})",
                            r.interchanges,
                            plural(r.interchanges),
                            r.fusions,
                            plural(r.fusions)
                        ),
                    )),
                    Outcome::Refused(why) => {
                        diags.push(Diagnostic::remark(loc, format!("section's loops not reordered: {why}")))
                    }
                }
            }
        }
        Ok(())
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// What the rewrites of one section did.
#[derive(Default)]
struct Rewrites {
    interchanges: usize,
    fusions: usize,
}

enum Outcome {
    /// Nothing to try: no rewrite applies.
    Untouched,
    /// The section's body is now one parallel loop.
    Exposed(Rewrites),
    /// Rewrites were tried and did not give a parallel loop (why).
    Refused(String),
}

/// Tries section `s` of `func`.
fn expose(ctx: &mut Context, func: OpId, s: OpId) -> Outcome {
    let p = aff::ParallelOp(s);
    if ctx.attr_of(s, SHARE_ATTR).is_some() || !p.reduction_codes(ctx).is_empty() {
        return Outcome::Untouched;
    }
    let Some(loops) = body_loops(ctx, s) else { return Outcome::Untouched };
    if loops.is_empty() {
        return Outcome::Untouched;
    }
    // C's aliasing rule holds where sharc-parallelize applied it: in sections no OpenACC
    // directive covers (those carry `sharc.acc`).
    let c_aliasing = ctx.attr_of(s, ACC_ATTR).is_none();
    // Which top-level loops are parallel already: those are never interchanged away.
    let facts = Facts::of(ctx, func);
    let parallel: Vec<bool> =
        loops.iter().map(|&l| matches!(facts.verdict_with(ctx, l, &[], c_aliasing), Verdict::Parallel)).collect();

    let mut map: HashMap<Value, Value> = HashMap::new();
    let copy = ctx.clone_op(s, &mut map);
    ctx.insert_op(InsertPoint::Before(s), copy);
    let Some(copy_loops) = body_loops(ctx, copy) else {
        ctx.erase_op(copy);
        return Outcome::Untouched;
    };
    let mut rewrites = Rewrites::default();
    for (&l, &par) in copy_loops.iter().zip(&parallel) {
        if !par && interchange(ctx, l) {
            rewrites.interchanges += 1;
        }
    }
    while let Some((a, b)) = fusible_pair(ctx, copy) {
        if !fuse(ctx, a, b) {
            break;
        }
        rewrites.fusions += 1;
    }
    // A nest that needs no rewrite is one whose directives the user could have written: the
    // front-end's loops run in parallel where the source says so (`candidates=marked`), and
    // this pass only adds the loops that no directive on the source's order could reach.
    if rewrites.interchanges + rewrites.fusions == 0 {
        ctx.erase_op(copy);
        return Outcome::Untouched;
    }
    let refuse = |ctx: &mut Context, why: String| {
        ctx.erase_op(copy);
        Outcome::Refused(why)
    };
    let lone = match body_loops(ctx, copy).as_deref() {
        Some([l]) if aff::ForOp(*l).inits(ctx).is_empty() => *l,
        Some(ls) => return refuse(ctx, format!("the body holds {} loops after fusion, not one", ls.len())),
        None => return refuse(ctx, "the body holds other statements than loops".into()),
    };
    let facts = Facts::of(ctx, func);
    match facts.verdict_with(ctx, lone, &[], c_aliasing) {
        Verdict::Parallel => {}
        Verdict::Unknown(why) | Verdict::Dependent(why) => return refuse(ctx, why.message),
    }
    ctx.erase_op(s);
    band::for_to_parallel(ctx, lone);
    let mut band_op = copy;
    while let Some(inner) = band::sole_parallel_child(ctx, band_op) {
        band_op = band::merge(ctx, band_op, inner);
    }
    Outcome::Exposed(rewrites)
}

/// The top-level `affine.for` loops of section `s`'s body, in order; `None` when the body
/// holds anything else but side-effect-free ops without regions (and the terminator).
fn body_loops(ctx: &Context, s: OpId) -> Option<Vec<OpId>> {
    let body = aff::ParallelOp(s).body(ctx)?;
    let mut loops = Vec::new();
    for o in ctx.block_ops(body) {
        if aff::ForOp::view(ctx, o).is_some() {
            loops.push(o);
        } else if aff::YieldOp::view(ctx, o).is_none()
            && !(ctx.regions(o).is_empty() && effects::is_memory_effect_free(ctx, o))
        {
            return None;
        }
    }
    Some(loops)
}

/// A loop's bounds and step.
#[derive(Clone, PartialEq)]
struct Bounds {
    lower: (AffineMap, Vec<Value>),
    upper: (AffineMap, Vec<Value>),
    step: i64,
}

impl Bounds {
    fn of(ctx: &Context, l: aff::ForOp) -> Option<Bounds> {
        Some(Bounds {
            lower: (l.lower_bound_map(ctx)?.clone(), l.lower_bound_operands(ctx).to_vec()),
            upper: (l.upper_bound_map(ctx)?.clone(), l.upper_bound_operands(ctx).to_vec()),
            step: l.step(ctx),
        })
    }

    fn set(self, ctx: &mut Context, l: aff::ForOp) {
        l.set_lower_bound(ctx, &self.lower.1, self.lower.0);
        l.set_upper_bound(ctx, &self.upper.1, self.upper.0);
        l.set_step(ctx, self.step);
    }
}

/// Swaps `outer` with the one loop of its body, if the two are perfectly nested, carry no
/// values, and the inner bounds do not use the outer induction variable. The loops keep their
/// bodies' ops; bounds, steps and locations change places, and so do the induction variables'
/// uses.
fn interchange(ctx: &mut Context, outer: OpId) -> bool {
    let o = aff::ForOp(outer);
    let Some(body) = o.body(ctx) else { return false };
    let ops = ctx.block_ops(body);
    let [inner, y] = ops.as_slice() else { return false };
    let Some(i) = aff::ForOp::view(ctx, *inner) else { return false };
    if aff::YieldOp::view(ctx, *y).is_none() || !o.inits(ctx).is_empty() || !i.inits(ctx).is_empty() {
        return false;
    }
    let (Some(outer_iv), Some(inner_iv)) = (o.induction_var(ctx), i.induction_var(ctx)) else { return false };
    if ctx.operands(*inner).contains(&outer_iv) {
        return false;
    }
    let (Some(ob), Some(ib)) = (Bounds::of(ctx, o), Bounds::of(ctx, i)) else { return false };
    ib.set(ctx, o);
    ob.set(ctx, i);
    let outer_uses = ctx.uses(outer_iv).to_vec();
    ctx.replace_all_uses(inner_iv, outer_iv);
    for u in outer_uses {
        ctx.set_operand(u.op, u.operand as usize, inner_iv);
    }
    let (ol, il) = (ctx.loc(outer).clone(), ctx.loc(*inner).clone());
    ctx.set_loc(outer, il);
    ctx.set_loc(*inner, ol);
    true
}

/// The first two adjacent top-level loops of `s`'s body with equal bounds and steps and no
/// carried values.
fn fusible_pair(ctx: &Context, s: OpId) -> Option<(OpId, OpId)> {
    let body = aff::ParallelOp(s).body(ctx)?;
    let ops = ctx.block_ops(body);
    ops.windows(2).find_map(|w| {
        let (a, b) = (aff::ForOp::view(ctx, w[0])?, aff::ForOp::view(ctx, w[1])?);
        let plain = a.inits(ctx).is_empty() && b.inits(ctx).is_empty();
        (plain && Bounds::of(ctx, a)? == Bounds::of(ctx, b)?).then_some((w[0], w[1]))
    })
}

/// Moves the body of `second` to the end of `first`'s (its induction variable renamed) and
/// erases `second`; false, touching nothing, when either loop lacks a body or its terminator.
fn fuse(ctx: &mut Context, first: OpId, second: OpId) -> bool {
    let (a, b) = (aff::ForOp(first), aff::ForOp(second));
    let (Some(ab), Some(bb)) = (a.body(ctx), b.body(ctx)) else { return false };
    let (Some(a_iv), Some(b_iv)) = (a.induction_var(ctx), b.induction_var(ctx)) else { return false };
    let Some(a_yield) = ctx.block_last_op(ab).filter(|&y| aff::YieldOp::view(ctx, y).is_some()) else {
        return false;
    };
    ctx.replace_all_uses(b_iv, a_iv);
    for o in ctx.block_ops(bb) {
        if aff::YieldOp::view(ctx, o).is_none() {
            ctx.move_op(o, InsertPoint::Before(a_yield));
        }
    }
    ctx.erase_op(second);
    true
}
