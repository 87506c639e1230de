/* Isendrecv and Isendrecv_replace on MPI-3 (emulated backend), and on
 * MPICH 4.0 instead of its faulty MPI_Isendrecv_c (MPIX_ISENDRECV_BY_COPY).
 *
 * The call must return ONE request whose completion means that the receive
 * has completed AND the send buffer may be reused; MPI_Wait/Test/Waitall
 * must work on it like on any request. Two requests (Irecv + Isend) cannot be
 * returned as one, and a generalized request completes only when someone
 * calls MPI_Grequest_complete, which needs a progress thread (MPI-3's
 * generalized requests have no poll callback; MPICH's MPIX_Grequest_start
 * has one, Open MPI 4.1 none).
 *
 * What is exact instead: the send is made from a copy. The send data are
 * packed (MPI_Pack, any datatype) into a buffer of libmpix's at the call, the
 * receive is posted and its request returned to the caller, and the packed
 * buffer is sent with MPI_Isend as MPI_PACKED (which matches any receive
 * type). The caller's send buffer is free as soon as the call returns, which
 * standard-mode sending allows (MPI may buffer), so the returned request
 * completing when the receive completes is what Isendrecv promises; its
 * status is the receive's, as for MPI_Isendrecv. For _replace the copy is
 * also what makes sending and receiving in one buffer correct.
 *
 * libmpix keeps the internal send requests and frees each copy once its send
 * has completed: tested at every Isendrecv and waited for at MPI_Finalize
 * (a matching receive must be posted before then, as for any send). Costs:
 * one copy of the send data, held until the send completes and a later
 * Isendrecv or MPI_Finalize reclaims it. An error of the internal send after
 * the call returned is reported through comm's error handler when it is
 * reclaimed. MPI_Cancel on the returned request cancels the receive only.
 */
#include "internal.h"

#include <string.h>

#if MPIX_ISENDRECV_BY_COPY

typedef struct {
  MPI_Request req;
  void *copy;
  MPI_Comm comm;
} pending_send;

static pending_send *pending = NULL;
static size_t n_pending = 0, cap_pending = 0;

/* Frees the copies of completed sends (all of them when wait_all). The lock
   is held. */
static void reclaim(int wait_all) {
  size_t i = 0;
  while (i < n_pending) {
    int done = 1, rc;
    MPI_Status st;
    rc = wait_all ? MPI_Wait(&pending[i].req, &st) : MPI_Test(&pending[i].req, &done, &st);
    if (rc != MPI_SUCCESS) {
      const mpix_ctx ctx = mpix_ctx_comm(pending[i].comm);
      mpix_check(&ctx, rc);
      done = 1; /* the request is gone either way */
    }
    if (!done) {
      i++;
      continue;
    }
    mpix_free(pending[i].copy);
    pending[i] = pending[--n_pending];
  }
}

static void reclaim_at_finalize(void) {
  mpix_lock();
  reclaim(1);
  mpix_free(pending);
  pending = NULL;
  cap_pending = 0;
  mpix_unlock();
}

static int remember(MPI_Request req, void *copy, MPI_Comm comm) {
  mpix_lock();
  if (n_pending == cap_pending) {
    size_t cap = cap_pending ? 2 * cap_pending : 8;
    pending_send *grown = mpix_malloc(cap * sizeof *grown);
    if (!grown) {
      mpix_unlock();
      return MPI_ERR_NO_MEM;
    }
    if (pending) memcpy(grown, pending, n_pending * sizeof *grown);
    else mpix_at_finalize(reclaim_at_finalize);
    mpix_free(pending);
    pending = grown;
    cap_pending = cap;
  }
  pending[n_pending].req = req;
  pending[n_pending].copy = copy;
  pending[n_pending].comm = comm;
  n_pending++;
  mpix_unlock();
  return MPI_SUCCESS;
}

/* The send data of (buf, count, type) packed into a new buffer *copy of
   *size bytes (NULL when there is nothing to send). */
static int pack_copy(const mpix_ctx *ctx, const void *buf, MPI_Count count, MPI_Datatype type,
                     MPI_Comm comm, void **copy, MPI_Count *size) {
  MPI_Count room = 0;
  int rc = mpix_check_buffer(ctx, buf, 1, count, type);
  *copy = NULL;
  *size = 0;
  if (rc == MPI_SUCCESS) rc = MPIX_Pack_size_x(count, type, comm, &room);
  if (rc != MPI_SUCCESS || room == 0) return rc;
  *copy = mpix_malloc((size_t)room);
  if (!*copy) return mpix_error(ctx, MPI_ERR_NO_MEM);
  rc = MPIX_Pack_x(buf, count, type, *copy, room, size, comm);
  if (rc != MPI_SUCCESS) {
    mpix_free(*copy);
    *copy = NULL;
  }
  return rc;
}

/* Posts the receive (the caller's request), then sends the copy. */
static int isendrecv(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest,
                     int sendtag, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                     int source, int recvtag, MPI_Comm comm, MPI_Request *request) {
  const mpix_ctx ctx = mpix_ctx_comm(comm);
  void *copy = NULL;
  MPI_Count size = 0;
  MPI_Request sreq = MPI_REQUEST_NULL;
  int rc = request ? MPI_SUCCESS : mpix_error(&ctx, MPI_ERR_REQUEST);
  if (rc == MPI_SUCCESS) {
    mpix_lock();
    reclaim(0);
    mpix_unlock();
  }
  if (rc == MPI_SUCCESS && dest != MPI_PROC_NULL)
    rc = pack_copy(&ctx, sendbuf, sendcount, sendtype, comm, &copy, &size);
  if (rc == MPI_SUCCESS)
    rc = MPIX_Irecv_x(recvbuf, recvcount, recvtype, source, recvtag, comm, request);
  if (rc != MPI_SUCCESS) {
    mpix_free(copy);
    return rc;
  }
  rc = MPIX_Isend_x(copy, size, MPI_PACKED, dest, sendtag, comm, &sreq); /* reports */
  if (rc == MPI_SUCCESS && remember(sreq, copy, comm) != MPI_SUCCESS) {
    MPI_Wait(&sreq, MPI_STATUS_IGNORE); /* cannot keep it: finish it here */
    rc = mpix_error(&ctx, MPI_ERR_NO_MEM);
  }
  if (rc != MPI_SUCCESS) {
    /* nothing of the call may stay behind: withdraw the receive */
    MPI_Cancel(request);
    MPI_Wait(request, MPI_STATUS_IGNORE);
    mpix_free(copy);
  }
  return rc;
}

int MPIX_Isendrecv_x(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest,
                     int sendtag, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                     int source, int recvtag, MPI_Comm comm, MPI_Request *request) {
  return isendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype,
                   source, recvtag, comm, request);
}

int MPIX_Isendrecv_replace_x(void *buf, MPI_Count count, MPI_Datatype datatype, int dest,
                             int sendtag, int source, int recvtag, MPI_Comm comm,
                             MPI_Request *request) {
  return isendrecv(buf, count, datatype, dest, sendtag, buf, count, datatype, source, recvtag,
                   comm, request);
}

#endif /* MPIX_ISENDRECV_BY_COPY */
