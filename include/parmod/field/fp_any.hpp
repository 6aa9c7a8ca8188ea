// parmod/field/fp_any.hpp - one of Fp<2>..Fp<8>, chosen by the size of p at
// run time: the context behind the C API (parmod_field.h) and behind pow for
// small odd moduli (api/small_odd_pow).  Dispatch with std::visit.
#pragma once

#include <gmpxx.h>

#include <variant>

#include "parmod/error.hpp"

#include "parmod/field/fp.hpp"

namespace parmod {

using FpAny = std::variant<Fp<2>, Fp<3>, Fp<4>, Fp<5>, Fp<6>, Fp<7>, Fp<8>>;

// The limb count of the Fp<N> that holds p: max(2, ceil(bits(p) / 64)).
inline int fp_any_limbs(const mpz_class& p) {
  const int n = static_cast<int>((mpz_sizeinbase(p.get_mpz_t(), 2) + 63) / 64);
  return n < 2 ? 2 : n;
}

// The context for F_p (p odd, 3 <= p < 2^512): Fp<fp_any_limbs(p)>.  Throws
// parmod::InvalidArgument for another p or a path this CPU lacks (as Fp<N>),
// std::bad_alloc when memory runs out.  Cost: Fp<N>'s constructor.
inline FpAny make_fp_any(const mpz_class& p, FieldPath path = FieldPath::automatic) {
  switch (fp_any_limbs(p)) {
    case 2: return FpAny(std::in_place_type<Fp<2>>, p, path);
    case 3: return FpAny(std::in_place_type<Fp<3>>, p, path);
    case 4: return FpAny(std::in_place_type<Fp<4>>, p, path);
    case 5: return FpAny(std::in_place_type<Fp<5>>, p, path);
    case 6: return FpAny(std::in_place_type<Fp<6>>, p, path);
    case 7: return FpAny(std::in_place_type<Fp<7>>, p, path);
    case 8: return FpAny(std::in_place_type<Fp<8>>, p, path);
    default: throw parmod::InvalidArgument("FpAny: the modulus must fit in 8 limbs");
  }
}

}  // namespace parmod
