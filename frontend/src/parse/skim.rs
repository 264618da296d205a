//! Skimming a translation unit: top-level items found without understanding them, and the
//! scalar types its typedefs name.

use super::*;

/// A top-level item of a translation unit.
#[derive(Clone, Debug)]
pub enum TopItem {
    /// A function definition.
    Function {
        /// The function's name.
        name: String,
        /// Where the name is.
        name_span: Span,
        /// The whole definition.
        span: Span,
    },
    /// A pragma outside functions.
    Pragma(Span),
}

/// Splits `text` into top-level items and collects its typedefs.
pub fn skim(text: &str) -> Result<(Vec<TopItem>, Typedefs), FrontError> {
    let unit = CGrammar::parse(Rule::translation_unit, text).map_err(|e| syntax_error(e, 0))?;
    let mut items = Vec::new();
    let mut typedefs = Typedefs::new();
    for pair in unit.flatten() {
        match pair.as_rule() {
            Rule::function_skim => {
                let span = span_of(&pair, 0);
                let Some(params) = pair.clone().into_inner().find(|p| p.as_rule() == Rule::fn_params) else {
                    continue;
                };
                let head = &text[span.start..params.as_span().start()];
                let trimmed = head.trim_end();
                let name_len = trimmed.bytes().rev().take_while(|b| b.is_ascii_alphanumeric() || *b == b'_').count();
                if name_len == 0 {
                    continue;
                }
                let name_start = span.start + trimmed.len() - name_len;
                let name = text[name_start..span.start + trimmed.len()].to_string();
                items.push(TopItem::Function {
                    name,
                    name_span: Span { start: name_start, end: name_start + name_len },
                    span,
                });
            }
            Rule::declaration_skim => record_typedef(pair.as_str(), &mut typedefs),
            // Only pragmas at the top level: the flattened walk also sees those in functions.
            Rule::pragma
                if items.iter().all(|i| match i {
                    TopItem::Function { span, .. } => !(span.start..span.end).contains(&pair.as_span().start()),
                    _ => true,
                }) =>
            {
                items.push(TopItem::Pragma(span_of(&pair, 0)));
            }
            _ => {}
        }
    }
    Ok((items, typedefs))
}

/// Records the name a `typedef` declaration introduces.
fn record_typedef(decl: &str, typedefs: &mut Typedefs) {
    let words: Vec<&str> =
        decl.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).collect();
    let Some(pos) = words.iter().position(|w| *w == "typedef") else { return };
    if words.first().is_some_and(|w| *w != "typedef" && *w != "__extension__") {
        return;
    }
    let rest = &words[pos + 1..];
    // `typedef float real;`: a scalar typedef.
    if let Some((name, spec)) = rest.split_last() {
        let plain = !decl.contains(['(', '[', '{', '*']);
        if plain {
            let ty = scalar_type(spec.iter().copied(), typedefs).unwrap_or_else(|| CType::Unsupported(spec.join(" ")));
            typedefs.insert(name.to_string(), ty);
            return;
        }
    }
    // Anything else (structs, function pointers, arrays) names a type sharc does not compile.
    let outside = strip_groups(decl);
    let name: Option<String> = match decl.find("(*") {
        Some(at) => decl[at + 2..]
            .trim_start()
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .next()
            .map(str::to_string),
        None => outside
            .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .find(|w| !w.is_empty() && !w.starts_with(|c: char| c.is_ascii_digit()))
            .map(str::to_string),
    };
    if let Some(name) = name.filter(|n| !n.is_empty()) {
        typedefs.insert(name.clone(), CType::Unsupported(format!("typedef '{name}'")));
    }
}

/// `decl` without the contents of `{}`, `[]` and `__attribute__((...))` groups.
fn strip_groups(decl: &str) -> String {
    let mut out = String::new();
    let mut depth = 0i32;
    let text = decl.replace("__attribute__", " ");
    for c in text.chars() {
        match c {
            '{' | '[' | '(' => depth += 1,
            '}' | ']' | ')' => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// The scalar type named by specifier words, if it is one sharc compiles.
pub(super) fn scalar_type<'a>(words: impl Iterator<Item = &'a str>, typedefs: &Typedefs) -> Option<CType> {
    let (mut longs, mut short, mut char_, mut int, mut float, mut double, mut void) =
        (0, false, false, false, false, false, false);
    let mut signed = None;
    let mut named: Option<CType> = None;
    let mut any = false;
    for w in words {
        any = true;
        match w {
            "long" => longs += 1,
            "short" => short = true,
            "char" => char_ = true,
            "int" => int = true,
            "float" => float = true,
            "double" => double = true,
            "void" => void = true,
            "signed" | "__signed__" | "__signed" => signed = Some(true),
            "unsigned" => signed = Some(false),
            "const" | "volatile" | "static" | "extern" | "register" | "auto" | "inline" | "__inline" | "__inline__"
            | "restrict" | "__restrict" | "__restrict__" | "__const" | "__extension__" => {}
            other => named = Some(typedefs.get(other)?.clone()),
        }
    }
    if !any {
        return None;
    }
    if let Some(t) = named {
        return Some(t);
    }
    if void {
        return Some(CType::Void);
    }
    if float {
        return Some(CType::Float(32));
    }
    if double {
        return Some(if longs > 0 { CType::Unsupported("long double".into()) } else { CType::Float(64) });
    }
    let bits = if char_ {
        8
    } else if short {
        16
    } else if longs > 0 {
        64
    } else {
        32
    };
    let _ = int;
    Some(CType::Int(IntTy { bits, signed: signed.unwrap_or(true) }))
}
