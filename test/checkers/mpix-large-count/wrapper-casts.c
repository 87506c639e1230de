// A wrapper that casts its count parameter to its own type before handing
// it to MPI (`(hypre_int)count`, both typedefs of int), or copies it into
// a local first, passes the value unchanged: its callers' overflows reach
// MPI through it (hypre's audit: every wrapper of its MPI layer is written
// so, and none was followed). The widening stops at the cast, which would
// cut the widened value, and at the local.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

typedef int lib_int;
typedef int mpi_int;

static int lib_send(void *buf, lib_int count, MPI_Datatype type, int to,
                    MPI_Comm comm) {
  return MPI_Send(buf, (mpi_int)count, type, to, 0, comm);
}

static int lib_recv(void *buf, int count, MPI_Datatype type, int from,
                    MPI_Comm comm) {
  return MPI_Recv(buf, (int)(count), type, from, 0, comm, MPI_STATUS_IGNORE);
}

// A local that only holds the parameter hands it on unchanged.
static int lib_ssend(void *buf, int count, MPI_Datatype type, int to,
                     MPI_Comm comm) {
  int n = count;
  return MPI_Ssend(buf, n, type, to, 0, comm);
}

// A cast to another type is a conversion of its own, not followed here.
static int lib_bcast(void *buf, int count, MPI_Datatype type, MPI_Comm comm) {
  return MPI_Bcast(buf, (short)count, type, 0, comm);
}

void exchange(char *buf, int items, int item_bytes, MPI_Comm comm) {
  lib_send(buf, items * item_bytes, MPI_BYTE, 1, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: 'items * item_bytes' is computed in 'int' and can overflow before parameter 'count' of 'lib_send' passes it to MPI_Send as its count [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-23]]:24: note: it reaches MPI_Send as its count here
  // CHECK-NOTES: :[[@LINE-26]]:32: note: no automatic fix: its type is not spelled as a plain 'int'
  lib_recv(buf, items * item_bytes, MPI_BYTE, 1, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: 'items * item_bytes' is computed in 'int' and can overflow before parameter 'count' of 'lib_recv' passes it to MPI_Recv as its count [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-22]]:24: note: it reaches MPI_Recv as its count here
  // CHECK-NOTES: :[[@LINE-23]]:24: note: no automatic fix: it is cast to 'int' here, which would truncate the widened value
  lib_ssend(buf, items * item_bytes, MPI_BYTE, 1, comm);
  // CHECK-NOTES: :[[@LINE-1]]:18: warning: 'items * item_bytes' is computed in 'int' and can overflow before parameter 'count' of 'lib_ssend' passes it to MPI_Ssend as its count [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-19]]:25: note: it reaches MPI_Ssend as its count here
  // CHECK-NOTES: :[[@LINE-21]]:11: note: no automatic fix: the value initializes 'n' of type 'int' here
  lib_bcast(buf, items * item_bytes, MPI_BYTE, comm);
}
