//! Random affine C kernels for differential testing (issue 16): a program is a deterministic
//! function of its seed, so a mismatch is reproduced (and kept as a regression test) by its
//! number alone.
//!
//! Every program is one function `kernel(int n, float alpha, double beta, arrays...)` over 2 to 4
//! fixed-size arrays of `float`, `double` or `int` with one to three dimensions, and one to three
//! nests, each one of:
//!
//! - a **map**: parallel loops (OpenACC `parallel loop`, with `collapse(2)`, an inner `loop`
//!   directive, an inner loop without one, or `kernels loop independent`) storing an expression
//!   of reads (with halo offsets) into one array, indexed by the parallel loops in some order;
//!   optionally a triangular inner loop, a stride of 2, an affine guard, a share pragma;
//! - a **reduction**: a map whose value is accumulated over a sequential inner loop (increasing
//!   or decreasing) in a local scalar;
//! - an **imperfect** nest: a statement of the outer parallel loop before its inner loop;
//! - a **time loop**: a sequential loop around two maps that read each other's output (a
//!   stencil ping-pong).
//!
//! The programs are race-free by construction: a nest writes one array, at the iteration's own
//! element, and reads that array only there. Expressions mix `+ - *`, selects (`?:`) and, on
//! integers, division and remainder by positive constants. Values stay small (the C harness
//! fills arrays with values below 1000 in magnitude), and no operation has undefined behaviour in
//! C (no division by a variable, no conversion of a floating value to `int`).
//!
//! The generator draws from the simulator's SplitMix64 rather than a crate's generator, so that
//! the mapping from seed to program never changes with a dependency's version: regression tests
//! name seeds.

use sharc_sim::io::SplitMix;
use std::fmt::Write as _;

/// The generator's choices, drawn from the simulator's SplitMix64 (Steele, Lea, Flood 2014).
struct Rng(SplitMix);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + (self.next() % (hi - lo + 1) as u64) as usize
    }

    /// True with probability `num / den`.
    fn chance(&mut self, num: u64, den: u64) -> bool {
        self.next() % den < num
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.range(0, items.len() - 1)]
    }
}

/// The element types of the arrays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Elem {
    F32,
    F64,
    I32,
}

impl Elem {
    fn c(self) -> &'static str {
        match self {
            Elem::F32 => "float",
            Elem::F64 => "double",
            Elem::I32 => "int",
        }
    }

    fn is_float(self) -> bool {
        self != Elem::I32
    }
}

/// Every array dimension: room for a loop to `n` (at most [`MAX_N`]) plus a halo of 2.
const EXTENT: usize = 16;
/// The largest `n` the harness is run with.
pub const MAX_N: usize = 13;

#[derive(Clone, Debug)]
struct Array {
    name: String,
    elem: Elem,
    rank: usize,
}

/// A generated program and how to run it.
#[derive(Clone, Debug)]
pub struct RandomProgram {
    /// The seed it came from.
    pub seed: u64,
    /// The C source.
    pub source: String,
    /// The function to compile (always `kernel`).
    pub function: String,
    /// The harness arguments, `name=value`.
    pub args: Vec<String>,
}

/// The loop variables, outermost first.
const IVS: [&str; 3] = ["i", "j", "k"];

struct Gen {
    rng: Rng,
    arrays: Vec<Array>,
    body: String,
}

