//! `sharc.plan`: how a section maps onto the GPU, the contract between the planners
//! (`sharc-partition`, `sharc-map-baseline`) and the passes that carry a plan out (`sharc-map`,
//! `sharc-promote`, `sharc-lower-gpumap`) and report it (`sharcc --report`).
//!
//! [`Plan`] is the one Rust type of the attribute: [`Plan::to_attr`] writes it and
//! [`Plan::from_attr`] reads it back, field names spelled here only. The attribute is a
//! dictionary of builtin attributes, so upstream `mlir-opt` parses it; its fields are listed in
//! `docs/partition.md`. A plan chosen by the partition search carries [`SearchSummary`] too; the
//! baseline plan (the target's default block, nothing staged) does not.

use sharc_dialects::gpu::Dimension;
use sharc_ir::affine::AffineMap;
use sharc_ir::types::FloatKind;
use sharc_ir::{Attr, AttrKind, Context, OpId};

/// The discardable attribute holding a section's plan (on the section, then on the band, the
/// kernel and its launch).
pub const PLAN_ATTR: &str = "sharc.plan";

/// How a section maps: the block, which section loop goes to which hardware dimension, the
/// strip-mined loops and the arrays staged in shared memory.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// Threads per block along x, y, z.
    pub block: [i64; 3],
    /// Per section loop (the chain's induction variables, outermost first): its hardware
    /// dimension, `None` when it runs inside the thread (`"seq"`).
    pub loops: Vec<Option<Dimension>>,
    /// `(loop, size)` of every strip-mined sequential loop (loop numbers as in
    /// `docs/partition.md`).
    pub strips: Vec<(usize, i64)>,
    /// The arrays staged in shared memory.
    pub staged: Vec<StagedArray>,
    /// The arrays `sharc-resident-columns` keeps in shared memory for the whole band: each
    /// thread's column, over every row the version's guard admits (`tile` = rows x block).
    pub resident: Vec<StagedArray>,
    /// The arrays the planner staged that `sharc-promote` then refused, with why: the plan
    /// carried down says what the generated code does.
    pub refused: Vec<RefusedArray>,
    /// What the partition search found; `None` for the baseline plan.
    pub search: Option<SearchSummary>,
    /// What `sharc-bank-conflicts` decided for each shared buffer it found conflicted.
    pub bank: Vec<BankFix>,
    /// What `sharc-ilp` decided; `None` when it did not run.
    pub ilp: Option<IlpDecision>,
    /// The windows `sharc-register-rotate` carried in registers.
    pub rotate: Vec<Rotation>,
    /// What `sharc-block-remap` decided and the first window's channel imbalance behind it
    /// (`diagonal (load 1.00, store 4.00 -> load 1.00, store 1.00)`); `None` when it did not
    /// run.
    pub remap: Option<String>,
    /// Where the band's x loop starts when that is below the loop's own constant lower bound
    /// (`sharc-map-baseline{align-x=true}`): a sector boundary for the section's accesses, so
    /// that no warp's row straddles one more sector than its bytes need; the threads below the
    /// loop's bound idle behind the band's guard.
    pub x_lower: Option<i64>,
}

/// The decision of `sharc-ilp` for one band: the factor it applied (1 when it applied
/// nothing), along which loop and how replicas are dealt, the registers the chosen kernel
/// uses and where that number comes from, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct IlpDecision {
    /// Iterations per thread along `dim` (1: not replicated).
    pub factor: i64,
    /// `"cyclic"` (tile kept, block shrunk) or `"blocked"` (thread merge).
    pub distribution: String,
    /// The hardware dimension replicated along (`"y"` or `"z"`), `"-"` when none.
    pub dim: String,
    /// Registers per thread of the chosen kernel, when known.
    pub registers: Option<u32>,
    /// Where `registers` comes from: `"ptxas -v sm_80"`, `"estimate"`, ...
    pub register_source: String,
    /// Why this factor: `"model"` (with the bound term), `"requested"`, or the refusal.
    pub reason: String,
}

