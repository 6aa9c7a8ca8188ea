// modmul/montgomery28.hpp - Montgomery multiplication in radix 2^28 on AVX2.
//
// Operands are m digits d_j of about 28 bits (limbs/radix28.hpp), m a
// multiple of 4 (8 <= m <= 592: moduli of up to 16574 bits), R = 2^(28 m) >= 4P.  The product and the reduction run four
// 64-bit lanes at a time with vpmuludq (32 x 32 -> 64 bits of each lane) and
// vpaddq, no carries inside:
//
//  - A B as column sums T_c = sum_(i+j=c) a_i b_j.  Block I of B (digits 4I ..
//    4I+3) adds b_(4I+k) A^(k) to T at 4I, A^(k) = A shifted up k digits
//    (montgomery28_spread), so every vector load and store is aligned; two
//    blocks go in one pass over T (a load and a store of T for eight
//    products).
//    The square adds the triangle i < j the same way (masked at the
//    diagonal), doubles T and adds the squares a_j^2 at column 2j.
//  - The reduction in blocks of four digits (HAC 14.32 in radix 2^112): the
//    digits of Q = S (-P^-1) mod 2^112, S = T_c .. T_(c+3) plus the carry,
//    then T += Q P at c with P's four shifted copies; the carry of the four
//    columns goes on to the next block.  The next block's digits are computed
//    before this block's bulk (software pipelining), so their scalar chain
//    overlaps the vector work.
//  - The top m columns carried twice over all digits at once (digits below
//    kMontgomery28DigitBound) and written spread, ready for the next product.
// "Almost Montgomery" (as montgomery52.hpp): inputs below 2P give a b R^-1
// mod P below 2P with no final subtraction, so the instructions and addresses
// depend only on m: the constant-time exponentiation runs on it
// (consttime/constant_time_powm28.hpp).  A column takes at most m products
// below 2^56 (1 + 2^-18) from A B and m below 2^56 from Q P, plus a carry
// below 2^37: up to kMontgomery28CarryFreeDigits = 124 digits all of them fit
// in 64 bits; above (up to kMontgomery28OneCarryDigits = 248), the columns of
// A B are carried once (below 2^28 + 2^36) before the reduction, which keeps
// every column below 2^64 (248 * 2^56 (1 + 2^-18) + 2^37 < 2^64).  Above
// that (up to kMontgomery28MaxDigits), the columns are carried besides every
// kMontgomery28CarryBlocks = 56 blocks of four digits of B and of Q (at most
// 4 (56 + 3) products on a carried column, the pipelined block included),
// and every 28 blocks of the square's triangle (at most 112 products before
// T doubles); each pass is about m / 2 vector operations.  The passes depend
// only on m.  Where it beats the 64-bit kernels is measured per CPU family
// (the tuning keys modmul.odd, powm.montgomery28_min_limbs and
// powm_sec.digits28_min_bits).
#pragma once

#include <cstddef>
#include <cstdint>

#include <vector>

#include <gmpxx.h>

#include "modmul/engine.hpp"
#include "modmul/montgomery52.hpp"  // DigitVector

