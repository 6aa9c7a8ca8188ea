// parmod/field/fp.hpp - parmod::Fp<N>: the prime field F_p for an odd p given
// at run time, with N = 2..8 64-bit limbs fixed at compile time.
//
// An Fp<N> object is the context: p, pinv = -p^-1 mod 2^64, R^2 mod p
// (R = 2^(64N)), the exponents p-2 and (p+1)/4, and the kernel path.  Elements
// (Fp<N>::Element, N limbs, trivially copyable) hold the Montgomery form a*R mod p.
//
// Two representations, chosen by the context from p alone (public):
//  * strict (p >= R/4): every result is fully reduced, in [0, p);
//  * lazy   (p <  R/4): results are in [0, 2p) and Montgomery multiplication
//    skips its final subtraction (paper, "reduction").
// Let M = p (strict) or M = 2p (lazy): every operation takes inputs in [0, M)
// and returns a result in [0, M).
//
// Proof of the lazy bound.  montgomery_fips.hpp shows MontMul(a, b) < 2p
// whenever a*b < p*R.  For a, b <= 2p-1 exactly:
//     (a*b + m*p)/R <= ((2p-1)^2 + (R-1)p)/R < 2p  <=>  4p - 5 + 1/p < R,
// so the exact condition for multiplication alone is p <= R/4 + 1.  We use
// p < R/4 (4p <= R - 4 for odd p) because add must also hold a + b <= 4p - 2
// in N words without a carry, which needs 4p - 2 < R; p < R/4 gives both.  Then
// (2p)^2 = 4p^2 < p*R, i.e. products of lazy values satisfy the kernel contract,
// and add/sub/neg keep [0, 2p) by one conditional (masked) correction by 2p.
// If p < R/8, one unreduced sum (< 4p) may feed a multiplication with a lazy
// value (8p^2 < pR): mul_unreduced_ok() reports the factor callers may use.
//
// Constant time: no operation branches or indexes memory on element values;
// branches depend on the context only (strict/lazy, path) or on public
// exponents (pow, inv, sqrt).  Conversions from/to mpz use GMP and are not
// constant time; bytes conversions are.
#pragma once

#include <gmpxx.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include "parmod/error.hpp"

#include "parmod/field/cpu_features.hpp"
#include "parmod/field/inverse_bingcd.hpp"
#include "parmod/field/limbs.hpp"
#include "parmod/field/montgomery_fips.hpp"
#include "parmod/field/montgomery_fips_adx.hpp"
#include "parmod/field/montgomery_ifma8.hpp"

namespace parmod {

template <int N>
class Fp {
  static_assert(N >= 2 && N <= 8, "Fp<N> supports 2..8 limbs");
  using u64 = std::uint64_t;

 public:
  static constexpr int limb_count = N;

  // Montgomery form a*R mod p, in [0, bound()); limb 0 least significant.
  // Copies go limb by limb through a general register: compilers otherwise
  // copy with 16/32-byte vector loads, which cannot be forwarded from the
  // kernels' 8-byte stores and stall a dependent multiplication by ~20 cycles.
  struct Element {
    u64 v[N];
    Element() = default;
    Element(const Element& o) noexcept { copy_from(o); }
    Element& operator=(const Element& o) noexcept {
      copy_from(o);
      return *this;
    }

   private:
    void copy_from(const Element& o) noexcept {
#pragma GCC unroll 8
      for (int i = 0; i < N; ++i) {
        u64 t = o.v[i];
        __asm__("" : "+r"(t));  // keeps the copy scalar (no vectorised memcpy)
        v[i] = t;
      }
    }
  };

