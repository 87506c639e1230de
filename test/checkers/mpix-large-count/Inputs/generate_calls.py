#!/usr/bin/env python3
"""Writes a C file with many MPI calls, for scale tests and benchmarks.

    generate_calls.py FUNCTIONS CALLS_PER_FUNCTION LONG_FUNCTION_CALLS

Each group of five calls has three narrowed size_t counts, one int product
and one safe constant count; so does the one long function.
"""
import sys

GROUP = [
    "  MPI_Send(buf, n, MPI_BYTE, 1, {i}, comm);",
    "  MPI_Recv(buf, n, MPI_BYTE, 1, {i}, comm, MPI_STATUS_IGNORE);",
    "  MPI_Bcast(buf, nx * ny, MPI_BYTE, 0, comm);",
    "  MPI_Allreduce(MPI_IN_PLACE, buf, n, MPI_BYTE, MPI_SUM, comm);",
    "  MPI_Bcast(buf, 64, MPI_BYTE, 0, comm);",
]


def function(name, calls):
    lines = ["void %s(char *buf, size_t n, int nx, int ny, MPI_Comm comm) {" % name]
    for i in range(calls):
        lines.append(GROUP[i % len(GROUP)].format(i=i))
    lines.append("}")
    return "\n".join(lines)


def main():
    functions, per_function, long_calls = map(int, sys.argv[1:4])
    print("#include <mpi.h>\n#include <stddef.h>\n")
    for f in range(functions):
        print(function("f%d" % f, per_function))
    print(function("long_function", long_calls))


if __name__ == "__main__":
    main()
