//! `sharc-vectorize`: pairs of accesses `A[2·x + c]`, `A[2·x + c + 1]` along the loop that
//! becomes the grid's x, with a proven 8-byte alignment, become one 2-lane vector access (seed
//! 001 §3.3.1's NVIDIA rule, `float2`). The user-facing description is [`INFO`]'s.

use crate::analysis::affine::{access_of, memref_origin, LinearExpr};
use crate::effects;
use crate::gpumap::map_baseline::x_loop;
use crate::section;
use sharc_dialects::affine::{LoadOp, ParallelOp, StoreOp, VectorLoadOp, VectorStoreOp};
use sharc_dialects::func::FuncOp;
use sharc_dialects::sharc::{ACC_ATTR, MAY_ALIAS_ATTR};
use sharc_dialects::vector::{ExtractOp, FromElementsOp};
use sharc_ir::affine::{AffineExpr, AffineMap};
use sharc_ir::builder::Builder;
use sharc_ir::op::ValueDef;
use sharc_ir::pass::{Pass, PassInfo, PassOptions};
use sharc_ir::types::{TypeKind, DYNAMIC};
use sharc_ir::{BlockId, Context, Diagnostic, OpId, Value};

/// The declaration of `sharc-vectorize`.
pub static INFO: PassInfo = PassInfo {
    name: "sharc-vectorize",
    title: "SharcVectorize",
    summary: "Turn pairs of accesses A[2x+c], A[2x+c+1] along a section's x loop into 2-lane vector accesses where 8-byte alignment is proven",
    description: DESCRIPTION,
    anchor: None,
    options: &[],
    create,
};

const DESCRIPTION: &str = r#"Seed 001's vectorization rule for NVIDIA GPUs (§3.3.1): "if there
is a pair of accesses to the same array with the indices: 2*idx+N and 2*idx+N+1, where N is an
even number, the compiler generates a float2 variable". In every parallel section (an outermost
`affine.parallel`), along the loop the baseline mapping binds to x (the chain loop most
accesses use in their last subscript):

