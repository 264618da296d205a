//! Attributes: compile-time constant data attached to operations.
//!
//! Attributes are uniqued in the [`Context`] like types. Floats are stored as the bits of their `f64`
//! value (every f16/bf16/f32 value is exact in f64), which keeps attributes hashable.
//! Attributes of dialects sharc does not model structurally (`#arith.overflow<nsw>`, `#gpu<dim x>`)
//! are kept as [`AttrKind::Opaque`] text and read by the owning dialect's accessors.

use crate::affine::{AffineMap, IntegerSet};
use crate::context::Context;
use crate::types::Type;

/// A uniqued attribute.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Attr(pub(crate) u32);

/// A named attribute in an op's attribute dictionary or properties.
pub type NamedAttr = (String, Attr);

/// The elements of a `dense<...>` attribute.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum DenseData {
    /// Integer (and `i1`) elements, sign- or zero-extended per the element type.
    Int(Vec<i128>),
    /// Float elements as `f64` bits (complex elements as (re, im) pairs).
    Float(Vec<u64>),
    /// String elements (`dense<["a", "bc"]>`).
    Bytes(Vec<Vec<u8>>),
}

impl DenseData {
    /// Number of stored elements (1 for a splat).
    pub fn len(&self) -> usize {
        match self {
            DenseData::Int(v) => v.len(),
            DenseData::Float(v) => v.len(),
            DenseData::Bytes(v) => v.len(),
        }
    }

    /// Whether no element is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The structure of an attribute.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AttrKind {
    /// `unit`: presence is the information.
    Unit,
    /// `true` / `false`.
    Bool(bool),
    /// `42 : i32`. The value is sign-extended for signless and signed types, zero-extended for
    /// unsigned ones.
    Integer {
        /// The value.
        value: i128,
        /// An integer or index type.
        ty: Type,
    },
    /// `1.5 : f32`.
    Float {
        /// `f64::to_bits` of the value.
        bits: u64,
        /// A float type.
        ty: Type,
    },
    /// `"text"`: bytes, as MLIR strings may hold any (`"\FF"`); usually UTF-8.
    String(Vec<u8>),
    /// A type used as an attribute (`function_type = (i32) -> ()`).
    Type(Type),
    /// `[a, b]`.
    Array(Vec<Attr>),
    /// `{a = 1, b}`, sorted by name.
    Dictionary(Vec<NamedAttr>),
    /// `@root::@nested`.
    SymbolRef {
        /// The root symbol.
        root: String,
        /// Nested references.
        nested: Vec<String>,
    },
    /// `affine_map<(d0) -> (d0)>`.
    AffineMap(AffineMap),
    /// `affine_set<(d0) : (d0 >= 0)>`.
    IntegerSet(IntegerSet),
    /// `dense<[1, 2]> : vector<2xi32>`.
    DenseElements {
        /// A shaped (vector or tensor) type.
        ty: Type,
        /// The elements; a single element is a splat.
        data: DenseData,
    },
    /// `array<i64: 1, 2>`.
    DenseArray {
        /// The element type (integer, `i1` or float).
        elem: Type,
        /// Integer values, or float values as `f64` bits.
        values: DenseData,
    },
    /// `strided<[1, ?], offset: ?>`.
    Strided {
        /// Offset, [`DYNAMIC`](crate::types::DYNAMIC) for `?`.
        offset: i64,
        /// Strides, `DYNAMIC` for `?`.
        strides: Vec<i64>,
    },
    /// An attribute of a dialect sharc keeps as text: `#dialect.body` or `#dialect<body>`.
    Opaque {
        /// The dialect namespace.
        dialect: String,
        /// Everything after the namespace, as written (`.overflow<nsw>`, `<dim x>`).
        body: String,
    },
}

impl Context {
    /// Uniques an attribute.
    pub fn attr(&mut self, kind: AttrKind) -> Attr {
        let (index, _) = self.attrs.insert_full(kind);
        Attr(index as u32)
    }

    /// Whether any affine map or integer set attribute exists (the printer's alias pass is
    /// needed only then).
    pub fn has_affine_attrs(&self) -> bool {
        self.attrs.iter().any(|a| matches!(a, AttrKind::AffineMap(_) | AttrKind::IntegerSet(_)))
    }

    /// The structure of an attribute.
    #[inline]
    pub fn attr_kind(&self, attr: Attr) -> &AttrKind {
        self.attrs.get_index(attr.0 as usize).expect("attribute ids come from this context")
    }

    /// `unit`.
    pub fn unit_attr(&mut self) -> Attr {
        self.attr(AttrKind::Unit)
    }

    /// `true`/`false`.
    pub fn bool_attr(&mut self, value: bool) -> Attr {
        self.attr(AttrKind::Bool(value))
    }

    /// An integer attribute of type `ty`.
    /// `i1` values become [`AttrKind::Bool`], as MLIR's `BoolAttr` is an `i1` integer attribute.
    pub fn int_attr(&mut self, ty: Type, value: i128) -> Attr {
        if self.is_signless_int(ty, 1) {
            return self.attr(AttrKind::Bool(value != 0));
        }
        self.attr(AttrKind::Integer { value, ty })
    }

    /// An `index` attribute.
    pub fn index_attr(&mut self, value: i64) -> Attr {
        let ty = self.index_type();
        self.int_attr(ty, value as i128)
    }

    /// An `i64` attribute.
    pub fn i64_attr(&mut self, value: i64) -> Attr {
        let ty = self.i64();
        self.int_attr(ty, value as i128)
    }

    /// A float attribute of type `ty`.
    pub fn float_attr(&mut self, ty: Type, value: f64) -> Attr {
        self.attr(AttrKind::Float { bits: value.to_bits(), ty })
    }

