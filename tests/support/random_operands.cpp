#include "support/random_operands.hpp"

#include <parmod/detail/sanitizers.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <random>

namespace parmod::test {

namespace {

[[noreturn]] void bad_variable(const char* name, const char* value, const char* want) {
  std::fprintf(stderr, "%s=%s: %s\n", name, value, want);
  std::exit(2);
}

std::uint64_t read_seed() {
  const char* s = std::getenv("PARMOD_TEST_SEED");
  if (s == nullptr || *s == '\0') return kDefaultSeed;
  if (std::string(s) == "random") {
    std::random_device dev;
    const std::uint64_t seed = (std::uint64_t(dev()) << 32) ^ dev();
    std::fprintf(stderr, "PARMOD_TEST_SEED=random chose PARMOD_TEST_SEED=0x%llx\n", static_cast<unsigned long long>(seed));
    return seed;
  }
  char* end = nullptr;
  errno = 0;
  const unsigned long long v = std::strtoull(s, &end, 0);
  if (errno != 0 || *end != '\0' || *s == '-') bad_variable("PARMOD_TEST_SEED", s, "not a seed (decimal, 0x-hex or random)");
  return v;
}

std::size_t read_reps() {
  const char* s = std::getenv("PARMOD_TEST_REPS");
  if (s == nullptr || *s == '\0') return 1;
  char* end = nullptr;
  errno = 0;
  const unsigned long long v = std::strtoull(s, &end, 10);
  if (errno != 0 || *end != '\0' || *s == '-' || v == 0 || v > 1000000)
    bad_variable("PARMOD_TEST_REPS", s, "not a repetition factor (1 to 1000000)");
  return static_cast<std::size_t>(v);
}

std::uint64_t env_seed() {
  static const std::uint64_t seed = read_seed();
  return seed;
}

std::atomic<int> current_repetition{0};

}  // namespace

void start_repetition(int repetition) { current_repetition.store(repetition, std::memory_order_relaxed); }

std::uint64_t test_seed() {
  const int r = current_repetition.load(std::memory_order_relaxed);
  if (r == 0) return env_seed();
  // splitmix64 of the seed plus r times its increment: an unrelated seed per repetition.
  std::uint64_t z = env_seed() + 0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(r);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::size_t test_reps() {
  static const std::size_t r = read_reps();
  return r;
}

bool reduced_sizes() {
#if defined(PARMOD_UNDER_ASAN) || defined(PARMOD_UNDER_TSAN)
  return true;
#else
  static const bool reduced = [] {
    const char* s = std::getenv("PARMOD_TEST_REDUCED");
    return s != nullptr && std::string(s) == "1";
  }();
  return reduced;
#endif
}

bool threaded_cases_only() {
#if defined(PARMOD_UNDER_TSAN)
  return true;
#else
  return false;
#endif
}

std::string replay_line() {
  char buf[96];
  std::snprintf(buf, sizeof buf, "PARMOD_TEST_SEED=0x%llx", static_cast<unsigned long long>(test_seed()));
  std::string line = buf;
  if (test_reps() != 1) line += " PARMOD_TEST_REPS=" + std::to_string(test_reps());
#if !defined(PARMOD_UNDER_ASAN) && !defined(PARMOD_UNDER_TSAN)
  if (reduced_sizes()) line += " PARMOD_TEST_REDUCED=1";
#endif
  return line;
}

Rng::Rng(std::uint64_t stream) {
  gmp_randinit_default(state_);
  seed(stream);
}
Rng::~Rng() { gmp_randclear(state_); }

void Rng::seed(std::uint64_t stream) {
  // The 128-bit seed test_seed() * 2^64 + stream.
  mpz_class s = static_cast<unsigned long>(test_seed());
  s <<= 64;
  s += static_cast<unsigned long>(stream);
  gmp_randseed(state_, s.get_mpz_t());
}

mpz_class Rng::bits(unsigned long b) {
  mpz_class x;
  mpz_urandomb(x.get_mpz_t(), state_, b);
  return x;
}
mpz_class Rng::below(const mpz_class& bound) {
  mpz_class x;
  mpz_urandomm(x.get_mpz_t(), state_, bound.get_mpz_t());
  return x;
}
mpz_class Rng::runs(unsigned long b) {
  mpz_class x;
  mpz_rrandomb(x.get_mpz_t(), state_, b);
  return x;
}
unsigned long Rng::below_ui(unsigned long n) { return gmp_urandomm_ui(state_, n); }

std::vector<limb_t> Rng::limbs(std::size_t n, Fill fill) {
  std::vector<limb_t> v(n, ~limb_t(0));
  if (fill == Fill::ones) return v;
  mpz_class z;
  do {
    if (fill == Fill::rrandomb)
      mpz_rrandomb(z.get_mpz_t(), state_, 64 * n);
    else
      mpz_urandomb(z.get_mpz_t(), state_, 64 * n);
  } while (mpz_size(z.get_mpz_t()) != n);
  for (std::size_t i = 0; i < n; ++i) v[i] = mpz_getlimbn(z.get_mpz_t(), static_cast<mp_size_t>(i));
  return v;
}

Rng& rng() {
  thread_local Rng r;
  return r;
}

std::uint64_t stream_of(const std::string& name) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : name) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

mpz_class beta_pow(std::size_t k) {
  mpz_class x = 1;
  x <<= static_cast<mp_bitcnt_t>(64 * k);
  return x;
}

mpz_class rrandom_bits(std::size_t bits) {
  if (bits == 0) return 0;
  if (rng().bits(1) == 0) return rng().runs(bits);  // top bit set
  mpz_class x = rng().bits(bits);
  mpz_setbit(x.get_mpz_t(), bits - 1);
  return x;
}

mpz_class random_below(const mpz_class& bound) {
  if (rng().bits(1) == 0) return rng().below(bound);
  mpz_class x = rng().runs(mpz_sizeinbase(bound.get_mpz_t(), 2));
  mpz_fdiv_r(x.get_mpz_t(), x.get_mpz_t(), bound.get_mpz_t());
  return x;
}

mpz_class random_modulus_bits(std::size_t bits, bool odd) {
  mpz_class P = rrandom_bits(bits);
  if (odd)
    mpz_setbit(P.get_mpz_t(), 0);
  else
    mpz_clrbit(P.get_mpz_t(), 0);
  return P;
}

mpz_class random_modulus(std::size_t n, bool odd) { return random_modulus_bits(64 * n, odd); }

std::vector<mpz_class> edge_moduli(std::size_t n, bool odd) {
  const mpz_class lo = beta_pow(n - 1), hi = beta_pow(n);
  std::vector<mpz_class> v;
  auto add = [&](const mpz_class& p) {
    if (p >= lo && p < hi && p > 1 && (mpz_odd_p(p.get_mpz_t()) != 0) == odd) v.push_back(p);
  };
  // just above a power of beta, just below one, half-way, all-ones limbs
  for (int d = 0; d <= 3; ++d) {
    add(lo + d);
    add(hi - 1 - d);
  }
  add(lo + lo / 2 + 1);
  add(lo + lo / 2);
  add(hi - (mpz_class(1) << 63) - 1);
  add(hi - (mpz_class(1) << 63));
  mpz_class ones_low = lo - 1;  // all-ones in the low n-1 limbs
  add(lo + ones_low);
  add(lo + ones_low - 1);
  return v;
}

std::vector<mpz_class> edge_operands(const mpz_class& P) {
  std::vector<mpz_class> v = {0, 1, 2, P - 1, P - 2, P / 2, P / 2 + 1};
  const std::size_t n = mpz_size(P.get_mpz_t());
  if (n > 1) v.push_back(beta_pow(n - 1) - 1);  // all-ones limbs below P
  v.push_back((P - 1) / 3);
  std::vector<mpz_class> out;
  for (auto& x : v)
    if (x >= 0 && x < P) out.push_back(x);
  return out;
}

std::vector<mpz_class> operands_for(const mpz_class& P, int randoms) {
  std::vector<mpz_class> v = edge_operands(P);
  for (int i = 0; i < reps(randoms); ++i) v.push_back(random_below(P));
  return v;
}

std::vector<limb_t> limbs_of(const mpz_class& x, std::size_t n) {
  std::vector<limb_t> v(n, 0);
  const std::size_t xn = mpz_size(x.get_mpz_t());
  for (std::size_t i = 0; i < xn && i < n; ++i) v[i] = mpz_getlimbn(x.get_mpz_t(), static_cast<mp_size_t>(i));
  return v;
}

mpz_class value_of(const limb_t* x, std::size_t n) {
  mpz_class v;
  mpz_import(v.get_mpz_t(), n, -1, sizeof(limb_t), 0, 0, x);
  return v;
}

mpz_class value_of_digits(const std::uint64_t* d, std::size_t nd, unsigned bits) {
  mpz_class v = 0;
  for (std::size_t j = nd; j-- > 0;) v = (v << bits) + mpz_class(static_cast<unsigned long>(d[j]));
  return v;
}

mpz_class py_mod(const mpz_class& x, const mpz_class& m) {
  mpz_class r;
  mpz_fdiv_r(r.get_mpz_t(), x.get_mpz_t(), m.get_mpz_t());
  return r;
}

mpz_class gmp_powm(const mpz_class& b, const mpz_class& e, const mpz_class& m) {
  mpz_class r;
  mpz_powm(r.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), m.get_mpz_t());
  return r;
}

std::vector<limb_t> reference_mul(const std::vector<limb_t>& a, const std::vector<limb_t>& b) {
  std::vector<limb_t> r(a.size() + b.size());
  if (a.size() >= b.size())
    mpn_mul(r.data(), a.data(), mp_size_t(a.size()), b.data(), mp_size_t(b.size()));
  else
    mpn_mul(r.data(), b.data(), mp_size_t(b.size()), a.data(), mp_size_t(a.size()));
  return r;
}

}  // namespace parmod::test
