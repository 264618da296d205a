//! SSA names: name scopes per region, value definitions, and operands with forward references
//! resolved when their definition appears.

use super::{Delimiter, NameScope, Parser, UnresolvedOperand, ValueGroup};
use crate::entity::Value;
use crate::syntax::lexer::TokenKind;
use crate::syntax::ParseResult;
use crate::types::Type;
use rustc_hash::FxHashMap as HashMap;
use std::borrow::Cow;

impl<'s, 'c> Parser<'s, 'c> {
    pub(super) fn push_scope(&mut self) {
        self.scopes.push(NameScope::default());
    }

    pub(super) fn pop_scope(&mut self) -> ParseResult<()> {
        let scope = self.scopes.pop().expect("scope stack is balanced");
        if let Some((_, (_, offset))) = scope.forward.into_iter().min_by_key(|(_, (_, o))| *o) {
            return Err(self.error_at(offset, "use of undeclared SSA value name"));
        }
        Ok(())
    }

    pub(super) fn push_region_names(&mut self) {
        let s = self.scopes.last_mut().expect("a scope is open");
        s.defined_in_region.push(Vec::new());
        s.blocks.push(HashMap::default());
    }

    pub(super) fn pop_region_names(&mut self) -> ParseResult<()> {
        let s = self.scopes.last_mut().expect("a scope is open");
        for name in s.defined_in_region.pop().unwrap_or_default() {
            s.values.remove(name.as_ref());
        }
        let blocks = s.blocks.pop().unwrap_or_default();
        if let Some((_, (_, _, offset))) =
            blocks.into_iter().filter(|(_, (_, defined, _))| !defined).min_by_key(|(_, (_, _, o))| *o)
        {
            return Err(self.error_at(offset, "reference to an undefined block"));
        }
        Ok(())
    }

