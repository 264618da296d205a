# usage: awk -v which=1|2 -f sector-prediction.awk KERNEL.remarks KERNEL.json
# Reads the partition search's `placement: plan taken: at n = N1 / N2: plan P1 / P2, ...` remark
# (the first of the remarks file) and sharc-run's --metrics=json lines of a run at n = N<which>;
# prints the kernel's predicted and simulated global sectors and fails (exit 1) when the
# prediction is more than 10% off the simulation.
FNR == 1 { file++ }
file == 1 && !seen && /placement: plan taken: at n = / {
  seen = 1
  line = $0
  sub(/.*at n = /, "", line)
  split(line, parts, /[^0-9]+/)
  # parts: N1, N2, P1, P2, B1, B2
  n = parts[which]; predicted = parts[2 + which]
}
file == 2 && match($0, /"kernel": "[^"]*"/) { kernel = substr($0, RSTART + 11, RLENGTH - 12) }
file == 2 && match($0, /"global_sectors": [0-9]+/) { simulated += substr($0, RSTART + 18, RLENGTH - 18) }
END {
  if (!seen) { print "no `placement: plan taken` remark"; exit 1 }
  err = (predicted - simulated) / simulated
  if (err < 0) err = -err
  printf "%s n=%d predicted %d simulated %d within 10%%: %s\n", kernel, n, predicted, simulated, err <= 0.10 ? "yes" : "NO"
  if (err > 0.10) exit 1
}
