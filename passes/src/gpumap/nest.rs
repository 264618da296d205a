//! A section's loops as one affine system: the chain's induction variables ([`Dim`]) with
//! their bounds as expressions over named SSA values ([`Space`]), the common coordinate system in
//! which the mapping compares and combines the bounds of different bands (each band's maps number
//! their operands on their own), and the iteration hulls of loops bounded by other loops.
//!
//! `sharc-map-baseline` uses it to choose which loops a block can cover, `sharc-map` to build
//! the band's bounds and the kernel's bound checks from the loops the plan maps.
//!
//! A value keeps the role it has in the map it came from: an operand used as a dimension becomes
//! a dimension of the space, a symbol a symbol. That keeps every map built from the space valid
//! wherever its source maps were: an enclosing `affine.for` induction variable stays a dimension
//! on the host, where it is no valid symbol.

use sharc_dialects::affine::ParallelOp;
use sharc_ir::affine::{AffineExpr, AffineExprKind, AffineMap};
use sharc_ir::{Context, Value};

/// At most this many bound expressions per mapped loop after taking the hull (the hull of a
/// loop bounded by other mapped loops multiplies their bound counts).
const MAX_HULL_EXPRS: usize = 16;

/// The values a set of expressions may refer to: `dN` is `dims[N]`, `sN` is `syms[N]`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Space {
    pub dims: Vec<Value>,
    pub syms: Vec<Value>,
}

fn position(list: &mut Vec<Value>, v: Value) -> u32 {
    let p = list.iter().position(|&x| x == v).unwrap_or_else(|| {
        list.push(v);
        list.len() - 1
    });
    p as u32
}

impl Space {
    /// `v` as a dimension of the space.
    pub fn dim(&mut self, v: Value) -> AffineExpr {
        AffineExpr::dim(position(&mut self.dims, v))
    }

    /// The results of `map` applied to `operands` (dims, then symbols), as expressions of the
    /// space; `None` if the operand count does not match the map.
    pub fn import(&mut self, map: &AffineMap, operands: &[Value]) -> Option<Vec<AffineExpr>> {
        if operands.len() != map.num_inputs() {
            return None;
        }
        let (dim_values, sym_values) = operands.split_at(map.num_dims() as usize);
        let dims: Vec<AffineExpr> = dim_values.iter().map(|&v| self.dim(v)).collect();
        let syms: Vec<AffineExpr> =
            sym_values.iter().map(|&v| AffineExpr::symbol(position(&mut self.syms, v))).collect();
        Some(map.results().iter().map(|e| e.replace_dims_and_symbols(&dims, &syms)).collect())
    }

    /// The dimension position of `v`, if it is one.
    pub fn dim_position(&self, v: Value) -> Option<u32> {
        self.dims.iter().position(|&x| x == v).map(|p| p as u32)
    }

