//! Compilation of functions into the engine's form, once, before anything runs.
//!
//! Each function-like op (an op with one region whose entry-block arguments are its parameters:
//! `func.func`, `gpu.func`) gets its own numbering of **register slots**: every block argument
//! and op result in its body — nested non-isolated regions included, so a `gpu.launch` body
//! shares its host function's slots — gets a dense index. A thread group's registers are then
//! one array `regs[slot * width + lane]`.
//!
//! Every op becomes an [`OpCode`]: the executor chosen once from the [`Semantics`], the payload
//! its prepare hook built, and its operand and result slots. Blocks become lists of op codes.
//! Functions named by calls and launches ([`Prep::require`]) are compiled too, transitively, so
//! an unsupported op anywhere reachable is reported before the run starts.

use crate::semantics::{Prep, Semantics, Tramp};
use crate::value::Scalar;
use rustc_hash::FxHashMap;
use sharc_ir::{BlockId, Context, Diagnostic, OpId, OpTraits, RegionId};
use std::any::Any;

/// A register slot in a function's frame.
pub type Slot = u32;

/// No slot (a value outside any compiled function).
pub const NO_SLOT: Slot = u32::MAX;

/// A compiled block.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BlockRef(pub(crate) u32);

/// One compiled op.
pub struct OpCode {
    /// The op.
    pub op: OpId,
    pub(crate) exec: Option<Tramp>,
    pub(crate) payload: Box<dyn Any>,
    /// Operand slots.
    pub operands: Box<[Slot]>,
    /// Result slots.
    pub results: Box<[Slot]>,
    /// The scalar type of result 0 (`index` when there is none or it is not a scalar).
    pub result_ty: Scalar,
}

/// A compiled function.
#[derive(Clone, Debug)]
pub struct FuncCode {
    /// Registers per lane.
    pub num_slots: u32,
    /// The entry block.
    pub entry: BlockRef,
    /// Slots of the entry-block arguments.
    pub args: Vec<Slot>,
}

/// Compiled blocks, by id.
#[derive(Default)]
pub struct BlockTable {
    index: FxHashMap<BlockId, u32>,
    code: Vec<Vec<u32>>,
}

impl BlockTable {
    pub(crate) fn get_or_add(&mut self, b: BlockId) -> BlockRef {
        let next = self.code.len() as u32;
        let i = *self.index.entry(b).or_insert(next);
        if i == next {
            self.code.push(Vec::new());
        }
        BlockRef(i)
    }
}

/// Everything the engine runs.
pub struct Program {
    pub(crate) ops: Vec<OpCode>,
    pub(crate) blocks: BlockTable,
    pub(crate) funcs: FxHashMap<OpId, FuncCode>,
    slot_of: Vec<Slot>,
}

impl Program {
    /// Compiles `roots` (function-like ops) and everything they call or launch.
    pub fn compile(
        ctx: &Context,
        sem: &Semantics,
        target: &sharc_machine::Target,
        roots: &[OpId],
    ) -> Result<Program, Diagnostic> {
        let mut p = Program {
            ops: Vec::new(),
            blocks: BlockTable::default(),
            funcs: FxHashMap::default(),
            slot_of: vec![NO_SLOT; ctx.num_values()],
        };
        let mut work: Vec<OpId> = roots.to_vec();
        while let Some(f) = work.pop() {
            if p.funcs.contains_key(&f) {
                continue;
            }
            p.compile_function(ctx, sem, target, f, &mut work)?;
        }
        Ok(p)
    }

    /// The compiled function `f`, if it was compiled.
    pub fn function(&self, f: OpId) -> Option<&FuncCode> {
        self.funcs.get(&f)
    }

    /// The ops of a compiled block.
    pub fn block_ops(&self, b: BlockRef) -> impl Iterator<Item = &OpCode> {
        self.blocks.code[b.0 as usize].iter().map(|&i| &self.ops[i as usize])
    }

    pub(crate) fn block_code(&self, b: BlockRef) -> &[u32] {
        &self.blocks.code[b.0 as usize]
    }

