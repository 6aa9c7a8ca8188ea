// src/capi/field_c.cpp - the C API of parmod_field.h over parmod::Fp<N>: a
// context holds one of Fp<2>..Fp<8> (FpAny), chosen by the size of p at run time;
// each call dispatches once (std::visit) and copies N limbs in and out.
#include "parmod_field.h"

#include <algorithm>
#include <cstring>
#include <new>
#include <stdexcept>

#include "capi/error_codes.hpp"
#include "check/assert.hpp"
#include "parmod/field/fp_any.hpp"

namespace {

template <class F>
typename F::Element load(const parmod_fe* a) {
  typename F::Element e;
  std::memcpy(e.v, a->limb, sizeof e.v);
  return e;
}
template <class F>
void store(parmod_fe* r, const typename F::Element& e) {
  parmod_fe out{};
  std::memcpy(out.limb, e.v, sizeof e.v);
  *r = out;
}

}  // namespace

struct parmod_field_s {
  parmod::FpAny f;
};

extern "C" {

int parmod_field_init(parmod_field_t* field, const mpz_t p, parmod_field_path path) {
  if (!field) return PARMOD_ERR_INVALID_ARGUMENT;
  *field = nullptr;  // the empty context, whatever happens below
  if (!p) return PARMOD_ERR_INVALID_ARGUMENT;
  if (mpz_cmp_ui(p, 3) < 0 || mpz_even_p(p) || mpz_sizeinbase(p, 2) > 512) return PARMOD_ERR_INVALID_ARGUMENT;
  if (path != PARMOD_FIELD_AUTO && path != PARMOD_FIELD_PORTABLE && path != PARMOD_FIELD_MULX_ADX)
    return PARMOD_ERR_INVALID_ARGUMENT;
  auto fp = static_cast<parmod::FieldPath>(path);
  if (fp == parmod::FieldPath::mulx_adx && !parmod::cpu_has_mulx_adx()) return PARMOD_ERR_INVALID_ARGUMENT;
  try {
    parmod::FpAny v = parmod::make_fp_any(mpz_class(p), fp);
    *field = new parmod_field_s{std::move(v)};
  } catch (const std::bad_alloc&) {
    return PARMOD_ERR_OUT_OF_MEMORY;
  } catch (const parmod::Error& e) {
    return static_cast<int>(e.code());
  } catch (...) {
    return PARMOD_ERR_INTERNAL;
  }
  return PARMOD_OK;
}

void parmod_field_clear(parmod_field_t field) { delete field; }

int parmod_field_limbs(parmod_field_t field) {
  return field ? std::visit([](const auto& f) { return f.limb_count; }, field->f) : 0;
}
size_t parmod_field_byte_length(parmod_field_t field) {
  return field ? std::visit([](const auto& f) { return f.byte_length(); }, field->f) : 0;
}
int parmod_field_is_lazy(parmod_field_t field) {
  return field ? std::visit([](const auto& f) { return f.lazy() ? 1 : 0; }, field->f) : 0;
}

int parmod_field_set_mpz(parmod_field_t field, parmod_fe* r, const mpz_t a) {
  if (!field || !r || !a) return PARMOD_ERR_INVALID_ARGUMENT;
  return parmod::capi::call([&] {
    std::visit([&](const auto& f) { store<std::decay_t<decltype(f)>>(r, f.from_mpz(mpz_class(a))); }, field->f);
  });
}

int parmod_field_set_ui(parmod_field_t field, parmod_fe* r, unsigned long a) {
  mpz_class x(a);
  return parmod_field_set_mpz(field, r, x.get_mpz_t());
}

int parmod_field_set_bytes(parmod_field_t field, parmod_fe* r, const unsigned char* in, size_t len) {
  if (!field || !r || !in || len != parmod_field_byte_length(field)) return PARMOD_ERR_INVALID_ARGUMENT;
  return std::visit(
      [&](const auto& f) {
        using F = std::decay_t<decltype(f)>;
        typename F::Element e;
        if (!f.from_bytes(e, in)) return (int)PARMOD_ERR_INVALID_ARGUMENT;
        store<F>(r, e);
        return (int)PARMOD_OK;
      },
      field->f);
}

int parmod_field_get_mpz(parmod_field_t field, mpz_t r, const parmod_fe* a) {
  if (!field || !r || !a) return PARMOD_ERR_INVALID_ARGUMENT;
  std::visit([&](const auto& f) { mpz_set(r, f.to_mpz(load<std::decay_t<decltype(f)>>(a)).get_mpz_t()); }, field->f);
  return PARMOD_OK;
}

int parmod_field_get_bytes(parmod_field_t field, unsigned char* out, size_t len, const parmod_fe* a) {
  if (!field || !out || !a || len != parmod_field_byte_length(field)) return PARMOD_ERR_INVALID_ARGUMENT;
  std::visit([&](const auto& f) { f.to_bytes(out, load<std::decay_t<decltype(f)>>(a)); }, field->f);
  return PARMOD_OK;
}

#define PARMOD_FIELD_BINARY(name, op)                                                         \
  int parmod_field_##name(parmod_field_t field, parmod_fe* r, const parmod_fe* a, const parmod_fe* b) { \
    if (!field || !r || !a || !b) return PARMOD_ERR_INVALID_ARGUMENT;                       \
    std::visit(                                                                              \
        [&](const auto& f) {                                                                 \
          using F = std::decay_t<decltype(f)>;                                               \
          store<F>(r, f.op(load<F>(a), load<F>(b)));                                         \
        },                                                                                   \
        field->f);                                                                           \
    return PARMOD_OK;                                                                        \
  }
