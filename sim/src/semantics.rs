//! The semantics registry: what each op does when executed.
//!
//! As in xDSL's `InterpreterFunctions`, every dialect supplies the semantics of its own ops
//! (`dialects/src/<d>/interp.rs`) and registers them explicitly in a [`Semantics`] value; later
//! dialects add theirs the same way, and replacing an op's semantics needs an explicit
//! [`Semantics::remove`] first.
//!
//! An op's semantics has two parts:
//! - a **prepare** hook, run once per op when a function is compiled: it reads the op through
//!   its typed view and returns a payload (decoded attributes, register slots, compiled maps).
//!   Attribute lookups never happen while executing.
//! - an **execute** function, of one of three kinds:
//!   - [`Semantics::lane`]: a per-thread function `(lane, payload, operands) -> result`; the
//!     engine runs it for every active lane of the thread group, op by op in lockstep. Pure
//!     arithmetic and memory accesses are lane ops.
//!   - [`Semantics::region`]: a group-level function over [`Exec`] for ops with regions
//!     (loops, conditionals, calls, launches). It sees the active lanes, splits them when
//!     control diverges, and runs regions through [`Exec::run_block`] (see [`crate::exec`]).
//!   - [`Semantics::terminator`]: ends a block; its operands are what the parent reads.
//!
//! Counting (requests, sectors, bank wavefronts, ops) never happens here: lane functions only
//! access memory through [`Lane`], and the engine reports every warp-wide request to the
//! [`listeners`](crate::listener).

use crate::error::{SimError, Trap};
use crate::exec::{Exec, Lane};
use crate::interp::Machine;
use crate::program::{BlockRef, OpCode, Slot};
use crate::value::{Scalar, Val};
use rustc_hash::FxHashMap;
use sharc_ir::{BlockId, Context, Diagnostic, OpId, OpSpec, RegionId, Value};
use std::any::Any;

/// The executor of one compiled op for the active lanes.
pub(crate) type Tramp = for<'m, 'p> fn(&mut Machine<'p>, &'p OpCode, &[u32]) -> Result<(), SimError>;

/// A compiled op: its executor and payload.
pub(crate) struct Compiled {
    pub exec: Option<Tramp>,
    pub payload: Box<dyn Any>,
}

type PrepareFn = Box<dyn Fn(&mut Prep<'_>, OpId) -> Result<Compiled, Diagnostic>>;

/// The registry of op semantics, by op name.
#[derive(Default)]
pub struct Semantics {
    entries: FxHashMap<&'static str, PrepareFn>,
}

impl std::fmt::Debug for Semantics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut names: Vec<_> = self.entries.keys().collect();
        names.sort();
        f.debug_struct("Semantics").field("ops", &names).finish()
    }
}

impl Semantics {
    /// An empty registry.
    pub fn new() -> Semantics {
        Semantics::default()
    }

    fn insert(&mut self, spec: &'static OpSpec, f: PrepareFn) {
        let old = self.entries.insert(spec.name, f);
        assert!(old.is_none(), "semantics of {} registered twice; remove the old ones first", spec.name);
    }

    /// Removes the semantics of `name` (to override them); whether there were any.
    pub fn remove(&mut self, name: &str) -> bool {
        self.entries.remove(name).is_some()
    }

    /// Whether `name` has semantics.
    pub fn has(&self, name: &str) -> bool {
        self.entries.contains_key(name)
    }

