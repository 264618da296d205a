//! The printer: generic and custom op forms, regions and blocks, with MLIR's value naming and
//! alias rules so that output matches upstream `mlir-opt` text.
//!
//! Value names follow MLIR's `SSANameState`: each region numbers its own block arguments and op
//! results first (entry-block arguments `%argN`, others `%N`, or a name the op suggests such as
//! `%c0`, made unique with `_K` suffixes), then each nested region continues from the counters as
//! they were at the end of its parent region. Affine maps and integer sets printed as attributes
//! get `#map`/`#set` aliases, named in the order upstream's alias collector meets them (see
//! [`print_op`]).

use super::print_attr::{self, AttrWriter};
use crate::attrs::{Attr, AttrKind};
use crate::context::Context;
use crate::entity::{BlockId, OpId, RegionId, Value};
use crate::registry::OpTraits;
use crate::types::Type;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::fmt::Write as _;

/// Printing options (mlir-opt's `--mlir-print-op-generic`, `--mlir-print-debuginfo`).
#[derive(Clone, Copy, Debug, Default)]
pub struct PrintOptions {
    /// Print every op in generic form.
    pub generic: bool,
    /// Print locations.
    pub debuginfo: bool,
}

/// Aliases of attributes (`#map`, `#set1`).
#[derive(Default, Debug)]
pub struct AliasTable {
    names: HashMap<Attr, String>,
    /// The named attributes in order of first use.
    order: Vec<Attr>,
    /// How many maps and sets are named so far.
    maps: usize,
    sets: usize,
    /// While set, a map or set met for the first time gets the next name of its kind.
    naming: bool,
}

impl AliasTable {
    /// The alias of `attr`; while the table is naming, an affine map or integer set without
    /// one gets `#mapN`/`#setN`, numbered in order of first use per kind, as upstream numbers them.
    pub(crate) fn alias(&mut self, ctx: &Context, attr: Attr) -> Option<&str> {
        if self.naming && !self.names.contains_key(&attr) {
            let (prefix, n) = match ctx.attr_kind(attr) {
                AttrKind::AffineMap(_) => ("map", &mut self.maps),
                AttrKind::IntegerSet(_) => ("set", &mut self.sets),
                _ => return None,
            };
            let name = if *n == 0 { prefix.to_string() } else { format!("{prefix}{n}") };
            *n += 1;
            self.names.insert(attr, name);
            self.order.push(attr);
        }
        self.names.get(&attr).map(String::as_str)
    }

    /// The named attributes in the order upstream defines them: grouped by name (`#map...`
    /// before `#set...`), each group in order of first use.
    fn definitions(&self, ctx: &Context) -> Vec<Attr> {
        let mut order = self.order.clone();
        order.sort_by_key(|a| matches!(ctx.attr_kind(*a), AttrKind::IntegerSet(_)));
        order
    }
}

/// `#locN` aliases for every location printed with `--mlir-print-debuginfo`, numbered as
/// upstream numbers them: in order of first use while printing (an op's location before its
/// body; a block argument's where the op prints it; a location's parts before itself), grouped
/// by nesting depth. Only what is printed counts: elided terminators and block arguments an op
/// prints without `loc(...)` (scf.for's induction variable, iter_args) get no alias. Aliases of
/// locations met as block-argument locations are defined before the module (those locations
/// print inline), all others after it.
#[derive(Default)]
struct LocAliases {
    names: HashMap<crate::location::Location, String>,
    /// (location, defined before the module) in definition order.
    order: Vec<(crate::location::Location, bool)>,
}

