//! Custom forms of the arith ops (and of the math ops, which share their shapes), parse and
//! print side by side:
//!
//! ```text
//! %r = arith.addi %a, %b overflow<nsw> {attrs} : i32          elementwise, with flags
//! %r = arith.truncf %x to_nearest_even fastmath<fast> : f64 to f32   casts
//! %r = arith.cmpf olt, %a, %b fastmath<nnan> : f32             comparisons
//! %r = arith.select %c, %a, %b : vector<4xi1>, vector<4xf32>   select
//! %c42_i32 = arith.constant 42 : i32                           constant
//! ```
//!
//! Flags at their default (`overflow<none>`, `fastmath<none>`) are not printed, but the parser
//! (through [`default_props`]) stores them, so the generic form shows them as upstream does.

use super::flags::{IntEnum, FASTMATH, OVERFLOW, ROUNDING};
use super::ops::{PREDICATE, VALUE};
use super::signature::{Flag, Signature, TypeClass};
use super::verify::is_shaped;
use sharc_ir::builder::OperationState;
use sharc_ir::syntax::printer::type_to_string;
use sharc_ir::syntax::{OpAsmParser, OpAsmPrinter, ParseResult};
use sharc_ir::{AttrKind, Context, Diagnostic, OpId};

/// Adds the default `overflowFlags`/`fastmath` of `sig` when absent.
pub fn default_props(ctx: &mut Context, state: &mut OperationState, sig: &Signature) {
    for &flag in sig.flags {
        // Nearly every arith op gets one of these: build each default once per context
        // (encoding formats and interns an opaque attribute's strings).
        let (codec, key) = match flag {
            Flag::Overflow => (&OVERFLOW, "#arith.overflow<none>"),
            Flag::FastMath => (&FASTMATH, "#arith.fastmath<none>"),
            _ => continue,
        };
        if !state.props.iter().any(|(n, _)| n == flag.prop()) {
            let none = ctx.memo_attr(key, |ctx| codec.encode(ctx, 0));
            state.add_prop(flag.prop(), none);
        }
    }
}

/// Parses the optional flags of `flags`, in order, into inherent attributes.
pub fn parse_flags(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState, flags: &[Flag]) -> ParseResult<()> {
    for &flag in flags {
        match flag {
            Flag::Overflow | Flag::FastMath | Flag::OptionalFastMath => {
                let codec = if flag == Flag::Overflow { &OVERFLOW } else { &FASTMATH };
                if p.parse_optional_keyword(codec.mnemonic) {
                    let bits = codec.parse_body(p, &state.name)?;
                    let attr = codec.encode(p.ctx(), bits);
                    state.add_prop(flag.prop(), attr);
                }
            }
            Flag::Exact => {
                if p.parse_optional_keyword("exact") {
                    let unit = p.ctx().unit_attr();
                    state.add_prop(flag.prop(), unit);
                }
            }
            Flag::RoundingMode => {
                if let Some(i) = ROUNDING.cases.iter().position(|c| p.at_keyword(c)) {
                    p.parse_any_keyword()?;
                    let attr = ROUNDING.encode(p.ctx(), i);
                    state.add_prop(flag.prop(), attr);
                }
            }
        }
    }
    Ok(())
}

