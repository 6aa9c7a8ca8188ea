// parmod/detail/sanitizers.h - which sanitizer instruments this
// translation unit, the same answer from gcc and clang.
//
// gcc defines __SANITIZE_ADDRESS__ and __SANITIZE_THREAD__; clang 14 (the
// clang of Debian 12, which builds the sanitized and fuzzing passes of
// scripts/test.sh) defines neither and answers __has_feature() instead.
// Code that behaves differently under a sanitizer tests PARMOD_UNDER_ASAN and
// PARMOD_UNDER_TSAN (defined to 1, or not at all), never the compiler's own
// macros.  Preprocessor only: for C and C++.
#pragma once

#if defined(__SANITIZE_ADDRESS__)
#define PARMOD_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PARMOD_UNDER_ASAN 1
#endif
#endif

#if defined(__SANITIZE_THREAD__)
#define PARMOD_UNDER_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define PARMOD_UNDER_TSAN 1
#endif
#endif
