/* A minimal .npy writer for the C reference programs of test/sim: writes version 1.0 files
 * exactly as numpy.save (and sharc-run --dump) does, so outputs compare byte for byte with cmp. */
#ifndef SHARC_TEST_NPY_H
#define SHARC_TEST_NPY_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Writes `dir/name.npy`: `count` elements of `elem_size` bytes with dtype `descr` ("<f4"). */
static void npy_save(const char *dir, const char *name, const char *descr, const void *data,
                     size_t elem_size, int rank, const long *dims) {
  char header[512], shape[256] = "(";
  size_t count = 1;
  for (int i = 0; i < rank; i++) {
    char d[32];
    snprintf(d, sizeof d, i == 0 ? "%ld" : ", %ld", dims[i]);
    strcat(shape, d);
    count *= (size_t)dims[i];
  }
  strcat(shape, rank == 1 ? ",)" : ")");
  int n = snprintf(header, sizeof header, "{'descr': '%s', 'fortran_order': False, 'shape': %s, }", descr, shape);
  if (rank > 0) { /* numpy >= 1.23 leaves room for the first dimension to grow */
    char d[32];
    int digits = snprintf(d, sizeof d, "%ld", dims[0]);
    for (int i = digits; i < 21; i++) header[n++] = ' ';
  }
  int total = 10 + n + 1, pad = 64 - total % 64;
  for (int i = 0; i < pad; i++) header[n++] = ' ';
  header[n++] = '\n';
  char path[1024];
  snprintf(path, sizeof path, "%s/%s.npy", dir, name);
  FILE *f = fopen(path, "wb");
  if (!f) { perror(path); exit(1); }
  unsigned char prefix[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)(n & 0xff), (unsigned char)(n >> 8)};
  fwrite(prefix, 1, 10, f);
  fwrite(header, 1, (size_t)n, f);
  fwrite(data, elem_size, count, f);
  fclose(f);
}

#endif
