//! `sharc-seed-closure`: the candidate arrays of every section, the closure of its `share`
//! pragma's seed arrays in the dependence graph of its array references (seed 000 §3.2.1). A
//! report: one remark per candidate saying how it joined; the IR is not changed.
//!
//! The user-facing description is [`INFO`]'s (rendered to `docs/passes/sharc-seed-closure.md`).

use crate::analysis::partition::{closure::closure, Section};
use sharc_ir::pass::{Pass, PassInfo, PassOptions};
use sharc_ir::{Context, Diagnostic, OpId};

/// The declaration of `sharc-seed-closure`.
pub static INFO: PassInfo = PassInfo {
    name: "sharc-seed-closure",
    title: "SharcSeedClosure",
    summary: "Report the candidate arrays of every parallel section: the closure of its share pragma's seeds",
    description: DESCRIPTION,
    anchor: Some(sharc_ir::symbol::MODULE_OP),
    options: &[],
    create,
};

const DESCRIPTION: &str = r#"For every *section* (an outermost `affine.parallel` of a
`func.func`, optionally carrying a `sharc.share = #sharc.share<...>` attribute, the C front-end's
`#pragma acc share`), builds an undirected graph with a vertex per array reference
(`affine.load`/`affine.store`) of the section and an edge per dependence, and reports the
*candidate arrays*: every array with a reference in a connected component that holds a reference
to a seed array (seed 000 §3.2.1). With no pragma every array is a seed. The IR is not changed.

# Edges

- **Value flow inside a statement**: a load is joined to what its value flows into through SSA
  uses — the `affine.store` it feeds, or a value carried by an `affine.for` (`iter_args`), which
  is a pseudo-vertex joined in turn to the statements its `iter_arg` and result feed. This is how
  gemm's `C` joins `A` and `B` (digest 000 §4: the three arrays never alias; `C[i][j] = a*ab +
  b*C[i][j]` consumes the scalar `ab` that `A[i][k]*B[k][j]` accumulates).
- **Memory dependences**: flow, anti, output and input dependences between references, from the
  affine dependence analysis (`docs/analysis.md`).

# Remarks

One remark per candidate, at the section: `candidate A: seed`, or the path from a seed reference
that reached the array, each step naming its edge:

```text
remark: candidate C: A[%arg6, %arg8] (read) --value flow-- the value %1 carried by an affine.for --value flow-- C[%arg6, %arg7] (write)
```

# Errors

A `sharc.share` on anything but an outermost `affine.parallel`, a pragma naming an array the
section does not access, or giving a different number of lengths than the array's rank, is an
error at the op saying what to change.

References: seed 000 §3.2.1; digest 000 §4; DESIGN §3 (seed-array closure)."#;

fn create(_options: &PassOptions) -> Box<dyn Pass> {
    Box::new(SeedClosure)
}

struct SeedClosure;

impl Pass for SeedClosure {
    fn run(&mut self, ctx: &mut Context, module: OpId, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        for op in crate::section::sections_checked(ctx, module)?.into_iter().map(|s| s.0) {
            let section = Section::analyze(ctx, op)?;
            let c = closure(ctx, &section);
            for line in c.explain(ctx, &section) {
                diags.push(Diagnostic::remark(ctx.loc(op).clone(), line));
            }
        }
        Ok(())
    }
}
