// api/algorithm_choice.hpp - what Algorithm::automatic means for a modulus.
//
// Every value comes from the current tuning snapshot (config/tuning.hpp;
// the keys, their defaults per CPU family and what measured them:
// docs/tuning.md).  The tuning keys "modmul.odd" (one thread) and
// "modmul.odd.parallel" (two threads or more) list "LIMBS:ALGORITHM" pairs
// in increasing LIMBS: the first pair with n <= LIMBS applies, the last one
// beyond.  Even moduli always go to barrett (the only algorithm taking them)
// for products; their pow runs by the split P = 2^s m' when even_split_pays
// (below).
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

// The algorithm pow under automatic runs on for an odd modulus of n limbs on
// one thread (and the squaring chain's engine): choose_algorithm(n, true, 1),
// except where that names montgomery or montgomery28 and the tuning key
// "powm.montgomery28_min_limbs" is set (0 = never): montgomery28 from that
// size where the CPU has it, montgomery below.
Algorithm choose_pow_algorithm(std::size_t n);

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
// The split keeps the tuned phi on montgomery52 too, whose square is its
// product: the worker's factor (the low bits) starts after its wake-up, and
// phi > 1 gives it correspondingly less.
struct PowmPlan {
  bool square_chain = false;  // powm/square_chain_powm on two threads (api::pow_split)
  int split_threads = 1;
  double phi = 1.3;
};

PowmPlan choose_powm_plan(std::size_t n, std::size_t bits, int threads, Algorithm algorithm,
                          bool products_split = false);

// phi = (time of a product) / (time of a square) on `engine`, which the
// multi-exponentiation chunks balance with (their workers are awake by then:
// the precomputation ran on the team): 1 for an engine whose square is its
// product (Engine::square_is_product: montgomery52), else the tuned
// "powm.phi_percent" / 100; never below 1.
double phi_for(const modmul::Engine& engine);

// Whether pow under automatic on two threads or more, modulo an odd P of n
// limbs, runs the squaring chain beside the digit products
// (powm/square_chain_powm) for long exponents: tuning keys
// "powm.square_chain_min_bits" (the exponent length; 0 = never) and
// "powm.square_chain_max_limbs" (the largest P); and
// "powm.square_chain_asleep_min_bits" (api::pow_split: shorter exponents run
// the chain only while the worker is awake).
bool square_chain_pays(std::size_t n);

// Whether pow modulo an even P of n limbs under automatic runs by the split
// P = 2^s m' (powm/even_modulus_powm: Montgomery on m', truncated products
// mod 2^s, CRT) instead of Barrett on P.  Tuning key
// "powm.even_split_min_limbs" (0 = never).
// Products (Modulus::mul) stay on Barrett either way.
bool even_split_pays(std::size_t n);

// Whether pow under automatic, modulo a P of n limbs (odd or even), calls
// GMP's mpz_powm instead of parmod's own exponentiation (odd moduli in the
// field kernels' range go to them first, api/small_odd_pow): below
// montgomery52's range, where parmod's sliding window loses to mpz_powm's
// small-size code and per-call overhead.  Tuning key "powm.gmp_below_limbs"
// (0 = never).
bool gmp_powm_pays(std::size_t n);

}  // namespace parmod::api
