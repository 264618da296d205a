//! Pass options: each declared once, as a typed handle, and read through that handle.
//!
//! A pass declares every option as a `static` [`PassOption<T>`] (name, type, default, help) and
//! lists the handles' specs in its [`PassInfo`]; `--help`, the docs and the option parser read
//! that list, and the pass's constructor reads values with [`PassOptions::get`], whose result
//! has the option's type. There are no string keys at the reading end, so a misspelled name
//! cannot silently read an empty default: reading a handle the `PassInfo` does not list is a bug
//! that `get` reports at once (the passes crate's tests instantiate every registered pass, so such
//! a bug never reaches a user), and [`PassOptions::unread`] finds declared options that the
//! constructor never reads.
//!
//! ```
//! use sharc_ir::pass::{Pass, PassInfo, PassOption, PassOptions};
//! use sharc_ir::{Context, Diagnostic, OpId};
//!
//! static FACTOR: PassOption<i64> = PassOption::int("factor", 4, "Unroll factor").at_least(1);
//! static INFO: PassInfo = PassInfo {
//!     name: "toy-unroll",
//!     title: "ToyUnroll",
//!     summary: "Unroll",
//!     description: "",
//!     anchor: None,
//!     options: &[&FACTOR.spec],
//!     create,
//! };
//! struct Unroll(i64);
//! impl Pass for Unroll {
//!     fn run(&mut self, _: &mut Context, _: OpId, _: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
//!         Ok(())
//!     }
//! }
//! fn create(options: &PassOptions) -> Box<dyn Pass> {
//!     Box::new(Unroll(options.get(&FACTOR)))
//! }
//!
//! let options = PassOptions::parse("factor=8", &INFO).unwrap();
//! assert_eq!(options.get(&FACTOR), 8);
//! let err = PassOptions::parse("factr=8", &INFO).unwrap_err();
//! assert_eq!(err.to_string(), "no such option 'factr' for pass 'toy-unroll' (valid options: factor)");
//! let err = PassOptions::parse("factor=0", &INFO).unwrap_err();
//! assert_eq!((err.offset, err.to_string().as_str()),
//!     (7, "invalid value '0' for option 'factor' of pass 'toy-unroll': expected a positive integer"));
//! ```

use super::error::{PipelineError, PipelineErrorKind};
use super::PassInfo;
use std::cell::Cell;
use std::fmt;
use std::marker::PhantomData;

/// What values an option takes.
#[derive(Clone, Copy, Debug)]
pub enum OptionKind {
    /// `true` or `false` (also `1`/`0`); the name alone means `true`.
    Bool,
    /// An integer no smaller than `min`.
    Int {
        /// The smallest accepted value.
        min: i64,
    },
    /// A comma-separated list of integers, each no smaller than `min`; empty for none.
    IntList {
        /// The smallest accepted element.
        min: i64,
    },
    /// Any text; a value with whitespace or braces is written in double quotes
    /// (`pipeline="builtin.module(a, b)"`), which are not part of the value.
    Str,
    /// One of a list of words (or another value the [`Choices`] accept).
    Enum(Choices),
}

/// The values of an [`OptionKind::Enum`] option.
#[derive(Clone, Copy, Debug)]
pub struct Choices {
    /// The words, in the order help lists them. A function, so that the list can come from data
    /// the declaring crate owns (the shipped targets), which this crate does not know.
    pub names: fn() -> Vec<&'static str>,
    /// Values accepted besides the words (a target description's path), if any.
    pub other: Option<OtherValues>,
}

/// Values an enumerated option accepts besides its words.
#[derive(Clone, Copy, Debug)]
pub struct OtherValues {
    /// How messages and docs name them: `the path of a target .toml file`.
    pub what: &'static str,
    /// The placeholder `--help` shows for them: `FILE.toml`.
    pub placeholder: &'static str,
    /// Whether a value is one of them.
    pub accepts: fn(&str) -> bool,
}

impl OptionKind {
    /// Whether `text` is a value of this kind.
    pub fn accepts(&self, text: &str) -> bool {
        match self {
            OptionKind::Bool => bool::from_text(text).is_some(),
            OptionKind::Int { min } => i64::from_text(text).is_some_and(|v| v >= *min),
            OptionKind::IntList { min } => Vec::<i64>::from_text(text).is_some_and(|vs| vs.iter().all(|v| v >= min)),
            OptionKind::Str => true,
            OptionKind::Enum(c) => (c.names)().contains(&text) || c.other.is_some_and(|o| (o.accepts)(text)),
        }
    }

