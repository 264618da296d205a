//! Tests of the index derivation: kernels parsed from text, and random index computations
//! checked against a direct evaluation of the same expression on random thread ids.

use super::*;
use sharc_dialects::{affine, memref};
use sharc_ir::syntax::{parse_source, ParseOptions};
use sharc_ir::{Context, OpId, Type};

/// Parses and verifies a module; returns the context and the first `gpu.func` or `gpu.launch`.
fn parse_kernel(text: &str) -> (Context, OpId) {
    let mut ctx = Context::new(sharc_dialects::registry());
    let module = parse_source(&mut ctx, "test.mlir", text, &ParseOptions::default())
        .unwrap_or_else(|d| panic!("{}\n{text}", d.message));
    sharc_ir::verifier::verify(&ctx, module).unwrap_or_else(|d| panic!("{}\n{text}", d.message));
    let kernel = ctx.collect_ops(module).into_iter().find(|&o| enclosing_kernel(&ctx, o) == Some(o)).expect("a kernel");
    (ctx, kernel)
}

/// Parses a type.
fn parse_type(ctx: &mut Context, text: &str) -> Type {
    let mut p = sharc_ir::syntax::Parser::new(ctx, "type", text, ParseOptions::default())
        .unwrap_or_else(|d| panic!("{}", d.message));
    p.parse_type().unwrap_or_else(|d| panic!("{}: {text}", d.message))
}

/// The subscripts of every `memref.load`/`affine.load` of the kernel, in order, as forms.
fn load_subscripts(text: &str) -> Vec<Result<Vec<IndexForm>, IndexError>> {
    let (ctx, kernel) = parse_kernel(text);
    let scope = KernelScope::of(&ctx, kernel).expect("a valid block size");
    let mut d = IndexDeriver::new(&ctx, &scope);
    let mut out = Vec::new();
    for op in ctx.collect_ops(kernel) {
        if let Some(l) = memref::LoadOp::view(&ctx, op) {
            out.push(l.indices(&ctx).iter().map(|&v| d.form(v)).collect());
        } else if let Some(l) = affine::LoadOp::view(&ctx, op) {
            out.push(d.map_forms(l.map(&ctx).expect("a map"), l.map_operands(&ctx)));
        }
    }
    out
}

/// `(thread coefficients, unknown coefficients, constant)` of a form.
fn parts(f: &IndexForm) -> ([i64; 3], Vec<i64>, i64) {
    (f.thread, f.uniform.iter().map(|&(_, c)| c).collect(), f.constant)
}

/// The single subscript of load `i`.
fn single(loads: &[Result<Vec<IndexForm>, IndexError>], i: usize) -> Result<([i64; 3], Vec<i64>, i64), IndexError> {
    loads[i].clone().map(|v| parts(&v[0]))
}

const HEADER: &str = "gpu.module @m {\n  gpu.func @k(%arg0: index, %arg1: index, %g: memref<64xindex>) workgroup(%s : memref<4096xf32, 3>) kernel attributes {sharc.block_size = array<i32: 16, 8, 1>} {\n    %tx = gpu.thread_id x\n    %ty = gpu.thread_id y\n    %tz = gpu.thread_id z\n";
const FOOTER: &str = "    gpu.return\n  }\n}\n";

fn kernel(body: &str) -> String {
    format!("{HEADER}{body}{FOOTER}")
}

