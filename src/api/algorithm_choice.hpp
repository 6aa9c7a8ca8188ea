// api/algorithm_choice.hpp - what Algorithm::automatic means for a modulus.
//
// The tuning table's key "modmul.odd" (one thread) and "modmul.odd.parallel"
// (two threads or more) list "LIMBS:ALGORITHM" pairs in increasing LIMBS:
// the first pair with n <= LIMBS applies, the last one beyond.  Even moduli
// always go to barrett (the only algorithm taking them) for products; their
// pow runs by the split P = 2^s m' when even_split_pays (below).  Built-in default:
// montgomery52 (radix 2^52 on AVX-512 IFMA) from 9 to 640 limbs on CPUs that
// have it, montgomery elsewhere, at every thread count, measured on a 2-core
// AMD EPYC (Zen 4).  With two threads a single bipartite product is faster from 8192 bits
// (`parmod bench modmul`: 1.39x the best one-thread peer at 8192, 1.5x at
// 16384), but an exponentiation on it is slower than Montgomery with the
// exponent split (it has no dedicated squaring yet: 162 ms against 104 ms at
// 8192 bits), and a Modulus serves both; `parmod tune` may still choose it.
// Also applies the table's lower-layer thresholds once per process.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "modmul/engine.hpp"
#include "parmod/parmod.hpp"

namespace parmod::api {

// The algorithm automatic picks for a modulus of n limbs, the given parity
// and thread count.
Algorithm choose_algorithm(std::size_t n, bool odd, int threads);

// Parses a "LIMBS:ALGORITHM ..." list; returns false when malformed.
bool parse_size_table(const std::string& text, std::vector<std::pair<std::size_t, Algorithm>>* out);

// How pow runs for a modulus of n limbs, an exponent of `bits` bits and
// `threads` threads: exponent splitting over split_threads threads (1: the
// sequential sliding window).  Never with an algorithm whose products are
// already parallel (bipartite, multipartite, or products_split: Montgomery
// and Barrett on modmul/parallel_classic): inside a split task they would run
// sequentially.  Tuning keys: "powm.split_min_bits" (exponent
// bits from which splitting pays with 2 or more threads; 0 = never) and
// "powm.phi_percent" (100 M/S, measured on Montgomery by `parmod tune`).
// Built-in: split from 8192-bit exponents (with the radix-2^52 kernel of
// 2026-11-23 the split measured 0.92-0.95x one thread at 4096 bits, 1.02-1.05x
// at 8192 and 1.01-1.11x at 16384), phi 1.3.  The split keeps the tuned
// phi on montgomery52 too, whose square is its product: the worker's factor
// (the low bits) starts after its wake-up, and 1.3 gives it correspondingly
// less (measured at 4096 and 8192 bits: 2-5% faster than phi 1).
struct PowmPlan {
  int split_threads = 1;
  double phi = 1.3;
};

PowmPlan choose_powm_plan(std::size_t n, std::size_t bits, int threads, Algorithm algorithm,
                          bool products_split = false);

// phi = (time of a product) / (time of a square) on `engine`, which the
// multi-exponentiation chunks balance with (their workers are awake by then:
// the precomputation ran on the team): 1 for an engine whose square is its
// product (Engine::square_is_product: montgomery52), else the tuned
// "powm.phi_percent" / 100, built-in 1.3; never below 1.
double phi_for(const modmul::Engine& engine);

// Whether pow modulo an even P of n limbs under automatic runs by the split
// P = 2^s m' (powm/even_modulus_powm: Montgomery on m', truncated products
// mod 2^s, CRT) instead of Barrett on P.  Tuning key
// "powm.even_split_min_limbs" (0 = never); built-in: from 1 limb (every size).
// Products (Modulus::mul) stay on Barrett either way.
bool even_split_pays(std::size_t n);

// Whether pow under automatic, modulo a P of n limbs (odd or even), calls
// GMP's mpz_powm instead of parmod's own exponentiation (odd moduli of 4-8
// limbs go to the field kernels first, api/small_odd_pow): below
// montgomery52's range, where parmod's sliding window measured 0.2x (64
// bits: per-call overhead) to 0.95-1.0x (384-512 bits) of mpz_powm on the
// Zen 4 host, one thread, medians of 9 interleaved rounds.  Tuning key
// "powm.gmp_below_limbs" (0 = never); built-in 9 (moduli of at most 512 bits).
bool gmp_powm_pays(std::size_t n);

// Reads the tuning table once and applies its thresholds (REDC by products, ...).
void apply_tuning_once();

}  // namespace parmod::api
