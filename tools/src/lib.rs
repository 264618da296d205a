//! Shared command-line plumbing of the sharc tools.
