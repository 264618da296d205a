//! Printing of types and attributes exactly as upstream MLIR prints them.

use super::escape::write_escaped_str;
use super::float_format::apfloat_to_string;
use super::printer::AliasTable;
use crate::attrs::{Attr, AttrKind, DenseData};
use crate::context::Context;
use crate::types::{FloatKind, Signedness, Type, TypeKind, DYNAMIC};
use std::fmt::Write;

/// Writes types and attributes, using `aliases` for affine maps and integer sets (and, while
/// the table is naming, giving each one met for the first time its alias).
pub(crate) struct AttrWriter<'a> {
    pub ctx: &'a Context,
    pub aliases: Option<&'a mut AliasTable>,
}

impl AttrWriter<'_> {
    pub fn ty(&mut self, out: &mut String, ty: Type) {
        let ctx = self.ctx;
        match ctx.type_kind(ty) {
            TypeKind::Integer { width, signedness } => {
                let p = match signedness {
                    Signedness::Signless => "i",
                    Signedness::Signed => "si",
                    Signedness::Unsigned => "ui",
                };
                let _ = write!(out, "{p}{width}");
            }
            TypeKind::Index => out.push_str("index"),
            TypeKind::Float(k) => out.push_str(k.keyword()),
            TypeKind::None => out.push_str("none"),
            TypeKind::MemRef { shape, elem, layout, memory_space } => {
                out.push_str("memref<");
                dims(out, shape);
                self.ty(out, *elem);
                if let Some(l) = layout {
                    out.push_str(", ");
                    self.attr(out, *l, true);
                }
                if let Some(m) = memory_space {
                    out.push_str(", ");
                    self.attr(out, *m, true);
                }
                out.push('>');
            }
            TypeKind::UnrankedMemRef { elem, memory_space } => {
                out.push_str("memref<*x");
                self.ty(out, *elem);
                if let Some(m) = memory_space {
                    out.push_str(", ");
                    self.attr(out, *m, true);
                }
                out.push('>');
            }
            TypeKind::Tensor { shape, elem, encoding } => {
                out.push_str("tensor<");
                match shape {
                    Some(s) => dims(out, s),
                    None => out.push_str("*x"),
                }
                self.ty(out, *elem);
                if let Some(e) = encoding {
                    out.push_str(", ");
                    self.attr(out, *e, false);
                }
                out.push('>');
            }
            TypeKind::Vector { shape, scalable, elem } => {
                out.push_str("vector<");
                for (d, s) in shape.iter().zip(scalable) {
                    if *s {
                        let _ = write!(out, "[{d}]x");
                    } else {
                        let _ = write!(out, "{d}x");
                    }
                }
                self.ty(out, *elem);
                out.push('>');
            }
            TypeKind::Function { inputs, results } => {
                out.push('(');
                self.type_list(out, inputs);
                out.push_str(") -> ");
                self.result_types(out, results);
            }
            TypeKind::Tuple(elems) => {
                out.push_str("tuple<");
                self.type_list(out, elems);
                out.push('>');
            }
            TypeKind::Complex(e) => {
                out.push_str("complex<");
                self.ty(out, *e);
                out.push('>');
            }
            TypeKind::Opaque { dialect, body } => {
                let _ = write!(out, "!{dialect}{body}");
            }
        }
    }

    pub fn type_list(&mut self, out: &mut String, tys: &[Type]) {
        for (i, &t) in tys.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.ty(out, t);
        }
    }

    /// Function results: a single non-function type bare, else parenthesized.
    pub fn result_types(&mut self, out: &mut String, results: &[Type]) {
        let bare = results.len() == 1 && !matches!(self.ctx.type_kind(results[0]), TypeKind::Function { .. });
        if bare {
            self.ty(out, results[0]);
        } else {
            out.push('(');
            self.type_list(out, results);
            out.push(')');
        }
    }

    /// Prints an attribute; `elide_type` drops the `: i64` of integers and `: f64` of floats where
    /// MLIR does (array elements, memref memory spaces).
    pub fn attr(&mut self, out: &mut String, attr: Attr, elide_type: bool) {
        let ctx = self.ctx;
        match ctx.attr_kind(attr) {
            AttrKind::Unit => out.push_str("unit"),
            AttrKind::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            AttrKind::Integer { value, ty } => {
                let _ = write!(out, "{value}");
                // MLIR elides `: i64` where the context allows (array elements, memory spaces).
                if !(elide_type && ctx.is_signless_int(*ty, 64)) {
                    out.push_str(" : ");
                    self.ty(out, *ty);
                }
            }
            AttrKind::Float { bits, ty } => {
                let kind = ctx.float_kind(*ty).unwrap_or(FloatKind::F64);
                out.push_str(&format_float(kind, f64::from_bits(*bits)));
                if !(elide_type && kind == FloatKind::F64) {
                    out.push_str(" : ");
                    self.ty(out, *ty);
                }
            }
            AttrKind::String(s) => {
                out.push('"');
                let _ = super::escape::write_escaped_bytes(out, s);
                out.push('"');
            }
            AttrKind::Type(t) => self.ty(out, *t),
            AttrKind::Array(elems) => {
                out.push('[');
                for (i, &e) in elems.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.attr(out, e, true);
                }
                out.push(']');
            }
            AttrKind::Dictionary(entries) => {
                out.push('{');
                self.named_attrs(out, entries);
                out.push('}');
            }
            AttrKind::SymbolRef { root, nested } => {
                symbol(out, root);
                for n in nested {
                    out.push_str("::");
                    symbol(out, n);
                }
            }
            AttrKind::AffineMap(m) => match self.aliases.as_deref_mut().and_then(|a| a.alias(ctx, attr)) {
                Some(alias) => {
                    out.push('#');
                    out.push_str(alias);
                }
                None => {
                    let _ = write!(out, "affine_map<{m}>");
                }
            },
            AttrKind::IntegerSet(s) => match self.aliases.as_deref_mut().and_then(|a| a.alias(ctx, attr)) {
                Some(alias) => {
                    out.push('#');
                    out.push_str(alias);
                }
                None => {
                    let _ = write!(out, "affine_set<{s}>");
                }
            },
            AttrKind::DenseElements { ty, .. } => {
                self.dense_body(out, attr);
                out.push_str(" : ");
                self.ty(out, *ty);
            }
            AttrKind::DenseArray { elem, values } => {
                out.push_str("array<");
                self.ty(out, *elem);
                if !values.is_empty() {
                    out.push_str(": ");
                    for i in 0..values.len() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        self.dense_elem(out, values, i, *elem);
                    }
                }
                out.push('>');
            }
            AttrKind::Strided { offset, strides } => {
                out.push_str("strided<[");
                for (i, s) in strides.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    dyn_int(out, *s);
                }
                out.push(']');
                if *offset != 0 {
                    out.push_str(", offset: ");
                    dyn_int(out, *offset);
                }
                out.push('>');
            }
            AttrKind::Opaque { dialect, body } => {
                let _ = write!(out, "#{dialect}{body}");
            }
        }
    }

    /// `dense<...>` without the `: type` (MLIR's `printAttributeWithoutType` of elements).
    pub fn dense_body(&mut self, out: &mut String, attr: Attr) {
        let ctx = self.ctx;
        let AttrKind::DenseElements { ty, data } = ctx.attr_kind(attr) else { return };
        out.push_str("dense<");
        let shape = ctx.shape(*ty).map(<[i64]>::to_vec).unwrap_or_default();
        let elem = ctx.element_type_or_self(*ty);
        let per = if matches!(ctx.type_kind(elem), TypeKind::Complex(_)) { 2 } else { 1 };
        let n = data.len() / per;
        // A splat (all elements equal, stored once or not) prints as one element, as MLIR does;
        // no elements print as `dense<>`.
        let splat = (1..n).all(|i| dense_elem_eq(data, 0, i, per));
        let count: i64 = shape.iter().product();
        let empty = n == 0;
        if !empty && !splat && count > 100 && self.dense_hex(out, data, elem) {
            // printed as the raw bytes
        } else if !empty && (splat || shape.is_empty()) {
            self.dense_elem(out, data, 0, elem);
        } else if !empty {
            let mut idx = 0;
            self.dense_nested(out, data, &shape, &mut idx, elem);
        }
        out.push('>');
    }

    /// `"0x..."`: the little-endian bytes of every element, which upstream prints for literals
    /// of more than 100 elements. Returns false (printing nothing) for element types without a
    /// byte layout.
    fn dense_hex(&mut self, out: &mut String, data: &DenseData, elem: Type) -> bool {
        let (width, float) = match self.ctx.type_kind(elem) {
            TypeKind::Integer { width, .. } if *width >= 8 => (*width, None),
            TypeKind::Index => (64, None),
            TypeKind::Float(k) => (k.width(), Some(*k)),
            _ => return false,
        };
        let size = width.div_ceil(8) as usize;
        out.push_str("\"0x");
        let mut push = |raw: u128| {
            for i in 0..size {
                let _ = write!(out, "{:02X}", (raw >> (8 * i)) as u8);
            }
        };
        match (data, float) {
            (DenseData::Int(v), None) => v.iter().for_each(|&x| push(x as u128)),
            (DenseData::Float(v), Some(k)) => v.iter().for_each(|&b| push(k.to_bits(f64::from_bits(b)) as u128)),
            _ => {}
        }
        out.push('"');
        true
    }

    fn dense_nested(&mut self, out: &mut String, data: &DenseData, shape: &[i64], idx: &mut usize, elem: Type) {
        match shape.split_first() {
            None => {
                self.dense_elem(out, data, *idx, elem);
                *idx += 1;
            }
            Some((&n, rest)) => {
                out.push('[');
                for i in 0..n {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.dense_nested(out, data, rest, idx, elem);
                }
                out.push(']');
            }
        }
    }

    /// Element `i` (a complex element is printed `(re,im)` from two stored scalars).
    fn dense_elem(&mut self, out: &mut String, data: &DenseData, i: usize, elem: Type) {
        if let TypeKind::Complex(inner) = *self.ctx.type_kind(elem) {
            out.push('(');
            self.dense_scalar(out, data, 2 * i, inner);
            out.push(',');
            self.dense_scalar(out, data, 2 * i + 1, inner);
            out.push(')');
            return;
        }
        self.dense_scalar(out, data, i, elem);
    }

    fn dense_scalar(&mut self, out: &mut String, data: &DenseData, i: usize, elem: Type) {
        match data {
            DenseData::Int(v) => {
                let x = v.get(i).copied().unwrap_or(0);
                if self.ctx.is_signless_int(elem, 1) {
                    out.push_str(if x != 0 { "true" } else { "false" });
                } else {
                    let _ = write!(out, "{x}");
                }
            }
            DenseData::Float(v) => {
                let kind = self.ctx.float_kind(elem).unwrap_or(FloatKind::F64);
                out.push_str(&format_float(kind, f64::from_bits(v.get(i).copied().unwrap_or(0))));
            }
            DenseData::Bytes(v) => {
                out.push('"');
                let _ = super::escape::write_escaped_bytes(out, v.get(i).map_or(&[][..], Vec::as_slice));
                out.push('"');
            }
        }
    }

    /// `a = 1 : i64, b` (no braces).
    pub fn named_attrs(&mut self, out: &mut String, entries: &[(String, Attr)]) {
        for (i, (name, a)) in entries.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            key(out, name);
            if !matches!(self.ctx.attr_kind(*a), AttrKind::Unit) {
                out.push_str(" = ");
                self.attr(out, *a, false);
            }
        }
    }
}