/// One bank-conflict decision of `sharc-bank-conflicts`: the buffer's array, the fix applied
/// (`"none"` when nothing beat the row-major layout) and the buffer's bank wavefronts per block
/// before and after (static full-block weights), as the cost analysis read them from the IR.
#[derive(Clone, Debug, PartialEq)]
pub struct BankFix {
    /// Source name of the staged array.
    pub array: String,
    /// `"pad 1"`, `"xor<vec = 1, per_phase = 4, max_phase = 8>"`, `"transposed"`,
    /// `"soa<fields = 2>"`, `"remap y' = (y + x) mod By"`, `"reorder c=1"` or `"none"`.
    pub fix: String,
    /// Wavefronts per block before (rounded: sampled loops make the weighted sum fractional).
    pub cost_before: u64,
    /// Wavefronts per block after (equal to before for `"none"`).
    pub cost_after: u64,
    /// The conflict-free minimum, in wavefronts per block.
    pub ideal: u64,
}

/// One rotation window of `sharc-register-rotate`: the array, the subscript that shifts along
/// the loop the thread runs, the window (`window − 1` registers carried) and the group's loads
/// per iteration before the rewrite (one after it).
#[derive(Clone, Debug, PartialEq)]
pub struct Rotation {
    /// Source name of the array.
    pub array: String,
    /// The shifting subscript (0: the first).
    pub dim: i64,
    /// Elements in the window.
    pub window: i64,
    /// The group's loads per iteration before the rewrite.
    pub loads: i64,
}

/// An array of the plan that `sharc-promote` did not stage, and why (its remark's words).
#[derive(Clone, Debug, PartialEq)]
pub struct RefusedArray {
    /// Source name.
    pub name: String,
    /// Why it stays in global memory.
    pub why: String,
}

/// One array staged in shared memory.
#[derive(Clone, Debug, PartialEq)]
pub struct StagedArray {
    /// Source name.
    pub name: String,
    /// Function argument number, `None` when the memref is not an argument.
    pub arg: Option<usize>,
    /// Position among the section's memrefs in order of first access.
    pub first_access: usize,
    /// Whether the section reads the array.
    pub read: bool,
    /// Whether the section writes it.
    pub written: bool,
    /// In `ReuseSet`.
    pub reuse: bool,
    /// In `CoalesceSet`.
    pub coalesce: bool,
    /// Tile extents per array dimension, halo included.
    pub tile: Vec<i64>,
    /// Elements before the offset-free subscript's image, per dimension.
    pub halo_lo: Vec<i64>,
    /// Elements after it.
    pub halo_hi: Vec<i64>,
    /// The tile's first element (halo included) as a function of the first iteration of every
    /// section loop in the tile (`d<l>` is section loop `l`).
    pub origin: AffineMap,
    /// The subscripts of the references the tile serves, without their constant offsets, over
    /// the section loops (`d<l>` is section loop `l`): `sharc-promote` rewrites the accesses
    /// whose subscripts have this linear part. An array whose references are not uniformly
    /// generated (syrk's `A[i][k]` and `A[j][k]`) has one entry per group, each with its own.
    /// `None` (a plan written without it): the tile serves every access of the array.
    pub subscript: Option<AffineMap>,
    /// The strip loops whose every strip reloads the tile.
    pub per_strip: Vec<usize>,
    /// Tile bytes.
    pub bytes: u64,
    /// Bytes per element.
    pub elem_bytes: u32,
}

/// What the partition search reports with its plan.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchSummary {
    /// Candidate array names.
    pub candidates: Vec<String>,
    /// Profit per block in bytes (`"16128 * n"`).
    pub profit: String,
    /// Shared bytes per block.
    pub shared_bytes: u64,
    /// Resident blocks per SM.
    pub blocks_per_sm: u32,
    /// Resident warps / most warps.
    pub occupancy: f64,
}

