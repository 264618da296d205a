//! From the C syntax tree to the affine level.
//!
//! A function becomes a `func.func`: array parameters become memrefs that keep their C names
//! (`{sharc.name = "A"}`), integer parameters that the body never assigns become `index` (so they
//! can appear in affine bounds and subscripts), other scalars their integer or float type.
//!
//! Scalars live in SSA registers, not memory: the lowering keeps each variable's current value and
//! threads values through structured control flow the way MLIR front-ends do — a loop carries the
//! variables its body assigns as `iter_args`, an `if` yields the ones either branch assigns. Loops
//! with affine bounds become `affine.for`, conditions that are conjunctions of affine comparisons
//! `affine.if`, affine subscripts `affine.load`/`affine.store`; the rest of the function falls back
//! to `scf` and `memref` so that every function sharc accepts runs in `sharc-run`.
//!
//! OpenACC loops (`#pragma acc loop`, `kernels loop`, `parallel loop`, and the loops of a
//! `kernels` region) are built as `affine.for` like any other and marked with what their
//! directive claims ([`claims`]); the pass `sharc-parallelize` (run first by `sharcc`) turns
//! them into `affine.parallel` where the dependence analysis proves them parallel. A loop the
//! user marked but that carries a dependence stays sequential, with a warning that names the
//! dependence: sharc never produces a parallel loop that computes something else than the C code.
//!
//! The modules: [`expr`] (values, C conversions), [`affine`] (affine forms of C expressions),
//! [`delinearize`] (flat pointers subscripted `p[r * w + c]`), [`stmt`] (statements and control
//! flow), [`loops`] (counted `for` loops), [`claims`] (what the OpenACC and share pragmas claim
//! about a loop).

mod affine;
mod claims;
mod delinearize;
mod expr;
mod loops;
mod stmt;

use crate::ast::*;
use crate::diag::FrontError;
use crate::source::SourceMap;
use sharc_dialects::{func, sharc};
use sharc_ir::builder::{Builder, InsertPoint, OperationState};
use sharc_ir::{BlockId, Context, Location, OpId, Type, Value};
use std::collections::{HashMap, HashSet};

pub(crate) use affine::Lin;

/// A variable's identity (index into [`Lowerer::vars`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct VarId(usize);

/// What a name stands for at the current point of the lowering.
#[derive(Clone, Debug)]
pub(crate) enum Binding {
    /// A scalar held in a register: its current value (`None` before the first assignment) and,
    /// when it holds an affine function of index values, that function.
    Scalar { ty: CType, value: Option<Value>, lin: Option<Lin> },
    /// A read-only integer held as an `index`: a loop variable or an `index` parameter. It is
    /// usable in affine expressions when `affine` (not the variable of an `scf.for`, whose bound
    /// is read from memory: MLIR takes only `affine.for` variables and symbols as dimensions).
    Index { ty: CType, value: Value, affine: bool },
    /// An array: a memref of `rank` dimensions.
    Array { memref: Value, elem: CType, rank: usize },
    /// A loop variable after its loop: C gives it the exit value, which sharc does not compute.
    AfterLoop { loop_span: Span },
}

/// A variable.
#[derive(Clone, Debug)]
pub(crate) struct Var {
    pub name: String,
    pub binding: Binding,
}

