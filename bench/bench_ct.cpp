// bench/bench_ct.cpp - `parmod-bench ct`: a statistical constant-time test in
// the style of dudect (Reparaz, Balasch, Verbauwhede, "Dude, is my code
// constant time?", DATE 2017) for the code that valgrind's ctgrind check
// cannot run (AVX-512 IFMA) and for the whole public calls.
//
// Per target: N measurements, each of one call on an input of class 0 (fixed:
// one special input, e.g. base 1 and a sparse exponent, or zero field
// elements) or class 1 (random inputs), the class of each measurement drawn
// at random so that both classes see the same machine noise (interleaved);
// the inputs are prepared before the timed loop, the time is rdtsc around the
// call.  Welch's t statistic of the two classes' times, for the raw data and
// for the data cropped at several upper percentiles (dudect's cropping, which
// removes the long tail of interrupts); the largest |t| is reported.  dudect's
// reading: |t| > 4.5 is evidence of a timing difference (a leak); below, no
// leak was found at this N (evidence, not proof).  The control target, the
// variable-time sliding window, must show a large |t|: it shows the test can
// see a leak on this machine.
//   parmod-bench ct [--samples N] [--json]
#include <x86intrin.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "benches.hpp"
#include "consttime/constant_time_powm.hpp"
#include "consttime/montgomery_ct.hpp"
#include "consttime/constant_time_powm28.hpp"
#include "consttime/constant_time_powm52.hpp"
#include "consttime/wiped_limbs.hpp"
#include "harness.hpp"
#include "limbs/cpu_features.hpp"
#include "modmul/montgomery28.hpp"
#include "modmul/montgomery52.hpp"
#include "modmul/montgomery_mul.hpp"
#include "parmod/field.hpp"
#include "parmod/parmod.hpp"
#include "peers.hpp"
#include "powm/sliding_window.hpp"