impl StagedArray {
    /// `"read"`, `"write"` or `"readwrite"`.
    pub fn access_name(&self) -> &'static str {
        match (self.read, self.written) {
            (true, true) => "readwrite",
            (false, true) => "write",
            _ => "read",
        }
    }

    /// `"reuse"`, `"coalesce"` or `"reuse,coalesce"`.
    pub fn why(&self) -> String {
        let why: Vec<&str> = [(self.reuse, "reuse"), (self.coalesce, "coalesce")]
            .into_iter()
            .filter_map(|(b, w)| b.then_some(w))
            .collect();
        why.join(",")
    }
}

/// The `loops` spelling of a hardware dimension.
fn loop_name(d: Option<Dimension>) -> &'static str {
    d.map_or("seq", Dimension::keyword)
}

impl Plan {
    /// The baseline plan: `block` threads, `loops` as given, nothing strip-mined or staged.
    pub fn baseline(block: [i64; 3], loops: Vec<Option<Dimension>>) -> Plan {
        Plan {
            block,
            loops,
            strips: Vec::new(),
            staged: Vec::new(),
            resident: Vec::new(),
            refused: Vec::new(),
            search: None,
            bank: Vec::new(),
            ilp: None,
            rotate: Vec::new(),
            remap: None,
            x_lower: None,
        }
    }

    /// What remarks call staged entry `i`: the array's name, followed by the entry's
    /// `subscript` (`A[d0, d2]`) when the plan stages the array in more than one tile.
    pub fn tile_label(&self, i: usize) -> String {
        let Some(s) = self.staged.get(i) else { return String::new() };
        let siblings = self.staged.iter().filter(|t| t.name == s.name && t.arg == s.arg).count();
        match &s.subscript {
            Some(sub) if siblings > 1 => {
                let subs: Vec<String> = sub.results().iter().map(ToString::to_string).collect();
                format!("{}[{}]", s.name, subs.join(", "))
            }
            _ => s.name.clone(),
        }
    }

    /// The plan on `op`: `None` without one, an error naming the malformed field otherwise.
    pub fn of(ctx: &Context, op: OpId) -> Option<Result<Plan, String>> {
        ctx.attr_of(op, PLAN_ATTR).map(|a| Plan::from_attr(ctx, a))
    }

    /// Attaches the plan to `op`.
    pub fn attach(&self, ctx: &mut Context, op: OpId) {
        let attr = self.to_attr(ctx);
        ctx.set_attr(op, PLAN_ATTR, attr);
    }

