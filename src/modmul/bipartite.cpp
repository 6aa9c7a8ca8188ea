#include "modmul/bipartite.hpp"

namespace parmod::modmul {

MultipartiteConfig bipartite_config(int threads) noexcept {
  MultipartiteConfig c;
  c.ka = 1;
  c.kb = 2;
  c.square = false;
  c.grouped = true;
  c.threads = threads < 1 ? 1 : threads;
  c.qp_blocks = threads >= 4 ? threads / 2 : 1;
  return c;
}

void bipartite_mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k,
                   const MultipartitePlan& plan, limb_t* scratch, int threads) noexcept {
  multipartite_mul(r, a, b, k, plan, scratch, threads);
}

}  // namespace parmod::modmul
