//! Shared-buffer layouts: where element `e` of a shared tile is stored, for the placements a
//! memref type cannot show. Padding needs no layout (it is the type's shape); the layouts here
//! permute the elements of a buffer of unchanged size, so the bank a lane hits changes while
//! the buffer's bytes do not.
//!
//! One definition, used by every level that must agree on addresses: the `memplace` dialect's
//! `#memplace<layout ...>` attribute (syntax and verifier), the simulator (the buffer's address
//! map, so metrics and race checks see the physical addresses), the bank-conflict cost analysis
//! and pass (candidate costing), and `sharc-lower-gpumap` (explicit index arithmetic).
//!
//! Every layout is a bijection on the flat row-major element offsets `0..N` of the buffer's
//! shape (padding included); [`SharedLayout::check`] states when it is one.
//!
//! - [`SharedLayout::Xor`] is Triton's `#ttg.swizzled_shared<{vec, perPhase, maxPhase}>` on the
//!   last dimension: with `row = e / C` and `col = e mod C` (C the innermost extent, every outer
//!   dimension flattened into the row), the element lands in column
//!   `((col / vec) XOR ((row / per_phase) mod max_phase)) · vec + col mod vec` of the same row.
//!   CuTe's `Swizzle<B, M, S>` is the same family where it XORs column bits with row bits
//!   ([`SharedLayout::from_cute`]).
//! - [`SharedLayout::Swizzle`] is CuTe's `Swizzle<B, M, S>` itself, on the flat offset of any
//!   rank (1-D included): `e XOR ((e AND ((2^B - 1) << (M + S))) >> S)`. It is what the `Xor`
//!   form cannot say: a 1-D buffer, or source and target bits that are not the column and row
//!   of a power-of-two row. A 1-D buffer read at `2·t` and `2·t + 1` (interleaved complex
//!   numbers) is conflict-free under `Swizzle<1, 0, 5>` on 32 four-byte banks for both the
//!   strided reads and the unit-stride cooperative copy, which `Soa` is not.
//! - [`SharedLayout::Transposed`] stores `[.., r, c]` of an `R × C` matrix at `[.., c, r]`
//!   (physical offset `c·R + r` within the matrix): a tile read by columns is stored by rows.
//! - [`SharedLayout::Soa`] de-interleaves records of `fields` elements (AOS → SOA): flat element
//!   `e` lands at `(e mod fields) · (N / fields) + e / fields`, so field `f` of every record is
//!   contiguous. On a `[rows][fields]` tile it is the transposed tile; on a 1-D buffer read at
//!   `2·t` and `2·t + 1` it puts the real parts first and the imaginary parts after them.

use std::fmt;

/// A placement of a shared buffer's elements (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SharedLayout {
    /// Row-major, the memref type's own layout.
    RowMajor,
    /// XOR swizzle of the innermost index (Triton's parameters; each a power of two).
    Xor {
        /// Elements moved together (the vector width of the accesses).
        vec: u32,
        /// Consecutive rows that share one phase.
        per_phase: u32,
        /// Distinct phases (XOR values), repeating every `per_phase · max_phase` rows.
        max_phase: u32,
    },
    /// The last two dimensions swapped.
    Transposed,
    /// Records of `fields` consecutive elements de-interleaved into `fields` arrays.
    Soa {
        /// Elements per record.
        fields: u32,
    },
    /// CuTe's `Swizzle<B, M, S>` on the flat row-major offset: the `bits` bits starting at
    /// `base + shift` are XORed into the `bits` bits starting at `base`.
    Swizzle {
        /// `B`: bits XORed (the swizzle has `2^B` phases).
        bits: u32,
        /// `M`: low bits left alone (`2^M` elements move together, the access vector).
        base: u32,
        /// `S`: how far above the target bits the source bits are.
        shift: u32,
    },
}

/// Why a layout does not fit a buffer shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutError(pub String);

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LayoutError {}

impl SharedLayout {
    /// Whether elements stay where the memref type puts them.
    pub fn is_row_major(self) -> bool {
        self == SharedLayout::RowMajor
    }

