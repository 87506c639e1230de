"""Writes a C unit whose main calls N distinct helpers, each returning one
of two values, then hands MPI one narrowed size_t.

Listing main's calls asks, for each helper, whether its parameters reach
MPI, which summarises the helper and judges its returns while main's own
facts are still being collected: the many-callees.test regression."""
import sys

n = int(sys.argv[1])
print("#include <mpi.h>")
print("#include <stddef.h>")
print("static double *buffer;")
for k in range(n):
    print(f"static int step_{k}(int flag) {{")
    print(f"  if (flag) return MPI_Barrier(MPI_COMM_WORLD);")
    print(f"  return {k};")
    print("}")
print("int main(int argc, char **argv) {")
print("  MPI_Init(&argc, &argv);")
print("  int sum = 0;")
for k in range(n):
    print(f"  sum += step_{k}(argc > {k});")
print("  size_t total = (size_t)argc * 1000;")
print("  MPI_Send(buffer, total, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);")
print("  MPI_Finalize();")
print("  return sum != 0;")
print("}")
