// C++ twin of mpi-named-helpers.c: a helper named with MPI's prefix in a
// namespace of the program is the program's.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- -std=c++17 %mpi_cflags

#include <mpi.h>
#include <vector>

namespace app {
inline void MPIU_Bcast_values(double *values, int count, MPI_Comm comm) {
  MPI_Bcast(values, count, MPI_DOUBLE, 0, comm);
}
} // namespace app

void share(std::vector<double> &v, MPI_Comm comm) {
  app::MPIU_Bcast_values(v.data(), v.size(), comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: 'v.size()' of type 'size_t' is narrowed to 'int' by parameter 'count' of 'app::MPIU_Bcast_values', which reaches MPI_Bcast as its count
}
