# The runtime module (issue 3): the thread team and the parallel integer
# multiplication built on it.  Included by the top-level CMakeLists.txt, it
# appends to PARMOD_SOURCES.  No OpenMP: the hand-made team won the
# measurement (see README, "Parallel runtime").
list(APPEND PARMOD_SOURCES
  src/runtime/spin_wait.cpp
  src/runtime/schedule.cpp
  src/runtime/team.cpp
  src/limbs/comba.cpp
  src/limbs/comba_parallel.cpp
  src/limbs/parallel_mul_blocks.cpp
  src/limbs/parallel_mul_toom3.cpp
  src/limbs/parallel_mul_toom4.cpp
  src/limbs/parallel_mul.cpp
  src/api/mul.cpp
  src/capi/mul_c.cpp
)
