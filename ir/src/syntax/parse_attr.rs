//! Parsing of attributes: literals, arrays, dictionaries, symbol references, affine maps and sets,
//! `dense<...>`, `array<...>`, `strided<...>`, aliases, opaque dialect attributes and types used
//! as attributes.

use super::lexer::TokenKind;
use super::parser::{parse_int_literal, parse_uint_literal, Parser};
use super::ParseResult;
use crate::attrs::{Attr, AttrKind, DenseData};
use crate::types::{FloatKind, Signedness, Type, TypeKind, DYNAMIC};

impl Parser<'_, '_> {
    /// Parses an attribute.
    pub fn parse_attribute(&mut self) -> ParseResult<Attr> {
        let t = self.peek();
        match t.kind {
            TokenKind::BareId => match self.text(t) {
                "true" | "false" => {
                    self.bump();
                    Ok(self.ctx.bool_attr(self.text(t) == "true"))
                }
                "unit" => {
                    self.bump();
                    Ok(self.ctx.unit_attr())
                }
                "affine_map" => {
                    self.bump();
                    self.parse_punct_in("<", " in affine map")?;
                    let map = self.parse_affine_map_body()?;
                    self.parse_punct_in(">", " in affine map")?;
                    Ok(self.ctx.affine_map_attr(map))
                }
                "affine_set" => {
                    self.bump();
                    self.parse_punct_in("<", " in integer set")?;
                    let set = self.parse_integer_set_body()?;
                    self.parse_punct_in(">", " in integer set")?;
                    Ok(self.ctx.integer_set_attr(set))
                }
                "dense" => {
                    self.bump();
                    self.parse_dense_elements(None, t.start)
                }
                "array" => {
                    self.bump();
                    self.parse_dense_array()
                }
                "strided" => {
                    self.bump();
                    self.parse_strided()
                }
                _ => match self.parse_optional_type()? {
                    Some(ty) => Ok(self.ctx.type_attr(ty)),
                    None => Err(self.expected("attribute value")),
                },
            },
            TokenKind::Integer | TokenKind::Float => self.parse_number_attr(false),
            TokenKind::Punct if self.text(t) == "-" => {
                self.bump();
                if !matches!(self.peek().kind, TokenKind::Integer | TokenKind::Float) {
                    return Err(self.expected("constant integer or floating point value"));
                }
                self.parse_number_attr(true)
            }
            TokenKind::String => {
                self.bump();
                let s = self.string_bytes(t)?;
                Ok(self.ctx.bytes_attr(s))
            }
            TokenKind::Punct if self.text(t) == "[" => {
                let mut elems = Vec::new();
                self.parse_comma_separated_list(super::parser::Delimiter::Square, |p| {
                    elems.push(p.parse_attribute()?);
                    Ok(())
                })?;
                Ok(self.ctx.array_attr(elems))
            }
            TokenKind::Punct if self.text(t) == "{" => {
                let entries = self.parse_attr_dict_entries()?;
                Ok(self.ctx.dict_attr(entries))
            }
            TokenKind::AtId => {
                let root = self.parse_symbol_name()?;
                let mut nested = Vec::new();
                while self.at_punct(":")
                    && self.text(self.peek_nth(1)) == ":"
                    && self.peek_nth(2).kind == TokenKind::AtId
                {
                    self.bump();
                    self.bump();
                    nested.push(self.parse_symbol_name()?);
                }
                Ok(self.ctx.attr(AttrKind::SymbolRef { root, nested }))
            }
            TokenKind::HashId => {
                self.bump();
                let body = &self.text(t)[1..];
                if !body.contains('.') && !self.at_punct_adjacent("<", t.end) {
                    return self
                        .attr_aliases
                        .get(body)
                        .copied()
                        .ok_or_else(|| self.wrong_token_error(format!("undefined symbol alias id '{body}'")));
                }
                let (dialect, rest) = body.split_once('.').map_or((body, ""), |(d, r)| (d, r));
                let mut text = if rest.is_empty() { String::new() } else { format!(".{rest}") };
                if self.at_punct_adjacent("<", t.end) {
                    text.push_str(&self.parse_pretty_body()?);
                }
                self.check_dialect_known(dialect, &text, t.start, "attribute")?;
                let dialect = dialect.to_string();
                Ok(self.ctx.attr(AttrKind::Opaque { dialect, body: text }))
            }
            TokenKind::BangId | TokenKind::Punct if self.at_type() => {
                let ty = self.parse_type()?;
                Ok(self.ctx.type_attr(ty))
            }
            _ => Err(self.expected("attribute value")),
        }
    }

