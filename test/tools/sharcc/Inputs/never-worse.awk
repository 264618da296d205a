# The first acceptance rule of issue 14, "never worse than the baseline", checked on sharc-run's
# metrics of one kernel compiled by sharcc with --no-shared (the baseline) and without it (the
# default pipeline). Read by the test/tools/sharcc/never-worse-*.c tests, which write one row per
# run, the baseline's row first:
#
#   kernel target size variant sectors
#
# size is the harness argument that names the size (`n=32`), variant is `baseline` or `default`,
# and sectors is the sum of `global_sectors` over the run's launches. Each (kernel, target, size)
# becomes one summary line with both numbers; a default that moves more sectors than the baseline
# is a `WORSE:` line and makes the check fail (exit 1) after every line is printed, so that the
# log lists every regression at once. A pair with a row missing, out of order or without a
# positive sector count is `BROKEN:` and fails too: a kernel that launched nothing, or whose
# metrics were not read, would otherwise pass without being measured.
NF != 5 || ($4 != "baseline" && $4 != "default") {
    print "BROKEN: malformed row: " $0
    bad++
    next
}
{
    key = $1 " " $2 " " $3
    if ($5 !~ /^[0-9]+$/ || $5 == 0) {
        print key ": BROKEN: " $4 " sectors '" $5 "' (no launch, or no metrics)"
        bad++
        if ($4 == "baseline") base[key] = ""
        else delete base[key]
        next
    }
    if ($4 == "baseline") {
        if (key in base) {
            print key ": BROKEN: two baseline rows"
            bad++
        }
        base[key] = $5
        order[++rows] = key
        next
    }
    if (!(key in base)) {
        print key ": BROKEN: default row without a baseline row before it"
        bad++
        next
    }
    b = base[key]
    delete base[key]
    if (b == "") next
    ratio = sprintf("%.2fx", $5 / b)
    if ($5 + 0 > b + 0) {
        print key ": WORSE: default " $5 " > baseline " b " sectors (" ratio ")"
        worse++
    } else {
        print key ": default " $5 " <= baseline " b " sectors (" ratio ")"
    }
}
END {
    for (i = 1; i <= rows; i++)
        if (order[i] in base) {
            print order[i] ": BROKEN: baseline row without a default row"
            bad++
        }
    if (worse + bad > 0) {
        printf "never-worse: %d case(s) where the default pipeline moves more global sectors than the baseline, %d broken\n", worse, bad > "/dev/stderr"
        exit 1
    }
}
