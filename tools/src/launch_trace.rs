//! `sharc-run --launch-trace FILE`: records every kernel launch of a simulation, with the data
//! host code gives the kernels, as a trace `sharc-gpu-run` replays on a GPU (the format is
//! `sharc_gpurun::trace`).
//!
//! The recorder keeps, per device buffer, the contents the GPU would hold: what was last
//! uploaded, then what each launch left in it. Before a launch, a buffer argument whose
//! simulator contents differ from that copy (its first use, or host code wrote it since the last
//! launch) is recorded as an upload, written as `<FILE stem>.upload<N>.npy` beside the trace.
//! At the end, each memref argument of the entry that a kernel used gets its expected contents,
//! `<FILE stem>.expected.<NAME>.npy`: the buffer as the simulator's last launch left it (host
//! code after the last launch does not run on the GPU).
//!
//! Launch arguments follow the kernel ABI of `sharc-codegen` (`kernel.rs`): per `gpu.func`
//! argument, a scalar, or a memref's base pointer followed by one `i64` per dynamic dimension.

use sharc_gpurun::trace::{self, Arg, BufferDecl, Event, Launch, Output, Trace};
use sharc_ir::types::DYNAMIC;
use sharc_ir::{Context, OpId};
use sharc_sim::memory::{BufId, Memory};
use sharc_sim::npy::{self, Array};
use sharc_sim::{LaunchObserver, Scalar, Val};
use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;

/// A device buffer of the trace and what the GPU holds in it.
struct Traced {
    /// The simulator's buffer; `None` once the simulator reused its id for another buffer.
    buf: Option<BufId>,
    elem: Scalar,
    len: u64,
    device: Option<Vec<u8>>,
}

struct State<'a> {
    ctx: &'a Context,
    dir: PathBuf,
    stem: String,
    trace: Trace,
    buffers: Vec<Traced>,
    /// The trace buffers the launch in progress uses.
    in_flight: Vec<usize>,
    uploads: usize,
}

/// The recorder; [`TraceRecorder::observer`] is what the machine calls.
pub struct TraceRecorder<'a>(Rc<RefCell<State<'a>>>);

struct Observer<'a>(Rc<RefCell<State<'a>>>);

impl<'a> TraceRecorder<'a> {
    /// A recorder writing the trace `path` (and its arrays beside it) for entry `entry`; creates
    /// the trace's directory.
    pub fn new(ctx: &'a Context, path: &str, entry: &str) -> Result<TraceRecorder<'a>, String> {
        let p = PathBuf::from(path);
        let dir = p.parent().map(PathBuf::from).unwrap_or_default();
        if !dir.as_os_str().is_empty() {
            std::fs::create_dir_all(&dir).map_err(|e| format!("error: cannot create '{}': {e}", dir.display()))?;
        }
        let stem = p.file_stem().map_or_else(|| "trace".to_string(), |s| s.to_string_lossy().into_owned());
        let trace = Trace {
            format: trace::FORMAT.to_string(),
            entry: entry.to_string(),
            buffers: Vec::new(),
            events: Vec::new(),
            outputs: Vec::new(),
        };
        let state = State { ctx, dir, stem, trace, buffers: Vec::new(), in_flight: Vec::new(), uploads: 0 };
        Ok(TraceRecorder(Rc::new(RefCell::new(state))))
    }

    /// The observer to install on the machine.
    pub fn observer(&self) -> Box<dyn LaunchObserver + 'a> {
        Box::new(Observer(self.0.clone()))
    }

    /// Writes the expected outputs of the entry's memref arguments `(name, value)` and the
    /// trace itself to `path`.
    pub fn finish(&self, path: &str, args: &[(String, Val)], mem: &Memory) -> Result<(), String> {
        let mut s = self.0.borrow_mut();
        for (name, v) in args {
            let Ok(d) = mem.desc_of(*v) else { continue };
            let Some(k) = s.buffers.iter().position(|t| t.buf == Some(d.buf) && t.device.is_some()) else { continue };
            let t = &s.buffers[k];
            let a = Array {
                elem: t.elem,
                unsigned: false,
                shape: mem.buffer(d.buf).shape.clone(),
                data: t.device.clone().unwrap_or_default(),
            };
            let file = format!("{}.expected.{name}.npy", s.stem);
            s.write(&file, &a)?;
            s.trace.outputs.push(Output { name: name.clone(), buffer: k, file });
        }
        std::fs::write(path, s.trace.to_json()).map_err(|e| format!("error: cannot write '{path}': {e}"))
    }
}

