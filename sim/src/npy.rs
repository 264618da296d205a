//! NumPy `.npy` files: the format of `sharc-run`'s inputs and outputs.
//!
//! Reads versions 1.0–3.0 with C-order data of the dtypes sharc's element types map to
//! (`f2 f4 f8`, `i1 i2 i4 i8`, `u1 u2 u4 u8`, `b1`; little- or big-endian). Writes version 1.0
//! exactly as `numpy.save` does (header dict, space padding to a 64-byte boundary, `\n`), so a
//! file written here is byte-identical to NumPy's for the same array (unsigned dtypes are kept
//! through [`Array::unsigned`]). Every malformed input is an [`NpyError`], never a panic.

use crate::value::Scalar;

/// A decoded array: element type, shape and little-endian data.
#[derive(Clone, Debug, PartialEq)]
pub struct Array {
    /// The element type.
    pub elem: Scalar,
    /// Whether the dtype is unsigned (`u1`...), for messages.
    pub unsigned: bool,
    /// Dimensions.
    pub shape: Vec<i64>,
    /// `product(shape) * elem.bytes()` bytes, little-endian.
    pub data: Vec<u8>,
}

/// Why a file is not a usable `.npy` array.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum NpyError {
    /// Missing magic string.
    #[error("not a NumPy .npy file (bad magic string)")]
    BadMagic,
    /// Unknown format version.
    #[error("unsupported .npy format version {0}.{1}")]
    Version(u8, u8),
    /// The file ends early.
    #[error("truncated .npy file: {0}")]
    Truncated(&'static str),
    /// The header is not the expected dictionary.
    #[error("malformed .npy header: {0}")]
    Header(String),
    /// A dtype sharc has no element type for.
    #[error("unsupported dtype '{0}' (supported: f2 f4 f8 i1 i2 i4 i8 u1 u2 u4 u8 b1)")]
    Dtype(String),
    /// Fortran order.
    #[error("Fortran-ordered arrays are not supported; save a C-ordered array")]
    FortranOrder,
    /// Data length does not match the shape.
    #[error("data size {got} bytes does not match shape {shape:?} of {elem_bytes}-byte elements")]
    Size {
        /// Bytes present.
        got: usize,
        /// The shape.
        shape: Vec<i64>,
        /// Bytes per element.
        elem_bytes: usize,
    },
    /// An element type with no NumPy dtype.
    #[error("cannot write elements of type {0} to .npy")]
    Unwritable(String),
}

const MAGIC: &[u8] = b"\x93NUMPY";

/// Parses an `.npy` file's bytes.
pub fn read(bytes: &[u8]) -> Result<Array, NpyError> {
    if bytes.len() < 8 || &bytes[..6] != MAGIC {
        return Err(NpyError::BadMagic);
    }
    let (major, minor) = (bytes[6], bytes[7]);
    let (header_len, start): (usize, usize) = match major {
        1 => {
            let b = bytes.get(8..10).ok_or(NpyError::Truncated("header length"))?;
            (u16::from_le_bytes([b[0], b[1]]) as usize, 10)
        }
        2 | 3 => {
            let b = bytes.get(8..12).ok_or(NpyError::Truncated("header length"))?;
            (u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize, 12)
        }
        _ => return Err(NpyError::Version(major, minor)),
    };
    let header = bytes.get(start..start.saturating_add(header_len)).ok_or(NpyError::Truncated("header"))?;
    let header = std::str::from_utf8(header).map_err(|_| NpyError::Header("not UTF-8 text".into()))?;
    let dict = parse_dict(header)?;
    let descr = dict.descr.ok_or_else(|| NpyError::Header("no 'descr' key".into()))?;
    if dict.fortran_order.ok_or_else(|| NpyError::Header("no 'fortran_order' key".into()))? {
        return Err(NpyError::FortranOrder);
    }
    let shape = dict.shape.ok_or_else(|| NpyError::Header("no 'shape' key".into()))?;
    let (elem, unsigned, big_endian) = dtype(&descr)?;
    let n = shape.iter().try_fold(1usize, |acc, &d| acc.checked_mul(usize::try_from(d).ok()?));
    let data = &bytes[start + header_len..];
    let expected = n.and_then(|n| n.checked_mul(elem.bytes()));
    if expected != Some(data.len()) {
        return Err(NpyError::Size { got: data.len(), shape, elem_bytes: elem.bytes() });
    }
    let mut data = data.to_vec();
    if big_endian {
        for chunk in data.chunks_mut(elem.bytes()) {
            chunk.reverse();
        }
    }
    if elem == Scalar::Int(1) {
        for b in &mut data {
            *b = u8::from(*b != 0);
        }
    }
    Ok(Array { elem, unsigned, shape, data })
}

