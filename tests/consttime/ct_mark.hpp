// consttime/ct_mark.hpp (tests) - marking secrets for the "ctgrind" checks.
//
// Under valgrind memcheck, memory marked undefined makes memcheck report every
// conditional jump, move or memory address computed from it ("Conditional
// jump or move depends on uninitialised value(s)", "Use of uninitialised
// value of size N"): a secret-dependent branch or address.  The client
// requests come from <valgrind/memcheck.h>; the checks are built only where
// that header exists (tests/consttime/CMakeLists.txt), so nothing else in the
// build needs valgrind.  Outside valgrind the requests do nothing.
#pragma once

#include <valgrind/memcheck.h>

#include <cstddef>

namespace parmod::test {

// From here on memcheck treats x[0, bytes) as secret.
inline void mark_secret(const void* x, std::size_t bytes) { VALGRIND_MAKE_MEM_UNDEFINED(x, bytes); }
// Declassifies x[0, bytes) (a result about to be checked).
inline void mark_public(const void* x, std::size_t bytes) { VALGRIND_MAKE_MEM_DEFINED(x, bytes); }

}  // namespace parmod::test
