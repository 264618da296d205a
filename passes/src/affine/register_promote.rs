//! `sharc-register-promote`: scalar replacement of loop-invariant array accesses inside the
//! parallel sections (PPCG's register promotion; Carr and Kennedy's scalar replacement), so that
//! an access every iteration of a sequential loop repeats costs one global access per thread.
//!
//! Sketch (gemm written with `C[i][j] +=`, the section over `i, j`):
//!
//! ```text
//! affine.for %k = 0 to %nk {                    %c = affine.if (nk >= 1) -> f64 {
//!   %c = affine.load %C[%i, %j]                   %c0 = affine.load %C[%i, %j]
//!   %a = affine.load %A[%i, %k]                   %r = affine.for %k = 0 to %nk iter_args(%acc = %c0) {
//!   %s = arith.addf %c, (a * b)       ==>           %s = arith.addf %acc, (a * b)
//!   affine.store %s, %C[%i, %j]                     affine.yield %s
//! }                                               }
//!                                                 affine.store %r, %C[%i, %j]
//!                                               }
//! ```
//!
//! Three rewrites, on every block of every section, innermost loops first:
//!
//! 1. *redundant loads*: a load of an address loaded or stored before (in its block or a block
//!    around it) with no possibly aliasing write in between takes that value;
//! 2. *invariant loads*: a load directly in a loop's body whose subscripts do not depend on the
//!    loop, of an element no write in the loop may touch, moves before the loop;
//! 3. *promotion*: the loads and stores directly in a loop's body to one loop-invariant address,
//!    when no other access in the loop may touch that element, become an `iter_args` value:
//!    one load before the loop, one store after it.
//!
//! Soundness rests on three facts. A section is parallel, so no other thread touches what this
//! thread's iteration accesses (`sharc-parallelize` proved it, or a directive claimed it).
//! Distinct memref values do not alias, values derived from one memref by views do (the
//! dependence analysis's rule, [`memref_origin`]); whether two accesses to one memref can meet
//! during one run of the loop is the dependence analysis's question, asked with the outer loops
//! held equal. And a loop that may run zero times must not touch memory it would not have
//! touched: the loads before the loop and the stores after it go under an `affine.if` on the trip
//! count (the loop itself stays outside, where the partition search can strip-mine it), unless
//! constant bounds prove an iteration.
//! No arithmetic is reordered: the promoted value flows through the same operations in the same
//! order, so results are bit-exact.

use crate::analysis::affine::{collect_accesses, dependences_between, memref_origin, AccessSet, Direction};
use crate::effects;
use crate::section;
use sharc_dialects::affine::{ForOp, IfOp, LoadOp, StoreOp, YieldOp};
use sharc_dialects::arith::ConstantOp;
use sharc_ir::affine::{AffineExpr, AffineMap, IntegerSet};
use sharc_ir::builder::{Builder, InsertPoint};
use sharc_ir::pass::{Pass, PassInfo, PassOptions};
use sharc_ir::{BlockId, Context, Diagnostic, Location, OpId, OpTraits, Type, Value};
use std::collections::HashMap;

/// The declaration of `sharc-register-promote`.
pub static INFO: PassInfo = PassInfo {
    name: "sharc-register-promote",
    title: "SharcRegisterPromote",
    summary: "Keep loop-invariant array elements of the parallel sections in registers (scalar replacement)",
    description: DESCRIPTION,
    anchor: None,
    options: &[],
    create,
};

const DESCRIPTION: &str = r#"Inside every parallel section (an outermost `affine.parallel`),
replaces array accesses that every iteration of a sequential `affine.for` repeats by values held
in registers, as PPCG's memory placement does before it considers shared memory. Many kernels
accumulate in memory: gemm's `C[i][j] += A[i][k] * B[k][j]` loads and stores `C[i][j]` in every
`k` iteration, symm loads `B[i][j]` in every iteration and `A[i][k]` twice. Each such access
costs global sectors per iteration; after this pass it costs one load before the loop and one
store after it. `sharcc` runs it after `sharc-parallelize` and before `sharc-partition`, so that
the partition search and its sector model see the promoted code; `--no-shared` (the baseline
mapping, every access where the program put it) leaves it out.

# Rewrites

Innermost loops first, on the ops directly in each block (an access under an `affine.if` or
in a nested loop is that block's business, not the outer loop's):

