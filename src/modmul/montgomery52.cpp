#include "modmul/montgomery52.hpp"

#include <algorithm>
#include <string>

#include "limbs/cpu_features.hpp"
#include "limbs/radix52.hpp"

namespace parmod::modmul {
namespace {

using limbs::from_radix52;
using limbs::radix52_digits;
using limbs::to_radix52;

std::size_t digits_for(std::size_t bits) { return radix52_digits(bits + 2); }
std::size_t lanes_for(std::size_t digits) { return 8 * ((digits + 1 + 7) / 8); }
// The most lanes any P of n limbs can need.
std::size_t max_lanes(std::size_t n) { return lanes_for(digits_for(n * kLimbBits)); }

DigitVector digits_of(const mpz_class& x, std::size_t lanes) {
  DigitVector d(lanes, 0);
  to_radix52(d.data(), lanes, mpz_limbs_read(x.get_mpz_t()), mpz_size(x.get_mpz_t()));
  return d;
}

const Montgomery52Constants& constants(const ModulusConstants& k) {
  return static_cast<const Montgomery52Constants&>(*k.engine_state);
}

// Every product of both engines.
void product(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, limb_t*) {
  montgomery52_mul_digits(r, a, b, constants(k));
}

// ---- digit elements (lanes words, values in [0, 2P)) ----

std::size_t digit_scratch(std::size_t n) { return max_lanes(n) + n; }

void digit_mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, limb_t* scratch) {
  product(r, a, b, k, scratch);
}
void digit_sqr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) {
  product(r, a, a, k, scratch);
}
// r (digits) = a R mod P for a plain residue a[0, n) in [0, P).
void digit_to_repr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) {
  const auto& c = constants(k);
  to_radix52(scratch, c.lanes, a, c.n);
  montgomery52_mul_digits(r, scratch, c.r2.data(), c);
}
// r[0, n) = a R^-1 mod P in [0, P) for a digit element a in [0, 2P).
void digit_from_repr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) {
  const auto& c = constants(k);
  limb_t* unit = scratch;  // the digit 1
  std::fill(unit, unit + c.lanes, limb_t(0));
  unit[0] = 1;
  montgomery52_mul_digits(unit, a, unit, c);  // (a + m P) / R <= P, equal only for a = 0 mod P
  from_radix52(r, c.n, unit, c.lanes);
  if (mpn_cmp(r, k.p.data(), static_cast<mp_size_t>(c.n)) >= 0) mpn_sub_n(r, r, k.p.data(), static_cast<mp_size_t>(c.n));
}
const limb_t* digit_one(const ModulusConstants& k) { return constants(k).one.data(); }

// ---- n-limb residues in [0, P), converted per call ----

std::size_t limb_scratch(std::size_t n) { return 3 * max_lanes(n) + n + 1; }

// r[0, n) = the digit element x in [0, 2P) reduced into [0, P).
void residue_from_digits(limb_t* r, const limb_t* x, const ModulusConstants& k, limb_t* scratch) {
  const std::size_t n = k.n;
  from_radix52(scratch, n + 1, x, constants(k).lanes);
  if (scratch[n] != 0 || mpn_cmp(scratch, k.p.data(), static_cast<mp_size_t>(n)) >= 0)
    mpn_sub_n(scratch, scratch, k.p.data(), static_cast<mp_size_t>(n));
  mpn_copyi(r, scratch, static_cast<mp_size_t>(n));
}

