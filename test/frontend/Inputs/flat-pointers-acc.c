// An OpenACC loop over flat pointers: inside a compute construct every subscript must be
// affine, and `y * w + x` / `x + w * y` are once viewed with the row pitch w.
// ACC-LABEL: func.func @scale(
// ACC: %[[IN:.*]] = memref.reinterpret_cast %arg2
// ACC: %[[OUT:.*]] = memref.reinterpret_cast %arg3
// ACC: affine.parallel (%[[Y:.*]], %[[X:.*]]) = (0, 0) to (symbol(%arg0), symbol(%arg1))
// ACC: affine.load %[[IN]][%[[Y]], %[[X]]]
// ACC: affine.store %{{.*}}, %[[OUT]][%[[Y]], %[[X]]]
void scale(int h, int w, float *restrict in, float *restrict out) {
#pragma acc parallel loop copyin(in[0:h*w]) copyout(out[0:h*w])
  for (int y = 0; y < h; y++) {
#pragma acc loop
    for (int x = 0; x < w; x++)
      out[y * w + x] = 2.0f * in[x + w * y];
  }
}
