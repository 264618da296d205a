//! Locations: `loc(...)` with file/line/col, names, call sites, fused locations and aliases.

use super::{parse_uint_literal, Delimiter, Parser};
use crate::location::Location;
use crate::syntax::lexer::TokenKind;
use crate::syntax::ParseResult;
use std::sync::Arc;

impl<'s, 'c> Parser<'s, 'c> {
    /// `loc(...)`.
    pub fn parse_location(&mut self) -> ParseResult<Location> {
        self.parse_keyword("loc")?;
        self.parse_punct_in("(", " in location")?;
        let loc = self.parse_location_body()?;
        self.parse_punct_in(")", " in location")?;
        Ok(loc)
    }

    fn parse_location_body(&mut self) -> ParseResult<Location> {
        let t = self.peek();
        match t.kind {
            TokenKind::HashId => {
                self.bump();
                let name = &self.text(t)[1..];
                self.loc_aliases
                    .get(name)
                    .cloned()
                    .ok_or_else(|| self.error_at(t.start, "operation location alias was never defined"))
            }
            TokenKind::BareId if self.text(t) == "unknown" => {
                self.bump();
                Ok(Location::Unknown)
            }
            TokenKind::BareId if self.text(t) == "callsite" => {
                self.bump();
                self.parse_punct("(")?;
                let callee = self.parse_location_body()?;
                if !self.parse_optional_keyword("at") {
                    return Err(self.expected("'at' in callsite location"));
                }
                let caller = self.parse_location_body()?;
                self.parse_punct(")")?;
                Ok(Location::CallSite { callee: Box::new(callee), caller: Box::new(caller) })
            }
            TokenKind::BareId if self.text(t) == "fused" => {
                self.bump();
                let mut metadata = None;
                if self.parse_optional_punct("<") {
                    let start = self.offset();
                    self.parse_attribute()?;
                    let end = self.offset();
                    metadata = Some(Arc::from(self.src[start..end].trim_end()));
                    self.parse_punct(">")?;
                }
                let mut locs = Vec::new();
                self.parse_comma_separated_list(Delimiter::Square, |p| {
                    locs.push(p.parse_location_body()?);
                    Ok(())
                })?;
                Ok(Location::fused(locs, metadata))
            }
            TokenKind::String => {
                self.bump();
                let s = self.string_value(t)?;
                if self.parse_optional_punct(":") {
                    // As upstream's `parseNameOrFileLineLocation`: `"f":3` is column 0.
                    let file: Arc<str> = Arc::from(s.as_str());
                    let line = self.parse_location_number("expected integer line number in FileLineColRange")?;
                    if !self.parse_optional_punct(":") {
                        return Ok(Location::FileLineCol { file, line, col: 0 });
                    }
                    let col = self.parse_location_number("expected integer column number in FileLineColRange")?;
                    if self.parse_optional_keyword("to") {
                        let end_line = if self.peek().kind == TokenKind::Integer {
                            Some(self.parse_location_number("expected integer line number in FileLineColRange")?)
                        } else {
                            None
                        };
                        if !self.parse_optional_punct(":") {
                            return Err(
                                self.wrong_token_error("expected either integer or `:` post `to` in FileLineColRange")
                            );
                        }
                        let end_col =
                            self.parse_location_number("expected integer column number in FileLineColRange")?;
                        return Ok(Location::FileRange { file, line, col, end_line, end_col });
                    }
                    return Ok(Location::FileLineCol { file, line, col });
                }
                let child = if self.parse_optional_punct("(") {
                    let c = self.parse_location_body()?;
                    self.parse_punct(")")?;
                    Some(Box::new(c))
                } else {
                    None
                };
                Ok(Location::Name { name: Arc::from(s.as_str()), child })
            }
            _ => Err(self.expected("location instance")),
        }
    }

    /// A line or column number of a file location (an unsigned 32-bit integer).
    fn parse_location_number(&mut self, msg: &str) -> ParseResult<u32> {
        let t = self.peek();
        let value = (t.kind == TokenKind::Integer).then(|| parse_uint_literal(self.text(t))).flatten();
        let Some(v) = value.and_then(|v| u32::try_from(v).ok()) else {
            return Err(self.wrong_token_error(msg));
        };
        self.bump();
        Ok(v)
    }

    /// A `loc(...)` where upstream's `parseTrailingLocationSpecifier` may find one: the
    /// keyword `loc` always starts it.
    pub(super) fn parse_trailing_location(&mut self) -> ParseResult<Option<Location>> {
        if self.at_keyword("loc") {
            return self.parse_location().map(Some);
        }
        Ok(None)
    }
}
