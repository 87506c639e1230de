/* Uses the installed header and library: a large-count type and a self
   send-receive, checked. */
#include <mpix.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int out[4] = {1, 2, 3, 4}, in[4] = {0, 0, 0, 0}, rc, comb = 0;
  MPI_Count n = -1, ni, na, nc, nd;
  MPI_Status st;
  MPI_Datatype t;
  MPI_Init(&argc, &argv);
  rc = MPIX_Sendrecv_x(out, 4, MPI_INT, 0, 0, in, 4, MPI_INT, 0, 0, MPI_COMM_SELF, &st);
  if (rc == MPI_SUCCESS) rc = MPIX_Get_count_x(&st, MPI_INT, &n);
  if (rc == MPI_SUCCESS) rc = MPIX_Type_contiguous_x((MPI_Count)1 << 33, MPI_INT, &t);
  if (rc == MPI_SUCCESS) rc = MPIX_Type_get_envelope_x(t, &ni, &na, &nc, &nd, &comb);
  if (rc == MPI_SUCCESS) MPI_Type_free(&t);
  MPI_Finalize();
  if (rc != MPI_SUCCESS || n != 4 || in[3] != 4 || comb != MPI_COMBINER_CONTIGUOUS || nc != 1) {
    printf("consumer (%s): FAILED\n", MPIX_BACKEND_NAME);
    return 1;
  }
  printf("consumer (%s): ok\n", MPIX_BACKEND_NAME);
  return 0;
}
