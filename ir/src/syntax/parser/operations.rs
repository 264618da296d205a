//! Operations: result bindings, the generic form (`"dialect.op"(...)`), custom forms through
//! each op's `OpSpec::parse`, and implicit terminators.

use super::{Delimiter, Parser};
use crate::builder::{InsertPoint, OperationState};
use crate::diag::Diagnostic;
use crate::entity::{OpId, RegionId, Value};
use crate::location::Location;
use crate::registry::{OpSpec, OpTraits};
use crate::syntax::lexer::TokenKind;
use crate::syntax::ParseResult;
use smallvec::SmallVec;

impl<'s, 'c> Parser<'s, 'c> {
    /// Parses one operation (with its result bindings) and returns it, detached.
    pub fn parse_operation(&mut self) -> ParseResult<OpId> {
        // Names borrowed from the source, inline for the usual single group: most ops bind
        // their results, and allocating here was a visible share of parse time.
        let mut result_groups: SmallVec<[(&'s str, usize, usize); 1]> = SmallVec::new();
        let start = self.offset();
        if self.peek().kind == TokenKind::PercentId {
            loop {
                let t = self.peek();
                if t.kind != TokenKind::PercentId {
                    return Err(self.expected("valid ssa identifier"));
                }
                self.bump();
                let name = &self.text(t)[1..];
                let mut count = 1usize;
                if self.parse_optional_punct(":") {
                    let count_off = self.offset();
                    if self.peek().kind != TokenKind::Integer {
                        return Err(self.expected("integer number of results"));
                    }
                    let n = self.parse_integer()?;
                    if n < 1 {
                        return Err(self.error_at(count_off, "expected named operation to have at least 1 result"));
                    }
                    count = n as usize;
                }
                result_groups.push((name, count, t.start));
                if !self.parse_optional_punct(",") {
                    break;
                }
            }
            self.parse_punct_in("=", " after SSA name")?;
        }
        let name_tok = self.peek();
        let op = match name_tok.kind {
            TokenKind::String => self.parse_generic_operation()?,
            // `i32` lexes as an integer type upstream, never an op name.
            TokenKind::BareId if super::parse_type::int_type_spelling(self.text(name_tok)).is_some() => {
                return Err(self.expected("operation name in quotes"))
            }
            TokenKind::BareId => self.parse_custom_operation()?,
            _ => return Err(self.expected("operation name in quotes")),
        };
        let num_results = self.ctx.results(op).len();
        let expected: usize = result_groups.iter().map(|g| g.1).sum();
        if !result_groups.is_empty() && expected != num_results {
            return Err(self.error_at(
                start,
                if num_results == 0 {
                    "cannot name an operation with no results".to_string()
                } else {
                    format!("operation defines {num_results} results but was provided {expected} to bind")
                },
            ));
        }
        if result_groups.is_empty() {
            return Ok(op);
        }
        let results: SmallVec<[Value; 4]> = self.ctx.results(op).iter().copied().collect();
        let mut next = 0;
        for (name, count, offset) in result_groups {
            self.define_values(name, offset, &results[next..next + count])?;
            next += count;
        }
        Ok(op)
    }

    fn parse_generic_operation(&mut self) -> ParseResult<OpId> {
        let name_tok = self.bump();
        let name = self.string_value(name_tok)?;
        let loc = self.loc_at(name_tok.start);
        if name.is_empty() {
            return Err(self.error_at(name_tok.start, "empty operation name is invalid"));
        }
        let spec = self.ctx.registry().op(&name);
        if spec.is_none() && !self.options.allow_unregistered {
            let dialect = name.split_once('.').map_or(name.as_str(), |(d, _)| d);
            let msg = if self.ctx.registry().dialect(dialect).is_some() {
                format!("unregistered operation '{name}' found in dialect ('{dialect}') that does not allow unknown operations")
            } else {
                "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used".to_string()
            };
            // Upstream notices this after the name, at the operand list.
            return Err(self.error_at(self.offset(), msg));
        }
        let mut state = OperationState::new(name, loc);
        // Operands.
        self.parse_punct_in("(", " to start operand list")?;
        let operands = self.parse_operand_list()?;
        self.parse_punct_in(")", " to end operand list")?;
        // Successors.
        if self.at_punct("[") {
            if spec.is_some_and(|s| !s.has(OpTraits::TERMINATOR)) {
                return Err(self.error_here("successors in non-terminator"));
            }
            self.parse_comma_separated_list(Delimiter::Square, |p| {
                let b = p.parse_successor()?;
                state.successors.push(b);
                Ok(())
            })?;
        }
        // Properties.
        if self.at_punct("<") {
            self.bump();
            if !self.at_punct("{") {
                return Err(self.expected("'{' to start properties"));
            }
            for (n, a) in self.parse_attr_dict_entries()? {
                // Upstream drops properties a registered op does not define.
                if spec.is_none_or(|s| s.is_inherent(&n)) {
                    state.add_prop(&n, a);
                }
            }
            self.parse_punct(">")?;
        }
        // Regions.
        if self.parse_optional_punct("(") {
            self.default_dialects.push(spec.and_then(|s| s.default_dialect));
            loop {
                let r = self.parse_region(&[])?;
                state.regions.push(r);
                if !self.parse_optional_punct(",") {
                    break;
                }
            }
            self.default_dialects.pop();
            self.parse_punct_in(")", " to end region list")?;
        }
        // Attributes.
        self.parse_optional_attr_dict(&mut state)?;
        // Type.
        self.parse_punct_in(":", " followed by operation type")?;
        let type_off = self.offset();
        let fty = self.parse_type()?;
        let Some((inputs, results)) = self.ctx.function_parts(fty).map(|(i, r)| (i.to_vec(), r.to_vec())) else {
            return Err(self.error_at(type_off, "expected function type"));
        };
        if operands.len() != inputs.len() {
            // Upstream streams the plural suffix as a char, a NUL in the singular.
            let plural = if operands.len() == 1 { "\0" } else { "s" };
            let msg = format!("expected {} operand type{plural} but had {}", operands.len(), inputs.len());
            return Err(self.error_at(type_off, msg));
        }
        state.operands = self.resolve_operands(&operands, &inputs, type_off)?;
        state.result_types = results;
        if let Some(l) = self.parse_trailing_location()? {
            state.loc = l;
        }
        Ok(self.ctx.create_op(state))
    }

    /// Resolves a custom-form op name: a name without a dialect prefix is looked up in the
    /// default dialect of the enclosing op (`return` in `func.func`, `module` at top level);
    /// a prefixed name that is unknown is retried with the default dialect prefixed.
    fn resolve_custom_name(&self, name: &str) -> Option<&'static OpSpec> {
        let reg = self.ctx.registry();
        let default = self.default_dialects.last().copied().flatten();
        let with_default = || default.and_then(|d| reg.op(&format!("{d}.{name}")));
        if !name.contains('.') {
            return with_default();
        }
        reg.op(name).or_else(with_default)
    }

    /// The error for a custom-form op name that resolves to nothing, worded as upstream's.
    fn unknown_custom_op(&self, name: &str, offset: usize) -> Diagnostic {
        let default = self.default_dialects.last().copied().flatten();
        match name.split_once('.') {
            Some((dialect, _)) if self.ctx.registry().dialect(dialect).is_some() => {
                self.error_at(offset, format!("custom op '{name}' is unknown"))
            }
            Some((dialect, _)) => {
                let mut known: Vec<&str> = self.ctx.registry().dialects().iter().map(|d| d.name).collect();
                known.sort_unstable();
                self.error_at(offset, format!("Dialect `{dialect}' not found for custom op '{name}' "))
                    .with_note(self.loc_at(offset), format!("Available dialects: {}", known.join(", ")))
            }
            None => match default {
                Some(d) => self.error_at(offset, format!("custom op '{name}' is unknown (tried '{d}.{name}' as well)")),
                None => {
                    let mut known: Vec<&str> = self.ctx.registry().dialects().iter().map(|d| d.name).collect();
                    known.sort_unstable();
                    self.error_at(
                        offset,
                        format!("Dialect `' not found for custom op '{name}'  (tried '.{name}' as well)"),
                    )
                    .with_note(self.loc_at(offset), format!("Available dialects: {}", known.join(", ")))
                }
            },
        }
    }

    fn parse_custom_operation(&mut self) -> ParseResult<OpId> {
        let name_tok = self.bump();
        let name = self.text(name_tok);
        let Some(spec) = self.resolve_custom_name(name) else {
            return Err(self.unknown_custom_op(name, name_tok.start));
        };
        let Some(parse) = spec.parse else {
            return Err(self.error_at(name_tok.start, format!("custom op '{name}' has no custom assembly form")));
        };
        let mut state = OperationState::new(spec.name, self.loc_at(name_tok.start));
        self.default_dialects.push(spec.default_dialect);
        let r = parse(self, &mut state);
        self.default_dialects.pop();
        r?;
        if let Some(term) = spec.implicit_terminator {
            for &region in &state.regions {
                // A region the custom parser created empty (an absent optional region) stays
                // empty, as in MLIR where parsers call `ensureTerminator` on parsed regions only.
                if self.parsed_regions.contains(&region) || !self.ctx.region_is_empty(region) {
                    self.ensure_terminator(region, term, &state.loc);
                }
            }
        }
        if let Some(l) = self.parse_trailing_location()? {
            state.loc = l;
        }
        Ok(self.ctx.create_op(state))
    }

    /// Appends the implicit terminator `term` to each block of `region` that does not end with a
    /// terminator (MLIR's `ensureTerminator`). An empty region gets one block.
    pub fn ensure_terminator(&mut self, region: RegionId, term: &str, loc: &Location) {
        if self.ctx.region_is_empty(region) {
            let b = self.ctx.new_block();
            self.ctx.append_block(region, b);
        }
        for b in self.ctx.region_blocks(region).to_vec() {
            let last = self.ctx.block_last_op(b);
            // As MLIR's `hasTrait<IsTerminator>`: an unregistered last op is not a terminator.
            let ends = last.is_some_and(|o| self.ctx.op_has(o, OpTraits::TERMINATOR));
            if !ends {
                let op = self.ctx.create_op(OperationState::new(term, loc.clone()));
                self.ctx.insert_op(InsertPoint::BlockEnd(b), op);
            }
        }
    }
}
