// Every exception that leaves a public C++ function is a parmod::Error: each
// public function runs with the k-th operator new of the calling thread
// failing, for k = 0, 1, ... until a run makes fewer allocations; every run
// either returns the right value or throws parmod::OutOfMemory (nothing else,
// no crash), and the next undisturbed call still gives the right value.
//
// A program of its own: it replaces the global operator new (the failure is
// armed per thread, off by default).
#include <gmpxx.h>
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <functional>
#include <new>
#include <string>
#include <vector>

#include "parmod/detail/sanitizers.h"
#include "parmod/field.hpp"
#include "parmod/parmod.hpp"

namespace {
thread_local long tl_fail_at = -1;  // the allocation number that fails; -1: none
thread_local long tl_count = 0;
thread_local bool tl_in_library = false;  // count only inside LIB(...), not the test's own strings

bool injected_failure() { return tl_in_library && tl_fail_at >= 0 && tl_count++ == tl_fail_at; }

// The value of a call into the library, with the failure armed around it.
template <class F>
auto lib(F&& f) -> decltype(f()) {
  struct Arm {
    Arm() { tl_in_library = true; }
    ~Arm() { tl_in_library = false; }
  } arm;
  return f();
}
#define LIB(expr) lib([&] { return (expr); })
}  // namespace

