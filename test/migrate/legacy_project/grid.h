#ifndef LEGACY_GRID_H
#define LEGACY_GRID_H

int cells(int nx, int ny, int nz);
int total(const int *counts, int n);

#endif
