// tools/parmod/cmd_explain.cpp - `parmod explain powm B E M`, `parmod explain
// mulmod A B M`, `parmod explain M`: what runs for the modulus and why
// (Modulus::describe: the plan, the engine's choices, the tuning keys).
#include <iostream>

#include "numbers.hpp"
#include "options.hpp"

namespace parmod::cli {

int cmd_explain(const Options& o) {
  const char* usage = "usage: parmod explain powm B E M | parmod explain mulmod A B M | parmod explain M";
  const auto& a = o.args;
  mpz_class m, e = 0;
  if (a.size() == 4 && a[0] == "powm") {
    parse_integer(a[1], "B");
    e = parse_integer(a[2], "E");
    m = parse_integer(a[3], "M");
  } else if (a.size() == 4 && a[0] == "mulmod") {
    parse_integer(a[1], "A");
    parse_integer(a[2], "B");
    m = parse_integer(a[3], "M");
  } else if (a.size() == 1) {
    m = parse_integer(a[0], "M");
  } else {
    throw UsageError(usage);
  }
  std::cout << Modulus(m, o.algorithm, o.threads).describe(e);
  return 0;
}

}  // namespace parmod::cli
