//! Random MLIR affine modules for differential testing (issue 16), each with an equivalent C
//! function as its independent reference. A program is a deterministic function of its seed (the
//! simulator's SplitMix64, as in [`crate::random_program`]), so a mismatch is reproduced, and
//! kept as a regression test, by its number alone.
//!
//! The generator builds a small program tree and prints it twice: as a `func.func @kernel` at the
//! affine level (the input under test) and as a C function `kernel` with the same parameters in
//! the same order and with the same names (`sharc.name`), which `sharcc --emit=c-harness` turns
//! into the reference run: its `DIR/in` directory is what `sharc-run --inputs` reads for the
//! module. The parameters are `n` (`index` / `int`, between 4 and [`MAX_N`]), `alpha` (`f32`),
//! `beta` (`f64`) and two to four arrays of `f32`, `f64` or `i32` with one to three dimensions.
//!
//! What the C front-end never produces, the modules hold: multi-dimensional `affine.parallel`
//! with steps and `max`/`min` bounds of several results, `affine.parallel ... reduce` (at the
//! host level and nested in a parallel loop), `affine.for` with `iter_args`, `affine.if` with
//! integer sets of inequalities and equalities (with and without results, with `else`),
//! `affine.apply` and subscripts with `floordiv`, `ceildiv` and `mod` by positive constants (of
//! negative values too), triangular bounds, imperfect nests, and sequential loops and guards
//! around parallel ones. Every value is printed with explicit conversions in C, so both sides
//! do the same operations in the same types and order; outputs must agree bit for bit.
//!
//! **Race freedom.** A *region* is an outermost `affine.parallel` (every other statement runs
//! sequentially on the host). Before a region's values are drawn, its stores are fixed: each
//! array it writes has exactly one store pattern, whose subscripts hold every enclosing parallel
//! induction variable in a dimension of its own (plus a constant), so distinct parallel
//! iterations write distinct elements. Inside the region an array it writes is read only with
//! that same pattern, where all its variables are in scope: at the element the current iteration
//! owns. Every other array is only read. A parallel reduction's body only reads.
//!
//! **No undefined behaviour, no order dependence.** Every subscript's range is computed by
//! interval arithmetic over every `n` in `4..=MAX_N` and the loops' bounds and checked against
//! the extents (a draw that could leave them is replaced). Integer arithmetic is `+ - *`, and
//! division and remainder by positive constants; an abstract run of the program tracks a bound
//! on every value (sequential loops repeated as often as they can run) and redraws any statement
//! whose values could leave `±2^28` (integers) or `±1e30` (floats), so nothing overflows in C and
//! no float is infinite or NaN. Floats are never converted to integers. An `affine.parallel`
//! reduction may combine in any order: integer ones (`addi`, `maxs`, `mins`) are exact; floating
//! ones (`addf`, `maximumf`) only read arrays no statement writes (the harness's values, multiples
//! of 1/256 below 4 in magnitude, and never -0.0), whose sums of at most 13^3 terms are exact.

use sharc_sim::io::SplitMix;
use std::fmt::Write as _;

/// The largest `n` the harness is run with (the smallest is [`MIN_N`]).
pub const MAX_N: i64 = 13;
/// The smallest `n`.
const MIN_N: i64 = 4;
/// Bound on integer values (|v| ≤ this), so that no `+ - *` of two overflows `i32`.
const INT_LIMIT: f64 = (1u64 << 28) as f64;
/// Bound on float values: far from `f32`'s largest finite value.
const FLOAT_LIMIT: f64 = 1e30;

/// The generator's choices.
struct Rng(SplitMix);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }
    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
    /// True with probability `num / den`.
    fn chance(&mut self, num: u64, den: u64) -> bool {
        self.next() % den < num
    }
    fn pick<T: Clone>(&mut self, items: &[T]) -> T {
        items[self.range(0, items.len() as i64 - 1) as usize].clone()
    }
}

/// An element (or value) type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ty {
    F32,
    F64,
    I32,
}

impl Ty {
    fn mlir(self) -> &'static str {
        match self {
            Ty::F32 => "f32",
            Ty::F64 => "f64",
            Ty::I32 => "i32",
        }
    }
    fn c(self) -> &'static str {
        match self {
            Ty::F32 => "float",
            Ty::F64 => "double",
            Ty::I32 => "int",
        }
    }
    fn is_float(self) -> bool {
        self != Ty::I32
    }
    fn limit(self) -> f64 {
        if self.is_float() {
            FLOAT_LIMIT
        } else {
            INT_LIMIT
        }
    }
    /// A constant of this type, in MLIR and in C.
    fn constant(self, v: f64) -> (String, String) {
        match self {
            Ty::F32 => (format!("{v:?} : f32"), format!("{v:?}f")),
            Ty::F64 => (format!("{v:?} : f64"), format!("{v:?}")),
            Ty::I32 => (format!("{} : i32", v as i64), format!("{}", v as i64)),
        }
    }
}

/// An affine expression of the loop variables (by id) and `n`.
#[derive(Clone, Debug, PartialEq)]
enum Ix {
    Iv(usize),
    N,
    C(i64),
    Add(Box<Ix>, Box<Ix>),
    Mul(Box<Ix>, i64),
    FloorDiv(Box<Ix>, i64),
    CeilDiv(Box<Ix>, i64),
    Mod(Box<Ix>, i64),
}

fn add(a: Ix, b: Ix) -> Ix {
    Ix::Add(Box::new(a), Box::new(b))
}

impl Ix {
    /// The range of values over every `n` and the loops' ranges (`ranges[id]`).
    fn range(&self, ranges: &[(i64, i64)]) -> (i64, i64) {
        match self {
            Ix::Iv(v) => ranges[*v],
            Ix::N => (MIN_N, MAX_N),
            Ix::C(c) => (*c, *c),
            Ix::Add(a, b) => {
                let (a, b) = (a.range(ranges), b.range(ranges));
                (a.0 + b.0, a.1 + b.1)
            }
            Ix::Mul(a, c) => {
                let a = a.range(ranges);
                (a.0 * c, a.1 * c)
            }
            Ix::FloorDiv(a, c) => {
                let a = a.range(ranges);
                (a.0.div_euclid(*c), a.1.div_euclid(*c))
            }
            Ix::CeilDiv(a, c) => {
                let a = a.range(ranges);
                (-(-a.0).div_euclid(*c), -(-a.1).div_euclid(*c))
            }
            Ix::Mod(a, c) => {
                let a = a.range(ranges);
                if a.0 >= 0 && a.1 < *c {
                    a
                } else {
                    (0, c - 1)
                }
            }
        }
    }

    fn ivs(&self, out: &mut Vec<usize>) {
        match self {
            Ix::Iv(v) if !out.contains(v) => out.push(*v),
            Ix::Add(a, b) => {
                a.ivs(out);
                b.ivs(out);
            }
            Ix::Mul(a, _) | Ix::FloorDiv(a, _) | Ix::CeilDiv(a, _) | Ix::Mod(a, _) => a.ivs(out),
            _ => {}
        }
    }

    fn uses_n(&self) -> bool {
        match self {
            Ix::N => true,
            Ix::Add(a, b) => a.uses_n() || b.uses_n(),
            Ix::Mul(a, _) | Ix::FloorDiv(a, _) | Ix::CeilDiv(a, _) | Ix::Mod(a, _) => a.uses_n(),
            _ => false,
        }
    }