/// The `.npy` bytes of an array (version 1.0, as `numpy.save` writes it).
pub fn write(a: &Array) -> Result<Vec<u8>, NpyError> {
    let (shape, data) = (&a.shape[..], &a.data[..]);
    let descr = match (a.elem, a.unsigned) {
        (Scalar::F16, _) => "<f2",
        (Scalar::F32, _) => "<f4",
        (Scalar::F64, _) => "<f8",
        (Scalar::Int(1), _) => "|b1",
        (Scalar::Int(8), false) => "|i1",
        (Scalar::Int(8), true) => "|u1",
        (Scalar::Int(16), false) => "<i2",
        (Scalar::Int(16), true) => "<u2",
        (Scalar::Int(32), false) => "<i4",
        (Scalar::Int(32), true) => "<u4",
        (Scalar::Int(64), false) | (Scalar::Index, _) => "<i8",
        (Scalar::Int(64), true) => "<u8",
        (other, _) => return Err(NpyError::Unwritable(other.keyword())),
    };
    let shape_text = match shape {
        [] => "()".to_string(),
        [d] => format!("({d},)"),
        ds => format!("({})", ds.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")),
    };
    let mut header = format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape_text}, }}");
    // numpy >= 1.23 leaves room for the first dimension to grow to 21 digits...
    if let Some(d) = shape.first() {
        header.push_str(&" ".repeat(21usize.saturating_sub(d.to_string().len())));
    }
    // ...then pads with spaces so that magic + version + length + header + '\n' ends on a
    // 64-byte boundary (a full 64 when it already does: `_wrap_header`).
    let total = 10 + header.len() + 1;
    header.push_str(&" ".repeat(64 - total % 64));
    header.push('\n');
    let mut out = Vec::with_capacity(10 + header.len() + data.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&[1, 0]);
    out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    out.extend_from_slice(data);
    Ok(out)
}

fn dtype(descr: &str) -> Result<(Scalar, bool, bool), NpyError> {
    let bad = || NpyError::Dtype(descr.to_string());
    let (order, code) = match descr.as_bytes().first() {
        Some(b'<' | b'|' | b'=') => ('<', &descr[1..]),
        Some(b'>') => ('>', &descr[1..]),
        _ => ('<', descr),
    };
    let (elem, unsigned) = match code {
        "f2" => (Scalar::F16, false),
        "f4" => (Scalar::F32, false),
        "f8" => (Scalar::F64, false),
        "i1" => (Scalar::Int(8), false),
        "i2" => (Scalar::Int(16), false),
        "i4" => (Scalar::Int(32), false),
        "i8" => (Scalar::Int(64), false),
        "u1" => (Scalar::Int(8), true),
        "u2" => (Scalar::Int(16), true),
        "u4" => (Scalar::Int(32), true),
        "u8" => (Scalar::Int(64), true),
        "b1" => (Scalar::Int(1), false),
        _ => return Err(bad()),
    };
    Ok((elem, unsigned, order == '>' && elem.bytes() > 1))
}

#[derive(Default)]
struct Dict {
    descr: Option<String>,
    fortran_order: Option<bool>,
    shape: Option<Vec<i64>>,
}

/// Parses the header's Python dict literal: `{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }`.
fn parse_dict(text: &str) -> Result<Dict, NpyError> {
    let bad = |what: &str| NpyError::Header(what.to_string());
    let t = text.trim();
    let body = t.strip_prefix('{').and_then(|s| s.strip_suffix('}')).ok_or_else(|| bad("not a dictionary"))?;
    let mut d = Dict::default();
    let mut rest = body.trim_start();
    while !rest.is_empty() {
        let (key, after) = quoted(rest).ok_or_else(|| bad("expected a quoted key"))?;
        let after = after.trim_start().strip_prefix(':').ok_or_else(|| bad("expected ':' after a key"))?.trim_start();
        let after = match key {
            "descr" => {
                let (v, a) = quoted(after).ok_or_else(|| bad("'descr' is not a string"))?;
                d.descr = Some(v.to_string());
                a
            }
            "fortran_order" => {
                if let Some(a) = after.strip_prefix("False") {
                    d.fortran_order = Some(false);
                    a
                } else if let Some(a) = after.strip_prefix("True") {
                    d.fortran_order = Some(true);
                    a
                } else {
                    return Err(bad("'fortran_order' is not True or False"));
                }
            }
            "shape" => {
                let inner = after.strip_prefix('(').ok_or_else(|| bad("'shape' is not a tuple"))?;
                let close = inner.find(')').ok_or_else(|| bad("unterminated 'shape' tuple"))?;
                let mut dims = Vec::new();
                for part in inner[..close].split(',') {
                    let p = part.trim().trim_end_matches('L');
                    if p.is_empty() {
                        continue;
                    }
                    let v: i64 = p.parse().map_err(|_| bad("'shape' holds a non-integer"))?;
                    if v < 0 {
                        return Err(bad("'shape' holds a negative dimension"));
                    }
                    dims.push(v);
                }
                d.shape = Some(dims);
                &inner[close + 1..]
            }
            other => return Err(NpyError::Header(format!("unexpected key '{other}'"))),
        };
        let after = after.trim_start();
        rest = match after.strip_prefix(',') {
            Some(r) => r.trim_start(),
            None if after.is_empty() => after,
            None => return Err(bad("expected ',' between entries")),
        };
    }
    Ok(d)
}

