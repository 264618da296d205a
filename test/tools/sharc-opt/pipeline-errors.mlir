// Bad pass pipelines are reported with a message naming the problem and a non-zero exit.
// RUN: not sharc-opt %s --pass-pipeline='builtin.module(no-such-pass)' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: invalid pass pipeline: 'no-such-pass' does not refer to a registered pass or pass pipeline
// RUN: not sharc-opt %s --pass-pipeline='builtin.module(' 2>&1 | FileCheck %s --check-prefix=UNBALANCED
// UNBALANCED: error: invalid pass pipeline: expected a pass or op name
// RUN: not sharc-opt %s --pass-pipeline='builtin.module()) extra' 2>&1 | FileCheck %s --check-prefix=TRAILING
// TRAILING: error: invalid pass pipeline: unexpected text
// RUN: not sharc-opt %s --no-such-flag 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: error: unexpected argument '--no-such-flag'
// RUN: not sharc-opt %t.does-not-exist 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: could not open input file '{{.*}}does-not-exist'
module {
}