    /// `42`, `-1 : i8`, `1.5 : f32`, `0x7FC00000 : f32`.
    fn parse_number_attr(&mut self, negative: bool) -> ParseResult<Attr> {
        let t = self.bump();
        let text = self.text(t);
        let ty = if self.at_punct(":") {
            self.bump();
            Some(self.parse_type()?)
        } else {
            None
        };
        if t.kind == TokenKind::Float {
            let ty = match ty {
                Some(ty) => ty,
                None => self.ctx.f64(),
            };
            let Some(kind) = self.ctx.float_kind(ty) else {
                // Upstream reports this after the type, at the next token.
                return Err(self.error_here("floating point value not valid for specified type"));
            };
            let v: f64 = text.parse().map_err(|_| self.error_at(t.start, "invalid floating point literal"))?;
            let v = if negative { -v } else { v };
            return Ok(self.float_attr_checked(ty, kind, v));
        }
        let ty = match ty {
            Some(ty) => ty,
            None => self.ctx.i64(),
        };
        if let Some(kind) = self.ctx.float_kind(ty) {
            // Hexadecimal float bits, or an integer literal for a float (MLIR accepts only hex).
            if !text.starts_with("0x") {
                return Err(self
                    .error_at(t.start, "unexpected decimal integer literal for a floating point value")
                    .with_note(self.loc_at(t.start), "add a trailing dot to make the literal a float"));
            }
            if negative {
                return Err(self.error_at(t.start, "hexadecimal float literal should not have a leading minus"));
            }
            let bits = u64::from_str_radix(&text[2..], 16)
                .map_err(|_| self.error_at(t.start, "hexadecimal float constant out of range for type"))?;
            let v = kind
                .from_bits(bits)
                .ok_or_else(|| self.error_at(t.start, "hexadecimal float constant out of range for type"))?;
            return Ok(self.ctx.attr(AttrKind::Float { bits: v.to_bits(), ty }));
        }
        let value = self.check_int_value(t.start, text, negative, ty)?;
        Ok(self.ctx.int_attr(ty, value))
    }

    fn float_attr_checked(&mut self, ty: Type, kind: FloatKind, v: f64) -> Attr {
        let v = kind.round(v);
        self.ctx.attr(AttrKind::Float { bits: v.to_bits(), ty })
    }

    /// Checks that an integer literal fits `ty` and returns its stored value.
    pub(crate) fn check_int_value(&self, offset: usize, text: &str, negative: bool, ty: Type) -> ParseResult<i128> {
        let (width, signedness) = match self.ctx.type_kind(ty) {
            TypeKind::Index => (64, Signedness::Signless),
            TypeKind::Integer { width, signedness } => (*width, *signedness),
            _ => return Err(self.error_at(offset, "integer literal not valid for specified type")),
        };
        let Some(magnitude) = parse_int_literal(text) else {
            // Past i128: the 128-bit patterns of `i128` (`2^128 - 1` is -1) and its minimum.
            let out_of_range = || self.error_at(offset, "integer constant out of range for attribute");
            let big = parse_uint_literal(text).ok_or_else(out_of_range)?;
            return match (width, signedness, negative) {
                (128, Signedness::Signless, false) => Ok(big as i128),
                (128, Signedness::Signless | Signedness::Signed, true) if big == 1u128 << 127 => Ok(i128::MIN),
                _ => Err(out_of_range()),
            };
        };
        let value = if negative { -magnitude } else { magnitude };
        if width == 0 {
            // `i0` holds only zero.
            return if value == 0 {
                Ok(0)
            } else {
                Err(self.error_at(offset, "integer constant out of range for attribute"))
            };
        }
        if width == 1 && !negative && (value == 0 || value == 1) {
            return Ok(value);
        }
        if negative && signedness == Signedness::Unsigned {
            return Err(self.error_at(offset, "negative integer literal not valid for unsigned integer type"));
        }
        let fits = match (width, signedness) {
            (w, _) if w >= 127 => true,
            (w, Signedness::Signed) => value >= -(1i128 << (w - 1)) && value < (1i128 << (w - 1)),
            (w, Signedness::Unsigned) => value < (1i128 << w),
            // Signless: any bit pattern of the width, or a negative value that fits as signed.
            (w, Signedness::Signless) => value >= -(1i128 << (w - 1)) && value < (1i128 << w),
        };
        if !fits {
            return Err(self.error_at(offset, "integer constant out of range for attribute"));
        }
        // Store signless values in their signed interpretation, as MLIR prints them.
        Ok(match signedness {
            Signedness::Signless if width < 127 && value >= (1i128 << (width - 1)) => value - (1i128 << width),
            _ => value,
        })
    }

