//! The custom syntax of the memplace ops, parser beside printer:
//!
//! ```text
//! %s = memplace.alloc_shared (layout layout-spec)? attr-dict : memref-type
//! layout-spec ::= row_major | transposed | xor<vec = V, per_phase = P, max_phase = M>
//!               | soa<fields = K> | swizzle<B, M, S>
//! memplace.copy_in %global[origin] to %shared sizes [n, ...] attr-dict : global-type, shared-type
//! memplace.copy_out %shared to %global[origin] sizes [n, ...] (valid [%e, ...])? attr-dict
//!     : shared-type, global-type
//! memplace.barrier attr-dict
//! ```
//!
//! The origin is an affine map of SSA ids, as an `affine.load` subscript (`%A[%i - 1, symbol(%n)]`).
//!
//! A layout spec has one grammar ([`parse_spelling`]) read from two token sources: the op's
//! custom form (the IR parser's tokens, so errors point into the source) and the body of a
//! `#memplace<layout ...>` attribute (its text, for the generic form). CuTe's `swizzle<B, M, S>`
//! is normalised to the `xor` form where it is one on the buffer ([`SharedLayout::cute`]), so
//! one layout has one printed form; otherwise it stays `swizzle<B, M, S>` on the flat offset.

use super::ops::{layout_attr, AllocSharedOp, CopyOp, Direction, LAYOUT, MAP, SIZES};
use crate::memref::custom_error_at;
use sharc_ir::builder::OperationState;
use sharc_ir::syntax::parser::Delimiter;
use sharc_ir::syntax::{OpAsmParser, OpAsmPrinter, ParseResult, UnresolvedOperand};
use sharc_ir::{Context, OpId, Value};
use sharc_machine::layout::SharedLayout;

fn keyword(p: &mut OpAsmParser<'_, '_>, state: &OperationState, kw: &str) -> ParseResult<()> {
    if p.parse_optional_keyword(kw) {
        Ok(())
    } else {
        Err(custom_error_at(p, state, p.offset(), format!("expected '{kw}'")))
    }
}

// ----- layout specs -----------------------------------------------------------------------------

/// A token source for [`parse_spelling`]; offsets are where errors point.
trait LayoutTokens {
    fn offset(&self) -> usize;
    fn keyword(&mut self) -> Option<String>;
    fn punct(&mut self, p: char) -> bool;
    fn integer(&mut self) -> Option<i64>;
}

impl LayoutTokens for OpAsmParser<'_, '_> {
    fn offset(&self) -> usize {
        OpAsmParser::offset(self)
    }
    fn keyword(&mut self) -> Option<String> {
        self.parse_optional_any_keyword().map(str::to_string)
    }
    fn punct(&mut self, p: char) -> bool {
        self.parse_optional_punct(p.encode_utf8(&mut [0; 4]))
    }
    fn integer(&mut self) -> Option<i64> {
        self.parse_optional_integer().ok().flatten()
    }
}

/// The text of an attribute body, read token by token.
struct TextTokens<'a> {
    text: &'a str,
    pos: usize,
}

impl TextTokens<'_> {
    fn skip_space(&mut self) {
        let rest = &self.text[self.pos..];
        self.pos += rest.len() - rest.trim_start().len();
    }

    /// The length of the longest prefix of the rest whose characters satisfy `f` (the first
    /// one also `first`).
    fn run(&self, first: impl Fn(char) -> bool, f: impl Fn(char) -> bool) -> usize {
        let rest = &self.text[self.pos..];
        match rest.chars().next() {
            Some(c) if first(c) => rest.find(|c: char| !f(c)).unwrap_or(rest.len()),
            _ => 0,
        }
    }
}

impl LayoutTokens for TextTokens<'_> {
    fn offset(&self) -> usize {
        self.pos
    }
    fn keyword(&mut self) -> Option<String> {
        self.skip_space();
        let n = self.run(|c| c.is_ascii_alphabetic() || c == '_', |c| c.is_ascii_alphanumeric() || c == '_');
        let word = (n > 0).then(|| self.text[self.pos..self.pos + n].to_string());
        self.pos += n;
        word
    }
    fn punct(&mut self, p: char) -> bool {
        self.skip_space();
        let found = self.text[self.pos..].starts_with(p);
        if found {
            self.pos += p.len_utf8();
        }
        found
    }
    fn integer(&mut self) -> Option<i64> {
        self.skip_space();
        let neg = self.text[self.pos..].starts_with('-');
        let start = self.pos + usize::from(neg);
        let digits = self.text[start..].find(|c: char| !c.is_ascii_digit()).unwrap_or(self.text.len() - start);
        let value = self.text[start..start + digits].parse::<i64>().ok()?;
        self.pos = start + digits;
        Some(if neg { -value } else { value })
    }
}