/// Lowers functions of one translation unit into one module.
pub struct Lowerer<'a> {
    pub(crate) ctx: &'a mut Context,
    pub(crate) src: &'a SourceMap,
    pub(crate) b: Builder,
    pub(crate) vars: Vec<Var>,
    pub(crate) scopes: Vec<Vec<(String, VarId)>>,
    pub(crate) diags: Vec<FrontError>,
    /// The entry block of the function being lowered (its arguments are affine symbols).
    pub(crate) entry: Option<BlockId>,
    /// Depth of OpenACC compute constructs and loops around the current statement: inside one,
    /// everything must be affine.
    pub(crate) in_section: usize,
    /// Whether the current statement is inside a `kernels` region (its loops are candidates).
    pub(crate) in_kernels: bool,
    /// Whether the innermost compute construct around the current statement is `parallel`
    /// (its `loop` directives assert independent iterations).
    pub(crate) in_parallel: bool,
    /// Directives of the enclosing `data` / compute constructs, for `sharc.acc`.
    pub(crate) acc_context: Vec<String>,
    /// A share pragma waiting for its loop nest.
    pub(crate) pending_share: Option<(Vec<sharc_dialects::sharc::share::ArraySpec>, Span)>,
    /// The function's C return type.
    pub(crate) ret: CType,
    /// The function's name.
    pub(crate) function_name: String,
    /// The directive a `collapse(n)` passes on to the loop nested in the current one.
    pub(crate) collapse_next: Option<AccDirective>,
    /// The function definitions of the translation unit (name to span) and its typedefs, for
    /// inlining calls to helpers of scalar parameters.
    pub(crate) helpers: HashMap<String, Span>,
    pub(crate) typedefs: crate::parse::Typedefs,
    /// The helpers being inlined around the current statement, innermost last (a call to one of
    /// them again would be recursion, which sharc does not compile).
    pub(crate) inlining: Vec<String>,
    /// How the C rules that no pragma states apply to this translation unit.
    pub(crate) rules: CRules,
    /// The affine loops around the current statement, outermost first, with their bounds.
    pub(crate) loop_bounds: Vec<delinearize::LoopBounds>,
    /// The flat parameters viewed with row pitches: variable to the pitches' values, innermost
    /// first.
    pub(crate) flat_views: HashMap<VarId, Vec<Value>>,
    /// A viewed parameter with an access that is not `r * pitch + c` with a proven column: the
    /// function is lowered again without its view.
    pub(crate) flat_view_failed: Option<String>,
    /// The names the function assigns (`x = ...`, `x++`), outside loop headers.
    pub(crate) function_assigned: HashSet<String>,
    /// The polynomials of fixed integer locals whose value is not affine (`int idx = y * w +
    /// x;`), for [`delinearize`].
    pub(crate) fixed_polys: HashMap<VarId, delinearize::Poly>,
}

/// What the front-end assumes where the source says nothing (`Options`' flags, and whether the
/// file has OpenACC pragmas at all).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CRules {
    /// Every loop with affine bounds outside OpenACC constructs is a candidate for
    /// `sharc-parallelize` (a file without OpenACC pragmas, or `--auto-parallelize`).
    pub auto_parallelize: bool,
    /// Pointer and array parameters are taken not to overlap, as if each were `restrict`
    /// (`--assume-no-alias`).
    pub assume_no_alias: bool,
}

impl<'a> Lowerer<'a> {
    /// A lowerer building into `ctx`.
    pub fn new(ctx: &'a mut Context, src: &'a SourceMap) -> Self {
        // Placeholder insertion point until a function is lowered.
        let (_, scratch) = ctx.new_region_with_block(&[]);
        Lowerer {
            ctx,
            src,
            b: Builder::at(InsertPoint::BlockEnd(scratch)),
            vars: Vec::new(),
            scopes: Vec::new(),
            diags: Vec::new(),
            entry: None,
            in_section: 0,
            in_kernels: false,
            in_parallel: false,
            acc_context: Vec::new(),
            pending_share: None,
            ret: CType::Void,
            function_name: String::new(),
            collapse_next: None,
            helpers: HashMap::new(),
            typedefs: crate::parse::Typedefs::new(),
            inlining: Vec::new(),
            rules: CRules::default(),
            loop_bounds: Vec::new(),
            flat_views: HashMap::new(),
            flat_view_failed: None,
            function_assigned: HashSet::new(),
            fixed_polys: HashMap::new(),
        }
    }

    /// Applies `rules` to the functions lowered from now on.
    pub fn with_rules(mut self, rules: CRules) -> Self {
        self.rules = rules;
        self
    }

