//! Access functions: every `affine.load`/`affine.store` as an affine map of the enclosing
//! loops' induction variables and the symbols, seed 000 §3's `F(I)`. A vector access
//! (`affine.vector_load`/`affine.vector_store`) is one access per lane, each at its own element.
//!
//! The op's own map is composed with its operands: an operand that is an enclosing loop's
//! induction variable becomes that loop's dimension, an integer constant is folded in, an
//! `affine.apply` is composed in (recursively), and any other valid affine symbol becomes a
//! symbol. An operand that is none of these, a non-affine loop bound, or a memory access
//! outside the affine dialect (`memref.load`, an unknown op with memref operands) is
//! recorded as a [`NonAffineAccess`], so that dependence analysis can stay conservative.

use super::linear::LinearExpr;
use super::loops::{domain_in, enclosing_loops, Domain, LoopRef, Space};
use super::AnalysisError;
use crate::effects;
use sharc_dialects::affine::{self, validity};
use sharc_dialects::memref;
use sharc_ir::affine::{AffineExpr, AffineMap};
use sharc_ir::{Context, OpId, Value};

/// Whether an access reads or writes its element.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AccessKind {
    /// `affine.load`.
    Read,
    /// `affine.store`.
    Write,
}

/// One affine array reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access {
    /// The `affine.load` or `affine.store`.
    pub op: OpId,
    /// The memref accessed.
    pub memref: Value,
    /// Read or write.
    pub kind: AccessKind,
    /// The subscripts, `(loop ivs...)[symbols...]`: dimension `l` is loop `l` of
    /// [`domain`](Self::domain), symbol `s` is `domain.symbols[s]`.
    pub map: AffineMap,
    /// The iteration domain of the access.
    pub domain: Domain,
    /// For one lane of a vector access (`affine.vector_load`/`affine.vector_store` of `lanes`
    /// elements, recorded as one access per lane, lane `k` at `map` + `k` in the last subscript,
    /// so that dependences and footprints see every element): the lane count; 1 for a scalar
    /// access.
    pub lanes: u32,
    /// The lane this access is (0 for a scalar access).
    pub lane: u32,
}

impl Access {
    /// The number of enclosing loops.
    pub fn depth(&self) -> usize {
        self.domain.depth()
    }

    /// The enclosing loops, outermost first.
    pub fn loops(&self) -> Vec<LoopRef> {
        self.domain.loop_refs()
    }

    /// The subscripts as linear forms, if every subscript is linear.
    pub fn linear(&self) -> Option<Vec<LinearExpr>> {
        LinearExpr::from_map(&self.map)
    }

    /// The element accessed at iteration `point` with the given symbol values.
    pub fn element(&self, point: &[i64], symbols: &[i64]) -> Option<Vec<i64>> {
        self.map.eval(point, symbols)
    }
}

/// A memory access the analysis cannot describe affinely.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NonAffineAccess {
    /// The op.
    pub op: OpId,
    /// The memref it accesses.
    pub memref: Value,
    /// Read or write; `None` if unknown (treated as a write).
    pub kind: Option<AccessKind>,
    /// The enclosing loops, outermost first.
    pub loops: Vec<LoopRef>,
    /// Why it is not affine.
    pub reason: AnalysisError,
}

/// The accesses of a function or loop nest, in program order, with one symbol numbering.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AccessSet {
    /// The symbols of every map and domain, by position.
    pub symbols: Vec<Value>,
    /// The affine accesses, in program order.
    pub accesses: Vec<Access>,
    /// The accesses that are not affine.
    pub non_affine: Vec<NonAffineAccess>,
}

impl AccessSet {
    /// The affine access made by `op`.
    pub fn get(&self, op: OpId) -> Option<&Access> {
        self.accesses.iter().find(|a| a.op == op)
    }

    /// The affine accesses to `memref`.
    pub fn of_memref(&self, memref: Value) -> impl Iterator<Item = &Access> + '_ {
        self.accesses.iter().filter(move |a| a.memref == memref)
    }

    /// The memrefs accessed, in order of first access.
    pub fn memrefs(&self) -> Vec<Value> {
        let mut out: Vec<Value> = Vec::new();
        let all = self.accesses.iter().map(|a| a.memref).chain(self.non_affine.iter().map(|n| n.memref));
        for m in all {
            if !out.contains(&m) {
                out.push(m);
            }
        }
        out
    }
}

