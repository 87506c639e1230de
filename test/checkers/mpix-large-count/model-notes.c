// Why an int product stored into a displacement array can overflow: each
// operand with what bounds it, and a note where an unbounded one comes from.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int nprocs;
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  int r_num = atoi(argv[1]);
  int *sendbuf = malloc(sizeof(int) * r_num);
  int *rbuf = malloc(sizeof(int) * nprocs);
  int *rcounts = malloc(sizeof(int) * nprocs);
  int *rdispl = malloc(sizeof(int) * nprocs);
  for (int i = 0; i < nprocs; i++) {
    rcounts[i] = r_num;
    rdispl[i] = r_num * i;
  }
  MPI_Gatherv(sendbuf, r_num, MPI_INT, rbuf, rcounts, rdispl, MPI_INT, 0, MPI_COMM_WORLD);
  // CHECK-NOTES: :[[@LINE-1]]:55: warning: displacement array 'rdispl' of MPI_Gatherv is filled with values that can exceed INT_MAX
  // CHECK-NOTES: :[[@LINE-4]]:17: note: 'r_num * i' can overflow 'int' here: r_num unbounded, i below the communicator size
  // CHECK-NOTES: :[[@LINE-12]]:15: note: 'r_num' is assigned 'atoi(argv[1])' here, which the analysis cannot bound
  MPI_Finalize();
  return 0;
}

// A parameter of a function other files can call: any value.
void blocks_of(int chunk, float *in, float *out, MPI_Comm comm) {
  int np;
  MPI_Comm_size(comm, &np);
  int *cnt = malloc(sizeof(int) * np);
  int *off = malloc(sizeof(int) * np);
  for (int r = 0; r < np; r++) {
    cnt[r] = chunk;
    off[r] = chunk * r;
  }
  MPI_Allgatherv(in, chunk, MPI_FLOAT, out, cnt, off, MPI_FLOAT, comm);
  // CHECK-NOTES: :[[@LINE-1]]:50: warning: displacement array 'off' of MPI_Allgatherv is filled with values that can exceed INT_MAX
  // CHECK-NOTES: :[[@LINE-4]]:14: note: 'chunk * r' can overflow 'int' here: chunk unbounded, r below the communicator size
  // CHECK-NOTES: :[[@LINE-12]]:20: note: 'chunk' is a parameter: its callers may pass any value
  free(cnt);
  free(off);
}
