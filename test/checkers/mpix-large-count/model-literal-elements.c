// The model of a run: `cnt[2]` holds what was stored to cnt[2], not what
// the other literal elements hold. A send of `cnt[2]` after `cnt[1] =
// rows * width;` and `cnt[2] = meta[2];` reads an `int` that nothing
// computed in `int`, and is not reported; the send of `cnt[1]` is, with
// its own product in the note. A store to an element whose index is not a
// literal, or a pointer that moves along itself, may be what any element
// read sees, and keeps the report.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

void post_panel(int **windows, int w, const int *meta, const int *index,
                const double *vals, int width, int np, int me,
                MPI_Request *reqs, MPI_Comm comm) {
  int *cnt = windows[w];
  if (meta) {
    cnt[0] = meta[0] + 2 * meta[1];
    cnt[1] = meta[1] * width;
    cnt[2] = meta[2];
  } else {
    cnt[0] = cnt[1] = cnt[2] = 0;
  }
  for (int p = 0; p < np; ++p) {
    if (p == me)
      continue;
    MPI_Isend(index, cnt[2], MPI_INT, p, 2, comm, &reqs[3 * p]);
    MPI_Isend(vals, cnt[1], MPI_DOUBLE, p, 1, comm, &reqs[3 * p + 1]);
    // CHECK-NOTES: :[[@LINE-1]]:21: warning: count 'cnt[1]' holds a value computed in 'int' that can overflow
    // CHECK-NOTES: :[[@LINE-11]]:14: note: 'meta[1] * width' can overflow 'int' here
    // CHECK-NOTES: :[[@LINE-12]]:14: note: 'meta[1]' is read from memory the analysis cannot see
    // CHECK-NOTES: :[[@LINE-13]]:14: note: no automatic fix: the count is read from 'cnt', whose elements must become MPI_Count by hand
  }
}

// A local array: the received count is an element of its own.
void post_local(const int *index, int width, MPI_Comm comm) {
  int cnt[2];
  MPI_Status st;
  cnt[0] = index[0] * width;
  MPI_Recv((void *)index, 16, MPI_INT, 0, 0, comm, &st);
  MPI_Get_count(&st, MPI_INT, &cnt[1]);
  MPI_Send(index, cnt[1], MPI_INT, 1, 0, comm);
}

// An index that is not a literal may be 2.
void post_indexed(int **windows, int w, const int *meta, int k, int width,
                  MPI_Comm comm) {
  int *cnt = windows[w];
  cnt[k] = meta[0] * width;
  cnt[2] = meta[2];
  MPI_Send(meta, cnt[2], MPI_INT, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:18: warning: count 'cnt[2]' holds a value computed in 'int' that can overflow
  // CHECK-NOTES: :[[@LINE-4]]:12: note: 'meta[0] * width' can overflow 'int' here
  // CHECK-NOTES: :[[@LINE-5]]:12: note: 'meta[0]' is read from memory the analysis cannot see
  // CHECK-NOTES: :[[@LINE-6]]:12: note: no automatic fix: the count is read from 'cnt', whose elements must become MPI_Count by hand
}

// The pointer moves along itself: its [2] was its [3] before.
void post_moving(int *cnt, const int *meta, int width, MPI_Comm comm) {
  int *at = cnt;
  at[3] = meta[0] * width;
  at[2] = meta[2];
  at = at + 1;
  MPI_Send(meta, at[2], MPI_INT, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:18: warning: count 'at[2]' holds a value computed in 'int' that can overflow
  // CHECK-NOTES: :[[@LINE-5]]:11: note: 'meta[0] * width' can overflow 'int' here
  // CHECK-NOTES: :[[@LINE-6]]:11: note: 'meta[0]' is read from memory the analysis cannot see
  // CHECK-NOTES: :[[@LINE-7]]:11: note: no automatic fix: the count is read from 'at', whose elements must become MPI_Count by hand
}
