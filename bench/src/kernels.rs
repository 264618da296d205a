//! A generator of large affine-level modules: PolyBench-style kernels (gemm, 2mm, atax,
//! jacobi-2d, seidel-2d, heat-3d, trisolv, tiled matmul, covariance, softmax, ...) written with
//! nested `affine.for` loops, `affine.load`/`affine.store` with affine index expressions,
//! `affine.apply`/`affine.min`/`affine.if` over `#map`/`#set` aliases, `iter_args` reductions,
//! `affine.parallel`, `memref.alloc`/`alloca`/`dealloc`/`dim` and arith/math ops.
//!
//! The text is what a front-end would hand over (readable names such as `%i`, `%acc`); the
//! benchmark runs it once through upstream `mlir-opt` to get the canonical printed form, so both
//! tools then read exactly the same bytes. Generation is deterministic: the same function count
//! gives the same text.

use std::fmt::Write as _;

/// Affine maps and integer sets every generated module defines (and the kernels use).
const ALIASES: &str = "\
#lb1 = affine_map<(d0) -> (d0)>
#tile_ub = affine_map<(d0)[s0] -> (d0 + 32, s0)>
#shift = affine_map<(d0, d1) -> (d0 * 2 + d1 + 1)>
#flat = affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>
#half = affine_map<()[s0] -> (s0 floordiv 2)>
#interior = affine_set<(d0, d1)[s0] : (d0 - 1 >= 0, -d0 + s0 - 2 >= 0, d1 - 1 >= 0, -d1 + s0 - 2 >= 0)>
#even = affine_set<(d0) : (d0 mod 2 == 0)>
";

/// Problem sizes, PolyBench's MINI to LARGE datasets.
const SIZES: &[i64] = &[32, 40, 60, 64, 100, 120, 128, 200, 256, 500, 1000];

/// Generates a module of `functions` kernels.
pub fn generate(functions: usize) -> String {
    let mut out = String::with_capacity(functions * 2600 + ALIASES.len());
    out.push_str(ALIASES);
    out.push_str("module {\n");
    for i in 0..functions {
        let mut k = Kernel { out: &mut out, depth: 1, next: 0 };
        let n = SIZES[i % SIZES.len()];
        let m = SIZES[(i * 7 + 3) % SIZES.len()];
        let ty = if i % 3 == 2 { "f64" } else { "f32" };
        match i % KERNELS.len() {
            0 => gemm(&mut k, i, n, m, ty),
            1 => two_mm(&mut k, i, n, m, ty),
            2 => atax(&mut k, i, n, m, ty),
            3 => jacobi_2d(&mut k, i, n, ty),
            4 => seidel_2d(&mut k, i, n, ty),
            5 => heat_3d(&mut k, i, n.min(120), ty),
            6 => trisolv(&mut k, i, n, ty),
            7 => tiled_matmul(&mut k, i, ty),
            8 => covariance(&mut k, i, n, m, ty),
            9 => softmax(&mut k, i, n, m, ty),
            10 => boundary(&mut k, i, ty),
            _ => parallel_scale(&mut k, i, n, m, ty),
        }
    }
    out.push_str("}\n");
    out
}

/// The kernel names, in the order [`generate`] cycles through them.
pub const KERNELS: &[&str] = &[
    "gemm",
    "2mm",
    "atax",
    "jacobi_2d",
    "seidel_2d",
    "heat_3d",
    "trisolv",
    "tiled_matmul",
    "covariance",
    "softmax",
    "boundary",
    "parallel_scale",
];

/// Emits one function: indented lines and fresh SSA names.
struct Kernel<'a> {
    out: &'a mut String,
    depth: usize,
    next: usize,
}

