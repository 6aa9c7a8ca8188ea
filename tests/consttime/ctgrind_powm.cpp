// The "ctgrind" check of constant_time_powm: run under valgrind memcheck with
// the base and exponent limbs marked undefined (VALGRIND_MAKE_MEM_UNDEFINED).
// Memcheck then reports any conditional jump, move or memory address computed
// from them; the test fails on any report (valgrind --error-exitcode=1).
// Outside valgrind the client requests do nothing and the program only checks
// its results.  With --control it runs the variable-time sliding window
// instead, which memcheck must flag inside sliding_window_powm (the negative
// control, ctgrind_expect_report.cmake matches the report).
#include <cstdio>
#include <cstring>

#include "consttime/ct_mark.hpp"

#include "consttime/constant_time_powm.hpp"
#include "modmul/montgomery_mul.hpp"
#include "powm/sliding_window.hpp"
#include "support/random_operands.hpp"

using namespace parmod;
using namespace parmod::test;

int main(int argc, char** argv) {
  const bool control = argc > 1 && std::strcmp(argv[1], "--control") == 0;
  int failures = 0;
  for (std::size_t n : {1u, 4u, 17u}) {
    const mpz_class P = random_modulus(n, true);
    const modmul::ModulusConstants k(P);  // public: built before the secrets are marked
    for (std::size_t en : {1u, 2u, 5u}) {
      const mpz_class b = random_below(P), e = rrandom_bits(64 * en - 3);
      auto x = limbs_of(b, n);
      auto ev = limbs_of(e, en);
      std::vector<limb_t> s(consttime::constant_time_powm_scratch(n, en) +
                            exponentiation::sliding_window_powm_scratch(n, en, modmul::montgomery_engine));
      mark_secret(x.data(), n * sizeof(limb_t));
      mark_secret(ev.data(), en * sizeof(limb_t));
      if (control)
        exponentiation::sliding_window_powm(x.data(), x.data(), ev.data(), en, k, modmul::montgomery_engine, s.data());
      else
        consttime::constant_time_powm(x.data(), x.data(), ev.data(), en, k, s.data());
      mark_public(x.data(), n * sizeof(limb_t));
      mark_public(ev.data(), en * sizeof(limb_t));
      mpz_class want;
      mpz_powm(want.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
      if (value_of(x) != want) {
        std::printf("wrong result n=%zu en=%zu\n", n, en);
        ++failures;
      }
    }
  }
  if (failures)
    std::printf("ctgrind_powm: FAILED (%s replays this)\n", replay_line().c_str());
  else
    std::printf("ctgrind_powm: results correct\n");
  return failures ? 1 : 0;
}
