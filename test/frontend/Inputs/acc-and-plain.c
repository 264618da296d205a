// A file with an OpenACC compute construct and a plain loop: by default only the construct's
// loop is a candidate (the initialisation stays on the host); --auto-parallelize makes both
// candidates. Used by test/frontend/plain-c.c.
void init_and_scale(int n, float *restrict A, float *restrict B) {
  for (int i = 0; i < n; i++)
    A[i] = (float)i;
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    B[i] = 2.0f * A[i];
}
// ACC-LABEL: func.func @init_and_scale(
// ACC: affine.for
// ACC: affine.parallel
// AUTO-LABEL: func.func @init_and_scale(
// AUTO: affine.parallel
// AUTO: affine.parallel
