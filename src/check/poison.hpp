// check/poison.hpp - marks memory that nobody may touch, in AddressSanitizer
// builds (no code otherwise).  A reused buffer lent out with fewer bytes than
// it holds (api::ScratchLease) poisons the rest, so a layer that uses more
// scratch than its *_scratch() function promised stops with an ASan report,
// as it would on a fresh allocation of the lent size.
#pragma once

#include <cstddef>

#include "parmod/detail/sanitizers.h"

#if defined(PARMOD_UNDER_ASAN)
#include <sanitizer/asan_interface.h>
#endif

namespace parmod::check {

inline void poison(const void* p, std::size_t bytes) noexcept {
#if defined(PARMOD_UNDER_ASAN)
  ASAN_POISON_MEMORY_REGION(p, bytes);
#else
  static_cast<void>(p);
  static_cast<void>(bytes);
#endif
}

inline void unpoison(const void* p, std::size_t bytes) noexcept {
#if defined(PARMOD_UNDER_ASAN)
  ASAN_UNPOISON_MEMORY_REGION(p, bytes);
#else
  static_cast<void>(p);
  static_cast<void>(bytes);
#endif
}

}  // namespace parmod::check
