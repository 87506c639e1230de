#include "field.h"

/* One xy plane of the grid. */
int plane_points(int nx, int ny) { return nx * ny; }
