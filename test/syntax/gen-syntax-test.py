#!/usr/bin/env python3
"""Generate the location CHECKs of a malformed-IR test in test/syntax/.

usage: gen-syntax-test.py SRC OUTDIR

SRC is a test whose RUN line is
  // RUN: not sharc-opt %s [FLAGS] 2>&1 | FileCheck %s --strict-whitespace
and which contains either a `// @CHECKS` marker line or a previously generated
CHECK block (which is replaced, so the tool is idempotent). For every error,
and every note except upstream's incidental "see current operation" /
"Available dialects" notes, that upstream mlir-opt reports, it emits
  // CHECK: {{.*}}NAME.mlir:LINE:COL: error:
  // CHECK-NEXT: {{^}}<echoed source line>{{$}}
  // CHECK-NEXT: {{^}}<caret line>{{$}}
(the last two only when upstream prints them), writes OUTDIR/NAME and checks
it with upstream mlir-opt + FileCheck. Only locations are checked, never
message texts. env: LLVM_BIN (default /usr/lib/llvm-22/bin)
"""
import os, re, subprocess, sys
LLVM_BIN = os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin")
MLIR_OPT = os.path.join(LLVM_BIN, "mlir-opt")
src, outdir = sys.argv[1], sys.argv[2]
name = os.path.basename(src)
out = os.path.join(outdir, name)
text = open(src).read()
if "// @CHECKS\n" not in text:
    # re-generation: replace the previously generated block of location CHECKs
    ls = text.split("\n")
    idx = [i for i, l in enumerate(ls)
           if l.startswith("// CHECK: {{.*}}" + name + ":") or l.startswith("// CHECK-NEXT: {{^}}")]
    assert idx and idx == list(range(idx[0], idx[-1] + 1)), "no contiguous generated CHECK block"
    ls[idx[0]:idx[-1] + 1] = ["// @CHECKS"]
    text = "\n".join(ls)
run = re.search(r"^// RUN: not sharc-opt %s(.*?) 2>&1 \| FileCheck %s --strict-whitespace$", text, re.M)
assert run, "bad RUN line"
flags = run.group(1).split()

def fc(s):
    o, i = [], 0
    while i < len(s):
        if s[i:i+2] in ("[[", "{{"):
            o.append("{{\\" + s[i] + "\\" + s[i+1] + "}}"); i += 2
        else:
            o.append(s[i]); i += 1
    return "".join(o)

def render(checks):
    return text.replace("// @CHECKS\n", "".join(c + "\n" for c in checks))

checks = ["// placeholder"]
for _ in range(4):
    open(out, "w").write(render(checks))
    r = subprocess.run([MLIR_OPT] + flags + [out], capture_output=True, text=True, errors="surrogateescape")
    assert r.returncode != 0, "expected failure"
    lines = r.stderr.split("\n")
    loc = re.compile(re.escape(out) + r":(\d+):(\d+): (error|note|warning): (.*)$")
    new, i = [], 0
    while i < len(lines):
        m = loc.match(lines[i])
        if not m:
            i += 1; continue
        kind, msg = m.group(3), m.group(4)
        cont = []
        j = i + 1
        while j < len(lines) and not loc.match(lines[j]) and lines[j] != "// -----" and lines[j] != "":
            cont.append(lines[j]); j += 1
        i = j
        if msg.startswith("see current operation") or msg.startswith("Available dialects"):
            continue
        new.append(f"// CHECK: {{{{.*}}}}{name}:{m.group(1)}:{m.group(2)}: {kind}:")
        for c in cont[:2]:
            new.append("// CHECK-NEXT: {{^}}" + fc(c) + "{{$}}")
    if new == checks:
        break
    checks = new
else:
    sys.exit("did not converge")
open(out, "w").write(render(checks))
r = subprocess.run(["bash", "-o", "pipefail", "-c",
                    f"{LLVM_BIN}/not {MLIR_OPT} {' '.join(flags)} {out} 2>&1 | {LLVM_BIN}/FileCheck {out} --strict-whitespace"],
                   capture_output=True, text=True)
if r.returncode:
    sys.stderr.write(r.stdout + r.stderr); sys.exit(1)
print(f"{out}: {sum(1 for c in checks if c.startswith('// CHECK:'))} located diagnostics", file=sys.stderr)
