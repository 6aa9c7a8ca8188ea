# src/capi: the C API (layer 5).
parmod_layer_sources()
