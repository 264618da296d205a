//! What `sharc-map` and `sharc-promote` share: the `sharc.plan` attribute read back from the IR
//! (the fields they use), the markers `sharc-map` leaves on the sequential loops so that
//! `sharc-promote` finds the plan's loop numbers again, and the in-bounds condition of a band.

use sharc_dialects::gpu::Dimension;
use sharc_dialects::gpumap::BandOp;
use sharc_ir::affine::{AffineExpr, AffineMap, IntegerSet};
use sharc_ir::{Attr, Context, Value};

/// On an `affine.for` inside a band: the plan's number of the section loop whose induction
/// variable it carries (for a strip-mined loop, the inner loop).
pub const LOOP_ATTR: &str = "sharc.loop";
/// On the outer loop of a strip-mined pair: the plan's number of the loop it strips.
pub const STRIP_ATTR: &str = "sharc.strip";

/// The fields of `sharc.plan` the mapping and the promotion use.
#[derive(Clone, Debug)]
pub struct PlanAttr {
    /// Threads per block along x, y, z.
    pub block: [i64; 3],
    /// Per band loop: its hardware dimension, `None` for `"seq"`.
    pub loops: Vec<Option<Dimension>>,
    /// `(loop, size)` of each strip-mined loop.
    pub strips: Vec<(usize, i64)>,
    /// The staged arrays.
    pub staged: Vec<StagedAttr>,
}

/// One `staged` entry.
#[derive(Clone, Debug)]
pub struct StagedAttr {
    /// Source name.
    pub name: String,
    /// Function argument number, `None` when the memref is not an argument.
    pub arg: Option<usize>,
    /// Whether the section writes the array.
    pub written: bool,
    /// Whether the section reads it.
    pub read: bool,
    /// Tile extents, halo included.
    pub tile: Vec<i64>,
    /// Halo widths before and after, per dimension.
    pub halo_lo: Vec<i64>,
    /// See `halo_lo`.
    pub halo_hi: Vec<i64>,
    /// Section loops (first iteration in the tile) to the tile's first element.
    pub origin: AffineMap,
    /// Strip loops whose every strip reloads the tile.
    pub per_strip: Vec<usize>,
    /// Tile bytes.
    pub bytes: i64,
}

fn field(ctx: &Context, dict: Attr, name: &str) -> Option<Attr> {
    ctx.attr_dict(dict)?.iter().find(|(n, _)| n == name).map(|(_, v)| *v)
}

fn int_field(ctx: &Context, dict: Attr, name: &str) -> Result<i64, String> {
    field(ctx, dict, name)
        .and_then(|a| ctx.attr_int(a))
        .and_then(|v| i64::try_from(v).ok())
        .ok_or_else(|| format!("'{name}' is missing or not an integer"))
}

fn ints_field(ctx: &Context, dict: Attr, name: &str) -> Result<Vec<i64>, String> {
    field(ctx, dict, name)
        .and_then(|a| ctx.attr_dense_ints(a))
        .map(|v| v.iter().filter_map(|&x| i64::try_from(x).ok()).collect())
        .ok_or_else(|| format!("'{name}' is missing or not an array<i64>"))
}

fn str_field<'c>(ctx: &'c Context, dict: Attr, name: &str) -> Result<&'c str, String> {
    field(ctx, dict, name).and_then(|a| ctx.attr_str(a)).ok_or_else(|| format!("'{name}' is missing or not a string"))
}

fn array_field<'c>(ctx: &'c Context, dict: Attr, name: &str) -> Result<&'c [Attr], String> {
    field(ctx, dict, name).and_then(|a| ctx.attr_array(a)).ok_or_else(|| format!("'{name}' is missing or not an array"))
}

