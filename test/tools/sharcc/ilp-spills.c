/* No factor that sharc-ilp's model picks spills (issue 13, "Acceptance"): every kernel of seed
 * 000 at the default --ilp=auto on a100 (sm_80) and on the Kepler and Fermi plans (gtx690,
 * c2050), compiled to PTX and assembled by `ptxas -v` with the target's register cap,
 * max_registers_per_thread, both as `-maxrregcount` and as `.maxnreg` before each entry's body
 * (ptxas ignores -maxrregcount for kernels with launch bounds, and sharc's have `.maxntid`).
 * CUDA 12's ptxas no longer accepts sm_30 and sm_20, so gtx690 and c2050 are compiled with copies
 * of the shipped files made here with llvm_chip = "sm_52" and no PTX features (so that they never
 * drift from the shipped constants), as the register oracle does; their factor must be the one
 * the shipped target gets. The
 * report's ilp column must name the registers ptxas finds. */
// REQUIRES: ptxas
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: K=%S/../../../bench/kernels/shared-memory.c; \
// RUN: col() { awk '/^kernel/ {c = index($0, "ilp")} /^@/ {print substr($0, c)}' $1; }; \
// RUN: for t in gtx690 c2050; do sed -e 's/^llvm_chip = .*/llvm_chip = "sm_52"/' -e 's/^llvm_features = .*/llvm_features = ""/' \
// RUN:   %S/../../../targets/$t.toml > %t.d/$t-sm52.toml || exit 1; done; \
// RUN: for t in a100 gtx690 c2050; do for k in transpose gemm matvec gauss hotspot; do \
// RUN:   toml=%S/../../../targets/$t.toml; tt=$t; [ $t = a100 ] || { tt=%t.d/$t-sm52.toml; toml=$tt; }; \
// RUN:   cap=$(grep -o '^max_registers_per_thread = [0-9]*' $toml | grep -o '[0-9]*$') && \
// RUN:   sharcc $K --function $k --target $t --emit=gpu --report -o /dev/null 2> %t.d/shipped && \
// RUN:   sharcc $K --function $k --target $tt --report -o %t.d/k.ptx 2> %t.d/report && \
// RUN:   arch=$(grep -o '^\.target sm_[0-9]*' %t.d/k.ptx | cut -d' ' -f2) && \
// RUN:   awk -v cap=$cap '/\.entry/ {h = 1} h && NF == 1 && $1 == "{" {print ".maxnreg " cap; h = 0} {print}' %t.d/k.ptx > %t.d/capped.ptx && \
// RUN:   test $(grep -c '^\.maxnreg' %t.d/capped.ptx) = $(grep -c '\.entry' %t.d/k.ptx) && \
// RUN:   ptxas -v -arch=$arch -maxrregcount=$cap %t.d/capped.ptx -o %t.d/k.cubin 2> %t.d/ptxas && \
// RUN:   echo "$k $t: $(col %t.d/report | sed 's/ (.*//') [factor on the shipped target: $(col %t.d/shipped | sed 's/ (.*//')]; \
// RUN:     ptxas $arch cap $cap: $(grep -o 'Used [0-9]* registers' %t.d/ptxas), $(grep -o '[0-9]* bytes spill stores, [0-9]* bytes spill loads' %t.d/ptxas); \
// RUN:     report: $(col %t.d/report | grep -o '[0-9]* regs' || echo 'no registers')" || exit 1; done; done > %t.d/spills
// RUN: FileCheck %s --input-file=%t.d/spills
// The report row of gemm on a100 (item 6 of the acceptance): factor, distribution, dimension,
// the model's reason and the registers ptxas measured.
// RUN: sharcc %S/../../../bench/kernels/shared-memory.c --function gemm --target a100 --emit=gpu --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// a100 (sm_80, cap 255): gemm 4, gauss 8; transpose and hotspot are bandwidth-bound (1).
// CHECK:      transpose a100: 1 [factor on the shipped target: 1]; ptxas sm_80 cap 255: Used 22 registers, 0 bytes spill stores, 0 bytes spill loads; report: 22 regs
// CHECK-NEXT: gemm a100: 4 cyclic y [factor on the shipped target: 4 cyclic y]; ptxas sm_80 cap 255: Used 72 registers, 0 bytes spill stores, 0 bytes spill loads; report: 72 regs
// CHECK-NEXT: matvec a100: 1 [factor on the shipped target: 1]; ptxas sm_80 cap 255: Used 36 registers, 0 bytes spill stores, 0 bytes spill loads; report: no registers
// CHECK-NEXT: gauss a100: 8 cyclic y [factor on the shipped target: 8 cyclic y]; ptxas sm_80 cap 255: Used 70 registers, 0 bytes spill stores, 0 bytes spill loads; report: 70 regs
// CHECK-NEXT: hotspot a100: 1 [factor on the shipped target: 1]; ptxas sm_80 cap 255: Used 46 registers, 0 bytes spill stores, 0 bytes spill loads; report: 46 regs
// gtx690 (sm_52 for sm_30, cap 63): gauss 8 stays under the cap at 62 registers.
// CHECK-NEXT: transpose gtx690: 1 [factor on the shipped target: 1]; ptxas sm_52 cap 63: Used 26 registers, 0 bytes spill stores, 0 bytes spill loads; report: 26 regs
// CHECK-NEXT: gemm gtx690: 4 cyclic y [factor on the shipped target: 4 cyclic y]; ptxas sm_52 cap 63: Used 60 registers, 0 bytes spill stores, 0 bytes spill loads; report: 60 regs
// CHECK-NEXT: matvec gtx690: 1 [factor on the shipped target: 1]; ptxas sm_52 cap 63: Used 33 registers, 0 bytes spill stores, 0 bytes spill loads; report: no registers
// CHECK-NEXT: gauss gtx690: 8 cyclic y [factor on the shipped target: 8 cyclic y]; ptxas sm_52 cap 63: Used 62 registers, 0 bytes spill stores, 0 bytes spill loads; report: 62 regs
// CHECK-NEXT: hotspot gtx690: 2 cyclic y [factor on the shipped target: 2 cyclic y]; ptxas sm_52 cap 63: Used 44 registers, 0 bytes spill stores, 0 bytes spill loads; report: 44 regs
// c2050 (sm_52 for sm_20, cap 63).
// CHECK-NEXT: transpose c2050: 1 [factor on the shipped target: 1]; ptxas sm_52 cap 63: Used 26 registers, 0 bytes spill stores, 0 bytes spill loads; report: 26 regs
// CHECK-NEXT: gemm c2050: 4 cyclic y [factor on the shipped target: 4 cyclic y]; ptxas sm_52 cap 63: Used 60 registers, 0 bytes spill stores, 0 bytes spill loads; report: 60 regs
// CHECK-NEXT: matvec c2050: 1 [factor on the shipped target: 1]; ptxas sm_52 cap 63: Used 34 registers, 0 bytes spill stores, 0 bytes spill loads; report: no registers
// CHECK-NEXT: gauss c2050: 4 cyclic y [factor on the shipped target: 4 cyclic y]; ptxas sm_52 cap 63: Used 52 registers, 0 bytes spill stores, 0 bytes spill loads; report: 52 regs
// CHECK-NEXT: hotspot c2050: 2 cyclic y [factor on the shipped target: 2 cyclic y]; ptxas sm_52 cap 63: Used 44 registers, 0 bytes spill stores, 0 bytes spill loads; report: 44 regs
// CHECK-NOT: {{.}}

// REPORT: kernel {{.*}} block {{.*}} ilp
// REPORT: @gemm_kernels::@gemm_b0 shared-memory.c:23 32x8x1 {{.*}} 4 cyclic y (model, issue-bound; 72 regs, ptxas -v sm_80 -maxrregcount=255)
