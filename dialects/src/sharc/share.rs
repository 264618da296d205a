//! The `share` annotation: seed 000's data-partition pragma as data.
//!
//! `#pragma acc share(B[*][TB_X], A[TB_Y][*]:coalesce)` names the arrays whose partitions a thread
//! block should stage in shared memory (the *seed arrays*) and the length of each partition along
//! each array dimension: an expression of the thread-block extents `TB_X`/`TB_Y`/`TB_Z` and
//! positive integers, or the vague `*` that the partition search fixes. `:coalesce` asks for the
//! partition to be staged even when it has no reuse, to coalesce its global accesses.
//!
//! At the affine level the annotation is the discardable attribute `sharc.share` on the parallel
//! loop nest it governs:
//!
//! ```mlir
//! affine.parallel (%i, %j) = (0, 0) to (%n, %n) {
//!   ...
//! } {sharc.share = #sharc.share<B[*][TB_X], A[TB_Y][*]:coalesce>}
//! ```
//!
//! The pragma text and the attribute body share one grammar (`share.pest`), so what the C
//! front-end accepts is exactly what the attribute holds.

use pest::iterators::Pair;
use pest::Parser as _;
use sharc_ir::{Attr, Context};
use std::fmt;

mod grammar {
    #![allow(missing_docs)]

    /// The pest parser generated from `share.pest`.
    #[derive(pest_derive::Parser)]
    #[grammar = "sharc/share.pest"]
    pub struct ShareGrammar;
}

use grammar::{Rule, ShareGrammar};

/// The attribute name on a parallel loop nest.
pub const SHARE_ATTR: &str = "sharc.share";

/// A thread-block extent, one of the TB primitives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Axis {
    /// `TB_X`.
    X,
    /// `TB_Y`.
    Y,
    /// `TB_Z`.
    Z,
}

impl Axis {
    /// The primitive's spelling.
    pub fn name(self) -> &'static str {
        match self {
            Axis::X => "TB_X",
            Axis::Y => "TB_Y",
            Axis::Z => "TB_Z",
        }
    }
}

/// A binary operator of a partition length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `*` between operands (the paper's `×`).
    Mul,
    /// `/`, integer division.
    Div,
}

impl BinOp {
    fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
        }
    }

    fn precedence(self) -> u8 {
        match self {
            BinOp::Add | BinOp::Sub => 1,
            BinOp::Mul | BinOp::Div => 2,
        }
    }
}

/// A partition length expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LenExpr {
    /// A positive integer.
    Int(i64),
    /// A TB primitive.
    Tb(Axis),
    /// `lhs op rhs`.
    Bin(BinOp, Box<LenExpr>, Box<LenExpr>),
}

impl LenExpr {
    /// The value for thread-block extents `tb` (x, y, z); `None` when a division by zero or an
    /// overflow happens.
    pub fn eval(&self, tb: [i64; 3]) -> Option<i64> {
        match self {
            LenExpr::Int(v) => Some(*v),
            LenExpr::Tb(a) => Some(tb[*a as usize]),
            LenExpr::Bin(op, l, r) => {
                let (l, r) = (l.eval(tb)?, r.eval(tb)?);
                match op {
                    BinOp::Add => l.checked_add(r),
                    BinOp::Sub => l.checked_sub(r),
                    BinOp::Mul => l.checked_mul(r),
                    BinOp::Div => l.checked_div(r),
                }
            }
        }
    }

    /// The TB primitives the expression uses.
    pub fn axes(&self) -> Vec<Axis> {
        let mut out = Vec::new();
        self.collect_axes(&mut out);
        out.sort();
        out.dedup();
        out
    }

    fn collect_axes(&self, out: &mut Vec<Axis>) {
        match self {
            LenExpr::Int(_) => {}
            LenExpr::Tb(a) => out.push(*a),
            LenExpr::Bin(_, l, r) => {
                l.collect_axes(out);
                r.collect_axes(out);
            }
        }
    }

    fn fmt_prec(&self, f: &mut fmt::Formatter<'_>, min: u8, right: bool) -> fmt::Result {
        match self {
            LenExpr::Int(v) => write!(f, "{v}"),
            LenExpr::Tb(a) => f.write_str(a.name()),
            LenExpr::Bin(op, l, r) => {
                let p = op.precedence();
                let paren = p < min || (right && p == min);
                if paren {
                    f.write_str("(")?;
                }
                l.fmt_prec(f, p, false)?;
                write!(f, " {} ", op.symbol())?;
                r.fmt_prec(f, p, true)?;
                if paren {
                    f.write_str(")")?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for LenExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_prec(f, 0, false)
    }
}

/// The length of a partition along one array dimension.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DimLen {
    /// `*`: a length between 0 and the dimension's extent, fixed by the partition search.
    Vague,
    /// An expression of TB primitives and positive integers.
    Expr(LenExpr),
}

impl fmt::Display for DimLen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DimLen::Vague => f.write_str("*"),
            DimLen::Expr(e) => e.fmt(f),
        }
    }
}

