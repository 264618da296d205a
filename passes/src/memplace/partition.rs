//! `sharc-partition`: seed 000's partition search for every section; attaches the chosen plan as
//! the discardable `sharc.plan` dictionary, the contract the promotion pass reads.
//!
//! The analysis is [`crate::analysis::partition`]; the promotion pass may call
//! [`plan_section`](crate::analysis::partition::plan_section) directly instead of reading the
//! attribute. The user-facing description is [`INFO`]'s (rendered to
//! `docs/passes/sharc-partition.md`).

use crate::analysis::partition::{plan_section_with, SearchOptions};
use crate::section::sections_checked;
use crate::target_option::target_option;
use sharc_ir::pass::{Pass, PassInfo, PassOption, PassOptions};
use sharc_ir::{Context, Diagnostic, OpId, Severity};
use sharc_machine::Target;

/// The declaration of `sharc-partition`.
pub static INFO: PassInfo = PassInfo {
    name: "sharc-partition",
    title: "SharcPartition",
    summary: "Choose the shared-memory partition plan of every parallel section (seed 000's search) and attach it as sharc.plan",
    description: DESCRIPTION,
    anchor: Some(sharc_ir::symbol::MODULE_OP),
    options: &[&TARGET.spec, &EXPLAIN.spec, &LITERAL_EQ11.spec],
    create,
};

static TARGET: PassOption<String> = target_option("The GPU whose limits and thresholds are used");
static EXPLAIN: PassOption<bool> = PassOption::bool(
    "explain",
    false,
    "Also print one remark per parameter setting evaluated: profit, shared bytes, occupancy, staged arrays, or the constraint it breaks",
);
static LITERAL_EQ11: PassOption<bool> = PassOption::bool(
    "literal-eq11",
    false,
    "Read seed 000's constraint (11) literally (TBSize x SMSize / shared bytes <= threads per SM) instead of as occupancy",
);

const DESCRIPTION: &str = r#"For every *section* (an outermost `affine.parallel` of a
`func.func`, with or without a `sharc.share = #sharc.share<...>` pragma), runs the partition search
of seed 000 §3.2 and attaches the best plan to the section as a discardable attribute
`sharc.plan`. Nothing else changes: `sharc-map` / `sharc-promote` consume the plan.
`docs/partition.md` explains the algorithm and every decision the paper leaves open.

# Algorithm

1. **Candidates**: the closure of the seed arrays (`sharc-seed-closure`); every array without a pragma.
2. **Iteration splits**: each reference to a seed array inverts its partition lengths through its
   access function (a subscript `x + c` splits loop `x` by the length); compatible splits are
   intersected; each remaining split is a *plan*. A band loop split by `TB_X`/`TB_Y`/`TB_Z` is
   mapped to that axis; the others get the free axes (x to the loop indexing the most last
   subscripts). A sequential loop split by `*` is strip-mined by a searched strip, one per loop.
   Without a pragma every loop any subscript uses is split: band loops by their block extent,
   sequential loops by `*`.
3. **Tiles**: a candidate array's references are grouped by the linear part of their subscripts
   over the section's loops (constant offsets may differ: halos). An array with one group (all
   references uniformly generated) is one candidate tile, as in the paper; a read-only array
   with several (syrk's `A[i][k]` and `A[j][k]`) is one candidate tile per group, each searched,
   staged or refused on its own and named by its first reference in the remarks
   (`array A[%i, %k]: ...`). A written array with several groups is not staged (two tiles of it
   would go stale).
4. **Features** per setting: each candidate tile's partition is the rectangular hull of its
   references' images over one tile (halos included); `ReuseSize` counts accesses per block (the
   read and write of one instance once); `ReuseSet` keeps ratios `ReuseSize / partition >= θ_r`;
   a reference breaks the *time* adjacency constraint when stepping a sequential loop moves to
   the next element, the *space* one when consecutive x threads do not touch consecutive
   elements; `CoalesceSet` = those arrays and the `:coalesce` ones; `CoalesceTran` is what
   staging saves: the distinct `profit_transaction_size` segments the original references touch
   per warp and time step, minus those of the cooperative copy, never negative (a deviation from
   eq. (7), see `docs/partition.md`).
5. **Search**: power-of-two block extents (x at least the warp, at most `max_threads_per_block`
   threads), power-of-two strips; legal when the staged arrays (`ReuseSet ∪ CoalesceSet`) fit
   `θ_s × shared_memory_per_sm` (9) and one block is resident (10, 11 as occupancy); value
   `Profit = Σ ReuseSize·elem + TranSize·Σ CoalesceTran` (8), per block, a polynomial in `n` when
   trip counts are unknown. Ties: occupancy, less traffic into shared memory, fewer idle load
   slots, fewer shared bytes, wider block, smaller strips, earlier plan.
