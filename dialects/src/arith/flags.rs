//! The arith dialect's enum attributes: integer overflow flags and fast-math flags (bit enums
//! kept as opaque `#arith.overflow<...>` / `#arith.fastmath<...>` attributes), and the integer
//! enums `cmpi`/`cmpf` predicates (`i64`) and rounding modes (`i32`) — their generic-form
//! encodings and custom-form spellings, as upstream's `ArithBase.td` defines them.

use sharc_ir::syntax::{OpAsmParser, ParseResult};
use sharc_ir::{Attr, AttrKind, Context};

/// A bit enum stored as the opaque attribute `#arith.<mnemonic><case, ...>`.
#[derive(Debug)]
pub struct BitEnum {
    /// The attribute mnemonic and custom-form keyword (`overflow`, `fastmath`).
    pub mnemonic: &'static str,
    /// The single-bit cases, in printing order.
    pub cases: &'static [(&'static str, u32)],
    /// A case naming all bits at once (`fast`).
    pub all: Option<(&'static str, u32)>,
    /// Printed between cases.
    pub separator: &'static str,
    /// The C++ enum name, as upstream's parse errors spell it.
    cpp_name: &'static str,
    /// The ODS attribute name, as upstream's parse errors spell it.
    def_name: &'static str,
}

/// `nsw`/`nuw` flags of `addi`, `subi`, `muli`, `shli`, `trunci`.
pub static OVERFLOW: BitEnum = BitEnum {
    mnemonic: "overflow",
    cases: &[("nsw", 1), ("nuw", 2)],
    all: None,
    separator: ", ",
    cpp_name: "::mlir::arith::IntegerOverflowFlags",
    def_name: "Arith_IntegerOverflowAttr",
};

/// Fast-math flags of float ops (arith and math).
pub static FASTMATH: BitEnum = BitEnum {
    mnemonic: "fastmath",
    cases: &[("reassoc", 1), ("nnan", 2), ("ninf", 4), ("nsz", 8), ("arcp", 16), ("contract", 32), ("afn", 64)],
    all: Some(("fast", 127)),
    separator: ",",
    cpp_name: "::mlir::arith::FastMathFlags",
    def_name: "Arith_FastMathAttr",
};

/// `nsw`.
pub const NSW: u32 = 1;
/// `nuw`.
pub const NUW: u32 = 2;
/// `nnan`.
pub const NNAN: u32 = 2;
/// `nsz`.
pub const NSZ: u32 = 8;

impl BitEnum {
    /// The bits of an attribute of this enum, `None` if `attr` is something else.
    pub fn decode(&self, ctx: &Context, attr: Attr) -> Option<u32> {
        let body = ctx.attr_opaque_body(attr, "arith")?;
        let inner = body.strip_prefix('.')?.strip_prefix(self.mnemonic)?.strip_prefix('<')?.strip_suffix('>')?;
        let mut bits = 0;
        for word in inner.split(',') {
            bits |= self.case(word.trim())?;
        }
        Some(bits)
    }

    /// The attribute for `bits`, spelled canonically.
    pub fn encode(&self, ctx: &mut Context, bits: u32) -> Attr {
        let body = format!(".{}<{}>", self.mnemonic, self.keywords(bits));
        ctx.opaque_attr("arith", &body)
    }

    /// `none`, `fast`, `nsw, nuw`, `nnan,ninf`.
    pub fn keywords(&self, bits: u32) -> String {
        if bits == 0 {
            return "none".to_string();
        }
        let mut words = Vec::new();
        let mut rest = bits;
        if let Some((name, all)) = self.all {
            if rest & all == all {
                words.push(name);
                rest &= !all;
            }
        }
        for &(name, bit) in self.cases {
            if rest & bit != 0 {
                words.push(name);
            }
        }
        words.join(self.separator)
    }

    fn case(&self, word: &str) -> Option<u32> {
        if word == "none" {
            return Some(0);
        }
        if let Some((name, all)) = self.all {
            if word == name {
                return Some(all);
            }
        }
        self.cases.iter().find(|(n, _)| *n == word).map(|&(_, b)| b)
    }

    fn case_list(&self) -> String {
        let mut names = vec!["none"];
        names.extend(self.cases.iter().map(|(n, _)| *n));
        names.extend(self.all.map(|(n, _)| n));
        names.join(", ")
    }

