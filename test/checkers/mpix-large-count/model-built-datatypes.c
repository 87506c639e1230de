// The model of a run: a count asked in the datatype the receive used is at
// most the receive's count, also when that datatype is built here, of any
// size (here from a parameter, so the bytes received bound nothing). Its
// handle goes to MPI by address (made, committed, freed), so it is one
// datatype only when one call that runs once makes it.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>

extern void adjust(MPI_Datatype *t);

// Made once, committed, received into and asked in: at most 2.
int made_once(MPI_Comm comm, int len) {
  MPI_Datatype t;
  MPI_Request rq;
  MPI_Status st;
  int blocks[3] = {0, 1, len};
  MPI_Aint displs[3] = {0, 8, 32};
  int n;
  MPI_Type_create_hindexed(3, blocks, displs, MPI_INT, &t);
  MPI_Type_commit(&t);
  MPI_Irecv(NULL, 2, t, 0, 0, comm, &rq);
  MPI_Wait(&rq, &st);
  MPI_Get_count(&st, t, &n);
  MPI_Type_free(&t);
  return n;
}

int made_once_blocking(MPI_Comm comm, double *b, int len) {
  MPI_Datatype t;
  MPI_Status st;
  int n;
  MPI_Type_vector(len, 1, 3, MPI_DOUBLE, &t);
  MPI_Type_commit(&t);
  MPI_Recv(b, 5, t, 0, 0, comm, &st);
  MPI_Get_count(&st, t, &n);
  MPI_Type_free(&t);
  return n;
}

// Elements of a derived datatype outnumber its count.
int elements_of_made(MPI_Comm comm, double *b, int len) {
  MPI_Datatype t;
  MPI_Status st;
  int n;
  MPI_Type_contiguous(len, MPI_DOUBLE, &t);
  MPI_Type_commit(&t);
  MPI_Recv(b, 5, t, 0, 0, comm, &st);
  MPI_Get_elements(&st, t, &n);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'int' output 'n' of MPI_Get_elements cannot represent counts over 2^31-1
  MPI_Type_free(&t);
  return n;
}

// Made anew on each pass: a status of one pass can be asked in the next
// pass's datatype.
int made_in_loop(MPI_Comm comm, double *b, int passes) {
  MPI_Datatype t;
  MPI_Status st;
  int n = 0;
  for (int i = 0; i < passes; ++i) {
    if (i > 0) {
      MPI_Get_count(&st, t, &n);
      // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
      MPI_Type_free(&t);
    }
    MPI_Type_contiguous(i + 1, MPI_DOUBLE, &t);
    MPI_Type_commit(&t);
    MPI_Recv(b, 1, t, 0, 0, comm, &st);
  }
  return n;
}

// Made by two calls: the receive and the query may use different ones.
int made_twice(MPI_Comm comm, double *b, int wide, int len) {
  MPI_Datatype t;
  MPI_Status st;
  int n;
  MPI_Type_contiguous(len, MPI_DOUBLE, &t);
  MPI_Recv(b, 1, t, 0, 0, comm, &st);
  if (wide)
    MPI_Type_contiguous(1, MPI_DOUBLE, &t);
  MPI_Get_count(&st, t, &n);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
  return n;
}

// Handed to a function that may change it.
int handed_out(MPI_Comm comm, double *b, int len) {
  MPI_Datatype t;
  MPI_Status st;
  int n;
  MPI_Type_contiguous(len, MPI_DOUBLE, &t);
  MPI_Recv(b, 1, t, 0, 0, comm, &st);
  adjust(&t);
  MPI_Get_count(&st, t, &n);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
  return n;
}