- **redundant loads**: a load of the address (memref, map and operands) an earlier load or
  store of the same block accessed takes that value, when no op in between may write the
  memref (or a view of the same memref);
- **invariant loads**: a load whose subscripts do not depend on the loop moves before the loop
  when no write in the loop may touch its element;
- **promotion**: the loads and stores of one loop-invariant address, all directly in the loop's
  body, become an `iter_args` value (a load before the loop, a store after it) when no other
  access in the loop may touch that element.

Whether another access may touch the element is the dependence analysis's question
(`docs/analysis.md`) with the loops around the loop held equal: within one iteration of a
parallel section no other thread touches what this one accesses. An access that is not affine
and an op with unknown effects (a call) in the loop stop every rewrite of that loop.

# Zero-trip loops

A loop that may run zero times must not read or write elements it would not have touched (the
element may be out of bounds, or another thread's): unless constant bounds prove an iteration,
the hoisted loads, the loop and the stores after it go under an `affine.if` whose condition is
"every upper bound exceeds every lower bound"; its `else` yields the loop's initial values.

```mlir
%r = affine.if affine_set<()[s0] : (s0 - 1 >= 0)>()[%nk] -> f64 {
  %c0 = affine.load %C[%i, %j] : memref<?x?xf64>
  %s = affine.for %k = 0 to %nk iter_args(%acc = %c0) -> (f64) { ... }
  affine.store %s, %C[%i, %j] : memref<?x?xf64>
  affine.yield ...
}
```

Values flow through the same arithmetic in the same order: results are bit-exact.

References: Carr and Kennedy, "Scalar replacement in the presence of conditional control flow"
(1994); Verdoolaege et al., "Polyhedral parallel code generation for CUDA" (PPCG, 2013), §4.3."#;

fn create(_: &PassOptions) -> Box<dyn Pass> {
    Box::new(RegisterPromote)
}

struct RegisterPromote;

impl Pass for RegisterPromote {
    fn run(&mut self, ctx: &mut Context, op: OpId, _diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        for s in section::sections(ctx, op) {
            promote_section(ctx, s.0);
        }
        Ok(())
    }
}

/// Runs the three rewrites over `section`: redundant loads in every block, then each loop's
/// invariant loads and promotions, innermost loops first (what an inner loop hoists is then
/// straight-line code of the outer loop's body).
pub fn promote_section(ctx: &mut Context, section: OpId) {
    let top: Vec<BlockId> = ctx.regions(section).iter().flat_map(|&r| ctx.region_blocks(r).to_vec()).collect();
    for &b in &top {
        forward_loads(ctx, b, HashMap::new());
    }
    let loops: Vec<ForOp> = ctx.collect_ops_post(section).into_iter().filter_map(|o| ForOp::view(ctx, o)).collect();
    let mut guards = Vec::new();
    for l in loops {
        if !ctx.is_erased(l.0) {
            guards.extend(promote_loop(ctx, l));
        }
    }
    // Again: a store before a promoted loop gives the value its new initial load reads.
    for &b in &top {
        forward_loads(ctx, b, HashMap::new());
    }
    // A guard left without loads protects nothing: its values are known without reading
    // memory (and the zeros of its `else` are never read).
    for g in guards {
        let Some(then) = IfOp(g).then_block(ctx) else { continue };
        let ops = ctx.block_ops(then);
        if let [only] = ops.as_slice() {
            let values = ctx.operands(*only).to_vec();
            ctx.replace_op(g, &values);
        }
    }
}

/// The address an `affine.load` or `affine.store` accesses: memref, map, map operands. Two
/// equal addresses name the same element wherever both are evaluated with the same operand
/// values.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Address {
    memref: Value,
    map: AffineMap,
    operands: Vec<Value>,
}

fn load_address(ctx: &Context, l: LoadOp) -> Option<Address> {
    Some(Address { memref: l.memref(ctx), map: l.map(ctx)?.clone(), operands: l.map_operands(ctx).to_vec() })
}

fn store_address(ctx: &Context, s: StoreOp) -> Option<Address> {
    Some(Address { memref: s.memref(ctx), map: s.map(ctx)?.clone(), operands: s.map_operands(ctx).to_vec() })
}

