// A count that is also printed to a stream (`log << n`, conduit's logged
// probes, held-out audit): std::ostream's operator<< has an overload for
// every integer type, so widening the count keeps the output whole and the
// fix is made. A function of the program's that expects an int still
// blocks it.
// REQUIRES: mpix-runtime
// RUN: %check_mpix_tidy --check-suffix=%mpi %s mpix-large-count %t -- -std=c++17 %mpi_cflags
// RUN: %mpicxx -std=c++17 -fsyntax-only -Wall -Werror %mpix_cflags %t.cpp
// RUN: %mpix_tidy %t.cpp --checks='-*,mpix-large-count' --quiet -- -std=c++17 %mpi_cflags %mpix_cflags 2>&1 | FileCheck %s --check-prefix=AFTER --implicit-check-not=warning:
// AFTER: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1

#include <mpi.h>
// CHECK-FIXES-OPENMPI: #include <mpix.h>
#include <iostream>
#include <vector>

void receive_logged(int from, MPI_Comm comm, std::ostream &log) {
  MPI_Status st;
  MPI_Probe(from, 7, comm, &st);
  int bytes = 0;
  // CHECK-FIXES: MPI_Count bytes = 0;
  MPI_Get_count(&st, MPI_BYTE, &bytes);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:32: warning: 'int' output 'bytes' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:32: warning: 'int' output 'bytes' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-FIXES-MPICH: MPI_Get_count_c(&st, MPI_BYTE, &bytes);
  // CHECK-FIXES-OPENMPI: MPIX_Get_count_x(&st, MPI_BYTE, &bytes);
  log << "receiving " << bytes << " bytes" << std::endl;
  std::vector<char> buf(bytes);
  MPI_Recv(buf.data(), bytes, MPI_BYTE, from, 7, comm, MPI_STATUS_IGNORE);
  // CHECK-FIXES-MPICH: MPI_Recv_c(buf.data(), bytes, MPI_BYTE, from, 7, comm, MPI_STATUS_IGNORE);
  // CHECK-FIXES-OPENMPI: MPIX_Recv_x(buf.data(), bytes, MPI_BYTE, from, 7, comm, MPI_STATUS_IGNORE);
}

void report(int n);

void receive_reported(int from, MPI_Comm comm) {
  MPI_Status st;
  MPI_Probe(from, 8, comm, &st);
  int n = 0;
  MPI_Get_count(&st, MPI_BYTE, &n);
  // CHECK-MESSAGES-MPICH: :[[@LINE-1]]:32: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-MESSAGES-OPENMPI: :[[@LINE-2]]:32: warning: 'int' output 'n' of MPI_Get_count cannot represent counts over 2^31-1
  // CHECK-FIXES: MPI_Get_count(&st, MPI_BYTE, &n);
  report(n);
}