#[test]
fn arithmetic_casts_and_affine_apply() {
    let loads = load_subscripts(&kernel(
        "    %c16 = arith.constant 16 : index
    %c2 = arith.constant 2 : index
    %a = arith.muli %c16, %ty : index
    %i = arith.addi %a, %tx : index
    %0 = memref.load %s[%i] : memref<4096xf32, 3>
    %j = affine.apply affine_map<(d0)[s0] -> (d0 * 2 + s0 + 3)>(%tz)[%arg0]
    %1 = memref.load %s[%j] : memref<4096xf32, 3>
    %t32 = arith.index_cast %tx : index to i32
    %t64 = arith.extsi %t32 : i32 to i64
    %k = arith.index_cast %t64 : i64 to index
    %2 = memref.load %s[%k] : memref<4096xf32, 3>
    %l = arith.shli %ty, %c2 : index
    %m = arith.subi %l, %tx : index
    %3 = memref.load %s[%m] : memref<4096xf32, 3>
    %bx = gpu.block_dim x
    %by = gpu.block_dim y
    %n = arith.muli %bx, %by : index
    %4 = memref.load %s[%n] : memref<4096xf32, 3>
    %p = arith.muli %arg0, %arg1 : index
    %q = arith.addi %p, %arg0 : index
    %5 = memref.load %s[%q] : memref<4096xf32, 3>
    %6 = affine.load %s[%tx * 4 + %ty - 1] : memref<4096xf32, 3>
",
    ));
    assert_eq!(single(&loads, 0), Ok(([1, 16, 0], vec![], 0)));
    assert_eq!(single(&loads, 1), Ok(([0, 0, 2], vec![1], 3)));
    assert_eq!(single(&loads, 2), Ok(([1, 0, 0], vec![], 0)));
    assert_eq!(single(&loads, 3), Ok(([-1, 4, 0], vec![], 0)));
    // Known block dims fold to constants.
    assert_eq!(single(&loads, 4), Ok(([0, 0, 0], vec![], 128)));
    // A product of uniform values is one unknown of its own.
    assert_eq!(single(&loads, 5), Ok(([0, 0, 0], vec![1, 1], 0)));
    assert_eq!(single(&loads, 6), Ok(([4, 1, 0], vec![], -1)));
}

#[test]
fn loop_ivs_stand_for_their_lower_bounds() {
    let loads = load_subscripts(&kernel(
        "    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    scf.for %i = %tx to %c32 step %c32 {
      %0 = memref.load %s[%i] : memref<4096xf32, 3>
    }
    affine.for %j = 5 to 10 {
      %1 = memref.load %s[%j] : memref<4096xf32, 3>
    }
    affine.for %j = max affine_map<()[s0] -> (s0, 3)>()[%arg0] to 10 {
      %2 = memref.load %s[%j] : memref<4096xf32, 3>
    }
    affine.parallel (%x, %y) = (2, 3) to (8, 8) {
      %3 = memref.load %s[%y] : memref<4096xf32, 3>
    }
    scf.parallel (%u) = (%ty) to (%c32) step (%c1) {
      %4 = memref.load %s[%u] : memref<4096xf32, 3>
      scf.reduce
    }
    %r = scf.for %k = %c0 to %c32 step %c1 iter_args(%acc = %tx) -> (index) {
      %5 = memref.load %s[%acc] : memref<4096xf32, 3>
      scf.yield %acc : index
    }
",
    ));
    assert_eq!(single(&loads, 0), Ok(([1, 0, 0], vec![], 0)));
    assert_eq!(single(&loads, 1), Ok(([0, 0, 0], vec![], 5)));
    // max(%arg0, 3) is the same on every lane but unknown.
    assert_eq!(single(&loads, 2), Ok(([0, 0, 0], vec![1], 0)));
    assert_eq!(single(&loads, 3), Ok(([0, 0, 0], vec![], 3)));
    assert_eq!(single(&loads, 4), Ok(([0, 1, 0], vec![], 0)));
    assert_eq!(single(&loads, 5), Err(IndexError::Carried("scf.for".into())));
}

#[test]
fn what_is_not_affine_says_why() {
    let loads = load_subscripts(&kernel(
        "    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %a = arith.remui %tx, %c4 : index
    %0 = memref.load %s[%a] : memref<4096xf32, 3>
    %b = arith.muli %tx, %ty : index
    %1 = memref.load %s[%b] : memref<4096xf32, 3>
    %c = arith.muli %tx, %arg0 : index
    %2 = memref.load %s[%c] : memref<4096xf32, 3>
    %g0 = memref.load %g[%tx] : memref<64xindex>
    %3 = memref.load %s[%g0] : memref<4096xf32, 3>
    %g1 = memref.load %g[%c0] : memref<64xindex>
    %4 = memref.load %s[%g1] : memref<4096xf32, 3>
    %d = affine.apply affine_map<(d0) -> (d0 floordiv 4)>(%tx)
    %5 = memref.load %s[%d] : memref<4096xf32, 3>
    %e = affine.apply affine_map<()[s0] -> (s0 floordiv 4)>()[%arg0]
    %6 = memref.load %s[%e] : memref<4096xf32, 3>
    %cond = arith.cmpi slt, %tx, %c4 : index
    %f = scf.if %cond -> (index) {
      scf.yield %c4 : index
    } else {
      scf.yield %c0 : index
    }
    %7 = memref.load %s[%f] : memref<4096xf32, 3>
",
    ));
    assert_eq!(single(&loads, 0), Err(IndexError::NotAffine("arith.remui".into())));
    assert_eq!(single(&loads, 1), Err(IndexError::ThreadProduct("arith.muli".into())));
    assert_eq!(single(&loads, 2), Err(IndexError::ThreadProduct("arith.muli".into())));
    // (Loads 3 and 5 read %g.) A load is uniform when its address is.
    assert_eq!(single(&loads, 4), Err(IndexError::NotAffine("memref.load".into())));
    assert_eq!(single(&loads, 6), Ok(([0, 0, 0], vec![1], 0)));
    assert_eq!(single(&loads, 7), Err(IndexError::NotAffine("affine.apply".into())));
    assert_eq!(single(&loads, 8), Ok(([0, 0, 0], vec![1], 0)));
    assert_eq!(single(&loads, 9), Err(IndexError::Opaque("scf.if".into())));
}