/// The access made by one `affine.load`/`affine.store`, with its own symbol numbering (of a
/// vector access, its first lane's).
pub fn access_of(ctx: &Context, op: OpId) -> Result<Access, AnalysisError> {
    let mut symbols = Vec::new();
    let mut a = access_in(ctx, op, &mut symbols)?;
    a.domain.symbols = symbols.clone();
    a.map = widen(&a.map, symbols.len()).ok_or(AnalysisError::Malformed { op, what: "access map" })?;
    Ok(a)
}

/// Every memory access in `root` (a function, a loop, any op), `root` included.
pub fn collect_accesses(ctx: &Context, root: OpId) -> AccessSet {
    let mut set = AccessSet::default();
    let mut symbols = Vec::new();
    ctx.walk_pre(root, &mut |op| {
        if is_affine_access(ctx, op) {
            match access_in(ctx, op, &mut symbols) {
                Ok(a) => set.accesses.extend(lanes_of(a)),
                Err(reason) => {
                    let (memref, kind) = affine_target(ctx, op);
                    let loops = enclosing_loops(ctx, op);
                    set.non_affine.extend(memref.map(|memref| NonAffineAccess {
                        op,
                        memref,
                        kind: Some(kind),
                        loops,
                        reason,
                    }));
                }
            }
        } else {
            set.non_affine.extend(other_access(ctx, op));
        }
    });
    for a in &mut set.accesses {
        a.domain.symbols = symbols.clone();
        if let Some(m) = widen(&a.map, symbols.len()) {
            a.map = m;
        }
    }
    set.symbols = symbols;
    set
}

/// The map redeclared over `num_symbols` symbols (it mentions only earlier ones).
fn widen(map: &AffineMap, num_symbols: usize) -> Option<AffineMap> {
    AffineMap::new(map.num_dims(), u32::try_from(num_symbols).ok()?, map.results().to_vec()).ok()
}

/// Whether `op` is an affine access: `affine.load`/`store` or their vector forms.
fn is_affine_access(ctx: &Context, op: OpId) -> bool {
    affine::LoadOp::view(ctx, op).is_some()
        || affine::StoreOp::view(ctx, op).is_some()
        || affine::VectorLoadOp::view(ctx, op).is_some()
        || affine::VectorStoreOp::view(ctx, op).is_some()
}

/// The per-lane accesses of a vector access (the access itself for a scalar one).
fn lanes_of(a: Access) -> Vec<Access> {
    if a.lanes <= 1 {
        return vec![a];
    }
    (0..a.lanes)
        .map(|k| {
            let mut results = a.map.results().to_vec();
            if let Some(last) = results.pop() {
                results
                    .push((last + AffineExpr::constant(i64::from(k))).simplify(a.map.num_dims(), a.map.num_symbols()));
            }
            let map = AffineMap::new(a.map.num_dims(), a.map.num_symbols(), results).unwrap_or_else(|_| a.map.clone());
            Access { map, lane: k, ..a.clone() }
        })
        .collect()
}

fn affine_target(ctx: &Context, op: OpId) -> (Option<Value>, AccessKind) {
    let read = affine::LoadOp::view(ctx, op).is_some() || affine::VectorLoadOp::view(ctx, op).is_some();
    if read {
        (ctx.operands(op).first().copied(), AccessKind::Read)
    } else {
        (ctx.operands(op).get(1).copied(), AccessKind::Write)
    }
}

/// The access of an `affine.load`/`affine.store`, numbering new symbols in `symbols`.
pub(crate) fn access_in(ctx: &Context, op: OpId, symbols: &mut Vec<Value>) -> Result<Access, AnalysisError> {
    let malformed = |what| AnalysisError::Malformed { op, what };
    let (memref, kind, map, operands, lanes) = if let Some(l) = affine::LoadOp::view(ctx, op) {
        let memref = ctx.operands(op).first().copied().ok_or(malformed("memref operand"))?;
        (memref, AccessKind::Read, l.map(ctx), l.map_operands(ctx), 1)
    } else if let Some(s) = affine::StoreOp::view(ctx, op) {
        let memref = ctx.operands(op).get(1).copied().ok_or(malformed("memref operand"))?;
        (memref, AccessKind::Write, s.map(ctx), s.map_operands(ctx), 1)
    } else if let Some(l) = affine::VectorLoadOp::view(ctx, op) {
        let memref = ctx.operands(op).first().copied().ok_or(malformed("memref operand"))?;
        let lanes = ctx.results(op).first().and_then(|_| l.lanes(ctx)).ok_or(malformed("1-d vector result"))?;
        (memref, AccessKind::Read, l.map(ctx), l.map_operands(ctx), lanes)
    } else if let Some(s) = affine::VectorStoreOp::view(ctx, op) {
        let memref = ctx.operands(op).get(1).copied().ok_or(malformed("memref operand"))?;
        let lanes = s.lanes(ctx).ok_or(malformed("1-d vector value"))?;
        (memref, AccessKind::Write, s.map(ctx), s.map_operands(ctx), lanes)
    } else {
        return Err(AnalysisError::NotAffineAccess { op });
    };
    let lanes = u32::try_from(lanes).ok().filter(|&n| n >= 1).ok_or(malformed("vector lane count"))?;
    let map = map.ok_or(malformed("access map"))?;
    let domain = domain_in(ctx, op, symbols)?;
    let ivs = domain.ivs();
    let scope = validity::affine_scope(ctx, op);
    let mut space = Space { ctx, op, scope, ivs: &ivs, symbols };
    let results = space.substitute(map.num_dims(), map.results(), operands)?;
    let map =
        AffineMap::new(ivs.len() as u32, space.symbols.len() as u32, results).map_err(|_| malformed("access map"))?;
    Ok(Access { op, memref, kind, map, domain, lanes, lane: 0 })
}

