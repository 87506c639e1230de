// The model of a run in C++: std::vector displacements filled below the
// communicator's size are small; a message size read from input is not.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- -std=c++17 %mpi_cflags

#include <mpi.h>
#include <cstdlib>
#include <vector>

void reversed(MPI_Comm comm) {
  int nprocs = -1;
  MPI_Comm_size(comm, &nprocs);
  std::vector<int> sbuf(2 * nprocs), rbuf(2 * nprocs), counts(nprocs, 2);
  std::vector<int> sdispls(nprocs), rdispls(nprocs);
  for (int i = 0; i < nprocs; i++) {
    sdispls[i] = (nprocs - (i + 1)) * 2;
    rdispls[i] = i * 2;
  }
  MPI_Alltoallv(sbuf.data(), counts.data(), sdispls.data(), MPI_INT, rbuf.data(),
                counts.data(), rdispls.data(), MPI_INT, comm);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int nprocs, rank;
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int msg = std::atoi(argv[1]);
  std::vector<char> in(msg), out(static_cast<size_t>(msg) * nprocs);
  std::vector<int> counts(nprocs, msg), displs(nprocs);
  for (int i = 0; i < nprocs; ++i)
    displs[i] = msg * i;
  MPI_Allgatherv(in.data(), msg, MPI_CHAR, out.data(), counts.data(), displs.data(),
                 MPI_CHAR, MPI_COMM_WORLD);
  // CHECK-MESSAGES: :[[@LINE-2]]:71: warning: displacement array 'displs' of MPI_Allgatherv is filled with values that can exceed INT_MAX
  reversed(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
