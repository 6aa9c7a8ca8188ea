#include "modmul/multipartite_square.hpp"

namespace parmod::modmul {

MultipartiteConfig square_config(int k, int threads) noexcept {
  MultipartiteConfig c;
  c.ka = c.kb = k;
  c.square = true;
  c.grouped = true;
  c.threads = threads < 1 ? 1 : threads;
  return c;
}

void multipartite_sqr(limb_t* r, const limb_t* a, const ModulusConstants& k, const MultipartitePlan& plan,
                      limb_t* scratch, int threads, MultipartiteStats* stats) noexcept {
  multipartite_mul(r, a, a, k, plan, scratch, threads, stats);
}

}  // namespace parmod::modmul
