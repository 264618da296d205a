//! Side effects of ops, as the generic passes see them.
//!
//! sharc describes effects with op traits instead of MLIR's `MemoryEffectOpInterface`; this
//! module turns them into the questions upstream's utilities answer
//! (`mlir/lib/Interfaces/SideEffectInterfaces.cpp`):
//!
//! | traits | upstream equivalent | effects |
//! |---|---|---|
//! | `PURE` (without `MEMORY_EFFECTS`) | `Pure` / no effects | none |
//! | `MEMORY_EFFECTS` + `MEMORY_READ` | only `MemRead` | a read |
//! | `MEMORY_EFFECTS` + `MEMORY_ALLOC` | `MemAlloc` on its result | an allocation |
//! | `RECURSIVE_MEMORY_EFFECTS` | `RecursiveMemoryEffects` | those of the nested ops |
//! | anything else, unregistered ops | no interface | unknown: may write |
//!
//! Terminators and symbols are never dead (`wouldOpBeTriviallyDead`).

use sharc_ir::{Context, OpId, OpTraits};

/// The effects an op has by itself, not counting the ops in its regions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum OwnEffects {
    /// No effect.
    None,
    /// Only reads memory.
    Read,
    /// Only allocates the memory its result names.
    Alloc,
    /// Unknown: treated as writing memory.
    Unknown,
}

fn own_effects(ctx: &Context, op: OpId) -> OwnEffects {
    let Some(spec) = ctx.op_spec(op) else { return OwnEffects::Unknown };
    let t = spec.traits;
    if t.has(OpTraits::MEMORY_EFFECTS) {
        if t.has(OpTraits::MEMORY_READ) {
            OwnEffects::Read
        } else if t.has(OpTraits::MEMORY_ALLOC) {
            OwnEffects::Alloc
        } else {
            OwnEffects::Unknown
        }
    } else if t.has(OpTraits::PURE) || t.has(OpTraits::RECURSIVE_MEMORY_EFFECTS) {
        OwnEffects::None
    } else {
        OwnEffects::Unknown
    }
}

fn is_recursive(ctx: &Context, op: OpId) -> bool {
    ctx.op_has(op, OpTraits::RECURSIVE_MEMORY_EFFECTS)
}

/// Calls `f` on every op directly in the regions of `op`.
fn for_each_nested(ctx: &Context, op: OpId, mut f: impl FnMut(OpId) -> bool) -> bool {
    for &r in ctx.regions(op) {
        for &b in ctx.region_blocks(r) {
            for o in ctx.block_ops_iter(b) {
                if !f(o) {
                    return false;
                }
            }
        }
    }
    true
}

/// Whether `op` and (for recursive ops) everything nested in it have no memory effect at all
/// (upstream's `isMemoryEffectFree`).
pub fn is_memory_effect_free(ctx: &Context, op: OpId) -> bool {
    if own_effects(ctx, op) != OwnEffects::None {
        return false;
    }
    !is_recursive(ctx, op) || for_each_nested(ctx, op, |o| is_memory_effect_free(ctx, o))
}

/// Whether the only effect of `op` is a read (upstream's `onlyHasEffect<MemRead>`). Ops with
/// regions never qualify.
pub fn only_reads(ctx: &Context, op: OpId) -> bool {
    own_effects(ctx, op) == OwnEffects::Read && ctx.regions(op).is_empty()
}

/// Whether `op` (or an op nested in a recursive op) may write memory: its effects are
/// unknown or include a write (CSE's `hasOtherSideEffectingOpInBetween`).
pub fn may_write(ctx: &Context, op: OpId) -> bool {
    match own_effects(ctx, op) {
        OwnEffects::Unknown => true,
        OwnEffects::None | OwnEffects::Read | OwnEffects::Alloc => {
            is_recursive(ctx, op) && !for_each_nested(ctx, op, |o| !may_write(ctx, o))
        }
    }
}

/// Whether `op` would be dead if its results were unused (upstream's
/// `wouldOpBeTriviallyDead`): not a terminator, not a symbol, and no effect but reads and
/// allocations, recursively through `RECURSIVE_MEMORY_EFFECTS` ops.
pub fn would_be_trivially_dead(ctx: &Context, op: OpId) -> bool {
    if is_terminator_or_unknown(ctx, op) || ctx.op_has(op, OpTraits::SYMBOL) {
        return false;
    }
    effects_allow_erasure(ctx, op)
}

fn is_terminator_or_unknown(ctx: &Context, op: OpId) -> bool {
    // Upstream's `mightHaveTrait<IsTerminator>` is true for unregistered ops.
    ctx.op_spec(op).is_none_or(|s| s.has(OpTraits::TERMINATOR))
}

fn effects_allow_erasure(ctx: &Context, op: OpId) -> bool {
    if own_effects(ctx, op) == OwnEffects::Unknown {
        return false;
    }
    !is_recursive(ctx, op) || for_each_nested(ctx, op, |o| effects_allow_erasure(ctx, o))
}

/// Whether `op` has no used result and would be dead without them (upstream's
/// `isOpTriviallyDead`).
pub fn is_trivially_dead(ctx: &Context, op: OpId) -> bool {
    ctx.op_results_unused(op) && would_be_trivially_dead(ctx, op)
}