#[test]
fn unknown_block_sizes_are_unknowns() {
    let text = "gpu.module @m {
  gpu.func @k() workgroup(%s : memref<4096xf32, 3>) kernel {
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_dim x
    %0 = memref.load %s[%bx] : memref<4096xf32, 3>
    %a = arith.muli %ty, %bx : index
    %1 = memref.load %s[%a] : memref<4096xf32, 3>
    gpu.return
  }
}
";
    let loads = load_subscripts(text);
    assert_eq!(single(&loads, 0), Ok(([0, 0, 0], vec![1], 0)));
    assert_eq!(single(&loads, 1), Err(IndexError::UnknownBlockSize));
    let (ctx, kernel) = parse_kernel(text);
    let scope = KernelScope::of(&ctx, kernel).expect("no block size is valid");
    assert_eq!((scope.block_size, scope.block_size_source, scope.known_shape()), ([None; 3], None, None));
}

#[test]
fn launch_bodies_use_their_region_arguments() {
    let text = "func.func @host(%n: index) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %n, %sz = %c1) workgroup(%w : memref<64xf32, 3>) {
    %a = arith.muli %tz, %sx : index
    %b = arith.addi %a, %bx : index
    %0 = memref.load %w[%b] : memref<64xf32, 3>
    %1 = memref.load %w[%n] : memref<64xf32, 3>
    %2 = memref.load %w[%sy] : memref<64xf32, 3>
    gpu.terminator
  }
  return
}
";
    let loads = load_subscripts(text);
    assert_eq!(single(&loads, 0), Ok(([0, 0, 8], vec![1], 0)));
    assert_eq!(single(&loads, 1), Ok(([0, 0, 0], vec![1], 0)));
    assert_eq!(single(&loads, 2), Ok(([0, 0, 0], vec![1], 0)));
    let (ctx, kernel) = parse_kernel(text);
    let scope = KernelScope::of(&ctx, kernel).expect("launch operands");
    assert_eq!((scope.block_size, scope.block_size_source), ([Some(8), None, Some(1)], Some("gpu.launch")));
}

#[test]
fn block_size_attributes() {
    let with = |attrs: &str| {
        format!("gpu.module @m {{\n  gpu.func @k() kernel attributes {{{attrs}}} {{\n    gpu.return\n  }}\n}}\n")
    };
    let scope = |text: &str| {
        let (ctx, kernel) = parse_kernel(text);
        KernelScope::of(&ctx, kernel).map(|s| (s.known_shape(), s.block_size_source))
    };
    assert_eq!(scope(&with("sharc.block_size = array<i32: 32, 4, 2>")), Ok((Some([32, 4, 2]), Some(BLOCK_SIZE_ATTR))));
    assert_eq!(
        scope(&with("known_block_size = array<i32: 64, 1, 1>")),
        Ok((Some([64, 1, 1]), Some("known_block_size")))
    );
    assert_eq!(
        scope(&with("known_block_size = array<i32: 64, 1, 1>, sharc.block_size = array<i32: 8, 8, 1>")),
        Ok((Some([8, 8, 1]), Some(BLOCK_SIZE_ATTR)))
    );
    for bad in
        ["sharc.block_size = array<i32: 32, 4>", "sharc.block_size = array<i32: 32, -1, 1>", "sharc.block_size = 3"]
    {
        assert!(scope(&with(bad)).is_err(), "{bad}");
    }
}

