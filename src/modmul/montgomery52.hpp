// modmul/montgomery52.hpp - Montgomery multiplication in radix 2^52 on AVX-512 IFMA.
//
// Word-by-word Montgomery multiplication (HAC 14.36) with 52-bit digits, the
// digit loop vectorised over eight 64-bit lanes per zmm register with
// vpmadd52luq / vpmadd52huq: for each digit b_i of B the accumulator takes the
// low and high halves of A b_i and of P m_i (m_i = t_0 (-P^-1) mod 2^52) and
// shifts down one digit.  Lanes stay unnormalised inside the loop (each
// takes at most four 52-bit halves a digit step, see montgomery52_kernel.cpp).
// It is "almost Montgomery": with R = 2^(52 d) > 4P and inputs below 2P the
// result a b R^-1 mod P is below 2P (a b + m P < 4P^2 + R P, divided by R).
//
// Two engines over this representation (x -> x R mod P):
//  - montgomery52_engine: the Engine contract of engine.hpp (n-limb residues
//    in [0, P)); each call converts to digits, multiplies and converts back
//    (O(n) around the O(n^2) product).  Every loop of layer 4 can use it.
//  - montgomery52_digit_engine: elements are `lanes` digit words in [0, 2P)
//    (Engine::element_words); the sliding window runs on it with no conversion
//    per step.
// Available for odd P of at most kMontgomery52MaxBits bits on CPUs with
// AVX-512 IFMA (limbs::cpu_has_avx512_ifma); montgomery52_factory binds both
// engines' state (Montgomery52Constants) to such a modulus.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <vector>

#include "modmul/engine.hpp"

namespace parmod::modmul {

// Up to 24 accumulator registers (192 lanes, 9930 bits) the accumulator stays
// in zmm registers; above, in memory, up to 127 blocks of 8 lanes: d + 1 <= 1016
// keeps every 64-bit lane from overflowing (montgomery52_kernel.cpp).
constexpr std::size_t kMontgomery52RegisterVectors = 24;
constexpr std::size_t kMontgomery52MaxVectors = 127;
constexpr std::size_t kMontgomery52MaxBits = 52 * (8 * kMontgomery52MaxVectors - 1) - 2;  // 52778

// Digit vectors on 64-byte (cache line, zmm) boundaries: aligned loads never split a line.
template <class T>
struct CacheLineAllocator {
  using value_type = T;
  CacheLineAllocator() = default;
  template <class U>
  CacheLineAllocator(const CacheLineAllocator<U>&) noexcept {}
  T* allocate(std::size_t count) { return static_cast<T*>(::operator new(count * sizeof(T), std::align_val_t(64))); }
  void deallocate(T* q, std::size_t) noexcept { ::operator delete(q, std::align_val_t(64)); }
  friend bool operator==(const CacheLineAllocator&, const CacheLineAllocator&) { return true; }
};
using DigitVector = std::vector<std::uint64_t, CacheLineAllocator<std::uint64_t>>;

struct Montgomery52Constants : EngineState {
  std::size_t n = 0;       // limbs of P
  std::size_t bits = 0;    // bits of P
  std::size_t digits = 0;  // d = ceil((bits(P) + 2) / 52): R = 2^(52 d) >= 4P
  std::size_t vectors = 0; // V = ceil((d + 1) / 8) accumulator registers
  std::size_t lanes = 0;   // 8 V: the words of a digit operand the kernel reads
  std::size_t words = 0;   // montgomery52_element_words(n) >= lanes: the vectors' length (zero-padded)
  std::uint64_t k0 = 0;    // -P^-1 mod 2^52
  DigitVector p;     // P's digits (words long, zero above d)
  DigitVector r2;    // R^2 mod P, digits: converts into the representation
  DigitVector one;   // R mod P, digits: 1 in the representation
  std::vector<limb_t> r_mod_p;      // R mod P, n limbs (the n-limb engine's one)

  explicit Montgomery52Constants(const mpz_class& P);  // odd P, bits(P) <= kMontgomery52MaxBits
  Montgomery52Constants() = default;  // empty: filled by a builder that must not branch on P (consttime/secret_modulus)
};

// Words of a digit element for any P of n limbs (the digit engine's element_words).
std::size_t montgomery52_element_words(std::size_t n) noexcept;

// Whether the radix-2^52 engines can take an odd P of `bits` bits on this CPU.
bool montgomery52_available(std::size_t bits) noexcept;

// r = a b R^-1 mod P in [0, 2P), normalised digits (lanes words).  a and b are
// lanes-word digit operands below 2P with every word >= d zero (as the
// results are); r may alias a or b.  Cost: d digit steps of 4V IFMA
// instructions each, plus V additions and V lane moves (valignq).  Measured
// on the development Zen 4 (a chain r = r x, call included, core cycles per
// digit step, quietest of several interleaved runs): V = 3, 6, 8, 10, 15, 20
// (1024..8192 bits) take about 26, 33, 42, 48, 68, 89 (4-14% below the form
// with the low halves summed from zero, block_step), against the 4V at
// which the IFMA units (one zmm vpmadd52 per cycle here) would issue them;
// in memory about d * (4V + ~20).
//
// The register loop comes in two forms with the same result, bit for bit
// (montgomery52_kernel.cpp): classic, the accumulator taking both low
// products before it moves; move_first, the accumulator moving before its
// P m_i product, A's low products and the previous high products summed
// apart (up to kMontgomery52MoveFirstVectors registers).  automatic takes
// move_first up to the tuning key montgomery52.move_first_max_vectors;
// `parmod tune` measures both.
enum class DigitLoopForm { automatic, classic, move_first };
constexpr std::size_t kMontgomery52MoveFirstVectors = 12;
void montgomery52_mul_digits(std::uint64_t* r, const std::uint64_t* a, const std::uint64_t* b,
                             const Montgomery52Constants& c, DigitLoopForm form = DigitLoopForm::automatic) noexcept;

// The radix-2^52 constants of k (k bound by montgomery52_factory).
const Montgomery52Constants& montgomery52_constants(const ModulusConstants& k) noexcept;

extern const Engine montgomery52_engine;        // n-limb residues, converted per call
extern const Engine montgomery52_digit_engine;  // digit elements (element_words = lanes)

}  // namespace parmod::modmul
