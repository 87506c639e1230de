// The C++ spelling of model-held-quotients.c: the quotient kept in a const
// local or in an assignment, the rounding read through references.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <vector>

struct Panel {
  std::vector<double> data;
  void sendTail(int k, int m, MPI_Comm comm) {
    int j = 0;
    if (m <= 0 || k < 0)
      return;
    const int left = m - (k - (j = k / m) * m);
    MPI_Send(data.data(), left, MPI_DOUBLE, 0, j, comm);
  }
};

void lastBlock(std::vector<double> &a, const int &n, const int &nb,
               MPI_Comm comm) {
  if (n <= 0 || nb <= 0)
    return;
  const int whole = (n - 1) / nb;
  MPI_Send(a.data(), n - whole * nb, MPI_DOUBLE, 0, 1, comm);
}

// A wider local keeps the quotient; a narrower one may not: reported, and
// not fixed, as the short cannot be retyped.
void widerLocal(std::vector<double> &a, int n, int nb, MPI_Comm comm) {
  long whole = n / nb;
  MPI_Send(a.data(), whole * nb, MPI_DOUBLE, 0, 2, comm);
  short part = n / nb;
  MPI_Send(a.data(), part * nb, MPI_DOUBLE, 0, 3, comm);
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: count 'part * nb' is computed in 'int' and can overflow before MPI sees it [mpix-large-count]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: 'part * nb' can overflow 'int' here: part unbounded, nb unbounded
  // CHECK-NOTES: :[[@LINE-4]]:16: note: 'part' is assigned 'n / nb' here, which the analysis cannot bound
  // CHECK-NOTES: :[[@LINE-5]]:16: note: 'n / nb' of type 'int' is narrowed to 'short' here
  // CHECK-NOTES: :[[@LINE-6]]:9: note: no automatic fix: its type is not spelled as a plain 'int'
}
