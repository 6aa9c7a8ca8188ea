// multiexp/mulexp_model.hpp - the operation counts and chunk boundaries of
// Topçuoğlu, Kaya, Savaş, "Multi-exponentiations on Multi-cores" (the paper).
//
// Conventions.  n bases, b-bit exponents, k groups; group i holds the bases
// [i n / k, (i + 1) n / k) (uneven sizes g_i when k does not divide n).  Bit
// locations are numbered as in the paper: location l = 0 is the most
// significant bit, l = b - 1 the least significant.  A chunk partition for
// tau threads is the list of end locations l_0 <= l_1 <= ... <= l_(tau-1) =
// b - 1 (l_(-1) = -1): thread i processes locations l_(i-1) + 1 .. l_i and then
// squares its partial result b - 1 - l_i times.  Pure arithmetic: no layer below.
#pragma once

#include <cstddef>
#include <vector>

namespace parmod::multiexp {

// Size of group i of k over n bases: (i + 1) n / k - i n / k.
std::size_t group_size(std::size_t n, std::size_t k, std::size_t i) noexcept;
// First base of group i: i n / k.
std::size_t group_start(std::size_t n, std::size_t k, std::size_t i) noexcept;

// Sec. II: k 2^(n/k) + (1 - 2^(-n/k)) b k + b multiplications (squarings
// counted as multiplications) for MULEXP with k groups, extended to uneven
// groups as sum_i [2^(g_i) + (1 - 2^(-g_i)) b] + b (equal to the paper's formula
// when k | n).  1 <= k <= n.  Cost O(k).  The paper's figures at n = 16,
// b = 4096: 12768 (k = 2), 19520 (k = 4), 36864 with the precomputation
// dropped at k = 16, 65536 table entries alone at k = 1.
double mulexp_operation_count(std::size_t n, std::size_t b, std::size_t k) noexcept;
// The precomputation part alone: sum_i 2^(g_i) (the paper's k 2^(n/k)).
double mulexp_precomputation_count(std::size_t n, std::size_t k) noexcept;
// Sec. II, plain EXP (Alg. 1) for each base: 1.5 b n (98304 at n = 16, b = 4096).
double exp_operation_count(std::size_t n, std::size_t b) noexcept;

// The k in [1, n] minimising mulexp_operation_count, with groups of at most
// max_group_bits bases (the table of a group has 2^g entries).  Cost O(n^2).
std::size_t best_group_count(std::size_t n, std::size_t b, unsigned max_group_bits = 16) noexcept;

// v1 (Sec. III): tau chunks of equal size; ends l_i = floor((i + 1) b / tau) - 1.
// tau >= 1, b >= 1.  Allocates tau entries.
std::vector<long> equal_chunk_ends(std::size_t b, std::size_t k, unsigned tau);
// v2 (Sec. IV, Theorem 1): l_i + 1 = b ((k+1)^(i+1) k^(tau-1-i) - k^tau) / ((k+1)^tau - k^tau)
// (the closed form of the recurrence (2) with l_(tau-1) = b - 1), rounded to the
// nearest integer, made non-decreasing and ending at b - 1.  k >= 1 may be
// fractional (a = expected multiplications per bit, e.g. k (1 - 2^-g)).  Note:
// the paper prints the denominator as (k+1)^(tau+1) - k^(tau+1); its own proof
// (w_i = w_0 with l_(tau-1) = b - 1) gives the exponent tau used here.
// Cost O(tau); allocates tau entries.
std::vector<long> balanced_chunk_ends(std::size_t b, double k, unsigned tau);
// Eq. (1): w_i = (k + 1)(l_i - l_(i-1)) + (b - 1 - l_i), thread i's modelled
// multiplications (k per bit for the groups, one squaring per bit, then the
// completing squarings).
std::vector<double> modelled_chunk_work(const std::vector<long>& ends, std::size_t b, double k);

// Theorem 1 for threads of unequal speed: the end locations (as
// balanced_chunk_ends) that make every chunk's modelled work w_i (as
// modelled_chunk_work) proportional to speeds[i] (> 0; chunk 0 holds the
// highest bits), so that the chunks finish together.  Solved from the lowest
// chunk up: n_(tau-1) = W s_(tau-1) / (k + 1), n_i = (W s_i - B_i) / (k + 1)
// with B_i the bits below chunk i, W fixed by sum n_i = b.  Equal speeds give
// Theorem 1's boundaries (up to rounding).  Falls back to balanced_chunk_ends
// when a chunk would get no bits.  Cost O(tau).
std::vector<long> speed_balanced_chunk_ends(std::size_t b, double k, const std::vector<double>& speeds);

// Expected multiplications per bit position of MULEXP's chain, a = sum_i
// (1 - 2^(-g_i)) (a group's digit is 0 with probability 2^(-g_i)), and the
// probability that a position needs any, q1 = 1 - prod_i 2^(-g_i) = 1 - 2^(-n).  O(k), O(1).
double lim_lee_bit_multiplications(std::size_t n, std::size_t k) noexcept;
double lim_lee_nonzero_column_probability(std::size_t n) noexcept;

// Beyond the paper (two threads, column_products.hpp): the top chunk's
// column products formed by the partner thread, which also runs the low
// positions [0, l).  In multiplications, squarings costing 1/phi:
//   chain    (b - l)(1/phi + q1) + l/phi      its positions, then l completing squarings
//   partner  (b - l)(a - q1) + l(1/phi + a)   the column products, then its own positions
// offload_low_positions returns the l in [0, b] that makes chain and
// partner / speed equal (speed: the partner's, relative to the chain's
// thread), rounded: l = b (s alpha - beta) / (s q1 + 1/phi + q1) with
// alpha = 1/phi + q1, beta = a - q1 (0 when that is negative).
std::size_t offload_low_positions(std::size_t b, double a, double q1, double phi, double speed) noexcept;
double offload_chain_work(std::size_t b, std::size_t l, double q1, double phi) noexcept;
double offload_partner_work(std::size_t b, std::size_t l, double a, double q1, double phi) noexcept;

}  // namespace parmod::multiexp
