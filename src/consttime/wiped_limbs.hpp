// consttime/wiped_limbs.hpp - a limb buffer for secret values, wiped before it is freed.
//
// Cache-line aligned (radix-2^52 digit vectors are read as zmm words), zeroed
// with explicit_bzero (which the compiler may not drop as a dead store) when
// the owner goes away, so no secret stays in freed heap memory.
#pragma once

#include <cstddef>
#include <cstring>
#include <new>

#include <gmpxx.h>

#include "limbs/limbs.hpp"

namespace parmod::consttime {

// Zeroes x[0, n) in a way the compiler keeps.
inline void wipe(limb_t* x, std::size_t n) noexcept {
  if (n) explicit_bzero(x, n * sizeof(limb_t));
}

// Zeroes the limbs of x (its value becomes 0): for mpz copies of secrets.
inline void wipe(mpz_class& x) noexcept {
  const auto n = static_cast<mp_size_t>(mpz_size(x.get_mpz_t()));
  if (n) {
    wipe(mpz_limbs_modify(x.get_mpz_t(), n), static_cast<std::size_t>(n));
    mpz_limbs_finish(x.get_mpz_t(), 0);
  }
}

class WipedLimbs {
 public:
  WipedLimbs() = default;
  // Throws std::bad_alloc.  The limbs are zero.
  explicit WipedLimbs(std::size_t n)
      : p_(static_cast<limb_t*>(::operator new(n * sizeof(limb_t) + 64, std::align_val_t(64)))), n_(n) {
    std::memset(p_, 0, n * sizeof(limb_t));
  }
  ~WipedLimbs() { release(); }
  WipedLimbs(WipedLimbs&& o) noexcept : p_(o.p_), n_(o.n_) { o.p_ = nullptr, o.n_ = 0; }
  WipedLimbs& operator=(WipedLimbs&& o) noexcept {
    if (this != &o) {
      release();
      p_ = o.p_, n_ = o.n_;
      o.p_ = nullptr, o.n_ = 0;
    }
    return *this;
  }
  WipedLimbs(const WipedLimbs&) = delete;
  WipedLimbs& operator=(const WipedLimbs&) = delete;

  limb_t* data() const noexcept { return p_; }
  std::size_t size() const noexcept { return n_; }

 private:
  void release() noexcept {
    if (!p_) return;
    wipe(p_, n_);
    ::operator delete(p_, std::align_val_t(64));
    p_ = nullptr, n_ = 0;
  }
  limb_t* p_ = nullptr;
  std::size_t n_ = 0;
};

}  // namespace parmod::consttime
