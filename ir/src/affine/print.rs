//! MLIR's textual form of affine expressions, maps and integer sets, ported from
//! `printAffineExprInternal`, `printAffineMap` and `printIntegerSet` in
//! `mlir/lib/IR/AsmPrinter.cpp`.
//!
//! The printer is not a precedence printer: parentheses come from the binding strength of
//! the enclosing operator only, so `d0 + (d1 + d2)` prints as `d0 + d1 + d2` and
//! `d0 - (d1 floordiv 2)` as `d0 - d1 floordiv 2`, exactly as upstream prints them.
//! Printing is a pure function of the tree, hence deterministic.

use std::fmt::{self, Display, Formatter, Write};

use super::expr::{AffineBinaryOp as Op, AffineExpr, AffineExprKind};
use super::map::AffineMap;
use super::set::IntegerSet;

/// How tightly the enclosing operator binds its operands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Binding {
    /// Top level, or an operand of `+`: no parentheses needed.
    Weak,
    /// An operand of `*`, `mod`, `floordiv` or `ceildiv`: compound operands are wrapped.
    Strong,
}

/// Names for dimensions and symbols (SSA names in custom op syntax); `None` prints `dN`/`sN`.
type Leaves<'a> = Option<(&'a [String], &'a [String])>;

fn write_expr(f: &mut Formatter<'_>, expr: &AffineExpr, enclosing: Binding) -> fmt::Result {
    write_expr_in(f, expr, enclosing, None)
}

fn write_expr_in(f: &mut Formatter<'_>, expr: &AffineExpr, enclosing: Binding, leaves: Leaves<'_>) -> fmt::Result {
    let (op, lhs, rhs) = match *expr.kind() {
        AffineExprKind::Dim(p) => {
            return match leaves.and_then(|(d, _)| d.get(p as usize)) {
                Some(name) => f.write_str(name),
                None => write!(f, "d{p}"),
            }
        }
        AffineExprKind::Symbol(p) => {
            return match leaves.and_then(|(_, s)| s.get(p as usize)) {
                Some(name) => f.write_str(name),
                None => write!(f, "s{p}"),
            }
        }
        AffineExprKind::Constant(c) => return write!(f, "{c}"),
        _ => match expr.as_binary() {
            Some(parts) => parts,
            None => return Ok(()),
        },
    };
    let strong = enclosing == Binding::Strong;
    if strong {
        f.write_char('(')?;
    }
    if op == Op::Add {
        write_sum(f, lhs, rhs, leaves)?;
    } else if op == Op::Mul && rhs.as_constant() == Some(-1) {
        f.write_char('-')?;
        write_expr_in(f, lhs, Binding::Strong, leaves)?;
    } else {
        write_expr_in(f, lhs, Binding::Strong, leaves)?;
        f.write_str(match op {
            Op::Add => " + ",
            Op::Mul => " * ",
            Op::Mod => " mod ",
            Op::FloorDiv => " floordiv ",
            Op::CeilDiv => " ceildiv ",
        })?;
        write_expr_in(f, rhs, Binding::Strong, leaves)?;
    }
    if strong {
        f.write_char(')')?;
    }
    Ok(())
}

/// `lhs + rhs`, printed as a subtraction when `rhs` is a negative constant or a product
/// with a negative constant factor.
fn write_sum(f: &mut Formatter<'_>, lhs: &AffineExpr, rhs: &AffineExpr, leaves: Leaves<'_>) -> fmt::Result {
    write_expr_in(f, lhs, Binding::Weak, leaves)?;
    if let Some((factor, c)) = rhs.as_op(Op::Mul) {
        match c.as_constant() {
            Some(-1) => {
                f.write_str(" - ")?;
                let inner = if factor.as_op(Op::Add).is_some() { Binding::Strong } else { Binding::Weak };
                return write_expr_in(f, factor, inner, leaves);
            }
            // Upstream negates in `int64_t`; `wrapping_neg` prints what it prints for
            // `i64::MIN`.
            Some(c) if c < -1 => {
                f.write_str(" - ")?;
                write_expr_in(f, factor, Binding::Strong, leaves)?;
                return write!(f, " * {}", c.wrapping_neg());
            }
            _ => {}
        }
    }
    match rhs.as_constant() {
        Some(c) if c < 0 => write!(f, " - {}", c.wrapping_neg()),
        _ => {
            f.write_str(" + ")?;
            write_expr_in(f, rhs, Binding::Weak, leaves)
        }
    }
}

