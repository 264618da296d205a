//! What OpenACC and `share` pragmas claim about a loop, recorded for `sharc-parallelize`.
//!
//! The front-end does not decide which loops run in parallel: it marks each candidate
//! `affine.for` with a `sharc.claim` attribute ([`LoopClaim`]) saying whether a directive stands
//! on it, whether the directive asserts independent iterations, which share pragma governs the
//! nest, the OpenACC directives in force and the C names of the carried scalars. The pass
//! decides from the dependence analysis, so that what sharc maps to threads computes what the
//! C code computes whatever a pragma says; here only the share pragma's names are checked
//! against the arrays in scope, which the IR no longer knows.

use super::loops::LoopRole;
use super::{Lowerer, VarId};
use crate::ast::Span;
use crate::diag::FrontError;
use sharc_dialects::sharc::loop_claim::LoopClaim;
use sharc_dialects::sharc::share::{self, ArraySpec};
use sharc_ir::OpId;

impl Lowerer<'_> {
    /// Checks a share pragma against the arrays in scope.
    pub(crate) fn check_share(&self, specs: &[ArraySpec], pragma: Span) -> Result<(), FrontError> {
        for s in specs {
            let at = Span { start: s.offset, end: s.offset + s.array.len() };
            let Some(id) = self.lookup(&s.array) else {
                return Err(FrontError::new(
                    at,
                    format!("share pragma names '{}', which is not an array in scope", s.array),
                )
                .with_note(pragma, "in this pragma"));
            };
            let super::Binding::Array { rank, .. } = &self.var(id).binding else {
                return Err(FrontError::new(at, format!("share pragma names '{}', which is not an array", s.array)));
            };
            if s.dims.len() != *rank {
                return Err(FrontError::new(
                    at,
                    format!(
                        "share pragma gives {} partition length(s) for '{}', which has {rank} dimension(s); give one per dimension, e.g. {}{}",
                        s.dims.len(),
                        s.array,
                        s.array,
                        "[*]".repeat(*rank)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Marks the candidate loop `op` with what its directive and the governing share pragma
    /// claim.
    pub(crate) fn claim_loop(
        &mut self,
        op: OpId,
        role: &LoopRole,
        share: Option<(Vec<ArraySpec>, Span)>,
        carried: &[VarId],
    ) {
        let mut acc = self.acc_context.clone();
        if acc.is_empty() && self.in_kernels {
            acc.push("kernels".into());
        }
        let share = share.map(|(specs, at)| (share::share_attr(self.ctx, &specs), self.loc(at)));
        let claim = LoopClaim {
            directive: role.explicit,
            independent: role.independent,
            share,
            acc: (!acc.is_empty()).then(|| acc.join("; ")),
            carried: carried.iter().map(|&c| self.var(c).name.clone()).collect(),
        };
        claim.attach(self.ctx, op);
    }
}

#[cfg(test)]
mod tests {
    use crate::source::SourceMap;
    use crate::{compile_source, Options};
    use sharc_dialects::sharc::loop_claim::LoopClaim;
    use sharc_ir::Context;

    /// The claims on the loops of `src`, outermost first, as (directive, independent, acc).
    fn claims(src: &str) -> Vec<(bool, bool, Option<String>)> {
        let mut ctx = Context::new(sharc_dialects::registry());
        let c = compile_source(&mut ctx, SourceMap::plain("t.c", src.to_string()), &Options::default());
        assert!(!c.failed(), "{}", c.render());
        let module = c.module.expect("compiled");
        ctx.collect_ops(module)
            .into_iter()
            .filter_map(|op| LoopClaim::of(&ctx, op))
            .map(|r| r.expect("well-formed"))
            .map(|c| (c.directive, c.independent, c.acc))
            .collect()
    }

    #[test]
    fn directives_claim_independence_as_openacc_says() {
        let acc = |s: &str| Some(s.to_string());
        // `parallel loop` asserts independence; so does `acc loop` inside a `parallel` construct,
        // unless it says `auto`.
        let src = "void f(int n, float A[n][n]) {\n#pragma acc parallel loop\nfor (int i = 0; i < n; i++)\n#pragma acc loop\nfor (int j = 0; j < n; j++) A[i][j] = 0;\n}\n";
        assert_eq!(
            claims(src),
            [(true, true, acc("acc parallel loop")), (true, true, acc("acc parallel loop; acc loop"))]
        );
        let src = "void f(int n, float A[n][n]) {\n#pragma acc parallel\n{\n#pragma acc loop auto\nfor (int i = 0; i < n; i++) A[i][0] = 0;\n}\n}\n";
        assert_eq!(claims(src), [(true, false, acc("acc parallel; acc loop auto"))]);
        // In `kernels`, only the `independent` clause claims it; a loop without a directive is a
        // candidate without a claim; `seq` is no candidate.
        let src = "void f(int n, float A[n][n]) {\n#pragma acc kernels loop independent\nfor (int i = 0; i < n; i++)\nfor (int j = 0; j < n; j++) A[i][j] = 0;\n}\n";
        assert_eq!(
            claims(src),
            [(true, true, acc("acc kernels loop independent")), (false, false, acc("acc kernels loop independent"))]
        );
        let src = "void f(int n, float A[n]) {\n#pragma acc kernels\n{\n#pragma acc loop seq\nfor (int i = 1; i < n; i++) A[i] = A[i - 1];\n#pragma acc loop\nfor (int i = 0; i < n; i++) A[i] = 0;\n}\n}\n";
        assert_eq!(claims(src), [(true, false, acc("acc kernels; acc loop"))]);
        // The indexed forms of the suites written for dimensioned gangs claim what the bare
        // clauses claim.
        let nest = |outer: &str, inner: &str| {
            format!("void f(int n, float A[n][n]) {{\n#pragma acc parallel {outer}\n{{\n#pragma acc loop {inner}\nfor (int i = 0; i < n; i++)\n#pragma acc loop {inner}\nfor (int j = 0; j < n; j++) A[i][j] = 0;\n}}\n}}\n")
        };
        let flags = |src: &str| claims(src).into_iter().map(|(d, i, _)| (d, i)).collect::<Vec<_>>();
        assert_eq!(
            flags(&nest("num_gangs[0](n/8) num_workers[1](8)", "gang[1] worker[1]")),
            [(true, true), (true, true)]
        );
        assert_eq!(
            flags(&nest("num_gangs[0](n/8) num_workers[1](8)", "gang[1] worker[1]")),
            flags(&nest("num_gangs(n/8) num_workers(8)", "gang worker"))
        );
        // Host code of a file with OpenACC pragmas is not marked.
        let src = "void f(int n, float A[n]) {\nfor (int i = 0; i < n; i++) A[i] = 0;\n#pragma acc parallel loop\nfor (int i = 0; i < n; i++) A[i] = 1;\n}\n";
        assert_eq!(claims(src), [(true, true, acc("acc parallel loop"))]);
    }

    #[test]
    fn a_file_without_pragmas_makes_every_affine_loop_a_candidate() {
        // Both loops of the nest, without a claim of independence; the loop whose bound is
        // read from memory is no candidate.
        let src = "void f(int n, float A[n][n], int m[1]) {\nfor (int i = 0; i < n; i++)\nfor (int j = 0; j < n; j++) A[i][j] = 0;\nfor (int i = 0; i < m[0]; i++) A[0][i] = 1;\n}\n";
        assert_eq!(claims(src), [(false, false, None), (false, false, None)]);
    }

    /// The `sharc.may_alias` groups of the function in `src`, compiled with `opts`.
    fn groups(src: &str, opts: &Options) -> Option<Vec<Vec<i128>>> {
        let mut ctx = Context::new(sharc_dialects::registry());
        let c = compile_source(&mut ctx, SourceMap::plain("t.c", src.to_string()), opts);
        assert!(!c.failed(), "{}", c.render());
        let f = ctx.collect_ops(c.module.expect("compiled")).into_iter().find(|&op| ctx.op_name(op) == "func.func")?;
        let attr = ctx.attr_of(f, sharc_dialects::sharc::MAY_ALIAS_ATTR)?;
        Some(ctx.attr_array(attr)?.iter().map(|&g| ctx.attr_dense_ints(g).expect("dense").to_vec()).collect())
    }

    #[test]
    fn parameters_c_lets_overlap_are_grouped_by_element_type() {
        let plain = Options::default();
        // Pointers and arrays of one element type; a scalar is no member.
        assert_eq!(groups("void f(int n, float *x, float y[n], float (*A)[4]) { }", &plain), Some(vec![vec![1, 2, 3]]));
        // `restrict` where C puts it on a parameter.
        let src = "void f(int n, float *restrict x, float y[restrict n], float (*restrict A)[4], float *z) { }";
        assert_eq!(groups(src, &plain), None);
        assert_eq!(groups("void f(float *restrict x, float *y, float *z) { }", &plain), Some(vec![vec![1, 2]]));
        // Different element types do not overlap (C11 6.5p7): one group per type.
        assert_eq!(
            groups("void f(double *a, float *x, double *b, float *y) { }", &plain),
            Some(vec![vec![0, 2], vec![1, 3]])
        );
        assert_eq!(groups("void f(double *a, float *x) { }", &plain), None);
        // --assume-no-alias.
        let no_alias = Options { assume_no_alias: true, ..Options::default() };
        assert_eq!(groups("void f(float *x, float *y) { }", &no_alias), None);
    }
}
