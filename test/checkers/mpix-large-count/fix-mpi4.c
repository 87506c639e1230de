// Target=mpi4 needs an MPI-4 mpi.h; under Open MPI it says so instead.
// RUN: %check_mpix_tidy --check-suffix=%mpi %s mpix-large-count %t --config="{CheckOptions: {mpix-large-count.Target: mpi4}}" -- %mpi_cflags
// RUN: %mpicc -fsyntax-only -Wall -Werror %t.c

#include <mpi.h>
#include <stddef.h>

#define CHECK(call) do { if ((call) != MPI_SUCCESS) MPI_Abort(MPI_COMM_WORLD, 1); } while (0)

void f(char *buf, size_t n, int nx, int ny, MPI_Comm comm) {
  CHECK(MPI_Send(buf, n, MPI_BYTE, 0, 0, comm));
  // CHECK-NOTES-MPICH: :[[@LINE-1]]:23: warning: count 'n' of type 'size_t' is narrowed
  // CHECK-NOTES-MPICH: :[[@LINE-3]]:26: note: 'n' is a parameter: its callers may pass any value
  // CHECK-FIXES-MPICH: CHECK(MPI_Send_c(buf, n, MPI_BYTE, 0, 0, comm));
  // CHECK-NOTES-OPENMPI: :[[@LINE-4]]:23: warning: count 'n' of type 'size_t' is narrowed
  // CHECK-NOTES-OPENMPI: :[[@LINE-6]]:26: note: 'n' is a parameter: its callers may pass any value
  // CHECK-NOTES-OPENMPI: :[[@LINE-6]]:9: note: no automatic fix: MPI_Send_c is not declared by this mpi.h (an MPI-3 library); use mpix-large-count.Target=mpix
  MPI_Bcast(buf, nx * ny, MPI_BYTE, 0, comm);
  // CHECK-NOTES-MPICH: :[[@LINE-1]]:18: warning: count 'nx * ny' is computed in 'int'
  // CHECK-NOTES-MPICH: :[[@LINE-2]]:18: note: 'nx * ny' can overflow 'int' here: nx unbounded, ny unbounded
  // CHECK-NOTES-MPICH: :[[@LINE-11]]:33: note: 'nx' is a parameter: its callers may pass any value
  // CHECK-FIXES-MPICH: MPI_Bcast_c(buf, (MPI_Count)nx * ny, MPI_BYTE, 0, comm);
  // CHECK-NOTES-OPENMPI: :[[@LINE-5]]:18: warning: count 'nx * ny' is computed in 'int'
  // CHECK-NOTES-OPENMPI: :[[@LINE-6]]:18: note: 'nx * ny' can overflow 'int' here: nx unbounded, ny unbounded
  // CHECK-NOTES-OPENMPI: :[[@LINE-15]]:33: note: 'nx' is a parameter: its callers may pass any value
  // CHECK-NOTES-OPENMPI: :[[@LINE-8]]:3: note: no automatic fix: MPI_Bcast_c is not declared
}

void offsets(MPI_File fh, double *buf, int rank, int chunk) {
  MPI_File_read_at(fh, rank * chunk, buf, 10, MPI_DOUBLE, MPI_STATUS_IGNORE);
  // CHECK-NOTES-MPICH: :[[@LINE-1]]:24: warning: offset 'rank * chunk' is computed in 'int' and can overflow before it is converted to 'MPI_Offset'
  // CHECK-NOTES-MPICH: :[[@LINE-2]]:24: note: 'rank * chunk' can overflow 'int' here: rank unbounded, chunk unbounded
  // CHECK-NOTES-MPICH: :[[@LINE-4]]:44: note: 'rank' is a parameter: its callers may pass any value
  // CHECK-FIXES-MPICH: MPI_File_read_at(fh, (MPI_Offset)rank * chunk, buf, 10, MPI_DOUBLE, MPI_STATUS_IGNORE);
  // CHECK-NOTES-OPENMPI: :[[@LINE-5]]:24: warning: offset 'rank * chunk' is computed in 'int'
  // CHECK-NOTES-OPENMPI: :[[@LINE-6]]:24: note: 'rank * chunk' can overflow 'int' here: rank unbounded, chunk unbounded
  // CHECK-NOTES-OPENMPI: :[[@LINE-8]]:44: note: 'rank' is a parameter: its callers may pass any value
  // CHECK-FIXES-OPENMPI: MPI_File_read_at(fh, (MPI_Offset)rank * chunk, buf, 10, MPI_DOUBLE, MPI_STATUS_IGNORE);
}
