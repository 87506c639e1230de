// Code shapes the analysis must survive: K&R definitions, cycles between
// locals, GNU statement expressions, VLAs, _Generic, bit-fields, __int128,
// computed gotos. Only real hazards are reported.
// RUN: %check_mpix_tidy %s mpix-large-count %t -- -std=gnu11 %mpi_cflags

#include <mpi.h>
#include <stddef.h>

int kr_style(buf, n, comm)
  char *buf;
  long n;
  MPI_Comm comm;
{
  return MPI_Send(buf, n, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: count 'n' of type 'long' is narrowed
}

void cycles(char *buf, int k, MPI_Comm comm) {
  int a = 1, b = 2;
  a = b * 2;
  b = a * 2;
  // Stores that feed each other: the pass over the control flow sees a = 4
  // here (the flow-insensitive ranges alone reported it).
  MPI_Send(buf, a, MPI_BYTE, 0, 0, comm);
  // In a loop they grow without bound: widened, `b * 2` can overflow.
  for (int i = 0; i < k; ++i) {
    a = b * 2;
    b = a * 2;
  }
  MPI_Send(buf, a, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'a' holds a value computed in 'int' that can overflow
  int c = 1;
  for (int i = 0; i < k; ++i)
    c = c + 1;
  MPI_Send(buf, c, MPI_BYTE, 0, 0, comm);
}

struct header {
  unsigned kind : 3;
  unsigned length : 20;
};

void odd_expressions(char *buf, size_t n, struct header h, MPI_Comm comm) {
  MPI_Send(buf, ({ int t = 4; t * 2; }), MPI_BYTE, 0, 0, comm);
  MPI_Send(buf, h.length, MPI_BYTE, 0, 0, comm);
  MPI_Send(buf, _Generic(n, size_t: 8, default: 4), MPI_BYTE, 0, 0, comm);
  char vla[n > 16 ? 16 : n];
  MPI_Send(vla, sizeof vla, MPI_BYTE, 0, 0, comm);
  char big[n];
  MPI_Send(big, sizeof big, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'sizeof big' of type 'unsigned long' is narrowed
  __int128 huge = n;
  MPI_Send(buf, huge, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'huge' of type '__int128' is narrowed
  MPI_Send(buf, (int)(n & 0xffff), MPI_BYTE, 0, 0, comm);
  MPI_Send(buf, n % 1000, MPI_BYTE, 0, 0, comm);
  // A 64-bit value shifted right by 40 is below 2^24; by 20, not below 2^31.
  MPI_Send(buf, n >> 40, MPI_BYTE, 0, 0, comm);
  MPI_Send(buf, n >> 20, MPI_BYTE, 0, 0, comm);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: count 'n >> 20' of type 'size_t' is narrowed
}

// MPI calls outside functions, in initializers, are checked too.
static int (*const sender)(const void *, int, MPI_Datatype, int, int, MPI_Comm) = MPI_Send;
