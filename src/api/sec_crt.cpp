// api/sec_crt.cpp - parmod::powm_sec_crt: the RSA-CRT private operation for
// secret factors, constant time in the values of b, e, p and q.
//
// Each half (modulo p, modulo q) builds its Montgomery constants, reduces the
// base and the exponent and runs the fixed-window exponentiation with
// consttime functions only (radix 2^52 on AVX-512 IFMA, radix 2^28 on AVX2
// from powm_sec.digits28_min_bits, else the constant-time Montgomery
// kernels), as a chain of steps
// (consttime::rsa_half_ct_step); q^-1 mod p (by blinding:
// consttime::blinded_inverse) is one more task, after the first step of p.
// One schedule on the thread team runs them; Garner's recombination
// (consttime/constant_time_crt.hpp) follows on the caller.  Nothing is cached
// between calls; every buffer that held a secret is wiped before it is freed.
// Public: the limb counts of b, e, p, q, the sign of b and whether e = 0.
#include <algorithm>
#include <new>

#include "api/modulus_state.hpp"
#include "consttime/constant_time_crt.hpp"
#include "consttime/secret_modulus.hpp"
#include "consttime/wiped_limbs.hpp"
#include "modmul/montgomery28.hpp"
#include "modmul/montgomery52.hpp"
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
  limb_t* qinv;           // np limbs: q^-1 mod p (the inverse task)
  bool inverse_ok = false;
  bool inverse_no_memory = false;
};

// Task arg: the half in bit 0, the step above it.
void run_step(const void* ctx, unsigned arg) {
  const Job& j = *static_cast<const Job*>(ctx);
  Half& h = j.half[arg & 1];
  consttime::rsa_half_ct_step(arg >> 1, h.x.data(), j.b, j.bn, j.b_negative, j.e, j.en, h.f, h.m, h.scratch.data());
}

// q^-1 mod p needs p's constants: after step 0 of the half modulo p.
void run_inverse(const void* ctx, unsigned) {
  Job& j = *const_cast<Job*>(static_cast<const Job*>(ctx));
  try {
    j.inverse_ok = consttime::blinded_inverse(j.qinv, j.half[1].f, j.half[1].n, j.half[0].m);
  } catch (const std::bad_alloc&) {
    j.inverse_no_memory = true;
  }
}

void prepare(Half& h, const mpz_class& f, std::size_t bn, std::size_t en) {
  h.f = mpz_limbs_read(f.get_mpz_t());
  h.n = mpz_size(f.get_mpz_t());
  const std::size_t bits = mpz_sizeinbase(f.get_mpz_t(), 2);
  // Radix 2^52 where IFMA takes P, else radix 2^28 on AVX2 from the size the tuning says (measured per CPU family).
  const bool digits52 = modmul::montgomery52_available(bits);
  h.m.allocate(h.n, bits, digits52, !digits52 && modmul::montgomery28_for_constant_time(bits));
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
    Job job{half, mpz_limbs_read(b.get_mpz_t()), bn, mpz_sgn(b.get_mpz_t()) < 0, mpz_limbs_read(e.get_mpz_t()), en,
            qinv.data()};
    // Each half a chain of steps on a list of its own, the inverse after the
    // steps of p on the caller's list: a participant takes its own next step
    // first, then any ready task, so whichever thread is free moves either
    // half on (a stalled partner holds at most one step) and the first to
    // run out of steps computes the inverse while the other still works.
    const int threads = std::min(2, resolve_num_threads(0));
    runtime::Schedule s(threads);
    int last[2] = {-1, -1};
    const std::size_t steps[2] = {consttime::rsa_half_ct_steps(half[0].m), consttime::rsa_half_ct_steps(half[1].m)};
    const double step_cost[2] = {static_cast<double>(np * np) / steps[0], static_cast<double>(nq * nq) / steps[1]};
    for (std::size_t i = 0; i < std::max(steps[0], steps[1]); ++i)
      for (unsigned h = 0; h < 2; ++h) {
        if (i >= steps[h]) continue;
        const int t = s.add(run_step, &job, static_cast<unsigned>(i << 1) | h, step_cost[h],
                            h == 0 ? 0 : threads - 1, h == 0 ? "sec crt p step" : "sec crt q step");
        if (last[h] >= 0) s.depend(t, last[h]);
        last[h] = t;
      }
    const int inverse = s.add(run_inverse, &job, 0, static_cast<double>(np * np) / 16, 0, "sec crt q^-1 mod p");
    s.depend(inverse, 0);  // task 0: step 0 of p
    runtime::run(s, threads);
    if (job.inverse_no_memory) throw std::bad_alloc();
    if (!job.inverse_ok) throw InvalidArgument("powm_sec_crt factors must be distinct primes");
    limb_t* x = garner.data();
    consttime::garner_ct(x, half[0].x.data(), half[1].x.data(), half[0].m, half[1].f, nq, qinv.data(), x + np + nq);
    mpz_class out;
    modmul::from_limbs(out, x, np + nq);
    return out;
  });
}

}  // namespace parmod
