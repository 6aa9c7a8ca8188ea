# src/process: process-wide concerns below every layer (fork safety of the
# library's locks).
parmod_layer_sources()
