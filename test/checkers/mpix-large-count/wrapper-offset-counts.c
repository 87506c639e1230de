// A wrapper that sends a header before the payload hands MPI its count
// parameter plus a small constant (`sizeof(struct hdr) + bytes`, Global
// Arrays' ARMCI layer). The caller's value reaches MPI so: an int product
// that wraps at the caller is reported there, as it is for a wrapper that
// passes the count unchanged. A bounded caller is not.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stdlib.h>
#include <string.h>

struct hdr {
  int op;
  int len;
};

static void post(int dest, char *message, int count, MPI_Comm comm) {
  MPI_Request req;
  MPI_Isend(message, count, MPI_CHAR, dest, 0, comm, &req);
  MPI_Request_free(&req);
}

static void put_bytes(const void *src, int bytes, int proc, MPI_Comm comm) {
  char *message = malloc(sizeof(struct hdr) + bytes);
  memcpy(message + sizeof(struct hdr), src, bytes);
  post(proc, message, sizeof(struct hdr) + bytes, comm);
}

static void put_words(const void *src, int words, int proc, MPI_Comm comm) {
  post(proc, (char *)src, 8 + words, comm);
}

void put_strided(const void *src, const int *count, int levels, int proc,
                 MPI_Comm comm) {
  int bytes = 1;
  for (int i = 0; i <= levels; i++)
    bytes *= count[i];
  put_bytes(src, bytes, proc, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'bytes' holds a value computed in 'int' that can overflow; parameter 'bytes' of 'put_bytes' passes it to MPI_Isend as its count
  put_words(src, count[0] * count[1], proc, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'count[0] * count[1]' is computed in 'int' and can overflow before parameter 'words' of 'put_words' passes it to MPI_Isend as its count
}

void put_small(const void *src, short rows, int proc, MPI_Comm comm) {
  put_bytes(src, rows * 16, proc, comm);
  put_words(src, rows * 4, proc, comm);
}
