// api/small_odd_pow.cpp - see small_odd_pow.hpp.
#include "api/small_odd_pow.hpp"

namespace parmod::api {

mpz_class small_odd_pow(const FpAny& f, const mpz_class& b, const limb_t* ep, std::size_t en) {
  return std::visit([&](const auto& field) { return field.to_mpz(field.pow(field.from_mpz(b), ep, en)); }, f);
}

}  // namespace parmod::api
