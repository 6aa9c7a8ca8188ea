// modmul/montgomery28_engine.cpp - Algorithm::montgomery28: the engines and
// the factory over the radix-2^28 kernels of montgomery28.hpp (contracts
// there).
//
//  - montgomery28_element_engine: elements are spread operands
//    (montgomery28_spread_words(m) words) in [0, 2P), no conversion per
//    product; the kernels read them from 32-byte aligned addresses, so an
//    element that is not (a loop whose scratch starts off a 32-byte boundary)
//    is copied to an aligned place of the scratch first.
//  - montgomery28_engine: n-limb residues in [0, P), converted per call.
#include <algorithm>
#include <cstdint>
#include <string>

#include "limbs/cpu_features.hpp"
#include "limbs/radix28.hpp"
#include "modmul/montgomery28.hpp"

namespace parmod::modmul {
namespace {

// The most digits any P of n limbs can need, and the words sized by it.
std::size_t max_digits(std::size_t n) { return montgomery28_digits(n * kLimbBits); }
std::size_t max_spread(std::size_t n) { return montgomery28_spread_words(max_digits(n)); }

const Montgomery28State& state(const ModulusConstants& k) {
  return static_cast<const Montgomery28State&>(*k.engine_state);
}

bool aligned(const limb_t* p) { return element_aligned(const_cast<limb_t*>(p)) == p; }

// The scratch of both engines: the kernels' T, then room for two spread
// elements and m digits, each part from a 32-byte boundary (element_aligned).
struct Work {
  limb_t* t;       // montgomery28_scratch_words(m)
  limb_t* a;       // an aligned copy of an operand, or a converted one
  limb_t* r;       // an aligned result
  limb_t* digits;  // m digit words
};
std::size_t work_words(std::size_t n) {
  const std::size_t m = max_digits(n);
  return montgomery28_scratch_words(m) + 2 * montgomery28_spread_words(m) + m + 3 * kElementAlignSlack;
}
Work work_of(limb_t* scratch, std::size_t m) {
  Work w;
  w.t = element_aligned(scratch);
  w.a = element_aligned(w.t + montgomery28_scratch_words(m));
  w.r = element_aligned(w.a + montgomery28_spread_words(m));
  w.digits = w.r + montgomery28_spread_words(m);
  return w;
}

// r = a b R^-1 (square when b is null) on elements, through aligned copies where needed.
void element_product(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, limb_t* scratch) {
  const Montgomery28Constants& c = state(k).c;
  const std::size_t m = c.digits, words = montgomery28_spread_words(m);
  const Work w = work_of(scratch, m);
  const limb_t* as = a;
  if (!aligned(a)) {
    std::copy(a, a + words, w.a);
    as = w.a;
  }
  limb_t* out = aligned(r) ? r : w.r;
  if (b == nullptr)
    montgomery28_sqr(out, as, c, w.t);
  else
    montgomery28_mul(out, as, b, c, w.t);  // b: the digits, row 0 of its element
  if (out != r) std::copy(out, out + words, r);
}

// r[0, n) = the value of the digits d[0, m) (below 2P, nearly normalised) reduced into [0, P).
void residue_of_digits(limb_t* r, limb_t* d, const ModulusConstants& k, limb_t* wide) {
  const std::size_t n = k.n, m = state(k).c.digits;
  montgomery28_normalize(d, m);  // below 2P < R: no carry out
  limbs::from_radix28(wide, n + 1, d, m);
  if (wide[n] != 0 || mpn_cmp(wide, k.p.data(), static_cast<mp_size_t>(n)) >= 0)
    mpn_sub_n(wide, wide, k.p.data(), static_cast<mp_size_t>(n));
  std::copy(wide, wide + n, r);
}

// ---- elements: spread operands in [0, 2P) ----

std::size_t element_scratch(std::size_t n) { return work_words(n) + n + 1; }

void element_mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, limb_t* scratch) {
  element_product(r, a, b, k, scratch);
}
void element_sqr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) {
  element_product(r, a, nullptr, k, scratch);
}
// r (an element) = a R mod P for a residue a[0, n) in [0, P): a's digits spread, times R^2 mod P.
void element_to_repr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) {
  const Montgomery28Constants& c = state(k).c;
  const std::size_t m = c.digits, words = montgomery28_spread_words(m);
  const Work w = work_of(scratch, m);
  limbs::to_radix28(w.digits, m, a, k.n);
  montgomery28_spread(w.a, w.digits, m);
  limb_t* out = aligned(r) ? r : w.r;
  montgomery28_mul(out, w.a, c.r2.data(), c, w.t);
  if (out != r) std::copy(out, out + words, r);
}
// r[0, n) = a R^-1 mod P in [0, P) for an element a in [0, 2P): a times the digit 1.
void element_from_repr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) {
  const Montgomery28Constants& c = state(k).c;
  const std::size_t m = c.digits;
  const Work w = work_of(scratch, m);
  std::fill(w.digits, w.digits + m, limb_t(0));
  w.digits[0] = 1;
  element_product(w.r, a, w.digits, k, scratch);  // (a + Q P) / R <= P, aligned result
  std::copy(w.r, w.r + m, w.digits);
  residue_of_digits(r, w.digits, k, w.digits + m);
}
const limb_t* element_one(const ModulusConstants& k) { return state(k).one_spread.data(); }
std::size_t element_words(std::size_t n) noexcept { return max_spread(n); }
// The kernels read a product's second operand as m digits: row 0 of its element.
std::size_t multiplier_words(std::size_t n) noexcept { return max_digits(n); }

