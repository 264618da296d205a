// Every kernel of the front-end's benchmark-style tests (test/frontend/), through sharcc's
// default pipeline (shared-memory placement where a plan pays off, the baseline mapping
// elsewhere): the simulator's run of the gpu level and the generated host code both equal the
// system C compiler's build of the original function, byte for byte, with no race; the whole
// files compile to PTX that ptxas assembles and to HSACOs that list their kernels.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: sharcc %S/../../frontend/linear-algebra.c -I %S/../../frontend/Inputs --emit=gpu -o %t.d/la.mlir 2> /dev/null
// RUN: for k in kernel_2mm kernel_atax kernel_mvt kernel_syrk kernel_trmm; do \
// RUN:   sharcc %S/../../frontend/linear-algebra.c -I %S/../../frontend/Inputs --function $k --emit=c-harness -o %t.d/$k.c && \
// RUN:   cc -O0 -ffp-contract=off -I %S/../../frontend/Inputs %t.d/$k.c -o %t.d/$k -lm && \
// RUN:   %t.d/$k %t.d/$k.out n=48 m=40 alpha=1.5 beta=1.25 && \
// RUN:   sharc-run %t.d/la.mlir --entry $k --inputs %t.d/$k.out/in --dump %t.d/$k.out/interp && \
// RUN:   sharc-run %t.d/la.mlir --entry $k --inputs %t.d/$k.out/in --dump %t.d/$k.out/host --exec=host && \
// RUN:   for f in %t.d/$k.out/out/*.npy; do \
// RUN:     cmp $f %t.d/$k.out/interp/$(basename $f) && cmp $f %t.d/$k.out/host/$(basename $f) || exit 1; \
// RUN:   done || exit 1; done
// RUN: sharcc %S/../../frontend/stencils-medley.c -I %S/../../frontend/Inputs -DDATA_TYPE=double --emit=gpu -o %t.d/sm.mlir 2> /dev/null
// RUN: for k in kernel_correlation kernel_jacobi_2d kernel_seidel kernel_lu kernel_floyd kernel_reg kernel_durbin kernel_misc; do \
// RUN:   sharcc %S/../../frontend/stencils-medley.c -I %S/../../frontend/Inputs -DDATA_TYPE=double --function $k --emit=c-harness -o %t.d/$k.c && \
// RUN:   cc -O0 -ffp-contract=off -I %S/../../frontend/Inputs -DDATA_TYPE=double %t.d/$k.c -o %t.d/$k -lm && \
// RUN:   %t.d/$k %t.d/$k.out n=24 m=20 tsteps=3 float_n=24.0 && \
// RUN:   sharc-run %t.d/sm.mlir --entry $k --inputs %t.d/$k.out/in --dump %t.d/$k.out/interp && \
// RUN:   sharc-run %t.d/sm.mlir --entry $k --inputs %t.d/$k.out/in --dump %t.d/$k.out/host --exec=host && \
// RUN:   for f in %t.d/$k.out/out/*.npy; do \
// RUN:     cmp $f %t.d/$k.out/interp/$(basename $f) && cmp $f %t.d/$k.out/host/$(basename $f) || exit 1; \
// RUN:   done || exit 1; done
// The PolyBench-style suite, with its polybench.h.
// RUN: sharcc %S/../../frontend/polybench-linear-algebra.c -I %S/../../frontend/Inputs --emit=gpu -o %t.d/pla.mlir 2> /dev/null
// RUN: for k in kernel_3mm kernel_bicg kernel_doitgen kernel_gemver kernel_gesummv kernel_syr2k kernel_symm kernel_cholesky kernel_trisolv kernel_gramschmidt kernel_ludcmp kernel_covariance; do \
// RUN:   sharcc %S/../../frontend/polybench-linear-algebra.c -I %S/../../frontend/Inputs --function $k --emit=c-harness -o %t.d/$k.c && \
// RUN:   cc -O0 -ffp-contract=off -I %S/../../frontend/Inputs %t.d/$k.c -o %t.d/$k -lm && \
// RUN:   %t.d/$k %t.d/$k.out n=16 m=14 p=6 alpha=1.5 beta=1.25 float_n=16.0 && \
// RUN:   sharc-run %t.d/pla.mlir --entry $k --inputs %t.d/$k.out/in --dump %t.d/$k.out/interp && \
// RUN:   sharc-run %t.d/pla.mlir --entry $k --inputs %t.d/$k.out/in --dump %t.d/$k.out/host --exec=host && \
// RUN:   for f in %t.d/$k.out/out/*.npy; do \
// RUN:     cmp $f %t.d/$k.out/interp/$(basename $f) && cmp $f %t.d/$k.out/host/$(basename $f) || exit 1; \
// RUN:   done || exit 1; done
// RUN: sharcc %S/../../frontend/polybench-stencils.c -I %S/../../frontend/Inputs --emit=gpu -o %t.d/pst.mlir 2> /dev/null
// RUN: for k in kernel_jacobi_1d kernel_fdtd_2d kernel_heat_3d kernel_adi kernel_seidel_2d kernel_conv2d kernel_conv3d; do \
// RUN:   sharcc %S/../../frontend/polybench-stencils.c -I %S/../../frontend/Inputs --function $k --emit=c-harness -o %t.d/$k.c && \
// RUN:   cc -O0 -ffp-contract=off -I %S/../../frontend/Inputs %t.d/$k.c -o %t.d/$k -lm && \
// RUN:   %t.d/$k %t.d/$k.out n=12 nx=20 ny=24 tmax=4 tsteps=4 ni=12 nj=12 nk=12 && \
// RUN:   sharc-run %t.d/pst.mlir --entry $k --inputs %t.d/$k.out/in --dump %t.d/$k.out/interp && \
// RUN:   sharc-run %t.d/pst.mlir --entry $k --inputs %t.d/$k.out/in --dump %t.d/$k.out/host --exec=host && \
// RUN:   for f in %t.d/$k.out/out/*.npy; do \
// RUN:     cmp $f %t.d/$k.out/interp/$(basename $f) && cmp $f %t.d/$k.out/host/$(basename $f) || exit 1; \
// RUN:   done || exit 1; done
// RUN: sharcc %S/../../frontend/polybench-medley.c -I %S/../../frontend/Inputs --emit=gpu -o %t.d/pme.mlir 2> /dev/null
// RUN: for k in kernel_nussinov kernel_deriche; do \
// RUN:   sharcc %S/../../frontend/polybench-medley.c -I %S/../../frontend/Inputs --function $k --emit=c-harness -o %t.d/$k.c && \
// RUN:   cc -O0 -ffp-contract=off -I %S/../../frontend/Inputs %t.d/$k.c -o %t.d/$k -lm && \
// RUN:   %t.d/$k %t.d/$k.out n=32 m=28 alpha=0.25 && \
// RUN:   sharc-run %t.d/pme.mlir --entry $k --inputs %t.d/$k.out/in --dump %t.d/$k.out/interp && \
// RUN:   sharc-run %t.d/pme.mlir --entry $k --inputs %t.d/$k.out/in --dump %t.d/$k.out/host --exec=host && \
// RUN:   for f in %t.d/$k.out/out/*.npy; do \
// RUN:     cmp $f %t.d/$k.out/interp/$(basename $f) && cmp $f %t.d/$k.out/host/$(basename $f) || exit 1; \
// RUN:   done || exit 1; done
// RUN: sharcc %S/../../frontend/polybench-linear-algebra.c -I %S/../../frontend/Inputs --target a100 -o %t.d/pla.ptx 2> /dev/null
// RUN: %if ptxas %{ ptxas -arch=sm_80 %t.d/pla.ptx -o %t.d/pla.cubin %}
// RUN: sharcc %S/../../frontend/polybench-medley.c -I %S/../../frontend/Inputs --target h100 -o %t.d/pme.ptx 2> /dev/null
// RUN: %if ptxas %{ ptxas -arch=sm_90 %t.d/pme.ptx -o %t.d/pme.cubin %}
// RUN: sharcc %S/../../frontend/polybench-stencils.c -I %S/../../frontend/Inputs --target mi250x -o %t.d/pst.hsaco 2> /dev/null
// RUN: llvm-readelf --notes %t.d/pst.hsaco | FileCheck %s --check-prefix=PST
// PST-DAG: .name: kernel_conv3d_{{[bs]}}0
// PST-DAG: .name: kernel_fdtd_2d_{{[bs]}}2
// RUN: sharcc %S/../../frontend/linear-algebra.c -I %S/../../frontend/Inputs --target a100 -o %t.d/la.ptx 2> /dev/null
// RUN: %if ptxas %{ ptxas -arch=sm_80 %t.d/la.ptx -o %t.d/la.cubin %}
// RUN: sharcc %S/../../frontend/stencils-medley.c -I %S/../../frontend/Inputs -DDATA_TYPE=double --target rtx4090 -o %t.d/sm.ptx 2> /dev/null
// RUN: %if ptxas %{ ptxas -arch=sm_89 %t.d/sm.ptx -o %t.d/sm.cubin %}
// RUN: sharcc %S/../../frontend/stencils-medley.c -I %S/../../frontend/Inputs -DDATA_TYPE=double --target mi300x -o %t.d/sm.hsaco 2> /dev/null
// RUN: llvm-readelf --notes %t.d/sm.hsaco | FileCheck %s
// CHECK-DAG: .name: kernel_jacobi_2d_{{[bs]}}0
// CHECK-DAG: .name: kernel_correlation_{{[bs]}}0
