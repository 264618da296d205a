//! The CUDA driver API, loaded at run time (cudarc with `dynamic-loading`): one device, its
//! primary context, PTX modules, device buffers, launches and event timing.
//!
//! Every failure is a one-line `String`; opening a device on a machine without the driver
//! library or without a device is such an error, never a panic (cudarc panics when a driver
//! symbol is used and the library cannot be loaded, so [`Gpu::open`] checks for the library
//! first).
//!
//! # Why the unsafe calls are sound
//!
//! The driver functions are `unsafe` because they take raw handles and pointers. This module
//! keeps the handles private, creates each one before its use and destroys it once, in `Drop`.
//! Host memory handed to the driver is a live Rust slice whose length bounds the copy
//! ([`DeviceBuffer::upload`] and [`DeviceBuffer::download`] check it against the buffer's size).
//! A launch passes one pointer per kernel parameter to an 8-byte slot that outlives the
//! (synchronous-enough) call: `cuLaunchKernel` copies the parameter values before it returns,
//! and reads from each slot the parameter's size as the PTX declares it, which [`Gpu::launch`]
//! checks to be at most 8 bytes, with exactly as many slots as parameters. What a kernel does with
//! device pointers happens in device memory: a fault there is reported by the next
//! synchronisation as an error, it cannot touch the host process's memory.
#![allow(unsafe_code)]

use crate::ptx::{self, PtxInfo};
use cudarc::driver::{result, sys};
use std::ffi::{c_void, CString};

fn driver_error(what: &str, e: result::DriverError) -> String {
    let name = e.error_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|_| format!("{:?}", e.0));
    let text = e.error_string().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    match text.is_empty() {
        true => format!("{what}: {name}"),
        false => format!("{what}: {name} ({text})"),
    }
}

/// The first CUDA device, with its primary context current on the calling thread.
pub struct Gpu {
    dev: sys::CUdevice,
    ctx: sys::CUcontext,
    /// The device's name.
    pub name: String,
    /// Its compute capability as an SM version (90 for 9.0).
    pub sm: u32,
}

impl Gpu {
    /// Opens device 0. Fails with one line when the driver library is missing (a machine
    /// without CUDA), when the driver finds no device, or when the context cannot be created.
    pub fn open() -> Result<Gpu, String> {
        // SAFETY: only tries to dlopen the library names; no symbol is called.
        if !unsafe { sys::is_culib_present() } {
            return Err("no CUDA driver: libcuda.so could not be loaded (is an NVIDIA driver installed?)".to_string());
        }
        result::init().map_err(|e| driver_error("cannot initialise the CUDA driver", e))?;
        let count = result::device::get_count().map_err(|e| driver_error("cannot count CUDA devices", e))?;
        if count < 1 {
            return Err("the CUDA driver reports no device".to_string());
        }
        let dev = result::device::get(0).map_err(|e| driver_error("cannot open CUDA device 0", e))?;
        let name = result::device::get_name(dev).unwrap_or_else(|_| "an unnamed CUDA device".to_string());
        let attr = |a| {
            // SAFETY: `dev` was returned by the driver above.
            unsafe { result::device::get_attribute(dev, a) }.map_err(|e| driver_error("cannot query device 0", e))
        };
        let major = attr(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)?;
        let minor = attr(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)?;
        // SAFETY: `dev` is a valid device; the context is released in `Drop`.
        let ctx =
            unsafe { result::primary_ctx::retain(dev) }.map_err(|e| driver_error("cannot create a context", e))?;
        let gpu = Gpu { dev, ctx, name, sm: (major * 10 + minor) as u32 };
        gpu.make_current()?;
        Ok(gpu)
    }

    fn make_current(&self) -> Result<(), String> {
        // SAFETY: `ctx` is the retained primary context, alive until `Drop`.
        unsafe { result::ctx::set_current(self.ctx) }.map_err(|e| driver_error("cannot make the context current", e))
    }

    /// Loads a PTX module (JIT-compiled by the driver for this device).
    pub fn load(&self, ptx_text: &str) -> Result<Module, String> {
        let info = ptx::parse(ptx_text)?;
        if info.sm > self.sm {
            return Err(format!("the PTX is for sm_{}, newer than device 0 ({}, sm_{})", info.sm, self.name, self.sm));
        }
        let image = CString::new(ptx_text).map_err(|_| "the PTX contains a NUL byte".to_string())?;
        self.make_current()?;
        // SAFETY: `image` is a NUL-terminated PTX text that lives across the call.
        let m = unsafe { result::module::load_data(image.as_ptr() as *const c_void) }
            .map_err(|e| driver_error("the driver rejected the PTX", e))?;
        Ok(Module { m, info })
    }

