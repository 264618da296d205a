//! Bank-conflict elimination (`sharc-bank-conflicts`): the code rewrites of seed 000's decision
//! tree. This file is a placeholder for the pass, which the lead writes; it declares the two
//! rewrites so that they build and are tested.
//!
//! - [`remap`]: thread remap (diagonal placement of a block's iterations on its threads);
//! - [`reorder`]: access reorder (each lane starts a reduction loop at its own offset).

#![allow(dead_code)] // the pass that calls the rewrites is not merged yet

mod remap;
mod reorder;