impl Kernel<'_> {
    fn line(&mut self, text: &str) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    /// Opens a block: `text` ends in `{`.
    fn open(&mut self, text: &str) {
        self.line(text);
        self.depth += 1;
    }

    fn close(&mut self) {
        self.depth -= 1;
        self.line("}");
    }

    /// A fresh SSA name `%<hint><n>`.
    fn fresh(&mut self, hint: &str) -> String {
        self.next += 1;
        format!("%{hint}{}", self.next)
    }

    /// `%v = <rhs>`; returns `%v`.
    fn def(&mut self, hint: &str, rhs: &str) -> String {
        let v = self.fresh(hint);
        self.line(&format!("{v} = {rhs}"));
        v
    }

    fn load(&mut self, mem: &str, idx: &str, ty: &str) -> String {
        self.def("v", &format!("affine.load {mem}[{idx}] : {ty}"))
    }

    fn store(&mut self, val: &str, mem: &str, idx: &str, ty: &str) {
        self.line(&format!("affine.store {val}, {mem}[{idx}] : {ty}"));
    }

    fn bin(&mut self, op: &str, a: &str, b: &str, ty: &str) -> String {
        self.def("v", &format!("arith.{op} {a}, {b} : {ty}"))
    }

    fn constf(&mut self, x: f64, ty: &str) -> String {
        self.def("cst", &format!("arith.constant {x:.6e} : {ty}"))
    }
}

fn mem2(a: i64, b: i64, ty: &str) -> String {
    format!("memref<{a}x{b}x{ty}>")
}

/// C = alpha * A * B + beta * C.
fn gemm(k: &mut Kernel, id: usize, n: i64, m: i64, ty: &str) {
    let (c, a, b) = (mem2(n, m, ty), mem2(n, n, ty), mem2(n, m, ty));
    k.open(&format!("func.func @gemm_{id}(%alpha: {ty}, %beta: {ty}, %C: {c}, %A: {a}, %B: {b}) {{"));
    k.open(&format!("affine.for %i = 0 to {n} {{"));
    k.open(&format!("affine.for %j = 0 to {m} {{"));
    let x = k.load("%C", "%i, %j", &c);
    let y = k.bin("mulf", &x, "%beta", ty);
    k.store(&y, "%C", "%i, %j", &c);
    k.close();
    k.open(&format!("affine.for %k = 0 to {n} {{"));
    k.open(&format!("affine.for %j = 0 to {m} {{"));
    let av = k.load("%A", "%i, %k", &a);
    let s = k.bin("mulf", "%alpha", &av, ty);
    let bv = k.load("%B", "%k, %j", &b);
    let p = k.bin("mulf", &s, &bv, ty);
    let cv = k.load("%C", "%i, %j", &c);
    let r = k.bin("addf", &cv, &p, ty);
    k.store(&r, "%C", "%i, %j", &c);
    k.close();
    k.close();
    k.close();
    k.line("return");
    k.close();
}

/// D = alpha * A * B * C + beta * D, with the temporary in a `memref.alloc`.
fn two_mm(k: &mut Kernel, id: usize, n: i64, m: i64, ty: &str) {
    let sq = mem2(n, n, ty);
    let r = mem2(n, m, ty);
    k.open(&format!("func.func @mm2_{id}(%alpha: {ty}, %beta: {ty}, %A: {sq}, %B: {sq}, %C: {r}, %D: {r}) {{"));
    let tmp = k.def("tmp", &format!("memref.alloc() : {sq}"));
    let zero = k.constf(0.0, ty);
    for (out, lhs, rhs, cols, out_ty) in [(tmp.as_str(), "%A", "%B", n, &sq), ("%D", tmp.as_str(), "%C", m, &r)] {
        k.open(&format!("affine.for %i = 0 to {n} {{"));
        k.open(&format!("affine.for %j = 0 to {cols} {{"));
        if out == "%D" {
            let d = k.load("%D", "%i, %j", out_ty);
            let d2 = k.bin("mulf", &d, "%beta", ty);
            k.store(&d2, "%D", "%i, %j", out_ty);
        } else {
            k.store(&zero, out, "%i, %j", out_ty);
        }
        k.open(&format!("affine.for %k = 0 to {n} {{"));
        let a = k.load(lhs, "%i, %k", &sq);
        let a2 = if out == "%D" { a } else { k.bin("mulf", "%alpha", &a, ty) };
        let b = k.load(rhs, "%k, %j", out_ty);
        let p = k.bin("mulf", &a2, &b, ty);
        let o = k.load(out, "%i, %j", out_ty);
        let s = k.bin("addf", &o, &p, ty);
        k.store(&s, out, "%i, %j", out_ty);
        k.close();
        k.close();
        k.close();
    }
    k.line(&format!("memref.dealloc {tmp} : {sq}"));
    k.line("return");
    k.close();
}

