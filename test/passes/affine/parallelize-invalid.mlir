// RUN: sharc-opt %s --split-input-file --sharc-parallelize="candidates=marked" --verify-diagnostics
// RUN: not sharc-opt %s --split-input-file --sharc-parallelize="candidates=some" 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: <command line>:1:32: error: invalid value 'some' for option 'candidates' of pass 'sharc-parallelize': expected one of all, marked

// A share pragma governing a loop that carries a dependence is an error at the pragma
// (`share_at`), with notes at the loop nest and the dependence.
func.func @share_sequential(%A: memref<16xf32> {sharc.name = "A"}) {
  // expected-error @+1 {{share pragma governs a loop nest that is not parallel: an iteration reads an element of 'A' that an earlier iteration wrote (distance 1)}}
  // (the line share_at names: the front-end's pragma, `#pragma acc share(A[TB_X])`)
  affine.for %i = 1 to 16 {  // expected-note {{the loop nest}}
    %p = affine.load %A[%i - 1] : memref<16xf32>  // expected-note {{the dependence}}
    affine.store %p, %A[%i] : memref<16xf32>
  } {sharc.claim = {directive, independent, share = #sharc.share<A[TB_X]>, share_at = ["p.c", 9, 3]}}
  return
}

// -----

// Without `share_at` the error points at the loop.
func.func @share_no_position(%A: memref<16xf32>) {
  // expected-error @+2 {{share pragma governs a loop nest that is not parallel: an access in the loop is not affine}}
  // expected-note @+1 {{the loop nest}}
  affine.for %i = 0 to 16 {
    %c = arith.constant 3 : index
    %k = arith.muli %i, %c : index
    %v = memref.load %A[%k] : memref<16xf32>
    affine.store %v, %A[%i] : memref<16xf32>
  } {sharc.claim = {directive, share = #sharc.share<A[TB_X]>}}
  return
}

// -----

func.func @malformed(%A: memref<16xf32>) {
  // expected-error @+1 {{entry 'carried' of 'sharc.claim' must be an array of strings}}
  affine.for %i = 0 to 16 {
    %v = affine.load %A[%i] : memref<16xf32>
  } {sharc.claim = {carried = "s"}}
  return
}

// -----

func.func @misspelled(%A: memref<16xf32>) {
  // expected-error @+1 {{'sharc.claim' has no entry 'independant' (it has: directive, independent, share, share_at, acc, carried)}}
  affine.for %i = 0 to 16 {
    %v = affine.load %A[%i] : memref<16xf32>
  } {sharc.claim = {independant}}
  return
}
