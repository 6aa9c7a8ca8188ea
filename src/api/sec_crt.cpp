// api/sec_crt.cpp - parmod::powm_sec_crt: the RSA-CRT private operation for
// secret factors, constant time in the values of b, e, p and q.
//
// Each half (modulo p, modulo q) builds its Montgomery constants, reduces the
// base and the exponent and runs the fixed-window exponentiation with
// consttime functions only (radix 2^52 on AVX-512 IFMA, else GMP's mpn_sec
// products); the two halves run as two tasks on the thread team.  q^-1 mod p
// (by blinding: consttime::blinded_inverse) and Garner's recombination
// (consttime/constant_time_crt.hpp) run on the caller.  Nothing is cached between calls; every buffer that held a
// secret is wiped before it is freed.  Public: the limb counts of b, e, p, q,
// the sign of b and whether e = 0.
#include <algorithm>

#include "api/modulus_state.hpp"
#include "consttime/constant_time_crt.hpp"
#include "consttime/secret_modulus.hpp"
#include "consttime/wiped_limbs.hpp"
#include "runtime/team.hpp"

namespace parmod {
namespace {

using consttime::WipedLimbs;


struct Half {
  const limb_t* f = nullptr;  // the factor's limbs (read from the caller's mpz)
  std::size_t n = 0;
  consttime::SecretModulus m;
  WipedLimbs x;        // the result, n limbs
  WipedLimbs scratch;  // consttime::rsa_half_ct_scratch
};

struct Job {
  Half* half;             // [0] modulo p, [1] modulo q
  const limb_t* b;        // |b|
  std::size_t bn;
  bool b_negative;
  const limb_t* e;        // e >= 1
  std::size_t en;
};

void run_half(Half& h, const Job& j) noexcept {
  consttime::rsa_half_ct(h.x.data(), j.b, j.bn, j.b_negative, j.e, j.en, h.f, h.m, h.scratch.data());
}

void run_task(const void* ctx, unsigned i) {
  const Job& j = *static_cast<const Job*>(ctx);
  run_half(j.half[i], j);
}

void prepare(Half& h, const mpz_class& f, std::size_t bn, std::size_t en) {
  h.f = mpz_limbs_read(f.get_mpz_t());
  h.n = mpz_size(f.get_mpz_t());
  const std::size_t bits = mpz_sizeinbase(f.get_mpz_t(), 2);
  h.m.allocate(h.n, bits, modmul::montgomery52_available(bits));
  h.x = WipedLimbs(h.n);
  h.scratch = WipedLimbs(consttime::rsa_half_ct_scratch(h.m, bn, en));
}

}  // namespace

mpz_class powm_sec_crt(const mpz_class& b, const mpz_class& e, const mpz_class& p, const mpz_class& q) {
  if (mpz_cmp_ui(p.get_mpz_t(), 3) < 0 || mpz_cmp_ui(q.get_mpz_t(), 3) < 0 || mpz_even_p(p.get_mpz_t()) ||
      mpz_even_p(q.get_mpz_t()))
    throw InvalidArgument("powm_sec_crt needs odd prime factors p, q >= 3");
  if (mpz_sgn(e.get_mpz_t()) < 0) throw InvalidArgument("powm_sec_crt needs a non-negative exponent");
  if (p == q) throw InvalidArgument("powm_sec_crt factors must be distinct primes");
  if (mpz_sgn(e.get_mpz_t()) == 0) return 1;
  return api::guarded([&] {
    const std::size_t bn = mpz_size(b.get_mpz_t()), en = mpz_size(e.get_mpz_t());
    Half half[2];
    prepare(half[0], p, bn, en);
    prepare(half[1], q, bn, en);
    const std::size_t np = half[0].n, nq = half[1].n;
    WipedLimbs qinv(np);
    WipedLimbs garner(np + nq + consttime::garner_ct_scratch(np, nq));
    const Job job{half, mpz_limbs_read(b.get_mpz_t()), bn, mpz_sgn(b.get_mpz_t()) < 0,
                  mpz_limbs_read(e.get_mpz_t()), en};
    const int threads = std::min(2, resolve_num_threads(0));
    runtime::Schedule s(threads);
    const double cost = static_cast<double>(np * np);
    s.add(run_task, &job, 0, cost, 0, "sec crt p");
    s.add(run_task, &job, 1, cost, threads - 1, "sec crt q");
    runtime::run(s, threads);
    // q^-1 mod p needs p's constants (filled by the first half): on the caller, after the halves.
    if (!consttime::blinded_inverse(qinv.data(), half[1].f, nq, half[0].m))
      throw InvalidArgument("powm_sec_crt factors must be distinct primes");
    limb_t* x = garner.data();
    consttime::garner_ct(x, half[0].x.data(), half[1].x.data(), half[0].m, half[1].f, nq, qinv.data(), x + np + nq);
    mpz_class out;
    modmul::from_limbs(out, x, np + nq);
    return out;
  });
}

}  // namespace parmod