/// y = A^T (A x), the inner product as an `iter_args` reduction into a `memref.alloca`.
fn atax(k: &mut Kernel, id: usize, n: i64, m: i64, ty: &str) {
    let a = mem2(n, m, ty);
    let (x, y, t) = (format!("memref<{m}x{ty}>"), format!("memref<{m}x{ty}>"), format!("memref<{n}x{ty}>"));
    k.open(&format!("func.func @atax_{id}(%A: {a}, %x: {x}, %y: {y}) {{"));
    let tmp = k.def("tmp", &format!("memref.alloca() : {t}"));
    let zero = k.constf(0.0, ty);
    k.open(&format!("affine.for %i = 0 to {n} {{"));
    let acc = k.fresh("acc");
    let sum = k.fresh("sum");
    k.open(&format!("{sum} = affine.for %j = 0 to {m} iter_args({acc} = {zero}) -> ({ty}) {{"));
    let av = k.load("%A", "%i, %j", &a);
    let xv = k.load("%x", "%j", &x);
    let p = k.bin("mulf", &av, &xv, ty);
    let s = k.bin("addf", &acc, &p, ty);
    k.line(&format!("affine.yield {s} : {ty}"));
    k.close();
    k.store(&sum, &tmp, "%i", &t);
    k.open(&format!("affine.for %j = 0 to {m} {{"));
    let yv = k.load("%y", "%j", &y);
    let av = k.load("%A", "%i, %j", &a);
    let tv = k.load(&tmp, "%i", &t);
    let p = k.bin("mulf", &av, &tv, ty);
    let s = k.bin("addf", &yv, &p, ty);
    k.store(&s, "%y", "%j", &y);
    k.close();
    k.close();
    k.line("return");
    k.close();
}

/// Five-point Jacobi stencil over a time loop, ping-ponging between A and B.
fn jacobi_2d(k: &mut Kernel, id: usize, n: i64, ty: &str) {
    let t = mem2(n, n, ty);
    k.open(&format!("func.func @jacobi_2d_{id}(%A: {t}, %B: {t}) {{"));
    let fifth = k.constf(0.2, ty);
    k.open("affine.for %t = 0 to 20 {");
    for (src, dst) in [("%A", "%B"), ("%B", "%A")] {
        k.open(&format!("affine.for %i = 1 to {} {{", n - 1));
        k.open(&format!("affine.for %j = 1 to {} {{", n - 1));
        let c = k.load(src, "%i, %j", &t);
        let w = k.load(src, "%i, %j - 1", &t);
        let e = k.load(src, "%i, %j + 1", &t);
        let s = k.load(src, "%i + 1, %j", &t);
        let nn = k.load(src, "%i - 1, %j", &t);
        let a = k.bin("addf", &c, &w, ty);
        let b = k.bin("addf", &a, &e, ty);
        let c2 = k.bin("addf", &b, &s, ty);
        let d = k.bin("addf", &c2, &nn, ty);
        let r = k.bin("mulf", &fifth, &d, ty);
        k.store(&r, dst, "%i, %j", &t);
        k.close();
        k.close();
    }
    k.close();
    k.line("return");
    k.close();
}

/// Nine-point Gauss-Seidel stencil in place.
fn seidel_2d(k: &mut Kernel, id: usize, n: i64, ty: &str) {
    let t = mem2(n, n, ty);
    k.open(&format!("func.func @seidel_2d_{id}(%A: {t}) {{"));
    let nine = k.constf(9.0, ty);
    k.open("affine.for %t = 0 to 10 {");
    k.open(&format!("affine.for %i = 1 to {} {{", n - 1));
    k.open(&format!("affine.for %j = 1 to {} {{", n - 1));
    let mut acc = k.load("%A", "%i - 1, %j - 1", &t);
    for idx in [
        "%i - 1, %j",
        "%i - 1, %j + 1",
        "%i, %j - 1",
        "%i, %j",
        "%i, %j + 1",
        "%i + 1, %j - 1",
        "%i + 1, %j",
        "%i + 1, %j + 1",
    ] {
        let v = k.load("%A", idx, &t);
        acc = k.bin("addf", &acc, &v, ty);
    }
    let r = k.bin("divf", &acc, &nine, ty);
    k.store(&r, "%A", "%i, %j", &t);
    k.close();
    k.close();
    k.close();
    k.line("return");
    k.close();
}