impl LocAliases {
    /// `used`: (location, printed as a block argument's) in the order the printer met them.
    fn build(used: &[(crate::location::Location, bool)]) -> LocAliases {
        let mut seen: Vec<(crate::location::Location, usize, bool)> = Vec::new();
        let mut index: HashMap<crate::location::Location, usize> = HashMap::default();
        fn record(
            loc: &crate::location::Location,
            is_arg: bool,
            seen: &mut Vec<(crate::location::Location, usize, bool)>,
            index: &mut HashMap<crate::location::Location, usize>,
        ) -> usize {
            if let Some(&i) = index.get(loc) {
                // Upstream cannot defer a location (nor its parts) once a block argument uses it.
                if is_arg && !seen[i].2 {
                    seen[i].2 = true;
                    for c in loc.children() {
                        record(c, true, seen, index);
                    }
                }
                return seen[i].1;
            }
            let depth = loc.children().into_iter().map(|c| record(c, is_arg, seen, index) + 1).max().unwrap_or(0);
            index.insert(loc.clone(), seen.len());
            seen.push((loc.clone(), depth, is_arg));
            depth
        }
        for (loc, is_arg) in used {
            record(loc, *is_arg, &mut seen, &mut index);
        }
        let mut order: Vec<usize> = (0..seen.len()).collect();
        order.sort_by_key(|&i| seen[i].1);
        let mut t = LocAliases::default();
        for (n, &i) in order.iter().enumerate() {
            let name = if n == 0 { "loc".to_string() } else { format!("loc{n}") };
            t.names.insert(seen[i].0.clone(), name);
        }
        t.order = order.into_iter().map(|i| (seen[i].0.clone(), seen[i].2)).collect();
        t
    }

    /// `#locN = loc(...)` lines for the definitions placed before (`before`) or after the module.
    fn definitions(&self, before: bool) -> String {
        let mut out = String::new();
        for (loc, is_arg) in &self.order {
            if *is_arg != before {
                continue;
            }
            let _ = write!(out, "#{} = loc(", self.names[loc]);
            self.body(&mut out, loc);
            out.push_str(")\n");
        }
        out
    }

    /// The body of `loc(...)` with parts printed as aliases.
    fn body(&self, out: &mut String, loc: &crate::location::Location) {
        loc.write_with(out, &mut |o, c| match self.names.get(c) {
            Some(n) => {
                o.push('#');
                o.push_str(n);
            }
            None => self.body(o, c),
        });
    }
}

/// Prints `op` (normally a `builtin.module`) with alias definitions first.
///
/// Aliases are numbered in the order upstream's alias collector meets the maps and sets that
/// print as attributes (custom forms print some inline). For an op in custom form that is the
/// order its printer prints them in; for the generic form it is not (the collector visits
/// regions before types and attributes). So when every op prints in custom form and no
/// locations need aliases, the one printing pass names aliases as it goes; otherwise a first
/// pass, its text thrown away, walks in the collector's order, naming aliases and recording
/// the locations printed with debug info.
pub fn print_op(ctx: &Context, op: OpId, options: PrintOptions) -> String {
    let names = NameTable::compute(ctx, op, options.generic);
    let mut aliases = AliasTable { naming: true, ..AliasTable::default() };
    let mut used_locs = Vec::new();
    let (all_custom, nested_ops) = if options.debuginfo { (false, 0) } else { all_custom_form(ctx, op, options) };
    let one_pass = all_custom;
    if !one_pass && (ctx.has_affine_attrs() || options.debuginfo) {
        let mut p = OpAsmPrinter::new(ctx, &names, Some(&mut aliases), options);
        p.used_locs = Some(&mut used_locs);
        p.dry_run = true;
        p.print_operation(op);
        aliases.naming = false;
    }
    let locs = options.debuginfo.then(|| LocAliases::build(&used_locs));
    let mut p = OpAsmPrinter::new(ctx, &names, Some(&mut aliases), options);
    p.locs = locs.as_ref();
    // Custom forms print about 45 bytes per op (the generated affine modules of bench/):
    // reserving 64 keeps the text from doubling, and copying itself, as it grows; pages
    // reserved and never written cost address space only.
    // A hint: without the memory up front the text grows as it goes.
    let _ = p.out.try_reserve(nested_ops.saturating_mul(64));
    p.print_operation(op);
    let mut out = std::mem::take(&mut p.out);
    // The alias (and location alias) definitions go before the body; they are known only
    // once it is printed. Inserting them shifts the body in place instead of copying it into a
    // second string.
    let mut header = String::new();
    if let Some(l) = &locs {
        header.push_str(&l.definitions(true));
    }
    for a in aliases.definitions(ctx) {
        let name = &aliases.names[&a];
        let _ = write!(header, "#{name} = ");
        let mut w = AttrWriter { ctx, aliases: None };
        w.attr(&mut header, a, false);
        header.push('\n');
    }
    out.insert_str(0, &header);
    out.push('\n');
    if let Some(l) = &locs {
        out.push_str(&l.definitions(false));
    }
    out
}