impl State<'_> {
    fn write(&self, file: &str, a: &Array) -> Result<(), String> {
        let path = self.dir.join(file);
        let bytes = npy::write(a).map_err(|e| format!("error: {file}: {e}"))?;
        std::fs::write(&path, bytes).map_err(|e| format!("error: cannot write '{}': {e}", path.display()))
    }

    /// The trace buffer for `buf`, uploading its contents when the GPU's copy differs.
    fn buffer(&mut self, buf: BufId, mem: &Memory) -> Result<usize, String> {
        let b = mem.buffer(buf);
        let k = match self.buffers.iter().position(|t| t.buf == Some(buf) && t.elem == b.elem && t.len == b.len) {
            Some(k) => k,
            None => {
                // A buffer id the simulator reuses for a buffer of another type or size is a
                // new device buffer.
                for t in self.buffers.iter_mut().filter(|t| t.buf == Some(buf)) {
                    t.buf = None;
                }
                self.buffers.push(Traced { buf: Some(buf), elem: b.elem, len: b.len, device: None });
                self.trace.buffers.push(BufferDecl {
                    elem: b.elem.keyword(),
                    elem_bytes: b.elem.bytes() as u32,
                    elems: b.len,
                });
                self.buffers.len() - 1
            }
        };
        if self.buffers[k].device.as_deref() != Some(&b.data[..]) {
            let file = format!("{}.upload{}.npy", self.stem, self.uploads);
            self.uploads += 1;
            // The buffer's own shape, so an upload of an entry argument is the same file as its
            // expected output when no kernel changes it (gpu-check stores such files once).
            let shape = match b.shape.iter().product::<i64>() == b.len as i64 {
                true => b.shape.clone(),
                false => vec![b.len as i64],
            };
            let a = Array { elem: b.elem, unsigned: false, shape, data: b.data.clone() };
            self.write(&file, &a)?;
            self.buffers[k].device = Some(b.data.clone());
            self.trace.events.push(Event::Upload { buffer: k, file });
        }
        Ok(k)
    }
}

impl LaunchObserver for Observer<'_> {
    fn before_launch(
        &mut self,
        kernel: OpId,
        grid: [u32; 3],
        block: [u32; 3],
        args: &[Val],
        mem: &Memory,
    ) -> Result<(), String> {
        let mut s = self.0.borrow_mut();
        let ctx = s.ctx;
        let f = sharc_dialects::gpu::FuncOp::view(ctx, kernel).ok_or("internal error: not a gpu.func")?;
        let name = f.name(ctx).to_string();
        let mut out = Vec::new();
        let mut used = Vec::new();
        for (i, &ty) in f.argument_types(ctx).iter().enumerate() {
            let v = *args.get(i).ok_or("missing kernel argument")?;
            if let Some(sc) = Scalar::of(ctx, ty) {
                let mut b = [0u8; 8];
                sc.encode(v, &mut b[..sc.bytes()]);
                out.push(Arg::Scalar { ty: sc.keyword(), bytes: sc.bytes() as u32, bits: u64::from_le_bytes(b) });
                continue;
            }
            let shape =
                ctx.shape(ty).ok_or_else(|| format!("argument {i} of @{name} is neither a scalar nor a memref"))?;
            let d = *mem.desc_of(v).map_err(|e| format!("argument {i}: {e}"))?;
            sharc_codegen::host_runtime::check_view(i, &d, shape, mem)?;
            let k = s.buffer(d.buf, mem)?;
            used.push(k);
            let sizes = d.sizes();
            out.push(Arg::Buffer { buffer: k, offset: d.offset as u64, elems: sizes.iter().product::<i64>() as u64 });
            for (&n, _) in sizes.iter().zip(shape).filter(|(_, &dim)| dim == DYNAMIC) {
                out.push(Arg::Scalar { ty: "i64".to_string(), bytes: 8, bits: n as u64 });
            }
        }
        s.trace.events.push(Event::Launch(Launch { kernel: name, grid, block, shared_bytes: 0, args: out }));
        s.in_flight = used;
        Ok(())
    }

    fn after_launch(&mut self, mem: &Memory) -> Result<(), String> {
        let mut s = self.0.borrow_mut();
        for k in std::mem::take(&mut s.in_flight) {
            if let Some(buf) = s.buffers[k].buf {
                s.buffers[k].device = Some(mem.buffer(buf).data.clone());
            }
        }
        Ok(())
    }
}
