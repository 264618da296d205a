//! The textual syntax of the IR: MLIR's generic form, each op's custom form, types, attributes,
//! affine maps and locations.
//!
//! - `lexer.pest` + [`lexer`]: the token stream (one pest parse per input).
//! - [`parser`]: recursive descent over the tokens — ops, regions, blocks, SSA names, aliases;
//!   `parse_type.rs`, `parse_attr.rs`, `parse_affine.rs` hold the sub-languages. Custom op
//!   parsers ([`OpSpec::parse`](crate::OpSpec)) use the same [`Parser`] API (alias
//!   [`OpAsmParser`]), as MLIR's `OpAsmParser`.
//! - [`printer`]: the inverse, with MLIR's value naming and alias rules; custom op printers use
//!   [`OpAsmPrinter`].
//! - [`split`]: `// -----` split files.

pub mod escape;
mod float_format;
pub mod lexer;
mod parse_affine;
mod parse_attr;
mod parse_type;
pub mod parser;
mod print_attr;
pub mod printer;
pub mod split;

pub use parser::{parse_source, Argument, OpAsmParser, ParseOptions, Parser, UnresolvedOperand};
pub use printer::{print_op, OpAsmPrinter, PrintOptions};

/// The result of a parse step: an error is a located diagnostic.
pub type ParseResult<T> = Result<T, crate::Diagnostic>;
