// RUN: sharc-opt %s -split-input-file -verify-diagnostics

// gpu.launch_func requires `gpu.container_module` on the enclosing module.
// (NB: gpu.barrier has no parent restriction in MLIR 22; it is accepted even
// in a host func.func, so there is no negative test for it.)
module {
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @no_container(%c1: index) {
    // expected-error @+1 {{'gpu.launch_func' op expected the closest surrounding module to have the 'gpu.container_module' attribute}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

// gpu.launch_func of an undefined kernel module.
module attributes {gpu.container_module} {
  func.func @unknown_module(%c1: index) {
    // expected-error @+1 {{'gpu.launch_func' op kernel container 'nope' is undefined}}
    gpu.launch_func @nope::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

// gpu.launch_func of an undefined kernel function.
module attributes {gpu.container_module} {
  gpu.module @kernels {
  }
  func.func @unknown_kernel(%c1: index) {
    // expected-error @+1 {{'gpu.launch_func' op kernel function '@kernels::@nope' is undefined}}
    gpu.launch_func @kernels::@nope blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

// gpu.launch_func target must carry the `kernel` attribute.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @not_kernel() {
      gpu.return
    }
  }
  func.func @launch_non_kernel(%c1: index) {
    // expected-error @+1 {{'gpu.launch_func' op kernel function is missing the 'gpu.kernel' attribute}}
    gpu.launch_func @kernels::@not_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

// gpu.launch_func kernel operand count must match the kernel signature.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: f32, %b: f32) kernel {
      gpu.return
    }
  }
  func.func @arg_count(%c1: index, %x: f32) {
    // expected-error @+1 {{'gpu.launch_func' op got 1 kernel operands but expected 2}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : f32)
    return
  }
}

// -----

// gpu.launch_func kernel operand types must match the kernel signature.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: f32) kernel {
      gpu.return
    }
  }
  func.func @arg_type(%c1: index, %x: i32) {
    // expected-error @+1 {{'gpu.launch_func' op type of function argument 0 does not match}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : i32)
    return
  }
}

// -----

// A kernel gpu.func may not return values.
gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op expected void return type for kernel function}}
  gpu.func @kernel_with_result(%x: f32) -> f32 kernel {
    gpu.return %x : f32
  }
}

// -----

// gpu.return operands must match the gpu.func result types.
gpu.module @kernels {
  gpu.func @return_type(%x: f32) -> i32 {
    // expected-error @+1 {{'gpu.return' op unexpected type `'f32'' for operand #0}}
    gpu.return %x : f32
  }
}

// -----

// gpu.func must be nested in a gpu.module.
// expected-error @+1 {{'gpu.func' op expects parent op 'gpu.module'}}
gpu.func @outside_gpu_module() kernel {
  gpu.return
}

// -----

// gpu.return may only terminate gpu.func (not gpu.launch).
func.func @return_in_launch(%c1: index) {
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{'gpu.return' op expects parent op 'gpu.func'}}
    gpu.return
  }
  return
}

// -----

// gpu.terminator may only terminate gpu.launch.
gpu.module @kernels {
  gpu.func @terminator_in_func() kernel {
    // expected-error @+1 {{'gpu.terminator' op expects parent op 'gpu.launch'}}
    gpu.terminator
  }
}

// -----

// gpu.launch body must end with a terminator.
func.func @launch_no_terminator(%c1: index) {
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{block with no terminator, has %0 = "arith.constant"() <{value = 0 : index}> : () -> index}}
    %0 = arith.constant 0 : index
  }
  return
}

// -----

// Workgroup attributions must be in the workgroup address space.
gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op expected memory space workgroup in attribution}}
  gpu.func @bad_workgroup() workgroup(%w: memref<4xf32, #gpu.address_space<private>>) kernel {
    gpu.return
  }
}

// -----

// Private attributions must be in the private address space.
gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op expected memory space private in attribution}}
  gpu.func @bad_private() private(%p: memref<4xf32, #gpu.address_space<workgroup>>) kernel {
    gpu.return
  }
}

// -----

// gpu.thread_id requires its dimension (generic form). (The custom form with a bad
// keyword, `gpu.thread_id w`, gets two errors upstream, the second about the attribute
// parameter; sharc reports the first only, so that case is a unit test of the dialect.)
func.func @missing_dimension() {
  // expected-error @+1 {{'gpu.thread_id' op requires attribute 'dimension'}}
  %0 = "gpu.thread_id"() : () -> index
  return
}

// -----

// Index ops return an index (generic form).
func.func @index_op_result_type() {
  // expected-error @+1 {{'gpu.block_dim' op result #0 must be index, but got 'i32'}}
  %0 = "gpu.block_dim"() <{dimension = #gpu<dim x>}> : () -> i32
  return
}

// -----

// gpu.launch grid sizes must be index values (generic form).
func.func @launch_bad_size_type(%c1: index, %i: i32) {
  // expected-error @+1 {{'gpu.launch' op operand #0 must be index, but got 'i32'}}
  "gpu.launch"(%i, %c1, %c1, %c1, %c1, %c1) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0>}> ({
  ^bb0(%a0: index, %a1: index, %a2: index, %a3: index, %a4: index, %a5: index, %a6: index, %a7: index, %a8: index, %a9: index, %a10: index, %a11: index):
    "gpu.terminator"() : () -> ()
  }) : (i32, index, index, index, index, index) -> ()
  return
}

// -----

// The kernel symbol must name a function.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-note @+1 {{see the kernel definition here}}
    memref.global "private" @k : memref<4xi32>
  }
  func.func @launch_non_function(%n: index) {
    // expected-error @+1 {{'gpu.launch_func' op referenced kernel '@kernels::@k' is not a function}}
    gpu.launch_func @kernels::@k blocks in (%n, %n, %n) threads in (%n, %n, %n)
    return
  }
}

// -----

// gpu.launch_func takes at least the six size operands (checked before attributes).
module attributes {gpu.container_module} {
  func.func @launch_func_few_operands(%n: index) {
    // expected-error @+1 {{'gpu.launch_func' op expected 6 or more operands, but found 3}}
    "gpu.launch_func"(%n, %n, %n) : (index, index, index) -> ()
    return
  }
}

// -----

// gpu.func arguments must be named.
gpu.module @unnamed_args {
  // expected-error @+1 {{custom op 'gpu.func' gpu.func requires named arguments}}
  gpu.func @k(f32, f32) {
    gpu.return
  }
}

// -----

// Kernel operands take no attributes.
module attributes {gpu.container_module} {
  func.func @launch_arg_attr(%n: index) {
    // expected-error @+1 {{expected ')' in argument list}}
    gpu.launch_func @m::@k blocks in (%n, %n, %n) threads in (%n, %n, %n) args(%n : index {foo})
    return
  }
}

// -----

// Launch size names are region arguments: no result numbers.
func.func @launch_result_number(%n: index) {
  // expected-error @+1 {{result number not allowed in argument list}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx#1 = %n, %gy = %n, %gz = %n) threads(%tx, %ty, %tz) in (%sx = %n, %sy = %n, %sz = %n) {
    gpu.terminator
  }
  return
}

// -----

// gpu.launch's module name is a symbol reference attribute.
func.func @launch_module_name(%n: index) {
  // expected-error @+1 {{custom op 'gpu.launch' invalid kind of attribute specified}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %n, %gz = %n) threads(%tx, %ty, %tz) in (%sx = %n, %sy = %n, %sz = %n) module("m") {
    gpu.terminator
  }
  return
}
