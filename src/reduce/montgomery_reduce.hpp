// reduce/montgomery_reduce.hpp - full Montgomery reduction (REDC).
//
// Montgomery, "Modular multiplication without trial division" (1985); the
// paper's section 2.1.  Both forms compute R = C * beta^-n mod P with R < P.
#pragma once

#include "limbs/limbs.hpp"

namespace parmod::reduce {

// Word-by-word REDC: n steps of q = c_i * mu0 mod beta, C += q P beta^i.
// Inputs: P odd in pp[0, n) with pp[n-1] != 0; C in cp[0, 2n) with C < P beta^n
//         (any product of two residues < P qualifies); mu0 = -P^-1 mod beta.
// Output: rp[0, n) = C beta^-n mod P, fully reduced.  cp is destroyed.
//         rp equals cp + n or does not overlap cp.  Cost: n^2 limb products: the register windows
//         of reduce/montgomery_adx.hpp from max(kMontgomeryRedcAdxMin, tuning key
//         montgomery.window_adx_min) limbs (the key 0: never), else n limbs::addmul_1 rows
//         (mulx/adcx/adox where the CPU has them).
void montgomery_reduce_words(limb_t* rp, limb_t* cp, const limb_t* pp, std::size_t n, limb_t mu0) noexcept;

// REDC by two products: Q = mu C mod beta^n, R = (C + Q P) / beta^n, R -= P if R >= P.
// Inputs: as above with mu = -P^-1 mod beta^n in mu[0, n); cp is not modified.
// Output: rp[0, n), fully reduced; rp must not overlap cp.
// Scratch: montgomery_reduce_products_scratch(n) limbs, overlapping neither rp
// nor cp.  Two ways:
//  - limbs: Q and Q P by limbs::mul (Q the low half of the whole product
//    C mu: on the IFMA kernels GMP's mullo, on GMP's products, costs more),
//    2 M(n); Q by limbs::mullo for n <= 8.
//  - gmp (n > 8): GMP's redc_n, which gets the high half of Q P from
//    Q P mod (beta^n - 1) (about M(n)/2 by GMP's mulmod_bnm1) and the low
//    half, which is known: -C mod beta^n.
// RedcWay::automatic takes limbs where limbs::mul takes the AVX-512 IFMA
// kernels, up to the tuning key redc.ifma_max, and for n <= 8; gmp
// otherwise.  `way` forces one (for `parmod tune`, which measures
// redc.ifma_max, and the tests).
enum class RedcWay { automatic, limbs, gmp };
void montgomery_reduce_products(limb_t* rp, const limb_t* cp, const limb_t* pp, const limb_t* mu, std::size_t n,
                                limb_t* scratch, RedcWay way = RedcWay::automatic) noexcept;
constexpr std::size_t montgomery_reduce_products_scratch(std::size_t n) noexcept { return 3 * n; }

// REDC from Q P's wrapped product: r[0, n) = (T + Q P) / beta^n reduced below
// P, given T in t[0, 2n) (T < P beta^n, T + Q P = 0 mod beta^n, Q < beta^n)
// and X = Q P mod (beta^rn - 1) in x[0, rn) for n <= rn <= 2n + 4 (any
// representative in [0, beta^rn - 1]).  Q P's low half is known,
// Lo = -T mod beta^n, so its high half H (< P) is (X - Lo) beta^(rn - n)
// mod beta^rn - 1: a rotation by rn - n limbs (GMP's redc_n takes the high
// half the same way).  Then r = T_hi + H + [T_lo != 0], less P if needed.
// x is destroyed; scratch: n limbs, overlapping none of r, t, x; r overlaps
// neither t nor x.  Cost: four passes over rn limbs.
void montgomery_reduce_wrapped(limb_t* rp, const limb_t* tp, limb_t* xp, std::size_t rn, const limb_t* pp,
                               std::size_t n, limb_t* scratch) noexcept;

}  // namespace parmod::reduce
