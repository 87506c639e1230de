// A datatype built once in C++ code: a count asked in it after a receive in
// it is at most the receive's count (model-built-datatypes.c has the rules).
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <vector>

int made_once(MPI_Comm comm, std::vector<double> &b, int width) {
  MPI_Datatype pair;
  MPI_Type_contiguous(width, MPI_DOUBLE, &pair);
  MPI_Type_commit(&pair);
  MPI_Status st;
  MPI_Recv(b.data(), 3, pair, 0, 0, comm, &st);
  int n;
  MPI_Get_count(&st, pair, &n);
  MPI_Type_free(&pair);
  return n;
}

// Remade in a loop: the query can meet another pass's datatype.
int remade(MPI_Comm comm, std::vector<double> &b, const std::vector<int> &widths) {
  MPI_Datatype run;
  MPI_Status st;
  int n = 0;
  for (int width : widths) {
    if (width > 1)
      MPI_Get_count(&st, run, &n);
    // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
    MPI_Type_contiguous(width, MPI_DOUBLE, &run);
    MPI_Recv(b.data(), 1, run, 0, 0, comm, &st);
  }
  return n;
}
