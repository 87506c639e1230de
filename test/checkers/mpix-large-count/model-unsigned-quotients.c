// A quotient is no larger than its dividend: in an unsigned type, where the
// divisor cannot be negative (an int stride converted to size_t), it lies
// in [0, dividend] whatever the divisor (OSU's derived-datatype helper,
// `count / options.stride` with count below INT_MAX).
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>

struct layout { int stride; int block; };
extern struct layout options;

void make_vector(size_t count, MPI_Datatype *type) {
  if (count > 1000000)
    return;
  MPI_Type_vector(count / options.stride, options.block, options.stride,
                  MPI_INT, type);
}

// Unbounded, the dividend is still reported.
void make_any_vector(size_t count, MPI_Datatype *type) {
  MPI_Type_vector(count / options.stride, options.block, options.stride,
                  MPI_INT, type);
  // CHECK-NOTES: :[[@LINE-2]]:19: warning: count 'count / options.stride' of type 'size_t' is narrowed to 'int'; datatypes over 2^31-1 elements are truncated [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-4]]:29: note: 'count' is a parameter: its callers may pass any value
}
