// limbs/mul.cpp - the sequential product and square: AVX-512 IFMA schoolbook
// (limbs/mul_ifma.hpp) where the CPU has it and it wins, else own mulx/adx
// schoolbook and Karatsuba over it in the size ranges where they beat GMP
// (the register windows of limbs/window_adx.hpp where window_adx_enabled(),
// else the rows of limbs/basecase_adx.hpp and limbs/karatsuba_adx.hpp),
// GMP's mpn_mul / mpn_sqr elsewhere.
#include <algorithm>
#include <cstdint>
#include <new>
#include <utility>
#include <vector>

#include "check/assert.hpp"
#include "config/tuning.hpp"
#include "limbs/basecase_adx.hpp"
#include "limbs/karatsuba_adx.hpp"
#include "limbs/karatsuba_ifma.hpp"
#include "limbs/limbs.hpp"
#include "limbs/mul_ifma.hpp"
#include "limbs/window_adx.hpp"

namespace parmod::limbs {
namespace {

// The IFMA product for an >= bn, bn < kIfmaMaxLimbs, scratch on the stack:
// small operands in a small frame (the large frame with unaligned scratch
// measured 3-10% slower at 16..64 limbs), else in one piece while a fits
// kIfmaMaxLimbs, else a in pieces of kIfmaMaxLimbs limbs, each product added
// in.  Scratch 64-byte aligned.
constexpr std::size_t kSmallIfma = 128;

__attribute__((noinline)) void mul_ifma_small(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp,
                                              std::size_t bn) noexcept {
  alignas(64) std::uint64_t scratch[mul_ifma_scratch(kSmallIfma, kSmallIfma)];
  mul_ifma(rp, ap, an, bp, bn, scratch);
}

__attribute__((noinline)) void mul_ifma_large(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp,
                                              std::size_t bn) noexcept {
  constexpr std::size_t kPiece = kIfmaMaxLimbs;
  alignas(64) std::uint64_t scratch[mul_ifma_scratch(kPiece, kPiece)];
  if (an <= kPiece) return mul_ifma(rp, ap, an, bp, bn, scratch);
  limb_t t[2 * kPiece];
  mul_ifma(rp, ap, kPiece, bp, bn, scratch);
  for (std::size_t i = kPiece; i < an; i += kPiece) {
    const std::size_t m = std::min(kPiece, an - i);
    // rp[0, i + bn) holds a[0, i) b; add a[i, i + m) b at limb i (no carry out: the product fits).
    if (m >= mul_ifma_min())
      mul_ifma(t, ap + i, m, bp, bn, scratch);
    else if (m >= mul_basecase_adx_min())
      mul_basecase_adx(t, bp, bn, ap + i, m);
    else
      mpn_mul(t, bp, static_cast<mp_size_t>(bn), ap + i, static_cast<mp_size_t>(m));
    mpn_add(rp + i, t, static_cast<mp_size_t>(m + bn), rp + i, static_cast<mp_size_t>(bn));
  }
}

__attribute__((noinline)) void sqr_ifma_small(limb_t* rp, const limb_t* ap, std::size_t n) noexcept {
  alignas(64) std::uint64_t scratch[sqr_ifma_scratch(kSmallIfma)];
  sqr_ifma(rp, ap, n, scratch);
}

__attribute__((noinline)) void sqr_ifma_large(limb_t* rp, const limb_t* ap, std::size_t n) noexcept {
  alignas(64) std::uint64_t scratch[sqr_ifma_scratch(kIfmaMaxLimbs)];
  sqr_ifma(rp, ap, n, scratch);
}

void karatsuba_ifma_with(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n, limb_t* scratch) noexcept {
  if (ap == bp)
    karatsuba_sqr_ifma(rp, ap, n, scratch);
  else
    karatsuba_mul_ifma(rp, ap, bp, n, scratch);
}

__attribute__((noinline)) void karatsuba_ifma_on_stack(limb_t* rp, const limb_t* ap, const limb_t* bp,
                                                       std::size_t n) noexcept {
  alignas(64) limb_t scratch[karatsuba_ifma_scratch(kKaratsubaIfmaStackLimit)];
  karatsuba_ifma_with(rp, ap, bp, n, scratch);
}

// Above the stack limit: this thread's workspace, grown once to the largest
// size met and reused (never freed before the thread ends).  Without memory
// for it the product goes to GMP.
void karatsuba_ifma_in_workspace(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n) noexcept {
  thread_local std::vector<limb_t> workspace;
  const std::size_t need = karatsuba_ifma_scratch(n) + 8;  // + 8: room to start on a cache line
  if (workspace.size() < need) {
    try {
      workspace.resize(need);
    } catch (const std::bad_alloc&) {
      if (ap == bp) return mpn_sqr(rp, ap, static_cast<mp_size_t>(n));
      return mpn_mul_n(rp, ap, bp, static_cast<mp_size_t>(n));
    }
  }
  limb_t* scratch = workspace.data();
  scratch += (8 - (reinterpret_cast<std::uintptr_t>(scratch) / sizeof(limb_t)) % 8) % 8;
  karatsuba_ifma_with(rp, ap, bp, n, scratch);
}

void karatsuba_ifma(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n) noexcept {
  if (n < kKaratsubaIfmaStackLimit) return karatsuba_ifma_on_stack(rp, ap, bp, n);
  karatsuba_ifma_in_workspace(rp, ap, bp, n);
}

// an > bn, bn in Karatsuba over IFMA's range: a in pieces of bn limbs, each
// a balanced Karatsuba over IFMA (in the range where it beats GMP's balanced
// product, and GMP's unbalanced one is made of balanced ones too), added in; a's low an mod bn limbs first, by limbs::mul
// straight into rp (its choice for that shorter operand), so that no piece
// after it recurses into this function and the piece buffer is free.  The
// piece buffer is this thread's, grown once to the largest size met; without
// memory for it the product goes to GMP.
void karatsuba_ifma_pieces(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn) noexcept {
  PARMOD_ASSERT(an > bn && bn >= 1);
  thread_local std::vector<limb_t> piece;
  if (piece.size() < 2 * bn) {
    try {
      piece.resize(2 * bn);
    } catch (const std::bad_alloc&) {
      mpn_mul(rp, ap, static_cast<mp_size_t>(an), bp, static_cast<mp_size_t>(bn));
      return;
    }
  }
  std::size_t done = an % bn;  // rp[0, done + bn) = a[0, done) b
  if (done > 0) {
    mul(rp, bp, bn, ap, done);
  } else {
    karatsuba_ifma(rp, ap, bp, bn);
    done = bn;
  }
  limb_t* t = piece.data();
  for (; done < an; done += bn) {
    karatsuba_ifma(t, ap + done, bp, bn);
    // rp[done, done + bn) holds the top of a[0, done) b; the sum fits in rp[0, done + 2 bn).
    mpn_add(rp + done, t, static_cast<mp_size_t>(2 * bn), rp + done, static_cast<mp_size_t>(bn));
  }
}

}  // namespace

void mulx_schoolbook_mul(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn) noexcept {
  if (an < bn) {
    std::swap(ap, bp);
    std::swap(an, bn);
  }
#if PARMOD_WINDOW_ADX_ASM
  // the register windows beat the rows: strips of the shorter operand
  if (window_adx_enabled()) return mul_window_adx(rp, bp, bn, ap, an);
#endif
  mul_basecase_adx(rp, ap, an, bp, bn);
}

void mulx_schoolbook_sqr(limb_t* rp, const limb_t* ap, std::size_t n) noexcept {
#if PARMOD_WINDOW_ADX_ASM
  if (window_adx_enabled()) return sqr_window_adx(rp, ap, n);
#endif
  sqr_basecase_adx(rp, ap, n);
}

void mulx_karatsuba_mul(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n, limb_t* scratch) noexcept {
#if PARMOD_WINDOW_ADX_ASM
  if (window_adx_enabled()) return mul_karatsuba_window_adx(rp, ap, bp, n, mul_karatsuba_adx_min(), scratch);
#endif
  karatsuba_mul_adx(rp, ap, bp, n, scratch);
}

void mulx_karatsuba_sqr(limb_t* rp, const limb_t* ap, std::size_t n, limb_t* scratch) noexcept {
#if PARMOD_WINDOW_ADX_ASM
  if (window_adx_enabled()) return sqr_karatsuba_window_adx(rp, ap, n, sqr_karatsuba_adx_min(), scratch);
#endif
  karatsuba_sqr_adx(rp, ap, n, scratch);
}

// The kernel choices read the tuning snapshot once (a call per threshold
// cost 10-20 ns per product at 16-64 limbs, as much as 15% of a 16-limb
// product through parmod::mul).
MulKernel mul_kernel(const config::Tuning& t, std::size_t an, std::size_t bn) noexcept {
  if (an < bn) std::swap(an, bn);
  const std::size_t ifma_max = t.mul_ifma_max;  // 0 without IFMA, as all IFMA limits
  if (bn >= t.mul_ifma_min && bn < ifma_max) return MulKernel::ifma;
  if (ifma_max > 0 && bn >= ifma_max && bn < t.mul_ifma_karatsuba_max) return MulKernel::karatsuba_ifma;
  const std::size_t base = t.mul_basecase_adx_max;
  if (an - bn <= kKaratsubaAdxExtraRows && base > 0 && bn >= mul_karatsuba_adx_min(t) &&
      bn < t.mul_karatsuba_adx_max)
    return MulKernel::karatsuba_adx;
  if (bn >= mul_basecase_adx_min() && bn < base) return MulKernel::basecase_adx;
  return MulKernel::gmp;
}

MulKernel sqr_kernel(const config::Tuning& t, std::size_t n) noexcept {
  const std::size_t ifma_max = t.sqr_ifma_max;
  if (n >= t.sqr_ifma_min && n < ifma_max) return MulKernel::ifma;
  if (ifma_max > 0 && n >= ifma_max && n < t.sqr_ifma_karatsuba_max) return MulKernel::karatsuba_ifma;
  const std::size_t base = t.sqr_basecase_adx_max;
  if (base > 0 && n >= sqr_karatsuba_adx_min(t) && n < t.sqr_karatsuba_adx_max) return MulKernel::karatsuba_adx;
  if (n >= sqr_basecase_adx_min() && n < base) return MulKernel::basecase_adx;
  return MulKernel::gmp;
}

MulKernel mul_kernel(std::size_t an, std::size_t bn) noexcept { return mul_kernel(config::tuning(), an, bn); }

MulKernel sqr_kernel(std::size_t n) noexcept { return sqr_kernel(config::tuning(), n); }

void mul(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn) noexcept {
  PARMOD_ASSERT(an >= 1 && bn >= 1);
  PARMOD_ASSERT(!check::overlap(rp, an + bn, ap, an) && !check::overlap(rp, an + bn, bp, bn));
  if (an == bn && ap == bp) return sqr(rp, ap, an);
  if (an < bn) {
    std::swap(ap, bp);
    std::swap(an, bn);
  }
  switch (mul_kernel(an, bn)) {
    case MulKernel::ifma:
      return an <= kSmallIfma ? mul_ifma_small(rp, ap, an, bp, bn) : mul_ifma_large(rp, ap, an, bp, bn);
    case MulKernel::karatsuba_ifma:
      return an == bn ? karatsuba_ifma(rp, ap, bp, an) : karatsuba_ifma_pieces(rp, ap, an, bp, bn);
    case MulKernel::basecase_adx:
      return mulx_schoolbook_mul(rp, ap, an, bp, bn);
    case MulKernel::karatsuba_adx: {
      // a = a0 + a1 beta^bn with a1 of an - bn <= kKaratsubaAdxExtraRows limbs: a0 b, then a row per limb of a1.
      limb_t scratch[karatsuba_adx_scratch(kKaratsubaAdxMaxLimit)];
      mulx_karatsuba_mul(rp, ap, bp, bn, scratch);
      for (std::size_t j = bn; j < an; ++j)
        rp[bn + j] = mpn_addmul_1(rp + j, bp, static_cast<mp_size_t>(bn), ap[j]);
      return;
    }
    case MulKernel::gmp:
      break;
  }
  if (an == bn)
    mpn_mul_n(rp, ap, bp, static_cast<mp_size_t>(an));
  else
    mpn_mul(rp, ap, static_cast<mp_size_t>(an), bp, static_cast<mp_size_t>(bn));
}

void sqr(limb_t* rp, const limb_t* ap, std::size_t n) noexcept {
  PARMOD_ASSERT(n >= 1);
  PARMOD_ASSERT(!check::overlap(rp, 2 * n, ap, n));
  switch (sqr_kernel(n)) {
    case MulKernel::ifma:
      return n <= kSmallIfma ? sqr_ifma_small(rp, ap, n) : sqr_ifma_large(rp, ap, n);
    case MulKernel::karatsuba_ifma:
      return karatsuba_ifma(rp, ap, ap, n);
    case MulKernel::basecase_adx:
      return mulx_schoolbook_sqr(rp, ap, n);
    case MulKernel::karatsuba_adx: {
      limb_t scratch[karatsuba_adx_scratch(kKaratsubaAdxMaxLimit)];
      return mulx_karatsuba_sqr(rp, ap, n, scratch);
    }
    case MulKernel::gmp:
      break;
  }
  mpn_sqr(rp, ap, static_cast<mp_size_t>(n));
}

}  // namespace parmod::limbs
