#include <mpi.h>
#include <stdio.h>

/* Prints how much a receive brought. */
void report(MPI_Status *st) {
  int count, elements;
  MPI_Get_count(st, MPI_INT, &count);
  MPI_Get_elements(st, MPI_INT, &elements);
  printf("%d %d\n", count, elements);
}
