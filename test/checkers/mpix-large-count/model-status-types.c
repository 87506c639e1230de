// The model of a run: a status asked in another datatype than the one its
// receive was posted with (or, with MPI_Get_elements, in basic elements of a
// derived one) holds at most the bytes the posted count of that datatype
// spans. A datatype built in the function from bounded counts of predefined
// datatypes (contiguous, vector, indexed, struct, ...) has a bounded size;
// any other is unknown, and then so is the count.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags
// RUN: %check_mpix_tidy --no-fix --check-suffix=STRICT %s mpix-large-count %t-strict \
// RUN:   --config="{CheckOptions: {mpix-large-count.StrictTypes: true}}" -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>

extern void fill_lengths(int *lengths);

struct triple {
  char a;
  short b;
  int c;
};

// One contiguous of a struct of three single blocks: at most three basic
// elements, whatever the datatype asked.
int elements_of_struct(struct triple *in, struct triple *out) {
  int lengths[3];
  MPI_Aint displs[3];
  MPI_Datatype types[3];
  MPI_Datatype record, contig;
  MPI_Status st;
  int got;
  lengths[0] = 1;
  displs[0] = offsetof(struct triple, a);
  types[0] = MPI_CHAR;
  lengths[1] = 1;
  displs[1] = offsetof(struct triple, b);
  types[1] = MPI_SHORT;
  lengths[2] = 1;
  displs[2] = offsetof(struct triple, c);
  types[2] = MPI_INT;
  MPI_Type_create_struct(3, lengths, displs, types, &record);
  MPI_Type_contiguous(1, record, &contig);
  MPI_Type_commit(&contig);
  MPI_Sendrecv(in, 1, contig, 0, 0, out, 1, contig, 0, 0, MPI_COMM_SELF, &st);
  MPI_Get_elements(&st, contig, &got);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:33: warning: 'int' output 'got' of MPI_Get_elements cannot represent counts over 2^31-1
  MPI_Type_free(&contig);
  MPI_Type_free(&record);
  return got;
}

// A struct of an int and 256 chars received once, asked in basic elements
// and in chars; the array initializers set the lengths and the datatypes.
int partial_struct(char *buf, MPI_Comm comm) {
  int lengths[2] = {1, 256};
  MPI_Aint displs[2] = {0, sizeof(int)};
  MPI_Datatype types[2] = {MPI_INT, MPI_CHAR};
  MPI_Datatype record;
  MPI_Status st;
  int elements, chars;
  MPI_Type_create_struct(2, lengths, displs, types, &record);
  MPI_Type_commit(&record);
  MPI_Recv(buf, 1, record, 0, 0, comm, &st);
  MPI_Get_elements(&st, record, &elements);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:33: warning: 'int' output 'elements' of MPI_Get_elements cannot represent counts over 2^31-1
  MPI_Get_count(&st, MPI_CHAR, &chars);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:32: warning: 'int' output 'chars' of MPI_Get_count cannot represent counts over 2^31-1
  MPI_Type_free(&record);
  return elements + chars;
}

// Indexed blocks of ints: four of them received, asked in ints.
int ints_of_indexed(int *buf, MPI_Comm comm) {
  int lengths[3] = {2, 8, 5};
  int displs[3] = {0, 10, 40};
  MPI_Datatype blocks;
  MPI_Status st;
  int got;
  MPI_Type_indexed(3, lengths, displs, MPI_INT, &blocks);
  MPI_Type_commit(&blocks);
  MPI_Recv(buf, 4, blocks, 0, 0, comm, &st);
  MPI_Get_count(&st, MPI_INT, &got);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:31: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  MPI_Type_free(&blocks);
  return got;
}

// A bounded receive of doubles asked in bytes: at most 100 doubles' bytes.
int bytes_of_doubles(double *buf, MPI_Comm comm) {
  MPI_Status st;
  int got;
  MPI_Recv(buf, 100, MPI_DOUBLE, 0, 0, comm, &st);
  MPI_Get_count(&st, MPI_BYTE, &got);
  // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:32: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  return got;
}