    /// The `sharc.plan` dictionary.
    pub fn to_attr(&self, ctx: &mut Context) -> Attr {
        let staged: Vec<Attr> = self.staged.iter().map(|s| s.to_attr(ctx)).collect();
        let mut strips = Vec::new();
        for &(l, size) in &self.strips {
            let entries = vec![("loop".to_string(), ctx.i64_attr(l as i64)), ("size".to_string(), ctx.i64_attr(size))];
            strips.push(ctx.dict_attr(entries));
        }
        let loops: Vec<Attr> = self.loops.iter().map(|&d| ctx.string_attr(loop_name(d))).collect();
        let mut entries = vec![
            ("block".to_string(), ctx.dense_i64_array(&self.block)),
            ("loops".to_string(), ctx.array_attr(loops)),
            ("strips".to_string(), ctx.array_attr(strips)),
            ("staged".to_string(), ctx.array_attr(staged)),
        ];
        if !self.resident.is_empty() {
            let resident: Vec<Attr> = self.resident.iter().map(|s| s.to_attr(ctx)).collect();
            entries.push(("resident".to_string(), ctx.array_attr(resident)));
        }
        if let Some(x) = self.x_lower {
            entries.push(("x_lower".to_string(), ctx.i64_attr(x)));
        }
        if !self.refused.is_empty() {
            let mut refused = Vec::new();
            for r in &self.refused {
                let entries = vec![
                    ("name".to_string(), ctx.string_attr(r.name.clone())),
                    ("why".to_string(), ctx.string_attr(r.why.clone())),
                ];
                refused.push(ctx.dict_attr(entries));
            }
            entries.push(("refused".to_string(), ctx.array_attr(refused)));
        }
        if let Some(s) = &self.search {
            let candidates: Vec<Attr> = s.candidates.iter().map(|c| ctx.string_attr(c.clone())).collect();
            let f64_ty = ctx.float_type(FloatKind::F64);
            entries.extend([
                ("candidates".to_string(), ctx.array_attr(candidates)),
                ("profit".to_string(), ctx.string_attr(s.profit.clone())),
                ("shared_bytes".to_string(), ctx.i64_attr(s.shared_bytes as i64)),
                ("blocks_per_sm".to_string(), ctx.i64_attr(i64::from(s.blocks_per_sm))),
                ("occupancy".to_string(), ctx.float_attr(f64_ty, (s.occupancy * 1e4).round() / 1e4)),
            ]);
        }
        if !self.bank.is_empty() {
            let mut fixes = Vec::new();
            for b in &self.bank {
                let entries = vec![
                    ("array".to_string(), ctx.string_attr(b.array.clone())),
                    ("fix".to_string(), ctx.string_attr(b.fix.clone())),
                    ("cost_before".to_string(), ctx.i64_attr(b.cost_before as i64)),
                    ("cost_after".to_string(), ctx.i64_attr(b.cost_after as i64)),
                    ("ideal".to_string(), ctx.i64_attr(b.ideal as i64)),
                ];
                fixes.push(ctx.dict_attr(entries));
            }
            entries.push(("bank".to_string(), ctx.array_attr(fixes)));
        }
        if let Some(ilp) = &self.ilp {
            let mut fields = vec![
                ("factor".to_string(), ctx.i64_attr(ilp.factor)),
                ("distribution".to_string(), ctx.string_attr(ilp.distribution.clone())),
                ("dim".to_string(), ctx.string_attr(ilp.dim.clone())),
                ("register_source".to_string(), ctx.string_attr(ilp.register_source.clone())),
                ("reason".to_string(), ctx.string_attr(ilp.reason.clone())),
            ];
            if let Some(r) = ilp.registers {
                fields.push(("registers".to_string(), ctx.i64_attr(i64::from(r))));
            }
            entries.push(("ilp".to_string(), ctx.dict_attr(fields)));
        }
        if !self.rotate.is_empty() {
            let mut windows = Vec::new();
            for r in &self.rotate {
                let entries = vec![
                    ("array".to_string(), ctx.string_attr(r.array.clone())),
                    ("dim".to_string(), ctx.i64_attr(r.dim)),
                    ("window".to_string(), ctx.i64_attr(r.window)),
                    ("loads".to_string(), ctx.i64_attr(r.loads)),
                ];
                windows.push(ctx.dict_attr(entries));
            }
            entries.push(("rotate".to_string(), ctx.array_attr(windows)));
        }
        if let Some(remap) = &self.remap {
            entries.push(("remap".to_string(), ctx.string_attr(remap.clone())));
        }
        ctx.dict_attr(entries)
    }

