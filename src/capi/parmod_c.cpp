// capi/parmod_c.cpp - the C API (parmod.h) over the C++ one.
//
// Every call catches parmod::Error and std::bad_alloc and returns the code;
// the result operand is written only on success.  Inputs are copied before
// the result is written, so r may be any input (r == a == m included).  A
// null pointer (a context included: init leaves NULL on failure) is
// PARMOD_ERR_INVALID_ARGUMENT.
#include "parmod.h"

#include <cstring>
#include <new>
#include <vector>

#include "capi/error_codes.hpp"
#include "consttime/wiped_limbs.hpp"
#include "parmod/parmod.hpp"

struct parmod_modulus_s {
  parmod::Modulus modulus;
};

namespace {

mpz_class copy_in(const mpz_t x) { return mpz_class(x); }

using parmod::capi::call;

// Whether a parmod_algorithm from a C caller names a row of the table.  Its bits are read as an
// int, not loaded as the enum: a C caller may pass any int, and in C++ the type's values are only
// [0, 2^31) (PARMOD_ALGORITHM_MAX_ENUM_), so loading a negative one is undefined behaviour
// (clang's -fsanitize=enum reports it).
bool valid_algorithm(const parmod_algorithm& algorithm) {
  int a;
  static_assert(sizeof a == sizeof algorithm);
  std::memcpy(&a, &algorithm, sizeof a);
  return a >= 0 && static_cast<std::size_t>(a) < parmod::algorithms().size();
}

}  // namespace

