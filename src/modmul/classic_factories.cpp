// modmul/classic_factories.cpp - the factories of montgomery and barrett
// (rows of parmod/algorithms.def): the sequential engine, or the engine whose
// products are split over the threads (modmul/parallel_classic) where that
// pays for the size.
#include <string>

#include "modmul/barrett_mul.hpp"
#include "modmul/montgomery_mul.hpp"
#include "modmul/parallel_classic.hpp"

namespace parmod::modmul {
namespace {

BoundEngine bind_classic(const mpz_class& P, const EngineOptions& o, const Engine& sequential,
                         const Engine& split, bool (*split_pays)(std::size_t, int)) {
  auto k = make_constants(P);
  if (!split_pays(k->n, o.threads)) return {std::move(k), &sequential, 1, "sequential products"};
  auto state = std::make_shared<ProductSplit>();
  state->threads = o.threads;
  k->engine_state = std::move(state);
  return {std::move(k), &split, o.threads, "products split over " + std::to_string(o.threads) + " threads"};
}

const char* montgomery_rejects(const mpz_class& P) {
  return mpz_even_p(P.get_mpz_t()) ? "montgomery needs an odd modulus" : nullptr;
}
BoundEngine montgomery_bind(const mpz_class& P, const EngineOptions& o) {
  return bind_classic(P, o, montgomery_engine, parallel_montgomery_engine, &montgomery_products_split);
}

const char* barrett_rejects(const mpz_class&) { return nullptr; }
BoundEngine barrett_bind(const mpz_class& P, const EngineOptions& o) {
  return bind_classic(P, o, barrett_engine, parallel_barrett_engine, &parallel_products_pay);
}

}  // namespace

const EngineFactory montgomery_factory = {montgomery_rejects, montgomery_bind};
const EngineFactory barrett_factory = {barrett_rejects, barrett_bind};

}  // namespace parmod::modmul
