// The model of a run, for the calls that fill a status besides MPI_Recv: the
// completion of a nonblocking receive, an MPI-IO access, MPI_Status_set_elements;
// and a status preset (memset, a store) before the call that fills it.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <string.h>

extern int pick(void);

// A nonblocking receive of 2 ints completed by MPI_Wait: at most 2.
int irecv_wait(int *b, MPI_Comm comm) {
  MPI_Status st;
  MPI_Request rq;
  int n;
  MPI_Irecv(b, 2, MPI_INT, 0, 0, comm, &rq);
  MPI_Wait(&rq, &st);
  MPI_Get_count(&st, MPI_INT, &n);
  return n;
}

// Asked in bytes, the same status can hold 4 times more than the int count.
int irecv_wait_bytes(double *b, int n, MPI_Comm comm) {
  MPI_Status st;
  MPI_Request rq;
  int got;
  MPI_Irecv(b, n, MPI_DOUBLE, 0, 0, comm, &rq);
  MPI_Wait(&rq, &st);
  MPI_Get_count(&st, MPI_BYTE, &got);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  return got;
}

// A request the caller made, asked in MPI_INT: MPI_Get_count's datatype
// should match the receive's (MPI-4.0 3.2.5), so one of the unit's int
// receives made it, each of at most INT_MAX (model-status-requests.c).
int wait_param(MPI_Request *rq) {
  MPI_Status st;
  int got;
  MPI_Wait(rq, &st);
  MPI_Get_count(&st, MPI_INT, &got);
  return got;
}

// MPI_Waitany over an array of receives, each below 8; requests reset to
// MPI_REQUEST_NULL complete with an empty status.
int irecv_waitany(int (*b)[8], MPI_Comm comm) {
  MPI_Request r[8];
  MPI_Status st;
  int i, idx, got, total = 0;
  for (i = 0; i < 8; i++)
    MPI_Irecv(b[i], 8 - i, MPI_INT, MPI_ANY_SOURCE, 0, comm, &r[i]);
  r[0] = MPI_REQUEST_NULL;
  for (i = 0; i < 8; i++) {
    MPI_Waitany(8, r, &idx, &st);
    MPI_Get_count(&st, MPI_INT, &got);
    total += got;
  }
  return total;
}

// One request, one of whose receives came from an MPI_Isend: a send's status
// is not modelled, so the array is judged as one the analysis cannot follow,
// by the unit's receives in MPI_INT (model-status-requests.c).
int waitany_with_send(int *b, int *c, MPI_Comm comm) {
  MPI_Request r[2];
  MPI_Status st;
  int idx, got;
  MPI_Irecv(b, 4, MPI_INT, 0, 0, comm, &r[0]);
  MPI_Isend(c, 4, MPI_INT, 0, 0, comm, &r[1]);
  MPI_Waitany(2, r, &idx, &st);
  MPI_Get_count(&st, MPI_INT, &got);
  return got;
}

// MPI_Request_get_status and MPI_Test fill it the same way; the stores to the
// public fields before them do not touch the count.
int irecv_get_status(int *b, MPI_Comm comm) {
  MPI_Status st, st2;
  MPI_Request rq = MPI_REQUEST_NULL;
  int flag, got, got2;
  MPI_Irecv(b, 2, MPI_INT, 1, 10, comm, &rq);
  st.MPI_SOURCE = -1;
  st.MPI_TAG = -1;
  MPI_Request_get_status(rq, &flag, &st);
  MPI_Get_count(&st, MPI_INT, &got);
  MPI_Test(&rq, &flag, &st2);
  MPI_Get_count(&st2, MPI_INT, &got2);
  return got + got2 + st.MPI_TAG;
}

// The null request gives an empty status.
int null_request_status(void) {
  MPI_Status st;
  int flag, got;
  MPI_Request_get_status(MPI_REQUEST_NULL, &flag, &st);
  MPI_Get_count(&st, MPI_INT, &got);
  return got;
}

// A matched message received without blocking; the message of the null
// process gives an empty status.
int imrecv_test(int *b, int count, MPI_Comm comm) {
  MPI_Message msg;
  MPI_Status s1, s2;
  MPI_Request rq;
  int flag, got;
  MPI_Mprobe(MPI_PROC_NULL, 0, comm, &msg, &s1);
  MPI_Imrecv(b, 2, MPI_INT, &msg, &rq);
  MPI_Test(&rq, &flag, &s2);
  MPI_Get_count(&s2, MPI_INT, &got);
  return got;
}

// A status cleared before the receive that fills it.
int memset_then_recv(int *buf, MPI_Comm comm) {
  MPI_Status st;
  int n;
  memset(&st, 0, sizeof st);
  MPI_Recv(buf, 4, MPI_INT, 0, 0, comm, &st);
  MPI_Get_count(&st, MPI_INT, &n);
  return n;
}

