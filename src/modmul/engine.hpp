// modmul/engine.hpp - a modular multiplication algorithm as layer 4 sees it,
// and the factory that binds it to one modulus.
//
// Each algorithm works in a representation x -> x R mod P (R = beta^n for
// Montgomery, R = 1 for Barrett) and offers its product, square and the
// conversions.  All operands are n-limb residues in [0, P); outputs may alias
// inputs; scratch holds scratch_limbs(n) limbs, overlaps no operand or output,
// and is the only memory used.
//
// An engine's functions read the constants k of the modulus they were bound
// to (EngineFactory::bind); what an engine keeps per modulus beyond the
// shared constants (plans, the thread split of its products, radix-2^52
// digits) is its EngineState, built by its own factory into k.engine_state.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "modmul/modulus_constants.hpp"

namespace parmod::modmul {

struct Engine {
  const char* name;
  std::size_t (*scratch_limbs)(std::size_t n);
  // r = a b R^-1 mod P (the product in the representation).
  void (*mul)(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, limb_t* scratch);
  // r = a^2 R^-1 mod P.
  void (*sqr)(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch);
  // r = a R mod P, a in [0, P).
  void (*to_repr)(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch);
  // r = a R^-1 mod P, a in [0, P).
  void (*from_repr)(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch);
  // R mod P: 1 in the representation (n limbs, owned by k).
  const limb_t* (*one)(const ModulusConstants& k);
  // Words per element for a P of n limbs when they are not n-limb residues
  // (null: n).  Such an engine's to_repr still takes and from_repr still
  // returns n-limb residues in [0, P); only loops that size their elements by
  // element_size() take it.
  std::size_t (*element_words)(std::size_t n) = nullptr;
  // The same representation R with elements of element_words words (faster:
  // no conversion per product), for such loops; null when there is none.
  const Engine* elements = nullptr;
  // Words of an element that mul reads of its second operand b, when that is
  // fewer than the element's (null: all of them).  A loop that keeps many
  // elements only to multiply by them (the squaring chain's published
  // powers, powm/square_chain_powm) stores just these words of each.
  std::size_t (*multiplier_words)(std::size_t n) = nullptr;
  // True when sqr is mul(a, a) at the same cost (no dedicated squaring):
  // planners that weigh squarings against multiplications (phi = M/S, the
  // exponent split and multi-exponentiation chunks) take phi = 1 for it.
  bool square_is_product = false;
};

// What bind() needs to know beyond P.
struct EngineOptions {
  int threads = 1;  // threads each product may use (the factory may use fewer where splitting does not pay)
  int chunks = 0;   // multipartite k (0: the engine's choice from the tuning table)
};

// The constants of one modulus with an engine bound to them; shared, immutable.
struct BoundEngine {
  std::shared_ptr<const ModulusConstants> k;  // k->engine_state is the engine's own
  const Engine* engine = nullptr;
  int product_threads = 1;  // threads each product uses (1: sequential products)
  std::string detail;       // what the factory chose, for Modulus::describe ("k = 4", "products on 2 threads")
};

// One row of the algorithm table (parmod/algorithms.def) as modmul builds it.
struct EngineFactory {
  // Null when the engine takes P (P > 0), else why not ("needs an odd modulus").
  const char* (*rejects)(const mpz_class& P) = nullptr;
  // The constants of P with the engine's state built in.  Requires rejects(P)
  // == null.  Allocates (std::bad_alloc).
  BoundEngine (*bind)(const mpz_class& P, const EngineOptions& options) = nullptr;
};

// Constants of P with no engine state, for factories of stateless engines.
std::shared_ptr<ModulusConstants> make_constants(const mpz_class& P);

// The factories of the algorithm table (a row's factory column).
extern const EngineFactory montgomery_factory;    // modmul/classic_factories.cpp
extern const EngineFactory barrett_factory;       // modmul/classic_factories.cpp
extern const EngineFactory bipartite_factory;     // modmul/multipartite_engine.cpp
extern const EngineFactory multipartite_factory;  // modmul/multipartite_engine.cpp
extern const EngineFactory montgomery52_factory;  // modmul/montgomery52.cpp
extern const EngineFactory montgomery28_factory;  // modmul/montgomery28_engine.cpp
inline constexpr EngineFactory no_engine_factory{};  // automatic: the planner picks a row (api/plan)

// The engine a loop that honours element_size() runs on: the element form when there is one.
inline const Engine& element_engine(const Engine& engine) { return engine.elements ? *engine.elements : engine; }

// Words per element of `engine` for a P of n limbs.
inline std::size_t element_size(const Engine& engine, std::size_t n) {
  return engine.element_words ? engine.element_words(n) : n;
}

// Words of an element of `engine` that its mul reads as the second operand, for a P of n limbs.
inline std::size_t multiplier_size(const Engine& engine, std::size_t n) {
  return engine.multiplier_words ? engine.multiplier_words(n) : element_size(engine, n);
}

// Loops that lay out elements in their scratch start them on a 32-byte
// boundary: the scratch rounded up (kElementAlignSlack more words of it).
// montgomery28's kernels load elements from such boundaries (elsewhere its
// engine copies them around each product); element sizes of both digit
// engines are multiples of 4 words, so every element of such a layout is aligned.
inline constexpr std::size_t kElementAlignSlack = 3;
inline limb_t* element_aligned(limb_t* scratch) noexcept {
  const std::size_t off = reinterpret_cast<std::uintptr_t>(scratch) % 32 / sizeof(limb_t);
  return off == 0 ? scratch : scratch + (4 - off);
}

extern const Engine montgomery_engine;  // modmul/montgomery_mul.cpp
extern const Engine barrett_engine;     // modmul/barrett_mul.cpp

}  // namespace parmod::modmul