    /// A zeroed device buffer of `bytes` bytes (at least one byte is allocated).
    pub fn alloc(&self, bytes: usize) -> Result<DeviceBuffer, String> {
        self.make_current()?;
        // SAFETY: a plain allocation in the current context; freed in `Drop`.
        let ptr = unsafe { result::malloc_sync(bytes.max(1)) }
            .map_err(|e| driver_error(&format!("cannot allocate {bytes} bytes on the device"), e))?;
        // SAFETY: `ptr` points to at least `bytes.max(1)` bytes just allocated.
        unsafe { result::memset_d8_sync(ptr, 0, bytes.max(1)) }
            .map_err(|e| driver_error("cannot clear a buffer", e))?;
        Ok(DeviceBuffer { ptr, bytes })
    }

    /// Launches `f` on a grid of `grid` blocks of `block` threads with `dynamic_shared` bytes of
    /// dynamic shared memory and `args`, one per PTX parameter; with `timer`, records its start
    /// and end events around the launch. Asynchronous: errors of the kernel itself surface at
    /// [`Gpu::synchronize`].
    pub fn launch(
        &self,
        f: &Function,
        grid: [u32; 3],
        block: [u32; 3],
        dynamic_shared: u32,
        args: &[KernelArg<'_>],
        timer: Option<&Timer>,
    ) -> Result<(), String> {
        if args.len() != f.params.len() {
            return Err(format!(
                "kernel {} takes {} parameters in the PTX; the launch passes {}",
                f.name,
                f.params.len(),
                args.len()
            ));
        }
        let mut slots: Vec<u64> = Vec::with_capacity(args.len());
        for (i, (a, &size)) in args.iter().zip(&f.params).enumerate() {
            if size > 8 {
                return Err(format!("parameter {i} of kernel {} is an aggregate of {size} bytes", f.name));
            }
            slots.push(match *a {
                KernelArg::Buffer { buf, byte_offset } => {
                    if byte_offset > buf.bytes as u64 {
                        return Err(format!("argument {i} of kernel {}: offset past its buffer", f.name));
                    }
                    if size != 8 {
                        return Err(format!("parameter {i} of kernel {} is not a pointer ({size} bytes)", f.name));
                    }
                    buf.ptr + byte_offset
                }
                KernelArg::Bits(b) => b,
            });
        }
        let mut params: Vec<*mut c_void> = slots.iter_mut().map(|s| s as *mut u64 as *mut c_void).collect();
        self.make_current()?;
        let stream = std::ptr::null_mut();
        if let Some(t) = timer {
            // SAFETY: the events were created by `Timer::new` and are alive.
            unsafe { result::event::record(t.start, stream) }.map_err(|e| driver_error("cannot record an event", e))?;
        }
        // SAFETY: see the module comment: one live 8-byte slot per parameter, each at least the
        // parameter's size; `f` belongs to a loaded module.
        unsafe { result::launch_kernel(f.f, triple(grid), triple(block), dynamic_shared, stream, &mut params) }
            .map_err(|e| driver_error(&format!("cannot launch kernel {}", f.name), e))?;
        if let Some(t) = timer {
            // SAFETY: as above.
            unsafe { result::event::record(t.end, stream) }.map_err(|e| driver_error("cannot record an event", e))?;
        }
        Ok(())
    }

    /// Waits for every launch; a kernel that faulted is reported here.
    pub fn synchronize(&self) -> Result<(), String> {
        self.make_current()?;
        result::ctx::synchronize().map_err(|e| driver_error("a kernel failed", e))
    }
}

impl Drop for Gpu {
    fn drop(&mut self) {
        // SAFETY: releases the retain of `open`; nothing uses the context afterwards.
        let _ = unsafe { result::primary_ctx::release(self.dev) };
    }
}

fn triple(d: [u32; 3]) -> (u32, u32, u32) {
    (d[0], d[1], d[2])
}

/// A loaded PTX module.
pub struct Module {
    m: sys::CUmodule,
    info: PtxInfo,
}

impl Module {
    /// The kernel `name`, with its parameter sizes from the PTX.
    pub fn function(&self, name: &str) -> Result<Function, String> {
        let entry = self.info.entry(name).ok_or_else(|| format!("the PTX has no kernel '{name}'"))?;
        let cname = CString::new(name).map_err(|_| format!("kernel name '{name}' contains a NUL byte"))?;
        // SAFETY: `m` is a loaded module, unloaded only in `Drop`; the function handle is used
        // while the module lives (the runner keeps both until the end).
        let f = unsafe { result::module::get_function(self.m, cname) }
            .map_err(|e| driver_error(&format!("cannot find kernel {name}"), e))?;
        Ok(Function { f, name: name.to_string(), params: entry.params.clone() })
    }
}

impl Drop for Module {
    fn drop(&mut self) {
        // SAFETY: loaded in `Gpu::load`, unloaded once.
        let _ = unsafe { result::module::unload(self.m) };
    }
}

/// A kernel of a loaded module.
pub struct Function {
    f: sys::CUfunction,
    /// The kernel's symbol.
    pub name: String,
    /// Its parameters' sizes in bytes.
    pub params: Vec<u32>,
}

/// Device memory.
pub struct DeviceBuffer {
    ptr: sys::CUdeviceptr,
    bytes: usize,
}

impl DeviceBuffer {
    /// Its size in bytes.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// Copies `data` (exactly the buffer's size) to the device. `&self`: device memory is not
    /// Rust memory, no reference to it exists, and kernels already share the buffer by pointer.
    pub fn upload(&self, data: &[u8]) -> Result<(), String> {
        if data.len() != self.bytes {
            return Err(format!("upload of {} bytes into a buffer of {}", data.len(), self.bytes));
        }
        // SAFETY: `data` is a live slice of exactly the buffer's size.
        unsafe { result::memcpy_htod_sync(self.ptr, data) }.map_err(|e| driver_error("cannot copy to the device", e))
    }

