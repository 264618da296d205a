//! Source locations, as MLIR's `Location` attributes.

use std::fmt;
use std::sync::Arc;

/// Where an operation or value comes from.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Location {
    /// `loc(unknown)`.
    #[default]
    Unknown,
    /// `loc("file.mlir":3:7)`; line and column are 1-based.
    FileLineCol {
        /// The file name as written.
        file: Arc<str>,
        /// 1-based line.
        line: u32,
        /// 1-based column.
        col: u32,
    },
    /// `loc("name")` or `loc("name"(child))`.
    Name {
        /// The name.
        name: Arc<str>,
        /// The child location.
        child: Option<Box<Location>>,
    },
    /// `loc(callsite(callee at caller))`.
    CallSite {
        /// The callee location.
        callee: Box<Location>,
        /// The caller location.
        caller: Box<Location>,
    },
    /// `loc(fused[a, b])`.
    Fused(Vec<Location>),
}

impl Location {
    /// A file:line:col location.
    pub fn file_line_col(file: &Arc<str>, line: u32, col: u32) -> Location {
        Location::FileLineCol { file: file.clone(), line, col }
    }

    /// The first file:line:col position inside this location, used to point diagnostics at source.
    pub fn position(&self) -> Option<(&str, u32, u32)> {
        match self {
            Location::Unknown => None,
            Location::FileLineCol { file, line, col } => Some((file, *line, *col)),
            Location::Name { child, .. } => child.as_deref().and_then(Location::position),
            Location::CallSite { callee, caller } => callee.position().or_else(|| caller.position()),
            Location::Fused(locs) => locs.iter().find_map(Location::position),
        }
    }
}

fn write_escaped(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    f.write_str("\"")?;
    crate::syntax::escape::write_escaped_str(f, s)?;
    f.write_str("\"")
}

/// The body of `loc(...)`.
impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Unknown => f.write_str("unknown"),
            Location::FileLineCol { file, line, col } => {
                write_escaped(f, file)?;
                write!(f, ":{line}:{col}")
            }
            Location::Name { name, child } => {
                write_escaped(f, name)?;
                if let Some(child) = child {
                    write!(f, "({child})")?;
                }
                Ok(())
            }
            Location::CallSite { callee, caller } => write!(f, "callsite({callee} at {caller})"),
            Location::Fused(locs) => {
                f.write_str("fused[")?;
                for (i, l) in locs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{l}")?;
                }
                f.write_str("]")
            }
        }
    }
}
