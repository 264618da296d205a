//! The def-chain walk that writes an index value as an [`IndexForm`].

use super::{IndexError, IndexForm, KernelScope, MAX_DEPTH};
use crate::effects;
use sharc_dialects::gpu::{Dimension, IndexKind, IndexOp, LaunchOp};
use sharc_dialects::gpumap::BandOp;
use sharc_dialects::{affine, arith, scf};
use sharc_ir::affine::{AffineExpr, AffineExprKind, AffineMap};
use sharc_ir::op::ValueDef;
use sharc_ir::{Context, OpId, Value};
use std::collections::HashMap;

/// Derives [`IndexForm`]s of index values inside one [`KernelScope`], memoizing every value seen.
pub struct IndexDeriver<'a> {
    ctx: &'a Context,
    scope: &'a KernelScope,
    memo: HashMap<Value, Result<IndexForm, IndexError>>,
}

impl<'a> IndexDeriver<'a> {
    /// A deriver for values used inside `scope`.
    pub fn new(ctx: &'a Context, scope: &'a KernelScope) -> Self {
        IndexDeriver { ctx, scope, memo: HashMap::new() }
    }

    /// The form of `v`.
    pub fn form(&mut self, v: Value) -> Result<IndexForm, IndexError> {
        self.form_at(v, 0)
    }

    /// The forms of the results of `map` applied to `operands` (dims, then symbols).
    pub fn map_forms(&mut self, map: &AffineMap, operands: &[Value]) -> Result<Vec<IndexForm>, IndexError> {
        self.map_forms_at(map, operands, 0)?.ok_or_else(|| IndexError::NotAffine("affine map".into()))
    }

    fn form_at(&mut self, v: Value, depth: usize) -> Result<IndexForm, IndexError> {
        if let Some(f) = self.memo.get(&v) {
            return f.clone();
        }
        if depth > MAX_DEPTH {
            return Err(IndexError::TooDeep);
        }
        let f = self.derive(v, depth + 1);
        self.memo.insert(v, f.clone());
        f
    }

    fn derive(&mut self, v: Value, depth: usize) -> Result<IndexForm, IndexError> {
        let ctx = self.ctx;
        match ctx.value_def(v) {
            ValueDef::BlockArg { block, index } => {
                let Some(owner) = ctx.block_parent_op(block) else { return Ok(IndexForm::unknown(v)) };
                if !ctx.is_ancestor(self.scope.op, owner) {
                    return Ok(IndexForm::unknown(v));
                }
                self.block_arg(v, owner, index as usize, depth)
            }
            ValueDef::OpResult { op, .. } => {
                if !ctx.is_ancestor(self.scope.op, op) {
                    return Ok(IndexForm::unknown(v));
                }
                self.op_result(v, op, depth)
            }
        }
    }

    /// Arguments of the kernel itself, of loops (their lower bound), of anything else (carried).
    fn block_arg(&mut self, v: Value, owner: OpId, index: usize, depth: usize) -> Result<IndexForm, IndexError> {
        let ctx = self.ctx;
        if owner == self.scope.op {
            if let Some(band) = BandOp::view(ctx, owner) {
                return band_arg(ctx, band, v, index);
            }
            if let Some(launch) = LaunchOp::view(ctx, owner) {
                if let Some(d) = launch.thread_ids(ctx).iter().position(|&t| t == v) {
                    return Ok(IndexForm::thread_id(Dimension::ALL[d]));
                }
                if let Some(d) = launch.block_size(ctx).iter().position(|&t| t == v) {
                    return Ok(self.block_dim(v, d));
                }
            }
            // Kernel arguments, attributions, block ids and grid sizes: the same on every lane.
            return Ok(IndexForm::unknown(v));
        }
        let is_entry =
            ctx.value_block(v).and_then(|b| ctx.block_parent(b)).and_then(|r| ctx.entry_block(r)) == ctx.value_block(v);
        if is_entry {
            if let Some(l) = scf::ForOp::view(ctx, owner).filter(|_| index == 0) {
                return self.form_at(l.lower_bound(ctx), depth);
            }
            if let Some(l) = scf::ParallelOp::view(ctx, owner) {
                if let Some(&lb) = l.lower_bounds(ctx).get(index) {
                    return self.form_at(lb, depth);
                }
            }
            if let Some(l) = affine::ForOp::view(ctx, owner).filter(|_| index == 0) {
                if let Some(map) = l.lower_bound_map(ctx) {
                    return self.loop_lower_bound(v, owner, map, l.lower_bound_operands(ctx), depth);
                }
            }
            if let Some(l) = affine::ParallelOp::view(ctx, owner) {
                if let Some(map) = l.lower_bound_map(ctx, index) {
                    return self.loop_lower_bound(v, owner, &map, l.lower_bound_operands(ctx), depth);
                }
            }
        }
        Err(IndexError::Carried(ctx.op_name(owner).to_string()))
    }

