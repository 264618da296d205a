// PolyBench stencils give the same bits as the same programs in C: jacobi-1d and fdtd-2d in
// f32, seidel-2d (in-place, nine-point) and heat-3d (a called sweep function on rank-3
// memrefs, with the buffers swapped between calls) in f64.
// RUN: cc -std=c11 -O0 -ffp-contract=off -I %S/Inputs %S/Inputs/stencils.c -o %t.exe
// RUN: rm -rf %t && mkdir -p %t/in %t/c && %t.exe %t
// RUN: sharc-run %s --entry=jacobi1d --arg=A=@%t/in/jacobi1d/A.npy --arg=B=@%t/in/jacobi1d/B.npy --dump=%t/sim/jacobi1d
// RUN: cmp %t/c/jacobi1d/A.npy %t/sim/jacobi1d/A.npy
// RUN: cmp %t/c/jacobi1d/B.npy %t/sim/jacobi1d/B.npy
// RUN: sharc-run %s --entry=seidel2d --arg=A=@%t/in/seidel2d/A.npy --dump=%t/sim/seidel2d
// RUN: cmp %t/c/seidel2d/A.npy %t/sim/seidel2d/A.npy
// RUN: sharc-run %s --entry=fdtd2d --arg=ex=@%t/in/fdtd2d/ex.npy --arg=ey=@%t/in/fdtd2d/ey.npy --arg=hz=@%t/in/fdtd2d/hz.npy --arg=fict=@%t/in/fdtd2d/fict.npy --dump=%t/sim/fdtd2d
// RUN: cmp %t/c/fdtd2d/ex.npy %t/sim/fdtd2d/ex.npy
// RUN: cmp %t/c/fdtd2d/ey.npy %t/sim/fdtd2d/ey.npy
// RUN: cmp %t/c/fdtd2d/hz.npy %t/sim/fdtd2d/hz.npy
// RUN: sharc-run %s --entry=heat3d --arg=A=@%t/in/heat3d/A.npy --arg=B=@%t/in/heat3d/B.npy --dump=%t/sim/heat3d
// RUN: cmp %t/c/heat3d/A.npy %t/sim/heat3d/A.npy
// RUN: cmp %t/c/heat3d/B.npy %t/sim/heat3d/B.npy

func.func @jacobi1d(%A: memref<30xf32> {sharc.name = "A"}, %B: memref<30xf32> {sharc.name = "B"}) {
  %third = arith.constant 0.33333 : f32
  affine.for %t = 0 to 8 {
    affine.for %i = 1 to 29 {
      %a = affine.load %A[%i - 1] : memref<30xf32>
      %b = affine.load %A[%i] : memref<30xf32>
      %c = affine.load %A[%i + 1] : memref<30xf32>
      %s0 = arith.addf %a, %b : f32
      %s1 = arith.addf %s0, %c : f32
      %r = arith.mulf %third, %s1 : f32
      affine.store %r, %B[%i] : memref<30xf32>
    }
    affine.for %i = 1 to 29 {
      %a = affine.load %B[%i - 1] : memref<30xf32>
      %b = affine.load %B[%i] : memref<30xf32>
      %c = affine.load %B[%i + 1] : memref<30xf32>
      %s0 = arith.addf %a, %b : f32
      %s1 = arith.addf %s0, %c : f32
      %r = arith.mulf %third, %s1 : f32
      affine.store %r, %A[%i] : memref<30xf32>
    }
  }
  return
}

func.func @seidel2d(%A: memref<14x14xf64> {sharc.name = "A"}) {
  %nine = arith.constant 9.0 : f64
  affine.for %t = 0 to 5 {
    affine.for %i = 1 to 13 {
      affine.for %j = 1 to 13 {
        %0 = affine.load %A[%i - 1, %j - 1] : memref<14x14xf64>
        %1 = affine.load %A[%i - 1, %j] : memref<14x14xf64>
        %2 = affine.load %A[%i - 1, %j + 1] : memref<14x14xf64>
        %3 = affine.load %A[%i, %j - 1] : memref<14x14xf64>
        %4 = affine.load %A[%i, %j] : memref<14x14xf64>
        %5 = affine.load %A[%i, %j + 1] : memref<14x14xf64>
        %6 = affine.load %A[%i + 1, %j - 1] : memref<14x14xf64>
        %7 = affine.load %A[%i + 1, %j] : memref<14x14xf64>
        %8 = affine.load %A[%i + 1, %j + 1] : memref<14x14xf64>
        %s1 = arith.addf %0, %1 : f64
        %s2 = arith.addf %s1, %2 : f64
        %s3 = arith.addf %s2, %3 : f64
        %s4 = arith.addf %s3, %4 : f64
        %s5 = arith.addf %s4, %5 : f64
        %s6 = arith.addf %s5, %6 : f64
        %s7 = arith.addf %s6, %7 : f64
        %s8 = arith.addf %s7, %8 : f64
        %r = arith.divf %s8, %nine : f64
        affine.store %r, %A[%i, %j] : memref<14x14xf64>
      }
    }
  }
  return
}

