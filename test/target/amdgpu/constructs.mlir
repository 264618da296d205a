// RUN: sharc-translate %S/../Inputs/constructs.mlir --target=mi250x -O0 | FileCheck %s --check-prefix=LLVM
// RUN: sharc-translate %S/../Inputs/constructs.mlir --target=mi250x --emit=asm | FileCheck %s --check-prefix=ASM
// RUN: sharc-translate %S/../Inputs/constructs.mlir --target=mi250x --emit=hsaco -o %t.hsaco
// RUN: llvm-readelf --notes %t.hsaco | FileCheck %s --check-prefix=NOTES
// RUN: sharc-translate %S/../Inputs/constructs.mlir --target=mi300x --emit=hsaco -O3 -o %t.gfx942.hsaco
// RUN: llvm-readelf --notes %t.gfx942.hsaco | FileCheck %s --check-prefix=NOTES
// RUN: sharc-translate %S/../Inputs/math-exp.mlir --triple=amdgcn-amd-amdhsa --chip=gfx1100 --emit=hsaco -o %t.exp.hsaco
// RUN: not sharc-translate %S/../Inputs/math-libdevice.mlir --target=mi250x --emit=hsaco 2>&1 | FileCheck %s --check-prefix=NOOCML
// Functions the AMDGPU backend does not expand need ROCm's ocml, which sharc does not link.
// NOOCML: math-libdevice.mlir:8:12: error: 'math.powf' is not supported on amdgcn-amd-amdhsa (gfx90a): it needs a device math library (ROCm's ocml), which sharc does not link for AMDGPU
// NOOCML-NEXT: {{^}}      %p = math.powf %e, %x : f32
// RUN: llvm-readelf --notes %t.exp.hsaco | FileCheck %s --check-prefix=EXP

// Shared memory is an addrspace(3) global with a poison initializer.
// LLVM: @reverse_workgroup_0 = internal addrspace(3) global [256 x float] poison, align 16

// An amdgpu_kernel; ids from the workitem/workgroup intrinsics, sizes from the dispatch packet;
// the launch's block size bounds the flat work-group size.
// LLVM-LABEL: define amdgpu_kernel void @ids(
// LLVM-SAME: ptr addrspace(1) %0, i64 %1, float %2, ptr addrspace(1) %3, i64 %4) #[[IDS:[0-9]+]]
// LLVM-DAG: call {{.*}}i32 @llvm.amdgcn.workitem.id.x()
// LLVM-DAG: call {{.*}}i32 @llvm.amdgcn.workitem.id.y()
// LLVM-DAG: call {{.*}}i32 @llvm.amdgcn.workgroup.id.x()
// LLVM-DAG: call {{.*}}ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
// LLVM: load i16, ptr addrspace(4)
// LLVM: load i32, ptr addrspace(4)

// The barrier is s_barrier between workgroup-scope release and acquire fences.
// LLVM-LABEL: define amdgpu_kernel void @reverse(
// LLVM: store float {{.*}}, ptr addrspace(3)
// LLVM-NEXT: fence syncscope("workgroup") release
// LLVM-NEXT: call void @llvm.amdgcn.s.barrier()
// LLVM-NEXT: fence syncscope("workgroup") acquire
// LLVM: load float, ptr addrspace(3)

// LLVM-DAG: attributes #[[IDS]] = { "amdgpu-flat-work-group-size"="1,64" }

// ASM: .amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
// ASM-LABEL: reverse:
// ASM: ds_write_b32
// ASM: s_barrier
// ASM: ds_read_b32
// ASM-LABEL: loops:
// ASM: v_sqrt_f32

// NOTES: amdhsa.kernels:
// NOTES-DAG: .name: ids
// NOTES-DAG: .name: loops
// NOTES-DAG: .name: reverse
// NOTES-DAG: .group_segment_fixed_size: 1024
// NOTES-DAG: .max_flat_workgroup_size: 256

// AMDGPU expands math.exp itself.
// EXP-DAG: amdhsa.target: amdgcn-amd-amdhsa--gfx1100
// EXP-DAG: .name: e