    /// The values `e` mentions.
    pub fn values_of(&self, e: &AffineExpr) -> Vec<Value> {
        let mut out = Vec::new();
        e.walk(&mut |n| {
            let v = match n.kind() {
                AffineExprKind::Dim(p) => self.dims.get(*p as usize),
                AffineExprKind::Symbol(p) => self.syms.get(*p as usize),
                _ => None,
            };
            if let Some(&v) = v {
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        });
        out
    }

    /// The number of dimensions and symbols, as map sizes.
    pub fn sizes(&self) -> (u32, u32) {
        (self.dims.len() as u32, self.syms.len() as u32)
    }

    /// `exprs` as a map over only the values they use, with those values (dims, then symbols),
    /// each passed through `translate` (host value to kernel value); `None` if a value has no
    /// translation or the map cannot be built.
    pub fn compact(
        &self,
        exprs: &[AffineExpr],
        translate: impl Fn(Value) -> Option<Value>,
    ) -> Option<(u32, u32, Vec<AffineExpr>, Vec<Value>)> {
        let used =
            |n: usize, is_used: &dyn Fn(u32) -> bool| -> Vec<usize> { (0..n).filter(|&p| is_used(p as u32)).collect() };
        let dims = used(self.dims.len(), &|p| exprs.iter().any(|e| e.is_function_of_dim(p)));
        let syms = used(self.syms.len(), &|p| exprs.iter().any(|e| e.is_function_of_symbol(p)));
        let renumber = |positions: &[usize], n: usize, make: fn(u32) -> AffineExpr| -> Vec<AffineExpr> {
            let mut out: Vec<AffineExpr> = (0..n).map(|p| make(p as u32)).collect();
            for (new, &old) in positions.iter().enumerate() {
                out[old] = make(new as u32);
            }
            out
        };
        let dim_exprs = renumber(&dims, self.dims.len(), AffineExpr::dim);
        let sym_exprs = renumber(&syms, self.syms.len(), AffineExpr::symbol);
        let (nd, ns) = (dims.len() as u32, syms.len() as u32);
        let results: Vec<AffineExpr> =
            exprs.iter().map(|e| e.replace_dims_and_symbols(&dim_exprs, &sym_exprs).simplify(nd, ns)).collect();
        let operands = dims
            .iter()
            .map(|&p| self.dims[p])
            .chain(syms.iter().map(|&p| self.syms[p]))
            .map(translate)
            .collect::<Option<Vec<Value>>>()?;
        Some((nd, ns, results, operands))
    }
}

/// The coefficient of dimension `p` in `e`, if `e` is linear in it (`d_p` never under `mod`,
/// `floordiv`, `ceildiv` or multiplied by a non-constant).
pub(crate) fn coefficient(e: &AffineExpr, p: u32) -> Option<i64> {
    match e.kind() {
        AffineExprKind::Dim(q) => Some(i64::from(*q == p)),
        AffineExprKind::Symbol(_) | AffineExprKind::Constant(_) => Some(0),
        AffineExprKind::Add(l, r) => coefficient(l, p)?.checked_add(coefficient(r, p)?),
        AffineExprKind::Mul(l, r) => match (l.as_constant(), r.as_constant()) {
            (Some(k), _) => coefficient(r, p)?.checked_mul(k),
            (_, Some(k)) => coefficient(l, p)?.checked_mul(k),
            _ => (!e.is_function_of_dim(p)).then_some(0),
        },
        AffineExprKind::Mod(..) | AffineExprKind::FloorDiv(..) | AffineExprKind::CeilDiv(..) => {
            (!e.is_function_of_dim(p)).then_some(0)
        }
    }
}

/// One loop (one induction variable of a band) of a section's chain.
#[derive(Clone, Debug)]
pub(crate) struct Dim {
    pub band: ParallelOp,
    pub pos: usize,
    pub iv: Value,
    pub step: i64,
    /// The lower bounds (the loop starts at their maximum), in the nest's space.
    pub lbs: Vec<AffineExpr>,
    /// The upper bounds (exclusive; the loop ends at their minimum).
    pub ubs: Vec<AffineExpr>,
    /// The chain loops whose induction variables the bounds use.
    pub deps: Vec<usize>,
}

/// The loops of a section's chain in one space.
#[derive(Debug)]
pub(crate) struct Nest {
    /// The perfectly nested bands, outermost first; the last one's body is the loop body.
    pub chain: Vec<ParallelOp>,
    /// Every induction variable of the chain, in order: the section loops `0 ..`.
    pub dims: Vec<Dim>,
    pub space: Space,
}

/// A superset of a loop's iterations, `[max(lbs), min(ubs))`, over host values only.
pub(crate) type Hull = (Vec<AffineExpr>, Vec<AffineExpr>);

impl Nest {
    /// The nest of `section`'s chain; `None` when a bound is malformed or a step not positive.
    pub fn of(ctx: &Context, section: ParallelOp) -> Option<Nest> {
        let chain = crate::section::chain(ctx, section);
        let mut space = Space::default();
        // Every induction variable is a dimension of the space first, so bounds refer to it by
        // the same position whichever band they come from.
        for band in &chain {
            for &iv in band.ivs(ctx) {
                space.dim(iv);
            }
        }
        let mut dims = Vec::new();
        for &band in &chain {
            let steps = band.steps(ctx);
            let (lb_operands, ub_operands) = (band.lower_bound_operands(ctx), band.upper_bound_operands(ctx));
            for (pos, (&iv, &step)) in band.ivs(ctx).iter().zip(&steps).enumerate() {
                let lbs = space.import(&band.lower_bound_map(ctx, pos)?, lb_operands)?;
                let ubs = space.import(&band.upper_bound_map(ctx, pos)?, ub_operands)?;
                if step <= 0 || lbs.is_empty() || ubs.is_empty() {
                    return None;
                }
                dims.push(Dim { band, pos, iv, step, lbs, ubs, deps: Vec::new() });
            }
        }
        for d in 0..dims.len() {
            let used: Vec<Value> = dims[d].lbs.iter().chain(&dims[d].ubs).flat_map(|e| space.values_of(e)).collect();
            dims[d].deps = (0..dims.len()).filter(|&e| used.contains(&dims[e].iv)).collect();
        }
        Some(Nest { chain, dims, space })
    }