/// Whether elements `i` and `j` (of `per` scalars each) are equal.
fn dense_elem_eq(data: &DenseData, i: usize, j: usize, per: usize) -> bool {
    (0..per).all(|k| match data {
        DenseData::Int(v) => v.get(i * per + k) == v.get(j * per + k),
        DenseData::Float(v) => v.get(i * per + k) == v.get(j * per + k),
        DenseData::Bytes(v) => v.get(i * per + k) == v.get(j * per + k),
    })
}

fn dims(out: &mut String, shape: &[i64]) {
    for &d in shape {
        if d == DYNAMIC {
            out.push_str("?x");
        } else {
            let _ = write!(out, "{d}x");
        }
    }
}

fn dyn_int(out: &mut String, v: i64) {
    if v == DYNAMIC {
        out.push('?');
    } else {
        let _ = write!(out, "{v}");
    }
}

/// Whether `s` can be printed as a bare identifier.
pub(crate) fn is_bare_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c.is_ascii_alphabetic() || c == '_' => {}
        _ => return false,
    }
    chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.')
}

/// A dictionary key: bare if possible, else quoted.
pub(crate) fn key(out: &mut String, name: &str) {
    if is_bare_identifier(name) {
        out.push_str(name);
    } else {
        out.push('"');
        let _ = write_escaped_str(out, name);
        out.push('"');
    }
}

