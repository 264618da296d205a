//! A *section* as the partition analysis sees it: an outermost `affine.parallel` nest, its loops
//! in one numbering, the arrays it accesses, every array reference with its statement, and its
//! `share` pragma (checked against the arrays).
//!
//! Loop numbering (the `loop` positions of the `sharc.plan` attribute): a pre-order walk of the
//! `affine.parallel` and `affine.for` ops inside the section, the section itself first, each op
//! contributing its induction variables in order. The *band* is the section's own induction
//! variables followed by those of the `affine.parallel` ops perfectly nested in it; it comes
//! first in the numbering. Everything else is a sequential loop, run inside the thread.
//!
//! Statements (seed 000's `S1`, `S2`): a statement is an `affine.store`, or a value carried by an
//! `affine.for` (`iter_args`, the scalar `ab` of gemm's `S1`). A load belongs to the first
//! statement its value flows into through SSA uses ([`flow_sinks`]), so that the read and the
//! write of `C[i][j] = a*ab + b*C[i][j]` are one statement, as the paper counts them.

use crate::analysis::affine::{collect_accesses, memref_array, Access, AccessKind, AccessSet, LinearExpr, LoopRef};
use crate::analysis::lane_index::element_bytes;
use sharc_dialects::affine::{ForOp, ParallelOp, StoreOp, YieldOp};
use sharc_dialects::func::FuncOp;
use sharc_dialects::sharc::share::{share_specs, ArraySpec, SHARE_ATTR};
use sharc_dialects::sharc::NAME_ATTR;
use sharc_ir::syntax::printer::NameTable;
use sharc_ir::types::DYNAMIC;
use sharc_ir::{Context, Diagnostic, Location, OpId, Value};
use std::collections::HashSet;

/// One loop of the section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectionLoop {
    /// The loop op and induction-variable position.
    pub id: LoopRef,
    /// The induction variable.
    pub iv: Value,
    /// Whether the loop is in the band (mapped to threads).
    pub band: bool,
    /// The constant trip count, if the bounds are constants.
    pub trip: Option<i64>,
    /// The constant lower bound, if any (0 is assumed otherwise: images are translation invariant).
    pub lower: Option<i64>,
    /// The step.
    pub step: i64,
}

/// One array (memref origin) accessed by the section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArrayInfo {
    /// The memref value (its origin through views).
    pub memref: Value,
    /// The source name: the `sharc.name` of a function argument, else the printed SSA name
    /// without `%` (`arg3`).
    pub name: String,
    /// The function argument number, if the memref is one.
    pub arg: Option<usize>,
    /// The array's position among the section's memrefs in order of first access.
    pub first_access: usize,
    /// The shape (`DYNAMIC` for `?`).
    pub shape: Vec<i64>,
    /// Bytes per element (4 when the element type has no size).
    pub elem_bytes: u32,
    /// Whether some access to it is not affine (then it is never staged).
    pub non_affine: bool,
}

impl ArrayInfo {
    /// The rank.
    pub fn rank(&self) -> usize {
        self.shape.len()
    }
}

/// One array reference (an `affine.load`/`affine.store`) of the section.
#[derive(Clone, Debug)]
pub struct Reference {
    /// The access function.
    pub access: Access,
    /// Index into [`Section::arrays`].
    pub array: usize,
    /// Per dimension of the access map: the section loop it is, or `None` for a loop around
    /// the section.
    pub loops: Vec<Option<usize>>,
    /// The subscripts as linear forms, if they are linear.
    pub linear: Option<Vec<LinearExpr>>,
    /// The statement the reference belongs to.
    pub stmt: Statement,
}

impl Reference {
    /// Whether it reads.
    pub fn is_read(&self) -> bool {
        self.access.kind == AccessKind::Read
    }

    /// The coefficient of section loop `l` in subscript `d` (0 when not linear or absent).
    pub fn coeff(&self, d: usize, l: usize) -> i64 {
        let Some(lin) = &self.linear else { return 0 };
        self.loops.iter().position(|&x| x == Some(l)).and_then(|p| lin.get(d)?.dims.get(p).copied()).unwrap_or(0)
    }

