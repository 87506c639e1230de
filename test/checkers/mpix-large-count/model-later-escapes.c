// A local whose address is handed out only after the call (XBraid's
// refine.c, held-out audit): what is written through the pointer later
// cannot reach the call, so the stores before it are all the call sees. An
// address handed out before the call, or in a loop around it, or where a
// goto could run it first, still makes the value unknown.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

int npoints(void);
void get_size(int *size);

void recv_then_ask(double *b, MPI_Comm comm) {
  int points = npoints();
  int size = points * 3;
  MPI_Recv(b, size, MPI_DOUBLE, 0, 4, comm, MPI_STATUS_IGNORE);
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: count 'size' holds a value computed in 'int' that can overflow
  // CHECK-NOTES: :[[@LINE-3]]:14: note: 'points * 3' can overflow 'int' here: points unbounded, 3
  // CHECK-NOTES: :[[@LINE-5]]:16: note: 'points' is assigned 'npoints()' here, which the analysis cannot bound
  // CHECK-NOTES: :[[@LINE+1]]:12: note: no automatic fix: its address is passed to 'get_size', which may write an 'int' there
  get_size(&size);
  MPI_Send(b, 1, MPI_DOUBLE, 0, 4, comm);
}

void ask_then_recv(double *b, MPI_Comm comm) {
  int points = npoints();
  int size = points * 3;
  get_size(&size);
  MPI_Recv(b, size, MPI_DOUBLE, 0, 4, comm, MPI_STATUS_IGNORE);
}

void ask_in_loop(double *b, int steps, MPI_Comm comm) {
  int points = npoints();
  int size = points * 3;
  for (int i = 0; i < steps; ++i) {
    MPI_Recv(b, size, MPI_DOUBLE, 0, 4, comm, MPI_STATUS_IGNORE);
    get_size(&size);
  }
}

void ask_after_label(double *b, MPI_Comm comm) {
  int points = npoints();
  int size = points * 3;
again:
  MPI_Recv(b, size, MPI_DOUBLE, 0, 4, comm, MPI_STATUS_IGNORE);
  get_size(&size);
  if (size > 0)
    goto again;
}
