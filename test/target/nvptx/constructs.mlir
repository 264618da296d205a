// RUN: sharc-translate %S/../Inputs/constructs.mlir --target=a100 -O0 | FileCheck %s --check-prefix=LLVM
// RUN: sharc-translate %S/../Inputs/constructs.mlir --target=a100 --emit=ptx -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: %if ptxas %{ ptxas -arch=sm_80 %t.ptx -o %t.cubin %}
// RUN: sharc-translate %S/../Inputs/constructs.mlir --target=h100 --emit=ptx -O3 -o %t.sm90.ptx
// RUN: %if ptxas %{ ptxas -arch=sm_90 %t.sm90.ptx -o %t.sm90.cubin %}
// RUN: sharc-translate %S/../Inputs/constructs.mlir --triple=nvptx64-nvidia-cuda --chip=sm_89 --features=+ptx78 --emit=ptx -O1 -o %t.sm89.ptx
// RUN: %if ptxas %{ ptxas -arch=sm_89 %t.sm89.ptx -o %t.sm89.cubin %}

// Shared memory is an addrspace(3) global with a poison initializer.
// LLVM: @reverse_workgroup_0 = internal addrspace(3) global [256 x float] poison, align 16

// A kernel is a ptx_kernel function; a memref is a global pointer plus one i64 per dynamic
// dimension; the block size of the launch becomes nvvm.maxntid.
// LLVM-LABEL: define ptx_kernel void @ids(
// LLVM-SAME: ptr addrspace(1) %0, i64 %1, float %2, ptr addrspace(1) %3, i64 %4) #[[IDS:[0-9]+]]
// LLVM-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.tid.x()
// LLVM-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.tid.y()
// LLVM-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
// LLVM-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
// LLVM-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
// LLVM: store i64 {{.*}}, ptr addrspace(1) {{.*}}, align 8
// LLVM: load float, ptr addrspace(1) {{.*}}, align 4

// Shared memory is an addrspace(3) global with a poison initializer; the barrier is bar.sync 0.
// LLVM-LABEL: define ptx_kernel void @reverse(ptr addrspace(1) %0)
// LLVM: store float {{.*}}, ptr addrspace(3)
// LLVM-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// LLVM: load float, ptr addrspace(3)

// scf.for, scf.if with a result and scf.while become phis; exact math becomes intrinsics.
// LLVM-LABEL: define ptx_kernel void @loops(
// LLVM: %iv = phi i64 [ 0, %entry ], [ %iv.next, %for.body ]
// LLVM: call float @llvm.fabs.f32
// LLVM: call float @llvm.sqrt.f32
// LLVM: call float @llvm.floor.f32
// LLVM: phi float [ 0.000000e+00, %if.then ]
// LLVM: while.before:
// LLVM: while.after:

// LLVM-DAG: attributes #[[IDS]] = { "nvvm.maxntid"="64,1,1" }

// PTX: .version 7.8
// PTX: .target sm_80
// PTX-LABEL: .visible .entry ids(
// PTX: .maxntid 64, 1, 1
// PTX-DAG: %tid.x
// PTX-DAG: %ctaid.x
// PTX-DAG: %ntid.x
// PTX-DAG: %nctaid.x
// PTX: st.global.b64
// PTX-LABEL: .visible .entry reverse(
// PTX: .shared .align 16 .b8 reverse_workgroup_0[1024]
// PTX: st.shared.b32
// PTX: bar.sync 0
// PTX: ld.shared.b32
// PTX-LABEL: .visible .entry loops(
// PTX: abs.f32
// PTX: sqrt.rn.f32
// PTX: cvt.rmi.f32.f32
