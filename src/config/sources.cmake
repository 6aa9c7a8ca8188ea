# src/config: the tuning table (below every layer).
parmod_layer_sources()
