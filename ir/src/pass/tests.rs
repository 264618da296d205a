//! The option declarations, the option parser and the pipeline parser's located errors, on a
//! toy pass with one option of each kind.

use super::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Order {
    Pre,
    Post,
}

impl OptionEnum for Order {
    const CHOICES: &'static [(&'static str, Order)] = &[("pre", Order::Pre), ("post", Order::Post)];
}

fn gpus() -> Vec<&'static str> {
    vec!["a100", "h100"]
}

static TOP_DOWN: PassOption<bool> = PassOption::bool("top-down", true, "Top down");
static LIMIT: PassOption<i64> = PassOption::int("limit", 10, "Limit").at_least(-1);
static SIZES: PassOption<Vec<i64>> = PassOption::int_list("sizes", &[], "Sizes").at_least(1);
static LABEL: PassOption<String> = PassOption::string("label", "", "Label");
static ORDER: PassOption<Order> = PassOption::enumeration("order", "pre", "Order");
static GPU: PassOption<String> = PassOption::choice(
    "gpu",
    "a100",
    Choices {
        names: gpus,
        other: Some(OtherValues { what: "a .gpu file", placeholder: "FILE.gpu", accepts: |v| v.ends_with(".gpu") }),
    },
    "GPU",
);
/// Declared by no pass: reading it is a bug.
static STRAY: PassOption<bool> = PassOption::bool("stray", false, "Not declared");

struct Nop;
impl Pass for Nop {
    fn run(&mut self, _: &mut Context, _: OpId, _: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        Ok(())
    }
}
fn create(o: &PassOptions) -> Box<dyn Pass> {
    let _ = (o.get(&TOP_DOWN), o.get(&LIMIT), o.get(&SIZES), o.get(&LABEL), o.get(&ORDER), o.get(&GPU));
    Box::new(Nop)
}
static TOY: PassInfo = PassInfo {
    name: "toy",
    title: "Toy",
    summary: "",
    description: "",
    anchor: Some("func.func"),
    options: &[&TOP_DOWN.spec, &LIMIT.spec, &SIZES.spec, &LABEL.spec, &ORDER.spec, &GPU.spec],
    create,
};
static PLAIN: PassInfo =
    PassInfo { name: "plain", title: "Plain", summary: "", description: "", anchor: None, options: &[], create };

fn registry() -> PassRegistry {
    let mut r = PassRegistry::default();
    r.register(&TOY);
    r.register(&PLAIN);
    r
}

fn parse(text: &str) -> Result<PassOptions, PipelineError> {
    PassOptions::parse(text, &TOY)
}

fn error(text: &str) -> (usize, String) {
    let e = parse(text).expect_err(text);
    (e.offset, e.to_string())
}

#[test]
fn defaults_are_typed_values() {
    let o = PassOptions::defaults(&TOY);
    assert!(o.get(&TOP_DOWN));
    assert_eq!(o.get(&LIMIT), 10);
    assert_eq!(o.get(&SIZES), Vec::<i64>::new());
    assert_eq!(o.get(&LABEL), "");
    assert_eq!(o.get(&ORDER), Order::Pre);
    assert_eq!(o.get(&GPU), "a100");
    assert_eq!(o.render(), "gpu=a100 label= limit=10 order=pre sizes= top-down=true");
}

#[test]
fn values_of_every_kind_parse() {
    let o = parse("top-down=false limit=-1 sizes=32,8 label=x order=post gpu=h100").unwrap();
    assert!(!o.get(&TOP_DOWN));
    assert_eq!(o.get(&LIMIT), -1);
    assert_eq!(o.get(&SIZES), vec![32, 8]);
    assert_eq!(o.get(&LABEL), "x");
    assert_eq!(o.get(&ORDER), Order::Post);
    assert_eq!(o.get(&GPU), "h100");
    // A boolean alone means true, `0`/`1` are booleans, a later value wins, other values pass
    // the choice's own check.
    let o = parse("top-down=0 top-down limit=3 limit=4 gpu=my.gpu").unwrap();
    assert!(o.get(&TOP_DOWN));
    assert_eq!(o.get(&LIMIT), 4);
    assert_eq!(o.get(&GPU), "my.gpu");
}

#[test]
fn unknown_options_list_the_valid_ones() {
    assert_eq!(
        error("limit=1  limt=2"),
        (9, "no such option 'limt' for pass 'toy' (valid options: top-down, limit, sizes, label, order, gpu)".into())
    );
    let e = PassOptions::parse("x=1", &PLAIN).unwrap_err();
    assert_eq!(e.to_string(), "no such option 'x' for pass 'plain' (the pass has no options)");
}

#[test]
fn ill_typed_values_say_what_is_expected() {
    let bad = |what: &str| format!("invalid value {what}");
    assert_eq!(
        error("top-down=maybe"),
        (9, bad("'maybe' for option 'top-down' of pass 'toy': expected true or false"))
    );
    assert_eq!(error("limit=abc"), (6, bad("'abc' for option 'limit' of pass 'toy': expected an integer >= -1")));
    assert_eq!(error("limit=-2"), (6, bad("'-2' for option 'limit' of pass 'toy': expected an integer >= -1")));
    assert_eq!(error("limit=1.5"), (6, bad("'1.5' for option 'limit' of pass 'toy': expected an integer >= -1")));
    let sizes = "for option 'sizes' of pass 'toy': expected a comma-separated list of positive integers";
    assert_eq!(error("sizes=4,0"), (6, bad(&format!("'4,0' {sizes}"))));
    assert_eq!(error("sizes=4,,2"), (6, bad(&format!("'4,,2' {sizes}"))));
    assert_eq!(error("order=in"), (6, bad("'in' for option 'order' of pass 'toy': expected one of pre, post")));
    assert_eq!(
        error("gpu=a10"),
        (4, bad("'a10' for option 'gpu' of pass 'toy': expected one of a100, h100, or a .gpu file"))
    );
    assert_eq!(
        error("limit"),
        (5, "option 'limit' of pass 'toy' needs a value: expected an integer >= -1".to_string())
    );
}

