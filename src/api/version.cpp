// api/version.cpp - the version string (parmod/version.h, made by CMake from the project version).
#include "parmod/version.h"

#include "parmod/parmod.hpp"

namespace parmod {

const char* version() noexcept { return PARMOD_VERSION; }

}  // namespace parmod
