/* Native backend: the table's rows are generated forwards (mpix_gen.c); these
   are the two queries whose _c arity differs, written out by hand. */
#include "internal.h"

int MPIX_Type_get_envelope_x(MPI_Datatype datatype, MPI_Count *num_integers,
                             MPI_Count *num_addresses, MPI_Count *num_large_counts,
                             MPI_Count *num_datatypes, int *combiner) {
  return MPI_Type_get_envelope_c(datatype, num_integers, num_addresses, num_large_counts,
                                 num_datatypes, combiner);
}

int MPIX_Type_get_contents_x(MPI_Datatype datatype, MPI_Count max_integers,
                             MPI_Count max_addresses, MPI_Count max_large_counts,
                             MPI_Count max_datatypes, int array_of_integers[],
                             MPI_Aint array_of_addresses[], MPI_Count array_of_large_counts[],
                             MPI_Datatype array_of_datatypes[]) {
  return MPI_Type_get_contents_c(datatype, max_integers, max_addresses, max_large_counts,
                                 max_datatypes, array_of_integers, array_of_addresses,
                                 array_of_large_counts, array_of_datatypes);
}
