/* Pack and unpack (emulated backend). The int functions limit the buffer
   size and position to INT_MAX, so large counts are packed in pieces whose
   packed size fits an int, each piece written at the running position: MPI
   defines packing as the concatenation of successive pack calls. */
#include "internal.h"

/* Elements per piece: at most the threshold, and few enough that one piece's
   packed size fits an int. */
static MPI_Count piece_elements(MPI_Datatype type, MPI_Count per_element) {
  MPI_Count n = mpix_threshold();
  (void)type;
  if (per_element > 0 && n > INT_MAX / per_element) n = INT_MAX / per_element;
  return n > 0 ? n : 1;
}

static int window(MPI_Count total, MPI_Count pos) {
  MPI_Count left = total - pos;
  return left > INT_MAX ? INT_MAX : (int)left;
}

int MPIX_Pack_x(const void *inbuf, MPI_Count incount, MPI_Datatype datatype, void *outbuf,
                MPI_Count outsize, MPI_Count *position, MPI_Comm comm) {
  const mpix_ctx ctx = mpix_ctx_comm(comm);
  MPI_Aint ext;
  MPI_Count done = 0, per = 0, step;
  int rc = mpix_check_buffer(&ctx, inbuf, 1, incount, datatype);
  if (rc != MPI_SUCCESS) return rc;
  if (!position || *position < 0 || outsize < 0) return mpix_error(&ctx, MPI_ERR_ARG);
  ext = mpix_extent(datatype);
  MPI_Type_size_x(datatype, &per);
  step = piece_elements(datatype, per);
  while (rc == MPI_SUCCESS && done < incount) {
    MPI_Count n = incount - done < step ? incount - done : step;
    int local = 0;
    rc = MPI_Pack(mpix_offset(inbuf, done * ext), (int)n, datatype,
                  mpix_offset(outbuf, *position), window(outsize, *position), &local, comm);
    *position += local;
    done += n;
  }
  return rc;
}

int MPIX_Unpack_x(const void *inbuf, MPI_Count insize, MPI_Count *position, void *outbuf,
                  MPI_Count outcount, MPI_Datatype datatype, MPI_Comm comm) {
  const mpix_ctx ctx = mpix_ctx_comm(comm);
  MPI_Aint ext;
  MPI_Count done = 0, per = 0, step;
  int rc = mpix_check_buffer(&ctx, outbuf, 1, outcount, datatype);
  if (rc != MPI_SUCCESS) return rc;
  if (!position || *position < 0 || insize < 0) return mpix_error(&ctx, MPI_ERR_ARG);
  ext = mpix_extent(datatype);
  MPI_Type_size_x(datatype, &per);
  step = piece_elements(datatype, per);
  while (rc == MPI_SUCCESS && done < outcount) {
    MPI_Count n = outcount - done < step ? outcount - done : step;
    int local = 0;
    rc = MPI_Unpack(mpix_offset(inbuf, *position), window(insize, *position), &local,
                    mpix_offset(outbuf, done * ext), (int)n, datatype, comm);
    *position += local;
    done += n;
  }
  return rc;
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
