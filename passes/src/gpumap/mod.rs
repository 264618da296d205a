//! GPU mapping: binding parallel loops to the grid, block and thread dimensions of a kernel.
//!
//! - [`map_baseline`]: `sharc-map-baseline`, the naive one-iteration-per-thread kernel.

pub mod map_baseline;
