//! The C syntax tree of the functions sharc compiles. Every node has the byte span it came from
//! in the (preprocessed) text, which [`crate::source::SourceMap`] maps back to the user's files.

use sharc_dialects::sharc::share::ArraySpec;

/// A byte range in the parsed text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// An integer type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IntTy {
    /// Width in bits (8, 16, 32, 64).
    pub bits: u32,
    /// Signedness.
    pub signed: bool,
}

impl IntTy {
    /// `int`.
    pub const INT: IntTy = IntTy { bits: 32, signed: true };
    /// `long`.
    pub const LONG: IntTy = IntTy { bits: 64, signed: true };
}

/// A C type, as far as sharc compiles it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CType {
    /// `void`.
    Void,
    /// An integer type.
    Int(IntTy),
    /// `float` (32) or `double` (64).
    Float(u32),
    /// A type sharc does not compile (struct, long double, ...), with its spelling.
    Unsupported(String),
}

impl CType {
    /// `int`.
    pub const INT: CType = CType::Int(IntTy::INT);

    /// The C spelling.
    pub fn name(&self) -> String {
        match self {
            CType::Void => "void".into(),
            CType::Int(t) => {
                let base = match t.bits {
                    8 => "char",
                    16 => "short",
                    32 => "int",
                    _ => "long",
                };
                if t.signed {
                    base.into()
                } else {
                    format!("unsigned {base}")
                }
            }
            CType::Float(32) => "float".into(),
            CType::Float(_) => "double".into(),
            CType::Unsupported(s) => s.clone(),
        }
    }
}

/// A unary operator, named as in C11 6.5.3 (`PreInc` is `++x`, `PostInc` is `x++`).
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Plus,
    Not,
    BitNot,
    Deref,
    AddrOf,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
}

/// A binary operator, named after its C spelling ([`BinOp::symbol`]).
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    LogAnd,
    LogOr,
}

impl BinOp {
    /// C's binding strength (higher binds tighter).
    pub fn precedence(self) -> u8 {
        use BinOp::*;
        match self {
            Mul | Div | Rem => 10,
            Add | Sub => 9,
            Shl | Shr => 8,
            Lt | Gt | Le | Ge => 7,
            Eq | Ne => 6,
            BitAnd => 5,
            BitXor => 4,
            BitOr => 3,
            LogAnd => 2,
            LogOr => 1,
        }
    }

    /// The operator's spelling.
    pub fn symbol(self) -> &'static str {
        use BinOp::*;
        match self {
            Mul => "*",
            Div => "/",
            Rem => "%",
            Add => "+",
            Sub => "-",
            Shl => "<<",
            Shr => ">>",
            Lt => "<",
            Gt => ">",
            Le => "<=",
            Ge => ">=",
            Eq => "==",
            Ne => "!=",
            BitAnd => "&",
            BitXor => "^",
            BitOr => "|",
            LogAnd => "&&",
            LogOr => "||",
        }
    }

    /// Whether the result is a truth value (`int` 0 or 1).
    pub fn is_comparison(self) -> bool {
        use BinOp::*;
        matches!(self, Lt | Gt | Le | Ge | Eq | Ne)
    }
}

/// An expression.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where.
    pub span: Span,
}

/// The kinds of expressions.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// An integer literal with its C type.
    Int(u64, IntTy),
    /// A floating literal: value and width (32 for an `f` suffix, else 64).
    Float(f64, u32),
    /// A string literal (only meaningful to calls sharc does not compile).
    Str,
    /// A name.
    Ident(String),
    /// `op e`.
    Unary(UnOp, Box<Expr>),
    /// `a op b`.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `a = b` or `a op= b`.
    Assign(Option<BinOp>, Box<Expr>, Box<Expr>),
    /// `c ? a : b`.
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `(T) e`.
    Cast(CType, Box<Expr>),
    /// `a[i]`.
    Index(Box<Expr>, Box<Expr>),
    /// `f(args)`.
    Call(Box<Expr>, Vec<Expr>),
    /// `a, b`.
    Comma(Vec<Expr>),
    /// A construct sharc does not compile (`sizeof`, `.`/`->`, pointer casts), described.
    Unsupported(String),
}

/// A declarator with its type: a variable, array or parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct Decl {
    /// The name.
    pub name: String,
    /// The declarator's span (the name).
    pub span: Span,
    /// The element (or scalar) type.
    pub ty: CType,
    /// Number of `*` in the declarator.
    pub pointers: usize,
    /// Array dimensions, outermost first; `None` for `[]` or `[*]`.
    pub dims: Vec<Option<Expr>>,
    /// The initializer.
    pub init: Option<Init>,
    /// Whether a `const` qualifier was present.
    pub is_const: bool,
    /// Whether the pointer a parameter is (`float *restrict x`, `float (*restrict A)[n]`,
    /// `float A[restrict n][n]`) is `restrict`-qualified: accesses through it do not overlap
    /// those through any other parameter (C11 6.7.3.1).
    pub is_restrict: bool,
}

/// An initializer.
#[derive(Clone, Debug, PartialEq)]
pub enum Init {
    /// `= e`.
    Expr(Expr),
    /// `= { ... }`.
    List(Vec<Init>, Span),
}

