//! `affine.parallel` and its reduction kinds.

use super::loops::{region_block, region_terminator, YieldOp};
use super::{
    map_attr, LOWER_BOUNDS_GROUPS, LOWER_BOUNDS_MAP, REDUCTIONS, STEPS, UPPER_BOUNDS_GROUPS, UPPER_BOUNDS_MAP,
};
use crate::affine::{fold, syntax, verify};
use sharc_ir::affine::AffineMap;
use sharc_ir::attrs::{AttrKind, DenseData};
use sharc_ir::builder::{InsertPoint, OperationState};
use sharc_ir::types::TypeKind;
use sharc_ir::{Attr, BlockId, Context, Location, OpId, OpSpec, OpTraits, Value};

/// `affine.parallel`.
pub static PARALLEL: OpSpec = OpSpec {
    summary: "multi-index parallel band operation",
    description: "A band of parallel loops, one induction variable per dimension. Each \
                  dimension's bound is an affine expression of dim and `symbol(...)` operands, or \
                  `max(...)` (lower) / `min(...)` (upper) of several; steps are constants. \
                  Results are reductions over all iterations of the yielded values, one kind \
                  per result (`addf`, `addi`, `andi`, `assign`, `maximumf`, `maxs`, `maxu`, \
                  `minimumf`, `mins`, `minu`, `mulf`, `muli`, `ori`).\n\n\
                  ```mlir\n%r:2 = affine.parallel (%i, %j) = (0, 0) to (%n, 10) step (1, 2) \
                  reduce (\"addf\", \"maximumf\") -> (f32, f32) {\n  %v = affine.load %A[%i, %j] \
                  : memref<?x10xf32>\n  affine.yield %v, %v : f32, f32\n}\n```\n\n\
                  Properties: `lowerBoundsMap`/`upperBoundsMap` hold all bound expressions, \
                  `lowerBoundsGroups`/`upperBoundsGroups` how many belong to each dimension, \
                  `steps`, and `reductions` (`arith` atomic-RMW kind codes).",
    traits: OpTraits::LOOP_LIKE
        .with(OpTraits::SINGLE_BLOCK)
        .with(OpTraits::RECURSIVE_MEMORY_EFFECTS)
        .with(OpTraits::AUTOMATIC_ALLOCATION_SCOPE),
    inherent_attrs: &[LOWER_BOUNDS_GROUPS, LOWER_BOUNDS_MAP, REDUCTIONS, STEPS, UPPER_BOUNDS_GROUPS, UPPER_BOUNDS_MAP],
    implicit_terminator: Some("affine.yield"),
    verify: Some(verify::parallel),
    parse: Some(syntax::parse_parallel),
    print: Some(syntax::print_parallel),
    canonicalize: &[fold::erase_empty_loop],
    ..OpSpec::new("affine.parallel")
};

/// The reduction kinds of `affine.parallel` results: upstream's `arith::AtomicRMWKind`, whose
/// codes are stored in the `reductions` property.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReductionKind {
    /// Float sum.
    AddF,
    /// Integer sum.
    AddI,
    /// Bitwise and.
    AndI,
    /// The value of some iteration.
    Assign,
    /// Float maximum (NaN-propagating).
    MaximumF,
    /// Float maximum (NaN-ignoring); rejected by the verifier (no identity value).
    MaxNumF,
    /// Signed maximum.
    MaxS,
    /// Unsigned maximum.
    MaxU,
    /// Float minimum (NaN-propagating).
    MinimumF,
    /// Float minimum (NaN-ignoring); rejected by the verifier.
    MinNumF,
    /// Signed minimum.
    MinS,
    /// Unsigned minimum.
    MinU,
    /// Float product.
    MulF,
    /// Integer product.
    MulI,
    /// Bitwise or.
    OrI,
    /// Bitwise xor; rejected by the verifier.
    XOrI,
}

impl ReductionKind {
    /// All kinds, in code order.
    pub const ALL: [ReductionKind; 16] = [
        ReductionKind::AddF,
        ReductionKind::AddI,
        ReductionKind::AndI,
        ReductionKind::Assign,
        ReductionKind::MaximumF,
        ReductionKind::MaxNumF,
        ReductionKind::MaxS,
        ReductionKind::MaxU,
        ReductionKind::MinimumF,
        ReductionKind::MinNumF,
        ReductionKind::MinS,
        ReductionKind::MinU,
        ReductionKind::MulF,
        ReductionKind::MulI,
        ReductionKind::OrI,
        ReductionKind::XOrI,
    ];

    /// The kind with upstream's integer code.
    pub fn from_code(code: i128) -> Option<ReductionKind> {
        usize::try_from(code).ok().and_then(|i| Self::ALL.get(i).copied())
    }

    /// Upstream's integer code.
    pub fn code(self) -> i64 {
        Self::ALL.iter().position(|&k| k == self).unwrap_or(0) as i64
    }

