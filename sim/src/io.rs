//! Entry arguments and results: parsing scalars, deterministic random arrays, checking arrays
//! against memref types, and comparing outputs. The `sharc-run` tool is a thin layer over this.

use crate::npy::Array;
use crate::value::{Scalar, Val};
use sharc_ir::types::DYNAMIC;

/// What an entry argument is.
#[derive(Clone, Debug, PartialEq)]
pub enum ArgKind {
    /// A scalar.
    Scalar(Scalar),
    /// A memref of this element type and shape ([`DYNAMIC`] for `?`).
    MemRef {
        /// Element type.
        elem: Scalar,
        /// Shape.
        shape: Vec<i64>,
    },
}

/// An argument value supplied from outside.
#[derive(Clone, Debug, PartialEq)]
pub enum ArgValue {
    /// A scalar.
    Scalar(Val),
    /// An array for a memref.
    Array(Array),
}

/// Parses a scalar of type `ty` (`42`, `-3`, `0x1f`, `2.5`, `1e-3`, `true`, `false`, `nan`, `inf`).
pub fn parse_scalar(ty: Scalar, text: &str) -> Result<Val, String> {
    let t = text.trim();
    if ty.is_float() {
        let v: f64 = match t.to_ascii_lowercase().as_str() {
            "inf" | "+inf" => f64::INFINITY,
            "-inf" => f64::NEG_INFINITY,
            "nan" => f64::NAN,
            other => other.parse().map_err(|_| format!("'{text}' is not a {} value", ty.keyword()))?,
        };
        return Ok(ty.float(v));
    }
    let v: i128 = match t {
        "true" => 1,
        "false" => 0,
        _ => {
            let (neg, digits) = match t.strip_prefix('-') {
                Some(d) => (true, d),
                None => (false, t),
            };
            let parsed = match digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
                Some(hex) => i128::from_str_radix(hex, 16),
                None => digits.parse::<i128>(),
            };
            let v = parsed.map_err(|_| format!("'{text}' is not an integer"))?;
            if neg {
                -v
            } else {
                v
            }
        }
    };
    let w = ty.width();
    let (lo, hi) = if w >= 64 { (i64::MIN as i128, u64::MAX as i128) } else { (-(1i128 << (w - 1)), (1i128 << w) - 1) };
    if v < lo || v > hi {
        return Err(format!("{text} does not fit in {}", ty.keyword()));
    }
    Ok(ty.int(v as i64))
}

/// Checks that `a` can be the memref argument `elem`/`shape`, and resolves dynamic dimensions.
pub fn check_array(a: &Array, elem: Scalar, shape: &[i64]) -> Result<Vec<i64>, String> {
    let same_elem = a.elem == elem || (elem == Scalar::Index && a.elem == Scalar::Int(64));
    if !same_elem {
        return Err(format!("expected elements of type {}, the array holds {}", elem.keyword(), dtype_name(a)));
    }
    let fits =
        a.shape.len() == shape.len() && a.shape.iter().zip(shape).all(|(&have, &want)| want == DYNAMIC || have == want);
    if !fits {
        return Err(format!("expected shape {}, the array has shape {}", show_shape(shape), show_shape(&a.shape)));
    }
    Ok(a.shape.clone())
}

fn dtype_name(a: &Array) -> String {
    match (a.elem, a.unsigned) {
        (Scalar::Int(1), _) => "bool".to_string(),
        (Scalar::Int(w), true) => format!("u{w}"),
        (e, _) => e.keyword(),
    }
}

/// `4x?x8` (`scalar` for rank 0).
pub fn show_shape(shape: &[i64]) -> String {
    if shape.is_empty() {
        return "scalar".to_string();
    }
    shape.iter().map(|&d| if d == DYNAMIC { "?".to_string() } else { d.to_string() }).collect::<Vec<_>>().join("x")
}

