// MPI_Aint displacements filled from an int running total: the total wraps
// before each store widens it (OSU's neighborhood alltoallw benchmarks,
// which the first fix of the fix audit left so: `(MPI_Aint)disp * size`
// with `int disp += n`). The fix retypes the total; the call keeps its
// name, its MPI_Aint displacements being wide already. A total of unit
// steps, or one the loop bounds, is not reported.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stdlib.h>

void exchange(MPI_Comm comm, int np, int n, double *sb, double *rb,
              int *cnt, MPI_Datatype *ty) {
  int i, tsize, off = 0;
  MPI_Aint *dsp = malloc(np * sizeof(MPI_Aint));
  MPI_Type_size(MPI_DOUBLE, &tsize);
  for (i = 0; i < np; i++) {
    dsp[i] = (MPI_Aint)off * tsize;
    off += n;
  }
  MPI_Neighbor_alltoallw(sb, cnt, dsp, ty, rb, cnt, dsp, ty, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: displacement array 'dsp' of MPI_Neighbor_alltoallw is filled from 'off', an 'int' running sum; it wraps once the values added up exceed 2^31-1
  // CHECK-MESSAGES: :[[@LINE-2]]:53: warning: displacement array 'dsp' of MPI_Neighbor_alltoallw is filled from 'off', an 'int' running sum
  // CHECK-FIXES: {{^}}  MPI_Aint off = 0;
  // CHECK-FIXES: {{^}}  MPI_Neighbor_alltoallw(sb, cnt, dsp, ty, rb, cnt, dsp, ty, comm);
  free(dsp);
}

// Unit steps stop at the loop's bound; a total below 1000 * 1000 fits.
void small_steps(MPI_Comm comm, int np, double *sb, double *rb, int *cnt,
                 MPI_Datatype *ty) {
  int i, off = 0, blk = 0;
  MPI_Aint *dsp = malloc(np * sizeof(MPI_Aint));
  MPI_Aint *blocks = malloc(np * sizeof(MPI_Aint));
  for (i = 0; i < np && i < 1000; i++) {
    dsp[i] = (MPI_Aint)off * 8;
    blocks[i] = blk;
    off++;
    blk += 1000;
  }
  MPI_Neighbor_alltoallw(sb, cnt, dsp, ty, rb, cnt, blocks, ty, comm);
  free(dsp);
  free(blocks);
}
