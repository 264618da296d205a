//! `canonicalize`: folds ops and applies their canonicalization patterns until nothing
//! changes, a thin pass over the [greedy driver](crate::rewrite).
//!
//! Why: lowering passes leave constants, identities and dead ops behind, and sharc's tests
//! compare against upstream's canonical form, so this must produce exactly what
//! `mlir-opt --canonicalize` does, constant order included. The user-facing description, with
//! a before/after sketch, is [`INFO`]'s (rendered to `docs/passes/canonicalize.md`).

use crate::rewrite::{apply_patterns_greedily, GreedyConfig};
use sharc_ir::pass::{Pass, PassInfo, PassOption, PassOptions};
use sharc_ir::{Context, Diagnostic, OpId};

/// The declaration of `canonicalize`.
pub static INFO: PassInfo = PassInfo {
    name: "canonicalize",
    title: "Canonicalizer",
    summary: "Canonicalize operations",
    description: DESCRIPTION,
    anchor: None,
    options: &[&MAX_ITERATIONS.spec, &MAX_NUM_REWRITES.spec, &TOP_DOWN.spec, &TEST_CONVERGENCE.spec],
    create,
};

static MAX_ITERATIONS: PassOption<i64> = PassOption::int(
    "max-iterations",
    10,
    "Max. iterations between applying patterns / simplifying regions (-1: no limit)",
)
.at_least(-1);
static MAX_NUM_REWRITES: PassOption<i64> =
    PassOption::int("max-num-rewrites", -1, "Max. number of pattern rewrites within an iteration (-1: no limit)")
        .at_least(-1);
static TOP_DOWN: PassOption<bool> = PassOption::bool("top-down", true, "Seed the worklist in general top-down order");
static TEST_CONVERGENCE: PassOption<bool> =
    PassOption::bool("test-convergence", false, "Fail the pass if the rewrite did not converge");

const DESCRIPTION: &str = r#"Simplifies the IR to a canonical form by folding ops and applying their
canonicalization patterns until a fixed point, as upstream's `-canonicalize`: the same
greedy worklist driver (`applyPatternsGreedily`), the same traversal order, the same constant
placement. Run it on any op; it rewrites everything nested in that op (not the op itself).

Each iteration
1. visits every op in program order, parents before the ops in their regions. Constants are
   uniqued and hoisted: the first constant of a given value and type in a function (more
   precisely, in the nearest region whose op is isolated from above) moves to the start of
   its entry block, and later equal constants are replaced by it;
2. takes the ops off the worklist one by one: an op whose results are unused and that has no
   effect but reads or allocations (recursively, for loops and conditionals) is erased; else
   it is folded by its op's folder (a constant result is materialized by the op's dialect
   right before the op; a commutative op with a constant operand on the left gets it moved
   to the right); else its canonicalization patterns are tried. Every change queues the ops
   it affects;
3. erases unreachable blocks and dead ops.

Canonicalization is best effort: it stops after `max-iterations` iterations even if patterns
still apply (unless `test-convergence` is set, this is not an error).

Options:
- `max-iterations` (default 10; -1 means no limit, capped at 1000 so that patterns undoing
  each other cannot loop forever);
- `max-num-rewrites` (default -1, no limit; then at most 100 rewrites per op and iteration);
- `top-down` (default true; false seeds the worklist in post-order);
- `test-convergence` (default false): fail when the limits stopped the rewrite.

Before:
```mlir
func.func @f(%a: i32) -> i32 {
  %x = arith.addi %a, %a : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %y = arith.addi %c1, %c2 : i32
  %z = arith.muli %y, %x : i32
  %dead = arith.subi %z, %a : i32
  return %z : i32
}
```
After `sharc-opt --canonicalize` (constants at the top, `%c1 + %c2` folded, the constant
operand of the commutative `muli` moved right, the dead `subi` gone):
```mlir
func.func @f(%arg0: i32) -> i32 {
  %c3_i32 = arith.constant 3 : i32
  %0 = arith.addi %arg0, %arg0 : i32
  %1 = arith.muli %0, %c3_i32 : i32
  return %1 : i32
}
```
"#;

fn create(options: &PassOptions) -> Box<dyn Pass> {
    let limit = |v: i64| u64::try_from(v).ok();
    Box::new(Canonicalize {
        config: GreedyConfig {
            top_down: options.get(&TOP_DOWN),
            max_iterations: limit(options.get(&MAX_ITERATIONS)),
            max_num_rewrites: limit(options.get(&MAX_NUM_REWRITES)),
        },
        test_convergence: options.get(&TEST_CONVERGENCE),
    })
}

struct Canonicalize {
    config: GreedyConfig,
    test_convergence: bool,
}

impl Pass for Canonicalize {
    fn run(&mut self, ctx: &mut Context, op: OpId, _diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        let converged = apply_patterns_greedily(ctx, op, self.config);
        if self.test_convergence && !converged {
            return Err(Diagnostic::error(ctx.loc(op).clone(), "canonicalizer failed to converge"));
        }
        Ok(())
    }
}