#[test]
fn first_warp_lanes_are_x_fastest() {
    let lanes = first_warp([16, 16, 1], 32);
    assert_eq!((lanes.len(), lanes[15], lanes[17]), (32, [15, 0, 0], [1, 1, 0]));
    let lanes = first_warp([8, 2, 4], 32);
    assert_eq!((lanes.len(), lanes[9], lanes[31]), (32, [1, 1, 0], [7, 1, 1]));
    assert_eq!(first_warp([4, 1, 1], 32).len(), 4);
    assert_eq!(first_warp([64, 1, 1], 64).last(), Some(&[63, 0, 0]));
}

#[test]
fn element_offsets_follow_the_layout() {
    let mut ctx = Context::new(sharc_dialects::registry());
    let ty = parse_type;
    let (x, y) = (IndexForm::thread_id(Dimension::X), IndexForm::thread_id(Dimension::Y));
    let padded = ty(&mut ctx, "memref<32x33xf32, 3>");
    let off = element_offset(&ctx, padded, &[x.clone(), y.clone()]).expect("strided");
    assert_eq!((parts(&off.form), off.dynamic, off.unknown_grain()), (([33, 1, 0], vec![], 0), false, 0));
    let strided = ty(&mut ctx, "memref<8x8xf32, strided<[16, 2], offset: 5>, 3>");
    let off = element_offset(&ctx, strided, &[y.clone(), x.clone()]).expect("strided");
    assert_eq!((parts(&off.form), off.dynamic), (([2, 16, 0], vec![], 5), false));
    let dynamic = ty(&mut ctx, "memref<8x8xf32, strided<[?, 1], offset: ?>, 3>");
    let off = element_offset(&ctx, dynamic, &[IndexForm::constant(0), x.clone()]).expect("uniform row");
    assert_eq!((parts(&off.form), off.dynamic, off.unknown_grain()), (([1, 0, 0], vec![], 0), true, 1));
    assert_eq!(element_offset(&ctx, dynamic, &[x, y]), Err(IndexError::DynamicStride(0)));
}

#[test]
fn element_sizes() {
    let mut ctx = Context::new(sharc_dialects::registry());
    for (text, bytes) in [
        ("i1", Some(1)),
        ("i32", Some(4)),
        ("i48", Some(8)),
        ("index", Some(8)),
        ("f16", Some(2)),
        ("f64", Some(8)),
        ("vector<4xf32>", Some(16)),
        ("complex<f32>", Some(8)),
        ("none", None),
    ] {
        let ty = parse_type(&mut ctx, text);
        assert_eq!(element_bytes(&ctx, ty), bytes, "{text}");
    }
}

/// An index computation, generated at random and evaluated directly.
#[derive(Clone, Debug)]
enum Expr {
    Tid(usize),
    Arg,
    Const(i64),
    Add(Box<Expr>, Box<Expr>),
    Sub(Box<Expr>, Box<Expr>),
    /// `arith.muli` by a constant, on the left or the right.
    Mul(Box<Expr>, i64, bool),
    Shl(Box<Expr>, i64),
    /// Through `i32` and back.
    Cast(Box<Expr>),
    /// `affine.apply (d0)[s0] -> (d0 * a + s0 * b + c)`.
    Apply(Box<Expr>, Box<Expr>, [i64; 3]),
}

impl Expr {
    fn random(rng: &mut Rng, depth: u32) -> Expr {
        let leaf = depth == 0 || rng.below(4) == 0;
        if leaf {
            return match rng.below(5) {
                0..=2 => Expr::Tid(rng.below(3) as usize),
                3 => Expr::Arg,
                _ => Expr::Const(rng.small()),
            };
        }
        let mut sub = || Box::new(Expr::random(rng, depth - 1));
        let (a, b) = (sub(), sub());
        match rng.below(6) {
            0 => Expr::Add(a, b),
            1 => Expr::Sub(a, b),
            2 => Expr::Mul(a, rng.small(), rng.below(2) == 0),
            3 => Expr::Shl(a, rng.below(4) as i64),
            4 => Expr::Cast(a),
            _ => Expr::Apply(a, b, [rng.small(), rng.small(), rng.small()]),
        }
    }

