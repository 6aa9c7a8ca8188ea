// consttime/secret_modulus.hpp - Montgomery constants of a secret modulus (an
// RSA prime), computed without branches or addresses that depend on its value.
//
// modmul::ModulusConstants and Montgomery52Constants are built with mpz
// division and inversion, whose time depends on P: fine for public moduli,
// not for the factors of a private key.  Here -P^-1 mod beta comes from
// Newton's iteration x <- x (2 - P x) (a fixed count of steps from the
// 5-bit seed (3P) xor 2), the powers of two mod P by doublings
// (consttime/secret_reduce.hpp) and constant-time Montgomery products
// (R^2 = (2^64 R)^n in the Montgomery sense).  Only n (limbs) and bits(P)
// are public.
// Every vector is wiped when the object goes away.
#pragma once

#include <cstddef>

#include "modmul/modulus_constants.hpp"
#include "modmul/montgomery28.hpp"
#include "modmul/montgomery52.hpp"

namespace parmod::consttime {

struct SecretModulus {
  // Filled: n, p, odd, mu0, r_mod_p (beta^n mod P), r2_mod_p (beta^2n mod P).
  // The other members stay empty: only montgomery_ct.hpp reads this.
  modmul::ModulusConstants k;
  // Radix 2^52 (with_digits): every member of Montgomery52Constants.
  modmul::Montgomery52Constants c;
  bool with_digits = false;
  // Radix 2^28 (with_digits28, never with with_digits): every member of Montgomery28Constants.
  modmul::Montgomery28Constants d;
  bool with_digits28 = false;
  std::size_t bits = 0;  // bits(P), public

  SecretModulus() = default;
  SecretModulus(const SecretModulus&) = delete;
  SecretModulus& operator=(const SecretModulus&) = delete;
  ~SecretModulus();

  // Sizes every vector for a P of n limbs and `bits` bits (public), with the
  // radix-2^52 constants too when with_digits (P within kMontgomery52MaxBits),
  // or the radix-2^28 ones when with_digits28 (montgomery28_available(bits)).
  // Throws std::bad_alloc; allocates nothing afterwards.
  void allocate(std::size_t n, std::size_t bits, bool with_digits, bool with_digits28 = false);
  // Computes the constants of the odd P in p[0, n) (p[n-1] != 0, bits(P) as
  // given to allocate).  Scratch: secret_modulus_scratch(n, bits) limbs.
  void fill(const limb_t* p, limb_t* scratch) noexcept;
};

std::size_t secret_modulus_scratch(std::size_t n, std::size_t bits) noexcept;

// -P^-1 mod beta for odd p0 (the low limb of P), branch free.
limb_t negated_inverse_limb(limb_t p0) noexcept;

}  // namespace parmod::consttime