/// Prints the flags of `flags` that differ from their defaults; returns the attributes the
/// attribute dictionary must then leave out (those whose value could be printed as a flag).
pub fn print_flags(p: &mut OpAsmPrinter<'_>, op: OpId, flags: &[Flag]) -> Vec<&'static str> {
    let ctx = p.ctx();
    let mut elided = Vec::new();
    for &flag in flags {
        let Some(attr) = ctx.attr_of(op, flag.prop()) else { continue };
        match flag {
            Flag::Overflow | Flag::FastMath | Flag::OptionalFastMath => {
                let codec = if flag == Flag::Overflow { &OVERFLOW } else { &FASTMATH };
                let Some(bits) = codec.decode(ctx, attr) else { continue };
                if bits != 0 || flag == Flag::OptionalFastMath {
                    p.write(&format!(" {}<{}>", codec.mnemonic, codec.keywords(bits)));
                }
            }
            Flag::Exact => {
                if !matches!(ctx.attr_kind(attr), AttrKind::Unit) {
                    continue;
                }
                p.write(" exact");
            }
            Flag::RoundingMode => {
                let Some(i) = ROUNDING.decode(ctx, attr) else { continue };
                p.write(" ");
                p.write(ROUNDING.name(i));
            }
        }
        elided.push(flag.prop());
    }
    elided
}

/// `%a, %b [flags] {attrs} : T` or, for casts, `%a [flags] {attrs} : T to U`.
pub fn parse_elementwise(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState, sig: &Signature) -> ParseResult<()> {
    let mut operands = Vec::with_capacity(sig.operands.len());
    for i in 0..sig.operands.len() {
        if i > 0 {
            p.parse_punct(",")?;
        }
        operands.push(p.parse_operand()?);
    }
    parse_flags(p, state, sig.flags)?;
    p.parse_optional_attr_dict(state)?;
    let ty = p.parse_colon_type()?;
    let result = if sig.cast.is_some() {
        p.parse_keyword("to")?;
        p.parse_type()?
    } else {
        ty
    };
    state.operands = p.resolve_operands_of(&operands, ty)?;
    state.result_types = vec![result];
    Ok(())
}

/// Prints the form [`parse_elementwise`] reads.
pub fn print_elementwise(p: &mut OpAsmPrinter<'_>, op: OpId, sig: &Signature) {
    let ctx = p.ctx();
    p.write(" ");
    p.operands(ctx.operands(op));
    let elided = print_flags(p, op, sig.flags);
    p.attr_dict(op, &elided);
    p.write(" : ");
    let result = ctx.results(op).first().map(|&r| ctx.value_type(r));
    match (sig.cast, ctx.operands(op).first()) {
        (Some(_), Some(&input)) => {
            p.ty(ctx.value_type(input));
            p.write(" to ");
        }
        (Some(_), None) => p.write("<<no operand>> to "),
        (None, _) => {}
    }
    match result {
        Some(t) => p.ty(t),
        None => p.write("<<no result>>"),
    }
}

/// `custom op 'name' <msg>` at the op name, as upstream's custom parsers report.
fn custom_op_error(state: &OperationState, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(state.loc.clone(), format!("custom op '{}' {msg}", state.name))
}

/// `pred, %lhs, %rhs [flags] {attrs} : T` for `cmpi` (`class` = integer-like) and `cmpf`.
pub fn parse_compare(
    p: &mut OpAsmParser<'_, '_>,
    state: &mut OperationState,
    predicates: &IntEnum,
    flags: &[Flag],
    class: TypeClass,
) -> ParseResult<()> {
    let offset = p.offset();
    let index = if p.peek_text().starts_with('"') {
        let s = p.parse_string()?;
        predicates.index_of(&s).ok_or_else(|| {
            p.error_at(offset, format!("custom op '{}' invalid predicate attribute specification: \"{s}\"", state.name))
        })?
    } else {
        let kw = p.parse_optional_any_keyword();
        kw.and_then(|k| predicates.index_of(k)).ok_or_else(|| {
            p.error_at(
                offset,
                format!(
                    "custom op '{}' expected string or keyword containing one of the following enum values for attribute 'predicate' {}",
                    state.name,
                    predicates.case_list()
                ),
            )
        })?
    };
    let attr = predicates.encode(p.ctx(), index);
    state.add_prop(PREDICATE, attr);
    p.parse_punct(",")?;
    let lhs = p.parse_operand()?;
    p.parse_punct(",")?;
    let rhs = p.parse_operand()?;
    parse_flags(p, state, flags)?;
    p.parse_optional_attr_dict(state)?;
    let ty = p.parse_colon_type()?;
    if !class.accepts(p.ctx(), ty) {
        let got = type_to_string(p.ctx(), ty);
        return Err(custom_op_error(state, format!("'lhs' must be {}, but got '{got}'", class.describe())));
    }
    state.operands = p.resolve_operands_of(&[lhs, rhs], ty)?;
    let result = super::verify::i1_same_shape(p.ctx(), ty);
    state.result_types = vec![result];
    Ok(())
}

/// Prints the form [`parse_compare`] reads.
pub fn print_compare(p: &mut OpAsmPrinter<'_>, op: OpId, predicates: &IntEnum, flags: &[Flag]) {
    let ctx = p.ctx();
    let mut elided = Vec::new();
    p.write(" ");
    match ctx.attr_of(op, PREDICATE).and_then(|a| predicates.decode(ctx, a)) {
        Some(i) => {
            p.write(predicates.name(i));
            elided.push(PREDICATE);
        }
        None => p.write("<<invalid predicate>>"),
    }
    p.write(", ");
    p.operands(ctx.operands(op));
    elided.extend(print_flags(p, op, flags));
    p.attr_dict(op, &elided);
    p.write(" : ");
    match ctx.operands(op).first() {
        Some(&lhs) => p.ty(ctx.value_type(lhs)),
        None => p.write("<<no operand>>"),
    }
}

/// `%cond, %true, %false {attrs} : T` or `: Tcond, T` for a shaped condition.
pub fn parse_select(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let operands = p.parse_operand_list()?;
    if operands.len() != 3 {
        return Err(custom_op_error(state, "expected 3 operands"));
    }
    p.parse_optional_attr_dict(state)?;
    let mut result = p.parse_colon_type()?;
    let condition = if p.parse_optional_punct(",") {
        let c = result;
        result = p.parse_type()?;
        c
    } else {
        p.ctx().i1()
    };
    state.operands = p.resolve_operands(&operands, &[condition, result, result], p.offset())?;
    state.result_types = vec![result];
    Ok(())
}

/// Prints the form [`parse_select`] reads.
pub fn print_select(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.operands(ctx.operands(op));
    p.attr_dict(op, &[]);
    p.write(" : ");
    if let Some(&c) = ctx.operands(op).first() {
        let cty = ctx.value_type(c);
        if is_shaped(ctx, cty) {
            p.ty(cty);
            p.write(", ");
        }
    }
    match ctx.results(op).first() {
        Some(&r) => p.ty(ctx.value_type(r)),
        None => p.write("<<no result>>"),
    }
}

/// `{attrs} value`: the result type is the value's type.
pub fn parse_constant(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    p.parse_optional_attr_dict(state)?;
    let start = p.offset();
    let value = p.parse_attribute()?;
    // Upstream parses a `TypedAttr`: another kind fails while parsing.
    let Some(ty) = super::ops::typed_attr_type(p.ctx(), value) else {
        return Err(p.error_at(start, format!("custom op '{}' invalid kind of attribute specified", state.name)));
    };
    state.add_prop(VALUE, value);
    state.result_types = vec![ty];
    Ok(())
}

/// Prints the form [`parse_constant`] reads.
pub fn print_constant(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.attr_dict(op, &[VALUE]);
    if let Some(v) = ctx.attr_of(op, VALUE) {
        p.write(" ");
        p.attr(v);
    }
}
