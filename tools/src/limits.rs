//! Resource limits of `sharc-run`: the memory cap (`--max-memory`) and its default, derived from
//! the machine so that a run stops with a clear error well before the kernel of the operating
//! system kills it for want of memory.

/// The default memory cap when the machine's memory cannot be read: 1 GiB.
pub const FALLBACK_MEMORY_LIMIT: u64 = 1 << 30;

/// The share of physical memory the default cap allows, as a divisor: a quarter. The cap bounds
/// the simulated buffers; `sharc-run` also holds the entry's input arrays and reads its outputs
/// back (at most twice the arguments' bytes more), so a run stays within about three quarters
/// of physical memory even when its arguments fill the cap.
const SHARE_OF_PHYSICAL: u64 = 4;

/// Parses a byte count: a decimal number with an optional binary suffix `K`, `M`, `G` or `T`
/// (powers of 1024, case-insensitive, optionally followed by `B` or `iB`): `4G`, `512M`,
/// `65536`, `1GiB`. Zero and counts that overflow 64 bits are errors.
pub fn parse_bytes(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (number, suffix) = t.split_at(digits);
    let shift = match suffix.to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        _ => return Err(format!("'{text}' is not a byte count (a number with an optional K, M, G or T suffix)")),
    };
    let n: u64 = number
        .parse()
        .map_err(|_| format!("'{text}' is not a byte count (a number with an optional K, M, G or T suffix)"))?;
    let bytes = n.checked_mul(1u64 << shift).ok_or_else(|| format!("'{text}' overflows 64 bits"))?;
    if bytes == 0 {
        return Err("the memory cap must be at least one byte".to_string());
    }
    Ok(bytes)
}

/// The default memory cap of this machine: a quarter of `MemTotal` in `/proc/meminfo`, or
/// [`FALLBACK_MEMORY_LIMIT`] where that cannot be read.
pub fn default_memory_limit() -> u64 {
    memory_limit_from(std::fs::read_to_string("/proc/meminfo").ok().as_deref())
}

/// The default cap given the text of `/proc/meminfo` (`None`: unreadable).
fn memory_limit_from(meminfo: Option<&str>) -> u64 {
    let total_kib = meminfo.and_then(|text| {
        let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
        let mut words = line.split_whitespace().skip(1);
        let n: u64 = words.next()?.parse().ok()?;
        (words.next() == Some("kB")).then_some(n)
    });
    match total_kib.and_then(|k| k.checked_mul(1024)) {
        Some(bytes) if bytes >= SHARE_OF_PHYSICAL => bytes / SHARE_OF_PHYSICAL,
        _ => FALLBACK_MEMORY_LIMIT,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_counts_take_binary_suffixes() {
        assert_eq!(parse_bytes("65536"), Ok(65536));
        assert_eq!(parse_bytes("4G"), Ok(4 << 30));
        assert_eq!(parse_bytes("512m"), Ok(512 << 20));
        assert_eq!(parse_bytes("1GiB"), Ok(1 << 30));
        assert_eq!(parse_bytes("2kb"), Ok(2048));
        assert_eq!(parse_bytes("1T"), Ok(1 << 40));
        assert!(parse_bytes("0").is_err());
        assert!(parse_bytes("4X").is_err());
        assert!(parse_bytes("G").is_err());
        assert!(parse_bytes("-1").is_err());
        assert!(parse_bytes("1.5G").is_err());
        assert!(parse_bytes("99999999999T").unwrap_err().contains("overflows"));
    }

    #[test]
    fn the_default_is_a_quarter_of_physical_memory() {
        let meminfo = "MemTotal:       24000000 kB\nMemFree:         1000 kB\n";
        assert_eq!(memory_limit_from(Some(meminfo)), 24_000_000 * 1024 / 4);
        assert_eq!(memory_limit_from(None), FALLBACK_MEMORY_LIMIT);
        assert_eq!(memory_limit_from(Some("MemFree: 12 kB\n")), FALLBACK_MEMORY_LIMIT);
        assert_eq!(memory_limit_from(Some("MemTotal: lots\n")), FALLBACK_MEMORY_LIMIT);
    }
}
