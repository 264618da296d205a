//! Replaying a launch trace: loading and checking its files against the PTX (what `--dry-run`
//! does without a GPU), and running it on the GPU with event timing and output comparison.

use crate::cuda::{DeviceBuffer, Gpu, KernelArg, Timer};
use crate::ptx::PtxInfo;
use crate::trace::{Arg, Event, Trace};
use sharc_sim::npy::{self, Array};
use std::path::{Path, PathBuf};

/// A trace with its arrays read.
pub struct Bundle {
    /// The trace.
    pub trace: Trace,
    /// Per event, the array an upload copies (`None` for launches).
    pub uploads: Vec<Option<Array>>,
    /// Per output, the expected array.
    pub expected: Vec<Array>,
}

fn read_npy(dir: &Path, file: &str) -> Result<Array, String> {
    let path: PathBuf = dir.join(file);
    let bytes = std::fs::read(&path).map_err(|e| format!("cannot read '{}': {e}", path.display()))?;
    npy::read(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

impl Bundle {
    /// Reads the trace at `path` and every array it names, checking each against its buffer's
    /// element type and size.
    pub fn load(path: &Path) -> Result<Bundle, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read '{}': {e}", path.display()))?;
        let trace = Trace::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let dir = path.parent().unwrap_or(Path::new("."));
        let check = |a: &Array, b: usize, file: &str| {
            let d = &trace.buffers[b];
            let elems: i64 = a.shape.iter().product();
            if a.elem.keyword() != d.elem || elems as u64 != d.elems {
                return Err(format!(
                    "{file} holds {} elements of {}; buffer {b} has {} of {}",
                    elems,
                    a.elem.keyword(),
                    d.elems,
                    d.elem
                ));
            }
            Ok(())
        };
        let mut uploads = Vec::with_capacity(trace.events.len());
        for e in &trace.events {
            uploads.push(match e {
                Event::Upload { buffer, file } => {
                    let a = read_npy(dir, file)?;
                    check(&a, *buffer, file)?;
                    Some(a)
                }
                Event::Launch(_) => None,
            });
        }
        let mut expected = Vec::with_capacity(trace.outputs.len());
        for o in &trace.outputs {
            let a = read_npy(dir, &o.file)?;
            check(&a, o.buffer, &o.file)?;
            expected.push(a);
        }
        // A buffer launched on before any upload would hold zeros on the GPU and whatever the
        // simulator had: the recorder uploads every buffer before its first use.
        let mut uploaded = vec![false; trace.buffers.len()];
        for (n, e) in trace.launch_numbers() {
            match e {
                Event::Upload { buffer, .. } => uploaded[*buffer] = true,
                Event::Launch(l) => {
                    for a in &l.args {
                        if let Arg::Buffer { buffer, .. } = a {
                            if !uploaded[*buffer] {
                                return Err(format!(
                                    "launch {n} ({}) uses buffer {buffer} before any upload",
                                    l.kernel
                                ));
                            }
                        }
                    }
                }
            }
        }
        Ok(Bundle { trace, uploads, expected })
    }

    /// Checks every launch against the PTX: the kernel exists, takes one parameter per
    /// argument, pointers are 8-byte parameters and scalars fit theirs.
    pub fn check_ptx(&self, ptx: &PtxInfo) -> Result<(), String> {
        for (n, l) in self.trace.launches().enumerate() {
            let e = ptx.entry(&l.kernel).ok_or_else(|| format!("launch {n}: the PTX has no kernel '{}'", l.kernel))?;
            if e.params.len() != l.args.len() {
                return Err(format!(
                    "launch {n}: kernel {} takes {} parameters in the PTX; the trace passes {}",
                    l.kernel,
                    e.params.len(),
                    l.args.len()
                ));
            }
            for (i, (a, &size)) in l.args.iter().zip(&e.params).enumerate() {
                let ok = match a {
                    Arg::Buffer { .. } => size == 8,
                    Arg::Scalar { bytes, .. } => *bytes <= size && size <= 8,
                };
                if !ok {
                    return Err(format!(
                        "launch {n}: argument {i} of {} ({}) does not fit its {size}-byte PTX parameter",
                        l.kernel,
                        describe(a)
                    ));
                }
            }
        }
        Ok(())
    }

    /// Bytes of the buffers the launches of one replay view, each view counted once per launch:
    /// the traffic a kernel needs at least when it reads or writes all of its arguments once.
    pub fn footprint(&self) -> u64 {
        self.trace
            .launches()
            .flat_map(|l| &l.args)
            .map(|a| match a {
                Arg::Buffer { buffer, elems, .. } => elems * u64::from(self.trace.buffers[*buffer].elem_bytes),
                Arg::Scalar { .. } => 0,
            })
            .sum()
    }
}

fn describe(a: &Arg) -> String {
    match a {
        Arg::Buffer { buffer, offset, elems } => format!("buffer {buffer}[{offset}..{}]", offset + elems),
        Arg::Scalar { ty, .. } => format!("a scalar of type {ty}"),
    }
}

/// Of several PTX modules, the one for the newest SM not newer than the device's `sm`.
pub fn choose(ptxs: &[PtxInfo], sm: u32) -> Option<usize> {
    (0..ptxs.len()).filter(|&i| ptxs[i].sm <= sm).max_by_key(|&i| ptxs[i].sm)
}

/// Per kernel, what a replay measured.
#[derive(Clone, Debug)]
pub struct KernelTime {
    /// The kernel's symbol.
    pub kernel: String,
    /// Launches per replay.
    pub launches: usize,
    /// Median over the timed replays of the sum of its launches' times, in milliseconds.
    pub median_ms: f64,
}

/// The outcome of [`replay`].
#[derive(Clone, Debug)]
pub struct Report {
    /// Per kernel, in order of first launch.
    pub kernels: Vec<KernelTime>,
    /// Median over the timed replays of all launches' total time, in milliseconds.
    pub total_ms: f64,
    /// Per output, its name and the first difference from the expected array (`None`: equal
    /// within the tolerance).
    pub outputs: Vec<(String, Option<String>)>,
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => 0.0,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// Replays the trace on `gpu` with the kernels of `ptx`: `warmup` untimed replays, then `reps`
/// timed ones. Every replay starts from the trace's uploads, so in-place kernels time the same
/// work each time. The outputs of the last replay are compared with the expected arrays within
/// `tol` = (relative, absolute) tolerance ([`first_difference`]).
pub fn replay(gpu: &Gpu, b: &Bundle, ptx: &str, warmup: usize, reps: usize, tol: (f64, f64)) -> Result<Report, String> {
    let (rtol, atol) = tol;
    let module = gpu.load(ptx)?;
    let t = &b.trace;
    let mut names: Vec<String> = Vec::new();
    for l in t.launches() {
        if !names.contains(&l.kernel) {
            names.push(l.kernel.clone());
        }
    }
    let functions = names.iter().map(|n| module.function(n)).collect::<Result<Vec<_>, _>>()?;
    let buffers: Vec<DeviceBuffer> = t
        .buffers
        .iter()
        .map(|d| gpu.alloc(usize::try_from(d.bytes()).map_err(|_| "a buffer too large for this host".to_string())?))
        .collect::<Result<_, _>>()?;
    let launches = t.launches().count();
    let timers = (0..launches).map(|_| Timer::new()).collect::<Result<Vec<_>, _>>()?;
    let mut per_kernel: Vec<Vec<f64>> = vec![Vec::new(); names.len()];
    let mut totals = Vec::new();
    for rep in 0..warmup + reps.max(1) {
        let mut k = 0;
        for (n, e) in t.events.iter().enumerate() {
            match e {
                Event::Upload { buffer, .. } => {
                    let a = b.uploads[n].as_ref().ok_or("internal error: upload without data")?;
                    buffers[*buffer].upload(&a.data)?;
                }
                Event::Launch(l) => {
                    let f = &functions[names.iter().position(|x| *x == l.kernel).unwrap_or(0)];
                    let args: Vec<KernelArg<'_>> = l
                        .args
                        .iter()
                        .map(|a| match a {
                            Arg::Buffer { buffer, offset, .. } => KernelArg::Buffer {
                                buf: &buffers[*buffer],
                                byte_offset: offset * u64::from(t.buffers[*buffer].elem_bytes),
                            },
                            Arg::Scalar { bits, .. } => KernelArg::Bits(*bits),
                        })
                        .collect();
                    gpu.launch(f, l.grid, l.block, l.shared_bytes, &args, Some(&timers[k]))
                        .map_err(|e| format!("launch {k}: {e}"))?;
                    k += 1;
                }
            }
        }
        gpu.synchronize().map_err(|e| format!("replay {rep}: {e}"))?;
        if rep < warmup {
            continue;
        }
        let mut sums = vec![0.0; names.len()];
        for (l, timer) in t.launches().zip(&timers) {
            let i = names.iter().position(|x| *x == l.kernel).unwrap_or(0);
            sums[i] += timer.elapsed_ms()?;
        }
        totals.push(sums.iter().sum());
        for (v, s) in per_kernel.iter_mut().zip(sums) {
            v.push(s);
        }
    }
    let mut outputs = Vec::new();
    for (o, want) in t.outputs.iter().zip(&b.expected) {
        let mut got = Array { elem: want.elem, unsigned: want.unsigned, shape: want.shape.clone(), data: vec![] };
        got.data = vec![0; buffers[o.buffer].bytes()];
        buffers[o.buffer].download(&mut got.data)?;
        let diff = first_difference(&got, want, rtol, atol)
            .map(|(i, g, w)| format!("at element {i}: {g} on the GPU, {w} in the simulator"));
        outputs.push((o.name.clone(), diff));
    }
    let kernels = names
        .iter()
        .zip(per_kernel)
        .map(|(n, v)| KernelTime {
            kernel: n.clone(),
            launches: t.launches().filter(|l| l.kernel == *n).count(),
            median_ms: median(v),
        })
        .collect();
    Ok(Report { kernels, total_ms: median(totals), outputs })
}

/// The first element (flat index, got, want) where `got` and `want` differ by more than
/// `atol + rtol * |want|` (NumPy's `isclose`; NaNs equal each other; integers must be equal).
/// An absolute part is needed because a GPU contracts `a * b + c` into one rounding (FMA) where
/// the simulator rounds twice, and a result near zero differs by more than any relative bound.
pub fn first_difference(got: &Array, want: &Array, rtol: f64, atol: f64) -> Option<(usize, String, String)> {
    if got.elem != want.elem || got.data.len() != want.data.len() {
        return Some((
            0,
            format!("{} bytes of {}", got.data.len(), got.elem.keyword()),
            format!("{} bytes of {}", want.data.len(), want.elem.keyword()),
        ));
    }
    let n = got.elem.bytes();
    for (i, (x, y)) in got.data.chunks(n).zip(want.data.chunks(n)).enumerate() {
        if x == y {
            continue;
        }
        let (vx, vy) = (got.elem.decode(x), got.elem.decode(y));
        let close = match (vx.as_f64(), vy.as_f64()) {
            (Some(p), Some(q)) if got.elem.is_float() => {
                (p.is_nan() && q.is_nan()) || (p - q).abs() <= atol + rtol * q.abs()
            }
            _ => false,
        };
        if !close {
            return Some((i, got.elem.show(vx), got.elem.show(vy)));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_and_choice() {
        assert_eq!(median(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(vec![4.0, 1.0, 2.0, 3.0]), 2.5);
        let p = |sm| PtxInfo { sm, entries: vec![] };
        let ptxs = [p(80), p(90)];
        assert_eq!(choose(&ptxs, 90), Some(1));
        assert_eq!(choose(&ptxs, 89), Some(0));
        assert_eq!(choose(&ptxs, 75), None);
    }

    #[test]
    fn tolerances() {
        use sharc_sim::Scalar;
        let arr = |v: &[f32]| Array {
            elem: Scalar::F32,
            unsigned: false,
            shape: vec![v.len() as i64],
            data: v.iter().flat_map(|x| x.to_le_bytes()).collect(),
        };
        let want = arr(&[1.0, 1e-7, f32::NAN]);
        assert_eq!(first_difference(&arr(&[1.0, 1e-7, f32::NAN]), &want, 0.0, 0.0), None);
        // 1e-6 vs 1e-7 is a relative error of 9: only the absolute part accepts it.
        assert_eq!(first_difference(&arr(&[1.0, 1e-6, f32::NAN]), &want, 1e-4, 0.0).map(|d| d.0), Some(1));
        assert_eq!(first_difference(&arr(&[1.00001, 1e-6, f32::NAN]), &want, 1e-4, 1e-5), None);
        assert_eq!(first_difference(&arr(&[1.001, 1e-7, f32::NAN]), &want, 1e-4, 1e-5).map(|d| d.0), Some(0));
    }
}