/// A layout spec as written: a keyword and its parameters, each named (`vec = 1`) or not (`3`).
pub(crate) struct LayoutSpelling {
    kind: String,
    offset: usize,
    params: Vec<(Option<String>, i64, usize)>,
}

/// A malformed layout spec: the message and where it points.
pub(crate) struct SpellingError {
    pub(crate) message: String,
    pub(crate) offset: usize,
}

const KNOWN_LAYOUTS: &str = "row_major, transposed, xor<vec = V, per_phase = P, max_phase = M>, soa<fields = K> \
     or swizzle<B, M, S>";

/// `keyword ('<' param (',' param)* '>')?` with `param ::= keyword '=' integer | integer`.
fn parse_spelling(t: &mut impl LayoutTokens) -> Result<LayoutSpelling, SpellingError> {
    let err = |offset, message: String| SpellingError { message, offset };
    let offset = t.offset();
    let kind = t.keyword().ok_or_else(|| err(offset, format!("expected a layout: {KNOWN_LAYOUTS}")))?;
    let mut params = Vec::new();
    if t.punct('<') {
        loop {
            let at = t.offset();
            let name = t.keyword();
            if name.is_some() && !t.punct('=') {
                return Err(err(t.offset(), "expected '=' after a layout parameter name".into()));
            }
            let value = t.integer().ok_or_else(|| err(t.offset(), "expected an integer layout parameter".into()))?;
            params.push((name, value, at));
            if t.punct('>') {
                break;
            }
            if !t.punct(',') {
                return Err(err(t.offset(), "expected ',' or '>' in the layout parameters".into()));
            }
        }
    }
    Ok(LayoutSpelling { kind, offset, params })
}

impl LayoutSpelling {
    /// Reads a layout spec from an attribute body (what follows `layout`); the whole text must
    /// be the spec.
    pub(crate) fn from_text(text: &str) -> Result<LayoutSpelling, SpellingError> {
        let mut t = TextTokens { text, pos: 0 };
        let spelling = parse_spelling(&mut t)?;
        t.skip_space();
        if t.pos != text.len() {
            return Err(SpellingError { message: "unexpected text after the layout".into(), offset: t.pos });
        }
        Ok(spelling)
    }

    /// The layout it names, on a buffer of `shape` (what normalises a CuTe swizzle). Whether
    /// the layout fits the buffer is the verifier's question.
    pub(crate) fn layout(&self, shape: Option<&[i64]>) -> Result<SharedLayout, SpellingError> {
        let err = |offset, message: String| Err(SpellingError { message, offset });
        let kind = self.kind.as_str();
        let names: &[&str] = match kind {
            "row_major" | "transposed" => &[],
            "xor" => &["vec", "per_phase", "max_phase"],
            "soa" => &["fields"],
            "swizzle" => &["", "", ""],
            _ => return err(self.offset, format!("expected a layout: {KNOWN_LAYOUTS}")),
        };
        if self.params.len() != names.len() {
            let want = if names.is_empty() { "no parameters".to_string() } else { format!("<{}>", names.join(", ")) };
            let want = if kind == "swizzle" { "<B, M, S>".to_string() } else { want };
            return err(self.offset, format!("layout '{kind}' takes {want}"));
        }
        let mut values = Vec::with_capacity(names.len());
        for ((name, value, at), &want) in self.params.iter().zip(names) {
            let name = name.as_deref().unwrap_or("");
            if name != want {
                let expected =
                    if want.is_empty() { "an unnamed integer".to_string() } else { format!("'{want} = ...'") };
                return err(*at, format!("expected {expected} in layout '{kind}'"));
            }
            let lowest = if kind == "swizzle" { 0 } else { 1 };
            match u32::try_from(*value) {
                Ok(v) if v >= lowest => values.push(v),
                _ => {
                    return err(
                        *at,
                        format!("layout parameter {value} must be an integer from {lowest} to {}", u32::MAX),
                    )
                }
            }
        }
        Ok(match (kind, values.as_slice()) {
            ("xor", &[vec, per_phase, max_phase]) => SharedLayout::Xor { vec, per_phase, max_phase },
            ("soa", &[fields]) => SharedLayout::Soa { fields },
            ("transposed", _) => SharedLayout::Transposed,
            ("swizzle", &[b, m, s]) => {
                let Some(shape) = shape else {
                    return err(self.offset, "a swizzle layout needs a statically shaped buffer".into());
                };
                SharedLayout::cute(b, m, s, shape)
            }
            _ => SharedLayout::RowMajor,
        })
    }
}

