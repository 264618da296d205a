//! String escapes as MLIR prints and reads them: `\\` and `\XX` hex on output; also `\"`,
//! `\n`, `\t` on input.

use std::fmt;

/// Writes `s` with MLIR's escapes (without the surrounding quotes).
pub fn write_escaped_str(f: &mut impl fmt::Write, s: &str) -> fmt::Result {
    write_escaped_bytes(f, s.as_bytes())
}

/// Writes bytes with MLIR's escapes (without the surrounding quotes).
pub fn write_escaped_bytes(f: &mut impl fmt::Write, bytes: &[u8]) -> fmt::Result {
    for &b in bytes {
        match b {
            b'\\' => f.write_str("\\\\")?,
            // MLIR's printEscapedString: printable ASCII but '"' as is, the rest as hex.
            0x20..=0x7e if b != b'"' => f.write_char(b as char)?,
            _ => write!(f, "\\{b:02X}")?,
        }
    }
    Ok(())
}

/// Decodes the body of a string literal (between the quotes) that must be UTF-8 (names).
/// Returns the byte offset of a bad escape on error.
pub fn unescape(body: &str) -> Result<String, usize> {
    String::from_utf8(unescape_bytes(body)?).map_err(|e| e.utf8_error().valid_up_to())
}

/// Decodes the body of a string literal into bytes. Returns the byte offset of a bad escape on
/// error.
pub fn unescape_bytes(body: &str) -> Result<Vec<u8>, usize> {
    let bytes = body.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b != b'\\' {
            out.push(b);
            i += 1;
            continue;
        }
        let Some(&next) = bytes.get(i + 1) else { return Err(i) };
        match next {
            b'"' | b'\\' => out.push(next),
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            _ => {
                let hex = body.get(i + 1..i + 3).ok_or(i)?;
                let v = u8::from_str_radix(hex, 16).map_err(|_| i)?;
                out.push(v);
                i += 3;
                continue;
            }
        }
        i += 2;
    }
    Ok(out)
}
