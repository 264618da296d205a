#!/usr/bin/env python3
"""Runs sharc's PTX for seed 000's mt and mv on an NVIDIA GPU with and without
sharc-bank-conflicts, checks the outputs, times the kernels and (with --ncu-mode under
Nsight Compute) launches each variant once so that the hardware's shared-memory wavefront and
bank-conflict counters can be read next to sharc-run's.

Inputs: DIR holds `<kernel>.<fix>.ptx` and `<kernel>.<fix>.mlir` from
`sharcc bench/kernels/shared-memory.c --function <kernel> --target h100 --bank-fix=<fix>`
(`--emit=ptx` and `--emit=gpu`); bench/gpu/prepare.sh writes them. The kernel's parameters
follow sharc's ABI (docs/targets.md, "Kernel ABI"): an `index` is an i64, a memref a pointer
followed by one i64 per dynamic dimension. The grid is ceil(n / block) along every dimension
whose block size is above 1, which is how these two kernels are launched (one thread per
element of the parallel loops).

    python3 bench/gpu/bank_conflicts.py DIR [--ncu-mode] [--n-transpose N] [--n-matvec N]

Needs CuPy and NumPy (both on the lent GPU machines).
"""

import re
import sys
import statistics

import numpy as np
import cupy as cp

KERNELS = ["transpose", "matvec"]
FIXES = ["off", "auto", "paper"]


def signature(mlir_text):
    """(kernel name, [(kind, rank, source name)], block) from the gpu.func line."""
    line = next(l for l in mlir_text.splitlines() if "gpu.func @" in l)
    name = re.search(r"gpu\.func @(\w+)\(", line).group(1)
    args = []
    for m in re.finditer(r"%arg\d+: (index|memref<([?x]*)f32>) \{sharc\.name = \"(\w+)\"\}", line):
        if m.group(1) == "index":
            args.append(("index", 0, m.group(3)))
        else:
            args.append(("memref", m.group(2).count("?"), m.group(3)))
    block = tuple(int(b) for b in re.search(r"known_block_size = array<i32: (\d+), (\d+), (\d+)>", line).groups())
    return name, args, block


def inputs(kernel, n, rng):
    if kernel == "transpose":
        return {"in": rng.standard_normal((n, n), dtype=np.float32), "out": np.zeros((n, n), np.float32)}
    return {
        "A": rng.standard_normal((n, n), dtype=np.float32),
        "x": rng.standard_normal(n, dtype=np.float32),
        "y": np.zeros(n, np.float32),
    }


def launch_args(args, n, device):
    out = []
    for kind, rank, name in args:
        if kind == "index":
            out.append(np.int64(n))
        else:
            out.append(device[name])
            out.extend(np.int64(s) for s in device[name].shape)
    return out


def run_variant(directory, kernel, fix, n, host, reps, ncu_mode):
    text = open(f"{directory}/{kernel}.{fix}.mlir").read()
    name, args, block = signature(text)
    module = cp.RawModule(path=f"{directory}/{kernel}.{fix}.ptx")
    fn = module.get_function(name)
    device = {k: cp.asarray(v) for k, v in host.items()}
    grid = tuple((n + b - 1) // b if b > 1 else 1 for b in block)
    argv = launch_args(args, n, device)
    fn(grid, block, tuple(argv))
    cp.cuda.runtime.deviceSynchronize()
    result = {k: cp.asnumpy(v) for k, v in device.items()}
    times = []
    if not ncu_mode:
        start, stop = cp.cuda.Event(), cp.cuda.Event()
        for i in range(reps + 3):
            start.record()
            fn(grid, block, tuple(argv))
            stop.record()
            stop.synchronize()
            if i >= 3:
                times.append(cp.cuda.get_elapsed_time(start, stop))
    return result, (statistics.median(times) if times else None), grid, block


def main():
    argv = sys.argv[1:]
    directory = argv[0]
    ncu_mode = "--ncu-mode" in argv
    n_of = {"transpose": 8192, "matvec": 16384}
    if ncu_mode:
        n_of = {"transpose": 1024, "matvec": 1024}
    for flag, k in (("--n-transpose", "transpose"), ("--n-matvec", "matvec")):
        if flag in argv:
            n_of[k] = int(argv[argv.index(flag) + 1])
    dev = cp.cuda.runtime.getDeviceProperties(0)
    print(f"device: {dev['name'].decode()}, {dev['multiProcessorCount']} SMs")
    print("| kernel | n | fix | grid | block | median ms | GB/s (compulsory bytes) | output | vs off |")
    print("|---|---|---|---|---|---|---|---|---|")
    ok = True
    for kernel in KERNELS:
        n = n_of[kernel]
        host = inputs(kernel, n, np.random.default_rng(12))
        outs = {}
        for fix in FIXES:
            result, ms, grid, block = run_variant(directory, kernel, fix, n, host, 20, ncu_mode)
            if kernel == "transpose":
                correct = np.array_equal(result["out"], host["in"].T)
                out = result["out"]
                moved = 2 * n * n * 4
            else:
                ref = host["A"].astype(np.float64) @ host["x"].astype(np.float64)
                correct = np.allclose(result["y"], ref, rtol=1e-3, atol=1e-2)
                out = result["y"]
                moved = (n * n + 2 * n) * 4
            outs[fix] = out
            same = np.array_equal(out, outs["off"])
            ok &= bool(correct and same)
            rate = f"{moved / (ms * 1e-3) / 1e9:.0f}" if ms else "-"
            print(
                f"| {kernel} | {n} | {fix} | {grid} | {block} | {ms:.4f} | {rate} | {'correct' if correct else 'WRONG'} | {'identical' if same else 'DIFFERENT'} |"
                if ms
                else f"| {kernel} | {n} | {fix} | {grid} | {block} | - | - | {'correct' if correct else 'WRONG'} | {'identical' if same else 'DIFFERENT'} |"
            )
    print("all outputs correct and identical across fixes" if ok else "SOME OUTPUT IS WRONG")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