    /// Reads a `sharc.plan` dictionary; the error says which field is malformed.
    pub fn from_attr(ctx: &Context, plan: Attr) -> Result<Plan, String> {
        let dict = Fields::of(ctx, plan).ok_or("sharc.plan is not a dictionary")?;
        let block: [i64; 3] = dict
            .ints("block")?
            .try_into()
            .ok()
            .filter(|b: &[i64; 3]| b.iter().all(|&s| s >= 1))
            .ok_or("'block' needs three positive sizes")?;
        let mut loops = Vec::new();
        for &l in dict.array("loops")? {
            loops.push(match ctx.attr_str(l) {
                Some("seq") => None,
                Some(k) if Dimension::from_keyword(k).is_some() => Dimension::from_keyword(k),
                _ => return Err("'loops' holds something other than \"x\", \"y\", \"z\" or \"seq\"".to_string()),
            });
        }
        let mut strips = Vec::new();
        for &s in dict.array("strips")? {
            let s = Fields::of(ctx, s).ok_or("a strip is not a dictionary")?;
            let (l, size) = (s.int("loop")?, s.int("size")?);
            if l < 0 || size < 1 {
                return Err(format!("strip {{loop = {l}, size = {size}}} is out of range"));
            }
            strips.push((l as usize, size));
        }
        let mut staged = Vec::new();
        for &s in dict.array("staged")? {
            staged.push(StagedArray::from_attr(ctx, s)?);
        }
        let mut resident = Vec::new();
        if dict.get("resident").is_some() {
            for &s in dict.array("resident")? {
                resident.push(StagedArray::from_attr(ctx, s)?);
            }
        }
        let mut refused = Vec::new();
        if dict.get("refused").is_some() {
            for &r in dict.array("refused")? {
                let r = Fields::of(ctx, r).ok_or("a refused entry is not a dictionary")?;
                refused.push(RefusedArray { name: r.str("name")?.to_string(), why: r.str("why")?.to_string() });
            }
        }
        let search = match dict.get("candidates") {
            None => None,
            Some(_) => Some(SearchSummary {
                candidates: dict
                    .array("candidates")?
                    .iter()
                    .filter_map(|&c| ctx.attr_str(c).map(str::to_string))
                    .collect(),
                profit: dict.str("profit")?.to_string(),
                shared_bytes: dict.unsigned("shared_bytes")?,
                blocks_per_sm: u32::try_from(dict.unsigned("blocks_per_sm")?)
                    .map_err(|_| "'blocks_per_sm' is out of range")?,
                occupancy: dict.float("occupancy")?,
            }),
        };
        let mut bank = Vec::new();
        if dict.get("bank").is_some() {
            for &b in dict.array("bank")? {
                let b = Fields::of(ctx, b).ok_or("a bank entry is not a dictionary")?;
                bank.push(BankFix {
                    array: b.str("array")?.to_string(),
                    fix: b.str("fix")?.to_string(),
                    cost_before: b.unsigned("cost_before")?,
                    cost_after: b.unsigned("cost_after")?,
                    ideal: b.unsigned("ideal")?,
                });
            }
        }
        let ilp = match dict.get("ilp") {
            None => None,
            Some(a) => {
                let i = Fields::of(ctx, a).ok_or("'ilp' is not a dictionary")?;
                let registers = match i.get("registers") {
                    None => None,
                    Some(_) => {
                        Some(u32::try_from(i.unsigned("registers")?).map_err(|_| "'registers' is out of range")?)
                    }
                };
                Some(IlpDecision {
                    factor: i.int("factor")?,
                    distribution: i.str("distribution")?.to_string(),
                    dim: i.str("dim")?.to_string(),
                    registers,
                    register_source: i.str("register_source")?.to_string(),
                    reason: i.str("reason")?.to_string(),
                })
            }
        };
        let mut rotate = Vec::new();
        if dict.get("rotate").is_some() {
            for &r in dict.array("rotate")? {
                let r = Fields::of(ctx, r).ok_or("a rotate entry is not a dictionary")?;
                rotate.push(Rotation {
                    array: r.str("array")?.to_string(),
                    dim: r.int("dim")?,
                    window: r.int("window")?,
                    loads: r.int("loads")?,
                });
            }
        }
        let remap = match dict.get("remap") {
            None => None,
            Some(_) => Some(dict.str("remap")?.to_string()),
        };
        let x_lower = match dict.get("x_lower") {
            None => None,
            Some(_) => Some(dict.int("x_lower")?),
        };
        Ok(Plan { block, loops, strips, staged, resident, refused, search, bank, ilp, rotate, remap, x_lower })
    }
}

