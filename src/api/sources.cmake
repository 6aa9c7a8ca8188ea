# src/api: the C++ API (layer 5).
parmod_layer_sources()