    /// Parses `<case, ...>` after the keyword; errors are reported as upstream's for `op_name`.
    pub fn parse_body(&self, p: &mut OpAsmParser<'_, '_>, op_name: &str) -> ParseResult<u32> {
        p.parse_punct("<")?;
        let mut bits = 0;
        loop {
            let offset = p.offset();
            let word = if p.peek_text().starts_with('"') {
                Some(p.parse_string()?)
            } else {
                p.parse_optional_any_keyword().map(str::to_string)
            };
            let Some(word) = word else {
                return Err(p.error_at(offset, format!("custom op '{op_name}' expected valid keyword or string")));
            };
            let Some(b) = self.case(&word) else {
                return Err(p.error_at(
                    offset,
                    format!("custom op '{op_name}' expected {} to be one of: {}", self.cpp_name, self.case_list()),
                ));
            };
            bits |= b;
            if !p.parse_optional_punct(",") {
                break;
            }
        }
        p.parse_punct(">").map_err(|_| {
            p.error_here(format!(
                "custom op '{op_name}' failed to parse {} parameter 'value' which is to be a `{}`",
                self.def_name, self.cpp_name
            ))
        })?;
        Ok(bits)
    }
}

/// An integer enum stored as an `iN` integer attribute.
#[derive(Debug)]
pub struct IntEnum {
    /// Case names; a case's value is its index.
    pub cases: &'static [&'static str],
    /// The width of the storing integer type.
    pub width: u32,
}

/// `arith.cmpi` predicates.
pub static CMPI_PREDICATE: IntEnum =
    IntEnum { cases: &["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"], width: 64 };

/// `arith.cmpf` predicates.
pub static CMPF_PREDICATE: IntEnum = IntEnum {
    cases: &[
        "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno",
        "true",
    ],
    width: 64,
};

/// `arith.truncf` rounding modes.
pub static ROUNDING: IntEnum =
    IntEnum { cases: &["to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away"], width: 32 };

impl IntEnum {
    /// The case of an attribute, `None` unless it is an in-range `iN` integer.
    pub fn decode(&self, ctx: &Context, attr: Attr) -> Option<usize> {
        match ctx.attr_kind(attr) {
            AttrKind::Integer { value, ty } if ctx.is_signless_int(*ty, self.width) => {
                usize::try_from(*value).ok().filter(|&i| i < self.cases.len())
            }
            _ => None,
        }
    }

    /// The attribute of case `index`.
    pub fn encode(&self, ctx: &mut Context, index: usize) -> Attr {
        let ty = ctx.int_type(self.width);
        ctx.int_attr(ty, index as i128)
    }

    /// The case named `name`.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.cases.iter().position(|c| *c == name)
    }

    /// The name of case `index` (`"?"` when out of range).
    pub fn name(&self, index: usize) -> &'static str {
        self.cases.get(index).copied().unwrap_or("?")
    }

    /// `[eq, ne, ...]`, as upstream's parse errors list the cases.
    pub fn case_list(&self) -> String {
        format!("[{}]", self.cases.join(", "))
    }
}

/// An `arith.cmpi` predicate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[allow(missing_docs)]
pub enum CmpIPredicate {
    Eq,
    Ne,
    Slt,
    Sle,
    Sgt,
    Sge,
    Ult,
    Ule,
    Ugt,
    Uge,
}

impl CmpIPredicate {
    /// All predicates, by value.
    pub const ALL: [CmpIPredicate; 10] = [
        CmpIPredicate::Eq,
        CmpIPredicate::Ne,
        CmpIPredicate::Slt,
        CmpIPredicate::Sle,
        CmpIPredicate::Sgt,
        CmpIPredicate::Sge,
        CmpIPredicate::Ult,
        CmpIPredicate::Ule,
        CmpIPredicate::Ugt,
        CmpIPredicate::Uge,
    ];

    /// The custom-form keyword (`slt`).
    pub fn name(self) -> &'static str {
        CMPI_PREDICATE.name(self as usize)
    }

    /// The predicate with its operands swapped (`slt` -> `sgt`).
    pub fn swapped(self) -> CmpIPredicate {
        use CmpIPredicate::*;
        match self {
            Slt => Sgt,
            Sgt => Slt,
            Sle => Sge,
            Sge => Sle,
            Ult => Ugt,
            Ugt => Ult,
            Ule => Uge,
            Uge => Ule,
            p => p,
        }
    }
}