    /// Checks that the layout is a bijection on the elements of a buffer of `shape` (static,
    /// positive extents).
    pub fn check(self, shape: &[i64]) -> Result<(), LayoutError> {
        let err = |m: String| Err(LayoutError(m));
        match self {
            SharedLayout::RowMajor => Ok(()),
            SharedLayout::Xor { vec, per_phase, max_phase } => {
                for (name, v) in [("vec", vec), ("per_phase", per_phase), ("max_phase", max_phase)] {
                    if !v.is_power_of_two() {
                        return err(format!("xor layout: {name} = {v} must be a power of two"));
                    }
                }
                if shape.len() < 2 {
                    return err("xor layout needs a buffer of rank 2 or more".into());
                }
                let cols = shape[shape.len() - 1];
                let units = i64::from(max_phase) * i64::from(vec);
                if cols % units != 0 {
                    return err(format!(
                        "xor layout: the innermost extent {cols} must be a multiple of vec × max_phase = {units}"
                    ));
                }
                Ok(())
            }
            SharedLayout::Transposed => {
                if shape.len() < 2 {
                    return err("transposed layout needs a buffer of rank 2 or more".into());
                }
                Ok(())
            }
            SharedLayout::Soa { fields } => {
                let n: i64 = shape.iter().product();
                if fields < 2 {
                    return err(format!("soa layout: fields = {fields} must be at least 2"));
                }
                if n % i64::from(fields) != 0 {
                    return err(format!("soa layout: {n} elements are not a whole number of {fields}-element records"));
                }
                Ok(())
            }
            SharedLayout::Swizzle { bits, base, shift } => {
                // XOR with bits taken from elsewhere in the offset is an involution (so a
                // bijection on all offsets) when the source bits [M + S, M + S + B) and the
                // target bits [M, M + B) are disjoint: S >= B. It only changes bits below
                // M + B, so every aligned block of 2^(M + B) offsets maps onto itself, and
                // the buffer maps onto itself when it is made of whole blocks.
                if bits == 0 {
                    return err(format!("swizzle<{bits}, {base}, {shift}>: B must be at least 1"));
                }
                if shift < bits {
                    return err(format!(
                        "swizzle<{bits}, {base}, {shift}>: S must be at least B (the XORed bits and the bits XORed into them must not overlap)"
                    ));
                }
                if u64::from(bits) + u64::from(base) + u64::from(shift) > 62 {
                    return err(format!("swizzle<{bits}, {base}, {shift}>: B + M + S must be at most 62"));
                }
                let n: i64 = shape.iter().product();
                let block = 1i64 << (base + bits);
                if n % block != 0 {
                    return err(format!(
                        "swizzle<{bits}, {base}, {shift}>: the element count {n} must be a multiple of 2^(M + B) = {block}"
                    ));
                }
                Ok(())
            }
        }
    }

    /// The physical flat offset of logical flat offset `e` in a buffer of `shape` (row-major
    /// offsets of the memref type). Requires [`check`](Self::check) to hold and `e < N`.
    pub fn physical_offset(self, shape: &[i64], e: u64) -> u64 {
        match self {
            SharedLayout::RowMajor => e,
            SharedLayout::Xor { vec, per_phase, max_phase } => {
                let cols = shape.last().copied().unwrap_or(1).max(1) as u64;
                let (row, col) = (e / cols, e % cols);
                let (vec, per_phase, max_phase) = (u64::from(vec), u64::from(per_phase), u64::from(max_phase));
                let phase = (row / per_phase) % max_phase;
                row * cols + ((col / vec) ^ phase) * vec + col % vec
            }
            SharedLayout::Transposed => {
                let [.., rows, cols] = shape else { return e };
                let (rows, cols) = (*rows as u64, *cols as u64);
                let matrix = rows * cols;
                let (outer, inner) = (e / matrix, e % matrix);
                let (r, c) = (inner / cols, inner % cols);
                outer * matrix + c * rows + r
            }
            SharedLayout::Soa { fields } => {
                let n: u64 = shape.iter().map(|&d| d as u64).product();
                let fields = u64::from(fields);
                (e % fields) * (n / fields) + e / fields
            }
            SharedLayout::Swizzle { bits, base, shift } => {
                let mask = ((1u64 << bits) - 1) << (base + shift);
                e ^ ((e & mask) >> shift)
            }
        }
    }

