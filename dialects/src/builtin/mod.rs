//! The builtin dialect: `builtin.module`, the top-level container of IR.
//!
//! ```mlir
//! module @name attributes {gpu.container_module} {
//!   func.func @f() { return }
//! }
//! ```

pub(crate) mod interp;
mod ops;

pub use ops::ModuleOp;
use sharc_ir::registry::Dialect;

/// The dialect.
pub static DIALECT: Dialect = Dialect {
    name: "builtin",
    description: "The builtin dialect holds `builtin.module`, the top-level symbol table. \
                  Its ops may be written without the `builtin.` prefix.",
    ops: &[&ops::MODULE],
    materialize_constant: None,
};