/// SplitMix64: a small, fast, well-mixed deterministic generator (also the seed-to-program map
/// of sharc-bench's random programs, which must not change with a crate's version).
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// A deterministic random array for argument `index` from `seed`. Floats are multiples of
/// 1/16 in [-4, 4) (exact in every float type, so sums and products of a few of them stay exact
/// and comparisons between differently ordered computations are meaningful); integers lie in
/// [-100, 100] (booleans 0/1, `index` in [0, 100)). The caller bounds the size first (a shape
/// with a negative or overflowing element count gives an empty array).
pub fn random_array(elem: Scalar, shape: &[i64], seed: u64, index: usize) -> Array {
    let mut rng = SplitMix(seed ^ (index as u64 + 1).wrapping_mul(0xa076_1d64_78bd_642f));
    let b = elem.bytes();
    let bytes = shape.iter().try_fold(b, |acc, &d| acc.checked_mul(usize::try_from(d).ok()?));
    let mut data = vec![0u8; bytes.unwrap_or(0)];
    for chunk in data.chunks_mut(b) {
        let r = rng.next_u64();
        let v = match elem {
            Scalar::Int(1) => Val::Int(-((r & 1) as i64)),
            Scalar::Index => Val::Int((r % 100) as i64),
            Scalar::Int(_) => elem.int((r % 201) as i64 - 100),
            _ => elem.float(((r % 128) as i64 - 64) as f64 / 16.0),
        };
        elem.encode(v, chunk);
    }
    Array { elem, unsigned: false, shape: shape.to_vec(), data }
}

/// The first element where `a` and `b` differ beyond `rtol` (relative to `|b|`; NaNs equal each
/// other), as (multi-index, a, b).
pub fn first_difference(a: &Array, b: &Array, rtol: f64) -> Option<(Vec<i64>, String, String)> {
    if a.elem != b.elem || a.shape != b.shape {
        return Some((
            Vec::new(),
            format!("{} {}", a.elem.keyword(), show_shape(&a.shape)),
            format!("{} {}", b.elem.keyword(), show_shape(&b.shape)),
        ));
    }
    let n = a.elem.bytes();
    for (i, (x, y)) in a.data.chunks(n).zip(b.data.chunks(n)).enumerate() {
        if x == y {
            continue;
        }
        let (vx, vy) = (a.elem.decode(x), a.elem.decode(y));
        let same = match (vx.as_f64(), vy.as_f64()) {
            (Some(p), Some(q)) => (p.is_nan() && q.is_nan()) || (p - q).abs() <= rtol * q.abs(),
            _ => false,
        };
        if !same {
            return Some((crate::interp::unflatten(i as u64, &a.shape), a.elem.show(vx), a.elem.show(vy)));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scalars() {
        assert_eq!(parse_scalar(Scalar::Int(32), "-7"), Ok(Val::Int(-7)));
        assert_eq!(parse_scalar(Scalar::Int(8), "0xff"), Ok(Val::Int(-1)));
        assert!(parse_scalar(Scalar::Int(8), "300").is_err());
        assert_eq!(parse_scalar(Scalar::Int(1), "true"), Ok(Val::Int(-1)));
        assert_eq!(parse_scalar(Scalar::F32, "0.1"), Ok(Val::F32(0.1)));
        assert_eq!(parse_scalar(Scalar::Index, "64"), Ok(Val::Int(64)));
        assert!(parse_scalar(Scalar::F64, "x").is_err());
    }

    #[test]
    fn random_arrays_are_deterministic_and_exact() {
        let a = random_array(Scalar::F32, &[4, 4], 7, 0);
        assert_eq!(a, random_array(Scalar::F32, &[4, 4], 7, 0));
        assert_ne!(a, random_array(Scalar::F32, &[4, 4], 7, 1));
        for c in a.data.chunks(4) {
            let v = f32::from_le_bytes(c.try_into().expect("4 bytes"));
            assert_eq!(v * 16.0, (v * 16.0).round());
            assert!((-4.0..4.0).contains(&v));
        }
    }

    #[test]
    fn shapes_and_differences() {
        let a = random_array(Scalar::F32, &[2, 3], 1, 0);
        assert_eq!(check_array(&a, Scalar::F32, &[2, DYNAMIC]), Ok(vec![2, 3]));
        assert!(check_array(&a, Scalar::F32, &[3, 2]).is_err());
        assert!(check_array(&a, Scalar::F64, &[2, 3]).is_err());
        let mut b = a.clone();
        assert_eq!(first_difference(&a, &b, 0.0), None);
        b.data[5 * 4..6 * 4].copy_from_slice(&100f32.to_le_bytes());
        assert_eq!(first_difference(&a, &b, 0.0).map(|d| d.0), Some(vec![1, 2]));
    }
}