impl StagedArray {
    /// The entry's dictionary in `staged` or `resident`.
    fn to_attr(&self, ctx: &mut Context) -> Attr {
        let s = self;
        let mut entries = vec![
            ("name".to_string(), ctx.string_attr(s.name.clone())),
            ("arg".to_string(), ctx.i64_attr(s.arg.map_or(-1, |a| a as i64))),
            ("first_access".to_string(), ctx.i64_attr(s.first_access as i64)),
            ("access".to_string(), ctx.string_attr(s.access_name())),
            ("why".to_string(), ctx.string_attr(s.why())),
            ("tile".to_string(), ctx.dense_i64_array(&s.tile)),
            ("halo_lo".to_string(), ctx.dense_i64_array(&s.halo_lo)),
            ("halo_hi".to_string(), ctx.dense_i64_array(&s.halo_hi)),
            ("origin".to_string(), ctx.affine_map_attr(s.origin.clone())),
            ("per_strip".to_string(), ctx.dense_i64_array(&s.per_strip.iter().map(|&l| l as i64).collect::<Vec<_>>())),
            ("bytes".to_string(), ctx.i64_attr(s.bytes as i64)),
            ("elem_bytes".to_string(), ctx.i64_attr(i64::from(s.elem_bytes))),
        ];
        if let Some(sub) = &s.subscript {
            entries.push(("subscript".to_string(), ctx.affine_map_attr(sub.clone())));
        }
        ctx.dict_attr(entries)
    }

    fn from_attr(ctx: &Context, entry: Attr) -> Result<StagedArray, String> {
        let s = Fields::of(ctx, entry).ok_or("a staged entry is not a dictionary")?;
        let access = s.str("access")?;
        let why = s.get("why").and_then(|a| ctx.attr_str(a)).unwrap_or("");
        let origin = s
            .get("origin")
            .and_then(|a| ctx.attr_affine_map(a))
            .cloned()
            .ok_or("'origin' is missing or not an affine_map")?;
        let subscript = match s.get("subscript") {
            None => None,
            Some(a) => Some(ctx.attr_affine_map(a).cloned().ok_or("'subscript' is not an affine_map")?),
        };
        let indices = |name: &str| -> Result<Vec<usize>, String> {
            s.ints(name)?
                .into_iter()
                .map(|l| usize::try_from(l).map_err(|_| format!("'{name}' holds a negative loop")))
                .collect()
        };
        Ok(StagedArray {
            name: s.str("name")?.to_string(),
            arg: usize::try_from(s.int("arg")?).ok(),
            first_access: s
                .get("first_access")
                .and_then(|a| ctx.attr_int(a))
                .and_then(|v| usize::try_from(v).ok())
                .unwrap_or(0),
            read: access.contains("read"),
            written: access.contains("write"),
            reuse: why.split(',').any(|w| w == "reuse"),
            coalesce: why.split(',').any(|w| w == "coalesce"),
            tile: s.ints("tile")?,
            halo_lo: s.ints("halo_lo")?,
            halo_hi: s.ints("halo_hi")?,
            origin,
            subscript,
            per_strip: indices("per_strip")?,
            bytes: s.unsigned("bytes")?,
            elem_bytes: s
                .get("elem_bytes")
                .and_then(|a| ctx.attr_int(a))
                .and_then(|v| u32::try_from(v).ok())
                .unwrap_or(0),
        })
    }
}

/// The fields of one dictionary, each read with the error a malformed plan reports.
struct Fields<'c> {
    ctx: &'c Context,
    entries: &'c [(String, Attr)],
}

impl<'c> Fields<'c> {
    fn of(ctx: &'c Context, dict: Attr) -> Option<Fields<'c>> {
        ctx.attr_dict(dict).map(|entries| Fields { ctx, entries })
    }

    fn get(&self, name: &str) -> Option<Attr> {
        self.entries.iter().find(|(n, _)| n == name).map(|(_, v)| *v)
    }

    fn int(&self, name: &str) -> Result<i64, String> {
        self.get(name)
            .and_then(|a| self.ctx.attr_int(a))
            .and_then(|v| i64::try_from(v).ok())
            .ok_or_else(|| format!("'{name}' is missing or not an integer"))
    }

    fn unsigned(&self, name: &str) -> Result<u64, String> {
        u64::try_from(self.int(name)?).map_err(|_| format!("'{name}' is negative"))
    }

    fn ints(&self, name: &str) -> Result<Vec<i64>, String> {
        self.get(name)
            .and_then(|a| self.ctx.attr_dense_ints(a))
            .map(|v| v.iter().filter_map(|&x| i64::try_from(x).ok()).collect())
            .ok_or_else(|| format!("'{name}' is missing or not an array<i64>"))
    }

    fn str(&self, name: &str) -> Result<&'c str, String> {
        self.get(name).and_then(|a| self.ctx.attr_str(a)).ok_or_else(|| format!("'{name}' is missing or not a string"))
    }

