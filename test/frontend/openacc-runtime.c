// Calls to the OpenACC runtime API manage devices and move data: on the one memory sharc runs
// programs on, they change no result, so sharcc ignores them with a remark and compiles the rest.
// RUN: sharcc %s -o %t.mlir 2> %t.remarks
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.remarks

#include <openacc.h>

// CHECK-LABEL: func.func @scale(%arg0: index {sharc.name = "n"}, %arg1: memref<?xf32> {sharc.name = "A"})
// CHECK-NEXT: affine.parallel (%{{.*}}) = (0) to (symbol(%arg0)) {
// CHECK: } {sharc.acc = "acc parallel loop copy(A[0:n])"}
// CHECK-NEXT: return
void scale(int n, float A[n]) {
  // REMARK: openacc-runtime.c:[[@LINE+3]]:3: remark: OpenACC runtime call 'acc_init' is ignored: it changes no result
  // REMARK-NEXT: {{^}}  acc_init(acc_device_nvidia);
  // REMARK-NEXT: {{^}}  ^
  acc_init(acc_device_nvidia);
  // REMARK: openacc-runtime.c:[[@LINE+1]]:3: remark: OpenACC runtime call 'acc_set_device_num' is ignored
  acc_set_device_num(0, acc_device_nvidia);
#pragma acc parallel loop copy(A[0:n])
  for (int i = 0; i < n; i++)
    A[i] = 2.0f * A[i];
  // REMARK: openacc-runtime.c:[[@LINE+1]]:3: remark: OpenACC runtime call 'acc_shutdown' is ignored
  acc_shutdown(acc_device_nvidia);
}
