#include "modmul/montgomery_mul.hpp"

#include "check/assert.hpp"
#include "config/tuning.hpp"
#include "reduce/montgomery_reduce.hpp"

namespace parmod::modmul {

void to_montgomery(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) noexcept {
  montgomery_mul(r, a, k.r2_mod_p.data(), k, scratch);
}

void from_montgomery(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) noexcept {
  PARMOD_ASSERT(check::less(a, k.p.data(), k.n));
  PARMOD_ASSERT(!check::overlap_any(scratch, montgomery_scratch(k.n), k.n, r, a));
  const std::size_t n = k.n;
  limb_t* c = scratch;
  mpn_copyi(c, a, static_cast<mp_size_t>(n));
  mpn_zero(c + n, static_cast<mp_size_t>(n));
  montgomery_redc(r, c, k, scratch + 2 * n);
}

const limb_t* montgomery_one(const ModulusConstants& k) noexcept { return k.r_mod_p.data(); }

std::size_t redc_products_threshold() noexcept { return config::tuning().redc_products_threshold; }

std::size_t montgomery_scratch(std::size_t n) noexcept {
  return 2 * n + reduce::montgomery_reduce_products_scratch(n);
}

void montgomery_redc(limb_t* r, limb_t* c, const ModulusConstants& k, limb_t* scratch_after_c) noexcept {
  PARMOD_ASSERT(k.odd);
  if (k.n < redc_products_threshold())
    reduce::montgomery_reduce_words(r, c, k.p.data(), k.n, k.mu0);
  else
    reduce::montgomery_reduce_products(r, c, k.p.data(), k.mu.data(), k.n, scratch_after_c);
}

void montgomery_mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, limb_t* scratch) noexcept {
  PARMOD_ASSERT(k.odd && check::less(a, k.p.data(), k.n) && check::less(b, k.p.data(), k.n));
  PARMOD_ASSERT(check::same_or_separate(r, a, k.n) && check::same_or_separate(r, b, k.n));
  PARMOD_ASSERT(!check::overlap_any(scratch, montgomery_scratch(k.n), k.n, r, a, b));
  limbs::mul(scratch, a, k.n, b, k.n);
  montgomery_redc(r, scratch, k, scratch + 2 * k.n);
}

void montgomery_sqr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) noexcept {
  PARMOD_ASSERT(k.odd && check::less(a, k.p.data(), k.n));
  PARMOD_ASSERT(check::same_or_separate(r, a, k.n));
  PARMOD_ASSERT(!check::overlap_any(scratch, montgomery_scratch(k.n), k.n, r, a));
  limbs::sqr(scratch, a, k.n);
  montgomery_redc(r, scratch, k, scratch + 2 * k.n);
}

const Engine montgomery_engine = {
    .name = "montgomery", .scratch_limbs = montgomery_scratch, .mul = montgomery_mul, .sqr = montgomery_sqr,
    .to_repr = to_montgomery, .from_repr = from_montgomery, .one = montgomery_one,
};

}  // namespace parmod::modmul
