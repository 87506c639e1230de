// How the calls of a C unit are found: a body that names MPI has them listed
// by the walk that gathers its facts; a body that does not, or one holding
// what that walk visits differently (an initializer list with two forms, an
// OpenMP region, a signature or attribute with expressions), is walked for
// its calls on its own. Either way every call is found, once.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- -fopenmp %mpi_cflags

#include <mpi.h>
#include <stddef.h>

// The body spells no MPI name: the macro hides it.
#define SEND_BYTES(buf, n, comm) MPI_Send(buf, n, MPI_BYTE, 0, 0, comm)

void through_a_macro(char *buf, size_t bytes, MPI_Comm comm) {
  SEND_BYTES(buf, bytes, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: count 'bytes' of type 'size_t' is narrowed to 'int'
}

// The written and the semantic form of a designated initializer share the
// call: it is reported once.
void in_a_designated_initializer(char *buf, size_t bytes, MPI_Comm comm) {
  int rc[2] = {[1] = MPI_Send(buf, bytes, MPI_BYTE, 0, 0, comm)};
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: count 'bytes' of type 'size_t' is narrowed to 'int'
  (void)rc;
}

void in_an_openmp_region(char *buf, size_t bytes, MPI_Comm comm) {
#pragma omp parallel
  {
#pragma omp master
    MPI_Send(buf, bytes, MPI_BYTE, 0, 0, comm);
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: count 'bytes' of type 'size_t' is narrowed to 'int'
  }
}

// An array bound in the signature is walked as the body is.
void with_an_array_parameter(int n, double rows[n], size_t count,
                             MPI_Comm comm) {
  MPI_Send(rows, count, MPI_DOUBLE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: count 'count' of type 'size_t' is narrowed to 'int'
}

__attribute__((noinline)) void with_an_attribute(char *buf, size_t bytes,
                                                 MPI_Comm comm) {
  MPI_Send(buf, bytes, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'bytes' of type 'size_t' is narrowed to 'int'
}

// An int local is judged from its stores, wherever the listing came from.
void one_function_two_listings(char *buf, size_t bytes, MPI_Comm comm) {
  int n = (int)bytes;
  int rc[1] = {[0] = MPI_Send(buf, n, MPI_BYTE, 0, 0, comm)};
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: count 'n' holds a value narrowed from 'size_t'
  (void)rc;
}
