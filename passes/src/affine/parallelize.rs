//! `sharc-parallelize`: the `affine.for` loops the dependence analysis proves parallel become
//! `affine.parallel`, perfectly nested ones one multi-dimensional band (DESIGN §3's legality
//! check, seed 000 §1: a section must be free of loop-carried dependences).
//!
//! Sketch (every loop a candidate):
//!
//! ```text
//! affine.for %t = 0 to 6 {                      affine.for %t = 0 to 6 {
//!   affine.for %i = 1 to 29 {                     affine.parallel (%i, %j) = (1, 1) to (29, 29) {
//!     affine.for %j = 1 to 29 {         ==>         B[i][j] = f(A[i-1][j], A[i+1][j], ...)
//!       B[i][j] = f(A[i-1][j], ...)               }
//!   ...                                           ...
//! ```
//!
//! The time loop carries the flow from `B` back to `A` and stays sequential; the space loops
//! carry nothing. [`Facts`] holds the analyses of one function and gives each loop its
//! [`Verdict`]; the driver turns verdicts and the C front-end's claims
//! ([`LoopClaim`]) into rewrites ([`super::band`]) and diagnostics. The user-facing
//! description is [`INFO`]'s (rendered to `docs/passes/sharc-parallelize.md`).

use super::band;
use crate::analysis::affine::carried::{observed_carried_values, ObservedCarried};
use crate::analysis::affine::{
    collect_accesses, dependences, memref_origin, parallel_report, AccessKind, AccessSet, DepKind, Dependence, LoopRef,
};
use crate::effects;
use sharc_dialects::affine as aff;
use sharc_dialects::func::FuncOp;
use sharc_dialects::sharc::loop_claim::LoopClaim;
use sharc_dialects::sharc::share::SHARE_ATTR;
use sharc_dialects::sharc::{ACC_ATTR, MAY_ALIAS_ATTR, NAME_ATTR};
use sharc_ir::op::ValueDef;
use sharc_ir::pass::{OptionEnum, Pass, PassInfo, PassOption, PassOptions};
use sharc_ir::{Context, Diagnostic, Location, OpId, Value};
use std::collections::HashMap;

/// How the diagnostic of a loop that stays sequential begins (a remark, or a warning when a
/// directive stands on the loop); the rest is the reason. Drivers read it back to say, when no
/// kernel results, why each loop nest was not mapped.
pub const STAYS_SEQUENTIAL: &str = "loop stays sequential: ";

/// The declaration of `sharc-parallelize`.
pub static INFO: PassInfo = PassInfo {
    name: "sharc-parallelize",
    title: "SharcParallelize",
    summary: "Turn the affine.for loops the dependence analysis proves parallel into affine.parallel bands",
    description: DESCRIPTION,
    anchor: None,
    options: &[&CANDIDATES.spec],
    create,
};

static CANDIDATES: PassOption<Candidates> = PassOption::enumeration(
    "candidates",
    "all",
    "Which loops to consider: 'all' (every affine.for) or 'marked' (the loops with a sharc.claim attribute, the C front-end's OpenACC loops)",
);

const DESCRIPTION: &str = r#"Decides, for every candidate `affine.for` of every `func.func`,
whether its iterations may run in parallel, and rewrites those that may into `affine.parallel`;
a perfectly nested band of parallel loops (bounds not depending on the outer loops) becomes one
multi-dimensional `affine.parallel`. This is the legality check of a section (seed 000 §1,
DESIGN §3): what `sharc-map` and `sharc-map-baseline` later map to threads is exactly what this
pass proved (or was told) free of loop-carried dependences.

# Candidates

With `candidates=all` (the default) every `affine.for` is a candidate. With
`candidates=marked`, only the loops carrying a `sharc.claim` attribute are: the C front-end
puts it on the loops of OpenACC compute constructs, so that initialisation and printing loops
stay on the host; `sharcc` runs the pass this way. The attribute records what the directive
claims (`directive`: written on this very loop; `independent`: the directive asserts
independent iterations, as the `independent` clause and every `loop` of a `parallel` construct
do), the `share` pragma governing the nest (`share`, `share_at`), the OpenACC directives in
force (`acc`) and the C names of the carried scalars (`carried`). The pass consumes it.

