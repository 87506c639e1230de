// The model of a run: MPI_Status_set_elements sets a status in basic
// elements of its datatype. The elements asked in that datatype are the
// count set, derived datatype or not, and the count of its items is at most
// that. A receive's count is in items: the basic elements of a derived
// datatype can outnumber it.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <limits.h>
#include <mpi.h>

// Any datatype the caller made: elements as set, items at most as many.
void set_then_asked(MPI_Status status, MPI_Datatype type, MPI_Count expected,
                    int *out) {
  int elements, count;
  if (expected <= INT_MAX) {
    MPI_Status_set_elements(&status, type, expected);
    MPI_Get_elements(&status, type, &elements);
    MPI_Get_count(&status, type, &count);
    out[0] = elements;
    out[1] = count;
  }
}

// Set wide: the elements can exceed INT_MAX.
void set_wide(MPI_Status status, MPI_Datatype type, MPI_Count expected,
              int *out) {
  int elements;
  MPI_Status_set_elements_x(&status, type, expected);
  MPI_Get_elements(&status, type, &elements);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'int' output 'elements' of MPI_Get_elements cannot represent counts over 2^31-1
  out[0] = elements;
}

// Asked in another datatype than the one set: the other's elements are not
// the count set.
void asked_in_another(MPI_Status status, MPI_Datatype type, int n, int *out) {
  int elements;
  MPI_Status_set_elements(&status, type, n);
  MPI_Get_elements(&status, MPI_INT, &elements);
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: 'int' output 'elements' of MPI_Get_elements cannot represent counts over 2^31-1
  out[0] = elements;
}

// A receive of n items of a derived datatype: more basic elements than n.
void received_items(MPI_Datatype type, int n, void *buf, MPI_Comm comm,
                    int *out) {
  MPI_Status status;
  int elements, count;
  MPI_Recv(buf, n, type, 0, 0, comm, &status);
  MPI_Get_count(&status, type, &count);
  MPI_Get_elements(&status, type, &elements);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'int' output 'elements' of MPI_Get_elements cannot represent counts over 2^31-1
  out[0] = elements;
  out[1] = count;
}
