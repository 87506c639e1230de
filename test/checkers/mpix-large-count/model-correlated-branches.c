// One flag chooses the value and guards the use: `if (!big) n = 1; else n =
// huge; ... if (!big) send(n)` sends 1. Each store of the count is followed
// to the use on its own, with what the branches taken since say of the
// flag (MPICH's io/rdwrord.c). A flag set to 0 or 1 that is not 0 is 1,
// whether the test reads `!big`, `big == 0` or `big`. The use on the other
// branch, and one after the flag changed, are still reported.
// RUN: %check_mpix_tidy --no-fix %s mpix-large-count %t -- %mpi_cflags

#include <limits.h>
#include <mpi.h>
#include <string.h>

int send_by_flag(int argc, char **argv, char *buf) {
  int big = 0;
  MPI_Count count, total;
  int size;
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "-big") == 0)
      big = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (!big) {
    count = 1;
    total = count * size;
  } else {
    count = (MPI_Count)INT_MAX + 100;
    total = count * size;
  }
  if (!big)
    MPI_Send(buf, (int)total, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
  if (big == 0)
    MPI_Send(buf, (int)count, MPI_CHAR, 0, 1, MPI_COMM_WORLD);
  if (big)
    MPI_Send(buf, (int)count, MPI_CHAR, 0, 2, MPI_COMM_WORLD);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: count 'count' of type 'MPI_Count' is narrowed to 'int'
  return 0;
}

// Still reported: the flag is set again between the store and the use.
int send_after_flag_changes(int argc, char *buf) {
  int big = argc > 2;
  long long count;
  if (!big)
    count = 1;
  else
    count = (long long)INT_MAX + 100;
  big = 0;
  if (!big)
    MPI_Send(buf, (int)count, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: count 'count' of type 'long long' is narrowed to 'int'
  return 0;
}

// Still reported: a flag that can be any int is not 1 when it is not 0.
int send_by_any_flag(int mode, char *buf) {
  long long count;
  if (mode == 0)
    count = 1;
  else if (mode == 5)
    count = (long long)INT_MAX + 100;
  else
    count = 2;
  if (mode != 1)
    MPI_Send(buf, (int)count, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: count 'count' of type 'long long' is narrowed to 'int'
  return 0;
}
