// The model of a run: a predefined datatype is a few bytes and sizeof is
// what it is; the size of a datatype built by the program, and inputs
// (argv, atoi, strtol, what is read, parameters of functions other files
// can call, memory the analysis cannot see) stay unbounded.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags
// RUN: %check_mpix_tidy --no-fix --check-suffix=STRICT %s mpix-large-count %t-strict \
// RUN:   --config="{CheckOptions: {mpix-large-count.StrictTypes: true}}" -- %mpi_cflags

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

struct cell { double v[4]; int tag; };

void predefined_size(char *buf, MPI_Comm comm) {
  int sz;
  MPI_Type_size(MPI_DOUBLE, &sz);
  int bytes = 1000 * sz;
  MPI_Send(buf, bytes, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:17: warning: count 'bytes' holds a value computed in 'int' that can overflow
  MPI_Send(buf, 1000 * (int)sizeof(struct cell), MPI_BYTE, 0, 0, comm);
}

void derived_size(char *buf, MPI_Datatype t, MPI_Comm comm) {
  int sz;
  MPI_Type_size(t, &sz);
  MPI_Send(buf, 1000 * sz, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count '1000 * sz' is computed in 'int' and can overflow
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:17: warning: count '1000 * sz' is computed in 'int' and can overflow
}

void inputs(char *buf, int n, int argc, char **argv, int *shared, MPI_Comm comm) {
  int a = atoi(argv[1]);
  long l = strtol(argv[2], NULL, 10);
  int r = 0;
  if (fread(&r, sizeof r, 1, stdin) != 1)
    return;
  int nprocs;
  MPI_Comm_size(comm, &nprocs);
  MPI_Send(buf, a * nprocs, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'a * nprocs' is computed in 'int' and can overflow
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:17: warning: count 'a * nprocs' is computed in 'int' and can overflow
  MPI_Send(buf, l, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'l' of type 'long' is narrowed to 'int'
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:17: warning: count 'l' of type 'long' is narrowed to 'int'
  MPI_Send(buf, r * 2, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'r * 2' is computed in 'int' and can overflow
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:17: warning: count 'r * 2' is computed in 'int' and can overflow
  MPI_Send(buf, n * nprocs, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'n * nprocs' is computed in 'int' and can overflow
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:17: warning: count 'n * nprocs' is computed in 'int' and can overflow
  MPI_Send(buf, shared[0] * 2, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'shared[0] * 2' is computed in 'int' and can overflow
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:17: warning: count 'shared[0] * 2' is computed in 'int' and can overflow
  (void)argc;
}
