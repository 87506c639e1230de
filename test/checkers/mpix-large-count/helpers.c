// Values that reach MPI through a helper of the same file: what the helper
// returns is evaluated for the arguments of each call. The fix makes the
// helper return MPI_Count (widening the call would hide its overflow).
// RUN: %check_mpix_tidy %s mpix-large-count %t -- %mpi_cflags

#include <mpi.h>
#include <stddef.h>

static int cells(int nx, int ny, int nz) { return nx * ny * nz; }
// CHECK-FIXES: static MPI_Count cells(int nx, int ny, int nz) { return (MPI_Count)nx * ny * nz; }

// Unbounded edges: the helper's product can overflow before MPI sees it.
void send_field(const char *buf, int nx, int ny, int nz, MPI_Comm comm) {
  MPI_Send(buf, cells(nx, ny, nz), MPI_BYTE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'cells(nx, ny, nz)' is computed in 'int' by a helper and can overflow before MPI sees it
  // CHECK-NOTES: :[[@LINE-7]]:51: note: 'nx * ny * nz' can overflow 'int' here
  // CHECK-FIXES: {{MPI_Send_c|MPIX_Send_x}}(buf, cells(nx, ny, nz), MPI_BYTE, 0, 0, comm);
}

// Small edges: the same helper cannot overflow here.
void send_tile(const char *buf, MPI_Comm comm) {
  MPI_Send(buf, cells(16, 16, 16), MPI_BYTE, 0, 0, comm);
}

// Through a local: the local's store is judged with the helper's result.
void send_block(const char *buf, int nx, int ny, MPI_Comm comm) {
  int n = cells(nx, ny, 1);
  MPI_Send(buf, n, MPI_BYTE, 0, 0, comm);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: count 'n' holds a value computed in 'int' that can overflow
  // With nz = 1 it is the first product that can overflow.
  // CHECK-NOTES: :[[@LINE-22]]:51: note: 'nx * ny' can overflow 'int' here
  // CHECK-FIXES: MPI_Count n = cells(nx, ny, 1);
  // CHECK-FIXES-NEXT: {{MPI_Send_c|MPIX_Send_x}}(buf, n, MPI_BYTE, 0, 0, comm);
}

// A helper that clamps: what it returns fits.
static int clamped(size_t n) { return n > 1000 ? 1000 : (int)n; }

void send_clamped(const char *buf, size_t n, MPI_Comm comm) {
  MPI_Send(buf, clamped(n), MPI_BYTE, 0, 0, comm);
}

// A recursive helper is not followed into itself.
static int depth(int k) { return k <= 0 ? 1 : 2 * depth(k - 1); }

void send_depth(const char *buf, MPI_Comm comm) {
  MPI_Send(buf, depth(3), MPI_BYTE, 0, 0, comm);
}
