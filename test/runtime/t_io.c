/* MPI-IO: explicit offsets, individual and shared file pointers, ordered,
   collective, split collective and nonblocking reads and writes, at the edge
   counts with MPI_INT; each rank's block is checked after reading it back
   (and through another access family than the one that wrote it). Files live
   in $MPIX_TEST_TMP (the build tree). */
#include "rt_test.h"

#include <stdlib.h>
#include <unistd.h>

static char path[4096];

static MPI_File open_file(void) {
  MPI_File fh;
  CHECK_RC(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh));
  MPI_File_set_errhandler(fh, MPI_ERRORS_RETURN);
  return fh;
}

static void check_status(const MPI_Status *st, MPI_Count n) {
  MPI_Count c = -1;
  CHECK_RC(MPIX_Get_count_x(st, MPI_INT, &c));
  CHECK(c == n);
}

static void wait_st(MPI_Request *q, MPI_Status *st) { CHECK_RC(MPI_Wait(q, st)); }

/* form: 0 plain, 1 collective, 2 nonblocking, 3 nonblocking collective, 4 split */
static void write_at(MPI_File fh, int form, MPI_Offset off, const int *b, MPI_Count n) {
  MPI_Status st;
  MPI_Request q;
  switch (form) {
  case 0: CHECK_RC(MPIX_File_write_at_x(fh, off, b, n, MPI_INT, &st)); break;
  case 1: CHECK_RC(MPIX_File_write_at_all_x(fh, off, b, n, MPI_INT, &st)); break;
  case 2: CHECK_RC(MPIX_File_iwrite_at_x(fh, off, b, n, MPI_INT, &q)); wait_st(&q, &st); break;
  case 3: CHECK_RC(MPIX_File_iwrite_at_all_x(fh, off, b, n, MPI_INT, &q)); wait_st(&q, &st); break;
  default:
    CHECK_RC(MPIX_File_write_at_all_begin_x(fh, off, b, n, MPI_INT));
    CHECK_RC(MPI_File_write_at_all_end(fh, b, &st));
  }
  check_status(&st, n);
}

static void read_at(MPI_File fh, int form, MPI_Offset off, int *b, MPI_Count n) {
  MPI_Status st;
  MPI_Request q;
  switch (form) {
  case 0: CHECK_RC(MPIX_File_read_at_x(fh, off, b, n, MPI_INT, &st)); break;
  case 1: CHECK_RC(MPIX_File_read_at_all_x(fh, off, b, n, MPI_INT, &st)); break;
  case 2: CHECK_RC(MPIX_File_iread_at_x(fh, off, b, n, MPI_INT, &q)); wait_st(&q, &st); break;
  case 3: CHECK_RC(MPIX_File_iread_at_all_x(fh, off, b, n, MPI_INT, &q)); wait_st(&q, &st); break;
  default:
    CHECK_RC(MPIX_File_read_at_all_begin_x(fh, off, b, n, MPI_INT));
    CHECK_RC(MPI_File_read_at_all_end(fh, b, &st));
  }
  check_status(&st, n);
}

/* Individual file pointer, positioned at off first. */
static void write_ind(MPI_File fh, int form, MPI_Offset off, const int *b, MPI_Count n) {
  MPI_Status st;
  MPI_Request q;
  CHECK_RC(MPI_File_seek(fh, off, MPI_SEEK_SET));
  switch (form) {
  case 0: CHECK_RC(MPIX_File_write_x(fh, b, n, MPI_INT, &st)); break;
  case 1: CHECK_RC(MPIX_File_write_all_x(fh, b, n, MPI_INT, &st)); break;
  case 2: CHECK_RC(MPIX_File_iwrite_x(fh, b, n, MPI_INT, &q)); wait_st(&q, &st); break;
  case 3: CHECK_RC(MPIX_File_iwrite_all_x(fh, b, n, MPI_INT, &q)); wait_st(&q, &st); break;
  default:
    CHECK_RC(MPIX_File_write_all_begin_x(fh, b, n, MPI_INT));
    CHECK_RC(MPI_File_write_all_end(fh, b, &st));
  }
  check_status(&st, n);
}

