// A value narrowed into an 'int' local and copied to another local before
// it is stored into a count or displacement array (or a member) is as
// narrowed as the first: the copies are followed, a few deep. A copy of a
// bounded value, or a copy overwritten before the store, is not reported.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>

void pair_type(int n, MPI_Datatype *t) {
  int lens[2] = {n, n};
  MPI_Aint disp[2];
  MPI_Datatype types[2] = {MPI_DOUBLE, MPI_INT};
  int bytes = n * sizeof(double);
  int offset = bytes;
  int again = offset;
  disp[0] = 0;
  disp[1] = again;
  MPI_Type_create_struct(2, lens, disp, types, t);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: displacement array 'disp' of MPI_Type_create_struct is filled with values computed in 'unsigned long' that can overflow before they are stored as 'MPI_Aint'
}

struct header { char *data; int len; };

void send_header(struct header *h, size_t len, MPI_Comm comm) {
  int first = len;
  int copy = first;
  h->len = copy;
  MPI_Send(h->data, h->len, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: count 'h->len' holds a value narrowed from 'size_t'
}

void bounded_copies(int n, MPI_Datatype *t) {
  int lens[2] = {1, 1};
  MPI_Aint disp[2];
  MPI_Datatype types[2] = {MPI_DOUBLE, MPI_INT};
  if (n < 0 || n > 1024)
    return;
  int bytes = n * sizeof(double);
  int offset = bytes;
  disp[0] = 0;
  disp[1] = offset;
  MPI_Type_create_struct(2, lens, disp, types, t);
}

void overwritten_copy(size_t len, MPI_Datatype *t) {
  int lens[2] = {1, 1};
  MPI_Aint disp[2];
  MPI_Datatype types[2] = {MPI_DOUBLE, MPI_INT};
  int first = len;
  int offset = first;
  offset = 16;
  disp[0] = 0;
  disp[1] = offset;
  MPI_Type_create_struct(2, lens, disp, types, t);
}
