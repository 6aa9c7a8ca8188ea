# src/check: PARMOD_ASSERT and its helpers (below every layer).
parmod_layer_sources()
