//! Dialects.