/// `(d0, d1)[s0]`: the dimension list, and the symbol list if there are symbols.
fn write_inputs(f: &mut Formatter<'_>, num_dims: u32, num_symbols: u32) -> fmt::Result {
    f.write_char('(')?;
    for i in 0..num_dims {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "d{i}")?;
    }
    f.write_char(')')?;
    if num_symbols != 0 {
        f.write_char('[')?;
        for i in 0..num_symbols {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "s{i}")?;
        }
        f.write_char(']')?;
    }
    Ok(())
}

impl Display for AffineExpr {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_expr(f, self, Binding::Weak)
    }
}

impl Display for AffineMap {
    /// `(d0, d1)[s0] -> (d0 + s0, d1)`, without the `affine_map<...>` wrapper.
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_inputs(f, self.num_dims(), self.num_symbols())?;
        f.write_str(" -> (")?;
        for (i, e) in self.results().iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write_expr(f, e, Binding::Weak)?;
        }
        f.write_char(')')
    }
}

impl Display for IntegerSet {
    /// `(d0)[s0] : (d0 - 10 >= 0, -d0 + s0 == 0)`, without the `affine_set<...>` wrapper.
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_inputs(f, self.num_dims(), self.num_symbols())?;
        f.write_str(" : (")?;
        for (i, (e, is_eq)) in self.constraints().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write_expr(f, e, Binding::Weak)?;
            f.write_str(if is_eq { " == 0" } else { " >= 0" })?;
        }
        f.write_char(')')
    }
}