    /// MLIR's affine syntax, the leaves named by `leaf`.
    fn mlir(&self, leaf: &dyn Fn(&Ix) -> String) -> String {
        let sub = |e: &Ix| match e {
            Ix::Iv(_) | Ix::N | Ix::C(_) => e.mlir(leaf),
            _ => format!("({})", e.mlir(leaf)),
        };
        match self {
            Ix::Iv(_) | Ix::N => leaf(self),
            Ix::C(c) => c.to_string(),
            Ix::Add(a, b) => match **b {
                Ix::C(c) if c < 0 => format!("{} - {}", sub(a), -c),
                _ => format!("{} + {}", sub(a), sub(b)),
            },
            Ix::Mul(a, c) => format!("{} * {c}", sub(a)),
            Ix::FloorDiv(a, c) => format!("{} floordiv {c}", sub(a)),
            Ix::CeilDiv(a, c) => format!("{} ceildiv {c}", sub(a)),
            Ix::Mod(a, c) => format!("{} mod {c}", sub(a)),
        }
    }

    /// C, with the floor/ceil/modulo helpers of [`C_HELPERS`].
    fn c(&self) -> String {
        match self {
            Ix::Iv(v) => format!("i{v}"),
            Ix::N => "n".into(),
            Ix::C(c) => format!("({c})"),
            Ix::Add(a, b) => format!("({} + {})", a.c(), b.c()),
            Ix::Mul(a, c) => format!("({} * {c})", a.c()),
            Ix::FloorDiv(a, c) => format!("sh_floordiv({}, {c})", a.c()),
            Ix::CeilDiv(a, c) => format!("sh_ceildiv({}, {c})", a.c()),
            Ix::Mod(a, c) => format!("sh_mod({}, {c})", a.c()),
        }
    }
}

/// An affine map (or set) over the expressions' variables: `(d0, ...)[s0]`, its operands and
/// each expression in terms of them.
fn map_of(exprs: &[&Ix]) -> (String, String, Vec<String>) {
    let mut ivs = Vec::new();
    exprs.iter().for_each(|e| e.ivs(&mut ivs));
    let n = exprs.iter().any(|e| e.uses_n());
    let dims: Vec<String> = (0..ivs.len()).map(|k| format!("d{k}")).collect();
    let head = format!("({}){}", dims.join(", "), if n { "[s0]" } else { "" });
    let ops: Vec<String> = ivs.iter().map(|v| format!("%i{v}")).collect();
    let operands = format!("({}){}", ops.join(", "), if n { "[%n]" } else { "" });
    let leaf = |e: &Ix| match e {
        Ix::Iv(v) => format!("d{}", ivs.iter().position(|x| x == v).unwrap_or(0)),
        _ => "s0".to_string(),
    };
    let texts = exprs.iter().map(|e| e.mlir(&leaf)).collect();
    (head, operands, texts)
}

/// SSA-id affine syntax (affine.load/store subscripts, affine.parallel bounds).
fn ssa_expr(e: &Ix) -> String {
    e.mlir(&|l: &Ix| match l {
        Ix::Iv(v) => format!("%i{v}"),
        _ => "symbol(%n)".to_string(),
    })
}

/// One loop: its variable, lower bounds (their max), upper bounds (their min), step.
#[derive(Clone, Debug)]
struct Loop {
    iv: usize,
    lbs: Vec<Ix>,
    ubs: Vec<Ix>,
    step: i64,
}

/// A reduction's combination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Add,
    Max,
    Min,
    /// Bitwise, integers only.
    And,
    Or,
}

/// A value of a type.
#[derive(Clone, Debug)]
enum Val {
    /// `arrays[a]` at the subscripts.
    Load(usize, Vec<Ix>),
    Alpha,
    Beta,
    /// An index expression (affine.apply), cast to i32.
    Index(Ix),
    Const(Ty, f64),
    /// `+ - * /` and `%` (`/ %` only by a positive constant right operand).
    Bin(char, Box<Val>, Box<Val>),
    /// `a < b ? c : d`.
    Select(Box<Val>, Box<Val>, Box<Val>, Box<Val>),
    /// A conversion to the type.
    Conv(Ty, Box<Val>),
    /// A sequential loop accumulating `body` from `init` (affine.for iter_args).
    ForAcc(Loop, Kind, Box<Val>, Box<Val>),
    /// A parallel reduction of `body` over the loops (affine.parallel reduce), from the kind's
    /// identity.
    ParReduce(Vec<Loop>, Kind, Box<Val>),
    /// `affine.if` with results.
    Cond(Vec<(Ix, bool)>, Box<Val>, Box<Val>),
}

/// A statement.
#[derive(Clone, Debug)]
enum Stmt {
    Store(usize, Vec<Ix>, Val),
    /// `affine.parallel` over the loops (one op, several dimensions).
    Par(Vec<Loop>, Vec<Stmt>),
    For(Loop, Vec<Stmt>),
    /// `affine.if` on the conditions (`e >= 0`, or `e == 0` when the flag is set).
    If(Vec<(Ix, bool)>, Vec<Stmt>, Vec<Stmt>),
}

#[derive(Clone, Debug)]
struct Array {
    name: String,
    elem: Ty,
    dims: Vec<i64>,
    /// Whether any statement writes it (decided first: read-only arrays feed float reductions).
    written: bool,
}

/// A generated module, its C twin, and how to run them.
#[derive(Clone, Debug)]
pub struct RandomModule {
    /// The seed it came from.
    pub seed: u64,
    /// The MLIR module (affine level).
    pub module: String,
    /// The C function with the same parameters: the reference.
    pub c_source: String,
    /// The function (always `kernel`).
    pub function: String,
    /// The harness arguments, `name=value`.
    pub args: Vec<String>,
}

/// The helpers the C twin's index expressions use: MLIR's `floordiv`, `ceildiv` and `mod` by a
/// positive constant round towards negative infinity, C's `/` and `%` towards zero.
const C_HELPERS: &str = "\
static int sh_floordiv(int a, int b) { int q = a / b; return (a % b != 0 && a < 0) ? q - 1 : q; }
static int sh_ceildiv(int a, int b) { int q = a / b; return (a % b != 0 && a > 0) ? q + 1 : q; }
static int sh_mod(int a, int b) { int r = a % b; return r < 0 ? r + b : r; }
static int sh_max(int a, int b) { return a > b ? a : b; }
static int sh_min(int a, int b) { return a < b ? a : b; }
";

/// What the generator knows at a point of the program.
#[derive(Clone, Default)]
struct Scope {
    /// Loop variables in scope, outermost first, with whether each is parallel.
    ivs: Vec<(usize, bool)>,
    /// Inside a region: the store pattern of each array it writes.
    patterns: Vec<(usize, Vec<Ix>)>,
}

struct Gen {
    rng: Rng,
    arrays: Vec<Array>,
    /// The range of every loop variable so far (index = id).
    ranges: Vec<(i64, i64)>,
    /// The bound on every array's values (abstract run so far).
    bounds: Vec<f64>,
}