/// One array partition of a share pragma.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArraySpec {
    /// The array's source name.
    pub array: String,
    /// One length per array dimension, outermost first.
    pub dims: Vec<DimLen>,
    /// `:coalesce`.
    pub coalesce: bool,
    /// Byte offset of the spec in the text it was parsed from.
    pub offset: usize,
    /// Byte offset of each dimension's length.
    pub dim_offsets: Vec<usize>,
}

impl fmt::Display for ArraySpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.array)?;
        for d in &self.dims {
            write!(f, "[{d}]")?;
        }
        if self.coalesce {
            f.write_str(":coalesce")?;
        }
        Ok(())
    }
}

/// A share pragma or annotation that does not parse or is not valid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShareError {
    /// Byte offset of the problem in the text.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
}

/// Parses the text between `share(` and `)`: a comma-separated list of array partitions.
///
/// Integers must be positive ("Constants are positive numbers", seed 000 §2), an array may be
/// named once, and a constant length (no TB primitive) must be positive; everything that needs
/// the arrays themselves (does the array exist, does the rank match) is the caller's to check.
pub fn parse_share_list(text: &str) -> Result<Vec<ArraySpec>, ShareError> {
    let pairs = ShareGrammar::parse(Rule::share_list, text).map_err(|e| {
        let offset = match e.location {
            pest::error::InputLocation::Pos(p) => p,
            pest::error::InputLocation::Span((s, _)) => s,
        };
        ShareError { offset, message: syntax_message(&e.variant) }
    })?;
    let mut specs: Vec<ArraySpec> = Vec::new();
    for pair in pairs.flatten().filter(|p| p.as_rule() == Rule::array_spec) {
        let spec = array_spec(pair)?;
        if specs.iter().any(|s| s.array == spec.array) {
            return Err(ShareError {
                offset: spec.offset,
                message: format!("array '{}' is named twice in one share pragma", spec.array),
            });
        }
        specs.push(spec);
    }
    Ok(specs)
}

/// Prints a list of partitions in the canonical form (the attribute body).
pub fn print_share_list(specs: &[ArraySpec]) -> String {
    specs.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
}

/// The `#sharc.share<...>` attribute holding `specs`.
pub fn share_attr(ctx: &mut Context, specs: &[ArraySpec]) -> Attr {
    ctx.opaque_attr("sharc", &format!(".share<{}>", print_share_list(specs)))
}

/// The partitions of a `#sharc.share<...>` attribute; `None` if `attr` is not one.
pub fn share_specs(ctx: &Context, attr: Attr) -> Option<Result<Vec<ArraySpec>, ShareError>> {
    let body = ctx.attr_opaque_body(attr, "sharc")?;
    let inner = body.strip_prefix(".share<").or_else(|| body.strip_prefix("share<"))?.strip_suffix('>')?;
    Some(parse_share_list(inner))
}

fn syntax_message(v: &pest::error::ErrorVariant<Rule>) -> String {
    match v {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut words: Vec<&str> = positives.iter().filter_map(|r| rule_word(*r)).collect();
            words.sort();
            words.dedup();
            match words.as_slice() {
                [] => "malformed share pragma".to_string(),
                [one] => format!("expected {one} in share pragma"),
                many => format!("expected {} in share pragma", many.join(" or ")),
            }
        }
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    }
}

fn rule_word(r: Rule) -> Option<&'static str> {
    Some(match r {
        Rule::array_spec | Rule::array_name => "an array name",
        Rule::dim => "'[' and a partition length",
        Rule::vague | Rule::sum | Rule::product | Rule::tb | Rule::integer => {
            "a partition length (TB_X, TB_Y, TB_Z, a positive integer, an expression of them, or *)"
        }
        Rule::coalesce => "':coalesce'",
        Rule::add_op | Rule::mul_op => "an operator",
        Rule::EOI => "',' or the end of the list",
        _ => return None,
    })
}

fn array_spec(pair: Pair<'_, Rule>) -> Result<ArraySpec, ShareError> {
    let offset = pair.as_span().start();
    let mut spec =
        ArraySpec { array: String::new(), dims: Vec::new(), coalesce: false, offset, dim_offsets: Vec::new() };
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::array_name => spec.array = p.as_str().to_string(),
            Rule::coalesce => spec.coalesce = true,
            Rule::dim => {
                let Some(inner) = p.into_inner().next() else { continue };
                let at = inner.as_span().start();
                let len = match inner.as_rule() {
                    Rule::vague => DimLen::Vague,
                    _ => {
                        let e = len_expr(inner)?;
                        if e.axes().is_empty() {
                            match e.eval([1, 1, 1]) {
                                Some(v) if v > 0 => {}
                                Some(v) => {
                                    return Err(ShareError {
                                        offset: at,
                                        message: format!("partition length '{e}' is {v}; lengths must be positive"),
                                    })
                                }
                                None => {
                                    return Err(ShareError {
                                        offset: at,
                                        message: format!("partition length '{e}' divides by zero or overflows"),
                                    })
                                }
                            }
                        }
                        DimLen::Expr(e)
                    }
                };
                spec.dims.push(len);
                spec.dim_offsets.push(at);
            }
            _ => {}
        }
    }
    Ok(spec)
}