static void read_ind(MPI_File fh, int form, MPI_Offset off, int *b, MPI_Count n) {
  MPI_Status st;
  MPI_Request q;
  CHECK_RC(MPI_File_seek(fh, off, MPI_SEEK_SET));
  switch (form) {
  case 0: CHECK_RC(MPIX_File_read_x(fh, b, n, MPI_INT, &st)); break;
  case 1: CHECK_RC(MPIX_File_read_all_x(fh, b, n, MPI_INT, &st)); break;
  case 2: CHECK_RC(MPIX_File_iread_x(fh, b, n, MPI_INT, &q)); wait_st(&q, &st); break;
  case 3: CHECK_RC(MPIX_File_iread_all_x(fh, b, n, MPI_INT, &q)); wait_st(&q, &st); break;
  default:
    CHECK_RC(MPIX_File_read_all_begin_x(fh, b, n, MPI_INT));
    CHECK_RC(MPI_File_read_all_end(fh, b, &st));
  }
  check_status(&st, n);
}

static void test_offsets_and_individual(MPI_File fh, MPI_Count n) {
  int *out = malloc((size_t)(n + 1) * sizeof(int)), *in = malloc((size_t)(n + 1) * sizeof(int));
  MPI_Offset off = (MPI_Offset)rt_rank * n * (MPI_Offset)sizeof(int);
  int form;
  for (form = 0; form < 5; form++) {
    rt_fill_int(out, n, 100 * form + rt_rank);
    write_at(fh, form, off, out, n);
    CHECK_RC(MPI_File_sync(fh));
    MPI_Barrier(MPI_COMM_WORLD);
    CHECK_RC(MPI_File_sync(fh));
    memset(in, 0, (size_t)n * sizeof(int));
    read_ind(fh, (form + 1) % 5, off, in, n); /* read back another way */
    CHECK(rt_check_int(in, n, 100 * form + rt_rank));

    rt_fill_int(out, n, 100 * form + 50 + rt_rank);
    write_ind(fh, form, off, out, n);
    CHECK_RC(MPI_File_sync(fh));
    MPI_Barrier(MPI_COMM_WORLD);
    CHECK_RC(MPI_File_sync(fh));
    memset(in, 0, (size_t)n * sizeof(int));
    read_at(fh, (form + 2) % 5, off, in, n);
    CHECK(rt_check_int(in, n, 100 * form + 50 + rt_rank));
  }
  free(out);
  free(in);
}

/* Shared pointer: ordered forms (rank order), and shared forms taken in turns. */
static void test_shared(MPI_File fh, MPI_Count n) {
  int *out = malloc((size_t)(n + 1) * sizeof(int)), *in = malloc((size_t)(n + 1) * sizeof(int));
  MPI_Offset off = (MPI_Offset)rt_rank * n * (MPI_Offset)sizeof(int);
  MPI_Status st;
  MPI_Request q;
  int form, turn;
  for (form = 0; form < 3; form++) {
    rt_fill_int(out, n, 700 + 10 * form + rt_rank);
    CHECK_RC(MPI_File_seek_shared(fh, 0, MPI_SEEK_SET));
    if (form == 0) {
      CHECK_RC(MPIX_File_write_ordered_x(fh, out, n, MPI_INT, &st));
    } else if (form == 1) {
      CHECK_RC(MPIX_File_write_ordered_begin_x(fh, out, n, MPI_INT));
      CHECK_RC(MPI_File_write_ordered_end(fh, out, &st));
    } else {
      for (turn = 0; turn < rt_size; turn++) {
        if (turn == rt_rank) {
          if (rt_rank % 2) CHECK_RC(MPIX_File_write_shared_x(fh, out, n, MPI_INT, &st));
          else {
            CHECK_RC(MPIX_File_iwrite_shared_x(fh, out, n, MPI_INT, &q));
            wait_st(&q, &st);
          }
        }
        MPI_Barrier(MPI_COMM_WORLD);
      }
    }
    check_status(&st, n);
    CHECK_RC(MPI_File_sync(fh));
    MPI_Barrier(MPI_COMM_WORLD);
    CHECK_RC(MPI_File_sync(fh));
    memset(in, 0, (size_t)n * sizeof(int));
    read_at(fh, 0, off, in, n);
    CHECK(rt_check_int(in, n, 700 + 10 * form + rt_rank));

    memset(in, 0, (size_t)n * sizeof(int));
    CHECK_RC(MPI_File_seek_shared(fh, 0, MPI_SEEK_SET));
    if (form == 0) {
      CHECK_RC(MPIX_File_read_ordered_x(fh, in, n, MPI_INT, &st));
    } else if (form == 1) {
      CHECK_RC(MPIX_File_read_ordered_begin_x(fh, in, n, MPI_INT));
      CHECK_RC(MPI_File_read_ordered_end(fh, in, &st));
    } else {
      for (turn = 0; turn < rt_size; turn++) {
        if (turn == rt_rank) {
          if (rt_rank % 2) CHECK_RC(MPIX_File_read_shared_x(fh, in, n, MPI_INT, &st));
          else {
            CHECK_RC(MPIX_File_iread_shared_x(fh, in, n, MPI_INT, &q));
            wait_st(&q, &st);
          }
        }
        MPI_Barrier(MPI_COMM_WORLD);
      }
    }
    check_status(&st, n);
    CHECK(rt_check_int(in, n, 700 + 10 * form + rt_rank));
    MPI_Barrier(MPI_COMM_WORLD);
  }
  free(out);
  free(in);
}

