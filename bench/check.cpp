#include "check.hpp"

#include <cstdlib>

namespace parmod::bench {
namespace {

std::size_t g_checks = 0;

// K from PARMOD_BENCH_CORRUPT_CHECK, or 0.
std::size_t corrupt_index() {
  const char* v = std::getenv("PARMOD_BENCH_CORRUPT_CHECK");
  return v && *v ? std::strtoul(v, nullptr, 10) : 0;
}

}  // namespace

void check_result(const std::string& what, const mpz_class& got, const mpz_class& want) {
  static const std::size_t corrupt = corrupt_index();
  ++g_checks;
  mpz_class g = got;
  if (g_checks == corrupt) mpz_combit(g.get_mpz_t(), 0);
  if (g != want)
    throw CheckFailure("check failed: " + what + ": wrong result (check " + std::to_string(g_checks) +
                       (g_checks == corrupt ? ", corrupted on purpose by PARMOD_BENCH_CORRUPT_CHECK)" : ")"));
}

std::size_t checks_made() noexcept { return g_checks; }

mpz_class from_limbs(const mp_limb_t* limbs, std::size_t n) {
  mpz_class v;
  mpz_import(v.get_mpz_t(), n, -1, sizeof(mp_limb_t), 0, 0, limbs);
  return v;
}

}  // namespace parmod::bench
