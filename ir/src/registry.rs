//! Op specifications and the dialect registry.
//!
//! Everything sharc knows about an op kind is one [`OpSpec`]: its name, documentation, traits,
//! inherent attributes, verifier, custom syntax and folding hooks. A dialect is a named list of
//! specs plus dialect-wide hooks (constant materialization). Registration is explicit: a tool
//! builds a [`DialectRegistry`] from the dialects it wants; there is no global registry.

use crate::attrs::Attr;
use crate::builder::OperationState;
use crate::context::Context;
use crate::diag::Diagnostic;
use crate::entity::{OpId, Value};
use crate::location::Location;
use crate::syntax::{OpAsmParser, OpAsmPrinter, ParseResult};
use crate::types::Type;
use rustc_hash::FxHashMap;

/// Properties of an op kind that generic code (verifier, printer, passes) relies on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct OpTraits(u32);

impl OpTraits {
    /// No traits.
    pub const NONE: OpTraits = OpTraits(0);
    /// Must be the last op of its block.
    pub const TERMINATOR: OpTraits = OpTraits(1 << 0);
    /// Its regions cannot use values defined outside the op.
    pub const ISOLATED_FROM_ABOVE: OpTraits = OpTraits(1 << 1);
    /// Defines a symbol (`sym_name` attribute).
    pub const SYMBOL: OpTraits = OpTraits(1 << 2);
    /// Its region is a symbol table.
    pub const SYMBOL_TABLE: OpTraits = OpTraits(1 << 3);
    /// No side effects: may be CSE'd, hoisted, or erased when unused.
    pub const PURE: OpTraits = OpTraits(1 << 4);
    /// Its single-block regions have no terminator (`builtin.module`).
    pub const NO_TERMINATOR: OpTraits = OpTraits(1 << 5);
    /// Each region has at most one block.
    pub const SINGLE_BLOCK: OpTraits = OpTraits(1 << 6);
    /// Returns control to the parent op (`func.return`, `scf.yield`).
    pub const RETURN_LIKE: OpTraits = OpTraits(1 << 7);
    /// Produces a constant given by its `value` attribute (`arith.constant`).
    pub const CONSTANT_LIKE: OpTraits = OpTraits(1 << 8);
    /// Operands may be swapped (`arith.addi`).
    pub const COMMUTATIVE: OpTraits = OpTraits(1 << 9);
    /// Starts a new affine scope: symbols of affine ops are valid within (`func.func`).
    pub const AFFINE_SCOPE: OpTraits = OpTraits(1 << 10);
    /// Its regions are graph regions without dominance (`builtin.module`).
    pub const GRAPH_REGION: OpTraits = OpTraits(1 << 11);
    /// Reads or writes memory (excludes it from CSE even if otherwise pure).
    pub const MEMORY_EFFECTS: OpTraits = OpTraits(1 << 12);
    /// Its regions' entry-block arguments are loop induction variables.
    pub const LOOP_LIKE: OpTraits = OpTraits(1 << 13);
    /// Its effects are those of the ops in its regions (MLIR's `RecursiveMemoryEffects`:
    /// `scf.for`, `affine.if`): with a pure body and unused results it is dead.
    pub const RECURSIVE_MEMORY_EFFECTS: OpTraits = OpTraits(1 << 14);
    /// Refines [`MEMORY_EFFECTS`](Self::MEMORY_EFFECTS): its only memory effect is a read
    /// (`memref.load`, `affine.load`), so it is erased when unused and CSE merges it with an
    /// identical read in the same block when no write lies between them (as upstream).
    pub const MEMORY_READ: OpTraits = OpTraits(1 << 15);
    /// Refines [`MEMORY_EFFECTS`](Self::MEMORY_EFFECTS): its only effect allocates the memory
    /// its result names (`memref.alloc`, `memref.alloca`), so it is erased when unused (as
    /// upstream), but never merged.
    pub const MEMORY_ALLOC: OpTraits = OpTraits(1 << 16);
    /// Its regions scope stack allocations (MLIR's `AutomaticAllocationScope`: `func.func`,
    /// `gpu.func`, `gpu.launch`, `scf.for`, `scf.parallel`, `affine.for`, `affine.parallel`);
    /// `memref.alloca` needs such an ancestor.
    pub const AUTOMATIC_ALLOCATION_SCOPE: OpTraits = OpTraits(1 << 17);

    /// Union.
    pub const fn with(self, other: OpTraits) -> OpTraits {
        OpTraits(self.0 | other.0)
    }

    /// Whether all of `other` is in `self`.
    pub const fn has(self, other: OpTraits) -> bool {
        self.0 & other.0 == other.0
    }
}

impl std::ops::BitOr for OpTraits {
    type Output = OpTraits;
    fn bitor(self, rhs: OpTraits) -> OpTraits {
        self.with(rhs)
    }
}

/// One result of folding: a constant attribute or an existing value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FoldResult {
    /// The result is this constant.
    Attr(Attr),
    /// The result is this existing value.
    Value(Value),
}

