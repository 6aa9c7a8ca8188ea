# src/limbs: limb kernels (layer 1), sequential and parallel products.
parmod_layer_sources()