/// A `'...'` or `"..."` string at the start of `s`, and what follows.
fn quoted(s: &str) -> Option<(&str, &str)> {
    let q = s.chars().next().filter(|&c| c == '\'' || c == '"')?;
    let end = s[1..].find(q)? + 1;
    Some((&s[1..end], &s[end + 1..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `numpy.save` of `np.arange(6, dtype=np.float32).reshape(2, 3)`.
    fn numpy_2x3_f32() -> Vec<u8> {
        let mut v = b"\x93NUMPY\x01\x00v\x00".to_vec();
        let header = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";
        v.extend_from_slice(header.as_bytes());
        v.extend_from_slice(&vec![b' '; 118 - header.len() - 1]);
        v.push(b'\n');
        for i in 0..6 {
            v.extend_from_slice(&(i as f32).to_le_bytes());
        }
        v
    }

    #[test]
    fn writes_what_numpy_writes() {
        let data: Vec<u8> = (0..6).flat_map(|i| (i as f32).to_le_bytes()).collect();
        let out = write(&Array { elem: Scalar::F32, unsigned: false, shape: vec![2, 3], data }).expect("writable");
        assert_eq!(out, numpy_2x3_f32());
    }

    #[test]
    fn round_trips() {
        for (elem, shape) in [
            (Scalar::F64, vec![]),
            (Scalar::Int(32), vec![5]),
            (Scalar::Int(1), vec![2, 2]),
            (Scalar::Int(8), vec![0, 3]),
        ] {
            let n: i64 = shape.iter().product();
            let data = vec![1u8; n as usize * elem.bytes()];
            for unsigned in [false, true] {
                let a = Array { elem, unsigned, shape: shape.clone(), data: data.clone() };
                let b = read(&write(&a).expect("writable")).expect("readable");
                assert_eq!(b.unsigned, unsigned && matches!(elem, Scalar::Int(w) if w > 1));
                assert_eq!((b.elem, b.shape, b.data), (elem, shape.clone(), data.clone()));
            }
        }
    }

    #[test]
    fn rejects_malformed_files() {
        let good = numpy_2x3_f32();
        assert_eq!(read(b"hello"), Err(NpyError::BadMagic));
        assert_eq!(read(&good[..9]), Err(NpyError::Truncated("header length")));
        assert_eq!(read(&good[..40]), Err(NpyError::Truncated("header")));
        assert!(matches!(read(&good[..good.len() - 1]), Err(NpyError::Size { .. })));
        let mut v = good.clone();
        v[6] = 9;
        assert_eq!(read(&v), Err(NpyError::Version(9, 0)));
        let swap = |from: &str, to: &str| {
            let at = good.windows(from.len()).position(|w| w == from.as_bytes()).expect("present");
            let mut v = good[..at].to_vec();
            v.extend_from_slice(to.as_bytes());
            v.extend_from_slice(&good[at + from.len()..]);
            read(&v)
        };
        assert_eq!(swap("<f4", "<c8"), Err(NpyError::Dtype("<c8".into())));
        assert_eq!(swap("False", "True "), Err(NpyError::FortranOrder));
        assert!(matches!(swap("(2, 3)", "(2, x)"), Err(NpyError::Header(_))));
        assert!(matches!(swap("'shape'", "'shapf'"), Err(NpyError::Header(_))));
    }

    #[test]
    fn reads_big_endian_and_bools() {
        let mut v = b"\x93NUMPY\x01\x00".to_vec();
        let h = "{'descr': '>i4', 'fortran_order': False, 'shape': (2,), }\n";
        v.extend_from_slice(&(h.len() as u16).to_le_bytes());
        v.extend_from_slice(h.as_bytes());
        v.extend_from_slice(&[0, 0, 1, 2, 0xff, 0xff, 0xff, 0xfe]);
        let a = read(&v).expect("readable");
        assert_eq!(a.data, vec![2, 1, 0, 0, 0xfe, 0xff, 0xff, 0xff]);
    }
}