```mlir
affine.for %i = 0 to %n {
  ...
} {sharc.claim = {acc = "acc parallel loop", directive, independent}}
```

# Verdicts

A loop is **parallel** when the dependence analysis (`docs/analysis.md`) finds no flow, anti or
output dependence it carries between accesses to memrefs defined outside it, and none of its
carried values (`iter_args`) is observed: a scalar each iteration assigns before reading it and
that is dead after the loop is private to the iteration (OpenACC's `private`), and the rewrite
drops it. The loop becomes `affine.parallel`, with a remark.

A loop **stays sequential**, with the reason (a warning when a directive stands on the loop, a
remark otherwise, each with a note at the access), when

- an iteration reads the value a carried scalar had after the previous iteration (a reduction
  or a recurrence), or the program reads its last value after the loop;
- the analysis finds a dependence carried by the loop: the message names the array, the kind
  of access and the nearest distance. A dependence between affine accesses that the
  independence tests cannot rule out counts too, even where they do not prove it (the triangular
  and non-uniform cases of `docs/analysis.md`), so that a wrong pragma never makes a result
  wrong where the analysis sees the accesses. A *reduction* (`M[f] = M[f] + e` with `f` independent of the loop)
  is recognised and said so; it stays an `affine.for` inside the thread, its summation order,
  and so its bits, unchanged.

The analysis **cannot decide** a loop that holds an access it cannot describe (a subscript that
is not affine, an indirection, `memref.load`/`memref.store` with computed indices) to a memref
the loop writes, or an op whose memory effects are unknown (a call). Such a loop runs in
parallel when its directive claims independence (`independent`), with a remark saying the
claim was trusted; otherwise it stays sequential.

# Aliasing arguments

Distinct memref arguments are distinct arrays, as MLIR text has always been read, except those
the function's `sharc.may_alias` attribute groups: two arguments of one group may be one array.
The C front-end groups the pointer and array parameters that are not `restrict` by element
type, since C lets `f(n, A, A)` pass one array twice (`sharcc --assume-no-alias` leaves the
attribute out). A loop that writes one argument of a group and accesses another cannot be
decided either, and the remark names the two parameters; found dependences are reported first.
The check applies to the loops no OpenACC directive covers (no `acc` in their claim): inside a
compute construct the arrays are the construct's data, named one by one by its data clauses,
and a `kernels` loop is decided on the arrays as named. `sharc-expose-parallel` follows the same
rule (sections with `sharc.acc` are exempt).

```mlir
func.func @saxpy(%n: index, %a: f32, %x: memref<?xf32>, %y: memref<?xf32>)
    attributes {sharc.may_alias = [array<i64: 2, 3>]} { ... }
```

# Sections

The outermost band of each nest takes the `share` annotation of its pragma
(`sharc.share = #sharc.share<...>`) and the OpenACC directives in force (`sharc.acc`), which
`sharc-partition` and `sharc-map-baseline` read.

# Errors

A `share` pragma governing a loop that is not parallel is an error at the pragma, with notes at
the loop and at the dependence. A malformed `sharc.claim` attribute and an unknown `candidates`
value are errors too.

References: seed 000 §1; DESIGN §3; OpenACC 3.3 §2.9 (`independent`, `auto`, `seq`)."#;

fn create(options: &PassOptions) -> Box<dyn Pass> {
    Box::new(Parallelize { candidates: options.get(&CANDIDATES) })
}

struct Parallelize {
    candidates: Candidates,
}

/// Which loops the pass considers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Candidates {
    /// Every `affine.for`.
    All,
    /// The loops with a `sharc.claim` attribute.
    Marked,
}

