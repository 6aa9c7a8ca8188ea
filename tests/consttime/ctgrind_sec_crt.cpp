// The "ctgrind" check of the RSA-CRT private operation (powm_sec_crt's
// secret part): run under valgrind memcheck with p, q, the base and the
// exponent marked secret (ct_mark.hpp), both halves (consttime::rsa_half_ct:
// the Montgomery constants of p, the reductions, e mod p - 1, the fixed
// window) and Garner's recombination (consttime::garner_ct).  Memcheck reports
// any branch or address computed from them; the test fails on any report
// (valgrind --error-exitcode=1).  Each size runs with the 64-bit constant-time
// kernels and, where the CPU has AVX2 (valgrind runs it), in radix 2^28
// (consttime/constant_time_powm28).  Under valgrind the CPU shows no AVX-512:
// the radix-2^52 path has the statistical evidence (parmod-bench ct).  q^-1 mod p is computed before the marking: its
// blinded inversion passes a value through GMP's variable-time mpz_invert
// that is uniformly random whatever the key (an argument memcheck cannot
// follow).  With --control the halves' exponentiation is the variable-time
// sliding window, which memcheck must flag inside sliding_window_powm.
#include <cstdio>
#include <cstring>

#include "consttime/constant_time_crt.hpp"
#include "consttime/ct_mark.hpp"
#include "consttime/secret_modulus.hpp"
#include "consttime/wiped_limbs.hpp"
#include "modmul/montgomery28.hpp"
#include "modmul/montgomery_mul.hpp"
#include "powm/sliding_window.hpp"
#include "support/random_operands.hpp"

using namespace parmod;
using namespace parmod::test;

namespace {

mpz_class prime_of_bits(std::size_t bits) {
  mpz_class x = rrandom_bits(bits - 1) | (mpz_class(1) << (bits - 1)), p;
  mpz_nextprime(p.get_mpz_t(), x.get_mpz_t());
  return p;
}

// The control's half: the same steps with the sliding window (variable time).
void control_half(limb_t* x, const limb_t* b, std::size_t bn, const limb_t* ep, std::size_t en, const limb_t* p,
                  consttime::SecretModulus& m) {
  const std::size_t n = m.k.n;
  std::vector<limb_t> s(consttime::secret_modulus_scratch(n, n * 64) + consttime::reduce_ct_scratch(bn, n) +
                        consttime::prime_exponent_ct_scratch(en, n) +
                        exponentiation::sliding_window_powm_scratch(n, n, modmul::montgomery_engine));
  std::vector<limb_t> ex(n);
  m.fill(p, s.data());
  consttime::reduce_ct(x, b, bn, m, s.data());
  consttime::prime_exponent_ct(ex.data(), ep, en, p, n, m.bits, s.data());
  const modmul::ModulusConstants k(value_of(p, n));  // built from the marked p: its own reports come later
  exponentiation::sliding_window_powm(x, x, ex.data(), n, k, modmul::montgomery_engine, s.data());
}

}  // namespace

int main(int argc, char** argv) {
  const bool control = argc > 1 && std::strcmp(argv[1], "--control") == 0;
  int failures = 0;
  for (std::size_t bits : {64u, 200u, 512u, 1024u})
  for (bool digits28 : {false, true}) {  // the 64-bit kernels, then radix 2^28 on AVX2 where the CPU has it
    if (digits28 && (control || !modmul::montgomery28_available(bits - 3))) continue;
    const mpz_class P = prime_of_bits(bits), Q = prime_of_bits(bits - 3), N = P * Q;
    const mpz_class b = random_below(N), e = rrandom_bits(2 * bits);
    const std::size_t np = mpz_size(P.get_mpz_t()), nq = mpz_size(Q.get_mpz_t());
    const std::size_t bn = mpz_size(N.get_mpz_t()), en = mpz_size(e.get_mpz_t());
    auto p = limbs_of(P, np), q = limbs_of(Q, nq), bl = limbs_of(b, bn), el = limbs_of(e, en);
    std::vector<limb_t> qinv(np), xp(np), xq(nq), x(np + nq);
    consttime::SecretModulus mp, mq;  // sizes are public: allocated before the marking
    mp.allocate(np, mpz_sizeinbase(P.get_mpz_t(), 2), false, digits28);
    mq.allocate(nq, mpz_sizeinbase(Q.get_mpz_t(), 2), false, digits28);
    {
      consttime::SecretModulus m;  // q^-1 mod p before the marking (see above)
      m.allocate(np, mpz_sizeinbase(P.get_mpz_t(), 2), false);
      consttime::WipedLimbs s(consttime::secret_modulus_scratch(np, m.bits));
      m.fill(p.data(), s.data());
      if (!consttime::blinded_inverse(qinv.data(), q.data(), nq, m)) return 2;
    }
    consttime::WipedLimbs sp(consttime::rsa_half_ct_scratch(mp, bn, en)), sq(consttime::rsa_half_ct_scratch(mq, bn, en)),
        sg(consttime::garner_ct_scratch(np, nq));
    for (auto* v : {&p, &q, &bl, &el, &qinv}) mark_secret(v->data(), v->size() * sizeof(limb_t));
    if (control) {
      control_half(xp.data(), bl.data(), bn, el.data(), en, p.data(), mp);
      control_half(xq.data(), bl.data(), bn, el.data(), en, q.data(), mq);
    } else {
      consttime::rsa_half_ct(xp.data(), bl.data(), bn, false, el.data(), en, p.data(), mp, sp.data());
      consttime::rsa_half_ct(xq.data(), bl.data(), bn, false, el.data(), en, q.data(), mq, sq.data());
    }
    consttime::garner_ct(x.data(), xp.data(), xq.data(), mp, q.data(), nq, qinv.data(), sg.data());
    mark_public(x.data(), x.size() * sizeof(limb_t));
    for (auto* v : {&p, &q, &bl, &el, &qinv}) mark_public(v->data(), v->size() * sizeof(limb_t));
    mpz_class want;
    mpz_powm(want.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), N.get_mpz_t());
    if (value_of(x) != want) {
      std::printf("wrong result at %zu bits%s\n", bits, digits28 ? " (radix 2^28)" : "");
      ++failures;
    }
  }
  if (failures)
    std::printf("ctgrind_sec_crt: FAILED (%s replays this)\n", replay_line().c_str());
  else
    std::printf("ctgrind_sec_crt: results correct\n");
  return failures ? 1 : 0;
}