    fn float(&self, name: &str) -> Result<f64, String> {
        match self.get(name).map(|a| self.ctx.attr_kind(a)) {
            Some(AttrKind::Float { bits, .. }) => Ok(f64::from_bits(*bits)),
            _ => Err(format!("'{name}' is missing or not a float")),
        }
    }

    fn array(&self, name: &str) -> Result<&'c [Attr], String> {
        self.get(name)
            .and_then(|a| self.ctx.attr_array(a))
            .ok_or_else(|| format!("'{name}' is missing or not an array"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::partition::{plan_section, tests::GEMM};
    use sharc_ir::syntax::{parse_source, ParseOptions};
    use sharc_machine::Target;

    /// What `sharc-partition` attaches, `sharc-map` and `sharc-promote` read back unchanged
    /// (occupancy is written to four decimals).
    #[test]
    fn reads_back_the_plan_the_search_writes() {
        let mut ctx = Context::new(sharc_dialects::registry());
        let module = parse_source(&mut ctx, "t.mlir", GEMM, &ParseOptions::default()).expect("parses");
        let section = crate::section::sections(&ctx, module)[0];
        let target = Target::load("gtx690").expect("shipped target");
        let mut plan = plan_section(&ctx, section.0, &target).expect("a plan");
        assert!(!plan.staged.is_empty() && plan.search.is_some());
        if let Some(s) = plan.search.as_mut() {
            s.occupancy = (s.occupancy * 1e4).round() / 1e4;
        }
        plan.attach(&mut ctx, section.0);
        assert_eq!(Plan::of(&ctx, section.0), Some(Ok(plan.clone())));
        // sharc-bank-conflicts' decisions ride along.
        plan.bank = vec![super::BankFix {
            array: "B".into(),
            fix: "pad 1".into(),
            cost_before: 1056,
            cost_after: 64,
            ideal: 64,
        }];
        plan.attach(&mut ctx, section.0);
        assert_eq!(Plan::of(&ctx, section.0), Some(Ok(plan.clone())));
        // And sharc-ilp's.
        plan.ilp = Some(super::IlpDecision {
            factor: 4,
            distribution: "cyclic".into(),
            dim: "y".into(),
            registers: Some(32),
            register_source: "ptxas -v sm_80".into(),
            reason: "model (latency-bound)".into(),
        });
        plan.attach(&mut ctx, section.0);
        assert_eq!(Plan::of(&ctx, section.0), Some(Ok(plan.clone())));
        // And sharc-block-remap's cell.
        plan.remap = Some("diagonal (n = 256: load 1.00, store 4.00 -> load 1.00, store 1.00)".into());
        plan.attach(&mut ctx, section.0);
        assert_eq!(Plan::of(&ctx, section.0), Some(Ok(plan.clone())));
        // And the arrays sharc-promote refused.
        plan.refused = vec![super::RefusedArray { name: "C".into(), why: "written, and its tile ...".into() }];
        plan.attach(&mut ctx, section.0);
        assert_eq!(Plan::of(&ctx, section.0), Some(Ok(plan)));
    }

    /// Two tiles of one array (syrk's `A[i][k]` and `A[j][k]`) read back with their subscript
    /// maps; a plan written without them (by hand) reads back with none.
    #[test]
    fn reads_back_the_subscripts_of_two_tiles() {
        let mut ctx = Context::new(sharc_dialects::registry());
        let module =
            parse_source(&mut ctx, "t.mlir", crate::analysis::partition::tests::SYRK, &ParseOptions::default())
                .expect("parses");
        let section = crate::section::sections(&ctx, module)[0];
        let target = Target::load("a100").expect("shipped target");
        let mut plan = plan_section(&ctx, section.0, &target).expect("a plan");
        if let Some(s) = plan.search.as_mut() {
            s.occupancy = (s.occupancy * 1e4).round() / 1e4;
        }
        assert_eq!(plan.staged.len(), 2);
        assert!(plan.staged.iter().all(|s| s.subscript.is_some()));
        plan.attach(&mut ctx, section.0);
        assert_eq!(Plan::of(&ctx, section.0), Some(Ok(plan.clone())));
        plan.staged.iter_mut().for_each(|s| s.subscript = None);
        plan.attach(&mut ctx, section.0);
        assert_eq!(Plan::of(&ctx, section.0), Some(Ok(plan.clone())));
        // Without subscripts the entries are told apart by nothing but their position.
        assert_eq!(plan.tile_label(1), "A");
    }

    #[test]
    fn reads_back_a_baseline_plan() {
        let mut ctx = Context::new(sharc_dialects::registry());
        let plan = Plan::baseline([32, 8, 1], vec![Some(Dimension::Y), None, Some(Dimension::X)]);
        let attr = plan.to_attr(&mut ctx);
        assert_eq!(Plan::from_attr(&ctx, attr), Ok(plan));
    }

    /// A dictionary missing a field, or holding a bad one, is an error naming it.
    #[test]
    fn names_the_malformed_field() {
        let mut ctx = Context::new(sharc_dialects::registry());
        let block = ctx.dense_i64_array(&[32, 1, 1]);
        let attr = ctx.dict_attr(vec![("block".to_string(), block)]);
        assert_eq!(Plan::from_attr(&ctx, attr).err().as_deref(), Some("'loops' is missing or not an array"));
        let w = ctx.string_attr("w");
        let loops = ctx.array_attr(vec![w]);
        let attr = ctx.dict_attr(vec![("block".to_string(), block), ("loops".to_string(), loops)]);
        assert_eq!(
            Plan::from_attr(&ctx, attr).err().as_deref(),
            Some("'loops' holds something other than \"x\", \"y\", \"z\" or \"seq\"")
        );
        let zero = ctx.dense_i64_array(&[0, 1, 1]);
        let attr = ctx.dict_attr(vec![("block".to_string(), zero)]);
        assert_eq!(Plan::from_attr(&ctx, attr).err().as_deref(), Some("'block' needs three positive sizes"));
        // A staged entry whose subscript is not an affine_map.
        let mut plan = Plan::baseline([32, 1, 1], vec![Some(Dimension::X)]);
        plan.staged.push(StagedArray {
            name: "A".into(),
            arg: Some(0),
            first_access: 0,
            read: true,
            written: false,
            reuse: true,
            coalesce: false,
            tile: vec![32],
            halo_lo: vec![0],
            halo_hi: vec![0],
            origin: AffineMap::identity(1),
            subscript: Some(AffineMap::identity(1)),
            per_strip: Vec::new(),
            bytes: 128,
            elem_bytes: 4,
        });
        let attr = plan.to_attr(&mut ctx);
        assert_eq!(Plan::from_attr(&ctx, attr).as_ref(), Ok(&plan));
        let entries = ctx.attr_dict(attr).expect("a dictionary").to_vec();
        let staged = entries.iter().find(|(k, _)| k == "staged").map(|e| e.1).expect("staged");
        let entry = ctx.attr_array(staged).expect("an array")[0];
        let mut fields = ctx.attr_dict(entry).expect("a dictionary").to_vec();
        let bad = ctx.string_attr("d0");
        fields.iter_mut().filter(|(k, _)| k == "subscript").for_each(|f| f.1 = bad);
        let entry = ctx.dict_attr(fields);
        let staged = ctx.array_attr(vec![entry]);
        let entries: Vec<(String, Attr)> =
            entries.into_iter().map(|(k, v)| if k == "staged" { (k, staged) } else { (k, v) }).collect();
        let attr = ctx.dict_attr(entries);
        assert_eq!(Plan::from_attr(&ctx, attr).err().as_deref(), Some("'subscript' is not an affine_map"));
    }
}