impl OptionEnum for Candidates {
    const CHOICES: &'static [(&'static str, Self)] = &[("all", Candidates::All), ("marked", Candidates::Marked)];
}

impl Pass for Parallelize {
    fn run(&mut self, ctx: &mut Context, op: OpId, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        let mode = self.candidates;
        let funcs: Vec<OpId> = ctx.collect_ops(op).into_iter().filter(|&o| FuncOp::view(ctx, o).is_some()).collect();
        for f in funcs {
            parallelize_function(ctx, f, mode, diags)?;
        }
        Ok(())
    }
}

/// A loop the pass decides about, with what the source claims about it (nothing, for an
/// unmarked loop).
struct Candidate {
    op: OpId,
    claim: LoopClaim,
}

/// Parallelizes the candidates of `func`; remarks and warnings go to `diags`.
pub fn parallelize_function(
    ctx: &mut Context,
    func: OpId,
    mode: Candidates,
    diags: &mut Vec<Diagnostic>,
) -> Result<(), Diagnostic> {
    let candidates = take_candidates(ctx, func, mode)?;
    if candidates.is_empty() {
        return Ok(());
    }
    let facts = Facts::of(ctx, func);
    let mut legal = Vec::new();
    for c in &candidates {
        let loop_loc = ctx.loc(c.op).clone();
        // Inside OpenACC constructs the arrays are the construct's data, which its (explicit or
        // implicit) data clauses name one by one; C's aliasing rule applies to the loops no
        // directive covers.
        let c_aliasing = c.claim.acc.is_none();
        let why = match facts.verdict_with(ctx, c.op, &c.claim.carried, c_aliasing) {
            Verdict::Parallel => {
                diags.push(Diagnostic::remark(loop_loc, "loop runs in parallel: no iteration depends on another"));
                legal.push(c);
                continue;
            }
            Verdict::Unknown(why) if c.claim.independent => {
                diags.push(
                    Diagnostic::remark(
                        loop_loc,
                        format!("loop runs in parallel as its directive claims (independent): {}", why.message),
                    )
                    .with_note(why.at, "here"),
                );
                legal.push(c);
                continue;
            }
            Verdict::Unknown(why) | Verdict::Dependent(why) => why,
        };
        if let Some((_, pragma)) = &c.claim.share {
            return Err(Diagnostic::error(
                pragma.clone(),
                format!("share pragma governs a loop nest that is not parallel: {}", why.message),
            )
            .with_note(loop_loc, "the loop nest")
            .with_note(why.at, "the dependence"));
        }
        let message = format!("{STAYS_SEQUENTIAL}{}", why.message);
        let d = if c.claim.directive {
            Diagnostic::warning(loop_loc, message)
        } else {
            Diagnostic::remark(loop_loc, message)
        };
        diags.push(d.with_note(why.at, "here"));
    }
    build_bands(ctx, &legal);
    Ok(())
}

/// The candidate loops of `func` in post-order (inner loops first), their claims read and
/// removed from the IR.
fn take_candidates(ctx: &mut Context, func: OpId, mode: Candidates) -> Result<Vec<Candidate>, Diagnostic> {
    let mut out = Vec::new();
    for op in ctx.collect_ops_post(func) {
        if aff::ForOp::view(ctx, op).is_none() {
            continue;
        }
        let claim = match LoopClaim::of(ctx, op) {
            Some(Ok(claim)) => Some(claim),
            Some(Err(e)) => return Err(Diagnostic::error(ctx.loc(op).clone(), e.to_string())),
            None => None,
        };
        LoopClaim::detach(ctx, op);
        match (mode, claim) {
            (Candidates::Marked, None) => {}
            (_, claim) => out.push(Candidate { op, claim: claim.unwrap_or_default() }),
        }
    }
    Ok(out)
}

