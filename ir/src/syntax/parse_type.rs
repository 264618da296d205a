//! Parsing of types: `i32`, `index`, `f32`, `memref<4x?xf32, #map, 3>`, `vector<[4]xf32>`,
//! `(i32) -> f32`, `tuple<...>`, `complex<f32>`, aliases and opaque dialect types.

use super::lexer::{Token, TokenKind};
use super::parser::Parser;
use super::ParseResult;
use crate::attrs::AttrKind;
use crate::types::{FloatKind, Signedness, Type, TypeKind, DYNAMIC};

/// MLIR's limit on integer widths (`IntegerType::kMaxWidth`).
const MAX_INT_WIDTH: u32 = (1 << 24) - 1;

impl Parser<'_, '_> {
    /// Parses a type.
    pub fn parse_type(&mut self) -> ParseResult<Type> {
        self.parse_optional_type()?.ok_or_else(|| self.expected("non-function type"))
    }

    /// Whether the current token can start a type.
    pub fn at_type(&self) -> bool {
        let t = self.peek();
        match t.kind {
            TokenKind::BangId => true,
            TokenKind::Punct => self.text(t) == "(",
            TokenKind::BareId => {
                let s = self.text(t);
                FloatKind::from_keyword(s).is_some()
                    || matches!(s, "index" | "none" | "memref" | "tensor" | "vector" | "tuple" | "complex")
                    || int_type_spelling(s).is_some()
            }
            _ => false,
        }
    }

    /// `memref<...>` starting at the keyword `kw`, looked up by its text first. A module
    /// spells the same few memref types over and over (every `affine.load` names one), and
    /// parsing each from its tokens, splitting `100x100xf32` and interning the result, was a
    /// visible share of parse time. Only a type whose text [`shaped_type_end`] can delimit on
    /// its own is memoized, and only once it parsed exactly up to that end; the same text
    /// always parses to the same type (aliases cannot be redefined).
    fn parse_memref_type_memoized(&mut self, kw: Token) -> ParseResult<Type> {
        let end = if self.pending.is_empty() { shaped_type_end(self.src, kw.end) } else { None };
        let Some(end) = end else {
            self.bump();
            return self.parse_memref_type(kw.start);
        };
        let text = &self.src[kw.start..end];
        if let Some(&ty) = self.type_memo.get(text) {
            // Skip the type's tokens: they end exactly at `end` (checked when memoized).
            let mut pos = self.pos;
            while self.tokens[pos].start < end && self.tokens[pos].kind != TokenKind::Eof {
                pos += 1;
            }
            if pos > 0 && self.tokens[pos - 1].end == end {
                self.pos = pos;
                return Ok(ty);
            }
        }
        self.bump();
        let ty = self.parse_memref_type(kw.start)?;
        if self.pending.is_empty() && self.pos > 0 && self.tokens[self.pos - 1].end == end {
            self.type_memo.insert(text, ty);
        }
        Ok(ty)
    }

    /// A type if the current token starts one.
    pub fn parse_optional_type(&mut self) -> ParseResult<Option<Type>> {
        let t = self.peek();
        let ty = match t.kind {
            TokenKind::BangId => {
                self.bump();
                let body = &self.text(t)[1..];
                match body.split_once('.') {
                    None if !self.at_punct_adjacent("<", t.end) => match self.type_aliases.get(body) {
                        Some(&ty) => ty,
                        None => return Err(self.wrong_token_error(format!("undefined symbol alias id '{body}'"))),
                    },
                    _ => {
                        let (dialect, rest) = body.split_once('.').map_or((body, ""), |(d, r)| (d, r));
                        let mut text = if rest.is_empty() { String::new() } else { format!(".{rest}") };
                        if self.at_punct_adjacent("<", t.end) {
                            text.push_str(&self.parse_pretty_body()?);
                        }
                        self.check_dialect_known(dialect, &text, t.start, "type")?;
                        self.ctx.ty(TypeKind::Opaque { dialect: dialect.to_string(), body: text })
                    }
                }
            }
            TokenKind::Punct if self.text(t) == "(" => self.parse_function_type()?,
            TokenKind::BareId => {
                let s = self.text(t);
                let kind = match s {
                    "index" => TypeKind::Index,
                    "f16" | "bf16" | "f32" | "f64" | "tf32" | "f8E5M2" | "f8E4M3FN" => {
                        TypeKind::Float(FloatKind::from_keyword(s).expect("listed float keyword"))
                    }
                    "none" => TypeKind::None,
                    "memref" => return self.parse_memref_type_memoized(t).map(Some),
                    "tensor" => {
                        self.bump();
                        return self.parse_tensor_type().map(Some);
                    }
                    "vector" => {
                        self.bump();
                        return self.parse_vector_type().map(Some);
                    }
                    "tuple" => {
                        self.bump();
                        self.parse_punct_in("<", " in tuple type")?;
                        let mut elems = Vec::new();
                        if !self.parse_optional_punct(">") {
                            elems = self.parse_type_list()?;
                            self.parse_punct_in(">", " in tuple type")?;
                        }
                        return Ok(Some(self.ctx.ty(TypeKind::Tuple(elems))));
                    }
                    "complex" => {
                        self.bump();
                        self.parse_punct_in("<", " in complex type")?;
                        let elem = self.parse_type()?;
                        self.parse_punct_in(">", " in complex type")?;
                        return Ok(Some(self.ctx.ty(TypeKind::Complex(elem))));
                    }
                    _ => match int_type_spelling(s) {
                        Some((signedness, width)) => {
                            let width = match width {
                                Some(w) if w <= MAX_INT_WIDTH => w,
                                _ => {
                                    return Err(self.error_at(
                                        t.start,
                                        format!("integer bitwidth is limited to {MAX_INT_WIDTH} bits"),
                                    ))
                                }
                            };
                            if width == 0 && signedness != Signedness::Signless {
                                return Err(self.error_at(t.start, "invalid integer width"));
                            }
                            TypeKind::Integer { width, signedness }
                        }
                        None => return Ok(None),
                    },
                };
                self.bump();
                self.ctx.ty(kind)
            }
            _ => return Ok(None),
        };
        Ok(Some(ty))
    }

