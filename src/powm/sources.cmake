# Issue 5: exponentiation modulo an even P by the split P = 2^s m' (GMP's
# approach).  Included by the top-level CMakeLists.txt; appends to PARMOD_SOURCES.
list(APPEND PARMOD_SOURCES
  src/powm/even_modulus_powm.cpp
)
