# Multi-exponentiation (issue 7): Lim-Lee MULEXP, its parallel variants, windows,
# Pippenger buckets, the n' hybrid,
# and the API entry points.
list(APPEND PARMOD_SOURCES
  src/multiexp/mulexp_model.cpp
  src/multiexp/lim_lee_table.cpp
  src/multiexp/mulexp.cpp
  src/multiexp/column_products.cpp
  src/multiexp/interleaved_window.cpp
  src/multiexp/bucket_multiexp.cpp
  src/multiexp/hybrid_multiexp.cpp
  src/multiexp/parallel_multiexp.cpp
  src/multiexp/multiexp_plan.cpp
  src/api/multi_powm.cpp
  src/capi/multi_powm_c.cpp
)
