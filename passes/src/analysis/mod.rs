//! Analyses shared by passes, and the report passes built on them (`sharc-bank-report`).

pub mod affine;
pub mod bank_cost;
pub mod bank_report;
pub mod camping;
pub mod dominance;
pub mod equivalence;
pub mod ilp_model;
pub mod lane_index;
pub mod partition;
pub mod registers;
