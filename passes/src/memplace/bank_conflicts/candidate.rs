//! The candidates of seed 000's bank-conflict decision tree (§3.3.1, Table 1), the four code
//! features that select them, and how each one is applied to a copy of the band.
//!
//! The features are computed per shared buffer from its accesses' subscripts (design study
//! §1.2); they only decide which candidates are *tried* and in which order — the verdict is the
//! cost analysis's, on the rewritten IR.

use super::{remap, reorder};
use crate::analysis::lane_index::element_bytes;
use sharc_dialects::affine::{LoadOp, StoreOp};
use sharc_dialects::gpumap::BandOp;
use sharc_dialects::memplace::{AllocSharedOp, CopyOp};
use sharc_ir::affine::AffineMap;
use sharc_ir::{Context, TypeKind, Value};
use sharc_machine::layout::SharedLayout;
use sharc_machine::Target;

/// One transformation with its parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Candidate {
    /// AOS → SOA: records of `fields` elements de-interleaved (a layout).
    Soa(u32),
    /// Intra-padding of the innermost dimension by this many elements (a type change).
    Pad(i64),
    /// The tile stored transposed (a layout).
    Transpose,
    /// Seed 000's diagonal thread remap (an iteration → thread permutation).
    Remap(remap::Placement),
    /// Seed 000's access reorder: the reduction loop of site `site` starts at `(c·tid.x) mod K`.
    Reorder { site: usize, c: i64 },
    /// An XOR swizzle (a layout; beyond the seeds): Triton's form on the innermost index, or
    /// CuTe's `swizzle<B, M, S>` on the flat offset where that has no Triton form.
    Xor(SharedLayout),
}

/// The families in the order of seed 000's Table 1, then the swizzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Family {
    Soa,
    Pad,
    Transpose,
    Remap,
    Reorder,
    Xor,
}

impl Candidate {
    pub(super) fn family(self) -> Family {
        match self {
            Candidate::Soa(_) => Family::Soa,
            Candidate::Pad(_) => Family::Pad,
            Candidate::Transpose => Family::Transpose,
            Candidate::Remap(_) => Family::Remap,
            Candidate::Reorder { .. } => Family::Reorder,
            Candidate::Xor(_) => Family::Xor,
        }
    }

    /// How the plan, the remarks and `sharcc --report` name the fix.
    pub(super) fn describe(self) -> String {
        match self {
            Candidate::Soa(k) => format!("{}", SharedLayout::Soa { fields: k }),
            Candidate::Pad(p) => format!("pad {p}"),
            Candidate::Transpose => "transposed".to_string(),
            Candidate::Remap(p) => p.label().to_string(),
            Candidate::Reorder { c, .. } => format!("reorder c={c}"),
            Candidate::Xor(l) => l.to_string(),
        }
    }

    /// The buffer's shape and layout after a layout or pad candidate, from the current ones;
    /// `None` for the rewrites (remap, reorder) and for a layout on a buffer that has one.
    pub(super) fn geometry(self, shape: &[i64], layout: SharedLayout) -> Option<(Vec<i64>, SharedLayout)> {
        let relayout = |l: SharedLayout| layout.is_row_major().then(|| (shape.to_vec(), l));
        match self {
            Candidate::Pad(p) if shape.len() >= 2 => {
                let mut padded = shape.to_vec();
                *padded.last_mut()? += p;
                Some((padded, layout))
            }
            Candidate::Pad(_) | Candidate::Remap(_) | Candidate::Reorder { .. } => None,
            Candidate::Soa(k) => relayout(SharedLayout::Soa { fields: k }),
            Candidate::Transpose => relayout(SharedLayout::Transposed),
            Candidate::Xor(l) => relayout(l),
        }
    }

