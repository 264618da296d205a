//! The top level of a buffer: the implicit `builtin.module`, attribute, type and location alias
//! definitions (`#map = ...`, `!t = ...`, `#loc = ...`).

use super::Parser;
use crate::builder::{InsertPoint, OperationState};
use crate::entity::OpId;
use crate::location::Location;
use crate::syntax::lexer::TokenKind;
use crate::syntax::ParseResult;

impl<'s, 'c> Parser<'s, 'c> {
    pub(super) fn parse_top_level(&mut self) -> ParseResult<OpId> {
        let (region, block) = self.ctx.new_region_with_block(&[]);
        self.push_scope();
        self.push_region_names();
        self.predefine_location_aliases()?;
        loop {
            let t = self.peek();
            match t.kind {
                TokenKind::Eof => break,
                // As upstream, a top-level `#x` or `!x` always starts an alias definition.
                TokenKind::HashId => self.parse_attr_alias_def()?,
                TokenKind::BangId => self.parse_type_alias_def()?,
                _ => {
                    let op = self.parse_operation()?;
                    self.ctx.insert_op(InsertPoint::BlockEnd(block), op);
                }
            }
        }
        self.pop_region_names()?;
        self.pop_scope()?;
        let ops = self.ctx.block_ops(block);
        if let [only] = ops[..] {
            if self.ctx.op_is(only, crate::symbol::MODULE_OP) {
                self.ctx.unlink_op(only);
                return Ok(only);
            }
        }
        let module_loc = Location::file_line_col(&self.file, 0, 0);
        let state = OperationState::new(crate::symbol::MODULE_OP, module_loc).region(region);
        Ok(self.ctx.create_op(state))
    }

    fn parse_attr_alias_def(&mut self) -> ParseResult<()> {
        let t = self.bump();
        let name = self.text(t)[1..].to_string();
        if name.contains('.') {
            return Err(self.error_at(t.start, "attribute names with a '.' are reserved for dialect-defined names"));
        }
        self.parse_punct_in("=", " in attribute alias definition")?;
        if self.at_keyword("loc") {
            // Defined already by `predefine_location_aliases`.
            self.parse_location()?;
            return Ok(());
        }
        if self.attr_aliases.contains_key(&name) || self.loc_aliases.contains_key(&name) {
            return Err(self.error_at(t.start, format!("redefinition of attribute alias id '{name}'")));
        }
        let attr = self.parse_attribute()?;
        self.attr_aliases.insert(name, attr);
        Ok(())
    }

    /// Location aliases (`#loc3 = loc(...)`) may be defined after their uses, at the end of the
    /// file where `--mlir-print-debuginfo` puts them; read them all before the ops.
    fn predefine_location_aliases(&mut self) -> ParseResult<()> {
        // A plain loop over the token kinds first: this runs over every token of the input,
        // and few are `#` names.
        let mut starts: Vec<usize> = Vec::new();
        for (i, w) in self.tokens.windows(3).enumerate() {
            let [a, b, c] = [w[0], w[1], w[2]];
            if a.kind == TokenKind::HashId
                && b.kind == TokenKind::Punct
                && c.kind == TokenKind::BareId
                && (i == 0 || self.text(self.tokens[i - 1]) != "(")
                && self.text(b) == "="
                && self.text(c) == "loc"
            {
                starts.push(i);
            }
        }
        let saved = self.pos;
        // Aliases may refer to aliases defined later (`fused[#loc1, #loc2]`): retry until no
        // definition makes progress.
        let mut pending = starts;
        while !pending.is_empty() {
            let mut failed = Vec::new();
            let mut last_error = None;
            for &i in &pending {
                self.pos = i;
                let t = self.bump();
                let name = self.text(t)[1..].to_string();
                if self.loc_aliases.contains_key(&name) {
                    self.pos = saved;
                    return Err(self.error_at(t.start, format!("redefinition of attribute alias id '{name}'")));
                }
                self.bump();
                match self.parse_location() {
                    Ok(loc) => {
                        self.loc_aliases.insert(name, loc);
                    }
                    Err(e) => {
                        failed.push(i);
                        last_error = Some(e);
                    }
                }
            }
            if failed.len() == pending.len() {
                self.pos = saved;
                return Err(last_error.expect("a failed definition left its error"));
            }
            pending = failed;
        }
        self.pos = saved;
        Ok(())
    }

    fn parse_type_alias_def(&mut self) -> ParseResult<()> {
        let t = self.bump();
        let name = self.text(t)[1..].to_string();
        if name.contains('.') {
            return Err(self.error_at(t.start, "type names with a '.' are reserved for dialect-defined names"));
        }
        if self.type_aliases.contains_key(&name) {
            return Err(self.error_at(t.start, format!("redefinition of type alias id '{name}'")));
        }
        self.parse_punct_in("=", " in type alias definition")?;
        let ty = self.parse_type()?;
        self.type_aliases.insert(name, ty);
        Ok(())
    }
}