// Cleared on one branch, assigned on another, then filled: the same.
int preset_on_branches(int *buf, MPI_Status other, MPI_Comm comm) {
  MPI_Status st;
  int n;
  if (pick())
    memset(&st, 0xff, sizeof(MPI_Status));
  else
    st = other;
  MPI_Recv(buf, 4, MPI_INT, 0, 0, comm, &st);
  MPI_Get_count(&st, MPI_INT, &n);
  return n;
}

// Cleared after the receive: the count read is what memset left.
int memset_after_recv(int *buf, MPI_Comm comm) {
  MPI_Status st;
  int n;
  MPI_Recv(buf, 4, MPI_INT, 0, 0, comm, &st);
  memset(&st, 0xff, sizeof st);
  MPI_Get_count(&st, MPI_INT, &n);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
  return n;
}

// The receive that follows the memset may not run.
int memset_then_maybe_recv(int *buf, MPI_Comm comm) {
  MPI_Status st;
  int n;
  memset(&st, 0xff, sizeof st);
  if (pick())
    MPI_Recv(buf, 4, MPI_INT, 0, 0, comm, &st);
  MPI_Get_count(&st, MPI_INT, &n);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
  return n;
}

// In a loop the memset at the end reaches the query of the next iteration.
int memset_in_loop(int *buf, MPI_Comm comm) {
  MPI_Status st;
  int i, n, total = 0;
  MPI_Recv(buf, 4, MPI_INT, 0, 0, comm, &st);
  for (i = 0; i < 4; i++) {
    MPI_Get_count(&st, MPI_INT, &n);
    // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
    total += n;
    memset(&st, 0xff, sizeof st);
  }
  MPI_Recv(buf, 4, MPI_INT, 0, 0, comm, &st);
  return total;
}

// MPI_Test may leave the status as the memset made it.
int memset_then_test(int *buf, MPI_Comm comm) {
  MPI_Status st;
  MPI_Request rq;
  int flag, n;
  MPI_Irecv(buf, 4, MPI_INT, 0, 0, comm, &rq);
  memset(&st, 0xff, sizeof st);
  MPI_Test(&rq, &flag, &st);
  MPI_Get_count(&st, MPI_INT, &n);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
  return n;
}

// A probe of the null process and a matched receive, each after a memset.
int memset_probe_null(int *buf, MPI_Comm comm) {
  MPI_Status st;
  MPI_Message m;
  int n, flag, got;
  memset(&st, 0xff, sizeof(MPI_Status));
  MPI_Mprobe(MPI_PROC_NULL, 1, comm, &m, &st);
  MPI_Get_count(&st, MPI_INT, &n);
  memset(&st, 0xff, sizeof(MPI_Status));
  MPI_Improbe(MPI_PROC_NULL, 1, comm, &flag, &m, &st);
  MPI_Get_count(&st, MPI_INT, &n);
  memset(&st, 0xff, sizeof(MPI_Status));
  MPI_Mrecv(buf, 2, MPI_INT, &m, &st);
  MPI_Get_count(&st, MPI_INT, &got);
  return n + got;
}

// A probe of a real process still gives the sender's count.
int memset_probe_real(MPI_Comm comm) {
  MPI_Status st;
  int n;
  memset(&st, 0, sizeof st);
  MPI_Probe(0, 1, comm, &st);
  MPI_Get_count(&st, MPI_INT, &n);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
  return n;
}

// MPI-IO accesses fill the status like receives of their count.
int file_accesses(MPI_File fh, char *buf, MPI_Offset off) {
  MPI_Status st, st2;
  MPI_Request rq;
  int n, w;
  MPI_File_read_all(fh, buf, 16, MPI_BYTE, &st);
  MPI_Get_count(&st, MPI_BYTE, &n);
  MPI_File_iwrite_at(fh, off, buf, 16, MPI_BYTE, &rq);
  MPI_Wait(&rq, &st2);
  MPI_Get_count(&st2, MPI_BYTE, &w);
  return n + w;
}

// Asked in another datatype: at most the bytes of 16 ints (each at most 64
// bytes under the model; model-status-types.c has more).
int file_read_other_type(MPI_File fh, int *buf) {
  MPI_Status st;
  int n;
  MPI_File_read(fh, buf, 16, MPI_INT, &st);
  MPI_Get_elements(&st, MPI_BYTE, &n);
  return n;
}

// A status set to 10 ints holds 10, and in bytes at most 10 ints' bytes.
int set_then_get(void) {
  MPI_Status st;
  int n, bytes;
  MPI_Status_set_elements(&st, MPI_INT, 10);
  MPI_Get_elements(&st, MPI_INT, &n);
  MPI_Get_elements(&st, MPI_BYTE, &bytes);
  return n + bytes;
}

// Set to an unbounded number of ints: unbounded in bytes too.
int set_unbounded_then_get(int k) {
  MPI_Status st;
  int bytes;
  MPI_Status_set_elements(&st, MPI_INT, k);
  MPI_Get_elements(&st, MPI_BYTE, &bytes);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'int' output 'bytes' of MPI_Get_elements cannot represent counts over 2^31-1
  return bytes;
}
