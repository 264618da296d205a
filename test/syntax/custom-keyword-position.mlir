// A keyword a custom op expects is reported at the token found instead (as
// upstream's parseKeyword does), not after the previous token.
// RUN: not sharc-opt %s -split-input-file 2>&1 | FileCheck %s --strict-whitespace
// CHECK: {{.*}}custom-keyword-position.mlir:18:21: error:
// CHECK-NEXT: {{^}}  scf.for %i = %a   too %a step %a {{{$}}
// CHECK-NEXT: {{^}}                    ^{{$}}
// CHECK: {{.*}}custom-keyword-position.mlir:28:6: error:
// CHECK-NEXT: {{^}}  }  done {{{$}}
// CHECK-NEXT: {{^}}     ^{{$}}
// CHECK: {{.*}}custom-keyword-position.mlir:37:37: error:
// CHECK-NEXT: {{^}}  gpu.launch blocks(%bx, %by, %bz)  on (%gx = %a, %gy = %a, %gz = %a) threads(%tx, %ty, %tz) in (%sx = %a, %sy = %a, %sz = %a) {{{$}}
// CHECK-NEXT: {{^}}                                    ^{{$}}
// CHECK: {{.*}}custom-keyword-position.mlir:47:30: error:
// CHECK-NEXT: {{^}}    gpu.launch_func @m::@k   blocs in (%a, %a, %a) threads in (%a, %a, %a){{$}}
// CHECK-NEXT: {{^}}                             ^{{$}}

func.func @for_without_to(%a: index) {
  scf.for %i = %a   too %a step %a {
  }
  return
}

// -----

func.func @while_without_do(%c: i1) {
  scf.while : () -> () {
    scf.condition(%c)
  }  done {
    scf.yield
  }
  return
}

// -----

func.func @launch_without_in(%a: index) {
  gpu.launch blocks(%bx, %by, %bz)  on (%gx = %a, %gy = %a, %gz = %a) threads(%tx, %ty, %tz) in (%sx = %a, %sy = %a, %sz = %a) {
    gpu.terminator
  }
  return
}

// -----

module attributes {gpu.container_module} {
  func.func @launch_func_without_blocks(%a: index) {
    gpu.launch_func @m::@k   blocs in (%a, %a, %a) threads in (%a, %a, %a)
    return
  }
}
