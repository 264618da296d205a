// RUN: sharc-opt %s -split-input-file | FileCheck %s
// RUN: sharc-opt %s -split-input-file | sharc-opt -split-input-file | FileCheck %s
// RUN: %if mlir-opt %{ sharc-opt %s -split-input-file | mlir-opt -split-input-file | FileCheck %s %}
// RUN: sharc-opt %s -split-input-file --mlir-print-op-generic | sharc-opt -split-input-file | FileCheck %s
// RUN: sed -e '/^\/\/ -----$/b' -e '/^[[:space:]]*\/\//d' %s > %t
// RUN: sharc-opt %s -split-input-file | diff -u %t -
// Empty unnamed module prints as `module {` / `}` on separate lines.
// CHECK: module {
// CHECK-NEXT: }
module {
}

// -----
// CHECK: module {
module {
  // Top-level ops without a module are wrapped in an implicit unnamed module.
  // CHECK-LABEL: func.func private @implicit_module()
  func.func private @implicit_module()
// CHECK-NEXT: }
}

// -----
// Named module.
// CHECK: module @m {
module @m {
  // A declaration inside a named module.
  // CHECK-LABEL: func.func private @in_named()
  func.func private @in_named()
// CHECK-NEXT: }
}

// -----
// `builtin.module` spelled in full is printed as `module`.
// CHECK: module @spelled_builtin {
// CHECK-NEXT: }
module @spelled_builtin {
}

// -----
// Module with an attribute dictionary (entries are printed sorted by name).
// CHECK: module attributes {bar.s = "x", bar.unit, foo.a = [1, 2], foo.z = 3 : i32, gpu.container_module} {
module attributes {bar.s = "x", bar.unit, foo.a = [1, 2], foo.z = 3 : i32, gpu.container_module} {
  // A declaration inside a module with attributes.
  // CHECK-LABEL: func.func private @in_attr_module()
  func.func private @in_attr_module()
// CHECK-NEXT: }
}

// -----
// Named module with attributes.
// CHECK: module @named_attrs attributes {foo.flag, foo.name = "kernel"} {
// CHECK-NEXT: }
module @named_attrs attributes {foo.flag, foo.name = "kernel"} {
}

// -----
// Nested modules; the outer module is explicit so it is not re-wrapped.
// CHECK: module @outer {
module @outer {
  // CHECK-NEXT: module @inner {
  // CHECK-NEXT:   module {
  module @inner {
    module {
      // A declaration three modules deep.
      // CHECK-LABEL: func.func private @deep()
      func.func private @deep()
    // CHECK-NEXT: }
    }
  // CHECK-NEXT: }
  }
  // CHECK-NEXT: module @sibling attributes {foo.x} {
  // CHECK-NEXT: }
  module @sibling attributes {foo.x} {
  }
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // Two top-level modules: both get wrapped in an implicit outer module.
  // CHECK-NEXT: module @first {
  // CHECK-NEXT: }
  module @first {
  }
  // CHECK-NEXT: module @second {
  // CHECK-NEXT: }
  module @second {
  }
// CHECK-NEXT: }
}

// -----
// CHECK: #map = affine_map<(d0) -> (d0 + 4)>
// CHECK-NEXT: module {
#map = affine_map<(d0) -> (d0 + 4)>
module {
  // Scalar builtin types as printed in a function signature (`-> ()` elided).
  // CHECK-LABEL: func.func private @builtin_types(i1, i7, si8, ui16, i64, index, f16, bf16, f32, f64, tf32, f8E4M3FN)
  func.func private @builtin_types(i1, i7, si8, ui16, i64, index, f16, bf16, f32, f64, tf32, f8E4M3FN)
  // Shaped types: vectors (incl. scalable dims), ranked/unranked tensors and memrefs.
  // CHECK-LABEL: func.func private @shaped_types(vector<4xf32>, vector<2x[4]xi8>, vector<[8]xf16>, tensor<4x?xf32>, tensor<*xi32>, memref<*xf32>, memref<f32>, vector<1xindex>, tensor<0xf32>)
  func.func private @shaped_types(vector<4xf32>, vector<2x[4]xi8>, vector<[8]xf16>, tensor<4x?xf32>, tensor<*xi32>, memref<*xf32>, memref<f32>, vector<1xindex>, tensor<0xf32>)
  // complex, tuple, none and function types nested in a signature.
  // CHECK-LABEL: func.func private @other_types(complex<f32>, tuple<i32, f32>, tuple<>, none, (i32) -> f32, () -> (), (i1, i2) -> (i3, i4))
  func.func private @other_types(complex<f32>, tuple<i32, f32>, tuple<>, none, (i32) -> f32, () -> (), (i1, i2) -> (i3, i4))
  // memref layouts and memory spaces; the affine-map layout is hoisted into a
  // `#map` alias printed before the module.
  // CHECK-LABEL: func.func private @memref_types(memref<4x4xf32, 3>, memref<4xf32, #gpu.address_space<workgroup>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<8xi32, #map>)
  func.func private @memref_types(memref<4x4xf32, 3>, memref<4xf32, #gpu.address_space<workgroup>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<8xi32, #map>)
// CHECK-NEXT: }
}

