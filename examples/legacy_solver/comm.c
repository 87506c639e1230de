#include <mpi.h>
#include "comm.h"

void swap_plane(double *plane, int count, int partner) {
  MPI_Sendrecv_replace(plane, count, MPI_DOUBLE, partner, 1, partner, 1,
                       MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

void sum_field(double *field, int count) {
  MPI_Allreduce(MPI_IN_PLACE, field, count, MPI_DOUBLE, MPI_SUM,
                MPI_COMM_WORLD);
}