  // p must be odd, p >= 3, p < 2^(64N); throws parmod::InvalidArgument otherwise,
  // and for path mulx_adx on a CPU without BMI2/ADX.  Cost: a few mpz operations.
  // path: the kernel of single operations; batch: how mul_batch/sqr_batch
  // run (see cpu_features.hpp).  Throws parmod::InvalidArgument for a bad p or
  // a path this CPU (or build) lacks.
  explicit Fp(const mpz_class& p, FieldPath path = FieldPath::automatic, BatchPath batch = BatchPath::automatic) {
    if (p < 3 || mpz_even_p(p.get_mpz_t()) || mpz_sizeinbase(p.get_mpz_t(), 2) > 64u * N)
      throw parmod::InvalidArgument("Fp<N>: the modulus must be odd, >= 3 and fit in N limbs");
    if (path == FieldPath::automatic) path = cpu_has_mulx_adx() ? FieldPath::mulx_adx : FieldPath::portable;
    if (path == FieldPath::mulx_adx && !cpu_has_mulx_adx())
      throw parmod::InvalidArgument("Fp<N>: this CPU (or build) has no mulx/adx path");
    path_ = path;
    if (batch == BatchPath::automatic) batch = cpu_has_avx512_ifma() ? BatchPath::avx512_ifma : BatchPath::scalar;
    if (batch == BatchPath::avx512_ifma && !cpu_has_avx512_ifma())
      throw parmod::InvalidArgument("Fp<N>: this CPU (or build) has no AVX-512 IFMA batch path");
    batch_ = batch;
    pz_ = p;
    to_limbs(p_, p);
#if defined(PARMOD_FIELD_HAVE_ADX_KERNEL)
    if constexpr (N == 4) p256_ = path_ == FieldPath::mulx_adx && field::fips::is_p256(p_);
    if constexpr (N == 6) p384_ = path_ == FieldPath::mulx_adx && field::fips::is_p384(p_);
#endif
    bits_ = mpz_sizeinbase(p.get_mpz_t(), 2);
    // pinv = -p^-1 mod 2^64 by Newton iteration (each step doubles the correct bits).
    u64 x = p_[0];  // p*p = 1 mod 8: 3 bits
    for (int i = 0; i < 5; ++i) x *= 2 - p_[0] * x;
    pinv_ = (u64)0 - x;
    mpz_class R = mpz_class(1) << (64 * N);
    lazy_ = 4 * p < R;
    to_limbs(bound_, lazy_ ? mpz_class(2 * p) : p);
    field::ifma8::make_constants(ifma_, p_, N, !lazy_);
    to_limbs(r2_, (R * R) % p);
    to_limbs(one_, R % p);
    to_limbs(pm2_, p - 2);
    to_limbs(sqrt_exp_, (p + 1) / 4);
    p3mod4_ = mpz_fdiv_ui(p.get_mpz_t(), 4) == 3;
    unreduced_factor_ = 8 * p < R ? (16 * p < R ? 4 : 2) : 1;
  }

  // ---- context ---------------------------------------------------------
  const mpz_class& modulus() const { return pz_; }
  const u64* modulus_limbs() const { return p_; }
  // Bound M of the representation: p (strict) or 2p (lazy).
  const u64* bound_limbs() const { return bound_; }
  u64 pinv() const { return pinv_; }
  bool lazy() const { return lazy_; }
  FieldPath path() const { return path_; }
  BatchPath batch_path() const { return batch_; }
  std::size_t bits() const { return bits_; }
  std::size_t byte_length() const { return (bits_ + 7) / 8; }
  // Largest k (1, 2 or 4) such that mul(x, y) is valid for x < k*M, y < M
  // when lazy (k = 2 needs p < R/8, 4 needs p < R/16); 1 when strict.
  int mul_unreduced_ok() const { return lazy_ ? unreduced_factor_ : 1; }

  // ---- constants --------------------------------------------------------
  Element zero() const { return Element{}; }
  Element one() const {
    Element r;
    for (int i = 0; i < N; ++i) r.v[i] = one_[i];
    return r;
  }

