// RUN: sharc-translate %S/../Inputs/constructs.mlir --target=host -O0 | FileCheck %s
// RUN: sharc-translate %S/../Inputs/constructs.mlir --target=host --emit=obj -o %t.o
// RUN: llvm-readelf -s %t.o | FileCheck %s --check-prefix=SYMS

// On the host a kernel is a C function; ids and barriers come from the runtime, every access
// is bounds-checked (a failing one goes to a sink), and an entry takes all parameters as slots.
// CHECK: target triple = "x86_64
// CHECK-DAG: @reverse_workgroup_0 = internal global [256 x float] zeroinitializer, align 16
// CHECK-LABEL: define void @ids(ptr %0, i64 %1, float %2, ptr %3, i64 %4)
// CHECK-DAG: call i64 @sharc_rt_thread_id(i32 0)
// CHECK-DAG: call i64 @sharc_rt_thread_id(i32 1)
// CHECK-DAG: call i64 @sharc_rt_block_id(i32 0)
// CHECK-DAG: call i64 @sharc_rt_block_dim(i32 0)
// CHECK-DAG: call i64 @sharc_rt_grid_dim(i32 0)
// CHECK: call void @sharc_rt_check(i1 %{{.*}}, i64 0)
// CHECK-NEXT: select i1 %{{.*}}, ptr %{{.*}}, ptr @__sharc_oob_sink
// CHECK-LABEL: define void @__sharc_host_entry_ids(ptr %0)
// CHECK: load float, ptr
// CHECK: call void @ids(
// CHECK-LABEL: define void @reverse(ptr %0)
// CHECK: call void @sharc_rt_barrier()

// SYMS-DAG: FUNC GLOBAL DEFAULT {{.*}} __sharc_host_entry_loops
// SYMS-DAG: NOTYPE GLOBAL DEFAULT UND sharc_rt_barrier
