# src/runtime: the thread-count rule, the thread team, schedules, the task graph,
# the list scheduler and the cost table (below every layer).  No OpenMP: the
# hand-made team won the measurement (docs/runtime.md).
parmod_layer_sources()
