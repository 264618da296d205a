// No loop with affine bounds: nothing is a candidate (test/frontend/plain-c.c).
void from_memory(int m[1], float A[64]) {
  for (int i = 0; i < m[0]; i++)
    A[i] = 1.0f;
}
