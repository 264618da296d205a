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
    /// `loc("file.mlir":3:4 to :10)` or `loc("file.mlir":3:4 to 5:10)`.
    FileRange {
        /// The file name as written.
        file: Arc<str>,
        /// Start line.
        line: u32,
        /// Start column.
        col: u32,
        /// End line (the start line when `None`, printed as `to :col`).
        end_line: Option<u32>,
        /// End column.
        end_col: u32,
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
    /// `loc(fused[a, b])` or `loc(fused<"meta">[a, b])`.
    Fused {
        /// The fused locations.
        locs: Vec<Location>,
        /// Metadata attribute text (`"meta"`), if any.
        metadata: Option<Arc<str>>,
    },
}

impl Location {
    /// A file:line:col location.
    pub fn file_line_col(file: &Arc<str>, line: u32, col: u32) -> Location {
        Location::FileLineCol { file: file.clone(), line, col }
    }

    /// A fused location, normalized as upstream's `FusedLoc::get`: nested fused locations with
    /// the same metadata are flattened, unknown locations dropped and duplicates removed; a
    /// single location without metadata is itself, none is `unknown` (or `fused<m>[unknown]`).
    pub fn fused(locs: Vec<Location>, metadata: Option<Arc<str>>) -> Location {
        let mut parts: Vec<Location> = Vec::new();
        let add = |l: Location, parts: &mut Vec<Location>| {
            if !parts.contains(&l) {
                parts.push(l);
            }
        };
        for l in locs {
            match l {
                Location::Fused { locs: inner, metadata: m } if m == metadata => {
                    for i in inner {
                        add(i, &mut parts);
                    }
                }
                Location::Unknown => {}
                l => add(l, &mut parts),
            }
        }
        match (parts.len(), &metadata) {
            (0, None) => Location::Unknown,
            (0, Some(_)) => Location::Fused { locs: vec![Location::Unknown], metadata },
            (1, None) => parts.pop().expect("one location"),
            _ => Location::Fused { locs: parts, metadata },
        }
    }

    /// The locations this one is made of (for alias numbering: children are named first).
    pub fn children(&self) -> Vec<&Location> {
        match self {
            Location::Name { child: Some(c), .. } => vec![c],
            Location::CallSite { callee, caller } => vec![callee, caller],
            Location::Fused { locs, .. } => locs.iter().collect(),
            _ => Vec::new(),
        }
    }

    /// Prints the body of `loc(...)`, writing children through `child` (which may print an
    /// alias instead).
    pub fn write_with(&self, out: &mut String, child: &mut dyn FnMut(&mut String, &Location)) {
        use std::fmt::Write as _;
        let quoted = |out: &mut String, s: &str| {
            out.push('"');
            let _ = crate::syntax::escape::write_escaped_str(out, s);
            out.push('"');
        };
        match self {
            Location::Unknown => out.push_str("unknown"),
            Location::FileLineCol { file, line, col } => {
                quoted(out, file);
                let _ = write!(out, ":{line}:{col}");
            }
            Location::FileRange { file, line, col, end_line, end_col } => {
                quoted(out, file);
                let _ = write!(out, ":{line}:{col} to ");
                if let Some(l) = end_line {
                    let _ = write!(out, "{l}");
                }
                let _ = write!(out, ":{end_col}");
            }
            Location::Name { name, child: c } => {
                quoted(out, name);
                if let Some(c) = c {
                    out.push('(');
                    child(out, c);
                    out.push(')');
                }
            }
            Location::CallSite { callee, caller } => {
                out.push_str("callsite(");
                child(out, callee);
                out.push_str(" at ");
                child(out, caller);
                out.push(')');
            }
            Location::Fused { locs, metadata } => {
                out.push_str("fused");
                if let Some(m) = metadata {
                    let _ = write!(out, "<{m}>");
                }
                out.push('[');
                for (i, l) in locs.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    child(out, l);
                }
                out.push(']');
            }
        }
    }

    /// The first file:line:col position inside this location, used to point diagnostics at source.
    pub fn position(&self) -> Option<(&str, u32, u32)> {
        match self {
            Location::Unknown => None,
            Location::FileLineCol { file, line, col } | Location::FileRange { file, line, col, .. } => {
                Some((file, *line, *col))
            }
            Location::Name { child, .. } => child.as_deref().and_then(Location::position),
            Location::CallSite { callee, caller } => callee.position().or_else(|| caller.position()),
            Location::Fused { locs, .. } => locs.iter().find_map(Location::position),
        }
    }
}

/// The body of `loc(...)`.
impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write_with(&mut out, &mut |o, c| o.push_str(&c.to_string()));
        f.write_str(&out)
    }
}
