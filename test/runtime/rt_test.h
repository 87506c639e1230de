/* A tiny harness for the libmpix tests: real MPI, errors returned, every
   check counted; the program fails if any check failed on any process. */
#ifndef RT_TEST_H
#define RT_TEST_H

#include <mpix.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

extern int rt_rank, rt_size, rt_failures, rt_checks;
/* The count at which a call is "large": the emulated threshold (which the
   harness requires to be lowered), or 1000 on the native backend. */
extern MPI_Count rt_T;

void rt_init(int *argc, char ***argv);
int rt_finish(void); /* returns the exit code */
void rt_fail(const char *file, int line, const char *what);

#define CHECK(cond)                                              \
  do {                                                           \
    rt_checks++;                                                 \
    if (!(cond)) rt_fail(__FILE__, __LINE__, #cond);             \
  } while (0)
#define CHECK_RC(call)                                           \
  do {                                                           \
    int rc_ = (call);                                            \
    rt_checks++;                                                 \
    if (rc_ != MPI_SUCCESS) rt_fail(__FILE__, __LINE__, #call);  \
  } while (0)

/* How a collective under test is called. The persistent forms exist on the
   native backend, and on the emulated one where the library has int
   persistent collectives (MPI-4, or Open MPI's pcollreq extension): both
   flavours the suite runs have them, which t_reduce.c checks. */
enum { RT_BLOCKING, RT_NONBLOCKING, RT_PERSISTENT };
#if MPIX_BACKEND_NATIVE || MPIX_HAVE_PERSISTENT_COLL
#define RT_NMODES 3
#define RT_INIT_CALL(q, B, ...) MPIX_##B##_init_x(__VA_ARGS__, MPI_INFO_NULL, q)
#else
#define RT_NMODES 2
#define RT_INIT_CALL(q, B, ...) MPI_ERR_OTHER
#endif
/* RT_COLL(mode, &q, Bcast, Ibcast, args...): MPIX_Bcast_x(args),
   MPIX_Ibcast_x(args, &q) or MPIX_Bcast_init_x(args, MPI_INFO_NULL, &q). */
#define RT_COLL(mode, q, B, I, ...)                                            \
  ((mode) == RT_BLOCKING      ? MPIX_##B##_x(__VA_ARGS__)                      \
   : (mode) == RT_NONBLOCKING ? MPIX_##I##_x(__VA_ARGS__, q)                   \
                              : RT_INIT_CALL(q, B, __VA_ARGS__))
/* Completes what RT_COLL started: nothing, MPI_Wait, or (persistent)
   MPI_Start + MPI_Wait rounds times, then MPI_Request_free. A second round
   reuses the request's datatypes after libmpix's call returned. */
void rt_complete(int mode, MPI_Request *q, int rounds);

/* Edge counts: 0, 1, T, T+1, 3T+7. */
#define RT_NCOUNTS 5
MPI_Count rt_count(int i);

/* Fill / check a pattern that depends on (seed, index). */
void rt_fill_int(int *p, MPI_Count n, int seed);
int rt_check_int(const int *p, MPI_Count n, int seed);
/* An old type with gaps and non-unit extent: ints at 0 and 8 of a 16-byte
   extent (resized vector), for derived-type tests. */
MPI_Datatype rt_gappy_type(void);
/* Check the 2 data ints of element k of a gappy buffer. */
int rt_gappy_ok(const int *buf, MPI_Count n, int seed);
void rt_gappy_fill(int *buf, MPI_Count n, int seed);

#endif