    /// What a value must be, as messages say it: `a positive integer`, `one of a, b, or c`.
    pub fn expected(&self) -> String {
        match self {
            OptionKind::Bool => "true or false".to_string(),
            OptionKind::Int { min: 0 | 1 } => format!("a {}", self.noun()),
            OptionKind::Int { .. } => format!("an {}", self.noun()),
            OptionKind::IntList { .. } => format!("a comma-separated {}", self.noun()),
            OptionKind::Str => "a string".to_string(),
            OptionKind::Enum(_) => self.noun(),
        }
    }

    /// The type as help and docs name it: `bool`, `integer >= -1`, `list of positive integers`,
    /// `one of a, b, or c`.
    pub fn noun(&self) -> String {
        let integer = |min: i64, noun: &str| match min {
            i64::MIN => noun.to_string(),
            0 => format!("non-negative {noun}"),
            1 => format!("positive {noun}"),
            m => format!("{noun} >= {m}"),
        };
        match self {
            OptionKind::Bool => "bool".to_string(),
            OptionKind::Int { min } => integer(*min, "integer"),
            OptionKind::IntList { min } => format!("list of {}", integer(*min, "integers")),
            OptionKind::Str => "string".to_string(),
            OptionKind::Enum(c) => match c.other {
                Some(o) => format!("one of {}, or {}", (c.names)().join(", "), o.what),
                None => format!("one of {}", (c.names)().join(", ")),
            },
        }
    }
}

/// An option's default.
#[derive(Clone, Copy, Debug)]
pub enum OptionDefault {
    /// Of a [`OptionKind::Bool`] option.
    Bool(bool),
    /// Of an [`OptionKind::Int`] option.
    Int(i64),
    /// Of an [`OptionKind::IntList`] option.
    IntList(&'static [i64]),
    /// Of a string or enumerated option.
    Text(&'static str),
}

impl fmt::Display for OptionDefault {
    /// The default as option text (what the parser would accept).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionDefault::Bool(b) => write!(f, "{b}"),
            OptionDefault::Int(v) => write!(f, "{v}"),
            OptionDefault::IntList(vs) => f.write_str(&vs.iter().map(i64::to_string).collect::<Vec<_>>().join(",")),
            OptionDefault::Text(t) => f.write_str(t),
        }
    }
}

/// The untyped declaration of an option: what `--help`, the docs and the parser read. Made by
/// the [`PassOption`] constructors, listed in [`PassInfo::options`].
#[derive(Debug)]
pub struct PassOptionSpec {
    /// CLI name (`max-iterations`).
    pub name: &'static str,
    /// Type.
    pub kind: OptionKind,
    /// Default.
    pub default: OptionDefault,
    /// Help text (one line, no final period).
    pub help: &'static str,
}

/// A typed option handle: declared once as a `static`, listed in the pass's [`PassInfo`] as
/// `&HANDLE.spec`, read with [`PassOptions::get`].
#[derive(Debug)]
pub struct PassOption<T> {
    /// The declaration.
    pub spec: PassOptionSpec,
    value: PhantomData<fn() -> T>,
}

impl<T> PassOption<T> {
    const fn new(name: &'static str, kind: OptionKind, default: OptionDefault, help: &'static str) -> Self {
        PassOption { spec: PassOptionSpec { name, kind, default, help }, value: PhantomData }
    }
}

impl PassOption<bool> {
    /// A boolean option.
    pub const fn bool(name: &'static str, default: bool, help: &'static str) -> Self {
        Self::new(name, OptionKind::Bool, OptionDefault::Bool(default), help)
    }
}

impl PassOption<i64> {
    /// An integer option (any `i64` until [`at_least`](Self::at_least)).
    pub const fn int(name: &'static str, default: i64, help: &'static str) -> Self {
        Self::new(name, OptionKind::Int { min: i64::MIN }, OptionDefault::Int(default), help)
    }

    /// Rejects values below `min` (`-1` where `-1` means "no limit", `1` for sizes).
    pub const fn at_least(mut self, min: i64) -> Self {
        let OptionDefault::Int(d) = self.spec.default else { unreachable!() };
        assert!(d >= min, "the default is below the minimum");
        self.spec.kind = OptionKind::Int { min };
        self
    }
}

