#!/usr/bin/env bash
# The simulator's metrics of every C kernel of the tree, as one sorted text file, so that two
# versions of the compiler can be compared with `diff`: a refactoring that must keep the kernels'
# mapping (block shapes, launches, sectors, bank conflicts) shows its differences line by line.
#
#   scripts/metrics-snapshot.sh [OUT]      (OUT: a file; stdout without it)
#
# Inputs: every *.c under test/, bench/ and examples/. A file under test/ is compiled only if one
# of its RUN lines runs `sharcc %s` without `not` (error tests, reference C programs compiled by
# cc, and lit self-tests get a `skipped:` line). Each file is compiled with the -I/-D/--function
# flags of that RUN line, on every shipped target (`sharc-run --list-targets`), with the default
# pipeline and with --no-shared (`sharcc --emit=gpu`). Every host function that launches kernels
# (`gpu.launch_func` inside its `func.func`) runs in the simulator with `--metrics=json`.
#
# Arguments: the scalars are the NAME=VALUE sizes the file's own RUN lines give (the first value
# of each name), else n=37, m=29, other integers 23 (time steps t*: 3), alpha=1.5, beta=-0.75,
# other floats 1.5: small, and not multiples of a block, so partial blocks occur. The arrays come
# from the function's C harness (`sharcc --emit=c-harness`, built with cc), which knows their
# dynamic shapes (inputs=harness). Where the harness cannot be built (a pointer parameter, calls
# to the OpenACC runtime), the script writes the arrays itself, with the harness's values, each
# dynamic extent the largest integer scalar (inputs=generated).
#
# One line per kernel record of a run: the records are in order of first launch, and the line
# names the record by that ordinal (k=0, k=1, ...), not by the kernel's symbol, which a change of
# the outliner may rename. A kernel launched several times (a time loop) is one record with
# launches=N; its grid is that of its first launch. A compile or run that fails is one line with
# the first error line, and the script goes on. The binaries are $CARGO_TARGET_DIR's (or
# target/'s) release build if present, else debug, else a fresh release build. Jobs run in
# parallel ($METRICS_JOBS, default: the number of cores); the output does not depend on it.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"

TARGET_DIR="${CARGO_TARGET_DIR:-$REPO/target}"
BIN=""
for profile in release debug; do
  if [[ -x "$TARGET_DIR/$profile/sharcc" && -x "$TARGET_DIR/$profile/sharc-run" ]]; then
    BIN="$TARGET_DIR/$profile"
    break
  fi
done
if [[ -z "$BIN" ]]; then
  echo "metrics-snapshot: building sharcc and sharc-run (release)" >&2
  cargo build --release -p sharc-tools --bin sharcc --bin sharc-run >&2
  BIN="$TARGET_DIR/release"
fi

# A stale build would snapshot the old compiler: say so (the check is cheap, a rebuild is not).
newer="$(find . -path ./target -prune -o \( -name '*.rs' -o -name '*.toml' \) -newer "$BIN/sharcc" -print -quit)"
if [[ -n "$newer" ]]; then
  echo "metrics-snapshot: warning: $newer is newer than $BIN/sharcc; rebuild for a snapshot of this tree" >&2
fi
echo "metrics-snapshot: using $BIN" >&2

OUT="${1:-/dev/stdout}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/metrics-snapshot.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

SHARCC="$BIN/sharcc" SHARC_RUN="$BIN/sharc-run" WORK="$WORK" JOBS="${METRICS_JOBS:-$(nproc)}" \
  python3 - > "$WORK/snapshot.txt" <<'PY'
import json, os, re, struct, subprocess, sys, time
from concurrent.futures import ThreadPoolExecutor

SHARCC, SHARC_RUN, WORK = os.environ["SHARCC"], os.environ["SHARC_RUN"], os.environ["WORK"]
JOBS = max(1, int(os.environ["JOBS"]))
MODES = [("default", []), ("no-shared", ["--no-shared"])]
# The metrics the snapshot keeps, in this order (sharc-run's JSON keys). Thread-operation counts
# are left out on purpose: they follow the index arithmetic, which a refactoring may change
# without changing the kernel's memory behaviour.
METRICS = [
    "launches", "barriers",
    "global_load_requests", "global_store_requests", "global_load_sectors", "global_store_sectors",
    "shared_load_requests", "shared_store_requests", "shared_bank_wavefronts", "shared_ideal_wavefronts",
    "shared_bank_conflicts",
]
# A run that would take far longer than any of the tree's kernels at these sizes has hung.
RUN_TIMEOUT_S = 900


def run(argv, timeout=RUN_TIMEOUT_S):
    """(exit status, stdout, stderr) of argv; a timeout is status -1."""
    try:
        p = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return -1, "", f"timed out after {timeout} s"


def first_error(text):
    """The first line that says 'error', else the first non-empty line (remarks come first)."""
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    for l in lines:
        if "error" in l.lower():
            return l
    return lines[0] if lines else "(no message)"


def run_lines(path):
    return [l.split("RUN:", 1)[1] for l in open(path, encoding="utf-8", errors="replace") if "RUN:" in l]