    /// An attribute whose type is known from context (MLIR's `parseAttribute(attr, type)`):
    /// `dense<...>` may then omit its `: type` (the initializer of `memref.global`). Other
    /// attributes parse as by [`parse_attribute`](Self::parse_attribute).
    pub fn parse_attribute_of_type(&mut self, ty: Type) -> ParseResult<Attr> {
        if self.at_keyword("dense") {
            let kw = self.bump().start;
            return self.parse_dense_elements(Some(ty), kw);
        }
        self.parse_attribute()
    }

    /// `<...> (: type)?` after `dense` (at `kw`). As upstream, a literal that does not fit the
    /// type is reported at `dense`.
    fn parse_dense_elements(&mut self, given: Option<Type>, kw: usize) -> ParseResult<Attr> {
        self.parse_punct("<")?;
        // Literal elements, nested lists flattened; shape checked against the type below.
        let mut elems: Vec<(usize, bool, String, TokenKind)> = Vec::new();
        let mut shape: Vec<i64> = Vec::new();
        // `dense<"0x0102...">`: the raw little-endian bytes of all elements (upstream prints
        // literals of more than 100 elements so).
        let mut hex: Option<(usize, Vec<u8>)> = None;
        let t = self.peek();
        if t.kind == TokenKind::String && self.text(t).starts_with("\"0x") {
            self.bump();
            let digits = &self.text(t)[3..self.text(t).len() - 1];
            let bytes = decode_hex(digits).ok_or_else(|| {
                self.error_at(t.start, "elements hex string should start with '0x' and contain hex digits")
            })?;
            hex = Some((t.start, bytes));
        } else if !self.at_punct(">") {
            self.parse_dense_literal(&mut elems, &mut shape)?;
        }
        self.parse_punct(">")?;
        let type_off = self.offset();
        let ty = match given {
            Some(ty) if !self.at_punct(":") => ty,
            _ => {
                self.parse_punct(":")?;
                self.parse_type()?
            }
        };
        let (tshape, elem) = match self.ctx.type_kind(ty) {
            TypeKind::Vector { shape, elem, .. } => (shape.clone(), *elem),
            TypeKind::Tensor { shape: Some(shape), elem, .. } => (shape.clone(), *elem),
            _ => return Err(self.error_at(type_off, "elements literal must be a shaped type")),
        };
        if tshape.contains(&DYNAMIC) {
            return Err(self.error_at(type_off, "elements literal type must have static shape"));
        }
        let count: i64 = tshape.iter().product();
        if let Some((off, bytes)) = hex {
            let data = self.dense_from_hex(off, &bytes, elem, count)?;
            return Ok(self.ctx.attr(AttrKind::DenseElements { ty, data }));
        }
        // Complex elements are written `(re,im)` and stored as two scalars.
        let complex = matches!(self.ctx.type_kind(elem), TypeKind::Complex(_));
        let per = if complex { 2 } else { 1 };
        let splat = elems.len() == per && shape.is_empty();
        // `dense<>` is the literal of a type without elements (`tensor<0xi32>`).
        let empty = elems.is_empty() && shape.is_empty() && count == 0;
        if !splat && !empty && (shape != tshape || elems.len() as i64 != count * per as i64) {
            return Err(self.error_at(
                kw,
                format!(
                    "inferred shape of elements literal ([{}]) does not match type ([{}])",
                    join_dims(&shape),
                    join_dims(&tshape)
                ),
            ));
        }
        let scalar = match self.ctx.type_kind(elem) {
            TypeKind::Complex(e) => *e,
            _ => elem,
        };
        let data = if elems.iter().any(|e| e.3 == TokenKind::String) {
            let mut out = Vec::with_capacity(elems.len());
            for (off, _, text, tk) in &elems {
                if *tk != TokenKind::String {
                    return Err(self.error_at(*off, "expected string elements"));
                }
                let inner = &text[1..text.len() - 1];
                out.push(
                    super::escape::unescape_bytes(inner)
                        .map_err(|o| self.error_at(off + 1 + o, "invalid escape in string literal"))?,
                );
            }
            DenseData::Bytes(out)
        } else if let Some(kind) = self.ctx.float_kind(scalar) {
            let mut out = Vec::with_capacity(elems.len());
            for (off, neg, text, tk) in &elems {
                let v = match tk {
                    TokenKind::Float => text.parse::<f64>().map_err(|_| self.error_at(*off, "invalid float"))?,
                    TokenKind::Integer if text.starts_with("0x") => {
                        let bits =
                            u64::from_str_radix(&text[2..], 16).map_err(|_| self.error_at(*off, "invalid float"))?;
                        kind.from_bits(bits).ok_or_else(|| self.error_at(*off, "invalid float"))?
                    }
                    TokenKind::Integer => text.parse::<f64>().map_err(|_| self.error_at(*off, "invalid float"))?,
                    _ => return Err(self.error_at(*off, "expected floating point elements")),
                };
                let v = if *neg { -v } else { v };
                out.push(kind.round(v).to_bits());
            }
            DenseData::Float(out)
        } else if matches!(self.ctx.type_kind(scalar), TypeKind::Integer { .. } | TypeKind::Index) {
            let mut out = Vec::with_capacity(elems.len());
            for (off, neg, text, tk) in &elems {
                let v = match (tk, text.as_str()) {
                    // As in `array<...>`: `true`/`false` need `i1`, else they print as `1`/`0`,
                    // which `tensor<2xi0>` may not hold.
                    (TokenKind::BareId, "true" | "false") if self.ctx.int_width(scalar) != Some(1) => {
                        return Err(self.error_at(*off, "expected i1 type for 'true' or 'false' values"));
                    }
                    (TokenKind::BareId, "true") => 1,
                    (TokenKind::BareId, "false") => 0,
                    (TokenKind::Integer, _) => self.check_int_value(*off, text, *neg, scalar)?,
                    _ => return Err(self.error_at(*off, "expected integer elements, but parsed floating-point")),
                };
                out.push(v);
            }
            DenseData::Int(out)
        } else {
            return Err(self.error_at(type_off, "unsupported element type of dense elements"));
        };
        // Equal elements are stored once (a splat), as MLIR's `DenseElementsAttr::get` does.
        let data = match data {
            DenseData::Int(v) if !complex && v.len() > 1 && v.iter().all(|x| *x == v[0]) => DenseData::Int(vec![v[0]]),
            DenseData::Float(v) if !complex && v.len() > 1 && v.iter().all(|x| *x == v[0]) => {
                DenseData::Float(vec![v[0]])
            }
            DenseData::Bytes(v) if v.len() > 1 && v.iter().all(|x| *x == v[0]) => DenseData::Bytes(vec![v[0].clone()]),
            d => d,
        };
        Ok(self.ctx.attr(AttrKind::DenseElements { ty, data }))
    }

