# Issue 4: bipartite and multipartite modular multiplication, their task
# graphs, the list scheduler and the cost table.  Included by the top-level
# CMakeLists.txt; appends to PARMOD_SOURCES.
list(APPEND PARMOD_SOURCES
  src/runtime/task_graph.cpp
  src/runtime/list_scheduler.cpp
  src/runtime/cost_table.cpp
  src/modmul/multipartite_plan.cpp
  src/modmul/multipartite_counts.cpp
  src/modmul/multipartite_products.cpp
  src/modmul/multipartite_qvalues.cpp
  src/modmul/multipartite.cpp
  src/modmul/multipartite_square.cpp
  src/modmul/bipartite.cpp
  src/modmul/multipartite_engine.cpp
  src/modmul/parallel_classic.cpp
  src/modmul/classic_factories.cpp
  src/modmul/montgomery52.cpp
  src/modmul/montgomery52_kernel.cpp
)
