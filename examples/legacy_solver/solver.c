/* solver NX NY NZ: a field of NX*NY*NZ points, its first plane swapped with
 * the partner rank, then summed over all ranks. The sizes are computed here
 * and in field.c; MPI is called in comm.c, through int parameters. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include "comm.h"
#include "field.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc != 4) {
    if (rank == 0)
      fprintf(stderr, "usage: %s NX NY NZ\n", argv[0]);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int nx = atoi(argv[1]), ny = atoi(argv[2]), nz = atoi(argv[3]);
  size_t volume = (size_t)nx * ny * nz;
  double *field = malloc(volume * sizeof *field);
  for (size_t i = 0; i < volume; ++i)
    field[i] = (double)((i + 7 * (size_t)rank) % 101);

  swap_plane(field, plane_points(nx, ny), size - 1 - rank);
  sum_field(field, volume);

  double total = 0;
  for (size_t i = 0; i < volume; ++i)
    total += field[i] * (double)(i % 5 + 1);
  if (rank == 0)
    printf("%zu points, weighted sum %.1f\n", volume, total);
  free(field);
  MPI_Finalize();
  return 0;
}
