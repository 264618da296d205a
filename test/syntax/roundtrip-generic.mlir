// Generic op form (--mlir-print-op-generic) of ops from every dialect in the
// subset. The body of this file is in canonical custom form (a printing fixed
// point); the CHECK lines pin upstream's GENERIC printing of it:
//  - every op is `"dialect.op"(operands) <{properties}> ({regions}) {attrs} : fn-type`;
//  - properties with default values are printed too (overflow<none>,
//    fastmath<none>), and inherent attributes that are not properties stay in
//    the discardable dict (gpu.func: gpu.kernel, sym_name, workgroup_attributions);
//  - SSA ids are unique across the whole module, assigned region by region in
//    LIFO order (the LAST function is numbered first: here @k gets %arg0/%0,
//    then @second, then nested regions of @second from its last op backwards,
//    then @first);
//  - OpAsmOpInterface result names (%c0, %cst, %alloc, ...) are not used;
//  - empty regions print as `({` / `})` on two lines, declarations keep an
//    empty region, and implicit terminators (affine.yield, scf.yield) appear.
// RUN: sharc-opt %s --mlir-print-op-generic | FileCheck %s
// RUN: sharc-opt %s --mlir-print-op-generic | sharc-opt --mlir-print-op-generic | FileCheck %s
// RUN: %if mlir-opt %{ sharc-opt %s --mlir-print-op-generic | mlir-opt --mlir-print-op-generic | FileCheck %s %}
// RUN: %if mlir-opt %{ mlir-opt %s --mlir-print-op-generic | sharc-opt --mlir-print-op-generic | FileCheck %s %}
// RUN: %if mlir-opt %{ mlir-opt %s --mlir-print-op-generic > %t.generic %}
// RUN: %if mlir-opt %{ sharc-opt %s --mlir-print-op-generic | diff -u %t.generic - %}
// RUN: sed -e '/^\/\/ -----$/b' -e '/^[[:space:]]*\/\//d' %s > %t
// RUN: sharc-opt %s | diff -u %t -
// CHECK: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #map2 = affine_map<(d0) -> (d0 - 1)>
// CHECK-NEXT: #map3 = affine_map<() -> (0)>
// CHECK-NEXT: #map4 = affine_map<() -> (4)>
// CHECK-NEXT: #map5 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-NEXT: #map6 = affine_map<() -> (0, 0)>
// CHECK-NEXT: #map7 = affine_map<() -> (2, 2)>
// CHECK-NEXT: #set = affine_set<(d0) : (d0 - 1 >= 0)>
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT:   "memref.global"() <{constant, initial_value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>, sym_name = "cst", sym_visibility = "private", type = memref<2xf32>}> : () -> ()
// CHECK-NEXT:   "func.func"() <{arg_attrs = [{foo.a}], function_type = (i32) -> f32, res_attrs = [{foo.r}], sym_name = "decl", sym_visibility = "private"}> ({
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   "func.func"() <{function_type = (i32, i32, f32) -> i32, sym_name = "first"}> ({
// CHECK-NEXT:   ^bb0(%arg9: i32, %arg10: i32, %arg11: f32):
// CHECK-NEXT:     %13 = "arith.addi"(%arg9, %arg10) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT:     %14 = "arith.muli"(%13, %arg10) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
// CHECK-NEXT:     %15 = "arith.addf"(%arg11, %arg11) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT:     %16 = "arith.mulf"(%15, %arg11) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
// CHECK-NEXT:     %17 = "arith.cmpi"(%14, %arg10) <{predicate = 2 : i64}> : (i32, i32) -> i1
// CHECK-NEXT:     %18 = "arith.cmpf"(%16, %arg11) <{fastmath = #arith.fastmath<none>, predicate = 2 : i64}> : (f32, f32) -> i1
// CHECK-NEXT:     %19 = "math.sqrt"(%16) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// CHECK-NEXT:     %20 = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK-NEXT:     %21 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
// CHECK-NEXT:     "func.return"(%14) : (i32) -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   "func.func"() <{function_type = (index, index) -> (), sym_name = "second"}> ({
// CHECK-NEXT:   ^bb0(%arg2: index, %arg3: index):
// CHECK-NEXT:     %1 = "memref.alloc"(%arg2) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?x4xf32>
// CHECK-NEXT:     %2 = "memref.alloc"(%arg3) <{operandSegmentSizes = array<i32: 0, 1>}> : (index) -> memref<4xf32, #map>
// CHECK-NEXT:     %3 = "memref.subview"(%1) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 1>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>}> : (memref<?x4xf32>) -> memref<2x2xf32, strided<[4, 1], offset: 1>>
// CHECK-NEXT:     %4 = "memref.get_global"() <{name = @cst}> : () -> memref<2xf32>
// CHECK-NEXT:     "affine.for"() <{lowerBoundMap = #map3, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = #map4}> ({
// CHECK-NEXT:     ^bb0(%arg8: index):
// CHECK-NEXT:       %12 = "affine.load"(%2, %arg8) <{map = #map1}> : (memref<4xf32, #map>, index) -> f32
// CHECK-NEXT:       "affine.if"(%arg8) <{condition = #set}> ({
// CHECK-NEXT:         "affine.store"(%12, %2, %arg8) <{map = #map2}> : (f32, memref<4xf32, #map>, index) -> ()
// CHECK-NEXT:         "affine.yield"() : () -> ()
// CHECK-NEXT:       }, {
// CHECK-NEXT:       }) : (index) -> ()
// CHECK-NEXT:       "affine.yield"() : () -> ()
// CHECK-NEXT:     }) : () -> ()
// CHECK-NEXT:     %5 = "affine.parallel"() <{lowerBoundsGroups = dense<1> : tensor<2xi32>, lowerBoundsMap = #map6, reductions = [0], steps = [1, 1], upperBoundsGroups = dense<1> : tensor<2xi32>, upperBoundsMap = #map7}> ({
// CHECK-NEXT:     ^bb0(%arg6: index, %arg7: index):
// CHECK-NEXT:       %11 = "affine.load"(%3, %arg6, %arg7) <{map = #map5}> : (memref<2x2xf32, strided<[4, 1], offset: 1>>, index, index) -> f32
// CHECK-NEXT:       "affine.yield"(%11) : (f32) -> ()
// CHECK-NEXT:     }) : () -> f32
// CHECK-NEXT:     %6 = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK-NEXT:     %7 = "arith.constant"() <{value = 1 : index}> : () -> index
// CHECK-NEXT:     %8 = "scf.for"(%6, %arg2, %7, %5) ({
// CHECK-NEXT:     ^bb0(%arg4: index, %arg5: f32):
// CHECK-NEXT:       %10 = "arith.addf"(%arg5, %arg5) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT:       "scf.yield"(%10) : (f32) -> ()
// CHECK-NEXT:     }) : (index, index, index, f32) -> f32
// CHECK-NEXT:     %9 = "arith.cmpi"(%arg2, %arg3) <{predicate = 0 : i64}> : (index, index) -> i1
// CHECK-NEXT:     "scf.if"(%9) ({
// CHECK-NEXT:       "memref.store"(%8, %2, %6) : (f32, memref<4xf32, #map>, index) -> ()
// CHECK-NEXT:       "scf.yield"() : () -> ()
// CHECK-NEXT:     }, {
// CHECK-NEXT:     }) : (i1) -> ()
// CHECK-NEXT:     "memref.dealloc"(%1) : (memref<?x4xf32>) -> ()
// CHECK-NEXT:     "gpu.launch_func"(%7, %7, %7, %7, %7, %7, %arg2) <{kernel = @kernels::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 0>}> : (index, index, index, index, index, index, index) -> ()
// CHECK-NEXT:     "func.return"() : () -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   "gpu.module"() <{sym_name = "kernels"}> ({
// CHECK-NEXT:     "gpu.func"() <{function_type = (index) -> ()}> ({
// CHECK-NEXT:     ^bb0(%arg0: index, %arg1: memref<4xf32, #gpu.address_space<workgroup>>):
// CHECK-NEXT:       %0 = "gpu.thread_id"() <{dimension = #gpu<dim x>}> : () -> index
// CHECK-NEXT:       "gpu.barrier"() : () -> ()
// CHECK-NEXT:       "gpu.return"() : () -> ()
// CHECK-NEXT:     }) {gpu.kernel, sym_name = "k", workgroup_attributions = 1 : i64} : () -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }) {gpu.container_module} : () -> ()
#map = affine_map<(d0)[s0] -> (d0 + s0)>
#set = affine_set<(d0) : (d0 - 1 >= 0)>
module attributes {gpu.container_module} {
  memref.global "private" constant @cst : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]>
  func.func private @decl(i32 {foo.a}) -> (f32 {foo.r})
  func.func @first(%arg0: i32, %arg1: i32, %arg2: f32) -> i32 {
    %0 = arith.addi %arg0, %arg1 : i32
    %1 = arith.muli %0, %arg1 overflow<nsw> : i32
    %2 = arith.addf %arg2, %arg2 : f32
    %3 = arith.mulf %2, %arg2 fastmath<fast> : f32
    %4 = arith.cmpi slt, %1, %arg1 : i32
    %5 = arith.cmpf ogt, %3, %arg2 : f32
    %6 = math.sqrt %3 : f32
    %c0 = arith.constant 0 : index
    %cst = arith.constant 1.000000e+00 : f32
    return %1 : i32
  }
  func.func @second(%arg0: index, %arg1: index) {
    %alloc = memref.alloc(%arg0) : memref<?x4xf32>
    %alloc_0 = memref.alloc()[%arg1] : memref<4xf32, #map>
    %subview = memref.subview %alloc[0, 1] [2, 2] [1, 1] : memref<?x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 1>>
    %0 = memref.get_global @cst : memref<2xf32>
    affine.for %arg2 = 0 to 4 {
      %4 = affine.load %alloc_0[%arg2] : memref<4xf32, #map>
      affine.if #set(%arg2) {
        affine.store %4, %alloc_0[%arg2 - 1] : memref<4xf32, #map>
      }
    }
    %1 = affine.parallel (%arg2, %arg3) = (0, 0) to (2, 2) reduce ("addf") -> (f32) {
      %4 = affine.load %subview[%arg2, %arg3] : memref<2x2xf32, strided<[4, 1], offset: 1>>
      affine.yield %4 : f32
    }
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %2 = scf.for %arg2 = %c0 to %arg0 step %c1 iter_args(%arg3 = %1) -> (f32) {
      %4 = arith.addf %arg3, %arg3 : f32
      scf.yield %4 : f32
    }
    %3 = arith.cmpi eq, %arg0, %arg1 : index
    scf.if %3 {
      memref.store %2, %alloc_0[%c0] : memref<4xf32, #map>
    }
    memref.dealloc %alloc : memref<?x4xf32>
    gpu.launch_func  @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)  args(%arg0 : index)
    return
  }
  gpu.module @kernels {
    gpu.func @k(%arg0: index) workgroup(%arg1 : memref<4xf32, #gpu.address_space<workgroup>>) kernel {
      %thread_id_x = gpu.thread_id  x
      gpu.barrier
      gpu.return
    }
  }
}

