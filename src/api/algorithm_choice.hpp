// api/algorithm_choice.hpp - what Algorithm::automatic means for a modulus.
//
// The tuning table's key "modmul.odd" lists "LIMBS:ALGORITHM" pairs in
// increasing LIMBS: the first pair with n <= LIMBS applies, the last one
// beyond.  Even moduli always go to barrett (the only algorithm taking them).
// Built-in default: montgomery for every odd size (measured on an AMD EPYC
// with `parmod bench --quick`: Montgomery leads Barrett at every size).
// Also applies the table's lower-layer thresholds once per process.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "parmod/parmod.hpp"

namespace parmod::api {

// The algorithm automatic picks for a modulus of n limbs and the given parity.
Algorithm choose_algorithm(std::size_t n, bool odd);

// Parses a "LIMBS:ALGORITHM ..." list; returns false when malformed.
bool parse_size_table(const std::string& text, std::vector<std::pair<std::size_t, Algorithm>>* out);

// How pow runs for a modulus of n limbs, an exponent of `bits` bits and
// `threads` threads: exponent splitting over split_threads threads (1: the
// sequential sliding window).  Tuning keys: "powm.split_min_bits" (exponent
// bits from which splitting pays with 2 or more threads; 0 = never) and
// "powm.phi_percent" (100 M/S).  Built-in: split from 4096-bit exponents, phi 1.3.
struct PowmPlan {
  int split_threads = 1;
  double phi = 1.3;
};
PowmPlan choose_powm_plan(std::size_t n, std::size_t bits, int threads);

// Reads the tuning table once and applies its thresholds (REDC by products, ...).
void apply_tuning_once();

}  // namespace parmod::api
