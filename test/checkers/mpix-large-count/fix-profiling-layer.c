// A profiling layer calls MPI's PMPI_ entry points to bypass its own
// wrappers (darshan, mpiP). Its fix keeps the prefix: PMPI_Bcast_c, not
// MPI_Bcast_c, which would run the layer's wrapper again. libmpix has no
// profiling entry points, so with an MPI-3 library (Open MPI 4.1, where
// Target=auto picks libmpix) the call is left alone, and the note says why.
// RUN: %check_mpix_tidy --check-suffix=%mpi %s mpix-large-count %t -- %mpi_cflags
// RUN: %mpicc -fsyntax-only -Wall -Werror %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' --quiet -- %mpi_cflags 2>&1 | FileCheck %s --check-prefix=AGAIN-%mpi --allow-empty

#include <mpi.h>
#include <stdint.h>

int share_ids(uint64_t *ids, int count, MPI_Comm comm) {
  return PMPI_Bcast(ids, count * sizeof(uint64_t), MPI_BYTE, 0, comm);
  // CHECK-NOTES-MPICH: :[[@LINE-1]]:26: warning: count 'count * sizeof(uint64_t)' of type 'unsigned long' is narrowed to 'int'
  // CHECK-NOTES-MPICH: :[[@LINE-3]]:34: note: 'count' is a parameter: its callers may pass any value
  // CHECK-FIXES-MPICH: return PMPI_Bcast_c(ids, count * sizeof(uint64_t), MPI_BYTE, 0, comm);
  // CHECK-NOTES-OPENMPI: :[[@LINE-4]]:26: warning: count 'count * sizeof(uint64_t)' of type 'unsigned long' is narrowed to 'int'
  // CHECK-NOTES-OPENMPI: :[[@LINE-6]]:34: note: 'count' is a parameter: its callers may pass any value
  // CHECK-NOTES-OPENMPI: :[[@LINE-6]]:10: note: no automatic fix: 'PMPI_Bcast' is a profiling entry point, and MPIX_Bcast_x calls the ones a profiling layer wraps: use mpix-large-count.Target=mpi4 with an MPI-4 library
  // CHECK-FIXES-OPENMPI: return PMPI_Bcast(ids, count * sizeof(uint64_t), MPI_BYTE, 0, comm);
}
// AGAIN-mpich-NOT: warning:
// AGAIN-openmpi: warning: count 'count * sizeof(uint64_t)'