    fn compile_function(
        &mut self,
        ctx: &Context,
        sem: &Semantics,
        target: &sharc_machine::Target,
        f: OpId,
        work: &mut Vec<OpId>,
    ) -> Result<(), Diagnostic> {
        let err = |msg: String| Diagnostic::error(ctx.loc(f).clone(), msg);
        let Some(&region) = ctx.regions(f).first() else {
            return Err(err(format!("'{}' is not a function with a body", ctx.op_name(f))));
        };
        let Some(entry) = ctx.entry_block(region) else {
            let name = ctx.symbol_name(f).unwrap_or("?");
            return Err(err(format!("cannot call @{name}: it is a declaration without a body")));
        };
        let mut n: Slot = 0;
        self.assign_slots(ctx, region, &mut n);
        self.compile_region(ctx, sem, target, region, work)?;
        let entry_ref = self.blocks.get_or_add(entry);
        let args = ctx.block_args(entry).iter().map(|a| self.slot_of[a.index()]).collect();
        self.funcs.insert(f, FuncCode { num_slots: n, entry: entry_ref, args });
        Ok(())
    }

    fn assign_slots(&mut self, ctx: &Context, region: RegionId, n: &mut Slot) {
        for &b in ctx.region_blocks(region) {
            for a in ctx.block_args(b) {
                self.slot_of[a.index()] = *n;
                *n += 1;
            }
            for op in ctx.block_ops_iter(b) {
                for r in ctx.results(op) {
                    self.slot_of[r.index()] = *n;
                    *n += 1;
                }
                if !ctx.op_has(op, OpTraits::ISOLATED_FROM_ABOVE) {
                    for &r in ctx.regions(op) {
                        self.assign_slots(ctx, r, n);
                    }
                }
            }
        }
    }

    fn compile_region(
        &mut self,
        ctx: &Context,
        sem: &Semantics,
        target: &sharc_machine::Target,
        region: RegionId,
        work: &mut Vec<OpId>,
    ) -> Result<(), Diagnostic> {
        for &b in ctx.region_blocks(region) {
            let bref = self.blocks.get_or_add(b);
            let mut code = Vec::new();
            for op in ctx.block_ops_iter(b) {
                code.push(self.compile_op(ctx, sem, target, op, work)?);
                if !ctx.op_has(op, OpTraits::ISOLATED_FROM_ABOVE) {
                    for &r in ctx.regions(op) {
                        self.compile_region(ctx, sem, target, r, work)?;
                    }
                }
            }
            self.blocks.code[bref.0 as usize] = code;
        }
        Ok(())
    }

    fn compile_op(
        &mut self,
        ctx: &Context,
        sem: &Semantics,
        target: &sharc_machine::Target,
        op: OpId,
        work: &mut Vec<OpId>,
    ) -> Result<u32, Diagnostic> {
        let name = ctx.op_name(op);
        let Some(prepare) = sem.prepare(name) else {
            return Err(Diagnostic::error(
                ctx.loc(op).clone(),
                format!("sharc-run cannot execute '{name}': no semantics registered for it"),
            ));
        };
        let mut prep = Prep { ctx, slot_of: &self.slot_of, blocks: &mut self.blocks, required: work, target };
        let compiled = prepare(&mut prep, op)?;
        let operands: Box<[Slot]> = ctx.operands(op).iter().map(|v| self.slot_of[v.index()]).collect();
        if operands.contains(&NO_SLOT) {
            return Err(Diagnostic::error(
                ctx.loc(op).clone(),
                "operand is defined outside the function being executed",
            ));
        }
        let results: Box<[Slot]> = ctx.results(op).iter().map(|v| self.slot_of[v.index()]).collect();
        let result_ty = ctx.results(op).first().and_then(|&r| Scalar::of(ctx, ctx.value_type(r))).unwrap_or_default();
        self.ops.push(OpCode { op, exec: compiled.exec, payload: compiled.payload, operands, results, result_ty });
        Ok((self.ops.len() - 1) as u32)
    }
}