namespace parmod::bench {
namespace {

inline std::uint64_t ticks() {
  _mm_lfence();
  const std::uint64_t t = __rdtsc();
  _mm_lfence();
  return t;
}

struct Welch {
  double n[2] = {0, 0}, mean[2] = {0, 0}, m2[2] = {0, 0};
  void add(int cls, double x) {  // Welford's running mean and variance
    n[cls] += 1;
    const double d = x - mean[cls];
    mean[cls] += d / n[cls];
    m2[cls] += d * (x - mean[cls]);
  }
  double t() const {
    if (n[0] < 2 || n[1] < 2) return 0;
    const double v0 = m2[0] / (n[0] - 1), v1 = m2[1] / (n[1] - 1);
    const double den = std::sqrt(v0 / n[0] + v1 / n[1]);
    return den > 0 ? (mean[0] - mean[1]) / den : 0;
  }
};

struct Result {
  double max_t = 0;
  std::string crop;  // where the largest |t| was found
  double mean_ticks[2] = {0, 0};
  std::size_t per_class[2] = {0, 0};
};

// The largest |t| over the raw times and the times cropped at upper percentiles.
Result analyse(const std::vector<int>& cls, const std::vector<double>& time) {
  std::vector<double> sorted = time;
  std::sort(sorted.begin(), sorted.end());
  Result r;
  const double percentiles[] = {100, 99.9, 99, 95, 90, 75, 50};
  for (double pc : percentiles) {
    const double limit = pc >= 100 ? INFINITY : sorted[static_cast<std::size_t>(pc / 100 * (sorted.size() - 1))];
    Welch w;
    for (std::size_t i = 0; i < time.size(); ++i)
      if (time[i] <= limit) w.add(cls[i], time[i]);
    if (pc >= 100) {
      r.mean_ticks[0] = w.mean[0], r.mean_ticks[1] = w.mean[1];
      r.per_class[0] = static_cast<std::size_t>(w.n[0]), r.per_class[1] = static_cast<std::size_t>(w.n[1]);
    }
    const double t = std::fabs(w.t());
    if (t > r.max_t) {
      r.max_t = t;
      r.crop = pc >= 100 ? "none" : "below p" + std::to_string(pc).substr(0, pc == 99.9 ? 4 : 2);
    }
  }
  return r;
}

// A target: prepare(i, cls) sets up input i of the class; run(i) is timed.
struct Target {
  std::string name, path;
  std::size_t samples;
  std::function<void(std::size_t, int)> prepare;
  std::function<void(std::size_t)> run;
  bool control = false;
};

Result measure(const Target& t, std::mt19937_64& coin) {
  std::vector<int> cls(t.samples);
  for (std::size_t i = 0; i < t.samples; ++i) {
    cls[i] = static_cast<int>(coin() & 1);
    t.prepare(i, cls[i]);
  }
  for (std::size_t i = 0; i < std::min<std::size_t>(t.samples, 50); ++i) t.run(i);  // warm up
  std::vector<double> time(t.samples);
  for (std::size_t i = 0; i < t.samples; ++i) {
    const std::uint64_t a = ticks();
    t.run(i);
    time[i] = static_cast<double>(ticks() - a);
  }
  return analyse(cls, time);
}

mpz_class random_below(gmp_randclass& rng, const mpz_class& m) { return rng.get_z_range(m); }

// Exponentiation targets on limbs: constant_time_powm (the 64-bit kernels), the
// radix-2^52 one (IFMA) and the radix-2^28 one (AVX2) where the CPU has them, and
// the sliding window as the control; fixed class b = 1, e = 2^(bits-1).
void add_powm_targets(std::vector<Target>& out, gmp_randclass& rng, unsigned bits, std::size_t samples) {
  struct Inputs {
    mpz_class P;
    std::size_t n;
    std::shared_ptr<modmul::ModulusConstants> k;  // montgomery engine
    std::shared_ptr<modmul::Montgomery52Constants> c;
    std::shared_ptr<modmul::Montgomery28Constants> d;
    std::vector<limb_t> b, e, r, s;
  };
  auto in = std::make_shared<Inputs>();
  in->P = peers::random_modulus(rng, bits);
  in->n = mpz_size(in->P.get_mpz_t());
  const std::size_t n = in->n;
  in->k = std::make_shared<modmul::ModulusConstants>(in->P);
  const bool ifma = modmul::montgomery52_available(bits);
  if (ifma) in->c = std::make_shared<modmul::Montgomery52Constants>(in->P);
  const bool avx2 = modmul::montgomery28_available(bits);
  if (avx2) in->d = std::make_shared<modmul::Montgomery28Constants>(modmul::montgomery28_constants(in->P));
  in->b.assign(samples * n, 0);
  in->e.assign(samples * n, 0);
  in->r.assign(n, 0);
  std::size_t scratch = std::max(consttime::constant_time_powm_scratch(n, n),
                                 exponentiation::sliding_window_powm_scratch(n, n, modmul::montgomery_engine));
  if (ifma) scratch = std::max(scratch, consttime::constant_time_powm52_scratch(*in->c, n));
  if (avx2) scratch = std::max(scratch, consttime::constant_time_powm28_scratch(*in->d, n));
  in->s.assign(scratch + 8, 0);
  auto prepare = [in, &rng](std::size_t i, int cls) {
    const std::size_t n = in->n;
    mpz_class b = 1, e = mpz_class(1) << (64 * n - 1);
    if (cls) b = random_below(rng, in->P), e = rng.get_z_bits(64 * n);
    modmul::to_limbs(&in->b[i * n], n, b);
    modmul::to_limbs(&in->e[i * n], n, e);
  };
  limb_t* aligned = reinterpret_cast<limb_t*>((reinterpret_cast<std::uintptr_t>(in->s.data()) + 63) & ~std::uintptr_t(63));
  const std::string size = std::to_string(bits) + "-bit modulus and exponent";
  out.push_back({"powm_sec " + size, std::string("limbs (") + consttime::montgomery_ct_kernels() + ")", samples, prepare,
                 [in, aligned](std::size_t i) {
                   consttime::constant_time_powm(in->r.data(), &in->b[i * in->n], &in->e[i * in->n], in->n, *in->k,
                                                 aligned);
                 }});
  if (ifma)
    out.push_back({"powm_sec " + size, "radix 2^52, AVX-512 IFMA", samples, prepare, [in, aligned](std::size_t i) {
                     consttime::constant_time_powm52(in->r.data(), &in->b[i * in->n], &in->e[i * in->n], in->n,
                                                     in->k->p.data(), *in->c, aligned);
                   }});
  if (avx2)
    out.push_back({"powm_sec " + size, "radix 2^28, AVX2", samples, prepare, [in, aligned](std::size_t i) {
                     consttime::constant_time_powm28(in->r.data(), &in->b[i * in->n], &in->e[i * in->n], in->n,
                                                     in->k->p.data(), *in->d, aligned);
                   }});
  out.push_back({"control: sliding window " + size, "variable time (Modulus::pow's path)", samples, prepare,
                 [in, aligned](std::size_t i) {
                   std::copy(&in->b[i * in->n], &in->b[i * in->n] + in->n, in->r.begin());
                   exponentiation::sliding_window_powm(in->r.data(), in->r.data(), &in->e[i * in->n], in->n, *in->k,
                                                       modmul::montgomery_engine, aligned);
                 },
                 true});
}

// powm_sec_crt, the public call: (b, d) fixed or random under one key, and
// the key itself fixed or drawn from a pool of keys of the same size.
void add_crt_targets(std::vector<Target>& out, gmp_randclass& rng, unsigned bits, std::size_t samples) {
  struct Inputs {
    std::vector<peers::RsaKey> keys;
    std::vector<mpz_class> b, e;
    std::vector<std::size_t> key;
    mpz_class r;
  };
  auto in = std::make_shared<Inputs>();
  for (int i = 0; i < 16; ++i) {
    // Keys whose primes have exactly bits/2 bits and N exactly `bits` (public sizes equal in both classes).
    for (;;) {
      peers::RsaKey k(rng, bits);
      if (mpz_sizeinbase(k.N.get_mpz_t(), 2) == bits && mpz_size(k.d.get_mpz_t()) == bits / 64) {
        in->keys.push_back(k);
        break;
      }
    }
  }
  in->b.resize(samples), in->e.resize(samples), in->key.assign(samples, 0);
  const std::string name = "powm_sec_crt RSA-" + std::to_string(bits);
  // The halves' path as powm_sec_crt picks it (api/sec_crt.cpp).
  const std::string half = limbs::cpu_has_avx512_ifma() ? std::string("radix 2^52")
                           : modmul::montgomery28_for_constant_time(bits / 2)
                               ? std::string("radix 2^28 (AVX2)")
                               : std::string(consttime::montgomery_ct_kernels());
  const std::string path = half + " halves, " + std::to_string(std::min(2, get_num_threads())) + " threads";
  auto run = [in](std::size_t i) {
    const peers::RsaKey& k = in->keys[in->key[i]];
    in->r = powm_sec_crt(in->b[i], in->e[i], k.p, k.q);
  };
  out.push_back({name + ", fixed vs random (b, d)", path, samples,
                 [in, &rng](std::size_t i, int cls) {
                   const peers::RsaKey& k = in->keys[0];
                   // Fixed: 2^(bits-2) + 1, as many limbs as a random b (b's size is public).
                   in->b[i] = cls ? random_below(rng, k.N) : mpz_class((mpz_class(1) << (mpz_sizeinbase(k.N.get_mpz_t(), 2) - 2)) + 1);
                   in->e[i] = cls ? mpz_class(rng.get_z_bits(mpz_sizeinbase(k.d.get_mpz_t(), 2)) | (mpz_class(1) << (mpz_sizeinbase(k.d.get_mpz_t(), 2) - 1))) : k.d;
                 },
                 run});
  out.push_back({name + ", fixed vs random key", path, samples,
                 [in, &rng](std::size_t i, int cls) {
                   in->key[i] = cls ? 1 + static_cast<std::size_t>(mpz_class(rng.get_z_range(15)).get_ui()) : 0;
                   const peers::RsaKey& k = in->keys[in->key[i]];
                   in->b[i] = random_below(rng, k.N);
                   in->e[i] = k.d;
                 },
                 run});
}

// Field multiplication: one product (the single-operation kernels) or a batch
// of 8 (mul_batch, the AVX-512 IFMA batch kernel where the CPU has it);
// fixed class: zero elements (and for the batch also a fixed nonzero one).  Each timed call runs the operation 16 times.
template <int N>
void add_field_targets(std::vector<Target>& out, gmp_randclass& rng, const mpz_class& p, const std::string& field,
                       std::size_t samples) {
  using F = Fp<N>;
  std::vector<std::pair<FieldPath, BatchPath>> paths = {{FieldPath::portable, BatchPath::scalar}};
  if (cpu_has_mulx_adx()) paths.push_back({FieldPath::mulx_adx, BatchPath::scalar});
  for (auto [fp, bp] : paths) {
    auto f = std::make_shared<F>(p, fp, bp);
    auto a = std::make_shared<std::vector<typename F::Element>>(samples), b = std::make_shared<std::vector<typename F::Element>>(samples);
    auto r = std::make_shared<typename F::Element>();
    out.push_back({"Fp<" + std::to_string(N) + ">::mul " + field, field_path_name(fp), samples,
                   [f, a, b, &rng, p](std::size_t i, int cls) {
                     (*a)[i] = cls ? f->from_mpz(rng.get_z_range(p)) : f->zero();
                     (*b)[i] = cls ? f->from_mpz(rng.get_z_range(p)) : f->zero();
                   },
                   [f, a, b, r](std::size_t i) {
                     for (int k = 0; k < 16; ++k) {
                       *r = f->mul((*a)[i], (*b)[i]);
                       __asm__ volatile("" : : "r"(r.get()) : "memory");
                     }
                   }});
  }
  if (!cpu_has_avx512_ifma()) return;
  // Two fixed classes for the batch kernel: zero elements, and one fixed
  // random element (a difference seen only with zeros points at the operand
  // values' effect on the machine, not at a branch or address).
  auto f = std::make_shared<F>(p, FieldPath::automatic, BatchPath::avx512_ifma);
  const typename F::Element fixed_random = f->from_mpz(rng.get_z_range(p));
  for (bool zero : {true, false}) {
    auto a = std::make_shared<std::vector<typename F::Element>>(samples * 8);
    auto b = std::make_shared<std::vector<typename F::Element>>(samples * 8);
    auto r = std::make_shared<std::vector<typename F::Element>>(8);
    const typename F::Element fixed = zero ? f->zero() : fixed_random;
    out.push_back({"Fp<" + std::to_string(N) + ">::mul_batch of 8 " + field + (zero ? "" : ", fixed nonzero"),
                   batch_path_name(BatchPath::avx512_ifma), samples,
                   [f, a, b, &rng, p, fixed](std::size_t i, int cls) {
                     for (std::size_t j = 0; j < 8; ++j) {
                       (*a)[8 * i + j] = cls ? f->from_mpz(rng.get_z_range(p)) : fixed;
                       (*b)[8 * i + j] = cls ? f->from_mpz(rng.get_z_range(p)) : fixed;
                     }
                   },
                   [f, a, b, r](std::size_t i) {
                     for (int k = 0; k < 16; ++k) {
                       f->mul_batch(r->data(), &(*a)[8 * i], &(*b)[8 * i], 8);
                       __asm__ volatile("" : : "r"(r->data()) : "memory");
                     }
                   }});
  }
}

int run(const Args& args) {
  const std::size_t samples = args.number("--samples", 20000);
  const bool json = args.json;
  gmp_randclass rng(gmp_randinit_default);
  rng.seed(21);
  std::mt19937_64 coin(std::random_device{}());
  std::vector<Target> targets;
  const std::size_t exp_samples = std::max<std::size_t>(1000, samples / 4);
  add_powm_targets(targets, rng, 1024, exp_samples);
  add_powm_targets(targets, rng, 2048, exp_samples / 2);
  add_crt_targets(targets, rng, 2048, exp_samples);
  add_crt_targets(targets, rng, 4096, exp_samples / 2);
  const mpz_class p256("0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff");
  const mpz_class bls381(
      "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab");
  add_field_targets<4>(targets, rng, p256, "P-256", samples);
  add_field_targets<6>(targets, rng, bls381, "BLS12-381", samples);

  bench::Table table;
  table.cpu = describe_cpu();
  table.header = {"target", "path", "measurements (fixed / random)", "mean ticks (fixed / random)", "max |t|",
                  "at crop", "reading"};
  if (!json) std::cerr << "parmod-bench ct on " << bench::machine_description() << '\n';
  for (const Target& t : targets) {
    const Result r = measure(t, coin);
    const bool leak = r.max_t > 4.5;
    std::string reading = leak ? (t.control ? "leak seen (the control: as it must)" : "LEAK: timing differs")
                               : (t.control ? "CONTROL FAILED: no leak seen" : "no leak found");
    char ticks[64], tval[32];
    std::snprintf(ticks, sizeof ticks, "%.0f / %.0f", r.mean_ticks[0], r.mean_ticks[1]);
    std::snprintf(tval, sizeof tval, "%.2f", r.max_t);
    table.rows.push_back({t.name, t.path, std::to_string(r.per_class[0]) + " / " + std::to_string(r.per_class[1]), ticks,
                          tval, r.crop, reading});
    if (!json) std::cerr << "  " << t.name << " (" << t.path << "): max |t| = " << tval << '\n';
  }
  if (json) {
    std::cout << "[" << table.json("parmod-bench ct: fixed-vs-random timing (dudect), Welch's t") << "]\n";
  } else {
    std::cout << "Fixed-vs-random timing test (dudect style), Welch's t over rdtsc ticks, classes interleaved at random\n"
              << "Machine: " << bench::machine_description() << "\n"
              << "|t| > 4.5: the two classes' times differ (a leak); below: no leak found at this many measurements\n\n"
              << table.markdown();
  }
  return 0;
}

}  // namespace

const Bench kCtBench = {
    {"ct", "constant-time evidence: dudect-style fixed-vs-random timing (Welch's t) of powm_sec, powm_sec_crt, field kernels",
     kJson, nullptr,
     {{"--samples", "N", "measurements per field target (exponentiations: N/4, 2048-bit: N/8; at least 1000); default 20000",
       100, 10000000}}},
    &run};

}  // namespace parmod::bench
