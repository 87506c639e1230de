// A status reused by several calls holds, at a query, what the calls that
// can run before it left there: a use after the query is left out when
// nothing after it runs before it again (no loop or OpenMP region around
// the query, no goto label before it); a fill the model cannot bound is
// harmless when another replaces it before anything reads the status.
//
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <string.h>

// A probe of an unknown sender, then the receive of at most 8 bytes.
int probe_then_recv(char *buf) {
  MPI_Status st;
  int n;
  MPI_Probe(0, 3, MPI_COMM_WORLD, &st);
  MPI_Recv(buf, 8, MPI_BYTE, 0, 3, MPI_COMM_WORLD, &st);
  MPI_Get_count(&st, MPI_BYTE, &n);
  return n;
}

// Twin: the receive may not run.
int probe_then_maybe_recv(char *buf, int k) {
  MPI_Status st;
  int n;
  MPI_Probe(0, 3, MPI_COMM_WORLD, &st);
  if (k)
    MPI_Recv(buf, 8, MPI_BYTE, 0, 3, MPI_COMM_WORLD, &st);
  MPI_Get_count(&st, MPI_BYTE, &n);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
  return n;
}

// The completion of a send request, after the query, cannot reach it.
int recv_then_wait(char *buf, MPI_Request send) {
  MPI_Status st;
  int n;
  MPI_Recv(buf, 8, MPI_BYTE, 0, 3, MPI_COMM_WORLD, &st);
  MPI_Get_count(&st, MPI_BYTE, &n);
  MPI_Wait(&send, &st);
  return n;
}

// Twin: in a loop, it comes back before the query.
int recv_then_wait_in_loop(char *buf, MPI_Request send, int k) {
  MPI_Status st;
  int n = 0;
  for (int i = 0; i < k; ++i) {
    MPI_Recv(buf, 8, MPI_BYTE, 0, 3, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_BYTE, &n);
    // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
    MPI_Wait(&send, &st);
  }
  return n;
}

// Twin: a goto label before the query.
int recv_then_wait_with_label(char *buf, MPI_Request send, int again) {
  MPI_Status st;
  int n;
  MPI_Recv(buf, 8, MPI_BYTE, 0, 3, MPI_COMM_WORLD, &st);
top:
  MPI_Get_count(&st, MPI_BYTE, &n);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
  MPI_Wait(&send, &st);
  if (again--)
    goto top;
  return n;
}

// A preset, public fields stored and read, then the fill.
int preset_fields_fill(char *buf) {
  MPI_Status st;
  int n;
  memset(&st, 0xab, sizeof st);
  st.MPI_ERROR = MPI_ERR_OTHER;
  if (st.MPI_TAG == 1)
    buf[0] = 0;
  MPI_Recv(buf, 8, MPI_BYTE, 0, 3, MPI_COMM_WORLD, &st);
  MPI_Get_count(&st, MPI_BYTE, &n);
  return n;
}

// A status reused by a query per fill: each query sees only the fill
// before it, which every path to it runs. The first probe's unknown count
// is replaced before the second query.
int probe_then_recv_each_queried(char *buf) {
  MPI_Status st;
  int a, b, c;
  MPI_Probe(0, 3, MPI_COMM_WORLD, &st);
  MPI_Get_count(&st, MPI_BYTE, &a);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'int' output 'a' of MPI_Get_count cannot represent counts over 2^31-1
  MPI_Recv(buf, 8, MPI_BYTE, 0, 3, MPI_COMM_WORLD, &st);
  MPI_Get_count(&st, MPI_BYTE, &b);
  {
    memset(&st, 0, sizeof st);
    MPI_Probe(MPI_PROC_NULL, 3, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_BYTE, &c);
  }
  return a + b + c;
}

