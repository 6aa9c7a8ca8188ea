// tools/parmod/numbers.hpp - reading and writing the CLI's integers.
#pragma once

#include <gmpxx.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace parmod::cli {

// A bad command line or input; main prints "parmod: error: <what>" and exits 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// text for an error message: at most 40 characters (then "..."), bytes
// other than printable ASCII as \xNN.
std::string excerpt(const std::string& text);

// Parses an optional sign then decimal digits or 0x/0X and hex digits.
// Throws UsageError naming `what` for anything else (empty, spaces, junk).
mpz_class parse_integer(const std::string& text, const char* what);

// Parses a whole number in [min, max] written as decimal digits only, for
// the option `option`; throws UsageError naming it.
long parse_count(const std::string& text, const char* option, long min, long max);

// Parses a positive thread count (1..4096); throws UsageError.
int parse_thread_count(const std::string& text);

// The arguments of multi_powm, "M B1 E1 B2 E2 ..." (a `batch` line after its
// first word, and `parmod multi_powm`): the modulus, then any number of pairs
// (none: the product is 1 mod M).  Throws UsageError for a missing M, a base
// without its exponent, or a word that is not an integer.
struct MultiPowmArgs {
  mpz_class m;
  std::vector<mpz_class> bases, exps;
};
MultiPowmArgs parse_multi_powm(const std::vector<std::string>& words);

}  // namespace parmod::cli
