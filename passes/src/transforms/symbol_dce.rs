//! `symbol-dce`: erases private symbols nothing live refers to, as upstream's `-symbol-dce`
//! (`mlir/lib/Transforms/SymbolDCE.cpp`).
//!
//! Why: outlining and specialization leave private functions and globals that nothing calls any
//! more. Liveness is a worklist over live ops; the symbols their references resolve to become
//! live in turn, so dead call chains die whole. The user-facing description is [`INFO`]'s.

use sharc_ir::attrs::AttrKind;
use sharc_ir::pass::{Pass, PassInfo, PassOptions};
use sharc_ir::symbol::MODULE_OP;
use sharc_ir::verifier::op_error;
use sharc_ir::{Attr, Context, Diagnostic, OpId, OpTraits};
use std::collections::HashSet;

/// The declaration of `symbol-dce`.
pub static INFO: PassInfo = PassInfo {
    name: "symbol-dce",
    title: "SymbolDCE",
    summary: "Eliminate dead symbols",
    description: DESCRIPTION,
    anchor: Some(MODULE_OP),
    options: &[],
    create,
};

const DESCRIPTION: &str = r#"Erases the non-public symbols (`sym_visibility = "private"` or
`"nested"`) of a module, and of the symbol tables nested in it, that no live op refers to, as
upstream's `-symbol-dce`. (Run on a nested public module, its `nested` symbols stay: code
outside may refer to them.)

Liveness starts from everything that is not a discardable symbol: ops that define no symbol,
and public symbols. A live op makes live every symbol that a symbol reference
attribute (`@f`, `@mod::@f`, also inside arrays and dictionaries) anywhere in it resolves
to in the enclosing symbol table; a nested reference makes each symbol along its path live.
Liveness propagates to a fixed point, so a private function called only by a dead private
function dies too, and a symbol table that is itself dead is erased whole. References that
resolve to nothing are ignored.

An unregistered op with one region could be a symbol table sharc does not know; its
references cannot be trusted, so the pass fails on it, as upstream does.

This pass has no options.

Before:
```mlir
func.func private @leaf()
func.func private @only_from_dead() {
  func.call @leaf() : () -> ()
  return
}
func.func private @used()
func.func @main() {
  func.call @used() : () -> ()
  return
}
```
After `sharc-opt --symbol-dce`: `@main` is public and `@used` is called by it; the other
two are unreachable from live code.
```mlir
func.func private @used()
func.func @main() {
  call @used() : () -> ()
  return
}
```
"#;

fn create(_options: &PassOptions) -> Box<dyn Pass> {
    Box::new(SymbolDce)
}

struct SymbolDce;

impl Pass for SymbolDce {
    fn run(&mut self, ctx: &mut Context, op: OpId, _diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        if !ctx.op_has(op, OpTraits::SYMBOL_TABLE) {
            return Err(op_error(ctx, op, " was scheduled to run under SymbolDCE, but does not define a symbol table"));
        }
        let hidden = match ctx.parent_op(op) {
            Some(_) if is_symbol(ctx, op) => is_private(ctx, op),
            _ => true,
        };
        let mut live = HashSet::new();
        compute_liveness(ctx, op, hidden, &mut live)?;
        for table in ctx.collect_ops_post(op) {
            if ctx.is_erased(table) || !ctx.op_has(table, OpTraits::SYMBOL_TABLE) {
                continue;
            }
            let Some(&region) = ctx.regions(table).first() else { continue };
            for b in ctx.region_blocks(region).to_vec() {
                for o in ctx.block_ops(b) {
                    if is_symbol(ctx, o) && !live.contains(&o) {
                        ctx.erase_op(o);
                    }
                }
            }
        }
        Ok(())
    }
}

/// Whether `op` defines a symbol: it has the `SYMBOL` trait, or it is a named symbol table
/// (`module @m`, whose name is optional).
fn is_symbol(ctx: &Context, op: OpId) -> bool {
    ctx.op_has(op, OpTraits::SYMBOL) || (ctx.op_has(op, OpTraits::SYMBOL_TABLE) && ctx.symbol_name(op).is_some())
}

fn is_private(ctx: &Context, op: OpId) -> bool {
    ctx.symbol_visibility(op) == "private"
}

fn is_public(ctx: &Context, op: OpId) -> bool {
    ctx.symbol_visibility(op) == "public"
}

