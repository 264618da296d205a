//! The launch trace: what a `sharc-run` simulation launched, in order, so a GPU can replay the
//! whole program (host loops, several kernels, host code between them) without sharc's IR.
//!
//! A trace is a JSON file ([`Trace`]) beside the `.npy` files it names (paths are relative to
//! the trace's directory). Device buffers are numbered; events run in order: an **upload**
//! copies an array into a buffer (the first use of a buffer, and every buffer host code changed
//! between launches), a **launch** runs a kernel with one argument per PTX parameter of the
//! kernel ABI (`sharc-codegen`'s `kernel.rs`: a scalar, or a memref's base pointer followed by
//! its dynamic sizes). **Outputs** name the entry's memref arguments with the contents the
//! simulator computed in their buffers, the expected result of the replay.

use serde::{Deserialize, Serialize};

/// The value of [`Trace::format`].
pub const FORMAT: &str = "sharc-launch-trace-1";

/// A launch trace.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trace {
    /// [`FORMAT`].
    pub format: String,
    /// The entry function the simulation ran.
    pub entry: String,
    /// The device buffers, numbered from 0.
    pub buffers: Vec<BufferDecl>,
    /// Uploads and launches, in order.
    pub events: Vec<Event>,
    /// The expected contents of the entry's memref arguments after the last launch.
    pub outputs: Vec<Output>,
}

/// A device buffer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BufferDecl {
    /// The element type (`f32`, `i32`, `index`, ... as sharc prints it).
    pub elem: String,
    /// Bytes per element.
    pub elem_bytes: u32,
    /// Number of elements.
    pub elems: u64,
}

impl BufferDecl {
    /// Its size in bytes.
    pub fn bytes(&self) -> u64 {
        self.elems.saturating_mul(u64::from(self.elem_bytes))
    }
}

/// One step of the replay.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// Copy the array of `file` (a `.npy` of the buffer's element type and size) into `buffer`.
    Upload {
        /// The buffer.
        buffer: usize,
        /// The `.npy` file, relative to the trace.
        file: String,
    },
    /// A kernel launch.
    Launch(Launch),
}

/// A kernel launch.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Launch {
    /// The kernel's symbol in the PTX.
    pub kernel: String,
    /// Blocks per grid dimension.
    pub grid: [u32; 3],
    /// Threads per block dimension.
    pub block: [u32; 3],
    /// Dynamic shared memory in bytes (sharc's shared buffers are static: 0).
    pub shared_bytes: u32,
    /// One per PTX parameter.
    pub args: Vec<Arg>,
}

/// A launch argument.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Arg {
    /// A pointer to element `offset` of `buffer`; the kernel's view covers `elems` elements
    /// from there.
    Buffer {
        /// The buffer.
        buffer: usize,
        /// The view's first element.
        offset: u64,
        /// The view's number of elements.
        elems: u64,
    },
    /// A scalar: its type, and its bits (little-endian, zero-extended to 64 bits).
    Scalar {
        /// The type (`f32`, `i64`, `index`, ...).
        ty: String,
        /// Bytes of the type.
        bytes: u32,
        /// The value's bits.
        bits: u64,
    },
}

/// An expected output.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Output {
    /// The entry argument's name.
    pub name: String,
    /// Its buffer.
    pub buffer: usize,
    /// The `.npy` of what the simulator computed, relative to the trace.
    pub file: String,
}

