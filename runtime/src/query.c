/* Size, extent and count queries (emulated backend): MPI-3 already has the
   MPI_Count forms of most (MPI_Type_size_x & co.); the rest are derived from
   byte counts so that they are exact for any count. */
#include "internal.h"

int MPIX_Type_size_x(MPI_Datatype datatype, MPI_Count *size) {
  return MPI_Type_size_x(datatype, size);
}

int MPIX_Type_get_extent_x(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent) {
  return MPI_Type_get_extent_x(datatype, lb, extent);
}

int MPIX_Type_get_true_extent_x(MPI_Datatype datatype, MPI_Count *true_lb,
                                MPI_Count *true_extent) {
  return MPI_Type_get_true_extent_x(datatype, true_lb, true_extent);
}

int MPIX_Get_elements_x(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count) {
  return MPI_Get_elements_x((MPI_Status *)status, datatype, count);
}

/* Received bytes / size of the datatype, MPI_UNDEFINED when not whole. The
   status may come from a receive with a temporary datatype (count 1), so the
   count is recomputed from the bytes rather than asked for with datatype. */
int MPIX_Get_count_x(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count) {
  const mpix_ctx ctx = mpix_ctx_none();
  MPI_Count bytes = 0, size = 0;
  int rc;
  if (datatype == MPI_DATATYPE_NULL) return mpix_error(&ctx, MPI_ERR_TYPE);
  if (!status || !count) return mpix_error(&ctx, MPI_ERR_ARG);
  rc = MPI_Type_size_x(datatype, &size);
  if (rc == MPI_SUCCESS) rc = MPI_Get_elements_x((MPI_Status *)status, MPI_BYTE, &bytes);
  if (rc != MPI_SUCCESS) return rc;
  if (bytes == MPI_UNDEFINED) *count = MPI_UNDEFINED;
  else if (size == 0) *count = 0; /* MPI: a zero-size type received 0 items */
  else *count = bytes % size ? MPI_UNDEFINED : bytes / size;
  return MPI_SUCCESS;
}

/* Pack sizes: the int query while the answer fits an int. */
int MPIX_Pack_size_x(MPI_Count incount, MPI_Datatype datatype, MPI_Comm comm, MPI_Count *size) {
  const mpix_ctx ctx = mpix_ctx_comm(comm);
  MPI_Count type_size = 0;
  int one = 0, rc = mpix_check_buffer(&ctx, NULL, 0, incount, datatype);
  if (rc != MPI_SUCCESS) return rc;
  if (!size) return mpix_error(&ctx, MPI_ERR_ARG);
  rc = MPI_Type_size_x(datatype, &type_size);
  if (rc != MPI_SUCCESS) return rc;
  /* The int query cannot describe more than INT_MAX bytes: then the size of
     the data itself, which is what both MPICH and Open MPI pack. */
  if (type_size > 0 && incount > (MPI_Count)INT_MAX / (2 * type_size)) {
    *size = type_size * incount;
    return MPI_SUCCESS;
  }
  rc = MPI_Pack_size((int)incount, datatype, comm, &one);
  if (rc == MPI_SUCCESS) *size = one;
  return rc;
}

int MPIX_Pack_external_size_x(const char *datarep, MPI_Count incount, MPI_Datatype datatype,
                              MPI_Count *size) {
  const mpix_ctx ctx = mpix_ctx_none();
  MPI_Aint one = 0;
  int rc = mpix_check_buffer(&ctx, NULL, 0, incount, datatype);
  if (rc != MPI_SUCCESS) return rc;
  if (!size) return mpix_error(&ctx, MPI_ERR_ARG);
  /* external32 sizes are linear in the count: the size of one, times n. */
  if (mpix_fits(incount)) {
    rc = MPI_Pack_external_size((char *)datarep, (int)incount, datatype, &one);
    if (rc == MPI_SUCCESS) *size = one;
    return rc;
  }
  rc = MPI_Pack_external_size((char *)datarep, 1, datatype, &one);
  if (rc == MPI_SUCCESS) *size = (MPI_Count)one * incount;
  return rc;
}
