//! `upstream`: runs an upstream MLIR pass pipeline in-process on the module, between sharc's
//! passes. The user-facing description is [`INFO`]'s.
//!
//! ```text
//! sharc-opt in.mlir --pass-pipeline='builtin.module(sharc-parallelize,
//!     upstream{pipeline="builtin.module(affine-loop-fusion)"}, canonicalize)'
//! ```
//!
//! The module goes to MLIR as text and comes back as text ([`crate::Upstream`]); its body is
//! replaced by what MLIR printed, the module op itself (its id, name and location) stays, so the
//! pass manager goes on with the same op.

use crate::Upstream;
use sharc_ir::pass::{Pass, PassInfo, PassOption, PassOptions};
use sharc_ir::syntax::{parse_source, print_op, ParseOptions, PrintOptions};
use sharc_ir::{Context, Diagnostic, Location, OpId};

/// The declaration of `upstream`.
pub static INFO: PassInfo = PassInfo {
    name: "upstream",
    title: "Upstream",
    summary: "Run an upstream MLIR pass pipeline in-process (MLIR 22, through melior) on the module",
    description: DESCRIPTION,
    anchor: Some(sharc_ir::symbol::MODULE_OP),
    options: &[&PIPELINE.spec],
    create,
};

static PIPELINE: PassOption<String> = PassOption::string(
    "pipeline",
    "builtin.module()",
    "The upstream pipeline, as mlir-opt's --pass-pipeline takes it; in double quotes when it holds spaces or braces",
);

const DESCRIPTION: &str = r#"Runs upstream MLIR's passes on the module, in-process: sharc links MLIR 22 (through the
`melior` crate, in `upstream/`) when the tools are built with their `upstream` cargo feature, which
the default build enables. Any upstream pass or pipeline that `mlir-opt-22 --pass-pipeline` accepts
can run between sharc's passes:

```text
sharc-opt in.mlir --pass-pipeline='builtin.module(sharc-parallelize,
    upstream{pipeline="builtin.module(affine-loop-fusion)"}, canonicalize)'
```

The module crosses as text with its locations: sharc prints it, MLIR parses it, runs the pipeline
(verifying after each pass) and prints the result, which sharc parses back into the module. So
diagnostics after the pass still point into the input file, and so do MLIR's own.

Only upstream-level IR crosses. A module that holds an op upstream MLIR does not register
(`gpumap.*`, `memplace.*`, `sharc.*`) is refused before MLIR runs, at that op's location. Attributes
of sharc's dialects on upstream ops travel as opaque attributes and come back unchanged.

An invalid pipeline text, a module upstream cannot parse and a failing upstream pass are errors
with MLIR's message. The default pipeline, `builtin.module()`, runs no pass: the module only makes
the round trip through upstream's parser, verifier and printer."#;

fn create(options: &PassOptions) -> Box<dyn Pass> {
    Box::new(UpstreamPass { pipeline: options.get(&PIPELINE) })
}

struct UpstreamPass {
    pipeline: String,
}

impl Pass for UpstreamPass {
    fn run(&mut self, ctx: &mut Context, module: OpId, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        let upstream = Upstream::new();
        if let Some(op) = ctx.collect_ops(module).into_iter().find(|&o| !upstream.knows_op(ctx.op_name(o))) {
            return Err(Diagnostic::error(
                ctx.loc(op).clone(),
                format!(
                    "'{}' op is not an upstream MLIR op: the 'upstream' pass takes upstream-level IR only (lower it first)",
                    ctx.op_name(op)
                ),
            ));
        }
        let text = print_op(ctx, module, PrintOptions { generic: false, debuginfo: true });
        let out = upstream.run_pipeline(&text, &self.pipeline)?;
        diags.extend(out.diagnostics);
        replace_body(ctx, module, &out.text)
    }
}

/// Replaces the body and the attributes of `module` by those of the module printed in `text`.
fn replace_body(ctx: &mut Context, module: OpId, text: &str) -> Result<(), Diagnostic> {
    let parsed =
        parse_source(ctx, "<upstream output>", text, &ParseOptions { allow_unregistered: ctx.allow_unregistered })
            .map_err(|d| {
                Diagnostic::error(
                    Location::Unknown,
                    format!("sharc cannot read back what upstream pipeline printed: {}", d.message),
                )
            })?;
    let old_attrs: Vec<String> = ctx.attrs(module).iter().map(|(name, _)| name.clone()).collect();
    for name in old_attrs {
        ctx.remove_attr(module, &name);
    }
    for (name, value) in ctx.attrs(parsed).to_vec() {
        ctx.set_attr(module, &name, value);
    }
    let (from, to) = (ctx.region(parsed, 0), ctx.region(module, 0));
    ctx.erase_region_contents(to);
    ctx.take_region_blocks(from, to);
    ctx.erase_op(parsed);
    Ok(())
}
