//! `-split-input-file`: a file cut at lines `// -----` into independent chunks.

/// A chunk of a split file: its text padded with empty lines so that line numbers in
/// diagnostics are those of the whole file, as mlir-opt reports them.
#[derive(Debug, Clone)]
pub struct Chunk {
    /// The padded text.
    pub text: String,
    /// 1-based line where the chunk starts in the file.
    pub first_line: usize,
}

/// Splits `text` at lines consisting of `// -----` (surrounding whitespace allowed).
pub fn split_input(text: &str) -> Vec<Chunk> {
    let mut chunks = Vec::new();
    let mut current = String::new();
    let mut first_line = 1;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if line.trim() == "// -----" {
            chunks.push(Chunk { text: std::mem::take(&mut current), first_line });
            first_line = i + 2;
            current = "\n".repeat(i + 1);
            continue;
        }
        current.push_str(line);
    }
    chunks.push(Chunk { text: current, first_line });
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_keep_line_numbers() {
        let c = split_input("a\n// -----\nb\n  // -----  \nc");
        assert_eq!(c.len(), 3);
        assert_eq!(c[1].text, "\n\nb\n");
        assert_eq!(c[2].text.lines().nth(4), Some("c"));
        assert_eq!(c[2].first_line, 5);
    }
}
