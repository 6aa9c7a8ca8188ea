// api/version.cpp - the version string (from the CMake project version).
#include "parmod/parmod.hpp"

namespace parmod {

const char* version() noexcept { return PARMOD_VERSION_STRING; }

}  // namespace parmod