/// A statement, with the pragmas written right before it.
#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    /// What it is.
    pub kind: StmtKind,
    /// Where.
    pub span: Span,
    /// Pragmas that precede it (`#pragma acc loop` before a `for`).
    pub pragmas: Vec<Pragma>,
}

/// The kinds of statements (fields as in C's grammar).
#[allow(missing_docs)]
#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    /// `{ ... }`.
    Compound(Vec<Stmt>),
    /// A declaration.
    Decl(Vec<Decl>),
    /// `e;`.
    Expr(Expr),
    /// `;`.
    Empty,
    /// `for (init; cond; step) body`.
    For { init: Option<Box<Stmt>>, cond: Option<Expr>, step: Option<Expr>, body: Box<Stmt> },
    /// `if (c) a else b`.
    If { cond: Expr, then: Box<Stmt>, els: Option<Box<Stmt>> },
    /// `while (c) body`.
    While { cond: Expr, body: Box<Stmt> },
    /// `do body while (c);`.
    DoWhile { body: Box<Stmt>, cond: Expr },
    /// `return e;`.
    Return(Option<Expr>),
    /// A pragma standing on its own (e.g. `#pragma endscop` before `}`).
    Pragma(Pragma),
    /// A statement sharc does not compile (`goto`, `switch`, `break`, ...), named.
    Unsupported(&'static str),
}

/// A `#pragma` line.
#[derive(Clone, Debug, PartialEq)]
pub struct Pragma {
    /// What it says.
    pub kind: PragmaKind,
    /// The whole line.
    pub span: Span,
}

/// The pragmas sharc reads.
#[derive(Clone, Debug, PartialEq)]
pub enum PragmaKind {
    /// `#pragma scop`.
    Scop,
    /// `#pragma endscop`.
    EndScop,
    /// `#pragma acc <construct> <clauses>`.
    Acc(AccDirective),
    /// `#pragma acc share(...)`: the partitions, with spans of each spec.
    Share(Vec<ArraySpec>),
    /// Any other pragma (ignored).
    Other,
}

/// The OpenACC constructs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Construct {
    /// `parallel`.
    Parallel,
    /// `kernels`.
    Kernels,
    /// `serial`.
    Serial,
    /// `parallel loop`.
    ParallelLoop,
    /// `kernels loop`.
    KernelsLoop,
    /// `serial loop`.
    SerialLoop,
    /// `loop`.
    Loop,
    /// `data`.
    Data,
    /// Constructs with no effect on code generation (`update`, `wait`, `enter data`, ...).
    Other,
}

impl Construct {
    /// Whether the construct opens a compute region.
    pub fn is_compute(self) -> bool {
        !matches!(self, Construct::Loop | Construct::Data | Construct::Other)
    }

    /// Whether the construct applies to the loop that follows.
    pub fn is_loop(self) -> bool {
        matches!(self, Construct::Loop | Construct::ParallelLoop | Construct::KernelsLoop | Construct::SerialLoop)
    }
}

/// An OpenACC directive.
#[derive(Clone, Debug, PartialEq)]
pub struct AccDirective {
    /// The construct.
    pub construct: Construct,
    /// Its spelling (`kernels loop`).
    pub spelling: String,
    /// The clauses in order.
    pub clauses: Vec<AccClause>,
}

impl AccDirective {
    /// The clause named `name`.
    pub fn clause(&self, name: &str) -> Option<&AccClause> {
        self.clauses.iter().find(|c| c.name == name)
    }
}

/// An OpenACC clause: `copyin(A, B)`, `independent`, `collapse(2)`, `num_gangs[1](n / 8)`.
#[derive(Clone, Debug, PartialEq)]
pub struct AccClause {
    /// The clause name.
    pub name: String,
    /// The dimension of the indexed form (`gang[1]`, `num_gangs[0](n)`).
    pub index: Option<u32>,
    /// The arguments as written.
    pub args: Vec<String>,
    /// What sharc does with it.
    pub effect: ClauseEffect,
    /// Where.
    pub span: Span,
}

/// What sharc does with an OpenACC clause (the table in `parse/pragma.rs` decides).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClauseEffect {
    /// The lowering reads it (`seq`, `independent`, `auto`, `collapse`), or it states what the
    /// dependence analysis finds on its own (`private`, `reduction`): it keeps its meaning.
    Read,
    /// A data clause (`copyin`, `present`, ...): on sharc's one memory every array is present, so it
    /// holds without any data movement.
    Data,
    /// A loop's level of parallelism (`gang`, `worker`, `vector`) with a size or a dimension that
    /// sharc does not use: it means the same as the bare clause, which this names, with a remark.
    ReadAs(&'static str),
    /// Changes no result and sharc does not act on it (`async`, `num_gangs`, `tile`, ...): accepted
    /// with a remark that gives this reason.
    Ignored(&'static str),
}

/// A function definition.
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    /// The name.
    pub name: String,
    /// The name's span.
    pub span: Span,
    /// The return type.
    pub ret: CType,
    /// Number of `*` on the return type.
    pub ret_pointers: usize,
    /// The parameters.
    pub params: Vec<Decl>,
    /// The body.
    pub body: Stmt,
}
