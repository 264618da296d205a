//! Checks over every registered pass's options: each pass's constructor reads exactly the options
//! its `PassInfo` declares (with the defaults and with each option set), every default is a value
//! of its option's type, and a misspelled option or an ill-typed value is rejected, located, in
//! a pipeline as on a pass flag.

use sharc_ir::pass::{
    OptionDefault, OptionKind, PassInfo, PassManager, PassOptionSpec, PassOptions, PipelineErrorKind,
};

fn passes() -> Vec<&'static PassInfo> {
    crate::registry().all()
}

/// The pipeline that runs `info` with `options`, nested under its anchor.
fn pipeline(info: &PassInfo, options: &str) -> String {
    let pass = format!("{}{{{options}}}", info.name);
    match info.anchor {
        Some(a) if a != sharc_ir::symbol::MODULE_OP => format!("builtin.module({a}({pass}))"),
        _ => format!("builtin.module({pass})"),
    }
}

/// Instantiates `info` with `options` and returns the declared options its constructor did not
/// read. A constructor that reads an undeclared option panics inside `PassOptions::get`, naming
/// the pass and the option.
fn unread_by_create(info: &PassInfo, options: &PassOptions) -> Vec<&'static str> {
    let _pass = (info.create)(options);
    options.unread()
}

/// A valid value other than the default, if the type has one.
fn other_value(spec: &PassOptionSpec) -> String {
    match (spec.kind, spec.default) {
        (OptionKind::Bool, OptionDefault::Bool(b)) => (!b).to_string(),
        (OptionKind::Int { .. }, OptionDefault::Int(v)) => v.saturating_add(1).to_string(),
        (OptionKind::IntList { min }, _) => format!("{},{}", min.max(1), min.max(1) + 1),
        (OptionKind::Str, _) => "other".to_string(),
        (OptionKind::Enum(c), d) => {
            let d = d.to_string();
            (c.names)().into_iter().find(|n| *n != d).unwrap_or(&d).to_string()
        }
        (kind, default) => panic!("option '{}': kind {kind:?} with default {default:?}", spec.name),
    }
}

/// Values that are not of the option's type.
fn ill_typed_values(kind: OptionKind) -> Vec<String> {
    match kind {
        OptionKind::Bool => vec!["maybe".into(), "2".into()],
        OptionKind::Int { min } => {
            let mut v = vec!["abc".to_string(), "1.5".to_string()];
            if min > i64::MIN {
                v.push((min - 1).to_string());
            }
            v
        }
        OptionKind::IntList { min } => {
            let mut v = vec!["1,x".to_string(), "1,,2".to_string()];
            if min > i64::MIN {
                v.push(format!("{},{}", min.max(1), min - 1));
            }
            v
        }
        OptionKind::Str => Vec::new(),
        OptionKind::Enum(_) => vec!["no-such-choice".into()],
    }
}

#[test]
fn every_pass_reads_exactly_its_declared_options() {
    for info in passes() {
        let mut names: Vec<&str> = info.options.iter().map(|s| s.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), info.options.len(), "pass '{}' declares an option twice", info.name);
        for spec in info.options {
            let default = spec.default.to_string();
            assert!(spec.kind.accepts(&default), "'{}' default '{default}' is no {}", spec.name, spec.kind.expected());
        }
        let unread = unread_by_create(info, &PassOptions::defaults(info));
        assert!(unread.is_empty(), "pass '{}' declares options its constructor never reads: {unread:?}", info.name);
    }
}

#[test]
fn every_option_can_be_set() {
    for info in passes() {
        for spec in info.options {
            let text = format!("{}={}", spec.name, other_value(spec));
            let options = PassOptions::parse(&text, info).unwrap_or_else(|e| panic!("{}: {text}: {e}", info.name));
            assert!(unread_by_create(info, &options).is_empty(), "{}: {text}", info.name);
            let pipeline = pipeline(info, &text);
            PassManager::parse(&pipeline, &crate::registry()).unwrap_or_else(|e| panic!("{pipeline}: {e}"));
        }
    }
}

#[test]
fn misspelled_options_are_rejected_with_the_valid_ones() {
    let registry = crate::registry();
    for info in passes() {
        let declared: Vec<&str> = info.options.iter().map(|s| s.name).collect();
        // Each option without its last letter, or a made-up one for a pass without options.
        let mut wrong: Vec<String> = declared.iter().map(|n| n[..n.len() - 1].to_string()).collect();
        wrong.push("no-such-option".to_string());
        for w in wrong {
            let text = format!("{w}=1");
            let e = PassOptions::parse(&text, info).expect_err(&text);
            assert_eq!(e.offset, 0);
            assert_eq!(
                e.kind,
                PipelineErrorKind::UnknownOption { pass: info.name, option: w.clone(), valid: declared.clone() }
            );
            let pipeline = pipeline(info, &text);
            let e = PassManager::parse(&pipeline, &registry).err().unwrap_or_else(|| panic!("{pipeline} parsed"));
            assert!(matches!(e.kind, PipelineErrorKind::UnknownOption { .. }), "{pipeline}: {e}");
            assert_eq!(&pipeline[e.offset..e.offset + w.len()], w, "{pipeline}: the error points at the option");
        }
    }
}

#[test]
fn ill_typed_values_are_rejected_with_the_expected_type() {
    let registry = crate::registry();
    for info in passes() {
        for spec in info.options {
            for value in ill_typed_values(spec.kind) {
                let text = format!("{}={value}", spec.name);
                let e = PassOptions::parse(&text, info).expect_err(&text);
                let expected = PipelineErrorKind::InvalidValue {
                    pass: info.name,
                    option: spec.name,
                    value: value.clone(),
                    expected: spec.kind.expected(),
                };
                assert_eq!((e.offset, e.kind), (spec.name.len() + 1, expected), "{}: {text}", info.name);
                let pipeline = pipeline(info, &text);
                let e = PassManager::parse(&pipeline, &registry).err().unwrap_or_else(|| panic!("{pipeline} parsed"));
                assert_eq!(&pipeline[e.offset..e.offset + value.len()], value, "{pipeline}");
            }
            if !matches!(spec.kind, OptionKind::Bool) {
                let e = PassOptions::parse(spec.name, info).expect_err(spec.name);
                assert!(matches!(e.kind, PipelineErrorKind::MissingValue { .. }), "{}: {e}", info.name);
            }
        }
    }
}
