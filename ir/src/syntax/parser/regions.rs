//! Regions and blocks: region bodies, entry-block arguments, labeled blocks, successors and
//! argument lists.

use super::{Argument, Delimiter, Parser};
use crate::builder::InsertPoint;
use crate::entity::{BlockId, RegionId, Value};
use crate::location::Location;
use crate::syntax::lexer::TokenKind;
use crate::syntax::ParseResult;
use crate::types::Type;

impl<'s, 'c> Parser<'s, 'c> {
    /// `{ ... }` with optional entry-block arguments defined by the op's custom syntax. An
    /// isolated-from-above op parses its regions alike: isolation does not hide names (see the
    /// module docs); the verifier reports a use across the boundary, as upstream.
    pub fn parse_region(&mut self, entry_args: &[Argument]) -> ParseResult<RegionId> {
        let open = self.offset();
        self.parse_punct_in("{", " to begin a region")?;
        let region = self.ctx.new_region();
        self.parsed_regions.insert(region);
        self.push_region_names();
        let result = self.parse_region_body(region, entry_args, open);
        let popped = self.pop_region_names();
        result?;
        popped?;
        Ok(region)
    }

    /// A region if the current token is `{`.
    pub fn parse_optional_region(&mut self, entry_args: &[Argument]) -> ParseResult<Option<RegionId>> {
        if self.at_punct("{") {
            self.parse_region(entry_args).map(Some)
        } else {
            Ok(None)
        }
    }

    fn parse_region_body(&mut self, region: RegionId, entry_args: &[Argument], open: usize) -> ParseResult<()> {
        if self.parse_optional_punct("}") {
            if !entry_args.is_empty() {
                let b = self.ctx.new_block();
                self.ctx.append_block(region, b);
                self.define_entry_args(b, entry_args)?;
            }
            return Ok(());
        }
        // The entry block: implicit unless labeled.
        if self.peek().kind == TokenKind::CaretId {
            if !entry_args.is_empty() {
                return Err(self.error_here("invalid block name in region with named arguments"));
            }
        } else {
            let b = self.ctx.new_block();
            self.ctx.append_block(region, b);
            self.define_entry_args(b, entry_args)?;
            self.parse_block_ops(b)?;
        }
        while self.peek().kind == TokenKind::CaretId {
            self.parse_labeled_block(region)?;
        }
        if !self.parse_optional_punct("}") {
            if self.peek().kind == TokenKind::Eof {
                return Err(self
                    .error_at(open, "expected '}' to close this region: reached end of file")
                    .with_note(self.current_loc(), "the region ends here"));
            }
            return Err(self.expected("'}' to end region"));
        }
        Ok(())
    }

    fn define_entry_args(&mut self, block: BlockId, args: &[Argument]) -> ParseResult<()> {
        for a in args {
            if let Some(prev) = self.visible_value_loc(&a.name.name) {
                return Err(self
                    .error_at(a.name.offset, format!("region entry argument '%{}' is already in use", a.name.name))
                    .with_note(prev, "previously referenced here"));
            }
            let v = self.ctx.add_block_arg(block, a.ty);
            let loc = a.loc.clone().unwrap_or_else(|| self.loc_at(a.name.offset));
            self.ctx.set_value_loc(v, loc);
            self.define_values(&a.name.name, a.name.offset, &[v])?;
        }
        Ok(())
    }

    /// Where the visible value `name` was defined (or first used, if only forward-referenced).
    fn visible_value_loc(&self, name: &str) -> Option<Location> {
        let scope = self.scopes.last()?;
        if let Some(v) = scope.values.get(name).map(|g| g.first) {
            return Some(self.value_def_loc(v));
        }
        scope.forward.iter().find(|((n, _), _)| n == name).map(|(_, &(_, offset))| self.loc_at(offset))
    }

    /// The location of a value's definition: a block argument's own location, else its op's.
    pub(super) fn value_def_loc(&self, v: Value) -> Location {
        match self.ctx.defining_op(v) {
            Some(op) => self.ctx.loc(op).clone(),
            None => self.ctx.value_loc(v).cloned().unwrap_or_default(),
        }
    }