/// The module and C twin of `seed`.
pub fn generate(seed: u64) -> RandomModule {
    let mut g = Gen {
        rng: Rng(SplitMix(seed ^ 0x6d6c_6972_5f6d_6f64)),
        arrays: Vec::new(),
        ranges: Vec::new(),
        bounds: Vec::new(),
    };
    let count = g.rng.range(2, 4);
    for a in 0..count {
        let elem = g.rng.pick(&[Ty::F32, Ty::F32, Ty::F64, Ty::I32, Ty::I32]);
        let rank = g.rng.pick(&[1, 2, 2, 3]);
        let dims = (0..rank).map(|_| g.rng.pick(&[15, 16, 16, 20])).collect();
        // At least one array is written; the others are written with probability 3/4.
        let written = a == 0 || g.rng.chance(3, 4);
        g.arrays.push(Array { name: format!("A{a}"), elem, dims, written });
        g.bounds.push(if elem.is_float() { 4.0 } else { 100.0 });
    }
    let mut body = Vec::new();
    for _ in 0..g.rng.range(1, 3) {
        // A statement whose values could overflow is drawn again (the draws stay deterministic).
        for _ in 0..8 {
            let saved = (g.ranges.len(), g.bounds.clone());
            let s = g.top_statement();
            if let Some(s) = s.filter(|s| g.absorb(s)) {
                body.push(s);
                break;
            }
            g.bounds = saved.1;
        }
    }
    let n = g.rng.range(MIN_N, MAX_N);
    let (module, c_source) = print(seed, &g.arrays, &body);
    RandomModule {
        seed,
        module,
        c_source,
        function: "kernel".into(),
        args: vec![format!("n={n}"), "alpha=1.5".into(), "beta=-0.75".into()],
    }
}

impl Gen {
    fn new_iv(&mut self, range: (i64, i64)) -> usize {
        self.ranges.push(range);
        self.ranges.len() - 1
    }

    /// A loop nested in `scope` (triangular on one of its variables when `outer` allows).
    fn new_loop(&mut self, scope: &Scope, outer: bool) -> Loop {
        let o = if outer && !scope.ivs.is_empty() && self.rng.chance(1, 3) {
            Some(Ix::Iv(self.rng.pick(&scope.ivs).0))
        } else {
            None
        };
        let n = || Ix::N;
        let mut lbs = vec![Ix::C(self.rng.range(0, 2))];
        let mut ubs = vec![n()];
        match self.rng.range(0, 5) {
            0 => lbs = vec![Ix::C(0), add(n(), Ix::C(-9))],
            1 => ubs = vec![n(), Ix::C(self.rng.range(9, 12))],
            2 => ubs = vec![add(n(), Ix::C(-1))],
            3 => ubs = vec![add(Ix::FloorDiv(Box::new(n()), 2), Ix::C(3))],
            _ => {}
        }
        if let Some(o) = o {
            match self.rng.range(0, 3) {
                0 => lbs = vec![o],
                1 => ubs = vec![add(o, Ix::C(1))],
                2 => ubs = vec![n(), add(o, Ix::C(3))],
                _ => lbs = vec![Ix::C(1), add(o, Ix::C(-2))],
            }
        }
        let step = self.rng.pick(&[1, 1, 1, 2, 3]);
        let lo = lbs.iter().map(|e| e.range(&self.ranges).0).max().unwrap_or(0);
        let hi = ubs.iter().map(|e| e.range(&self.ranges).1).min().unwrap_or(0) - 1;
        let iv = self.new_iv((lo, hi.max(lo)));
        Loop { iv, lbs, ubs, step }
    }

    /// Whether `e` stays inside `[0, extent)`.
    fn fits(&self, e: &Ix, extent: i64) -> bool {
        let (lo, hi) = e.range(&self.ranges);
        lo >= 0 && hi < extent
    }

    /// A subscript of a dimension of `extent` over the variables in scope.
    fn subscript(&mut self, scope: &Scope, extent: i64) -> Ix {
        let iv = if scope.ivs.is_empty() { None } else { Some(Ix::Iv(self.rng.pick(&scope.ivs).0)) };
        let Some(iv) = iv else { return Ix::C(self.rng.range(0, 4)) };
        let b = |e: Ix| Box::new(e);
        let e = match self.rng.range(0, 8) {
            0 | 1 => add(iv, Ix::C(self.rng.range(0, 2))),
            2 => add(Ix::FloorDiv(b(iv), self.rng.range(2, 3)), Ix::C(self.rng.range(0, 2))),
            3 => Ix::Mod(b(add(iv, Ix::N)), self.rng.range(5, 15)),
            4 => Ix::CeilDiv(b(iv), 2),
            5 => add(Ix::N, Ix::Mul(b(iv), -1)),
            6 => Ix::C(self.rng.range(0, 4)),
            _ => Ix::Mul(b(iv), 2),
        };
        if self.fits(&e, extent) {
            e
        } else {
            Ix::Mod(Box::new(e), extent.min(8))
        }
    }

    /// An index expression for a value (it may be negative: floor semantics show).
    fn index_value(&mut self, scope: &Scope) -> Ix {
        let iv = |g: &mut Gen| if scope.ivs.is_empty() { Ix::N } else { Ix::Iv(g.rng.pick(&scope.ivs).0) };
        let a = iv(self);
        let b = iv(self);
        let c = self.rng.range(2, 4);
        match self.rng.range(0, 4) {
            0 => Ix::FloorDiv(Box::new(add(a, Ix::Mul(Box::new(b), -1))), c),
            1 => Ix::Mod(Box::new(add(a, Ix::C(-7))), c),
            2 => Ix::CeilDiv(Box::new(add(a, Ix::Mul(Box::new(b), -2))), c),
            3 => add(Ix::Mul(Box::new(a), c), Ix::N),
            _ => add(a, Ix::Mod(Box::new(Ix::N), c)),
        }
    }

    /// A read of an array of type `ty` (converted), allowed in `scope`, if one exists.
    fn read(&mut self, scope: &Scope, ty: Ty) -> Option<Val> {
        // Arrays the region writes only at their own element; the others anywhere.
        let in_scope = |p: &Vec<Ix>| {
            let mut ivs = Vec::new();
            p.iter().for_each(|e| e.ivs(&mut ivs));
            ivs.iter().all(|v| scope.ivs.iter().any(|(s, _)| s == v))
        };
        let mut options: Vec<(usize, Option<Vec<Ix>>)> = Vec::new();
        for (a, arr) in self.arrays.iter().enumerate() {
            if !convertible(arr.elem, ty) {
                continue;
            }
            match scope.patterns.iter().find(|(x, _)| *x == a) {
                Some((_, p)) if in_scope(p) => options.push((a, Some(p.clone()))),
                Some(_) => {}
                None => options.push((a, None)),
            }
        }
        if options.is_empty() {
            return None;
        }
        let (a, pattern) = self.rng.pick(&options);
        let subs = match pattern {
            Some(p) => p,
            None => {
                let dims = self.arrays[a].dims.clone();
                dims.iter().map(|&d| self.subscript(scope, d)).collect()
            }
        };
        Some(convert(ty, self.arrays[a].elem, Val::Load(a, subs)))
    }

    /// A leaf value of type `ty`.
    fn leaf(&mut self, scope: &Scope, ty: Ty) -> Val {
        match self.rng.range(0, 9) {
            0..=4 => self.read(scope, ty).unwrap_or(Val::Const(ty, 2.0)),
            5 => convert(ty, Ty::I32, Val::Index(self.index_value(scope))),
            6 if ty.is_float() => convert(ty, Ty::F32, Val::Alpha),
            7 if ty.is_float() => convert(ty, Ty::F64, Val::Beta),
            _ => {
                let v = if ty.is_float() {
                    self.rng.pick(&[0.5, 0.25, 1.5, -0.75, 3.0])
                } else {
                    self.rng.range(-3, 7) as f64
                };
                Val::Const(ty, v)
            }
        }
    }