5. **Never worse than the baseline**: the 48 best-ranked settings that stage something are
   judged by the global sectors they are predicted to move (per warp request, as `sharc-run`
   counts them, copies included, per band iteration) against the baseline mapping's
   (`sharc-map-baseline`'s loops and block, nothing staged). A setting is taken only if it moves
   fewer at the block extent, four times it and for large `n`; among those, the fewest sectors,
   then the highest profit. If none does, nothing is staged and the section gets the baseline
   mapping. `docs/partition.md` ("Never worse than the baseline") gives the model and its accuracy.

# The `sharc.plan` attribute

A `DictionaryAttr` of builtin attributes (upstream `mlir-opt` parses it):

| field | meaning |
|---|---|
| `block` | `array<i64: X, Y, Z>`, threads per block |
| `loops` | one string per band loop (section loops `0 .. len-1`): `"x"`, `"y"`, `"z"`, or `"seq"` (runs inside the thread) |
| `strips` | `[{loop = L, size = S}]`: sequential loop number `L` is strip-mined by `S` iterations |
| `staged` | one dictionary per staged tile (an array staged through two groups of references has two), below |
| `candidates` | the candidate array names |
| `profit` | profit per block in bytes, a string (`"16128 * n"`; `n` is any unknown trip count) |
| `shared_bytes`, `blocks_per_sm`, `occupancy` | shared bytes per block, resident blocks per SM, resident warps / maximum |
| `refused` | written by `sharc-promote`: `[{name = "y", why = "..."}]`, the arrays of `staged` it did not stage (removed from `staged`, their bytes from `shared_bytes`), with the reason its remark gives; absent when none |

**Loop numbers**: a pre-order walk of the `affine.parallel` and `affine.for` ops of the section,
the section first, each contributing its induction variables in order; the band (the section's
induction variables, then those of `affine.parallel` ops perfectly nested in it) comes first.

A `staged` entry:

| field | meaning |
|---|---|
| `name` | source name (`sharc.name` of the argument, else the SSA name without `%`) |
| `arg` | function argument number of the memref, `-1` when it is not an argument |
| `first_access` | the memref's position among the section's memrefs in order of first access (pre-order) |
| `access` | `"read"`, `"write"` or `"readwrite"` |
| `why` | `"reuse"`, `"coalesce"` or `"reuse,coalesce"` |
| `tile` | `array<i64: ...>`, the tile's extent per array dimension, halo included |
| `origin` | `affine_map` from the first iteration of every section loop in the current tile (`d<L>` = loop `L`: the block's first iteration for band loops, the strip's for strip-mined loops) to the tile's first element (halo included) |
| `subscript` | `affine_map` over the same loops: the subscripts of the references the tile serves, constant offsets dropped; `sharc-promote` rewrites the accesses whose subscripts have this linear part (optional: without it the tile serves every access of the array) |
| `halo_lo`, `halo_hi` | elements the tile extends before / after the image of the offset-free subscript |
| `per_strip` | the strip-mined loops whose every strip reloads the tile |
| `bytes`, `elem_bytes` | tile bytes, element bytes |

gemm with `#sharc.share<B[*][TB_X], A[TB_Y][*]:coalesce>` on gtx690 (loops `i`=0, `j`=1, `k`=2):

```mlir
{sharc.plan = {block = array<i64: 32, 32, 1>, blocks_per_sm = 2 : i64, candidates = ["A", "B", "C"],
  loops = ["y", "x"], occupancy = 1.000000e+00 : f64, profit = "16128 * n", shared_bytes = 8192 : i64,
  staged = [{access = "read", arg = 3 : i64, bytes = 4096 : i64, elem_bytes = 4 : i64, first_access = 0 : i64,
             halo_hi = array<i64: 0, 0>, halo_lo = array<i64: 0, 0>, name = "A",
             origin = affine_map<(d0, d1, d2) -> (d0, d2)>, per_strip = array<i64: 2>,
             subscript = affine_map<(d0, d1, d2) -> (d0, d2)>, tile = array<i64: 32, 32>,
             why = "reuse,coalesce"}, ...],
  strips = [{loop = 2 : i64, size = 32 : i64}]}}
```

# Remarks

At every section: one per candidate (as `sharc-seed-closure`), the number of iteration splits and
plans, per plan its splits, axes and the settings evaluated, per candidate of the winner its reuse
ratio, coalescing and tile, and the chosen plan with the criterion that beat the runner-up;
then `placement:` with the plan's and the baseline's predicted global sectors per launch at two
sizes and whether the plan was taken or refused.
`explain` adds one remark per setting evaluated.

# Errors

Besides `sharc-seed-closure`'s: a pragma whose arrays cannot fit shared memory at any legal block
shape, conflicting lengths (one array splitting a loop twice differently, one TB primitive on two
loops, an expression other than a TB primitive on a parallel loop), an unknown target. A
section without a pragma whose tiles the search must stage fit no legal block gets a remark
instead (`placement: no legal setting on T: ...; baseline mapping`) and keeps the baseline
mapping: staging was not the user's demand there.

# Options

- `target` (default `a100`): `θ_r`, `θ_s`, `profit_transaction_size`, shared memory, warp size,
  block and SM limits come from the target description (`docs/targets.md`).
- `explain` (default false): one remark per setting evaluated.
- `literal-eq11` (default false): constraint (11) read literally; gemm then gets 32×16 (digest 000 §6.3).

References: seed 000 §3.2; digest 000 §4–§6, §11, §13; DESIGN §3 (partition search)."#;

fn create(options: &PassOptions) -> Box<dyn Pass> {
    Box::new(Partition {
        target: options.get(&TARGET),
        explain: options.get(&EXPLAIN),
        literal: options.get(&LITERAL_EQ11),
    })
}

struct Partition {
    target: String,
    explain: bool,
    literal: bool,
}

impl Pass for Partition {
    fn run(&mut self, ctx: &mut Context, module: OpId, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        let target =
            Target::load(&self.target).map_err(|e| Diagnostic::error(ctx.loc(module).clone(), e.to_string()))?;
        let options = SearchOptions { literal_eq11: self.literal };
        for section in sections_checked(ctx, module)? {
            let op = section.0;
            let report = match plan_section_with(ctx, op, &target, options) {
                Ok(report) => report,
                // No legal setting for a section without a share pragma: it keeps the baseline.
                Err(d) if d.severity == Severity::Remark => {
                    diags.push(d);
                    continue;
                }
                Err(d) => return Err(d),
            };
            for line in report.remarks(ctx, self.explain) {
                diags.push(Diagnostic::remark(ctx.loc(op).clone(), line));
            }
            report.plan.attach(ctx, op);
        }
        Ok(())
    }
}