    /// CuTe's `Swizzle<B, M, S>` on a buffer of `shape`, in the `Xor` form where that is the
    /// same permutation and fits the buffer ([`from_cute`](Self::from_cute) on the innermost
    /// extent, rank 2 or more), else as [`SharedLayout::Swizzle`]: one spelling per layout,
    /// whichever way it was written.
    pub fn cute(bits: u32, base: u32, shift: u32, shape: &[i64]) -> SharedLayout {
        let xor = match shape {
            [_, .., cols] => SharedLayout::from_cute(bits, base, shift, *cols).filter(|l| l.check(shape).is_ok()),
            _ => None,
        };
        xor.unwrap_or(SharedLayout::Swizzle { bits, base, shift })
    }

    /// Normalises CuTe's `Swizzle<B, M, S>` (XOR `B` bits taken `S` bits above the low `M` bits
    /// of the linear offset into those `B` bits) to Triton's form on a buffer whose rows have
    /// `cols` elements. `None` where the two do not coincide: `cols` not a power of two, or the
    /// XORed bits not inside one row's index above the `vec` bits.
    pub fn from_cute(bits: u32, base: u32, shift: u32, cols: i64) -> Option<SharedLayout> {
        if cols <= 0 || !(cols as u64).is_power_of_two() || bits == 0 || bits >= 16 || base >= 16 || shift >= 32 {
            return None;
        }
        let row_bits = (cols as u64).trailing_zeros();
        // The XORed bits [base, base + bits) must lie in the column index; the source bits
        // [base + shift, base + shift + bits) must lie in the row index.
        if base + bits > row_bits || base + shift < row_bits {
            return None;
        }
        let per_phase_bits = base + shift - row_bits;
        Some(SharedLayout::Xor { vec: 1 << base, per_phase: 1 << per_phase_bits, max_phase: 1 << bits })
    }

    /// The shape a lowering gives the buffer so that every physical position has a row-major
    /// index: the transposed layout swaps the last two extents, SOA makes `[fields, N / fields]`;
    /// the others keep the shape.
    pub fn physical_shape(self, shape: &[i64]) -> Vec<i64> {
        match self {
            SharedLayout::RowMajor | SharedLayout::Xor { .. } | SharedLayout::Swizzle { .. } => shape.to_vec(),
            SharedLayout::Transposed => {
                let mut s = shape.to_vec();
                let r = s.len();
                if r >= 2 {
                    s.swap(r - 1, r - 2);
                }
                s
            }
            SharedLayout::Soa { fields } => {
                let n: i64 = shape.iter().product();
                vec![i64::from(fields), n / i64::from(fields)]
            }
        }
    }
}