/// Whether `op` and every op nested in it print in custom form, and how many ops that is
/// (`0`, uncounted, for the generic form).
fn all_custom_form(ctx: &Context, op: OpId, options: PrintOptions) -> (bool, usize) {
    if options.generic {
        return (false, 0);
    }
    let mut all = true;
    let mut count = 0;
    ctx.walk_pre(op, &mut |o| {
        all &= ctx.op_spec(o).is_some_and(|s| s.print.is_some());
        count += 1;
    });
    (all, count)
}

/// A type as text (no aliases).
pub fn type_to_string(ctx: &Context, ty: Type) -> String {
    let mut s = String::new();
    AttrWriter { ctx, aliases: None }.ty(&mut s, ty);
    s
}

/// An attribute as text (no aliases).
pub fn attr_to_string(ctx: &Context, attr: Attr) -> String {
    let mut s = String::new();
    AttrWriter { ctx, aliases: None }.attr(&mut s, attr, false);
    s
}

/// `op` alone in generic form, its values named as when printing `scope` (an ancestor of `op`)
/// in generic form: how MLIR shows an op inside a diagnostic.
pub fn op_generic_in_scope(ctx: &Context, op: OpId, scope: OpId) -> String {
    let names = NameTable::compute(ctx, scope, true);
    let options = PrintOptions { generic: true, ..PrintOptions::default() };
    let mut p = OpAsmPrinter::new(ctx, &names, None, options);
    p.print_operation(op);
    p.out
}

/// SSA value and block names for everything under one op. Value names include the `%`.
#[derive(Default)]
pub struct NameTable {
    /// Every value's name, back to back (`%arg0%arg1%0%c4...`); [`Self::spans`] cuts it up.
    text: String,
    /// Indexed by value number: the byte range of the value's name in [`Self::text`], empty for
    /// a value outside the op. One string and one dense vector instead of a hash map of `String`s:
    /// a large module has hundreds of thousands of values, and the printer looks a name up for
    /// every operand it prints.
    spans: Vec<(u32, u32)>,
    blocks: HashMap<BlockId, usize>,
    /// Ops whose results print as one group `%N:k`.
    groups: HashSet<OpId>,
    /// Generic form: ops' result-name suggestions (`%c0`) are not used, as upstream.
    generic: bool,
}

struct Counters {
    value: usize,
    arg: usize,
    conflict: usize,
}

