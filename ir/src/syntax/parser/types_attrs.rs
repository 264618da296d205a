//! Types and attribute dictionaries as ops use them: `: type`, type lists, function result
//! types, `{name = attr, ...}` and `attributes {...}`.

use super::{Delimiter, Parser};
use crate::attrs::Attr;
use crate::builder::OperationState;
use crate::syntax::lexer::TokenKind;
use crate::syntax::ParseResult;
use crate::types::Type;

impl<'s, 'c> Parser<'s, 'c> {
    /// `: type`.
    pub fn parse_colon_type(&mut self) -> ParseResult<Type> {
        self.parse_punct(":")?;
        self.parse_type()
    }

    /// A comma-separated, non-empty list of types.
    pub fn parse_type_list(&mut self) -> ParseResult<Vec<Type>> {
        let mut out = vec![self.parse_type()?];
        while self.parse_optional_punct(",") {
            out.push(self.parse_type()?);
        }
        Ok(out)
    }

    /// `: type, type` (non-empty).
    pub fn parse_colon_type_list(&mut self) -> ParseResult<Vec<Type>> {
        self.parse_punct(":")?;
        self.parse_type_list()
    }

    /// A function result list: `type`, `(type, ...)` or `()`.
    pub fn parse_function_result_types(&mut self) -> ParseResult<Vec<Type>> {
        if self.parse_optional_punct("(") {
            if self.parse_optional_punct(")") {
                return Ok(Vec::new());
            }
            let tys = self.parse_type_list()?;
            self.parse_punct(")")?;
            Ok(tys)
        } else {
            Ok(vec![self.parse_type()?])
        }
    }

    /// `-> results` if present (else no results).
    pub fn parse_optional_arrow_type_list(&mut self) -> ParseResult<Vec<Type>> {
        if self.parse_optional_punct("->") {
            self.parse_function_result_types()
        } else {
            Ok(Vec::new())
        }
    }

    // ----- attributes -------------------------------------------------------------------------

    /// `{name = attr, ...}` if present, into `state.attrs` (inherent names of registered ops go
    /// into `state.props`).
    pub fn parse_optional_attr_dict(&mut self, state: &mut OperationState) -> ParseResult<()> {
        if !self.at_punct("{") {
            return Ok(());
        }
        let entries = self.parse_attr_dict_entries()?;
        let spec = self.ctx.registry().op(&state.name);
        for (name, attr) in entries {
            match spec {
                Some(s) if s.is_inherent(&name) => state.add_prop(&name, attr),
                _ => state.add_attr(&name, attr),
            }
        }
        Ok(())
    }

    /// `attributes {...}` if present.
    pub fn parse_optional_attr_dict_with_keyword(&mut self, state: &mut OperationState) -> ParseResult<()> {
        if self.parse_optional_keyword("attributes") {
            if !self.at_punct("{") {
                return Err(self.expected("'{'"));
            }
            self.parse_optional_attr_dict(state)?;
        }
        Ok(())
    }

    /// `{a = 1, b}` as a list of named attributes (duplicates rejected).
    pub fn parse_attr_dict_entries(&mut self) -> ParseResult<Vec<(String, Attr)>> {
        let mut entries: Vec<(String, Attr)> = Vec::new();
        self.parse_comma_separated_list_in(Delimiter::Brace, " in attribute dictionary", |p| {
            let t = p.peek();
            let name = match t.kind {
                TokenKind::BareId => p.text(t).to_string(),
                TokenKind::String => p.string_value(t)?,
                _ => return Err(p.expected("attribute name")),
            };
            if name.is_empty() {
                return Err(p.error_here("expected valid attribute name"));
            }
            p.bump();
            if entries.iter().any(|(n, _)| *n == name) {
                return Err(p.error_at(t.start, format!("duplicate key '{name}' in dictionary attribute")));
            }
            let attr = if p.parse_optional_punct("=") { p.parse_attribute()? } else { p.ctx.unit_attr() };
            entries.push((name, attr));
            Ok(())
        })?;
        Ok(entries)
    }
}
