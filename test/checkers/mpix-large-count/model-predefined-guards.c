// The model of a run: a predefined datatype is a few bytes (64 at most).
// MPI_Type_get_envelope's combiner is MPI_COMBINER_NAMED for a predefined
// datatype only, so in the branch that comparison guards, the datatype's
// size and extent are bounded: directly, through a local holding the
// comparison, a conjunction, or a helper whose every nonzero return is such
// a test of its parameter. A branch that tests another datatype, or that
// changes the datatype before asking, bounds nothing.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>

struct layout {
  MPI_Datatype base;
  int n;
};

static int is_basic(MPI_Datatype type) {
  int ints, addrs, types, combiner;
  MPI_Type_get_envelope(type, &ints, &addrs, &types, &combiner);
  int basic = (combiner == MPI_COMBINER_NAMED);
  return basic;
}

// Returns 1 for a datatype it does not test.
static int maybe_basic(MPI_Datatype type, MPI_Datatype other) {
  if (type == MPI_DATATYPE_NULL)
    return 1;
  return is_basic(other);
}

int through_helper(struct layout l, void *buf, MPI_Aint bytes, MPI_Comm comm) {
  MPI_Aint lb, extent;
  MPI_Win w;
  if (is_basic(l.base)) {
    MPI_Type_get_extent(l.base, &lb, &extent);
  } else {
    return 1;
  }
  return MPI_Win_create(buf, bytes, extent, MPI_INFO_NULL, comm, &w);
}

int inline_test(MPI_Datatype t, void *buf, MPI_Aint bytes, MPI_Comm comm) {
  MPI_Aint lb, extent = 1;
  MPI_Win w;
  int ints, addrs, types, combiner;
  MPI_Type_get_envelope(t, &ints, &addrs, &types, &combiner);
  if (t != MPI_DATATYPE_NULL && MPI_COMBINER_NAMED == combiner)
    MPI_Type_get_extent(t, &lb, &extent);
  return MPI_Win_create(buf, bytes, extent, MPI_INFO_NULL, comm, &w);
}

int size_guarded(MPI_Datatype t, int *buf, int n, MPI_Comm comm) {
  int size = 1;
  if (n < 0 || n > 1000)
    return 1;
  if (is_basic(t))
    MPI_Type_size(t, &size);
  return MPI_Send(buf, size * n, MPI_BYTE, 0, 0, comm);
}

// The test is of another datatype.
int other_type(MPI_Datatype t, void *buf, MPI_Aint bytes, MPI_Comm comm) {
  MPI_Aint lb, extent = 1;
  MPI_Win w;
  if (is_basic(MPI_INT))
    MPI_Type_get_extent(t, &lb, &extent);
  return MPI_Win_create(buf, bytes, extent, MPI_INFO_NULL, comm, &w);
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: displacement unit 'extent' of type 'MPI_Aint' is narrowed to 'int'
}

// The helper's true result may not be a test of its argument.
int untested(MPI_Datatype t, void *buf, MPI_Aint bytes, MPI_Comm comm) {
  MPI_Aint lb, extent = 1;
  MPI_Win w;
  if (maybe_basic(t, t))
    MPI_Type_get_extent(t, &lb, &extent);
  return MPI_Win_create(buf, bytes, extent, MPI_INFO_NULL, comm, &w);
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: displacement unit 'extent' of type 'MPI_Aint' is narrowed to 'int'
}

// The datatype changes between the test and the question.
int changed(struct layout l, MPI_Datatype built, void *buf, MPI_Aint bytes,
            MPI_Comm comm) {
  MPI_Aint lb, extent = 1;
  MPI_Win w;
  if (is_basic(l.base)) {
    l.base = built;
    MPI_Type_get_extent(l.base, &lb, &extent);
  }
  return MPI_Win_create(buf, bytes, extent, MPI_INFO_NULL, comm, &w);
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: displacement unit 'extent' of type 'MPI_Aint' is narrowed to 'int'
}

// The else branch: the datatype is not predefined there.
int else_branch(MPI_Datatype t, void *buf, MPI_Aint bytes, MPI_Comm comm) {
  MPI_Aint lb, extent = 1;
  MPI_Win w;
  if (is_basic(t))
    extent = 8;
  else
    MPI_Type_get_extent(t, &lb, &extent);
  return MPI_Win_create(buf, bytes, extent, MPI_INFO_NULL, comm, &w);
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: displacement unit 'extent' of type 'MPI_Aint' is narrowed to 'int'
}
