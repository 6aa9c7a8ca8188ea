#include "powm/list_powm.hpp"

#include <algorithm>

#include "limbs/limbs.hpp"
#include "powm/sliding_window.hpp"
#include "runtime/team.hpp"

namespace parmod::exponentiation {
namespace {

struct ListJob {
  const PowmItem* items;
  std::size_t count, chunks, per_chunk_scratch, max_en;
  const modmul::ModulusConstants* k;
  const modmul::Engine* engine;
  limb_t* scratch;
  const FixedBaseTable* fixed_base;
};

// A chunk's scratch, on whole cache lines: the chunks run side by side on
// the threads, each writing its own.
std::size_t item_scratch(std::size_t n, std::size_t max_en, const modmul::Engine& engine) noexcept {
  return limbs::line_words(std::max(sliding_window_powm_scratch(n, max_en, engine), fixed_base_powm_scratch(n, engine)));
}

void run_chunk(const void* ctx, unsigned chunk) {
  const ListJob& j = *static_cast<const ListJob*>(ctx);
  const std::size_t lo = j.count * chunk / j.chunks, hi = j.count * (chunk + 1) / j.chunks;
  limb_t* scratch = limbs::line_aligned(j.scratch) + chunk * j.per_chunk_scratch;
  for (std::size_t i = lo; i < hi; ++i) {
    const PowmItem& it = j.items[i];
    if (j.fixed_base)
      fixed_base_powm(it.out, *j.fixed_base, it.exp, it.en, *j.k, *j.engine, scratch);
    else
      sliding_window_powm(it.out, it.base, it.exp, it.en, *j.k, *j.engine, scratch);
  }
}

}  // namespace

std::size_t list_powm_chunks(std::size_t count, int threads) noexcept {
  const std::size_t want = threads <= 1 ? 1 : 4 * static_cast<std::size_t>(threads);
  return std::max<std::size_t>(1, std::min({count, want, static_cast<std::size_t>(runtime::Schedule::kMaxTasks)}));
}

std::size_t list_powm_scratch(std::size_t n, std::size_t max_en, const modmul::Engine& engine, std::size_t chunks) noexcept {
  return limbs::kLineWords - 1 + chunks * item_scratch(n, max_en, engine);
}

void list_powm(const PowmItem* items, std::size_t count, std::size_t max_en, const modmul::ModulusConstants& k,
               const modmul::Engine& engine, int threads, limb_t* scratch, const FixedBaseTable* fixed_base) noexcept {
  if (count == 0) return;
  const std::size_t chunks = list_powm_chunks(count, threads);
  const ListJob job{items, count, chunks, item_scratch(k.n, max_en, engine), max_en, &k, &engine, scratch, fixed_base};
  if (chunks == 1) {
    run_chunk(&job, 0);
    return;
  }
  runtime::Schedule s(threads);
  for (std::size_t c = 0; c < chunks; ++c)
    s.add(run_chunk, &job, static_cast<unsigned>(c), static_cast<double>(job.count / chunks),
          static_cast<int>(c % static_cast<std::size_t>(threads)), "powm chunk");
  runtime::run(s, threads);
}

}  // namespace parmod::exponentiation