- **loads**: the `affine.load`s of one block whose last subscripts are `2·x + r` and
  `2·x + r + 1` (`r` free of `x`; the other subscripts and the map operands equal), with no op
  in between that may write the array, become one `affine.vector_load` of `vector<2xT>` at
  `2·x + r`, placed at the first of them; every load of either element in that window takes its
  lane through `vector.extract` (so the four loads of `cscale`'s complex product become one);
- **stores**: an `affine.store` of each element of such a pair in one block, with no access to
  the array in between, become one `vector.from_elements` and one `affine.vector_store` at the
  later store.

```mlir
%re = affine.load %x[%i * 2] : memref<?xf32>          %v = affine.vector_load %x[%i * 2] {alignment = 8 : i64}
%im = affine.load %x[%i * 2 + 1] : memref<?xf32>  ==>       : memref<?xf32>, vector<2xf32>
                                                      %re = vector.extract %v[0] : f32 from vector<2xf32>
                                                      %im = vector.extract %v[1] : f32 from vector<2xf32>
```

Consecutive x threads then read consecutive 8-byte elements: one request per warp instead of
two, and an access the partition search sees as coalesced, so it no longer stages the array in
shared memory to coalesce it (seed 001 §3.6 on Fig. 3.14: "the accesses in the kernel after
data vectorization, A[idx], is coalesced. As a result, the data are directly loaded into
registers").

# Alignment

A vector access needs its first element aligned to the vector's size (`ld.global.v2.f32` on an
address that is not a multiple of 8 is undefined). The pass proves 8-byte alignment (2 × 4-byte
elements; 2 × 8 for `f64`) when:

- the array is a function argument of identity layout: its first element is the start of an
  allocation (sharc-run's buffers and `cudaMalloc`'s are 256-byte aligned; a caller that passes
  an interior pointer, such as `x + 1` in C, breaks this assumption);
- the element offset of the first lane is even for every iteration: in the last subscript, the
  coefficient of `x` is 2 and every other coefficient and the constant are even, and every row
  pitch (the product of the static sizes after a dimension) is even.

The vector's `alignment` attribute records it (`{alignment = 8 : i64}`), `lower-affine` keeps it
on `vector.load`/`vector.store`, and code generation gives it to LLVM. A pair that is found but
whose alignment cannot be proven stays scalar, with a remark saying why (an odd offset, a row
pitch that is dynamic or odd, an array that is not an identity-layout function argument).

# Aliasing

A write to another array counts as a write to this one when both are function arguments that
`sharc.may_alias` groups (C pointer parameters that are not `restrict`) and the section is not
an OpenACC construct (whose arrays are its data clauses', as `sharc-parallelize` reads them);
views of one memref are one array. An op with unknown memory effects in between ends the window.

Only pairs of elements of at most 4 bytes are vectorized (`float2`, 8 bytes: the widest vector
the simulator holds); an `f64` pair stays scalar with a remark.

Values are loaded and stored bit for bit; no arithmetic changes. `sharcc` runs the pass after
`sharc-distribute`, before the partition search and the baseline planner (`--vectorize=off`
leaves it out). Seed 001's AMD rule (grouping neighbouring x threads into `float2`/`float4`) is
not implemented.

References: Yang et al., "A GPGPU compiler for memory optimization and parallelism management"
(PLDI 2010), §3.3.1 (seed 001)."#;

fn create(_: &PassOptions) -> Box<dyn Pass> {
    Box::new(Vectorize)
}

struct Vectorize;

impl Pass for Vectorize {
    fn run(&mut self, ctx: &mut Context, op: OpId, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        for s in section::sections(ctx, op) {
            let Some(x) = x_loop(ctx, s) else { continue };
            let scope = Scope::of(ctx, s, x);
            let blocks: Vec<BlockId> = ctx
                .collect_ops(s.0)
                .into_iter()
                .flat_map(|o| ctx.regions(o).to_vec())
                .flat_map(|r| ctx.region_blocks(r).to_vec())
                .collect();
            for b in blocks {
                vectorize_loads(ctx, &scope, b, diags);
                vectorize_stores(ctx, &scope, b, diags);
            }
        }
        Ok(())
    }
}

/// What one section's pairs are judged by: the x induction variable, the function's entry
/// block, and the groups of arguments that may be one array there.
struct Scope {
    x: Value,
    entry: Option<BlockId>,
    alias_groups: Vec<Vec<u32>>,
}

impl Scope {
    fn of(ctx: &Context, s: ParallelOp, x: Value) -> Scope {
        let func = ctx.ancestor(s.0, |c, o| FuncOp::view(c, o).is_some());
        let entry = func.and_then(|f| FuncOp(f).entry_block(ctx));
        // Inside an OpenACC construct the arrays are the construct's, as named (the rule of
        // sharc-parallelize); elsewhere C lets two pointer parameters be one array.
        let acc = ctx.attr_of(s.0, ACC_ATTR).is_some();
        let alias_groups = match func.and_then(|f| ctx.attr_of(f, MAY_ALIAS_ATTR)).and_then(|a| ctx.attr_array(a)) {
            Some(groups) if !acc => groups
                .iter()
                .filter_map(|&g| ctx.attr_dense_ints(g))
                .map(|g| g.iter().filter_map(|&v| u32::try_from(v).ok()).collect())
                .collect(),
            _ => Vec::new(),
        };
        Scope { x, entry, alias_groups }
    }

    /// The argument position of `m`'s origin, if it is a function argument.
    fn argument(&self, ctx: &Context, m: Value) -> Option<u32> {
        match ctx.value_def(memref_origin(ctx, m)) {
            ValueDef::BlockArg { block, index } if Some(block) == self.entry => Some(index),
            _ => None,
        }
    }

    /// Whether memrefs `a` and `b` may be one array.
    fn may_alias(&self, ctx: &Context, a: Value, b: Value) -> bool {
        if memref_origin(ctx, a) == memref_origin(ctx, b) {
            return true;
        }
        let (Some(i), Some(j)) = (self.argument(ctx, a), self.argument(ctx, b)) else { return false };
        self.alias_groups.iter().any(|g| g.contains(&i) && g.contains(&j))
    }

    /// Whether `op` (with everything nested in it) may write array `m`.
    fn may_write(&self, ctx: &Context, op: OpId, m: Value) -> bool {
        ctx.collect_ops(op).into_iter().any(|o| match written_memref(ctx, o) {
            Some(w) => self.may_alias(ctx, w, m),
            None => ctx.regions(o).is_empty() && effects::may_write(ctx, o),
        })
    }

    /// Whether `op` (with everything nested in it) may read or write array `m`.
    fn may_touch(&self, ctx: &Context, op: OpId, m: Value) -> bool {
        if self.may_write(ctx, op, m) {
            return true;
        }
        let is_memref = |v: &Value| ctx.memref_parts(ctx.value_type(*v)).is_some();
        ctx.collect_ops(op)
            .into_iter()
            .any(|o| ctx.operands(o).iter().filter(|v| is_memref(v)).any(|&v| self.may_alias(ctx, v, m)))
    }
}

/// The memref a store-like op writes.
fn written_memref(ctx: &Context, op: OpId) -> Option<Value> {
    if let Some(s) = StoreOp::view(ctx, op) {
        return Some(s.memref(ctx));
    }
    if let Some(s) = VectorStoreOp::view(ctx, op) {
        return Some(s.memref(ctx));
    }
    if let Some(s) = sharc_dialects::memref::StoreOp::view(ctx, op) {
        return Some(s.memref(ctx));
    }
    sharc_dialects::vector::StoreOp::view(ctx, op).map(|s| s.memref(ctx))
}

/// One scalar access of a candidate pair: its op, memref, map, operands.
#[derive(Clone)]
struct Scalar {
    op: OpId,
    memref: Value,
    map: AffineMap,
    operands: Vec<Value>,
}

impl Scalar {
    fn load(ctx: &Context, op: OpId) -> Option<Scalar> {
        let l = LoadOp::view(ctx, op)?;
        Some(Scalar { op, memref: l.memref(ctx), map: l.map(ctx)?.clone(), operands: l.map_operands(ctx).to_vec() })
    }

    fn store(ctx: &Context, op: OpId) -> Option<Scalar> {
        let s = StoreOp::view(ctx, op)?;
        Some(Scalar { op, memref: s.memref(ctx), map: s.map(ctx)?.clone(), operands: s.map_operands(ctx).to_vec() })
    }

    /// `Some(d)` when `other` accesses the element `d` after this one's in the innermost
    /// dimension (the same memref, operands and other subscripts), for every operand value.
    fn offset_to(&self, other: &Scalar) -> Option<i64> {
        if self.memref != other.memref
            || self.operands != other.operands
            || self.map.num_inputs() != other.map.num_inputs()
        {
            return None;
        }
        let (a, b) = (self.map.results(), other.map.results());
        let (la, lb) = (a.split_last()?, b.split_last()?);
        if la.1 != lb.1 {
            return None;
        }
        let (nd, ns) = (self.map.num_dims(), self.map.num_symbols());
        (lb.0.clone() - la.0.clone()).simplify(nd, ns).as_constant()
    }

    /// The map of the element `delta` before this one's (the vector's first lane).
    fn shifted_map(&self, delta: i64) -> Option<AffineMap> {
        let mut results = self.map.results().to_vec();
        let last = results.pop()?;
        let (nd, ns) = (self.map.num_dims(), self.map.num_symbols());
        results.push((last - AffineExpr::constant(delta)).simplify(nd, ns));
        AffineMap::new(nd, ns, results).ok()
    }
}

/// Why a pair whose first lane is `delta` elements after the element `op` accesses is not
/// 8-byte aligned, or `Ok(bytes)` its alignment. `Err(None)`: the pair is not along x with
/// stride 2 (the rule does not apply; no remark).
fn alignment(ctx: &Context, scope: &Scope, op: &Scalar, delta: i64) -> Result<i64, Option<String>> {
    let lo = op;
    let access = access_of(ctx, op.op).map_err(|_| None)?;
    let lin: Vec<LinearExpr> = access.linear().ok_or(None)?;
    let mut last = lin.last().ok_or(None)?.clone();
    last.constant += delta;
    let last = &last;
    let xpos = access.domain.loops.iter().position(|lp| lp.iv == scope.x).ok_or(None)?;
    if last.dims.get(xpos) != Some(&2) {
        return Err(None);
    }
    let parts = ctx.memref_parts(ctx.value_type(lo.memref)).ok_or(None)?;
    let elem_bytes = match ctx.type_kind(parts.elem) {
        TypeKind::Float(k) => i64::from(k.width()) / 8,
        TypeKind::Integer { width, .. } if width % 8 == 0 => i64::from(*width) / 8,
        _ => return Err(Some("its element type has no byte size".into())),
    };
    // The simulator holds vectors of up to 8 bytes (docs/simulator.md): a pair of f64 would be
    // a program sharc-run cannot execute.
    if 2 * elem_bytes > 8 {
        return Err(Some(format!(
            "a pair of {elem_bytes}-byte elements is wider than the 8-byte vectors sharc supports"
        )));
    }
    if scope.argument(ctx, lo.memref).is_none() || memref_origin(ctx, lo.memref) != lo.memref {
        return Err(Some(
            "the array is not a function argument, so the alignment of its first element is unknown".into(),
        ));
    }
    if parts.layout.is_some() {
        return Err(Some(
            "the array's layout is not the identity, so the alignment of its first element is unknown".into(),
        ));
    }
    let odd_terms =
        last.dims.iter().enumerate().any(|(d, &c)| d != xpos && c % 2 != 0) || last.symbols.iter().any(|&c| c % 2 != 0);
    if last.constant % 2 != 0 {
        return Err(Some(format!("the first element's offset is odd (2 * x + {})", last.constant)));
    }
    if odd_terms {
        return Err(Some("the first element's offset may be odd (an odd coefficient in its subscript)".into()));
    }
    // The row pitch of every outer dimension: the product of the sizes after it.
    let shape = &parts.shape;
    for d in 0..shape.len().saturating_sub(1) {
        let inner = &shape[d + 1..];
        if inner.contains(&DYNAMIC) {
            return Err(Some("a row pitch of the array is dynamic, so a row's first element may be odd".into()));
        }
        if inner.iter().product::<i64>() % 2 != 0 {
            return Err(Some("a row pitch of the array is odd".into()));
        }
    }
    Ok(2 * elem_bytes)
}

fn remark(ctx: &Context, lo: &Scalar, what: &str, why: &str) -> Diagnostic {
    // The name of the argument the memref is (a view of).
    let name = crate::analysis::argument_name(ctx, memref_origin(ctx, lo.memref));
    Diagnostic::remark(ctx.loc(lo.op).clone(), format!("{what} of '{name}' not vectorized: {why}"))
}

/// The loads of `block`, paired (see the pass description).
fn vectorize_loads(ctx: &mut Context, scope: &Scope, block: BlockId, diags: &mut Vec<Diagnostic>) {
    let mut done: Vec<OpId> = Vec::new();
    let ops = ctx.block_ops(block);
    for (k, &first) in ops.iter().enumerate() {
        if done.contains(&first) || ctx.is_erased(first) {
            continue;
        }
        let Some(a) = Scalar::load(ctx, first) else { continue };
        // The window: the loads after `first` up to the first op that may write the array.
        let mut group = vec![(a.clone(), 0i64)];
        for &op in ops[k + 1..].iter().filter(|&&o| !ctx.is_erased(o)) {
            if let Some(b) = Scalar::load(ctx, op) {
                if let Some(d) = a.offset_to(&b).filter(|d| (-1..=1).contains(d)) {
                    group.push((b, d));
                    continue;
                }
            }
            if scope.may_write(ctx, op, a.memref) {
                break;
            }
        }
        // The pair is (e, e + 1) with e = the lowest offset present, if both are.
        let lo = group.iter().map(|g| g.1).min().unwrap_or(0);
        let has = |d: i64| group.iter().any(|g| g.1 == d);
        if !has(lo) || !has(lo + 1) {
            continue;
        }
        group.retain(|g| g.1 == lo || g.1 == lo + 1);
        let Some(map) = a.shifted_map(-lo) else { continue };
        let first_lane = Scalar { map: map.clone(), ..a.clone() };
        let align = match alignment(ctx, scope, &a, lo) {
            Ok(al) => al,
            Err(None) => continue,
            Err(Some(why)) => {
                diags.push(remark(ctx, &first_lane, "pair of loads", &why));
                done.extend(group.iter().map(|g| g.0.op));
                continue;
            }
        };
        let elem = ctx.element_type_or_self(ctx.value_type(a.memref));
        let vty = ctx.ty(TypeKind::Vector { shape: vec![2], scalable: vec![false], elem });
        let loc = ctx.loc(first).clone();
        let state = VectorLoadOp::build(ctx, loc.clone(), vty, a.memref, map, &a.operands, Some(align));
        let v = Builder::before(first).insert_value(ctx, state);
        let lanes: Vec<Value> = (0..2)
            .map(|lane| {
                let st = ExtractOp::build(ctx, loc.clone(), v, lane);
                Builder::before(first).insert_value(ctx, st)
            })
            .collect();
        for (s, d) in &group {
            let lane = lanes[usize::from(*d != lo)];
            ctx.replace_op(s.op, &[lane]);
            done.push(s.op);
        }
    }
}

/// The stores of `block`, paired (see the pass description).
fn vectorize_stores(ctx: &mut Context, scope: &Scope, block: BlockId, diags: &mut Vec<Diagnostic>) {
    let mut done: Vec<OpId> = Vec::new();
    let ops = ctx.block_ops(block);
    for (k, &first) in ops.iter().enumerate() {
        if done.contains(&first) || ctx.is_erased(first) {
            continue;
        }
        let Some(a) = Scalar::store(ctx, first) else { continue };
        // The partner: the next access to the array, if it is a store of a neighbouring element.
        let next = ops[k + 1..].iter().filter(|&&o| !ctx.is_erased(o)).find(|&&op| scope.may_touch(ctx, op, a.memref));
        let Some(&second) = next else { continue };
        let Some(b) = Scalar::store(ctx, second) else { continue };
        let Some(d) = a.offset_to(&b).filter(|d| d.abs() == 1) else { continue };
        let (lo_op, hi_op) = if d == 1 { (first, second) } else { (second, first) };
        // The vector goes where the later store was, at the lower element.
        let shift = if d == 1 { 1 } else { 0 };
        let Some(map) = b.shifted_map(shift) else { continue };
        let first_lane = Scalar { map: map.clone(), ..b.clone() };
        let align = match alignment(ctx, scope, &b, -shift) {
            Ok(al) => al,
            Err(None) => continue,
            Err(Some(why)) => {
                diags.push(remark(ctx, &first_lane, "pair of stores", &why));
                done.extend([first, second]);
                continue;
            }
        };
        let values = [StoreOp(lo_op).value(ctx), StoreOp(hi_op).value(ctx)];
        let vty = ctx.ty(TypeKind::Vector { shape: vec![2], scalable: vec![false], elem: ctx.value_type(values[0]) });
        let loc = ctx.loc(second).clone();
        let v = Builder::before(second).insert_value(ctx, FromElementsOp::build(loc.clone(), vty, &values));
        let state = VectorStoreOp::build(ctx, loc, v, b.memref, map, &b.operands, Some(align));
        Builder::before(second).insert(ctx, state);
        ctx.erase_op(first);
        ctx.erase_op(second);
        done.extend([first, second]);
    }
}