  // ---- ring operations: inputs and result in [0, M) ----------------------
  // a + b.  Cost: 2N add/sub + N selects.
  Element add(const Element& a, const Element& b) const {
    Element r;
    u64 c = field::limbs::add<N>(r.v, a.v, b.v);
    field::limbs::reduce_once<N>(r.v, r.v, c, bound_);
    return r;
  }
  // a - b.  Cost: 2N add/sub.
  Element sub(const Element& a, const Element& b) const {
    Element r;
    u64 borrow = field::limbs::sub<N>(r.v, a.v, b.v);
    field::limbs::add_masked<N>(r.v, r.v, bound_, (u64)0 - borrow);
    return r;
  }
  // -a (0 maps to 0).
  Element neg(const Element& a) const { return sub(zero(), a); }
  // 2a.
  Element dbl(const Element& a) const { return add(a, a); }
  // a/2 mod p: a + p if a is odd, then shift.  (a + p)/2 < (M + p)/2 <= M.
  Element half(const Element& a) const {
    Element r;
    u64 c = field::limbs::add_masked<N>(r.v, a.v, p_, (u64)0 - (a.v[0] & 1));
    field::limbs::shr1<N>(r.v, r.v, c);
    return r;
  }
  // a*b (Montgomery product), kernel of the context's path (portable:
  // product scanning; mulx_adx: operand scanning for N <= 6, product
  // scanning for N = 7, 8, and the dedicated P-256 and P-384 kernels when p
  // is one of those primes; see montgomery_fips_adx.hpp).
  // Also valid for a < k*M with k = mul_unreduced_ok(), b < M.
  Element mul(const Element& a, const Element& b) const {
    Element r;
#if defined(PARMOD_FIELD_HAVE_ADX_KERNEL)
    if (path_ == FieldPath::mulx_adx) {
      if constexpr (N == 4) {
        if (p256_) {  // public: chosen once per context
          field::fips::mul_adx_p256(r.v, a.v, b.v, p_);
          return r;
        }
      }
      if constexpr (N == 6) {
        if (p384_) {  // public: chosen once per context
          field::fips::mul_adx_p384(r.v, a.v, b.v);
          return r;
        }
      }
      if (lazy_) field::fips::mul_adx<N, false>(r.v, a.v, b.v, p_, pinv_);
      else field::fips::mul_adx<N, true>(r.v, a.v, b.v, p_, pinv_);
      return r;
    }
#endif
    if (lazy_) field::fips::mul_portable<N, false>(r.v, a.v, b.v, p_, pinv_);
    else field::fips::mul_portable<N, true>(r.v, a.v, b.v, p_, pinv_);
    return r;
  }
  // a^2: portable path, dedicated FIPS squaring (symmetric products once);
  // mulx_adx path, the operand-scanning squaring for N <= 4 (P-256: with its
  // own reduction rows), the multiplication kernel for N = 5, 6 (P-384: its
  // own kernel with b = a; see montgomery_fips_adx.hpp), dedicated FIPS
  // squaring for N = 7, 8.
  Element sqr(const Element& a) const {
    Element r;
#if defined(PARMOD_FIELD_HAVE_ADX_KERNEL)
    if (path_ == FieldPath::mulx_adx) {
      if constexpr (N == 4) {
        if (p256_) {  // public: chosen once per context
          field::fips::sqr_adx_p256(r.v, a.v, p_);
          return r;
        }
      }
      if constexpr (N == 6) {
        if (p384_) {  // public: chosen once per context; the P-384 product with b = a
          field::fips::mul_adx_p384(r.v, a.v, a.v);
          return r;
        }
      }
      if (lazy_) field::fips::sqr_adx<N, false>(r.v, a.v, p_, pinv_);
      else field::fips::sqr_adx<N, true>(r.v, a.v, p_, pinv_);
      return r;
    }
#endif
    if (lazy_) field::fips::sqr_portable<N, false>(r.v, a.v, p_, pinv_);
    else field::fips::sqr_portable<N, true>(r.v, a.v, p_, pinv_);
    return r;
  }
  // k*a for a public small k, by double-and-add over the bits of k (the
  // addition is done for every bit and kept by a mask: no branch at all).
  // Cost: 2*bits(k) - 2 additions.
  // r[i] = a[i] * b[i] for i < n: the same values as mul, bit for bit (the
  // radix-2^52 kernel's digit string is the radix-2^64 one times 2^s, see
  // montgomery_ifma8.hpp).  On the avx512_ifma batch path eight products run
  // side by side, each cheaper than one mul in a dependent chain
  // (docs/bench/zen4/README.md, "Fixed-size fields"); on the scalar path
  // one after another.  r may be a, b or disjoint from both.  Constant time in
  // the values (n is public).
  void mul_batch(Element* r, const Element* a, const Element* b, std::size_t n) const {
    static_assert(sizeof(Element) == sizeof(u64) * N, "Element arrays must be contiguous limbs");
    if (batch_ == BatchPath::avx512_ifma) {
      field::ifma8::mul<N>(r->v, a->v, b->v, n, ifma_);
      return;
    }
    for (std::size_t i = 0; i < n; ++i) r[i] = mul(a[i], b[i]);
  }
  // r[i] = a[i]^2 for i < n (the same values as sqr).  r may be a or
  // disjoint from it.
  void sqr_batch(Element* r, const Element* a, std::size_t n) const {
    if (batch_ == BatchPath::avx512_ifma) {
      field::ifma8::sqr<N>(r->v, a->v, n, ifma_);
      return;
    }
    for (std::size_t i = 0; i < n; ++i) r[i] = sqr(a[i]);
  }