    /// A value of type `ty`, of depth at most `depth`.
    fn value(&mut self, scope: &Scope, ty: Ty, depth: u32) -> Val {
        if depth == 0 {
            return self.leaf(scope, ty);
        }
        match self.rng.range(0, 11) {
            0..=3 => {
                let op = self.rng.pick(&['+', '-', '*', '+']);
                Val::Bin(op, Box::new(self.value(scope, ty, depth - 1)), Box::new(self.value(scope, ty, depth - 1)))
            }
            4 => {
                let c = if ty.is_float() { self.rng.pick(&[2.0, 4.0, 3.0, -0.5]) } else { self.rng.range(2, 7) as f64 };
                let op = if ty.is_float() { '/' } else { self.rng.pick(&['/', '%']) };
                Val::Bin(op, Box::new(self.value(scope, ty, depth - 1)), Box::new(Val::Const(ty, c)))
            }
            5 => {
                let cmp = if self.rng.chance(1, 2) { ty } else { self.rng.pick(&[Ty::F32, Ty::F64, Ty::I32]) };
                let a = self.value(scope, cmp, depth - 1);
                let b = self.leaf(scope, cmp);
                let c = self.value(scope, ty, depth - 1);
                let d = self.leaf(scope, ty);
                Val::Select(Box::new(a), Box::new(b), Box::new(c), Box::new(d))
            }
            6 => {
                // A sequential reduction: `affine.for ... iter_args`.
                let l = self.new_loop(scope, true);
                let mut inner = scope.clone();
                inner.ivs.push((l.iv, false));
                let kind = self.rng.pick(&[Kind::Add, Kind::Add, Kind::Max]);
                let init = self.leaf(scope, ty);
                let body = self.value(&inner, ty, depth - 1);
                Val::ForAcc(l, kind, Box::new(init), Box::new(body))
            }
            7 => self.par_reduce(scope, ty, depth - 1).unwrap_or_else(|| self.leaf(scope, ty)),
            8 => {
                let conds = self.conditions(scope);
                let a = self.value(scope, ty, depth - 1);
                let b = self.value(scope, ty, depth - 1);
                Val::Cond(conds, Box::new(a), Box::new(b))
            }
            _ => self.leaf(scope, ty),
        }
    }

    /// A parallel reduction of type `ty` whose combination order cannot matter (module docs).
    fn par_reduce(&mut self, scope: &Scope, ty: Ty, depth: u32) -> Option<Val> {
        let kind = if ty.is_float() {
            self.rng.pick(&[Kind::Add, Kind::Add, Kind::Max, Kind::Min])
        } else {
            // Upstream (and sharc) accept no `maxs`/`mins` reduction: no identity for them.
            self.rng.pick(&[Kind::Add, Kind::And, Kind::Or])
        };
        let dims = self.rng.range(1, 2) as usize;
        let mut inner = scope.clone();
        let mut loops = Vec::new();
        for _ in 0..dims {
            // A `max`/`min` reduction's loops are not triangular: their bounds (constants and
            // `n`) never leave them empty, so the identity (an infinity or an extreme integer)
            // is never the result.
            let l = self.new_loop(scope, kind == Kind::Add);
            inner.ivs.push((l.iv, true));
            loops.push(l);
        }
        let body = if ty.is_float() {
            let ro: Vec<usize> =
                (0..self.arrays.len()).filter(|&a| !self.arrays[a].written && self.arrays[a].elem.is_float()).collect();
            if ro.is_empty() {
                return None;
            }
            let a = self.rng.pick(&ro);
            let dims = self.arrays[a].dims.clone();
            let subs = dims.iter().map(|&d| self.subscript(&inner, d)).collect();
            // f32 → f64 is exact, f64 → f32 of a harness value too.
            convert(ty, self.arrays[a].elem, Val::Load(a, subs))
        } else {
            self.value(&inner, ty, depth)
        };
        Some(Val::ParReduce(loops, kind, Box::new(body)))
    }

    /// One to three conditions of an integer set (inequalities `e >= 0`, equalities `e == 0`).
    fn conditions(&mut self, scope: &Scope) -> Vec<(Ix, bool)> {
        let iv = |g: &mut Gen| if scope.ivs.is_empty() { Ix::N } else { Ix::Iv(g.rng.pick(&scope.ivs).0) };
        let mut out = Vec::new();
        for _ in 0..self.rng.range(1, 3) {
            let (a, b) = (iv(self), iv(self));
            let c = self.rng.range(-3, 6);
            out.push(match self.rng.range(0, 6) {
                0 => (add(a, Ix::Mul(Box::new(b), -1)), false),
                1 => (add(add(Ix::N, Ix::Mul(Box::new(a), -1)), Ix::C(-c.abs())), false),
                2 => (Ix::Mod(Box::new(a), 2), true),
                3 => (add(a, Ix::Mul(Box::new(b), -2)), true),
                4 => (add(add(a, b), Ix::C(-c)), false),
                5 => (add(a, Ix::C(-c.abs())), true),
                _ => (add(Ix::Mod(Box::new(add(a, b)), 3), Ix::C(-1)), false),
            });
        }
        out
    }

    /// A top-level statement: a region, a host reduction stored into an element, or a
    /// sequential loop or guard around regions.
    fn top_statement(&mut self) -> Option<Stmt> {
        let scope = Scope::default();
        match self.rng.range(0, 9) {
            0..=4 => self.region(&scope),
            5 | 6 => {
                let writable: Vec<usize> = (0..self.arrays.len()).filter(|&a| self.arrays[a].written).collect();
                let a = self.rng.pick(&writable);
                let ty = self.arrays[a].elem;
                // Floats are never converted to integers.
                let rty = if self.rng.chance(1, 2) || ty == Ty::I32 {
                    ty
                } else {
                    self.rng.pick(&[Ty::F32, Ty::F64, Ty::I32])
                };
                let r = self.par_reduce(&scope, rty, 1).or_else(|| self.par_reduce(&scope, Ty::I32, 1))?;
                let r = match &r {
                    Val::ParReduce(_, _, b) => convert(ty, value_type(b, &self.arrays), r.clone()),
                    _ => r,
                };
                let subs: Vec<Ix> = self.arrays[a].dims.iter().map(|&d| Ix::C(self.rng.range(0, d - 1))).collect();
                Some(Stmt::Store(a, subs, r))
            }
            7 => {
                let t = self.new_iv((0, 2));
                let l = Loop { iv: t, lbs: vec![Ix::C(0)], ubs: vec![Ix::C(self.rng.range(1, 3))], step: 1 };
                let inner = Scope { ivs: vec![(t, false)], patterns: Vec::new() };
                let mut body = vec![self.region(&inner)?];
                if self.rng.chance(1, 2) {
                    body.extend(self.region(&inner));
                }
                Some(Stmt::For(l, body))
            }
            _ => {
                let conds = self.conditions(&scope);
                let then = vec![self.region(&scope)?];
                let other = if self.rng.chance(1, 2) { self.region(&scope).into_iter().collect() } else { Vec::new() };
                Some(Stmt::If(conds, then, other))
            }
        }
    }