impl PlanAttr {
    /// Reads a `sharc.plan` dictionary; the error says which field is malformed.
    pub fn read(ctx: &Context, plan: Attr) -> Result<PlanAttr, String> {
        if ctx.attr_dict(plan).is_none() {
            return Err("sharc.plan is not a dictionary".to_string());
        }
        let block = ints_field(ctx, plan, "block")?;
        let block: [i64; 3] = block
            .try_into()
            .ok()
            .filter(|b: &[i64; 3]| b.iter().all(|&s| s >= 1))
            .ok_or("'block' needs three positive sizes")?;
        let mut loops = Vec::new();
        for &l in array_field(ctx, plan, "loops")? {
            loops.push(match ctx.attr_str(l) {
                Some("x") => Some(Dimension::X),
                Some("y") => Some(Dimension::Y),
                Some("z") => Some(Dimension::Z),
                Some("seq") => None,
                _ => return Err("'loops' holds something other than \"x\", \"y\", \"z\" or \"seq\"".to_string()),
            });
        }
        let mut strips = Vec::new();
        for &s in array_field(ctx, plan, "strips")? {
            let (l, size) = (int_field(ctx, s, "loop")?, int_field(ctx, s, "size")?);
            if l < 0 || size < 1 {
                return Err(format!("strip {{loop = {l}, size = {size}}} is out of range"));
            }
            strips.push((l as usize, size));
        }
        let mut staged = Vec::new();
        for &s in array_field(ctx, plan, "staged")? {
            let access = str_field(ctx, s, "access")?;
            let origin = field(ctx, s, "origin")
                .and_then(|a| ctx.attr_affine_map(a))
                .cloned()
                .ok_or("'origin' is missing or not an affine_map")?;
            let arg = int_field(ctx, s, "arg")?;
            staged.push(StagedAttr {
                name: str_field(ctx, s, "name")?.to_string(),
                arg: usize::try_from(arg).ok(),
                written: access.contains("write"),
                read: access.contains("read"),
                tile: ints_field(ctx, s, "tile")?,
                halo_lo: ints_field(ctx, s, "halo_lo")?,
                halo_hi: ints_field(ctx, s, "halo_hi")?,
                origin,
                per_strip: ints_field(ctx, s, "per_strip")?
                    .into_iter()
                    .filter_map(|l| usize::try_from(l).ok())
                    .collect(),
                bytes: int_field(ctx, s, "bytes")?,
            });
        }
        Ok(PlanAttr { block, loops, strips, staged })
    }
}

/// The condition that a thread of `band` runs an iteration of the band (its induction
/// variables below the upper bounds; they never fall below the lower bounds) as an integer set
/// and its operands: dims are the induction variables, then the upper bounds' dims; symbols the
/// upper bounds' symbols. `None` when every thread does: constant bounds whose trip counts are
/// multiples of the block.
pub fn in_bounds_condition(ctx: &Context, band: BandOp) -> Option<(IntegerSet, Vec<Value>)> {
    let ub = band.upper_bounds_map(ctx)?.clone();
    let lb = band.lower_bounds_map(ctx)?.clone();
    let sizes = band.block_sizes(ctx);
    let ivs = band.ivs(ctx).to_vec();
    let exact = (0..ivs.len()).all(|d| {
        let (Some(l), Some(u)) =
            (lb.result(d).and_then(|e| e.as_constant()), ub.result(d).and_then(|e| e.as_constant()))
        else {
            return false;
        };
        sizes.get(d).is_some_and(|&b| b > 0 && (u - l) % b == 0)
    });
    if exact {
        return None;
    }
    let nd = ivs.len() as u32;
    let constraints: Vec<AffineExpr> = ub
        .results()
        .iter()
        .enumerate()
        .map(|(d, u)| {
            (u.shift_dims(ub.num_dims(), nd, 0) - AffineExpr::dim(d as u32) - 1)
                .simplify(nd + ub.num_dims(), ub.num_symbols())
        })
        .collect();
    let n = constraints.len();
    let set = IntegerSet::new(nd + ub.num_dims(), ub.num_symbols(), constraints, vec![false; n]).ok()?;
    let operands = ivs.into_iter().chain(band.upper_bound_operands(ctx).iter().copied()).collect();
    Some((set, operands))
}