  Element mul_small(const Element& a, std::uint32_t k) const {
    if (k == 0) return zero();
    int top = 31 - __builtin_clz(k);
    Element r = a;
    for (int i = top - 1; i >= 0; --i) {
      r = dbl(r);
      Element s = add(r, a);
      field::limbs::select<N>(r.v, (u64)0 - ((k >> i) & 1), s.v, r.v);
    }
    return r;
  }

  // a^e for a public exponent e (n limbs, least significant first), 4-bit
  // fixed window: the table index comes from e only.  a^0 = 1.
  Element pow(const Element& a, const u64* e, std::size_t n) const {
    Element table[16];
    table[0] = one();
    table[1] = a;
    for (int i = 2; i < 16; ++i) table[i] = (i & 1) ? mul(table[i - 1], a) : sqr(table[i / 2]);
    Element r = one();
    bool started = false;
    for (std::size_t w = n * 16; w-- > 0;) {
      unsigned d = (unsigned)(e[w / 16] >> (4 * (w % 16))) & 15;
      if (started) {
        r = sqr(sqr(sqr(sqr(r))));
        if (d) r = mul(r, table[d]);
      } else if (d) {
        r = table[d];
        started = true;
      }
    }
    return r;
  }
  Element pow(const Element& a, const mpz_class& e) const {  // e >= 0, public
    u64 buf[64] = {};
    std::size_t n = (mpz_sizeinbase(e.get_mpz_t(), 2) + 63) / 64;
    if (n > 64) throw parmod::InvalidArgument("Fp<N>::pow: exponent longer than 4096 bits");
    mpz_export(buf, nullptr, -1, 8, 0, 0, e.get_mpz_t());
    return pow(a, buf, n);
  }
  // a^-1 (p must be prime); inv(0) = 0.  Input in [0, M), result in [0, p)
  // (within [0, M) in both representations): the Montgomery form a^-1 R.
  // Constant time (the iteration count depends on bits() only).  Optimized
  // binary extended GCD (Pornin, ePrint 2020/972; inverse_bingcd.hpp):
  // ceil((2 bits() - 1)/31) rounds of 31 steps on 64-bit approximations, the
  // Bezout coefficient started at R^2 mod p so that no correction follows.
  // Cost on the development Zen 4 (core cycles): about 5,900 at N = 4,
  // 9,950 at N = 6, 15,000 at N = 8 (inv_fermat: 14,900-20,300, 53,500,
  // 160,000); see inverse_bingcd.hpp.
  Element inv(const Element& a) const {
    Element y = canonical(a), r;
    field::bingcd::inverse<N>(r.v, y.v, p_, pinv_, r2_, bits_);
    return r;
  }
  // a^-1 = a^(p-2) (Fermat's little theorem), the former inv, kept as a
  // reference for the tests.  Same contract.  Cost: about 64N squarings +
  // 16N multiplications.
  Element inv_fermat(const Element& a) const { return pow(a, pm2_, N); }
  // Square root for p = 3 mod 4: r = a^((p+1)/4); returns true iff r^2 = a
  // (a is a square), r is set either way.  Throws parmod::InvalidArgument if
  // p != 3 mod 4.  Constant time apart from the returned flag.
  bool sqrt(Element& r, const Element& a) const {
    if (!p3mod4_) throw parmod::InvalidArgument("Fp<N>::sqrt needs p = 3 mod 4");
    r = pow(a, sqrt_exp_, N);
    return equal_mask(sqr(r), a) != 0;
  }

