// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags
// RUN: %check_mpix_tidy --check-suffix=ALL %s mpix-large-count %t-all \
// RUN:   --config="{CheckOptions: {mpix-large-count.WarnOnAllSizeQueries: true}}" -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>

void received_counts(MPI_Status *status) {
  int count, elements;
  MPI_Get_count(status, MPI_DOUBLE, &count);
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 'int' output 'count' of MPI_Get_count cannot represent counts over 2^31-1; MPI_UNDEFINED is returned then, and the sender decides the size [mpix-large-count]
  // CHECK-MESSAGES-ALL: :[[@LINE-2]]:37: warning: 'int' output 'count' of MPI_Get_count
  MPI_Get_elements(status, MPI_DOUBLE, &elements);
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: 'int' output 'elements' of MPI_Get_elements
  // CHECK-MESSAGES-ALL: :[[@LINE-2]]:40: warning: 'int' output 'elements' of MPI_Get_elements
  MPI_Count wide;
  MPI_Get_elements_x(status, MPI_DOUBLE, &wide);
}

void size_of_large_type(size_t n) {
  MPI_Datatype big;
  MPI_Type_contiguous(n, MPI_DOUBLE, &big);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: count 'n' of type 'size_t' is narrowed
  // CHECK-MESSAGES-ALL: :[[@LINE-2]]:23: warning: count 'n' of type 'size_t' is narrowed
  int bytes;
  MPI_Type_size(big, &bytes);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'int' output 'bytes' of MPI_Type_size cannot represent sizes over 2^31-1; the datatype is built from a count that can exceed INT_MAX [mpix-large-count]
  // CHECK-MESSAGES-ALL: :[[@LINE-2]]:22: warning: 'int' output 'bytes' of MPI_Type_size cannot represent sizes over 2^31-1; the datatype is built from a count that can exceed INT_MAX
}

// Without the option, the size of a type not known to be large is fine.
void size_of_small_type(MPI_Comm comm) {
  MPI_Datatype pair;
  MPI_Type_contiguous(2, MPI_DOUBLE, &pair);
  int bytes;
  MPI_Type_size(pair, &bytes);
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:23: warning: 'int' output 'bytes' of MPI_Type_size cannot represent sizes over 2^31-1 [mpix-large-count]
  MPI_Pack_size(10, MPI_INT, comm, &bytes);
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:36: warning: 'int' output 'bytes' of MPI_Pack_size
}