    /// Makes the functions of the translation unit (`name` to definition span in the parsed text)
    /// available for inlining: a call to a function of scalar parameters that returns a scalar
    /// is compiled as its body.
    pub fn with_helpers(mut self, helpers: HashMap<String, Span>, typedefs: crate::parse::Typedefs) -> Self {
        self.helpers = helpers;
        self.typedefs = typedefs;
        self
    }

    /// The groups of parameters that C lets overlap (`sharc.may_alias`): the arrays and
    /// pointers that are not `restrict`, by element type, where a type has two or more.
    fn may_alias_groups(&mut self, params: &[Decl], kinds: &[ParamKind]) -> Option<sharc_ir::Attr> {
        if self.rules.assume_no_alias {
            return None;
        }
        let mut groups: Vec<(&CType, Vec<i64>)> = Vec::new();
        for (k, (p, kind)) in params.iter().zip(kinds).enumerate() {
            if !matches!(kind, ParamKind::Array(_)) || p.is_restrict {
                continue;
            }
            match groups.iter_mut().find(|g| g.0 == &p.ty) {
                Some(g) => g.1.push(k as i64),
                None => groups.push((&p.ty, vec![k as i64])),
            }
        }
        let groups: Vec<Vec<i64>> = groups.into_iter().map(|g| g.1).filter(|g| g.len() > 1).collect();
        if groups.is_empty() {
            return None;
        }
        let attrs = groups.iter().map(|g| self.ctx.dense_i64_array(g)).collect();
        Some(self.ctx.array_attr(attrs))
    }

    /// The warnings and remarks so far.
    pub fn take_diagnostics(&mut self) -> Vec<FrontError> {
        std::mem::take(&mut self.diags)
    }

    pub(crate) fn loc(&self, span: Span) -> Location {
        self.src.location(span.start)
    }

    /// Lowers `f` into a `func.func` at the end of `module_body`.
    ///
    /// A flat parameter subscripted `p[r * w + c]` is first tried as a two-dimensional view
    /// ([`delinearize`]); when one of its accesses does not fit, the function is lowered again
    /// with that parameter one-dimensional, its first attempt and diagnostics discarded.
    pub fn lower_function(&mut self, f: &Function, module_body: BlockId) -> Result<OpId, FrontError> {
        let assigned = stmt::assigned_names(&f.body);
        let mut views = delinearize::flat_pitch_candidates(f, &assigned);
        self.function_assigned = assigned;
        loop {
            let diags_before = self.diags.len();
            let ops_before = self.ctx.block_ops(module_body).len();
            self.flat_view_failed = None;
            let result = self.lower_function_with_views(f, module_body, &views);
            let Some(failed) = self.flat_view_failed.take().filter(|p| views.iter().any(|v| v.0 == *p)) else {
                return result;
            };
            for op in self.ctx.block_ops(module_body).into_iter().skip(ops_before) {
                self.ctx.erase_op(op);
            }
            self.diags.truncate(diags_before);
            views.retain(|(p, _)| *p != failed);
        }
    }

