// The "ctgrind" check of the constant-time register-window kernels
// (consttime/montgomery_adx_ct.hpp): under valgrind memcheck with the
// operands, the modulus and mu0 marked secret (ct_mark.hpp), the product and
// the square at sizes of each kernel family - generic (1, 5, 17, 33), fully
// unrolled (8, 16, 24, and 32 through the unrolled entry points in the third
// round; 8, 16 and 24 in the second on the family that closes from the zero
// slot), passes (32, 40, 64) - must give no report.  Valgrind
// runs mulx/adcx/adox but hides ADX from CPUID, so powm_sec itself takes the
// mpn_sec kernels there (ctgrind_powm); this check calls the window kernels
// directly.  With --control it runs the variable-time kernel of n = 16,
// whose final subtraction branches on the result: memcheck must flag it in
// parmod_montgomery_mul_adx_16.  Exits 77 (skipped) where /proc/cpuinfo
// shows no adx.
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

#include "consttime/ct_mark.hpp"
#include "consttime/montgomery_adx_ct.hpp"
#include "modmul/modulus_constants.hpp"
#include "reduce/montgomery_adx.hpp"
#include "support/random_operands.hpp"

using namespace parmod;
using namespace parmod::test;

namespace {

// The host's own flags (valgrind does not touch /proc/cpuinfo).
bool host_has_adx() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("flags", 0) == 0) return line.find(" adx") != std::string::npos && line.find(" bmi2") != std::string::npos;
  return false;
}

}  // namespace

int main(int argc, char** argv) {
#if PARMOD_WINDOW_ADX_ASM
  if (!host_has_adx()) {
    std::printf("ctgrind_montgomery_adx: skipped, no BMI2 + ADX\n");
    return 77;
  }
  const bool control = argc > 1 && std::strcmp(argv[1], "--control") == 0;
  int failures = 0;
  for (std::size_t n : control ? std::vector<std::size_t>{16} : std::vector<std::size_t>{1, 5, 8, 16, 17, 24, 32, 33, 40, 64}) {
    const mpz_class P = random_modulus(n, true);
    const modmul::ModulusConstants k(P);
    mpz_class rinv;
    mpz_invert(rinv.get_mpz_t(), beta_pow(n).get_mpz_t(), P.get_mpz_t());
    for (int i = 0; i < 3; ++i) {
      const mpz_class a = i == 0 ? P - 1 : random_below(P), b = random_below(P);
      auto x = limbs_of(a, n), y = limbs_of(b, n), p = limbs_of(P, n);
      std::vector<limb_t> r(n), s(r.size()), t(consttime::montgomery_adx_ct_scratch(n));
      limb_t mu0 = k.mu0;
      mark_secret(x.data(), n * sizeof(limb_t));
      mark_secret(y.data(), n * sizeof(limb_t));
      mark_secret(p.data(), n * sizeof(limb_t));
      mark_secret(&mu0, sizeof mu0);
      if (control) {
        reduce::montgomery_mul_adx(r.data(), x.data(), y.data(), p.data(), mu0, n, t.data());
        reduce::montgomery_sqr_adx(s.data(), x.data(), p.data(), mu0, n, t.data());
      } else {  // the second round on the zero-slot family where n has one (8 .. 16, 24), the third by the
                // unrolled entry points: the tuned sizes' kernels (32), else as the others
        using K = limbs::WindowKernels;
        const K kernels = i == 2 ? K::unrolled : i == 1 && limbs::window_adx_unrolled(n) ? K::zero_slot : K::entry;
        consttime::montgomery_mul_adx_ct(r.data(), x.data(), y.data(), p.data(), mu0, n, t.data(), kernels);
        consttime::montgomery_sqr_adx_ct(s.data(), x.data(), p.data(), mu0, n, t.data(), kernels);
      }
      mark_public(r.data(), n * sizeof(limb_t));
      mark_public(s.data(), n * sizeof(limb_t));
      if (value_of(r) != py_mod(a * b * rinv, P) || value_of(s) != py_mod(a * a * rinv, P)) {
        std::printf("wrong result n=%zu\n", n);
        ++failures;
      }
    }
  }
  if (failures)
    std::printf("ctgrind_montgomery_adx: FAILED (%s replays this)\n", replay_line().c_str());
  else
    std::printf("ctgrind_montgomery_adx: results correct\n");
  return failures ? 1 : 0;
#else
  (void)argc;
  (void)argv;
  std::printf("ctgrind_montgomery_adx: skipped, not x86-64 ELF\n");
  return 77;
#endif
}