// ----- memplace.alloc_shared --------------------------------------------------------------------

/// `memplace.alloc_shared (layout spec)? attr-dict : type`; a CuTe swizzle is normalised on
/// the type's innermost extent.
pub(crate) fn parse_alloc_shared(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let spelling = if p.parse_optional_keyword("layout") {
        Some(parse_spelling(p).map_err(|e| custom_error_at(p, state, e.offset, e.message))?)
    } else {
        None
    };
    p.parse_optional_attr_dict(state)?;
    let ty = p.parse_colon_type()?;
    if let Some(spelling) = spelling {
        let shape = p.ctx().shape(ty).map(|s| s.to_vec());
        let layout = spelling.layout(shape.as_deref()).map_err(|e| custom_error_at(p, state, e.offset, e.message))?;
        // A swizzle's parameters are only meaningful on its buffer (which form it takes depends
        // on the shape), so a swizzle that fits no permutation of it is reported at the spec.
        if let (SharedLayout::Swizzle { .. }, Some(shape)) = (layout, shape.as_deref()) {
            layout.check(shape).map_err(|e| custom_error_at(p, state, spelling.offset, e.0))?;
        }
        let attr = layout_attr(p.ctx(), layout);
        state.add_prop(LAYOUT, attr);
    }
    state.result_types.push(ty);
    Ok(())
}

/// Prints `memplace.alloc_shared`.
pub(crate) fn print_alloc_shared(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let alloc = AllocSharedOp(op);
    if ctx.results(op).is_empty() {
        return;
    }
    let mut skip = vec![];
    if alloc.has_explicit_layout(ctx) {
        if let Some(l) = alloc.layout(ctx) {
            p.write(&format!(" layout {l}"));
            skip.push(LAYOUT);
        }
    }
    p.attr_dict(op, &skip);
    p.write(" : ");
    p.ty(ctx.value_type(alloc.result(ctx)));
}

/// Names the buffer `%shared`, as `memref.alloc` names its result `%alloc`.
pub(crate) fn alloc_shared_names(ctx: &Context, op: OpId, name: &mut dyn FnMut(Value, String)) {
    if let Some(&r) = ctx.results(op).first() {
        name(r, "shared".to_string());
    }
}

// ----- copies -----------------------------------------------------------------------------------

/// `%A[origin]`: a global operand and its origin map, stored in `state`.
fn parse_tile(
    p: &mut OpAsmParser<'_, '_>,
    state: &mut OperationState,
) -> ParseResult<(UnresolvedOperand, Vec<UnresolvedOperand>, Vec<UnresolvedOperand>)> {
    let memref = p.parse_operand()?;
    let (map, dims, syms) = p.parse_affine_map_of_ssa_ids("[", "]")?;
    let map = p.ctx().affine_map_attr(map);
    state.add_prop(MAP, map);
    Ok((memref, dims, syms))
}

/// `sizes [n, ...]`, stored in `state`.
fn parse_sizes(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    keyword(p, state, "sizes")?;
    let mut sizes = Vec::new();
    p.parse_comma_separated_list(Delimiter::Square, |p| {
        sizes.push(p.parse_integer()?);
        Ok(())
    })?;
    let sizes = p.ctx().dense_i64_array(&sizes);
    state.add_prop(SIZES, sizes);
    Ok(())
}

/// `attr-dict : type, type`; returns the two types.
fn parse_types(
    p: &mut OpAsmParser<'_, '_>,
    state: &mut OperationState,
) -> ParseResult<(sharc_ir::Type, sharc_ir::Type)> {
    p.parse_optional_attr_dict(state)?;
    let off = p.offset();
    let types = p.parse_colon_type_list()?;
    match types[..] {
        [a, b] => Ok((a, b)),
        _ => Err(custom_error_at(p, state, off, format!("expected 2 types, got {}", types.len()))),
    }
}

