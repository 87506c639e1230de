// A probe of a real process gives the count of a message that some process
// sent. In a whole program (the unit defines main and every process runs
// it: option WholeProgram) that message came from one of the unit's own
// sends, so the count is at most the largest of them (in bytes: count times
// at most 64 per predefined element). Each variant below adds a sender the
// unit cannot bound, and the probed counts are reported again.
//
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags
// RUN: %check_mpix_tidy --no-fix --check-suffix=OFF %s mpix-large-count %t-off \
// RUN:   --config="{CheckOptions: {mpix-large-count.WholeProgram: false}}" -- %mpi_cflags
// RUN: %check_mpix_tidy --no-fix --check-suffix=OFF %s mpix-large-count %t-strict \
// RUN:   --config="{CheckOptions: {mpix-large-count.StrictTypes: true}}" -- %mpi_cflags
// RUN: %check_mpix_tidy --no-fix --check-suffix=OFF %s mpix-large-count %t-unbounded -- %mpi_cflags -DUNBOUNDED_SEND
// RUN: %check_mpix_tidy --no-fix --check-suffix=OFF %s mpix-large-count %t-large -- %mpi_cflags -DLARGE_SEND
// RUN: %check_mpix_tidy --no-fix --check-suffix=OFF %s mpix-large-count %t-derived -- %mpi_cflags -DDERIVED_SEND
// RUN: %check_mpix_tidy --no-fix --check-suffix=OFF %s mpix-large-count %t-external -- %mpi_cflags -DEXTERNAL_HELPER
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t-external-known \
// RUN:   --config="{CheckOptions: {mpix-large-count.ExternalSends: 'log_*:8;other:0'}}" -- %mpi_cflags -DEXTERNAL_HELPER
// RUN: %check_mpix_tidy --no-fix --check-suffix=OFF %s mpix-large-count %t-external-big \
// RUN:   --config="{CheckOptions: {mpix-large-count.ExternalSends: 'log_*:4000000000'}}" -- %mpi_cflags -DEXTERNAL_HELPER
// RUN: %check_mpix_tidy --no-fix --check-suffix=OFF %s mpix-large-count %t-pointer -- %mpi_cflags -DSEND_THROUGH_POINTER
// RUN: %check_mpix_tidy --no-fix --check-suffix=OFF %s mpix-large-count %t-spawn -- %mpi_cflags -DJOINS_OTHER_PROGRAMS
// RUN: %check_mpix_tidy --no-fix --check-suffix=OFF %s mpix-large-count %t-probed -- %mpi_cflags -DFORWARDS_PROBED

#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#ifdef EXTERNAL_HELPER
void log_progress(int step); // defined in another file
#endif