    /// A region: an `affine.parallel` of one to three dimensions whose body stores into one to
    /// three of the writable arrays (its skeleton first, then the values; module docs).
    fn region(&mut self, outer: &Scope) -> Option<Stmt> {
        let writable: Vec<usize> = (0..self.arrays.len()).filter(|&a| self.arrays[a].written).collect();
        let max_rank = writable.iter().map(|&a| self.arrays[a].dims.len()).max()?;
        let dims = (self.rng.range(1, 3) as usize).min(max_rank);
        let mut scope = outer.clone();
        let mut loops = Vec::new();
        for _ in 0..dims {
            let l = self.new_loop(outer, true);
            scope.ivs.push((l.iv, true));
            loops.push(l);
        }
        let mut free: Vec<usize> = writable;
        let mut body = Vec::new();
        for _ in 0..self.rng.range(1, 3) {
            let kind = self.rng.range(0, 5);
            let mut inner = scope.clone();
            let wrap = match kind {
                // A nested parallel loop (triangular when drawn so).
                2 => {
                    let l = self.new_loop(&scope, true);
                    inner.ivs.push((l.iv, true));
                    Some(Stmt::Par(vec![l], Vec::new()))
                }
                // A sequential loop: an imperfect nest.
                3 => {
                    let l = self.new_loop(&scope, true);
                    inner.ivs.push((l.iv, false));
                    Some(Stmt::For(l, Vec::new()))
                }
                _ => None,
            };
            let Some(store) = self.skeleton_store(&inner, &mut free) else { continue };
            let store = if kind == 4 {
                let conds = self.conditions(&inner);
                Stmt::If(conds, vec![store], Vec::new())
            } else {
                store
            };
            body.push(match wrap {
                Some(Stmt::Par(l, _)) => Stmt::Par(l, vec![store]),
                Some(Stmt::For(l, _)) => Stmt::For(l, vec![store]),
                _ => store,
            });
        }
        if body.is_empty() {
            return None;
        }
        let mut patterns = Vec::new();
        body.iter().for_each(|s| collect_patterns(s, &mut patterns));
        scope.patterns = patterns;
        let body = body.into_iter().map(|s| self.fill(s, &scope)).collect();
        Some(Stmt::Par(loops, body))
    }

    /// A store (value to be filled) into one of `free` whose pattern holds every parallel
    /// variable of `scope` in a dimension of its own; the array is taken out of `free`.
    fn skeleton_store(&mut self, scope: &Scope, free: &mut Vec<usize>) -> Option<Stmt> {
        let par: Vec<usize> = scope.ivs.iter().filter(|(_, p)| *p).map(|(v, _)| *v).collect();
        let fit: Vec<usize> = free.iter().copied().filter(|&a| self.arrays[a].dims.len() >= par.len()).collect();
        if fit.is_empty() {
            return None;
        }
        let a = self.rng.pick(&fit);
        free.retain(|&x| x != a);
        let dims = self.arrays[a].dims.clone();
        let mut slots: Vec<usize> = (0..dims.len()).collect();
        let mut subs: Vec<Option<Ix>> = vec![None; dims.len()];
        for v in par {
            let k = slots.remove(self.rng.range(0, slots.len() as i64 - 1) as usize);
            let c = self.rng.range(0, 2);
            let e = add(Ix::Iv(v), Ix::C(c));
            subs[k] = Some(if self.fits(&e, dims[k]) { e } else { Ix::Iv(v) });
        }
        let seq: Vec<usize> = scope.ivs.iter().filter(|(_, p)| !*p).map(|(v, _)| *v).collect();
        let subs = subs
            .into_iter()
            .zip(&dims)
            .map(|(s, &d)| {
                s.unwrap_or_else(|| match seq.last() {
                    Some(&v) if self.rng.chance(1, 2) && self.fits(&Ix::Iv(v), d) => Ix::Iv(v),
                    _ => Ix::C(self.rng.range(0, 3)),
                })
            })
            .collect();
        Some(Stmt::Store(a, subs, Val::Const(Ty::I32, 0.0)))
    }

    /// Draws the values of a skeleton's stores.
    fn fill(&mut self, s: Stmt, scope: &Scope) -> Stmt {
        match s {
            Stmt::Store(a, subs, _) => {
                let ty = self.arrays[a].elem;
                let depth = self.rng.range(1, 3) as u32;
                let mut v = self.value(scope, ty, depth);
                if self.rng.chance(1, 3) {
                    // Read-modify-write of the own element.
                    v = Val::Bin('+', Box::new(Val::Load(a, subs.clone())), Box::new(v));
                }
                Stmt::Store(a, subs, v)
            }
            Stmt::Par(loops, body) => {
                let mut inner = scope.clone();
                inner.ivs.extend(loops.iter().map(|l| (l.iv, true)));
                Stmt::Par(loops, body.into_iter().map(|s| self.fill(s, &inner)).collect())
            }
            Stmt::For(l, body) => {
                let mut inner = scope.clone();
                inner.ivs.push((l.iv, false));
                Stmt::For(l, body.into_iter().map(|s| self.fill(s, &inner)).collect())
            }
            Stmt::If(c, t, e) => Stmt::If(
                c,
                t.into_iter().map(|s| self.fill(s, scope)).collect(),
                e.into_iter().map(|s| self.fill(s, scope)).collect(),
            ),
        }
    }

    /// The abstract run of `s`: updates the arrays' value bounds; false if a value could leave
    /// its type's limit.
    fn absorb(&mut self, s: &Stmt) -> bool {
        match s {
            Stmt::Store(a, _, v) => {
                let b = bound(v, &self.bounds, &self.arrays, &self.ranges);
                let ok = b <= self.arrays[*a].elem.limit();
                self.bounds[*a] = self.bounds[*a].max(b);
                ok
            }
            Stmt::Par(_, body) => body.iter().all(|s| self.absorb(s)),
            Stmt::For(l, body) => {
                let trips = trips(l, &self.ranges);
                (0..trips).all(|_| body.iter().all(|s| self.absorb(s)))
            }
            Stmt::If(_, t, e) => t.iter().chain(e).all(|s| self.absorb(s)),
        }
    }
}

/// How often a loop can run at most.
fn trips(l: &Loop, ranges: &[(i64, i64)]) -> i64 {
    let (lo, hi) = ranges[l.iv];
    ((hi - lo) / l.step + 1).clamp(1, 16)
}

fn convertible(from: Ty, to: Ty) -> bool {
    from == to || to.is_float()
}

/// `v` (of type `from`) as a `to`: `sitofp`, `extf` or `truncf`.
fn convert(to: Ty, from: Ty, v: Val) -> Val {
    if to == from {
        v
    } else {
        Val::Conv(to, Box::new(v))
    }
}

fn value_type(v: &Val, arrays: &[Array]) -> Ty {
    match v {
        Val::Load(a, _) => arrays[*a].elem,
        Val::Alpha => Ty::F32,
        Val::Beta => Ty::F64,
        Val::Index(_) => Ty::I32,
        Val::Const(t, _) | Val::Conv(t, _) => *t,
        Val::Bin(_, a, _) | Val::Select(_, _, a, _) | Val::ForAcc(_, _, a, _) | Val::Cond(_, a, _) => {
            value_type(a, arrays)
        }
        Val::ParReduce(_, _, b) => value_type(b, arrays),
    }
}

