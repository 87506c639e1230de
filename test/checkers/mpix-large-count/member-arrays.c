// Count and displacement arrays held in a structure (b->displs): the stores
// this function makes are judged as a local array's are. A message size
// times an index below the number of processes wraps with 2^30-byte
// messages on 3 processes.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

struct comm_info {
  int num_procs;
  int *sndcnt, *sdispl, *reccnt, *rdispl;
  int displs[64];
  MPI_Comm communicator;
};

void bench_alltoallv(struct comm_info *c_info, int size, char *sbuf, char *rbuf) {
  int i, s_num = size, r_num = size;
  for (i = 0; i < c_info->num_procs; i++) {
    c_info->sdispl[i] = s_num * i;
    c_info->sndcnt[i] = s_num;
    c_info->rdispl[i] = r_num * i;
    c_info->reccnt[i] = r_num;
  }
  MPI_Alltoallv(sbuf, c_info->sndcnt, c_info->sdispl, MPI_BYTE, rbuf,
                c_info->reccnt, c_info->rdispl, MPI_BYTE, c_info->communicator);
  // CHECK-NOTES: :[[@LINE-2]]:39: warning: displacement array 'c_info->sdispl' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  // CHECK-NOTES: :[[@LINE-8]]:25: note: 's_num * i' can overflow 'int' here: s_num unbounded, i below c_info->num_procs
  // CHECK-NOTES: :[[@LINE-11]]:18: note: 's_num' is assigned 'size' here, which the analysis cannot bound
  // CHECK-NOTES: :[[@LINE-5]]:23: note: no automatic fix: 'c_info->sndcnt' must become MPI_Count by hand
  // CHECK-NOTES: :[[@LINE-5]]:33: warning: displacement array 'c_info->rdispl' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  // CHECK-NOTES: :[[@LINE-10]]:25: note: 'r_num * i' can overflow 'int' here: r_num unbounded, i below c_info->num_procs
  // CHECK-NOTES: :[[@LINE-15]]:32: note: 'r_num' is assigned 'size' here, which the analysis cannot bound
}

// Small displacements in a member array: nothing to report.
void bench_gatherv(struct comm_info *c_info, char *sbuf, char *rbuf) {
  int i, nprocs;
  MPI_Comm_size(c_info->communicator, &nprocs);
  for (i = 0; i < nprocs && i < 64; i++)
    c_info->displs[i] = i * 2;
  MPI_Gatherv(sbuf, 2, MPI_BYTE, rbuf, c_info->reccnt, c_info->displs, MPI_BYTE, 0,
              c_info->communicator);
}

// Filled where the structure is set up, handed to MPI where it is
// exchanged: each store is judged in the function that makes it.
struct swap_plan {
  int nswap;
  int *nwords, *offsets;
  int *small;
};

void plan_swaps(struct swap_plan *p, int atoms, int per_atom) {
  for (int s = 0; s < p->nswap; ++s) {
    p->nwords[s] = atoms * per_atom;
    p->offsets[s] = 0;
    p->small[s] = s < 64 ? s : 64;
  }
}

void do_swaps(struct swap_plan *p, double *sbuf, double *rbuf, MPI_Comm comm) {
  MPI_Alltoallv(sbuf, p->nwords, p->offsets, MPI_DOUBLE, rbuf, p->small,
                p->offsets, MPI_DOUBLE, comm);
  // CHECK-NOTES: :[[@LINE-2]]:23: warning: count array 'p->nwords' of MPI_Alltoallv is filled with values that can exceed INT_MAX
  // CHECK-NOTES: :[[@LINE-10]]:20: note: 'atoms * per_atom' can overflow 'int' here (in 'plan_swaps'): atoms unbounded, per_atom unbounded
  // CHECK-NOTES: :[[@LINE-13]]:42: note: 'atoms' is a parameter: its callers may pass any value
  // CHECK-NOTES: :[[@LINE-5]]:23: note: no automatic fix: 'p->nwords' must become MPI_Count by hand
}