    /// Types and attributes of unregistered dialects need `--allow-unregistered-dialect`;
    /// the error points where upstream points: at the body after `!dialect.`, else at the
    /// token.
    pub(crate) fn check_dialect_known(&self, dialect: &str, body: &str, start: usize, what: &str) -> ParseResult<()> {
        if self.allow_unregistered() || self.ctx.registry().dialect(dialect).is_some() {
            return Ok(());
        }
        let (at, inner) = match body.strip_prefix('.') {
            Some(rest) => (start + 1 + dialect.len() + 1, rest),
            None => (start, body.trim_start_matches('<').trim_end_matches('>')),
        };
        let (sigil, suffix) = if what == "type" { ("!", " type") } else { ("#", " : 'none' attribute") };
        Err(self.error_at(
            at,
            format!(
                "`{sigil}\"{dialect}\"<\"{inner}\">`{suffix} created with unregistered dialect. If this is intended, \
                 please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used"
            ),
        ))
    }

    pub(crate) fn at_punct_adjacent(&self, p: &str, end: usize) -> bool {
        let n = self.peek();
        n.start == end && self.at_punct(p)
    }

    /// `<...>` with balanced brackets, returned as written (for opaque dialect types and
    /// attributes).
    pub(crate) fn parse_pretty_body(&mut self) -> ParseResult<String> {
        let open = self.peek();
        // Brackets still open, innermost last; errors name the innermost one, at the `<`.
        let mut nested: Vec<char> = Vec::new();
        let unbalanced =
            |p: &Self, c: char| p.error_at(open.start, format!("unbalanced '{c}' character in pretty dialect name"));
        loop {
            let t = self.peek();
            if t.kind == TokenKind::Eof {
                return Err(match nested.last() {
                    Some(&c) => unbalanced(self, c),
                    None => self.error_at(open.start, "unexpected nul or EOF in pretty dialect name"),
                });
            }
            self.bump();
            if t.kind == TokenKind::Punct {
                let c = self.text(t).chars().next().unwrap_or(' ');
                let opener = match c {
                    '<' | '(' | '[' | '{' => {
                        nested.push(c);
                        None
                    }
                    '>' => Some('<'),
                    ')' => Some('('),
                    ']' => Some('['),
                    '}' => Some('{'),
                    _ => None,
                };
                if let Some(o) = opener {
                    match nested.last() {
                        Some(&top) if top == o => {
                            nested.pop();
                        }
                        Some(&top) => return Err(unbalanced(self, top)),
                        None => return Err(unbalanced(self, c)),
                    }
                }
            }
            if nested.is_empty() {
                return Ok(self.src[open.start..t.end].to_string());
            }
        }
    }

    fn parse_function_type(&mut self) -> ParseResult<Type> {
        self.parse_punct("(")?;
        let mut inputs = Vec::new();
        if !self.parse_optional_punct(")") {
            inputs = self.parse_type_list()?;
            self.parse_punct(")")?;
        }
        if !self.at_punct("->") {
            return Err(self.expected("'->' in function type"));
        }
        self.bump();
        let results = self.parse_function_result_types()?;
        Ok(self.ctx.function_type(inputs, results))
    }