    /// The section loops subscript `d` uses (nonzero coefficient).
    pub fn loops_of_dim(&self, d: usize) -> Vec<usize> {
        let Some(lin) = self.linear.as_ref().and_then(|l| l.get(d)) else { return Vec::new() };
        lin.dims.iter().zip(&self.loops).filter(|(&c, _)| c != 0).filter_map(|(_, &l)| l).collect()
    }

    /// Whether a subscript uses a symbol or a loop around the section (the tile origin would
    /// not be a function of the section's loops alone).
    pub fn uses_outside_values(&self) -> bool {
        let Some(lin) = &self.linear else { return true };
        lin.iter().any(|e| {
            e.symbols.iter().any(|&c| c != 0) || e.dims.iter().zip(&self.loops).any(|(&c, l)| c != 0 && l.is_none())
        })
    }
}

/// The references one tile serves: references to one array that are uniformly generated (the
/// same coefficients of every section loop in every subscript; constant offsets may differ and
/// give the tile its halos). An array whose references all agree is one group, as in the paper;
/// `A[i][k]` and `A[j][k]` of syrk are two, each with a tile of its own. An array with a
/// subscript that is not linear or uses a value from outside the section is one group (it is
/// never staged, and the reason is said once).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefGroup {
    /// Index into [`Section::arrays`].
    pub array: usize,
    /// Indices into [`Section::refs`], in program order.
    pub refs: Vec<usize>,
}

/// Whether an array is read, written or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccessKindSet {
    /// Only read.
    Read,
    /// Only written.
    Write,
    /// Both.
    ReadWrite,
}

impl AccessKindSet {
    /// The set of `kinds` (read when empty).
    pub fn of(kinds: impl Iterator<Item = AccessKind>) -> AccessKindSet {
        let (mut r, mut w) = (false, false);
        for k in kinds {
            match k {
                AccessKind::Read => r = true,
                AccessKind::Write => w = true,
            }
        }
        match (r, w) {
            (true, true) => AccessKindSet::ReadWrite,
            (false, true) => AccessKindSet::Write,
            _ => AccessKindSet::Read,
        }
    }

    /// `read`, `write` or `readwrite`.
    pub fn name(self) -> &'static str {
        match self {
            AccessKindSet::Read => "read",
            AccessKindSet::Write => "write",
            AccessKindSet::ReadWrite => "readwrite",
        }
    }
}

/// Where a value read from memory ends up: a statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Statement {
    /// The `affine.store` writing it.
    Store(OpId),
    /// Value `pos` carried by an `affine.for` (its `iter_args`).
    Carried(OpId, usize),
    /// The value reaches no store nor carried value (an address, a bound, an unused load).
    Dead(OpId),
}

/// The section with everything the partition analysis needs.
pub struct Section {
    /// The outermost `affine.parallel`.
    pub op: OpId,
    /// Its loops (see the module docs for the numbering).
    pub loops: Vec<SectionLoop>,
    /// The number of band loops (the first ones).
    pub band: usize,
    /// The arrays, in order of first access.
    pub arrays: Vec<ArrayInfo>,
    /// The references, in program order.
    pub refs: Vec<Reference>,
    /// The references grouped into tiles ([`RefGroup`]), by array then first reference.
    pub groups: Vec<RefGroup>,
    /// The accesses (with the shared symbol numbering the dependence analysis needs).
    pub accesses: AccessSet,
    /// The `share` pragma, if any.
    pub pragma: Option<Vec<ArraySpec>>,
    /// Printed names of values (remarks).
    pub names: NameTable,
}