extern "C" {

int parmod_mulmod(mpz_t r, const mpz_t a, const mpz_t b, const mpz_t m) {
  if (!r || !a || !b || !m) return PARMOD_ERR_INVALID_ARGUMENT;
  return call([&] { mpz_set(r, parmod::mulmod(copy_in(a), copy_in(b), copy_in(m)).get_mpz_t()); });
}

int parmod_powm(mpz_t r, const mpz_t b, const mpz_t e, const mpz_t m) {
  if (!r || !b || !e || !m) return PARMOD_ERR_INVALID_ARGUMENT;
  return call([&] { mpz_set(r, parmod::powm(copy_in(b), copy_in(e), copy_in(m)).get_mpz_t()); });
}

int parmod_modulus_init(parmod_modulus_t* ctx, const mpz_t m, parmod_algorithm algorithm, int threads) {
  if (!ctx) return PARMOD_ERR_INVALID_ARGUMENT;
  *ctx = nullptr;  // the empty context, whatever happens below
  if (!m || !valid_algorithm(algorithm) || threads < 0) return PARMOD_ERR_INVALID_ARGUMENT;
  return call([&] {
    *ctx = new parmod_modulus_s{parmod::Modulus(copy_in(m), static_cast<parmod::Algorithm>(algorithm), threads)};
  });
}

int parmod_modulus_mulmod(mpz_t r, const mpz_t a, const mpz_t b, parmod_modulus_t ctx) {
  if (!r || !a || !b || !ctx) return PARMOD_ERR_INVALID_ARGUMENT;
  return call([&] { mpz_set(r, ctx->modulus.mul(copy_in(a), copy_in(b)).get_mpz_t()); });
}

int parmod_modulus_powm(mpz_t r, const mpz_t b, const mpz_t e, parmod_modulus_t ctx) {
  if (!r || !b || !e || !ctx) return PARMOD_ERR_INVALID_ARGUMENT;
  return call([&] { mpz_set(r, ctx->modulus.pow(copy_in(b), copy_in(e)).get_mpz_t()); });
}

void parmod_modulus_clear(parmod_modulus_t ctx) { delete ctx; }

int parmod_modulus_to_mont(mpz_t r, const mpz_t a, parmod_modulus_t ctx) {
  if (!r || !a || !ctx) return PARMOD_ERR_INVALID_ARGUMENT;
  return call([&] { mpz_set(r, ctx->modulus.to_mont(copy_in(a)).get_mpz_t()); });
}

int parmod_modulus_mont_mul(mpz_t r, const mpz_t a, const mpz_t b, parmod_modulus_t ctx) {
  if (!r || !a || !b || !ctx) return PARMOD_ERR_INVALID_ARGUMENT;
  return call([&] { mpz_set(r, ctx->modulus.mont_mul(copy_in(a), copy_in(b)).get_mpz_t()); });
}

int parmod_modulus_from_mont(mpz_t r, const mpz_t a, parmod_modulus_t ctx) {
  if (!r || !a || !ctx) return PARMOD_ERR_INVALID_ARGUMENT;
  return call([&] { mpz_set(r, ctx->modulus.from_mont(copy_in(a)).get_mpz_t()); });
}

int parmod_powm_sec(mpz_t r, const mpz_t b, const mpz_t e, const mpz_t m) {
  if (!r || !b || !e || !m) return PARMOD_ERR_INVALID_ARGUMENT;
  return call([&] { mpz_set(r, parmod::powm_sec(copy_in(b), copy_in(e), copy_in(m)).get_mpz_t()); });
}

int parmod_powm_crt(mpz_t r, const mpz_t b, const mpz_t e, const mpz_t p, const mpz_t q) {
  if (!r || !b || !e || !p || !q) return PARMOD_ERR_INVALID_ARGUMENT;
  return call([&] { mpz_set(r, parmod::powm_crt(copy_in(b), copy_in(e), {copy_in(p), copy_in(q)}).get_mpz_t()); });
}

int parmod_powm_sec_crt(mpz_t r, const mpz_t b, const mpz_t e, const mpz_t p, const mpz_t q) {
  if (!r || !b || !e || !p || !q) return PARMOD_ERR_INVALID_ARGUMENT;
  // The copies of the key are wiped before GMP frees them.
  mpz_class bv = copy_in(b), ev = copy_in(e), pv = copy_in(p), qv = copy_in(q);
  const int rc = call([&] {
    mpz_class x = parmod::powm_sec_crt(bv, ev, pv, qv);
    mpz_set(r, x.get_mpz_t());
    parmod::consttime::wipe(x);
  });
  for (mpz_class* v : {&bv, &ev, &pv, &qv}) parmod::consttime::wipe(*v);
  return rc;
}

int parmod_powm_list(mpz_t* r, size_t count, const mpz_t* bases, size_t bases_count, const mpz_t* exps,
                     size_t exps_count, const mpz_t m) {
  if (!m || (count > 0 && (!r || !bases || !exps))) return PARMOD_ERR_INVALID_ARGUMENT;
  if ((bases_count != 1 && bases_count != count) || (exps_count != 1 && exps_count != count))
    return PARMOD_ERR_INVALID_ARGUMENT;
  return call([&] {
    std::vector<mpz_class> b, e;
    for (size_t i = 0; i < (count ? bases_count : 0); ++i) b.push_back(copy_in(bases[i]));
    for (size_t i = 0; i < (count ? exps_count : 0); ++i) e.push_back(copy_in(exps[i]));
    const std::vector<mpz_class> out = parmod::powm_list(b, e, copy_in(m));
    for (size_t i = 0; i < out.size(); ++i) mpz_set(r[i], out[i].get_mpz_t());
  });
}

void parmod_set_num_threads(int threads) { parmod::set_num_threads(threads); }
int parmod_get_num_threads(void) { return parmod::get_num_threads(); }

int parmod_algorithm_count(void) { return static_cast<int>(parmod::algorithms().size()); }

const char* parmod_algorithm_name(parmod_algorithm algorithm) {
  return valid_algorithm(algorithm) ? parmod::algorithms()[static_cast<std::size_t>(algorithm)].name : nullptr;
}

const char* parmod_strerror(int code) {
  switch (code) {
    case PARMOD_OK: return "success";
    case PARMOD_ERR_INVALID_ARGUMENT: return "invalid argument";
    case PARMOD_ERR_DIVISION_BY_ZERO: return "modulus is zero";
    case PARMOD_ERR_NOT_INVERTIBLE: return "base is not invertible for the given modulus";
    case PARMOD_ERR_UNSUPPORTED_ALGORITHM: return "algorithm cannot take this modulus";
    case PARMOD_ERR_OUT_OF_MEMORY: return "out of memory";
    case PARMOD_ERR_INTERNAL: return "internal error";
    default: return "unknown error code";
  }
}

const char* parmod_version(void) { return parmod::version(); }

}  // extern "C"
