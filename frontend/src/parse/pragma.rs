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
                _ => PragmaKind::Acc(acc_directive(d, body_start)),
            }
        }
        _ => PragmaKind::Other,
    };
    Ok(Pragma { kind, span })
}

fn acc_directive(pair: Pair<'_, Rule>, base: usize) -> AccDirective {
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
            Rule::acc_clause => {
                let span = span_of(&p, base);
                let mut inner = p.into_inner();
                let name = inner.next().map(|w| w.as_str().to_string()).unwrap_or_default();
                let args = inner
                    .next()
                    .map(|a| a.into_inner().map(|x| x.as_str().trim().to_string()).collect())
                    .unwrap_or_default();
                clauses.push(AccClause { name, args, span });
            }
            _ => {}
        }
    }
    AccDirective { construct, spelling, clauses }
}
