#include "multiexp/lim_lee_table.hpp"

#include <algorithm>

#include "multiexp/mulexp_model.hpp"

namespace parmod::multiexp {

std::size_t lim_lee_group_offset(std::size_t nb, std::size_t k, std::size_t i) noexcept {
  std::size_t off = 0;
  for (std::size_t g = 0; g < i; ++g) off += std::size_t(1) << group_size(nb, k, g);
  return off;
}

void lim_lee_precompute_prefix(limb_t* table, const limb_t* xs, std::size_t nb, std::size_t k, std::size_t group,
                               unsigned t, unsigned p, const modmul::ModulusConstants& kc,
                               const modmul::Engine& engine, limb_t* scratch, OpCount* count) noexcept {
  const std::size_t n = modmul::element_size(engine, kc.n);
  const unsigned g = static_cast<unsigned>(group_size(nb, k, group));
  const unsigned tp = std::min<unsigned>(t, g);
  if (p >= (1u << tp)) return;
  const unsigned low = g - tp;
  limb_t* P = table + lim_lee_group_offset(nb, k, group) * n;
  const limb_t* x = xs + group_start(nb, k, group) * n;  // the group's bases
  // Bit (g - 1 - u) of an index stands for base u.
  const std::size_t head = static_cast<std::size_t>(p) << low;
  limb_t* e = P + head * n;
  if (head == 0) {
    mpn_copyi(e, engine.one(kc), static_cast<mp_size_t>(n));
  } else {
    bool first = true;
    for (unsigned u = 0; u < g; ++u) {
      if (!((head >> (g - 1 - u)) & 1)) continue;
      if (first) {
        mpn_copyi(e, x + u * n, static_cast<mp_size_t>(n));
        first = false;
      } else {
        engine.mul(e, e, x + u * n, kc, scratch);
        if (count) ++count->mul;
      }
    }
  }
  for (std::size_t jl = 1; jl < (std::size_t(1) << low); ++jl) {
    const std::size_t j = head | jl, jp = j & (j - 1);
    const unsigned u = g - 1 - static_cast<unsigned>(__builtin_ctzll(j));
    if (jp == 0) {
      mpn_copyi(P + j * n, x + u * n, static_cast<mp_size_t>(n));
    } else {
      engine.mul(P + j * n, P + jp * n, x + u * n, kc, scratch);
      if (count) ++count->mul;
    }
  }
}

void lim_lee_precompute(limb_t* table, const limb_t* xs, std::size_t nb, std::size_t k,
                        const modmul::ModulusConstants& kc, const modmul::Engine& engine, limb_t* scratch,
                        OpCount* count) noexcept {
  for (std::size_t i = 0; i < k; ++i) lim_lee_precompute_prefix(table, xs, nb, k, i, 0, 0, kc, engine, scratch, count);
}

}  // namespace parmod::multiexp
