// bench/mulx_stream.hpp - two instruction streams of the mulx/adcx/adox
// register-window kernels (limbs/window_adx.hpp), which `parmod-bench modmul`
// times beside the one-thread Montgomery product: how near the product runs
// to the stream it is made of, and how far that stream lets a kernel of its
// form go against OpenSSL on this CPU.
//
//   column stream   the steady column of the Montgomery product's passes
//                   (limbs/gen_window_adx.py, pass_routine; emitted by the
//                   same code): per column two groups of 8 limb products
//                   (mulx, adcx, adox each), the old limb and three closing
//                   flag operations per group, the window rotating one
//                   register a column, one store; operands in L1.  The
//                   product runs this for all but its digit columns, the
//                   starts and tails of its passes and the final subtraction.
//                   Twice: with each product's hi added first, as the
//                   kernels do (HI_FIRST), and with its lo first, so that a
//                   CPU shows which order its kernels should take.
//   product stream  independent limb products: mulx, adox, adcx with the
//                   flags cleared before each, so that no chain joins them:
//                   the rate this core gives those three instructions.
//
// Generated: python3 src/limbs/gen_window_adx.py --stream > bench/mulx_stream_asm.cpp.
// They compute nothing that is read; they are timed, not checked.
#pragma once

#include <cstddef>

#include "limbs/cpu_features.hpp"
#include "limbs/window_adx.hpp"

#if PARMOD_WINDOW_ADX_ASM
extern "C" {
// src: 36 limbs (the strip, the digits, then b_c, p_c interleaved for 10
// columns); t: 22 limbs; loops >= 1.
void parmod_bench_mulx_column_stream_hi_first(const parmod::limb_t* src, parmod::limb_t* t, std::size_t loops) noexcept;
void parmod_bench_mulx_column_stream_lo_first(const parmod::limb_t* src, parmod::limb_t* t, std::size_t loops) noexcept;
// u: 8 limbs; loops >= 1.
void parmod_bench_mulx_product_stream(const parmod::limb_t* u, std::size_t loops) noexcept;
}
#endif

namespace parmod::bench {

// Limb products per loop of either stream (the generator's STREAM_PRODUCTS;
// bench/mulx_stream_asm.cpp asserts that they agree).
constexpr std::size_t kMulxStreamProducts = 160;

// Whether the streams run here: an x86-64 ELF build on a CPU with BMI2 and ADX.
inline bool mulx_streams_available() noexcept {
#if PARMOD_WINDOW_ADX_ASM
  return limbs::cpu_has_mulx_adx();
#else
  return false;
#endif
}

#if PARMOD_WINDOW_ADX_ASM
// `loops` loops of kMulxStreamProducts limb products; mulx_streams_available().
inline void mulx_column_stream(std::size_t loops, bool hi_first) noexcept {
  alignas(64) static const limb_t src[36] = {
      0x9e3779b97f4a7c15, 0xbf58476d1ce4e5b9, 0x94d049bb133111eb, 0x2545f4914f6cdd1d, 0xd6e8feb86659fd93,
      0xa0761d6478bd642f, 0xe7037ed1a0b428db, 0x8ebc6af09c88c6e3, 0x589965cc75374cc3, 0x1d8e4e27c47d124f};
  alignas(64) static limb_t t[22];
  if (hi_first)
    parmod_bench_mulx_column_stream_hi_first(src, t, loops);
  else
    parmod_bench_mulx_column_stream_lo_first(src, t, loops);
}
inline void mulx_product_stream(std::size_t loops) noexcept {
  alignas(64) static const limb_t u[8] = {0x9e3779b97f4a7c15, 0xbf58476d1ce4e5b9, 0x94d049bb133111eb,
                                          0x2545f4914f6cdd1d, 0xd6e8feb86659fd93, 0xa0761d6478bd642f,
                                          0xe7037ed1a0b428db, 0x8ebc6af09c88c6e3};
  parmod_bench_mulx_product_stream(u, loops);
}
#endif

}  // namespace parmod::bench