void* operator new(std::size_t n) {
  if (injected_failure()) throw std::bad_alloc();
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return operator new(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  if (injected_failure()) return nullptr;
  return std::malloc(n ? n : 1);
}
void* operator new[](std::size_t n, const std::nothrow_t& t) noexcept { return operator new(n, t); }
void* operator new(std::size_t n, std::align_val_t a) {
  if (injected_failure()) throw std::bad_alloc();
  const std::size_t al = static_cast<std::size_t>(a);
  if (void* p = std::aligned_alloc(al, (n + al - 1) / al * al)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n, std::align_val_t a) { return operator new(n, a); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }

namespace {

// Runs f with the k-th allocation failing for k = 0, 1, ...; f returns a
// string that must equal `want` when it does not throw.
void sweep(const std::string& what, const std::function<std::string()>& f) {
  const std::string want = f();  // also warms the caches (tuning, team)
  for (long k = 0; k < 100000; ++k) {
    tl_count = 0;
    tl_fail_at = k;
    std::string got;
    bool threw = false;
    try {
      got = f();
    } catch (const parmod::OutOfMemory&) {
      threw = true;
    } catch (const parmod::Error& e) {
      tl_fail_at = -1;
      ADD_FAILURE() << what << ": allocation " << k << " failed: parmod::Error code "
                    << static_cast<int>(e.code()) << " (" << e.what() << "), want OutOfMemory";
      return;
    } catch (const std::exception& e) {
      tl_fail_at = -1;
      ADD_FAILURE() << what << ": allocation " << k << " failed: a non-parmod exception escaped: " << e.what();
      return;
    }
    const long made = tl_count;
    tl_fail_at = -1;
    if (!threw) EXPECT_EQ(got, want) << what << " with allocation " << k << " failing";
    EXPECT_EQ(f(), want) << what << " after allocation " << k << " failed";
    if (!threw && made <= k) return;  // the run made fewer than k + 1 allocations: all covered
  }
  ADD_FAILURE() << what << ": did not finish";
}

std::string str(const mpz_class& x) { return x.get_str(16); }
std::string str(const std::vector<mpz_class>& v) {
  std::string s;
  for (const auto& x : v) s += x.get_str(16) + ",";
  return s;
}

mpz_class ones_modulus(int bits, bool odd) {
  mpz_class m = (mpz_class(1) << bits) - 1 - (odd ? 0 : 1);
  return m - (mpz_class(1) << (bits / 3));
}

// The sanitizer builds (several times slower per allocation) sweep two
// threads and the smallest and largest size only.
#if defined(PARMOD_UNDER_ASAN)
const std::vector<int> kThreadCounts{2}, kBits{200, 7000};
#else
const std::vector<int> kThreadCounts{1, 2}, kBits{200, 1500, 7000};
#endif

TEST(AllocFailure, ModulusOperationsOfEveryAlgorithm) {
  for (int threads : kThreadCounts) {
    parmod::set_num_threads(threads);
    for (const auto& info : parmod::algorithms()) {
      for (int bits : kBits) {
        const mpz_class m = ones_modulus(bits, true);
        try {
          parmod::Modulus probe(m, info.algorithm);
        } catch (const parmod::UnsupportedAlgorithm&) {
          continue;
        }
        const std::string tag = std::string(info.name) + " " + std::to_string(bits) + " bits T=" + std::to_string(threads);
        const mpz_class a = m / 3, b = m / 7, e = (mpz_class(1) << (bits / 4)) + 12345;
        sweep(tag + " construct", [&] { return str(LIB(parmod::Modulus(m, info.algorithm).value())); });
        const parmod::Modulus mod(m, info.algorithm);
        const std::vector<mpz_class> bases{a, b, a + 1}, exps{e, e + 1, e / 3}, small_exps{e, e + 1, 5};
        sweep(tag + " mul", [&] { return str(LIB(mod.mul(a, b))); });
        sweep(tag + " pow", [&] { return str(LIB(mod.pow(a, e))); });
        sweep(tag + " pow -e", [&] { return str(LIB(mod.pow(a, -e))); });
        sweep(tag + " multi_pow", [&] { return str(LIB(mod.multi_pow(bases, exps))); });
        sweep(tag + " pow_list", [&] { return str(LIB(mod.pow_list(bases, small_exps))); });
        sweep(tag + " fixed_base", [&] { return str(LIB(mod.fixed_base(a, 64).pow(e % 1000))); });
        sweep(tag + " mont", [&] { return str(LIB(mod.from_mont(mod.mont_mul(mod.to_mont(a), mod.to_mont(b))))); });
        sweep(tag + " describe", [&] { return LIB(mod.describe(e)); });
        if (bits <= 1500) sweep(tag + " pow_sec", [&] { return str(LIB(mod.pow_sec(a, e))); });
      }
    }
  }
  parmod::set_num_threads(0);
}

TEST(AllocFailure, FreeFunctions) {
  const mpz_class m = ones_modulus(3000, true), a = m / 5, e = mpz_class(1) << 200;
  const mpz_class p("170141183460469231731687303715884105727"), q("162259276829213363391578010288127");
  const std::vector<mpz_class> pq{p, q}, two_bases{a, a + 1}, two_exps{e, e + 1}, other_exps{e, e + 2};
  sweep("mulmod", [&] { return str(LIB(parmod::mulmod(a, a + 3, m))); });
  sweep("powm", [&] { return str(LIB(parmod::powm(a, e, m))); });
  sweep("powm small", [&] { return str(LIB(parmod::powm(a, e, mpz_class(1000003)))); });
  sweep("powm_sec", [&] { return str(LIB(parmod::powm_sec(a, e, m))); });
  sweep("powm_crt", [&] { return str(LIB(parmod::powm_crt(a, e, pq))); });
  sweep("powm_base_list", [&] { return str(LIB(parmod::powm_base_list(two_bases, e, m))); });
  sweep("powm_exp_list", [&] { return str(LIB(parmod::powm_exp_list(a, two_exps, m))); });
  sweep("powm_list", [&] { return str(LIB(parmod::powm_list(two_bases, other_exps, m))); });
  sweep("multi_powm", [&] { return str(LIB(parmod::multi_powm(two_bases, other_exps, m))); });
  sweep("mul", [&] { return str(LIB(parmod::mul(m * m * m, m * m + 1, 2))); });
  sweep("algorithm_names", [&] { return LIB(parmod::algorithm_names()); });
  const std::string barrett = "barrett";
  sweep("algorithm_from_name", [&] { return std::string(parmod::algorithm_name(LIB(parmod::algorithm_from_name(barrett)))); });
  sweep("describe_cpu", [&] { return LIB(parmod::describe_cpu()); });
  sweep("partition_points", [&] { return std::to_string(LIB(parmod::partition_points(4096, 0.5)).points.size()); });
  sweep("product_schedule", [&] {
    // The task list, not .plan: modmul::describe_plan's text is cut short
    // on a failed allocation (src/modmul/multipartite_plan.cpp, its stream
    // has no exceptions set; the lead's layer).
    const auto ps = LIB(parmod::product_schedule(8192, parmod::Algorithm::multipartite, 2));
    std::string names;
    for (const auto& t : ps.tasks) names += t.name + ";";
    return names;
  });
  sweep("parallel_for", [&] {
    static std::atomic<int> sum;
    sum = 0;
    lib([&] {
      parmod::parallel_for(300, 2, [](void*, std::size_t i) noexcept { sum += static_cast<int>(i); }, nullptr);
      return 0;
    });
    return std::to_string(sum.load());
  });
}

TEST(AllocFailure, FieldApi) {
  const mpz_class p("0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff");  // P-256
  sweep("FpAny", [&] {
    return std::to_string(LIB(parmod::Fp<4>(p)).limb_count);
  });
}

}  // namespace
