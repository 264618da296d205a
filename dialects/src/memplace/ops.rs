//! The memplace ops: one [`OpSpec`](sharc_ir::OpSpec) each and a typed view whose accessors
//! are the only place the ops' property names are spelled, plus the layout attribute of shared
//! buffers. Builders return detached states ([`sharc_ir::Builder::insert`] places them).

use crate::memplace::{syntax, verify};
use sharc_ir::affine::AffineMap;
use sharc_ir::builder::OperationState;
use sharc_ir::{Attr, Context, Location, OpId, OpSpec, OpTraits, Type, Value};
use sharc_machine::layout::SharedLayout;

/// `layout` of `memplace.alloc_shared`: how the buffer's elements are placed in the banks.
pub(crate) const LAYOUT: &str = "layout";
/// `map` of the copies: the global index of the tile's first element.
pub(crate) const MAP: &str = "map";
/// `sizes` of the copies: the tile's static extents (`array<i64: ...>`).
pub(crate) const SIZES: &str = "sizes";

/// The attribute namespace of memplace attributes (`#memplace<layout row_major>`).
const MEMPLACE: &str = "memplace";

/// The attribute `#memplace<layout ...>` holding `layout` (spelled as
/// [`SharedLayout`]'s `Display`: `row_major`, `xor<vec = 1, per_phase = 4, max_phase = 8>`,
/// `transposed`, `soa<fields = 2>`, `swizzle<1, 0, 5>`).
pub fn layout_attr(ctx: &mut Context, layout: SharedLayout) -> Attr {
    ctx.opaque_attr(MEMPLACE, &format!("<layout {layout}>"))
}

/// The layout an attribute `#memplace<layout ...>` names, on a buffer of `shape` (what
/// normalises a CuTe `swizzle<B, M, S>`, see [`SharedLayout::cute`]); the error says why it
/// names none (`must be a #memplace<layout ...> attribute`, `is invalid: ...`).
pub fn layout_from_attr(ctx: &Context, attr: Attr, shape: Option<&[i64]>) -> Result<SharedLayout, String> {
    let not_layout = || "must be a #memplace<layout ...> attribute".to_string();
    let body = ctx.attr_opaque_body(attr, MEMPLACE).ok_or_else(not_layout)?;
    let spelled = body.strip_prefix('<').and_then(|b| b.strip_suffix('>')).ok_or_else(not_layout)?;
    let spelled = spelled.trim_start().strip_prefix("layout").ok_or_else(not_layout)?;
    if !spelled.starts_with(char::is_whitespace) {
        return Err(not_layout());
    }
    let invalid = |e: syntax::SpellingError| format!("is invalid: {}", e.message);
    syntax::LayoutSpelling::from_text(spelled).and_then(|s| s.layout(shape)).map_err(invalid)
}

