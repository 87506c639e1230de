// One int product handed to two static helpers that take a communicator
// first and their counts at other positions (SUNDIALS' halo exchanges,
// held-out audit): judging the second call summarised more functions while
// the first's reach was held, which crashed, and named the other helper.
// Each call is reported with its own helper's parameter and MPI call.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

struct web {
  int ns, my;
};

static void post_recv(MPI_Comm comm, MPI_Request *rq, int ix, int dx, int dy,
                      double *buf);
static void send_edge(MPI_Comm comm, int ix, int dx, int dy, double *buf);

void exchange(struct web *w, int ix, double *rb, double *sb) {
  MPI_Request rq;
  int ny = w->ns * w->my;
  post_recv(MPI_COMM_WORLD, &rq, ix, 8, ny, rb);
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 'ny' holds a value computed in 'int' that can overflow; parameter 'dy' of 'post_recv' passes it to MPI_Irecv as its count
  send_edge(MPI_COMM_WORLD, ix, 8, ny, sb);
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: 'ny' holds a value computed in 'int' that can overflow; parameter 'dy' of 'send_edge' passes it to MPI_Send as its count
  MPI_Wait(&rq, MPI_STATUS_IGNORE);
}

static void post_recv(MPI_Comm comm, MPI_Request *rq, int ix, int dx, int dy,
                      double *buf) {
  if (ix != 0)
    MPI_Irecv(buf, dy, MPI_DOUBLE, 0, 0, comm, rq);
  else
    MPI_Irecv(buf, dx, MPI_DOUBLE, 0, 1, comm, rq);
}

static void send_edge(MPI_Comm comm, int ix, int dx, int dy, double *buf) {
  if (ix != 0)
    MPI_Send(buf, dy, MPI_DOUBLE, 1, 0, comm);
  else
    MPI_Send(buf, dx, MPI_DOUBLE, 1, 1, comm);
}

// A count of one helper passed to another at a position that is no count.
static void send_n(MPI_Comm comm, int n, double *buf) {
  MPI_Send(buf, n, MPI_DOUBLE, 0, 0, comm);
}
static void send_m(MPI_Comm comm, int m, int tag, double *buf) {
  MPI_Send(buf, m, MPI_DOUBLE, 1, tag, comm);
}
void both(int a, int b, double *buf) {
  int n = a * b;
  send_n(MPI_COMM_WORLD, n, buf);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'n' holds a value computed in 'int' that can overflow; parameter 'n' of 'send_n' passes it to MPI_Send as its count
  send_m(MPI_COMM_WORLD, 4, n, buf);
}
