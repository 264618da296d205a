//! The `sharc.claim` attribute: what an OpenACC directive claims about an `affine.for`.
//!
//! The C front-end does not decide which loops run in parallel; it records, on each loop an
//! OpenACC construct makes a candidate, what the source says about it, and the pass
//! `sharc-parallelize` decides from the dependence analysis (and consumes the attribute):
//!
//! ```mlir
//! affine.for %i = 0 to %n {
//!   ...
//! } {sharc.claim = {acc = "acc parallel loop", directive, independent,
//!                  share = #sharc.share<A[TB_Y][*]>, share_at = ["k.c", 12, 1]}}
//! ```
//!
//! - `directive`: the user wrote a directive on this very loop (`acc loop`, `parallel loop`,
//!   `kernels loop`, a loop of a `collapse(n)`); without it the loop is one of a `kernels`
//!   region, parallelised when that is legal and silently left sequential otherwise.
//! - `independent`: the directive asserts that the iterations are independent (the
//!   `independent` clause, or any `loop` of a `parallel` construct): trusted where the analysis
//!   cannot decide, never against a dependence it sees.
//! - `share`, `share_at`: the `#sharc.share<...>` annotation of the pragma governing the nest
//!   this loop starts, and where the pragma stands (file, line, column) for diagnostics.
//! - `acc`: the OpenACC directives in force, which become the section's `sharc.acc`.
//! - `carried`: the source names of the values the loop carries, in `iter_args` order.
//!
//! [`LoopClaim`] is the one Rust form of the attribute; nothing else spells its keys.

use sharc_ir::{Attr, Context, Location, OpId};

/// The attribute name on a candidate `affine.for`.
pub const CLAIM_ATTR: &str = "sharc.claim";

const DIRECTIVE: &str = "directive";
const INDEPENDENT: &str = "independent";
const SHARE: &str = "share";
const SHARE_AT: &str = "share_at";
const ACC: &str = "acc";
const CARRIED: &str = "carried";

/// What the source claims about one loop (see the module docs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoopClaim {
    /// A directive stands on this very loop.
    pub directive: bool,
    /// The directive asserts independent iterations.
    pub independent: bool,
    /// The `#sharc.share<...>` attribute of the governing share pragma, and where the pragma is.
    pub share: Option<(Attr, Location)>,
    /// The OpenACC directives in force (`sharc.acc` of the section).
    pub acc: Option<String>,
    /// The source names of the carried values, in `iter_args` order.
    pub carried: Vec<String>,
}

/// Why a `sharc.claim` attribute cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoopClaimError {
    /// The attribute is not a dictionary.
    #[error("'sharc.claim' must be a dictionary attribute")]
    NotDictionary,
    /// An entry the attribute does not have.
    #[error("'sharc.claim' has no entry '{0}' (it has: directive, independent, share, share_at, acc, carried)")]
    UnknownEntry(String),
    /// An entry of the wrong kind.
    #[error("entry '{0}' of 'sharc.claim' must be {1}")]
    BadEntry(&'static str, &'static str),
}

impl LoopClaim {
    /// The attribute holding this claim.
    pub fn to_attr(&self, ctx: &mut Context) -> Attr {
        let mut entries = Vec::new();
        if self.directive {
            entries.push((DIRECTIVE.to_string(), ctx.unit_attr()));
        }
        if self.independent {
            entries.push((INDEPENDENT.to_string(), ctx.unit_attr()));
        }
        if let Some((share, at)) = &self.share {
            entries.push((SHARE.to_string(), *share));
            if let Some((file, line, col)) = at.position() {
                let file = ctx.string_attr(file);
                let (line, col) = (ctx.i64_attr(i64::from(line)), ctx.i64_attr(i64::from(col)));
                entries.push((SHARE_AT.to_string(), ctx.array_attr(vec![file, line, col])));
            }
        }
        if let Some(acc) = &self.acc {
            entries.push((ACC.to_string(), ctx.string_attr(acc.clone())));
        }
        if !self.carried.is_empty() {
            let names = self.carried.iter().map(|n| ctx.string_attr(n.clone())).collect();
            entries.push((CARRIED.to_string(), ctx.array_attr(names)));
        }
        ctx.dict_attr(entries)
    }

