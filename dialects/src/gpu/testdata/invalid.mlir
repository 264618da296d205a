// Verifier messages of the gpu ops ("t.*" ops stand in for other dialects; "t.func" for a
// host function).

module {
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  "t.func"() ({
    %c1 = "t.c"() : () -> index
    // expected-error @+1 {{'gpu.launch_func' op expected the closest surrounding module to have the 'gpu.container_module' attribute}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    "t.return"() : () -> ()
  }) : () -> ()
}

// -----

module attributes {gpu.container_module} {
  "t.func"() ({
    %c1 = "t.c"() : () -> index
    // expected-error @+1 {{'gpu.launch_func' op kernel container 'nope' is undefined}}
    gpu.launch_func @nope::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    "t.return"() : () -> ()
  }) : () -> ()
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
  }
  "t.func"() ({
    %c1 = "t.c"() : () -> index
    // expected-error @+1 {{'gpu.launch_func' op kernel function '@kernels::@nope' is undefined}}
    gpu.launch_func @kernels::@nope blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    "t.return"() : () -> ()
  }) : () -> ()
}

// -----

module attributes {gpu.container_module} {
  // expected-note @+1 {{see the kernel definition here}}
  gpu.module @kernels {
  }
  "t.func"() ({
    %c1 = "t.c"() : () -> index
    // expected-error @+1 {{'gpu.launch_func' op referenced kernel '@kernels' is not a function}}
    gpu.launch_func @kernels blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    "t.return"() : () -> ()
  }) : () -> ()
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @not_kernel() {
      gpu.return
    }
  }
  "t.func"() ({
    %c1 = "t.c"() : () -> index
    // expected-error @+1 {{'gpu.launch_func' op kernel function is missing the 'gpu.kernel' attribute}}
    gpu.launch_func @kernels::@not_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    "t.return"() : () -> ()
  }) : () -> ()
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: f32, %b: f32) kernel {
      gpu.return
    }
  }
  "t.func"() ({
    %c1 = "t.c"() : () -> index
    %x = "t.x"() : () -> f32
    // expected-error @+1 {{'gpu.launch_func' op got 1 kernel operands but expected 2}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : f32)
    "t.return"() : () -> ()
  }) : () -> ()
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: f32) kernel {
      gpu.return
    }
  }
  "t.func"() ({
    %c1 = "t.c"() : () -> index
    %x = "t.x"() : () -> i32
    // expected-error @+1 {{'gpu.launch_func' op type of function argument 0 does not match}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : i32)
    "t.return"() : () -> ()
  }) : () -> ()
}

// -----

module attributes {gpu.container_module} {
  "t.func"() ({
    %c1 = "t.c"() : () -> index
    // expected-error @+1 {{'gpu.launch_func' op requires attribute 'kernel'}}
    "gpu.launch_func"(%c1, %c1, %c1, %c1, %c1, %c1) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>}> : (index, index, index, index, index, index) -> ()
    "t.return"() : () -> ()
  }) : () -> ()
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f() kernel {
      gpu.return
    }
  }
  "t.func"() ({
    %c1 = "t.c"() : () -> index
    %x = "t.x"() : () -> f32
    // expected-error @+1 {{'gpu.launch_func' op operand #0 must be index or 32-bit signless integer or 64-bit signless integer, but got 'f32'}}
    "gpu.launch_func"(%x, %c1, %c1, %c1, %c1, %c1) <{kernel = @k::@f, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>}> : (f32, index, index, index, index, index) -> ()
    "t.return"() : () -> ()
  }) : () -> ()
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f() kernel {
      gpu.return
    }
  }
  "t.func"() ({
    %c1 = "t.c"() : () -> index
    %i = "t.i"() : () -> i32
    // expected-error @+1 {{'gpu.launch_func' op failed to verify that all of {gridSizeX, gridSizeY, gridSizeZ, blockSizeX, blockSizeY, blockSizeZ} have same type}}
    "gpu.launch_func"(%i, %c1, %c1, %c1, %c1, %c1) <{kernel = @k::@f, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>}> : (i32, index, index, index, index, index) -> ()
    "t.return"() : () -> ()
  }) : () -> ()
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f() kernel {
      gpu.return
    }
  }
  "t.func"() ({
    %c1 = "t.c"() : () -> index
    // expected-error @+1 {{'gpu.launch_func' op operand #6 must be 32-bit signless integer, but got 'index'}}
    "gpu.launch_func"(%c1, %c1, %c1, %c1, %c1, %c1, %c1) <{kernel = @k::@f, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0>}> : (index, index, index, index, index, index, index) -> ()
    "t.return"() : () -> ()
  }) : () -> ()
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f() kernel {
      gpu.return
    }
  }
  "t.func"() ({
    %c1 = "t.c"() : () -> index
    // expected-error @+1 {{'gpu.launch_func' op operand count (7) does not match with the total size (6) specified in attribute 'operandSegmentSizes'}}
    "gpu.launch_func"(%c1, %c1, %c1, %c1, %c1, %c1, %c1) <{kernel = @k::@f, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>}> : (index, index, index, index, index, index, index) -> ()
    "t.return"() : () -> ()
  }) : () -> ()
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op expected void return type for kernel function}}
  gpu.func @kernel_with_result(%x: f32) -> f32 kernel {
    gpu.return %x : f32
  }
}

// -----

gpu.module @kernels {
  gpu.func @return_type(%x: f32) -> i32 {
    // expected-error @+1 {{'gpu.return' op unexpected type `'f32'' for operand #0}}
    gpu.return %x : f32
  }
}

