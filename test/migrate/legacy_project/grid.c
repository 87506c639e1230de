#include "grid.h"

/* Points of an nx x ny x nz grid. */
int cells(int nx, int ny, int nz) { return nx * ny * nz; }

/* Sum of per-direction counts. */
int total(const int *counts, int n) {
  int sum = 0;
  for (int i = 0; i < n; ++i)
    sum += counts[i];
  return sum;
}
