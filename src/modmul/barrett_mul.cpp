#include "modmul/barrett_mul.hpp"

#include "check/assert.hpp"
#include "reduce/barrett_reduce.hpp"

namespace parmod::modmul {
void barrett_copy_residue(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t*) noexcept {
  PARMOD_ASSERT(check::less(a, k.p.data(), k.n));
  PARMOD_ASSERT(check::same_or_separate(r, a, k.n));
  if (r != a) mpn_copyi(r, a, static_cast<mp_size_t>(k.n));
}

const limb_t* barrett_one(const ModulusConstants& k) noexcept { return k.one.data(); }

std::size_t barrett_scratch(std::size_t n) noexcept { return 2 * n + reduce::barrett_reduce_scratch(n); }

void barrett_mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, limb_t* scratch) noexcept {
  PARMOD_ASSERT(check::less(a, k.p.data(), k.n) && check::less(b, k.p.data(), k.n));
  PARMOD_ASSERT(check::same_or_separate(r, a, k.n) && check::same_or_separate(r, b, k.n));
  PARMOD_ASSERT(!check::overlap_any(scratch, barrett_scratch(k.n), k.n, r, a, b));
  limbs::mul(scratch, a, k.n, b, k.n);
  reduce::barrett_reduce(r, scratch, k.p.data(), k.n, k.nu.data(), k.nu_n, scratch + 2 * k.n);
}

void barrett_sqr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) noexcept {
  PARMOD_ASSERT(check::less(a, k.p.data(), k.n));
  PARMOD_ASSERT(check::same_or_separate(r, a, k.n));
  PARMOD_ASSERT(!check::overlap_any(scratch, barrett_scratch(k.n), k.n, r, a));
  limbs::sqr(scratch, a, k.n);
  reduce::barrett_reduce(r, scratch, k.p.data(), k.n, k.nu.data(), k.nu_n, scratch + 2 * k.n);
}

const Engine barrett_engine = {
    .name = "barrett", .scratch_limbs = barrett_scratch, .mul = barrett_mul, .sqr = barrett_sqr,
    .to_repr = barrett_copy_residue, .from_repr = barrett_copy_residue, .one = barrett_one,
};

}  // namespace parmod::modmul