namespace parmod::modmul {

constexpr std::size_t kMontgomery28CarryFreeDigits = 124;  // no carry between the product and REDC up to here
constexpr std::size_t kMontgomery28OneCarryDigits = 248;  // one carry pass between the product and REDC up to here
constexpr std::size_t kMontgomery28CarryBlocks = 56;      // above: a carry pass every this many blocks of B and of Q
constexpr std::size_t kMontgomery28SqrCarryBlocks = 28;   // and of the square's triangle
constexpr std::size_t kMontgomery28MaxDigits = 592;
constexpr std::size_t kMontgomery28MaxBits = 28 * kMontgomery28MaxDigits - 2;  // 16574
// The constant-time exponentiations take radix 2^28 up to here (the sizes
// their tune step measures, powm_sec.digits28_min_bits).
constexpr std::size_t kMontgomery28ConstantTimeMaxBits = 28 * kMontgomery28OneCarryDigits - 2;  // 6942

// Digits for a modulus of `bits` bits: the least multiple of 4 with 28 m >= bits + 2 (R >= 4P),
// at least 8 (the kernels' smallest size; R = 2^224 for any P below 2^111).
constexpr std::size_t montgomery28_digits(std::size_t bits) noexcept {
  const std::size_t m = 4 * ((bits + 2 + 111) / 112);
  return m < 8 ? 8 : m;
}

struct Montgomery28Constants {
  std::size_t n = 0;          // limbs of P
  std::size_t bits = 0;       // bits of P
  std::size_t digits = 0;     // m = montgomery28_digits(bits)
  std::uint64_t mu_lo = 0;    // -P^-1 mod 2^112: bits 0..63
  std::uint64_t mu_hi = 0;    // bits 64..111
  DigitVector p_spread;       // 4 (m + 4) words: montgomery28_spread of P's digits
  DigitVector r2;             // R^2 mod P, m digits: converts into the representation
  DigitVector one;            // R mod P, m digits: 1 in the representation
};

// Whether the radix-2^28 kernel can take an odd P of `bits` bits on this CPU:
// AVX2, and 1 <= bits <= kMontgomery28MaxBits (m <= 592 digits).
bool montgomery28_available(std::size_t bits) noexcept;

// Whether the constant-time exponentiations take radix 2^28 for a modulus of
// `bits` bits: available, at most kMontgomery28ConstantTimeMaxBits and at
// least the tuning key powm_sec.digits28_min_bits (0: never), which the CPU
// family's row sets from measurements.
bool montgomery28_for_constant_time(std::size_t bits) noexcept;

// An element is kept spread: 4 (m + 4) words, row k (k = 0..3, m + 4 words
// each) holding the digits shifted up k places (row 0 is the digits, then
// zeros), 32-byte aligned.  The kernels leave digits below kMontgomery28DigitBound
// (carried twice, not fully) and accept digits below it: products stay below
// 2^56 (1 + 2^-18), which keeps a column below 2^64.
constexpr std::uint64_t kMontgomery28DigitBound = (std::uint64_t(1) << 28) + (std::uint64_t(1) << 9);
constexpr std::size_t montgomery28_spread_words(std::size_t m) noexcept { return 4 * (m + 4); }
constexpr std::size_t montgomery28_scratch_words(std::size_t m) noexcept { return 2 * m + 8; }

// s = the spread of a[0, m) (digits below kMontgomery28DigitBound; a need not be aligned).
void montgomery28_spread(std::uint64_t* s, const std::uint64_t* a, std::size_t m) noexcept;

// out = the spread of A B R^-1 mod P, below 2P, for A (spread in as) and B
// (m digits in b), both below 2P.  t: montgomery28_scratch_words(m) words,
// 32-byte aligned like as, out and c's vectors.  out may alias as, and b
// may be row 0 of as or out; t overlaps nothing.  Needs AVX2.  Cost: about
// m^2 / 2 vector products and additions (vpmuludq, vpaddq) and m / 4 chains
// of scalar digit arithmetic (above 124 digits, carry passes over 2m columns).
void montgomery28_mul(std::uint64_t* out, const std::uint64_t* as, const std::uint64_t* b, const Montgomery28Constants& c,
                      std::uint64_t* t) noexcept;

// out = the spread of A^2 R^-1 mod P, as montgomery28_mul with B = A (about
// 3 m^2 / 8 vector products: the triangle i < j, doubled, and the squares).
void montgomery28_sqr(std::uint64_t* out, const std::uint64_t* as, const Montgomery28Constants& c,
                      std::uint64_t* t) noexcept;

// Carries d[0, m) in place to digits below 2^28; returns the carry out of the
// top digit.  The loop depends only on m.
std::uint64_t montgomery28_normalize(std::uint64_t* d, std::size_t m) noexcept;

// Sizes c's vectors for an odd P of n limbs and `bits` bits
// (montgomery28_available(bits)).  Throws std::bad_alloc; nothing else allocates.
void montgomery28_allocate(Montgomery28Constants& c, std::size_t n, std::size_t bits);

// The constants of a public odd P (montgomery28_available(bits(P))): R mod P
// and R^2 mod P by GMP.  Allocates: throws std::bad_alloc.
Montgomery28Constants montgomery28_constants(const mpz_class& P);

// Fills an allocated c from P (p[0, n), odd), R mod P and R^2 mod P (n limbs
// each, R = 2^(28 m)), which the caller computes (by GMP for a public P, by
// constant-time doublings for a secret one).  -P^-1 mod 2^112 by Newton's
// iteration from a fixed seed: no branch or address depends on P.
void montgomery28_fill(Montgomery28Constants& c, const limb_t* p, const limb_t* r_mod_p, const limb_t* r2_mod_p) noexcept;

// Algorithm::montgomery28 (modmul/montgomery28_engine.cpp): what
// montgomery28_factory binds to an odd P of up to 16574 bits on a CPU with
// AVX2, and its two engines over the representation x -> x R mod P,
// R = 2^(28 m):
//  - montgomery28_engine: n-limb residues in [0, P), converted per call;
//  - montgomery28_element_engine: spread elements in [0, 2P) (element_words:
//    montgomery28_spread_words of the most digits a P of n limbs needs), no
//    conversion per product; elements off a 32-byte boundary are copied
//    into the scratch around each product.
struct Montgomery28State : EngineState {
  Montgomery28Constants c;
  DigitVector one_spread;        // R mod P as an element, zero-padded to the element engine's element_words
  std::vector<limb_t> r_mod_p;   // R mod P, n limbs
};
extern const Engine montgomery28_engine;
extern const Engine montgomery28_element_engine;

}  // namespace parmod::modmul
