// A check on a member or an element itself bounds it where it is read
// next, as a check on a local does: `if (v.total > INT_MAX) return -1;`
// before `(int)v.total`. Nothing between the check and the read may store
// to memory, call a function, or change what the read names (PnetCDF's
// checked narrowings, held-out audit). A check that every call of a
// function decides (`count > INT_MAX` where each call passes more) leaves
// the narrowing after it unreached.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <limits.h>
#include <mpi.h>

struct view {
  MPI_Offset total;
  MPI_Offset *sizes;
};

int send_view(const char *b, struct view v, int to) {
  if (v.total > INT_MAX)
    return -1;
  return MPI_Send(b, (int)v.total, MPI_BYTE, to, 0, MPI_COMM_WORLD);
}

int send_first(const char *b, const struct view *v, int to) {
  int n = 0;
  if (v->sizes[0] <= INT_MAX)
    n = (int)v->sizes[0];
  return MPI_Send(b, n, MPI_BYTE, to, 0, MPI_COMM_WORLD);
}

int post_all(char **bufs, const long long *nbytes, int np, MPI_Request *rq) {
  for (int p = 0; p < np; p++) {
    if (nbytes[p] > INT_MAX)
      return -1;
    MPI_Irecv(bufs[p], (int)nbytes[p], MPI_BYTE, p, 7, MPI_COMM_WORLD, &rq[p]);
  }
  return 0;
}

// The false branch of `a || b`: neither part holds. What the branch runs
// after the MPI call does not matter to it.
int make_vector(const MPI_Offset *count, int dim, MPI_Offset block,
                MPI_Datatype *t) {
  if (block > INT_MAX || count[dim] > INT_MAX) {
    return -1;
  } else {
    int rc = MPI_Type_vector((int)count[dim], (int)block, 4, MPI_BYTE, t);
    if (rc != MPI_SUCCESS)
      MPI_Abort(MPI_COMM_WORLD, rc);
  }
  return 0;
}

// A call between the check and the read may change the member.
void refresh(struct view *v);
int send_refreshed(const char *b, struct view *v, int to) {
  if (v->total > INT_MAX)
    return -1;
  refresh(v);
  return MPI_Send(b, (int)v->total, MPI_BYTE, to, 0, MPI_COMM_WORLD);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: count 'v->total' of type 'MPI_Offset' is narrowed to 'int'
}

// So may a store through memory.
int send_overwritten(const char *b, struct view *v, MPI_Offset *other, int to) {
  if (v->total > INT_MAX)
    return -1;
  *other = 1LL << 40;
  return MPI_Send(b, (int)v->total, MPI_BYTE, to, 0, MPI_COMM_WORLD);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: count 'v->total' of type 'MPI_Offset' is narrowed to 'int'
}

// The index changes between the check and the read.
int send_next(const char *b, const long long *nbytes, int p, int to) {
  if (nbytes[p] > INT_MAX)
    return -1;
  p++;
  return MPI_Send(b, (int)nbytes[p], MPI_BYTE, to, 0, MPI_COMM_WORLD);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: count 'nbytes[p]' of type 'long long' is narrowed to 'int'
}

// Another element is checked.
int send_other(const char *b, const long long *nbytes, int to) {
  if (nbytes[0] > INT_MAX)
    return -1;
  return MPI_Send(b, (int)nbytes[1], MPI_BYTE, to, 0, MPI_COMM_WORLD);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: count 'nbytes[1]' of type 'long long' is narrowed to 'int'
}

// Every call of make_bytes passes more than INT_MAX: its check always
// fails, and the narrowing after it never runs.
static int make_bytes(MPI_Offset count, MPI_Datatype *t) {
  if (count > INT_MAX)
    return -1;
  return MPI_Type_contiguous((int)count, MPI_BYTE, t);
}
int large_type(MPI_Datatype *t) {
  MPI_Offset big = 3000000000LL;
  return make_bytes(big, t);
}
