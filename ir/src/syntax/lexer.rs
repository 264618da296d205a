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

/// Tokenizes `src` with the hand-written lexer (the one the parser uses). On failure returns the
/// byte offset of the first character that starts no token.
///
/// `lexer.pest` is the specification of the token language; this function implements the same
/// language without pest's per-rule bookkeeping, which made lexing the bulk of parse time (7x
/// slower than mlir-opt on a 15 MB file). [`tokenize_with_pest`] runs the grammar itself; tests
/// and the fuzz target check that both agree on every input.
pub fn tokenize(src: &str) -> Result<Vec<Token>, usize> {
    let b = src.as_bytes();
    let n = b.len();
    // Dense IR runs at about one token per 4.8 bytes (the generated affine modules of
    // bench/), so `n / 5` came out short and the vector doubled at the very end, copying tens
    // of megabytes. Erring high costs address space only: pages never written stay untouched.
    let mut tokens = Vec::with_capacity(n / 3 + 1);
    let mut i = 0;
    while i < n {
        let c = b[i];
        let start = i;
        let kind = match c {
            b' ' | b'\t' | b'\r' | b'\n' | 0 => {
                i += 1;
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < n && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'0'..=b'9' => {
                let (end, kind) = number_end(b, i);
                i = end;
                kind
            }
            b'"' => {
                i = string_end(src, i).ok_or(start)?;
                TokenKind::String
            }
            b'%' | b'^' | b'#' | b'!' => {
                i = suffix_end(b, i + 1).ok_or(start)?;
                match c {
                    b'%' => TokenKind::PercentId,
                    b'^' => TokenKind::CaretId,
                    b'#' => TokenKind::HashId,
                    _ => TokenKind::BangId,
                }
            }
            b'@' => {
                i = at_id_end(src, i).ok_or(start)?;
                TokenKind::AtId
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                i += 1;
                while i < n && (b[i].is_ascii_alphanumeric() || matches!(b[i], b'_' | b'$' | b'.')) {
                    i += 1;
                }
                TokenKind::BareId
            }
            b'-' if b.get(i + 1) == Some(&b'>') => {
                i += 2;
                TokenKind::Arrow
            }
            b'.' if b.get(i + 1) == Some(&b'.') && b.get(i + 2) == Some(&b'.') => {
                i += 3;
                TokenKind::Ellipsis
            }
            b'(' | b')' | b'{' | b'}' | b'[' | b']' | b'<' | b'>' | b',' | b':' | b'=' | b'?' | b'*' | b'+' | b'-'
            | b'|' => {
                i += 1;
                TokenKind::Punct
            }
            _ => return Err(start),
        };
        tokens.push(Token { kind, start, end: i });
    }
    tokens.push(Token { kind: TokenKind::Eof, start: n, end: n });
    Ok(tokens)
}

fn is_digit(c: u8) -> bool {
    c.is_ascii_digit()
}

fn is_suffix_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'$' | b'.' | b'_' | b'-')
}

/// The end of a `suffix_id` starting at `start`: digits, or a letter/punct followed by letters,
/// digits, punct.
fn suffix_end(b: &[u8], start: usize) -> Option<usize> {
    let n = b.len();
    let c = *b.get(start)?;
    let mut j = start;
    if is_digit(c) {
        while j < n && is_digit(b[j]) {
            j += 1;
        }
        Some(j)
    } else if c.is_ascii_alphabetic() || matches!(c, b'$' | b'.' | b'_' | b'-') {
        j += 1;
        while j < n && is_suffix_char(b[j]) {
            j += 1;
        }
        Some(j)
    } else {
        None
    }
}

/// The end of the string literal whose opening quote is at `start`, past the closing quote;
/// `None` if it is not closed on its line.
fn string_end(src: &str, start: usize) -> Option<usize> {
    let b = src.as_bytes();
    let n = b.len();
    // b[start] == b'"'
    let mut j = start + 1;
    while j < n {
        match b[j] {
            b'"' => return Some(j + 1),
            b'\\' => {
                j += 1;
                // `ANY` after the backslash: one whole UTF-8 character.
                let ch = src.get(j..)?.chars().next()?;
                j += ch.len_utf8();
            }
            b'\n' => return None,
            _ => j += 1,
        }
    }
    None
}

/// The end and kind of the number starting with the digit at `i`: a float (`1.`, `1.5e-3`), a
/// hexadecimal integer (`0x2A`) or a decimal integer.
fn number_end(b: &[u8], i: usize) -> (usize, TokenKind) {
    let n = b.len();
    let c = b[i];
    let mut j = i;
    while j < n && is_digit(b[j]) {
        j += 1;
    }
    if j < n && b[j] == b'.' {
        j += 1;
        while j < n && is_digit(b[j]) {
            j += 1;
        }
        if j < n && matches!(b[j], b'e' | b'E') {
            let mut k = j + 1;
            if k < n && matches!(b[k], b'+' | b'-') {
                k += 1;
            }
            if k < n && is_digit(b[k]) {
                while k < n && is_digit(b[k]) {
                    k += 1;
                }
                j = k;
            }
        }
        (j, TokenKind::Float)
    } else if c == b'0' && b.get(i + 1) == Some(&b'x') && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit) {
        j = i + 2;
        while j < n && b[j].is_ascii_hexdigit() {
            j += 1;
        }
        (j, TokenKind::Integer)
    } else {
        (j, TokenKind::Integer)
    }
}

/// The end of the symbol name whose `@` is at `i`: `@"quoted"` or `@name`.
fn at_id_end(src: &str, i: usize) -> Option<usize> {
    let b = src.as_bytes();
    let n = b.len();
    if b.get(i + 1) == Some(&b'"') {
        string_end(src, i + 1)
    } else if b.get(i + 1).is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_') {
        let mut j = i + 2;
        while j < n && (b[j].is_ascii_alphanumeric() || matches!(b[j], b'_' | b'$' | b'.')) {
            j += 1;
        }
        Some(j)
    } else {
        None
    }
}

