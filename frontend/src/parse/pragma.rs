//! `#pragma` lines: OpenACC directives with their clauses, and sharc's own pragmas.

use super::*;

/// Parses a pragma line (`#pragma ...`) at `span`.
pub fn parse_pragma(text: &str, span: Span) -> Result<Pragma, FrontError> {
    let line = &text[span.start..span.end];
    let body_at = line.find("pragma").map(|i| i + "pragma".len()).unwrap_or(line.len());
    let body = &line[body_at..];
    let lead = body.len() - body.trim_start().len();
    let body_start = span.start + body_at + lead;
    let body = body.trim_start().trim_end();
    let mut pairs = CGrammar::parse(Rule::pragma_text, body).map_err(|e| syntax_error(e, body_start))?;
    let top = pairs.next().expect("pragma_text matched");
    let Some(inner) = top.into_inner().next() else {
        return Ok(Pragma { kind: PragmaKind::Other, span });
    };
    let kind = match inner.as_rule() {
        Rule::scop => PragmaKind::Scop,
        Rule::endscop => PragmaKind::EndScop,
        Rule::acc_pragma => {
            let d = inner.into_inner().next().expect("acc pragma has a body");
            match d.as_rule() {
                Rule::acc_share => {
                    let b = d.into_inner().next().expect("share body");
                    let at = body_start + b.as_span().start();
                    let specs = sharc_dialects::sharc::share::parse_share_list(b.as_str()).map_err(|e| {
                        FrontError::new(Span { start: at + e.offset, end: at + e.offset + 1 }, e.message)
                    })?;
                    PragmaKind::Share(
                        specs
                            .into_iter()
                            .map(|mut s| {
                                s.offset += at;
                                for o in &mut s.dim_offsets {
                                    *o += at;
                                }
                                s
                            })
                            .collect(),
                    )
                }
                _ => PragmaKind::Acc(acc_directive(d, body_start)?),
            }
        }
        _ => PragmaKind::Other,
    };
    Ok(Pragma { kind, span })
}

fn acc_directive(pair: Pair<'_, Rule>, base: usize) -> Result<AccDirective, FrontError> {
    let mut construct = Construct::Other;
    let mut spelling = String::new();
    let mut clauses = Vec::new();
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::acc_construct => {
                spelling = p.as_str().split_whitespace().collect::<Vec<_>>().join(" ");
                construct = match spelling.as_str() {
                    "parallel" => Construct::Parallel,
                    "kernels" => Construct::Kernels,
                    "serial" => Construct::Serial,
                    "parallel loop" => Construct::ParallelLoop,
                    "kernels loop" => Construct::KernelsLoop,
                    "serial loop" => Construct::SerialLoop,
                    "loop" => Construct::Loop,
                    "data" => Construct::Data,
                    _ => Construct::Other,
                };
            }
            Rule::acc_clause => clauses.push(acc_clause(p, base, construct)?),
            _ => {}
        }
    }
    Ok(AccDirective { construct, spelling, clauses })
}

/// How a clause takes arguments.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Args {
    /// Never (`seq`).
    No,
    /// With or without (`async`, `gang(4)`).
    Optional,
    /// Always (`collapse(2)`, `copyin(A)`).
    Required,
}

