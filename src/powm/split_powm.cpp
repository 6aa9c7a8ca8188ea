#include "powm/split_powm.hpp"

#include <algorithm>

#include "powm/exponent_bits.hpp"
#include "powm/exponent_split.hpp"
#include "powm/sliding_window.hpp"
#include "runtime/team.hpp"

namespace parmod::exponentiation {
namespace {

constexpr int kMaxFactors = 16;

struct SplitJob {
  const limb_t* x;  // b in the representation
  const limb_t* ep;
  std::size_t en;
  const std::size_t* bounds;  // factors + 1 boundaries
  const modmul::ModulusConstants* k;
  const modmul::Engine* engine;
  limb_t* factors;  // one element each
  limb_t* scratch;  // per factor
  std::size_t per_factor;
};

void run_factor(const void* ctx, unsigned i) {
  const SplitJob& j = *static_cast<const SplitJob*>(ctx);
  const std::size_t n = modmul::element_size(*j.engine, j.k->n);
  exponent_split_factor(j.factors + i * n, j.x, j.ep, j.en, j.bounds[i], j.bounds[i + 1], *j.k, *j.engine,
                        j.scratch + i * j.per_factor);
}

}  // namespace

double split_phi_effective(double phi, std::size_t bits) noexcept {
  const unsigned w = sliding_window_size(bits);
  return phi * 2.0 / (w + 1.0);
}

std::size_t split_powm_scratch(std::size_t n, std::size_t en, const modmul::Engine& engine, int threads) noexcept {
  const modmul::Engine& e = modmul::element_engine(engine);  // the loop runs on the element form
  const std::size_t f = static_cast<std::size_t>(std::clamp(threads, 1, kMaxFactors));
  const std::size_t s = modmul::element_size(e, n);
  return s + f * s + f * exponent_split_factor_scratch(n, en, e) + e.scratch_limbs(n);
}

void split_powm(limb_t* r, const limb_t* b, const limb_t* ep, std::size_t en, const modmul::ModulusConstants& k,
                const modmul::Engine& any_form, int threads, double phi, limb_t* scratch) noexcept {
  const modmul::Engine& engine = modmul::element_engine(any_form);
  const std::size_t n = modmul::element_size(engine, k.n);  // words per element
  const std::size_t bits = exponent_bit_length(ep, en);
  threads = std::clamp(threads, 1, kMaxFactors);
  if (bits < 2 * static_cast<std::size_t>(threads)) threads = 1;
  if (threads > 1) runtime::prewake(threads);  // wakes while the base is converted
  std::size_t bounds[kMaxFactors + 1];
  const auto b_vec = split_boundaries(bits, split_phi_effective(phi, bits), static_cast<unsigned>(threads));
  const std::size_t factors = b_vec.size() - 1;
  std::copy(b_vec.begin(), b_vec.end(), bounds);  // no allocation below this point but the vector above
  limb_t* x = scratch;
  limb_t* fac = x + n;
  limb_t* per = fac + factors * n;
  const std::size_t per_factor = exponent_split_factor_scratch(k.n, en, engine);
  limb_t* work = per + factors * per_factor;
  engine.to_repr(x, b, k, work);
  const SplitJob job{x, ep, en, bounds, &k, &engine, fac, per, per_factor};
  runtime::Schedule s(static_cast<int>(factors));
  // Factor i's cost: bounds[i+1] squarings and its window multiplications.
  for (std::size_t i = 0; i < factors; ++i)
    s.add(run_factor, &job, static_cast<unsigned>(i),
          static_cast<double>(bounds[i + 1]) + phi * static_cast<double>(bounds[i + 1] - bounds[i]) / 6.0,
          static_cast<int>(factors - 1 - i), "split factor");
  runtime::run(s, static_cast<int>(factors));
  for (std::size_t i = 1; i < factors; ++i) engine.mul(fac, fac, fac + i * n, k, work);
  engine.from_repr(r, fac, k, work);
}

}  // namespace parmod::exponentiation
