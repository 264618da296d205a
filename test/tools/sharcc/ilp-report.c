/* sharc-ilp's decision as sharcc reports it (issue 13): the factor is chosen once per kernel
 * and is the same whatever --emit says (the register oracle depends on the installed tools,
 * never on the output kind), and the bands the pass must leave alone are left alone, with a
 * remark: matvec's 1-D plan (no y or z loop), a factor that is not legal for the band, and a
 * band with a non-coalesced access (transpose without shared memory). */
// RUN: rm -rf %t.d && mkdir -p %t.d
// The ilp column of `--emit=gpu --report`, `-o k.ptx --report` and `--emit=llvm --report`, for
// the five kernels of seed 000 on the a100 and gtx690 plans at the default --ilp=auto.
// RUN: K=%S/../../../bench/kernels/shared-memory.c; \
// RUN: col() { awk '/^kernel/ {c = index($0, "ilp")} /^@/ {print substr($0, c)}' $1; }; \
// RUN: for t in a100 gtx690; do for k in transpose gemm matvec gauss hotspot; do \
// RUN:   sharcc $K --function $k --target $t --emit=gpu --report -o %t.d/k.mlir 2> %t.d/gpu && \
// RUN:   sharcc $K --function $k --target $t --report -o %t.d/k.ptx 2> %t.d/ptx && \
// RUN:   sharcc $K --function $k --target $t --emit=llvm --report -o %t.d/k.ll 2> %t.d/llvm && \
// RUN:   grep -q '^\.entry\|\.entry ' %t.d/k.ptx && grep -q '^define' %t.d/k.ll && \
// RUN:   if [ "$(col %t.d/gpu)" = "$(col %t.d/ptx)" ] && [ "$(col %t.d/gpu)" = "$(col %t.d/llvm)" ]; \
// RUN:   then echo "$k $t: one ilp column for gpu, ptx and llvm: $(col %t.d/gpu)"; \
// RUN:   else echo "$k $t: DIFFERENT ilp columns: gpu '$(col %t.d/gpu)' ptx '$(col %t.d/ptx)' llvm '$(col %t.d/llvm)'"; fi || exit 1; \
// RUN: done; done > %t.d/same
// RUN: FileCheck %s --check-prefix=SAME --input-file=%t.d/same
// matvec is left alone, at auto and at a requested factor, on both plans: the remark says why
// and the kernel is the one --ilp=off gives (but for the decision the plan records, `ilp = {...}`).
// RUN: K=%S/../../../bench/kernels/shared-memory.c; \
// RUN: same() { diff <(sed 's/ilp = {[^}]*}, //' $1) <(sed 's/ilp = {[^}]*}, //' $2); }; \
// RUN: for t in a100 gtx690; do sharcc $K --function matvec --target $t --ilp=off --emit=gpu -o %t.d/mv.off.mlir && \
// RUN:   for ilp in auto 4; do sharcc $K --function matvec --target $t --ilp=$ilp --remarks --emit=gpu -o %t.d/mv.mlir 2> %t.d/mv.remarks && \
// RUN:     same %t.d/mv.off.mlir %t.d/mv.mlir && echo "matvec $t --ilp=$ilp: $(grep 'remark: ilp' %t.d/mv.remarks)" || exit 1; done; done > %t.d/mv
// RUN: FileCheck %s --check-prefix=MV --input-file=%t.d/mv
// A factor the band cannot take (the baseline block has 8 rows: 16 is not legal) is refused
// with a remark and changes nothing; so is a band with a non-coalesced store.
// RUN: K=%S/../../../bench/kernels/shared-memory.c; \
// RUN: same() { diff <(sed 's/ilp = {[^}]*}, //' $1) <(sed 's/ilp = {[^}]*}, //' $2); }; \
// RUN: sharcc $K --function gemm --no-shared --ilp=off --emit=gpu -o %t.d/gemm.off.mlir && \
// RUN: sharcc $K --function gemm --no-shared --ilp=16 --remarks --report --emit=gpu -o %t.d/gemm.16.mlir 2> %t.d/illegal && \
// RUN: same %t.d/gemm.off.mlir %t.d/gemm.16.mlir && \
// RUN: sharcc $K --function transpose --no-shared --ilp=off --emit=gpu -o %t.d/mt.off.mlir && \
// RUN: sharcc $K --function transpose --no-shared --ilp=4 --remarks --emit=gpu -o %t.d/mt.4.mlir 2> %t.d/uncoalesced && \
// RUN: same %t.d/mt.off.mlir %t.d/mt.4.mlir
// RUN: FileCheck %s --check-prefix=ILLEGAL --input-file=%t.d/illegal
// RUN: FileCheck %s --check-prefix=UNCOALESCED --input-file=%t.d/uncoalesced

// SAME:      transpose a100: one ilp column for gpu, ptx and llvm: {{[0-9]+( cyclic| blocked)?.*}}
// SAME-NEXT: gemm a100: one ilp column for gpu, ptx and llvm: {{[0-9]+( cyclic| blocked)?.*}}
// SAME-NEXT: matvec a100: one ilp column for gpu, ptx and llvm: 1 (no y or z loop with a block of 2 threads or more{{.*}}
// SAME-NEXT: gauss a100: one ilp column for gpu, ptx and llvm: {{[0-9]+( cyclic| blocked)?.*}}
// SAME-NEXT: hotspot a100: one ilp column for gpu, ptx and llvm: {{[0-9]+( cyclic| blocked)?.*}}
// SAME-NEXT: transpose gtx690: one ilp column for gpu, ptx and llvm: {{[0-9]+( cyclic| blocked)?.*}}
// SAME-NEXT: gemm gtx690: one ilp column for gpu, ptx and llvm: {{[0-9]+( cyclic| blocked)?.*}}
// SAME-NEXT: matvec gtx690: one ilp column for gpu, ptx and llvm: 1 (no y or z loop with a block of 2 threads or more{{.*}}
// SAME-NEXT: gauss gtx690: one ilp column for gpu, ptx and llvm: {{[0-9]+( cyclic| blocked)?.*}}
// SAME-NEXT: hotspot gtx690: one ilp column for gpu, ptx and llvm: {{[0-9]+( cyclic| blocked)?.*}}
// SAME-NOT: {{.}}

// MV:      matvec a100 --ilp=auto: {{.*}}shared-memory.c:37:3: remark: ilp: band left alone: no y or z loop with a block of 2 threads or more (x is never replicated: it keeps the warps coalesced)
// MV-NEXT: matvec a100 --ilp=4: {{.*}}shared-memory.c:37:3: remark: ilp: band left alone: no y or z loop with a block of 2 threads or more
// MV-NEXT: matvec gtx690 --ilp=auto: {{.*}}remark: ilp: band left alone: no y or z loop with a block of 2 threads or more
// MV-NEXT: matvec gtx690 --ilp=4: {{.*}}remark: ilp: band left alone: no y or z loop with a block of 2 threads or more

// ILLEGAL: shared-memory.c:23:3: remark: ilp: band left alone: factor 16 is not legal along loop 0 (legal: 1, 2, 4, 8)
// ILLEGAL: @gemm_kernels::@gemm_b0 {{.*}} 32x8x1 {{.*}} 1 (factor 16 is not legal along loop 0 (legal: 1, 2, 4, 8))

// UNCOALESCED: shared-memory.c:13:3: remark: ilp: band left alone: `affine.store` at "{{.*}}shared-memory.c":16:7 is not coalesced (the first warp touches 32 sectors where 4 would hold its bytes) (seed 000: ILP after the shared-memory and bank optimizations)