/// Rewrites the legal loops (post-order) into `affine.parallel`, merges perfectly nested
/// bands and attaches the section attributes.
fn build_bands(ctx: &mut Context, legal: &[&Candidate]) {
    // Outer loops first, so that a band is built from its top.
    let mut converted: HashMap<OpId, OpId> = HashMap::new();
    for c in legal.iter().rev() {
        converted.insert(c.op, band::for_to_parallel(ctx, c.op));
    }
    let mut merged_into: HashMap<OpId, OpId> = HashMap::new();
    let latest = |merged_into: &HashMap<OpId, OpId>, mut op: OpId| {
        while let Some(&o) = merged_into.get(&op) {
            op = o;
        }
        op
    };
    for c in legal.iter().rev() {
        let mut outer = latest(&merged_into, converted[&c.op]);
        while let Some(inner) = band::sole_parallel_child(ctx, outer) {
            let m = band::merge(ctx, outer, inner);
            merged_into.insert(outer, m);
            merged_into.insert(inner, m);
            outer = m;
        }
    }
    // Section attributes on the outermost band of each nest that has them; among the loops of
    // one band, the first in post-order (the innermost) gives `sharc.acc`.
    for c in legal {
        let op = latest(&merged_into, converted[&c.op]);
        if let Some((share, _)) = &c.claim.share {
            ctx.set_attr(op, SHARE_ATTR, *share);
        }
        let is_outermost = ctx.ancestor(op, |ctx, o| aff::ParallelOp::view(ctx, o).is_some()).is_none();
        if let (true, Some(acc), None) = (is_outermost, &c.claim.acc, ctx.attr_of(op, ACC_ATTR)) {
            let attr = ctx.string_attr(acc.clone());
            ctx.set_attr(op, ACC_ATTR, attr);
        }
    }
}

/// Why a loop is not (provably) parallel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Why {
    /// The access, op or loop to point at.
    pub at: Location,
    /// What stands in the way, as the diagnostics word it.
    pub message: String,
    /// Whether the analysis proved it (an observed carried value, an exact dependence), rather
    /// than failed to rule it out.
    pub proven: bool,
}

/// What the analysis says about one loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// No iteration depends on another.
    Parallel,
    /// The analysis cannot decide (an access it cannot describe, an op of unknown effects).
    Unknown(Why),
    /// A dependence, proven or not ruled out, or an observed carried value.
    Dependent(Why),
}

/// The analyses of one function that the verdicts read: its accesses, their dependences, and
/// which carried values the program observes. Computed once, before any rewrite.
pub struct Facts {
    func: OpId,
    set: AccessSet,
    deps: Vec<Dependence>,
    observed: ObservedCarried,
}

impl Facts {
    /// The analyses of `func`.
    pub fn of(ctx: &Context, func: OpId) -> Facts {
        let set = collect_accesses(ctx, func);
        let deps = dependences(ctx, &set);
        Facts { func, set, deps, observed: observed_carried_values(ctx, func) }
    }

    /// The verdict on the `affine.for` `lp`; `carried` names its carried values (the C names,
    /// in `iter_args` order) for the messages.
    pub fn verdict(&self, ctx: &Context, lp: OpId, carried: &[String]) -> Verdict {
        self.verdict_with(ctx, lp, carried, true)
    }

    /// [`Facts::verdict`], with the check of overlapping arguments (`sharc.may_alias`) only
    /// where `c_aliasing`. A dependence the analysis finds comes first: a claim of independence
    /// overrides an unknown, never a dependence it proved.
    pub fn verdict_with(&self, ctx: &Context, lp: OpId, carried: &[String], c_aliasing: bool) -> Verdict {
        if let Some(why) = self.observed_carried(ctx, lp, carried) {
            return Verdict::Dependent(why);
        }
        if let Some(why) = self.undecidable(ctx, lp) {
            return Verdict::Unknown(why);
        }
        if let Some(why) = self.carried_dependence(ctx, lp) {
            return Verdict::Dependent(why);
        }
        match self.overlapping_arguments(ctx, lp).filter(|_| c_aliasing) {
            Some(why) => Verdict::Unknown(why),
            None => Verdict::Parallel,
        }
    }

