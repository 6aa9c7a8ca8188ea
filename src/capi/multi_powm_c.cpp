// capi/multi_powm_c.cpp - parmod_multi_powm (parmod.h) over parmod::multi_powm.
//
// Conventions of capi/parmod_c.cpp: parmod::Error becomes its code,
// std::bad_alloc PARMOD_ERR_OUT_OF_MEMORY; r is written only on success.
#include <vector>

#include "capi/error_codes.hpp"

extern "C" int parmod_multi_powm(mpz_t r, size_t count, const mpz_t* bases, const mpz_t* exps, const mpz_t m) {
  if (!r || !m || (count > 0 && (!bases || !exps))) return PARMOD_ERR_INVALID_ARGUMENT;
  return parmod::capi::call([&] {
    std::vector<mpz_class> b, e;
    b.reserve(count);
    e.reserve(count);
    for (size_t i = 0; i < count; ++i) {
      b.emplace_back(bases[i]);
      e.emplace_back(exps[i]);
    }
    const mpz_class result = parmod::multi_powm(b, e, mpz_class(m));
    mpz_set(r, result.get_mpz_t());
  });
}