#[test]
fn kinds_describe_their_values() {
    let int = |min| OptionKind::Int { min }.expected();
    assert_eq!(int(i64::MIN), "an integer");
    assert_eq!(int(0), "a non-negative integer");
    assert_eq!(int(1), "a positive integer");
    assert_eq!(OptionKind::IntList { min: i64::MIN }.expected(), "a comma-separated list of integers");
    assert!(OptionKind::IntList { min: 1 }.accepts(""), "an empty list is no list");
    assert!(!OptionKind::Int { min: i64::MIN }.accepts("99999999999999999999"), "out of i64");
}

#[test]
fn the_constructor_reads_every_declared_option() {
    let o = PassOptions::defaults(&TOY);
    assert_eq!(o.unread().len(), TOY.options.len());
    let _ = (TOY.create)(&o);
    assert!(o.unread().is_empty(), "{:?}", o.unread());
}

#[test]
#[should_panic(expected = "pass 'toy' reads option 'stray', which its PassInfo does not declare")]
fn reading_an_undeclared_option_is_a_bug() {
    PassOptions::defaults(&TOY).get(&STRAY);
}

fn pipeline_error(text: &str) -> (usize, String) {
    match PassManager::parse(text, &registry()) {
        Ok(_) => panic!("{text} parsed"),
        Err(e) => (e.offset, e.to_string()),
    }
}

#[test]
fn pipeline_errors_are_located() {
    let opts = "builtin.module(func.func(toy{limit=1 sizes=8,x}))";
    let (at, msg) = pipeline_error(opts);
    assert_eq!(&opts[at..at + 5], "8,x})");
    assert!(msg.starts_with("invalid value '8,x' for option 'sizes'"), "{msg}");
    let (at, msg) = pipeline_error("builtin.module(func.func(toy{lmit=1}))");
    assert_eq!((at, msg.split(" (").next().unwrap_or("")), (29, "no such option 'lmit' for pass 'toy'"));
    assert_eq!(
        pipeline_error("builtin.module(plain, nope)"),
        (22, "'nope' does not refer to a registered pass or pass pipeline".into())
    );
    assert_eq!(pipeline_error("builtin.module(toy)").0, 15);
    assert_eq!(pipeline_error("builtin.module(plain{").1, "missing closing '}' while processing pass options");
    assert_eq!(pipeline_error("builtin.module(").1, "expected a pass or op name");
    assert_eq!(pipeline_error("builtin.module(plain) x"), (22, "unexpected text after the pipeline: 'x'".into()));
}

#[test]
fn rendered_errors_show_the_text_and_a_caret() {
    let text = "builtin.module(func.func(toy{limit=no}))";
    let e = PassManager::parse(text, &registry()).err().expect("an error");
    assert_eq!(
        e.render(PIPELINE_SOURCE, text),
        "MLIR Textual PassPipeline Parser:1:36: error: invalid value 'no' for option 'limit' of pass 'toy': \
         expected an integer >= -1\nbuiltin.module(func.func(toy{limit=no}))\n                                   ^\n"
    );
}

#[test]
fn valid_pipelines_render_with_every_option() {
    let pm = PassManager::parse("builtin.module(func.func(toy{limit=3}), plain)", &registry()).unwrap();
    assert_eq!(
        pm.render(),
        "builtin.module(func.func(toy{gpu=a100 label= limit=3 order=pre sizes= top-down=true}), plain)"
    );
}

#[test]
fn quoted_values_hold_whitespace_and_braces() {
    // A string option may hold a whole pipeline (`upstream{pipeline="..."}`): inside double
    // quotes, whitespace does not end the option and braces do not end the pass.
    let text = r#"builtin.module(func.func(toy{label="a(b{c=1}, d)" limit=2}), plain)"#;
    let pm = PassManager::parse(text, &registry()).unwrap();
    let PipelineElement::Nested { pipeline, .. } = &pm.pipeline[0] else { panic!("not nested") };
    let PipelineElement::Pass { options, .. } = &pipeline[0] else { panic!("not a pass") };
    assert_eq!(options.get(&LABEL), "a(b{c=1}, d)");
    assert_eq!(options.get(&LIMIT), 2);
    // Rendered in quotes again, so that the rendered pipeline parses to the same one.
    let rendered = pm.render();
    assert_eq!(
        rendered,
        r#"builtin.module(func.func(toy{gpu=a100 label="a(b{c=1}, d)" limit=2 order=pre sizes= top-down=true}), plain)"#
    );
    assert_eq!(PassManager::parse(&rendered, &registry()).unwrap().render(), rendered);
    // A quoted value that is not of the option's type is located inside the quotes.
    assert_eq!(
        error(r#"limit="x""#),
        (7, "invalid value 'x' for option 'limit' of pass 'toy': expected an integer >= -1".into())
    );
    assert_eq!(pipeline_error(r#"builtin.module(plain{x="}")"#).1, "missing closing '}' while processing pass options");
}