// A sender in a helper: nonblocking, 4 ints.
static void send_small(int to, MPI_Comm comm) {
  int v[4] = {0, 1, 2, 3};
  MPI_Request r;
  MPI_Isend(v, 4, MPI_INT, to, 1, comm, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
}

// A persistent sender, reached only through main's call.
static void send_persistent(int to, MPI_Comm comm) {
  double d[2] = {0.5, 1.5};
  MPI_Request r;
  MPI_Send_init(d, 2, MPI_DOUBLE, to, 4, comm, &r);
  MPI_Start(&r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  MPI_Request_free(&r);
}

// Never called: its send cannot run, whatever its count.
static void unused_sender(int n, MPI_Comm comm) {
  MPI_Send(NULL, n, MPI_BYTE, 0, 9, comm);
}

int main(int argc, char **argv) {
  int rank, n1, n2, n3, n4, flag = 0;
  MPI_Status st, st2;
  MPI_Message msg;
  char text[32] = "hello";
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#ifdef EXTERNAL_HELPER
  log_progress(0);
#endif
#ifdef JOINS_OTHER_PROGRAMS
  MPI_Comm parent;
  MPI_Comm_get_parent(&parent);
#endif
  if (rank == 0) {
    send_small(1, MPI_COMM_WORLD);
    send_persistent(1, MPI_COMM_WORLD);
    MPI_Send(text, (int)strlen(text) + 1, MPI_CHAR, 1, 2, MPI_COMM_WORLD);
    MPI_Sendrecv(text, 8, MPI_CHAR, 1, 5, text, 8, MPI_CHAR, 1, 5,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    // A datatype built here: 3 blocks of 2 ints (the stride adds none).
    MPI_Datatype pairs;
    MPI_Type_vector(3, 2, 4, MPI_INT, &pairs);
    MPI_Type_commit(&pairs);
    MPI_Send(text, 1, pairs, 1, 6, MPI_COMM_WORLD);
    MPI_Type_free(&pairs);
#ifdef UNBOUNDED_SEND
    MPI_Send(text, atoi(argv[1]), MPI_CHAR, 1, 3, MPI_COMM_WORLD);
#endif
#ifdef LARGE_SEND
    // 2^25 elements of up to 64 bytes: more than 2^31-1 bytes.
    MPI_Send(NULL, 1 << 25, MPI_DOUBLE, 1, 3, MPI_COMM_WORLD);
#endif
#ifdef DERIVED_SEND
    MPI_Datatype row;
    MPI_Type_contiguous(atoi(argv[1]), MPI_INT, &row);
    MPI_Type_commit(&row);
    MPI_Send(NULL, 1, row, 1, 3, MPI_COMM_WORLD);
#endif
#ifdef SEND_THROUGH_POINTER
    void (*sender)(int, MPI_Comm) = send_small;
    sender(1, MPI_COMM_WORLD);
#endif
  } else if (rank == 1) {
    MPI_Probe(0, 1, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_INT, &n1);
    // CHECK-MESSAGES-OFF: :[[@LINE-1]]:33: warning: 'int' output 'n1' of MPI_Get_count cannot represent counts over 2^31-1
    MPI_Recv(text, 4, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    // A preset status, refilled by a loop that ends only once the probe
    // has found its message (and so filled the status).
    memset(&st, 0, sizeof st);
    do {
      MPI_Improbe(0, 2, MPI_COMM_WORLD, &flag, &msg, &st);
    } while (!flag);
    MPI_Get_count(&st, MPI_CHAR, &n2);
    // CHECK-MESSAGES-OFF: :[[@LINE-1]]:34: warning: 'int' output 'n2' of MPI_Get_count cannot represent counts over 2^31-1
    MPI_Mrecv(text, n2, MPI_CHAR, &msg, MPI_STATUS_IGNORE);

    // Elements of any datatype are bounded by the message's bytes.
    MPI_Iprobe(MPI_ANY_SOURCE, 4, MPI_COMM_WORLD, &flag, &st);
    MPI_Get_elements(&st, MPI_DOUBLE, &n3);
    // CHECK-MESSAGES-OFF: :[[@LINE-1]]:39: warning: 'int' output 'n3' of MPI_Get_elements cannot represent counts over 2^31-1
#ifdef FORWARDS_PROBED
    // A send of a probed count: bounded by the sends, circularly. Not
    // assumed.
    MPI_Send(text, n3, MPI_CHAR, 0, 6, MPI_COMM_WORLD);
#endif

    // A preset that a while loop may leave in place (the flag may be set
    // before it): still unknown.
    memset(&st2, 0, sizeof st2);
    while (!flag)
      MPI_Iprobe(0, 5, MPI_COMM_WORLD, &flag, &st2);
    MPI_Get_count(&st2, MPI_CHAR, &n4);
    // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'int' output 'n4' of MPI_Get_count cannot represent counts over 2^31-1
    // CHECK-MESSAGES-OFF: :[[@LINE-2]]:35: warning: 'int' output 'n4' of MPI_Get_count cannot represent counts over 2^31-1
  }
  MPI_Finalize();
  return n1 + n2 + n3 + n4;
}