/// Non-affine accesses of an op that is not an `affine.load`/`affine.store`: `memref.load`,
/// `memref.store`, and any op with memref operands and memory effects (each memref operand
/// counts, with an unknown kind unless the op only reads).
fn other_access(ctx: &Context, op: OpId) -> Vec<NonAffineAccess> {
    let reason = AnalysisError::NotAffineAccess { op };
    let entry =
        |memref, kind| NonAffineAccess { op, memref, kind, loops: enclosing_loops(ctx, op), reason: reason.clone() };
    if let Some(l) = memref::LoadOp::view(ctx, op) {
        return ctx.operands(op).first().map(|_| entry(l.memref(ctx), Some(AccessKind::Read))).into_iter().collect();
    }
    if let Some(s) = memref::StoreOp::view(ctx, op) {
        return ctx.operands(op).get(1).map(|_| entry(s.memref(ctx), Some(AccessKind::Write))).into_iter().collect();
    }
    let structural = affine::ForOp::view(ctx, op).is_some()
        || affine::ParallelOp::view(ctx, op).is_some()
        || affine::IfOp::view(ctx, op).is_some()
        || !ctx.regions(op).is_empty();
    if structural
        || effects::is_memory_effect_free(ctx, op)
        || effects::would_be_trivially_dead(ctx, op) && !effects::only_reads(ctx, op)
    {
        return Vec::new();
    }
    let kind = effects::only_reads(ctx, op).then_some(AccessKind::Read);
    let memrefs = ctx.operands(op).iter().copied().filter(|&v| ctx.memref_parts(ctx.value_type(v)).is_some());
    memrefs.map(|m| entry(m, kind)).collect()
}

/// The array whose index space an access's subscripts address: followed through views like
/// [`memref_origin`], but only while the rank stays, so that the subscripts keep meaning
/// elements of the array returned. A flat buffer viewed in two dimensions
/// (`memref.reinterpret_cast`, as the C front-end views `p[r * w + c]`) is its own array.
pub fn memref_array(ctx: &Context, mut v: Value) -> Value {
    let rank = |x: Value| ctx.memref_parts(ctx.value_type(x)).map(|p| p.rank());
    for _ in 0..64 {
        let Some(def) = ctx.defining_op(v) else { break };
        if !effects::is_memory_effect_free(ctx, def) {
            break;
        }
        let is_memref = |x: &Value| ctx.memref_parts(ctx.value_type(*x)).is_some();
        match ctx.operands(def).iter().find(|x| is_memref(x)) {
            Some(&src) if rank(src) == rank(v) => v = src,
            _ => break,
        }
    }
    v
}

/// The memref a view-like op (`memref.subview`, `memref.cast`, any effect-free op with a
/// memref operand and a memref result) was derived from, followed to its origin: two
/// different values with the same origin may alias.
pub fn memref_origin(ctx: &Context, mut v: Value) -> Value {
    for _ in 0..64 {
        let Some(def) = ctx.defining_op(v) else { break };
        if !effects::is_memory_effect_free(ctx, def) {
            break;
        }
        let is_memref = |x: &Value| ctx.memref_parts(ctx.value_type(*x)).is_some();
        match ctx.operands(def).iter().find(|x| is_memref(x)) {
            Some(&src) => v = src,
            None => break,
        }
    }
    v
}
