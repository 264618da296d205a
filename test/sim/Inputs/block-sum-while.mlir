// test/sim/gpu-block-sum.mlir with the halving loop as an scf.while whose condition every
// thread evaluates alike (the stride), and the block's partial sums combined by a second
// single-thread kernel instead of the host.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @block_sum(%in: memref<1000xf32>, %partial: memref<4xf32>)
        workgroup(%buf: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c1000 = arith.constant 1000 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %base = arith.muli %bx, %bd : index
      %g = arith.addi %base, %tx : index
      %inside = arith.cmpi ult, %g, %c1000 : index
      %v = scf.if %inside -> (f32) {
        %x = memref.load %in[%g] : memref<1000xf32>
        scf.yield %x : f32
      } else {
        scf.yield %zero : f32
      }
      memref.store %v, %buf[%tx] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %half = arith.shrui %bd, %c1 : index
      %last = scf.while (%s = %half) : (index) -> index {
        %more = arith.cmpi ugt, %s, %c0 : index
        scf.condition(%more) %s : index
      } do {
      ^bb0(%s: index):
        %low = arith.cmpi ult, %tx, %s : index
        scf.if %low {
          %o = arith.addi %tx, %s : index
          %a = memref.load %buf[%tx] : memref<256xf32, #gpu.address_space<workgroup>>
          %b = memref.load %buf[%o] : memref<256xf32, #gpu.address_space<workgroup>>
          %t = arith.addf %a, %b : f32
          memref.store %t, %buf[%tx] : memref<256xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        %n = arith.shrui %s, %c1 : index
        scf.yield %n : index
      }
      %first = arith.cmpi eq, %tx, %c0 : index
      scf.if %first {
        %r = memref.load %buf[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
        memref.store %r, %partial[%bx] : memref<4xf32>
      }
      gpu.return
    }
    gpu.func @combine(%partial: memref<4xf32>, %total: memref<1xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %zero = arith.constant 0.0 : f32
      %s = scf.for %b = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f32) {
        %v = memref.load %partial[%b] : memref<4xf32>
        %t = arith.addf %acc, %v : f32
        scf.yield %t : f32
      }
      memref.store %s, %total[%c0] : memref<1xf32>
      gpu.return
    }
  }
  func.func @main(%in: memref<1000xf32> {sharc.name = "in"}, %partial: memref<4xf32> {sharc.name = "partial"}) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c256 = arith.constant 256 : index
    %total = memref.alloc() : memref<1xf32>
    gpu.launch_func @kernels::@block_sum blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%in : memref<1000xf32>, %partial : memref<4xf32>)
    gpu.launch_func @kernels::@combine blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%partial : memref<4xf32>, %total : memref<1xf32>)
    %r = memref.load %total[%c0] : memref<1xf32>
    return %r : f32
  }
}
