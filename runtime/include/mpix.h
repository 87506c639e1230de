/* libmpix: MPI-4 large-count (MPI_Count) calls on any MPI library.
 *
 * For every MPI-4.0 function MPI_<Name>_c, MPIX_<Name>_x takes the identical
 * parameter list and has the same meaning. On an MPI-4 library with the _c
 * functions (native backend) the calls forward to them; on an MPI-3 library
 * (emulated backend) they are built from the int functions and derived
 * datatypes. Functions that MPI-3 cannot express are absent there:
 * MPIX_HAVE_<NAME>_X is 0 for them (see mpix_gen.h, generated from the table);
 * the persistent collectives exist where MPIX_HAVE_PERSISTENT_COLL is 1.
 */
#ifndef MPIX_H
#define MPIX_H

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The _c callback types, spelled so that MPI-3 headers can use them too. */
#if MPI_VERSION >= 4
typedef MPI_User_function_c MPIX_User_function_c;
typedef MPI_Datarep_conversion_function_c MPIX_Datarep_conversion_function_c;
#define MPIX_CONVERSION_FN_NULL_C MPI_CONVERSION_FN_NULL_C
#else
typedef void MPIX_User_function_c(void *invec, void *inoutvec, MPI_Count *len,
                                  MPI_Datatype *datatype);
typedef int MPIX_Datarep_conversion_function_c(void *userbuf, MPI_Datatype datatype,
                                               MPI_Count count, void *filebuf,
                                               MPI_Offset position, void *extra_state);
#define MPIX_CONVERSION_FN_NULL_C ((MPIX_Datarep_conversion_function_c *)0)
#endif

/* Whether the library has persistent collectives with int counts, on which
   the emulated backend builds the MPI-4 MPIX_<Name>_init_x: MPI-4's own
   MPI_<Name>_init, or Open MPI 4's "pcollreq" extension (MPIX_<Name>_init,
   declared by mpi-ext.h). The generated MPIX_HAVE_<NAME>_INIT_X follow it. */
#if MPI_VERSION >= 4
#define MPIX_HAVE_PERSISTENT_COLL 1
#else
#if defined(OPEN_MPI) && OPEN_MPI
#include <mpi-ext.h>
#endif
#if defined(OMPI_HAVE_MPI_EXT_PCOLLREQ) && OMPI_HAVE_MPI_EXT_PCOLLREQ
#define MPIX_HAVE_PERSISTENT_COLL 1
#else
#define MPIX_HAVE_PERSISTENT_COLL 0
#endif
#endif

#include "mpix_gen.h"

/* The two queries whose _c form has a different arity from the classic one. */
int MPIX_Type_get_envelope_x(MPI_Datatype datatype, MPI_Count *num_integers,
                             MPI_Count *num_addresses, MPI_Count *num_large_counts,
                             MPI_Count *num_datatypes, int *combiner);
int MPIX_Type_get_contents_x(MPI_Datatype datatype, MPI_Count max_integers,
                             MPI_Count max_addresses, MPI_Count max_large_counts,
                             MPI_Count max_datatypes, int array_of_integers[],
                             MPI_Aint array_of_addresses[],
                             MPI_Count array_of_large_counts[],
                             MPI_Datatype array_of_datatypes[]);

/* The count above which the emulated backend leaves the int functions:
   INT_MAX, or the value of the environment variable MPIX_MAX_INT (read once,
   for tests). The native backend reports INT_MAX. */
MPI_Count MPIX_Threshold(void);

/* How many temporary objects (datatypes, buffers, operation records) libmpix
   holds right now. 0 once every operation it started has completed: the tests
   use it to show that nothing is leaked. */
long MPIX_Live_temporaries(void);

/* Whether the graph communicator comm (from MPI_Graph_create) may be used
   with neighborhood collectives: 1 when any two processes list each other
   equally often (MPI-3.1 §7.6, MPI-4.1 §8.6), else 0, on every process.
   Collective over comm. MPI_ERR_TOPOLOGY, through comm's error handler, when
   comm has no graph topology. */
int MPIX_Graph_check_symmetric(MPI_Comm comm, int *is_symmetric);

#ifdef __cplusplus
}
#endif

#endif /* MPIX_H */