    fn lower_function_with_views(
        &mut self,
        f: &Function,
        module_body: BlockId,
        views: &[(String, Vec<String>)],
    ) -> Result<OpId, FrontError> {
        self.vars.clear();
        self.loop_bounds.clear();
        self.flat_views.clear();
        self.fixed_polys.clear();
        self.inlining.clear();
        self.collapse_next = None;
        self.scopes = vec![Vec::new()];
        self.pending_share = None;
        self.in_section = 0;
        self.in_kernels = false;
        self.in_parallel = false;
        self.acc_context.clear();
        if f.ret_pointers > 0 {
            return Err(FrontError::new(
                f.span,
                format!(
                    "function '{}' returns a pointer; sharc compiles functions that return void or a scalar",
                    f.name
                ),
            ));
        }
        self.ret = f.ret.clone();
        self.function_name = f.name.clone();
        let assigned = stmt::assigned_names(&f.body);

        // The signature.
        let mut arg_types = Vec::new();
        let mut arg_attrs = Vec::new();
        let mut kinds = Vec::new();
        for p in &f.params {
            let (ty, kind) = self.param_type(p, &assigned)?;
            arg_types.push(ty);
            let name = self.ctx.string_attr(p.name.clone());
            arg_attrs.push(self.ctx.dict_attr(vec![(sharc::NAME_ATTR.to_string(), name)]));
            kinds.push(kind);
        }
        let results = match &f.ret {
            CType::Void => vec![],
            t => vec![self.scalar_type(t, f.span)?],
        };
        let fty = self.ctx.function_type(arg_types.clone(), results);
        let (region, entry) = self.ctx.new_region_with_block(&arg_types);
        let fty_attr = self.ctx.type_attr(fty);
        let name = self.ctx.string_attr(f.name.clone());
        let arg_attrs = self.ctx.array_attr(arg_attrs);
        let state = OperationState::new(func::FUNC.name, self.loc(f.span))
            .prop(func::FUNCTION_TYPE, fty_attr)
            .prop(sharc_ir::symbol::SYM_NAME, name)
            .prop(func::ARG_ATTRS, arg_attrs)
            .region(region);
        let fop = Builder::at_end(module_body).insert(self.ctx, state);
        if let Some(groups) = self.may_alias_groups(&f.params, &kinds) {
            self.ctx.set_attr(fop, sharc::MAY_ALIAS_ATTR, groups);
        }
        self.entry = Some(entry);
        self.b = Builder::at_end(entry);

        for ((p, kind), &arg) in f.params.iter().zip(kinds).zip(self.ctx.block_args(entry).to_vec().iter()) {
            let binding = match kind {
                ParamKind::Index => Binding::Index { ty: p.ty.clone(), value: arg, affine: true },
                ParamKind::Scalar => Binding::Scalar { ty: p.ty.clone(), value: Some(arg), lin: None },
                ParamKind::Array(rank) => Binding::Array { memref: arg, elem: p.ty.clone(), rank },
            };
            self.declare(&p.name, p.span, binding);
        }
        for (array, pitches) in views {
            self.view_with_pitches(array, pitches, f.span);
        }

        let StmtKind::Compound(items) = &f.body.kind else { unreachable!("a function body is a compound statement") };
        let (last_return, items) = match items.split_last() {
            Some((last, rest)) if matches!(last.kind, StmtKind::Return(_)) => (Some(last), rest),
            _ => (None, items.as_slice()),
        };
        for s in items {
            self.stmt(s)?;
        }
        let ret_values = match (last_return, &f.ret) {
            (Some(Stmt { kind: StmtKind::Return(Some(e)), .. }), t) if *t != CType::Void => {
                let (v, vt) = self.rvalue(e)?;
                vec![self.convert(v, &vt, t, e.span)?]
            }
            (Some(Stmt { kind: StmtKind::Return(None), .. }), CType::Void) | (None, CType::Void) => vec![],
            (Some(r), _) => return Err(FrontError::new(r.span, "return value does not match the function's type")),
            (None, _) => {
                return Err(FrontError::new(f.span, format!("function '{}' must end with a return statement", f.name)))
            }
        };
        let loc = self.loc(f.body.span);
        self.b.insert(self.ctx, OperationState::new(func::RETURN.name, loc).operands(ret_values));
        if let Some(s) = &self.pending_share {
            return Err(FrontError::new(s.1, "share pragma is not followed by a loop nest"));
        }
        Ok(fop)
    }

    /// The IR type of a parameter and how the body sees it.
    fn param_type(&mut self, p: &Decl, assigned: &HashSet<String>) -> Result<(Type, ParamKind), FrontError> {
        let elem = self.scalar_type(&p.ty, p.span)?;
        let rank = p.dims.len() + p.pointers;
        if p.pointers > 1 {
            return Err(FrontError::new(
                p.span,
                format!(
                    "parameter '{}' is a pointer to a pointer; use a C99 array parameter such as 'float {}[n][m]'",
                    p.name, p.name
                ),
            ));
        }
        if rank == 0 {
            return Ok(match &p.ty {
                CType::Int(_) if !assigned.contains(&p.name) => (self.ctx.index_type(), ParamKind::Index),
                _ => (elem, ParamKind::Scalar),
            });
        }
        if p.pointers == 1 && !p.dims.is_empty() {
            return Err(FrontError::new(
                p.span,
                format!("parameter '{}' is an array of pointers, which sharc does not compile", p.name),
            ));
        }
        let mut shape = Vec::new();
        if p.pointers == 1 {
            shape.push(sharc_ir::types::DYNAMIC);
        }
        for d in &p.dims {
            shape.push(
                d.as_ref().and_then(|e| self.const_int(e)).filter(|&v| v > 0).unwrap_or(sharc_ir::types::DYNAMIC),
            );
        }
        self.check_array_size(&p.name, &shape, elem, p.span)?;
        Ok((self.ctx.memref_type(shape, elem), ParamKind::Array(rank)))
    }