impl Section {
    /// Reads the section rooted at `op` (an `affine.parallel`); an error diagnostic when `op` is
    /// not one or its pragma names unknown arrays or has the wrong rank.
    pub fn analyze(ctx: &Context, op: OpId) -> Result<Section, Diagnostic> {
        let loc = ctx.loc(op).clone();
        if ParallelOp::view(ctx, op).is_none() {
            return Err(Diagnostic::error(
                loc,
                "a share pragma governs a parallel loop nest: put it on an affine.parallel (an OpenACC \
                 `loop independent` nest), not on a sequential loop",
            ));
        }
        let root = top_op(ctx, op);
        let names = NameTable::compute(ctx, root, false);
        let loops = section_loops(ctx, op);
        let band = band_len(ctx, op);
        let accesses = collect_accesses(ctx, op);
        let func = enclosing_func(ctx, op);
        let mut arrays: Vec<ArrayInfo> = Vec::new();
        let array_of = |ctx: &Context, memref: Value, arrays: &mut Vec<ArrayInfo>| -> usize {
            let origin = memref_array(ctx, memref);
            if let Some(i) = arrays.iter().position(|a| a.memref == origin) {
                return i;
            }
            let arg = func.and_then(|f| FuncOp(f).arguments(ctx).iter().position(|&a| a == origin));
            let source = arg.and_then(|i| {
                let dict = FuncOp(func?).arg_attr_dict(ctx, i)?;
                let entry = ctx.attr_dict(dict)?.iter().find(|(k, _)| k == NAME_ATTR)?;
                ctx.attr_str(entry.1).map(str::to_string)
            });
            // A view the front-end made is named after the array it views (`loc("in"(...))`).
            let view_name = || match ctx.defining_op(origin).map(|d| ctx.loc(d)) {
                Some(Location::Name { name, .. }) => Some(name.to_string()),
                _ => None,
            };
            let name = source
                .or_else(view_name)
                .unwrap_or_else(|| names.get(origin).unwrap_or("memref").trim_start_matches('%').to_string());
            let ty = ctx.value_type(origin);
            let (shape, elem_bytes) = match ctx.memref_parts(ty) {
                Some(p) => (p.shape.to_vec(), element_bytes(ctx, p.elem).unwrap_or(4)),
                None => (Vec::new(), 4),
            };
            let first_access = arrays.len();
            arrays.push(ArrayInfo { memref: origin, name, arg, first_access, shape, elem_bytes, non_affine: false });
            arrays.len() - 1
        };
        let mut refs = Vec::new();
        for a in &accesses.accesses {
            let array = array_of(ctx, a.memref, &mut arrays);
            let loop_pos = a.domain.loops.iter().map(|l| loops.iter().position(|s| s.id == l.id)).collect();
            let stmt = match a.kind {
                AccessKind::Write => Statement::Store(a.op),
                AccessKind::Read => {
                    let result = ctx.results(a.op).first().copied();
                    // The store the value ends in (through carried values: `C[i][j] += ...` is
                    // one statement), else the first carried value.
                    let sinks = result.map(|r| flow_sinks(ctx, r)).unwrap_or_default();
                    let store = sinks.iter().copied().find(|s| matches!(s, Statement::Store(_)));
                    store.or(sinks.first().copied()).unwrap_or(Statement::Dead(a.op))
                }
            };
            refs.push(Reference { linear: a.linear(), access: a.clone(), array, loops: loop_pos, stmt });
        }
        for n in &accesses.non_affine {
            let i = array_of(ctx, n.memref, &mut arrays);
            arrays[i].non_affine = true;
        }
        let pragma = match ctx.attr_of(op, SHARE_ATTR) {
            None => None,
            Some(attr) => match share_specs(ctx, attr) {
                None => {
                    return Err(Diagnostic::error(
                        loc,
                        "the sharc.share attribute must be #sharc.share<...> (e.g. #sharc.share<A[TB_Y][*]>)",
                    ))
                }
                Some(Err(e)) => {
                    return Err(Diagnostic::error(
                        loc,
                        format!("invalid share pragma: {} (at offset {})", e.message, e.offset),
                    ))
                }
                Some(Ok(specs)) => Some(specs),
            },
        };
        let groups = group_refs(&refs, arrays.len(), loops.len());
        let section = Section { op, loops, band, arrays, refs, groups, accesses, pragma, names };
        section.check_pragma(ctx)?;
        Ok(section)
    }