/// `memplace.alloc_shared`.
pub static ALLOC_SHARED: OpSpec = OpSpec {
    summary: "Allocates a shared-memory buffer for each thread block of a gpumap.band",
    description: "A buffer in workgroup (shared) memory, one per thread block of the enclosing \
        `gpumap.band`, zeroed when the block starts; it must be at the top of the band's body. \
        The type is a statically shaped memref in `#gpu.address_space<workgroup>`; padding is \
        part of the shape (a 32x32 tile padded by one column is `memref<32x33xf32, ...>`).\n\n\
        The optional `layout` (property `layout = #memplace<layout ...>`) places the elements \
        in the banks without changing the type: the program indexes the buffer as the memref \
        type says, and logical element `e` (its row-major offset in the type's shape) is \
        stored at physical offset `p(e)`. With `C` the innermost extent, `row = e floordiv C` \
        (every outer dimension flattened into the row) and `col = e mod C`:\n\n\
        - `row_major` (the default): `p(e) = e`.\n\
        - `xor<vec = V, per_phase = P, max_phase = M>`, Triton's `#ttg.swizzled_shared`: the \
          column is XORed with the row's phase, `p(e) = row * C + ((col floordiv V) xor \
          ((row floordiv P) mod M)) * V + col mod V`. V, P and M are powers of two, the buffer \
          has rank 2 or more and `C` is a multiple of `V * M`.\n\
        - `swizzle<B, M, S>`, CuTe's `Swizzle<B, M, S>` on the flat offset, of any rank: \
          `p(e) = e xor ((e & ((2^B - 1) << (M + S))) >> S)`. `B >= 1`, `S >= B` (the XORed \
          bits and the bits XORed into them are disjoint, so it is a permutation) and the \
          element count is a multiple of `2^(M + B)` (the buffer is made of whole blocks the \
          XOR permutes within). Where it XORs bits of the column with bits of the row (rank 2 \
          or more, `C` a power of two, `M + B <= log2 C <= M + S`) it is the `xor` form and is \
          normalised to it (`vec = 2^M`, `max_phase = 2^B`, `per_phase = 2^(M + S - log2 C)`); \
          otherwise it is kept and printed as written. `swizzle<1, 0, 5>` on a 1-D `f32` buffer \
          read at `2t` and `2t + 1` (interleaved complex numbers) flips the low bit in every \
          other 32-element bank line: the strided reads and the unit-stride copy into it are \
          both conflict-free on 32 four-byte banks.\n\
        - `transposed`: the last two dimensions swapped, `[.., r, c]` of an `R x C` matrix \
          stored at `[.., c, r]` (`p = c * R + r` within the matrix); rank 2 or more.\n\
        - `soa<fields = K>`: records of `K` consecutive elements de-interleaved (AOS to SOA), \
          `p(e) = (e mod K) * (N / K) + e floordiv K` with `N` the element count, a multiple \
          of `K >= 2`.\n\n\
        Correspondence: Triton's `#ttg.swizzled_shared<{vec, perPhase, maxPhase, order = [1, 0]}>` \
        is `xor<vec, per_phase, max_phase>` with the same numbers; CuTe's `Swizzle<B, M, S>` on \
        rows of `2^R` elements is `xor<vec = 2^M, per_phase = 2^(M + S - R), max_phase = 2^B>` \
        (so `Swizzle<3, 0, 3>` on 8-element rows is `xor<vec = 1, per_phase = 1, max_phase = 8>`); \
        padding (`memref<32x33xf32>`) is the type's, not a layout.\n\n\
        ```mlir\n\
        %As = memplace.alloc_shared : memref<32x33xf32, #gpu.address_space<workgroup>>\n\
        %Bs = memplace.alloc_shared layout xor<vec = 1, per_phase = 4, max_phase = 8> \
        : memref<1024x8xf32, #gpu.address_space<workgroup>>\n\
        %Cs = memplace.alloc_shared layout transposed : memref<32x32xf32, #gpu.address_space<workgroup>>\n\
        %Xs = memplace.alloc_shared layout swizzle<1, 0, 5> : memref<2048xf32, #gpu.address_space<workgroup>>\n\
        ```\n\n\
        A buffer with a layout other than `row_major` is only loaded, stored and copied \
        (`affine.load`/`store`, `memref.load`/`store`, `memplace.copy_in`/`copy_out`): no \
        view of it exists, so every access goes through the layout. `sharc-run` applies the \
        layout as the buffer's address map (metrics and race checks see physical addresses). \
        `sharc-lower-gpumap` turns the op into a workgroup attribution of the kernel and the \
        layout into index arithmetic on every access.",
    traits: OpTraits::MEMORY_ALLOC,
    inherent_attrs: &[LAYOUT],
    verify: Some(verify::verify_alloc_shared),
    parse: Some(syntax::parse_alloc_shared),
    print: Some(syntax::print_alloc_shared),
    asm_names: Some(syntax::alloc_shared_names),
    ..OpSpec::new("memplace.alloc_shared")
};