// Still reported: a count the model does not bound, times a derived
// datatype's elements.
int elements_of_unbounded_count(char *buf, int n, MPI_Comm comm) {
  int lengths[2] = {1, 256};
  MPI_Aint displs[2] = {0, sizeof(int)};
  MPI_Datatype types[2] = {MPI_INT, MPI_CHAR};
  MPI_Datatype record;
  MPI_Status st;
  int got;
  MPI_Type_create_struct(2, lengths, displs, types, &record);
  MPI_Recv(buf, n, record, 0, 0, comm, &st);
  MPI_Get_elements(&st, record, &got);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 'int' output 'got' of MPI_Get_elements cannot represent counts over 2^31-1
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:33: warning: 'int' output 'got' of MPI_Get_elements cannot represent counts over 2^31-1
  return got;
}

// Still reported: a block length from a parameter.
int elements_of_unbounded_block(char *buf, int n, MPI_Comm comm) {
  int lengths[2] = {1, n};
  MPI_Aint displs[2] = {0, sizeof(int)};
  MPI_Datatype types[2] = {MPI_INT, MPI_CHAR};
  MPI_Datatype record;
  MPI_Status st;
  int got;
  MPI_Type_create_struct(2, lengths, displs, types, &record);
  MPI_Recv(buf, 1, record, 0, 0, comm, &st);
  MPI_Get_elements(&st, record, &got);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 'int' output 'got' of MPI_Get_elements cannot represent counts over 2^31-1
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:33: warning: 'int' output 'got' of MPI_Get_elements cannot represent counts over 2^31-1
  return got;
}

// Still reported: block lengths a callee fills.
int elements_of_filled_blocks(char *buf, MPI_Comm comm) {
  int lengths[2];
  MPI_Aint displs[2] = {0, sizeof(int)};
  MPI_Datatype types[2] = {MPI_INT, MPI_CHAR};
  MPI_Datatype record;
  MPI_Status st;
  int got;
  fill_lengths(lengths);
  MPI_Type_create_struct(2, lengths, displs, types, &record);
  MPI_Recv(buf, 1, record, 0, 0, comm, &st);
  MPI_Get_elements(&st, record, &got);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 'int' output 'got' of MPI_Get_elements cannot represent counts over 2^31-1
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:33: warning: 'int' output 'got' of MPI_Get_elements cannot represent counts over 2^31-1
  return got;
}

// Still reported: a member datatype the function did not build.
int elements_of_foreign_member(char *buf, MPI_Datatype inner, MPI_Comm comm) {
  int lengths[2] = {1, 1};
  MPI_Aint displs[2] = {0, 64};
  MPI_Datatype types[2];
  MPI_Datatype record;
  MPI_Status st;
  int got;
  types[0] = MPI_INT;
  types[1] = inner;
  MPI_Type_create_struct(2, lengths, displs, types, &record);
  MPI_Recv(buf, 1, record, 0, 0, comm, &st);
  MPI_Get_elements(&st, record, &got);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 'int' output 'got' of MPI_Get_elements cannot represent counts over 2^31-1
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:33: warning: 'int' output 'got' of MPI_Get_elements cannot represent counts over 2^31-1
  return got;
}

// Still reported: a received datatype of unknown size asked in another.
int ints_of_foreign_type(char *buf, MPI_Datatype type, MPI_Comm comm) {
  MPI_Status st;
  int got;
  MPI_Recv(buf, 1, type, 0, 0, comm, &st);
  MPI_Get_count(&st, MPI_INT, &got);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:31: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  return got;
}

// A datatype from an array a loop walks, asked right after its receive in
// the same element: the two calls read one handle, so the count is at most
// the one posted.
int counts_of_listed_types(char **bufs, const int *counts,
                           const MPI_Datatype *types, int n, MPI_Comm comm) {
  MPI_Status st;
  int got, total = 0;
  for (int j = 0; j < n; j++) {
    MPI_Recv(bufs[j], counts[j], types[j], 0, 0, comm, &st);
    MPI_Get_count(&st, types[j], &got);
    // CHECK-MESSAGES-STRICT: :[[@LINE-1]]:34: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
    total += got;
  }
  return total;
}

// Still reported: the index moves between the receive and the query, which
// then asks in another element's datatype.
int counts_of_next_types(char **bufs, const int *counts,
                         const MPI_Datatype *types, int n, MPI_Comm comm) {
  MPI_Status st;
  int got = 0;
  for (int j = 0; j + 1 < n; j++) {
    MPI_Recv(bufs[j], counts[j], types[j], 0, 0, comm, &st);
    ++j;
    MPI_Get_count(&st, types[j], &got);
    // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
    // CHECK-MESSAGES-STRICT: :[[@LINE-2]]:34: warning: 'int' output 'got' of MPI_Get_count cannot represent counts over 2^31-1
  }
  return got;
}