void limb_mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, limb_t* scratch) {
  const auto& c = constants(k);
  limb_t* da = scratch;
  limb_t* db = da + c.lanes;
  to_radix52(da, c.lanes, a, c.n);
  to_radix52(db, c.lanes, b, c.n);
  product(da, da, db, k, db + c.lanes);
  residue_from_digits(r, da, k, db);
}
void limb_sqr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) {
  const auto& c = constants(k);
  limb_t* da = scratch;
  to_radix52(da, c.lanes, a, c.n);
  product(da, da, da, k, da + c.lanes);
  residue_from_digits(r, da, k, da + c.lanes);
}
void limb_to_repr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) {
  const auto& c = constants(k);
  limb_t* da = scratch;
  to_radix52(da, c.lanes, a, c.n);
  montgomery52_mul_digits(da, da, c.r2.data(), c);
  residue_from_digits(r, da, k, da + c.lanes);
}
void limb_from_repr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) {
  const auto& c = constants(k);
  limb_t* da = scratch;
  to_radix52(da, c.lanes, a, c.n);
  digit_from_repr(r, da, k, da + c.lanes);
}
const limb_t* limb_one(const ModulusConstants& k) { return constants(k).r_mod_p.data(); }

}  // namespace

std::size_t montgomery52_element_words(std::size_t n) noexcept { return max_lanes(n); }

bool montgomery52_available(std::size_t bits) noexcept {
  return bits >= 1 && bits <= kMontgomery52MaxBits && limbs::cpu_has_avx512_ifma();
}

Montgomery52Constants::Montgomery52Constants(const mpz_class& P)
    : n(mpz_size(P.get_mpz_t())), bits(mpz_sizeinbase(P.get_mpz_t(), 2)) {
  digits = digits_for(bits);
  lanes = lanes_for(digits);
  vectors = lanes / 8;
  words = max_lanes(n);
  p = digits_of(P, words);
  mpz_class base, inv, R;
  mpz_ui_pow_ui(base.get_mpz_t(), 2, limbs::kDigitBits);
  mpz_invert(inv.get_mpz_t(), P.get_mpz_t(), base.get_mpz_t());
  k0 = mpz_get_ui(mpz_class(base - inv).get_mpz_t()) & limbs::kDigitMask;
  mpz_ui_pow_ui(R.get_mpz_t(), 2, limbs::kDigitBits * digits);
  const mpz_class r1 = R % P, r2z = (R * R) % P;
  r2 = digits_of(r2z, words);
  one = digits_of(r1, words);
  r_mod_p.assign(n, 0);
  to_limbs(r_mod_p.data(), n, r1);
}

// The squares are the digit loop with b = a: square_is_product.
const Engine montgomery52_engine = {
    .name = "montgomery52", .scratch_limbs = limb_scratch, .mul = limb_mul, .sqr = limb_sqr,
    .to_repr = limb_to_repr, .from_repr = limb_from_repr, .one = limb_one,
    .elements = &montgomery52_digit_engine, .square_is_product = true,
};

const Engine montgomery52_digit_engine = {
    .name = "montgomery52 digits", .scratch_limbs = digit_scratch, .mul = digit_mul, .sqr = digit_sqr,
    .to_repr = digit_to_repr, .from_repr = digit_from_repr, .one = digit_one,
    .element_words = montgomery52_element_words, .square_is_product = true,
};

const Montgomery52Constants& montgomery52_constants(const ModulusConstants& k) noexcept { return constants(k); }

namespace {

const char* rejects(const mpz_class& P) {
  if (mpz_even_p(P.get_mpz_t())) return "montgomery52 needs an odd modulus";
  if (!limbs::cpu_has_avx512_ifma()) return "montgomery52 needs a CPU with AVX-512 IFMA";
  if (mpz_sizeinbase(P.get_mpz_t(), 2) > kMontgomery52MaxBits)
    return "montgomery52 takes moduli of at most 52778 bits";
  return nullptr;
}

BoundEngine bind(const mpz_class& P, const EngineOptions&) {
  auto k = make_constants(P);
  auto c = std::make_shared<const Montgomery52Constants>(P);
  std::string detail = "radix 2^52, " + std::to_string(c->digits) + " digits";
  k->engine_state = std::move(c);
  return {std::move(k), &montgomery52_engine, 1, std::move(detail)};
}

}  // namespace

const EngineFactory montgomery52_factory = {rejects, bind};

}  // namespace parmod::modmul