    /// `4x?x` dimension prefix up to the element type. `allow_dynamic` admits `?`;
    /// `allow_scalable` admits `[4]`.
    fn parse_dimension_list(
        &mut self,
        allow_dynamic: bool,
        allow_scalable: bool,
    ) -> ParseResult<(Vec<i64>, Vec<bool>)> {
        let mut dims = Vec::new();
        let mut scalable = Vec::new();
        loop {
            let t = self.peek();
            let (dim, is_scalable) = match t.kind {
                TokenKind::Punct if self.text(t) == "?" => {
                    if !allow_dynamic {
                        return Err(self.error_at(t.start, "expected static shape"));
                    }
                    self.bump();
                    (DYNAMIC, false)
                }
                TokenKind::Punct if self.text(t) == "[" && allow_scalable => {
                    self.bump();
                    let v = self.parse_dim_integer()?;
                    self.parse_punct("]")?;
                    (v, true)
                }
                TokenKind::Integer => (self.parse_dim_integer()?, false),
                _ => return Ok((dims, scalable)),
            };
            dims.push(dim);
            scalable.push(is_scalable);
            self.expect_x()?;
        }
    }

    /// An integer dimension; handles `0x4` lexed as a hex literal (MLIR does the same split).
    fn parse_dim_integer(&mut self) -> ParseResult<i64> {
        let t = self.peek();
        let s = self.text(t);
        if t.kind != TokenKind::Integer {
            return Err(self.expected("dimension size"));
        }
        if s.starts_with("0x") {
            // `0x4xf32`: the dimension is 0, the `x` belongs to the separator.
            self.resplit_current(t.start + 1)?;
            return Ok(0);
        }
        self.bump();
        let v: i64 = s.parse().map_err(|_| self.error_at(t.start, "invalid dimension"))?;
        Ok(v)
    }

    /// Consumes the `x` separator, which the lexer glued to what follows (`xf32`, `x4`).
    fn expect_x(&mut self) -> ParseResult<()> {
        let t = self.peek();
        if t.kind == TokenKind::BareId && self.text(t).starts_with('x') {
            self.resplit_current(t.start + 1)
        } else {
            Err(self.expected("'x' in dimension list"))
        }
    }

    /// `memref<...>` after the keyword, which starts at `kw` (as upstream's `parseMemRefType`:
    /// errors of the type's own verifier are reported at the keyword).
    fn parse_memref_type(&mut self, kw: usize) -> ParseResult<Type> {
        self.parse_punct_in("<", " in memref type")?;
        let unranked = self.parse_optional_punct("*");
        let shape = if unranked {
            self.expect_x()?;
            Vec::new()
        } else {
            self.parse_dimension_list(true, false)?.0
        };
        let elem_off = self.offset();
        let elem = self.parse_type()?;
        if !self.memref_element_ok(elem) {
            return Err(self.error_at(elem_off, "invalid memref element type"));
        }
        let mut layout = None;
        let mut memory_space = None;
        if !self.parse_optional_punct(">") {
            if !self.parse_optional_punct(",") {
                return Err(self.wrong_token_error("expected ',' or '>' in memref type"));
            }
            if self.at_punct(">") {
                return Err(self.wrong_token_error("expected list element"));
            }
            loop {
                let a = self.parse_attribute()?;
                let is_layout = matches!(self.ctx.attr_kind(a), AttrKind::AffineMap(_) | AttrKind::Strided { .. });
                if !is_layout {
                    if memory_space.is_some() {
                        return Err(self.error_here("multiple memory spaces specified in memref type"));
                    }
                    memory_space = Some(a);
                } else {
                    layout = Some(a);
                    if unranked {
                        return Err(self.error_here("cannot have affine map for unranked memref type"));
                    }
                    if memory_space.is_some() {
                        return Err(self.error_here("expected memory space to be last in memref type"));
                    }
                }
                if self.parse_optional_punct(">") {
                    break;
                }
                if !self.parse_optional_punct(",") {
                    return Err(self.wrong_token_error("expected ',' or '>'"));
                }
            }
        }
        // MLIR drops the default memory space (ranked or not) and identity layouts.
        if let Some(ms) = memory_space {
            if let AttrKind::Integer { value: 0, .. } = self.ctx.attr_kind(ms) {
                memory_space = None;
            }
        }
        if unranked {
            return Ok(self.ctx.ty(TypeKind::UnrankedMemRef { elem, memory_space }));
        }
        if let Some(l) = layout {
            if let AttrKind::Strided { strides, .. } = self.ctx.attr_kind(l) {
                if strides.len() != shape.len() {
                    return Err(self.error_at(kw, "expected the number of strides to match the rank"));
                }
            }
            if let AttrKind::AffineMap(m) = self.ctx.attr_kind(l) {
                if m.num_dims() as usize != shape.len() {
                    return Err(self.error_at(
                        kw,
                        "memref layout mismatch between rank and affine map: ".to_string()
                            + &format!("{} != {}", shape.len(), m.num_dims()),
                    ));
                }
                if m.is_identity() {
                    layout = None;
                }
            }
        }
        Ok(self.ctx.ty(TypeKind::MemRef { shape, elem, layout, memory_space }))
    }

