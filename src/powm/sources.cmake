# src/powm: exponentiation (layer 4), including even moduli by P = 2^s m'.
parmod_layer_sources()
