// RUN: sharc-opt %s --symbol-dce -split-input-file | FileCheck %s
// RUN: %if mlir-opt %{ sharc-opt %s --symbol-dce -split-input-file | mlir-opt -split-input-file > /dev/null %}
// RUN: sharc-opt %s --symbol-dce -split-input-file > %t
// RUN: %if mlir-opt %{ mlir-opt %s --symbol-dce -split-input-file | diff -u - %t %}
// RUN: not sharc-opt %S/Inputs/symbol-dce-unknown-table.mlir --symbol-dce --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=ERR

// Lines 4-5 require the output to be byte-identical to upstream's; line 6 checks the refusal
// to guess through an unregistered op with a region.

// ERR: symbol-dce-unknown-table.mlir:5:3: error: operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses

// Private functions nobody refers to are erased; public ones stay even when unused.
// CHECK-NOT:   @dead
// CHECK-LABEL: func.func @public_unused() {
module {
  func.func private @dead()
  func.func @public_unused() {
    return
  }
}

// -----

// A private function called only by a dead private function dies with it; a private function
// called from a public one lives.
// CHECK-NOT:   @leaf
// CHECK-NOT:   @only_from_dead
// CHECK-LABEL: func.func private @used()
// CHECK-LABEL: func.func @main() {
// CHECK-NEXT:    call @used() : () -> ()
module {
  func.func private @leaf()
  func.func private @only_from_dead() {
    func.call @leaf() : () -> ()
    return
  }
  func.func private @used()
  func.func @main() {
    func.call @used() : () -> ()
    return
  }
}

// -----

// References nested in arrays and dictionaries of a live op's attributes keep symbols alive.
// CHECK-LABEL: func.func private @in_array()
// CHECK-NEXT:  func.func private @in_dict()
// CHECK-NEXT:  func.func @main() attributes {refs = [@in_array, {key = @in_dict}]} {
// CHECK-NOT:   @unreferenced
module {
  func.func private @in_array()
  func.func private @in_dict()
  func.func private @unreferenced()
  func.func @main() attributes {refs = [@in_array, {key = @in_dict}]} {
    return
  }
}

// -----

// A nested reference keeps each symbol on its path alive (the private module @lib and its
// public @f); inside a live table, private symbols still die (@g); an unused private module
// dies whole.
// CHECK-LABEL: module @lib attributes {sym_visibility = "private"} {
// CHECK-NEXT:    func.func @f() {
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @main() attributes {callee = @lib::@f} {
// CHECK-NOT:   @unused
module {
  module @lib attributes {sym_visibility = "private"} {
    func.func @f() {
      return
    }
    func.func private @g()
  }
  module @unused attributes {sym_visibility = "private"} {
    func.func @h() {
      return
    }
  }
  func.func @main() attributes {callee = @lib::@f} {
    return
  }
}

// -----

// Private globals follow the same rule; a reference to an unknown symbol is ignored.
// CHECK-LABEL: memref.global "private" @used_global
// CHECK-NOT:   @dead_global
// CHECK-LABEL: func.func @main() -> memref<4xf32> attributes {stale = @does_not_exist} {
module {
  memref.global "private" @used_global : memref<4xf32> = dense<0.0>
  memref.global "private" @dead_global : memref<4xf32> = dense<1.0>
  func.func @main() -> memref<4xf32> attributes {stale = @does_not_exist} {
    %0 = memref.get_global @used_global : memref<4xf32>
    return %0 : memref<4xf32>
  }
}

// -----

// `nested` visibility is not public: from the top module nothing outside can see such symbols,
// so unused ones die too, also inside a public nested module.
// CHECK-NOT:   @top_nested
// CHECK-LABEL: module @pub {
// CHECK-NEXT:    func.func @inner_public() {
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module {
  func.func nested @top_nested()
  module @pub {
    func.func nested @inner_nested()
    func.func private @inner_private()
    func.func @inner_public() {
      return
    }
  }
}
