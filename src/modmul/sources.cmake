# src/modmul: modular multiplication (layer 3): Montgomery, Barrett, montgomery52,
# bipartite and multipartite, and their engines.
parmod_layer_sources()
