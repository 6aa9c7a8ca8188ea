// powm/exponent_split.hpp - exponent splitting with balanced partition points
// (Lara, Borges, Portugal, Nedjah, "Parallel modular exponentiation using load
// balancing without precomputation", JCSS 2012).
//
// g^e = prod_i (g^(2^(p_(i-1))))^(e_i), e_i the bits [p_(i-1), p_i) of e
// (Alg. 2).  Factor i costs p_i squarings and (p_i - p_(i-1)) phi / 2
// multiplications (phi = M/S), so equal finishing times need the partition of
// eqs. (7)-(13): lambda = phi / (2 + phi) (eq. 7, with the erratum),
// p_i = alpha (1 - lambda^i), alpha = n / (1 - lambda^k) (eqs. 11, 13); k from
// eqs. (17)-(18): k = [gamma + 1/2], the nearest integer, with
// gamma = log_lambda(1 / (1 + 2 n (1 - lambda))); the rounding constraint (14):
// n > (1 - lambda^k) / (2 lambda^(k-1) (1 - lambda)).
#pragma once

#include <cstddef>
#include <vector>

#include "modmul/engine.hpp"

namespace parmod::exponentiation {

struct PartitionPoints {
  unsigned k = 1;              // number of factors (processors), eq. (18)
  std::vector<double> points;  // p_1 < ... < p_k = n, eq. (13)
};

// lambda of eq. (7): phi / (2 + phi).
double split_lambda(double phi) noexcept;
// gamma of eq. (17).
double split_gamma(double n_bits, double phi) noexcept;
// The optimal k of eq. (18), clamped to [1, 4096].
unsigned optimal_split_count(double n_bits, double phi) noexcept;
// Whether k satisfies the rounding constraint (14).
bool split_count_feasible(double n_bits, double phi, unsigned k) noexcept;
// The balanced points for k factors (eq. 13).  k >= 1, n_bits > 0, phi > 0.
std::vector<double> balanced_partition_points(double n_bits, double phi, unsigned k);
// The paper's recipe: optimal k, then its points.
PartitionPoints partition_points(double n_bits, double phi);

// Integer bit boundaries 0 = b_0 < b_1 < ... < b_k = bits for k factors:
// the balanced points rounded to the nearest integer (strictly increasing;
// k is lowered until they are).  With sliding windows (the paper's open
// problem) a factor of L bits costs about L / (w + 1) multiplications instead
// of L / 2: pass phi_effective = phi * 2 / (w + 1).
std::vector<std::size_t> split_boundaries(std::size_t bits, double phi, unsigned k);

// One factor of Alg. 2 in the representation: out = x^(2^lo * e_[lo, hi)) where
// e_[lo, hi) is bits [lo, hi) of e: lo squarings of x, then a sliding-window
// power by those bits.  x = g R mod P; out may not alias x.
// Scratch: exponent_split_factor_scratch(n, en, engine).
void exponent_split_factor(limb_t* out, const limb_t* x, const limb_t* ep, std::size_t en, std::size_t lo,
                           std::size_t hi, const modmul::ModulusConstants& k, const modmul::Engine& engine,
                           limb_t* scratch) noexcept;
std::size_t exponent_split_factor_scratch(std::size_t n, std::size_t en, const modmul::Engine& engine) noexcept;

}  // namespace parmod::exponentiation
