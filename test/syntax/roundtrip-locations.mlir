// RUN: sharc-opt %s --mlir-print-debuginfo | FileCheck %s
// RUN: sharc-opt %s --mlir-print-debuginfo | sharc-opt --mlir-print-debuginfo | FileCheck %s
// RUN: %if mlir-opt %{ sharc-opt %s --mlir-print-debuginfo | mlir-opt --mlir-print-debuginfo | FileCheck %s %}
// RUN: sharc-opt %s --mlir-print-debuginfo --mlir-print-op-generic | sharc-opt --mlir-print-debuginfo | FileCheck %s
// RUN: sed -e '/^\/\/ -----$/b' -e '/^[[:space:]]*\/\//d' %s > %t
// RUN: sharc-opt %s --mlir-print-debuginfo | diff -u %t -
// Locations with --mlir-print-debuginfo, written in upstream's canonical form
// so the file is a printing fixed point: every location is printed as a
// trailing `loc(#locN)` reference to an alias defined AFTER the module, except
// block-argument locations, which are printed inline even though their
// aliases (#loc2..#loc4) are still emitted BEFORE the module. Leaf locations
// get the lower alias numbers; composite ones (named, fused, callsite) come
// last. A range on one line prints as `3:4 to :10`.
// CHECK: #loc2 = loc("args.mlir":1:2)
// CHECK-NEXT: #loc3 = loc("args.mlir":1:3)
// CHECK-NEXT: #loc4 = loc("args.mlir":1:4)
// CHECK-NEXT: module {
#loc2 = loc("args.mlir":1:2)
#loc3 = loc("args.mlir":1:3)
#loc4 = loc("args.mlir":1:4)
module {
  // File, named, fused, unknown, callsite and range locations on ops, on a
  // nested region op and its terminators, and on block arguments.
  // CHECK-LABEL: func.func @locations(%arg0: i32 loc("args.mlir":1:2), %arg1: i32 loc("args.mlir":1:3), %arg2: i1 loc("args.mlir":1:4)) -> i32 {
  // CHECK-NEXT:   %0 = arith.addi %arg0, %arg1 : i32 loc(#loc5)
  // CHECK-NEXT:   %1 = arith.muli %0, %0 : i32 loc(#loc19)
  // CHECK-NEXT:   %2 = arith.subi %1, %0 : i32 loc(#loc20)
  // CHECK-NEXT:   %3 = arith.andi %2, %0 : i32 loc(#loc9)
  // CHECK-NEXT:   %4 = arith.ori %3, %0 : i32 loc(#loc21)
  // CHECK-NEXT:   %5 = arith.xori %4, %0 : i32 loc(#loc22)
  // CHECK-NEXT:   %6 = arith.xori %5, %0 : i32 loc(#loc12)
  // CHECK-NEXT:   %7 = arith.xori %6, %0 : i32 loc(#loc13)
  // CHECK-NEXT:   %8 = arith.xori %7, %0 : i32 loc(#loc14)
  // CHECK-NEXT:   %9 = arith.xori %8, %0 : i32 loc(#loc24)
  // CHECK-NEXT:   %10 = scf.if %arg2 -> (i32) {
  // CHECK-NEXT:     scf.yield %9 : i32 loc(#loc17)
  // CHECK-NEXT:   } else {
  // CHECK-NEXT:     scf.yield %8 : i32 loc(#loc18)
  // CHECK-NEXT:   } loc(#loc16)
  // CHECK-NEXT:   return %10 : i32 loc(#loc5)
  // CHECK-NEXT: } loc(#loc1)
  func.func @locations(%arg0: i32 loc("args.mlir":1:2), %arg1: i32 loc("args.mlir":1:3), %arg2: i1 loc("args.mlir":1:4)) -> i32 {
    %0 = arith.addi %arg0, %arg1 : i32 loc(#loc5)
    %1 = arith.muli %0, %0 : i32 loc(#loc19)
    %2 = arith.subi %1, %0 : i32 loc(#loc20)
    %3 = arith.andi %2, %0 : i32 loc(#loc9)
    %4 = arith.ori %3, %0 : i32 loc(#loc21)
    %5 = arith.xori %4, %0 : i32 loc(#loc22)
    %6 = arith.xori %5, %0 : i32 loc(#loc12)
    %7 = arith.xori %6, %0 : i32 loc(#loc13)
    %8 = arith.xori %7, %0 : i32 loc(#loc14)
    %9 = arith.xori %8, %0 : i32 loc(#loc24)
    %10 = scf.if %arg2 -> (i32) {
      scf.yield %9 : i32 loc(#loc17)
    } else {
      scf.yield %8 : i32 loc(#loc18)
    } loc(#loc16)
    return %10 : i32 loc(#loc5)
  } loc(#loc1)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc("roundtrip-locations.mlir":0:0)
// CHECK-NEXT: #loc1 = loc("func.mlir":1:1)
// CHECK-NEXT: #loc5 = loc("file.mlir":3:4)
// CHECK-NEXT: #loc6 = loc("file.mlir":5:6)
// CHECK-NEXT: #loc7 = loc("a.mlir":1:1)
// CHECK-NEXT: #loc8 = loc("b.mlir":2:2)
// CHECK-NEXT: #loc9 = loc(unknown)
// CHECK-NEXT: #loc10 = loc("callee.mlir":1:1)
// CHECK-NEXT: #loc11 = loc("caller.mlir":9:9)
// CHECK-NEXT: #loc12 = loc("onlyname")
// CHECK-NEXT: #loc13 = loc("file.mlir":3:4 to :10)
// CHECK-NEXT: #loc14 = loc("file.mlir":3:4 to 5:10)
// CHECK-NEXT: #loc15 = loc("deep.mlir":4:4)
// CHECK-NEXT: #loc16 = loc("if.mlir":1:1)
// CHECK-NEXT: #loc17 = loc("y.mlir":1:1)
// CHECK-NEXT: #loc18 = loc("y.mlir":2:2)
// CHECK-NEXT: #loc19 = loc("named"(#loc6))
// CHECK-NEXT: #loc20 = loc(fused[#loc7, #loc8])
// CHECK-NEXT: #loc21 = loc(callsite(#loc10 at #loc11))
// CHECK-NEXT: #loc22 = loc(fused<"myfusion">[#loc7, #loc8])
// CHECK-NEXT: #loc23 = loc("inner"(#loc15))
// CHECK-NEXT: #loc24 = loc("nested"(#loc23))
} loc(#loc)
#loc = loc("roundtrip-locations.mlir":0:0)
#loc1 = loc("func.mlir":1:1)
#loc5 = loc("file.mlir":3:4)
#loc6 = loc("file.mlir":5:6)
#loc7 = loc("a.mlir":1:1)
#loc8 = loc("b.mlir":2:2)
#loc9 = loc(unknown)
#loc10 = loc("callee.mlir":1:1)
#loc11 = loc("caller.mlir":9:9)
#loc12 = loc("onlyname")
#loc13 = loc("file.mlir":3:4 to :10)
#loc14 = loc("file.mlir":3:4 to 5:10)
#loc15 = loc("deep.mlir":4:4)
#loc16 = loc("if.mlir":1:1)
#loc17 = loc("y.mlir":1:1)
#loc18 = loc("y.mlir":2:2)
#loc19 = loc("named"(#loc6))
#loc20 = loc(fused[#loc7, #loc8])
#loc21 = loc(callsite(#loc10 at #loc11))
#loc22 = loc(fused<"myfusion">[#loc7, #loc8])
#loc23 = loc("inner"(#loc15))
#loc24 = loc("nested"(#loc23))