    /// The kind's name in the custom form (`"addf"`).
    pub fn name(self) -> &'static str {
        match self {
            ReductionKind::AddF => "addf",
            ReductionKind::AddI => "addi",
            ReductionKind::AndI => "andi",
            ReductionKind::Assign => "assign",
            ReductionKind::MaximumF => "maximumf",
            ReductionKind::MaxNumF => "maxnumf",
            ReductionKind::MaxS => "maxs",
            ReductionKind::MaxU => "maxu",
            ReductionKind::MinimumF => "minimumf",
            ReductionKind::MinNumF => "minnumf",
            ReductionKind::MinS => "mins",
            ReductionKind::MinU => "minu",
            ReductionKind::MulF => "mulf",
            ReductionKind::MulI => "muli",
            ReductionKind::OrI => "ori",
            ReductionKind::XOrI => "xori",
        }
    }

    /// The kind named `name`.
    pub fn from_name(name: &str) -> Option<ReductionKind> {
        Self::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// The values of a `dense<...> : tensor<Nxi32>` attribute, a splat expanded to all `N`.
pub(crate) fn dense_tensor_ints(ctx: &Context, attr: Attr) -> Option<Vec<i64>> {
    let AttrKind::DenseElements { ty, data: DenseData::Int(v) } = ctx.attr_kind(attr) else { return None };
    let n = ctx.shape(*ty)?.iter().try_fold(1i64, |acc, &d| acc.checked_mul(d))?;
    // Groups have one entry per loop; a huge splat is malformed, not worth expanding.
    let n = usize::try_from(n).ok().filter(|&n| n <= 1 << 16)?;
    let values: Vec<i64> = v.iter().map(|&x| x as i64).collect();
    match values.len() {
        1 if n != 1 => Some(vec![values[0]; n]),
        len if len == n => Some(values),
        _ => None,
    }
}

/// `dense<...> : tensor<Nxi32>` (MLIR's `getI32TensorAttr`), stored as a splat when all values
/// are equal.
pub(crate) fn i32_tensor_attr(ctx: &mut Context, values: &[i32]) -> Attr {
    let i32 = ctx.i32();
    let ty = ctx.ty(TypeKind::Tensor { shape: Some(vec![values.len() as i64]), elem: i32, encoding: None });
    let splat = !values.is_empty() && values.iter().all(|&v| v == values[0]);
    let data: Vec<i128> = if splat { vec![values[0] as i128] } else { values.iter().map(|&v| v as i128).collect() };
    ctx.attr(AttrKind::DenseElements { ty, data: DenseData::Int(data) })
}

/// An array of `i64` integer attributes (`[1, 2]`, MLIR's `I64ArrayAttr`).
pub(crate) fn i64_array_attr(ctx: &mut Context, values: &[i64]) -> Attr {
    let items = values.iter().map(|&v| ctx.i64_attr(v)).collect();
    ctx.array_attr(items)
}

/// The integers of an array of integer attributes, if every element is one.
pub(crate) fn int_array(ctx: &Context, attr: Attr) -> Option<Vec<i64>> {
    ctx.attr_array(attr)?.iter().map(|&a| ctx.attr_int(a).and_then(|v| i64::try_from(v).ok())).collect()
}

/// A typed view of `affine.parallel`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParallelOp(pub OpId);

impl ParallelOp {
    /// The view, if `op` is an `affine.parallel`.
    pub fn view(ctx: &Context, op: OpId) -> Option<ParallelOp> {
        ctx.op_is(op, PARALLEL.name).then_some(ParallelOp(op))
    }

    /// The state of a new reduction-free `affine.parallel` whose body block has one induction
    /// variable per dimension and ends in `affine.yield`. Dimension `d` takes the maximum of
    /// `lb_groups[d]` lower-bound results and the minimum of `ub_groups[d]` upper-bound results.
    #[allow(clippy::too_many_arguments)]
    pub fn build(
        ctx: &mut Context,
        loc: Location,
        lb_operands: &[Value],
        lb_map: AffineMap,
        lb_groups: &[i32],
        ub_operands: &[Value],
        ub_map: AffineMap,
        ub_groups: &[i32],
        steps: &[i64],
    ) -> OperationState {
        let index = ctx.index_type();
        let (region, block) = ctx.new_region_with_block(&vec![index; steps.len()]);
        let y = ctx.create_op(YieldOp::build(loc.clone(), &[]));
        ctx.insert_op(InsertPoint::BlockEnd(block), y);
        let props = [
            (LOWER_BOUNDS_MAP, ctx.affine_map_attr(lb_map)),
            (LOWER_BOUNDS_GROUPS, i32_tensor_attr(ctx, lb_groups)),
            (UPPER_BOUNDS_MAP, ctx.affine_map_attr(ub_map)),
            (UPPER_BOUNDS_GROUPS, i32_tensor_attr(ctx, ub_groups)),
            (STEPS, i64_array_attr(ctx, steps)),
            (REDUCTIONS, i64_array_attr(ctx, &[])),
        ];
        let mut state =
            OperationState::new(PARALLEL.name, loc).operands(lb_operands.iter().chain(ub_operands).copied());
        for (name, attr) in props {
            state.add_prop(name, attr);
        }
        state.region(region)
    }

    /// All lower-bound expressions, flattened over the dimensions.
    pub fn lower_bounds_map(self, ctx: &Context) -> Option<&AffineMap> {
        map_attr(ctx, self.0, LOWER_BOUNDS_MAP)
    }

    /// All upper-bound expressions.
    pub fn upper_bounds_map(self, ctx: &Context) -> Option<&AffineMap> {
        map_attr(ctx, self.0, UPPER_BOUNDS_MAP)
    }

    /// How many lower-bound expressions each dimension takes the maximum of.
    pub fn lower_bounds_groups(self, ctx: &Context) -> Vec<i64> {
        ctx.attr_of(self.0, LOWER_BOUNDS_GROUPS).and_then(|a| dense_tensor_ints(ctx, a)).unwrap_or_default()
    }

    /// How many upper-bound expressions each dimension takes the minimum of.
    pub fn upper_bounds_groups(self, ctx: &Context) -> Vec<i64> {
        ctx.attr_of(self.0, UPPER_BOUNDS_GROUPS).and_then(|a| dense_tensor_ints(ctx, a)).unwrap_or_default()
    }

    /// The steps, one per dimension.
    pub fn steps(self, ctx: &Context) -> Vec<i64> {
        ctx.attr_of(self.0, STEPS).and_then(|a| int_array(ctx, a)).unwrap_or_default()
    }

    /// The reduction codes, one per result.
    pub fn reduction_codes(self, ctx: &Context) -> Vec<i64> {
        ctx.attr_of(self.0, REDUCTIONS).and_then(|a| int_array(ctx, a)).unwrap_or_default()
    }

    /// The reduction kinds, one per result (unknown codes skipped; the verifier rejects them).
    pub fn reductions(self, ctx: &Context) -> Vec<ReductionKind> {
        self.reduction_codes(ctx).into_iter().filter_map(|c| ReductionKind::from_code(c as i128)).collect()
    }

    /// The number of dimensions (loops in the band).
    pub fn num_dims(self, ctx: &Context) -> usize {
        self.steps(ctx).len()
    }

    /// The operands of the lower bounds (dims, then symbols).
    pub fn lower_bound_operands(self, ctx: &Context) -> &[Value] {
        split_bound_operands(ctx.operands(self.0), self.lower_bounds_map(ctx)).0
    }

    /// The operands of the upper bounds.
    pub fn upper_bound_operands(self, ctx: &Context) -> &[Value] {
        split_bound_operands(ctx.operands(self.0), self.lower_bounds_map(ctx)).1
    }

    /// The body block.
    pub fn body(self, ctx: &Context) -> Option<BlockId> {
        region_block(ctx, self.0, 0)
    }

    /// The induction variables.
    pub fn ivs(self, ctx: &Context) -> &[Value] {
        self.body(ctx).map_or(&[], |b| ctx.block_args(b))
    }

    /// The body's `affine.yield`.
    pub fn yield_op(self, ctx: &Context) -> Option<YieldOp> {
        region_terminator(ctx, self.0, 0).and_then(|t| YieldOp::view(ctx, t))
    }

    /// The lower-bound expressions of dimension `pos`, as a map over the lower-bound operands.
    pub fn lower_bound_map(self, ctx: &Context, pos: usize) -> Option<AffineMap> {
        group_map(self.lower_bounds_map(ctx)?, &self.lower_bounds_groups(ctx), pos)
    }

    /// The upper-bound expressions of dimension `pos`.
    pub fn upper_bound_map(self, ctx: &Context, pos: usize) -> Option<AffineMap> {
        group_map(self.upper_bounds_map(ctx)?, &self.upper_bounds_groups(ctx), pos)
    }
}

/// The results of `map` that group `pos` of `groups` covers.
pub(crate) fn group_map(map: &AffineMap, groups: &[i64], pos: usize) -> Option<AffineMap> {
    let start = groups.get(..pos)?.iter().try_fold(0i64, |acc, &g| acc.checked_add(g))?;
    let len = *groups.get(pos)?;
    let positions: Vec<usize> = (start..start.checked_add(len)?).map(|i| i as usize).collect();
    map.sub_map(&positions).ok()
}

/// Splits the operands of an op with one lower-bounds map and one upper-bounds map (as
/// `affine.parallel` and `gpumap.band` have) into the lower bounds' and the upper bounds', the
/// lower map's inputs coming first. Malformed counts give short slices, never a panic.
pub fn split_bound_operands<'a>(operands: &'a [Value], lower: Option<&AffineMap>) -> (&'a [Value], &'a [Value]) {
    operands.split_at(lower.map_or(0, AffineMap::num_inputs).min(operands.len()))
}