/// The program of `seed`.
pub fn generate(seed: u64) -> RandomProgram {
    let mut g = Gen { rng: Rng(SplitMix(seed)), arrays: Vec::new(), body: String::new() };
    let count = g.rng.range(2, 4);
    for a in 0..count {
        let elem = *g.rng.pick(&[Elem::F32, Elem::F32, Elem::F64, Elem::F64, Elem::I32]);
        let rank = *g.rng.pick(&[1, 2, 2, 2, 3]);
        g.arrays.push(Array { name: format!("A{a}"), elem, rank });
    }
    let nests = g.rng.range(1, 3);
    for _ in 0..nests {
        match g.rng.range(0, 9) {
            0..=3 => g.map_nest(1, false),
            4 | 5 => g.map_nest(1, true),
            6 | 7 => g.imperfect_nest(),
            _ => g.time_loop(),
        }
    }
    let n = g.rng.range(4, MAX_N);
    let params: Vec<String> =
        g.arrays.iter().map(|a| format!("{} {}{}", a.elem.c(), a.name, format!("[{EXTENT}]").repeat(a.rank))).collect();
    let mut source = String::new();
    let _ = writeln!(source, "// sharc random program, seed {seed}");
    let _ = writeln!(source, "void kernel(int n, float alpha, double beta, {}) {{", params.join(", "));
    let _ = writeln!(source, "  int i, j, k, t;");
    source.push_str(&g.body);
    source.push_str("}\n");
    RandomProgram {
        seed,
        source,
        function: "kernel".into(),
        args: vec![format!("n={n}"), "alpha=1.5".into(), "beta=-0.75".into()],
    }
}

impl Gen {
    /// An array of rank at least `rank`, if there is one.
    fn array_of_rank(&mut self, rank: usize) -> Option<Array> {
        let fit: Vec<Array> = self.arrays.iter().filter(|a| a.rank >= rank).cloned().collect();
        (!fit.is_empty()).then(|| self.rng.pick(&fit).clone())
    }

    /// A read of some array other than `out` (or of `out` at `own`, its element being written),
    /// subscripted by the loop variables in `ivs` plus halo offsets.
    fn read(&mut self, out: &Array, own: &str, ivs: &[&str], want_float: bool) -> String {
        let others: Vec<Array> =
            self.arrays.iter().filter(|a| a.name != out.name && (want_float || !a.elem.is_float())).cloned().collect();
        if others.is_empty() || self.rng.chance(1, 5) {
            return own.to_string();
        }
        let a = self.rng.pick(&others).clone();
        let mut s = a.name.clone();
        for _ in 0..a.rank {
            let iv = *self.rng.pick(ivs);
            let off = self.rng.range(0, 2);
            let _ = write!(s, "[{iv} + {off}]");
        }
        s
    }

    /// An expression of `elem` type over reads.
    fn expr(&mut self, out: &Array, own: &str, ivs: &[&str]) -> String {
        let float = out.elem.is_float();
        let terms = self.rng.range(1, 3);
        let mut e = self.read(out, own, ivs, float);
        for _ in 1..terms {
            let op = *self.rng.pick(&["+", "-", "*"]);
            let r = self.read(out, own, ivs, float);
            e = format!("({e} {op} {r})");
        }
        if float {
            match self.rng.range(0, 4) {
                0 => e = format!("alpha * {e}"),
                1 => e = format!("{e} * beta + 0.5f"),
                2 => {
                    let r = self.read(out, own, ivs, float);
                    e = format!("({e} > {r} ? {e} : {r})");
                }
                _ => {}
            }
        } else {
            match self.rng.range(0, 4) {
                0 => e = format!("{e} * 3 - {}", IVS[0]),
                1 => e = format!("({e}) / 3 + ({e}) % 5"),
                2 => {
                    let r = self.read(out, own, ivs, float);
                    e = format!("({e} < {r} ? {r} : {e} - 1)");
                }
                _ => {}
            }
        }
        e
    }

    /// The element of `out` that the parallel loops `par` own (in a random order of the loops,
    /// constant subscripts for the remaining dimensions).
    fn own_element(&mut self, out: &Array, par: &[&str]) -> String {
        let mut order: Vec<&str> = par.to_vec();
        if order.len() == 2 && self.rng.chance(1, 3) {
            order.swap(0, 1);
        }
        let mut s = out.name.clone();
        for d in 0..out.rank {
            match order.get(d) {
                Some(iv) => {
                    let _ = write!(s, "[{iv} + 1]");
                }
                None => {
                    let c = self.rng.range(0, 3);
                    let _ = write!(s, "[{c}]");
                }
            }
        }
        s
    }

