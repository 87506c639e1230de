// A fix does not edit a macro argument the macro pastes with `##`: the new
// spelling would make another name. The definition that pastes may be the
// one this build uses or one in an #if branch it skipped (HDF5's
// H5_CHECKED_ASSIGN pastes its types only without NDEBUG). An argument the
// macro uses as it is or only stringizes (LOG_CALL) is edited, and the file still compiles in
// both builds.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy --check-suffix=%mpi %s mpix-large-count %t -- %mpi_cflags -DNDEBUG
// RUN: %mpix_tidy %s --checks='-*,mpix-large-count' -- %mpi_cflags 2>&1 | FileCheck %s --check-prefix=DEBUG
// DEBUG: fix-blocked-pasted-arguments.c:31:21: note: no automatic fix: 'CHECKED_ASSIGN' pastes its argument 'dsttype' into another name (fix-blocked-pasted-arguments.c:20)
// RUN: grep -q 'CHECKED_ASSIGN(n, int, len, size_t);' %t.c
// RUN: %mpicc -fsyntax-only -Wall -Werror %mpix_cflags -DNDEBUG %t.c
// RUN: %mpicc -fsyntax-only -Wall -Werror %mpix_cflags %t.c

#include <mpi.h>
#include <stddef.h>

#ifndef NDEBUG
#define ASSIGN_size_t_TO_int(dst, dsttype, src, srctype) ((dst) = (dsttype)(src))
#define CHECKED_ASSIGN(dst, dsttype, src, srctype) \
  ASSIGN_##srctype##_TO_##dsttype(dst, dsttype, src, srctype)
#else
#define CHECKED_ASSIGN(dst, dsttype, src, srctype) ((dst) = (dsttype)(src))
#endif

int log_call(int rc, const char *what);
#define LOG_CALL(call) log_call((call), #call)

int send_len(char *buf, size_t len, MPI_Comm comm) {
  int n;
  CHECKED_ASSIGN(n, int, len, size_t);
  return MPI_Send(buf, n, MPI_BYTE, 0, 0, comm);
  // CHECK-NOTES-MPICH: :[[@LINE-1]]:24: warning: count 'n' holds a value narrowed from 'size_t'
  // CHECK-NOTES-MPICH: :[[@LINE-3]]:3: note: '(len)' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES-MPICH: :[[@LINE-6]]:32: note: 'len' is a parameter: its callers may pass any value
  // CHECK-NOTES-MPICH: :[[@LINE-5]]:21: note: no automatic fix: 'CHECKED_ASSIGN' pastes its argument 'dsttype' into another name (fix-blocked-pasted-arguments.c.tmp.c:20): edited, it would name something else
  // CHECK-NOTES-OPENMPI: :[[@LINE-5]]:24: warning: count 'n' holds a value narrowed from 'size_t'
  // CHECK-NOTES-OPENMPI: :[[@LINE-7]]:3: note: '(len)' of type 'size_t' is narrowed to 'int' here
  // CHECK-NOTES-OPENMPI: :[[@LINE-10]]:32: note: 'len' is a parameter: its callers may pass any value
  // CHECK-NOTES-OPENMPI: :[[@LINE-9]]:21: note: no automatic fix: 'CHECKED_ASSIGN' pastes its argument 'dsttype' into another name (fix-blocked-pasted-arguments.c.tmp.c:20): edited, it would name something else
}

int send_logged(char *buf, size_t len, MPI_Comm comm) {
  return LOG_CALL(MPI_Send(buf, len, MPI_BYTE, 0, 0, comm));
  // CHECK-NOTES-MPICH: :[[@LINE-1]]:33: warning: count 'len' of type 'size_t' is narrowed to 'int'
  // CHECK-NOTES-MPICH: :[[@LINE-3]]:35: note: 'len' is a parameter: its callers may pass any value
  // CHECK-NOTES-OPENMPI: :[[@LINE-3]]:33: warning: count 'len' of type 'size_t' is narrowed to 'int'
  // CHECK-NOTES-OPENMPI: :[[@LINE-5]]:35: note: 'len' is a parameter: its callers may pass any value
  // CHECK-FIXES-MPICH: return LOG_CALL(MPI_Send_c(buf, len, MPI_BYTE, 0, 0, comm));
  // CHECK-FIXES-OPENMPI: return LOG_CALL(MPIX_Send_x(buf, len, MPI_BYTE, 0, 0, comm));
}