impl NameTable {
    /// Names every value nested in `op`, as MLIR's `SSANameState`: a stack of regions, each
    /// numbered in full before the regions nested in it. In custom form a region starts from the
    /// counters its parent region ended with; in generic form the counters run on (upstream's
    /// behaviour, which makes generic names unique in the whole module).
    pub fn compute(ctx: &Context, op: OpId, generic: bool) -> NameTable {
        let mut t = NameTable { generic, ..NameTable::default() };
        // One span per value of the context: sized once rather than grown name by name.
        let _ = t.spans.try_reserve(ctx.num_values());
        let mut c = Counters { value: 0, arg: 0, conflict: 0 };
        let mut used: Vec<HashSet<String>> = vec![HashSet::default()];
        t.number_op(ctx, op, &mut c, &mut used);
        // (region, counters when pushed, depth of the name scope of its parent region)
        let mut stack: Vec<(RegionId, (usize, usize, usize), usize)> =
            ctx.regions(op).iter().map(|&r| (r, (c.value, c.arg, c.conflict), 1)).collect();
        while let Some((region, (v, a, k), parent_depth)) = stack.pop() {
            if !generic {
                c = Counters { value: v, arg: a, conflict: k };
            }
            used.truncate(parent_depth);
            used.push(HashSet::default());
            t.number_region(ctx, region, &mut c, &mut used);
            let depth = used.len();
            for &b in ctx.region_blocks(region) {
                for o in ctx.block_ops_iter(b) {
                    for &r in ctx.regions(o) {
                        stack.push((r, (c.value, c.arg, c.conflict), depth));
                    }
                }
            }
        }
        t
    }

    /// The printed name of a value (`%arg0`, `%c4`), as [`print_op`] of the op the table was
    /// computed for shows it; `None` for values outside that op. Diagnostics use it to name values.
    pub fn get(&self, v: Value) -> Option<&str> {
        match self.spans.get(v.index()) {
            Some(&(start, end)) if start < end => Some(&self.text[start as usize..end as usize]),
            _ => None,
        }
    }

    fn contains(&self, v: Value) -> bool {
        self.get(v).is_some()
    }

    /// Names `v` (replacing an earlier name): `%` then `name`, formatted straight into
    /// [`Self::text`].
    fn set(&mut self, v: Value, name: std::fmt::Arguments<'_>) {
        let start = self.text.len();
        self.text.push('%');
        let _ = self.text.write_fmt(name);
        let i = v.index();
        if i >= self.spans.len() {
            self.spans.resize(i + 1, (0, 0));
        }
        let offset = |n: usize| u32::try_from(n).expect("value names fit in 4 GiB");
        self.spans[i] = (offset(start), offset(self.text.len()));
    }

    fn number_region(&mut self, ctx: &Context, region: RegionId, c: &mut Counters, used: &mut [HashSet<String>]) {
        for (i, &b) in ctx.region_blocks(region).iter().enumerate() {
            self.blocks.insert(b, i);
            for &a in ctx.block_args(b) {
                if i == 0 {
                    let name = format!("arg{}", c.arg);
                    c.arg += 1;
                    let name = unique_name(&name, c, used);
                    self.set(a, format_args!("{name}"));
                } else {
                    self.set(a, format_args!("{}", c.value));
                    c.value += 1;
                }
            }
            for o in ctx.block_ops_iter(b) {
                self.number_op(ctx, o, c, used);
            }
        }
    }

    fn number_op(&mut self, ctx: &Context, op: OpId, c: &mut Counters, used: &mut [HashSet<String>]) {
        let results = ctx.results(op);
        if results.is_empty() {
            return;
        }
        if let Some(f) = ctx.op_spec(op).and_then(|s| s.asm_names).filter(|_| !self.generic) {
            let mut suggested: Vec<(Value, String)> = Vec::new();
            f(ctx, op, &mut |v, n| suggested.push((v, n)));
            for (v, n) in suggested {
                let n = sanitize(&n);
                let name = unique_name(&n, c, used);
                self.set(v, format_args!("{name}"));
            }
        }
        let first = results[0];
        if !self.contains(first) {
            let id = c.value;
            c.value += 1;
            let unnamed_rest = results[1..].iter().all(|&r| !self.contains(r));
            if results.len() > 1 && unnamed_rest {
                self.groups.insert(op);
                // Uses name every result of a group by number, `%0#0` included.
                self.set(first, format_args!("{id}#0"));
                for (i, &r) in results.iter().enumerate().skip(1) {
                    self.set(r, format_args!("{id}#{i}"));
                }
                return;
            }
            self.set(first, format_args!("{id}"));
        }
        for &r in &results[1..] {
            if !self.contains(r) {
                self.set(r, format_args!("{}", c.value));
                c.value += 1;
            }
        }
    }
}

