// consttime/montgomery_ct.hpp - Montgomery multiplication without secret-dependent
// branches or memory addresses.
//
// Kept apart from the variable-time code (as blst does): everything here runs
// the same instructions and touches the same addresses for every operand value
// of a given size.  Where the register-window kernels run (BMI2 + ADX), the
// product and square are their constant-time build (consttime/montgomery_adx_ct.hpp:
// the final subtraction a masked select; the unrolled kernels of the sizes
// limbs::window_adx_unrolled_tuned names where the tuning keys
// montgomery.adx_unrolled_max / adx_sqr_unrolled_max let the engine take
// them, and the zero-slot family of the entry points' unrolled sizes where
// montgomery.adx_small_zero_slot does).  Elsewhere the product uses GMP's
// side-channel-silent mpn_sec_mul / mpn_sec_sqr (schoolbook), the reduction is
// word-by-word REDC over mpn_addmul_1 and its final subtraction is GMP's
// mpn_cnd_sub_n with the condition computed arithmetically.  Neither branches
// on the modulus either (powm_sec_crt's primes are secret).
#pragma once

#include "consttime/montgomery_adx_ct.hpp"
#include "modmul/modulus_constants.hpp"

namespace parmod::consttime {

// r[0, n) = a b beta^-n mod P; a, b in [0, P); P odd (k.odd).  r may alias a or b.
// Scratch: montgomery_ct_scratch(n) limbs.  Cost: n^2 (product) + n^2 (REDC) limb products.
void montgomery_mul_ct(limb_t* r, const limb_t* a, const limb_t* b, const modmul::ModulusConstants& k,
                       limb_t* scratch) noexcept;
// r[0, n) = a^2 beta^-n mod P.
void montgomery_sqr_ct(limb_t* r, const limb_t* a, const modmul::ModulusConstants& k, limb_t* scratch) noexcept;
// r[0, n) = C beta^-n mod P for C in c[0, 2n), C < P beta^n; destroys c.
void montgomery_redc_ct(limb_t* r, limb_t* c, const modmul::ModulusConstants& k) noexcept;
std::size_t montgomery_ct_scratch(std::size_t n) noexcept;
// The kernels the functions above run on this CPU: "mulx/adx windows" or
// "mpn_sec products" (for reports such as parmod-bench ct).
const char* montgomery_ct_kernels() noexcept;

// montgomery_mul_ct and montgomery_sqr_ct for one modulus (same contracts),
// with the kernels chosen once, by the CPU and the tuning row, never by a
// value: the exponentiation's loop calls these without the per-call check.
class MontgomeryCt {
 public:
  explicit MontgomeryCt(const modmul::ModulusConstants& k) noexcept;
  void mul(limb_t* r, const limb_t* a, const limb_t* b, limb_t* scratch) const noexcept {
#if PARMOD_WINDOW_ADX_ASM
    if (windows_) return montgomery_mul_adx_ct(r, a, b, k_.p.data(), k_.mu0, k_.n, scratch, kernels_mul_);
#endif
    montgomery_mul_ct(r, a, b, k_, scratch);
  }
  void sqr(limb_t* r, const limb_t* a, limb_t* scratch) const noexcept {
#if PARMOD_WINDOW_ADX_ASM
    if (windows_) return montgomery_sqr_adx_ct(r, a, k_.p.data(), k_.mu0, k_.n, scratch, kernels_sqr_);
#endif
    montgomery_sqr_ct(r, a, k_, scratch);
  }

 private:
  const modmul::ModulusConstants& k_;
  bool windows_;
  limbs::WindowKernels kernels_mul_, kernels_sqr_;  // by the CPU, the tuning row and n (montgomery_ct.cpp)
};

}  // namespace parmod::consttime
