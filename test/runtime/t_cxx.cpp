// The public header compiles as C++ and its functions link with C linkage.
#include <mpix.h>
#include <cstdio>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int v = 7, w = 0;
  MPI_Status st;
  MPI_Count n = -1;
  int rc = MPIX_Sendrecv_x(&v, 1, MPI_INT, 0, 0, &w, 1, MPI_INT, 0, 0, MPI_COMM_SELF, &st);
  if (rc == MPI_SUCCESS) rc = MPIX_Get_count_x(&st, MPI_INT, &n);
  MPI_Finalize();
  bool ok = rc == MPI_SUCCESS && w == 7 && n == 1;
  std::printf("cxx: %s\n", ok ? "1 passed, 0 failed" : "0 passed, 1 failed");
  return ok ? 0 : 1;
}