    /// An affine loop's iv at its lower bound (the maximum of the map's results).
    fn loop_lower_bound(
        &mut self,
        iv: Value,
        owner: OpId,
        map: &AffineMap,
        operands: &[Value],
        depth: usize,
    ) -> Result<IndexForm, IndexError> {
        let forms = self.map_forms_at(map, operands, depth)?;
        match forms.as_deref() {
            Some([single]) => Ok(single.clone()),
            Some(many) if !many.is_empty() && many.iter().all(|f| f.as_constant().is_some()) => {
                Ok(IndexForm::constant(many.iter().filter_map(IndexForm::as_constant).max().unwrap_or(0)))
            }
            Some(many) if many.iter().all(IndexForm::is_uniform) => Ok(IndexForm::unknown(iv)),
            _ => self.uniform_or(iv, operands, depth, self.ctx.op_name(owner)),
        }
    }

    fn op_result(&mut self, v: Value, op: OpId, depth: usize) -> Result<IndexForm, IndexError> {
        let ctx = self.ctx;
        if let Some(c) = arith::ConstantOp::view(ctx, op) {
            return match c.int_value(ctx).map(i64::try_from) {
                Some(Ok(c)) => Ok(IndexForm::constant(c)),
                Some(Err(_)) => Err(IndexError::Overflow),
                None => Ok(IndexForm::unknown(v)),
            };
        }
        if let Some(i) = IndexOp::view(ctx, op) {
            let Some(d) = i.dimension(ctx) else { return Err(IndexError::Opaque(ctx.op_name(op).to_string())) };
            return Ok(match i.kind(ctx) {
                IndexKind::ThreadId => IndexForm::thread_id(d),
                IndexKind::BlockDim => self.block_dim(v, d.index()),
                IndexKind::BlockId | IndexKind::GridDim => IndexForm::unknown(v),
            });
        }
        if let Some(a) = arith::AddIOp::view(ctx, op) {
            let (l, r) = (self.form_at(a.lhs(ctx), depth)?, self.form_at(a.rhs(ctx), depth)?);
            return l.add_scaled(&r, 1).ok_or(IndexError::Overflow);
        }
        if let Some(s) = arith::SubIOp::view(ctx, op) {
            let (l, r) = (self.form_at(s.lhs(ctx), depth)?, self.form_at(s.rhs(ctx), depth)?);
            return l.add_scaled(&r, -1).ok_or(IndexError::Overflow);
        }
        if let Some(m) = arith::MulIOp::view(ctx, op) {
            let (l, r) = (self.form_at(m.lhs(ctx), depth)?, self.form_at(m.rhs(ctx), depth)?);
            return self.product(v, op, &l, &r);
        }
        if let Some(s) = arith::ShLIOp::view(ctx, op) {
            let (l, r) = (self.form_at(s.lhs(ctx), depth)?, self.form_at(s.rhs(ctx), depth)?);
            if let Some(k) = r.as_constant().filter(|k| (0..63).contains(k)) {
                return l.scale(1 << k).ok_or(IndexError::Overflow);
            }
        }
        if let Some(input) = cast_input(ctx, op) {
            return self.form_at(input, depth);
        }
        if let Some(a) = affine::ApplyOp::view(ctx, op) {
            if let Some(map) = a.map(ctx) {
                if let Some(mut forms) = self.map_forms_at(map, a.operands(ctx), depth)? {
                    if forms.len() == 1 {
                        return Ok(forms.remove(0));
                    }
                }
            }
        }
        self.uniform_or(v, ctx.operands(op), depth, ctx.op_name(op))
    }

    /// `l · r`: affine when one side is a constant; an unknown when both are uniform.
    fn product(&mut self, v: Value, op: OpId, l: &IndexForm, r: &IndexForm) -> Result<IndexForm, IndexError> {
        if let Some(c) = r.as_constant() {
            return l.scale(c).ok_or(IndexError::Overflow);
        }
        if let Some(c) = l.as_constant() {
            return r.scale(c).ok_or(IndexError::Overflow);
        }
        if l.is_uniform() && r.is_uniform() {
            return Ok(IndexForm::unknown(v));
        }
        let uniform_side = if l.is_uniform() { l } else { r };
        if uniform_side.is_uniform() && uniform_side.uniform.iter().any(|&(s, _)| self.is_block_dim(s)) {
            return Err(IndexError::UnknownBlockSize);
        }
        Err(IndexError::ThreadProduct(self.ctx.op_name(op).to_string()))
    }

    /// The value of an op the walk does not model: an unknown if the op cannot tell threads apart
    /// (no regions, no effect but reads and allocations, uniform operands), else an error.
    fn uniform_or(&mut self, v: Value, operands: &[Value], depth: usize, what: &str) -> Result<IndexForm, IndexError> {
        let ctx = self.ctx;
        if let Some(op) = ctx.defining_op(v) {
            if !ctx.regions(op).is_empty() || !effects::would_be_trivially_dead(ctx, op) {
                return Err(IndexError::Opaque(what.to_string()));
            }
        }
        for &o in operands {
            if !self.form_at(o, depth)?.is_uniform() {
                return Err(IndexError::NotAffine(what.to_string()));
            }
        }
        Ok(IndexForm::unknown(v))
    }

