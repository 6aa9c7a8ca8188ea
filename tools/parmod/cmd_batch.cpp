// tools/parmod/cmd_batch.cpp - `parmod batch`: one operation per stdin line.
//
// Each line is "mulmod A B M" or "powm B E M".  stdout gets one line per input
// line: the result, or "error" for a line that failed; each failure also
// prints "parmod: line N: <reason>" on stderr.  Exit status 0 when every line
// succeeded, 2 otherwise.  Consecutive lines with the same modulus share one
// precomputed Modulus.
#include <iostream>
#include <optional>
#include <sstream>

#include "numbers.hpp"
#include "options.hpp"

namespace parmod::cli {

int cmd_batch(const Options& o) {
  if (!o.args.empty()) throw UsageError("usage: parmod batch < FILE (no arguments)");
  std::string line;
  std::size_t number = 0;
  int status = 0;
  std::optional<Modulus> cached;
  mpz_class cached_m;
  std::ios::sync_with_stdio(false);
  while (std::getline(std::cin, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    try {
      std::istringstream in(line);
      std::string op, x, y, z, extra;
      if (!(in >> op)) throw UsageError("empty line");
      if (op != "mulmod" && op != "powm") throw UsageError("unknown operation '" + op + "' (mulmod or powm)");
      if (!(in >> x >> y >> z) || (in >> extra)) throw UsageError(op + " takes exactly three integers");
      const mpz_class a = parse_integer(x, op == "powm" ? "B" : "A");
      const mpz_class b = parse_integer(y, op == "powm" ? "E" : "B");
      const mpz_class m = parse_integer(z, "M");
      if (!cached || cached_m != m) {
        cached.emplace(m, o.algorithm, o.threads);
        cached_m = m;
      }
      std::cout << (op == "mulmod" ? cached->mul(a, b) : cached->pow(a, b)).get_str() << '\n';
    } catch (const std::exception& e) {
      std::cout << "error\n";
      std::cerr << "parmod: line " << number << ": " << e.what() << '\n';
      status = 2;
    }
  }
  std::cout.flush();
  return status;
}

}  // namespace parmod::cli