    /// A carried value of `lp` that the program observes.
    fn observed_carried(&self, ctx: &Context, lp: OpId, carried: &[String]) -> Option<Why> {
        let k = (0..ctx.results(lp).len()).find(|&k| self.observed.slots.contains(&(lp, k)))?;
        let name = carried.get(k).map_or_else(|| format!("carried value #{k}"), |n| format!("'{n}'"));
        let message = if self.observed.read_in_loop(ctx, lp, k) {
            format!(
                "an iteration reads the value of {name} that the previous iteration left (a reduction or a recurrence)"
            )
        } else {
            format!("{name} is read after the loop, where it holds the last iteration's value")
        };
        Some(Why { at: ctx.loc(lp).clone(), message, proven: true })
    }

    /// An access in `lp` the analysis cannot describe, to a memref defined outside `lp` that it
    /// may write (any such write, or a read of a memref the loop writes), or an op of unknown
    /// effects.
    fn undecidable(&self, ctx: &Context, lp: OpId) -> Option<Why> {
        let inside = |op: OpId| ctx.is_ancestor(lp, op);
        let local = |m: Value| ctx.defining_op(m).is_some_and(inside);
        let written: Vec<Value> = self
            .set
            .accesses
            .iter()
            .filter(|a| a.kind == AccessKind::Write && inside(a.op))
            .map(|a| a.memref)
            .collect();
        for n in self.set.non_affine.iter().filter(|n| inside(n.op) && !local(n.memref)) {
            if n.kind != Some(AccessKind::Read) || written.contains(&n.memref) {
                return Some(Why {
                    at: ctx.loc(n.op).clone(),
                    message: "an access in the loop is not affine, so its dependences are unknown".into(),
                    proven: false,
                });
            }
        }
        // Ops with memref operands are accesses (above); one without any may still write
        // memory the analysis does not see (a call to a function of scalars).
        let is_memref = |v: &Value| ctx.memref_parts(ctx.value_type(*v)).is_some();
        let opaque = ctx.collect_ops(lp).into_iter().find(|&op| {
            op != lp
                && ctx.regions(op).is_empty()
                && effects::may_write(ctx, op)
                && !ctx.operands(op).iter().any(is_memref)
        })?;
        Some(Why {
            at: ctx.loc(opaque).clone(),
            message: format!(
                "'{}' in the loop has unknown memory effects, so its dependences are unknown",
                ctx.op_name(opaque)
            ),
            proven: false,
        })
    }