    /// Binds `name` to `values`, which are consecutive ids (one op's results, or one argument).
    pub(super) fn define_values(&mut self, name: &str, offset: usize, values: &[Value]) -> ParseResult<()> {
        let previous = self.scopes.last().expect("a scope is open").values.get(name).map(|g| g.offset);
        if let Some(prev) = previous {
            let prev = self.loc_at(prev);
            return Err(self
                .error_at(offset, format!("redefinition of SSA value '%{name}'"))
                .with_note(prev, "previously defined here"));
        }
        let scope = self.scopes.last_mut().expect("a scope is open");
        let mut replacements = Vec::new();
        if !scope.forward.is_empty() {
            for (i, &v) in values.iter().enumerate() {
                if let Some((ph, use_off)) = scope.forward.remove(&(name.to_string(), i as u32)) {
                    replacements.push((ph, v, use_off));
                }
            }
        }
        let Some(&first) = values.first() else { return Ok(()) };
        debug_assert!(values.iter().enumerate().all(|(i, v)| v.index() == first.index() + i));
        // The name as written at `offset` (`%name`), borrowed; else (a name a custom parser
        // made up) a copy.
        let key: Cow<'s, str> = match self.src.get(offset + 1..offset + 1 + name.len()) {
            Some(written) if written == name && self.src.as_bytes().get(offset) == Some(&b'%') => {
                Cow::Borrowed(written)
            }
            _ => Cow::Owned(name.to_string()),
        };
        let scope = self.scopes.last_mut().expect("a scope is open");
        if let Some(r) = scope.defined_in_region.last_mut() {
            r.push(key.clone());
        }
        scope.values.insert(key, ValueGroup { first, len: values.len() as u32, offset });
        for (ph, v, use_off) in replacements {
            let (pt, vt) = (self.ctx.value_type(ph), self.ctx.value_type(v));
            if pt != vt {
                // As upstream's `addDefinition`: at the definition, the forward use in a note.
                let number = v.index() - first.index();
                return Err(self
                    .error_at(
                        offset,
                        format!("definition of SSA value '%{name}#{number}' has type '{}'", self.type_text(vt)),
                    )
                    .with_note(
                        self.loc_at(use_off),
                        format!("previously used here with type '{}'", self.type_text(pt)),
                    ));
            }
            self.ctx.replace_all_uses(ph, v);
        }
        Ok(())
    }

    pub(crate) fn type_text(&self, ty: Type) -> String {
        super::printer::type_to_string(self.ctx, ty)
    }

    // ----- operands ---------------------------------------------------------------------------

    /// `%name` or `%name#N`.
    pub fn parse_operand(&mut self) -> ParseResult<UnresolvedOperand> {
        self.parse_optional_operand()?.ok_or_else(|| self.expected("SSA operand"))
    }

    /// The name of a value being defined (a region argument): `%name` without `#N` (MLIR's
    /// `parseArgument`, which parses an operand with `allowResultNumber = false`).
    pub fn parse_argument_operand(&mut self) -> ParseResult<UnresolvedOperand> {
        let t = self.peek();
        if t.kind != TokenKind::PercentId {
            return Err(self.expected("SSA operand"));
        }
        self.bump();
        let h = self.peek();
        if h.kind == TokenKind::HashId && h.start == t.end {
            return Err(self.error_here("result number not allowed in argument list"));
        }
        Ok(UnresolvedOperand { name: self.text(t)[1..].to_string(), number: 0, offset: t.start })
    }

    /// An operand if the current token is a `%` name.
    pub fn parse_optional_operand(&mut self) -> ParseResult<Option<UnresolvedOperand>> {
        let t = self.peek();
        if t.kind != TokenKind::PercentId {
            return Ok(None);
        }
        self.bump();
        let name = self.text(t)[1..].to_string();
        let mut number = 0;
        let h = self.peek();
        if h.kind == TokenKind::HashId && h.start == t.end {
            self.bump();
            number = self.text(h)[1..]
                .parse::<u32>()
                .map_err(|_| self.error_at(h.start, "invalid SSA value result number"))?;
        }
        Ok(Some(UnresolvedOperand { name, number, offset: t.start }))
    }

    /// A comma-separated list of operands (possibly empty), without delimiters.
    pub fn parse_operand_list(&mut self) -> ParseResult<Vec<UnresolvedOperand>> {
        let mut out = Vec::new();
        if let Some(first) = self.parse_optional_operand()? {
            out.push(first);
            while self.parse_optional_punct(",") {
                out.push(self.parse_operand()?);
            }
        }
        Ok(out)
    }

    /// `( operands )`.
    /// MLIR's `parseOperandList` with a delimiter (`(a, b)`, `[a, b]`, optional `[...]`; possibly
    /// empty): its delimiter errors end in " in operand list".
    pub fn parse_delimited_operand_list(&mut self, delim: Delimiter) -> ParseResult<Vec<UnresolvedOperand>> {
        let mut out = Vec::new();
        self.parse_comma_separated_list_in(delim, " in operand list", |p| {
            out.push(p.parse_operand()?);
            Ok(())
        })?;
        Ok(out)
    }

    /// `( operands )`.
    pub fn parse_paren_operand_list(&mut self) -> ParseResult<Vec<UnresolvedOperand>> {
        self.parse_punct("(")?;
        let ops = self.parse_operand_list()?;
        self.parse_punct(")")?;
        Ok(ops)
    }

    /// Resolves an operand to a value of type `ty` (creating a forward reference if needed).
    pub fn resolve_operand(&mut self, operand: &UnresolvedOperand, ty: Type) -> ParseResult<Value> {
        let found = self.lookup_value(operand)?;
        if let Some(v) = found {
            let vt = self.ctx.value_type(v);
            if vt != ty {
                return Err(self
                    .error_at(
                        operand.offset,
                        format!(
                            "use of value '%{}' expects different type than prior uses: '{}' vs '{}'",
                            operand.name,
                            self.type_text(ty),
                            self.type_text(vt)
                        ),
                    )
                    .with_note(self.value_def_loc(v), "prior use here"));
            }
            return Ok(v);
        }
        let scope = self.scopes.last_mut().expect("a scope is open");
        let key = (operand.name.clone(), operand.number);
        if let Some(&(ph, _)) = scope.forward.get(&key) {
            let pt = self.ctx.value_type(ph);
            if pt != ty {
                let first_use = self.scopes.last().and_then(|s| s.forward.get(&key)).map(|&(_, o)| o);
                let mut err = self.error_at(
                    operand.offset,
                    format!(
                        "use of value '%{}' expects different type than prior uses: '{}' vs '{}'",
                        operand.name,
                        self.type_text(ty),
                        self.type_text(pt)
                    ),
                );
                if let Some(o) = first_use {
                    err = err.with_note(self.loc_at(o), "prior use here");
                }
                return Err(err);
            }
            return Ok(ph);
        }
        let ph = self.ctx.add_block_arg(self.placeholder_block, ty);
        self.scopes.last_mut().expect("a scope is open").forward.insert(key, (ph, operand.offset));
        Ok(ph)
    }

    /// Resolves operands against a list of types of the same length.
    pub fn resolve_operands(
        &mut self,
        operands: &[UnresolvedOperand],
        types: &[Type],
        offset: usize,
    ) -> ParseResult<Vec<Value>> {
        if operands.len() != types.len() {
            return Err(
                self.error_at(offset, format!("{} operands present, but expected {}", operands.len(), types.len()))
            );
        }
        operands.iter().zip(types).map(|(o, &t)| self.resolve_operand(o, t)).collect()
    }

    /// Resolves operands that must all have type `ty`.
    pub fn resolve_operands_of(&mut self, operands: &[UnresolvedOperand], ty: Type) -> ParseResult<Vec<Value>> {
        operands.iter().map(|o| self.resolve_operand(o, ty)).collect()
    }

    /// The value of an already-defined operand, if any (for custom syntax whose types are
    /// inferred from operands).
    pub fn lookup_value(&self, operand: &UnresolvedOperand) -> ParseResult<Option<Value>> {
        let scope = self.scopes.last().expect("a scope is open");
        match scope.values.get(operand.name.as_str()) {
            Some(group) if operand.number < group.len => Ok(Some(Value(group.first.0 + operand.number))),
            Some(_) => Err(self.error_at(operand.offset, "reference to invalid result number")),
            None => Ok(None),
        }
    }
}
