// api/sec_crt.cpp - parmod::powm_sec_crt: the RSA-CRT private operation for
// secret factors, constant time in the values of b, e, p and q.
//
// Each half (modulo p, modulo q) builds its Montgomery constants, reduces the
// base and the exponent and runs the fixed-window exponentiation with
// consttime functions only (radix 2^52 on AVX-512 IFMA, else GMP's mpn_sec
// products); the two halves run as two tasks on the thread team, q^-1 mod p
// (by blinding: consttime::blinded_inverse) as a third.  Garner's recombination (consttime/constant_time_crt.hpp) runs
// on the caller.  Nothing is cached between calls; every buffer that held a
// secret is wiped before it is freed.  Public: the limb counts of b, e, p, q,
// the sign of b and whether e = 0.
#include <algorithm>

#include "api/modulus_state.hpp"
#include "consttime/constant_time_crt.hpp"
#include "consttime/constant_time_powm.hpp"
#include "consttime/constant_time_powm52.hpp"
#include "consttime/secret_modulus.hpp"
#include "consttime/wiped_limbs.hpp"
#include "runtime/team.hpp"

namespace parmod {
namespace {

using consttime::WipedLimbs;

mp_size_t ms(std::size_t x) { return static_cast<mp_size_t>(x); }
std::size_t round8(std::size_t x) { return (x + 7) & ~std::size_t(7); }

struct Half {
  const limb_t* f = nullptr;  // the factor's limbs (read from the caller's mpz)
  std::size_t n = 0;
  consttime::SecretModulus m;
  WipedLimbs buf;  // scratch (aligned, first), then the base and the exponent, n limbs each
  std::size_t scratch = 0;
  limb_t* x() const noexcept { return buf.data() + scratch; }
  limb_t* ex() const noexcept { return x() + n; }
};

struct Job {
  Half* half;             // [0] modulo p, [1] modulo q
  const limb_t* b;        // |b|
  std::size_t bn;
  bool b_negative;
  const limb_t* e;        // e >= 1
  std::size_t en;
  WipedLimbs* qinv;       // q^-1 mod p, np limbs, and its scratch after it
  bool* coprime;
  bool* out_of_memory;
};

void run_half(Half& h, const Job& j) noexcept {
  const std::size_t n = h.n;
  limb_t* s = h.buf.data();
  limb_t* x = h.x();
  limb_t* ex = h.ex();
  h.m.fill(h.f, s);
  consttime::reduce_ct(x, j.b, j.bn, h.f, n, s);
  if (j.b_negative) {  // x = (P - x) mod P, the last step a trial subtraction
    mpn_sub_n(x, h.f, x, ms(n));
    const limb_t borrow = mpn_sub_n(s, x, h.f, ms(n));
    mpn_cnd_sub_n(borrow ^ 1, x, x, h.f, ms(n));
  }
  consttime::prime_exponent_ct(ex, j.e, j.en, h.f, n, s);
  if (h.m.with_digits)
    consttime::constant_time_powm52(x, x, ex, n, h.f, h.m.c, s);
  else
    consttime::constant_time_powm(x, x, ex, n, h.m.k, s);
  consttime::wipe(ex, n);
}

void run_task(const void* ctx, unsigned i) {
  const Job& j = *static_cast<const Job*>(ctx);
  if (i < 2) return run_half(j.half[i], j);
  const Half &p = j.half[0], &q = j.half[1];
  try {
    *j.coprime = consttime::blinded_inverse(j.qinv->data(), q.f, q.n, p.f, p.n);
  } catch (...) {  // std::bad_alloc: reported as "no inverse" is wrong, so flag it apart
    *j.out_of_memory = true;
  }
}

void prepare(Half& h, const mpz_class& f, std::size_t bn, std::size_t en) {
  h.f = mpz_limbs_read(f.get_mpz_t());
  h.n = mpz_size(f.get_mpz_t());
  const std::size_t bits = mpz_sizeinbase(f.get_mpz_t(), 2);
  const bool digits = modmul::montgomery52_available(bits);
  h.m.allocate(h.n, bits, digits);
  const std::size_t powm = digits ? consttime::constant_time_powm52_scratch(h.m.c, h.n)
                                  : consttime::constant_time_powm_scratch(h.n, h.n);
  h.scratch = round8(std::max({consttime::secret_modulus_scratch(h.n, bits), consttime::reduce_ct_scratch(bn, h.n),
                               consttime::prime_exponent_ct_scratch(en, h.n), powm}));
  h.buf = WipedLimbs(h.scratch + 2 * h.n);
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
    bool coprime = false, out_of_memory = false;
    const Job job{half, mpz_limbs_read(b.get_mpz_t()), bn, mpz_sgn(b.get_mpz_t()) < 0,
                  mpz_limbs_read(e.get_mpz_t()), en, &qinv, &coprime, &out_of_memory};
    const int threads = std::min(2, resolve_num_threads(0));
    runtime::Schedule s(threads);
    const double cost = static_cast<double>(np * np);
    s.add(run_task, &job, 0, cost, 0, "sec crt p");
    s.add(run_task, &job, 1, cost, threads - 1, "sec crt q");
    s.add(run_task, &job, 2, cost / 64, 0, "sec crt q^-1 mod p");
    runtime::run(s, threads);
    if (out_of_memory) throw OutOfMemory("out of memory in powm_sec_crt");
    if (!coprime) throw InvalidArgument("powm_sec_crt factors must be distinct primes");
    limb_t* x = garner.data();
    consttime::garner_ct(x, half[0].x(), half[1].x(), half[0].f, np, half[1].f, nq, qinv.data(), x + np + nq);
    mpz_class out;
    modmul::from_limbs(out, x, np + nq);
    return out;
  });
}

}  // namespace parmod
