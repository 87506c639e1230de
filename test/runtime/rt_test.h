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