/// Redundant loads in `block` and the blocks nested in it: a load of an address whose value
/// is known (loaded or stored earlier, in this block or in a block around it, with nothing in
/// between that may write that memref) takes that value. `known` holds what is known on entry.
fn forward_loads(ctx: &mut Context, block: BlockId, mut known: HashMap<Address, Value>) {
    for op in ctx.block_ops(block) {
        if let Some(l) = LoadOp::view(ctx, op) {
            let Some(a) = load_address(ctx, l) else { continue };
            match known.get(&a) {
                Some(&v) => ctx.replace_op(op, &[v]),
                None => {
                    known.insert(a, l.result(ctx));
                }
            }
        } else if let Some(s) = StoreOp::view(ctx, op) {
            let Some(a) = store_address(ctx, s) else {
                known.clear();
                continue;
            };
            // The store may write any element of its memref's origin: what was known of
            // another address there may be stale; its own address now holds the stored value.
            let origin = memref_origin(ctx, a.memref);
            known.retain(|k, _| memref_origin(ctx, k.memref) != origin);
            known.insert(a, s.value(ctx));
        } else if !ctx.regions(op).is_empty() || effects::may_write(ctx, op) {
            // What the op may write is stale after it, and inside a loop (its body runs again
            // after its writes); an `affine.if`'s blocks run once, in order, so the walk of
            // each sees its own writes. What stays known holds in the op's blocks, which the
            // earlier ops dominate.
            let written = written_origins(ctx, op);
            let stale = |known: &mut HashMap<Address, Value>| match &written {
                Some(w) => known.retain(|k, _| !w.contains(&memref_origin(ctx, k.memref))),
                None => known.clear(),
            };
            let mut inner = known.clone();
            if IfOp::view(ctx, op).is_none() {
                stale(&mut inner);
            }
            stale(&mut known);
            let nested: Vec<BlockId> = ctx.regions(op).iter().flat_map(|&r| ctx.region_blocks(r).to_vec()).collect();
            for b in nested {
                forward_loads(ctx, b, inner.clone());
            }
        }
    }
}

/// The memref origins `op` (and the ops nested in it) may write: `None` when an op with unknown
/// effects or a non-affine write hides which.
fn written_origins(ctx: &Context, op: OpId) -> Option<Vec<Value>> {
    let mut out = Vec::new();
    for o in ctx.collect_ops(op) {
        if let Some(s) = StoreOp::view(ctx, o) {
            out.push(memref_origin(ctx, s.memref(ctx)));
        } else if ctx.regions(o).is_empty() || !ctx.op_has(o, OpTraits::RECURSIVE_MEMORY_EFFECTS) {
            // A leaf op, or one with regions whose own effects are not just its body's.
            if effects::may_write(ctx, o) {
                return None;
            }
        }
    }
    Some(out)
}

/// Whether `v` is defined inside `op` (by an op in it or as one of its blocks' arguments).
fn defined_inside(ctx: &Context, v: Value, op: OpId) -> bool {
    let Some(b) = ctx.value_block(v) else { return true };
    ctx.block_parent_op(b).is_some_and(|p| ctx.is_ancestor(op, p))
}

/// What the loop may promote.
struct Plan {
    /// Loads to move before the loop.
    hoist: Vec<OpId>,
    /// Later loads of a hoisted load's address, with the hoisted load whose value they take.
    duplicates: Vec<(OpId, OpId)>,
    /// Addresses to carry through the loop as `iter_args`.
    promote: Vec<Address>,
    /// Per promoted address, whether its first access in the loop reads it (otherwise the
    /// value before the loop is never read and needs no load).
    needs_init: Vec<bool>,
}