fn unique_name(name: &str, c: &mut Counters, used: &mut [HashSet<String>]) -> String {
    let taken = |n: &str, used: &[HashSet<String>]| used.iter().any(|s| s.contains(n));
    let chosen = if !taken(name, used) {
        name.to_string()
    } else {
        loop {
            let probe = format!("{name}_{}", c.conflict);
            c.conflict += 1;
            if !taken(&probe, used) {
                break probe;
            }
        }
    };
    if let Some(last) = used.last_mut() {
        last.insert(chosen.clone());
    }
    chosen
}

/// MLIR's `sanitizeIdentifier`: invalid characters become `_`; a leading digit gets a `_`
/// prefix.
fn sanitize(name: &str) -> String {
    let mut s: String =
        name.chars().map(|c| if c.is_ascii_alphanumeric() || "$._-".contains(c) { c } else { '_' }).collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, '_');
    }
    s
}

/// The printer; custom op printers write through its API (MLIR's `OpAsmPrinter`).
pub struct OpAsmPrinter<'a> {
    ctx: &'a Context,
    names: &'a NameTable,
    aliases: Option<&'a mut AliasTable>,
    /// Alias collection pass: output is discarded as it goes.
    dry_run: bool,
    /// Location aliases, when printing debug info.
    locs: Option<&'a LocAliases>,
    /// Alias collection pass with debug info: the locations printed, and whether each is a
    /// block argument's.
    used_locs: Option<&'a mut Vec<(crate::location::Location, bool)>>,
    options: PrintOptions,
    indent: usize,
    default_dialects: Vec<Option<&'static str>>,
    /// The output so far.
    pub out: String,
}

impl<'a> OpAsmPrinter<'a> {
    fn new(ctx: &'a Context, names: &'a NameTable, aliases: Option<&'a mut AliasTable>, options: PrintOptions) -> Self {
        OpAsmPrinter {
            ctx,
            names,
            aliases,
            dry_run: false,
            locs: None,
            used_locs: None,
            options,
            indent: 0,
            default_dialects: vec![Some("builtin")],
            out: String::new(),
        }
    }

