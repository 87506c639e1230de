/* Pack and unpack (emulated backend). The int functions limit the buffer
   size and position to INT_MAX, so large counts are packed in pieces whose
   packed size fits an int, each piece written at the running position: MPI
   defines packing as the concatenation of successive pack calls. */
#include "internal.h"

/* Elements per piece: at most the threshold, and few enough that one piece's
   packed size fits an int. */
static MPI_Count piece_elements(MPI_Count per_element) {
  MPI_Count n = mpix_threshold();
  if (per_element > 0 && n > INT_MAX / per_element) n = INT_MAX / per_element;
  return n > 0 ? n : 1;
}

static int window(MPI_Count total, MPI_Count pos) {
  MPI_Count left = total - pos;
  return left > INT_MAX ? INT_MAX : (int)left;
}

/* Pack (unpack = 0) or unpack n elements at data from/to the packed buffer
   packed (of size bytes) at *position, in pieces. */
static int pieces(int unpack, const mpix_ctx *ctx, void *data, MPI_Count n, MPI_Datatype type,
                  void *packed, MPI_Count size, MPI_Count *position, MPI_Comm comm) {
  MPI_Aint ext;
  MPI_Count done = 0, per = 0, step;
  int rc = mpix_check_buffer(ctx, data, 1, n, type);
  if (rc != MPI_SUCCESS) return rc;
  if (!position || *position < 0 || size < 0) return mpix_error(ctx, MPI_ERR_ARG);
  ext = mpix_extent(type);
  MPI_Type_size_x(type, &per);
  step = piece_elements(per);
  while (rc == MPI_SUCCESS && done < n) {
    MPI_Count k = n - done < step ? n - done : step;
    void *at = mpix_offset(data, done * ext), *in = mpix_offset(packed, *position);
    int local = 0;
    rc = unpack ? MPI_Unpack(in, window(size, *position), &local, at, (int)k, type, comm)
                : MPI_Pack(at, (int)k, type, in, window(size, *position), &local, comm);
    *position += local;
    done += k;
  }
  return rc;
}

int MPIX_Pack_x(const void *inbuf, MPI_Count incount, MPI_Datatype datatype, void *outbuf,
                MPI_Count outsize, MPI_Count *position, MPI_Comm comm) {
  const mpix_ctx ctx = mpix_ctx_comm(comm);
  return pieces(0, &ctx, (void *)inbuf, incount, datatype, outbuf, outsize, position, comm);
}

int MPIX_Unpack_x(const void *inbuf, MPI_Count insize, MPI_Count *position, void *outbuf,
                  MPI_Count outcount, MPI_Datatype datatype, MPI_Comm comm) {
  const mpix_ctx ctx = mpix_ctx_comm(comm);
  return pieces(1, &ctx, outbuf, outcount, datatype, (void *)inbuf, insize, position, comm);
}

/* The external forms already take MPI_Aint sizes and positions: only the
   element count needs pieces. */
static int external_pieces(const char *datarep, const void *inbuf, MPI_Count insize,
                           MPI_Count *position, void *outbuf, MPI_Count count,
                           MPI_Datatype datatype, int unpack) {
  const mpix_ctx ctx = mpix_ctx_none();
  MPI_Aint ext, pos;
  MPI_Count done = 0;
  int rc = mpix_check_buffer(&ctx, unpack ? outbuf : inbuf, 1, count, datatype);
  if (rc != MPI_SUCCESS) return rc;
  if (!position || *position < 0) return mpix_error(&ctx, MPI_ERR_ARG);
  ext = mpix_extent(datatype);
  pos = (MPI_Aint)*position;
  while (rc == MPI_SUCCESS && done < count) {
    MPI_Count n = count - done < mpix_threshold() ? count - done : mpix_threshold();
    rc = unpack ? MPI_Unpack_external(datarep, inbuf, (MPI_Aint)insize, &pos,
                                      mpix_offset(outbuf, done * ext), (int)n, datatype)
                : MPI_Pack_external(datarep, mpix_offset(inbuf, done * ext), (int)n, datatype,
                                    outbuf, (MPI_Aint)insize, &pos);
    done += n;
  }
  *position = pos;
  return rc;
}

int MPIX_Pack_external_x(const char *datarep, const void *inbuf, MPI_Count incount,
                         MPI_Datatype datatype, void *outbuf, MPI_Count outsize,
                         MPI_Count *position) {
  return external_pieces(datarep, inbuf, outsize, position, outbuf, incount, datatype, 0);
}

int MPIX_Unpack_external_x(const char *datarep, const void *inbuf, MPI_Count insize,
                           MPI_Count *position, void *outbuf, MPI_Count outcount,
                           MPI_Datatype datatype) {
  return external_pieces(datarep, inbuf, insize, position, outbuf, outcount, datatype, 1);
}