impl PassOption<Vec<i64>> {
    /// A list-of-integers option (`sizes=32,8`; any `i64` elements until
    /// [`at_least`](Self::at_least)).
    pub const fn int_list(name: &'static str, default: &'static [i64], help: &'static str) -> Self {
        Self::new(name, OptionKind::IntList { min: i64::MIN }, OptionDefault::IntList(default), help)
    }

    /// Rejects elements below `min`.
    pub const fn at_least(mut self, min: i64) -> Self {
        let OptionDefault::IntList(d) = self.spec.default else { unreachable!() };
        let mut i = 0;
        while i < d.len() {
            assert!(d[i] >= min, "a default element is below the minimum");
            i += 1;
        }
        self.spec.kind = OptionKind::IntList { min };
        self
    }
}

impl PassOption<String> {
    /// A free-text option.
    pub const fn string(name: &'static str, default: &'static str, help: &'static str) -> Self {
        Self::new(name, OptionKind::Str, OptionDefault::Text(default), help)
    }

    /// An option whose words are known only at run time (the shipped targets), read as text.
    /// The default must be one of them (the passes crate's tests check it).
    pub const fn choice(name: &'static str, default: &'static str, choices: Choices, help: &'static str) -> Self {
        Self::new(name, OptionKind::Enum(choices), OptionDefault::Text(default), help)
    }
}

/// A Rust enum an option selects among: its spellings and values.
pub trait OptionEnum: Copy + 'static {
    /// Every spelling with its value, in the order help lists them.
    const CHOICES: &'static [(&'static str, Self)];
}

fn enum_names<E: OptionEnum>() -> Vec<&'static str> {
    E::CHOICES.iter().map(|c| c.0).collect()
}

impl<E: OptionEnum> PassOption<E> {
    /// An option that selects one of `E`'s values by its spelling; a default that is no
    /// spelling of `E` does not compile.
    pub const fn enumeration(name: &'static str, default: &'static str, help: &'static str) -> Self {
        let mut i = 0;
        while i < E::CHOICES.len() && !const_str_eq(E::CHOICES[i].0, default) {
            i += 1;
        }
        assert!(i < E::CHOICES.len(), "the default is not one of the choices");
        let choices = Choices { names: enum_names::<E>, other: None };
        Self::new(name, OptionKind::Enum(choices), OptionDefault::Text(default), help)
    }
}

const fn const_str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// A Rust type an option's text converts to.
pub trait OptionValue: Sized {
    /// The value of `text`, or `None` if it is not one.
    fn from_text(text: &str) -> Option<Self>;
}

impl OptionValue for bool {
    fn from_text(text: &str) -> Option<bool> {
        match text {
            "true" | "1" => Some(true),
            "false" | "0" => Some(false),
            _ => None,
        }
    }
}

impl OptionValue for i64 {
    fn from_text(text: &str) -> Option<i64> {
        text.parse().ok()
    }
}

impl OptionValue for Vec<i64> {
    fn from_text(text: &str) -> Option<Vec<i64>> {
        if text.is_empty() {
            return Some(Vec::new());
        }
        text.split(',').map(|x| x.parse().ok()).collect()
    }
}

impl OptionValue for String {
    fn from_text(text: &str) -> Option<String> {
        Some(text.to_string())
    }
}

impl<E: OptionEnum> OptionValue for E {
    fn from_text(text: &str) -> Option<E> {
        E::CHOICES.iter().find(|c| c.0 == text).map(|c| c.1)
    }
}

/// A pass's option values, checked against its declaration, with the defaults filled in.
#[derive(Debug, Clone)]
pub struct PassOptions {
    pass: &'static str,
    specs: &'static [&'static PassOptionSpec],
    /// The text of each option, in `specs` order.
    values: Vec<String>,
    /// Which options [`get`](Self::get) has read, in `specs` order.
    read: Vec<Cell<bool>>,
}

impl PassOptions {
    /// Every option at its default.
    pub fn defaults(info: &PassInfo) -> PassOptions {
        PassOptions {
            pass: info.name,
            specs: info.options,
            values: info.options.iter().map(|s| s.default.to_string()).collect(),
            read: info.options.iter().map(|_| Cell::new(false)).collect(),
        }
    }

