# ctest driver: install the build tree into a fresh prefix, then build and run
# the consumer project with find_package(MPIX) and main.c with pkg-config.
# -DBUILD=<build dir> -DSRC=<test/runtime> -DWORK=<scratch dir> -DCC=<compiler>
#   -DMPIC=<the MPI C compiler libmpix was built with>
file(REMOVE_RECURSE ${WORK})
set(prefix ${WORK}/prefix)
function(run)
  execute_process(COMMAND ${ARGV} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGV}\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()
run(${CMAKE_COMMAND} --install ${BUILD} --prefix ${prefix} --component Unspecified)
foreach(f include/mpix.h include/mpix_gen.h lib/libmpix.so lib/libmpix.a
          lib/cmake/MPIX/MPIXConfig.cmake lib/pkgconfig/mpix.pc)
  if(NOT EXISTS ${prefix}/${f})
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()
run(${CMAKE_COMMAND} -S ${SRC}/consumer -B ${WORK}/consumer -DCMAKE_PREFIX_PATH=${prefix}
    -DMPI_C_COMPILER=${MPIC})
run(${CMAKE_COMMAND} --build ${WORK}/consumer)
set(ENV{LD_LIBRARY_PATH} ${prefix}/lib)
run(${WORK}/consumer/consumer)
message(STATUS "${last_output}")
run(${WORK}/consumer/consumer_static)
set(ENV{PKG_CONFIG_PATH} ${prefix}/lib/pkgconfig)
execute_process(COMMAND pkg-config --cflags --libs mpix OUTPUT_VARIABLE flags
  OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pkg-config mpix failed")
endif()
separate_arguments(flags UNIX_COMMAND "${flags}")
run(${CC} ${SRC}/consumer/main.c ${flags} -o ${WORK}/pc_consumer)
run(${WORK}/pc_consumer)
message(STATUS "pkg-config: ${last_output}")
message(STATUS "1 passed, 0 failed")
