// tools/parmod/numbers.hpp - reading and writing the CLI's integers.
#pragma once

#include <gmpxx.h>

#include <stdexcept>
#include <string>

namespace parmod::cli {

// A bad command line or input; main prints "parmod: error: <what>" and exits 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Parses an optional sign then decimal digits or 0x/0X and hex digits.
// Throws UsageError naming `what` for anything else (empty, spaces, junk).
mpz_class parse_integer(const std::string& text, const char* what);

// Parses a positive thread count; throws UsageError.
int parse_thread_count(const std::string& text);

}  // namespace parmod::cli