/// Hoists the invariant loads of loop `l` and promotes its invariant load/store pairs;
/// returns the `affine.if` that guards the loads, if it made one.
fn promote_loop(ctx: &mut Context, l: ForOp) -> Option<OpId> {
    let plan = plan_loop(ctx, l)?;
    if plan.hoist.is_empty() && plan.promote.is_empty() {
        return None;
    }
    let guard = match nonempty_condition(ctx, l)? {
        Trip::AtLeastOne => None,
        Trip::Guard(set, operands) => Some((set, operands)),
    };
    let types: Vec<Type> = plan
        .hoist
        .iter()
        .map(|&h| ctx.value_type(ctx.result(h, 0)))
        .chain(plan.promote.iter().map(|a| ctx.element_type_or_self(ctx.value_type(a.memref))))
        .collect();
    // The guard's `else` and an element the loop writes before reading start as zeros.
    let needs_zero = guard.is_some() || plan.needs_init.contains(&false);
    if needs_zero && !types.iter().all(|&t| ctx.is_float(t) || ctx.is_integer(t) || ctx.is_index(t)) {
        return None;
    }
    // The loads before the loop: the hoisted ones, then one per promoted address whose first
    // access in the loop reads it.
    let loc = ctx.loc(l.0).clone();
    let mut loads = plan.hoist.clone();
    for &h in &plan.hoist {
        ctx.move_op(h, InsertPoint::Before(l.0));
    }
    for (a, _) in plan.promote.iter().zip(&plan.needs_init).filter(|(_, &n)| n) {
        let state = LoadOp::build(ctx, loc.clone(), a.memref, a.map.clone(), &a.operands);
        loads.push(Builder::before(l.0).insert(ctx, state));
    }
    let mut values: Vec<Value> = loads.iter().map(|&o| ctx.result(o, 0)).collect();
    let mut guard_op = None;
    if let (Some((set, operands)), false) = (&guard, loads.is_empty()) {
        values = guard_loads(ctx, l, &loads, set.clone(), operands);
        guard_op = values.first().and_then(|&v| ctx.defining_op(v));
    }
    for &(dup, h) in &plan.duplicates {
        let k = plan.hoist.iter().position(|&x| x == h).expect("a duplicate names a hoisted load");
        ctx.replace_op(dup, &[values[k]]);
    }
    if !plan.promote.is_empty() {
        let mut loaded = values[plan.hoist.len()..].iter().copied();
        let mut inits = Vec::new();
        for (a, &needs) in plan.promote.iter().zip(&plan.needs_init) {
            let v = match needs {
                true => loaded.next().expect("one load per element read first"),
                false => {
                    let t = ctx.element_type_or_self(ctx.value_type(a.memref));
                    zero(ctx, &mut Builder::before(l.0), t, loc.clone())
                }
            };
            inits.push(v);
        }
        let stores = carry(ctx, l, &plan.promote, &inits);
        if let (Some((set, operands)), Some(&first)) = (guard, stores.first()) {
            let state = IfOp::build(ctx, loc, set, &operands, &[], false);
            let if_op = Builder::before(first).insert(ctx, state);
            let then = IfOp(if_op).then_block(ctx).expect("affine.if has a then block");
            let term = ctx.block_last_op(then).expect("a then block without results ends in affine.yield");
            for st in stores {
                ctx.move_op(st, InsertPoint::Before(term));
            }
        }
    }
    guard_op
}

/// Puts the `loads` (just before `l`) under an `affine.if` on `l`'s trip count, its `else`
/// yielding zeros that nothing reads (the loop does not run, the stores after it are guarded
/// too), and returns the values the `if` yields, in order. The loop stays outside the `if`, so
/// that the partition search can still strip-mine it.
pub(crate) fn guard_loads(
    ctx: &mut Context,
    l: ForOp,
    loads: &[OpId],
    set: IntegerSet,
    operands: &[Value],
) -> Vec<Value> {
    let loc = ctx.loc(l.0).clone();
    let types: Vec<Type> = loads.iter().map(|&o| ctx.value_type(ctx.result(o, 0))).collect();
    let state = IfOp::build(ctx, loc.clone(), set, operands, &types, true);
    let if_op = Builder::before(l.0).insert(ctx, state);
    let (then, other) = (IfOp(if_op).then_block(ctx), IfOp(if_op).else_block(ctx));
    let (then, other) = (then.expect("then block"), other.expect("built with an else block"));
    let mut loaded = Vec::new();
    for (i, &o) in loads.iter().enumerate() {
        let v = ctx.result(o, 0);
        let to = ctx.result(if_op, i);
        ctx.replace_all_uses(v, to);
        ctx.move_op(o, InsertPoint::BlockEnd(then));
        loaded.push(v);
    }
    Builder::at_end(then).insert(ctx, YieldOp::build(loc.clone(), &loaded));
    let mut b = Builder::at_end(other);
    let zeros: Vec<Value> = types.iter().map(|&t| zero(ctx, &mut b, t, loc.clone())).collect();
    b.insert(ctx, YieldOp::build(loc, &zeros));
    ctx.results(if_op).to_vec()
}