/// `memplace.copy_in`.
pub static COPY_IN: OpSpec = OpSpec {
    summary: "Cooperative copy of a global tile into a shared buffer",
    description: "Copies the rectangular region of a global memref that starts at the given \
        origin (affine expressions of SSA ids, as an `affine.load` subscript; it may be negative \
        for a halo) and has the static `sizes` into the `[0, sizes)` corner of a shared buffer. \
        Every thread of the block executes the op together (it is a block-wide operation, like \
        a barrier) with the same origin: thread `t` (linear id `x + y*bx + z*bx*by`) copies the \
        elements `t, t + B, t + 2B, ...` (B threads per block) of the region flattened in \
        row-major order, so consecutive threads read consecutive elements of the innermost \
        dimension (coalesced). Elements whose global index is outside the global memref are not \
        read: their shared element is set to zero.\n\n\
        ```mlir\n\
        memplace.copy_in %A[%bi - 1, %bj - 1] to %As sizes [34, 34] \
        : memref<?x?xf32>, memref<34x35xf32, #gpu.address_space<workgroup>>\n\
        ```\n\n\
        No barrier is implied: a `memplace.barrier` must separate the copy from the reads of \
        other threads. Properties: `map` (the origin) and `sizes` (`array<i64: ...>`).",
    traits: OpTraits::MEMORY_EFFECTS,
    inherent_attrs: &[MAP, SIZES],
    verify: Some(verify::verify_copy),
    parse: Some(syntax::parse_copy_in),
    print: Some(syntax::print_copy_in),
    ..OpSpec::new("memplace.copy_in")
};

/// `memplace.copy_out`.
pub static COPY_OUT: OpSpec = OpSpec {
    summary: "Cooperative copy of a shared buffer back to a global tile",
    description: "The reverse of `memplace.copy_in`: the `[0, sizes)` corner of a shared buffer \
        is written to the region of a global memref starting at the origin. Every thread of the \
        block executes it together; thread `t` copies the elements `t, t + B, ...` of the \
        flattened region. Elements whose global index is outside the global memref are neither \
        read from the buffer nor written.\n\n\
        The optional **valid extent** (`valid [%e0, ...]`, one `index` operand per dimension, \
        valid affine dimensions or symbols like the origin's, the same in every thread) bounds \
        the copy further: tile element `[t0, ...]` is copied only when `t_d < e_d` in every \
        dimension, so a partial block (at the edge of the iteration space) writes back only the \
        elements it computed and leaves the rest of the global memref as it was, without \
        copying the tile in first. Extents at or above `sizes` copy the whole dimension; zero or \
        negative ones copy nothing.\n\n\
        ```mlir\n\
        memplace.copy_out %Cs to %C[%bi, %bj] sizes [32, 32] \
        : memref<32x32xf32, #gpu.address_space<workgroup>>, memref<?x?xf32>\n\
        // or, writing back only the rows and columns of the band's iteration space (n x n):\n\
        %e0 = affine.min affine_map<(d0)[s0] -> (32, s0 - d0)>(%bi)[%n]\n\
        %e1 = affine.min affine_map<(d0)[s0] -> (32, s0 - d0)>(%bj)[%n]\n\
        memplace.copy_out %Cs to %C[%bi, %bj] sizes [32, 32] valid [%e0, %e1] \
        : memref<32x32xf32, #gpu.address_space<workgroup>>, memref<?x?xf32>\n\
        ```\n\n\
        A `memplace.barrier` must separate the writes of the buffer from the copy. Operands: \
        the buffer, the global memref, the origin's map operands, then the valid extents (none \
        or one per dimension; the origin map's dims and symbols say where they start).",
    traits: OpTraits::MEMORY_EFFECTS,
    inherent_attrs: &[MAP, SIZES],
    verify: Some(verify::verify_copy),
    parse: Some(syntax::parse_copy_out),
    print: Some(syntax::print_copy_out),
    ..OpSpec::new("memplace.copy_out")
};