#define PARMOD_FIELD_UNARY(name, op)                                                   \
  int parmod_field_##name(parmod_field_t field, parmod_fe* r, const parmod_fe* a) {   \
    if (!field || !r || !a) return PARMOD_ERR_INVALID_ARGUMENT;                      \
    std::visit(                                                                       \
        [&](const auto& f) {                                                          \
          using F = std::decay_t<decltype(f)>;                                        \
          store<F>(r, f.op(load<F>(a)));                                              \
        },                                                                            \
        field->f);                                                                    \
    return PARMOD_OK;                                                                 \
  }

PARMOD_FIELD_BINARY(add, add)
PARMOD_FIELD_BINARY(sub, sub)
PARMOD_FIELD_BINARY(mul, mul)
PARMOD_FIELD_UNARY(neg, neg)
PARMOD_FIELD_UNARY(sqr, sqr)

int parmod_field_mul_batch(parmod_field_t field, parmod_fe* r, const parmod_fe* a, const parmod_fe* b, size_t n) {
  if (!field || ((!r || !a || !b) && n > 0)) return PARMOD_ERR_INVALID_ARGUMENT;
  // GMP's rule: r is a (or b) exactly, or shares no element with it.
  if (n > 0 && (!parmod::check::same_or_separate<parmod_fe>(r, a, n) || !parmod::check::same_or_separate<parmod_fe>(r, b, n)))
    return PARMOD_ERR_INVALID_ARGUMENT;
  std::visit(
      [&](const auto& f) {
        using F = std::decay_t<decltype(f)>;
        constexpr std::size_t kChunk = 64;  // parmod_fe (8 limbs) -> contiguous N-limb elements
        typename F::Element x[kChunk], y[kChunk];
        for (std::size_t s = 0; s < n; s += kChunk) {
          const std::size_t m = std::min(kChunk, n - s);
          for (std::size_t i = 0; i < m; ++i) x[i] = load<F>(a + s + i), y[i] = load<F>(b + s + i);
          f.mul_batch(x, x, y, m);
          for (std::size_t i = 0; i < m; ++i) store<F>(r + s + i, x[i]);
        }
      },
      field->f);
  return PARMOD_OK;
}

int parmod_field_inv(parmod_field_t field, parmod_fe* r, const parmod_fe* a) {
  if (!field || !r || !a) return PARMOD_ERR_INVALID_ARGUMENT;
  return std::visit(
      [&](const auto& f) {
        using F = std::decay_t<decltype(f)>;
        auto x = load<F>(a);
        auto y = f.inv(x);  // computed whatever a is; only the outcome is reported
        // a y = 1 fails only when gcd(a, p) > 1: a = 0, or a composite p.
        if (!f.equal(f.mul(x, y), f.one())) return (int)PARMOD_ERR_NOT_INVERTIBLE;
        store<F>(r, y);
        return (int)PARMOD_OK;
      },
      field->f);
}

int parmod_field_sqrt(parmod_field_t field, parmod_fe* r, const parmod_fe* a) {
  if (!field || !r || !a) return PARMOD_ERR_INVALID_ARGUMENT;
  if (mpz_fdiv_ui(std::visit([](const auto& f) { return f.modulus().get_mpz_t(); }, field->f), 4) != 3)
    return PARMOD_ERR_INVALID_ARGUMENT;
  return std::visit(
      [&](const auto& f) {
        using F = std::decay_t<decltype(f)>;
        typename F::Element s;
        if (!f.sqrt(s, load<F>(a))) return (int)PARMOD_ERR_NOT_INVERTIBLE;
        store<F>(r, s);
        return (int)PARMOD_OK;
      },
      field->f);
}

int parmod_field_equal(parmod_field_t field, int* equal, const parmod_fe* a, const parmod_fe* b) {
  if (!field || !equal || !a || !b) return PARMOD_ERR_INVALID_ARGUMENT;
  *equal = std::visit([&](const auto& f) {
    using F = std::decay_t<decltype(f)>;
    return f.equal(load<F>(a), load<F>(b)) ? 1 : 0;
  }, field->f);
  return PARMOD_OK;
}

}  // extern "C"
