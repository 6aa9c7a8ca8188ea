# src/consttime: constant-time exponentiation, kept apart.
parmod_layer_sources()
