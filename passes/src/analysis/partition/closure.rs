//! Candidate selection (seed 000 §3.2.1, digest §4): an undirected graph with a vertex per array
//! reference of the section and an edge per dependence; the candidates are the arrays with a
//! reference in a connected component that holds a seed reference.
//!
//! The arrays of gemm never alias, so "C depends on A and B" holds only through the value flow of
//! the statements (digest §4 [INF]). The edges are therefore:
//!
//! - **value flow** (rule (a)): a load is joined to the statement its value flows into through
//!   SSA uses: the `affine.store` it feeds, or the value an `affine.for` carries (`iter_args`, the
//!   scalar `ab` of gemm's `S1`), which is a pseudo-vertex; a carried value is joined in turn to
//!   the statements its `iter_arg` and its result flow into (rule (b) for scalars);
//! - **memory dependences** (rules (b), (c)): flow, anti, output and input dependences between two
//!   references, from the affine dependence analysis (input dependences only join references to
//!   one array, so they never change the array-level closure).
//!
//! Pseudo-vertices are collapsed when arrays are reported. With no pragma every array is a seed.

use super::section::{carried_values, direct_sinks, Section, Statement};
use crate::analysis::affine::{dependences, DepKind};
use petgraph::graph::{NodeIndex, UnGraph};
use petgraph::visit::EdgeRef;
use sharc_ir::{Context, OpId};
use std::collections::VecDeque;

/// A vertex of the dependence graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vertex {
    /// Reference `i` of [`Section::refs`].
    Ref(usize),
    /// Value `pos` carried by the `affine.for` `op`.
    Carried(OpId, usize),
}

/// Why two vertices are joined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    /// The value read by one flows into the other (value flow inside a statement).
    ValueFlow,
    /// A memory dependence of this kind.
    Dependence(DepKind),
}

impl Edge {
    /// `value flow`, `flow dependence`, ...
    pub fn describe(self) -> &'static str {
        match self {
            Edge::ValueFlow => "value flow",
            Edge::Dependence(DepKind::Flow) => "flow dependence",
            Edge::Dependence(DepKind::Anti) => "anti dependence",
            Edge::Dependence(DepKind::Output) => "output dependence",
            Edge::Dependence(DepKind::Input) => "input dependence",
        }
    }
}

/// How a candidate array joined the set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// It is a seed (named by the pragma, or every array without one).
    Seed,
    /// Reached from a seed along this path of vertices and edges (first vertex is a seed
    /// reference, last one a reference to the array).
    Reached(Vec<(Vertex, Edge)>, Vertex),
}

/// The dependence graph and the candidate set.
#[derive(Clone, Debug)]
pub struct Closure {
    /// The graph.
    pub graph: UnGraph<Vertex, Edge>,
    /// The seed arrays.
    pub seeds: Vec<usize>,
    /// The candidate arrays, in array order, each with its reason.
    pub candidates: Vec<(usize, Reason)>,
}

impl Closure {
    /// Whether array `a` is a candidate.
    pub fn is_candidate(&self, a: usize) -> bool {
        self.candidates.iter().any(|(c, _)| *c == a)
    }

    /// A line per candidate for the remarks: `C: value flow from iter_arg #0 ... to C[...]`.
    pub fn explain(&self, ctx: &Context, section: &Section) -> Vec<String> {
        let label = |v: Vertex| match v {
            Vertex::Ref(r) => {
                let rw = if section.refs[r].is_read() { "read" } else { "write" };
                format!("{} ({rw})", section.ref_label(r))
            }
            Vertex::Carried(op, pos) => {
                let name = ctx.results(op).get(pos).and_then(|&v| section.names.get(v)).unwrap_or("%?");
                format!("the value {name} carried by an affine.for")
            }
        };
        self.candidates
            .iter()
            .map(|(a, reason)| {
                let name = &section.arrays[*a].name;
                match reason {
                    Reason::Seed => format!("candidate {name}: seed"),
                    Reason::Reached(path, last) => {
                        let mut s = String::new();
                        for (v, e) in path {
                            s.push_str(&format!("{} --{}-- ", label(*v), e.describe()));
                        }
                        s.push_str(&label(*last));
                        format!("candidate {name}: {s}")
                    }
                }
            })
            .collect()
    }
}

