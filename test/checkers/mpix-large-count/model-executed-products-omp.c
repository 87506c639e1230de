// An OpenMP region that only reads a factor of an executed product leaves
// the product's bound in place; one that writes the factor removes it.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags -fopenmp

#include <mpi.h>
#include <stdlib.h>

void halo(double *grid, int width, MPI_Comm comm) {
  double *edge = grid + 6 * width;
#pragma omp parallel for
  for (int i = 0; i < width; i++)
    grid[i] = i;
  MPI_Send(edge, 2 * width, MPI_DOUBLE, 1, 0, comm);
}

void halo_resized(double *grid, int width, MPI_Comm comm) {
  double *edge = grid + 6 * width;
#pragma omp parallel
  {
#pragma omp single
    width = width + 1;
  }
  MPI_Send(edge, 2 * width, MPI_DOUBLE, 1, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: count '2 * width' is computed in 'int' and can overflow
}