    /// Elements from the raw bytes of a hex literal.
    fn dense_from_hex(&self, off: usize, bytes: &[u8], elem: Type, count: i64) -> ParseResult<DenseData> {
        let (width, float) = match self.ctx.type_kind(elem) {
            TypeKind::Integer { width, .. } if *width >= 8 => (*width, None),
            TypeKind::Index => (64, None),
            TypeKind::Float(k) => (k.width(), Some(*k)),
            _ => return Err(self.error_at(off, "unsupported element type for a hex elements literal")),
        };
        let size = width.div_ceil(8) as usize;
        let n = bytes.len() / size;
        if !bytes.len().is_multiple_of(size) || (n as i64 != count && n != 1) {
            return Err(self.error_at(
                off,
                format!("elements hex data size is invalid for provided type: got {} bytes", bytes.len()),
            ));
        }
        let mut ints = Vec::with_capacity(n);
        let mut floats = Vec::with_capacity(n);
        for chunk in bytes.chunks(size) {
            let mut raw: u128 = 0;
            for (i, &b) in chunk.iter().enumerate() {
                raw |= (b as u128) << (8 * i);
            }
            match float {
                Some(k) => floats.push(k.from_bits(raw as u64).unwrap_or(0.0).to_bits()),
                None => {
                    // Sign-extend signless values to their stored (signed) form.
                    let shift = 128 - width.min(128);
                    let signed = match self.ctx.type_kind(elem) {
                        TypeKind::Integer { signedness: crate::types::Signedness::Unsigned, .. } => raw as i128,
                        _ => ((raw << shift) as i128) >> shift,
                    };
                    ints.push(signed);
                }
            }
        }
        Ok(if float.is_some() { DenseData::Float(floats) } else { DenseData::Int(ints) })
    }