/// A bound on `|v|`, infinite when an intermediate could leave its type's limit.
fn bound(v: &Val, bounds: &[f64], arrays: &[Array], ranges: &[(i64, i64)]) -> f64 {
    let b = |x: &Val| bound(x, bounds, arrays, ranges);
    let r = match v {
        Val::Load(a, _) => bounds[*a],
        Val::Alpha => 1.5,
        Val::Beta => 0.75,
        Val::Index(e) => {
            let (lo, hi) = e.range(ranges);
            lo.abs().max(hi.abs()) as f64
        }
        Val::Const(_, c) => c.abs(),
        Val::Bin(op, x, y) => match op {
            '+' | '-' => b(x) + b(y),
            '*' => b(x) * b(y),
            '%' => b(x).min(b(y)),
            _ => b(x) / b(y).max(0.5),
        },
        Val::Select(x, y, c, d) => {
            if b(x).is_infinite() || b(y).is_infinite() {
                f64::INFINITY
            } else {
                b(c).max(b(d))
            }
        }
        Val::Conv(_, x) => b(x),
        Val::ForAcc(l, kind, init, body) => match kind {
            Kind::Add => b(init) + trips(l, ranges) as f64 * b(body),
            _ => b(init).max(b(body)),
        },
        Val::ParReduce(loops, kind, body) => match kind {
            Kind::Add => loops.iter().map(|l| trips(l, ranges) as f64).product::<f64>() * b(body),
            // |x & y| and |x | y| stay below the power of two above |x| and |y|.
            Kind::And | Kind::Or => 2.0 * b(body) + 1.0,
            // The identity (the type's extreme) stays if the loops run no iteration: such a
            // value is stored as is, never computed with (see `Gen::top_statement`).
            _ => b(body),
        },
        Val::Cond(_, x, y) => b(x).max(b(y)),
    };
    if r > value_type(v, arrays).limit() {
        f64::INFINITY
    } else {
        r
    }
}

/// Collects the store pattern of every array `s` writes.
fn collect_patterns(s: &Stmt, out: &mut Vec<(usize, Vec<Ix>)>) {
    match s {
        Stmt::Store(a, subs, _) => out.push((*a, subs.clone())),
        Stmt::Par(_, b) | Stmt::For(_, b) => b.iter().for_each(|s| collect_patterns(s, out)),
        Stmt::If(_, t, e) => t.iter().chain(e).for_each(|s| collect_patterns(s, out)),
    }
}

/// The printer of both forms.
struct Printer<'a> {
    arrays: &'a [Array],
    mlir: String,
    c: String,
    /// The next SSA value and C temporary number.
    next: usize,
}

fn memref(a: &Array) -> String {
    let dims: Vec<String> = a.dims.iter().map(i64::to_string).collect();
    format!("memref<{}x{}>", dims.join("x"), a.elem.mlir())
}

fn print(seed: u64, arrays: &[Array], body: &[Stmt]) -> (String, String) {
    let mut p = Printer { arrays, mlir: String::new(), c: String::new(), next: 0 };
    for s in body {
        p.stmt(s, 2);
    }
    let mut ivs = Vec::new();
    body.iter().for_each(|s| stmt_ivs(s, &mut ivs));
    ivs.sort_unstable();
    let params: Vec<String> =
        arrays.iter().map(|a| format!("%{0}: {1} {{sharc.name = \"{0}\"}}", a.name, memref(a))).collect();
    let mut module = format!("// sharc random module, seed {seed}\nmodule {{\n");
    let _ = writeln!(
        module,
        "  func.func @kernel(%n: index {{sharc.name = \"n\"}}, %alpha: f32 {{sharc.name = \"alpha\"}}, %beta: f64 {{sharc.name = \"beta\"}}, {}) {{",
        params.join(", ")
    );
    module.push_str(&p.mlir);
    module.push_str("    return\n  }\n}\n");
    let cparams: Vec<String> = arrays
        .iter()
        .map(|a| format!("{} {}{}", a.elem.c(), a.name, a.dims.iter().map(|d| format!("[{d}]")).collect::<String>()))
        .collect();
    let mut c = format!("// C twin of sharc random module, seed {seed}\n{C_HELPERS}");
    let _ = writeln!(c, "void kernel(int n, float alpha, double beta, {}) {{", cparams.join(", "));
    if !ivs.is_empty() {
        let names: Vec<String> = ivs.iter().map(|v| format!("i{v}")).collect();
        let _ = writeln!(c, "  int {};", names.join(", "));
    }
    c.push_str(&p.c);
    c.push_str("}\n");
    (module, c)
}

fn stmt_ivs(s: &Stmt, out: &mut Vec<usize>) {
    match s {
        Stmt::Store(_, _, v) => val_ivs(v, out),
        Stmt::Par(ls, b) => {
            out.extend(ls.iter().map(|l| l.iv));
            b.iter().for_each(|s| stmt_ivs(s, out));
        }
        Stmt::For(l, b) => {
            out.push(l.iv);
            b.iter().for_each(|s| stmt_ivs(s, out));
        }
        Stmt::If(_, t, e) => t.iter().chain(e).for_each(|s| stmt_ivs(s, out)),
    }
}

fn val_ivs(v: &Val, out: &mut Vec<usize>) {
    match v {
        Val::Bin(_, a, b) | Val::Cond(_, a, b) => {
            val_ivs(a, out);
            val_ivs(b, out);
        }
        Val::Select(a, b, c, d) => [a, b, c, d].iter().for_each(|x| val_ivs(x, out)),
        Val::Conv(_, a) => val_ivs(a, out),
        Val::ForAcc(l, _, i, b) => {
            out.push(l.iv);
            val_ivs(i, out);
            val_ivs(b, out);
        }
        Val::ParReduce(ls, _, b) => {
            out.extend(ls.iter().map(|l| l.iv));
            val_ivs(b, out);
        }
        _ => {}
    }
}

/// The C condition of an integer set.
fn c_conditions(conds: &[(Ix, bool)]) -> String {
    let parts: Vec<String> =
        conds.iter().map(|(e, eq)| format!("{} {} 0", e.c(), if *eq { "==" } else { ">=" })).collect();
    parts.join(" && ")
}

fn mlir_set(conds: &[(Ix, bool)]) -> String {
    let exprs: Vec<&Ix> = conds.iter().map(|(e, _)| e).collect();
    let (head, operands, texts) = map_of(&exprs);
    let parts: Vec<String> =
        texts.iter().zip(conds).map(|(t, (_, eq))| format!("{t} {} 0", if *eq { "==" } else { ">=" })).collect();
    format!("affine_set<{head} : ({})>{operands}", parts.join(", "))
}

/// A loop's bound in `affine.for` syntax (`max`/`min` when it has several results).
fn for_bound(exprs: &[Ix], keyword: &str) -> String {
    if let [Ix::C(c)] = exprs {
        return c.to_string();
    }
    let refs: Vec<&Ix> = exprs.iter().collect();
    let (head, operands, texts) = map_of(&refs);
    let kw = if exprs.len() > 1 { format!("{keyword} ") } else { String::new() };
    format!("{kw}affine_map<{head} -> ({})>{operands}", texts.join(", "))
}

/// A loop's bound in `affine.parallel` syntax.
fn par_bound(exprs: &[Ix], keyword: &str) -> String {
    let texts: Vec<String> = exprs.iter().map(ssa_expr).collect();
    if texts.len() > 1 {
        format!("{keyword}({})", texts.join(", "))
    } else {
        texts.join("")
    }
}

fn c_bound(exprs: &[Ix], f: &str) -> String {
    let mut it = exprs.iter().map(Ix::c);
    let first = it.next().unwrap_or_default();
    it.fold(first, |acc, e| format!("{f}({acc}, {e})"))
}

/// The C `for` header of a loop.
fn c_for(l: &Loop) -> String {
    let v = format!("i{}", l.iv);
    format!("for ({v} = {}; {v} < {}; {v} += {})", c_bound(&l.lbs, "sh_max"), c_bound(&l.ubs, "sh_min"), l.step)
}

