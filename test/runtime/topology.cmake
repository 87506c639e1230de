# Topology tests (mpix-cart-topology, mpix-graph-symmetry, and
# MPIX_Graph_check_symmetric): 4 processes, since MPI-3.0 Example 7.5 has 4
# nodes. Included from CMakeLists.txt after the variants are defined.
foreach(variant ${MPIX_RT_VARIANTS})
  string(REGEX MATCH "^[a-z]+" flavour ${variant})
  set(launch ${MPIX_RT_LAUNCH_${flavour}} -n 4 env MPIX_MAX_INT=${MPIX_RT_MAX_INT})
  foreach(t topology topology_hang)
    set(exe rt_${t}_${variant})
    add_executable(${exe} t_${t}.c rt_test.c)
    target_include_directories(${exe} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
    target_link_libraries(${exe} PRIVATE mpixt_${variant})
    set_target_properties(${exe} PROPERTIES C_STANDARD 99 C_EXTENSIONS ON)
    add_test(NAME rt-${variant}-${t} COMMAND ${launch} $<TARGET_FILE:${exe}>)
    set_tests_properties(rt-${variant}-${t} PROPERTIES LABELS "runtime;${variant};topology"
      TIMEOUT 60 PROCESSORS 2)
  endforeach()
  # The hang test aborts by design: it passes on what it printed.
  set_tests_properties(rt-${variant}-topology_hang PROPERTIES
    PASS_REGULAR_EXPRESSION "hang reproduced: asymmetric graph accepted, rank 3 never completes")
endforeach()