// -----

gpu.module @kernels {
  // expected-note @+1 {{return type declared here}}
  gpu.func @return_count(%x: f32) -> f32 {
    // expected-error @+1 {{'gpu.return' op expected 1 result operands}}
    gpu.return
  }
}

// -----

// expected-error @+1 {{'gpu.func' op expects parent op 'gpu.module'}}
gpu.func @outside_gpu_module() kernel {
  gpu.return
}

// -----

"t.func"() ({
  %c1 = "t.c"() : () -> index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{'gpu.return' op expects parent op 'gpu.func'}}
    gpu.return
  }
  "t.return"() : () -> ()
}) : () -> ()

// -----

gpu.module @kernels {
  gpu.func @terminator_in_func() kernel {
    // expected-error @+1 {{'gpu.terminator' op expects parent op 'gpu.launch'}}
    gpu.terminator
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op expected memory space workgroup in attribution}}
  gpu.func @bad_workgroup() workgroup(%w: memref<4xf32, #gpu.address_space<private>>) kernel {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op expected memory space private in attribution}}
  gpu.func @bad_private() private(%p: memref<4xf32, #gpu.address_space<workgroup>>) kernel {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op expected memref type in attribution}}
  gpu.func @not_memref(%a: index) workgroup(%w: f32) {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{'gpu.func' op expected at least 1 arguments to body region}}
  "gpu.func"() <{function_type = (index) -> ()}> ({
    "gpu.return"() : () -> ()
  }) {sym_name = "x", workgroup_attributions = 0 : i64} : () -> ()
}

// -----

gpu.module @m {
  // expected-error @+1 {{'gpu.func' op expected body region argument #0 to be of type 'index', got 'f32'}}
  "gpu.func"() <{function_type = (index) -> ()}> ({
  ^bb0(%a: f32):
    "gpu.return"() : () -> ()
  }) {sym_name = "x", workgroup_attributions = 0 : i64} : () -> ()
}

// -----

gpu.module @m {
  // expected-error @+1 {{'gpu.func' op expected body with at least one block}}
  "gpu.func"() <{function_type = (index) -> ()}> ({
  }) {sym_name = "x", workgroup_attributions = 0 : i64} : () -> ()
}

// -----

gpu.module @m {
  // expected-error @+1 {{'gpu.func' op requires attribute 'function_type'}}
  "gpu.func"() ({
  ^bb0:
    "gpu.return"() : () -> ()
  }) {sym_name = "x"} : () -> ()
}

// -----

gpu.module @m {
  // expected-error @+1 {{'gpu.func' op requires string attribute 'sym_name'}}
  "gpu.func"() <{function_type = () -> ()}> ({
  ^bb0:
    "gpu.return"() : () -> ()
  }) : () -> ()
}

// -----

"t.func"() ({
  %c1 = "t.c"() : () -> index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %0 = "t.c"() : () -> index
    // expected-error @+1 {{block with no terminator, has "gpu.barrier"() : () -> ()}}
    gpu.barrier
  }
  "t.return"() : () -> ()
}) : () -> ()

// -----

"t.func"() ({
  %c1 = "t.c"() : () -> index
  // expected-note @+1 {{in 'gpu.launch' body region}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected 'gpu.terminator' or a terminator with successors}}
    "t.term"() : () -> ()
  }
  "t.return"() : () -> ()
}) : () -> ()

// -----

"t.func"() ({
  %c1 = "t.c"() : () -> index
  // expected-error @+1 {{'gpu.launch' op unexpected number of region arguments}}
  "gpu.launch"(%c1, %c1, %c1, %c1, %c1, %c1) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0>}> ({
  ^bb0(%a: index):
    gpu.terminator
  }) : (index, index, index, index, index, index) -> ()
  "t.return"() : () -> ()
}) : () -> ()

// -----

"t.func"() ({
  %c1 = "t.c"() : () -> index
  %i = "t.i"() : () -> i32
  // expected-error @+1 {{'gpu.launch' op operand #0 must be index, but got 'i32'}}
  "gpu.launch"(%i, %c1, %c1, %c1, %c1, %c1) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0>}> ({
  ^bb0(%a0: index, %a1: index, %a2: index, %a3: index, %a4: index, %a5: index, %a6: index, %a7: index, %a8: index, %a9: index, %a10: index, %a11: index):
    "gpu.terminator"() : () -> ()
  }) : (i32, index, index, index, index, index) -> ()
  "t.return"() : () -> ()
}) : () -> ()

// -----

"t.func"() ({
  %c1 = "t.c"() : () -> index
  // expected-error @+1 {{'gpu.launch' op expected memref type in attribution}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) workgroup(%w : f32) {
    gpu.terminator
  }
  "t.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'gpu.thread_id' op requires attribute 'dimension'}}
%0 = "gpu.thread_id"() : () -> index

// -----

// expected-error @+1 {{'gpu.thread_id' op requires one result}}
%0:2 = "gpu.thread_id"() <{dimension = #gpu<dim x>}> : () -> (index, index)

// -----

// expected-error @+1 {{'gpu.block_dim' op result #0 must be index, but got 'i32'}}
%0 = "gpu.block_dim"() <{dimension = #gpu<dim x>}> : () -> i32

// -----

// expected-error @+1 {{'gpu.grid_dim' op attribute 'upper_bound' failed to satisfy constraint: index attribute}}
%0 = "gpu.grid_dim"() <{dimension = #gpu<dim x>, upper_bound = 3 : i64}> : () -> index