    /// The scalar index operations the generated code gains per execution of an access (the
    /// second tie-break): the swizzle's shift, mask, XOR and recombination; the SOA layout's
    /// division and remainder; a remapped or reordered index's add and remainder. Padding and
    /// transposition only change constants of the index arithmetic.
    pub(super) fn extra_ops_per_access(self) -> u64 {
        match self {
            Candidate::Pad(_) | Candidate::Transpose => 0,
            Candidate::Soa(_) | Candidate::Remap(_) | Candidate::Reorder { .. } => 2,
            Candidate::Xor(_) => 5,
        }
    }
}

/// The code features of seed 000's tree for one buffer (design study §1.2).
#[derive(Clone, Debug, Default)]
pub(super) struct Features {
    /// F1: records of this many fields (a constant-indexed innermost dimension, or a 1-D buffer
    /// indexed `K·t + c`).
    pub aos_fields: Option<u32>,
    /// F2: a rank ≥ 2 buffer with an access whose lane stride along x is neither 0 nor 1.
    pub strided_2d: bool,
    /// F3: that stride is a multiple of the row pitch ("accessed by column").
    pub column: bool,
    /// Rank of the buffer.
    pub rank: usize,
    /// Accesses of the buffer (loads, stores, copies): what each index operation is paid on.
    pub accesses: u64,
}

/// The affine loads and stores of `buffer` (its copies excluded): map and operands.
fn affine_accesses(ctx: &Context, band: BandOp, buffer: Value) -> Vec<(AffineMap, Vec<Value>)> {
    let mut out = Vec::new();
    for op in ctx.collect_ops(band.0) {
        if let Some(l) = LoadOp::view(ctx, op).filter(|l| l.memref(ctx) == buffer) {
            if let Some(m) = l.map(ctx) {
                out.push((m.clone(), l.map_operands(ctx).to_vec()));
            }
        } else if let Some(s) = StoreOp::view(ctx, op).filter(|s| s.memref(ctx) == buffer) {
            if let Some(m) = s.map(ctx) {
                out.push((m.clone(), s.map_operands(ctx).to_vec()));
            }
        }
    }
    out
}

/// The static shape of a buffer.
pub(super) fn shape_of(ctx: &Context, buffer: Value) -> Option<Vec<i64>> {
    ctx.memref_parts(ctx.value_type(buffer)).map(|m| m.shape.to_vec())
}

/// Bytes of a buffer (its type's elements, padding included).
pub(super) fn buffer_bytes(ctx: &Context, buffer: Value) -> u64 {
    let ty = ctx.value_type(buffer);
    let elems: i64 = shape_of(ctx, buffer).map_or(0, |s| s.iter().product());
    let elem = ctx.memref_parts(ty).and_then(|m| element_bytes(ctx, m.elem)).unwrap_or(0);
    elems.max(0) as u64 * u64::from(elem)
}

/// The subscripts of an access evaluated with `operands[i] = values[i]`.
fn eval(map: &AffineMap, values: &[i64]) -> Option<Vec<i64>> {
    let d = map.num_dims() as usize;
    map.eval(values.get(..d)?, values.get(d..)?)
}

