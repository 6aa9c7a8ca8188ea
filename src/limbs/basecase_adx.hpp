// limbs/basecase_adx.hpp - schoolbook product and square on mulx/adcx/adox
// rows, for the sizes where quadratic multiplication is the fastest
// (Debian's generic libgmp has no mulx kernels; these lift the basecase range).
//
// Both require BMI2 + ADX (limbs::cpu_has_mulx_adx()); limbs::mul and
// limbs::sqr call them below the measured thresholds and GMP above.
#pragma once

#include <cstddef>

#include "limbs/limbs.hpp"

namespace parmod::config {
struct Tuning;
}

namespace parmod::limbs {

// rp[0, an+bn) = a * b.  an >= 1, bn >= 1, rp overlaps neither operand.
// Operand scanning: bn rows of limbs::addmul_1_adx_row over a (Knuth's
// Algorithm 4.3.1M with the inner loop in mulx/adcx/adox).
// Cost: an*bn limb products (about 1.5 core cycles each on Zen 4) + an stores.
void mul_basecase_adx(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn) noexcept;

// rp[0, 2n) = a^2.  n >= 1, rp does not overlap a.  The n(n-1)/2 products
// a_i a_j (i < j) once, as rows, then one pass doubling them and adding the
// diagonal a_i^2 (HAC Algorithm 14.16's symmetry, organised by rows).
// Cost: n(n-1)/2 + n limb products, 2n limbs shifted.
void sqr_basecase_adx(limb_t* rp, const limb_t* ap, std::size_t n) noexcept;

// The range [min, limit) of sizes (limbs of the shorter operand) in which
// limbs::mul / limbs::sqr use the functions above.  The minima are fixed
// (below them GMP's basecase, with less set-up per row, wins: 10 limbs for
// products, 18 for squares); the limits are the tuning keys
// mul.basecase_adx_max and sqr.basecase_adx_max (config/tuning.hpp; 0 =
// never, and 0 without BMI2 + ADX).
std::size_t mul_basecase_adx_min() noexcept;
std::size_t sqr_basecase_adx_min() noexcept;

// The size from which balanced products (squares) run Karatsuba over these
// kernels, and down to which its halves recurse: the tuning key
// mul.karatsuba_adx_min (sqr.karatsuba_adx_min), at least
// kKaratsubaAdxMinLeaf, or the schoolbook's limit where the key is 0.  Where
// the schoolbook beats GMP (its range) and where Karatsuba over it beats the
// schoolbook are separate facts of the CPU: unbalanced products keep the
// schoolbook's whole range.
constexpr std::size_t kKaratsubaAdxMinLeaf = 8;
std::size_t mul_karatsuba_adx_min(const config::Tuning& t) noexcept;
std::size_t sqr_karatsuba_adx_min(const config::Tuning& t) noexcept;
std::size_t mul_karatsuba_adx_min() noexcept;
std::size_t sqr_karatsuba_adx_min() noexcept;

}  // namespace parmod::limbs
