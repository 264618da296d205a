//! The recursive-descent parser over the token stream: ops (generic and custom form), regions,
//! blocks, SSA names and aliases.
//!
//! SSA names follow upstream MLIR 22's parser: a name defined in a region is visible only inside
//! it, and may not shadow a visible one; isolation from above does not hide names (a use across an
//! isolation boundary parses, and the verifier then reports it, as upstream does). Uses may
//! precede definitions (forward references); they are resolved by replacing a placeholder value
//! when the definition appears, and any left at the end of the input are errors.
//!
//! This file holds the [`Parser`] state and its construction; its methods are in one file per
//! section: `tokens.rs` (the token-level API custom parsers use), `top_level.rs` (the implicit
//! module and alias definitions), `ssa.rs` (name scopes and operands), `types_attrs.rs`,
//! `locations.rs`, `operations.rs` (generic and custom form) and `regions.rs` (regions, blocks,
//! successors and argument lists).

use super::lexer::{self, Token};
use super::ParseResult;
// The sections name these modules as `super::...`.
use super::{escape, parse_type, printer};
use crate::attrs::Attr;
use crate::context::Context;
use crate::entity::{BlockId, OpId, RegionId, Value};
use crate::location::Location;
use crate::types::Type;
use rustc_hash::FxHashMap as HashMap;
use std::borrow::Cow;
use std::sync::Arc;

mod locations;
mod operations;
mod regions;
mod ssa;
mod tokens;
mod top_level;
mod types_attrs;

/// The API custom op parsers use: the parser itself, as MLIR's `OpAsmParser`.
pub type OpAsmParser<'s, 'c> = Parser<'s, 'c>;

/// Options of a parse.
#[derive(Clone, Debug, Default)]
pub struct ParseOptions {
    /// Accept ops of unregistered dialects (generic form only).
    pub allow_unregistered: bool,
}

/// A reference to an SSA value by name, not yet resolved to a value (its type may come later).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnresolvedOperand {
    /// The name without `%`.
    pub name: String,
    /// The result number (`%x#1`).
    pub number: u32,
    /// Where it was written.
    pub offset: usize,
}

/// A region argument being defined: `%name: type loc(...)`.
#[derive(Clone, Debug)]
pub struct Argument {
    /// The name.
    pub name: UnresolvedOperand,
    /// The type.
    pub ty: Type,
    /// The explicit location, if written.
    pub loc: Option<Location>,
    /// Argument attributes (`{sharc.name = "A"}`), if written.
    pub attrs: Option<Attr>,
}

/// The values bound to one name: consecutive results of one op (`%x:2`) or one argument.
#[derive(Clone, Copy)]
struct ValueGroup {
    first: Value,
    len: u32,
    /// Where the name was defined.
    offset: usize,
}

/// Names are borrowed from the source where they were written there (nearly always), so
/// defining a value allocates no string; a custom parser may define a name of its own, which is
/// then owned.
#[derive(Default)]
struct NameScope<'s> {
    values: HashMap<Cow<'s, str>, ValueGroup>,
    /// Names defined in each open region of this scope, to forget them when it closes.
    defined_in_region: Vec<Vec<Cow<'s, str>>>,
    /// Forward references: (name, number) -> (placeholder, first use offset).
    forward: HashMap<(String, u32), (Value, usize)>,
    /// Block names of each open region.
    blocks: Vec<HashMap<String, (BlockId, bool, usize)>>,
}

/// The parser. Create one per source buffer with [`Parser::new`] or use [`parse_source`].
pub struct Parser<'s, 'c> {
    pub(crate) ctx: &'c mut Context,
    pub(crate) src: &'s str,
    file: Arc<str>,
    /// Byte offsets where each line starts, for the line:col of every op's location. Only the
    /// offsets: a `SourceFile` would copy the whole text, which the parser already borrows.
    line_starts: Vec<usize>,
    pub(crate) tokens: Vec<Token>,
    pub(crate) pos: usize,
    /// Tokens re-read from a split token; consumed (from the back) before `tokens[pos]`.
    pub(crate) pending: Vec<Token>,
    pub(crate) attr_aliases: HashMap<String, Attr>,
    pub(crate) type_aliases: HashMap<String, Type>,
    /// Memref types by their source text (see `parse_memref_type_memoized`).
    pub(crate) type_memo: HashMap<&'s str, Type>,
    pub(crate) loc_aliases: HashMap<String, Location>,
    scopes: Vec<NameScope<'s>>,
    default_dialects: Vec<Option<&'static str>>,
    placeholder_block: BlockId,
    options: ParseOptions,
    /// Regions written in the source (`{...}`), as opposed to regions a custom parser created
    /// empty because an optional part was absent (the `else` of `affine.if`): only the former
    /// get an implicit terminator.
    parsed_regions: std::collections::HashSet<RegionId>,
}