    /// Parses `k=v k2=v2` (whitespace-separated: commas belong to lists; a boolean option alone
    /// means true; a later value wins). Errors are located by byte offset in `text`.
    pub fn parse(text: &str, info: &PassInfo) -> Result<PassOptions, PipelineError> {
        let mut options = PassOptions::defaults(info);
        for (at, item) in words(text) {
            let (key, value) = match item.split_once('=') {
                Some((k, v)) => (k, Some(unquote(at + k.len() + 1, v))),
                None => (item, None),
            };
            let Some(i) = info.options.iter().position(|s| s.name == key) else {
                let valid = info.options.iter().map(|s| s.name).collect();
                let kind = PipelineErrorKind::UnknownOption { pass: info.name, option: key.to_string(), valid };
                return Err(PipelineError { offset: at, kind });
            };
            let spec = info.options[i];
            let value = match (value, spec.kind) {
                (Some((_, v)), kind) if kind.accepts(v) => v,
                (Some((value_at, v)), kind) => {
                    let kind = PipelineErrorKind::InvalidValue {
                        pass: info.name,
                        option: spec.name,
                        value: v.to_string(),
                        expected: kind.expected(),
                    };
                    return Err(PipelineError { offset: value_at, kind });
                }
                (None, OptionKind::Bool) => "true",
                (None, kind) => {
                    let kind = PipelineErrorKind::MissingValue {
                        pass: info.name,
                        option: spec.name,
                        expected: kind.expected(),
                    };
                    return Err(PipelineError { offset: at + key.len(), kind });
                }
            };
            options.values[i] = value.to_string();
        }
        Ok(options)
    }

    /// The value of `option`, which must be one of the pass's declared options.
    ///
    /// # Panics
    /// If the pass's [`PassInfo`] does not list `option` (a bug in the pass, which the passes
    /// crate's tests catch for every registered pass), or if a declared default is not a value
    /// of its kind (a `choice` default outside the choices; checked by the same tests).
    pub fn get<T: OptionValue>(&self, option: &PassOption<T>) -> T {
        let name = option.spec.name;
        let Some(i) = self.specs.iter().position(|s| s.name == name) else {
            panic!("pass '{}' reads option '{name}', which its PassInfo does not declare", self.pass)
        };
        self.read[i].set(true);
        T::from_text(&self.values[i]).unwrap_or_else(|| {
            panic!(
                "option '{name}' of pass '{}' holds '{}', which is not a value of its type",
                self.pass, self.values[i]
            )
        })
    }

    /// The declared options [`get`](Self::get) has not read (for tests: a pass's constructor
    /// reads every option it declares).
    pub fn unread(&self) -> Vec<&'static str> {
        self.specs.iter().zip(&self.read).filter(|(_, r)| !r.get()).map(|(s, _)| s.name).collect()
    }

    /// `k=v ...` as printed in pipelines: every option, sorted by name.
    pub fn render(&self) -> String {
        let mut items: Vec<(&str, &str)> =
            self.specs.iter().zip(&self.values).map(|(s, v)| (s.name, v.as_str())).collect();
        items.sort_unstable();
        items.iter().map(|(k, v)| format!("{k}={}", quoted_if_needed(v))).collect::<Vec<_>>().join(" ")
    }
}

/// A value as written in an option text: in double quotes when it holds whitespace or braces,
/// which would otherwise end the option or the pass.
fn quoted_if_needed(value: &str) -> String {
    match value.contains(|c: char| c.is_whitespace() || "{}".contains(c)) {
        true => format!("\"{value}\""),
        false => value.to_string(),
    }
}

/// A value at byte offset `at` without its enclosing double quotes, if it has them (the offset
/// then moves past the opening quote, so that errors point into the value).
fn unquote(at: usize, value: &str) -> (usize, &str) {
    match value.strip_prefix('"').and_then(|v| v.strip_suffix('"')) {
        Some(inner) => (at + 1, inner),
        None => (at, value),
    }
}

/// The whitespace-separated words of `text`, with their byte offsets; whitespace inside
/// double quotes belongs to its word.
fn words(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    let mut quoted = false;
    for (i, c) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
        if c == '"' {
            quoted = !quoted;
        }
        match (start, c.is_whitespace() && (!quoted || i == text.len())) {
            (None, false) => start = Some(i),
            (Some(s), true) => {
                out.push((s, &text[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    out
}
