// parmod/field/montgomery_ifma8.hpp - eight independent Montgomery
// multiplications at once, one per 64-bit lane of AVX-512 IFMA
// (vpmadd52luq / vpmadd52huq): the batch path of Fp<N>::mul_batch.
//
// Why: one multiplication's latency is bound by its serial digit chain
// (montgomery_fips_adx.hpp), and the scalar kernels issue one 64x64-bit
// product per cycle on one multiplier.  IFMA forms eight 52x52-bit half
// products per instruction, so eight multiplications side by side ("vertical"
// SIMD: lane e holds element e) cost little more than one: the digit chain of
// each lane overlaps the others' work.  What uses it: Fp<N>::mul_batch and
// sqr_batch, F_q^2 products in groups (Fp2::mul_many: 3 base products each),
// and so the F_q^6 products, whose F_q^2 products are independent (Toom-Cook-3i
// 5 of them = 15 base products = two batches of 8; Karatsuba-3 6 = 18).
//
// Representation.  D = ceil(64N/52) digits of 52 bits, s = 52D - 64N shift
// bits (N = 2..8: D = 3, 4, 5, 7, 8, 9, 10; s = 28, 16, 4, 44, 32, 20, 8),
// R' = 2^(52D) = R * 2^s with R = 2^(64N).  The kernel computes the radix-2^52
// Montgomery product of A = a * 2^s (a's bits moved up s places while its
// words are split into digits: no extra cost) and B = b:
//     MontMul52(A, B) = A B / R' mod p = a b 2^s / (R 2^s) = MontMul(a, b),
// the same residue as the radix-2^64 kernels, and the same bound: if
// a b < p R then A B < p R' and (A B + m p)/R' < (p R' + R' p)/R' = 2p
// (m < R' is the digit string the reduction chooses).  So elements stay in
// Fp<N>'s Montgomery form and range: strict (final subtraction, result in
// [0, p)) or lazy (p < R/4, inputs and result in [0, 2p)).
//
// Algorithm (per lane; all lanes do the same instructions): the product
// columns c_k = sum lo52(A_i B_j) (i + j = k) + sum hi52(A_i B_j) (i + j =
// k - 1) are accumulated unnormalised in 64-bit lanes; then for k = 0..D-1
// (finely integrated: column k has received every m_i p_(k-i), i < k):
// m_k = lo52(c_k * pinv52) (pinv52 = -p^-1 mod 2^52; IFMA reads only the low
// 52 bits of c_k, which is all m_k depends on), c_k + lo52(m_k p_0) = 0 mod
// 2^52, its carry (c_k + lo52(m_k p_0)) >> 52 goes to c_(k+1), and m_k p_j
// (lo and hi halves) to the columns above.  Columns D..2D-1 plus the carries
// are the result digits, normalised by one carry pass.  Lane bound: a column
// receives at most 2D values below 2^52 from the product and 2D from the
// reduction, plus a carry below 2^7: below 4D 2^52 + 2^7 < 2^58 for D <= 10.
//
// Cost per 8 multiplications: 2D^2 IFMAs for the product and 2D^2 for the
// reduction (per digit: m, hi52(m p_0), and lo52 and hi52 of m p_j, j >= 1;
// lo52(m p_0) is not needed) -- N = 4: 100, N = 6: 256, N = 8: 400 -- at one
// per cycle on Zen 4; squaring D^2 + D + 2D^2 (80, 200, 310); plus the 8x8
// transposes and digit splits that move 8 elements in and out (about 24 + 6D
// vector operations per operand).  Measured: docs/bench/<cpu-family>/field.md
// (the IFMA batch columns; discussed in docs/bench/zen4/README.md).  No
// branch or memory index depends on the values (constant time: the lane
// count and N are public).
#pragma once

#include <cstddef>
#include <cstdint>

namespace parmod::field::ifma8 {

using u64 = std::uint64_t;

constexpr int kMaxDigits = 10;  // N = 8

// D and s for N limbs (see above).
constexpr int digit_count(int n) { return (64 * n + 51) / 52; }
constexpr int shift_bits(int n) { return 52 * digit_count(n) - 64 * n; }

// Per-field constants, made once per context by make_constants.
struct Constants {
  u64 p52[kMaxDigits] = {};  // p in radix 2^52 (D digits)
  u64 pinv52 = 0;            // -p^-1 mod 2^52
  bool final_subtract = true;  // strict: result in [0, p); false: lazy, [0, 2p)
};

// k = the constants for the odd modulus p[0, n) (n = 2..8 limbs); strict
// selects the final subtraction (Fp<N>'s strict representation).
void make_constants(Constants& k, const u64* p, int n, bool strict) noexcept;

// True iff this CPU runs AVX-512F and AVX-512 IFMA, the library was built for
// x86-64 and PARMOD_NO_IFMA is not set (detected once, then cached; the same
// test as the limb layer's IFMA kernels).
bool available() noexcept;

// r[e] = MontMul(a[e], b[e]) for e < count: count elements of N words each,
// stored one after another (an array of Fp<N>::Element).  Requires
// available(), a[e] b[e] < p R (a, b < p strict; < 2p lazy), and r equal to a
// or b or disjoint from both.  Groups of 8; a last group of fewer lanes is
// padded with zeros (its cost is a whole group's).
template <int N>
void mul(u64* r, const u64* a, const u64* b, std::size_t count, const Constants& k) noexcept;

// r[e] = MontMul(a[e], a[e]) for e < count, as mul with b = a, with each cross
// product once: a is split with s/2 shift bits and squared (D^2 + D IFMAs for
// the product instead of 2D^2; s is even for every N).  r equal to a or
// disjoint from it.
template <int N>
void sqr(u64* r, const u64* a, std::size_t count, const Constants& k) noexcept;

}  // namespace parmod::field::ifma8