/// Seven-point heat equation in 3-D.
fn heat_3d(k: &mut Kernel, id: usize, n: i64, ty: &str) {
    let t = format!("memref<{n}x{n}x{n}x{ty}>");
    k.open(&format!("func.func @heat_3d_{id}(%A: {t}, %B: {t}) {{"));
    let c = k.constf(0.125, ty);
    let two = k.constf(2.0, ty);
    k.open("affine.for %t = 1 to 20 {");
    k.open(&format!("affine.for %i = 1 to {} {{", n - 1));
    k.open(&format!("affine.for %j = 1 to {} {{", n - 1));
    k.open(&format!("affine.for %k = 1 to {} {{", n - 1));
    let ctr = k.load("%A", "%i, %j, %k", &t);
    let twice = k.bin("mulf", &two, &ctr, ty);
    let mut sum = None::<String>;
    for (lo, hi) in [
        ("%i + 1, %j, %k", "%i - 1, %j, %k"),
        ("%i, %j + 1, %k", "%i, %j - 1, %k"),
        ("%i, %j, %k + 1", "%i, %j, %k - 1"),
    ] {
        let a = k.load("%A", lo, &t);
        let b = k.load("%A", hi, &t);
        let d = k.bin("subf", &a, &twice, ty);
        let e = k.bin("addf", &d, &b, ty);
        let f = k.bin("mulf", &c, &e, ty);
        sum = Some(match sum {
            Some(s) => k.bin("addf", &s, &f, ty),
            None => f,
        });
    }
    let s = sum.expect("three terms were added");
    let r = k.bin("addf", &s, &ctr, ty);
    k.store(&r, "%B", "%i, %j, %k", &t);
    k.close();
    k.close();
    k.close();
    k.close();
    k.line("return");
    k.close();
}

/// Forward substitution: a triangular loop whose bound is the outer induction variable.
fn trisolv(k: &mut Kernel, id: usize, n: i64, ty: &str) {
    let l = mem2(n, n, ty);
    let v = format!("memref<{n}x{ty}>");
    k.open(&format!("func.func @trisolv_{id}(%L: {l}, %x: {v}, %b: {v}) {{"));
    k.open(&format!("affine.for %i = 0 to {n} {{"));
    let bv = k.load("%b", "%i", &v);
    k.store(&bv, "%x", "%i", &v);
    k.open("affine.for %j = 0 to #lb1(%i) {");
    let lv = k.load("%L", "%i, %j", &l);
    let xj = k.load("%x", "%j", &v);
    let xi = k.load("%x", "%i", &v);
    let p = k.bin("mulf", &lv, &xj, ty);
    let d = k.bin("subf", &xi, &p, ty);
    k.store(&d, "%x", "%i", &v);
    k.close();
    let xi = k.load("%x", "%i", &v);
    let li = k.load("%L", "%i, %i", &l);
    let q = k.bin("divf", &xi, &li, ty);
    k.store(&q, "%x", "%i", &v);
    k.close();
    k.line("return");
    k.close();
}