    /// The names with semantics, sorted.
    pub fn names(&self) -> Vec<&'static str> {
        let mut v: Vec<_> = self.entries.keys().copied().collect();
        v.sort_unstable();
        v
    }

    pub(crate) fn prepare(&self, name: &str) -> Option<&PrepareFn> {
        self.entries.get(name)
    }

    /// Registers a per-lane op with a payload computed by `prepare`.
    pub fn lane<P, F>(&mut self, spec: &'static OpSpec, prepare: fn(&mut Prep<'_>, OpId) -> Result<P, Diagnostic>, f: F)
    where
        P: 'static,
        F: Fn(&mut Lane<'_>, &P, &[Val]) -> Result<Val, Trap> + Copy + 'static,
    {
        self.insert(
            spec,
            Box::new(move |prep, op| {
                let p = prepare(prep, op)?;
                Ok(Compiled { exec: Some(crate::interp::lane_tramp::<P, F>), payload: Box::new((p, f)) })
            }),
        );
    }

    /// Registers a per-lane op without payload.
    pub fn lane0<F>(&mut self, spec: &'static OpSpec, f: F)
    where
        F: Fn(&mut Lane<'_>, &(), &[Val]) -> Result<Val, Trap> + Copy + 'static,
    {
        self.lane(spec, |_, _| Ok(()), f);
    }

    /// Registers a group-level op (one with regions, or one that acts for the whole group).
    pub fn region<P, F>(
        &mut self,
        spec: &'static OpSpec,
        prepare: fn(&mut Prep<'_>, OpId) -> Result<P, Diagnostic>,
        f: F,
    ) where
        P: 'static,
        F: Fn(&mut Exec<'_, '_>, &P) -> Result<(), SimError> + Copy + 'static,
    {
        self.insert(
            spec,
            Box::new(move |prep, op| {
                let p = prepare(prep, op)?;
                Ok(Compiled { exec: Some(crate::interp::group_tramp::<P, F>), payload: Box::new((p, f)) })
            }),
        );
    }

    /// Registers a terminator: running a block stops at it, and the parent reads its operands.
    pub fn terminator(&mut self, spec: &'static OpSpec) {
        self.insert(spec, Box::new(|_, _| Ok(Compiled { exec: None, payload: Box::new(()) })));
    }

    /// Registers an op that does nothing when executed (declarations nested in code).
    pub fn nop(&mut self, spec: &'static OpSpec) {
        self.lane0(spec, |_, _, _| Ok(Val::Undef));
    }
}

/// What a prepare hook sees: the IR, register slots, and a way to ask for more code.
pub struct Prep<'a> {
    pub(crate) ctx: &'a Context,
    pub(crate) slot_of: &'a [Slot],
    pub(crate) blocks: &'a mut crate::program::BlockTable,
    pub(crate) required: &'a mut Vec<OpId>,
    pub(crate) target: &'a sharc_machine::Target,
}

impl<'a> Prep<'a> {
    /// The IR.
    pub fn ctx(&self) -> &'a Context {
        self.ctx
    }

    /// The target.
    pub fn target(&self) -> &sharc_machine::Target {
        self.target
    }

    /// The register slot of a value of the function being compiled.
    pub fn slot(&self, v: Value) -> Slot {
        self.slot_of[v.index()]
    }

    /// The slots of several values.
    pub fn slots(&self, vs: &[Value]) -> Vec<Slot> {
        vs.iter().map(|&v| self.slot(v)).collect()
    }

    /// The code of a block of the function being compiled.
    pub fn block(&mut self, b: BlockId) -> BlockRef {
        self.blocks.get_or_add(b)
    }

    /// The entry block of a region, or an error at `op` if it is empty.
    pub fn region_entry(&mut self, op: OpId, r: RegionId) -> Result<BlockRef, Diagnostic> {
        let Some(b) = self.ctx.entry_block(r) else {
            return Err(self.error(op, "cannot execute an empty region"));
        };
        if self.ctx.region_blocks(r).len() > 1 {
            return Err(
                self.error(op, "cannot execute a region with several blocks (no unstructured control flow yet)")
            );
        }
        Ok(self.block(b))
    }

    /// Asks for `func` (a function-like op: one region, arguments = entry block arguments) to
    /// be compiled too, because the op being prepared calls or launches it.
    pub fn require(&mut self, func: OpId) {
        self.required.push(func);
    }

    /// The slots of the values used inside `region` but defined outside it.
    pub fn captures(&self, region: RegionId) -> Vec<Slot> {
        let ctx = self.ctx;
        let mut inside = rustc_hash::FxHashSet::default();
        let mut used = Vec::new();
        let mut stack = vec![region];
        while let Some(r) = stack.pop() {
            for &b in ctx.region_blocks(r) {
                inside.insert(b);
                for op in ctx.block_ops_iter(b) {
                    used.extend_from_slice(ctx.operands(op));
                    stack.extend_from_slice(ctx.regions(op));
                }
            }
        }
        let mut slots: Vec<Slot> = used
            .into_iter()
            .filter(|&v| ctx.value_block(v).is_none_or(|b| !inside.contains(&b)))
            .map(|v| self.slot(v))
            .collect();
        slots.sort_unstable();
        slots.dedup();
        slots
    }

    /// The scalar type of `v`, or an error at `op`.
    pub fn scalar(&self, op: OpId, v: Value) -> Result<Scalar, Diagnostic> {
        let ty = self.ctx.value_type(v);
        Scalar::of(self.ctx, ty).ok_or_else(|| {
            self.error(
                op,
                format!("cannot execute values of type {}", sharc_ir::syntax::printer::type_to_string(self.ctx, ty)),
            )
        })
    }

    /// Checks that every operand and result of `op` is a scalar the simulator can hold
    /// (elementwise ops on vectors and tensors are not executable yet).
    pub fn scalars(&self, op: OpId) -> Result<(), Diagnostic> {
        for &v in self.ctx.operands(op).iter().chain(self.ctx.results(op)) {
            self.scalar(op, v)?;
        }
        Ok(())
    }

    /// The scalar type of operand `i` of `op` (after [`Prep::scalars`] or a verifier).
    pub fn operand_scalar(&self, op: OpId, i: usize) -> Result<Scalar, Diagnostic> {
        match self.ctx.operands(op).get(i) {
            Some(&v) => self.scalar(op, v),
            None => Err(self.error(op, format!("missing operand #{i}"))),
        }
    }

    /// An error at `op`.
    pub fn error(&self, op: OpId, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::error(self.ctx.loc(op).clone(), msg)
    }
}
