# src/multiexp: multi-exponentiation: Lim-Lee MULEXP, its parallel variants,
# windows, Pippenger buckets, the n' hybrid.
parmod_layer_sources()
