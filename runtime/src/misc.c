/* User-defined ops and data representations with MPI_Count callbacks
   (family MISC, emulated backend; its buffer attach/detach are generated):
   the int callbacks MPI-3 calls are trampolines that widen the count and
   call the user's _c function. */
#include "internal.h"

/* ---- MPIX_Op_create_x ----------------------------------------------------- */

/* MPI_User_function has no state argument, so each distinct user function
   needs a trampoline of its own: a fixed set, reused for the same function. */
#define MPIX_OP_SLOTS 32
static MPIX_User_function_c *slot_fn[MPIX_OP_SLOTS];

static void call_slot(int i, void *in, void *inout, int *len, MPI_Datatype *type) {
  MPI_Count n = *len;
  slot_fn[i](in, inout, &n, type);
}

#define TRAMPOLINE(g, k)                                                              \
  static void trampoline_##g##_##k(void *in, void *inout, int *len, MPI_Datatype *type) { \
    call_slot(8 * g + k, in, inout, len, type);                                         \
  }
#define TRAMPOLINES8(g) TRAMPOLINE(g, 0) TRAMPOLINE(g, 1) TRAMPOLINE(g, 2) TRAMPOLINE(g, 3) \
  TRAMPOLINE(g, 4) TRAMPOLINE(g, 5) TRAMPOLINE(g, 6) TRAMPOLINE(g, 7)
TRAMPOLINES8(0)
TRAMPOLINES8(1)
TRAMPOLINES8(2)
TRAMPOLINES8(3)
#define LIST8(g) trampoline_##g##_0, trampoline_##g##_1, trampoline_##g##_2, trampoline_##g##_3, \
  trampoline_##g##_4, trampoline_##g##_5, trampoline_##g##_6, trampoline_##g##_7
static MPI_User_function *const trampolines[MPIX_OP_SLOTS] = {LIST8(0), LIST8(1), LIST8(2),
                                                              LIST8(3)};

static int slot_for(MPIX_User_function_c *fn) {
  int i, found = -1;
  mpix_lock();
  for (i = 0; i < MPIX_OP_SLOTS && found < 0; i++)
    if (slot_fn[i] == fn || slot_fn[i] == NULL) {
      slot_fn[i] = fn;
      found = i;
    }
  mpix_unlock();
  return found;
}

int MPIX_Op_create_x(MPIX_User_function_c *user_fn, int commute, MPI_Op *op) {
  const mpix_ctx ctx = mpix_ctx_none();
  int slot;
  if (!user_fn || !op) return mpix_error(&ctx, MPI_ERR_ARG);
  slot = slot_for(user_fn);
  if (slot < 0) return mpix_error(&ctx, MPI_ERR_INTERN); /* > 32 distinct functions */
  return MPI_Op_create(trampolines[slot], commute, op);
}

/* ---- MPIX_Register_datarep_x ---------------------------------------------- */

/* The conversion callbacks do get a state pointer: it points at one of these,
   which holds the user's functions and state. Data representations cannot be
   unregistered; the records are freed at MPI_Finalize. */
typedef struct datarep_rec {
  MPIX_Datarep_conversion_function_c *read_fn, *write_fn;
  MPI_Datarep_extent_function *extent_fn;
  void *state;
  struct datarep_rec *next;
} datarep_rec;

static datarep_rec *datareps = NULL;

static void free_datareps(void) {
  while (datareps) {
    datarep_rec *next = datareps->next;
    mpix_free(datareps);
    datareps = next;
  }
}

static int read_trampoline(void *userbuf, MPI_Datatype type, int count, void *filebuf,
                           MPI_Offset position, void *state) {
  datarep_rec *r = state;
  return r->read_fn(userbuf, type, count, filebuf, position, r->state);
}

static int write_trampoline(void *userbuf, MPI_Datatype type, int count, void *filebuf,
                            MPI_Offset position, void *state) {
  datarep_rec *r = state;
  return r->write_fn(userbuf, type, count, filebuf, position, r->state);
}

static int extent_trampoline(MPI_Datatype type, MPI_Aint *extent, void *state) {
  datarep_rec *r = state;
  return r->extent_fn(type, extent, r->state);
}

int MPIX_Register_datarep_x(const char *datarep,
                            MPIX_Datarep_conversion_function_c *read_conversion_fn,
                            MPIX_Datarep_conversion_function_c *write_conversion_fn,
                            MPI_Datarep_extent_function *dtype_file_extent_fn,
                            void *extra_state) {
  const mpix_ctx ctx = mpix_ctx_file(MPI_FILE_NULL);
  datarep_rec *r;
  int rc;
  if (!datarep || !dtype_file_extent_fn) return mpix_error(&ctx, MPI_ERR_ARG);
  r = mpix_malloc(sizeof *r);
  if (!r) return mpix_error(&ctx, MPI_ERR_NO_MEM);
  r->read_fn = read_conversion_fn;
  r->write_fn = write_conversion_fn;
  r->extent_fn = dtype_file_extent_fn;
  r->state = extra_state;
  rc = MPI_Register_datarep((char *)datarep,
                            read_conversion_fn ? read_trampoline : MPI_CONVERSION_FN_NULL,
                            write_conversion_fn ? write_trampoline : MPI_CONVERSION_FN_NULL,
                            extent_trampoline, r);
  if (rc != MPI_SUCCESS) {
    mpix_free(r);
    return rc;
  }
  mpix_lock();
  if (!datareps) mpix_at_finalize(free_datareps);
  r->next = datareps;
  datareps = r;
  mpix_unlock();
  return MPI_SUCCESS;
}