impl Trace {
    /// Parses a trace and checks what can be checked without its files: the format, buffer
    /// numbers, and views within their buffers.
    pub fn parse(text: &str) -> Result<Trace, String> {
        let t: Trace = serde_json::from_str(text).map_err(|e| format!("malformed launch trace: {e}"))?;
        if t.format != FORMAT {
            return Err(format!("unsupported launch trace format '{}' (expected '{FORMAT}')", t.format));
        }
        let buffer = |b: usize, what: &str| {
            t.buffers.get(b).ok_or_else(|| format!("{what} names buffer {b}; the trace has {}", t.buffers.len()))
        };
        let mut launch = 0;
        for (n, e) in t.events.iter().enumerate() {
            match e {
                Event::Upload { buffer: b, .. } => {
                    buffer(*b, &format!("event {n} (an upload)"))?;
                }
                Event::Launch(l) => {
                    let what = |i: usize| format!("argument {i} of launch {launch} ({})", l.kernel);
                    for (i, a) in l.args.iter().enumerate() {
                        if let Arg::Buffer { buffer: b, offset, elems } = a {
                            let d = buffer(*b, &what(i))?;
                            if offset.checked_add(*elems).is_none_or(|end| end > d.elems) {
                                return Err(format!(
                                    "{} views elements {offset}..{} of buffer {b}, which has {}",
                                    what(i),
                                    offset.saturating_add(*elems),
                                    d.elems
                                ));
                            }
                        }
                    }
                    if l.grid.contains(&0) || l.block.contains(&0) {
                        return Err(format!("launch {launch} ({}) has an empty grid or block", l.kernel));
                    }
                    launch += 1;
                }
            }
        }
        for o in &t.outputs {
            buffer(o.buffer, &format!("output '{}'", o.name))?;
        }
        Ok(t)
    }

    /// The trace as JSON text: one line per buffer, event and output, so a trace of many
    /// launches stays compact and a line is one launch for grep and FileCheck.
    pub fn to_json(&self) -> String {
        fn list<T: Serialize>(items: &[T]) -> String {
            let lines: Vec<String> =
                items.iter().map(|i| format!("    {}", serde_json::to_string(i).unwrap_or_default())).collect();
            match lines.is_empty() {
                true => "[]".to_string(),
                false => format!("[\n{}\n  ]", lines.join(",\n")),
            }
        }
        let text = |s: &str| serde_json::to_string(s).unwrap_or_default();
        format!(
            "{{\n  \"format\": {},\n  \"entry\": {},\n  \"buffers\": {},\n  \"events\": {},\n  \"outputs\": {}\n}}\n",
            text(&self.format),
            text(&self.entry),
            list(&self.buffers),
            list(&self.events),
            list(&self.outputs)
        )
    }

    /// The events, each with the number of the launch it is or precedes (launches count from 0).
    pub fn launch_numbers(&self) -> impl Iterator<Item = (usize, &Event)> {
        self.events.iter().scan(0, |k, e| {
            let n = *k;
            *k += usize::from(matches!(e, Event::Launch(_)));
            Some((n, e))
        })
    }

    /// The launches, in order.
    pub fn launches(&self) -> impl Iterator<Item = &Launch> {
        self.events.iter().filter_map(|e| if let Event::Launch(l) = e { Some(l) } else { None })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Trace {
        Trace {
            format: FORMAT.to_string(),
            entry: "main".to_string(),
            buffers: vec![BufferDecl { elem: "f32".into(), elem_bytes: 4, elems: 16 }],
            events: vec![
                Event::Upload { buffer: 0, file: "t.upload0.npy".into() },
                Event::Launch(Launch {
                    kernel: "k".into(),
                    grid: [1, 1, 1],
                    block: [16, 1, 1],
                    shared_bytes: 0,
                    args: vec![
                        Arg::Buffer { buffer: 0, offset: 0, elems: 16 },
                        Arg::Scalar { ty: "f32".into(), bytes: 4, bits: 0x3f80_0000 },
                    ],
                }),
            ],
            outputs: vec![Output { name: "A".into(), buffer: 0, file: "t.expected.A.npy".into() }],
        }
    }

    #[test]
    fn round_trip_and_checks() {
        let t = sample();
        assert_eq!(Trace::parse(&t.to_json()), Ok(t.clone()));
        let mut bad = t.clone();
        bad.format = "other".into();
        assert!(Trace::parse(&bad.to_json()).unwrap_err().contains("unsupported launch trace format"));
        let mut bad = t.clone();
        if let Event::Launch(l) = &mut bad.events[1] {
            l.args[0] = Arg::Buffer { buffer: 0, offset: 8, elems: 16 };
        }
        assert!(Trace::parse(&bad.to_json()).unwrap_err().contains("views elements 8..24 of buffer 0, which has 16"));
        let mut bad = t;
        bad.outputs[0].buffer = 3;
        assert!(Trace::parse(&bad.to_json()).unwrap_err().contains("names buffer 3"));
        assert!(Trace::parse("{").unwrap_err().starts_with("malformed launch trace"));
    }
}
