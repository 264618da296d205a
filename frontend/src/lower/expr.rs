//! Expressions: C's values, conversions and operators on arith/math ops.
//!
//! The rules are C11's (6.3.1 conversions, 6.5 operators) for the x86-64 and GPU ABIs sharc targets
//! (`int` 32 bits, `long` 64): integer promotions, the usual arithmetic conversions, `float`
//! arithmetic in `float` (FLT_EVAL_METHOD 0), truth values as `int` 0/1, `&&`/`||`/`?:` evaluated
//! only as far as C evaluates them when the skipped side could read memory or have effects.

use super::{Binding, Lowerer};
use crate::ast::*;
use crate::diag::FrontError;
use sharc_dialects::arith::flags::{CmpFPredicate, CmpIPredicate};
use sharc_dialects::{affine as aff, memref, scf};
use sharc_ir::builder::{InsertPoint, OperationState};
use sharc_ir::{Type, Value};

/// The math library functions sharc compiles: C name, op, float width of the parameters, arity.
const MATH_FUNCTIONS: &[(&str, &str, u32, usize)] = &[
    ("sqrt", "math.sqrt", 64, 1),
    ("sqrtf", "math.sqrt", 32, 1),
    ("exp", "math.exp", 64, 1),
    ("expf", "math.exp", 32, 1),
    ("exp2", "math.exp2", 64, 1),
    ("exp2f", "math.exp2", 32, 1),
    ("expm1", "math.expm1", 64, 1),
    ("expm1f", "math.expm1", 32, 1),
    ("log", "math.log", 64, 1),
    ("logf", "math.log", 32, 1),
    ("log2", "math.log2", 64, 1),
    ("log2f", "math.log2", 32, 1),
    ("log10", "math.log10", 64, 1),
    ("log10f", "math.log10", 32, 1),
    ("log1p", "math.log1p", 64, 1),
    ("log1pf", "math.log1p", 32, 1),
    ("sin", "math.sin", 64, 1),
    ("sinf", "math.sin", 32, 1),
    ("cos", "math.cos", 64, 1),
    ("cosf", "math.cos", 32, 1),
    ("tan", "math.tan", 64, 1),
    ("tanf", "math.tan", 32, 1),
    ("asin", "math.asin", 64, 1),
    ("asinf", "math.asin", 32, 1),
    ("acos", "math.acos", 64, 1),
    ("acosf", "math.acos", 32, 1),
    ("atan", "math.atan", 64, 1),
    ("atanf", "math.atan", 32, 1),
    ("sinh", "math.sinh", 64, 1),
    ("sinhf", "math.sinh", 32, 1),
    ("cosh", "math.cosh", 64, 1),
    ("coshf", "math.cosh", 32, 1),
    ("tanh", "math.tanh", 64, 1),
    ("tanhf", "math.tanh", 32, 1),
    ("cbrt", "math.cbrt", 64, 1),
    ("cbrtf", "math.cbrt", 32, 1),
    ("erf", "math.erf", 64, 1),
    ("erff", "math.erf", 32, 1),
    ("erfc", "math.erfc", 64, 1),
    ("erfcf", "math.erfc", 32, 1),
    ("ceil", "math.ceil", 64, 1),
    ("ceilf", "math.ceil", 32, 1),
    ("floor", "math.floor", 64, 1),
    ("floorf", "math.floor", 32, 1),
    ("round", "math.round", 64, 1),
    ("roundf", "math.round", 32, 1),
    ("trunc", "math.trunc", 64, 1),
    ("truncf", "math.trunc", 32, 1),
    ("rint", "math.roundeven", 64, 1),
    ("rintf", "math.roundeven", 32, 1),
    ("nearbyint", "math.roundeven", 64, 1),
    ("fabs", "math.absf", 64, 1),
    ("fabsf", "math.absf", 32, 1),
    ("pow", "math.powf", 64, 2),
    ("powf", "math.powf", 32, 2),
    ("atan2", "math.atan2", 64, 2),
    ("atan2f", "math.atan2", 32, 2),
    ("copysign", "math.copysign", 64, 2),
    ("copysignf", "math.copysign", 32, 2),
    ("fmod", "arith.remf", 64, 2),
    ("fmodf", "arith.remf", 32, 2),
    ("fmin", "arith.minnumf", 64, 2),
    ("fminf", "arith.minnumf", 32, 2),
    ("fmax", "arith.maxnumf", 64, 2),
    ("fmaxf", "arith.maxnumf", 32, 2),
    ("fma", "math.fma", 64, 3),
    ("fmaf", "math.fma", 32, 3),
];

/// The type of `a op b` after the usual arithmetic conversions (C11 6.3.1.8).
pub(crate) fn common_type(a: &CType, b: &CType) -> CType {
    match (a, b) {
        (CType::Float(x), CType::Float(y)) => CType::Float(*x.max(y)),
        (CType::Float(x), _) | (_, CType::Float(x)) => CType::Float(*x),
        (CType::Int(x), CType::Int(y)) => {
            let (x, y) = (promote(*x), promote(*y));
            if x.signed == y.signed {
                return CType::Int(if x.bits >= y.bits { x } else { y });
            }
            let (s, u) = if x.signed { (x, y) } else { (y, x) };
            if u.bits >= s.bits {
                CType::Int(u)
            } else {
                CType::Int(s)
            }
        }
        _ => a.clone(),
    }
}

