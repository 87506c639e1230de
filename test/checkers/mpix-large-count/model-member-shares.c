// A block distribution whose sizes are kept in a structure: i * (count /
// nranks) with 0 <= i < nranks is at most count, as for locals, when the
// structure is read through a pointer the function never changes and never
// hands on, and the share's floor of 1 is only the index again. Handed to a
// helper that may change any field, the structure bounds nothing.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stdlib.h>

struct bench {
  int count;
  int nranks;
  MPI_Datatype type;
  MPI_Comm comm;
};

void gatherv_blocks(struct bench *p, char *s, char *r) {
  int *counts = malloc(sizeof(int) * p->nranks);
  int *displs = malloc(sizeof(int) * p->nranks);
  int chunk = p->count / p->nranks;
  if (chunk == 0)
    chunk = 1;
  for (int i = 0; i < p->nranks; i++) {
    counts[i] = chunk;
    displs[i] = i * chunk;
  }
  MPI_Allgatherv(s, chunk, p->type, r, counts, displs, p->type, p->comm);
  free(counts);
  free(displs);
}

void gatherv_spelled(const struct bench *p, char *s, char *r, int *counts,
                     int *displs) {
  for (int i = 0; i < p->nranks; i++) {
    counts[i] = p->count / p->nranks;
    displs[i] = i * (p->count / p->nranks);
  }
  MPI_Allgatherv(s, p->count / p->nranks, p->type, r, counts, displs, p->type,
                 p->comm);
}

void resize(struct bench *p);

void gatherv_resized(struct bench *p, char *s, char *r) {
  int *counts = malloc(sizeof(int) * p->nranks);
  int *displs = malloc(sizeof(int) * p->nranks);
  int chunk = p->count / p->nranks;
  resize(p);
  for (int i = 0; i < p->nranks; i++) {
    counts[i] = chunk;
    displs[i] = i * chunk;
  }
  MPI_Allgatherv(s, chunk, p->type, r, counts, displs, p->type, p->comm);
  // CHECK-NOTES: :[[@LINE-1]]:48: warning: displacement array 'displs' of MPI_Allgatherv is filled with values that can exceed INT_MAX
  // CHECK-NOTES: :[[@LINE-4]]:17: note: 'i * chunk' can overflow 'int' here: i below p->nranks, chunk unbounded
  // CHECK-NOTES: :[[@LINE-9]]:15: note: 'chunk' is assigned 'p->count / p->nranks' here, which the analysis cannot bound
  free(counts);
  free(displs);
}