impl Printer<'_> {
    fn fresh(&mut self) -> usize {
        self.next += 1;
        self.next
    }

    fn stmt(&mut self, s: &Stmt, depth: usize) {
        let ind = "  ".repeat(depth);
        match s {
            Stmt::Store(a, subs, v) => {
                let (m, c) = self.val(v, depth);
                let arr = &self.arrays[*a];
                let ms: Vec<String> = subs.iter().map(ssa_expr).collect();
                let _ =
                    writeln!(self.mlir, "{ind}affine.store {m}, %{}[{}] : {}", arr.name, ms.join(", "), memref(arr));
                let cs: String = subs.iter().map(|e| format!("[{}]", e.c())).collect();
                let _ = writeln!(self.c, "{ind}{}{cs} = {c};", arr.name);
            }
            Stmt::Par(loops, body) => {
                self.par_header(loops, &ind, "");
                let cind = self.c_loops(loops, &ind);
                for s in body {
                    self.stmt(s, depth + 1);
                }
                let _ = writeln!(self.mlir, "{ind}}}");
                let _ = writeln!(self.c, "{cind}");
            }
            Stmt::For(l, body) => {
                let _ = writeln!(
                    self.mlir,
                    "{ind}affine.for %i{} = {} to {} step {} {{",
                    l.iv,
                    for_bound(&l.lbs, "max"),
                    for_bound(&l.ubs, "min"),
                    l.step
                );
                let _ = writeln!(self.c, "{ind}{} {{", c_for(l));
                for s in body {
                    self.stmt(s, depth + 1);
                }
                let _ = writeln!(self.mlir, "{ind}}}");
                let _ = writeln!(self.c, "{ind}}}");
            }
            Stmt::If(conds, then, other) => {
                let _ = writeln!(self.mlir, "{ind}affine.if {} {{", mlir_set(conds));
                let _ = writeln!(self.c, "{ind}if ({}) {{", c_conditions(conds));
                for s in then {
                    self.stmt(s, depth + 1);
                }
                if !other.is_empty() {
                    let _ = writeln!(self.mlir, "{ind}}} else {{");
                    let _ = writeln!(self.c, "{ind}}} else {{");
                    for s in other {
                        self.stmt(s, depth + 1);
                    }
                }
                let _ = writeln!(self.mlir, "{ind}}}");
                let _ = writeln!(self.c, "{ind}}}");
            }
        }
    }

    /// `affine.parallel (...) = (...) to (...) step (...)` with `tail` (a reduce clause).
    fn par_header(&mut self, loops: &[Loop], ind: &str, tail: &str) {
        let ivs: Vec<String> = loops.iter().map(|l| format!("%i{}", l.iv)).collect();
        let lbs: Vec<String> = loops.iter().map(|l| par_bound(&l.lbs, "max")).collect();
        let ubs: Vec<String> = loops.iter().map(|l| par_bound(&l.ubs, "min")).collect();
        let steps: Vec<String> = loops.iter().map(|l| l.step.to_string()).collect();
        let _ = writeln!(
            self.mlir,
            "{ind}affine.parallel ({}) = ({}) to ({}) step ({}){tail} {{",
            ivs.join(", "),
            lbs.join(", "),
            ubs.join(", "),
            steps.join(", ")
        );
    }

    /// The C loops of a parallel band; returns their closing braces.
    fn c_loops(&mut self, loops: &[Loop], ind: &str) -> String {
        let mut close = Vec::new();
        for (k, l) in loops.iter().enumerate() {
            let _ = writeln!(self.c, "{ind}{}{} {{", "  ".repeat(k), c_for(l));
            close.push(format!("{ind}{}}}", "  ".repeat(k)));
        }
        close.reverse();
        close.join("\n")
    }

    /// Emits what `v` needs and returns its MLIR SSA name and its C expression.
    fn val(&mut self, v: &Val, depth: usize) -> (String, String) {
        let ind = "  ".repeat(depth);
        let ty = value_type(v, self.arrays);
        match v {
            Val::Load(a, subs) => {
                let arr = &self.arrays[*a];
                let k = self.fresh();
                let ms: Vec<String> = subs.iter().map(ssa_expr).collect();
                let _ =
                    writeln!(self.mlir, "{ind}%v{k} = affine.load %{}[{}] : {}", arr.name, ms.join(", "), memref(arr));
                let cs: String = subs.iter().map(|e| format!("[{}]", e.c())).collect();
                (format!("%v{k}"), format!("{}{cs}", arr.name))
            }
            Val::Alpha => ("%alpha".into(), "alpha".into()),
            Val::Beta => ("%beta".into(), "beta".into()),
            Val::Index(e) => {
                let (head, operands, texts) = map_of(&[e]);
                let k = self.fresh();
                let _ = writeln!(self.mlir, "{ind}%x{k} = affine.apply affine_map<{head} -> ({})>{operands}", texts[0]);
                let _ = writeln!(self.mlir, "{ind}%v{k} = arith.index_cast %x{k} : index to i32");
                (format!("%v{k}"), format!("(int){}", e.c()))
            }
            Val::Const(t, c) => {
                let (m, cc) = t.constant(*c);
                let k = self.fresh();
                let _ = writeln!(self.mlir, "{ind}%v{k} = arith.constant {m}");
                (format!("%v{k}"), format!("({cc})"))
            }
            Val::Bin(op, a, b) => {
                let (ma, ca) = self.val(a, depth);
                let (mb, cb) = self.val(b, depth);
                let name = match (op, ty.is_float()) {
                    ('+', true) => "addf",
                    ('-', true) => "subf",
                    ('*', true) => "mulf",
                    ('/', true) => "divf",
                    ('+', false) => "addi",
                    ('-', false) => "subi",
                    ('*', false) => "muli",
                    ('/', false) => "divsi",
                    _ => "remsi",
                };
                let k = self.fresh();
                let _ = writeln!(self.mlir, "{ind}%v{k} = arith.{name} {ma}, {mb} : {}", ty.mlir());
                (format!("%v{k}"), format!("({ca} {op} {cb})"))
            }
            Val::Select(a, b, c, d) => {
                let cty = value_type(a, self.arrays);
                let (ma, ca) = self.val(a, depth);
                let (mb, cb) = self.val(b, depth);
                let (mc, cc) = self.val(c, depth);
                let (md, cd) = self.val(d, depth);
                let k = self.fresh();
                let cmp = if cty.is_float() { "cmpf olt" } else { "cmpi slt" };
                let _ = writeln!(self.mlir, "{ind}%c{k} = arith.{cmp}, {ma}, {mb} : {}", cty.mlir());
                let _ = writeln!(self.mlir, "{ind}%v{k} = arith.select %c{k}, {mc}, {md} : {}", ty.mlir());
                (format!("%v{k}"), format!("({ca} < {cb} ? {cc} : {cd})"))
            }
            Val::Conv(to, a) => {
                let from = value_type(a, self.arrays);
                let (ma, ca) = self.val(a, depth);
                let op = match from {
                    Ty::I32 => "sitofp",
                    Ty::F32 => "extf",
                    Ty::F64 => "truncf",
                };
                let k = self.fresh();
                let _ = writeln!(self.mlir, "{ind}%v{k} = arith.{op} {ma} : {} to {}", from.mlir(), to.mlir());
                (format!("%v{k}"), format!("(({}){ca})", to.c()))
            }
            Val::ForAcc(l, kind, init, body) => {
                let (mi, ci) = self.val(init, depth);
                let k = self.fresh();
                let t = ty.mlir();
                let _ = writeln!(
                    self.mlir,
                    "{ind}%v{k} = affine.for %i{} = {} to {} step {} iter_args(%acc{k} = {mi}) -> ({t}) {{",
                    l.iv,
                    for_bound(&l.lbs, "max"),
                    for_bound(&l.ubs, "min"),
                    l.step
                );
                let _ = writeln!(self.c, "{ind}{} t{k} = {ci};", ty.c());
                let _ = writeln!(self.c, "{ind}{} {{", c_for(l));
                let (mb, cb) = self.val(body, depth + 1);
                let inner = format!("{ind}  ");
                let (mn, cn) = self.combine(*kind, ty, &format!("%acc{k}"), &mb, &format!("t{k}"), &cb, &inner);
                let _ = writeln!(self.mlir, "{inner}affine.yield {mn} : {t}");
                let _ = writeln!(self.mlir, "{ind}}}");
                let _ = writeln!(self.c, "{inner}t{k} = {cn};");
                let _ = writeln!(self.c, "{ind}}}");
                (format!("%v{k}"), format!("t{k}"))
            }
            Val::ParReduce(loops, kind, body) => {
                let k = self.fresh();
                let t = ty.mlir();
                let name = match (kind, ty.is_float()) {
                    (Kind::Add, true) => "addf",
                    (Kind::Add, false) => "addi",
                    (Kind::Max, true) => "maximumf",
                    (Kind::Min, true) => "minimumf",
                    (Kind::And, _) => "andi",
                    (Kind::Or, _) => "ori",
                    // Not drawn (see `Gen::par_reduce`).
                    (_, false) => "addi",
                };
                let identity = match (kind, ty) {
                    (Kind::Add, _) => ty.constant(0.0).1,
                    (Kind::And, _) => "(-1)".into(),
                    (Kind::Or, _) => "(0)".into(),
                    (Kind::Max, _) => "(-1.0 / 0.0)".into(),
                    (Kind::Min, _) => "(1.0 / 0.0)".into(),
                };
                let _ = writeln!(self.c, "{ind}{} t{k} = {identity};", ty.c());
                // The header goes to the MLIR text with the result name in front.
                let mut header = String::new();
                std::mem::swap(&mut header, &mut self.mlir);
                self.par_header(loops, "", &format!(" reduce (\"{name}\") -> ({t})"));
                let line = std::mem::replace(&mut self.mlir, header);
                let _ = write!(self.mlir, "{ind}%v{k} = {line}");
                let cind = self.c_loops(loops, &ind);
                let inner = format!("{ind}{}", "  ".repeat(loops.len()));
                let (mb, cb) = self.val(body, depth + loops.len());
                let _ = writeln!(self.mlir, "{ind}  affine.yield {mb} : {t}");
                let _ = writeln!(self.mlir, "{ind}}}");
                let cn = match kind {
                    Kind::Add => format!("(t{k} + {cb})"),
                    Kind::Max => format!("({cb} > t{k} ? {cb} : t{k})"),
                    Kind::Min => format!("({cb} < t{k} ? {cb} : t{k})"),
                    Kind::And => format!("(t{k} & {cb})"),
                    Kind::Or => format!("(t{k} | {cb})"),
                };
                let _ = writeln!(self.c, "{inner}t{k} = {cn};");
                let _ = writeln!(self.c, "{cind}");
                (format!("%v{k}"), format!("t{k}"))
            }
            Val::Cond(conds, a, b) => {
                let k = self.fresh();
                let t = ty.mlir();
                let _ = writeln!(self.mlir, "{ind}%v{k} = affine.if {} -> {t} {{", mlir_set(conds));
                let _ = writeln!(self.c, "{ind}{} t{k};", ty.c());
                let _ = writeln!(self.c, "{ind}if ({}) {{", c_conditions(conds));
                let (ma, ca) = self.val(a, depth + 1);
                let _ = writeln!(self.mlir, "{ind}  affine.yield {ma} : {t}");
                let _ = writeln!(self.mlir, "{ind}}} else {{");
                let _ = writeln!(self.c, "{ind}  t{k} = {ca};");
                let _ = writeln!(self.c, "{ind}}} else {{");
                let (mb, cb) = self.val(b, depth + 1);
                let _ = writeln!(self.mlir, "{ind}  affine.yield {mb} : {t}");
                let _ = writeln!(self.mlir, "{ind}}}");
                let _ = writeln!(self.c, "{ind}  t{k} = {cb};");
                let _ = writeln!(self.c, "{ind}}}");
                (format!("%v{k}"), format!("t{k}"))
            }
        }
    }

    /// The sequential combination `acc ⊕ v` (the same operations on both sides).
    #[allow(clippy::too_many_arguments)]
    fn combine(
        &mut self,
        kind: Kind,
        ty: Ty,
        macc: &str,
        mv: &str,
        cacc: &str,
        cv: &str,
        ind: &str,
    ) -> (String, String) {
        let k = self.fresh();
        let t = ty.mlir();
        match kind {
            Kind::Add => {
                let op = if ty.is_float() { "addf" } else { "addi" };
                let _ = writeln!(self.mlir, "{ind}%v{k} = arith.{op} {macc}, {mv} : {t}");
                (format!("%v{k}"), format!("({cacc} + {cv})"))
            }
            _ => {
                let (pred, c) = match (kind, ty.is_float()) {
                    (Kind::Max, true) => ("cmpf ogt", '>'),
                    (Kind::Max, false) => ("cmpi sgt", '>'),
                    (_, true) => ("cmpf olt", '<'),
                    (_, false) => ("cmpi slt", '<'),
                };
                let _ = writeln!(self.mlir, "{ind}%c{k} = arith.{pred}, {mv}, {macc} : {t}");
                let _ = writeln!(self.mlir, "{ind}%v{k} = arith.select %c{k}, {mv}, {macc} : {t}");
                (format!("%v{k}"), format!("({cv} {c} {cacc} ? {cv} : {cacc})"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_always_gives_the_same_module() {
        assert_eq!(generate(7).module, generate(7).module);
        assert_eq!(generate(7).c_source, generate(7).c_source);
        assert_ne!(generate(7).module, generate(8).module);
    }

    #[test]
    fn floor_ceil_and_mod_ranges_round_as_mlir_does() {
        let r = [(-7, 5)];
        assert_eq!(Ix::FloorDiv(Box::new(Ix::Iv(0)), 2).range(&r), (-4, 2));
        assert_eq!(Ix::CeilDiv(Box::new(Ix::Iv(0)), 2).range(&r), (-3, 3));
        assert_eq!(Ix::Mod(Box::new(Ix::Iv(0)), 4).range(&r), (0, 3));
        assert_eq!(Ix::Mod(Box::new(Ix::Iv(0)), 9).range(&[(1, 5)]), (1, 5));
    }

    #[test]
    fn modules_use_what_the_c_front_end_never_produces() {
        let all: String = (0..100).map(|s| generate(s).module).collect();
        for feature in [
            "reduce (",
            "iter_args",
            "affine_set<",
            "== 0",
            "floordiv",
            "ceildiv",
            "mod",
            "max(",
            "min(",
            "step (2",
            "affine.apply",
            "f64",
            "i32",
            "memref<",
        ] {
            assert!(all.contains(feature), "no module of seeds 0..100 uses {feature}");
        }
    }
}