    /// Copies the buffer into `out` (exactly the buffer's size).
    pub fn download(&self, out: &mut [u8]) -> Result<(), String> {
        if out.len() != self.bytes {
            return Err(format!("download of a buffer of {} bytes into {}", self.bytes, out.len()));
        }
        // SAFETY: `out` is a live, exclusively borrowed slice of exactly the buffer's size.
        unsafe { result::memcpy_dtoh_sync(out, self.ptr) }.map_err(|e| driver_error("cannot copy from the device", e))
    }
}

impl Drop for DeviceBuffer {
    fn drop(&mut self) {
        // SAFETY: allocated in `Gpu::alloc`, freed once.
        let _ = unsafe { result::free_sync(self.ptr) };
    }
}

/// A kernel argument: a device pointer into a buffer, or a scalar's bits (little-endian, in the
/// low bytes of the 8-byte slot; the kernel reads its parameter's size).
#[derive(Clone, Copy)]
pub enum KernelArg<'a> {
    /// `buf`'s address plus `byte_offset`.
    Buffer {
        /// The buffer.
        buf: &'a DeviceBuffer,
        /// Bytes from its start.
        byte_offset: u64,
    },
    /// A scalar.
    Bits(u64),
}

/// A pair of events around a launch.
pub struct Timer {
    start: sys::CUevent,
    end: sys::CUevent,
}

impl Timer {
    /// Two new events (the context must be current: create timers after [`Gpu::open`]).
    pub fn new() -> Result<Timer, String> {
        let create = || {
            result::event::create(sys::CUevent_flags::CU_EVENT_DEFAULT)
                .map_err(|e| driver_error("cannot create an event", e))
        };
        Ok(Timer { start: create()?, end: create()? })
    }

    /// Milliseconds between the events of the last timed launch (waits for its end).
    pub fn elapsed_ms(&self) -> Result<f64, String> {
        // SAFETY: both events were created by `new` and recorded on the null stream.
        unsafe {
            result::event::synchronize(self.end).map_err(|e| driver_error("a kernel failed", e))?;
            result::event::elapsed(self.start, self.end)
        }
        .map(f64::from)
        .map_err(|e| driver_error("cannot read an event's time", e))
    }
}

impl Drop for Timer {
    fn drop(&mut self) {
        // SAFETY: created in `new`, destroyed once.
        unsafe {
            let _ = result::event::destroy(self.start);
            let _ = result::event::destroy(self.end);
        }
    }
}
