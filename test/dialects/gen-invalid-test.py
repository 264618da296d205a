#!/usr/bin/env python3
"""Annotate an `invalid.mlir`-style test with upstream's exact diagnostics.

usage: gen-invalid-test.py SRC OUT

Every diagnostic that upstream `mlir-opt -split-input-file -verify-diagnostics`
reports as unexpected is inserted as `// expected-error @+N {{...}}` (or
expected-note / -warning) directly above the line it points at; existing
annotations and the RUN header are kept, so the tool is idempotent and can be
re-run after appending new, un-annotated `// -----` cases. Warns when a case
does not produce exactly one error. OUT is re-verified with mlir-opt.
env: LLVM_BIN (default /usr/lib/llvm-22/bin)
"""
import re, subprocess, sys, tempfile, os
MLIR_OPT = os.path.join(os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin"), "mlir-opt")
src, out = sys.argv[1], sys.argv[2]
lines = open(src).read().rstrip("\n").split("\n")
# drop an existing header (RUN line + blank line) so the tool is idempotent
while lines and (lines[0].startswith("// RUN:") or (lines[0] == "" and len(lines) > 1)):
    lines.pop(0)
with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
    f.write("\n".join(lines) + "\n"); tmp = f.name
res = subprocess.run([MLIR_OPT, "-split-input-file", "-verify-diagnostics", tmp], capture_output=True, text=True)
diags = {}  # line -> list of (kind, msg)
pat = re.compile(re.escape(tmp) + r":(\d+):(\d+): error: unexpected (error|note|warning|remark): (.*)$")
for l in res.stderr.split("\n"):
    m = pat.match(l)
    if m:
        ln, kind, msg = int(m.group(1)), m.group(3), m.group(4)
        assert "}}" not in msg and "{{" not in msg, msg
        diags.setdefault(ln, []).append((kind, msg))
    elif "unexpected" in l:
        sys.exit("unparsed diagnostic: " + l)
os.unlink(tmp)
# check one case per split: each chunk must have exactly one error
chunk_of, c = {}, 0
for i, l in enumerate(lines, 1):
    if l.strip() == "// -----": c += 1
    chunk_of[i] = c
errs_per_chunk = {}
for i, l in enumerate(lines, 1):
    if "expected-error" in l:
        errs_per_chunk[chunk_of[i]] = errs_per_chunk.get(chunk_of[i], 0) + 1
for ln, ds in diags.items():
    for k, _ in ds:
        if k == "error": errs_per_chunk[chunk_of[ln]] = errs_per_chunk.get(chunk_of[ln], 0) + 1
for ch in range(c + 1):
    n = errs_per_chunk.get(ch, 0)
    if n != 1:
        print(f"warning: case {ch} has {n} errors", file=sys.stderr)
outl = ["// RUN: sharc-opt %s -split-input-file -verify-diagnostics", ""]
for i, l in enumerate(lines, 1):
    ds = diags.get(i, [])
    ind = re.match(r"\s*", l).group(0)
    for j, (k, msg) in enumerate(ds):
        outl.append(f"{ind}// expected-{k} @+{len(ds) - j} {{{{{msg}}}}}")
    outl.append(l)
open(out, "w").write("\n".join(outl) + "\n")
r2 = subprocess.run([MLIR_OPT, "-split-input-file", "-verify-diagnostics", out], capture_output=True, text=True)
if r2.returncode:
    sys.stderr.write(r2.stderr); sys.exit(1)
print(f"{out}: {c + 1} cases, {sum(len(v) for v in diags.values())} diagnostics", file=sys.stderr)
