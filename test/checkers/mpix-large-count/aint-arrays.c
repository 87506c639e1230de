// MPI_Aint displacement arrays (hindexed and struct types, neighbor
// alltoallw) hold any size there is: what hurts them is int arithmetic that
// wraps before an element is stored. The fix computes it as MPI_Aint.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

// A plane of gx * gy ints per block: the product wraps in int.
void planes(int gx, int gy, MPI_Datatype *out) {
  MPI_Aint displs[3];
  int lens[3] = {1, 1, 1};
  MPI_Datatype types[3] = {MPI_INT, MPI_INT, MPI_INT};
  for (int i = 0; i < 3; i++)
    displs[i] = gx * gy * i;
  // CHECK-FIXES: displs[i] = (MPI_Aint)gx * gy * i;
  MPI_Type_create_struct(3, lens, displs, types, out);
  // CHECK-NOTES: :[[@LINE-1]]:35: warning: displacement array 'displs' of MPI_Type_create_struct is filled with values computed in 'int' that can overflow before they are stored as 'MPI_Aint'
  // CHECK-NOTES: :[[@LINE-4]]:17: note: 'gx * gy * i' can overflow 'int' here: gx * gy unbounded, i below 3
  // CHECK-NOTES: :[[@LINE-10]]:17: note: 'gx' is a parameter: its callers may pass any value
}

// Computed wide already, or bounded: nothing to say.
void planes_wide(int gx, int gy, MPI_Datatype *out) {
  MPI_Aint displs[4];
  for (int i = 0; i < 4; i++)
    displs[i] = (MPI_Aint)gx * gy * i;
  MPI_Type_create_hindexed_block(4, 1, displs, MPI_INT, out);
  MPI_Aint small[4];
  for (int i = 0; i < 4; i++)
    small[i] = 1024 * i;
  MPI_Type_create_hindexed_block(4, 1, small, MPI_INT, out);
}

// A member array of a halo description.
struct halo {
  MPI_Aint offsets[8];
  int lens[8];
};

void halo_type(struct halo *h, int face, MPI_Datatype *out) {
  for (int k = 0; k < 8; k++)
    h->offsets[k] = face * face * k;
  MPI_Type_create_hindexed(8, h->lens, h->offsets, MPI_DOUBLE, out);
  // CHECK-NOTES: :[[@LINE-1]]:40: warning: displacement array 'h->offsets' of MPI_Type_create_hindexed is filled with values computed in 'int' that can overflow before they are stored as 'MPI_Aint'
  // CHECK-NOTES: :[[@LINE-3]]:21: note: 'face * face * k' can overflow 'int' here: face * face unbounded, k below 8
  // CHECK-NOTES: :[[@LINE-6]]:36: note: 'face' is a parameter: its callers may pass any value
  // CHECK-FIXES: h->offsets[k] = (MPI_Aint)face * face * k;
}

// Refilled by a second loop before the second call: only the first call
// reads the products.
void two_types(int gx, MPI_Datatype *first, MPI_Datatype *second) {
  MPI_Aint d[2];
  int lens[2] = {1, 1};
  MPI_Datatype types[2] = {MPI_INT, MPI_INT};
  for (int i = 0; i < 2; i++)
    d[i] = gx * gx * i;
  // CHECK-FIXES: d[i] = (MPI_Aint)gx * gx * i;
  MPI_Type_create_struct(2, lens, d, types, first);
  // CHECK-NOTES: :[[@LINE-1]]:35: warning: displacement array 'd' of MPI_Type_create_struct is filled with values computed in 'int' that can overflow before they are stored as 'MPI_Aint'
  // CHECK-NOTES: :[[@LINE-4]]:12: note: 'gx * gx' can overflow 'int' here: gx unbounded, gx unbounded
  // CHECK-NOTES: :[[@LINE-10]]:20: note: 'gx' is a parameter: its callers may pass any value
  for (int i = 0; i < 2; i++)
    d[i] = 1024 * i;
  MPI_Type_create_struct(2, lens, d, types, second);
}
