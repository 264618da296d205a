//! The token stream, produced by the pest grammar in `lexer.pest`.

use pest::Parser as _;

mod grammar {
    #![allow(missing_docs)]
    use pest_derive::Parser;

    /// The pest lexer generated from `lexer.pest`.
    #[derive(Parser)]
    #[grammar = "syntax/lexer.pest"]
    pub struct MlirLexer;
}
use grammar::{MlirLexer, Rule};

/// The kind of a token.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TokenKind {
    /// `func.func`, `i32`, keywords.
    BareId,
    /// `%x`.
    PercentId,
    /// `^bb0`.
    CaretId,
    /// `@f`.
    AtId,
    /// `#map`.
    HashId,
    /// `!ty`.
    BangId,
    /// `42`, `0x2A`.
    Integer,
    /// `1.5e3`.
    Float,
    /// `"text"` (including quotes).
    String,
    /// `->`.
    Arrow,
    /// `...`.
    Ellipsis,
    /// One punctuation character.
    Punct,
    /// End of input.
    Eof,
}

/// A token: a kind and a byte range of the source.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Token {
    /// Kind.
    pub kind: TokenKind,
    /// Start byte offset.
    pub start: usize,
    /// End byte offset (exclusive).
    pub end: usize,
}

/// Tokenizes `src`. On failure returns the byte offset of the first character that starts no
/// token.
pub fn tokenize(src: &str) -> Result<Vec<Token>, usize> {
    let pairs = MlirLexer::parse(Rule::file, src).map_err(|e| match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    })?;
    let mut tokens = Vec::with_capacity(src.len() / 4);
    for pair in pairs {
        let kind = match pair.as_rule() {
            Rule::bare_id => TokenKind::BareId,
            Rule::percent_id => TokenKind::PercentId,
            Rule::caret_id => TokenKind::CaretId,
            Rule::at_id => TokenKind::AtId,
            Rule::hash_id => TokenKind::HashId,
            Rule::bang_id => TokenKind::BangId,
            Rule::integer => TokenKind::Integer,
            Rule::float => TokenKind::Float,
            Rule::string => TokenKind::String,
            Rule::arrow => TokenKind::Arrow,
            Rule::ellipsis => TokenKind::Ellipsis,
            Rule::punct => TokenKind::Punct,
            _ => continue,
        };
        let span = pair.as_span();
        tokens.push(Token { kind, start: span.start(), end: span.end() });
    }
    tokens.push(Token { kind: TokenKind::Eof, start: src.len(), end: src.len() });
    Ok(tokens)
}

/// Tokenizes a fragment that is known to start at a token boundary (used to re-read the rest of
/// a token that the parser split, as in `4xf32` → `4`, `x`, `f32`). Offsets are relative to
/// `base`.
pub fn tokenize_fragment(src: &str, base: usize, range: std::ops::Range<usize>) -> Option<Vec<Token>> {
    let text = src.get(range.clone())?;
    let mut toks = tokenize(text).ok()?;
    toks.pop(); // Eof
    for t in &mut toks {
        t.start += base + range.start;
        t.end += base + range.start;
    }
    Some(toks)
}