    /// Checks the pragma against the arrays: every name is an array of the section, ranks match.
    fn check_pragma(&self, ctx: &Context) -> Result<(), Diagnostic> {
        let Some(specs) = &self.pragma else { return Ok(()) };
        let loc = ctx.loc(self.op).clone();
        let known = || self.arrays.iter().map(|a| a.name.as_str()).collect::<Vec<_>>().join(", ");
        for s in specs {
            let Some(a) = self.arrays.iter().find(|a| a.name == s.array) else {
                return Err(Diagnostic::error(
                    loc,
                    format!(
                        "share pragma names '{}', which this loop nest does not access; name one of its arrays ({})",
                        s.array,
                        known()
                    ),
                ));
            };
            if a.rank() != s.dims.len() {
                return Err(Diagnostic::error(
                    loc,
                    format!(
                        "share pragma gives {} partition length(s) for '{}', which has rank {}: write one [length] per dimension",
                        s.dims.len(),
                        s.array,
                        a.rank()
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The array index of a pragma name.
    pub fn array_named(&self, name: &str) -> Option<usize> {
        self.arrays.iter().position(|a| a.name == name)
    }

    /// The printed name of section loop `l`'s induction variable.
    pub fn iv_name(&self, l: usize) -> String {
        self.loops.get(l).and_then(|lp| self.names.get(lp.iv)).unwrap_or("%?").to_string()
    }

    /// The groups (tiles) of array `a`.
    pub fn groups_of(&self, a: usize) -> impl Iterator<Item = &RefGroup> {
        self.groups.iter().filter(move |g| g.array == a)
    }

    /// What remarks call the tile serving `refs` (references to one array): the array's name
    /// when it has one group, else the first reference with its subscripts (`A[%i, %k]`), so
    /// that two tiles of one array can be told apart.
    pub fn tile_label(&self, refs: &[usize]) -> String {
        let Some(&first) = refs.first() else { return String::new() };
        let Some(rf) = self.refs.get(first) else { return String::new() };
        if self.groups_of(rf.array).count() > 1 {
            self.ref_label(first)
        } else {
            self.arrays[rf.array].name.clone()
        }
    }

    /// `A[%i, %k]` for reference `r`.
    pub fn ref_label(&self, r: usize) -> String {
        let Some(rf) = self.refs.get(r) else { return String::new() };
        let dims: Vec<String> =
            rf.access.domain.loops.iter().map(|l| self.names.get(l.iv).unwrap_or("%?").to_string()).collect();
        let syms: Vec<String> =
            self.accesses.symbols.iter().map(|&s| self.names.get(s).unwrap_or("%?").to_string()).collect();
        let subs: Vec<String> =
            rf.access.map.results().iter().map(|e| sharc_ir::affine::print_expr_with_names(e, &dims, &syms)).collect();
        let name = self.arrays.get(rf.array).map_or("?", |a| a.name.as_str());
        format!("{name}[{}]", subs.join(", "))
    }
}

/// Groups the references of each array by the linear part of their subscripts over the
/// section's loops ([`RefGroup`]).
fn group_refs(refs: &[Reference], arrays: usize, loops: usize) -> Vec<RefGroup> {
    let mut out = Vec::new();
    for a in 0..arrays {
        let mine: Vec<usize> = (0..refs.len()).filter(|&r| refs[r].array == a).collect();
        if mine.iter().any(|&r| refs[r].uses_outside_values()) {
            out.push(RefGroup { array: a, refs: mine });
            continue;
        }
        let linear_part = |r: usize| -> Vec<i64> {
            let rank = refs[r].access.map.num_results();
            (0..rank).flat_map(|d| (0..loops).map(move |l| refs[r].coeff(d, l))).collect()
        };
        let mut keyed: Vec<(Vec<i64>, RefGroup)> = Vec::new();
        for r in mine {
            let key = linear_part(r);
            match keyed.iter_mut().find(|(k, _)| *k == key) {
                Some((_, g)) => g.refs.push(r),
                None => keyed.push((key, RefGroup { array: a, refs: vec![r] })),
            }
        }
        out.extend(keyed.into_iter().map(|(_, g)| g));
    }
    out
}

/// The statements the value `v` flows into (see the module docs), in order of discovery,
/// following carried values on to where their results flow.
pub fn flow_sinks(ctx: &Context, v: Value) -> Vec<Statement> {
    flow(ctx, v, true)
}

/// The statements `v` flows into directly: a carried value is a statement of its own and the
/// flow stops there (the closure's pseudo-vertices).
pub fn direct_sinks(ctx: &Context, v: Value) -> Vec<Statement> {
    flow(ctx, v, false)
}

fn flow(ctx: &Context, v: Value, through_carried: bool) -> Vec<Statement> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        if !seen.insert(v) {
            continue;
        }
        for u in ctx.uses(v).iter().rev() {
            let user = u.op;
            if StoreOp::view(ctx, user).is_some() {
                if u.operand == 0 {
                    push_unique(&mut out, Statement::Store(user));
                }
                continue;
            }
            if crate::analysis::affine::access_of(ctx, user).is_ok() {
                continue; // an address of a load
            }
            if YieldOp::view(ctx, user).is_some() {
                let Some(parent) = ctx.parent_op(user) else { continue };
                let pos = u.operand as usize;
                if let Some(f) = ForOp::view(ctx, parent) {
                    push_unique(&mut out, Statement::Carried(parent, pos));
                    if !through_carried {
                        continue;
                    }
                    stack.extend(f.region_iter_args(ctx).get(pos).copied());
                }
                stack.extend(ctx.results(parent).get(pos).copied());
                continue;
            }
            if let Some(f) = ForOp::view(ctx, user) {
                if let Some(pos) = f.inits(ctx).iter().position(|&x| x == v) {
                    push_unique(&mut out, Statement::Carried(user, pos));
                    if !through_carried {
                        continue;
                    }
                    stack.extend(f.region_iter_args(ctx).get(pos).copied());
                    stack.extend(ctx.results(user).get(pos).copied());
                }
                continue;
            }
            stack.extend(ctx.results(user).iter().copied());
        }
    }
    out
}

fn push_unique(out: &mut Vec<Statement>, s: Statement) {
    if !out.contains(&s) {
        out.push(s);
    }
}

/// The values carried by `affine.for` ops of the section: the pseudo-vertices of the closure.
pub fn carried_values(ctx: &Context, section: OpId) -> Vec<(OpId, usize, Vec<Value>)> {
    let mut out = Vec::new();
    for op in ctx.collect_ops(section) {
        if let Some(f) = ForOp::view(ctx, op) {
            for (pos, &arg) in f.region_iter_args(ctx).iter().enumerate() {
                let mut vals = vec![arg];
                vals.extend(ctx.results(op).get(pos).copied());
                out.push((op, pos, vals));
            }
        }
    }
    out
}

fn top_op(ctx: &Context, mut op: OpId) -> OpId {
    while let Some(p) = ctx.parent_op(op) {
        op = p;
    }
    op
}

fn enclosing_func(ctx: &Context, op: OpId) -> Option<OpId> {
    let mut cur = ctx.parent_op(op);
    while let Some(p) = cur {
        if FuncOp::view(ctx, p).is_some() {
            return Some(p);
        }
        cur = ctx.parent_op(p);
    }
    None
}

/// The loops of the section in the numbering of the module docs.
fn section_loops(ctx: &Context, section: OpId) -> Vec<SectionLoop> {
    let band_ops = band_ops(ctx, section);
    let mut out = Vec::new();
    let push = |ctx: &Context, op: OpId, out: &mut Vec<SectionLoop>| {
        let Ok(dom) = crate::analysis::affine::domain(ctx, first_body_op(ctx, op).unwrap_or(op)) else { return };
        for l in dom.loops.iter().filter(|l| l.id.op == op) {
            out.push(SectionLoop {
                id: l.id,
                iv: l.iv,
                band: band_ops.contains(&op),
                trip: l.constant_trip_count(),
                lower: l.constant_lower(),
                step: l.step.max(1),
            });
        }
    };
    for &op in &band_ops {
        push(ctx, op, &mut out);
    }
    for op in ctx.collect_ops(section) {
        let is_loop = ForOp::view(ctx, op).is_some() || ParallelOp::view(ctx, op).is_some();
        if is_loop && !band_ops.contains(&op) {
            push(ctx, op, &mut out);
        }
    }
    out
}

/// An op inside the loop's body (its domain includes the loop itself).
fn first_body_op(ctx: &Context, op: OpId) -> Option<OpId> {
    let region = *ctx.regions(op).first()?;
    let block = ctx.entry_block(region)?;
    ctx.block_ops(block).first().copied()
}

/// The section and the `affine.parallel` ops perfectly nested in it ([`crate::section::chain`]).
fn band_ops(ctx: &Context, section: OpId) -> Vec<OpId> {
    crate::section::chain(ctx, ParallelOp(section)).into_iter().map(|p| p.0).collect()
}

fn band_len(ctx: &Context, section: OpId) -> usize {
    crate::section::chain_loops(ctx, ParallelOp(section))
}

/// Whether a shape dimension is dynamic.
pub fn is_dynamic(d: i64) -> bool {
    d == DYNAMIC || d < 0
}