impl fmt::Display for SharedLayout {
    /// The attribute body's spelling: `row_major`, `xor<vec = 1, per_phase = 4, max_phase = 8>`,
    /// `transposed`, `soa<fields = 2>`, `swizzle<1, 0, 5>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SharedLayout::RowMajor => f.write_str("row_major"),
            SharedLayout::Xor { vec, per_phase, max_phase } => {
                write!(f, "xor<vec = {vec}, per_phase = {per_phase}, max_phase = {max_phase}>")
            }
            SharedLayout::Transposed => f.write_str("transposed"),
            SharedLayout::Soa { fields } => write!(f, "soa<fields = {fields}>"),
            SharedLayout::Swizzle { bits, base, shift } => write!(f, "swizzle<{bits}, {base}, {shift}>"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SharedLayout;

    fn is_bijection(l: SharedLayout, shape: &[i64]) -> bool {
        let n: u64 = shape.iter().map(|&d| d as u64).product();
        let mut seen = vec![false; n as usize];
        for e in 0..n {
            let p = l.physical_offset(shape, e);
            if p >= n || seen[p as usize] {
                return false;
            }
            seen[p as usize] = true;
        }
        true
    }

    #[test]
    fn every_checked_layout_is_a_bijection() {
        let xor = |vec, per_phase, max_phase| SharedLayout::Xor { vec, per_phase, max_phase };
        let cases = [
            (SharedLayout::RowMajor, vec![7, 5]),
            (xor(1, 4, 8), vec![1024, 8]),
            (xor(1, 1, 32), vec![32, 32]),
            (xor(2, 2, 4), vec![3, 16, 8]),
            (SharedLayout::Transposed, vec![32, 33]),
            (SharedLayout::Transposed, vec![2, 3, 5]),
            (SharedLayout::Soa { fields: 2 }, vec![2048]),
            (SharedLayout::Soa { fields: 3 }, vec![4, 6]),
            (SharedLayout::Swizzle { bits: 1, base: 0, shift: 5 }, vec![2048]),
            (SharedLayout::Swizzle { bits: 3, base: 2, shift: 3 }, vec![96]),
            (SharedLayout::Swizzle { bits: 2, base: 0, shift: 5 }, vec![32, 33]),
            (SharedLayout::Swizzle { bits: 5, base: 0, shift: 5 }, vec![4, 4, 2]),
        ];
        for (l, shape) in cases {
            assert_eq!(l.check(&shape), Ok(()), "{l} on {shape:?}");
            assert!(is_bijection(l, &shape), "{l} on {shape:?}");
        }
    }

    #[test]
    fn check_rejects_what_is_not_a_permutation_of_the_rows() {
        let xor = |vec, per_phase, max_phase| SharedLayout::Xor { vec, per_phase, max_phase };
        assert!(xor(1, 1, 32).check(&[32, 24]).is_err());
        assert!(xor(3, 1, 2).check(&[32, 24]).is_err());
        assert!(xor(1, 1, 2).check(&[32]).is_err());
        assert!(SharedLayout::Transposed.check(&[32]).is_err());
        assert!(SharedLayout::Soa { fields: 2 }.check(&[3, 5]).is_err());
        let swizzle = |bits, base, shift| SharedLayout::Swizzle { bits, base, shift };
        assert!(swizzle(0, 0, 5).check(&[64]).is_err(), "B = 0");
        assert!(swizzle(3, 0, 2).check(&[64]).is_err(), "overlapping bits");
        assert!(swizzle(2, 1, 5).check(&[36]).is_err(), "36 is no multiple of 8");
        assert!(swizzle(40, 20, 40).check(&[64]).is_err(), "too wide");
        // Whole blocks of 2^(M + B) are enough: offsets 64..96 have source bits the
        // buffer's first 64 do not, and still stay below 96.
        assert_eq!(swizzle(1, 0, 5).check(&[96]), Ok(()));
        assert!(is_bijection(swizzle(1, 0, 5), &[96]));
    }

    #[test]
    fn flat_swizzle_is_the_cscale_formula() {
        // Interleaved complex numbers: row w of a 32-word bank line flips the low bit when w
        // is odd, so `2t` and `2t + 1` of lanes t and t + 16 land in different banks.
        let l = SharedLayout::Swizzle { bits: 1, base: 0, shift: 5 };
        for e in 0..2048u64 {
            assert_eq!(l.physical_offset(&[2048], e), e ^ ((e >> 5) & 1), "offset {e}");
        }
        let banks = |offsets: &mut dyn Iterator<Item = u64>| {
            let mut b: Vec<u64> = offsets.map(|e| l.physical_offset(&[2048], e) % 32).collect();
            b.sort_unstable();
            b.dedup();
            b.len()
        };
        for half in [0, 1] {
            assert_eq!(banks(&mut (0..32).map(|t| 2 * t + half)), 32, "reads of part {half}");
        }
        assert_eq!(banks(&mut (64..96)), 32, "a warp of the copy");
        assert_eq!(l.to_string(), "swizzle<1, 0, 5>");
        assert_eq!(l.physical_shape(&[2048]), vec![2048]);
    }

    #[test]
    fn flat_swizzle_agrees_with_the_xor_form_where_cute_normalises() {
        for (bits, base, shift, shape) in
            [(3, 0, 3, [16, 8]), (3, 0, 5, [64, 8]), (2, 1, 4, [32, 8]), (1, 0, 5, [8, 32])]
        {
            let flat = SharedLayout::Swizzle { bits, base, shift };
            let xor = SharedLayout::cute(bits, base, shift, &shape);
            assert!(matches!(xor, SharedLayout::Xor { .. }), "{flat} on {shape:?} is {xor}");
            assert_eq!(Some(xor), SharedLayout::from_cute(bits, base, shift, shape[1]));
            for e in 0..(shape[0] * shape[1]) as u64 {
                assert_eq!(flat.physical_offset(&shape, e), xor.physical_offset(&shape, e), "{flat} offset {e}");
            }
        }
        // 1-D buffers and non-power-of-two rows keep the flat form.
        assert_eq!(SharedLayout::cute(1, 0, 5, &[2048]), SharedLayout::Swizzle { bits: 1, base: 0, shift: 5 });
        assert_eq!(SharedLayout::cute(1, 0, 5, &[32, 33]), SharedLayout::Swizzle { bits: 1, base: 0, shift: 5 });
        // A rank-1 buffer whose offsets never reach the source bits is not an xor layout either.
        assert_eq!(SharedLayout::cute(1, 0, 5, &[32]), SharedLayout::Swizzle { bits: 1, base: 0, shift: 5 });
    }

    #[test]
    fn xor_swizzle_matches_the_design_study_formula() {
        // mv's A tile on a100: col ^ ((row >> 2) & 7).
        let l = SharedLayout::Xor { vec: 1, per_phase: 4, max_phase: 8 };
        for row in 0..64u64 {
            for col in 0..8u64 {
                assert_eq!(l.physical_offset(&[1024, 8], row * 8 + col), row * 8 + (col ^ ((row >> 2) & 7)));
            }
        }
    }

    #[test]
    fn transposed_and_soa_agree_on_a_record_tile() {
        for e in 0..128 {
            assert_eq!(
                SharedLayout::Transposed.physical_offset(&[64, 2], e),
                SharedLayout::Soa { fields: 2 }.physical_offset(&[64, 2], e)
            );
        }
        assert_eq!(SharedLayout::Soa { fields: 2 }.physical_offset(&[2048], 7), 1024 + 3);
        assert_eq!(SharedLayout::Transposed.physical_shape(&[4, 32, 16]), vec![4, 16, 32]);
        assert_eq!(SharedLayout::Soa { fields: 2 }.physical_shape(&[2048]), vec![2, 1024]);
    }

    #[test]
    fn cute_swizzles_normalise_to_triton_parameters() {
        // Swizzle<3, 0, 3> on rows of 8 elements: XOR the row index's low 3 bits into
        // the column: vec 1, per_phase 1, max_phase 8.
        assert_eq!(SharedLayout::from_cute(3, 0, 3, 8), Some(SharedLayout::Xor { vec: 1, per_phase: 1, max_phase: 8 }));
        // Swizzle<3, 0, 5> on rows of 8: the source bits start 2 bits into the row index.
        assert_eq!(SharedLayout::from_cute(3, 0, 5, 8), Some(SharedLayout::Xor { vec: 1, per_phase: 4, max_phase: 8 }));
        // Swizzle<2, 1, 4> on rows of 8: vec 2, XOR 2 bits taken from bits 5..6 of the offset.
        let l = SharedLayout::from_cute(2, 1, 4, 8).expect("fits");
        for e in 0..256u64 {
            let cute = e ^ ((e & (0b11 << 5)) >> 4);
            assert_eq!(l.physical_offset(&[32, 8], e), cute, "offset {e}");
        }
        // The XORed bits would leave the row.
        assert_eq!(SharedLayout::from_cute(3, 1, 3, 8), None);
        assert_eq!(SharedLayout::from_cute(3, 0, 3, 12), None);
    }
}