    /// A map (or, with `reduce`, a reduction) nest of one or two parallel loops, indented by
    /// `depth` levels.
    fn map_nest(&mut self, depth: usize, reduce: bool) {
        let want = self.rng.range(1, 2);
        let Some(out) = self.array_of_rank(want) else { return };
        let par_count = want.min(out.rank);
        let par = &IVS[..par_count];
        let own = self.own_element(&out, par);
        let ind = "  ".repeat(depth);
        let triangular = par_count == 2 && self.rng.chance(1, 4);
        let guard = self.rng.chance(1, 5);
        let share = !reduce && par_count == 2 && !triangular && self.rng.chance(1, 6);
        let style = self.rng.range(0, 3);
        let lower0 = self.rng.range(0, 1);
        // A share pragma's array must be read by the nest, and every read must split its
        // dimensions by the same loops: a stencil of `S[i + a][j + b]`, nothing else of S.
        let shared = share
            .then(|| {
                self.arrays
                    .iter()
                    .find(|a| a.rank == 2 && a.name != out.name && (out.elem.is_float() || !a.elem.is_float()))
                    .cloned()
            })
            .flatten();
        if let Some(seed) = &shared {
            let _ = writeln!(self.body, "{ind}#pragma acc share({}[TB_Y][TB_X])", seed.name);
        }
        let (outer_pragma, inner_pragma) = match (par_count, style) {
            (1, 3) => ("acc kernels loop independent", None),
            (1, _) => ("acc parallel loop", None),
            (_, 0) => ("acc parallel loop collapse(2)", None),
            (_, 1) => ("acc parallel loop", Some("acc loop")),
            (_, 2) => ("acc parallel loop", None),
            _ => ("acc kernels loop independent", Some("acc loop independent")),
        };
        let collapse = outer_pragma.contains("collapse");
        let _ = writeln!(self.body, "{ind}#pragma {outer_pragma}");
        // A one-dimensional map sometimes strides by 2.
        let step = if par_count == 1 && self.rng.chance(1, 4) { "i += 2" } else { "i++" };
        let _ = writeln!(self.body, "{ind}for (i = {lower0}; i < n; {step}) {{");
        let mut inner = format!("{ind}  ");
        if par_count == 2 {
            if let Some(p) = inner_pragma {
                let _ = writeln!(self.body, "{inner}#pragma {p}");
            }
            let bounds = if triangular && !collapse {
                *self.rng.pick(&["j = 0; j <= i", "j = i; j < n"])
            } else {
                "j = 0; j < n"
            };
            let _ = writeln!(self.body, "{inner}for ({bounds}; j++) {{");
            inner.push_str("  ");
        }
        let mut close = Vec::new();
        if guard {
            let cond = if par_count == 2 { "i + j < n + 2" } else { "i > 1" };
            let _ = writeln!(self.body, "{inner}if ({cond}) {{");
            close.push(inner.clone());
            inner.push_str("  ");
        }
        if reduce {
            let ivs: Vec<&str> = IVS[..par_count].iter().copied().chain(["k"]).collect();
            let acc_ty = out.elem.c();
            let _ = writeln!(self.body, "{inner}{acc_ty} acc = 0;");
            let k_loop = if self.rng.chance(1, 3) { "k = n - 1; k >= 0; k--" } else { "k = 0; k < n; k++" };
            let _ = writeln!(self.body, "{inner}for ({k_loop})");
            let e = self.expr(&out, &own, &ivs);
            let _ = writeln!(self.body, "{inner}  acc += {e};");
            let _ = writeln!(self.body, "{inner}{own} = acc + {own};");
        } else if let Some(seed) = &shared {
            let taps: Vec<String> = (0..self.rng.range(1, 3))
                .map(|_| format!("{}[i + {}][j + {}]", seed.name, self.rng.range(0, 2), self.rng.range(0, 2)))
                .collect();
            let _ = writeln!(self.body, "{inner}{own} = {};", taps.join(" + "));
        } else {
            let e = self.expr(&out, &own, par);
            let _ = writeln!(self.body, "{inner}{own} = {e};");
        }
        for c in close.into_iter().rev() {
            let _ = writeln!(self.body, "{c}}}");
        }
        if par_count == 2 {
            let _ = writeln!(self.body, "{ind}  }}");
        }
        let _ = writeln!(self.body, "{ind}}}");
    }