/// The condition that the block of the thread is full (every thread runs an iteration): per
/// loop `origin + block <= ub`, over the block origins (dims), then as
/// [`in_bounds_condition`].
pub fn full_block_condition(ctx: &Context, band: BandOp) -> Option<(IntegerSet, Vec<Value>)> {
    let ub = band.upper_bounds_map(ctx)?.clone();
    let sizes = band.block_sizes(ctx);
    let origins = band.origins(ctx).to_vec();
    let nd = origins.len() as u32;
    let constraints: Vec<AffineExpr> = ub
        .results()
        .iter()
        .enumerate()
        .map(|(d, u)| {
            let slack =
                u.shift_dims(ub.num_dims(), nd, 0) - AffineExpr::dim(d as u32) - sizes.get(d).copied().unwrap_or(1);
            slack.simplify(nd + ub.num_dims(), ub.num_symbols())
        })
        .collect();
    let n = constraints.len();
    let set = IntegerSet::new(nd + ub.num_dims(), ub.num_symbols(), constraints, vec![false; n]).ok()?;
    let operands = origins.into_iter().chain(band.upper_bound_operands(ctx).iter().copied()).collect();
    Some((set, operands))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::partition::plan_section;
    use sharc_dialects::affine::ParallelOp;
    use sharc_dialects::sharc::share::Axis;
    use sharc_ir::syntax::{parse_source, ParseOptions};
    use sharc_machine::Target;

    const GEMM: &str = r#"
func.func @gemm(%n: index, %A: memref<?x?xf32> {sharc.name = "A"}, %B: memref<?x?xf32> {sharc.name = "B"}, %C: memref<?x?xf32> {sharc.name = "C"}) {
  affine.parallel (%i, %j) = (0, 0) to (symbol(%n), symbol(%n)) {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = affine.for %k = 0 to %n iter_args(%acc = %cst) -> (f32) {
      %5 = affine.load %A[%i, %k] : memref<?x?xf32>
      %6 = affine.load %B[%k, %j] : memref<?x?xf32>
      %7 = arith.mulf %5, %6 : f32
      %8 = arith.addf %acc, %7 : f32
      affine.yield %8 : f32
    }
    affine.store %0, %C[%i, %j] : memref<?x?xf32>
  } {sharc.share = #sharc.share<B[*][TB_X], A[TB_Y][*]:coalesce>}
  return
}
"#;

    /// What `sharc-partition` attaches, `sharc-map` and `sharc-promote` read back unchanged.
    #[test]
    fn reads_back_the_plan_the_search_writes() {
        let mut ctx = Context::new(sharc_dialects::registry());
        let module = parse_source(&mut ctx, "t.mlir", GEMM, &ParseOptions::default()).expect("parses");
        let section =
            ctx.collect_ops(module).into_iter().find(|&o| ParallelOp::view(&ctx, o).is_some()).expect("a section");
        let target = Target::load("gtx690").expect("shipped target");
        let plan = plan_section(&ctx, section, &target).expect("a plan");
        let attr = plan.to_attr(&mut ctx);
        let read = PlanAttr::read(&ctx, attr).expect("well-formed");
        assert_eq!(read.block, plan.block);
        let axis = |a: Option<Axis>| match a {
            Some(Axis::X) => Some(Dimension::X),
            Some(Axis::Y) => Some(Dimension::Y),
            Some(Axis::Z) => Some(Dimension::Z),
            None => None,
        };
        assert_eq!(read.loops, plan.loops.iter().map(|&a| axis(a)).collect::<Vec<_>>());
        assert_eq!(read.strips, plan.strips);
        assert_eq!(read.staged.len(), plan.staged.len());
        for (r, s) in read.staged.iter().zip(&plan.staged) {
            assert_eq!((r.name.as_str(), r.arg, &r.tile, &r.origin), (s.name.as_str(), s.arg, &s.tile, &s.origin));
            assert_eq!((&r.halo_lo, &r.halo_hi, &r.per_strip), (&s.halo_lo, &s.halo_hi, &s.per_strip));
            assert_eq!(r.bytes, s.bytes as i64);
        }
    }

    /// A dictionary missing a field is an error naming it.
    #[test]
    fn names_the_missing_field() {
        let mut ctx = Context::new(sharc_dialects::registry());
        let block = ctx.dense_i64_array(&[32, 1, 1]);
        let attr = ctx.dict_attr(vec![("block".to_string(), block)]);
        assert_eq!(PlanAttr::read(&ctx, attr).err().as_deref(), Some("'loops' is missing or not an array"));
    }
}
