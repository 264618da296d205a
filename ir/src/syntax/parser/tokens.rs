//! Tokens: peeking and consuming, punctuation, keywords, literals, symbol names and
//! comma-separated lists, with MLIR's wording of "expected ..." errors.

use super::{parse_int_literal, Delimiter, Parser};
use crate::attrs::Attr;
use crate::diag::Diagnostic;
use crate::location::Location;
use crate::syntax::lexer::{self, Token, TokenKind};
use crate::syntax::ParseResult;

impl<'s, 'c> Parser<'s, 'c> {
    #[inline]
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

    #[inline]
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
        // `pending` is consumed from the back: append the fragment's tokens, then reverse them.
        let n = self.pending.len();
        if !lexer::tokenize_fragment_into(self.src, from..t.end, &mut self.pending) {
            return Err(self.error_at(from, "invalid token"));
        }
        self.pending[n..].reverse();
        Ok(())
    }

    #[inline]
    pub(crate) fn text(&self, t: Token) -> &'s str {
        &self.src[t.start..t.end]
    }

    /// The byte offset of the current token.
    #[inline]
    pub fn offset(&self) -> usize {
        self.peek().start
    }

    /// The source text of the current token.
    #[inline]
    pub fn peek_text(&self) -> &'s str {
        self.text(self.peek())
    }

    /// The source text of the token `n` places after the current one.
    pub fn peek_nth_text(&self, n: usize) -> &'s str {
        self.text(self.peek_nth(n))
    }

    /// A location for a byte offset of this buffer.
    pub fn loc_at(&self, offset: usize) -> Location {
        let (line, col) = crate::diag::line_col(&self.line_starts, offset);
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
    #[inline]
    pub fn at_punct(&self, p: &str) -> bool {
        let t = self.peek();
        match t.kind {
            TokenKind::Punct => p.len() == 1 && self.src.as_bytes()[t.start] == p.as_bytes()[0],
            TokenKind::Arrow | TokenKind::Ellipsis => self.text(t) == p,
            _ => false,
        }
    }

    /// Consumes the punctuation `p` if present.
    #[inline]
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
    #[inline]
    pub fn at_keyword(&self, kw: &str) -> bool {
        let t = self.peek();
        t.kind == TokenKind::BareId && self.text(t) == kw
    }

    /// Consumes keyword `kw` if present.
    #[inline]
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
}