    /// A parallel loop whose body writes one array before an inner loop writing another.
    fn imperfect_nest(&mut self) {
        let Some(first) = self.array_of_rank(1) else { return };
        let Some(second) = self.array_of_rank(2).filter(|a| a.name != first.name) else {
            return self.map_nest(1, false);
        };
        let own1 = self.own_element(&first, &["i"]);
        let own2 = self.own_element(&second, &["i", "j"]);
        let annotate = self.rng.chance(1, 2);
        let _ = writeln!(self.body, "  #pragma acc parallel loop");
        let _ = writeln!(self.body, "  for (i = 0; i < n; i++) {{");
        // Other iterations of i write `second`: the first statement reads it nowhere.
        let mut e1 = self.expr(&first, &own1, &["i"]);
        if e1.contains(&second.name) {
            e1 = own1.clone();
        }
        let _ = writeln!(self.body, "    {own1} = {e1};");
        if annotate {
            let _ = writeln!(self.body, "    #pragma acc loop");
        }
        let _ = writeln!(self.body, "    for (j = 0; j < n; j++)");
        // The second statement may read the first's array only at the element this iteration
        // of i wrote (own1 subscripted by i alone): other iterations write the rest.
        let mut e2 = self.expr(&second, &own2, &["i", "j"]);
        if e2.contains(&first.name) {
            e2 = own2.clone();
        }
        let _ = writeln!(self.body, "      {own2} = {e2};");
        let _ = writeln!(self.body, "  }}");
    }

    /// A sequential time loop around two maps, each reading the other's output with a halo.
    fn time_loop(&mut self) {
        let two_d: Vec<Array> = self.arrays.iter().filter(|a| a.rank == 2).cloned().collect();
        let [x, y, ..] = two_d.as_slice() else { return self.map_nest(1, false) };
        let (x, y) = (x.clone(), y.clone());
        let steps = self.rng.range(1, 3);
        let _ = writeln!(self.body, "  for (t = 0; t < {steps}; t++) {{");
        for (src, dst) in [(&x, &y), (&y, &x)] {
            let conv = if dst.elem.is_float() || !src.elem.is_float() { "" } else { "skip" };
            if !conv.is_empty() {
                continue;
            }
            let c = if dst.elem.is_float() { "0.25f" } else { "2" };
            let _ = writeln!(self.body, "    #pragma acc parallel loop collapse(2)");
            let _ = writeln!(self.body, "    for (i = 1; i < n; i++)");
            let _ = writeln!(self.body, "      for (j = 1; j < n; j++)");
            let s = &src.name;
            let _ = writeln!(
                self.body,
                "        {}[i][j] = {c} * ({s}[i - 1][j] + {s}[i + 1][j] + {s}[i][j - 1] + {s}[i][j + 1]);",
                dst.name
            );
        }
        let _ = writeln!(self.body, "  }}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_always_gives_the_same_program() {
        assert_eq!(generate(7).source, generate(7).source);
        assert_ne!(generate(7).source, generate(8).source);
    }

    #[test]
    fn programs_stay_inside_their_arrays() {
        // The largest subscript is an induction variable below n <= MAX_N plus 2, or i + 1
        // (time loops), so EXTENT = MAX_N + 3 is enough.
        const { assert!(MAX_N + 3 <= EXTENT) };
        for seed in 0..200 {
            let p = generate(seed);
            assert!(p.source.contains("void kernel("), "{}", p.source);
        }
    }
}