/// Resolves the two memrefs and the origin's operands, in operand order.
fn resolve_copy(
    p: &mut OpAsmParser<'_, '_>,
    state: &mut OperationState,
    memrefs: [(UnresolvedOperand, sharc_ir::Type); 2],
    dims: &[UnresolvedOperand],
    syms: &[UnresolvedOperand],
) -> ParseResult<()> {
    for (m, ty) in memrefs {
        let v = p.resolve_operand(&m, ty)?;
        state.operands.push(v);
    }
    let index = p.ctx().index_type();
    let dims = p.resolve_operands_of(dims, index)?;
    let syms = p.resolve_operands_of(syms, index)?;
    state.operands.extend(dims.into_iter().chain(syms));
    Ok(())
}

/// `memplace.copy_in %A[origin] to %s sizes [..] attr-dict : type(A), type(s)`.
pub(crate) fn parse_copy_in(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let (global, dims, syms) = parse_tile(p, state)?;
    keyword(p, state, "to")?;
    let shared = p.parse_operand()?;
    parse_sizes(p, state)?;
    let (global_ty, shared_ty) = parse_types(p, state)?;
    resolve_copy(p, state, [(global, global_ty), (shared, shared_ty)], &dims, &syms)
}

/// `memplace.copy_out %s to %A[origin] sizes [..] attr-dict : type(s), type(A)`.
pub(crate) fn parse_copy_out(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let shared = p.parse_operand()?;
    keyword(p, state, "to")?;
    let (global, dims, syms) = parse_tile(p, state)?;
    parse_sizes(p, state)?;
    let mut valid = Vec::new();
    if p.parse_optional_keyword("valid") {
        p.parse_comma_separated_list(Delimiter::Square, |p| {
            valid.push(p.parse_operand()?);
            Ok(())
        })?;
    }
    let (shared_ty, global_ty) = parse_types(p, state)?;
    resolve_copy(p, state, [(shared, shared_ty), (global, global_ty)], &dims, &syms)?;
    let index = p.ctx().index_type();
    let valid = p.resolve_operands_of(&valid, index)?;
    state.operands.extend(valid);
    Ok(())
}

fn print_tile(p: &mut OpAsmPrinter<'_>, copy: CopyOp) {
    let ctx = p.ctx();
    p.operand(copy.global(ctx));
    p.write("[");
    if let Some(map) = copy.origin_map(ctx) {
        p.affine_map_of_ssa_ids(map, copy.origin_operands(ctx));
    }
    p.write("]");
}

fn print_sizes_and_types(p: &mut OpAsmPrinter<'_>, copy: CopyOp) {
    let ctx = p.ctx();
    let sizes: Vec<String> = copy.sizes(ctx).iter().map(i64::to_string).collect();
    p.write(&format!(" sizes [{}]", sizes.join(", ")));
    let valid = copy.valid(ctx).to_vec();
    if !valid.is_empty() && copy.direction(ctx) == Direction::Out {
        p.write(" valid [");
        p.operands(&valid);
        p.write("]");
    }
    let ctx = p.ctx();
    p.attr_dict(copy.0, &[MAP, SIZES]);
    p.write(" : ");
    let types = [ctx.value_type(ctx.operand(copy.0, 0)), ctx.value_type(ctx.operand(copy.0, 1))];
    p.types(&types);
}

/// Prints `memplace.copy_in`.
pub(crate) fn print_copy_in(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let copy = CopyOp(op);
    if p.ctx().operands(op).len() < 2 {
        // Unverified IR without its memrefs: nothing of the custom form can be printed.
        return;
    }
    p.write(" ");
    print_tile(p, copy);
    p.write(" to ");
    p.operand(copy.shared(p.ctx()));
    print_sizes_and_types(p, copy);
}

/// Prints `memplace.copy_out`.
pub(crate) fn print_copy_out(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let copy = CopyOp(op);
    if p.ctx().operands(op).len() < 2 {
        return;
    }
    p.write(" ");
    p.operand(copy.shared(p.ctx()));
    p.write(" to ");
    print_tile(p, copy);
    print_sizes_and_types(p, copy);
}

// ----- memplace.barrier -------------------------------------------------------------------------

/// `attr-dict`: the whole syntax of `memplace.barrier`.
pub(crate) fn parse_attr_dict_only(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    p.parse_optional_attr_dict(state)
}

/// Prints the attributes of `memplace.barrier`.
pub(crate) fn print_attr_dict_only(p: &mut OpAsmPrinter<'_>, op: OpId) {
    p.attr_dict(op, &[]);
}