/// Tokenizes `src` by running the pest grammar `lexer.pest` (the reference implementation of
/// [`tokenize`]).
pub fn tokenize_with_pest(src: &str) -> Result<Vec<Token>, usize> {
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

/// Appends the tokens of `src[range]` to `out`, as [`tokenize_fragment`] returns them; `false`
/// (and `out` unchanged) where that fragment does not lex. The parser splits a token such as
/// `100x100xf32` for every shaped type: the shapes it meets there (a bare identifier, digits,
/// digits followed by an `x...` identifier) are lexed here without allocating.
pub fn tokenize_fragment_into(src: &str, range: std::ops::Range<usize>, out: &mut Vec<Token>) -> bool {
    let Some(text) = src.get(range.clone()) else {
        return false;
    };
    let b = text.as_bytes();
    let is_id = |c: &u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.');
    let base = range.start;
    match b.first() {
        Some(c) if (c.is_ascii_alphabetic() || *c == b'_') && b.iter().all(is_id) => {
            out.push(Token { kind: TokenKind::BareId, start: base, end: range.end });
            return true;
        }
        Some(c) if c.is_ascii_digit() => {
            let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
            let hex = b[0] == b'0' && b.get(1) == Some(&b'x') && b.get(2).is_some_and(u8::is_ascii_hexdigit);
            let rest = &b[digits..];
            if !hex && (rest.is_empty() || (rest[0] == b'x' && rest.iter().all(is_id))) {
                out.push(Token { kind: TokenKind::Integer, start: base, end: base + digits });
                if !rest.is_empty() {
                    out.push(Token { kind: TokenKind::BareId, start: base + digits, end: range.end });
                }
                return true;
            }
        }
        _ => {}
    }
    match tokenize_fragment(src, 0, range) {
        Some(toks) => {
            out.extend(toks);
            true
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Token soup: fragments of every token class, glued with and without separators.
    fn soup() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            Just("%arg0"),
            Just("%0"),
            Just("%c0_i32"),
            Just("%"),
            Just("^bb1"),
            Just("@f"),
            Just("@\"q u\""),
            Just("#map1"),
            Just("#gpu.dim"),
            Just("!llvm.ptr"),
            Just("func.func"),
            Just("4xf32"),
            Just("0x4xf32"),
            Just("0x"),
            Just("1.5e-3"),
            Just("1.e"),
            Just("2."),
            Just("42"),
            Just("\"s\\\"t\""),
            Just("\"open"),
            Just("->"),
            Just("-"),
            Just("..."),
            Just(".."),
            Just("("),
            Just(")"),
            Just("{"),
            Just("}"),
            Just("<"),
            Just(">"),
            Just(","),
            Just(":"),
            Just("="),
            Just("?"),
            Just("*"),
            Just("+"),
            Just("|"),
            Just(" "),
            Just("\n"),
            Just("\t"),
            Just("// c\n"),
            Just("/"),
            Just("\u{0}"),
            Just("é"),
            Just("$"),
            Just("x"),
        ];
        proptest::collection::vec(piece, 0..24).prop_map(|v| v.concat())
    }

    proptest! {
        #[test]
        fn fast_lexer_agrees_with_the_pest_grammar(src in soup()) {
            prop_assert_eq!(tokenize(&src), tokenize_with_pest(&src));
        }

        /// The allocation-free split of shape tokens (`100x100xf32`, `x4`, `0x4xf32`,
        /// `4x?`) agrees with lexing the fragment in full, on fragments at any offset.
        #[test]
        fn fragment_split_agrees_with_tokenize(src in "[0-9x?ef._$a-c-]{0,12}", skip in 0usize..4) {
            let from = skip.min(src.len());
            let mut out = vec![Token { kind: TokenKind::Eof, start: 0, end: 0 }];
            let ok = tokenize_fragment_into(&src, from..src.len(), &mut out);
            match tokenize_fragment(&src, 0, from..src.len()) {
                Some(toks) => {
                    prop_assert!(ok);
                    prop_assert_eq!(&out[1..], &toks[..]);
                }
                None => {
                    prop_assert!(!ok);
                    prop_assert_eq!(out.len(), 1);
                }
            }
        }
    }

    #[test]
    fn fragment_split_of_shapes() {
        let src = "100x100xf32";
        let mut out = Vec::new();
        assert!(tokenize_fragment_into(src, 3..src.len(), &mut out));
        let texts: Vec<&str> = out.iter().map(|t| &src[t.start..t.end]).collect();
        assert_eq!(texts, ["x100xf32"]);
        out.clear();
        assert!(tokenize_fragment_into(src, 4..src.len(), &mut out));
        let texts: Vec<&str> = out.iter().map(|t| &src[t.start..t.end]).collect();
        assert_eq!(texts, ["100", "xf32"]);
        assert_eq!(out[0].kind, TokenKind::Integer);
        assert_eq!(out[1].kind, TokenKind::BareId);
    }

    #[test]
    fn agrees_on_every_test_file() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../test");
        let mut stack = vec![std::path::PathBuf::from(root)];
        let mut checked = 0;
        while let Some(dir) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else { continue };
            for e in entries.flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| x == "mlir") {
                    let text = std::fs::read_to_string(&p).unwrap_or_default();
                    assert_eq!(tokenize(&text), tokenize_with_pest(&text), "{}", p.display());
                    checked += 1;
                }
            }
        }
        assert!(checked > 0, "no test files found under {root}");
    }
}