/// A zero of the float, integer or `index` type `t`, a value that nothing reads.
fn zero(ctx: &mut Context, b: &mut Builder, t: Type, loc: Location) -> Value {
    let state = if ctx.is_float(t) {
        ConstantOp::float(ctx, 0.0, t, loc)
    } else if ctx.is_index(t) {
        ConstantOp::index(ctx, 0, loc)
    } else {
        ConstantOp::int(ctx, 0, t, loc)
    };
    b.insert_value(ctx, state)
}

/// Decides what `l` may hoist and promote, or `None` when the loop holds an access the
/// analysis cannot describe or an op with unknown effects.
fn plan_loop(ctx: &Context, l: ForOp) -> Option<Plan> {
    let body = l.body(ctx)?;
    let func = ctx.ancestor(l.0, |c, o| sharc_dialects::func::FuncOp::view(c, o).is_some())?;
    let set = collect_accesses(ctx, func);
    let inside = |op: OpId| ctx.is_ancestor(l.0, op) && op != l.0;
    if set.non_affine.iter().any(|n| inside(n.op)) {
        return None;
    }
    // An op with unknown effects (a call) may write anything.
    written_origins(ctx, l.0)?;
    let in_loop: Vec<OpId> = set.accesses.iter().map(|a| a.op).filter(|&o| inside(o)).collect();
    let direct: Vec<OpId> = ctx.block_ops(body);
    let invariant = |a: &Address| a.operands.iter().all(|&v| !defined_inside(ctx, v, l.0));
    let mut plan = Plan { hoist: Vec::new(), duplicates: Vec::new(), promote: Vec::new(), needs_init: Vec::new() };
    for &op in &direct {
        let (addr, is_load) = match (LoadOp::view(ctx, op), StoreOp::view(ctx, op)) {
            (Some(ld), _) => (load_address(ctx, ld), true),
            (_, Some(st)) => (store_address(ctx, st), false),
            _ => continue,
        };
        let Some(addr) = addr else { continue };
        if !invariant(&addr) || plan.promote.contains(&addr) {
            continue;
        }
        let origin = memref_origin(ctx, addr.memref);
        let mut same_stores = 0;
        let (mut write_conflict, mut read_conflict) = (false, false);
        for &o in &in_loop {
            let (o_addr, o_write) = match (LoadOp::view(ctx, o), StoreOp::view(ctx, o)) {
                (Some(ld), _) => (load_address(ctx, ld), false),
                (_, Some(st)) => (store_address(ctx, st), true),
                _ => continue,
            };
            let o_addr = o_addr?;
            if memref_origin(ctx, o_addr.memref) != origin || o == op {
                continue;
            }
            if o_addr == addr && direct.contains(&o) {
                same_stores += usize::from(o_write);
                continue;
            }
            // Another access to the array: for a hoisted load only writes matter; a promoted
            // element is written to memory after the loop, so reads matter too.
            let conflict = if o_write { &mut write_conflict } else { &mut read_conflict };
            if !*conflict && may_meet(&set, l, op, o) {
                *conflict = true;
            }
        }
        if is_load && same_stores == 0 {
            // A read-only element: other reads of it do not matter.
            let first = plan
                .hoist
                .iter()
                .copied()
                .find(|&h| LoadOp::view(ctx, h).and_then(|x| load_address(ctx, x)).as_ref() == Some(&addr));
            match first {
                _ if write_conflict => {}
                Some(h) => plan.duplicates.push((op, h)),
                None => plan.hoist.push(op),
            }
        } else if !write_conflict && !read_conflict {
            // `op` is the first direct access of the address (the earlier ones were skipped).
            plan.needs_init.push(is_load);
            plan.promote.push(addr);
        }
    }
    Some(plan)
}

/// Whether the accesses `a` and `b` (both in loop `l`) may touch the same element during one
/// run of `l`: a dependence between them whose components for the loops around `l` admit
/// equality.
fn may_meet(set: &AccessSet, l: ForOp, a: OpId, b: OpId) -> bool {
    let (Some(x), Some(y)) = (set.get(a), set.get(b)) else { return true };
    if x.memref != y.memref {
        // Views of one memref: the analysis does not relate their subscripts.
        return true;
    }
    dependences_between(x, y, true).iter().chain(dependences_between(y, x, true).iter()).any(|d| {
        let Some(pos) = d.loops.iter().position(|r| r.op == l.0) else { return true };
        d.direction[..pos].iter().all(|&c| c == Direction::Eq || c == Direction::Star)
    })
}