impl Features {
    pub(super) fn of(ctx: &Context, band: BandOp, buffer: Value) -> Features {
        let shape = shape_of(ctx, buffer).unwrap_or_default();
        let rank = shape.len();
        let mut f = Features { rank, ..Features::default() };
        let accesses = affine_accesses(ctx, band, buffer);
        let copies = ctx.uses(buffer).iter().filter(|u| CopyOp::view(ctx, u.op).is_some()).count();
        f.accesses = (accesses.len() + copies) as u64;
        let pitches: Vec<i64> = (0..rank).map(|d| shape[d + 1..].iter().product()).collect();
        let flat = |subs: &[i64]| subs.iter().zip(&pitches).map(|(s, p)| s * p).sum::<i64>();
        // The band iv running along x: lanes of a warp differ in it first.
        let mapping = band.mapping(ctx);
        let x_iv =
            band.ivs(ctx).iter().zip(&mapping).find(|(_, d)| d.is_some_and(|d| d.index() == 0)).map(|(&iv, _)| iv);
        let pitch = shape.last().copied().unwrap_or(1);
        let mut coefficients = Vec::new();
        let mut constants = Vec::new();
        let mut innermost_constant = !accesses.is_empty();
        for (map, operands) in &accesses {
            let zero = vec![0; operands.len()];
            let Some(base) = eval(map, &zero) else { continue };
            innermost_constant &= map.results().last().is_some_and(|e| e.as_constant().is_some());
            // Linear coefficients of the innermost subscript, probed one operand at a time.
            let inner = |v: &[i64]| eval(map, v).and_then(|s| s.last().copied());
            if let Some(c0) = inner(&zero) {
                constants.push(c0);
                for i in 0..operands.len() {
                    let mut one = zero.clone();
                    one[i] = 1;
                    if let Some(c) = inner(&one) {
                        coefficients.push(c - c0);
                    }
                }
            }
            let Some(x) = x_iv else { continue };
            let mut probe = zero.clone();
            for (i, &o) in operands.iter().enumerate() {
                if o == x {
                    probe[i] = 1;
                }
            }
            let Some(moved) = eval(map, &probe) else { continue };
            let stride = flat(&moved) - flat(&base);
            if rank >= 2 && !matches!(stride.abs(), 0 | 1) {
                f.strided_2d = true;
                // Within a row (1 < |s| < pitch) the tree offers padding alone, as for any other
                // stride; a multiple of the pitch also offers the transposed tile.
                f.column |= stride % pitch == 0;
            }
        }
        let elems: i64 = shape.iter().product();
        f.aos_fields = if rank >= 2 && innermost_constant && (2..=16).contains(&pitch) {
            Some(pitch as u32)
        } else if rank == 1 {
            let k = coefficients.iter().fold(0i64, |g, &c| gcd(g, c.abs()));
            let fits =
                (2..=16).contains(&k) && elems % k == 0 && constants.iter().all(|c| (0..k).contains(&c.rem_euclid(k)));
            fits.then_some(k as u32)
        } else {
            None
        };
        f
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The candidates seed 000's tree selects for a buffer with `features`, in the tree's order
/// (design study §1.2), with their parameter ranges; the XOR swizzles last: Triton's on every
/// rank ≥ 2 buffer whose rows hold a power-of-two number of elements, then CuTe's flat ones on
/// every buffer.
pub(super) fn candidates(
    features: &Features,
    reorder_sites: usize,
    remappable: &[remap::Placement],
    shape: &[i64],
    elem_bytes: u32,
    max_pad: i64,
    target: &Target,
) -> Vec<Candidate> {
    let mut out = Vec::new();
    if let Some(k) = features.aos_fields {
        out.push(Candidate::Soa(k));
    }
    if features.strided_2d {
        // A row pitch acts on the banks modulo one bank line (`B·W` bytes): a pad of a whole
        // line or more only repeats a smaller pad's pattern with more bytes.
        let line = i64::from(target.bank_count) * i64::from(target.bank_layer_width) / i64::from(elem_bytes.max(1));
        out.extend((1..=max_pad.min(line.max(2) - 1)).map(Candidate::Pad));
        if features.column {
            out.push(Candidate::Transpose);
        }
    }
    out.extend(remappable.iter().map(|&p| Candidate::Remap(p)));
    out.extend((0..reorder_sites).map(|site| Candidate::Reorder { site, c: 1 }));
    if features.rank >= 2 {
        out.extend(xor_layouts(shape, elem_bytes, target).into_iter().map(Candidate::Xor));
    }
    for l in flat_swizzles(shape, elem_bytes, target) {
        if !out.contains(&Candidate::Xor(l)) {
            out.push(Candidate::Xor(l));
        }
    }
    out
}

/// CuTe's flat swizzles tried on a buffer of any rank (the XOR family's, after the Triton
/// ones): `swizzle<B, 0, S>` with `2^S` the elements of one bank line (`B·W` bytes), so offset
/// bits of consecutive lines are XORed into the bank bits; `B` from 1 to `S`. `M = 0`: the
/// accesses costed here are scalar. A buffer read at stride `2^B` (interleaved records) becomes
/// conflict-free and its unit-stride copy stays so, since a line's elements stay in the line.
/// Each in the one spelling [`SharedLayout::cute`] gives it (the xor form where it is one, so
/// a rank ≥ 2 duplicate of a Triton candidate is tried once); only those
/// [`SharedLayout::check`] accepts.
fn flat_swizzles(shape: &[i64], elem_bytes: u32, target: &Target) -> Vec<SharedLayout> {
    let line_bytes = u64::from(target.bank_count) * u64::from(target.bank_layer_width);
    let elem = u64::from(elem_bytes);
    if shape.is_empty() || elem == 0 || line_bytes % elem != 0 || !(line_bytes / elem).is_power_of_two() {
        return Vec::new();
    }
    let shift = (line_bytes / elem).trailing_zeros();
    let mut out = Vec::new();
    for bits in 1..=shift {
        let l = SharedLayout::cute(bits, 0, shift, shape);
        if l.check(shape).is_ok() && !out.contains(&l) {
            out.push(l);
        }
    }
    out
}

/// The XOR swizzles tried on a buffer: the Triton-style parameters sized to the target's bank
/// line (`B·W` bytes: 128 on 32 four-byte banks, 256 on Kepler's 8-byte layers) first, then the
/// neighbouring powers of two; only those [`SharedLayout::check`] accepts.
fn xor_layouts(shape: &[i64], elem_bytes: u32, target: &Target) -> Vec<SharedLayout> {
    let Some(&cols) = shape.last() else { return Vec::new() };
    let rows: i64 = shape[..shape.len() - 1].iter().product();
    let line = u64::from(target.bank_count) * u64::from(target.bank_layer_width);
    let row_bytes = (cols as u64) * u64::from(elem_bytes.max(1));
    let per_phase0 = (line / row_bytes.max(1)).max(1).next_power_of_two() as u32;
    let max_phase0 = (cols as u64).min(line / u64::from(elem_bytes.max(1))).max(1);
    let max_phase0 = if max_phase0.is_power_of_two() { max_phase0 } else { max_phase0.next_power_of_two() / 2 } as u32;
    let mut out = vec![SharedLayout::Xor { vec: 1, per_phase: per_phase0, max_phase: max_phase0 }];
    for per_phase in [1u32, 2, 4, 8, 16] {
        for max_phase in [2u32, 4, 8, 16, 32] {
            out.push(SharedLayout::Xor { vec: 1, per_phase, max_phase });
        }
    }
    let mut seen = Vec::new();
    out.retain(|l| {
        let SharedLayout::Xor { per_phase, max_phase, .. } = *l else { return false };
        // More phases than words in a bank line, or a phase period longer than the tile,
        // cannot spread anything further.
        let useful = i64::from(per_phase) < rows.max(1) * 2
            && i64::from(max_phase) <= cols
            && u64::from(max_phase) <= (line / u64::from(elem_bytes.max(1))).max(2);
        let fresh = !seen.contains(l);
        seen.push(*l);
        fresh && useful && l.check(shape).is_ok()
    });
    out
}

/// The reductions the access reorder may rotate: seed 000's F4 sites whose loop reads no
/// unstaged global memory at the rotated index (a rotation would turn a broadcast `x[k]` into
/// 32 different elements per request: more global sectors, which no bank fix may cost).
pub(super) fn reorder_sites(
    ctx: &Context,
    band: BandOp,
    buffer: Value,
    allow_reassoc: bool,
) -> Vec<reorder::ReorderSite> {
    let mut sites = reorder::reorder_sites(ctx, band.0, buffer, allow_reassoc);
    sites.retain(|s| s.unstaged_loads.is_empty());
    sites
}

/// Applies `candidate` to buffer `buffer` of band `band` (a copy of the real band). Errors say
/// why the candidate does not apply.
pub(super) fn apply(
    ctx: &mut Context,
    band: BandOp,
    buffer: Value,
    candidate: Candidate,
    allow_reassoc: bool,
) -> Result<(), String> {
    let alloc = ctx
        .defining_op(buffer)
        .and_then(|op| AllocSharedOp::view(ctx, op))
        .ok_or("the buffer is not a memplace.alloc_shared")?;
    let layout = |ctx: &mut Context, l: SharedLayout| -> Result<(), String> {
        let shape = shape_of(ctx, buffer).ok_or("the buffer has no static shape")?;
        if alloc.layout(ctx) != Some(SharedLayout::RowMajor) {
            return Err("the buffer already has a layout".into());
        }
        l.check(&shape).map_err(|e| e.to_string())?;
        alloc.set_layout(ctx, l);
        Ok(())
    };
    match candidate {
        Candidate::Soa(k) => layout(ctx, SharedLayout::Soa { fields: k }),
        Candidate::Transpose => layout(ctx, SharedLayout::Transposed),
        Candidate::Xor(l) => layout(ctx, l),
        Candidate::Pad(p) => {
            let ty = ctx.value_type(buffer);
            let TypeKind::MemRef { shape, elem, layout, memory_space } = ctx.type_kind(ty).clone() else {
                return Err("the buffer is not a memref".into());
            };
            if shape.len() < 2 {
                return Err("padding needs a buffer of rank 2 or more".into());
            }
            let mut padded = shape;
            if let Some(last) = padded.last_mut() {
                *last += p;
            }
            let new = ctx.ty(TypeKind::MemRef { shape: padded, elem, layout, memory_space });
            ctx.set_value_type(buffer, new);
            Ok(())
        }
        Candidate::Remap(placement) => remap::remap(ctx, band.0, placement).map(|_| ()),
        Candidate::Reorder { site, c } => {
            let sites = reorder_sites(ctx, band, buffer, allow_reassoc);
            let site = sites.get(site).ok_or("no such reduction")?;
            reorder::reorder(ctx, band.0, site, c).map(|_| ())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::flat_swizzles;
    use sharc_machine::layout::SharedLayout;
    use sharc_machine::Target;

    fn swizzle(bits: u32, base: u32, shift: u32) -> SharedLayout {
        SharedLayout::Swizzle { bits, base, shift }
    }

    /// The flat swizzles are sized to the bank line in elements, tried on 1-D buffers, given
    /// in the xor form where they have one, and skipped where the line is no power of two.
    #[test]
    fn flat_swizzles_follow_the_bank_line() {
        let a100 = Target::load("a100").expect("a100");
        let want: Vec<SharedLayout> = (1..=5).map(|b| swizzle(b, 0, 5)).collect();
        assert_eq!(flat_swizzles(&[2048], 4, &a100), want);
        // f64: a 128-byte line holds 16 elements.
        assert_eq!(flat_swizzles(&[2048], 8, &a100), (1..=4).map(|b| swizzle(b, 0, 4)).collect::<Vec<_>>());
        // On a 32x32 tile every one is Triton's full-row XOR of 2^B phases.
        let xor = |max_phase| SharedLayout::Xor { vec: 1, per_phase: 1, max_phase };
        assert_eq!(flat_swizzles(&[32, 32], 4, &a100), vec![xor(2), xor(4), xor(8), xor(16), xor(32)]);
        // 48 elements are whole blocks of 2^B only for B <= 4.
        assert_eq!(flat_swizzles(&[48], 4, &a100), (1..=4).map(|b| swizzle(b, 0, 5)).collect::<Vec<_>>());
        // 12-byte elements: no power-of-two line.
        assert!(flat_swizzles(&[2048], 12, &a100).is_empty());
    }
}
