//! The recursive-descent parser over the token stream: ops (generic and custom form), regions,
//! blocks, SSA names and aliases.
//!
//! SSA names follow upstream MLIR 22's parser: a name defined in a region is visible only inside
//! it, and may not shadow a visible one; isolation from above does not hide names (a use across an
//! isolation boundary parses, and the verifier then reports it, as upstream does). Uses may
//! precede definitions (forward references); they are resolved by replacing a placeholder value
//! when the definition appears, and any left at the end of the input are errors.

use super::lexer::{self, Token, TokenKind};
use super::ParseResult;
use crate::attrs::Attr;
use crate::builder::{InsertPoint, OperationState};
use crate::context::Context;
use crate::diag::{Diagnostic, SourceFile};
use crate::entity::{BlockId, OpId, RegionId, Value};
use crate::location::Location;
use crate::registry::{OpSpec, OpTraits};
use crate::types::Type;
use rustc_hash::FxHashMap as HashMap;
use std::sync::Arc;

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

#[derive(Default)]
struct NameScope {
    values: HashMap<String, ValueGroup>,
    /// Names defined in each open region of this scope, to forget them when it closes.
    defined_in_region: Vec<Vec<String>>,
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
    source: SourceFile,
    tokens: Vec<Token>,
    pos: usize,
    /// Tokens re-read from a split token; consumed (from the back) before `tokens[pos]`.
    pending: Vec<Token>,
    pub(crate) attr_aliases: HashMap<String, Attr>,
    pub(crate) type_aliases: HashMap<String, Type>,
    pub(crate) loc_aliases: HashMap<String, Location>,
    scopes: Vec<NameScope>,
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
    let mut p = Parser::new(ctx, name, text, options.clone())?;
    p.parse_top_level()
}

impl<'s, 'c> Parser<'s, 'c> {
    /// A parser over `text`, reported as file `name`.
    pub fn new(ctx: &'c mut Context, name: &str, text: &'s str, options: ParseOptions) -> ParseResult<Self> {
        let file: Arc<str> = Arc::from(name);
        let source = SourceFile::new(name, Arc::from(""));
        let placeholder_block = ctx.new_block();
        let mut p = Parser {
            ctx,
            src: text,
            file,
            source,
            tokens: Vec::new(),
            pos: 0,
            pending: Vec::new(),
            attr_aliases: HashMap::default(),
            type_aliases: HashMap::default(),
            loc_aliases: HashMap::default(),
            scopes: Vec::new(),
            default_dialects: vec![Some("builtin")],
            placeholder_block,
            options,
            parsed_regions: std::collections::HashSet::default(),
        };
        p.source = SourceFile::new(name, Arc::from(text));
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

    // ----- tokens -----------------------------------------------------------------------------

    pub(crate) fn peek(&self) -> Token {
        self.pending.last().copied().unwrap_or(self.tokens[self.pos])
    }

    pub(crate) fn peek_nth(&self, n: usize) -> Token {
        let np = self.pending.len();
        if n < np {
            self.pending[np - 1 - n]
        } else {
            let i = (self.pos + n - np).min(self.tokens.len() - 1);
            self.tokens[i]
        }
    }

    pub(crate) fn bump(&mut self) -> Token {
        if let Some(t) = self.pending.pop() {
            return t;
        }
        let t = self.tokens[self.pos];
        if t.kind != TokenKind::Eof {
            self.pos += 1;
        }
        t
    }

    /// Replaces the current token by the tokens lexed from `range` of the source (for splitting
    /// `4xf32`-style tokens).
    pub(crate) fn resplit_current(&mut self, from: usize) -> ParseResult<()> {
        let t = self.bump();
        if from >= t.end {
            return Ok(());
        }
        let toks =
            lexer::tokenize_fragment(self.src, 0, from..t.end).ok_or_else(|| self.error_at(from, "invalid token"))?;
        for tok in toks.into_iter().rev() {
            self.pending.push(tok);
        }
        Ok(())
    }

    pub(crate) fn text(&self, t: Token) -> &'s str {
        &self.src[t.start..t.end]
    }

    /// The byte offset of the current token.
    pub fn offset(&self) -> usize {
        self.peek().start
    }