// Twin: the second fill runs on one branch only, so the probe's count
// reaches the second query on the other.
int probe_then_recv_on_a_branch(char *buf, int k) {
  MPI_Status st;
  int a, b;
  MPI_Probe(0, 3, MPI_COMM_WORLD, &st);
  MPI_Get_count(&st, MPI_BYTE, &a);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'int' output 'a' of MPI_Get_count cannot represent counts over 2^31-1
  if (k) {
    MPI_Recv(buf, 8, MPI_BYTE, 0, 3, MPI_COMM_WORLD, &st);
  }
  MPI_Get_count(&st, MPI_BYTE, &b);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'int' output 'b' of MPI_Get_count cannot represent counts over 2^31-1
  return a + b;
}

// Twin: a case label between the fill and the query lets control reach the
// query without the fill.
int probe_then_recv_in_switch(char *buf, int k) {
  MPI_Status st;
  int a = 0, b = 0;
  MPI_Probe(0, 3, MPI_COMM_WORLD, &st);
  MPI_Get_count(&st, MPI_BYTE, &a);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'int' output 'a' of MPI_Get_count cannot represent counts over 2^31-1
  switch (k) {
  case 0:
    MPI_Recv(buf, 8, MPI_BYTE, 0, 3, MPI_COMM_WORLD, &st);
  case 1:
    MPI_Get_count(&st, MPI_BYTE, &b);
    // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: 'int' output 'b' of MPI_Get_count cannot represent counts over 2^31-1
    break;
  }
  return a + b;
}

// Twin: the later fill is a test, whose flag may leave the probe's status.
int probe_then_test(char *buf, MPI_Request req) {
  MPI_Status st;
  int a, b, done;
  MPI_Probe(0, 3, MPI_COMM_WORLD, &st);
  MPI_Get_count(&st, MPI_BYTE, &a);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'int' output 'a' of MPI_Get_count cannot represent counts over 2^31-1
  MPI_Test(&req, &done, &st);
  MPI_Get_count(&st, MPI_BYTE, &b);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'int' output 'b' of MPI_Get_count cannot represent counts over 2^31-1
  return a + b;
}

// A count reused by a query per status: the receive posted with it reads
// what the query just before it stored (0, from the null process), not the
// join of every query's; asked in bytes, the ints received stay bounded.
int count_reused(char *buf, MPI_Comm comm) {
  MPI_Status s1, s2;
  int n, m;
  MPI_Probe(0, 3, comm, &s1);
  MPI_Get_count(&s1, MPI_BYTE, &n);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
  MPI_Probe(MPI_PROC_NULL, 3, comm, &s1);
  MPI_Get_count(&s1, MPI_BYTE, &n);
  MPI_Recv(buf, n, MPI_INT, 0, 3, comm, &s2);
  MPI_Get_count(&s2, MPI_BYTE, &m);
  return m;
}

// Twin: the second query may not run, so the receive may use the first's.
int count_reused_on_a_branch(char *buf, int k, MPI_Comm comm) {
  MPI_Status s1, s2;
  int n, m;
  MPI_Probe(0, 3, comm, &s1);
  MPI_Get_count(&s1, MPI_BYTE, &n);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
  if (k) {
    MPI_Probe(MPI_PROC_NULL, 3, comm, &s1);
    MPI_Get_count(&s1, MPI_BYTE, &n);
  }
  MPI_Recv(buf, n, MPI_INT, 0, 3, comm, &s2);
  MPI_Get_count(&s2, MPI_BYTE, &m);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'int' output 'm' of MPI_Get_count cannot represent counts over 2^31-1
  return m;
}

// Twin: a receive into the count itself writes it when it completes, where
// no statement names it.
int count_received(char *buf, MPI_Comm comm) {
  MPI_Status s1, s2;
  MPI_Request r;
  int n, m;
  MPI_Irecv(&n, 1, MPI_INT, 0, 4, comm, &r);
  n = 0;
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  MPI_Recv(buf, n, MPI_INT, 0, 3, comm, &s2);
  MPI_Get_count(&s2, MPI_BYTE, &m);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'int' output 'm' of MPI_Get_count cannot represent counts over 2^31-1
  (void)s1;
  return m;
}
