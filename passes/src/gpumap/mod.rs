//! GPU mapping: binding parallel loops to the grid, block and thread dimensions of a kernel.
//!
//! - [`map`]: `sharc-map`, a section with a `sharc.plan` to a `gpumap.band` (strips, guards).
//! - [`map_baseline`]: `sharc-map-baseline`, the naive one-iteration-per-thread kernel.
//! - [`lower_gpumap`]: `sharc-lower-gpumap`, `gpumap.band` and the `memplace` ops to the gpu dialect.

pub mod lower_gpumap;
pub mod map;
pub mod map_baseline;
