// modmul/multipartite_engine.hpp - bipartite and multipartite as Engines
// (engine.hpp), in the representation x -> x R mod P with R = beta^h,
// h = floor(n/2) (odd n: R = beta^((n-1)/2); n = 1: R = 1).
//
// Per-modulus state: the plans (product and square), the chosen k and thread
// count, and R mod P live in a MultipartiteEnginePlans, built once per
// modulus by the engines' factories (bipartite_factory,
// multipartite_factory: make_engine_plans) into the constants' engine_state;
// the engine functions read it from there (no lock, no allocation).
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "modmul/engine.hpp"
#include "modmul/multipartite_plan.hpp"

namespace parmod::modmul {

enum class MultipartiteKind { bipartite, multipartite };

struct MultipartiteEnginePlans : EngineState {
  MultipartiteKind kind = MultipartiteKind::multipartite;
  int chunks = 0;   // k (2 for bipartite's B split)
  int threads = 1;  // threads each product uses
  MultipartitePlan mul, sqr;  // bipartite: sqr is the multipartite k = 2 square
  std::vector<limb_t> one;    // R mod P = beta^h mod P, n limbs
  double predicted_ns = 0;    // the product's predicted makespan
};

// The k in [2, 8] with the smallest predicted makespan of the product's
// schedule on `threads` threads (a smaller k unless a larger one predicts 2%
// better).  Cost: 7 plans (about 100 us).
int predicted_multipartite_k(std::size_t n, int threads, const runtime::CostTable& costs);
// The k `parmod tune` confirmed by measurement for (n, threads) (tuning-table
// key multipartite.k.T<threads>, "bits:k,..."), or 0 when not tuned.
int measured_multipartite_k(std::size_t n, int threads);
// The k the engines use: measured when tuned (and costs is the measured
// table), else predicted.
int choose_multipartite_k(std::size_t n, int threads, const runtime::CostTable& costs);

// Builds the plans for modulus k (odd P).  chunks = 0: choose_multipartite_k.
// With threads > 1 the plans stay sequential (threads = 1) when the
// predicted T-thread makespan plus the team's overhead (2 us) is not below
// the predicted sequential time (small moduli: splitting does not pay).
std::shared_ptr<const MultipartiteEnginePlans> make_engine_plans(const ModulusConstants& k, MultipartiteKind kind,
                                                                 int threads, int chunks = 0);

// Scratch of the engines for n limbs: bounds every plan (k <= 8, any threads)
// and the conversions.
std::size_t multipartite_engine_scratch(std::size_t n) noexcept;

extern const Engine bipartite_engine;     // R = beta^floor(n/2), odd P
extern const Engine multipartite_engine;  // R = beta^floor(n/2), odd P

}  // namespace parmod::modmul
