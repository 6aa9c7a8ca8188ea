// tools/parmod/cmd_arith.cpp - `parmod mulmod A B M`, `parmod powm B E M` and
// `parmod multi_powm M B1 E1 [B2 E2 ...]`.
#include <iostream>

#include "numbers.hpp"
#include "options.hpp"

namespace parmod::cli {
namespace {

void need_three(const Options& o, const char* usage) {
  if (o.args.size() != 3) throw UsageError(std::string("usage: ") + usage);
}

}  // namespace

int cmd_mulmod(const Options& o) {
  need_three(o, "parmod mulmod A B M");
  const mpz_class a = parse_integer(o.args[0], "A"), b = parse_integer(o.args[1], "B"), m = parse_integer(o.args[2], "M");
  std::cout << Modulus(m, o.algorithm, o.threads).mul(a, b).get_str() << '\n';
  return 0;
}

int cmd_powm(const Options& o) {
  need_three(o, "parmod powm B E M");
  const mpz_class b = parse_integer(o.args[0], "B"), e = parse_integer(o.args[1], "E"), m = parse_integer(o.args[2], "M");
  std::cout << Modulus(m, o.algorithm, o.threads).pow(b, e).get_str() << '\n';
  return 0;
}

int cmd_multi_powm(const Options& o) {
  const MultiPowmArgs a = parse_multi_powm(o.args);
  std::cout << Modulus(a.m, o.algorithm, o.threads).multi_pow(a.bases, a.exps).get_str() << '\n';
  return 0;
}

}  // namespace parmod::cli
