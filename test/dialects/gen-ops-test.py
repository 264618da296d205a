#!/usr/bin/env python3
"""Canonicalize an `ops.mlir`-style round-trip test and regenerate its CHECKs.

usage: gen-ops-test.py SRC OUT [EXTRA_MLIR_OPT_FLAGS...]

SRC may be a hand-written file (any valid spelling of the IR, `// -----`
splits allowed) or a previously generated test (RUN/REQUIRES/CHECK lines are
dropped and regenerated, so the tool is idempotent). The IR body of OUT is
exactly what upstream mlir-opt prints for SRC, and every printed line gets a
CHECK line (CHECK-LABEL for func.func/gpu.func, CHECK-NEXT for the rest,
CHECK-EMPTY for blank lines).

`// ...` comment blocks directly above a symbol-defining op (func.func,
gpu.func, gpu.module, memref.global, module @x) are re-attached above the same
symbol in the output, followed by that symbol's CHECK lines; a comment block
at the top of a split case stays at the top of the case. Comments anywhere
else are an error (mlir-opt drops them, so they could not be placed).

Extra mlir-opt flags (e.g. --allow-unregistered-dialect) are taken from the
command line, or else from SRC's first `// RUN: sharc-opt %s ... | FileCheck %s`.
env: LLVM_BIN (default /usr/lib/llvm-22/bin)
"""
import os, re, subprocess, sys

MLIR_OPT = os.path.join(os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin"), "mlir-opt")
SEP = "// -----"
ANCHOR = re.compile(r'^\s*(?:"?)(func\.func|gpu\.func|gpu\.module|memref\.global|module)\b[^@\n]*@("[^"]*"|[\w$.\-]+)')
LABEL_OPS = ("func.func", "gpu.func")

src_path, out_path = sys.argv[1], sys.argv[2]
extra = sys.argv[3:]
src = open(src_path).read()
m = re.search(r"^// RUN: sharc-opt %s(.*?) \| FileCheck %s$", src, re.M)
if m and not extra:
    extra = [f for f in m.group(1).split() if f != "-split-input-file"]
raw_chunks = re.split(r'^// -----\s*$\n?', src, flags=re.M)

def parse_comments(chunk):
    """Return (chunk_header_comments, {key: comments})."""
    header, bykey, pending, seen_ir = [], {}, [], False
    for line in chunk.split("\n"):
        s = line.strip()
        if s.startswith("//"):
            if s.startswith(("// RUN", "// REQUIRES")) or "CHECK" in s:
                continue
            pending.append(s)
            continue
        if not s:
            if pending and not seen_ir:
                header += pending; pending = []
            continue
        m = ANCHOR.match(line)
        if pending:
            if m:
                k = (m.group(1), m.group(2).strip('"'))
                assert k not in bykey, k
                bykey[k] = pending
            elif not seen_ir:
                header += pending
            else:
                sys.exit(f"comment not attached to a symbol def: {pending} before {line!r}")
            pending = []
        seen_ir = True
    header += pending
    return header, bykey

def escape(text):
    return re.sub(r'\[\[|\{\{|\]\]|\}\}', lambda m: "{{" + re.escape(m.group(0)) + "}}", text)

def fc_escape(text):
    # escape [[ and {{ (FileCheck meta); ]] / }} are harmless outside meta but
    # we escape them too for symmetry only when preceded by an escape.
    out, i = [], 0
    while i < len(text):
        two = text[i:i+2]
        if two in ("[[", "{{"):
            out.append("{{" + "\\" + two[0] + "\\" + two[1] + "}}"); i += 2
        else:
            out.append(text[i]); i += 1
    return "".join(out)

multi = len(raw_chunks) > 1
args = [MLIR_OPT] + (["-split-input-file"] if multi else []) + extra
res = subprocess.run(args + ["-"], input=src, capture_output=True, text=True)
if res.returncode != 0:
    sys.stderr.write(res.stderr); sys.exit(1)
outs = res.stdout.split("\n" + SEP + "\n") if multi else [res.stdout]
assert len(outs) == len(raw_chunks), (len(outs), len(raw_chunks))

all_out_lines = res.stdout.split("\n")
label_count = 0
result = []
for ci, (chunk, out) in enumerate(zip(raw_chunks, outs)):
    header, bykey = parse_comments(chunk)
    lines = out.rstrip("\n").split("\n")
    # groups: a new group starts at every anchor line and at every line that
    # dedents below the indentation of the current group's first line.
    ind = lambda l: len(l) - len(l.lstrip()) if l.strip() else None
    starts, gind = [0], ind(lines[0])
    for i in range(1, len(lines)):
        li = ind(lines[i])
        if ANCHOR.match(lines[i]) or (li is not None and gind is not None and li < gind):
            starts.append(i); gind = li
    used = set()
    body = list(header)
    first = True
    for si, st in enumerate(starts):
        en = starts[si + 1] if si + 1 < len(starts) else len(lines)
        seg = lines[st:en]
        m = ANCHOR.match(seg[0])
        indent = ind(seg[0]) or 0
        pad = " " * indent
        cm = []
        if m and (m.group(1), m.group(2).strip('"')) in bykey:
            k = (m.group(1), m.group(2).strip('"')); used.add(k)
            cm = [pad + c for c in bykey[k]]
        checks = []
        for l in seg:
            t = l[indent:] if l[:indent].strip() == "" else l.lstrip()
            mm = ANCHOR.match(l)
            if l.strip() == "":
                kind = "CHECK-EMPTY"
            elif mm and mm.group(1) in LABEL_OPS:
                cnt = sum(1 for x in all_out_lines if l.strip() in x)
                assert cnt == 1, f"label not unique: {l.strip()}"
                kind = "CHECK-LABEL"; label_count += 1
            elif first:
                kind = "CHECK"
            else:
                kind = "CHECK-NEXT"
            first = False
            assert SEP not in t
            checks.append(f"{pad}// {kind}:" + ("" if kind == "CHECK-EMPTY" else " " + fc_escape(t)))
        body += cm + checks + seg
    missing = set(bykey) - used
    assert not missing, f"comments for {missing} not placed"
    result.append("\n".join(body))

sf = (" -split-input-file" if multi else "") + "".join(" " + e for e in extra)
hdr = [
    f"// RUN: sharc-opt %s{sf} | FileCheck %s",
    f"// RUN: sharc-opt %s{sf} | sharc-opt{sf} | FileCheck %s",
    f"// RUN: %if mlir-opt %{{ sharc-opt %s{sf} | mlir-opt{sf} | FileCheck %s %}}",
    f"// RUN: sharc-opt %s{sf} --mlir-print-op-generic | sharc-opt{sf} | FileCheck %s",
    "// RUN: sed -e '/^\\/\\/ -----$/b' -e '/^[[:space:]]*\\/\\//d' %s > %t",
    f"// RUN: sharc-opt %s{sf} | diff -u %t -",
    "",
]
text = "\n".join(hdr) + ("\n\n" + SEP + "\n").join(result) + "\n\n"
open(out_path, "w").write(text)
print(f"{out_path}: {len(raw_chunks)} split cases, {label_count} labels", file=sys.stderr)