def compile_flags(path, runs):
    """-I/-D/--function flags of the file's first RUN line that compiles it (`sharcc %s`, not under
    `not`); None when no RUN line does."""
    for r in runs:
        m = re.search(r"(^|[^\w-])(not\s+)?sharcc\s+%s(\s|$)", r)
        if not m or m.group(2):
            continue
        toks = r[m.end():].replace("%S", os.path.dirname(path)).split()
        flags = []
        for i, t in enumerate(toks):
            if t in ("-I", "-D", "--function") and i + 1 < len(toks):
                flags += [t, toks[i + 1]]
            elif len(t) > 2 and t[:2] in ("-I", "-D") or t.startswith("--function="):
                flags.append(t)
        return flags
    return None


def c_flags(flags):
    """The C compiler's share of sharcc's flags."""
    return [f for i, f in enumerate(flags) if f.startswith(("-I", "-D")) or i > 0 and flags[i - 1] in ("-I", "-D")]


def run_sizes(runs):
    """The NAME=VALUE scalars the file's RUN lines give its harnesses, first value of each name."""
    sizes = {}
    for r in runs:
        for name, value in re.findall(r"(?<=\s)([A-Za-z_]\w*)=(-?\d+(?:\.\d+)?)(?=\s|$)", r):
            sizes.setdefault(name, value)
    return sizes


def default_value(name, ty):
    if ty in ("f16", "bf16", "f32", "f64"):
        return {"alpha": "1.5", "beta": "-0.75"}.get(name, "1.5")
    if name in ("n", "m"):
        return {"n": "37", "m": "29"}[name]
    return "3" if name.startswith("t") else "23"


def host_functions(mlir):
    """[(name, [(argument name, type)])] of the host functions that launch kernels."""
    out = []
    for m in re.finditer(r"^  func\.func @([\w$.]+)\((.*?)\)[^\n]*\{\n(.*?)^  \}", mlir, re.M | re.S):
        name, sig, body = m.groups()
        if "gpu.launch_func" not in body:
            continue
        args = []
        for i, a in enumerate(re.finditer(r"%arg\d+: ((?:memref<[^>]*>)|[\w.]+)( \{[^}]*\})?", sig)):
            ty, attrs = a.group(1), a.group(2) or ""
            n = re.search(r'sharc\.name = "(\w+)"', attrs)
            args.append((n.group(1) if n else f"arg{i}", ty))
        out.append((name, args))
    return out


def harness_inputs(path, flags, func, scalars, tag):
    """The C harness's input directory for func, or None when it cannot be built or run."""
    d = os.path.join(WORK, tag)
    os.makedirs(d, exist_ok=True)
    c, exe = os.path.join(d, "h.c"), os.path.join(d, "h")
    own = c_flags(flags)
    if run([SHARCC, path, *own, "--function", func, "--emit=c-harness", "-o", c])[0] != 0:
        return None
    if run(["cc", "-O0", "-ffp-contract=off", *own, c, "-o", exe, "-lm"])[0] != 0:
        return None
    if run([exe, os.path.join(d, "run"), *(f"{k}={v}" for k, v in scalars.items())])[0] != 0:
        return None
    return os.path.join(d, "run", "in")


FLOATS = ("f16", "bf16", "f32", "f64")
# Element type -> (.npy descr, struct format); bf16 has neither, and such a function gets
# --random-inputs instead.
NPY = {"f16": ("<f2", "e"), "f32": ("<f4", "f"), "f64": ("<f8", "d"),
       "i8": ("|i1", "b"), "i16": ("<i2", "h"), "i32": ("<i4", "i"), "i64": ("<i8", "q")}


def write_npy(path, elem, dims, index):
    """An array of the harness's values (sharc_value: small, of both signs, exact in every type)."""
    count = 1
    for x in dims:
        count *= x
    vals = [(k * 7919 + index * 104729 + 13) % 2003 - 1001 for k in range(count)]
    descr, fmt = NPY[elem]
    vals = [v / 256 for v in vals] if elem in FLOATS else [v % 100 for v in vals]
    shape = "(" + ", ".join(map(str, dims)) + (",)" if len(dims) == 1 else ")")
    header = f"{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape}, }}"
    header += " " * (63 - (10 + len(header)) % 64) + "\n"
    with open(path, "wb") as out:
        out.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        out.write(struct.pack(f"<{count}{fmt}", *vals))


def generated_inputs(args, scalars, tag):
    """--arg flags for a function whose harness cannot be built: each memref a .npy with its
    static extents as declared and each dynamic one the largest integer scalar; None when an
    element type has no .npy form here."""
    d = os.path.join(WORK, tag)
    os.makedirs(d, exist_ok=True)
    extent = max([int(scalars[n]) for n, ty in args if n in scalars and ty not in FLOATS] or [1])
    flags = []
    for a, (name, ty) in enumerate(args):
        if not ty.startswith("memref"):
            flags.append(f"--arg={name}={scalars[name]}")
            continue
        parts = ty[len("memref<"):-1].split(",")[0].split("x")
        elem, dims = parts[-1], [extent if p == "?" else int(p) for p in parts[:-1]]
        if elem not in NPY:
            return None
        path = os.path.join(d, f"{a}.npy")
        write_npy(path, elem, dims, a)
        flags.append(f"--arg={name}=@{path}")
    return flags


