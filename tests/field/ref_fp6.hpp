// tests/field/ref_fp6.hpp - a slow mpz reference of F_q^2 = F_q[i]/(i^2+1) and
// F_q^6 = F_q^2[v]/(v^3 - xi): the oracle of test_fp2.cpp and test_fp6.cpp.
#pragma once

#include <gmpxx.h>

#include <array>

namespace fieldtest {

struct C {  // re + im*i mod p
  mpz_class re, im;
};

inline C cnorm(C a, const mpz_class& p) {
  a.re %= p;
  if (a.re < 0) a.re += p;
  a.im %= p;
  if (a.im < 0) a.im += p;
  return a;
}
inline C cadd(const C& a, const C& b, const mpz_class& p) { return cnorm({a.re + b.re, a.im + b.im}, p); }
inline C cmul(const C& a, const C& b, const mpz_class& p) {
  return cnorm({a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re}, p);
}

using C3 = std::array<C, 3>;
// schoolbook product mod v^3 - xi
inline C3 fp6_ref_mul(const C3& a, const C3& b, const C& xi, const mpz_class& p) {
  C c[5];
  for (auto& x : c) x = {0, 0};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) c[i + j] = cadd(c[i + j], cmul(a[i], b[j], p), p);
  return {cadd(c[0], cmul(xi, c[3], p), p), cadd(c[1], cmul(xi, c[4], p), p), c[2]};
}

}  // namespace fieldtest