  // ---- comparison and normal form ---------------------------------------
  // The representative in [0, p) of the same residue (a itself when strict).
  Element canonical(const Element& a) const {
    if (!lazy_) return a;
    Element r;
    field::limbs::reduce_once<N>(r.v, a.v, 0, p_);
    return r;
  }
  // ~0 if a = b mod p, else 0.  Constant time.
  u64 equal_mask(const Element& a, const Element& b) const {
    Element x = canonical(a), y = canonical(b);
    return field::limbs::equal_mask<N>(x.v, y.v);
  }
  bool equal(const Element& a, const Element& b) const { return equal_mask(a, b) != 0; }
  bool is_zero(const Element& a) const { return field::limbs::zero_mask<N>(canonical(a).v) != 0; }

  // ---- conversions --------------------------------------------------------
  // Any integer x (reduced mod p, negative allowed) to Montgomery form.
  Element from_mpz(const mpz_class& x) const {
    mpz_class y = x % pz_;
    if (y < 0) y += pz_;
    Element t, r2;
    to_limbs(t.v, y);
    for (int i = 0; i < N; ++i) r2.v[i] = r2_[i];
    return mul(t, r2);  // y*R^2/R = y*R; y < p, R^2 mod p < p: contract holds
  }
  // The integer in [0, p).
  mpz_class to_mpz(const Element& a) const {
    Element s = standard(a);
    mpz_class r;
    mpz_import(r.get_mpz_t(), N, -1, 8, 0, 0, s.v);
    return r;
  }
  // Fixed-length big-endian bytes, byte_length() of them; value in [0, p).
  void to_bytes(unsigned char* out, const Element& a) const {
    Element s = standard(a);
    std::size_t len = byte_length();
    for (std::size_t i = 0; i < len; ++i) out[len - 1 - i] = (unsigned char)(s.v[i / 8] >> (8 * (i % 8)));
  }
  // Reads byte_length() big-endian bytes; returns false (r = 0) if the value
  // is >= p.  Constant time in the value apart from the result flag.
  bool from_bytes(Element& r, const unsigned char* in) const {
    Element t{};
    std::size_t len = byte_length();
    for (std::size_t i = 0; i < len; ++i) t.v[i / 8] |= (u64)in[len - 1 - i] << (8 * (i % 8));
    Element d;
    u64 ok = (u64)0 - field::limbs::sub<N>(d.v, t.v, p_);  // borrow <=> t < p
    field::limbs::select<N>(t.v, ok, t.v, zero().v);
    Element r2;
    for (int i = 0; i < N; ++i) r2.v[i] = r2_[i];
    r = mul(t, r2);
    return ok != 0;
  }
  // Standard (non-Montgomery) integer in [0, p) as limbs: MontMul(a, 1), reduced.
  Element standard(const Element& a) const {
    Element one_raw{};
    one_raw.v[0] = 1;
    return canonical(mul(a, one_raw));
  }

 private:
  static void to_limbs(u64* out, const mpz_class& x) {
    for (int i = 0; i < N; ++i) out[i] = 0;
    mpz_export(out, nullptr, -1, 8, 0, 0, x.get_mpz_t());
  }

  mpz_class pz_;
  u64 p_[N];
  u64 bound_[N];
  u64 r2_[N];
  u64 one_[N];
  u64 pm2_[N];
  u64 sqrt_exp_[N];
  u64 pinv_ = 0;
  std::size_t bits_ = 0;
  FieldPath path_ = FieldPath::portable;
  BatchPath batch_ = BatchPath::scalar;
  field::ifma8::Constants ifma_;  // the batch kernel's constants (made whatever the path)
  bool lazy_ = false;
  bool p256_ = false;  // N = 4, mulx_adx path and p = P-256: the dedicated kernel
  bool p384_ = false;  // N = 6, mulx_adx path and p = P-384: the dedicated kernel
  bool p3mod4_ = false;
  int unreduced_factor_ = 1;
};

}  // namespace parmod