    fn block_by_name(&mut self, name: &str, offset: usize) -> BlockId {
        let blocks = self.scopes.last_mut().expect("a scope is open").blocks.last_mut().expect("a region is open");
        if let Some(&(b, _, _)) = blocks.get(name) {
            return b;
        }
        let b = self.ctx.new_block();
        self.scopes
            .last_mut()
            .expect("a scope is open")
            .blocks
            .last_mut()
            .expect("a region is open")
            .insert(name.to_string(), (b, false, offset));
        b
    }

    /// `^bb1` as a successor.
    pub fn parse_successor(&mut self) -> ParseResult<BlockId> {
        let t = self.peek();
        if t.kind != TokenKind::CaretId {
            return Err(self.expected("block name"));
        }
        self.bump();
        let name = self.text(t)[1..].to_string();
        if self.scopes.last().is_none_or(|s| s.blocks.is_empty()) {
            return Err(self.error_at(t.start, "successors are only allowed inside a region"));
        }
        Ok(self.block_by_name(&name, t.start))
    }

    fn parse_labeled_block(&mut self, region: RegionId) -> ParseResult<()> {
        let t = self.bump();
        let name = self.text(t)[1..].to_string();
        let b = self.block_by_name(&name, t.start);
        {
            let blocks = self.scopes.last_mut().expect("a scope is open").blocks.last_mut().expect("a region is open");
            let entry = blocks.get_mut(&name).expect("just inserted");
            if entry.1 {
                return Err(self.error_at(t.start, format!("redefinition of block '^{name}'")));
            }
            entry.1 = true;
        }
        self.ctx.append_block(region, b);
        if self.parse_optional_punct("(") && !self.parse_optional_punct(")") {
            loop {
                let arg = self.parse_operand()?;
                self.parse_punct_in(":", " and type for SSA operand")?;
                let ty = self.parse_type()?;
                let loc = self.parse_trailing_location()?;
                let v = self.ctx.add_block_arg(b, ty);
                if let Some(l) = loc {
                    self.ctx.set_value_loc(v, l);
                } else {
                    let l = self.loc_at(arg.offset);
                    self.ctx.set_value_loc(v, l);
                }
                self.define_values(&arg.name, arg.offset, &[v])?;
                if !self.parse_optional_punct(",") {
                    break;
                }
            }
            self.parse_punct(")")?;
        }
        self.parse_punct_in(":", " after block name")?;
        self.parse_block_ops(b)
    }

    fn parse_block_ops(&mut self, block: BlockId) -> ParseResult<()> {
        loop {
            let t = self.peek();
            if t.kind == TokenKind::Eof {
                // A region left open: upstream reports the op it expected next.
                return Err(self.expected("operation name in quotes"));
            }
            if t.kind == TokenKind::CaretId || self.at_punct("}") {
                return Ok(());
            }
            let op = self.parse_operation()?;
            self.ctx.insert_op(InsertPoint::BlockEnd(block), op);
        }
    }

    /// `(%a: i32 {attrs} loc(...), ...)` as region arguments.
    pub fn parse_argument_list(&mut self, delim: Delimiter, allow_attrs: bool) -> ParseResult<Vec<Argument>> {
        let mut args = Vec::new();
        self.parse_comma_separated_list(delim, |p| {
            args.push(p.parse_argument(allow_attrs)?);
            Ok(())
        })?;
        Ok(args)
    }

    /// `%a: i32 {attrs} loc(...)`.
    pub fn parse_argument(&mut self, allow_attrs: bool) -> ParseResult<Argument> {
        let name = self.parse_argument_operand()?;
        self.parse_punct(":")?;
        let ty = self.parse_type()?;
        let attrs = if allow_attrs && self.at_punct("{") {
            let entries = self.parse_attr_dict_entries()?;
            Some(self.ctx.dict_attr(entries))
        } else {
            None
        };
        let loc = self.parse_trailing_location()?;
        Ok(Argument { name, ty, loc, attrs })
    }

    /// An argument name without a type (`%i` in `affine.for %i = ...`), typed by the caller.
    pub fn parse_argument_name(&mut self, ty: Type) -> ParseResult<Argument> {
        let name = self.parse_argument_operand()?;
        Ok(Argument { name, ty, loc: None, attrs: None })
    }
}
