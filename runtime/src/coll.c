/* Collectives (family COLL) that are not generated: the persistent ones that
 * cannot simply forward to the library's own. Every other COLL row is
 * mechanical (mpix_gen.c).
 *
 * MPICH 4.0's persistent scatter (MPI_Scatter_init and _c) fails at its
 * second MPI_Start ("Invalid communicator" from the schedule's progress, on 3
 * processes with any count >= 1), while its persistent scatterv restarts
 * correctly. There MPIX_Scatter_init_x is a scatterv with equal counts; the
 * generated body (native forward or emulated) is compiled out.
 */
#include "internal.h"

#if MPIX_SCATTER_INIT_VIA_SCATTERV

int MPIX_Scatter_init_x(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                        void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root,
                        MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  const mpix_ctx ctx = mpix_ctx_comm(comm);
  int inter = 0, n = 0, me = -1, i, rc = MPI_Comm_test_inter(comm, &inter);
  MPI_Count *counts = NULL;
  MPI_Aint *displs = NULL;
  void *keep = NULL;
  if (rc == MPI_SUCCESS && inter) rc = MPI_Comm_remote_size(comm, &n);
  else if (rc == MPI_SUCCESS) rc = MPI_Comm_size(comm, &n);
  if (rc == MPI_SUCCESS && !inter) rc = MPI_Comm_rank(comm, &me);
  if (rc != MPI_SUCCESS) return mpix_check(&ctx, rc);
  if (inter ? root == MPI_ROOT : me == root) {
    /* only the root's arrays are significant; kept until MPI_Finalize in case
       the request reads them at each MPI_Start */
    keep = mpix_keep_alloc((size_t)n * (sizeof(MPI_Count) + sizeof(MPI_Aint)));
    if (!keep) return mpix_error(&ctx, MPI_ERR_NO_MEM);
    displs = keep;
    counts = (MPI_Count *)(displs + n);
    for (i = 0; i < n; i++) {
      counts[i] = sendcount;
      displs[i] = (MPI_Aint)i * sendcount;
    }
  }
  rc = MPIX_Scatterv_init_x(sendbuf, counts, displs, sendtype, recvbuf, recvcount, recvtype, root,
                            comm, info, request);
  if (keep && rc == MPI_SUCCESS) mpix_keep_defer(keep);
  mpix_keep_release(keep);
  return rc;
}

#endif
