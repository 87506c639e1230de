// The model of a run: a status parameter (a pointer to a status, or a
// status by value) of a function that only reads it, and that only this
// file calls, holds what its callers pass: the join over the calls. And
// completing a null or inactive persistent request (made by a *_init call
// and not started, or started and waited for since) gives an empty status,
// count 0, whatever the flag.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags
// RUN: %check_mpix_tidy --no-fix --check-suffix=STRICT %s mpix-large-count %t-strict \
// RUN:   --config="{CheckOptions: {mpix-large-count.StrictTypes: true}}" -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>

extern void log_status(MPI_Status *st);

// Every caller passes an empty status or one of at most 10 ints.
static int ints_in(MPI_Status *s) {
  int got;
  if (s->MPI_SOURCE != MPI_ANY_SOURCE)
    return -1;
  MPI_Get_count(s, MPI_INT, &got);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:29: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  return got;
}

int inactive_persistent(int *buf, int dest, MPI_Comm comm) {
  MPI_Request r;
  MPI_Status s;
  int flag, errs = 0;
  MPI_Send_init(buf, 10, MPI_INT, dest, 0, comm, &r);
  s.MPI_TAG = 10;
  MPI_Test(&r, &flag, &s);
  errs += ints_in(&s);
  MPI_Wait(&r, &s);
  errs += ints_in(&s);
  // Started and waited for: inactive again.
  MPI_Start(&r);
  MPI_Wait(&r, &s);
  MPI_Test(&r, &flag, &s);
  errs += ints_in(&s);
  MPI_Request_free(&r);
  MPI_Recv_init(buf, 10, MPI_INT, dest, 0, comm, &r);
  MPI_Wait(&r, &s);
  errs += ints_in(&s);
  MPI_Request_free(&r);
  return errs;
}

int null_and_received(int *buf, MPI_Comm comm) {
  MPI_Status s;
  MPI_Request r = MPI_REQUEST_NULL;
  MPI_Wait(&r, &s);
  int errs = ints_in(&s);
  MPI_Recv(buf, 10, MPI_INT, 0, 0, comm, &s);
  return errs + ints_in(&s);
}

// A status by value, from a receive of at most 100 doubles.
static int doubles_in(MPI_Status st) {
  int got;
  MPI_Get_count(&st, MPI_DOUBLE, &got);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:34: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  return got;
}

int by_value(double *buf, MPI_Comm comm) {
  MPI_Status st;
  MPI_Recv(buf, 100, MPI_DOUBLE, 0, 0, comm, &st);
  return doubles_in(st);
}

// A function with no prototype outside this file is this file's own too,
// and a caller may forward its own status parameter.
int forwarded(MPI_Status *s);
int forwarded(MPI_Status *s) { return ints_in(s) + 1; }

int forwards(int *buf, MPI_Comm comm) {
  MPI_Status st;
  MPI_Recv(buf, 5, MPI_INT, 0, 0, comm, &st);
  return forwarded(&st);
}

// Still reported: one caller passes a status the model does not bound.
static int chars_in(MPI_Status *s) {
  int got;
  MPI_Get_count(s, MPI_CHAR, &got);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:30: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  return got;
}

int one_unbounded_caller(char *buf, int n, MPI_Comm comm) {
  MPI_Status st, probed;
  MPI_Recv(buf, 8, MPI_CHAR, 0, 0, comm, &st);
  MPI_Probe(0, 1, comm, &probed);
  return chars_in(&st) + chars_in(&probed);
}

// Still reported: a started persistent receive of an unbounded count (a
// size_t narrowed into the receive, whose fix widens it).
static int started_ints(MPI_Status *s) {
  int got;
  MPI_Get_count(s, MPI_INT, &got);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:29: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  return got;
}

int started_receive(int *buf, size_t n, MPI_Comm comm) {
  MPI_Request r;
  MPI_Status s;
  MPI_Recv_init(buf, n, MPI_INT, 0, 0, comm, &r);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: count 'n' of type 'size_t' is narrowed to 'int'
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:22: warning: count 'n' of type 'size_t' is narrowed to 'int'
  MPI_Start(&r);
  MPI_Wait(&r, &s);
  MPI_Request_free(&r);
  return started_ints(&s);
}

// Still reported: started, and only tested since (the test may not have
// completed it), or completed only on one branch.
static int tested_ints(MPI_Status *s) {
  int got;
  MPI_Get_count(s, MPI_INT, &got);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:29: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  return got;
}

int started_then_tested(int *buf, size_t n, int c, MPI_Comm comm) {
  MPI_Request r;
  MPI_Status s;
  int flag;
  MPI_Recv_init(buf, n, MPI_INT, 0, 0, comm, &r);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: count 'n' of type 'size_t' is narrowed to 'int'
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:22: warning: count 'n' of type 'size_t' is narrowed to 'int'
  MPI_Start(&r);
  MPI_Test(&r, &flag, &s);
  MPI_Test(&r, &flag, &s);
  int errs = tested_ints(&s);
  MPI_Start(&r);
  if (c)
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  MPI_Test(&r, &flag, &s);
  return errs + tested_ints(&s);
}