    /// The source text of the current token.
    pub fn peek_text(&self) -> &'s str {
        self.text(self.peek())
    }

    /// The source text of the token `n` places after the current one.
    pub fn peek_nth_text(&self, n: usize) -> &'s str {
        self.text(self.peek_nth(n))
    }

    /// A location for a byte offset of this buffer.
    pub fn loc_at(&self, offset: usize) -> Location {
        let (line, col) = self.source.line_col(offset);
        Location::file_line_col(&self.file, line, col)
    }

    /// The location of the current token.
    pub fn current_loc(&self) -> Location {
        self.loc_at(self.offset())
    }

    /// An error at a byte offset.
    pub fn error_at(&self, offset: usize, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::error(self.loc_at(offset), msg)
    }

    /// An error at the current token.
    pub fn error_here(&self, msg: impl Into<String>) -> Diagnostic {
        self.error_at(self.offset(), msg)
    }

    /// An "expected X" error placed as MLIR's `emitWrongTokenError` does: right after the
    /// previous token (backing up over blanks, newlines and trailing `//` comments), where the
    /// mistake usually is; at end of file one character back first.
    pub fn expected(&self, what: &str) -> Diagnostic {
        self.wrong_token_error(format!("expected {what}"))
    }

    /// Any message placed as MLIR's `emitWrongTokenError` places it (see [`Self::expected`]).
    pub fn wrong_token_error(&self, msg: impl Into<String>) -> Diagnostic {
        let t = self.peek();
        self.error_at(self.wrong_token_offset(t.start, t.kind == TokenKind::Eof), msg)
    }

    /// Consumes the punctuation `p` or fails with "expected 'p'" followed by `context` (such as
    /// " in affine map"), as MLIR's `parseToken` with a message does.
    pub fn parse_punct_in(&mut self, p: &str, context: &str) -> ParseResult<()> {
        if self.parse_optional_punct(p) {
            Ok(())
        } else {
            Err(self.wrong_token_error(format!("expected '{p}'{context}")))
        }
    }

    fn wrong_token_offset(&self, start: usize, eof: bool) -> usize {
        let original = if eof { start.saturating_sub(1) } else { start };
        let bytes = self.src.as_bytes();
        let mut end = original;
        loop {
            while end > 0 && matches!(bytes[end - 1], b' ' | b'\t') {
                end -= 1;
            }
            if end == 0 {
                return original;
            }
            if !matches!(bytes[end - 1], b'\n' | b'\r') {
                return end;
            }
            end -= 1;
            let line_start = bytes[..end].iter().rposition(|&b| b == b'\n' || b == b'\r').map_or(0, |p| p + 1);
            if let Some(c) = self.src[line_start..end].find("//") {
                end = line_start + c;
            }
        }
    }

    /// Whether the current token is the punctuation `p` (`"->"` and `"..."` included).
    pub fn at_punct(&self, p: &str) -> bool {
        let t = self.peek();
        match t.kind {
            TokenKind::Punct => p.len() == 1 && self.src.as_bytes()[t.start] == p.as_bytes()[0],
            TokenKind::Arrow | TokenKind::Ellipsis => self.text(t) == p,
            _ => false,
        }
    }

    /// Consumes the punctuation `p` if present.
    pub fn parse_optional_punct(&mut self, p: &str) -> bool {
        if self.at_punct(p) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Consumes the punctuation `p` or fails.
    pub fn parse_punct(&mut self, p: &str) -> ParseResult<()> {
        if self.parse_optional_punct(p) {
            Ok(())
        } else {
            Err(self.expected(&format!("'{p}'")))
        }
    }

    /// Whether the current token is the keyword `kw`.
    pub fn at_keyword(&self, kw: &str) -> bool {
        let t = self.peek();
        t.kind == TokenKind::BareId && self.text(t) == kw
    }

    /// Consumes keyword `kw` if present.
    pub fn parse_optional_keyword(&mut self, kw: &str) -> bool {
        if self.at_keyword(kw) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Consumes keyword `kw` or fails.
    pub fn parse_keyword(&mut self, kw: &str) -> ParseResult<()> {
        if self.parse_optional_keyword(kw) {
            Ok(())
        } else {
            Err(self.expected(&format!("'{kw}'")))
        }
    }

    /// Consumes any bare identifier and returns it.
    pub fn parse_any_keyword(&mut self) -> ParseResult<&'s str> {
        let t = self.peek();
        if t.kind == TokenKind::BareId {
            self.bump();
            Ok(self.text(t))
        } else {
            Err(self.expected("keyword"))
        }
    }

    /// Consumes a bare identifier if present.
    pub fn parse_optional_any_keyword(&mut self) -> Option<&'s str> {
        let t = self.peek();
        (t.kind == TokenKind::BareId).then(|| {
            self.bump();
            self.text(t)
        })
    }

    /// `[-] integer`, checked to fit in i64.
    pub fn parse_integer(&mut self) -> ParseResult<i64> {
        let start = self.offset();
        let neg = self.parse_optional_punct("-");
        let t = self.peek();
        if t.kind != TokenKind::Integer {
            return Err(self.expected("integer value"));
        }
        self.bump();
        let v = parse_int_literal(self.text(t)).ok_or_else(|| self.error_at(start, "integer value too large"))?;
        let v = if neg { -v } else { v };
        i64::try_from(v).map_err(|_| self.error_at(start, "integer value too large"))
    }

    /// An integer if the current token starts one.
    pub fn parse_optional_integer(&mut self) -> ParseResult<Option<i64>> {
        let t = self.peek();
        let is_int =
            t.kind == TokenKind::Integer || (self.at_punct("-") && self.peek_nth(1).kind == TokenKind::Integer);
        if is_int {
            self.parse_integer().map(Some)
        } else {
            Ok(None)
        }
    }

    /// A string literal's value.
    pub fn parse_string(&mut self) -> ParseResult<String> {
        let t = self.peek();
        if t.kind != TokenKind::String {
            return Err(self.expected("string"));
        }
        self.bump();
        self.string_value(t)
    }

    pub(crate) fn string_bytes(&self, t: Token) -> ParseResult<Vec<u8>> {
        let body = &self.src[t.start + 1..t.end - 1];
        super::escape::unescape_bytes(body)
            .map_err(|off| self.error_at(t.start + 1 + off, "invalid escape in string literal"))
    }

    pub(crate) fn string_value(&self, t: Token) -> ParseResult<String> {
        let body = &self.src[t.start + 1..t.end - 1];
        super::escape::unescape(body)
            .map_err(|off| self.error_at(t.start + 1 + off, "invalid escape in string literal"))
    }

    /// `@name` and returns `name`.
    pub fn parse_symbol_name(&mut self) -> ParseResult<String> {
        self.parse_optional_symbol_name()?
            .ok_or_else(|| self.error_here("expected valid '@'-identifier for symbol name"))
    }

    /// A symbol reference attribute (`@a` or `@a::@b`) as a custom op parses it with
    /// `parseAttribute`: "expected attribute value" if no attribute starts here, "invalid kind
    /// of attribute specified" (at the attribute) if another kind of attribute does.
    /// `flat` accepts only `@a` (upstream's `FlatSymbolRefAttr`). The kind error is prefixed
    /// with `custom op '<op_name>'`, as the custom op parser reports it.
    pub fn parse_symbol_ref_attr(&mut self, flat: bool, op_name: &str) -> ParseResult<Attr> {
        let start = self.offset();
        let a = self.parse_attribute()?;
        if matches!(self.ctx.attr_kind(a), crate::attrs::AttrKind::SymbolRef { nested, .. } if !flat || nested.is_empty())
        {
            Ok(a)
        } else {
            Err(self.error_at(start, format!("custom op '{op_name}' invalid kind of attribute specified")))
        }
    }

    /// `@name` if present.
    pub fn parse_optional_symbol_name(&mut self) -> ParseResult<Option<String>> {
        let t = self.peek();
        if t.kind != TokenKind::AtId {
            return Ok(None);
        }
        self.bump();
        let body = &self.src[t.start + 1..t.end];
        if body.starts_with('"') {
            let inner = &body[1..body.len() - 1];
            return super::escape::unescape(inner)
                .map(Some)
                .map_err(|o| self.error_at(t.start + 2 + o, "invalid escape in symbol name"));
        }
        Ok(Some(body.to_string()))
    }

    /// `( elem, ... )`, `[ ... ]`, `< ... >` or a bare list, per `delim`.
    pub fn parse_comma_separated_list(
        &mut self,
        delim: Delimiter,
        elem: impl FnMut(&mut Self) -> ParseResult<()>,
    ) -> ParseResult<()> {
        self.parse_comma_separated_list_in(delim, "", elem)
    }

    /// [`Self::parse_comma_separated_list`] whose delimiter errors end in `context` (such as
    /// " in argument list"), as MLIR's `parseCommaSeparatedList` with a context message.
    pub fn parse_comma_separated_list_in(
        &mut self,
        delim: Delimiter,
        context: &str,
        mut elem: impl FnMut(&mut Self) -> ParseResult<()>,
    ) -> ParseResult<()> {
        let (open, close) = match delim {
            Delimiter::None => ("", ""),
            Delimiter::Paren | Delimiter::OptionalParen => ("(", ")"),
            Delimiter::Square | Delimiter::OptionalSquare => ("[", "]"),
            Delimiter::LessGreater | Delimiter::OptionalLessGreater => ("<", ">"),
            Delimiter::Brace | Delimiter::OptionalBrace => ("{", "}"),
        };
        if !open.is_empty() {
            let optional = matches!(
                delim,
                Delimiter::OptionalParen
                    | Delimiter::OptionalSquare
                    | Delimiter::OptionalLessGreater
                    | Delimiter::OptionalBrace
            );
            if optional {
                if !self.parse_optional_punct(open) {
                    return Ok(());
                }
            } else {
                self.parse_punct_in(open, context)?;
            }
            if self.parse_optional_punct(close) {
                return Ok(());
            }
        }
        loop {
            elem(self)?;
            if !self.parse_optional_punct(",") {
                break;
            }
        }
        if !close.is_empty() {
            self.parse_punct_in(close, context)?;
        }
        Ok(())
    }

    // ----- top level --------------------------------------------------------------------------

    fn parse_top_level(&mut self) -> ParseResult<OpId> {
        let (region, block) = self.ctx.new_region_with_block(&[]);
        self.push_scope(true);
        self.push_region_names();
        self.predefine_location_aliases()?;
        loop {
            let t = self.peek();
            match t.kind {
                TokenKind::Eof => break,
                // As upstream, a top-level `#x` or `!x` always starts an alias definition.
                TokenKind::HashId => self.parse_attr_alias_def()?,
                TokenKind::BangId => self.parse_type_alias_def()?,
                _ => {
                    let op = self.parse_operation()?;
                    self.ctx.insert_op(InsertPoint::BlockEnd(block), op);
                }
            }
        }
        self.pop_region_names()?;
        self.pop_scope()?;
        let ops = self.ctx.block_ops(block);
        if let [only] = ops[..] {
            if self.ctx.op_is(only, crate::symbol::MODULE_OP) {
                self.ctx.unlink_op(only);
                return Ok(only);
            }
        }
        let module_loc = Location::file_line_col(&self.file, 0, 0);
        let state = OperationState::new(crate::symbol::MODULE_OP, module_loc).region(region);
        Ok(self.ctx.create_op(state))
    }

    fn parse_attr_alias_def(&mut self) -> ParseResult<()> {
        let t = self.bump();
        let name = self.text(t)[1..].to_string();
        if name.contains('.') {
            return Err(self.error_at(t.start, "attribute names with a '.' are reserved for dialect-defined names"));
        }
        self.parse_punct_in("=", " in attribute alias definition")?;
        if self.at_keyword("loc") {
            // Defined already by `predefine_location_aliases`.
            self.parse_location()?;
            return Ok(());
        }
        if self.attr_aliases.contains_key(&name) || self.loc_aliases.contains_key(&name) {
            return Err(self.error_at(t.start, format!("redefinition of attribute alias id '{name}'")));
        }
        let attr = self.parse_attribute()?;
        self.attr_aliases.insert(name, attr);
        Ok(())
    }

    /// Location aliases (`#loc3 = loc(...)`) may be defined after their uses, at the end of the
    /// file where `--mlir-print-debuginfo` puts them; read them all before the ops.
    fn predefine_location_aliases(&mut self) -> ParseResult<()> {
        let starts: Vec<usize> = (0..self.tokens.len().saturating_sub(3))
            .filter(|&i| {
                let [a, b, c] = [self.tokens[i], self.tokens[i + 1], self.tokens[i + 2]];
                a.kind == TokenKind::HashId
                    && (i == 0 || self.text(self.tokens[i - 1]) != "(")
                    && self.text(b) == "="
                    && b.kind == TokenKind::Punct
                    && c.kind == TokenKind::BareId
                    && self.text(c) == "loc"
            })
            .collect();
        let saved = self.pos;
        // Aliases may refer to aliases defined later (`fused[#loc1, #loc2]`): retry until no
        // definition makes progress.
        let mut pending = starts;
        while !pending.is_empty() {
            let mut failed = Vec::new();
            let mut last_error = None;
            for &i in &pending {
                self.pos = i;
                let t = self.bump();
                let name = self.text(t)[1..].to_string();
                if self.loc_aliases.contains_key(&name) {
                    self.pos = saved;
                    return Err(self.error_at(t.start, format!("redefinition of attribute alias id '{name}'")));
                }
                self.bump();
                match self.parse_location() {
                    Ok(loc) => {
                        self.loc_aliases.insert(name, loc);
                    }
                    Err(e) => {
                        failed.push(i);
                        last_error = Some(e);
                    }
                }
            }
            if failed.len() == pending.len() {
                self.pos = saved;
                return Err(last_error.expect("a failed definition left its error"));
            }
            pending = failed;
        }
        self.pos = saved;
        Ok(())
    }

    fn parse_type_alias_def(&mut self) -> ParseResult<()> {
        let t = self.bump();
        let name = self.text(t)[1..].to_string();
        if name.contains('.') {
            return Err(self.error_at(t.start, "type names with a '.' are reserved for dialect-defined names"));
        }
        if self.type_aliases.contains_key(&name) {
            return Err(self.error_at(t.start, format!("redefinition of type alias id '{name}'")));
        }
        self.parse_punct_in("=", " in type alias definition")?;
        let ty = self.parse_type()?;
        self.type_aliases.insert(name, ty);
        Ok(())
    }

    // ----- name scopes ------------------------------------------------------------------------

    fn push_scope(&mut self, _isolated: bool) {
        self.scopes.push(NameScope::default());
    }

    fn pop_scope(&mut self) -> ParseResult<()> {
        let scope = self.scopes.pop().expect("scope stack is balanced");
        if let Some((_, (_, offset))) = scope.forward.into_iter().min_by_key(|(_, (_, o))| *o) {
            return Err(self.error_at(offset, "use of undeclared SSA value name"));
        }
        Ok(())
    }

    fn push_region_names(&mut self) {
        let s = self.scopes.last_mut().expect("a scope is open");
        s.defined_in_region.push(Vec::new());
        s.blocks.push(HashMap::default());
    }

    fn pop_region_names(&mut self) -> ParseResult<()> {
        let s = self.scopes.last_mut().expect("a scope is open");
        for name in s.defined_in_region.pop().unwrap_or_default() {
            s.values.remove(&name);
        }
        let blocks = s.blocks.pop().unwrap_or_default();
        if let Some((_, (_, _, offset))) =
            blocks.into_iter().filter(|(_, (_, defined, _))| !defined).min_by_key(|(_, (_, _, o))| *o)
        {
            return Err(self.error_at(offset, "reference to an undefined block"));
        }
        Ok(())
    }

    /// Binds `name` to `values`, which are consecutive ids (one op's results, or one argument).
    fn define_values(&mut self, name: &str, offset: usize, values: &[Value]) -> ParseResult<()> {
        let previous = self.scopes.last().expect("a scope is open").values.get(name).map(|g| g.offset);
        if let Some(prev) = previous {
            let prev = self.loc_at(prev);
            return Err(self
                .error_at(offset, format!("redefinition of SSA value '%{name}'"))
                .with_note(prev, "previously defined here"));
        }
        let scope = self.scopes.last_mut().expect("a scope is open");
        let mut replacements = Vec::new();
        if !scope.forward.is_empty() {
            for (i, &v) in values.iter().enumerate() {
                if let Some((ph, use_off)) = scope.forward.remove(&(name.to_string(), i as u32)) {
                    replacements.push((ph, v, use_off));
                }
            }
        }
        let Some(&first) = values.first() else { return Ok(()) };
        debug_assert!(values.iter().enumerate().all(|(i, v)| v.index() == first.index() + i));
        scope.values.insert(name.to_string(), ValueGroup { first, len: values.len() as u32, offset });
        if let Some(r) = scope.defined_in_region.last_mut() {
            r.push(name.to_string());
        }
        for (ph, v, use_off) in replacements {
            let (pt, vt) = (self.ctx.value_type(ph), self.ctx.value_type(v));
            if pt != vt {
                // As upstream's `addDefinition`: at the definition, the forward use in a note.
                let number = v.index() - first.index();
                return Err(self
                    .error_at(
                        offset,
                        format!("definition of SSA value '%{name}#{number}' has type '{}'", self.type_text(vt)),
                    )
                    .with_note(
                        self.loc_at(use_off),
                        format!("previously used here with type '{}'", self.type_text(pt)),
                    ));
            }
            self.ctx.replace_all_uses(ph, v);
        }
        Ok(())
    }

    pub(crate) fn type_text(&self, ty: Type) -> String {
        super::printer::type_to_string(self.ctx, ty)
    }

    // ----- operands ---------------------------------------------------------------------------

    /// `%name` or `%name#N`.
    pub fn parse_operand(&mut self) -> ParseResult<UnresolvedOperand> {
        self.parse_optional_operand()?.ok_or_else(|| self.expected("SSA operand"))
    }

    /// The name of a value being defined (a region argument): `%name` without `#N` (MLIR's
    /// `parseArgument`, which parses an operand with `allowResultNumber = false`).
    pub fn parse_argument_operand(&mut self) -> ParseResult<UnresolvedOperand> {
        let t = self.peek();
        if t.kind != TokenKind::PercentId {
            return Err(self.expected("SSA operand"));
        }
        self.bump();
        let h = self.peek();
        if h.kind == TokenKind::HashId && h.start == t.end {
            return Err(self.error_here("result number not allowed in argument list"));
        }
        Ok(UnresolvedOperand { name: self.text(t)[1..].to_string(), number: 0, offset: t.start })
    }

    /// An operand if the current token is a `%` name.
    pub fn parse_optional_operand(&mut self) -> ParseResult<Option<UnresolvedOperand>> {
        let t = self.peek();
        if t.kind != TokenKind::PercentId {
            return Ok(None);
        }
        self.bump();
        let name = self.text(t)[1..].to_string();
        let mut number = 0;
        let h = self.peek();
        if h.kind == TokenKind::HashId && h.start == t.end {
            self.bump();
            number = self.text(h)[1..]
                .parse::<u32>()
                .map_err(|_| self.error_at(h.start, "invalid SSA value result number"))?;
        }
        Ok(Some(UnresolvedOperand { name, number, offset: t.start }))
    }

    /// A comma-separated list of operands (possibly empty), without delimiters.
    pub fn parse_operand_list(&mut self) -> ParseResult<Vec<UnresolvedOperand>> {
        let mut out = Vec::new();
        if let Some(first) = self.parse_optional_operand()? {
            out.push(first);
            while self.parse_optional_punct(",") {
                out.push(self.parse_operand()?);
            }
        }
        Ok(out)
    }

    /// `( operands )`.
    /// MLIR's `parseOperandList` with a delimiter (`(a, b)`, `[a, b]`, optional `[...]`; possibly
    /// empty): its delimiter errors end in " in operand list".
    pub fn parse_delimited_operand_list(&mut self, delim: Delimiter) -> ParseResult<Vec<UnresolvedOperand>> {
        let mut out = Vec::new();
        self.parse_comma_separated_list_in(delim, " in operand list", |p| {
            out.push(p.parse_operand()?);
            Ok(())
        })?;
        Ok(out)
    }

    /// `( operands )`.
    pub fn parse_paren_operand_list(&mut self) -> ParseResult<Vec<UnresolvedOperand>> {
        self.parse_punct("(")?;
        let ops = self.parse_operand_list()?;
        self.parse_punct(")")?;
        Ok(ops)
    }

    /// Resolves an operand to a value of type `ty` (creating a forward reference if needed).
    pub fn resolve_operand(&mut self, operand: &UnresolvedOperand, ty: Type) -> ParseResult<Value> {
        let found = self.lookup_value(operand)?;
        if let Some(v) = found {
            let vt = self.ctx.value_type(v);
            if vt != ty {
                return Err(self
                    .error_at(
                        operand.offset,
                        format!(
                            "use of value '%{}' expects different type than prior uses: '{}' vs '{}'",
                            operand.name,
                            self.type_text(ty),
                            self.type_text(vt)
                        ),
                    )
                    .with_note(self.value_def_loc(v), "prior use here"));
            }
            return Ok(v);
        }
        let scope = self.scopes.last_mut().expect("a scope is open");
        let key = (operand.name.clone(), operand.number);
        if let Some(&(ph, _)) = scope.forward.get(&key) {
            let pt = self.ctx.value_type(ph);
            if pt != ty {
                let first_use = self.scopes.last().and_then(|s| s.forward.get(&key)).map(|&(_, o)| o);
                let mut err = self.error_at(
                    operand.offset,
                    format!(
                        "use of value '%{}' expects different type than prior uses: '{}' vs '{}'",
                        operand.name,
                        self.type_text(ty),
                        self.type_text(pt)
                    ),
                );
                if let Some(o) = first_use {
                    err = err.with_note(self.loc_at(o), "prior use here");
                }
                return Err(err);
            }
            return Ok(ph);
        }
        let ph = self.ctx.add_block_arg(self.placeholder_block, ty);
        self.scopes.last_mut().expect("a scope is open").forward.insert(key, (ph, operand.offset));
        Ok(ph)
    }

    /// Resolves operands against a list of types of the same length.
    pub fn resolve_operands(
        &mut self,
        operands: &[UnresolvedOperand],
        types: &[Type],
        offset: usize,
    ) -> ParseResult<Vec<Value>> {
        if operands.len() != types.len() {
            return Err(
                self.error_at(offset, format!("{} operands present, but expected {}", operands.len(), types.len()))
            );
        }
        operands.iter().zip(types).map(|(o, &t)| self.resolve_operand(o, t)).collect()
    }

    /// Resolves operands that must all have type `ty`.
    pub fn resolve_operands_of(&mut self, operands: &[UnresolvedOperand], ty: Type) -> ParseResult<Vec<Value>> {
        operands.iter().map(|o| self.resolve_operand(o, ty)).collect()
    }

    /// The value of an already-defined operand, if any (for custom syntax whose types are
    /// inferred from operands).
    pub fn lookup_value(&self, operand: &UnresolvedOperand) -> ParseResult<Option<Value>> {
        let scope = self.scopes.last().expect("a scope is open");
        match scope.values.get(&operand.name) {
            Some(group) if operand.number < group.len => Ok(Some(Value(group.first.0 + operand.number))),
            Some(_) => Err(self.error_at(operand.offset, "reference to invalid result number")),
            None => Ok(None),
        }
    }

    // ----- types ------------------------------------------------------------------------------

    /// `: type`.
    pub fn parse_colon_type(&mut self) -> ParseResult<Type> {
        self.parse_punct(":")?;
        self.parse_type()
    }

    /// A comma-separated, non-empty list of types.
    pub fn parse_type_list(&mut self) -> ParseResult<Vec<Type>> {
        let mut out = vec![self.parse_type()?];
        while self.parse_optional_punct(",") {
            out.push(self.parse_type()?);
        }
        Ok(out)
    }

    /// `: type, type` (non-empty).
    pub fn parse_colon_type_list(&mut self) -> ParseResult<Vec<Type>> {
        self.parse_punct(":")?;
        self.parse_type_list()
    }

    /// A function result list: `type`, `(type, ...)` or `()`.
    pub fn parse_function_result_types(&mut self) -> ParseResult<Vec<Type>> {
        if self.parse_optional_punct("(") {
            if self.parse_optional_punct(")") {
                return Ok(Vec::new());
            }
            let tys = self.parse_type_list()?;
            self.parse_punct(")")?;
            Ok(tys)
        } else {
            Ok(vec![self.parse_type()?])
        }
    }

    /// `-> results` if present (else no results).
    pub fn parse_optional_arrow_type_list(&mut self) -> ParseResult<Vec<Type>> {
        if self.parse_optional_punct("->") {
            self.parse_function_result_types()
        } else {
            Ok(Vec::new())
        }
    }

    // ----- attributes -------------------------------------------------------------------------

    /// `{name = attr, ...}` if present, into `state.attrs` (inherent names of registered ops go
    /// into `state.props`).
    pub fn parse_optional_attr_dict(&mut self, state: &mut OperationState) -> ParseResult<()> {
        if !self.at_punct("{") {
            return Ok(());
        }
        let entries = self.parse_attr_dict_entries()?;
        let spec = self.ctx.registry().op(&state.name);
        for (name, attr) in entries {
            match spec {
                Some(s) if s.is_inherent(&name) => state.add_prop(&name, attr),
                _ => state.add_attr(&name, attr),
            }
        }
        Ok(())
    }

    /// `attributes {...}` if present.
    pub fn parse_optional_attr_dict_with_keyword(&mut self, state: &mut OperationState) -> ParseResult<()> {
        if self.parse_optional_keyword("attributes") {
            if !self.at_punct("{") {
                return Err(self.expected("'{'"));
            }
            self.parse_optional_attr_dict(state)?;
        }
        Ok(())
    }

    /// `{a = 1, b}` as a list of named attributes (duplicates rejected).
    pub fn parse_attr_dict_entries(&mut self) -> ParseResult<Vec<(String, Attr)>> {
        let mut entries: Vec<(String, Attr)> = Vec::new();
        self.parse_comma_separated_list_in(Delimiter::Brace, " in attribute dictionary", |p| {
            let t = p.peek();
            let name = match t.kind {
                TokenKind::BareId => p.text(t).to_string(),
                TokenKind::String => p.string_value(t)?,
                _ => return Err(p.expected("attribute name")),
            };
            if name.is_empty() {
                return Err(p.error_here("expected valid attribute name"));
            }
            p.bump();
            if entries.iter().any(|(n, _)| *n == name) {
                return Err(p.error_at(t.start, format!("duplicate key '{name}' in dictionary attribute")));
            }
            let attr = if p.parse_optional_punct("=") { p.parse_attribute()? } else { p.ctx.unit_attr() };
            entries.push((name, attr));
            Ok(())
        })?;
        Ok(entries)
    }

    // ----- locations --------------------------------------------------------------------------

    /// `loc(...)`.
    pub fn parse_location(&mut self) -> ParseResult<Location> {
        self.parse_keyword("loc")?;
        self.parse_punct_in("(", " in location")?;
        let loc = self.parse_location_body()?;
        self.parse_punct_in(")", " in location")?;
        Ok(loc)
    }

    fn parse_location_body(&mut self) -> ParseResult<Location> {
        let t = self.peek();
        match t.kind {
            TokenKind::HashId => {
                self.bump();
                let name = &self.text(t)[1..];
                self.loc_aliases
                    .get(name)
                    .cloned()
                    .ok_or_else(|| self.error_at(t.start, "operation location alias was never defined"))
            }
            TokenKind::BareId if self.text(t) == "unknown" => {
                self.bump();
                Ok(Location::Unknown)
            }
            TokenKind::BareId if self.text(t) == "callsite" => {
                self.bump();
                self.parse_punct("(")?;
                let callee = self.parse_location_body()?;
                if !self.parse_optional_keyword("at") {
                    return Err(self.expected("'at' in callsite location"));
                }
                let caller = self.parse_location_body()?;
                self.parse_punct(")")?;
                Ok(Location::CallSite { callee: Box::new(callee), caller: Box::new(caller) })
            }
            TokenKind::BareId if self.text(t) == "fused" => {
                self.bump();
                let mut metadata = None;
                if self.parse_optional_punct("<") {
                    let start = self.offset();
                    self.parse_attribute()?;
                    let end = self.offset();
                    metadata = Some(Arc::from(self.src[start..end].trim_end()));
                    self.parse_punct(">")?;
                }
                let mut locs = Vec::new();
                self.parse_comma_separated_list(Delimiter::Square, |p| {
                    locs.push(p.parse_location_body()?);
                    Ok(())
                })?;
                Ok(Location::fused(locs, metadata))
            }
            TokenKind::String => {
                self.bump();
                let s = self.string_value(t)?;
                if self.parse_optional_punct(":") {
                    // As upstream's `parseNameOrFileLineLocation`: `"f":3` is column 0.
                    let file: Arc<str> = Arc::from(s.as_str());
                    let line = self.parse_location_number("expected integer line number in FileLineColRange")?;
                    if !self.parse_optional_punct(":") {
                        return Ok(Location::FileLineCol { file, line, col: 0 });
                    }
                    let col = self.parse_location_number("expected integer column number in FileLineColRange")?;
                    if self.parse_optional_keyword("to") {
                        let end_line = if self.peek().kind == TokenKind::Integer {
                            Some(self.parse_location_number("expected integer line number in FileLineColRange")?)
                        } else {
                            None
                        };
                        if !self.parse_optional_punct(":") {
                            return Err(
                                self.wrong_token_error("expected either integer or `:` post `to` in FileLineColRange")
                            );
                        }
                        let end_col =
                            self.parse_location_number("expected integer column number in FileLineColRange")?;
                        return Ok(Location::FileRange { file, line, col, end_line, end_col });
                    }
                    return Ok(Location::FileLineCol { file, line, col });
                }
                let child = if self.parse_optional_punct("(") {
                    let c = self.parse_location_body()?;
                    self.parse_punct(")")?;
                    Some(Box::new(c))
                } else {
                    None
                };
                Ok(Location::Name { name: Arc::from(s.as_str()), child })
            }
            _ => Err(self.expected("location instance")),
        }
    }

    /// A line or column number of a file location (an unsigned 32-bit integer).
    fn parse_location_number(&mut self, msg: &str) -> ParseResult<u32> {
        let t = self.peek();
        let value = (t.kind == TokenKind::Integer).then(|| parse_uint_literal(self.text(t))).flatten();
        let Some(v) = value.and_then(|v| u32::try_from(v).ok()) else {
            return Err(self.wrong_token_error(msg));
        };
        self.bump();
        Ok(v)
    }

    /// A `loc(...)` where upstream's `parseTrailingLocationSpecifier` may find one: the
    /// keyword `loc` always starts it.
    fn parse_trailing_location(&mut self) -> ParseResult<Option<Location>> {
        if self.at_keyword("loc") {
            return self.parse_location().map(Some);
        }
        Ok(None)
    }

    // ----- operations -------------------------------------------------------------------------

    /// Parses one operation (with its result bindings) and returns it, detached.
    pub fn parse_operation(&mut self) -> ParseResult<OpId> {
        let mut result_groups: Vec<(String, usize, usize)> = Vec::new();
        let start = self.offset();
        if self.peek().kind == TokenKind::PercentId {
            loop {
                let t = self.peek();
                if t.kind != TokenKind::PercentId {
                    return Err(self.expected("valid ssa identifier"));
                }
                self.bump();
                let name = self.text(t)[1..].to_string();
                let mut count = 1usize;
                if self.parse_optional_punct(":") {
                    let count_off = self.offset();
                    if self.peek().kind != TokenKind::Integer {
                        return Err(self.expected("integer number of results"));
                    }
                    let n = self.parse_integer()?;
                    if n < 1 {
                        return Err(self.error_at(count_off, "expected named operation to have at least 1 result"));
                    }
                    count = n as usize;
                }
                result_groups.push((name, count, t.start));
                if !self.parse_optional_punct(",") {
                    break;
                }
            }
            self.parse_punct_in("=", " after SSA name")?;
        }
        let name_tok = self.peek();
        let op = match name_tok.kind {
            TokenKind::String => self.parse_generic_operation()?,
            // `i32` lexes as an integer type upstream, never an op name.
            TokenKind::BareId if super::parse_type::int_type_spelling(self.text(name_tok)).is_some() => {
                return Err(self.expected("operation name in quotes"))
            }
            TokenKind::BareId => self.parse_custom_operation()?,
            _ => return Err(self.expected("operation name in quotes")),
        };
        let num_results = self.ctx.results(op).len();
        let expected: usize = result_groups.iter().map(|g| g.1).sum();
        if !result_groups.is_empty() && expected != num_results {
            return Err(self.error_at(
                start,
                if num_results == 0 {
                    "cannot name an operation with no results".to_string()
                } else {
                    format!("operation defines {num_results} results but was provided {expected} to bind")
                },
            ));
        }
        let results = self.ctx.results(op).to_vec();
        let mut next = 0;
        for (name, count, offset) in result_groups {
            self.define_values(&name, offset, &results[next..next + count])?;
            next += count;
        }
        Ok(op)
    }

    fn parse_generic_operation(&mut self) -> ParseResult<OpId> {
        let name_tok = self.bump();
        let name = self.string_value(name_tok)?;
        let loc = self.loc_at(name_tok.start);
        if name.is_empty() {
            return Err(self.error_at(name_tok.start, "empty operation name is invalid"));
        }
        let spec = self.ctx.registry().op(&name);
        if spec.is_none() && !self.options.allow_unregistered {
            let dialect = name.split_once('.').map_or(name.as_str(), |(d, _)| d);
            let msg = if self.ctx.registry().dialect(dialect).is_some() {
                format!("unregistered operation '{name}' found in dialect ('{dialect}') that does not allow unknown operations")
            } else {
                "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used".to_string()
            };
            // Upstream notices this after the name, at the operand list.
            return Err(self.error_at(self.offset(), msg));
        }
        let mut state = OperationState::new(name, loc);
        // Operands.
        self.parse_punct_in("(", " to start operand list")?;
        let operands = self.parse_operand_list()?;
        self.parse_punct_in(")", " to end operand list")?;
        // Successors.
        if self.at_punct("[") {
            if spec.is_some_and(|s| !s.has(OpTraits::TERMINATOR)) {
                return Err(self.error_here("successors in non-terminator"));
            }
            self.parse_comma_separated_list(Delimiter::Square, |p| {
                let b = p.parse_successor()?;
                state.successors.push(b);
                Ok(())
            })?;
        }
        // Properties.
        if self.at_punct("<") {
            self.bump();
            if !self.at_punct("{") {
                return Err(self.expected("'{' to start properties"));
            }
            for (n, a) in self.parse_attr_dict_entries()? {
                // Upstream drops properties a registered op does not define.
                if spec.is_none_or(|s| s.is_inherent(&n)) {
                    state.add_prop(&n, a);
                }
            }
            self.parse_punct(">")?;
        }
        // Regions.
        if self.parse_optional_punct("(") {
            self.default_dialects.push(spec.and_then(|s| s.default_dialect));
            let isolated = spec.is_some_and(|s| s.has(OpTraits::ISOLATED_FROM_ABOVE));
            loop {
                let r = self.parse_region(&[], isolated)?;
                state.regions.push(r);
                if !self.parse_optional_punct(",") {
                    break;
                }
            }
            self.default_dialects.pop();
            self.parse_punct_in(")", " to end region list")?;
        }
        // Attributes.
        self.parse_optional_attr_dict(&mut state)?;
        // Type.
        self.parse_punct_in(":", " followed by operation type")?;
        let type_off = self.offset();
        let fty = self.parse_type()?;
        let Some((inputs, results)) = self.ctx.function_parts(fty).map(|(i, r)| (i.to_vec(), r.to_vec())) else {
            return Err(self.error_at(type_off, "expected function type"));
        };
        if operands.len() != inputs.len() {
            // Upstream streams the plural suffix as a char, a NUL in the singular.
            let plural = if operands.len() == 1 { "\0" } else { "s" };
            let msg = format!("expected {} operand type{plural} but had {}", operands.len(), inputs.len());
            return Err(self.error_at(type_off, msg));
        }
        state.operands = self.resolve_operands(&operands, &inputs, type_off)?;
        state.result_types = results;
        if let Some(l) = self.parse_trailing_location()? {
            state.loc = l;
        }
        Ok(self.ctx.create_op(state))
    }

    /// Resolves a custom-form op name: a name without a dialect prefix is looked up in the
    /// default dialect of the enclosing op (`return` in `func.func`, `module` at top level);
    /// a prefixed name that is unknown is retried with the default dialect prefixed.
    fn resolve_custom_name(&self, name: &str) -> Option<&'static OpSpec> {
        let reg = self.ctx.registry();
        let default = self.default_dialects.last().copied().flatten();
        let with_default = || default.and_then(|d| reg.op(&format!("{d}.{name}")));
        if !name.contains('.') {
            return with_default();
        }
        reg.op(name).or_else(with_default)
    }

    /// The error for a custom-form op name that resolves to nothing, worded as upstream's.
    fn unknown_custom_op(&self, name: &str, offset: usize) -> Diagnostic {
        let default = self.default_dialects.last().copied().flatten();
        match name.split_once('.') {
            Some((dialect, _)) if self.ctx.registry().dialect(dialect).is_some() => {
                self.error_at(offset, format!("custom op '{name}' is unknown"))
            }
            Some((dialect, _)) => {
                let mut known: Vec<&str> = self.ctx.registry().dialects().iter().map(|d| d.name).collect();
                known.sort_unstable();
                self.error_at(offset, format!("Dialect `{dialect}' not found for custom op '{name}' "))
                    .with_note(self.loc_at(offset), format!("Available dialects: {}", known.join(", ")))
            }
            None => match default {
                Some(d) => self.error_at(offset, format!("custom op '{name}' is unknown (tried '{d}.{name}' as well)")),
                None => {
                    let mut known: Vec<&str> = self.ctx.registry().dialects().iter().map(|d| d.name).collect();
                    known.sort_unstable();
                    self.error_at(
                        offset,
                        format!("Dialect `' not found for custom op '{name}'  (tried '.{name}' as well)"),
                    )
                    .with_note(self.loc_at(offset), format!("Available dialects: {}", known.join(", ")))
                }
            },
        }
    }

    fn parse_custom_operation(&mut self) -> ParseResult<OpId> {
        let name_tok = self.bump();
        let name = self.text(name_tok);
        let Some(spec) = self.resolve_custom_name(name) else {
            return Err(self.unknown_custom_op(name, name_tok.start));
        };
        let Some(parse) = spec.parse else {
            return Err(self.error_at(name_tok.start, format!("custom op '{name}' has no custom assembly form")));
        };
        let mut state = OperationState::new(spec.name, self.loc_at(name_tok.start));
        self.default_dialects.push(spec.default_dialect);
        let r = parse(self, &mut state);
        self.default_dialects.pop();
        r?;
        if let Some(term) = spec.implicit_terminator {
            for &region in &state.regions {
                // A region the custom parser created empty (an absent optional region) stays
                // empty, as in MLIR where parsers call `ensureTerminator` on parsed regions only.
                if self.parsed_regions.contains(&region) || !self.ctx.region_is_empty(region) {
                    self.ensure_terminator(region, term, &state.loc);
                }
            }
        }
        if let Some(l) = self.parse_trailing_location()? {
            state.loc = l;
        }
        Ok(self.ctx.create_op(state))
    }

    /// Appends the implicit terminator `term` to each block of `region` that does not end with a
    /// terminator (MLIR's `ensureTerminator`). An empty region gets one block.
    pub fn ensure_terminator(&mut self, region: RegionId, term: &str, loc: &Location) {
        if self.ctx.region_is_empty(region) {
            let b = self.ctx.new_block();
            self.ctx.append_block(region, b);
        }
        for b in self.ctx.region_blocks(region).to_vec() {
            let last = self.ctx.block_last_op(b);
            // As MLIR's `hasTrait<IsTerminator>`: an unregistered last op is not a terminator.
            let ends = last.is_some_and(|o| self.ctx.op_has(o, OpTraits::TERMINATOR));
            if !ends {
                let op = self.ctx.create_op(OperationState::new(term, loc.clone()));
                self.ctx.insert_op(InsertPoint::BlockEnd(b), op);
            }
        }
    }

    // ----- regions and blocks -----------------------------------------------------------------

    /// `{ ... }` with optional entry-block arguments defined by the op's custom syntax.
    /// `isolated` says whether the op is isolated from above (it does not hide names).
    pub fn parse_region(&mut self, entry_args: &[Argument], isolated: bool) -> ParseResult<RegionId> {
        self.parse_region_impl(entry_args, isolated, true)
    }

    /// A region if the current token is `{`.
    pub fn parse_optional_region(&mut self, entry_args: &[Argument], isolated: bool) -> ParseResult<Option<RegionId>> {
        if self.at_punct("{") {
            self.parse_region(entry_args, isolated).map(Some)
        } else {
            Ok(None)
        }
    }

    fn parse_region_impl(
        &mut self,
        entry_args: &[Argument],
        isolated: bool,
        _allow_empty: bool,
    ) -> ParseResult<RegionId> {
        let open = self.offset();
        self.parse_punct_in("{", " to begin a region")?;
        let region = self.ctx.new_region();
        self.parsed_regions.insert(region);
        // Isolation does not change name visibility (see the module docs); the flag stays in the
        // API because custom parsers know it and a stricter mode may want it.
        let _ = isolated;
        self.push_region_names();
        let result = self.parse_region_body(region, entry_args, open);
        let popped = self.pop_region_names();
        result?;
        popped?;
        Ok(region)
    }

    fn parse_region_body(&mut self, region: RegionId, entry_args: &[Argument], open: usize) -> ParseResult<()> {
        if self.parse_optional_punct("}") {
            if !entry_args.is_empty() {
                let b = self.ctx.new_block();
                self.ctx.append_block(region, b);
                self.define_entry_args(b, entry_args)?;
            }
            return Ok(());
        }
        // The entry block: implicit unless labeled.
        if self.peek().kind == TokenKind::CaretId {
            if !entry_args.is_empty() {
                return Err(self.error_here("invalid block name in region with named arguments"));
            }
        } else {
            let b = self.ctx.new_block();
            self.ctx.append_block(region, b);
            self.define_entry_args(b, entry_args)?;
            self.parse_block_ops(b)?;
        }
        while self.peek().kind == TokenKind::CaretId {
            self.parse_labeled_block(region)?;
        }
        if !self.parse_optional_punct("}") {
            if self.peek().kind == TokenKind::Eof {
                return Err(self
                    .error_at(open, "expected '}' to close this region: reached end of file")
                    .with_note(self.current_loc(), "the region ends here"));
            }
            return Err(self.expected("'}' to end region"));
        }
        Ok(())
    }

    fn define_entry_args(&mut self, block: BlockId, args: &[Argument]) -> ParseResult<()> {
        for a in args {
            if let Some(prev) = self.visible_value_loc(&a.name.name) {
                return Err(self
                    .error_at(a.name.offset, format!("region entry argument '%{}' is already in use", a.name.name))
                    .with_note(prev, "previously referenced here"));
            }
            let v = self.ctx.add_block_arg(block, a.ty);
            let loc = a.loc.clone().unwrap_or_else(|| self.loc_at(a.name.offset));
            self.ctx.set_value_loc(v, loc);
            self.define_values(&a.name.name, a.name.offset, &[v])?;
        }
        Ok(())
    }

    /// Where the visible value `name` was defined (or first used, if only forward-referenced).
    fn visible_value_loc(&self, name: &str) -> Option<Location> {
        let scope = self.scopes.last()?;
        if let Some(v) = scope.values.get(name).map(|g| g.first) {
            return Some(self.value_def_loc(v));
        }
        scope.forward.iter().find(|((n, _), _)| n == name).map(|(_, &(_, offset))| self.loc_at(offset))
    }

    /// The location of a value's definition: a block argument's own location, else its op's.
    fn value_def_loc(&self, v: Value) -> Location {
        match self.ctx.defining_op(v) {
            Some(op) => self.ctx.loc(op).clone(),
            None => self.ctx.value_loc(v).cloned().unwrap_or_default(),
        }
    }

    fn block_by_name(&mut self, name: &str, offset: usize) -> BlockId {
        let blocks = self.scopes.last_mut().expect("a scope is open").blocks.last_mut().expect("a region is open");
        if let Some(&(b, _, _)) = blocks.get(name) {
            return b;
        }
        let b = self.ctx.new_block();
        self.scopes
            .last_mut()
            .expect("a scope is open")
            .blocks
            .last_mut()
            .expect("a region is open")
            .insert(name.to_string(), (b, false, offset));
        b
    }

    /// `^bb1` as a successor.
    pub fn parse_successor(&mut self) -> ParseResult<BlockId> {
        let t = self.peek();
        if t.kind != TokenKind::CaretId {
            return Err(self.expected("block name"));
        }
        self.bump();
        let name = self.text(t)[1..].to_string();
        if self.scopes.last().is_none_or(|s| s.blocks.is_empty()) {
            return Err(self.error_at(t.start, "successors are only allowed inside a region"));
        }
        Ok(self.block_by_name(&name, t.start))
    }

    fn parse_labeled_block(&mut self, region: RegionId) -> ParseResult<()> {
        let t = self.bump();
        let name = self.text(t)[1..].to_string();
        let b = self.block_by_name(&name, t.start);
        {
            let blocks = self.scopes.last_mut().expect("a scope is open").blocks.last_mut().expect("a region is open");
            let entry = blocks.get_mut(&name).expect("just inserted");
            if entry.1 {
                return Err(self.error_at(t.start, format!("redefinition of block '^{name}'")));
            }
            entry.1 = true;
        }
        self.ctx.append_block(region, b);
        if self.parse_optional_punct("(") && !self.parse_optional_punct(")") {
            loop {
                let arg = self.parse_operand()?;
                self.parse_punct_in(":", " and type for SSA operand")?;
                let ty = self.parse_type()?;
                let loc = self.parse_trailing_location()?;
                let v = self.ctx.add_block_arg(b, ty);
                if let Some(l) = loc {
                    self.ctx.set_value_loc(v, l);
                } else {
                    let l = self.loc_at(arg.offset);
                    self.ctx.set_value_loc(v, l);
                }
                self.define_values(&arg.name, arg.offset, &[v])?;
                if !self.parse_optional_punct(",") {
                    break;
                }
            }
            self.parse_punct(")")?;
        }
        self.parse_punct_in(":", " after block name")?;
        self.parse_block_ops(b)
    }

    fn parse_block_ops(&mut self, block: BlockId) -> ParseResult<()> {
        loop {
            let t = self.peek();
            if t.kind == TokenKind::Eof {
                // A region left open: upstream reports the op it expected next.
                return Err(self.expected("operation name in quotes"));
            }
            if t.kind == TokenKind::CaretId || self.at_punct("}") {
                return Ok(());
            }
            let op = self.parse_operation()?;
            self.ctx.insert_op(InsertPoint::BlockEnd(block), op);
        }
    }

    /// `(%a: i32 {attrs} loc(...), ...)` as region arguments.
    pub fn parse_argument_list(&mut self, delim: Delimiter, allow_attrs: bool) -> ParseResult<Vec<Argument>> {
        let mut args = Vec::new();
        self.parse_comma_separated_list(delim, |p| {
            args.push(p.parse_argument(allow_attrs)?);
            Ok(())
        })?;
        Ok(args)
    }

    /// `%a: i32 {attrs} loc(...)`.
    pub fn parse_argument(&mut self, allow_attrs: bool) -> ParseResult<Argument> {
        let name = self.parse_argument_operand()?;
        self.parse_punct(":")?;
        let ty = self.parse_type()?;
        let attrs = if allow_attrs && self.at_punct("{") {
            let entries = self.parse_attr_dict_entries()?;
            Some(self.ctx.dict_attr(entries))
        } else {
            None
        };
        let loc = self.parse_trailing_location()?;
        Ok(Argument { name, ty, loc, attrs })
    }

    /// An argument name without a type (`%i` in `affine.for %i = ...`), typed by the caller.
    pub fn parse_argument_name(&mut self, ty: Type) -> ParseResult<Argument> {
        let name = self.parse_argument_operand()?;
        Ok(Argument { name, ty, loc: None, attrs: None })
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