/// `memplace.barrier`.
pub static BARRIER: OpSpec = OpSpec {
    summary: "Synchronizes the threads of a block around shared-memory accesses",
    description: "A block barrier placed for shared memory: every thread of the block waits \
        until all have reached it, and the shared-memory accesses made before it are then \
        visible to all of them. It behaves as `gpu.barrier` (and lowers to it); a dedicated op \
        lets later passes tell the barriers memory placement needs from the program's own.\n\n\
        ```mlir\nmemplace.barrier\n```",
    traits: OpTraits::MEMORY_EFFECTS,
    verify: Some(verify::verify_barrier),
    parse: Some(syntax::parse_attr_dict_only),
    print: Some(syntax::print_attr_dict_only),
    ..OpSpec::new("memplace.barrier")
};

/// A typed view of `memplace.alloc_shared`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AllocSharedOp(pub OpId);

impl AllocSharedOp {
    /// The view, if `op` is a `memplace.alloc_shared`.
    pub fn view(ctx: &Context, op: OpId) -> Option<AllocSharedOp> {
        ctx.op_is(op, ALLOC_SHARED.name).then_some(AllocSharedOp(op))
    }

    /// The state of an allocation of type `ty` (a static memref in the workgroup space) with an
    /// explicit `layout`, or the default one.
    pub fn state(ctx: &mut Context, loc: Location, ty: Type, layout: Option<SharedLayout>) -> OperationState {
        let mut state = OperationState::new(ALLOC_SHARED.name, loc).results([ty]);
        if let Some(l) = layout {
            let attr = layout_attr(ctx, l);
            state.add_prop(LAYOUT, attr);
        }
        state
    }

    /// The buffer.
    pub fn result(self, ctx: &Context) -> Value {
        ctx.result(self.0, 0)
    }

    /// The layout (`row_major` when not given; `None` for an unknown layout in unverified IR).
    pub fn layout(self, ctx: &Context) -> Option<SharedLayout> {
        self.try_layout(ctx).ok()
    }

    /// The layout, or why the attribute names none (a CuTe swizzle is normalised on the
    /// buffer's shape).
    pub(crate) fn try_layout(self, ctx: &Context) -> Result<SharedLayout, String> {
        let Some(attr) = ctx.attr_of(self.0, LAYOUT) else { return Ok(SharedLayout::RowMajor) };
        let shape = ctx.results(self.0).first().and_then(|&r| ctx.shape(ctx.value_type(r)));
        layout_from_attr(ctx, attr, shape)
    }

    /// Sets the layout; `row_major` removes the attribute (the default needs none).
    pub fn set_layout(self, ctx: &mut Context, layout: SharedLayout) {
        if layout.is_row_major() {
            ctx.remove_attr(self.0, LAYOUT);
        } else {
            let attr = layout_attr(ctx, layout);
            ctx.set_prop(self.0, LAYOUT, attr);
        }
    }

    /// The buffer's static shape (empty for an unverified result type).
    pub fn shape(self, ctx: &Context) -> Vec<i64> {
        ctx.results(self.0).first().and_then(|&r| ctx.shape(ctx.value_type(r))).map(<[i64]>::to_vec).unwrap_or_default()
    }

    /// Whether the layout is written explicitly.
    pub fn has_explicit_layout(self, ctx: &Context) -> bool {
        ctx.attr_of(self.0, LAYOUT).is_some()
    }
}

/// Which way a copy goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// `memplace.copy_in`: global to shared.
    In,
    /// `memplace.copy_out`: shared to global.
    Out,
}

/// A typed view of `memplace.copy_in` and `memplace.copy_out`. Operands: the source, the
/// destination, the origin's map operands, then (`copy_out` only) the valid extents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CopyOp(pub OpId);

impl CopyOp {
    /// The view, if `op` is one of the two copies.
    pub fn view(ctx: &Context, op: OpId) -> Option<CopyOp> {
        (ctx.op_is(op, COPY_IN.name) || ctx.op_is(op, COPY_OUT.name)).then_some(CopyOp(op))
    }

