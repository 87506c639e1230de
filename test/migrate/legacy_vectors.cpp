// Legacy C++ style: std::vector buffers whose size() is cast to int for MPI,
// an int copy of a size for the broadcast, an int product for a reduction,
// MPI_Get_count into an int, and a Gatherv whose counts travel as MPI_INT and
// whose displacements are an int running sum in std::vector<int>.
//
// Size: argv[1] or MIGRATE_BYTES (bytes, default 5000). Printed by rank 0.
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <vector>

static std::size_t problem_size(int argc, char **argv) {
  const char *s = argc > 1 ? argv[1] : std::getenv("MIGRATE_BYTES");
  return s ? std::strtoull(s, nullptr, 10) : 5000;
}

static unsigned long long checksum(const std::vector<unsigned char> &b, std::size_t n) {
  unsigned long long h = 0;
  for (std::size_t i = 0; i < n && i < b.size(); ++i)
    h = h * 131 + b[i];
  return h;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, nprocs;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  const std::size_t nbytes = problem_size(argc, argv);

  // Point to point with a C-style int cast of the size, then MPI_Get_count.
  std::vector<unsigned char> buf(nbytes);
  if (rank == 1) {
    for (std::size_t i = 0; i < buf.size(); ++i)
      buf[i] = static_cast<unsigned char>(i % 251);
    MPI_Send(buf.data(), (int)buf.size(), MPI_BYTE, 0, 3, MPI_COMM_WORLD);
  } else if (rank == 0) {
    MPI_Status status;
    MPI_Recv(buf.data(), static_cast<int>(buf.size()), MPI_BYTE, 1, 3, MPI_COMM_WORLD, &status);
    int got;
    MPI_Get_count(&status, MPI_BYTE, &got);
    std::printf("p2p: %d bytes, checksum %llu\n", got, checksum(buf, nbytes));
  }

  // Broadcast with an int copy of the size.
  int n = buf.size();
  MPI_Bcast(buf.data(), n, MPI_BYTE, 0, MPI_COMM_WORLD);
  unsigned long long mine = checksum(buf, nbytes);
  std::vector<unsigned long long> sums(nprocs);
  MPI_Gather(&mine, 1, MPI_UNSIGNED_LONG_LONG, sums.data(), 1, MPI_UNSIGNED_LONG_LONG, 0,
             MPI_COMM_WORLD);
  if (rank == 0)
    for (int r = 0; r < nprocs; ++r)
      std::printf("bcast: rank %d checksum %llu\n", r, sums[r]);

  // Reduction over rows * cols ints, the product computed in int.
  int rows = 4, cols = static_cast<int>(nbytes / 16 + 1);
  std::vector<int> grid(static_cast<std::size_t>(rows) * cols);
  for (std::size_t i = 0; i < grid.size(); ++i)
    grid[i] = static_cast<int>((i * (rank + 1)) % 1009);
  MPI_Allreduce(MPI_IN_PLACE, grid.data(), rows * cols, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  long long total = std::accumulate(grid.begin(), grid.end(), 0LL);
  if (rank == 0)
    std::printf("allreduce: %zu ints, total %lld\n", grid.size(), total);

  // Gatherv of a rank-dependent tail of buf.
  int mycount = nbytes - 11 * rank;
  std::vector<int> counts(nprocs), displs(nprocs);
  MPI_Allgather(&mycount, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
  int offset = 0;
  for (int r = 0; r < nprocs; ++r) {
    displs[r] = offset;
    offset += counts[r];
  }
  std::vector<unsigned char> all(rank == 0 ? offset : 0);
  MPI_Gatherv(buf.data(), mycount, MPI_BYTE, all.data(), counts.data(), displs.data(), MPI_BYTE,
              0, MPI_COMM_WORLD);
  if (rank == 0)
    std::printf("gatherv: %zu bytes, checksum %llu\n", all.size(), checksum(all, all.size()));

  MPI_Finalize();
  return 0;
}
