# The invariants of sharc-ilp (issue 13, "Acceptance"), checked on sharc-run's metrics of one kernel
# compiled by sharcc at --ilp=off and at --ilp=N. Read by the test/tools/sharcc/ilp-*.c tests, which
# write one row per run:
#
#   kernel target n=N variant mode factor barriers load_req store_req sectors shared_loads
#   shared_stores grid_x grid_y block_x block_y
#
# variant is `shared` (the default pipeline) or `no-shared`; mode is `off`, `cyclic` or `blocked`.
# Every row of a (kernel, target, n, variant) follows its `off` row and is compared with it. Each
# row becomes one summary line: the numbers, and for a replicated kernel `invariants hold` or
# `BROKEN:` with the invariants that do not, so that a FileCheck of the line fails on a broken one.
#
# - Every mode: the global requests are unchanged or lower, and the global sectors unchanged, or
#   lower only together with the load requests: only loads the replicas share and that are emitted
#   once (hoisted) may disappear, with the sectors they requested (the baseline gemm's B[k][j], seed
#   000's design study §2.5: 41472 -> 16896 at f = 4); x is never replicated, so block x is unchanged.
# - Cyclic (seed 000's Algorithm 1), and blocked on a band that stages buffers (the pass keeps the
#   tile there): the tile is kept, so the grid is unchanged and block y is divided by the factor;
#   the barriers and the copies are block-wide ops, never replicated: the `barriers` metric and the
#   shared store requests are unchanged.
# - Blocked on a band that stages nothing (seed 001's thread merge): the block is kept and the
#   tile grows by the factor, so grid y becomes ceil(grid_y / factor).
{
    key = $1 " " $2 " " $3 " " $4
    name = $1 " " $2 " " $3 ($4 == "shared" ? "" : " " $4)
    numbers = "barriers " $7 " requests " $8 " " $9 " sectors " $10 " shared " $11 " " $12 \
        " grid " $13 "x" $14 " block " $15 "x" $16
    if ($5 == "off") {
        for (i = 7; i <= 16; i++) ref[key, i] = $i
        seen[key] = 1
        print name " off: " numbers
        next
    }
    if (!(key in seen)) {
        print name " " $5 " " $6 ": BROKEN: no --ilp=off row before it"
        next
    }
    f = $6
    bad = ""
    if ($10 > ref[key, 10] || ($10 < ref[key, 10] && $8 >= ref[key, 8])) bad = bad " sectors"
    if ($8 > ref[key, 8]) bad = bad " load-requests"
    if ($9 > ref[key, 9]) bad = bad " store-requests"
    if ($15 != ref[key, 15]) bad = bad " block-x"
    if ($5 == "cyclic" || $4 == "shared") {
        if ($16 * f != ref[key, 16]) bad = bad " block-y"
        if ($13 != ref[key, 13] || $14 != ref[key, 14]) bad = bad " grid"
        if ($7 != ref[key, 7]) bad = bad " barriers"
        if ($12 != ref[key, 12]) bad = bad " shared-stores"
    } else {
        if ($16 != ref[key, 16]) bad = bad " block-y"
        if ($13 != ref[key, 13] || $14 != int((ref[key, 14] + f - 1) / f)) bad = bad " grid"
    }
    print name " " $5 " " f ": " (bad == "" ? "invariants hold" : "BROKEN:" bad) "; " numbers
}
