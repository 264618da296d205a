//! What the runner needs to know of a PTX module without a driver: its target (`.target sm_90`)
//! and each kernel's entry with the sizes of its parameters, so a trace can be checked against
//! the PTX (`--dry-run`) and a launch never hands the driver fewer argument bytes than a kernel
//! reads.

/// A kernel entry of a PTX module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The kernel's symbol.
    pub name: String,
    /// The byte size of each parameter, in order.
    pub params: Vec<u32>,
}

/// The parts of a PTX module the runner uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PtxInfo {
    /// The SM version of `.target sm_NN` (90 for `sm_90`, `sm_90a` included).
    pub sm: u32,
    /// The `.entry` functions.
    pub entries: Vec<Entry>,
}

impl PtxInfo {
    /// The entry named `name`.
    pub fn entry(&self, name: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.name == name)
    }
}

/// Parses the target and the kernel entries of PTX text.
pub fn parse(text: &str) -> Result<PtxInfo, String> {
    let sm = text
        .lines()
        .find_map(|l| l.trim().strip_prefix(".target"))
        .and_then(|t| t.split(|c: char| c == ',' || c.is_whitespace()).find_map(|w| w.strip_prefix("sm_")))
        .and_then(|v| v.trim_end_matches(|c: char| c.is_ascii_alphabetic()).parse::<u32>().ok())
        .ok_or("no '.target sm_NN' line: not PTX for an NVIDIA GPU")?;
    let mut entries = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(".entry") {
        let after = &rest[at + ".entry".len()..];
        let open = after.find('(').ok_or("an '.entry' without a parameter list")?;
        let name = after[..open].trim().to_string();
        if name.is_empty() || name.contains(char::is_whitespace) {
            return Err(format!("malformed '.entry {}'", after[..open].trim()));
        }
        let close =
            after[open..].find(')').ok_or_else(|| format!("the parameter list of .entry {name} is not closed"))?;
        let list = &after[open + 1..open + close];
        let params = list
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(|p| param_size(p).ok_or_else(|| format!("cannot read parameter '{p}' of .entry {name}")))
            .collect::<Result<_, _>>()?;
        entries.push(Entry { name, params });
        rest = &after[open + close..];
    }
    Ok(PtxInfo { sm, entries })
}

/// The byte size of one `.param` declaration: `.param .u64 .ptr .global .align 1 k_param_0`,
/// `.param .f32 k_param_1`, `.param .align 8 .b8 k_param_2[16]`.
fn param_size(decl: &str) -> Option<u32> {
    let mut words = decl.split_whitespace();
    if words.next()? != ".param" {
        return None;
    }
    let words: Vec<&str> = words.collect();
    let ty = words.iter().find_map(|w| {
        let w = w.strip_prefix('.')?;
        let bits = w.strip_prefix(['b', 'u', 's', 'f'])?.parse::<u32>().ok()?;
        Some(bits / 8)
    })?;
    let name = words.last()?;
    match name.split_once('[') {
        Some((_, n)) => n.strip_suffix(']')?.parse::<u32>().ok().map(|n| n * ty),
        None => Some(ty),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_and_target() {
        let ptx = "//\n.version 8.0\n.target sm_90a\n.address_size 64\n\n\t// .globl\tk\n\
                   .visible .entry k(\n\t.param .u64 .ptr .global .align 1 k_param_0,\n\t.param .f32 k_param_1,\n\
                   \t.param .align 8 .b8 k_param_2[16]\n)\n{\n\tret;\n}\n.visible .entry empty()\n{\n\tret;\n}\n";
        let info = parse(ptx).expect("parses");
        assert_eq!(info.sm, 90);
        assert_eq!(info.entry("k").map(|e| e.params.clone()), Some(vec![8, 4, 16]));
        assert_eq!(info.entry("empty").map(|e| e.params.len()), Some(0));
        assert!(parse(".version 8.0\n").is_err());
        assert!(parse(".target sm_80\n.entry k(.param .u64 a").is_err());
    }
}