    /// The hull of loop `d`, given the hulls already computed for the loops its bounds use:
    /// each induction variable of such a loop is replaced by the end of its own hull that makes
    /// the bound loosest (linear bounds and step 1 only). `None` when it cannot be computed on
    /// the host.
    pub fn hull(&self, d: usize, hulls: &[Option<Hull>]) -> Option<Hull> {
        let (dim, dims, space) = (&self.dims[d], &self.dims, &self.space);
        if dim.deps.is_empty() {
            return Some((dim.lbs.clone(), dim.ubs.clone()));
        }
        if dim.step != 1 {
            return None;
        }
        let loosen = |exprs: &[AffineExpr], lower: bool| -> Option<Vec<AffineExpr>> {
            let mut out = Vec::new();
            for e in exprs {
                let mut current = vec![e.clone()];
                for &dep in &dim.deps {
                    let p = space.dim_position(dims[dep].iv)?;
                    let (lbs, ubs) = hulls.get(dep)?.as_ref()?;
                    let mut next = Vec::new();
                    for x in &current {
                        let a = coefficient(x, p)?;
                        // A lower bound is loosest where the term is smallest: at the other
                        // loop's start for a positive coefficient, at its last iteration otherwise.
                        let at_start = (a >= 0) == lower;
                        let ends: Vec<AffineExpr> =
                            if at_start { lbs.clone() } else { ubs.iter().map(|u| u.clone() - 1).collect() };
                        for end in ends {
                            let mut subst: Vec<AffineExpr> =
                                (0..space.dims.len() as u32).map(AffineExpr::dim).collect();
                            subst[p as usize] = end;
                            let (nd, ns) = space.sizes();
                            next.push(x.replace_dims(&subst).simplify(nd, ns));
                        }
                    }
                    current = next;
                }
                out.extend(current);
            }
            (out.len() <= MAX_HULL_EXPRS).then_some(out)
        };
        let (lbs, ubs) = (loosen(&dim.lbs, true)?, loosen(&dim.ubs, false)?);
        // The hull must be computable on the host: no chain induction variable may remain.
        let host_only = lbs.iter().chain(&ubs).all(|e| dims.iter().all(|x| !space.values_of(e).contains(&x.iv)));
        host_only.then_some((lbs, ubs))
    }

    /// Whether blocks of `block` threads tile loop `d` exactly (constant trip count, a multiple
    /// of `step * block`), so that no thread falls outside it and no bound check is needed.
    pub fn exact_tiles(&self, d: usize, block: i64) -> bool {
        let dim = &self.dims[d];
        let ([lb], [ub]) = (dim.lbs.as_slice(), dim.ubs.as_slice()) else { return false };
        let (nd, ns) = self.space.sizes();
        let Some(extent) = (ub.clone() - lb.clone()).simplify(nd, ns).as_constant() else { return false };
        let per_block = dim.step.saturating_mul(block);
        dim.deps.is_empty() && extent > 0 && per_block > 0 && extent % per_block == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coefficients_of_linear_and_nonlinear_terms() {
        let (d0, d1, s0) = (AffineExpr::dim(0), AffineExpr::dim(1), AffineExpr::symbol(0));
        assert_eq!(coefficient(&(&d0 * 3 + &d1 - 2), 0), Some(3));
        assert_eq!(coefficient(&(&s0 - &d0), 0), Some(-1));
        assert_eq!(coefficient(&(&d1 + &s0), 0), Some(0));
        assert_eq!(coefficient(&d0.floor_div(2), 0), None);
        assert_eq!(coefficient(&(&d0 * &s0), 0), None);
        assert_eq!(coefficient(&(d1.modulo(4) + &d0), 0), Some(1));
    }
}
