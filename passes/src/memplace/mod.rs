//! Shared-memory placement: which arrays a thread block stages in shared memory.
//!
//! - [`seed_closure`]: `sharc-seed-closure`, the candidate arrays of every section (a report);
//! - [`partition`]: `sharc-partition`, the partition search; attaches `sharc.plan`;
//! - [`promote`]: `sharc-promote`, the staged arrays of a mapped band in shared memory;
//! - [`bank_conflicts`]: `sharc-bank-conflicts`, seed 000's bank-conflict decision tree on the
//!   promoted buffers;
//! - [`ilp`]: `sharc-ilp`, seed 000's ILP replication (Algorithm 1) and seed 001's thread merge
//!   along a band's y or z loop;
//! - [`eliminate_barriers`]: `sharc-eliminate-barriers`, the barriers no two threads need, erased
//!   once the thread of every iteration is fixed;
//! - [`band_plan`]: the plan read back from the IR and the band guards `sharc-map` (in
//!   [`crate::gpumap`]) and `sharc-promote` share.
//!
//! The analysis itself is [`crate::analysis::partition`]; sections are [`crate::section`]'s.

pub mod band_plan;
pub mod bank_conflicts;
pub mod eliminate_barriers;
pub mod ilp;
pub mod partition;
pub mod promote;
pub mod resident_columns;
pub mod rotate;
pub mod seed_closure;
