/* Legacy style: a byte count kept in size_t and handed to the int count
 * parameters of point-to-point, broadcast and reduction calls, and the
 * received size read back with MPI_Get_count into an int.
 *
 * Size: argv[1] or MIGRATE_BYTES (bytes, default 4096). Run with 2..64 ranks.
 * Everything is printed by rank 0, so the output does not depend on timing.
 * Besides checksums, every stage counts the bytes that differ from what it
 * should hold, so a run at a size without reference output checks itself. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t problem_size(int argc, char **argv) {
  const char *s = argc > 1 ? argv[1] : getenv("MIGRATE_BYTES");
  return s ? strtoull(s, NULL, 10) : 4096;
}

/* The byte at offset i after each stage. */
static unsigned char sent(size_t i) { return (unsigned char)(i * 7 + 3); }
static unsigned char broadcast(size_t i) { return sent(i) ^ (i % 3 == 0 ? 0x5a : 0); }
static unsigned char flip(size_t i, int rank) { return (unsigned char)((i + 1) * (rank + 2)); }
static unsigned char reduced(size_t i, int nprocs) {
  unsigned char x = nprocs % 2 ? broadcast(i) : 0;
  for (int r = 0; r < nprocs; ++r)
    x ^= flip(i, r);
  return x;
}

/* Position-dependent, so that a shifted or truncated buffer changes it. */
static unsigned long long checksum(const unsigned char *b, size_t n) {
  unsigned long long h = 0;
  for (size_t i = 0; i < n; ++i)
    h = h * 31 + b[i] + (i & 0xffff);
  return h;
}

/* Every rank's checksum and number of wrong bytes, printed by rank 0. */
static void report(const char *stage, const unsigned char *b, size_t n, int stage_no,
                   int rank, int nprocs) {
  unsigned long long mine[2] = {checksum(b, n), 0}, all[2 * 64];
  for (size_t i = 0; i < n; ++i)
    mine[1] += b[i] != (stage_no == 1 ? broadcast(i) : reduced(i, nprocs));
  MPI_Gather(mine, 2, MPI_UNSIGNED_LONG_LONG, all, 2, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
  if (rank == 0)
    for (int r = 0; r < nprocs; ++r)
      printf("%s: rank %d checksum %llu, %llu wrong\n", stage, r, all[2 * r], all[2 * r + 1]);
}

int main(int argc, char **argv) {
  int rank, nprocs;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  size_t nbytes = problem_size(argc, argv);
  unsigned char *buf = malloc(nbytes);
  if (!buf || nprocs < 2 || nprocs > 64) {
    fprintf(stderr, "need 2..64 ranks and %zu bytes\n", nbytes);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  memset(buf, 0, nbytes);

  /* Point to point: rank 1 sends, rank 0 receives and asks how much came. */
  if (rank == 1) {
    for (size_t i = 0; i < nbytes; ++i)
      buf[i] = sent(i);
    MPI_Send(buf, nbytes, MPI_BYTE, 0, 17, MPI_COMM_WORLD);
  } else if (rank == 0) {
    MPI_Status status;
    int received;
    MPI_Recv(buf, nbytes, MPI_BYTE, 1, 17, MPI_COMM_WORLD, &status);
    MPI_Get_count(&status, MPI_BYTE, &received);
    size_t wrong = 0;
    for (size_t i = 0; i < nbytes; ++i)
      wrong += buf[i] != sent(i);
    printf("p2p: received %d bytes, checksum %llu, %zu wrong\n", received,
           checksum(buf, nbytes), wrong);
  }

  /* Broadcast what rank 0 received, changed a little. */
  if (rank == 0)
    for (size_t i = 0; i < nbytes; i += 3)
      buf[i] ^= 0x5a;
  MPI_Bcast(buf, nbytes, MPI_BYTE, 0, MPI_COMM_WORLD);
  report("bcast", buf, nbytes, 1, rank, nprocs);

  /* Reduction: every rank flips a rank-dependent pattern, XOR them all. */
  for (size_t i = 0; i < nbytes; ++i)
    buf[i] ^= flip(i, rank);
  MPI_Allreduce(MPI_IN_PLACE, buf, nbytes, MPI_BYTE, MPI_BXOR, MPI_COMM_WORLD);
  report("allreduce", buf, nbytes, 2, rank, nprocs);

  free(buf);
  MPI_Finalize();
  return 0;
}