// Still reported: the function writes the status it is given.
static int written_ints(MPI_Status *s) {
  int got;
  log_status(s);
  MPI_Get_count(s, MPI_INT, &got);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:29: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  return got;
}

int writes_status(int *buf, MPI_Comm comm) {
  MPI_Status s;
  MPI_Recv(buf, 10, MPI_INT, 0, 0, comm, &s);
  return written_ints(&s);
}

// Still reported: other units may call a function whose address is taken.
int taken_ints(MPI_Status *s);
int taken_ints(MPI_Status *s) {
  int got;
  MPI_Get_count(s, MPI_INT, &got);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:29: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  return got;
}
int (*taken_hook)(MPI_Status *) = taken_ints;

int calls_taken(int *buf, MPI_Comm comm) {
  MPI_Status s;
  MPI_Recv(buf, 10, MPI_INT, 0, 0, comm, &s);
  return taken_ints(&s);
}

// A function that writes the status only while it runs (fields, MPI's own
// setters) is a store, harmless when a fill follows it; here the fill is
// the completion of an inactive request, and the status goes on by value.
static void preset(MPI_Status *s) {
  s->MPI_TAG = 42;
  MPI_Status_set_elements(s, MPI_INT, 42);
  MPI_Status_set_cancelled(s, 1);
}

static int empty_by_value(MPI_Status st) {
  int n;
  MPI_Get_elements(&st, MPI_INT, &n);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:34: warning: 'int' output 'n' of MPI_Get_elements cannot represent counts over 2^31-1
  return n;
}

int preset_then_inactive(int *a, MPI_Comm comm) {
  MPI_Status st;
  MPI_Request req;
  int flag, errs = 0;
  MPI_Ssend_init(a, 1, MPI_INT, 0, 0, comm, &req);
  preset(&st);
  MPI_Test(&req, &flag, &st);
  errs += empty_by_value(st);
  preset(&st);
  MPI_Wait(&req, &st);
  errs += empty_by_value(st);
  MPI_Request_free(&req);
  return errs;
}

// Still reported: a function that keeps the pointer may write the status
// later.
static MPI_Status *kept;
static void keep(MPI_Status *s) { kept = s; }

int kept_status(int *buf, MPI_Comm comm) {
  MPI_Status st;
  int n;
  keep(&st);
  MPI_Recv(buf, 10, MPI_INT, 0, 0, comm, &st);
  MPI_Get_count(&st, MPI_INT, &n);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:31: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
  return n;
}

// Still reported: a status a preset leaves as it is, with no fill after.
int preset_only(void) {
  MPI_Status st;
  int n;
  preset(&st);
  MPI_Get_count(&st, MPI_BYTE, &n);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:32: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
  return n;
}

// Still reported: the same status handed to a reading and a writing
// parameter of one call; the later receive does not make it harmless.
static int read_and_write(MPI_Status *in, MPI_Status *out) {
  int n;
  MPI_Probe(0, 0, MPI_COMM_WORLD, out);
  MPI_Get_count(in, MPI_INT, &n);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:30: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
  return n;
}

int aliased(int *buf, MPI_Comm comm) {
  MPI_Status st;
  MPI_Recv(buf, 10, MPI_INT, 0, 0, comm, &st);
  int n = read_and_write(&st, &st);
  MPI_Recv(buf, 10, MPI_INT, 0, 0, comm, &st);
  return n;
}

// A receive wrapper (a profiling layer's) fills its caller's status, then
// asks it: at most the int count it posted, whoever calls it.
int recv_counted(void *buf, int count, MPI_Datatype type, int src,
                 MPI_Comm comm, MPI_Status *status, long long *total) {
  int rc = PMPI_Recv(buf, count, type, src, 0, comm, status);
  int n;
  if (status != MPI_STATUS_IGNORE) {
    PMPI_Get_count(status, type, &n);
    // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:34: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
    *total += n;
  }
  return rc;
}

// Still reported: the receive runs on one branch only.
int recv_maybe(void *buf, int count, int now, MPI_Comm comm,
               MPI_Status *status) {
  int n;
  if (now)
    MPI_Recv(buf, count, MPI_INT, 0, 0, comm, status);
  MPI_Get_count(status, MPI_INT, &n);
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:34: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
  return n;
}

// Still reported: in the loop, the status is handed on after the query,
// and the next turn asks what that call left.
int recv_then_log(void *buf, int count, int turns, MPI_Comm comm,
                  MPI_Status *status) {
  int n = 0;
  MPI_Recv(buf, count, MPI_INT, 0, 0, comm, status);
  for (int t = 0; t < turns; t++) {
    MPI_Get_count(status, MPI_INT, &n);
    // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
    // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:36: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
    log_status(status);
  }
  return n;
}