    /// A string attribute.
    pub fn string_attr(&mut self, s: impl Into<String>) -> Attr {
        self.attr(AttrKind::String(s.into().into_bytes()))
    }

    /// A string attribute of arbitrary bytes.
    pub fn bytes_attr(&mut self, bytes: Vec<u8>) -> Attr {
        self.attr(AttrKind::String(bytes))
    }

    /// The bytes of a string attribute.
    pub fn attr_bytes(&self, attr: Attr) -> Option<&[u8]> {
        match self.attr_kind(attr) {
            AttrKind::String(s) => Some(s),
            _ => None,
        }
    }

    /// A type attribute.
    pub fn type_attr(&mut self, ty: Type) -> Attr {
        self.attr(AttrKind::Type(ty))
    }

    /// An array attribute.
    pub fn array_attr(&mut self, elems: Vec<Attr>) -> Attr {
        self.attr(AttrKind::Array(elems))
    }

    /// A dictionary attribute; entries are sorted by name.
    pub fn dict_attr(&mut self, mut entries: Vec<NamedAttr>) -> Attr {
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        self.attr(AttrKind::Dictionary(entries))
    }

    /// A flat symbol reference `@name`.
    pub fn symbol_ref_attr(&mut self, name: impl Into<String>) -> Attr {
        self.attr(AttrKind::SymbolRef { root: name.into(), nested: Vec::new() })
    }

    /// An affine map attribute.
    pub fn affine_map_attr(&mut self, map: AffineMap) -> Attr {
        self.attr(AttrKind::AffineMap(map))
    }

    /// An integer set attribute.
    pub fn integer_set_attr(&mut self, set: IntegerSet) -> Attr {
        self.attr(AttrKind::IntegerSet(set))
    }

    /// `array<i32: ...>`.
    pub fn dense_i32_array(&mut self, values: &[i32]) -> Attr {
        let elem = self.i32();
        let values = DenseData::Int(values.iter().map(|&v| v as i128).collect());
        self.attr(AttrKind::DenseArray { elem, values })
    }

    /// `array<i64: ...>`.
    pub fn dense_i64_array(&mut self, values: &[i64]) -> Attr {
        let elem = self.i64();
        let values = DenseData::Int(values.iter().map(|&v| v as i128).collect());
        self.attr(AttrKind::DenseArray { elem, values })
    }

    /// An opaque dialect attribute `#dialect<body>` / `#dialect.body`.
    pub fn opaque_attr(&mut self, dialect: &str, body: &str) -> Attr {
        self.attr(AttrKind::Opaque { dialect: dialect.to_string(), body: body.to_string() })
    }

    /// The value of an integer attribute.
    pub fn attr_int(&self, attr: Attr) -> Option<i128> {
        match self.attr_kind(attr) {
            AttrKind::Integer { value, .. } => Some(*value),
            AttrKind::Bool(b) => Some(*b as i128),
            _ => None,
        }
    }

    /// The value of a float attribute.
    pub fn attr_float(&self, attr: Attr) -> Option<f64> {
        match self.attr_kind(attr) {
            AttrKind::Float { bits, .. } => Some(f64::from_bits(*bits)),
            _ => None,
        }
    }

    /// The text of a string attribute.
    pub fn attr_str(&self, attr: Attr) -> Option<&str> {
        match self.attr_kind(attr) {
            AttrKind::String(s) => std::str::from_utf8(s).ok(),
            _ => None,
        }
    }

    /// The type held by a type attribute.
    pub fn attr_type(&self, attr: Attr) -> Option<Type> {
        match self.attr_kind(attr) {
            AttrKind::Type(t) => Some(*t),
            _ => None,
        }
    }

    /// The map held by an affine map attribute.
    pub fn attr_affine_map(&self, attr: Attr) -> Option<&AffineMap> {
        match self.attr_kind(attr) {
            AttrKind::AffineMap(m) => Some(m),
            _ => None,
        }
    }

    /// The set held by an integer set attribute.
    pub fn attr_integer_set(&self, attr: Attr) -> Option<&IntegerSet> {
        match self.attr_kind(attr) {
            AttrKind::IntegerSet(s) => Some(s),
            _ => None,
        }
    }

    /// The elements of an array attribute.
    pub fn attr_array(&self, attr: Attr) -> Option<&[Attr]> {
        match self.attr_kind(attr) {
            AttrKind::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The entries of a dictionary attribute.
    pub fn attr_dict(&self, attr: Attr) -> Option<&[NamedAttr]> {
        match self.attr_kind(attr) {
            AttrKind::Dictionary(d) => Some(d),
            _ => None,
        }
    }

    /// The root name of a symbol reference.
    pub fn attr_symbol(&self, attr: Attr) -> Option<&str> {
        match self.attr_kind(attr) {
            AttrKind::SymbolRef { root, .. } => Some(root),
            _ => None,
        }
    }

    /// The integer values of a dense array (`array<i32: 1, 2>`).
    pub fn attr_dense_ints(&self, attr: Attr) -> Option<&[i128]> {
        match self.attr_kind(attr) {
            AttrKind::DenseArray { values: DenseData::Int(v), .. } => Some(v),
            _ => None,
        }
    }

    /// The body of an opaque attribute of `dialect` (`.overflow<nsw>` for `#arith.overflow<nsw>`).
    pub fn attr_opaque_body(&self, attr: Attr, dialect: &str) -> Option<&str> {
        match self.attr_kind(attr) {
            AttrKind::Opaque { dialect: d, body } if d == dialect => Some(body),
            _ => None,
        }
    }
}
