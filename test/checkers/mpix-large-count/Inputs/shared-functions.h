// A function shared between units through a header: any unit that includes
// this may call it with anything.
#include <mpi.h>
void put_blocks_extern(int *buf, int n, int p, MPI_Win win);
