// A local that MPI fills through its address (MPI_Type_size(t, &size)) and
// that the function then scales (`size = size * count`, `size *= count`)
// holds the product when it is passed on: its stores after the MPI call
// are all that can change it (darshan's MPI-IO byte counts, held-out
// audit). A store before the MPI call is overwritten by it.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

int bytes_of_ranks(void *buf, int count, MPI_Comm comm) {
  int np;
  MPI_Comm_size(comm, &np);
  np = np * count;
  return MPI_Bcast(buf, np, MPI_BYTE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: count 'np' holds a value computed in 'int' that can overflow
}

int bytes_of_type(void *buf, int count, MPI_Datatype t, MPI_Comm comm) {
  int size;
  MPI_Type_size(t, &size);
  size = size * count;
  return MPI_Bcast(buf, size, MPI_BYTE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: count 'size' holds a value computed in 'int' that can overflow
}

int bytes_of_type_scaled(void *buf, int count, MPI_Datatype t, MPI_Comm comm) {
  int size;
  MPI_Type_size(t, &size);
  size *= count;
  return MPI_Bcast(buf, size, MPI_BYTE, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: count 'size' holds a value computed in 'int' that can overflow
}

// Not reported: MPI fills the local after the product, and a predefined
// datatype is a few bytes.
int refilled(void *buf, int count, MPI_Comm comm) {
  int size = count * count;
  MPI_Type_size(MPI_DOUBLE, &size);
  return MPI_Bcast(buf, size, MPI_BYTE, 0, comm);
}

// Not reported: a static helper every call of which passes a predefined
// datatype; the size is a few bytes, then times 16. The pass over the
// control flow follows the local from MPI's fill to the store.
static int pack_all(char *in, int count, MPI_Datatype t, char *out) {
  int size, position = 0;
  MPI_Type_size(t, &size);
  size *= count;
  MPI_Pack(in, count, t, out, size, &position, MPI_COMM_SELF);
  return position;
}

// Reported: the same helper given the caller's datatype.
static int pack_any(char *in, int count, MPI_Datatype t, char *out) {
  int size, position = 0;
  MPI_Type_size(t, &size);
  size *= count;
  MPI_Pack(in, count, t, out, size, &position, MPI_COMM_SELF);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: size 'size' holds a value computed in 'int' that can overflow
  return position;
}

int pack_both(char *in, char *out, MPI_Datatype user) {
  return pack_all(in, 16, MPI_INT, out) + pack_all(in, 16, MPI_DOUBLE, out) +
         pack_any(in, 16, user, out);
}
