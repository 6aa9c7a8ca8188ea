// api/mul.cpp - parmod::mul: the integer product a * b on the thread team.
//
// Contract: any signs and sizes; the result is a * b exactly.  threads 0:
// the default rule (parmod::set_num_threads, PARMOD_NUM_THREADS,
// OMP_NUM_THREADS, cores); threads < 0 throws InvalidArgument.  The body is
// api::integer_product, shared with parmod_mul: mpz_mul where GMP would run
// anyway, limbs::mul's own IFMA/mulx kernels where they win, Toom-3 with
// parallel products or k1 x k2 blocks (limbs::choose_mul, tuned thresholds)
// from the parallel threshold.  The only allocation is the result's limbs.
// Cost: M(|a|, |b|) divided over the threads where it pays.
#include "api/integer_product.hpp"
#include "parmod/parmod.hpp"

namespace parmod {

mpz_class mul(const mpz_class& a, const mpz_class& b, int threads) {
  if (threads < 0) throw InvalidArgument("parmod::mul: threads must be >= 0");
  mpz_class r;
  api::integer_product(r.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t(), threads);
  return r;
}

}  // namespace parmod
