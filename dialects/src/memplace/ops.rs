//! The memplace ops: one [`OpSpec`](sharc_ir::OpSpec) each and a typed view whose accessors
//! are the only place the ops' property names are spelled, plus the layout attribute of shared
//! buffers. Builders return detached states ([`sharc_ir::Builder::insert`] places them).

use crate::memplace::{syntax, verify};
use sharc_ir::affine::AffineMap;
use sharc_ir::builder::OperationState;
use sharc_ir::{Attr, Context, Location, OpId, OpSpec, OpTraits, Type, Value};

/// `layout` of `memplace.alloc_shared`: how the buffer's elements are placed in the banks.
pub(crate) const LAYOUT: &str = "layout";
/// `map` of the copies: the global index of the tile's first element.
pub(crate) const MAP: &str = "map";
/// `sizes` of the copies: the tile's static extents (`array<i64: ...>`).
pub(crate) const SIZES: &str = "sizes";

/// The attribute namespace of memplace attributes (`#memplace<layout row_major>`).
const MEMPLACE: &str = "memplace";

/// The placement of a shared buffer's elements.
///
/// Padding needs no layout: it is visible in the buffer's type (`memref<32x33xf32, ...>` for a
/// 32x32 tile). The slot exists for the placements a type cannot show, which bank-conflict
/// elimination will add (an XOR swizzle of the innermost index, a transposed tile); each will
/// come with its semantics in `sharc-run` and its lowering, so the verifier accepts only the
/// layouts both implement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Row-major, element `[i, j]` at `i * stride + j`: the layout of the memref type.
    RowMajor,
}

impl Layout {
    /// All layouts.
    pub const ALL: [Layout; 1] = [Layout::RowMajor];

    /// The keyword (`row_major`).
    pub fn keyword(self) -> &'static str {
        match self {
            Layout::RowMajor => "row_major",
        }
    }

    /// The layout named `kw`.
    pub fn from_keyword(kw: &str) -> Option<Layout> {
        Layout::ALL.into_iter().find(|l| l.keyword() == kw)
    }

    /// The attribute `#memplace<layout row_major>`.
    pub fn attr(self, ctx: &mut Context) -> Attr {
        ctx.opaque_attr(MEMPLACE, &format!("<layout {}>", self.keyword()))
    }

    /// The layout an attribute `#memplace<layout ...>` names.
    pub fn from_attr(ctx: &Context, attr: Attr) -> Option<Layout> {
        let body = ctx.attr_opaque_body(attr, MEMPLACE)?;
        let kw = body.strip_prefix("<layout ")?.strip_suffix('>')?;
        Layout::from_keyword(kw.trim())
    }
}

/// `memplace.alloc_shared`.
pub static ALLOC_SHARED: OpSpec = OpSpec {
    summary: "Allocates a shared-memory buffer for each thread block of a gpumap.band",
    description: "A buffer in workgroup (shared) memory, one per thread block of the enclosing \
        `gpumap.band`, zeroed when the block starts; it must be at the top of the band's body. \
        The type is a statically shaped memref in `#gpu.address_space<workgroup>`; padding is \
        part of the shape (a 32x32 tile padded by one column is `memref<32x33xf32, ...>`). The \
        optional `layout` places the elements in the banks; only `row_major` (the memref's own \
        layout, also the default) exists so far.\n\n\
        ```mlir\n\
        %As = memplace.alloc_shared : memref<32x33xf32, #gpu.address_space<workgroup>>\n\
        %Bs = memplace.alloc_shared layout row_major : memref<32x32xf32, #gpu.address_space<workgroup>>\n\
        ```\n\n\
        `sharc-lower-gpumap` turns it into a workgroup attribution of the kernel.",
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
        ```mlir\n\
        memplace.copy_out %Cs to %C[%bi, %bj] sizes [32, 32] \
        : memref<32x32xf32, #gpu.address_space<workgroup>>, memref<?x?xf32>\n\
        ```\n\n\
        A `memplace.barrier` must separate the writes of the buffer from the copy.",
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
    pub fn state(ctx: &mut Context, loc: Location, ty: Type, layout: Option<Layout>) -> OperationState {
        let mut state = OperationState::new(ALLOC_SHARED.name, loc).results([ty]);
        if let Some(l) = layout {
            let attr = l.attr(ctx);
            state.add_prop(LAYOUT, attr);
        }
        state
    }

    /// The buffer.
    pub fn result(self, ctx: &Context) -> Value {
        ctx.result(self.0, 0)
    }

    /// The layout (`row_major` when not given; `None` for an unknown layout in unverified IR).
    pub fn layout(self, ctx: &Context) -> Option<Layout> {
        match ctx.attr_of(self.0, LAYOUT) {
            None => Some(Layout::RowMajor),
            Some(a) => Layout::from_attr(ctx, a),
        }
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
/// destination, then the origin's map operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CopyOp(pub OpId);

impl CopyOp {
    /// The view, if `op` is one of the two copies.
    pub fn view(ctx: &Context, op: OpId) -> Option<CopyOp> {
        (ctx.op_is(op, COPY_IN.name) || ctx.op_is(op, COPY_OUT.name)).then_some(CopyOp(op))
    }

    /// The state of a copy of the tile of `global` at `origin_map(origin_operands)` with extents
    /// `sizes`, into (`Direction::In`) or out of (`Direction::Out`) the buffer `shared`.
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

    /// The origin's map operands (dims, then symbols).
    pub fn origin_operands(self, ctx: &Context) -> &[Value] {
        ctx.operands(self.0).get(2..).unwrap_or(&[])
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
