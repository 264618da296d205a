// RUN: sharc-opt %s -split-input-file | FileCheck %s
// RUN: sharc-opt %s -split-input-file | sharc-opt -split-input-file | FileCheck %s
// RUN: %if mlir-opt %{ sharc-opt %s -split-input-file | mlir-opt -split-input-file | FileCheck %s %}
// RUN: sharc-opt %s -split-input-file --mlir-print-op-generic | sharc-opt -split-input-file | FileCheck %s
// RUN: sed -e '/^\/\/ -----$/b' -e '/^[[:space:]]*\/\//d' %s > %t
// RUN: sharc-opt %s -split-input-file | diff -u %t -
// CHECK: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1)[s0, s1] -> (d0 * s0 + d1 + s1)>
// CHECK-NEXT: module {
#map = affine_map<(d0)[s0] -> (d0 + s0)>
#map1 = affine_map<(d0, d1)[s0, s1] -> (d0 * s0 + d1 + s1)>
module {
  // memref.alloc / alloca / dealloc: static shapes, dynamic dims, alignment,
  // memory spaces.
  // CHECK-LABEL: func.func @alloc_static() {
  // CHECK-NEXT:   %alloc = memref.alloc() : memref<1024x1024xf32>
  // CHECK-NEXT:   %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<16xi8>
  // CHECK-NEXT:   %alloca = memref.alloca() : memref<4x4xf64>
  // CHECK-NEXT:   %alloca_1 = memref.alloca() {alignment = 16 : i64} : memref<8xi32, 3>
  // CHECK-NEXT:   %alloc_2 = memref.alloc() : memref<f32>
  // CHECK-NEXT:   %alloc_3 = memref.alloc() : memref<32xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT:   memref.dealloc %alloc : memref<1024x1024xf32>
  // CHECK-NEXT:   memref.dealloc %alloc_0 : memref<16xi8>
  // CHECK-NEXT:   memref.dealloc %alloc_2 : memref<f32>
  // CHECK-NEXT:   memref.dealloc %alloc_3 : memref<32xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @alloc_static() {
    %alloc = memref.alloc() : memref<1024x1024xf32>
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<16xi8>
    %alloca = memref.alloca() : memref<4x4xf64>
    %alloca_1 = memref.alloca() {alignment = 16 : i64} : memref<8xi32, 3>
    %alloc_2 = memref.alloc() : memref<f32>
    %alloc_3 = memref.alloc() : memref<32xf32, #gpu.address_space<workgroup>>
    memref.dealloc %alloc : memref<1024x1024xf32>
    memref.dealloc %alloc_0 : memref<16xi8>
    memref.dealloc %alloc_2 : memref<f32>
    memref.dealloc %alloc_3 : memref<32xf32, #gpu.address_space<workgroup>>
    return
  }
  // Dynamic dimension operands in parentheses, in order of the `?` dims.
  // CHECK-LABEL: func.func @alloc_dynamic(%arg0: index, %arg1: index) -> memref<?x8x?xf32> {
  // CHECK-NEXT:   %alloc = memref.alloc(%arg0, %arg1) : memref<?x8x?xf32>
  // CHECK-NEXT:   %alloca = memref.alloca(%arg0) : memref<?xi64>
  // CHECK-NEXT:   %alloc_0 = memref.alloc(%arg1) {alignment = 128 : i64} : memref<?xf16, 1>
  // CHECK-NEXT:   memref.dealloc %alloc_0 : memref<?xf16, 1>
  // CHECK-NEXT:   return %alloc : memref<?x8x?xf32>
  // CHECK-NEXT: }
  func.func @alloc_dynamic(%arg0: index, %arg1: index) -> memref<?x8x?xf32> {
    %alloc = memref.alloc(%arg0, %arg1) : memref<?x8x?xf32>
    %alloca = memref.alloca(%arg0) : memref<?xi64>
    %alloc_0 = memref.alloc(%arg1) {alignment = 128 : i64} : memref<?xf16, 1>
    memref.dealloc %alloc_0 : memref<?xf16, 1>
    return %alloc : memref<?x8x?xf32>
  }
  // Symbol operands (square brackets) bind the layout map's symbols.
  // CHECK-LABEL: func.func @alloc_symbols(%arg0: index, %arg1: index) {
  // CHECK-NEXT:   %alloc = memref.alloc()[%arg1] : memref<64xf32, #map>
  // CHECK-NEXT:   %alloc_0 = memref.alloc(%arg0)[%arg1] : memref<?xf32, #map>
  // CHECK-NEXT:   %alloca = memref.alloca()[%arg1, %arg0] : memref<4x4xf32, #map1>
  // CHECK-NEXT:   memref.dealloc %alloc : memref<64xf32, #map>
  // CHECK-NEXT:   memref.dealloc %alloc_0 : memref<?xf32, #map>
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @alloc_symbols(%arg0: index, %arg1: index) {
    %alloc = memref.alloc()[%arg1] : memref<64xf32, #map>
    %alloc_0 = memref.alloc(%arg0)[%arg1] : memref<?xf32, #map>
    %alloca = memref.alloca()[%arg1, %arg0] : memref<4x4xf32, #map1>
    memref.dealloc %alloc : memref<64xf32, #map>
    memref.dealloc %alloc_0 : memref<?xf32, #map>
    return
  }
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // memref.load / memref.store, incl. 0-d memrefs and the nontemporal flag
  // (`nontemporal = true` is printed, `nontemporal = false` is elided).
  // CHECK-LABEL: func.func @load_store(%arg0: memref<4x4xf32>, %arg1: memref<f32>, %arg2: index, %arg3: index) {
  // CHECK-NEXT:   %0 = memref.load %arg0[%arg2, %arg3] : memref<4x4xf32>
  // CHECK-NEXT:   %1 = memref.load %arg1[] : memref<f32>
  // CHECK-NEXT:   %2 = arith.addf %0, %1 : f32
  // CHECK-NEXT:   memref.store %2, %arg0[%arg3, %arg2] : memref<4x4xf32>
  // CHECK-NEXT:   memref.store %2, %arg1[] : memref<f32>
  // CHECK-NEXT:   %3 = memref.load %arg0[%arg2, %arg2] {nontemporal = true} : memref<4x4xf32>
  // CHECK-NEXT:   memref.store %3, %arg0[%arg2, %arg2] : memref<4x4xf32>
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @load_store(%arg0: memref<4x4xf32>, %arg1: memref<f32>, %arg2: index, %arg3: index) {
    %0 = memref.load %arg0[%arg2, %arg3] : memref<4x4xf32>
    %1 = memref.load %arg1[] : memref<f32>
    %2 = arith.addf %0, %1 : f32
    memref.store %2, %arg0[%arg3, %arg2] : memref<4x4xf32>
    memref.store %2, %arg1[] : memref<f32>
    %3 = memref.load %arg0[%arg2, %arg2] {nontemporal = true} : memref<4x4xf32>
    memref.store %3, %arg0[%arg2, %arg2] : memref<4x4xf32>
    return
  }
  // memref.dim with constant and dynamic index.
  // CHECK-LABEL: func.func @dim(%arg0: memref<?x?xf32>, %arg1: index) -> (index, index, index) {
  // CHECK-NEXT:   %c0 = arith.constant 0 : index
  // CHECK-NEXT:   %c1 = arith.constant 1 : index
  // CHECK-NEXT:   %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
  // CHECK-NEXT:   %dim_0 = memref.dim %arg0, %c1 : memref<?x?xf32>
  // CHECK-NEXT:   %dim_1 = memref.dim %arg0, %arg1 : memref<?x?xf32>
  // CHECK-NEXT:   return %dim, %dim_0, %dim_1 : index, index, index
  // CHECK-NEXT: }
  func.func @dim(%arg0: memref<?x?xf32>, %arg1: index) -> (index, index, index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
    %dim_0 = memref.dim %arg0, %c1 : memref<?x?xf32>
    %dim_1 = memref.dim %arg0, %arg1 : memref<?x?xf32>
    return %dim, %dim_0, %dim_1 : index, index, index
  }
  // memref.cast between static, dynamic, unranked, and strided layouts.
  // CHECK-LABEL: func.func @cast(%arg0: memref<4x?xf32>, %arg1: memref<*xf32>, %arg2: memref<12x4xf32, strided<[4, 1], offset: 5>>) {
  // CHECK-NEXT:   %cast = memref.cast %arg0 : memref<4x?xf32> to memref<?x?xf32>
  // CHECK-NEXT:   %cast_0 = memref.cast %cast : memref<?x?xf32> to memref<4x8xf32>
  // CHECK-NEXT:   %cast_1 = memref.cast %cast_0 : memref<4x8xf32> to memref<*xf32>
  // CHECK-NEXT:   %cast_2 = memref.cast %arg1 : memref<*xf32> to memref<?xf32>
  // CHECK-NEXT:   %cast_3 = memref.cast %arg2 : memref<12x4xf32, strided<[4, 1], offset: 5>> to memref<12x4xf32, strided<[?, ?], offset: ?>>
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @cast(%arg0: memref<4x?xf32>, %arg1: memref<*xf32>, %arg2: memref<12x4xf32, strided<[4, 1], offset: 5>>) {
    %cast = memref.cast %arg0 : memref<4x?xf32> to memref<?x?xf32>
    %cast_0 = memref.cast %cast : memref<?x?xf32> to memref<4x8xf32>
    %cast_1 = memref.cast %cast_0 : memref<4x8xf32> to memref<*xf32>
    %cast_2 = memref.cast %arg1 : memref<*xf32> to memref<?xf32>
    %cast_3 = memref.cast %arg2 : memref<12x4xf32, strided<[4, 1], offset: 5>> to memref<12x4xf32, strided<[?, ?], offset: ?>>
    return
  }
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // memref.subview with static offsets/sizes/strides; result has a strided layout.
  // CHECK-LABEL: func.func @subview_static(%arg0: memref<64x64xf32>) -> memref<8x16xf32, strided<[64, 1], offset: 136>> {
  // CHECK-NEXT:   %subview = memref.subview %arg0[2, 8] [8, 16] [1, 1] : memref<64x64xf32> to memref<8x16xf32, strided<[64, 1], offset: 136>>
  // CHECK-NEXT:   return %subview : memref<8x16xf32, strided<[64, 1], offset: 136>>
  // CHECK-NEXT: }
  func.func @subview_static(%arg0: memref<64x64xf32>) -> memref<8x16xf32, strided<[64, 1], offset: 136>> {
    %subview = memref.subview %arg0[2, 8] [8, 16] [1, 1] : memref<64x64xf32> to memref<8x16xf32, strided<[64, 1], offset: 136>>
    return %subview : memref<8x16xf32, strided<[64, 1], offset: 136>>
  }
  // memref.subview with dynamic offsets, sizes and strides (mixed with static).
  // CHECK-LABEL: func.func @subview_dynamic(%arg0: memref<?x?xf32>, %arg1: index, %arg2: index, %arg3: index) {
  // CHECK-NEXT:   %subview = memref.subview %arg0[%arg1, 4] [%arg2, 8] [1, %arg3] : memref<?x?xf32> to memref<?x8xf32, strided<[?, ?], offset: ?>>
  // CHECK-NEXT:   %subview_0 = memref.subview %arg0[%arg1, %arg1] [%arg2, %arg2] [%arg3, %arg3] : memref<?x?xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @subview_dynamic(%arg0: memref<?x?xf32>, %arg1: index, %arg2: index, %arg3: index) {
    %subview = memref.subview %arg0[%arg1, 4] [%arg2, 8] [1, %arg3] : memref<?x?xf32> to memref<?x8xf32, strided<[?, ?], offset: ?>>
    %subview_0 = memref.subview %arg0[%arg1, %arg1] [%arg2, %arg2] [%arg3, %arg3] : memref<?x?xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
    return
  }
  // Rank-reducing subview, subview of a subview, and strided input layout.
  // CHECK-LABEL: func.func @subview_rank_reducing(%arg0: memref<8x16x4xf32>, %arg1: memref<16x16xf32, strided<[32, 2], offset: 8>>) {
  // CHECK-NEXT:   %subview = memref.subview %arg0[0, 0, 0] [1, 16, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<16x4xf32>
  // CHECK-NEXT:   %subview_0 = memref.subview %subview[2, 0] [4, 4] [2, 1] : memref<16x4xf32> to memref<4x4xf32, strided<[8, 1], offset: 8>>
  // CHECK-NEXT:   %subview_1 = memref.subview %arg1[1, 1] [4, 4] [1, 1] : memref<16x16xf32, strided<[32, 2], offset: 8>> to memref<4x4xf32, strided<[32, 2], offset: 42>>
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @subview_rank_reducing(%arg0: memref<8x16x4xf32>, %arg1: memref<16x16xf32, strided<[32, 2], offset: 8>>) {
    %subview = memref.subview %arg0[0, 0, 0] [1, 16, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<16x4xf32>
    %subview_0 = memref.subview %subview[2, 0] [4, 4] [2, 1] : memref<16x4xf32> to memref<4x4xf32, strided<[8, 1], offset: 8>>
    %subview_1 = memref.subview %arg1[1, 1] [4, 4] [1, 1] : memref<16x16xf32, strided<[32, 2], offset: 8>> to memref<4x4xf32, strided<[32, 2], offset: 42>>
    return
  }
  // memref.reinterpret_cast: a flat buffer viewed with a row pitch (identity result layout),
  // static and mixed lists, a strided result, an unranked source.
  // CHECK-LABEL: func.func @reinterpret_cast(%arg0: memref<?xf32>, %arg1: index, %arg2: index, %arg3: memref<*xi32>) {
  // CHECK-NEXT:   %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [%arg2, %arg1], strides: [%arg1, 1] : memref<?xf32> to memref<?x?xf32>
  // CHECK-NEXT:   %reinterpret_cast_0 = memref.reinterpret_cast %arg0 to offset: [4], sizes: [2, 8], strides: [8, 1] : memref<?xf32> to memref<2x8xf32, strided<[8, 1], offset: 4>>
  // CHECK-NEXT:   %reinterpret_cast_1 = memref.reinterpret_cast %arg0 to offset: [%arg1], sizes: [4], strides: [%arg2] : memref<?xf32> to memref<4xf32, strided<[?], offset: ?>>
  // CHECK-NEXT:   %reinterpret_cast_2 = memref.reinterpret_cast %arg3 to offset: [0], sizes: [16], strides: [1] : memref<*xi32> to memref<16xi32>
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @reinterpret_cast(%arg0: memref<?xf32>, %arg1: index, %arg2: index, %arg3: memref<*xi32>) {
    %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [%arg2, %arg1], strides: [%arg1, 1] : memref<?xf32> to memref<?x?xf32>
    %reinterpret_cast_0 = memref.reinterpret_cast %arg0 to offset: [4], sizes: [2, 8], strides: [8, 1] : memref<?xf32> to memref<2x8xf32, strided<[8, 1], offset: 4>>
    %reinterpret_cast_1 = memref.reinterpret_cast %arg0 to offset: [%arg1], sizes: [4], strides: [%arg2] : memref<?xf32> to memref<4xf32, strided<[?], offset: ?>>
    %reinterpret_cast_2 = memref.reinterpret_cast %arg3 to offset: [0], sizes: [16], strides: [1] : memref<*xi32> to memref<16xi32>
    return
  }
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // memref.global: public/private, constant, dense initializer, uninitialized,
  // alignment, and memory space; memref.get_global.
  // CHECK-NEXT: memref.global "private" constant @coeffs : memref<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]>
  memref.global "private" constant @coeffs : memref<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]>
  // CHECK-NEXT: memref.global @state : memref<2x2xi32> = dense<0>
  memref.global @state : memref<2x2xi32> = dense<0>
  // CHECK-NEXT: memref.global "private" @scratch : memref<128xf32> = uninitialized
  memref.global "private" @scratch : memref<128xf32> = uninitialized
  // CHECK-NEXT: memref.global @external : memref<16xf64>
  memref.global @external : memref<16xf64>
  // CHECK-NEXT: memref.global "private" constant @aligned : memref<8xi64> = dense<7> {alignment = 64 : i64}
  memref.global "private" constant @aligned : memref<8xi64> = dense<7> {alignment = 64 : i64}
  // CHECK-NEXT: memref.global "private" @shared : memref<32xf32, 3> = uninitialized
  memref.global "private" @shared : memref<32xf32, 3> = uninitialized
  // CHECK-NEXT: memref.global "private" constant @scalar : memref<f32> = dense<2.500000e+00>
  memref.global "private" constant @scalar : memref<f32> = dense<2.500000e+00>
  // memref.get_global of each kind of global.
  // CHECK-LABEL: func.func @get_globals() -> f32 {
  // CHECK-NEXT:   %0 = memref.get_global @coeffs : memref<4xf32>
  // CHECK-NEXT:   %1 = memref.get_global @state : memref<2x2xi32>
  // CHECK-NEXT:   %2 = memref.get_global @scratch : memref<128xf32>
  // CHECK-NEXT:   %3 = memref.get_global @shared : memref<32xf32, 3>
  // CHECK-NEXT:   %4 = memref.get_global @scalar : memref<f32>
  // CHECK-NEXT:   %c0 = arith.constant 0 : index
  // CHECK-NEXT:   %5 = memref.load %0[%c0] : memref<4xf32>
  // CHECK-NEXT:   return %5 : f32
  // CHECK-NEXT: }
  func.func @get_globals() -> f32 {
    %0 = memref.get_global @coeffs : memref<4xf32>
    %1 = memref.get_global @state : memref<2x2xi32>
    %2 = memref.get_global @scratch : memref<128xf32>
    %3 = memref.get_global @shared : memref<32xf32, 3>
    %4 = memref.get_global @scalar : memref<f32>
    %c0 = arith.constant 0 : index
    %5 = memref.load %0[%c0] : memref<4xf32>
    return %5 : f32
  }
