#include "reduce/montgomery_reduce.hpp"

#include <algorithm>

#include "check/assert.hpp"
#include "config/tuning.hpp"
#include "limbs/addmul_1.hpp"
#include "limbs/addmul_1_adx_row.hpp"
#include "limbs/cpu_features.hpp"
#include "reduce/montgomery_adx.hpp"

// GMP's REDC by a low product and a product mod beta^n - 1 (mpn/generic/redc_n.c,
// exported by libgmp since 5.0): rp = up beta^-n mod mp for ip = mp^-1 mod beta^n,
// n > 8; clobbers up.
extern "C" void __gmpn_redc_n(mp_ptr rp, mp_ptr up, mp_srcptr mp, mp_size_t n, mp_srcptr ip);

namespace parmod::reduce {

void montgomery_reduce_words(limb_t* rp, limb_t* cp, const limb_t* pp, std::size_t n, limb_t mu0) noexcept {
  PARMOD_ASSERT(n >= 1 && pp[0] % 2 == 1 && pp[n - 1] != 0);
  PARMOD_ASSERT(limb_t(pp[0] * mu0) == ~limb_t(0));  // mu0 = -P^-1 mod beta
  PARMOD_ASSERT(check::less(cp + n, pp, n));          // C < P beta^n
  PARMOD_ASSERT(rp == cp + n || !check::overlap(rp, n, cp, 2 * n));
#if PARMOD_WINDOW_ADX_ASM
  const config::Tuning& t = config::tuning();
  const std::size_t window_min = t.montgomery_window_adx_min;  // 0: never
  if (window_min > 0 && n >= std::max(window_min, kMontgomeryRedcAdxMin))
    return montgomery_redc_adx(rp, cp, pp, mu0, n, n < t.montgomery_adx_redc_passes_max);
#endif
  const auto sn = static_cast<mp_size_t>(n);
  // Step i zeroes c_i; the carry out of the n-limb window is parked in the
  // zeroed limb and added in one pass at the end (C + QP < 2 P beta^n).
#if defined(__x86_64__)
  static const bool adx = limbs::cpu_has_mulx_adx();
  if (adx) {
    for (std::size_t i = 0; i < n; ++i) cp[i] = limbs::addmul_1_adx_row(cp + i, pp, n, cp[i] * mu0);
  } else
#endif
  {
    for (std::size_t i = 0; i < n; ++i) cp[i] = limbs::addmul_1(cp + i, pp, n, cp[i] * mu0);
  }
  const limb_t carry = mpn_add_n(rp, cp + n, cp, sn);
  // (C + QP) / beta^n = carry * beta^n + rp < 2P: one subtraction at most.
  if (carry || mpn_cmp(rp, pp, sn) >= 0) mpn_sub_n(rp, rp, pp, sn);
}

namespace {

// GMP's redc_n (n > 8): QP's high half from QP mod (beta^n - 1) and its known
// low half, on a copy of C (redc_n clobbers its input).
void redc_by_gmp(limb_t* rp, const limb_t* cp, const limb_t* pp, const limb_t* mu, std::size_t n,
                 limb_t* scratch) noexcept {
  const auto sn = static_cast<mp_size_t>(n);
  limb_t* ip = scratch;     // n limbs: P^-1 mod beta^n = -mu
  limb_t* c = scratch + n;  // 2n limbs
  mpn_neg(ip, mu, sn);
  mpn_copyi(c, cp, 2 * sn);
  __gmpn_redc_n(rp, c, pp, sn, ip);
}

// Q and Q P by limbs::mul (Q by limbs::mullo for n <= 8).
void redc_by_limbs(limb_t* rp, const limb_t* cp, const limb_t* pp, const limb_t* mu, std::size_t n,
                   limb_t* scratch) noexcept {
  const auto sn = static_cast<mp_size_t>(n);
  limb_t* q = scratch;        // n limbs
  limb_t* qp = scratch + n;   // 2n limbs
  if (n > 8) {
    // On the IFMA kernels the whole product C mu beats GMP's mullo (which
    // runs on GMP's own products); Q is its low half.
    limbs::mul(qp, cp, n, mu, n);
    mpn_copyi(q, qp, sn);
  } else {
    limbs::mullo(q, cp, mu, n);
  }
  limbs::mul(qp, pp, n, q, n);
  // C + QP = 0 mod beta^n: the low halves add to 0 or beta^n; the carry out of
  // them is 1 exactly when the low half of C is nonzero.
  const limb_t low_carry = limbs::any_nonzero(cp, n) ? 1 : 0;
  limb_t carry = mpn_add_n(rp, cp + n, qp + n, sn);
  carry += mpn_add_1(rp, rp, sn, low_carry);
  if (carry || mpn_cmp(rp, pp, sn) >= 0) mpn_sub_n(rp, rp, pp, sn);
}

}  // namespace

void montgomery_reduce_products(limb_t* rp, const limb_t* cp, const limb_t* pp, const limb_t* mu, std::size_t n,
                                limb_t* scratch, RedcWay way) noexcept {
  PARMOD_ASSERT(n >= 1 && pp[0] % 2 == 1 && pp[n - 1] != 0);
  PARMOD_ASSERT(limb_t(pp[0] * mu[0]) == ~limb_t(0));  // mu = -P^-1 mod beta^n, checked mod beta
  PARMOD_ASSERT(check::less(cp + n, pp, n));             // C < P beta^n
  PARMOD_ASSERT(!check::overlap(rp, n, cp, 2 * n));
  PARMOD_ASSERT(!check::overlap(scratch, montgomery_reduce_products_scratch(n), rp, n) &&
                !check::overlap(scratch, montgomery_reduce_products_scratch(n), cp, 2 * n));
  PARMOD_ASSERT(way != RedcWay::gmp || n > 8);
  if (way == RedcWay::automatic) {
    const config::Tuning& t = config::tuning();  // one snapshot for both conditions
    const bool ifma = limbs::is_ifma(limbs::mul_kernel(t, n, n)) && n <= t.redc_ifma_max;
    way = n > 8 && !ifma ? RedcWay::gmp : RedcWay::limbs;
  }
  if (way == RedcWay::gmp) return redc_by_gmp(rp, cp, pp, mu, n, scratch);
  redc_by_limbs(rp, cp, pp, mu, n, scratch);
}

void montgomery_reduce_wrapped(limb_t* rp, const limb_t* tp, limb_t* xp, std::size_t rn, const limb_t* pp,
                               std::size_t n, limb_t* scratch) noexcept {
  PARMOD_ASSERT(n >= 1 && rn >= n && rn <= 2 * n + 4 && pp[0] % 2 == 1 && pp[n - 1] != 0);
  PARMOD_ASSERT(!check::overlap(rp, n, tp, 2 * n) && !check::overlap(rp, n, xp, rn));
  PARMOD_ASSERT(!check::overlap(scratch, n, rp, n) && !check::overlap(scratch, n, tp, 2 * n) &&
                !check::overlap(scratch, n, xp, rn));
  const std::size_t s = rn - n;
  const auto sn = static_cast<mp_size_t>(n), srn = static_cast<mp_size_t>(rn);
  limb_t* lo = scratch;
  const limb_t low_carry = mpn_neg(lo, tp, sn);  // 1 exactly when T_lo != 0
  if (mpn_sub(xp, xp, srn, lo, sn)) mpn_sub_1(xp, xp, srn, 1);
  bool all_ones = xp[0] == ~limb_t(0);  // beta^rn - 1 stands for 0
  for (std::size_t i = 1; i < rn && all_ones; ++i) all_ones = xp[i] == ~limb_t(0);
  if (all_ones) mpn_zero(xp, srn);
  limb_t* h = scratch;  // H[j] = X[(j - s) mod rn]; X[n - s, n) land above H's n limbs and are 0
  PARMOD_ASSERT(!limbs::any_nonzero(xp + (n - s), s));
  mpn_copyi(h, xp + n, static_cast<mp_size_t>(s));
  mpn_copyi(h + s, xp, static_cast<mp_size_t>(n - s));
  limb_t carry = mpn_add_n(rp, tp + n, h, sn);
  carry += mpn_add_1(rp, rp, sn, low_carry);
  if (carry || mpn_cmp(rp, pp, sn) >= 0) mpn_sub_n(rp, rp, pp, sn);
}

}  // namespace parmod::reduce
