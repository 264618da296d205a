#!/usr/bin/env python3
"""Validate the sharc test corpus against upstream MLIR 22.

Every `// RUN:` line of every test under test/dialects/ and test/syntax/ is run
with `sharc-opt` replaced by upstream `mlir-opt` (LLVM 22).  Because the
expected output of every test is upstream's own output, the whole corpus must
pass this way.  In addition, every `ops.mlir` is checked to be a printing fixed point
explicitly (its sed/diff RUN lines check the same thing): the file with its
`//` comment lines removed (except the `// -----` split markers) must be
byte-identical to what mlir-opt prints for it.

usage: run-upstream.py [FILE...]      (default: whole corpus)
env:   LLVM_BIN (default /usr/lib/llvm-22/bin)
"""
import glob, os, re, subprocess, sys, tempfile

LLVM_BIN = os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin")
HERE = os.path.dirname(os.path.abspath(__file__))
TEST = os.path.dirname(HERE)


def run_lines(path):
    out = []
    for line in open(path, encoding="utf-8", errors="surrogateescape"):
        m = re.match(r"\s*//\s*RUN:\s*(.*?)\s*$", line)
        if m:
            # `%if FEATURE %{ CMD %}` (a line only some machines run): here mlir-opt is present.
            cond = re.fullmatch(r"%if [\w.-]+ %\{ (.*) %\}", m.group(1))
            out.append(cond.group(1) if cond else m.group(1))
    return out


def subst(cmd, path, tmp):
    subs = {"%%": "%", "%s": path, "%S": os.path.dirname(path), "%t": tmp,
            "%T": os.path.dirname(tmp)}
    cmd = re.sub(r"%[%sStT]", lambda m: subs[m.group(0)], cmd)
    tools = {"sharc-opt": "mlir-opt", "mlir-opt": "mlir-opt",
             "FileCheck": "FileCheck", "not": "not", "count": "count"}
    def rep(m):
        return os.path.join(LLVM_BIN, tools[m.group(0)])
    return re.sub(r"(?<![\w./-])(sharc-opt|mlir-opt|FileCheck|not|count)(?![\w.-])", rep, cmd)


def fixed_point(path):
    text = open(path).read()
    flags = ["-split-input-file"] if re.search(r"^// -----$", text, re.M) else []
    res = subprocess.run([os.path.join(LLVM_BIN, "mlir-opt")] + flags + [path],
                         capture_output=True, text=True)
    if res.returncode:
        return res.stderr
    body = "".join(l for l in text.splitlines(True)
                   if l.rstrip("\n") == "// -----" or not l.lstrip().startswith("//"))
    if body != res.stdout:
        import difflib
        return "".join(difflib.unified_diff(body.splitlines(True), res.stdout.splitlines(True),
                                            "file-without-comments", "mlir-opt-output"))
    return None


def main():
    files = sys.argv[1:] or sorted(glob.glob(os.path.join(TEST, "dialects", "*", "*.mlir")) +
                                   glob.glob(os.path.join(TEST, "syntax", "*.mlir")))
    failures = 0
    for f in files:
        f = os.path.abspath(f)
        rel = os.path.relpath(f, TEST)
        with tempfile.TemporaryDirectory() as td:
            for cmd in run_lines(f):
                full = subst(cmd, f, os.path.join(td, "t"))
                r = subprocess.run(["bash", "-o", "pipefail", "-c", full],
                                   capture_output=True, text=True, errors="replace")
                if r.returncode:
                    failures += 1
                    print(f"FAIL {rel}: RUN: {cmd}\n{r.stdout[-3000:]}{r.stderr[-3000:]}")
        if os.path.basename(f) == "ops.mlir":
            err = fixed_point(f)
            if err:
                failures += 1
                print(f"FAIL {rel}: not a printing fixed point\n{err[-3000:]}")
        print(f"done {rel}")
    print(f"{len(files)} files, {failures} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
