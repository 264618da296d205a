//! The gpu ops: one [`OpSpec`](sharc_ir::OpSpec) per op (summary, syntax, example, traits) and a
//! typed view per op whose accessors are the only place the op's attribute names are spelled,
//! plus the two attribute kinds of the dialect that sharc reads: dimensions (`#gpu<dim x>`) and
//! address spaces (`#gpu.address_space<workgroup>`, or the numbers 1/3/5 of lowered IR).
//!
//! The views assume verified IR; builders create detached ops with their regions' entry blocks
//! and terminators in place.

mod index;
mod launch;
mod module;

pub use index::{BarrierOp, IndexKind, IndexOp, BARRIER, BLOCK_DIM, BLOCK_ID, GRID_DIM, THREAD_ID};
pub(crate) use index::{DIMENSION, UPPER_BOUND};
pub(crate) use launch::{
    declared_segment_sizes as declared_launch_segments, FUNCTION, KERNEL, MODULE as LAUNCH_MODULE, SEGMENTS,
};
pub use launch::{
    is_container_module, set_container_module, LaunchFuncOp, LaunchOp, TerminatorOp, CONTAINER_MODULE_ATTR, LAUNCH,
    LAUNCH_FUNC, NUM_CONFIG_REGION_ARGS, TERMINATOR,
};
pub use module::{FuncOp, ModuleOp, ReturnOp, FUNC, MODULE, RETURN};
pub(crate) use module::{
    ARG_ATTRS, FUNCTION_TYPE, KERNEL_ATTR, NUM_WORKGROUP_ATTRIBUTIONS, OFFLOADING_HANDLER, PRIVATE_ATTRIB_ATTRS,
    RES_ATTRS, TARGETS, WORKGROUP_ATTRIB_ATTRS,
};

use sharc_ir::{Attr, Context, Type, TypeKind};

/// The dialect namespace of opaque gpu attributes.
const GPU: &str = "gpu";

/// A dimension of the thread/block/grid index space (`#gpu<dim x>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dimension {
    /// `x`.
    X,
    /// `y`.
    Y,
    /// `z`.
    Z,
}

impl Dimension {
    /// All dimensions, in order.
    pub const ALL: [Dimension; 3] = [Dimension::X, Dimension::Y, Dimension::Z];

    /// The keyword (`x`).
    pub fn keyword(self) -> &'static str {
        match self {
            Dimension::X => "x",
            Dimension::Y => "y",
            Dimension::Z => "z",
        }
    }

    /// The dimension named `kw`.
    pub fn from_keyword(kw: &str) -> Option<Dimension> {
        Dimension::ALL.into_iter().find(|d| d.keyword() == kw)
    }

    /// 0 for x, 1 for y, 2 for z.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The attribute `#gpu<dim x>`.
    pub fn attr(self, ctx: &mut Context) -> Attr {
        ctx.opaque_attr(GPU, &format!("<dim {}>", self.keyword()))
    }

    /// The dimension an attribute `#gpu<dim x>` names.
    pub fn from_attr(ctx: &Context, attr: Attr) -> Option<Dimension> {
        let body = ctx.attr_opaque_body(attr, GPU)?;
        let kw = body.strip_prefix("<dim ")?.strip_suffix('>')?;
        Dimension::from_keyword(kw.trim())
    }
}

/// A GPU memory space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AddressSpace {
    /// Device memory visible to all threads (`#gpu.address_space<global>`, or 1).
    Global,
    /// Memory shared by the threads of a thread block (`#gpu.address_space<workgroup>`, or 3);
    /// "shared memory" in user reports.
    Workgroup,
    /// Memory private to a thread (`#gpu.address_space<private>`, or 5).
    Private,
}

impl AddressSpace {
    /// The keyword (`workgroup`).
    pub fn keyword(self) -> &'static str {
        match self {
            AddressSpace::Global => "global",
            AddressSpace::Workgroup => "workgroup",
            AddressSpace::Private => "private",
        }
    }

    /// The NVVM/ROCDL numeric address space that lowered IR uses (`memref<32xf32, 3>`).
    pub fn number(self) -> i64 {
        match self {
            AddressSpace::Global => 1,
            AddressSpace::Workgroup => 3,
            AddressSpace::Private => 5,
        }
    }

    /// The attribute `#gpu.address_space<workgroup>`.
    pub fn attr(self, ctx: &mut Context) -> Attr {
        ctx.opaque_attr(GPU, &format!(".address_space<{}>", self.keyword()))
    }

    /// The space a `#gpu.address_space<...>` attribute names (not the numeric forms).
    pub fn from_gpu_attr(ctx: &Context, attr: Attr) -> Option<AddressSpace> {
        let body = ctx.attr_opaque_body(attr, GPU)?;
        let kw = body.strip_prefix(".address_space<")?.strip_suffix('>')?;
        [AddressSpace::Global, AddressSpace::Workgroup, AddressSpace::Private]
            .into_iter()
            .find(|s| s.keyword() == kw.trim())
    }

    /// The space a memory-space attribute denotes: the gpu attribute or its numeric form.
    pub fn from_attr(ctx: &Context, attr: Attr) -> Option<AddressSpace> {
        if let Some(s) = AddressSpace::from_gpu_attr(ctx, attr) {
            return Some(s);
        }
        match ctx.attr_int(attr)? {
            1 => Some(AddressSpace::Global),
            3 => Some(AddressSpace::Workgroup),
            5 => Some(AddressSpace::Private),
            _ => None,
        }
    }

    /// The space of a memref type (`None` for the default space, unknown spaces and non-memrefs).
    pub fn of_type(ctx: &Context, ty: Type) -> Option<AddressSpace> {
        let space = match ctx.type_kind(ty) {
            TypeKind::MemRef { memory_space, .. } | TypeKind::UnrankedMemRef { memory_space, .. } => (*memory_space)?,
            _ => return None,
        };
        AddressSpace::from_attr(ctx, space)
    }
}
