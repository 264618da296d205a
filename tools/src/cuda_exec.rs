//! `sharc-run --exec=cuda`: kernels run on an NVIDIA GPU, host code in the simulator.
//!
//! The module's kernels are compiled to PTX for the run's target (`sharc-codegen`) and loaded
//! through the CUDA driver (`sharc_gpurun::cuda`, loaded at run time: without a driver or a GPU,
//! opening fails with one line). Each launch copies its distinct argument buffers to the
//! device, passes them by the kernel ABI, and copies them back afterwards, so host code between
//! launches sees what the GPU computed. With `reps` above 1 a launch is timed: one warm-up, then
//! `reps` timed launches, each on the arguments as they were before the launch (re-uploaded),
//! so in-place kernels time the same work; the buffers keep the last launch's results.

use sharc_codegen::kernel::{KernelInfo, Param};
use sharc_gpurun::cuda::{DeviceBuffer, Function, Gpu, KernelArg, Module, Timer};
use sharc_ir::{Context, OpId};
use sharc_sim::memory::{BufId, Memory};
use sharc_sim::{LaunchExecutor, Scalar, Val};
use std::cell::RefCell;
use std::rc::Rc;

/// Per kernel, the median time of each of its launches, in milliseconds.
pub type Times = Rc<RefCell<Vec<(String, Vec<f64>)>>>;

/// Runs a module's kernels on GPU 0.
pub struct CudaExecutor<'a> {
    ctx: &'a Context,
    kernels: Vec<(KernelInfo, Function)>,
    // Declared before `gpu`: fields drop in order, and the module must go before its context.
    _module: Module,
    gpu: Gpu,
    reps: usize,
    times: Times,
}

impl<'a> CudaExecutor<'a> {
    /// Loads `ptx`, whose kernels `infos` describe, on `gpu`.
    pub fn new(ctx: &'a Context, gpu: Gpu, ptx: &str, infos: Vec<KernelInfo>, reps: usize) -> Result<Self, String> {
        let module = gpu.load(ptx)?;
        let kernels =
            infos.into_iter().map(|k| module.function(&k.name).map(|f| (k, f))).collect::<Result<Vec<_>, _>>()?;
        Ok(CudaExecutor { ctx, kernels, _module: module, gpu, reps: reps.max(1), times: Times::default() })
    }

    /// The launch times, filled as kernels run.
    pub fn times(&self) -> Times {
        self.times.clone()
    }
}

impl LaunchExecutor for CudaExecutor<'_> {
    fn launch(
        &mut self,
        kernel: OpId,
        grid: [u32; 3],
        block: [u32; 3],
        args: &[Val],
        mem: &mut Memory,
    ) -> Result<(), String> {
        let ctx = self.ctx;
        let (info, function) =
            self.kernels.iter().find(|(k, _)| k.op == kernel).ok_or("the kernel was not compiled to PTX")?;
        let f = sharc_dialects::gpu::FuncOp::view(ctx, kernel).ok_or("internal error: not a gpu.func")?;
        let types = f.argument_types(ctx);
        // The distinct buffers, and per PTX parameter a buffer index and byte offset or bits.
        let mut bufs: Vec<(BufId, DeviceBuffer)> = Vec::new();
        let mut slots: Vec<Result<(usize, u64), u64>> = Vec::new();
        let mut dynamic: Vec<i64> = Vec::new();
        for (i, kind) in &info.params {
            let (v, ty) = (*args.get(*i).ok_or("missing kernel argument")?, types[*i]);
            match kind {
                Param::Scalar => {
                    let s = Scalar::of(ctx, ty).ok_or("unsupported scalar argument type")?;
                    let mut b = [0u8; 8];
                    s.encode(v, &mut b[..s.bytes()]);
                    slots.push(Err(u64::from_le_bytes(b)));
                }
                Param::Pointer => {
                    let d = *mem.desc_of(v).map_err(|e| format!("argument {i}: {e}"))?;
                    let shape = ctx.shape(ty).ok_or("internal error: memref without a shape")?;
                    sharc_codegen::host_runtime::check_view(*i, &d, shape, mem)?;
                    let buf = mem.buffer(d.buf);
                    let k = match bufs.iter().position(|(id, _)| *id == d.buf) {
                        Some(k) => k,
                        None => {
                            let dev = self.gpu.alloc(buf.data.len())?;
                            dev.upload(&buf.data)?;
                            bufs.push((d.buf, dev));
                            bufs.len() - 1
                        }
                    };
                    slots.push(Ok((k, d.offset as u64 * buf.elem.bytes() as u64)));
                    dynamic = d.sizes().iter().zip(shape).filter(|(_, &s)| s < 0).map(|(&n, _)| n).collect();
                    dynamic.reverse();
                }
                Param::DynamicSize => {
                    slots.push(Err(dynamic.pop().ok_or("internal error: missing dynamic size")? as u64))
                }
            }
        }
        let kargs: Vec<KernelArg<'_>> = slots
            .iter()
            .map(|s| match *s {
                Ok((k, byte_offset)) => KernelArg::Buffer { buf: &bufs[k].1, byte_offset },
                Err(bits) => KernelArg::Bits(bits),
            })
            .collect();
        let timer = Timer::new()?;
        let at = |e: String| format!("on the GPU, @{}: {e}", info.name);
        let mut times = Vec::new();
        if self.reps > 1 {
            self.gpu.launch(function, grid, block, 0, &kargs, None).map_err(at)?;
            self.gpu.synchronize().map_err(at)?;
        }
        for _ in 0..self.reps {
            if self.reps > 1 {
                // The simulator's buffers still hold the arguments as they were before the launch.
                for (id, dev) in &bufs {
                    dev.upload(&mem.buffer(*id).data).map_err(at)?;
                }
            }
            self.gpu.launch(function, grid, block, 0, &kargs, Some(&timer)).map_err(at)?;
            self.gpu.synchronize().map_err(at)?;
            times.push(timer.elapsed_ms().map_err(at)?);
        }
        drop(kargs);
        for (id, dev) in &bufs {
            dev.download(&mut mem.buffer_mut(*id).data)?;
        }
        times.sort_by(f64::total_cmp);
        let median = times[times.len() / 2];
        let mut all = self.times.borrow_mut();
        match all.iter_mut().find(|(n, _)| *n == info.name) {
            Some((_, v)) => v.push(median),
            None => all.push((info.name.clone(), vec![median])),
        }
        Ok(())
    }
}