fn len_expr(pair: Pair<'_, Rule>) -> Result<LenExpr, ShareError> {
    match pair.as_rule() {
        Rule::sum | Rule::product => {
            let mut inner = pair.into_inner();
            let Some(first) = inner.next() else {
                return Err(ShareError { offset: 0, message: "empty partition length".into() });
            };
            let mut acc = len_expr(first)?;
            while let (Some(op), Some(rhs)) = (inner.next(), inner.next()) {
                let op = match op.as_str() {
                    "+" => BinOp::Add,
                    "-" => BinOp::Sub,
                    "*" => BinOp::Mul,
                    _ => BinOp::Div,
                };
                acc = LenExpr::Bin(op, Box::new(acc), Box::new(len_expr(rhs)?));
            }
            Ok(acc)
        }
        Rule::tb => Ok(LenExpr::Tb(match pair.as_str() {
            "TB_X" => Axis::X,
            "TB_Y" => Axis::Y,
            _ => Axis::Z,
        })),
        Rule::integer => {
            let at = pair.as_span().start();
            match pair.as_str().parse::<i64>() {
                Ok(0) => Err(ShareError { offset: at, message: "constants in a share pragma must be positive".into() }),
                Ok(v) => Ok(LenExpr::Int(v)),
                Err(_) => Err(ShareError { offset: at, message: format!("integer '{}' is too large", pair.as_str()) }),
            }
        }
        _ => Err(ShareError { offset: pair.as_span().start(), message: "malformed partition length".into() }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_gemm_pragma() {
        // Digest 000 §12.1 fact 1: two specs, B = [vague, TB_X], A = [TB_Y, vague] with coalesce.
        let specs = parse_share_list("B[*][TB_X],A[TB_Y][*]:coalesce").unwrap();
        assert_eq!(specs.len(), 2);
        assert_eq!(specs[0].array, "B");
        assert_eq!(specs[0].dims, vec![DimLen::Vague, DimLen::Expr(LenExpr::Tb(Axis::X))]);
        assert!(!specs[0].coalesce);
        assert_eq!(specs[1].array, "A");
        assert_eq!(specs[1].dims, vec![DimLen::Expr(LenExpr::Tb(Axis::Y)), DimLen::Vague]);
        assert!(specs[1].coalesce);
        assert_eq!(print_share_list(&specs), "B[*][TB_X], A[TB_Y][*]:coalesce");
    }

    #[test]
    fn expressions_follow_ordinary_precedence() {
        let specs = parse_share_list("A[TB_Y+4][TB_X*2] , C[TB_X - 16 + 8][(TB_Y + 2) * 2]").unwrap();
        assert_eq!(specs[0].to_string(), "A[TB_Y + 4][TB_X * 2]");
        let DimLen::Expr(e) = &specs[1].dims[0] else { panic!() };
        assert_eq!(e.eval([32, 8, 1]), Some(24), "left-associative: (TB_X - 16) + 8");
        let DimLen::Expr(e) = &specs[1].dims[1] else { panic!() };
        assert_eq!(e.eval([32, 8, 1]), Some(20));
        assert_eq!(specs[1].to_string(), "C[TB_X - 16 + 8][(TB_Y + 2) * 2]");
        // Printing and re-parsing gives the same trees.
        let again = parse_share_list(&print_share_list(&specs)).unwrap();
        assert_eq!(
            again.iter().map(|s| &s.dims).collect::<Vec<_>>(),
            specs.iter().map(|s| &s.dims).collect::<Vec<_>>()
        );
    }

    #[test]
    fn bad_pragmas_say_what_is_wrong() {
        let e = parse_share_list("A[0][TB_X]").unwrap_err();
        assert_eq!(e.offset, 2);
        assert!(e.message.contains("positive"), "{}", e.message);
        assert!(parse_share_list("A[TB_W]").is_err());
        assert!(parse_share_list("A").is_err());
        assert!(parse_share_list("A[4 - 8]").unwrap_err().message.contains("is -4"));
        assert!(parse_share_list("A[TB_X], A[TB_Y]").unwrap_err().message.contains("twice"));
        assert!(parse_share_list("A[TB_X]:coalesced").is_err());
        assert!(parse_share_list("A[8/0]").is_err());
    }
}
