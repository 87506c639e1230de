// The model of a run: the count in a status is at most the int count of the
// receive that filled it (in that receive's datatype), and 0 for the null
// process. A probe of a real process gives the sender's count: unbounded.
// StrictTypes brings back the type-only worst case.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags
// RUN: %check_mpix_tidy --no-fix --check-suffix=STRICT %s mpix-large-count %t-strict \
// RUN:   --config="{CheckOptions: {mpix-large-count.StrictTypes: true}}" -- %mpi_cflags

#include <mpi.h>

extern void log_status(MPI_Status *st);

int after_receive(double *buf, int n, MPI_Comm comm) {
  MPI_Status st;
  int got;
  MPI_Recv(buf, n, MPI_DOUBLE, MPI_ANY_SOURCE, 0, comm, &st);
  MPI_Get_count(&st, MPI_DOUBLE, &got);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:34: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  return got + st.MPI_SOURCE;
}

int elements_after_sendrecv(int *in, int *out, int n, int peer, MPI_Comm comm) {
  MPI_Status st;
  int got;
  MPI_Sendrecv(in, n, MPI_INT, peer, 0, out, n, MPI_INT, peer, 0, comm, &st);
  MPI_Get_elements(&st, MPI_INT, &got);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:34: warning: 'int' output 'got' of MPI_Get_elements cannot represent counts over 2^31-1
  return got;
}

// A receive whose own count is narrowed or computed in int bounds nothing:
// that count is a finding, and once its fix widens the receive the status
// holds all of it (a second run would otherwise find what the first missed).
int after_narrowed_receive(char *buf, unsigned long nbytes, int nx, int ny,
                           MPI_Comm comm) {
  MPI_Status st;
  int got, cells;
  MPI_Recv(buf, (int)nbytes, MPI_BYTE, 0, 0, comm, &st);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'nbytes' of type 'unsigned long' is narrowed to 'int'
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:17: warning: count 'nbytes' of type 'unsigned long' is narrowed to 'int'
  MPI_Get_count(&st, MPI_BYTE, &got);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:32: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  MPI_Recv(buf, nx * ny, MPI_BYTE, 0, 0, comm, &st);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'nx * ny' is computed in 'int'
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:17: warning: count 'nx * ny' is computed in 'int'
  MPI_Get_count(&st, MPI_BYTE, &cells);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'int' output 'cells' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:32: warning: 'int' output 'cells' of MPI_Get_count cannot represent counts over 2^31-1
  return got + cells;
}

// Asked in another datatype: 8 bytes per double can exceed INT_MAX.
int bytes_after_receive(double *buf, int n, MPI_Comm comm) {
  MPI_Status st;
  int got;
  MPI_Recv(buf, n, MPI_DOUBLE, 0, 0, comm, &st);
  MPI_Get_count(&st, MPI_BYTE, &got);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:32: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  return got;
}

// A probe: the sender decides the size.
int after_probe(MPI_Comm comm) {
  MPI_Status st;
  int got;
  MPI_Probe(0, 0, comm, &st);
  MPI_Get_count(&st, MPI_INT, &got);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:31: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  return got;
}

// A matched probe of the null process: an empty message.
int after_null_probe(MPI_Comm comm) {
  MPI_Status st;
  MPI_Message msg;
  int flag, got;
  MPI_Improbe(MPI_PROC_NULL, 0, comm, &flag, &msg, &st);
  MPI_Get_count(&st, MPI_INT, &got);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:31: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  return got;
}

// Handed to a function that may write it: unknown.
int status_handed_out(int *buf, int n, MPI_Comm comm) {
  MPI_Status st;
  int got;
  MPI_Recv(buf, n, MPI_INT, 0, 0, comm, &st);
  log_status(&st);
  MPI_Get_count(&st, MPI_INT, &got);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:31: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  return got;
}

// Filled by a wait on the request of a receive of n ints: at most n
// (model-status-fills.c has more).
int after_wait(int *buf, int n, MPI_Comm comm) {
  MPI_Status st;
  MPI_Request req;
  int got;
  MPI_Irecv(buf, n, MPI_INT, 0, 0, comm, &req);
  MPI_Wait(&req, &st);
  MPI_Get_count(&st, MPI_INT, &got);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:31: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  return got;
}
