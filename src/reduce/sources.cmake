# src/reduce: reductions (layer 2): REDC, Barrett and their partial forms.
parmod_layer_sources()