/// Marks the live symbols of symbol table `table` and of the tables nested in its live ops.
/// `hidden` says that nothing outside `table` can see it: then its `nested` symbols can go too,
/// besides the private ones.
fn compute_liveness(ctx: &Context, table: OpId, hidden: bool, live: &mut HashSet<OpId>) -> Result<(), Diagnostic> {
    let mut worklist = Vec::new();
    if let Some(&region) = ctx.regions(table).first() {
        for &b in ctx.region_blocks(region) {
            for o in ctx.block_ops_iter(b) {
                if !is_symbol(ctx, o) {
                    worklist.push(o);
                    continue;
                }
                // Upstream: `(hidden || private) && canDiscardOnUseEmpty()`, where a symbol
                // can be discarded unless it is public (`nested` ones can).
                let discardable = (hidden || is_private(ctx, o)) && !is_public(ctx, o);
                if !discardable && live.insert(o) {
                    worklist.push(o);
                }
            }
        }
    }
    while let Some(op) = worklist.pop() {
        if ctx.op_has(op, OpTraits::SYMBOL_TABLE) {
            let nested_hidden = hidden || !is_symbol(ctx, op) || is_private(ctx, op);
            compute_liveness(ctx, op, nested_hidden, live)?;
        } else {
            // Symbol tables nested in non-table ops count as top level.
            for &r in ctx.regions(op) {
                for &b in ctx.region_blocks(r) {
                    worklist.extend(ctx.block_ops_iter(b).filter(|&o| !ctx.regions(o).is_empty()));
                }
            }
        }
        let Some(parent) = ctx.parent_op(op).filter(|&p| ctx.op_has(p, OpTraits::SYMBOL_TABLE)) else { continue };
        for reference in symbol_uses(ctx, op)? {
            for symbol in resolve(ctx, parent, reference).unwrap_or_default() {
                if live.insert(symbol) {
                    worklist.push(symbol);
                }
            }
        }
    }
    Ok(())
}

/// The symbol references held by `op` and the ops nested in it, not looking inside nested
/// symbol tables (their references resolve in their own scope). Fails on an unregistered op
/// with one region, which may be a symbol table sharc does not know.
fn symbol_uses(ctx: &Context, op: OpId) -> Result<Vec<Attr>, Diagnostic> {
    let mut refs = Vec::new();
    let mut stack = vec![op];
    while let Some(o) = stack.pop() {
        if ctx.op_spec(o).is_none() && ctx.regions(o).len() == 1 {
            return Err(Diagnostic::error(
                ctx.loc(o).clone(),
                "operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses",
            ));
        }
        for (_, a) in ctx.props(o).iter().chain(ctx.attrs(o)) {
            collect_refs(ctx, *a, &mut refs);
        }
        if o == op && ctx.op_has(o, OpTraits::SYMBOL_TABLE) {
            continue;
        }
        // Nested ops, in reverse so that they come off the stack in order.
        let mut nested = Vec::new();
        for &r in ctx.regions(o) {
            for &b in ctx.region_blocks(r) {
                for n in ctx.block_ops_iter(b) {
                    nested.push(n);
                }
            }
        }
        for n in nested.into_iter().rev() {
            if ctx.op_has(n, OpTraits::SYMBOL_TABLE) {
                // Its own attributes are uses in this scope; its body is another scope.
                for (_, a) in ctx.props(n).iter().chain(ctx.attrs(n)) {
                    collect_refs(ctx, *a, &mut refs);
                }
            } else {
                stack.push(n);
            }
        }
    }
    Ok(refs)
}

/// Collects the symbol references in `attr`, looking into arrays and dictionaries.
fn collect_refs(ctx: &Context, attr: Attr, out: &mut Vec<Attr>) {
    match ctx.attr_kind(attr) {
        AttrKind::SymbolRef { .. } => out.push(attr),
        AttrKind::Array(elems) => elems.iter().for_each(|&a| collect_refs(ctx, a, out)),
        AttrKind::Dictionary(entries) => entries.iter().for_each(|(_, a)| collect_refs(ctx, *a, out)),
        _ => {}
    }
}

/// The symbols a reference names from symbol table `table`: the root and, for a nested
/// reference, every symbol along the path (upstream's `lookupSymbolIn`). `None` when any part
/// does not resolve.
fn resolve(ctx: &Context, table: OpId, reference: Attr) -> Option<Vec<OpId>> {
    let AttrKind::SymbolRef { root, nested } = ctx.attr_kind(reference) else { return None };
    let mut found = vec![ctx.lookup_symbol_in(table, root)?];
    for name in nested {
        let scope = *found.last()?;
        if !ctx.op_has(scope, OpTraits::SYMBOL_TABLE) {
            return None;
        }
        found.push(ctx.lookup_symbol_in(scope, name)?);
    }
    Some(found)
}