/// Integer promotion: anything narrower than `int` becomes `int`.
pub(crate) fn promote(t: IntTy) -> IntTy {
    if t.bits < 32 {
        IntTy::INT
    } else {
        t
    }
}

impl Lowerer<'_> {
    pub(crate) fn emit(&mut self, name: &str, operands: &[Value], result: Type, span: Span) -> Value {
        let loc = self.loc(span);
        self.b
            .insert_value(self.ctx, OperationState::new(name, loc).operands(operands.iter().copied()).results([result]))
    }

    pub(crate) fn int_const(&mut self, v: i64, t: IntTy, span: Span) -> Value {
        let ty = self.ctx.int_type(t.bits);
        let attr = self.ctx.int_attr(ty, v as i128);
        let loc = self.loc(span);
        self.b.insert_value(self.ctx, OperationState::new("arith.constant", loc).prop("value", attr).results([ty]))
    }

    pub(crate) fn index_const(&mut self, v: i64, span: Span) -> Value {
        let ty = self.ctx.index_type();
        let attr = self.ctx.index_attr(v);
        let loc = self.loc(span);
        self.b.insert_value(self.ctx, OperationState::new("arith.constant", loc).prop("value", attr).results([ty]))
    }

    pub(crate) fn float_const(&mut self, v: f64, bits: u32, span: Span) -> Value {
        let ty = if bits == 32 { self.ctx.f32() } else { self.ctx.f64() };
        let attr = self.ctx.float_attr(ty, v);
        let loc = self.loc(span);
        self.b.insert_value(self.ctx, OperationState::new("arith.constant", loc).prop("value", attr).results([ty]))
    }

    /// The zero of a scalar type (the value of a variable read before any assignment, which C
    /// leaves indeterminate).
    pub(crate) fn zero(&mut self, t: &CType, span: Span) -> Result<Value, FrontError> {
        Ok(match t {
            CType::Int(i) => self.int_const(0, *i, span),
            CType::Float(b) => self.float_const(0.0, *b, span),
            _ => return Err(FrontError::new(span, format!("type '{}' is not supported", t.name()))),
        })
    }

    /// Converts `v` of C type `from` to `to` as C assignment does.
    pub(crate) fn convert(&mut self, v: Value, from: &CType, to: &CType, span: Span) -> Result<Value, FrontError> {
        if from == to {
            return Ok(v);
        }
        let dst = self.scalar_type(to, span)?;
        Ok(match (from, to) {
            (CType::Int(a), CType::Int(b)) => {
                if a.bits == b.bits {
                    v
                } else if a.bits > b.bits {
                    self.emit("arith.trunci", &[v], dst, span)
                } else if a.signed {
                    self.emit("arith.extsi", &[v], dst, span)
                } else {
                    self.emit("arith.extui", &[v], dst, span)
                }
            }
            (CType::Int(a), CType::Float(_)) => {
                self.emit(if a.signed { "arith.sitofp" } else { "arith.uitofp" }, &[v], dst, span)
            }
            (CType::Float(_), CType::Int(b)) => {
                self.emit(if b.signed { "arith.fptosi" } else { "arith.fptoui" }, &[v], dst, span)
            }
            (CType::Float(a), CType::Float(b)) => {
                self.emit(if a < b { "arith.extf" } else { "arith.truncf" }, &[v], dst, span)
            }
            _ => return Err(FrontError::new(span, format!("cannot convert '{}' to '{}'", from.name(), to.name()))),
        })
    }

    /// An `index` value as the C integer type `t`.
    pub(crate) fn index_to_int(&mut self, v: Value, t: &CType, span: Span) -> Result<Value, FrontError> {
        let ty = self.scalar_type(t, span)?;
        Ok(self.emit("arith.index_cast", &[v], ty, span))
    }

    /// A C integer as an `index`.
    pub(crate) fn int_to_index(&mut self, v: Value, t: &CType, span: Span) -> Result<Value, FrontError> {
        let index = self.ctx.index_type();
        match t {
            CType::Int(i) if i.signed => Ok(self.emit("arith.index_cast", &[v], index, span)),
            CType::Int(_) => Ok(self.emit("arith.index_castui", &[v], index, span)),
            _ => Err(FrontError::new(span, format!("array subscript has type '{}', not an integer type", t.name()))),
        }
    }

    /// The value of an expression and its C type.
    pub(crate) fn rvalue(&mut self, e: &Expr) -> Result<(Value, CType), FrontError> {
        let span = e.span;
        match &e.kind {
            ExprKind::Int(v, t) => Ok((self.int_const(*v as i64, *t, span), CType::Int(*t))),
            ExprKind::Float(v, bits) => Ok((self.float_const(*v, *bits, span), CType::Float(*bits))),
            ExprKind::Ident(name) => self.read_var(name, span),
            ExprKind::Index(..) => self.load(e),
            ExprKind::Unary(op, x) => self.unary(*op, x, span),
            ExprKind::Binary(op @ (BinOp::LogAnd | BinOp::LogOr), a, b) => {
                let c = self.logical(*op, a, b, span)?;
                let int = self.ctx.i32();
                Ok((self.emit("arith.extui", &[c], int, span), CType::INT))
            }
            ExprKind::Binary(op, a, b) if op.is_comparison() => {
                let c = self.compare(*op, a, b, span)?;
                let int = self.ctx.i32();
                Ok((self.emit("arith.extui", &[c], int, span), CType::INT))
            }
            ExprKind::Binary(op, a, b) => {
                let (x, xt) = self.rvalue(a)?;
                let (y, yt) = self.rvalue(b)?;
                self.arith(*op, x, &xt, y, &yt, span)
            }
            ExprKind::Assign(op, lhs, rhs) => self.assign(*op, lhs, rhs, span),
            ExprKind::Cond(c, a, b) => self.conditional(c, a, b, span),
            ExprKind::Cast(t, x) => {
                let (v, vt) = self.rvalue(x)?;
                if *t == CType::Void {
                    return Ok((v, vt));
                }
                Ok((self.convert(v, &vt, t, span)?, t.clone()))
            }
            ExprKind::Call(callee, args) => self.call(callee, args, span),
            ExprKind::Comma(items) => {
                let (last, rest) = items.split_last().expect("a comma expression has operands");
                for i in rest {
                    self.rvalue(i)?;
                }
                self.rvalue(last)
            }
            ExprKind::Str => Err(FrontError::new(span, "string literals are not supported in compiled code")),
            ExprKind::Unsupported(what) => Err(FrontError::new(span, format!("{what} is not supported"))),
        }
    }

    fn read_var(&mut self, name: &str, span: Span) -> Result<(Value, CType), FrontError> {
        let Some(id) = self.lookup(name) else {
            return Err(FrontError::new(span, format!("use of undeclared identifier '{name}'")));
        };
        match self.var(id).binding.clone() {
            Binding::Scalar { ty, value: Some(v), .. } => Ok((v, ty)),
            Binding::Scalar { ty, value: None, .. } => {
                let z = self.zero(&ty, span)?;
                Ok((z, ty))
            }
            Binding::Index { ty, value, .. } => Ok((self.index_to_int(value, &ty, span)?, ty)),
            Binding::Array { .. } => Err(FrontError::new(span, format!("array '{name}' is used as a value; pointer arithmetic and array values are not supported"))),
            Binding::AfterLoop { loop_span } => Err(FrontError::new(span, format!("'{name}' is read after the loop that it controls; its exit value is not supported, assign it first"))
                .with_note(loop_span, "the loop")),
        }
    }

    fn unary(&mut self, op: UnOp, x: &Expr, span: Span) -> Result<(Value, CType), FrontError> {
        match op {
            UnOp::Plus | UnOp::Neg | UnOp::BitNot => {
                let (v, ot) = self.rvalue(x)?;
                let t = match &ot {
                    CType::Int(i) => CType::Int(promote(*i)),
                    t => t.clone(),
                };
                let v = self.convert(v, &ot, &t, span)?;
                let v = match (&t, op) {
                    (_, UnOp::Plus) => v,
                    (CType::Float(_), UnOp::Neg) => {
                        let ty = self.ctx.value_type(v);
                        self.emit("arith.negf", &[v], ty, span)
                    }
                    (CType::Int(i), UnOp::Neg) => {
                        let z = self.int_const(0, *i, span);
                        let ty = self.ctx.value_type(v);
                        self.emit("arith.subi", &[z, v], ty, span)
                    }
                    (CType::Int(i), UnOp::BitNot) => {
                        let m = self.int_const(-1, *i, span);
                        let ty = self.ctx.value_type(v);
                        self.emit("arith.xori", &[v, m], ty, span)
                    }
                    _ => return Err(FrontError::new(span, "'~' needs an integer operand")),
                };
                Ok((v, t))
            }
            UnOp::Not => {
                let c = self.truth(x)?;
                let t = self.ctx.int_type(1);
                let one = {
                    let attr = self.ctx.int_attr(t, 1);
                    let loc = self.loc(span);
                    self.b.insert_value(
                        self.ctx,
                        OperationState::new("arith.constant", loc).prop("value", attr).results([t]),
                    )
                };
                let n = self.emit("arith.xori", &[c, one], t, span);
                let int = self.ctx.i32();
                Ok((self.emit("arith.extui", &[n], int, span), CType::INT))
            }
            UnOp::Deref => {
                let access = self.deref_as_index(x, span)?;
                self.load(&access)
            }
            UnOp::AddrOf => Err(FrontError::new(
                span,
                "taking an address ('&') is not supported: sharc compiles code without pointers",
            )),
            UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec => {
                let one = Expr { kind: ExprKind::Int(1, IntTy::INT), span };
                let bop = if matches!(op, UnOp::PreInc | UnOp::PostInc) { BinOp::Add } else { BinOp::Sub };
                let old = if matches!(op, UnOp::PostInc | UnOp::PostDec) { Some(self.rvalue(x)?) } else { None };
                let new = self.assign(Some(bop), x, &one, span)?;
                Ok(old.unwrap_or(new))
            }
        }
    }

    /// `x op y` on already evaluated operands, after the usual arithmetic conversions.
    pub(crate) fn arith(
        &mut self,
        op: BinOp,
        x: Value,
        xt: &CType,
        y: Value,
        yt: &CType,
        span: Span,
    ) -> Result<(Value, CType), FrontError> {
        if matches!(op, BinOp::Shl | BinOp::Shr) {
            let (CType::Int(a), CType::Int(b)) = (xt, yt) else {
                return Err(FrontError::new(span, "shift operands must be integers"));
            };
            let t = CType::Int(promote(*a));
            let x = self.convert(x, xt, &t, span)?;
            let y = self.convert(y, &CType::Int(*b), &t, span)?;
            let name = match (op, promote(*a).signed) {
                (BinOp::Shl, _) => "arith.shli",
                (_, true) => "arith.shrsi",
                _ => "arith.shrui",
            };
            let ty = self.ctx.value_type(x);
            return Ok((self.emit(name, &[x, y], ty, span), t));
        }
        let t = common_type(xt, yt);
        let x = self.convert(x, xt, &t, span)?;
        let y = self.convert(y, yt, &t, span)?;
        let ty = self.ctx.value_type(x);
        let name = match (&t, op) {
            (CType::Float(_), BinOp::Add) => "arith.addf",
            (CType::Float(_), BinOp::Sub) => "arith.subf",
            (CType::Float(_), BinOp::Mul) => "arith.mulf",
            (CType::Float(_), BinOp::Div) => "arith.divf",
            (CType::Float(_), _) => {
                return Err(FrontError::new(span, format!("operator '{}' needs integer operands", op.symbol())))
            }
            (CType::Int(_), BinOp::Add) => "arith.addi",
            (CType::Int(_), BinOp::Sub) => "arith.subi",
            (CType::Int(_), BinOp::Mul) => "arith.muli",
            (CType::Int(i), BinOp::Div) => {
                if i.signed {
                    "arith.divsi"
                } else {
                    "arith.divui"
                }
            }
            (CType::Int(i), BinOp::Rem) => {
                if i.signed {
                    "arith.remsi"
                } else {
                    "arith.remui"
                }
            }
            (CType::Int(_), BinOp::BitAnd) => "arith.andi",
            (CType::Int(_), BinOp::BitOr) => "arith.ori",
            (CType::Int(_), BinOp::BitXor) => "arith.xori",
            _ => return Err(FrontError::new(span, format!("operator '{}' is not supported here", op.symbol()))),
        };
        Ok((self.emit(name, &[x, y], ty, span), t))
    }

    /// A comparison as an `i1`.
    pub(crate) fn compare(&mut self, op: BinOp, a: &Expr, b: &Expr, span: Span) -> Result<Value, FrontError> {
        let (x, xt) = self.rvalue(a)?;
        let (y, yt) = self.rvalue(b)?;
        let t = common_type(&xt, &yt);
        let x = self.convert(x, &xt, &t, span)?;
        let y = self.convert(y, &yt, &t, span)?;
        let i1 = self.ctx.int_type(1);
        let (name, code) = match &t {
            CType::Float(_) => {
                let p = match op {
                    BinOp::Lt => CmpFPredicate::Olt,
                    BinOp::Gt => CmpFPredicate::Ogt,
                    BinOp::Le => CmpFPredicate::Ole,
                    BinOp::Ge => CmpFPredicate::Oge,
                    BinOp::Eq => CmpFPredicate::Oeq,
                    _ => CmpFPredicate::Une,
                };
                ("arith.cmpf", p as i64)
            }
            CType::Int(i) => {
                let p = match (op, i.signed) {
                    (BinOp::Lt, true) => CmpIPredicate::Slt,
                    (BinOp::Gt, true) => CmpIPredicate::Sgt,
                    (BinOp::Le, true) => CmpIPredicate::Sle,
                    (BinOp::Ge, true) => CmpIPredicate::Sge,
                    (BinOp::Lt, false) => CmpIPredicate::Ult,
                    (BinOp::Gt, false) => CmpIPredicate::Ugt,
                    (BinOp::Le, false) => CmpIPredicate::Ule,
                    (BinOp::Ge, false) => CmpIPredicate::Uge,
                    (BinOp::Eq, _) => CmpIPredicate::Eq,
                    _ => CmpIPredicate::Ne,
                };
                ("arith.cmpi", p as i64)
            }
            _ => return Err(FrontError::new(span, "comparison of unsupported types")),
        };
        let pred = self.ctx.i64_attr(code);
        let loc = self.loc(span);
        Ok(self.b.insert_value(
            self.ctx,
            OperationState::new(name, loc).operands([x, y]).prop("predicate", pred).results([i1]),
        ))
    }

    /// An expression as a truth value (`i1`).
    pub(crate) fn truth(&mut self, e: &Expr) -> Result<Value, FrontError> {
        match &e.kind {
            ExprKind::Binary(op, a, b) if op.is_comparison() => self.compare(*op, a, b, e.span),
            ExprKind::Binary(op @ (BinOp::LogAnd | BinOp::LogOr), a, b) => self.logical(*op, a, b, e.span),
            _ => {
                let zero = Expr { kind: ExprKind::Int(0, IntTy::INT), span: e.span };
                self.compare(BinOp::Ne, e, &zero, e.span)
            }
        }
    }

    /// `a && b` / `a || b` as an `i1`; `b` is evaluated only when needed if it could read memory
    /// or have effects.
    fn logical(&mut self, op: BinOp, a: &Expr, b: &Expr, span: Span) -> Result<Value, FrontError> {
        let x = self.truth(a)?;
        let i1 = self.ctx.int_type(1);
        if is_simple(b) {
            let y = self.truth(b)?;
            return Ok(self.emit(if op == BinOp::LogAnd { "arith.andi" } else { "arith.ori" }, &[x, y], i1, span));
        }
        // if (x) then b else false  /  if (x) then true else b
        let loc = self.loc(span);
        let iff = scf::IfOp::build(self.ctx, loc.clone(), x, &[i1], true);
        self.insert_built(iff.0);
        let saved = self.b;
        let then_block = iff.then_block(self.ctx);
        let else_block = iff.else_block(self.ctx).expect("built with an else block");
        let (eval_in, const_in, const_val) =
            if op == BinOp::LogAnd { (then_block, else_block, 0) } else { (else_block, then_block, 1) };
        self.b = sharc_ir::builder::Builder::at_end(eval_in);
        let y = self.truth(b)?;
        self.b.insert(self.ctx, scf::YieldOp::state(loc.clone(), &[y]));
        self.b = sharc_ir::builder::Builder::at_end(const_in);
        let attr = self.ctx.int_attr(i1, const_val);
        let c = self.b.insert_value(
            self.ctx,
            OperationState::new("arith.constant", loc.clone()).prop("value", attr).results([i1]),
        );
        self.b.insert(self.ctx, scf::YieldOp::state(loc, &[c]));
        self.b = saved;
        Ok(self.ctx.result(iff.0, 0))
    }

    /// `c ? a : b`.
    fn conditional(&mut self, c: &Expr, a: &Expr, b: &Expr, span: Span) -> Result<(Value, CType), FrontError> {
        let cond = self.truth(c)?;
        if is_simple(a) && is_simple(b) {
            let (x, xt) = self.rvalue(a)?;
            let (y, yt) = self.rvalue(b)?;
            let t = common_type(&xt, &yt);
            let x = self.convert(x, &xt, &t, span)?;
            let y = self.convert(y, &yt, &t, span)?;
            let ty = self.ctx.value_type(x);
            return Ok((self.emit("arith.select", &[cond, x, y], ty, span), t));
        }
        // The type of the result needs both arms' types: C's rule, from the syntax.
        let t = common_type(&self.type_of(a)?, &self.type_of(b)?);
        let ty = self.scalar_type(&t, span)?;
        let loc = self.loc(span);
        let iff = scf::IfOp::build(self.ctx, loc.clone(), cond, &[ty], true);
        self.insert_built(iff.0);
        let saved = self.b;
        for (arm, block) in [(a, iff.then_block(self.ctx)), (b, iff.else_block(self.ctx).expect("else block"))] {
            self.b = sharc_ir::builder::Builder::at_end(block);
            let (v, vt) = self.rvalue(arm)?;
            let v = self.convert(v, &vt, &t, span)?;
            self.b.insert(self.ctx, scf::YieldOp::state(loc.clone(), &[v]));
        }
        self.b = saved;
        Ok((self.ctx.result(iff.0, 0), t))
    }

    /// Inserts an already created op at the builder's position.
    pub(crate) fn insert_built(&mut self, op: sharc_ir::OpId) {
        self.ctx.insert_op(self.b.ip, op);
        if let InsertPoint::After(_) | InsertPoint::BlockStart(_) = self.b.ip {
            self.b.ip = InsertPoint::After(op);
        }
    }

    /// The C type of an expression without evaluating it.
    pub(crate) fn type_of(&mut self, e: &Expr) -> Result<CType, FrontError> {
        Ok(match &e.kind {
            ExprKind::Int(_, t) => CType::Int(*t),
            ExprKind::Float(_, b) => CType::Float(*b),
            ExprKind::Ident(n) => match self.lookup(n).map(|id| self.var(id).binding.clone()) {
                Some(Binding::Scalar { ty, .. } | Binding::Index { ty, .. }) => ty,
                Some(Binding::Array { elem, .. }) => elem,
                _ => CType::INT,
            },
            ExprKind::Index(base, _) => self.type_of(base)?,
            ExprKind::Unary(UnOp::Not, _) => CType::INT,
            ExprKind::Unary(UnOp::Deref, x) => self.type_of(x)?,
            ExprKind::Unary(_, x) => match self.type_of(x)? {
                CType::Int(i) => CType::Int(promote(i)),
                t => t,
            },
            ExprKind::Binary(op, _, _) if op.is_comparison() || matches!(op, BinOp::LogAnd | BinOp::LogOr) => {
                CType::INT
            }
            ExprKind::Binary(BinOp::Shl | BinOp::Shr, a, _) => match self.type_of(a)? {
                CType::Int(i) => CType::Int(promote(i)),
                t => t,
            },
            ExprKind::Binary(_, a, b) => {
                let (x, y) = (self.type_of(a)?, self.type_of(b)?);
                common_type(&x, &y)
            }
            ExprKind::Assign(_, l, _) => self.type_of(l)?,
            ExprKind::Cond(_, a, b) => {
                let (x, y) = (self.type_of(a)?, self.type_of(b)?);
                common_type(&x, &y)
            }
            ExprKind::Cast(t, _) => t.clone(),
            ExprKind::Call(callee, _) => match &callee.kind {
                ExprKind::Ident(n) => match MATH_FUNCTIONS.iter().find(|f| f.0 == n) {
                    Some(f) => CType::Float(f.2),
                    None if matches!(n.as_str(), "abs") => CType::INT,
                    None if matches!(n.as_str(), "labs") => CType::Int(IntTy::LONG),
                    // A helper compiled as its body: its return type.
                    None => self
                        .helpers
                        .get(n)
                        .and_then(|&def| crate::parse::parse_function(&self.src.text, def, &self.typedefs).ok())
                        .map_or(CType::INT, |f| f.ret),
                },
                _ => CType::INT,
            },
            ExprKind::Comma(items) => self.type_of(items.last().expect("operands"))?,
            _ => CType::INT,
        })
    }

    /// A call: the math library, lowered to math/arith ops.
    fn call(&mut self, callee: &Expr, args: &[Expr], span: Span) -> Result<(Value, CType), FrontError> {
        let ExprKind::Ident(name) = &callee.kind else {
            return Err(FrontError::new(span, "calls through function pointers are not supported"));
        };
        if matches!(name.as_str(), "abs" | "labs") {
            let t = if name == "abs" { CType::INT } else { CType::Int(IntTy::LONG) };
            let [a] = args else { return Err(FrontError::new(span, format!("'{name}' takes one argument"))) };
            let (v, vt) = self.rvalue(a)?;
            let v = self.convert(v, &vt, &t, span)?;
            let ty = self.ctx.value_type(v);
            return Ok((self.emit("math.absi", &[v], ty, span), t));
        }
        let Some(&(_, op, bits, arity)) = MATH_FUNCTIONS.iter().find(|f| f.0 == name) else {
            if let Some(&def) = self.helpers.get(name) {
                return self.inline_call(name, def, callee.span, args, span);
            }
            return Err(FrontError::new(
                callee.span,
                format!("call to '{name}' is not supported: sharc compiles calls to the C math library and to functions of the file that take and return scalars"),
            ));
        };
        if args.len() != arity {
            return Err(FrontError::new(span, format!("'{name}' takes {arity} argument(s), {} given", args.len())));
        }
        let t = CType::Float(bits);
        let mut vals = Vec::new();
        for a in args {
            let (v, vt) = self.rvalue(a)?;
            vals.push(self.convert(v, &vt, &t, a.span)?);
        }
        let ty = self.scalar_type(&t, span)?;
        Ok((self.emit(op, &vals, ty, span), t))
    }

    /// A call to a function of the translation unit, compiled as its body: the helper must take
    /// scalars and return one (so it touches no memory the caller's dependence analysis cannot
    /// see) and end with its only `return`.
    fn inline_call(
        &mut self,
        name: &str,
        def: Span,
        callee_span: Span,
        args: &[Expr],
        span: Span,
    ) -> Result<(Value, CType), FrontError> {
        let unsupported =
            |why: String| FrontError::new(callee_span, format!("call to '{name}' is not supported: {why}"));
        if self.inlining.iter().any(|n| n == name) || self.function_name == name {
            return Err(unsupported("it is recursive".into()));
        }
        let f = crate::parse::parse_function(&self.src.text, def, &self.typedefs)
            .map_err(|e| unsupported(format!("its definition does not parse: {}", e.message)))?;
        let scalar = |t: &CType| matches!(t, CType::Int(_) | CType::Float(_));
        if f.ret_pointers > 0 || !scalar(&f.ret) {
            return Err(unsupported("sharc inlines functions that return an integer or floating-point value".into()));
        }
        if let Some(p) = f.params.iter().find(|p| p.pointers > 0 || !p.dims.is_empty() || !scalar(&p.ty)) {
            return Err(unsupported(format!(
                "parameter '{}' is not a scalar; sharc inlines functions of scalar parameters only",
                p.name
            )));
        }
        if f.params.len() != args.len() {
            return Err(FrontError::new(
                span,
                format!("'{name}' takes {} argument(s), {} given", f.params.len(), args.len()),
            ));
        }
        let StmtKind::Compound(items) = &f.body.kind else { unreachable!("a function body is a compound statement") };
        let Some((Stmt { kind: StmtKind::Return(Some(result)), .. }, body)) = items.split_last() else {
            return Err(unsupported("sharc inlines functions that end with their only 'return'".into()));
        };
        // The arguments, converted to the parameters' types, in the caller's scope; an integer
        // argument keeps its affine form, so that the helper's loop bounds stay affine.
        let mut bindings = Vec::new();
        for (p, a) in f.params.iter().zip(args) {
            let lin = if matches!(p.ty, CType::Int(_)) { self.lin(a) } else { None };
            let (v, t) = self.rvalue(a)?;
            let v = self.convert(v, &t, &p.ty, a.span)?;
            bindings.push((p, v, lin));
        }
        // The body sees its parameters and locals only.
        let caller_scopes = std::mem::replace(&mut self.scopes, vec![Vec::new()]);
        self.inlining.push(name.to_string());
        for (p, v, lin) in bindings {
            self.declare(&p.name, p.span, Binding::Scalar { ty: p.ty.clone(), value: Some(v), lin });
        }
        let r = body.iter().try_for_each(|s| self.stmt(s)).and_then(|()| {
            let (v, t) = self.rvalue(result)?;
            Ok((self.convert(v, &t, &f.ret, result.span)?, f.ret.clone()))
        });
        self.inlining.pop();
        self.scopes = caller_scopes;
        r.map_err(|e| e.with_note(callee_span, format!("in the call to '{name}', compiled as its body")))
    }

    /// Assignment (`op` for compound assignment); its value is the stored value.
    pub(crate) fn assign(
        &mut self,
        op: Option<BinOp>,
        lhs: &Expr,
        rhs: &Expr,
        span: Span,
    ) -> Result<(Value, CType), FrontError> {
        let lt = self.type_of(lhs)?;
        let value = |this: &mut Self| -> Result<Value, FrontError> {
            let (r, rt) = this.rvalue(rhs)?;
            let (v, vt) = match op {
                None => (r, rt),
                Some(op) => {
                    let (l, lt) = this.rvalue(lhs)?;
                    this.arith(op, l, &lt, r, &rt, span)?
                }
            };
            this.convert(v, &vt, &lt, span)
        };
        match &lhs.kind {
            ExprKind::Ident(name) => {
                let Some(id) = self.lookup(name) else {
                    return Err(FrontError::new(lhs.span, format!("use of undeclared identifier '{name}'")));
                };
                match self.var(id).binding.clone() {
                    Binding::Scalar { ty, .. } => {
                        let lin = if op.is_none() { self.lin(rhs) } else { None };
                        let v = value(self)?;
                        self.fixed_polys.remove(&id);
                        self.var_mut(id).binding = Binding::Scalar { ty: ty.clone(), value: Some(v), lin };
                        Ok((v, ty))
                    }
                    Binding::AfterLoop { .. } => {
                        // A loop variable may be reused once its loop is over.
                        let ty = lt.clone();
                        let lin = if op.is_none() { self.lin(rhs) } else { None };
                        let v = value(self)?;
                        self.var_mut(id).binding = Binding::Scalar { ty: ty.clone(), value: Some(v), lin };
                        Ok((v, ty))
                    }
                    Binding::Index { .. } => Err(FrontError::new(
                        lhs.span,
                        format!("'{name}' is assigned inside the loop it controls (or is a parameter used as a size); sharc needs loop variables that only the loop updates"),
                    )),
                    Binding::Array { .. } => Err(FrontError::new(lhs.span, format!("cannot assign to array '{name}'"))),
                }
            }
            ExprKind::Index(..) | ExprKind::Unary(UnOp::Deref, _) => {
                let v = value(self)?;
                self.store(lhs, v)?;
                Ok((v, lt))
            }
            _ => Err(FrontError::new(lhs.span, "expression is not assignable")),
        }
    }

    /// The array and subscripts of `A[i][j]` (or `*p`).
    fn access_parts<'e>(&self, e: &'e Expr) -> Result<(&'e str, Span, Vec<&'e Expr>), FrontError> {
        let mut subs = Vec::new();
        let mut cur = e;
        loop {
            match &cur.kind {
                ExprKind::Index(base, i) => {
                    subs.push(&**i);
                    cur = base;
                }
                ExprKind::Ident(name) => {
                    subs.reverse();
                    return Ok((name, cur.span, subs));
                }
                ExprKind::Unary(UnOp::Deref, _) => {
                    return Err(FrontError::new(
                        cur.span,
                        "pointer dereference combined with subscripts is not supported",
                    ))
                }
                _ => {
                    return Err(FrontError::new(cur.span, "subscripted value is not an array parameter or local array"))
                }
            }
        }
    }

    /// `*p` as `p[0]`: `p` must name a pointer (one-dimensional array) parameter; `*(p + i)` is
    /// pointer arithmetic, which sharc does not compile.
    fn deref_as_index(&self, x: &Expr, span: Span) -> Result<Expr, FrontError> {
        let ExprKind::Ident(name) = &x.kind else {
            return Err(FrontError::new(x.span, "pointer arithmetic is not supported; write p[i] instead of *(p + i)"));
        };
        let Some(id) = self.lookup(name) else {
            return Err(FrontError::new(x.span, format!("use of undeclared identifier '{name}'")));
        };
        if !matches!(self.var(id).binding, Binding::Array { rank: 1, .. }) {
            return Err(FrontError::new(x.span, format!("'{name}' is not a pointer parameter")));
        }
        let zero = Expr { kind: ExprKind::Int(0, IntTy::INT), span: x.span };
        Ok(Expr { kind: ExprKind::Index(Box::new(x.clone()), Box::new(zero)), span })
    }

    /// The memref, element type and subscripts of an access.
    fn resolve_access(&mut self, e: &Expr) -> Result<(Value, CType, Subscripts), FrontError> {
        let (name, span, subs) = self.access_parts(e)?;
        let Some(id) = self.lookup(name) else {
            return Err(FrontError::new(span, format!("use of undeclared identifier '{name}'")));
        };
        let Binding::Array { memref, elem, rank } = self.var(id).binding.clone() else {
            return Err(FrontError::new(span, format!("'{name}' is not an array")));
        };
        if let (Some(pitches), [flat]) = (self.flat_views.get(&id), subs.as_slice()) {
            let Some(lins) = self.split_by_pitches(flat, pitches) else {
                // Not `r * pitch + c` with proven columns: the caller lowers the function
                // again with this parameter one-dimensional.
                self.flat_view_failed = Some(name.to_string());
                return Err(FrontError::new(flat.span, format!("'{name}' is not viewed with row pitches here")));
            };
            let (map, operands) = self.affine_map(&lins);
            return Ok((memref, elem, Subscripts::Affine(map, operands)));
        }
        if subs.len() != rank {
            return Err(FrontError::new(
                e.span,
                format!("'{name}' has {rank} dimension(s) but is subscripted with {}; sharc needs one subscript per dimension (no sub-arrays or pointer arithmetic)", subs.len()),
            ));
        }
        let subs = self.subscripts(&subs)?;
        Ok((memref, elem, subs))
    }

    /// The map and operands of affine subscripts, or the index values of the others.
    fn subscripts(&mut self, subs: &[&Expr]) -> Result<Subscripts, FrontError> {
        let lins: Option<Vec<_>> = subs.iter().map(|s| self.lin(s)).collect();
        if let Some(lins) = lins {
            let (map, operands) = self.affine_map(&lins);
            return Ok(Subscripts::Affine(map, operands));
        }
        if self.in_section > 0 {
            let bad = subs.iter().find(|s| self.lin(s).is_none()).expect("one is not affine");
            return Err(FrontError::new(
                bad.span,
                format!(
                    "subscript '{}' is not affine inside an OpenACC compute region: {}",
                    self.text(bad.span),
                    self.why_not_affine(bad)
                ),
            ));
        }
        let mut idx = Vec::new();
        for s in subs {
            let (v, t) = self.rvalue(s)?;
            idx.push(self.int_to_index(v, &t, s.span)?);
        }
        Ok(Subscripts::Values(idx))
    }

    pub(crate) fn load(&mut self, e: &Expr) -> Result<(Value, CType), FrontError> {
        let (memref, elem, subs) = self.resolve_access(e)?;
        let loc = self.loc(e.span);
        let v = match subs {
            Subscripts::Affine(map, operands) => {
                let state = aff::LoadOp::build(self.ctx, loc, memref, map, &operands);
                let op = self.b.insert(self.ctx, state);
                self.ctx.result(op, 0)
            }
            Subscripts::Values(idx) => {
                let state = memref::LoadOp::build(self.ctx, loc, memref, &idx);
                self.b.insert_value(self.ctx, state)
            }
        };
        Ok((v, elem))
    }

    fn store(&mut self, e: &Expr, v: Value) -> Result<(), FrontError> {
        if let ExprKind::Unary(UnOp::Deref, x) = &e.kind {
            let access = self.deref_as_index(x, e.span)?;
            return self.store(&access, v);
        }
        let (memref, _, subs) = self.resolve_access(e)?;
        let loc = self.loc(e.span);
        match subs {
            Subscripts::Affine(map, operands) => {
                let state = aff::StoreOp::build(self.ctx, loc, v, memref, map, &operands);
                self.b.insert(self.ctx, state);
            }
            Subscripts::Values(idx) => {
                self.b.insert(self.ctx, memref::StoreOp::build(loc, v, memref, &idx));
            }
        }
        Ok(())
    }

    /// The source text of a span (for messages).
    pub(crate) fn text(&self, span: Span) -> String {
        self.src.text.get(span.start..span.end).unwrap_or("").split_whitespace().collect::<Vec<_>>().join(" ")
    }
}

enum Subscripts {
    Affine(sharc_ir::affine::AffineMap, Vec<Value>),
    Values(Vec<Value>),
}

/// Whether evaluating `e` eagerly is harmless: no memory reads, calls or assignments.
pub(crate) fn is_simple(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Int(..) | ExprKind::Float(..) | ExprKind::Ident(_) => true,
        ExprKind::Unary(op, x) => {
            !matches!(op, UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec | UnOp::Deref) && is_simple(x)
        }
        ExprKind::Binary(op, a, b) => !matches!(op, BinOp::Div | BinOp::Rem) && is_simple(a) && is_simple(b),
        ExprKind::Cast(_, x) => is_simple(x),
        ExprKind::Cond(c, a, b) => is_simple(c) && is_simple(a) && is_simple(b),
        _ => false,
    }
}
