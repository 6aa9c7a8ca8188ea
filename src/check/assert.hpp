// check/assert.hpp - PARMOD_ASSERT: the contracts stated in the headers,
// checked at the entry of the limb, reduction and modular multiplication
// functions in a verify build (CMake option PARMOD_VERIFY, which
// scripts/test.sh turns on for the ASan/UBSan build) and compiled to nothing
// otherwise, as GMP's ASSERT / MPN_OVERLAP_P and secp256k1's VERIFY_CHECK.
// Below every layer (it needs only GMP's mpn_cmp).  Checks stay O(n) at most
// and at function entry, never inside a function's loops.
#pragma once

#include <gmp.h>

#include <cstddef>
#include <cstdint>

namespace parmod::check {

// Prints "parmod: contract violated in FUNCTION: CONDITION (FILE:LINE)" on
// stderr and aborts.
[[noreturn]] void assert_fail(const char* function, const char* condition, const char* file, int line) noexcept;

// True when x[0, xn) and y[0, yn) share an element (GMP's MPN_OVERLAP_P).
template <class T, class U>
bool overlap(const T* x, std::size_t xn, const U* y, std::size_t yn) noexcept {
  const auto xa = reinterpret_cast<std::uintptr_t>(x), ya = reinterpret_cast<std::uintptr_t>(y);
  return xn != 0 && yn != 0 && xa + xn * sizeof(T) > ya && ya + yn * sizeof(U) > xa;
}

// True when s[0, sn) shares an element with any of xs[0, n).
template <class T, class... U>
bool overlap_any(const T* s, std::size_t sn, std::size_t n, const U*... xs) noexcept {
  return (overlap(s, sn, xs, n) || ...);
}

// True when x and y are the same n elements or share none (GMP's MPN_SAME_OR_SEPARATE_P).
template <class T>
bool same_or_separate(const T* x, const T* y, std::size_t n) noexcept {
  return x == y || !overlap(x, n, y, n);
}

// True when x[0, n) < y[0, n) as numbers.
inline bool less(const mp_limb_t* x, const mp_limb_t* y, std::size_t n) noexcept {
  return mpn_cmp(x, y, static_cast<mp_size_t>(n)) < 0;
}

// True when c[0, m) < p[0, n)^2 (p[n-1] != 0).  O(M(n)) and allocates: for
// the entry checks of functions that cost as much (partial reductions).
bool below_square(const mp_limb_t* c, std::size_t m, const mp_limb_t* p, std::size_t n);

}  // namespace parmod::check

#if defined(PARMOD_VERIFY)
#define PARMOD_ASSERT(...) \
  ((__VA_ARGS__) ? static_cast<void>(0) : ::parmod::check::assert_fail(__PRETTY_FUNCTION__, #__VA_ARGS__, __FILE__, __LINE__))
#else
// The condition is compiled (names and types stay checked) but not evaluated.
#define PARMOD_ASSERT(...) static_cast<void>(sizeof(!(__VA_ARGS__)))
#endif
