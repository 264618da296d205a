// The launch trace of a program with two kernels (test/sim/launches.mlir: @scale three times from
// a host loop, then @zero): one upload before the first launch, none after (no host code writes
// the buffer), the four launches in order, and the expected output equals the simulator's.
// RUN: rm -rf %t && mkdir -p %t
// RUN: sharc-run %S/../sim/launches.mlir --entry=main --random-inputs=4 --launch-trace=%t/two.json --dump=%t/sim
// RUN: FileCheck %s < %t/two.json
// RUN: cmp %t/two.expected.arg0.npy %t/sim/arg0.npy
// RUN: sharc-translate %S/../sim/launches.mlir --target=h100 --emit=ptx -o %t/two.ptx
// RUN: sharc-gpu-run %t/two.json --ptx=%t/two.ptx --dry-run | FileCheck %s --check-prefix=DRY

// CHECK:      "events": [
// CHECK-NEXT:   {"op":"upload","buffer":0,"file":"two.upload0.npy"},
// CHECK-NEXT:   {"op":"launch","kernel":"scale","grid":[1,1,1],"block":[32,1,1],"shared_bytes":0,"args":[{"kind":"buffer","buffer":0,"offset":0,"elems":32}]},
// CHECK-NEXT:   {"op":"launch","kernel":"scale",
// CHECK-NEXT:   {"op":"launch","kernel":"scale",
// CHECK-NEXT:   {"op":"launch","kernel":"zero","grid":[1,1,1],"block":[32,1,1],"shared_bytes":0,"args":[{"kind":"buffer","buffer":0,"offset":0,"elems":32}]}
// CHECK-NEXT: ],
// CHECK-NEXT: "outputs": [
// CHECK-NEXT:   {"name":"arg0","buffer":0,"file":"two.expected.arg0.npy"}

// DRY: 1 buffers (128 bytes), 4 launches of 2 kernels (scale, zero), 1 uploads, 1 outputs
// DRY: ptx {{.*}}two.ptx (sm_90): 2 kernels, consistent with the trace
