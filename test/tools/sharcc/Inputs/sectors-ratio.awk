# Default-pipeline global sectors against the baseline's (--no-shared), per kernel and size, on
# one target. Read by test/tools/sharcc/two-tiles.c, which writes one row per run:
#
#   kernel target n=N variant sectors
#
# with variant `default` or `no-shared`. Each (kernel, n) of `target` (and of size `n`, when the
# variable `n` is set, e.g. `-v n=64`) whose two rows are present
# becomes one line: both numbers, the ratio, and `<= at_most` when it holds or `BROKEN: ... >
# at_most` when it does not, so that a FileCheck of the line fails on a broken one. A kernel
# whose default row is missing is BROKEN too (a run that printed nothing must not pass).
$2 == target && (n == "" || $3 == "n=" n) {
    key = $1 " " $2 " " $3
    if (!(key in seen)) { order[++count] = key; seen[key] = 1 }
    if ($4 == "default") def[key] = $5
    if ($4 == "no-shared") base[key] = $5
}
END {
    for (i = 1; i <= count; i++) {
        key = order[i]
        if (!(key in def) || !(key in base) || base[key] + 0 == 0) {
            print key ": BROKEN: missing or empty rows"
            continue
        }
        ratio = def[key] / base[key]
        verdict = ratio <= at_most + 0 ? sprintf("<= %s", at_most) : sprintf("BROKEN: > %s", at_most)
        printf "%s: default %d baseline %d: ratio %.4f %s\n", key, def[key], base[key], ratio, verdict
    }
}