    /// `gpu.block_dim` (or a `gpu.launch` block-size argument) along dimension `d`.
    fn block_dim(&self, v: Value, d: usize) -> IndexForm {
        match self.scope.block_size[d] {
            Some(s) => IndexForm::constant(s),
            None => IndexForm::unknown(v),
        }
    }

    fn is_block_dim(&self, s: Value) -> bool {
        let ctx = self.ctx;
        let by_op =
            ctx.defining_op(s).and_then(|o| IndexOp::view(ctx, o)).is_some_and(|i| i.kind(ctx) == IndexKind::BlockDim);
        let by_launch = LaunchOp::view(ctx, self.scope.op).is_some_and(|l| l.block_size(ctx).contains(&s));
        by_op || by_launch
    }

    /// The forms of a map's results, `Ok(None)` when some result is not affine in the operands'
    /// forms (a `mod`, `floordiv`, `ceildiv` or product of non-constants).
    fn map_forms_at(
        &mut self,
        map: &AffineMap,
        operands: &[Value],
        depth: usize,
    ) -> Result<Option<Vec<IndexForm>>, IndexError> {
        let nd = map.num_dims() as usize;
        if operands.len() != map.num_inputs() {
            return Err(IndexError::NotAffine("affine map".into()));
        }
        let inputs = operands.iter().map(|&o| self.form_at(o, depth)).collect::<Result<Vec<_>, _>>()?;
        let (dims, symbols) = inputs.split_at(nd);
        Ok(map.results().iter().map(|e| expr_form(e, dims, symbols)).collect())
    }
}

/// The form of an affine expression over the forms of its dims and symbols; `None` if it is not
/// affine in them.
fn expr_form(e: &AffineExpr, dims: &[IndexForm], symbols: &[IndexForm]) -> Option<IndexForm> {
    match e.kind() {
        AffineExprKind::Dim(p) => dims.get(*p as usize).cloned(),
        AffineExprKind::Symbol(p) => symbols.get(*p as usize).cloned(),
        AffineExprKind::Constant(c) => Some(IndexForm::constant(*c)),
        AffineExprKind::Add(l, r) => expr_form(l, dims, symbols)?.add_scaled(&expr_form(r, dims, symbols)?, 1),
        AffineExprKind::Mul(l, r) => {
            let (l, r) = (expr_form(l, dims, symbols)?, expr_form(r, dims, symbols)?);
            match (l.as_constant(), r.as_constant()) {
                (_, Some(c)) => l.scale(c),
                (Some(c), _) => r.scale(c),
                _ => None,
            }
        }
        AffineExprKind::Mod(l, r) | AffineExprKind::FloorDiv(l, r) | AffineExprKind::CeilDiv(l, r) => {
            let (a, b) = (expr_form(l, dims, symbols)?.as_constant()?, expr_form(r, dims, symbols)?.as_constant()?);
            AffineExpr::binary(binary_op(e)?, &AffineExpr::constant(a), &AffineExpr::constant(b))
                .eval(&[], &[])
                .map(IndexForm::constant)
        }
    }
}

fn binary_op(e: &AffineExpr) -> Option<sharc_ir::affine::AffineBinaryOp> {
    e.as_binary().map(|(op, _, _)| op)
}

/// Argument `index` of a band's body: induction variable `d` is `origin_d + step_d · s_d · tid`
/// along its hardware dimension (see `gpumap.band`), `s_d` the distance between neighbouring
/// threads' first iterations (1, or the replication factor of a `blocked` tile); the origins
/// are the same on every thread of a block.
fn band_arg(ctx: &Context, band: BandOp, v: Value, index: usize) -> Result<IndexForm, IndexError> {
    if index >= band.ivs(ctx).len() {
        // A block origin: the same on every thread of the block.
        return Ok(IndexForm::unknown(v));
    }
    let (mapping, steps) = (band.mapping(ctx), band.steps(ctx));
    let (replication, distributions) = (band.replication(ctx), band.distributions(ctx));
    let (Some(&origin), Some(Some(dim)), Some(&step), Some(&f), Some(Some(dist))) = (
        band.origins(ctx).get(index),
        mapping.get(index),
        steps.get(index),
        replication.get(index),
        distributions.get(index),
    ) else {
        return Ok(IndexForm::unknown(v));
    };
    let mut form = IndexForm::unknown(origin);
    form.thread[dim.index()] = step.checked_mul(dist.thread_stride(f)).ok_or(IndexError::Overflow)?;
    Ok(form)
}

/// The input of an integer cast (`index_cast`, `index_castui`, `extsi`, `extui`, `trunci`):
/// index values stay small, so the cast does not change them.
pub(super) fn cast_input(ctx: &Context, op: OpId) -> Option<Value> {
    let casts = [
        arith::IndexCastOp::view(ctx, op).map(|c| c.input(ctx)),
        arith::IndexCastUIOp::view(ctx, op).map(|c| c.input(ctx)),
        arith::ExtSIOp::view(ctx, op).map(|c| c.input(ctx)),
        arith::ExtUIOp::view(ctx, op).map(|c| c.input(ctx)),
        arith::TruncIOp::view(ctx, op).map(|c| c.input(ctx)),
    ];
    casts.into_iter().flatten().next()
}