    fn eval(&self, tid: [i64; 3], arg: i64) -> i64 {
        match self {
            Expr::Tid(d) => tid[*d],
            Expr::Arg => arg,
            Expr::Const(c) => *c,
            Expr::Add(a, b) => a.eval(tid, arg) + b.eval(tid, arg),
            Expr::Sub(a, b) => a.eval(tid, arg) - b.eval(tid, arg),
            Expr::Mul(a, c, _) => a.eval(tid, arg) * c,
            Expr::Shl(a, k) => a.eval(tid, arg) << k,
            Expr::Cast(a) => a.eval(tid, arg),
            Expr::Apply(a, b, [x, y, z]) => a.eval(tid, arg) * x + b.eval(tid, arg) * y + z,
        }
    }

    /// Emits the ops computing the expression; returns the SSA name of the result.
    fn emit(&self, out: &mut String, next: &mut usize) -> String {
        let (v, line) = match self {
            Expr::Tid(d) => return ["%tx", "%ty", "%tz"][*d].to_string(),
            Expr::Arg => return "%arg0".to_string(),
            Expr::Const(c) => {
                let v = fresh(next);
                let line = format!("{v} = arith.constant {c} : index");
                (v, line)
            }
            Expr::Add(a, b) | Expr::Sub(a, b) => {
                let (a, b) = (a.emit(out, next), b.emit(out, next));
                let op = if matches!(self, Expr::Add(..)) { "addi" } else { "subi" };
                let v = fresh(next);
                let line = format!("{v} = arith.{op} {a}, {b} : index");
                (v, line)
            }
            Expr::Mul(a, c, left) => {
                let a = a.emit(out, next);
                let k = constant(out, next, *c);
                let v = fresh(next);
                let line = if *left {
                    format!("{v} = arith.muli {k}, {a} : index")
                } else {
                    format!("{v} = arith.muli {a}, {k} : index")
                };
                (v, line)
            }
            Expr::Shl(a, c) => {
                let a = a.emit(out, next);
                let k = constant(out, next, *c);
                let v = fresh(next);
                let line = format!("{v} = arith.shli {a}, {k} : index");
                (v, line)
            }
            Expr::Cast(a) => {
                let a = a.emit(out, next);
                let n = fresh(next);
                out.push_str(&format!("    {n} = arith.index_cast {a} : index to i32\n"));
                let v = fresh(next);
                let line = format!("{v} = arith.index_cast {n} : i32 to index");
                (v, line)
            }
            Expr::Apply(a, b, [x, y, z]) => {
                let (a, b) = (a.emit(out, next), b.emit(out, next));
                let v = fresh(next);
                let line = format!("{v} = affine.apply affine_map<(d0)[s0] -> (d0 * {x} + s0 * {y} + {z})>({a})[{b}]");
                (v, line)
            }
        };
        out.push_str(&format!("    {line}\n"));
        v
    }
}

fn fresh(next: &mut usize) -> String {
    *next += 1;
    format!("%v{next}")
}

fn constant(out: &mut String, next: &mut usize, c: i64) -> String {
    let k = fresh(next);
    out.push_str(&format!("    {k} = arith.constant {c} : index\n"));
    k
}

/// SplitMix64, fixed seed: every run checks the same cases.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A constant in `-8..=8`.
    fn small(&mut self) -> i64 {
        self.below(17) as i64 - 8
    }
}

#[test]
fn random_index_computations_match_direct_evaluation() {
    let mut rng = Rng(0x5eed_0002);
    for case in 0..200 {
        let expr = Expr::random(&mut rng, 4);
        let mut body = String::new();
        let mut next = 0;
        let result = expr.emit(&mut body, &mut next);
        body.push_str(&format!("    %use = memref.load %s[{result}] : memref<4096xf32, 3>\n"));
        let text = kernel(&body);
        let loads = load_subscripts(&text);
        let form = match &loads[0] {
            Ok(forms) => forms[0].clone(),
            Err(e) => panic!("case {case}: {e}\n{text}"),
        };
        assert!(form.uniform.len() <= 1, "case {case}: only %arg0 is unknown\n{text}");
        let arg_coeff = form.uniform.first().map_or(0, |&(_, c)| c);
        for _ in 0..8 {
            let tid = [rng.below(16) as i64, rng.below(8) as i64, rng.below(4) as i64];
            let arg = rng.small() * 5;
            let derived = form.eval_known(tid).expect("small values") + arg_coeff * arg;
            assert_eq!(derived, expr.eval(tid, arg), "case {case}: tid {tid:?} arg {arg}\n{text}");
        }
    }
}
