// tools/parmod/batch_line.hpp - the operation of one `parmod batch` line, parsed
// (the parser alone, as the fuzz target fuzz/fuzz_batch_line.cpp tests it).
#pragma once

#include <gmpxx.h>

#include <string>
#include <vector>

namespace parmod::cli {

struct BatchOperation {
  enum class Op { mulmod, powm, multi_powm } op = Op::mulmod;
  mpz_class x, y, m;                   // mulmod A B M (x = A, y = B), powm B E M (x = B, y = E)
  std::vector<mpz_class> bases, exps;  // multi_powm M B1 E1 ...
};

// Parses "mulmod A B M", "powm B E M" or "multi_powm M B1 E1 B2 E2 ..."
// (words separated by white space, integers as parse_integer reads them).
// Throws UsageError for an empty line, an unknown operation, a wrong number
// of integers or a word that is not one.
void parse_batch_operation(BatchOperation& l, const std::string& text);

}  // namespace parmod::cli
