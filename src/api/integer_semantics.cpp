#include "api/integer_semantics.hpp"

#include "modmul/modulus_constants.hpp"
#include "parmod/parmod.hpp"

namespace parmod::api {

mpz_class modulus_magnitude(const mpz_class& m, const char* what) {
  if (m == 0) throw DivisionByZero(std::string(what) + " must not be zero");
  return abs(m);
}

void reduce_to_limbs(limb_t* out, std::size_t n, const mpz_class& a, const mpz_class& P) {
  if (a >= 0 && a < P) {
    modmul::to_limbs(out, n, a);
    return;
  }
  mpz_class r;
  mpz_fdiv_r(r.get_mpz_t(), a.get_mpz_t(), P.get_mpz_t());  // in [0, P) since P > 0
  modmul::to_limbs(out, n, r);
}

void apply_modulus_sign(mpz_class& r, const mpz_class& m) {
  if (m < 0 && r != 0) r += m;
}

mpz_class resolve_negative_exponent(mpz_class& b, const mpz_class& e, const mpz_class& P) {
  if (e >= 0) return e;
  mpz_class inv;
  if (mpz_invert(inv.get_mpz_t(), b.get_mpz_t(), P.get_mpz_t()) == 0)
    throw NotInvertible("base is not invertible for the given modulus");
  b = inv;
  return -e;
}

}  // namespace parmod::api
