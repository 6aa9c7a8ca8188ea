#include "modmul/montgomery_mul.hpp"

#include "config/tuning.hpp"
#include "reduce/montgomery_reduce.hpp"

namespace parmod::modmul {
namespace {

bool accepts(const ModulusConstants& k) { return k.odd; }

void to_montgomery(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) {
  montgomery_mul(r, a, k.r2_mod_p.data(), k, scratch);
}

void from_montgomery(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) {
  const std::size_t n = k.n;
  limb_t* c = scratch;
  mpn_copyi(c, a, static_cast<mp_size_t>(n));
  mpn_zero(c + n, static_cast<mp_size_t>(n));
  montgomery_redc(r, c, k, scratch + 2 * n);
}

const limb_t* montgomery_one(const ModulusConstants& k) { return k.r_mod_p.data(); }

}  // namespace

std::size_t redc_products_threshold() noexcept { return config::tuning().redc_products_threshold; }

std::size_t montgomery_scratch(std::size_t n) noexcept {
  return 2 * n + reduce::montgomery_reduce_products_scratch(n);
}

void montgomery_redc(limb_t* r, limb_t* c, const ModulusConstants& k, limb_t* scratch_after_c) noexcept {
  if (k.n < redc_products_threshold())
    reduce::montgomery_reduce_words(r, c, k.p.data(), k.n, k.mu0);
  else
    reduce::montgomery_reduce_products(r, c, k.p.data(), k.mu.data(), k.n, scratch_after_c);
}

void montgomery_mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, limb_t* scratch) noexcept {
  limbs::mul(scratch, a, k.n, b, k.n);
  montgomery_redc(r, scratch, k, scratch + 2 * k.n);
}

void montgomery_sqr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) noexcept {
  limbs::sqr(scratch, a, k.n);
  montgomery_redc(r, scratch, k, scratch + 2 * k.n);
}

const Engine montgomery_engine = {
    "montgomery", accepts, montgomery_scratch, montgomery_mul, montgomery_sqr, to_montgomery, from_montgomery,
    montgomery_one,
};

}  // namespace parmod::modmul