/// Prints `expr` with dimension `i` written as `dims[i]` and symbol `j` as `symbols[j]` (for
/// custom op syntax such as `affine.load %A[%i + 1, symbol(%n)]`).
pub fn print_expr_with_names(expr: &AffineExpr, dims: &[String], symbols: &[String]) -> String {
    struct Named<'a>(&'a AffineExpr, &'a [String], &'a [String]);
    impl Display for Named<'_> {
        fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
            write_expr_in(f, self.0, Binding::Weak, Some((self.1, self.2)))
        }
    }
    Named(expr, dims, symbols).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each case builds the expression the way upstream's parser builds the MLIR text in
    /// the comment; the expected strings were checked against upstream MLIR 22's printer
    /// (`mlir-opt` 22.1.8 printing `affine_map<(d0, d1, d2)[s0, s1] -> (...)>`).
    #[test]
    fn prints_like_mlir_22() {
        let (d0, d1, d2) = (&AffineExpr::dim(0), &AffineExpr::dim(1), &AffineExpr::dim(2));
        let (s0, s1) = (&AffineExpr::symbol(0), &AffineExpr::symbol(1));
        let c = AffineExpr::constant;
        let cases: Vec<(AffineExpr, &str)> = vec![
            (d0 + s0, "d0 + s0"),
            (d0 * 2, "d0 * 2"),
            (d0 * -1 + 5, "-d0 + 5"),  // d0 * -1 + 5
            (d0 + d1 * -1, "d0 - d1"), // d0 + d1 * -1
            (d0 + -2, "d0 - 2"),       // d0 + -2
            (d0.floor_div(4), "d0 floordiv 4"),
            (d0.ceil_div(4), "d0 ceildiv 4"),
            (d0.modulo(4), "d0 mod 4"),
            ((d0 + 1).floor_div(2), "(d0 + 1) floordiv 2"),
            (d0.floor_div(2) * 4, "(d0 floordiv 2) * 4"),
            (2 + d0, "d0 + 2"),
            ((d0 + 2) + 3, "d0 + 5"),
            (d0 * 2 * 3, "d0 * 6"),
            (d0.floor_div(1), "d0"),
            ((d0 * 4).floor_div(2), "d0 * 2"),
            ((d0 * 4).modulo(2), "0"),
            (d1 + d0, "d0 + d1"),
            (s1 * s0, "s0 * s1"),
            (s0 + d0, "d0 + s0"),
            (d0 - (d1 + 1), "d0 - (d1 + 1)"),
            (d0 + (d1 + d2), "d0 + d1 + d2"),
            (d0 - d1.floor_div(2), "d0 - d1 floordiv 2"), // d0 - (d1 floordiv 2)
            ((d0 + d1) * -3, "(d0 + d1) * -3"),
            (d1 + (d0 + d1) * -3, "d1 - (d0 + d1) * 3"),
            (-(d0 + 1), "-(d0 + 1)"),
            ((d0 * -1).floor_div(2), "(-d0) floordiv 2"),
            (d0 - d0.floor_div(4) * 4, "d0 mod 4"),
            ((s0 + s1) + s1.floor_div(4) * -4, "s0 + s1 mod 4"),
            ((d0 + d1.floor_div(4)) + d1.floor_div(4) * -4, "d0 - (d1 floordiv 4) * 3"),
            (d0 * s0 * 2, "(d0 * s0) * 2"),
            (d0 * (s0 * s1), "d0 * (s0 * s1)"),
            ((s0 + 1) * (d0 + 2), "(d0 + 2) * (s0 + 1)"),
            (c(5).floor_div(-2), "-3"),
            (c(5).modulo(-2), "5 mod -2"),
            (c(5).ceil_div(-2), "-2"),
            (d0.floor_div(0), "d0 floordiv 0"),
            ((d0 * 4 + 3).floor_div(2), "d0 * 2 + 1"),
            ((d0 * 4 + 3).modulo(2), "1"),
            (d0.modulo(4).modulo(2), "d0 mod 2"),
            (d0.modulo(2).modulo(4), "(d0 mod 2) mod 4"),
            (d0 + d0, "d0 * 2"),
            (d0 * 2 + d0 * 3, "d0 * 5"),
            (d0 + i64::MIN, "d0 - -9223372036854775808"), // d0 + (-9223372036854775807 - 1)
            (c(i64::MAX) + 1, "9223372036854775807 + 1"),
            (d0 - c(i64::MAX) * 2, "d0 - 9223372036854775807 * 2"),
            (s0 - d0, "-d0 + s0"),
            (d0.floor_div(4).floor_div(2), "(d0 floordiv 4) floordiv 2"),
            (d0 + (d1 + 1), "d0 + d1 + 1"),
            ((d0 + 1).floor_div(2) * -1, "-((d0 + 1) floordiv 2)"),
            (d0.modulo(s0), "d0 mod s0"),
            ((d0 + s0).floor_div(s0 + 1), "(d0 + s0) floordiv (s0 + 1)"),
            (d0.ceil_div(-4), "d0 ceildiv -4"),
            (d0 * -2 + d1, "d0 * -2 + d1"),
            (-d0, "-d0"),
            (-(-d0), "d0"),
            (d0 - 5 * d1, "d0 - d1 * 5"),
            (d0 * s0 - (d0 * s0).floor_div(s1) * s1, "(d0 * s0) mod s1"),
            ((d1 + 2) * 3 + d0, "(d1 + 2) * 3 + d0"),
        ];
        for (expr, expected) in cases {
            assert_eq!(expr.to_string(), expected, "{expr:?}");
        }
    }

    #[test]
    fn debug_shows_the_tree() {
        let (d0, d1) = (AffineExpr::dim(0), AffineExpr::dim(1));
        let sum = &d0 + (&d1 + 1);
        assert_eq!(format!("{sum:?}"), "Add(d0, Add(d1, 1))");
        assert_eq!(format!("{:?}", (&d0 + &d1) + 1), "Add(Add(d0, d1), 1)");
    }
}