    fn memref_element_ok(&self, elem: Type) -> bool {
        !matches!(
            self.ctx.type_kind(elem),
            TypeKind::Function { .. } | TypeKind::None | TypeKind::Tuple(_) | TypeKind::Tensor { .. }
        )
    }

    fn parse_tensor_type(&mut self) -> ParseResult<Type> {
        self.parse_punct_in("<", " in tensor type")?;
        let shape = if self.parse_optional_punct("*") {
            self.expect_x()?;
            None
        } else {
            Some(self.parse_dimension_list(true, false)?.0)
        };
        let elem_off = self.offset();
        let elem = self.parse_type()?;
        let elem_ok = matches!(
            self.ctx.type_kind(elem),
            TypeKind::Integer { .. }
                | TypeKind::Index
                | TypeKind::Float(_)
                | TypeKind::Complex(_)
                | TypeKind::Vector { .. }
                | TypeKind::Opaque { .. }
        );
        if !elem_ok {
            return Err(self.error_at(elem_off, "invalid tensor element type"));
        }
        let encoding = if self.parse_optional_punct(",") { Some(self.parse_attribute()?) } else { None };
        self.parse_punct_in(">", " in tensor type")?;
        Ok(self.ctx.ty(TypeKind::Tensor { shape, elem, encoding }))
    }

    fn parse_vector_type(&mut self) -> ParseResult<Type> {
        let open = self.offset();
        self.parse_punct_in("<", " in vector type")?;
        let (shape, scalable) = self.parse_dimension_list(false, true)?;
        if shape.iter().any(|&d| d <= 0) {
            let dims: Vec<String> = shape.iter().map(i64::to_string).collect();
            return Err(self.error_at(
                open,
                format!("vector types must have positive constant sizes but got {}", dims.join(", ")),
            ));
        }
        let elem_off = self.offset();
        let elem = self.parse_type()?;
        if !matches!(self.ctx.type_kind(elem), TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_)) {
            return Err(self.error_at(elem_off, "vector elements must be int/index/float type"));
        }
        self.parse_punct_in(">", " in vector type")?;
        Ok(self.ctx.ty(TypeKind::Vector { shape, scalable, elem }))
    }
}

/// `i32` → (Signless, Some(32)); `ui8`, `si16` likewise; `None` if `s` is not an integer type
/// keyword. A width that does not fit in u32 gives `Some((_, None))`.
pub(crate) fn int_type_spelling(s: &str) -> Option<(Signedness, Option<u32>)> {
    let (signedness, digits) = if let Some(d) = s.strip_prefix("si") {
        (Signedness::Signed, d)
    } else if let Some(d) = s.strip_prefix("ui") {
        (Signedness::Unsigned, d)
    } else if let Some(d) = s.strip_prefix('i') {
        (Signedness::Signless, d)
    } else {
        return None;
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((signedness, digits.parse::<u32>().ok()))
}

/// The end (exclusive) of a `<...>` type body opening at `open`, found from the bytes alone:
/// `None` where that is not safe (a string, a comment, a line break, no `<` at `open`, or
/// longer than 256 bytes). `->` inside (an affine map layout) does not close.
fn shaped_type_end(src: &str, open: usize) -> Option<usize> {
    let b = src.as_bytes();
    if b.get(open) != Some(&b'<') {
        return None;
    }
    let mut depth = 0usize;
    for (i, &c) in b.iter().enumerate().skip(open).take(256) {
        match c {
            b'<' => depth += 1,
            b'>' if i > 0 && b[i - 1] == b'-' => {}
            b'>' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            b'"' | b'/' | b'\n' | b'\r' => return None,
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::shaped_type_end;

    #[test]
    fn shaped_type_end_delimits_memref_bodies() {
        let s = "memref<4x?xf32, affine_map<(d0, d1) -> (d0 + d1)>, 3> tail";
        assert_eq!(shaped_type_end(s, 6), Some(s.len() - " tail".len()));
        let s = "memref<100x100xf32>, %x";
        assert_eq!(&s[..shaped_type_end(s, 6).unwrap()], "memref<100x100xf32>");
        // Unsafe to delimit from bytes: strings, line breaks, comments; or not a `<`.
        assert_eq!(shaped_type_end("memref<4xf32, #d<\">\">>", 6), None);
        assert_eq!(shaped_type_end("memref<4x\nf32>", 6), None);
        assert_eq!(shaped_type_end("memref<4xf32 // x\n>", 6), None);
        assert_eq!(shaped_type_end("memref 4xf32>", 6), None);
        assert_eq!(shaped_type_end("memref<4xf32", 6), None);
    }
}