    fn parse_dense_literal(
        &mut self,
        elems: &mut Vec<(usize, bool, String, TokenKind)>,
        shape: &mut Vec<i64>,
    ) -> ParseResult<()> {
        if self.at_punct("[") {
            let mut count = 0i64;
            let mut first_shape: Option<Vec<i64>> = None;
            self.parse_comma_separated_list(super::parser::Delimiter::Square, |p| {
                let mut sub = Vec::new();
                p.parse_dense_literal(elems, &mut sub)?;
                match &first_shape {
                    None => first_shape = Some(sub),
                    // Reported, as upstream, at the token after the odd element.
                    Some(f) if *f != sub => {
                        return Err(p.error_here("tensor literal is invalid; ranks are not consistent between elements"))
                    }
                    _ => {}
                }
                count += 1;
                Ok(())
            })?;
            shape.push(count);
            shape.extend(first_shape.unwrap_or_default());
            return Ok(());
        }
        if self.parse_optional_punct("(") {
            // A complex element `(re,im)`.
            let mut parts = Vec::new();
            self.parse_dense_literal(&mut parts, &mut Vec::new())?;
            self.parse_punct(",")?;
            self.parse_dense_literal(&mut parts, &mut Vec::new())?;
            self.parse_punct(")")?;
            elems.extend(parts);
            return Ok(());
        }
        let neg = self.parse_optional_punct("-");
        let t = self.peek();
        match t.kind {
            TokenKind::Integer | TokenKind::Float | TokenKind::String => {}
            TokenKind::BareId if matches!(self.text(t), "true" | "false") => {}
            _ => return Err(self.expected("element literal of primitive type")),
        }
        self.bump();
        elems.push((t.start, neg, self.text(t).to_string(), t.kind));
        Ok(())
    }

    fn parse_dense_array(&mut self) -> ParseResult<Attr> {
        self.parse_punct("<")?;
        let elem_off = self.offset();
        let elem = self.parse_type()?;
        let is_float = self.ctx.is_float(elem);
        if !is_float && !self.ctx.is_integer(elem) {
            return Err(self.error_at(elem_off, "expected integer or float type"));
        }
        let mut ints = Vec::new();
        let mut floats = Vec::new();
        if self.parse_optional_punct(":") {
            loop {
                let neg = self.parse_optional_punct("-");
                let t = self.peek();
                if is_float {
                    let v: f64 = match t.kind {
                        TokenKind::Float | TokenKind::Integer => {
                            self.text(t).parse().map_err(|_| self.error_at(t.start, "invalid float"))?
                        }
                        _ => return Err(self.expected("float value")),
                    };
                    self.bump();
                    floats.push(if neg { -v } else { v }.to_bits());
                } else {
                    match (t.kind, self.text(t)) {
                        // Only `i1` elements are spelled `true`/`false`, as upstream: any other
                        // type prints them as `1`/`0`, which it may not hold (`array<i0: 1>`).
                        (TokenKind::BareId, "true" | "false") if self.ctx.int_width(elem) != Some(1) => {
                            return Err(self.error_at(t.start, "expected i1 type for 'true' or 'false' values"));
                        }
                        (TokenKind::BareId, "true") => ints.push(1),
                        (TokenKind::BareId, "false") => ints.push(0),
                        (TokenKind::Integer, text) => ints.push(self.check_int_value(t.start, text, neg, elem)?),
                        _ => return Err(self.expected("integer value")),
                    }
                    self.bump();
                }
                if !self.parse_optional_punct(",") {
                    break;
                }
            }
        }
        self.parse_punct(">")?;
        let values = if is_float { DenseData::Float(floats) } else { DenseData::Int(ints) };
        Ok(self.ctx.attr(AttrKind::DenseArray { elem, values }))
    }

    /// `strided<[s0, ?], offset: o>`.
    fn parse_strided(&mut self) -> ParseResult<Attr> {
        self.parse_punct("<")?;
        let mut strides = Vec::new();
        self.parse_comma_separated_list(super::parser::Delimiter::Square, |p| {
            strides.push(p.parse_dynamic_int()?);
            Ok(())
        })?;
        let mut offset = 0;
        if self.parse_optional_punct(",") {
            self.parse_keyword("offset")?;
            self.parse_punct(":")?;
            offset = self.parse_dynamic_int()?;
        }
        self.parse_punct(">")?;
        Ok(self.ctx.attr(AttrKind::Strided { offset, strides }))
    }

    /// An integer or `?` (dynamic).
    pub fn parse_dynamic_int(&mut self) -> ParseResult<i64> {
        if self.parse_optional_punct("?") {
            Ok(DYNAMIC)
        } else {
            self.parse_integer()
        }
    }
}

fn join_dims(d: &[i64]) -> String {
    d.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")
}

fn decode_hex(digits: &str) -> Option<Vec<u8>> {
    if !digits.len().is_multiple_of(2) {
        return None;
    }
    (0..digits.len()).step_by(2).map(|i| u8::from_str_radix(digits.get(i..i + 2)?, 16).ok()).collect()
}