/// Matmul on dynamic shapes, tiled by 32 with `min` bounds, symbols from `memref.dim`.
fn tiled_matmul(k: &mut Kernel, id: usize, ty: &str) {
    let t = format!("memref<?x?x{ty}>");
    k.open(&format!("func.func @tiled_matmul_{id}(%A: {t}, %B: {t}, %C: {t}) {{"));
    let c0 = k.def("c", "arith.constant 0 : index");
    let c1 = k.def("c", "arith.constant 1 : index");
    let n = k.def("n", &format!("memref.dim %A, {c0} : {t}"));
    let m = k.def("m", &format!("memref.dim %B, {c1} : {t}"));
    let kk = k.def("kk", &format!("memref.dim %A, {c1} : {t}"));
    k.open(&format!("affine.for %ii = 0 to {n} step 32 {{"));
    k.open(&format!("affine.for %jj = 0 to {m} step 32 {{"));
    k.open(&format!("affine.for %i = #lb1(%ii) to min #tile_ub(%ii)[{n}] {{"));
    k.open(&format!("affine.for %j = #lb1(%jj) to min #tile_ub(%jj)[{m}] {{"));
    let init = k.load("%C", "%i, %j", &t);
    let acc = k.fresh("acc");
    let r = k.fresh("r");
    k.open(&format!("{r} = affine.for %k = 0 to {kk} iter_args({acc} = {init}) -> ({ty}) {{"));
    let a = k.load("%A", "%i, %k", &t);
    let b = k.load("%B", "%k, %j", &t);
    let p = k.bin("mulf", &a, &b, ty);
    let s = k.bin("addf", &acc, &p, ty);
    k.line(&format!("affine.yield {s} : {ty}"));
    k.close();
    k.store(&r, "%C", "%i, %j", &t);
    k.close();
    k.close();
    k.close();
    k.close();
    k.line("return");
    k.close();
}

/// Column means (integer induction variable converted to float), then the covariance matrix.
fn covariance(k: &mut Kernel, id: usize, n: i64, m: i64, ty: &str) {
    let d = mem2(n, m, ty);
    let c = mem2(m, m, ty);
    let v = format!("memref<{m}x{ty}>");
    k.open(&format!("func.func @covariance_{id}(%data: {d}, %cov: {c}, %mean: {v}) {{"));
    let zero = k.constf(0.0, ty);
    let nf = k.constf(n as f64, ty);
    k.open(&format!("affine.for %j = 0 to {m} {{"));
    k.store(&zero, "%mean", "%j", &v);
    k.open(&format!("affine.for %i = 0 to {n} {{"));
    let x = k.load("%data", "%i, %j", &d);
    let mj = k.load("%mean", "%j", &v);
    let s = k.bin("addf", &mj, &x, ty);
    k.store(&s, "%mean", "%j", &v);
    k.close();
    let mj = k.load("%mean", "%j", &v);
    let q = k.bin("divf", &mj, &nf, ty);
    k.store(&q, "%mean", "%j", &v);
    k.close();
    k.open(&format!("affine.for %i = 0 to {m} {{"));
    k.open(&format!("affine.for %j = #lb1(%i) to {m} {{"));
    k.store(&zero, "%cov", "%i, %j", &c);
    k.open(&format!("affine.for %k = 0 to {n} {{"));
    let a = k.load("%data", "%k, %i", &d);
    let b = k.load("%data", "%k, %j", &d);
    let p = k.bin("mulf", &a, &b, ty);
    let cv = k.load("%cov", "%i, %j", &c);
    let s = k.bin("addf", &cv, &p, ty);
    k.store(&s, "%cov", "%i, %j", &c);
    k.close();
    let cv = k.load("%cov", "%i, %j", &c);
    let ii = k.def("idx", "arith.index_cast %i : index to i32");
    let fi = k.def("fi", &format!("arith.sitofp {ii} : i32 to {ty}"));
    let q = k.bin("divf", &cv, &fi, ty);
    k.store(&q, "%cov", "%j, %i", &c);
    k.close();
    k.close();
    k.line("return");
    k.close();
}

