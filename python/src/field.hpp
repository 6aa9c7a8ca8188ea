// parmod.Field and parmod.FieldElement: the Python face of the fixed-size
// prime fields (parmod_field.h), registered from module.cpp.
#pragma once

#include <Python.h>
#include <nanobind/nanobind.h>

namespace parmod_py {

// Adds Field and FieldElement to m.  not_invertible_error: the module's
// parmod.NotInvertibleError (borrowed; lives as long as the module).
void register_field(nanobind::module_& m, PyObject* not_invertible_error);

}  // namespace parmod_py
