/* The solver's communication layer, written when int was big enough. */
#ifndef SOLVER_COMM_H
#define SOLVER_COMM_H

void swap_plane(double *plane, int count, int partner);
void sum_field(double *field, int count);

#endif