/// Row-wise softmax: max and sum reductions, `math.exp`, `arith.maximumf`.
fn softmax(k: &mut Kernel, id: usize, n: i64, m: i64, ty: &str) {
    let t = mem2(n, m, ty);
    k.open(&format!("func.func @softmax_{id}(%X: {t}, %Y: {t}) {{"));
    let ninf = k.constf(-1.0e30, ty);
    let zero = k.constf(0.0, ty);
    k.open(&format!("affine.for %i = 0 to {n} {{"));
    let (acc, mx) = (k.fresh("acc"), k.fresh("max"));
    k.open(&format!("{mx} = affine.for %j = 0 to {m} iter_args({acc} = {ninf}) -> ({ty}) {{"));
    let x = k.load("%X", "%i, %j", &t);
    let r = k.bin("maximumf", &acc, &x, ty);
    k.line(&format!("affine.yield {r} : {ty}"));
    k.close();
    let (acc, sum) = (k.fresh("acc"), k.fresh("sum"));
    k.open(&format!("{sum} = affine.for %j = 0 to {m} iter_args({acc} = {zero}) -> ({ty}) {{"));
    let x = k.load("%X", "%i, %j", &t);
    let d = k.bin("subf", &x, &mx, ty);
    let e = k.def("e", &format!("math.exp {d} : {ty}"));
    k.store(&e, "%Y", "%i, %j", &t);
    let s = k.bin("addf", &acc, &e, ty);
    k.line(&format!("affine.yield {s} : {ty}"));
    k.close();
    k.open(&format!("affine.for %j = 0 to {m} {{"));
    let y = k.load("%Y", "%i, %j", &t);
    let q = k.bin("divf", &y, &sum, ty);
    k.store(&q, "%Y", "%i, %j", &t);
    k.close();
    k.close();
    k.line("return");
    k.close();
}

/// A stencil on a dynamic square array that guards its interior with `affine.if` and uses
/// `affine.apply` for a linearised index and a parity test.
fn boundary(k: &mut Kernel, id: usize, ty: &str) {
    let t = format!("memref<?x?x{ty}>");
    let flat = format!("memref<?x{ty}>");
    k.open(&format!("func.func @boundary_{id}(%A: {t}, %F: {flat}, %s: {ty}) {{"));
    let c0 = k.def("c", "arith.constant 0 : index");
    let n = k.def("n", &format!("memref.dim %A, {c0} : {t}"));
    let h = k.def("h", &format!("affine.apply #half()[{n}]"));
    k.open(&format!("affine.for %i = 0 to {n} {{"));
    k.open(&format!("affine.for %j = 0 to {h} {{"));
    k.open(&format!("affine.if #interior(%i, %j)[{n}] {{"));
    let a = k.load("%A", "%i - 1, %j", &t);
    let b = k.load("%A", "%i + 1, %j", &t);
    let s = k.bin("addf", &a, &b, ty);
    let p = k.def("p", &format!("affine.apply #flat(%i, %j)[{n}]"));
    k.store(&s, "%F", &p, &flat);
    k.close();
    k.open("affine.if #even(%j) {");
    let q = k.def("q", "affine.apply #shift(%i, %j)");
    let x = k.load("%F", &q, &flat);
    let y = k.bin("mulf", &x, "%s", ty);
    k.store(&y, "%A", "%i, %j", &t);
    k.close();
    k.close();
    k.close();
    k.line("return");
    k.close();
}

/// `affine.parallel` scaling with an integer side computation and `arith.select`.
fn parallel_scale(k: &mut Kernel, id: usize, n: i64, m: i64, ty: &str) {
    let t = mem2(n, m, ty);
    k.open(&format!("func.func @parallel_scale_{id}(%A: {t}, %s: {ty}) {{"));
    let zero = k.constf(0.0, ty);
    k.open(&format!("affine.parallel (%i, %j) = (0, 0) to ({n}, {m}) {{"));
    let x = k.load("%A", "%i, %j", &t);
    let y = k.bin("mulf", &x, "%s", ty);
    let neg = k.def("neg", &format!("arith.cmpf olt, {y}, {zero} : {ty}"));
    let r = k.def("r", &format!("arith.select {neg}, {zero}, {y} : {ty}"));
    k.store(&r, "%A", "%i, %j", &t);
    k.close();
    k.line("return");
    k.close();
}

/// The number of bytes and lines of `text`, for reports.
pub fn describe(text: &str) -> String {
    let mut s = String::new();
    let _ = write!(s, "{:.2} MB, {} lines", text.len() as f64 / 1e6, text.lines().count());
    s
}