    /// The state of a copy of the tile of `global` at `origin_map(origin_operands)` with extents
    /// `sizes`, into (`Direction::In`) or out of (`Direction::Out`) the buffer `shared`. A copy
    /// out with a valid extent gets it with [`CopyOp::with_valid`].
    #[allow(clippy::too_many_arguments)]
    pub fn state(
        ctx: &mut Context,
        loc: Location,
        direction: Direction,
        global: Value,
        origin_map: AffineMap,
        origin_operands: &[Value],
        shared: Value,
        sizes: &[i64],
    ) -> OperationState {
        let (name, first, second) = match direction {
            Direction::In => (COPY_IN.name, global, shared),
            Direction::Out => (COPY_OUT.name, shared, global),
        };
        let map = ctx.affine_map_attr(origin_map);
        let sizes = ctx.dense_i64_array(sizes);
        OperationState::new(name, loc)
            .operands([first, second].into_iter().chain(origin_operands.iter().copied()))
            .prop(MAP, map)
            .prop(SIZES, sizes)
    }

    /// `state` (of a `memplace.copy_out`) with the valid extent `valid`, one `index` value per
    /// dimension: elements at or past it are neither read nor written.
    pub fn with_valid(state: OperationState, valid: &[Value]) -> OperationState {
        state.operands(valid.iter().copied())
    }

    /// Which way the copy goes.
    pub fn direction(self, ctx: &Context) -> Direction {
        if ctx.op_is(self.0, COPY_IN.name) {
            Direction::In
        } else {
            Direction::Out
        }
    }

    /// The global memref.
    pub fn global(self, ctx: &Context) -> Value {
        ctx.operand(self.0, if self.direction(ctx) == Direction::In { 0 } else { 1 })
    }

    /// The shared buffer.
    pub fn shared(self, ctx: &Context) -> Value {
        ctx.operand(self.0, if self.direction(ctx) == Direction::In { 1 } else { 0 })
    }

    /// The origin: the global index of the tile's element `[0, ...]`.
    pub fn origin_map(self, ctx: &Context) -> Option<&AffineMap> {
        ctx.attr_of(self.0, MAP).and_then(|a| ctx.attr_affine_map(a))
    }

    /// The number of origin operands: the origin map's dims and symbols (all operands after
    /// the two memrefs when the map is missing, in unverified IR).
    fn origin_count(self, ctx: &Context) -> usize {
        let rest = ctx.operands(self.0).len().saturating_sub(2);
        self.origin_map(ctx).map_or(rest, |m| m.num_inputs().min(rest))
    }

    /// The origin's map operands (dims, then symbols).
    pub fn origin_operands(self, ctx: &Context) -> &[Value] {
        ctx.operands(self.0).get(2..2 + self.origin_count(ctx)).unwrap_or(&[])
    }

    /// The valid extent: one `index` value per dimension, or none (the whole tile is valid).
    pub fn valid(self, ctx: &Context) -> &[Value] {
        ctx.operands(self.0).get(2 + self.origin_count(ctx)..).unwrap_or(&[])
    }

    /// The tile's extents.
    pub fn sizes(self, ctx: &Context) -> Vec<i64> {
        ctx.attr_of(self.0, SIZES)
            .and_then(|a| ctx.attr_dense_ints(a))
            .map(|v| v.iter().map(|&x| i64::try_from(x).unwrap_or(0)).collect())
            .unwrap_or_default()
    }
}

/// A typed view of `memplace.barrier`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BarrierOp(pub OpId);

impl BarrierOp {
    /// The view, if `op` is a `memplace.barrier`.
    pub fn view(ctx: &Context, op: OpId) -> Option<BarrierOp> {
        ctx.op_is(op, BARRIER.name).then_some(BarrierOp(op))
    }

    /// The state of a `memplace.barrier`.
    pub fn state(loc: Location) -> OperationState {
        OperationState::new(BARRIER.name, loc)
    }
}
