// api/small_odd_pow.hpp - pow for odd moduli of one to eight limbs on the
// fixed-size field kernels (parmod/field: Fp<N>, mulx/adx FIPS Montgomery),
// which beat GMP's mpz_powm there: a call into the general multi-precision
// code costs more than the arithmetic at these sizes.
#pragma once

#include <gmpxx.h>

#include <cstddef>

#include "config/tuning.hpp"
#include "limbs/limbs.hpp"
#include "parmod/field/fp_any.hpp"

namespace parmod::api {

// Whether pow under automatic, modulo a P of n limbs, runs by small_odd_pow:
// odd P from powm.field_min_limbs to powm.field_max_limbs limbs (tuning
// keys, config/tuning.hpp; at most 8 limbs, the field kernels' 512 bits).
inline bool small_odd_pow_pays(std::size_t n, bool odd) {
  const config::Tuning& t = config::tuning();
  return odd && n >= t.powm_field_min_limbs && n <= t.powm_field_max_limbs;
}

// b^e mod P for the field context f of P (make_fp_any(P): P odd, 3 <= P <
// 2^512), b any integer (reduced mod P) and e >= 0 in ep[0, en) (en = 0:
// e = 0, result 1).
// The left-to-right sliding window over odd powers (powm/sliding_window_scan,
// window by exponent length) on Fp<N>'s products: about bits(e) squarings
// and bits(e)/(w+1) + 2^(w-1) products of N limbs.  Variable time in e (not
// for secret exponents); the table lives on the stack, allocates only the
// result.
mpz_class small_odd_pow(const FpAny& f, const mpz_class& b, const limb_t* ep, std::size_t en);

}  // namespace parmod::api
