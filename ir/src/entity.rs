//! Typed ids of IR entities.
//!
//! IR entities are addressed by `u32` indices into the arenas of a [`Context`](crate::Context).
//! Indices instead of references let passes hold on to ops and values while mutating the IR, and
//! make ids `Copy`, hashable and ordered (deterministic iteration in analyses).

macro_rules! entity {
    ($(#[$doc:meta])* $name:ident, $prefix:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub(crate) u32);

        impl $name {
            /// The raw arena index (stable for the lifetime of the context).
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}

entity!(
    /// An operation.
    OpId,
    "op"
);
entity!(
    /// A basic block.
    BlockId,
    "block"
);
entity!(
    /// A region: a list of blocks owned by an operation.
    RegionId,
    "region"
);
entity!(
    /// An SSA value: an op result or a block argument.
    Value,
    "v"
);
