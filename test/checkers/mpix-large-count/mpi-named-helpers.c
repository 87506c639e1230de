// A program's helper is what its declarations say, not its prefix:
// `MPIU_Gather_root`, `MPIX_Gather_root` and `MPI_Gather_root`, defined here
// and declared in no MPI header, are followed like any other helper (MP-
// Gadget's MPIU_Gather, PETSc's MPIU_* style). Functions that an MPI header
// declares stay MPI's, whatever the table knows of them.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>

static void MPIU_Gather_root(const double *mine, int count, double *all,
                             MPI_Comm comm) {
  MPI_Gather(mine, count, MPI_DOUBLE, all, count, MPI_DOUBLE, 0, comm);
}

static void MPIX_Gather_root(const double *mine, int count, double *all,
                             MPI_Comm comm) {
  MPI_Gather(mine, count, MPI_DOUBLE, all, count, MPI_DOUBLE, 0, comm);
}

void MPI_Gather_root(const double *mine, int count, double *all,
                     MPI_Comm comm) {
  MPI_Gather(mine, count, MPI_DOUBLE, all, count, MPI_DOUBLE, 0, comm);
}

void gather_all(const double *mine, size_t n, double *all, MPI_Comm comm) {
  MPIU_Gather_root(mine, n, all, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'n' of type 'size_t' is narrowed to 'int' by parameter 'count' of 'MPIU_Gather_root', which reaches MPI_Gather as its count
  MPIX_Gather_root(mine, n, all, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'n' of type 'size_t' is narrowed to 'int' by parameter 'count' of 'MPIX_Gather_root', which reaches MPI_Gather as its count
  MPI_Gather_root(mine, n, all, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'n' of type 'size_t' is narrowed to 'int' by parameter 'count' of 'MPI_Gather_root', which reaches MPI_Gather as its count
}

// The size of a process group is no helper of the program: mpi.h declares
// MPI_Group_size, and the model bounds it.
void group_share(MPI_Group group, const double *mine, double *all,
                 MPI_Comm comm) {
  int size;
  MPI_Group_size(group, &size);
  MPI_Gather(mine, size * 8, MPI_DOUBLE, all, size * 8, MPI_DOUBLE, 0, comm);
}
