// Target=auto picks MPI_*_c where mpi.h declares it (MPICH 4) and libmpix's
// MPIX_*_x elsewhere (Open MPI 4.1). The fixed file must compile cleanly and
// give the check nothing more to say.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy --check-suffix=%mpi %s mpix-large-count %t -- %mpi_cflags
// RUN: %mpicc -fsyntax-only -Wall -Werror %mpix_cflags %t.c
// RUN: %mpix_tidy %t.c --checks='-*,mpix-large-count' --warnings-as-errors='*' --quiet -- %mpi_cflags %mpix_cflags

#include <mpi.h>
// CHECK-FIXES-OPENMPI: #include <mpi.h>
// CHECK-FIXES-OPENMPI-NEXT: #include <mpix.h>
#include <stdio.h>
#include <stdlib.h>

void send_bytes(const char *buf, size_t nbytes, MPI_Comm comm) {
  MPI_Send(buf, nbytes, MPI_BYTE, 1, 0, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:17: warning: count 'nbytes' of type 'size_t' is narrowed
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:17: warning: count 'nbytes' of type 'size_t' is narrowed
  // CHECK-FIXES-MPICH: MPI_Send_c(buf, nbytes, MPI_BYTE, 1, 0, comm);
  // CHECK-FIXES-OPENMPI: MPIX_Send_x(buf, nbytes, MPI_BYTE, 1, 0, comm);
}

void explicit_cast(double *buf, size_t n, MPI_Comm comm) {
  MPI_Bcast(buf, (int)n, MPI_DOUBLE, 0, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:18: warning: count 'n' of type 'size_t' is narrowed
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:18: warning: count 'n' of type 'size_t' is narrowed
  // CHECK-FIXES-MPICH: MPI_Bcast_c(buf, n, MPI_DOUBLE, 0, comm);
  // CHECK-FIXES-OPENMPI: MPIX_Bcast_x(buf, n, MPI_DOUBLE, 0, comm);
}

void product(double *buf, int nx, int ny, int nz, MPI_Comm comm) {
  MPI_Allreduce(MPI_IN_PLACE, buf, nx * ny * nz, MPI_DOUBLE, MPI_SUM, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:36: warning: count 'nx * ny * nz' is computed in 'int'
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:36: warning: count 'nx * ny * nz' is computed in 'int'
  // CHECK-FIXES-MPICH: MPI_Allreduce_c(MPI_IN_PLACE, buf, (MPI_Count)nx * ny * nz, MPI_DOUBLE, MPI_SUM, comm);
  // CHECK-FIXES-OPENMPI: MPIX_Allreduce_x(MPI_IN_PLACE, buf, (MPI_Count)nx * ny * nz, MPI_DOUBLE, MPI_SUM, comm);
}

void narrowed_local(char *buf, size_t nbytes, MPI_Comm comm) {
  int n = nbytes;
  // CHECK-FIXES-MPICH: MPI_Count n = nbytes;
  // CHECK-FIXES-OPENMPI: MPI_Count n = nbytes;
  MPI_Send(buf, n, MPI_BYTE, 1, 0, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:17: warning: count 'n' holds a value narrowed from 'size_t'
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:17: warning: count 'n' holds a value narrowed from 'size_t'
  // CHECK-FIXES-MPICH: MPI_Send_c(buf, n, MPI_BYTE, 1, 0, comm);
  // CHECK-FIXES-OPENMPI: MPIX_Send_x(buf, n, MPI_BYTE, 1, 0, comm);
  MPI_Recv(buf, n, MPI_BYTE, 1, 0, comm, MPI_STATUS_IGNORE);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:17: warning: count 'n' holds a value narrowed from 'size_t'
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:17: warning: count 'n' holds a value narrowed from 'size_t'
  // CHECK-FIXES-MPICH: MPI_Recv_c(buf, n, MPI_BYTE, 1, 0, comm, MPI_STATUS_IGNORE);
  // CHECK-FIXES-OPENMPI: MPIX_Recv_x(buf, n, MPI_BYTE, 1, 0, comm, MPI_STATUS_IGNORE);
  for (int i = 0; i < n; ++i)
    buf[i] = 0;
}

void received_count(char *buf, MPI_Comm comm) {
  MPI_Status status;
  int count;
  // CHECK-FIXES-MPICH: MPI_Count count;
  // CHECK-FIXES-OPENMPI: MPI_Count count;
  MPI_Probe(0, 0, comm, &status);
  MPI_Get_count(&status, MPI_BYTE, &count);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:36: warning: 'int' output 'count' of MPI_Get_count
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:36: warning: 'int' output 'count' of MPI_Get_count
  // CHECK-FIXES-MPICH: MPI_Get_count_c(&status, MPI_BYTE, &count);
  // CHECK-FIXES-OPENMPI: MPIX_Get_count_x(&status, MPI_BYTE, &count);
  printf("received %d bytes\n", count);
  // CHECK-FIXES-MPICH: printf("received %lld bytes\n", (long long)count);
  // CHECK-FIXES-OPENMPI: printf("received %lld bytes\n", (long long)count);
}

void contiguous(size_t n, MPI_Datatype *out) {
  MPI_Type_contiguous(n, MPI_DOUBLE, out);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:23: warning: count 'n' of type 'size_t'
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:23: warning: count 'n' of type 'size_t'
  // CHECK-FIXES-MPICH: MPI_Type_contiguous_c(n, MPI_DOUBLE, out);
  // CHECK-FIXES-OPENMPI: MPIX_Type_contiguous_x(n, MPI_DOUBLE, out);
}

void gatherv(const double *mine, int nmine, double *all, MPI_Comm comm) {
  int p;
  MPI_Comm_size(comm, &p);
  int *counts = malloc(p * sizeof(int));
  int *displs = malloc(p * sizeof(int));
  // CHECK-FIXES-MPICH: MPI_Count *counts = malloc(p * sizeof(MPI_Count));
  // CHECK-FIXES-MPICH-NEXT: MPI_Aint *displs = malloc(p * sizeof(MPI_Aint));
  // CHECK-FIXES-OPENMPI: MPI_Count *counts = malloc(p * sizeof(MPI_Count));
  // CHECK-FIXES-OPENMPI-NEXT: MPI_Aint *displs = malloc(p * sizeof(MPI_Aint));
  int mine_count = nmine;
  // CHECK-FIXES-MPICH: MPI_Count mine_count = nmine;
  // CHECK-FIXES-OPENMPI: MPI_Count mine_count = nmine;
  MPI_Allgather(&mine_count, 1, MPI_INT, counts, 1, MPI_INT, comm);
  // CHECK-FIXES-MPICH: MPI_Allgather(&mine_count, 1, MPI_COUNT, counts, 1, MPI_COUNT, comm);
  // CHECK-FIXES-OPENMPI: MPI_Allgather(&mine_count, 1, MPI_COUNT, counts, 1, MPI_COUNT, comm);
  displs[0] = 0;
  for (int i = 1; i < p; ++i)
    displs[i] = displs[i - 1] + counts[i - 1];
  MPI_Gatherv(mine, nmine, MPI_DOUBLE, all, counts, displs, MPI_DOUBLE, 0, comm);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:53: warning: displacement array 'displs' of MPI_Gatherv is an 'int' running sum
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:53: warning: displacement array 'displs' of MPI_Gatherv is an 'int' running sum
  // CHECK-FIXES-MPICH: MPI_Gatherv_c(mine, nmine, MPI_DOUBLE, all, counts, displs, MPI_DOUBLE, 0, comm);
  // CHECK-FIXES-OPENMPI: MPIX_Gatherv_x(mine, nmine, MPI_DOUBLE, all, counts, displs, MPI_DOUBLE, 0, comm);
  free(counts);
  free(displs);
}