/// `@name` or `@"quoted name"`.
pub(crate) fn symbol(out: &mut String, name: &str) {
    out.push('@');
    let plain = !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || "_$.-".contains(c))
        && !name.starts_with(|c: char| c.is_ascii_digit());
    if plain {
        out.push_str(name);
    } else {
        out.push('"');
        let _ = write_escaped_str(out, name);
        out.push('"');
    }
}

/// Formats a float as MLIR's `printFloatValue` does: `APFloat::toString(6, 0, false)`
/// (`1.000000e+00`) when that reads back exactly, else the natural-precision `toString()` if it
/// has a decimal point, else the hexadecimal bit pattern (always for NaN and infinities).
pub fn format_float(kind: FloatKind, v: f64) -> String {
    if v.is_finite() {
        let sci = apfloat_to_string(kind, v, 6, 0, false);
        if reads_back(kind, &sci, v) {
            return sci;
        }
        let natural = apfloat_to_string(kind, v, 0, 3, true);
        if natural.contains('.') {
            return natural;
        }
    }
    format!("0x{:X}", kind.to_bits(v))
}

fn reads_back(kind: FloatKind, s: &str, v: f64) -> bool {
    let parsed = match kind {
        FloatKind::F32 => s.parse::<f32>().map(|x| x as f64),
        _ => s.parse::<f64>().map(|x| kind.round(x)),
    };
    parsed.is_ok_and(|p| p.to_bits() == v.to_bits())
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expected strings are upstream MLIR 22's printing of `arith.constant` values.
    #[test]
    fn floats_print_like_mlir() {
        assert_eq!(format_float(FloatKind::F32, 1.0), "1.000000e+00");
        assert_eq!(format_float(FloatKind::F64, 0.5), "5.000000e-01");
        assert_eq!(format_float(FloatKind::F64, 0.0), "0.000000e+00");
        assert_eq!(format_float(FloatKind::F64, -2.5), "-2.500000e+00");
        assert_eq!(format_float(FloatKind::F32, f64::NAN), "0x7FC00000");
        assert_eq!(format_float(FloatKind::F32, f64::INFINITY), "0x7F800000");
        assert_eq!(format_float(FloatKind::F64, 0.123456789), "0.123456789");
        assert_eq!(format_float(FloatKind::F32, 0.1234567f32 as f64), "0.123456702");
    }
}