/// Checks an op's own rules (operand/result counts and types, attributes, regions).
pub type VerifyFn = fn(&Context, OpId) -> Result<(), Diagnostic>;
/// Parses an op's custom form after its name into an operation state.
pub type ParseFn = fn(&mut OpAsmParser<'_, '_>, &mut OperationState) -> ParseResult<()>;
/// Prints an op's custom form after its name (and the result list) have been printed.
pub type PrintFn = fn(&mut OpAsmPrinter<'_>, OpId);
/// Folds an op given the constant values of its operands (`None` for non-constant operands).
/// Returns `None` when nothing folds, else one [`FoldResult`] per result, or an empty list when
/// the folder changed the op in place (MLIR's in-place fold: `affine.for` canonicalizing its
/// bounds; drivers then revisit the op). Returning each result itself also means "in place".
pub type FoldFn = fn(&mut Context, OpId, &[Option<Attr>]) -> Option<Vec<FoldResult>>;
/// A canonicalization pattern: rewrites the op in place or around it; returns whether it changed
/// anything. It may erase the op itself but no other op that it did not create.
pub type CanonicalizeFn = fn(&mut Context, OpId) -> bool;
/// Suggests printed names for an op's results (`%c0`, `%alloc`).
pub type AsmNamesFn = fn(&Context, OpId, &mut dyn FnMut(Value, String));
/// Adds the default value of each inherent attribute the state lacks (MLIR's `DefaultValuedAttr`
/// properties, e.g. `overflowFlags = #arith.overflow<none>`); [`Context::create_op`] calls it, so
/// ops parsed from the generic form or built by passes carry the same properties as upstream.
pub type DefaultPropsFn = fn(&mut Context, &mut OperationState);
/// Builds an op producing constant `attr` of type `ty` (a dialect's constant materializer).
pub type MaterializeFn = fn(&mut Context, Attr, Type, Location) -> Option<OperationState>;

/// Everything sharc knows about an op kind.
#[derive(Debug)]
pub struct OpSpec {
    /// Full name, `dialect.op`.
    pub name: &'static str,
    /// One-line summary.
    pub summary: &'static str,
    /// Longer description with syntax and an example (Markdown); `docs/dialects/` is generated
    /// from it.
    pub description: &'static str,
    /// Traits.
    pub traits: OpTraits,
    /// Names of inherent attributes (MLIR properties), printed as `<{...}>` in generic form.
    pub inherent_attrs: &'static [&'static str],
    /// The terminator the parser inserts and the printer elides in single-block regions
    /// (MLIR's `SingleBlockImplicitTerminator`), e.g. `affine.yield` for `affine.for`.
    pub implicit_terminator: Option<&'static str>,
    /// Dialect whose prefix may be omitted for ops nested in this op's regions (`func` for
    /// `func.func`, so `func.return` prints as `return`).
    pub default_dialect: Option<&'static str>,
    /// The op's own verifier.
    pub verify: Option<VerifyFn>,
    /// Custom-form parser.
    pub parse: Option<ParseFn>,
    /// Custom-form printer.
    pub print: Option<PrintFn>,
    /// Folder.
    pub fold: Option<FoldFn>,
    /// Canonicalization patterns.
    pub canonicalize: &'static [CanonicalizeFn],
    /// Result name suggestions.
    pub asm_names: Option<AsmNamesFn>,
    /// Default values of inherent attributes.
    pub default_props: Option<DefaultPropsFn>,
}

impl OpSpec {
    /// A spec with only a name; fill the rest with struct update syntax:
    /// `OpSpec { verify: Some(verify_add), ..OpSpec::new("arith.addi") }`.
    pub const fn new(name: &'static str) -> OpSpec {
        OpSpec {
            name,
            summary: "",
            description: "",
            traits: OpTraits::NONE,
            inherent_attrs: &[],
            implicit_terminator: None,
            default_dialect: None,
            verify: None,
            parse: None,
            print: None,
            fold: None,
            canonicalize: &[],
            asm_names: None,
            default_props: None,
        }
    }

    /// Whether the op has all of `traits`.
    pub fn has(&self, traits: OpTraits) -> bool {
        self.traits.has(traits)
    }

    /// The dialect namespace (`arith` for `arith.addi`).
    pub fn dialect(&self) -> &'static str {
        self.name.split_once('.').map_or(self.name, |(d, _)| d)
    }

    /// Whether `name` is an inherent attribute of this op.
    pub fn is_inherent(&self, name: &str) -> bool {
        self.inherent_attrs.contains(&name)
    }
}

/// A dialect: a namespace, its ops and dialect-wide hooks.
#[derive(Debug)]
pub struct Dialect {
    /// Namespace (`arith`).
    pub name: &'static str,
    /// One-paragraph description for the docs.
    pub description: &'static str,
    /// Its ops.
    pub ops: &'static [&'static OpSpec],
    /// Builds a constant op for folding results.
    pub materialize_constant: Option<MaterializeFn>,
}

/// The dialects and ops a tool knows.
#[derive(Debug, Default)]
pub struct DialectRegistry {
    dialects: Vec<&'static Dialect>,
    /// Looked up once per op the parser reads (and per op created): Fx, not SipHash, since the
    /// keys are our own op names.
    ops: FxHashMap<&'static str, &'static OpSpec>,
}

impl DialectRegistry {
    /// An empty registry.
    pub fn new() -> Self {
        Self::default()
    }

    /// Registers a dialect and all its ops.
    pub fn register(&mut self, dialect: &'static Dialect) {
        if self.dialects.iter().any(|d| d.name == dialect.name) {
            return;
        }
        self.dialects.push(dialect);
        for spec in dialect.ops {
            self.ops.insert(spec.name, spec);
        }
    }

    /// The spec of a registered op.
    pub fn op(&self, name: &str) -> Option<&'static OpSpec> {
        self.ops.get(name).copied()
    }

    /// A registered dialect.
    pub fn dialect(&self, name: &str) -> Option<&'static Dialect> {
        self.dialects.iter().copied().find(|d| d.name == name)
    }

    /// All registered dialects, in registration order.
    pub fn dialects(&self) -> &[&'static Dialect] {
        &self.dialects
    }
}