// CHECK-NEXT: }
}

// -----
// CHECK: #map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>
// CHECK-NEXT: module {
#map = affine_map<(d0, d1) -> (d1, d0)>
#map1 = affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>
module {
  // memref types with affine-map layouts: identical maps share one `#map`
  // alias; distinct maps are numbered #map, #map1, ... in order of first use.
  // CHECK-LABEL: func.func @affine_layouts(%arg0: memref<16x16xf32, #map>, %arg1: memref<16xf32, #map1>, %arg2: memref<16x16xf32, #map>) {
  // CHECK-NEXT:   %c0 = arith.constant 0 : index
  // CHECK-NEXT:   %0 = memref.load %arg0[%c0, %c0] : memref<16x16xf32, #map>
  // CHECK-NEXT:   memref.store %0, %arg1[%c0] : memref<16xf32, #map1>
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @affine_layouts(%arg0: memref<16x16xf32, #map>, %arg1: memref<16xf32, #map1>, %arg2: memref<16x16xf32, #map>) {
    %c0 = arith.constant 0 : index
    %0 = memref.load %arg0[%c0, %c0] : memref<16x16xf32, #map>
    memref.store %0, %arg1[%c0] : memref<16xf32, #map1>
    return
  }
  // Identity affine-map layout is dropped from the type.
  // CHECK-LABEL: func.func @identity_layout(%arg0: memref<8x8xf32>) -> memref<8x8xf32> {
  // CHECK-NEXT:   return %arg0 : memref<8x8xf32>
  // CHECK-NEXT: }
  func.func @identity_layout(%arg0: memref<8x8xf32>) -> memref<8x8xf32> {
    return %arg0 : memref<8x8xf32>
  }
  // Strided layouts: default offset is omitted, dynamic values print as `?`,
  // and the canonical contiguous strided layout is NOT dropped.
  // CHECK-LABEL: func.func @strided_layouts(%arg0: memref<4x4xf32, strided<[4, 1]>>, %arg1: memref<4x4xf32, strided<[4, 1]>>, %arg2: memref<?x?xf32, strided<[?, 1], offset: ?>>, %arg3: memref<4xf32, strided<[2], offset: 3>, 3>) {
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @strided_layouts(%arg0: memref<4x4xf32, strided<[4, 1]>>, %arg1: memref<4x4xf32, strided<[4, 1]>>, %arg2: memref<?x?xf32, strided<[?, 1], offset: ?>>, %arg3: memref<4xf32, strided<[2], offset: 3>, 3>) {
    return
  }
  // Memory spaces: integer (`0` is the default and elided), `#gpu.address_space`
  // attributes.
  // CHECK-LABEL: func.func @memory_spaces(%arg0: memref<4xf32, 1>, %arg1: memref<4xf32, #gpu.address_space<global>>, %arg2: memref<4xf32, #gpu.address_space<workgroup>>, %arg3: memref<4xf32, #gpu.address_space<private>>, %arg4: memref<4xf32>) {
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @memory_spaces(%arg0: memref<4xf32, 1>, %arg1: memref<4xf32, #gpu.address_space<global>>, %arg2: memref<4xf32, #gpu.address_space<workgroup>>, %arg3: memref<4xf32, #gpu.address_space<private>>, %arg4: memref<4xf32>) {
    return
  }
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // PolyBench-style tiled copy: a 2-D tile extracted with subview and copied
  // element-wise with scf loops.
  // CHECK-LABEL: func.func @tile_copy(%arg0: memref<128x128xf32>, %arg1: memref<32x32xf32>, %arg2: index, %arg3: index) {
  // CHECK-NEXT:   %c0 = arith.constant 0 : index
  // CHECK-NEXT:   %c1 = arith.constant 1 : index
  // CHECK-NEXT:   %c32 = arith.constant 32 : index
  // CHECK-NEXT:   %subview = memref.subview %arg0[%arg2, %arg3] [32, 32] [1, 1] : memref<128x128xf32> to memref<32x32xf32, strided<[128, 1], offset: ?>>
  // CHECK-NEXT:   scf.for %arg4 = %c0 to %c32 step %c1 {
  // CHECK-NEXT:     scf.for %arg5 = %c0 to %c32 step %c1 {
  // CHECK-NEXT:       %0 = memref.load %subview[%arg4, %arg5] : memref<32x32xf32, strided<[128, 1], offset: ?>>
  // CHECK-NEXT:       memref.store %0, %arg1[%arg4, %arg5] : memref<32x32xf32>
  // CHECK-NEXT:     }
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @tile_copy(%arg0: memref<128x128xf32>, %arg1: memref<32x32xf32>, %arg2: index, %arg3: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %subview = memref.subview %arg0[%arg2, %arg3] [32, 32] [1, 1] : memref<128x128xf32> to memref<32x32xf32, strided<[128, 1], offset: ?>>
    scf.for %arg4 = %c0 to %c32 step %c1 {
      scf.for %arg5 = %c0 to %c32 step %c1 {
        %0 = memref.load %subview[%arg4, %arg5] : memref<32x32xf32, strided<[128, 1], offset: ?>>
        memref.store %0, %arg1[%arg4, %arg5] : memref<32x32xf32>
      }
    }
    return
  }
  // PolyBench-style matrix-vector product (y = A * x) on dynamically sized
  // memrefs with memref.dim and a scratch alloca.
  // CHECK-LABEL: func.func @matvec(%arg0: memref<?x?xf32>, %arg1: memref<?xf32>, %arg2: memref<?xf32>) {
  // CHECK-NEXT:   %c0 = arith.constant 0 : index
  // CHECK-NEXT:   %c1 = arith.constant 1 : index
  // CHECK-NEXT:   %cst = arith.constant 0.000000e+00 : f32
  // CHECK-NEXT:   %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
  // CHECK-NEXT:   %dim_0 = memref.dim %arg0, %c1 : memref<?x?xf32>
  // CHECK-NEXT:   %alloca = memref.alloca() : memref<f32>
  // CHECK-NEXT:   scf.for %arg3 = %c0 to %dim step %c1 {
  // CHECK-NEXT:     memref.store %cst, %alloca[] : memref<f32>
  // CHECK-NEXT:     scf.for %arg4 = %c0 to %dim_0 step %c1 {
  // CHECK-NEXT:       %1 = memref.load %arg0[%arg3, %arg4] : memref<?x?xf32>
  // CHECK-NEXT:       %2 = memref.load %arg1[%arg4] : memref<?xf32>
  // CHECK-NEXT:       %3 = arith.mulf %1, %2 : f32
  // CHECK-NEXT:       %4 = memref.load %alloca[] : memref<f32>
  // CHECK-NEXT:       %5 = arith.addf %4, %3 : f32
  // CHECK-NEXT:       memref.store %5, %alloca[] : memref<f32>
  // CHECK-NEXT:     }
  // CHECK-NEXT:     %0 = memref.load %alloca[] : memref<f32>
  // CHECK-NEXT:     memref.store %0, %arg2[%arg3] : memref<?xf32>
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @matvec(%arg0: memref<?x?xf32>, %arg1: memref<?xf32>, %arg2: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cst = arith.constant 0.000000e+00 : f32
    %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
    %dim_0 = memref.dim %arg0, %c1 : memref<?x?xf32>
    %alloca = memref.alloca() : memref<f32>
    scf.for %arg3 = %c0 to %dim step %c1 {
      memref.store %cst, %alloca[] : memref<f32>
      scf.for %arg4 = %c0 to %dim_0 step %c1 {
        %1 = memref.load %arg0[%arg3, %arg4] : memref<?x?xf32>
        %2 = memref.load %arg1[%arg4] : memref<?xf32>
        %3 = arith.mulf %1, %2 : f32
        %4 = memref.load %alloca[] : memref<f32>
        %5 = arith.addf %4, %3 : f32
        memref.store %5, %alloca[] : memref<f32>
      }
      %0 = memref.load %alloca[] : memref<f32>
      memref.store %0, %arg2[%arg3] : memref<?xf32>
    }
    return
  }
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // Attribute dictionaries: memref.dim takes them right after the op name;
  // alloca/cast/dealloc/subview/global carry them before the type.
  // CHECK-NEXT: memref.global "nested" @tagged : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]> {foo}
  memref.global "nested" @tagged : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]> {foo}
  // CHECK-LABEL: func.func @attrs(%arg0: memref<8x8xf32>, %arg1: index) -> index {
  // CHECK-NEXT:   %dim = memref.dim {x} %arg0, %arg1 : memref<8x8xf32>
  // CHECK-NEXT:   %alloca = memref.alloca(%dim) {foo = 1 : i64} : memref<?xf32>
  // CHECK-NEXT:   %cast = memref.cast %arg0 {bar} : memref<8x8xf32> to memref<?x8xf32>
  // CHECK-NEXT:   %subview = memref.subview %arg0[0, 0] [4, 4] [1, 1] {w} : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  // CHECK-NEXT:   memref.dealloc %alloca {y} : memref<?xf32>
  // CHECK-NEXT:   return %dim : index
  // CHECK-NEXT: }
  func.func @attrs(%arg0: memref<8x8xf32>, %arg1: index) -> index {
    %dim = memref.dim {x} %arg0, %arg1 : memref<8x8xf32>
    %alloca = memref.alloca(%dim) {foo = 1 : i64} : memref<?xf32>
    %cast = memref.cast %arg0 {bar} : memref<8x8xf32> to memref<?x8xf32>
    %subview = memref.subview %arg0[0, 0] [4, 4] [1, 1] {w} : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
    memref.dealloc %alloca {y} : memref<?xf32>
    return %dim : index
  }
  // Rank-reducing subviews that drop one of several unit dimensions (told
  // apart by strides), with dynamic strides and a 0-d result.
  // CHECK-LABEL: func.func @rank_reduction(%arg0: memref<1x1x8xf32>, %arg1: memref<4x4xf32>, %arg2: index) {
  // CHECK-NEXT:   %subview = memref.subview %arg0[0, 0, 0] [1, 1, 8] [1, 1, 1] : memref<1x1x8xf32> to memref<1x8xf32>
  // CHECK-NEXT:   %subview_0 = memref.subview %arg1[0, 0] [4, 4] [%arg2, 1] : memref<4x4xf32> to memref<4x4xf32, strided<[?, 1]>>
  // CHECK-NEXT:   %subview_1 = memref.subview %arg1[1, 2] [1, 1] [1, 1] : memref<4x4xf32> to memref<f32, strided<[], offset: 6>>
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @rank_reduction(%arg0: memref<1x1x8xf32>, %arg1: memref<4x4xf32>, %arg2: index) {
    %subview = memref.subview %arg0[0, 0, 0] [1, 1, 8] [1, 1, 1] : memref<1x1x8xf32> to memref<1x8xf32>
    %subview_0 = memref.subview %arg1[0, 0] [4, 4] [%arg2, 1] : memref<4x4xf32> to memref<4x4xf32, strided<[?, 1]>>
    %subview_1 = memref.subview %arg1[1, 2] [1, 1] [1, 1] : memref<4x4xf32> to memref<f32, strided<[], offset: 6>>
    return
  }
// CHECK-NEXT: }
}

