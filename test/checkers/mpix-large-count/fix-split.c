// Count and displacement arrays declared together with other variables: the
// declaration is split so that each can take its own type.
// RUN: %check_mpix_tidy --check-suffix=%mpi %s mpix-large-count %t -- %mpi_cflags
// RUN: grep -v '^ *//' %t.c | %mpicc -x c -fsyntax-only -Wall -Werror %mpi_cflags %mpix_cflags -
// REQUIRES: mpix-runtime

#include <mpi.h>
#include <stdlib.h>

void gather(const double *sb, int nmine, double *rb, int p, MPI_Comm comm) {
  int *c, *d, i;
  // CHECK-FIXES-MPICH: MPI_Count *c;
  // CHECK-FIXES-MPICH-NEXT: MPI_Aint *d;
  // CHECK-FIXES-MPICH-NEXT: int i;
  // CHECK-FIXES-OPENMPI: MPI_Count *c;
  // CHECK-FIXES-OPENMPI-NEXT: MPI_Aint *d;
  // CHECK-FIXES-OPENMPI-NEXT: int i;
  c = malloc(p * sizeof(int));
  d = malloc(p * sizeof(int));
  int mine = nmine;
  MPI_Allgather(&mine, 1, MPI_INT, c, 1, MPI_INT, comm);
  d[0] = 0;
  for (i = 1; i < p; ++i)
    d[i] = d[i - 1] + c[i - 1];
  MPI_Gatherv(sb, nmine, MPI_DOUBLE, rb, c, d, MPI_DOUBLE, 0, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:45: warning: displacement array 'd' of MPI_Gatherv is an 'int' running sum
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:45: warning: displacement array 'd' of MPI_Gatherv is an 'int' running sum
  free(c);
  free(d);
}

// An initializer that must change too would overlap the split: left alone.
void initialized_together(const double *sb, int nmine, double *rb, int p, MPI_Comm comm) {
  int *c = malloc(p * sizeof(int)), *d = malloc(p * sizeof(int));
  int mine = nmine;
  MPI_Allgather(&mine, 1, MPI_INT, c, 1, MPI_INT, comm);
  d[0] = 0;
  for (int i = 1; i < p; ++i)
    d[i] = d[i - 1] + c[i - 1];
  MPI_Gatherv(sb, nmine, MPI_DOUBLE, rb, c, d, MPI_DOUBLE, 0, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:45: warning: displacement array 'd' of MPI_Gatherv is an 'int' running sum
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:45: warning: displacement array 'd' of MPI_Gatherv is an 'int' running sum
  // CHECK-FIXES-MPICH: MPI_Gatherv(sb, nmine, MPI_DOUBLE, rb, c, d, MPI_DOUBLE, 0, comm);
  // CHECK-FIXES-OPENMPI: MPI_Gatherv(sb, nmine, MPI_DOUBLE, rb, c, d, MPI_DOUBLE, 0, comm);
  free(c);
  free(d);
}
