/* The field of a small legacy solver: the sizes of its planes and volume. */
#ifndef SOLVER_FIELD_H
#define SOLVER_FIELD_H

int plane_points(int nx, int ny);

#endif
