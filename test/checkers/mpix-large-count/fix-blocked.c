// A fix that cannot be made whole is not made: the warning stays with a note
// that says what blocks it, and the file is left as it was.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags
// RUN: grep -v '^//' %t.c | not grep -E '_c\(|MPIX_|MPI_Count'

#include <mpi.h>
#include <stddef.h>
#include <string.h>

int helper(int n);

void stored_into_int(char *buf, size_t nbytes, MPI_Comm comm) {
  int n = nbytes;
  int copy = n;
  MPI_Send(buf, n, MPI_BYTE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'n' holds a value narrowed from 'size_t'
  // CHECK-NOTES: :[[@LINE-4]]:11: note: 'nbytes' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-6]]:40: note: 'nbytes' is a parameter: its callers may pass any value
  // CHECK-NOTES: :[[@LINE-5]]:14: note: no automatic fix: the value initializes 'copy' of type 'int' here
  (void)copy;
}

void passed_to_int_function(char *buf, size_t nbytes, MPI_Comm comm) {
  int n = nbytes;
  MPI_Send(buf, n, MPI_BYTE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'n' holds a value narrowed from 'size_t'
  // CHECK-NOTES: :[[@LINE-3]]:11: note: 'nbytes' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-5]]:47: note: 'nbytes' is a parameter: its callers may pass any value
  // CHECK-NOTES: :[[@LINE+1]]:10: note: no automatic fix: it is passed to 'helper', which expects 'int'
  helper(n);
}

void parameter_arrays(double *sb, double *rb, int *counts, int *displs, int p, MPI_Comm comm) {
  for (int i = 1; i < p; ++i)
    displs[i] = displs[i - 1] + counts[i - 1];
  MPI_Allgatherv(sb, counts[0], MPI_DOUBLE, rb, counts, displs, MPI_DOUBLE, comm);
  // CHECK-NOTES: :[[@LINE-1]]:57: warning: displacement array 'displs' of MPI_Allgatherv is an 'int' running sum
  // CHECK-NOTES: :[[@LINE-3]]:5: note: the running sum is computed here
  // CHECK-NOTES: :[[@LINE-6]]:52: note: no automatic fix: 'counts' is not a local of this function
}

void negative(char *buf, MPI_Comm comm) {
  MPI_Send(buf, -1, MPI_BYTE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: constant count '-1' is negative
  // CHECK-NOTES: :[[@LINE-2]]:17: note: no automatic fix: a negative count is a bug, not a large count
}

#define SEND_ALL(buf, n, comm) MPI_Send(buf, n, MPI_BYTE, 0, 0, comm)

void macro_body(char *buf, size_t n, MPI_Comm comm) {
  SEND_ALL(buf, n, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'n' of type 'size_t' is narrowed
  // CHECK-NOTES: :[[@LINE-3]]:35: note: 'n' is a parameter: its callers may pass any value
  // CHECK-NOTES: :[[@LINE-3]]:3: note: no automatic fix: the call is spelled inside a macro
}

// The reasons name the obstacle: the type that would truncate, the function
// that may read the elements as int, the message whose datatype must change.
void stored_unsigned(char *buf, size_t nbytes, MPI_Comm comm) {
  int n = nbytes;
  unsigned copy = n;
  MPI_Send(buf, n, MPI_BYTE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'n' holds a value narrowed from 'size_t'
  // CHECK-NOTES: :[[@LINE-4]]:11: note: 'nbytes' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE-6]]:40: note: 'nbytes' is a parameter: its callers may pass any value
  // CHECK-NOTES: :[[@LINE-5]]:19: note: no automatic fix: the value initializes 'copy' of type 'unsigned int' here
  (void)copy;
}

// An (int) of the widened value would truncate it where the code now reads
// it whole; MPI_UNDEFINED at least can be tested.
void received_then_cast(MPI_Status *st, int *out) {
  int c;
  MPI_Get_count(st, MPI_BYTE, &c);
  // CHECK-NOTES: :[[@LINE-1]]:31: warning: 'int' output 'c' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-NOTES: :[[@LINE-4]]:37: note: 'st' is a parameter: its callers may pass any status
  // CHECK-NOTES: :[[@LINE+1]]:10: note: no automatic fix: it is cast to 'int' here, which would truncate the widened value
  *out = (int)c;
}

void copied_elsewhere(char *s, char *r, int p, size_t each, int *saved, MPI_Comm comm) {
  int counts[64], displs[64];
  for (int i = 0; i < p; i++) {
    counts[i] = each;
    displs[i] = 0;
  }
  MPI_Gatherv(s, 1, MPI_BYTE, r, counts, displs, MPI_BYTE, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:34: warning: count array 'counts' of MPI_Gatherv is filled with values that can exceed INT_MAX
  // CHECK-NOTES: :[[@LINE-5]]:17: note: 'each' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE+1]]:17: note: no automatic fix: its elements are passed to 'memcpy', which may assume they are 'int'
  memcpy(saved, counts, p * sizeof(int));
}

void sent_as_message(char *s, char *r, int p, size_t each, MPI_Comm comm) {
  int counts[64], displs[64];
  for (int i = 0; i < p; i++) {
    counts[i] = each;
    displs[i] = 0;
  }
  MPI_Gatherv(s, 1, MPI_BYTE, r, counts, displs, MPI_BYTE, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:34: warning: count array 'counts' of MPI_Gatherv is filled with values that can exceed INT_MAX
  // CHECK-NOTES: :[[@LINE-5]]:17: note: 'each' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE+1]]:12: note: no automatic fix: it is a message buffer of 'MPI_Send': its datatype, and what the peer receives, must change by hand
  MPI_Send(counts, p, MPI_INT, 1, 0, comm);
}

void element_address_taken(char *s, char *r, int p, size_t each, MPI_Comm comm) {
  char name[MPI_MAX_PROCESSOR_NAME];
  int counts[64], displs[64];
  for (int i = 0; i < p; i++) {
    counts[i] = each;
    displs[i] = 0;
  }
  MPI_Gatherv(s, 1, MPI_BYTE, r, counts, displs, MPI_BYTE, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:34: warning: count array 'counts' of MPI_Gatherv is filled with values that can exceed INT_MAX
  // CHECK-NOTES: :[[@LINE-5]]:17: note: 'each' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES: :[[@LINE+1]]:32: note: no automatic fix: its address is passed to 'MPI_Get_processor_name', which may write an 'int' there
  MPI_Get_processor_name(name, &counts[0]);
}

#define CELLS(a, b) ((a) * (b))

void product_in_macro(char *buf, int nx, int ny, MPI_Comm comm) {
  MPI_Send(buf, CELLS(nx, ny), MPI_BYTE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count '(nx) * (ny)' is computed in 'int' and can overflow before MPI sees it
  // CHECK-NOTES: :[[@LINE-2]]:17: note: '(nx) * (ny)' can overflow 'int' here: nx unbounded, ny unbounded
  // CHECK-NOTES: :[[@LINE-4]]:38: note: 'nx' is a parameter: its callers may pass any value
  // CHECK-NOTES: :[[@LINE-4]]:17: note: no automatic fix: the arithmetic to widen is spelled inside a macro; widen it by hand
}

// A project's portability layer names the MPI function (p4est's libsc,
// held-out audit: renamed, the build without MPI broke).
#define app_MPI_Send MPI_Send

void send_through_layer(char *buf, size_t n, MPI_Comm comm) {
  app_MPI_Send(buf, n, MPI_BYTE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: count 'n' of type 'size_t' is narrowed to 'int'
  // CHECK-NOTES: :[[@LINE-3]]:43: note: 'n' is a parameter: its callers may pass any value
  // CHECK-NOTES: :[[@LINE-3]]:3: note: no automatic fix: the call is spelled 'app_MPI_Send', a macro that other builds may define otherwise: give it a large-count form
}
