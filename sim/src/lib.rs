//! sharc-sim: the execution engine behind `sharc-run`.
//!
//! The simulator executes IR at every level on the CPU. Its parts:
//!
//! - [`semantics`]: the registry through which each dialect supplies the semantics of its own
//!   ops (`dialects/src/<d>/interp.rs`), as xDSL's `InterpreterFunctions`;
//! - [`exec`]: what op semantics see while running ([`Lane`], [`Exec`]);
//! - [`program`]: functions compiled once into op codes over dense register slots;
//! - [`interp`]: the engine — thread groups executing blocks in lockstep, divergence by lane
//!   lists, calls, errors with locations and thread ids;
//! - [`control`]: counted loops and branches with SIMT masking, for loop and `if` ops;
//! - [`gpu`]: grids of thread blocks, per-block workgroup memory, barriers;
//! - [`memory`]: buffers, strided descriptors, bounds checks, addresses per memory space;
//! - [`race`]: shared-memory race detection by barrier epochs;
//! - [`listener`] and [`metrics`]: observers of executed ops and warp-wide memory requests;
//!   the metrics of a target (sectors, transactions, bank wavefronts, compulsory traffic);
//! - [`value`], [`affine`], [`npy`], [`io`]: runtime values, compiled affine maps, `.npy`
//!   files, entry arguments (parsing, random inputs, comparison).
//!
//! Typical use (the dialects crate registers every dialect's semantics):
//!
//! ```text
//! let program = Program::compile(&ctx, &semantics, &target, &[entry])?;
//! let mut machine = Machine::new(&ctx, &program, &target);
//! machine.add_listener(Box::new(Metrics::new(&target, "main")));
//! let results = machine.call_function(entry, &args)?;
//! ```

#![warn(missing_docs)]

pub mod affine;
pub mod control;
pub mod error;
pub mod exec;
pub mod gpu;
pub mod interp;
pub mod io;
pub mod listener;
pub mod memory;
pub mod metrics;
pub mod npy;
pub mod program;
pub mod race;
pub mod semantics;
pub mod value;

pub use control::Loop;
pub use error::{SimError, Trap};
pub use exec::{Exec, Lane, Term};
pub use gpu::{LaneInit, LaunchExecutor, LaunchObserver, LaunchSpec};
pub use interp::{Group, Machine};
pub use listener::{KernelInfo, Listener, OpCounter, Request};
pub use memory::{Memory, Space};
pub use metrics::{KernelMetrics, Metrics};
pub use program::{BlockRef, Program, Slot};
pub use semantics::{Prep, Semantics};
pub use value::{MemId, Scalar, Val};
