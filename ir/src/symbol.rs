//! Symbols and symbol tables (`sym_name`, `sym_visibility`, `@refs`).

use crate::attrs::AttrKind;
use crate::context::Context;
use crate::entity::OpId;
use crate::registry::OpTraits;

/// The builtin module op, which the parser creates around top-level ops.
pub const MODULE_OP: &str = "builtin.module";
/// The attribute naming a symbol.
pub const SYM_NAME: &str = "sym_name";
/// The attribute holding a symbol's visibility (`public` when absent, `private`, `nested`).
pub const SYM_VISIBILITY: &str = "sym_visibility";

impl Context {
    /// The symbol name an op defines, if any.
    pub fn symbol_name(&self, op: OpId) -> Option<&str> {
        self.attr_of(op, SYM_NAME).and_then(|a| self.attr_str(a))
    }

    /// The visibility of a symbol (`public` by default).
    pub fn symbol_visibility(&self, op: OpId) -> &str {
        self.attr_of(op, SYM_VISIBILITY).and_then(|a| self.attr_str(a)).unwrap_or("public")
    }

    /// Finds the symbol `name` directly inside the symbol table `table`.
    pub fn lookup_symbol_in(&self, table: OpId, name: &str) -> Option<OpId> {
        let region = *self.regions(table).first()?;
        let block = self.entry_block(region)?;
        self.block_ops_iter(block).find(|&o| self.symbol_name(o) == Some(name))
    }

    /// The nearest symbol table containing `op` (excluding `op`).
    pub fn nearest_symbol_table(&self, op: OpId) -> Option<OpId> {
        self.ancestor(op, |c, o| c.op_has(o, OpTraits::SYMBOL_TABLE))
    }

    /// Resolves a (possibly nested) symbol reference attribute from `from`, searching the
    /// enclosing symbol tables outwards for the root.
    pub fn resolve_symbol_ref(&self, from: OpId, attr: crate::Attr) -> Option<OpId> {
        let AttrKind::SymbolRef { root, nested } = self.attr_kind(attr) else { return None };
        let mut table = self.nearest_symbol_table(from);
        while let Some(t) = table {
            if let Some(mut found) = self.lookup_symbol_in(t, root) {
                for n in nested {
                    found = self.lookup_symbol_in(found, n)?;
                }
                return Some(found);
            }
            table = self.nearest_symbol_table(t);
        }
        None
    }
}
