// capi/error_codes.hpp - how every C entry point turns C++ outcomes into codes.
#pragma once

#include <new>

#include "parmod.h"
#include "parmod/parmod.hpp"

namespace parmod::capi {

// Runs f; returns PARMOD_OK, a parmod::Error's code, PARMOD_ERR_OUT_OF_MEMORY
// for std::bad_alloc, PARMOD_ERR_INTERNAL for anything else.  Nothing escapes
// into C.  Callers write their outputs inside f, after the last throwing call,
// so that an error leaves them unchanged.
template <class F>
int call(F&& f) noexcept {
  try {
    f();
    return PARMOD_OK;
  } catch (const parmod::Error& e) {
    return static_cast<int>(e.code());
  } catch (const std::bad_alloc&) {
    return PARMOD_ERR_OUT_OF_MEMORY;
  } catch (...) {
    return PARMOD_ERR_INTERNAL;
  }
}

}  // namespace parmod::capi