/// Whether a loop runs at least once.
pub(crate) enum Trip {
    /// Its bounds prove it.
    AtLeastOne,
    /// When this set holds for these operands.
    Guard(IntegerSet, Vec<Value>),
}

/// The condition "`l` runs at least once": every upper bound minus every lower bound is at
/// least 1, over the bounds' operands (lower bound's dims and symbols first); the constraints
/// that are constants and hold are left out, and none left proves an iteration.
pub(crate) fn nonempty_condition(ctx: &Context, l: ForOp) -> Option<Trip> {
    let (lb, ub) = (l.lower_bound_map(ctx)?, l.upper_bound_map(ctx)?);
    let (lo, uo) = (l.lower_bound_operands(ctx), l.upper_bound_operands(ctx));
    let (ld, ls, ud, us) = (lb.num_dims(), lb.num_symbols(), ub.num_dims(), ub.num_symbols());
    // dims: lb's then ub's; symbols: lb's then ub's.
    let lb_dims: Vec<AffineExpr> = (0..ld).map(AffineExpr::dim).collect();
    let lb_syms: Vec<AffineExpr> = (0..ls).map(AffineExpr::symbol).collect();
    let ub_dims: Vec<AffineExpr> = (0..ud).map(|d| AffineExpr::dim(ld + d)).collect();
    let ub_syms: Vec<AffineExpr> = (0..us).map(|s| AffineExpr::symbol(ls + s)).collect();
    let mut constraints = Vec::new();
    for u in ub.results() {
        for lexp in lb.results() {
            let u = u.replace_dims_and_symbols(&ub_dims, &ub_syms);
            let lexp = lexp.replace_dims_and_symbols(&lb_dims, &lb_syms);
            let c = u - lexp - 1;
            if c.as_constant().is_none_or(|k| k < 0) {
                constraints.push(c);
            }
        }
    }
    if constraints.is_empty() {
        return Some(Trip::AtLeastOne);
    }
    let n = constraints.len();
    let set = IntegerSet::new(ld + ud, ls + us, constraints, vec![false; n]).ok()?;
    let operands: Vec<Value> = lo[..ld as usize]
        .iter()
        .chain(&uo[..ud as usize])
        .chain(&lo[ld as usize..])
        .chain(&uo[ud as usize..])
        .copied()
        .collect();
    Some(Trip::Guard(set, operands))
}

/// Carries each address of `promote` through `l` as an `iter_args` value starting at
/// `new_inits` (its loads before the loop): the loop's loads of it are replaced by the current
/// value, its stores make a new current value, and one store after the loop writes the final
/// value. Returns those stores.
fn carry(ctx: &mut Context, l: ForOp, promote: &[Address], new_inits: &[Value]) -> Vec<OpId> {
    let loc = ctx.loc(l.0).clone();
    let n_old = l.inits(ctx).len();
    let Some((new, mut current)) = l.with_iter_args(ctx, new_inits) else { return Vec::new() };
    let body = new.body(ctx).expect("the moved body");
    for op in ctx.block_ops(body) {
        let addr = LoadOp::view(ctx, op)
            .and_then(|x| load_address(ctx, x))
            .map(|a| (a, true))
            .or_else(|| StoreOp::view(ctx, op).and_then(|x| store_address(ctx, x)).map(|a| (a, false)));
        let Some((a, is_load)) = addr else { continue };
        let Some(k) = promote.iter().position(|p| *p == a) else { continue };
        if is_load {
            ctx.replace_op(op, &[current[k]]);
        } else {
            current[k] = StoreOp(op).value(ctx);
            ctx.erase_op(op);
        }
    }
    let y = new.yield_op(ctx).expect("an affine.for body ends in affine.yield");
    let mut ys = y.operands(ctx).to_vec();
    ys.extend_from_slice(&current);
    ctx.set_operands(y.0, ys);
    let mut after = Builder::at(InsertPoint::After(new.0));
    let mut stores = Vec::new();
    for (k, a) in promote.iter().enumerate() {
        let v = ctx.result(new.0, n_old + k);
        let state = StoreOp::build(ctx, loc.clone(), v, a.memref, a.map.clone(), &a.operands);
        stores.push(after.insert(ctx, state));
    }
    stores
}
