# The fixed-size field module (issue 8): the templates live in include/parmod/field/;
# these are its compiled parts.
list(APPEND PARMOD_SOURCES
  src/field/cpu_features.cpp
  src/field/montgomery_ifma8.cpp
  src/capi/field_c.cpp)