/// What a clause means to sharc, before the construct and the spelling settle it.
#[derive(Clone, Copy)]
enum Treat {
    /// See [`ClauseEffect::Read`].
    Read,
    /// See [`ClauseEffect::Data`].
    Data,
    /// A level of parallelism: [`ClauseEffect::Read`] when bare, [`ClauseEffect::ReadAs`] with a
    /// size or a dimension.
    Level,
    /// `self`: a condition on a compute construct (ignored, as `if`), a data clause on `update`.
    SelfClause,
    /// See [`ClauseEffect::Ignored`].
    Ignored(&'static str),
}

/// One OpenACC clause: its name, how it takes arguments, whether it has the indexed form
/// `name[d]` of the suites written for dimensioned gangs, and what sharc does with it.
struct ClauseSpec {
    name: &'static str,
    args: Args,
    indexed: bool,
    treat: Treat,
}

const SYNC: &str = "sharc runs every construct to completion in program order, which changes no result";
const WAIT: &str = "sharc runs every construct to completion in program order: there is nothing to wait for";
const DEVICE_TYPE: &str = "sharc applies the clauses that follow to its one target, whatever device type they name";
const DEFAULT: &str = "on sharc's one memory every array is present";
const TILE: &str = "sharc chooses the tiles and the block shape of a parallel loop nest itself";
const GRID: &str = "sharc chooses the grid of a parallel loop nest itself";
const BLOCK: &str = "sharc chooses the block shape of a parallel loop nest itself";
const CONDITION: &str = "sharc runs the construct on the device whatever the condition, with the same result";
const DEVICE: &str = "sharc runs the program on one device";
const ROUTINE: &str = "sharc compiles a call to a function of the file as the function's body";

const fn spec(name: &'static str, args: Args, treat: Treat) -> ClauseSpec {
    ClauseSpec { name, args, indexed: false, treat }
}

const fn indexed(name: &'static str, args: Args, treat: Treat) -> ClauseSpec {
    ClauseSpec { name, args, indexed: true, treat }
}

/// The clauses of OpenACC 3.3 (§2.5-§2.16), with the 2.x aliases benchmark sources still use
/// (`pcopyin`, `present_or_copy`, `dtype`). A name outside the table is a located error: a
/// misspelled clause must not be ignored as if it were one sharc has no use for.
const CLAUSES: &[ClauseSpec] = &[
    spec("seq", Args::No, Treat::Read),
    spec("independent", Args::No, Treat::Read),
    spec("auto", Args::No, Treat::Read),
    spec("collapse", Args::Required, Treat::Read),
    spec("private", Args::Required, Treat::Read),
    spec("firstprivate", Args::Required, Treat::Read),
    spec("reduction", Args::Required, Treat::Read),
    indexed("gang", Args::Optional, Treat::Level),
    indexed("worker", Args::Optional, Treat::Level),
    indexed("vector", Args::Optional, Treat::Level),
    indexed("num_gangs", Args::Required, Treat::Ignored(GRID)),
    indexed("num_workers", Args::Required, Treat::Ignored(BLOCK)),
    indexed("vector_length", Args::Required, Treat::Ignored(BLOCK)),
    spec("tile", Args::Required, Treat::Ignored(TILE)),
    spec("async", Args::Optional, Treat::Ignored(SYNC)),
    spec("wait", Args::Optional, Treat::Ignored(WAIT)),
    spec("default_async", Args::Required, Treat::Ignored(SYNC)),
    spec("device_type", Args::Required, Treat::Ignored(DEVICE_TYPE)),
    spec("dtype", Args::Required, Treat::Ignored(DEVICE_TYPE)),
    spec("device_num", Args::Required, Treat::Ignored(DEVICE)),
    spec("default", Args::Required, Treat::Ignored(DEFAULT)),
    spec("if", Args::Required, Treat::Ignored(CONDITION)),
    spec("self", Args::Optional, Treat::SelfClause),
    spec("bind", Args::Required, Treat::Ignored(ROUTINE)),
    spec("nohost", Args::No, Treat::Ignored(ROUTINE)),
    spec("copy", Args::Required, Treat::Data),
    spec("copyin", Args::Required, Treat::Data),
    spec("copyout", Args::Required, Treat::Data),
    spec("create", Args::Required, Treat::Data),
    spec("no_create", Args::Required, Treat::Data),
    spec("present", Args::Required, Treat::Data),
    spec("deviceptr", Args::Required, Treat::Data),
    spec("attach", Args::Required, Treat::Data),
    spec("detach", Args::Required, Treat::Data),
    spec("delete", Args::Required, Treat::Data),
    spec("device_resident", Args::Required, Treat::Data),
    spec("link", Args::Required, Treat::Data),
    spec("use_device", Args::Required, Treat::Data),
    spec("host", Args::Required, Treat::Data),
    spec("device", Args::Required, Treat::Data),
    spec("if_present", Args::No, Treat::Data),
    spec("finalize", Args::No, Treat::Data),
    spec("pcopy", Args::Required, Treat::Data),
    spec("pcopyin", Args::Required, Treat::Data),
    spec("pcopyout", Args::Required, Treat::Data),
    spec("pcreate", Args::Required, Treat::Data),
    spec("present_or_copy", Args::Required, Treat::Data),
    spec("present_or_copyin", Args::Required, Treat::Data),
    spec("present_or_copyout", Args::Required, Treat::Data),
    spec("present_or_create", Args::Required, Treat::Data),
];

/// Checks one clause against [`CLAUSES`] and records what it means.
fn acc_clause(p: Pair<'_, Rule>, base: usize, construct: Construct) -> Result<AccClause, FrontError> {
    let span = span_of(&p, base);
    let mut name = String::new();
    let mut name_span = span;
    let mut index = None;
    let mut args = None;
    for q in p.into_inner() {
        match q.as_rule() {
            Rule::acc_word => {
                name = q.as_str().to_string();
                name_span = span_of(&q, base);
            }
            Rule::acc_index => index = Some(q),
            Rule::acc_clause_args => args = Some(q),
            _ => {}
        }
    }
    let Some(spec) = CLAUSES.iter().find(|c| c.name == name) else {
        let message = match closest_clause(&name) {
            Some(near) => format!("unknown OpenACC clause '{name}'; did you mean '{near}'?"),
            None => format!("unknown OpenACC clause '{name}'"),
        };
        return Err(FrontError::new(name_span, message));
    };
    let index = match index {
        None => None,
        Some(q) => Some(clause_index(q, base, spec)?),
    };
    let args = match args {
        None => None,
        Some(q) => Some(clause_args(q, base, &name)?),
    };
    match (spec.args, &args) {
        (Args::No, Some(_)) => {
            return Err(FrontError::new(span, format!("OpenACC clause '{name}' takes no argument")));
        }
        (Args::Required, None) => {
            return Err(FrontError::new(span, format!("OpenACC clause '{name}' takes an argument: {name}(...)")));
        }
        (Args::Required, Some(a)) if a.is_empty() => {
            return Err(FrontError::new(span, format!("OpenACC clause '{name}' takes an argument: {name}(...)")));
        }
        _ => {}
    }
    let effect = match spec.treat {
        Treat::Read => ClauseEffect::Read,
        Treat::Data => ClauseEffect::Data,
        Treat::Level if index.is_none() && args.is_none() => ClauseEffect::Read,
        Treat::Level => ClauseEffect::ReadAs(spec.name),
        Treat::SelfClause if construct.is_compute() => ClauseEffect::Ignored(CONDITION),
        Treat::SelfClause => ClauseEffect::Data,
        Treat::Ignored(why) => ClauseEffect::Ignored(why),
    };
    Ok(AccClause { name, index, args: args.unwrap_or_default(), effect, span })
}

/// The dimension `d` of `name[d]`: 0, 1 or 2, the dimensions of a GPU grid.
fn clause_index(q: Pair<'_, Rule>, base: usize, spec: &ClauseSpec) -> Result<u32, FrontError> {
    let open = span_of(&q, base);
    let open = Span { start: open.start, end: open.start + 1 };
    let mut body = None;
    for r in q.into_inner() {
        match r.as_rule() {
            Rule::acc_index_body => body = Some(r),
            Rule::acc_unclosed => {
                return Err(FrontError::new(open, format!("the '[' of OpenACC clause '{}' is not closed", spec.name)));
            }
            _ => {}
        }
    }
    if !spec.indexed {
        let with: Vec<&str> = CLAUSES.iter().filter(|c| c.indexed).map(|c| c.name).collect();
        let (last, rest) = with.split_last().expect("some clauses are indexed");
        return Err(FrontError::new(
            open,
            format!(
                "OpenACC clause '{}' has no indexed form: only {} and {last} take a dimension [d]",
                spec.name,
                rest.join(", ")
            ),
        ));
    }
    let Some(body) = body else {
        return Err(FrontError::new(open, format!("the index of OpenACC clause '{}[...]' is malformed", spec.name)));
    };
    let text = body.as_str().trim();
    let at = span_of(&body, base);
    // Point at the first character of the index, or at '[' when it is empty.
    let at = if text.is_empty() {
        open
    } else {
        let lead = body.as_str().len() - body.as_str().trim_start().len();
        Span { start: at.start + lead, end: at.start + lead + text.len() }
    };
    match text.parse::<u32>() {
        Ok(d) if d <= 2 => Ok(d),
        _ => Err(FrontError::new(
            at,
            format!(
                "the index of OpenACC clause '{}[{text}]' must be a grid dimension: the integer 0, 1 or 2",
                spec.name
            ),
        )),
    }
}

/// The arguments of `name(...)`, as written.
fn clause_args(q: Pair<'_, Rule>, base: usize, name: &str) -> Result<Vec<String>, FrontError> {
    let open = span_of(&q, base);
    let mut args = Vec::new();
    for r in q.into_inner() {
        match r.as_rule() {
            Rule::acc_args => args = r.into_inner().map(|x| x.as_str().trim().to_string()).collect(),
            Rule::acc_unclosed => {
                return Err(FrontError::new(
                    Span { start: open.start, end: open.start + 1 },
                    format!("the '(' of OpenACC clause '{name}' is not closed"),
                ));
            }
            _ => {}
        }
    }
    Ok(args)
}

/// The known clause nearest to a misspelled `name`, if one is within two edits.
fn closest_clause(name: &str) -> Option<&'static str> {
    CLAUSES
        .iter()
        .map(|c| (edit_distance(name, c.name), c.name))
        .filter(|&(d, _)| d <= 2)
        .min_by_key(|&(d, _)| d)
        .map(|(_, n)| n)
}

/// Levenshtein distance between two ASCII words.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, &x) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, &y) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(x != y)).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}