func.func @fdtd2d(%ex: memref<12x14xf32> {sharc.name = "ex"}, %ey: memref<12x14xf32> {sharc.name = "ey"},
                  %hz: memref<12x14xf32> {sharc.name = "hz"}, %fict: memref<6xf32> {sharc.name = "fict"}) {
  %half = arith.constant 0.5 : f32
  %c07 = arith.constant 0.7 : f32
  affine.for %t = 0 to 6 {
    affine.for %j = 0 to 14 {
      %f = affine.load %fict[%t] : memref<6xf32>
      affine.store %f, %ey[0, %j] : memref<12x14xf32>
    }
    affine.for %i = 1 to 12 {
      affine.for %j = 0 to 14 {
        %e = affine.load %ey[%i, %j] : memref<12x14xf32>
        %h0 = affine.load %hz[%i, %j] : memref<12x14xf32>
        %h1 = affine.load %hz[%i - 1, %j] : memref<12x14xf32>
        %d = arith.subf %h0, %h1 : f32
        %m = arith.mulf %half, %d : f32
        %r = arith.subf %e, %m : f32
        affine.store %r, %ey[%i, %j] : memref<12x14xf32>
      }
    }
    affine.for %i = 0 to 12 {
      affine.for %j = 1 to 14 {
        %e = affine.load %ex[%i, %j] : memref<12x14xf32>
        %h0 = affine.load %hz[%i, %j] : memref<12x14xf32>
        %h1 = affine.load %hz[%i, %j - 1] : memref<12x14xf32>
        %d = arith.subf %h0, %h1 : f32
        %m = arith.mulf %half, %d : f32
        %r = arith.subf %e, %m : f32
        affine.store %r, %ex[%i, %j] : memref<12x14xf32>
      }
    }
    affine.for %i = 0 to 11 {
      affine.for %j = 0 to 13 {
        %h = affine.load %hz[%i, %j] : memref<12x14xf32>
        %x1 = affine.load %ex[%i, %j + 1] : memref<12x14xf32>
        %x0 = affine.load %ex[%i, %j] : memref<12x14xf32>
        %y1 = affine.load %ey[%i + 1, %j] : memref<12x14xf32>
        %y0 = affine.load %ey[%i, %j] : memref<12x14xf32>
        %d0 = arith.subf %x1, %x0 : f32
        %d1 = arith.addf %d0, %y1 : f32
        %d2 = arith.subf %d1, %y0 : f32
        %m = arith.mulf %c07, %d2 : f32
        %r = arith.subf %h, %m : f32
        affine.store %r, %hz[%i, %j] : memref<12x14xf32>
      }
    }
  }
  return
}

func.func private @heat_step(%a: memref<8x8x8xf64>, %b: memref<8x8x8xf64>) {
  %eighth = arith.constant 0.125 : f64
  %two = arith.constant 2.0 : f64
  affine.for %i = 1 to 7 {
    affine.for %j = 1 to 7 {
      affine.for %k = 1 to 7 {
        %c = affine.load %a[%i, %j, %k] : memref<8x8x8xf64>
        %c2 = arith.mulf %two, %c : f64
        %xp = affine.load %a[%i + 1, %j, %k] : memref<8x8x8xf64>
        %xm = affine.load %a[%i - 1, %j, %k] : memref<8x8x8xf64>
        %x0 = arith.subf %xp, %c2 : f64
        %x1 = arith.addf %x0, %xm : f64
        %x = arith.mulf %eighth, %x1 : f64
        %yp = affine.load %a[%i, %j + 1, %k] : memref<8x8x8xf64>
        %ym = affine.load %a[%i, %j - 1, %k] : memref<8x8x8xf64>
        %y0 = arith.subf %yp, %c2 : f64
        %y1 = arith.addf %y0, %ym : f64
        %y = arith.mulf %eighth, %y1 : f64
        %zp = affine.load %a[%i, %j, %k + 1] : memref<8x8x8xf64>
        %zm = affine.load %a[%i, %j, %k - 1] : memref<8x8x8xf64>
        %z0 = arith.subf %zp, %c2 : f64
        %z1 = arith.addf %z0, %zm : f64
        %z = arith.mulf %eighth, %z1 : f64
        %s0 = arith.addf %x, %y : f64
        %s1 = arith.addf %s0, %z : f64
        %s2 = arith.addf %s1, %c : f64
        affine.store %s2, %b[%i, %j, %k] : memref<8x8x8xf64>
      }
    }
  }
  return
}

func.func @heat3d(%A: memref<8x8x8xf64> {sharc.name = "A"}, %B: memref<8x8x8xf64> {sharc.name = "B"}) {
  affine.for %t = 1 to 5 {
    func.call @heat_step(%A, %B) : (memref<8x8x8xf64>, memref<8x8x8xf64>) -> ()
    func.call @heat_step(%B, %A) : (memref<8x8x8xf64>, memref<8x8x8xf64>) -> ()
  }
  return
}
