// Loop bounds and steps that C allows but a 64-bit index cannot count end in a diagnostic with
// file:line:col, the source line and a caret, exit 1 (the first was a panic, exit 101).
// RUN: not sharcc %s --function from_long_max 2>&1 | FileCheck %s --check-prefix=DIST
// RUN: not sharcc %s --function step_long_min 2>&1 | FileCheck %s --check-prefix=STEP
// RUN: not sharcc %s --function minus_long_min 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not sharcc %s --function up_to_long_max 2>&1 | FileCheck %s --check-prefix=INCL
// RUN: not sharcc %s --function scaled_subscript 2>&1 | FileCheck %s --check-prefix=SCALED
// RUN: not sharcc %s --function offset_subscript 2>&1 | FileCheck %s --check-prefix=OFFSET
// One iteration fewer fits: the loop compiles.
// RUN: sharcc %s --function from_long_max_minus_one | FileCheck %s --check-prefix=FITS
// Bounds near both ends of i64: the baseline mapping's sector alignment panicked on them (exit
// 101), and then the grid's ub - lb wrapped to a negative count, so the loop vanished as empty.
// RUN: not sharcc %s --function whole_range --emit gpu --target a100 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not sharcc %s --function whole_range --emit gpu --target mi250x 2>&1 | FileCheck %s --check-prefix=RANGE

void from_long_max(float *A) {
#pragma acc parallel loop
  // DIST: errors-overflow.c:[[@LINE+3]]:3: error: the distance from the start '9223372036854775807' to the loop's bound does not fit in a 64-bit index: the loop has too many iterations
  // DIST-NEXT: {{^}}  for (long i = 9223372036854775807; i > -1; i--)
  // DIST-NEXT: {{^}}  ^
  for (long i = 9223372036854775807; i > -1; i--)
    A[0] = 1.0f;
}

void step_long_min(float *A) {
#pragma acc parallel loop
  // STEP: errors-overflow.c:[[@LINE+3]]:3: error: loop is not a counted loop with affine bounds: the step's magnitude does not fit in a 64-bit index
  // STEP-NEXT: {{^}}  for (long i = 0; i > -10; i += -9223372036854775807 - 1)
  // STEP-NEXT: {{^}}  ^
  for (long i = 0; i > -10; i += -9223372036854775807 - 1)
    A[0] = 1.0f;
}

void minus_long_min(float *A) {
#pragma acc parallel loop
  // NEG: errors-overflow.c:[[@LINE+3]]:3: error: loop is not a counted loop with affine bounds: the step's magnitude does not fit in a 64-bit index
  // NEG-NEXT: {{^}}  for (long i = 0; i < 10; i -= -9223372036854775807 - 1)
  // NEG-NEXT: {{^}}  ^
  for (long i = 0; i < 10; i -= -9223372036854775807 - 1)
    A[0] = 1.0f;
}

void up_to_long_max(float *A) {
#pragma acc parallel loop
  // INCL: errors-overflow.c:[[@LINE+3]]:3: error: loop is not a counted loop with affine bounds: the exclusive bound '9223372036854775807 + 1' does not fit in a 64-bit index
  // INCL-NEXT: {{^}}  for (long i = 0; i <= 9223372036854775807; i++)
  // INCL-NEXT: {{^}}  ^
  for (long i = 0; i <= 9223372036854775807; i++)
    A[0] = 1.0f;
}

// FITS: affine.for %{{.*}} = 0 to 9223372036854775807 {
void from_long_max_minus_one(float *A) {
#pragma acc parallel loop
  for (long i = 9223372036854775806; i > -1; i--)
    A[0] = 1.0f;
}

void whole_range(float *A) {
#pragma acc parallel loop
  // RANGE: errors-overflow.c:[[@LINE+3]]:3: error: cannot compute the grid of this band
  // RANGE-NEXT: {{^}}  for (long i = -9223372036854775807; i < 9223372036854775807; i++)
  // RANGE-NEXT: {{^}}  ^
  for (long i = -9223372036854775807; i < 9223372036854775807; i++)
    A[i + 9223372036854775807] = 1.0f;
}

// An affine subscript whose constants overflow says so (it said "it multiplies two variables").
void scaled_subscript(int n, float A[n]) {
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    // SCALED: errors-overflow.c:[[@LINE+1]]:7: error: subscript 'i * 4611686018427387904 * 4' is not affine inside an OpenACC compute region: its constants overflow 64-bit integers
    A[i * 4611686018427387904 * 4] = 0;
}

void offset_subscript(int n, float A[n]) {
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    // OFFSET: errors-overflow.c:[[@LINE+1]]:7: error: subscript 'i + 9223372036854775807 + 9223372036854775807' is not affine inside an OpenACC compute region: its constants overflow 64-bit integers
    A[i + 9223372036854775807 + 9223372036854775807] = 0;
}