/// An `arith.cmpf` predicate (`o` = ordered, `u` = unordered or ...).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[allow(missing_docs)]
pub enum CmpFPredicate {
    AlwaysFalse,
    Oeq,
    Ogt,
    Oge,
    Olt,
    Ole,
    One,
    Ord,
    Ueq,
    Ugt,
    Uge,
    Ult,
    Ule,
    Une,
    Uno,
    AlwaysTrue,
}

impl CmpFPredicate {
    /// All predicates, by value.
    pub const ALL: [CmpFPredicate; 16] = [
        CmpFPredicate::AlwaysFalse,
        CmpFPredicate::Oeq,
        CmpFPredicate::Ogt,
        CmpFPredicate::Oge,
        CmpFPredicate::Olt,
        CmpFPredicate::Ole,
        CmpFPredicate::One,
        CmpFPredicate::Ord,
        CmpFPredicate::Ueq,
        CmpFPredicate::Ugt,
        CmpFPredicate::Uge,
        CmpFPredicate::Ult,
        CmpFPredicate::Ule,
        CmpFPredicate::Une,
        CmpFPredicate::Uno,
        CmpFPredicate::AlwaysTrue,
    ];

    /// The custom-form keyword (`olt`).
    pub fn name(self) -> &'static str {
        CMPF_PREDICATE.name(self as usize)
    }
}

/// An `arith.truncf` rounding mode.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[allow(missing_docs)]
pub enum RoundingMode {
    ToNearestEven,
    Downward,
    Upward,
    TowardZero,
    ToNearestAway,
}

impl RoundingMode {
    /// All modes, by value.
    pub const ALL: [RoundingMode; 5] = [
        RoundingMode::ToNearestEven,
        RoundingMode::Downward,
        RoundingMode::Upward,
        RoundingMode::TowardZero,
        RoundingMode::ToNearestAway,
    ];
}

#[cfg(test)]
mod tests {
    use super::*;
    use sharc_ir::syntax::{parse_source, ParseOptions};

    fn parse_error(body: &str) -> String {
        let mut ctx = Context::new(crate::registry());
        let text = format!("func.func @f(%a: i32, %x: f32) {{\n  {body}\n  return\n}}");
        match parse_source(&mut ctx, "t.mlir", &text, &ParseOptions::default()) {
            Ok(_) => "parsed".to_string(),
            Err(d) => d.message,
        }
    }

    #[test]
    fn flags_print_canonically() {
        assert_eq!(OVERFLOW.keywords(NUW | NSW), "nsw, nuw");
        assert_eq!(FASTMATH.keywords(NNAN | 1), "reassoc,nnan");
        assert_eq!(FASTMATH.keywords(127), "fast");
        assert_eq!(FASTMATH.keywords(0), "none");
        let mut ctx = Context::new(crate::registry());
        let a = FASTMATH.encode(&mut ctx, NNAN | NSZ);
        assert_eq!(FASTMATH.decode(&ctx, a), Some(NNAN | NSZ));
        assert_eq!(OVERFLOW.decode(&ctx, a), None);
        let loose = ctx.opaque_attr("arith", ".overflow<nuw,nsw>");
        assert_eq!(OVERFLOW.decode(&ctx, loose), Some(NSW | NUW));
    }

    // Upstream reports a second error after these (`failed to parse Arith_...Attr parameter`),
    // which sharc's single diagnostic cannot carry, so they are tested here rather than in
    // invalid.mlir.
    #[test]
    fn bad_flags_are_reported_like_upstream() {
        assert_eq!(
            parse_error("%0 = arith.addi %a, %a overflow<nsx> : i32"),
            "custom op 'arith.addi' expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw"
        );
        assert_eq!(
            parse_error("%0 = arith.mulf %x, %x fastmath<quick> : f32"),
            "custom op 'arith.mulf' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast"
        );
        assert_eq!(
            parse_error("%0 = arith.addi %a, %a overflow<> : i32"),
            "custom op 'arith.addi' expected valid keyword or string"
        );
        assert_eq!(parse_error("%0 = arith.addi %a, %a overflow<nsw, nuw> : i32"), "parsed");
    }
}
