// api/mul.cpp - parmod::mul: the integer product a * b on the thread team.
//
// Contract: any signs and sizes; the result is a * b exactly.  threads 0:
// the default rule (parmod::set_num_threads, PARMOD_NUM_THREADS,
// OMP_NUM_THREADS, cores); threads < 0 throws InvalidArgument.  The method
// (sequential GMP, Toom-3 with parallel products, k1 x k2 blocks) comes
// from limbs::choose_mul and the tuned thresholds.  Scratch is the calling
// thread's reusable buffer (api/scratch.hpp); the only allocation is the
// result's limbs.  Cost: M(|a|, |b|) divided over the threads where it pays.
#include <new>

#include "api/scratch.hpp"
#include "limbs/parallel_mul.hpp"
#include "parmod/parmod.hpp"

namespace parmod {

mpz_class mul(const mpz_class& a, const mpz_class& b, int threads) {
  if (threads < 0) throw InvalidArgument("parmod::mul: threads must be >= 0");
  const std::size_t an = mpz_size(a.get_mpz_t()), bn = mpz_size(b.get_mpz_t());
  mpz_class r;
  if (an == 0 || bn == 0) return r;
  if (!limbs::parallel_mul_pays(an, bn)) {  // small: GMP directly, nothing else to pay for
    mpz_mul(r.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t());
    return r;
  }
  const limb_t* ap = mpz_limbs_read(a.get_mpz_t());
  const limb_t* bp = mpz_limbs_read(b.get_mpz_t());
  api::ScratchLease scratch(limbs::parallel_mul_scratch(an, bn));
  limb_t* rp = mpz_limbs_write(r.get_mpz_t(), static_cast<mp_size_t>(an + bn));
  limbs::parallel_mul(rp, ap, an, bp, bn, threads, scratch.get());
  const mp_size_t rn = static_cast<mp_size_t>(limbs::normalized_size(rp, an + bn));
  mpz_limbs_finish(r.get_mpz_t(), (mpz_sgn(a.get_mpz_t()) < 0) != (mpz_sgn(b.get_mpz_t()) < 0) ? -rn : rn);
  return r;
}

}  // namespace parmod