/* Data representations: neither MPICH 4.0.2 (ROMIO) nor Open MPI 4.1 supports
   conversion functions (both answer MPI_ERR_CONVERSION); without them MPICH
   registers. MPIX_Register_datarep_x must answer as MPI_Register_datarep. */
static int convert(void *userbuf, MPI_Datatype t, MPI_Count count, void *filebuf,
                   MPI_Offset position, void *state) {
  (void)userbuf, (void)t, (void)count, (void)filebuf, (void)position, (void)state;
  return MPI_SUCCESS;
}
static int extent4(MPI_Datatype t, MPI_Aint *extent, void *state) {
  (void)t, (void)state;
  *extent = 4;
  return MPI_SUCCESS;
}
static void test_datarep(void) {
  int x_cls, c_cls, rc;
  rc = MPIX_Register_datarep_x("mpix_conv", convert, convert, extent4, NULL);
  MPI_Error_class(rc, &x_cls);
  rc = MPI_Register_datarep("mpix_conv_classic", MPI_CONVERSION_FN_NULL, MPI_CONVERSION_FN_NULL,
                            extent4, NULL);
  MPI_Error_class(rc, &c_cls);
  CHECK(x_cls == MPI_ERR_CONVERSION || x_cls == MPI_SUCCESS);
  rc = MPIX_Register_datarep_x("mpix_null", MPIX_CONVERSION_FN_NULL_C, MPIX_CONVERSION_FN_NULL_C,
                               extent4, NULL);
  MPI_Error_class(rc, &x_cls);
  CHECK(x_cls == c_cls); /* same answer as the classic call without conversions */
}

int main(int argc, char **argv) {
  const char *dir = getenv("MPIX_TEST_TMP");
  MPI_File fh;
  MPI_Count ext = 0;
  int i;
  int id;
  rt_init(&argc, &argv);
  id = (int)getpid();
  MPI_Bcast(&id, 1, MPI_INT, 0, MPI_COMM_WORLD); /* one file name for all */
  snprintf(path, sizeof path, "%s/io-%s-%d.dat", dir ? dir : "/tmp", MPIX_BACKEND_NAME, id);
  fh = open_file();
  CHECK_RC(MPIX_File_get_type_extent_x(fh, MPI_INT, &ext));
  CHECK(ext == (MPI_Count)sizeof(int));
  for (i = 0; i < RT_NCOUNTS; i++) {
    test_offsets_and_individual(fh, rt_count(i));
    test_shared(fh, rt_count(i));
  }
  CHECK_RC(MPI_File_close(&fh));
  MPI_Barrier(MPI_COMM_WORLD);
  if (rt_rank == 0) MPI_File_delete(path, MPI_INFO_NULL);
  test_datarep();
  return rt_finish();
}
