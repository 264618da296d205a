// Kernels exercising each construct the code generator lowers; the tests under
// test/target/{nvptx,amdgpu,host} translate this file for their target.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // Ids and sizes, a dynamic memref (its size is a parameter), loads and stores.
    gpu.func @ids(%out: memref<?xi64>, %scale: f32, %v: memref<?xf32>) kernel {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %bdx = gpu.block_dim x
      %gdx = gpu.grid_dim x
      %t = arith.muli %bx, %bdx : index
      %g = arith.addi %t, %tx : index
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xi64>
      %in = arith.cmpi ult, %g, %n : index
      scf.if %in {
        %s = arith.addi %gdx, %ty : index
        %w = arith.index_cast %s : index to i64
        memref.store %w, %out[%g] : memref<?xi64>
        %x = memref.load %v[%g] : memref<?xf32>
        %y = arith.mulf %x, %scale : f32
        memref.store %y, %v[%g] : memref<?xf32>
      }
      gpu.return
    }
    // Shared memory (a workgroup attribution) and a barrier.
    gpu.func @reverse(%a: memref<256xf32>) workgroup(%tile: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
      %c255 = arith.constant 255 : index
      %tx = gpu.thread_id x
      %v = memref.load %a[%tx] : memref<256xf32>
      memref.store %v, %tile[%tx] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %r = arith.subi %c255, %tx : index
      %w = memref.load %tile[%r] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %w, %a[%tx] : memref<256xf32>
      gpu.return
    }
    // scf.for with an iteration value, scf.while, scf.if with a result, exact math.
    gpu.func @loops(%a: memref<64x64xf32>, %out: memref<64xf32>, %steps: memref<64xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %one = arith.constant 1 : i32
      %tx = gpu.thread_id x
      %sum = scf.for %k = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> (f32) {
        %x = memref.load %a[%tx, %k] : memref<64x64xf32>
        %ax = math.absf %x : f32
        %n = arith.addf %acc, %ax : f32
        scf.yield %n : f32
      }
      %r = math.sqrt %sum : f32
      %f = math.floor %r : f32
      %neg = arith.cmpf olt, %f, %zero : f32
      %res = scf.if %neg -> (f32) {
        scf.yield %zero : f32
      } else {
        scf.yield %f : f32
      }
      memref.store %res, %out[%tx] : memref<64xf32>
      %c100 = arith.constant 100 : i32
      %i0 = arith.index_cast %tx : index to i32
      %count = scf.while (%i = %i0, %c = %one) : (i32, i32) -> i32 {
        %more = arith.cmpi slt, %i, %c100 : i32
        scf.condition(%more) %c : i32
      } do {
      ^bb0(%c2: i32):
        %i2 = arith.muli %c2, %c2 : i32
        %c3 = arith.addi %c2, %one : i32
        scf.yield %i2, %c3 : i32, i32
      }
      memref.store %count, %steps[%tx] : memref<64xi32>
      gpu.return
    }
  }
  func.func @main(%out: memref<?xi64>, %v: memref<?xf32>, %a: memref<256xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %s = arith.constant 2.0 : f32
    gpu.launch_func @kernels::@ids blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%out : memref<?xi64>, %s : f32, %v : memref<?xf32>)
    gpu.launch_func @kernels::@reverse blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%a : memref<256xf32>)
    return
  }
}
