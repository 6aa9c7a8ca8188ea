# src/field: the compiled parts of the fixed-size field module (the templates
# live in include/parmod/field/).
parmod_layer_sources()
