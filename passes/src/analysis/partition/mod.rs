//! Shared-memory placement analysis (seed 000 §3.2, digest §4–§6): which arrays of a parallel
//! section a thread block stages in shared memory, with which tile, at which thread-block shape.
//!
//! - [`section`]: the section's loops (one numbering), arrays, references and statements, and its
//!   `share` pragma checked against them;
//! - [`closure`]: the dependence graph (petgraph) and the candidate set, the closure of the seeds;
//! - [`split`]: seed partition matrices inverted into iteration splits, compatible splits
//!   intersected into candidate plans, band loops mapped to x/y/z;
//! - [`features`]: per plan and setting, the partitions (rectangular hulls with halos),
//!   `ReuseSize`, the adjacency constraints and `CoalesceTran`;
//! - [`profit`]: per-block quantities as polynomials in the unknown trip count;
//! - [`search`]: the legal settings, `Profit` (8) under (9)–(11), the ranking;
//! - [`sectors`]: the global sectors a plan and the baseline mapping move, per band
//!   iteration: a plan that does not beat the baseline is not taken;
//! - [`plan`]: the chosen [`Plan`], its `sharc.plan` attribute and the remarks.
//!
//! The passes `sharc-seed-closure` and `sharc-partition` (in `crate::memplace`) print and attach
//! these; `docs/partition.md` explains the decisions the paper leaves open.

pub mod closure;
pub mod features;
pub mod plan;
pub mod profit;
pub mod search;
pub mod section;
pub mod sectors;
pub mod split;

#[cfg(test)]
pub(crate) mod tests;

pub use plan::{plan_section, plan_section_with, Report};
pub use search::SearchOptions;
pub use section::Section;
