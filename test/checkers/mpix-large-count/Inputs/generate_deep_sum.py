#!/usr/bin/env python3
"""Writes a C file whose MPI_Send count is a sum of N terms plus a size_t:
an expression tree N deep (clang builds `a + a + ...` left-deep)."""
import sys

terms = int(sys.argv[1])
print("#include <mpi.h>")
print("#include <stddef.h>")
print("void send_sum(MPI_Comm comm, double *buf, size_t len) {")
print("  int a = 1;")
print("  MPI_Send(buf, " + " + ".join(["a"] * terms) + " + len, MPI_DOUBLE, 0, 0, comm);")
print("}")