    /// Two arguments of one `sharc.may_alias` group that `lp` accesses, one of them written:
    /// the dependence analysis takes distinct memrefs to be distinct arrays, which C does not
    /// promise of two pointer parameters (`f(n, A, A)` is legal). The pair is named in
    /// argument order, at the write.
    fn overlapping_arguments(&self, ctx: &Context, lp: OpId) -> Option<Why> {
        let f = FuncOp(self.func);
        let entry = f.entry_block(ctx)?;
        let groups: Vec<Vec<i128>> = ctx
            .attr_of(self.func, MAY_ALIAS_ATTR)
            .and_then(|a| ctx.attr_array(a))
            .map(|gs| gs.iter().filter_map(|&g| ctx.attr_dense_ints(g)).map(|g| g.to_vec()).collect())?;
        let group_of = |index: u32| groups.iter().position(|g| g.contains(&i128::from(index)));
        // The position and group of a grouped argument, through the views of it (the C
        // front-end's two-dimensional view of a flat parameter).
        let argument = |m: Value| match ctx.value_def(memref_origin(ctx, m)) {
            ValueDef::BlockArg { block, index } if block == entry => group_of(index).map(|g| (index, g)),
            _ => None,
        };
        let inside = |op: OpId| ctx.is_ancestor(lp, op);
        /// An access in the loop to an argument of a group.
        struct Touch {
            argument: u32,
            group: usize,
            memref: Value,
            op: OpId,
            may_write: bool,
        }
        let affine = self.set.accesses.iter().map(|a| (a.op, a.memref, Some(a.kind)));
        let other = self.set.non_affine.iter().map(|n| (n.op, n.memref, n.kind));
        let touched: Vec<Touch> = affine
            .chain(other)
            .filter(|&(op, _, _)| inside(op))
            .filter_map(|(op, memref, kind)| {
                let (argument, group) = argument(memref)?;
                let memref = memref_origin(ctx, memref);
                Some(Touch { argument, group, memref, op, may_write: kind != Some(AccessKind::Read) })
            })
            .collect();
        // The pair of lowest argument positions, a write to one of them.
        let (write, other) = touched
            .iter()
            .filter(|w| w.may_write)
            .flat_map(|w| {
                touched.iter().filter(move |t| t.memref != w.memref && t.group == w.group).map(move |t| (w, t))
            })
            .min_by_key(|(w, t)| (w.argument.min(t.argument), w.argument.max(t.argument)))?;
        let (first, second) = if write.argument < other.argument { (write, other) } else { (other, write) };
        Some(Why {
            at: ctx.loc(write.op).clone(),
            message: format!(
                "parameters {} and {} may alias (C lets a caller pass one array for both); add restrict to them or compile with --assume-no-alias",
                memref_name(ctx, self.func, first.memref),
                memref_name(ctx, self.func, second.memref)
            ),
            proven: false,
        })
    }

    /// The first dependence `lp` carries between accesses to memrefs defined outside it.
    fn carried_dependence(&self, ctx: &Context, lp: OpId) -> Option<Why> {
        let local = |m: Value| ctx.defining_op(m).is_some_and(|d| ctx.is_ancestor(lp, d));
        let report = parallel_report(ctx, &self.set, &self.deps, LoopRef { op: lp, dim: 0 });
        let carried = report.carried.iter().find(|d| !local(d.memref) && d.kind != DepKind::Input)?;
        let (access, earlier) = match carried.kind {
            DepKind::Flow => ("reads", "wrote"),
            DepKind::Anti => ("writes", "read"),
            DepKind::Output | DepKind::Input => ("writes", "wrote"),
        };
        let name = memref_name(ctx, self.func, carried.memref);
        let distance = carried
            .min_distance
            .as_ref()
            .map(|d| format!(" (distance {})", d.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")))
            .unwrap_or_default();
        let reduction = if report.parallel_with_reductions() && !report.reductions.is_empty() {
            "; it is a reduction, which sharc keeps in one thread"
        } else {
            ""
        };
        Some(Why {
            at: ctx.loc(carried.sink).clone(),
            message: format!(
                "an iteration {access} an element of {name} that an earlier iteration {earlier}{distance}{reduction}"
            ),
            proven: carried.exact,
        })
    }
}

/// How messages name a memref: `'A'` for an argument with a `sharc.name` or a buffer whose
/// location is named (`loc("A"(...))`, as the C front-end names local arrays), else "an array".
fn memref_name(ctx: &Context, func: OpId, m: Value) -> String {
    let f = FuncOp(func);
    let from_arg = match ctx.value_def(m) {
        ValueDef::BlockArg { block, index } if f.entry_block(ctx) == Some(block) => f
            .arg_attr_dict(ctx, index as usize)
            .and_then(|d| ctx.attr_dict(d))
            .and_then(|d| d.iter().find(|(k, _)| k == NAME_ATTR))
            .and_then(|(_, v)| ctx.attr_str(*v)),
        _ => None,
    };
    let from_loc = || match ctx.defining_op(m).map(|d| ctx.loc(d)) {
        Some(Location::Name { name, .. }) => Some(&**name),
        _ => None,
    };
    match from_arg.or_else(from_loc) {
        Some(n) => format!("'{n}'"),
        None => "an array".to_string(),
    }
}
