// api/integer_semantics.hpp - Python's pow(b, e, m) and (a * b) % m rules.
//
// The APIs reduce every input to a residue of |m| before the limb layers see
// it, and put the sign of m back on the way out.
#pragma once

#include <gmpxx.h>

#include "limbs/limbs.hpp"

namespace parmod::api {

// |m|; throws DivisionByZero (naming `what`) for m = 0.
mpz_class modulus_magnitude(const mpz_class& m, const char* what = "modulus");

// out[0, n) = a mod P in [0, P) (a any sign, any size); P > 0 has n limbs.
void reduce_to_limbs(limb_t* out, std::size_t n, const mpz_class& a, const mpz_class& P);

// Python's sign rule: for m < 0 a nonzero residue r in [0, |m|) becomes r + m.
void apply_modulus_sign(mpz_class& r, const mpz_class& m);

// For e < 0: b <- b^-1 mod P (throws NotInvertible) and returns |e|; else e.
// P > 1.
mpz_class resolve_negative_exponent(mpz_class& b, const mpz_class& e, const mpz_class& P);

}  // namespace parmod::api