    /// The context.
    pub fn ctx(&self) -> &'a Context {
        self.ctx
    }

    /// Whether ops print in generic form.
    pub fn is_generic(&self) -> bool {
        self.options.generic
    }

    /// Appends text.
    pub fn write(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// Appends a formatted value.
    pub fn write_fmt_args(&mut self, args: std::fmt::Arguments<'_>) {
        let _ = self.out.write_fmt(args);
    }

    fn newline(&mut self) {
        self.out.push('\n');
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
    }

    fn writer(&mut self) -> (AttrWriter<'_>, &mut String) {
        (AttrWriter { ctx: self.ctx, aliases: self.aliases.as_deref_mut() }, &mut self.out)
    }

    /// The printed name of a value, with `%`.
    pub fn value_name(&self, v: Value) -> String {
        self.value_str(v).to_string()
    }

    fn value_str(&self, v: Value) -> &'a str {
        self.names.get(v).unwrap_or("<<UNKNOWN SSA VALUE>>")
    }

    /// `%name`.
    pub fn operand(&mut self, v: Value) {
        let n = self.value_str(v);
        self.out.push_str(n);
    }

    /// `%a, %b`.
    pub fn operands(&mut self, vs: &[Value]) {
        for (i, &v) in vs.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.operand(v);
        }
    }

    /// A type.
    pub fn ty(&mut self, t: Type) {
        let (mut w, out) = self.writer();
        w.ty(out, t);
    }

    /// `t1, t2`.
    pub fn types(&mut self, ts: &[Type]) {
        let (mut w, out) = self.writer();
        w.type_list(out, ts);
    }

    /// `(inputs) -> results` for the op's operand and result types.
    pub fn functional_type(&mut self, op: OpId) {
        let ins = self.ctx.operand_types(op);
        let outs = self.ctx.result_types(op);
        self.function_type(&ins, &outs);
    }

    /// `(inputs) -> results`.
    pub fn function_type(&mut self, inputs: &[Type], results: &[Type]) {
        let (mut w, out) = self.writer();
        out.push('(');
        w.type_list(out, inputs);
        out.push_str(") -> ");
        w.result_types(out, results);
    }

    /// Function results: `t` or `(t1, t2)`.
    pub fn result_types(&mut self, results: &[Type]) {
        let (mut w, out) = self.writer();
        w.result_types(out, results);
    }

    /// An attribute.
    pub fn attr(&mut self, a: Attr) {
        let (mut w, out) = self.writer();
        w.attr(out, a, false);
    }

    /// An attribute without the `: type` of integers and floats, and of `dense<...>` elements
    /// (MLIR's `printAttributeWithoutType`).
    pub fn attr_without_type(&mut self, a: Attr) {
        let (mut w, out) = self.writer();
        if matches!(w.ctx.attr_kind(a), AttrKind::DenseElements { .. }) {
            w.dense_body(out, a);
        } else {
            w.attr(out, a, true);
        }
    }

    /// `@name`.
    pub fn symbol_name(&mut self, name: &str) {
        print_attr::symbol(&mut self.out, name);
    }

    /// All attributes of `op` (properties and discardable, sorted) except `elided`.
    pub fn op_attrs_except(&self, op: OpId, elided: &[&str]) -> Vec<(String, Attr)> {
        let mut all: Vec<(String, Attr)> = self
            .ctx
            .props(op)
            .iter()
            .chain(self.ctx.attrs(op))
            .filter(|(n, _)| !elided.contains(&n.as_str()))
            .cloned()
            .collect();
        all.sort_by(|a, b| a.0.cmp(&b.0));
        all
    }

    /// ` {a = 1, ...}` with the op's attributes except `elided`; nothing if none remain.
    pub fn attr_dict(&mut self, op: OpId, elided: &[&str]) {
        let entries = self.op_attrs_except(op, elided);
        if entries.is_empty() {
            return;
        }
        self.out.push_str(" {");
        let (mut w, out) = self.writer();
        w.named_attrs(out, &entries);
        self.out.push('}');
    }

    /// ` attributes {a = 1, ...}` with the op's attributes except `elided`.
    pub fn attr_dict_with_keyword(&mut self, op: OpId, elided: &[&str]) {
        let entries = self.op_attrs_except(op, elided);
        if entries.is_empty() {
            return;
        }
        self.out.push_str(" attributes {");
        let (mut w, out) = self.writer();
        w.named_attrs(out, &entries);
        self.out.push('}');
    }

    /// `{a = 1}` for a dictionary of named attributes (used for argument attributes).
    pub fn named_attr_dict(&mut self, entries: &[(String, Attr)]) {
        self.out.push('{');
        let (mut w, out) = self.writer();
        w.named_attrs(out, entries);
        self.out.push('}');
    }

    /// `%arg0: i32` (and ` loc(...)` with debug info).
    pub fn block_arg_decl(&mut self, v: Value) {
        self.operand(v);
        self.out.push_str(": ");
        self.ty(self.ctx.value_type(v));
        self.value_loc(v);
    }

    /// ` loc(...)` of a block argument, if printing debug info.
    pub fn value_loc(&mut self, v: Value) {
        if self.options.debuginfo {
            let loc = self.ctx.value_loc(v).cloned().unwrap_or_default();
            if let Some(used) = self.used_locs.as_deref_mut() {
                used.push((loc.clone(), true));
            }
            self.out.push_str(" loc(");
            match self.locs {
                Some(l) => l.body(&mut self.out, &loc),
                None => loc.write_with(&mut self.out, &mut |o, c| o.push_str(&c.to_string())),
            }
            self.out.push(')');
        }
    }

    /// `^bbN`.
    pub fn successor(&mut self, b: BlockId) {
        let n = self.names.blocks.get(&b).copied().unwrap_or(usize::MAX);
        let _ = write!(self.out, "^bb{n}");
    }

    /// The expressions of `map` with dims printed as the SSA names of `dim_operands` and symbols
    /// as `symbol(%s)` — the inverse of `parse_affine_map_of_ssa_ids`.
    pub fn affine_map_of_ssa_ids(&mut self, map: &crate::affine::AffineMap, operands: &[Value]) {
        let nd = map.num_dims() as usize;
        let dims: Vec<String> = operands.iter().take(nd).map(|&v| self.value_name(v)).collect();
        let syms: Vec<String> = operands.iter().skip(nd).map(|&v| format!("symbol({})", self.value_name(v))).collect();
        for (i, e) in map.results().iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            let s = crate::affine::print_expr_with_names(e, &dims, &syms);
            self.out.push_str(&s);
        }
    }

    /// A region: `{`, blocks, `}`. `print_entry_args` prints the entry block's label and
    /// arguments; `print_terminators` prints block terminators (custom forms elide implicit
    /// ones).
    pub fn region(&mut self, r: RegionId, print_entry_args: bool, print_terminators: bool) {
        self.out.push('{');
        let blocks = self.ctx.region_blocks(r).to_vec();
        for (i, &b) in blocks.iter().enumerate() {
            let has_args = !self.ctx.block_args(b).is_empty();
            let print_label = if i == 0 {
                (print_entry_args && has_args)
                    || (self.options.generic && self.ctx.block_first_op(b).is_none() && !has_args && blocks.len() == 1)
            } else {
                true
            };
            if print_label {
                self.newline();
                self.successor(b);
                let args = self.ctx.block_args(b).to_vec();
                if !args.is_empty() {
                    self.out.push('(');
                    for (j, &a) in args.iter().enumerate() {
                        if j > 0 {
                            self.out.push_str(", ");
                        }
                        self.block_arg_decl(a);
                    }
                    self.out.push(')');
                }
                self.out.push(':');
                self.predecessor_comment(&blocks, b, i == 0);
            }
            self.indent += 1;
            let ops = self.ctx.block_ops(b);
            let last = ops.last().copied();
            for o in ops {
                let elide = !print_terminators && Some(o) == last && self.ctx.op_has(o, OpTraits::TERMINATOR);
                if elide {
                    continue;
                }
                self.newline();
                self.print_operation(o);
                if self.dry_run {
                    self.out.clear();
                }
            }
            self.indent -= 1;
        }
        self.newline();
        self.out.push('}');
    }

    /// `  // pred: ^bb0`, `  // 2 preds: ^bb0, ^bb1` or `  // no predecessors`, as MLIR prints
    /// after a block label.
    fn predecessor_comment(&mut self, blocks: &[BlockId], b: BlockId, is_entry: bool) {
        let mut preds: Vec<usize> = Vec::new();
        for (i, &p) in blocks.iter().enumerate() {
            if let Some(t) = self.ctx.block_last_op(p) {
                preds.extend(self.ctx.successors(t).iter().filter(|&&s| s == b).map(|_| i));
            }
        }
        match preds.len() {
            0 if !is_entry => self.out.push_str("  // no predecessors"),
            0 => {}
            1 => {
                let _ = write!(self.out, "  // pred: ^bb{}", preds[0]);
            }
            n => {
                preds.sort_unstable();
                let names: Vec<String> = preds.iter().map(|p| format!("^bb{p}")).collect();
                let _ = write!(self.out, "  // {n} preds: {}", names.join(", "));
            }
        }
    }

    /// Prints one op (results, name, body, location).
    pub fn print_operation(&mut self, op: OpId) {
        if let Some(used) = self.used_locs.as_deref_mut() {
            used.push((self.ctx.loc(op).clone(), false));
        }
        let results = self.ctx.results(op).to_vec();
        if !results.is_empty() {
            if self.names.groups.contains(&op) {
                let n = self.value_str(results[0]);
                let n = n.strip_suffix("#0").unwrap_or(n);
                let _ = write!(self.out, "{n}:{}", results.len());
            } else {
                self.operands(&results);
            }
            self.out.push_str(" = ");
        }
        let spec = self.ctx.op_spec(op);
        match spec.and_then(|s| s.print) {
            Some(print) if !self.options.generic => {
                let spec = spec.expect("printer comes from a spec");
                let name = spec.name;
                let default = self.default_dialects.last().copied().flatten();
                let short = match default {
                    Some(d) => name.strip_prefix(d).and_then(|r| r.strip_prefix('.')),
                    None => None,
                };
                self.out.push_str(short.unwrap_or(name));
                self.default_dialects.push(spec.default_dialect);
                print(self, op);
                self.default_dialects.pop();
            }
            _ => self.print_generic(op),
        }
        if self.options.debuginfo {
            let loc = self.ctx.loc(op);
            match self.locs.and_then(|l| l.names.get(loc)) {
                Some(name) => {
                    let _ = write!(self.out, " loc(#{name})");
                }
                None => {
                    let _ = write!(self.out, " loc({loc})");
                }
            }
        }
    }

    fn print_generic(&mut self, op: OpId) {
        if self.dry_run {
            return self.visit_generic_for_aliases(op);
        }
        self.out.push('"');
        let _ = super::escape::write_escaped_str(&mut self.out, self.ctx.op_name(op));
        self.out.push_str("\"(");
        let operands = self.ctx.operands(op).to_vec();
        self.operands(&operands);
        self.out.push(')');
        let succs = self.ctx.successors(op).to_vec();
        if !succs.is_empty() {
            self.out.push('[');
            for (i, &s) in succs.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.successor(s);
            }
            self.out.push(']');
        }
        let props = self.ctx.props(op).to_vec();
        if !props.is_empty() {
            self.out.push_str(" <{");
            let (mut w, out) = self.writer();
            w.named_attrs(out, &props);
            self.out.push_str("}>");
        }
        let regions = self.ctx.regions(op).to_vec();
        if !regions.is_empty() {
            self.out.push_str(" (");
            self.default_dialects.push(self.ctx.op_spec(op).and_then(|s| s.default_dialect));
            for (i, &r) in regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.region(r, true, true);
            }
            self.default_dialects.pop();
            self.out.push(')');
        }
        let attrs = self.ctx.attrs(op).to_vec();
        if !attrs.is_empty() {
            self.out.push_str(" {");
            let (mut w, out) = self.writer();
            w.named_attrs(out, &attrs);
            self.out.push('}');
        }
        self.out.push_str(" : ");
        self.functional_type(op);
    }
}

impl OpAsmPrinter<'_> {
    /// The alias pass over an op in generic form visits what upstream's alias collector does,
    /// in its order: nested regions first, then operand and result types, then attributes.
    fn visit_generic_for_aliases(&mut self, op: OpId) {
        let regions = self.ctx.regions(op).to_vec();
        self.default_dialects.push(self.ctx.op_spec(op).and_then(|s| s.default_dialect));
        for r in regions {
            self.region(r, true, true);
        }
        self.default_dialects.pop();
        let types: Vec<Type> = self.ctx.operand_types(op).into_iter().chain(self.ctx.result_types(op)).collect();
        self.types(&types);
        for (_, a) in self.op_attrs_except(op, &[]) {
            self.attr(a);
        }
        self.out.clear();
    }
}

impl std::fmt::Write for OpAsmPrinter<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.out.push_str(s);
        Ok(())
    }
}