// ---- n-limb residues in [0, P), converted per call ----

std::size_t residue_scratch(std::size_t n) { return work_words(n) + max_spread(n) + kElementAlignSlack + n + 1; }

// x (aligned, spread) = the residue a[0, n)
void spread_residue(limb_t* x, limb_t* digits, const limb_t* a, const ModulusConstants& k) {
  const std::size_t m = state(k).c.digits;
  limbs::to_radix28(digits, m, a, k.n);
  montgomery28_spread(x, digits, m);
}
// r = a b R^-1 (b: digits) for a residue a; the product on the residues' spread forms.
void residue_product(limb_t* r, const limb_t* a, const limb_t* b_digits, bool square, const ModulusConstants& k,
                     limb_t* scratch) {
  const Montgomery28Constants& c = state(k).c;
  const std::size_t m = c.digits;
  const Work w = work_of(scratch, m);
  limb_t* x = element_aligned(w.digits + m);
  spread_residue(x, w.digits, a, k);
  if (square)
    montgomery28_sqr(w.r, x, c, w.t);
  else
    montgomery28_mul(w.r, x, b_digits, c, w.t);
  std::copy(w.r, w.r + m, w.digits);
  residue_of_digits(r, w.digits, k, x);
}

void residue_mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, limb_t* scratch) {
  const std::size_t m = state(k).c.digits;
  limb_t* bd = scratch;  // b's digits before the work area
  limbs::to_radix28(bd, m, b, k.n);
  residue_product(r, a, bd, false, k, scratch + m);
}
void residue_sqr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) {
  residue_product(r, a, nullptr, true, k, scratch);
}
void residue_to_repr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) {
  residue_product(r, a, state(k).c.r2.data(), false, k, scratch);
}
void residue_from_repr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) {
  const std::size_t m = state(k).c.digits;
  limb_t* unit = scratch;
  std::fill(unit, unit + m, limb_t(0));
  unit[0] = 1;
  residue_product(r, a, unit, false, k, scratch + m);
}
const limb_t* residue_one(const ModulusConstants& k) { return state(k).r_mod_p.data(); }
std::size_t residue_mul_scratch(std::size_t n) { return residue_scratch(n) + max_digits(n); }

const char* rejects(const mpz_class& P) {
  if (mpz_even_p(P.get_mpz_t())) return "montgomery28 needs an odd modulus";
  if (!limbs::cpu_has_avx2()) return "montgomery28 needs a CPU with AVX2";
  const std::size_t bits = mpz_sizeinbase(P.get_mpz_t(), 2);
  static_assert(kMontgomery28MaxBits == 16574, "the message below names it");
  if (mpz_sgn(P.get_mpz_t()) <= 0 || !montgomery28_available(bits))
    return "montgomery28 takes odd moduli of up to 16574 bits";
  return nullptr;
}

BoundEngine bind(const mpz_class& P, const EngineOptions&) {
  auto k = make_constants(P);
  auto s = std::make_shared<Montgomery28State>();
  s->c = montgomery28_constants(P);
  const std::size_t m = s->c.digits;
  s->one_spread.assign(element_words(k->n), 0);  // loops copy element_words, the most a P of n limbs needs
  montgomery28_spread(s->one_spread.data(), s->c.one.data(), m);
  s->r_mod_p.assign(k->n, 0);
  limbs::from_radix28(s->r_mod_p.data(), k->n, s->c.one.data(), m);
  std::string detail = "radix 2^28, " + std::to_string(m) + " digits";
  k->engine_state = std::move(s);
  return {std::move(k), &montgomery28_engine, 1, std::move(detail)};
}

}  // namespace

const Engine montgomery28_engine = {
    .name = "montgomery28", .scratch_limbs = residue_mul_scratch, .mul = residue_mul, .sqr = residue_sqr,
    .to_repr = residue_to_repr, .from_repr = residue_from_repr, .one = residue_one,
    .elements = &montgomery28_element_engine,
};

const Engine montgomery28_element_engine = {
    .name = "montgomery28 elements", .scratch_limbs = element_scratch, .mul = element_mul, .sqr = element_sqr,
    .to_repr = element_to_repr, .from_repr = element_from_repr, .one = element_one,
    .element_words = element_words, .multiplier_words = multiplier_words,
};

const EngineFactory montgomery28_factory = {rejects, bind};

}  // namespace parmod::modmul
