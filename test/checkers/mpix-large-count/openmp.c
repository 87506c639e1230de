// Sources built with -fopenmp include <omp.h>, which comes with clang's own
// headers (libomp-19-dev): they parse, and MPI calls inside OpenMP regions
// are checked and fixed like any other.
// RUN: %check_mpix_tidy --check-suffix=%mpi %s mpix-large-count %t -- %mpi_cflags -fopenmp
// RUN: %check_mpix_tidy --via-plugin --check-suffix=%mpi %s mpix-large-count %t.plugin -- %mpi_cflags -fopenmp

#include <mpi.h>
#include <omp.h>
#include <stddef.h>

void per_thread_send(char *buf, size_t bytes_per_thread, MPI_Comm comm) {
#pragma omp parallel
  {
    int tid = omp_get_thread_num();
    MPI_Send(buf + tid * bytes_per_thread, bytes_per_thread, MPI_BYTE, 0, tid, comm);
    // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:44: warning: count 'bytes_per_thread' of type 'size_t' is narrowed to 'int'
    // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:44: warning: count 'bytes_per_thread' of type 'size_t' is narrowed to 'int'
    // CHECK-FIXES-MPICH: MPI_Send_c(buf + tid * bytes_per_thread, bytes_per_thread, MPI_BYTE, 0, tid, comm);
  }
}

void reduce_loop(double *sums, int nx, int ny, MPI_Comm comm) {
#pragma omp parallel for
  for (int i = 0; i < 4; ++i)
    MPI_Allreduce(MPI_IN_PLACE, sums + i, nx * ny, MPI_DOUBLE, MPI_SUM, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:43: warning: count 'nx * ny' is computed in 'int'
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:43: warning: count 'nx * ny' is computed in 'int'
  // CHECK-FIXES-MPICH: MPI_Allreduce_c(MPI_IN_PLACE, sums + i, (MPI_Count)nx * ny, MPI_DOUBLE, MPI_SUM, comm);
}