    /// The claim an attribute holds. A `share` without `share_at` is placed at `loop_loc`.
    pub fn from_attr(ctx: &Context, attr: Attr, loop_loc: &Location) -> Result<LoopClaim, LoopClaimError> {
        let entries = ctx.attr_dict(attr).ok_or(LoopClaimError::NotDictionary)?;
        let mut claim = LoopClaim::default();
        let mut share_at = None;
        for (name, value) in entries {
            let unit = || match ctx.attr_kind(*value) {
                sharc_ir::AttrKind::Unit => Ok(true),
                sharc_ir::AttrKind::Bool(b) => Ok(*b),
                _ => Err(LoopClaimError::BadEntry(entry_name(name), "a unit or boolean attribute")),
            };
            match name.as_str() {
                DIRECTIVE => claim.directive = unit()?,
                INDEPENDENT => claim.independent = unit()?,
                SHARE => {
                    if super::share::share_specs(ctx, *value).is_none_or(|r| r.is_err()) {
                        return Err(LoopClaimError::BadEntry(SHARE, "a #sharc.share<...> attribute"));
                    }
                    claim.share = Some((*value, loop_loc.clone()));
                }
                SHARE_AT => share_at = Some(location(ctx, *value)?),
                ACC => {
                    let text = ctx.attr_str(*value).ok_or(LoopClaimError::BadEntry(ACC, "a string"))?;
                    claim.acc = Some(text.to_string());
                }
                CARRIED => {
                    let bad = LoopClaimError::BadEntry(CARRIED, "an array of strings");
                    let names = ctx.attr_array(*value).ok_or(bad.clone())?;
                    claim.carried = names
                        .iter()
                        .map(|&n| ctx.attr_str(n).map(str::to_string).ok_or(bad.clone()))
                        .collect::<Result<_, _>>()?;
                }
                other => return Err(LoopClaimError::UnknownEntry(other.to_string())),
            }
        }
        if let (Some((_, at)), Some(loc)) = (&mut claim.share, share_at) {
            *at = loc;
        }
        Ok(claim)
    }

    /// The claim on `op`, if it has a `sharc.claim` attribute.
    pub fn of(ctx: &Context, op: OpId) -> Option<Result<LoopClaim, LoopClaimError>> {
        let attr = ctx.attr_of(op, CLAIM_ATTR)?;
        Some(LoopClaim::from_attr(ctx, attr, ctx.loc(op)))
    }

    /// Records the claim on `op`.
    pub fn attach(&self, ctx: &mut Context, op: OpId) {
        let attr = self.to_attr(ctx);
        ctx.set_attr(op, CLAIM_ATTR, attr);
    }

    /// Removes the claim from `op` (the pass consumes it).
    pub fn detach(ctx: &mut Context, op: OpId) {
        ctx.remove_attr(op, CLAIM_ATTR);
    }
}

/// The static spelling of an entry name, for error messages.
fn entry_name(name: &str) -> &'static str {
    [DIRECTIVE, INDEPENDENT, SHARE, SHARE_AT, ACC, CARRIED].into_iter().find(|n| *n == name).unwrap_or("?")
}

/// `["file", line, col]` as a location.
fn location(ctx: &Context, attr: Attr) -> Result<Location, LoopClaimError> {
    let bad = LoopClaimError::BadEntry(SHARE_AT, "an array [\"file\", line, column]");
    let [file, line, col] = ctx.attr_array(attr).ok_or(bad.clone())? else { return Err(bad) };
    let file = ctx.attr_str(*file).ok_or(bad.clone())?;
    let num = |a: &Attr| ctx.attr_int(*a).and_then(|v| u32::try_from(v).ok()).ok_or(bad.clone());
    Ok(Location::file_line_col(&std::sync::Arc::from(file), num(line)?, num(col)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sharc::share;

    #[test]
    fn round_trips_through_the_attribute() {
        let mut ctx = Context::new(crate::registry());
        let specs = share::parse_share_list("A[TB_Y][*]").expect("valid");
        let share = share::share_attr(&mut ctx, &specs);
        let at = Location::file_line_col(&std::sync::Arc::from("k.c"), 12, 1);
        let claim = LoopClaim {
            directive: true,
            independent: true,
            share: Some((share, at)),
            acc: Some("acc parallel loop".into()),
            carried: vec!["s".into(), "t".into()],
        };
        let attr = claim.to_attr(&mut ctx);
        assert_eq!(LoopClaim::from_attr(&ctx, attr, &Location::Unknown), Ok(claim));
        let empty = LoopClaim::default().to_attr(&mut ctx);
        assert_eq!(LoopClaim::from_attr(&ctx, empty, &Location::Unknown), Ok(LoopClaim::default()));
    }

    #[test]
    fn malformed_entries_are_errors() {
        let mut ctx = Context::new(crate::registry());
        let s = ctx.string_attr("x");
        let bad = ctx.dict_attr(vec![("carried".into(), s)]);
        assert_eq!(
            LoopClaim::from_attr(&ctx, bad, &Location::Unknown),
            Err(LoopClaimError::BadEntry(CARRIED, "an array of strings"))
        );
        let unit = ctx.unit_attr();
        let unknown = ctx.dict_attr(vec![("indepndent".into(), unit)]);
        assert_eq!(
            LoopClaim::from_attr(&ctx, unknown, &Location::Unknown),
            Err(LoopClaimError::UnknownEntry("indepndent".into()))
        );
        assert_eq!(LoopClaim::from_attr(&ctx, s, &Location::Unknown), Err(LoopClaimError::NotDictionary));
    }
}
