// The pass manager's instrumentation and option handling, as mlir-opt's.
//
// Dumps after each pass go to stderr, headed as upstream heads them; nested passes dump the op
// they ran on.
// RUN: sharc-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// DUMP: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// DUMP-NEXT: func.func @f(%arg0: i32) -> i32 {
// DUMP: // -----// IR Dump After CSE (cse) //----- //
// DUMP: // -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// DUMP-NEXT: module {
//
// Pass flags build the same pipeline, nested implicitly (as mlir-opt's implicit nesting).
// RUN: sharc-opt %s --canonicalize --cse --symbol-dce | FileCheck %s
// RUN: sharc-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' | FileCheck %s
// CHECK-LABEL: func.func @f
// CHECK-NEXT:    %[[C:.*]] = arith.constant 5 : i32
// CHECK-NEXT:    %[[S:.*]] = arith.addi %arg0, %[[C]] : i32
// CHECK-NEXT:    return %[[S]] : i32
// CHECK-NOT: @dead
//
// Options in both spellings; a bad option names the pass and the option.
// RUN: sharc-opt %s --canonicalize="max-iterations=1 top-down=false" | FileCheck %s --check-prefix=OPT
// OPT: %[[S:.*]] = arith.addi %arg0, %c5_i32 : i32
// RUN: sharc-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=1}))' -o /dev/null
// RUN: not sharc-opt %s --canonicalize="no-such-option=1" 2>&1 | FileCheck %s --check-prefix=BADOPT
// BADOPT: error: no such option 'no-such-option' for pass 'canonicalize' (valid options: max-iterations, max-num-rewrites, top-down, test-convergence)
// RUN: not sharc-opt %s --canonicalize="max-iterations=many" 2>&1 | FileCheck %s --check-prefix=BADVAL
// BADVAL: error: invalid value 'many' for option 'max-iterations' of pass 'canonicalize': expected an integer >= -1
// RUN: not sharc-opt %s --pass-pipeline='builtin.module(symbol-dce,func.func(symbol-dce))' 2>&1 | FileCheck %s --check-prefix=NEST
// NEST: MLIR Textual PassPipeline Parser:1:37: error: can't add pass 'symbol-dce' restricted to 'builtin.module' on a PassManager intended to run on 'func.func', did you intend to nest?
//
// --mlir-timing reports every phase and pass.
// RUN: sharc-opt %s --canonicalize --cse --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIME
// TIME: Execution time report
// TIME: Parser
// TIME: canonicalize
// TIME: cse
// TIME: Output
//
// --help lists every pass with its options.
// RUN: sharc-opt --help | FileCheck %s --check-prefix=HELP
// HELP-DAG: --canonicalize
// HELP-DAG: max-iterations=<int> (default 10)
// HELP-DAG: --cse
// HELP-DAG: --lower-affine
// HELP-DAG: --symbol-dce
// HELP-DAG: --pass-pipeline
// HELP-DAG: --verify-diagnostics
// HELP-DAG: --mlir-print-ir-after-all

func.func @f(%a: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %0 = arith.addi %c2, %c3 : i32
  %1 = arith.addi %a, %0 : i32
  %2 = arith.addi %a, %0 : i32
  return %2 : i32
}

func.func private @dead() {
  return
}