def main():
    t0 = time.time()
    targets = [l.split()[0] for l in run([SHARC_RUN, "--list-targets"])[1].splitlines() if l.strip()]
    if not targets:
        sys.exit("metrics-snapshot: sharc-run --list-targets listed no target")
    files = sorted(
        os.path.join(root, f)
        for top in ("test", "bench", "examples")
        for root, _, names in os.walk(top)
        for f in names
        if f.endswith(".c")
    )
    lines = []  # (sort key, text)
    pool = ThreadPoolExecutor(JOBS)

    # 1. Compile every file for every target and mode.
    compiled = {}  # (file, target, mode) -> (gpu-level file, future of sharcc's (status, stdout, stderr))
    info = {}
    for path in files:
        runs = run_lines(path)
        flags = compile_flags(path, runs) if path.startswith("test/") else []
        if flags is None:
            why = "its RUN lines only run sharcc on it under 'not'" if any(re.search(r"sharcc\s+%s", r) for r in runs) \
                else "no RUN line compiles it with sharcc"
            lines.append(((path, "", "", "", -1), f"{path} skipped: {why}"))
            continue
        info[path] = (flags, run_sizes(runs))
        for t in targets:
            for mode, mflags in MODES:
                out = os.path.join(WORK, f"{len(compiled)}.mlir")
                argv = [SHARCC, path, *flags, "--target", t, *mflags, "--emit=gpu", "-o", out]
                compiled[(path, t, mode)] = (out, pool.submit(run, argv))

    # 2. Inputs per host function (once per file and function), then the runs.
    harness = {}  # (file, function) -> future of input dir or None
    runs_ = []  # (file, function, target, mode, gpu-level file, arguments, scalars, harness key)
    for (path, t, mode), (out, fut) in compiled.items():
        status, _, err = fut.result()
        if status != 0:
            lines.append(((path, "", t, mode, -1), f"{path} - {t} {mode} sharcc failed: {first_error(err)}"))
            continue
        flags, sizes = info[path]
        for func, args in host_functions(open(out, encoding="utf-8").read()):
            scalars = {n: sizes.get(n, default_value(n, ty)) for n, ty in args if not ty.startswith("memref")}
            key = (path, func)
            if key not in harness:
                # The harness takes every name the file's RUN lines give, as the file's tests do.
                harness[key] = pool.submit(harness_inputs, path, flags, func, {**sizes, **scalars}, f"h{len(harness)}")
            runs_.append((path, func, t, mode, out, args, scalars, key))

    def simulate(i, out, func, t, args, scalars, key):
        inputs = harness[key].result()
        argv = [SHARC_RUN, out, f"--entry={func}", f"--target={t}", "--metrics=json"]
        if inputs:
            return "harness", run(argv + [f"--inputs={inputs}"])
        gen = generated_inputs(args, scalars, f"g{i}")
        if gen is None:
            return "random", run(argv + ["--random-inputs=1"] + [f"--arg={n}={v}" for n, v in scalars.items()])
        return "generated", run(argv + gen)

    futures = [(p, f, t, mode, pool.submit(simulate, i, out, f, t, args, sc, key))
               for i, (p, f, t, mode, out, args, sc, key) in enumerate(runs_)]
    def shape(v):
        return "x".join(str(x) for x in v)

    launches = 0
    for path, func, t, mode, fut in futures:
        src, (status, stdout, err) = fut.result()
        head = f"{path} {func} {t} {mode}"
        if status != 0:
            lines.append(((path, func, t, mode, -1), f"{head} run failed: {first_error(err + stdout)}"))
            continue
        records = [json.loads(l) for l in stdout.splitlines() if l.startswith("{")]
        if len(records) == 1 and records[0].get("kernel") == func:
            lines.append(((path, func, t, mode, -1), f"{head} no kernel launched"))
            continue
        for k, r in enumerate(records):
            fields = " ".join(f"{name}={r.get(name, '?')}" for name in METRICS)
            lines.append(((path, func, t, mode, k),
                          f"{head} k={k} grid={shape(r['grid'])} block={shape(r['block'])} {fields} inputs={src}"))
            launches += 1
    pool.shutdown()

    order = {t: i for i, t in enumerate(targets)}
    modes = {m: i for i, (m, _) in enumerate(MODES)}
    lines.sort(key=lambda kl: (kl[0][0], kl[0][1], order.get(kl[0][2], -1), modes.get(kl[0][3], -1), kl[0][4]))
    for _, text in lines:
        print(text)
    failed = sum(" failed: " in text for _, text in lines)
    print(f"metrics-snapshot: {len(info)} files compiled, {len({(p, f) for p, f, *_ in runs_})} host functions, "
          f"{len(targets)} targets x {len(MODES)} modes, {launches} kernel lines, {failed} failures, "
          f"{time.time() - t0:.0f} s", file=sys.stderr)


main()
PY
cat "$WORK/snapshot.txt" > "$OUT"