    /// An array whose static sizes make more bytes than an `i64` counts is an error (gcc's
    /// "size of array is too large"): the generated code linearises indices and sizes buffers
    /// in 64-bit arithmetic, which would wrap. Every element count of the array, and so every
    /// linearised index, is below its byte size. Dynamic sizes are the caller's business.
    pub(crate) fn check_array_size(&self, name: &str, shape: &[i64], elem: Type, span: Span) -> Result<(), FrontError> {
        let elem_bytes = match self.ctx.type_kind(elem) {
            sharc_ir::types::TypeKind::Float(f) => i64::from(f.width().div_ceil(8)),
            sharc_ir::types::TypeKind::Integer { width, .. } => i64::from(width.div_ceil(8)),
            _ => 8,
        };
        let bytes =
            shape.iter().filter(|&&d| d != sharc_ir::types::DYNAMIC).try_fold(elem_bytes, |acc, &d| acc.checked_mul(d));
        if bytes.is_none() {
            let dims: Vec<String> = shape
                .iter()
                .map(|&d| if d == sharc_ir::types::DYNAMIC { "?".to_string() } else { d.to_string() })
                .collect();
            return Err(FrontError::new(
                span,
                format!(
                    "array '{name}' is too large: {} elements of {elem_bytes} bytes overflow 64-bit index arithmetic",
                    dims.join(" x ")
                ),
            ));
        }
        Ok(())
    }

    /// The IR type of a C scalar type.
    pub(crate) fn scalar_type(&mut self, t: &CType, span: Span) -> Result<Type, FrontError> {
        Ok(match t {
            CType::Int(i) => self.ctx.int_type(i.bits),
            CType::Float(32) => self.ctx.f32(),
            CType::Float(_) => self.ctx.f64(),
            CType::Void => return Err(FrontError::new(span, "'void' is not a value type")),
            CType::Unsupported(s) => {
                return Err(FrontError::new(
                    span,
                    format!(
                    "type '{s}' is not supported; sharc compiles integer and floating-point scalars and arrays of them"
                ),
                ))
            }
        })
    }

    pub(crate) fn declare(&mut self, name: &str, span: Span, binding: Binding) -> VarId {
        let id = VarId(self.vars.len());
        let _ = span;
        self.vars.push(Var { name: name.to_string(), binding });
        self.scopes.last_mut().expect("a scope").push((name.to_string(), id));
        id
    }

    pub(crate) fn lookup(&self, name: &str) -> Option<VarId> {
        self.scopes.iter().rev().flat_map(|s| s.iter().rev()).find(|(n, _)| n == name).map(|(_, id)| *id)
    }

    pub(crate) fn var(&self, id: VarId) -> &Var {
        &self.vars[id.0]
    }

    pub(crate) fn var_mut(&mut self, id: VarId) -> &mut Var {
        &mut self.vars[id.0]
    }

    /// Whether `v` is an argument of the function (an affine symbol).
    pub(crate) fn is_symbol(&self, v: Value) -> bool {
        self.entry.is_some_and(|e| self.ctx.block_args(e).contains(&v))
    }

    pub(crate) fn warn(&mut self, e: FrontError) {
        self.diags.push(e);
    }
}

enum ParamKind {
    Index,
    Scalar,
    Array(usize),
}