/// Builds the graph of `section` and the closure of its seeds.
pub fn closure(ctx: &Context, section: &Section) -> Closure {
    let mut graph: UnGraph<Vertex, Edge> = UnGraph::default();
    let ref_nodes: Vec<NodeIndex> = (0..section.refs.len()).map(|r| graph.add_node(Vertex::Ref(r))).collect();
    let carried = carried_values(ctx, section.op);
    let carried_nodes: Vec<NodeIndex> =
        carried.iter().map(|(op, pos, _)| graph.add_node(Vertex::Carried(*op, *pos))).collect();
    let node_of = |s: Statement| -> Option<NodeIndex> {
        match s {
            Statement::Store(op) => section.refs.iter().position(|r| r.access.op == op).map(|r| ref_nodes[r]),
            Statement::Carried(op, pos) => {
                carried.iter().position(|(o, p, _)| *o == op && *p == pos).map(|i| carried_nodes[i])
            }
            Statement::Dead(_) => None,
        }
    };
    // Value flow: loads to the statements they feed, carried values to theirs.
    for (r, rf) in section.refs.iter().enumerate() {
        if !rf.is_read() {
            continue;
        }
        for &v in ctx.results(rf.access.op) {
            for sink in direct_sinks(ctx, v) {
                if let Some(n) = node_of(sink) {
                    graph.update_edge(ref_nodes[r], n, Edge::ValueFlow);
                }
            }
        }
    }
    for (i, (_, _, vals)) in carried.iter().enumerate() {
        for &v in vals {
            for sink in direct_sinks(ctx, v) {
                if let Some(n) = node_of(sink).filter(|&n| n != carried_nodes[i]) {
                    graph.update_edge(carried_nodes[i], n, Edge::ValueFlow);
                }
            }
        }
    }
    // Memory dependences.
    for d in dependences(ctx, &section.accesses) {
        let find = |op: OpId| section.refs.iter().position(|r| r.access.op == op);
        if let (Some(a), Some(b)) = (find(d.source), find(d.sink)) {
            if a != b && graph.find_edge(ref_nodes[a], ref_nodes[b]).is_none() {
                graph.add_edge(ref_nodes[a], ref_nodes[b], Edge::Dependence(d.kind));
            }
        }
    }
    let seeds: Vec<usize> = match &section.pragma {
        Some(specs) => specs.iter().filter_map(|s| section.array_named(&s.array)).collect(),
        None => (0..section.arrays.len()).collect(),
    };
    // Breadth-first from every seed reference, recording the edge each vertex was reached by.
    let mut parent: Vec<Option<(NodeIndex, Edge)>> = vec![None; graph.node_count()];
    let mut seen = vec![false; graph.node_count()];
    let mut queue = VecDeque::new();
    for (r, rf) in section.refs.iter().enumerate() {
        if seeds.contains(&rf.array) {
            seen[ref_nodes[r].index()] = true;
            queue.push_back(ref_nodes[r]);
        }
    }
    let mut reached_order: Vec<NodeIndex> = Vec::new();
    while let Some(n) = queue.pop_front() {
        reached_order.push(n);
        let mut next: Vec<(NodeIndex, Edge)> = graph.edges(n).map(|e| (e.target(), *e.weight())).collect();
        next.extend(graph.edges(n).map(|e| (e.source(), *e.weight())));
        next.sort_by_key(|(m, _)| m.index());
        for (m, e) in next {
            if m != n && !seen[m.index()] {
                seen[m.index()] = true;
                parent[m.index()] = Some((n, e));
                queue.push_back(m);
            }
        }
    }
    let mut candidates: Vec<(usize, Reason)> = Vec::new();
    for a in 0..section.arrays.len() {
        if seeds.contains(&a) {
            candidates.push((a, Reason::Seed));
            continue;
        }
        let first =
            reached_order.iter().copied().find(|n| matches!(graph[*n], Vertex::Ref(r) if section.refs[r].array == a));
        if let Some(n) = first {
            let mut path = Vec::new();
            let mut cur = n;
            while let Some((p, e)) = parent[cur.index()] {
                path.push((graph[p], e));
                cur = p;
            }
            path.reverse();
            candidates.push((a, Reason::Reached(path, graph[n])));
        }
    }
    Closure { graph, seeds, candidates }
}