/// Parses a whole buffer into a `builtin.module`. A buffer that does not consist of a single
/// `module` op gets an implicit one around its top-level ops, as in MLIR.
pub fn parse_source(ctx: &mut Context, name: &str, text: &str, options: &ParseOptions) -> ParseResult<OpId> {
    // Grow the arenas once, from the input's size, instead of doubling them while parsing
    // (each doubling copies the arena and touches fresh pages). Dense IR averages about 45
    // bytes per op (the generated affine modules of bench/); reserving for one op per 32 bytes
    // errs high, which costs address space only: pages never written stay untouched.
    ctx.reserve(text.len() / 32, text.len() / 32, text.len() / 256, text.len() / 256);
    let mut p = Parser::new(ctx, name, text, options.clone())?;
    p.parse_top_level()
}

impl<'s, 'c> Parser<'s, 'c> {
    /// A parser over `text`, reported as file `name`.
    pub fn new(ctx: &'c mut Context, name: &str, text: &'s str, options: ParseOptions) -> ParseResult<Self> {
        let file: Arc<str> = Arc::from(name);
        let placeholder_block = ctx.new_block();
        let mut p = Parser {
            ctx,
            src: text,
            file,
            line_starts: crate::diag::line_starts(text),
            tokens: Vec::new(),
            pos: 0,
            pending: Vec::new(),
            attr_aliases: HashMap::default(),
            type_aliases: HashMap::default(),
            type_memo: HashMap::default(),
            loc_aliases: HashMap::default(),
            scopes: Vec::new(),
            default_dialects: vec![Some("builtin")],
            placeholder_block,
            options,
            parsed_regions: std::collections::HashSet::default(),
        };
        p.tokens = match lexer::tokenize(text) {
            Ok(t) => t,
            Err(offset) => {
                let rest = &text[offset..];
                let (at, msg) = match rest.as_bytes() {
                    // Upstream reports a missing closing quote where the line ends.
                    [b'"', ..] | [b'@', b'"', ..] => {
                        let eol = rest.find('\n').map_or(text.len(), |i| offset + i);
                        (eol, "expected '\"' in string literal")
                    }
                    [b'%', ..] => (offset, "invalid SSA name"),
                    [b'^', ..] => (offset, "invalid block name"),
                    [b'@', ..] => (offset + 1, "@ identifier expected to start with letter or '_'"),
                    [b'#', ..] => (offset, "invalid attribute name"),
                    [b'!', ..] => (offset, "invalid type identifier"),
                    [b'.', ..] => (offset + 1, "expected three consecutive dots for an ellipsis"),
                    _ => (offset, "unexpected character"),
                };
                return Err(p.error_at(at, msg));
            }
        };
        Ok(p)
    }

    /// Whether ops, types and attributes of unregistered dialects are accepted.
    pub fn allow_unregistered(&self) -> bool {
        self.options.allow_unregistered
    }

    /// The context.
    pub fn ctx(&mut self) -> &mut Context {
        self.ctx
    }
}

/// Delimiters of a comma-separated list.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Delimiter {
    /// No delimiters; at least one element.
    None,
    /// `( ... )`.
    Paren,
    /// `( ... )` if present.
    OptionalParen,
    /// `[ ... ]`.
    Square,
    /// `[ ... ]` if present.
    OptionalSquare,
    /// `< ... >`.
    LessGreater,
    /// `< ... >` if present.
    OptionalLessGreater,
    /// `{ ... }`.
    Brace,
    /// `{ ... }` if present.
    OptionalBrace,
}

/// Decimal or `0x` hexadecimal literal as a `u128`.
pub(crate) fn parse_uint_literal(s: &str) -> Option<u128> {
    match s.strip_prefix("0x") {
        Some(hex) => u128::from_str_radix(hex, 16).ok(),
        None => s.parse::<u128>().ok(),
    }
}

/// Decimal or `0x` hexadecimal literal as an unsigned 128-bit value.
pub(crate) fn parse_int_literal(s: &str) -> Option<i128> {
    if let Some(hex) = s.strip_prefix("0x") {
        u128::from_str_radix(hex, 16).ok().and_then(|v| i128::try_from(v).ok())
    } else {
        s.parse::<i128>().ok()
    }
}
