// Tests of config/tuning.cpp, config/tuning_rows.cpp and config/cpu.cpp:
// the declared keys and the family rows parse, the file rules (garbage,
// empty, missing, bad values, clamping: defaults and one warning line, never
// an exception), PARMOD_TUNING_FAMILY / PARMOD_MULX_KERNELS, the file's
// location, writing, and snapshots replaced under concurrent readers.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "config/cpu.hpp"
#include "config/tuning.hpp"
#include "config/tuning_rows.hpp"
#include "limbs/cpu_features.hpp"
#include "limbs/limbs.hpp"
#include "modmul/multipartite_engine.hpp"
#include "parmod/parmod.hpp"

namespace parmod::test {
namespace {

// Sets an environment variable for the scope (unset when `value` is null)
// and reloads the tuning on the way in and out.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old, had_ = true;
    value ? setenv(name, value, 1) : unsetenv(name);
    config::reload_tuning();
  }
  ~ScopedEnv() {
    had_ ? setenv(name_.c_str(), old_.c_str(), 1) : unsetenv(name_.c_str());
    config::reload_tuning();
  }

 private:
  std::string name_, old_;
  bool had_ = false;
};

// A temporary file with `text`, removed at the end.
class TempFile {
 public:
  explicit TempFile(const std::string& text) {
    char p[] = "/tmp/parmod-tuning-test-XXXXXX";
    const int fd = mkstemp(p);
    EXPECT_GE(fd, 0);
    close(fd);
    path_ = p;
    std::ofstream(path_, std::ios::binary) << text;
  }
  ~TempFile() { std::remove(path_.c_str()); }
  const char* path() const { return path_.c_str(); }

 private:
  std::string path_;
};

// The number of lines the tuning wrote on stderr while loading `text` as the file.
int warnings_loading(const std::string& text, std::string* out = nullptr) {
  TempFile f(text);
  testing::internal::CaptureStderr();
  {
    ScopedEnv env("PARMOD_TUNING_FILE", f.path());
    if (out) *out = config::format_tuning(config::tuning());
  }
  const std::string err = testing::internal::GetCapturedStderr();
  int lines = 0;
  for (char c : err) lines += c == '\n';
  return lines;
}

std::string defaults_text() { return config::format_tuning(config::default_tuning(config::tuning_row_in_use())); }

TEST(Tuning, GenericAndRowsParseAndRowsListOnlyDifferences) {
  config::Tuning t;
  std::set<std::string> names;
  for (const config::TuningKey& k : config::tuning_keys()) {
    EXPECT_TRUE(names.insert(k.name).second) << "declared twice: " << k.name;
    if (std::string(k.type) == "k_table") continue;  // a family: its generic value is "no entry"
    EXPECT_EQ(config::set_tuning_value(t, k.name, k.generic), "") << k.name;
  }
  // t holds the declared generic values as written, before this CPU's limits
  // (default_tuning zeroes the mulx keys on a CPU without ADX, where a row's
  // 0 would then look like a repeat).
  std::set<std::string> rows;
  for (const config::TuningRow& row : config::tuning_rows()) {
    EXPECT_TRUE(rows.insert(row.name).second) << "row twice: " << row.name;
    for (const auto& [key, value] : row.values) {
      config::Tuning r = t;
      EXPECT_NE(config::find_tuning_key(key), nullptr) << row.name << ": undeclared key " << key;
      EXPECT_EQ(config::set_tuning_value(r, key, value), "") << row.name << ": " << key;
      EXPECT_NE(config::format_tuning_value(r, key), config::format_tuning_value(t, key))
          << row.name << " repeats the generic value of " << key;
    }
    // Values without IFMA: only in rows measured with it, only keys marked ifma.
    if (!row.values_without_ifma.empty()) EXPECT_TRUE(row.measured_with_ifma) << row.name;
    for (const auto& [key, value] : row.values_without_ifma) {
      config::Tuning r = t;
      EXPECT_NE(config::find_tuning_key(key), nullptr) << row.name << ": undeclared key " << key;
      EXPECT_EQ(config::set_tuning_value(r, key, value), "") << row.name << ": " << key;
      EXPECT_STREQ(config::find_tuning_key(key)->needs, "ifma") << row.name << ": " << key;
      EXPECT_NE(config::format_tuning_value(r, key), config::format_tuning_value(t, key))
          << row.name << " repeats the generic value of " << key << " (without IFMA)";
    }
  }
  EXPECT_EQ(config::default_tuning("no such row").row, "generic");
}

TEST(Tuning, EmptyMissingAndGarbageFilesGiveTheDefaults) {
  std::string got;
  EXPECT_EQ(warnings_loading("", &got), 0);
  EXPECT_EQ(got, defaults_text());
  EXPECT_EQ(warnings_loading("# only a comment\n\n   \n", &got), 0);
  EXPECT_EQ(got, defaults_text());
  {
    testing::internal::CaptureStderr();
    {
      ScopedEnv env("PARMOD_TUNING_FILE", "/nonexistent/parmod-tuning.txt");
      EXPECT_EQ(config::format_tuning(config::tuning()), defaults_text());
      EXPECT_EQ(config::tuning().file, "");
    }
    EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  }
  std::string garbage = "\x7f" "ELF\x01\x02\x03 garbage\n";
  for (int i = 0; i < 200; ++i) garbage += static_cast<char>((i * 37 + 11) % 256);
  EXPECT_EQ(warnings_loading(garbage + "\nmul.par_min\n= 3\n::::\n", &got), 1);
  EXPECT_EQ(got, defaults_text());
  // A huge line, then a directory.
  EXPECT_EQ(warnings_loading(std::string(100000, 'x') + " 1\n", &got), 1);
  EXPECT_EQ(got, defaults_text());
  {
    testing::internal::CaptureStderr();
    {
      ScopedEnv env("PARMOD_TUNING_FILE", "/tmp");
      EXPECT_EQ(config::format_tuning(config::tuning()), defaults_text());
    }
    EXPECT_NE(testing::internal::GetCapturedStderr().find("not a regular file"), std::string::npos);
  }
}

// Every key with a value that does not parse: its default and one warning
// line for the whole file, the good lines still taken.
TEST(Tuning, BadValueOfEveryKeyKeepsItsDefault) {
  std::string text = "mul.health_pct 42\n";
  for (const config::TuningKey& k : config::tuning_keys()) {
    const std::string key = std::string(k.name) + (std::string(k.type) == "k_table" ? "2" : "");
    text += key + " not-a-value:x,\n";
    text += key + " -1\n";
  }
  std::string got;
  EXPECT_EQ(warnings_loading(text, &got), 1);
  config::Tuning want = config::default_tuning(config::tuning_row_in_use());
  want.mul_health_pct = 42;
  EXPECT_EQ(got, config::format_tuning(want));
}

TEST(Tuning, RangesClampAboveAndRejectBelow) {
  TempFile f("mul.unbalanced_pct 150\npowm.phi_percent 0\npowm.field_max_limbs 9\nmul.par_min 18446744073709551616\n"
             "mul.karatsuba_adx_max 100000\nunknown.key 3\nmul.toom4_min 700 # a comment\n");
  testing::internal::CaptureStderr();
  {
    ScopedEnv env("PARMOD_TUNING_FILE", f.path());
    const config::Tuning& t = config::tuning();
    const config::Tuning d = config::default_tuning(config::tuning_row_in_use());
    EXPECT_EQ(t.mul_unbalanced_pct, 100u);     // clamped
    EXPECT_EQ(t.powm_phi_percent, d.powm_phi_percent);  // rejected: below 1
    EXPECT_EQ(t.powm_field_max_limbs, 8u);     // clamped to the field kernels' 8 limbs
    EXPECT_EQ(t.mul_par_min, 1073741824u);     // clamped (overflows 64 bits)
    EXPECT_EQ(t.mul_karatsuba_adx_max, limbs::cpu_has_mulx_adx() ? 512u : 0u);  // the kernel's stack bound
    EXPECT_EQ(t.mul_toom4_min, 700u);
    EXPECT_EQ(t.file, f.path());
  }
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  EXPECT_NE(err.find("6 problems"), std::string::npos) << err;
  EXPECT_NE(err.find("unknown.key"), std::string::npos) << err;
}

TEST(Tuning, TablesParse) {
  TempFile f("modmul.odd 10:barrett 20:montgomery 18446744073709551615:bipartite\n"
             "multipartite.k.T2 1024:3,65536:5\nmultipartite.k.T3 1024:9\ncosts.mul_ns 1:5,2:9,4:30\n"
             "modmul.odd.parallel 20:montgomery 10:barrett\nmultipartite.k.T0 1024:3\n");
  testing::internal::CaptureStderr();
  {
    ScopedEnv env("PARMOD_TUNING_FILE", f.path());
    const config::Tuning& t = config::tuning();
    ASSERT_EQ(t.modmul_odd.size(), 3u);
    EXPECT_EQ(t.modmul_odd[0], std::make_pair(std::size_t{10}, Algorithm::barrett));
    EXPECT_EQ(t.modmul_odd[2].second, Algorithm::bipartite);
    EXPECT_EQ(config::format_tuning_value(t, "modmul.odd.parallel"),
              config::format_tuning_value(config::default_tuning(t.row), "modmul.odd.parallel"));  // not increasing
    ASSERT_EQ(t.multipartite_k.count(2), 1u);
    EXPECT_EQ(t.multipartite_k.count(3), 0u);  // k = 9 is above 8
    EXPECT_EQ(modmul::measured_multipartite_k(16, 2), 3);    // 1024 bits
    EXPECT_EQ(modmul::measured_multipartite_k(1024, 2), 5);  // 65536 bits
    EXPECT_EQ(modmul::measured_multipartite_k(16, 1), 0);
    ASSERT_EQ(t.costs_mul_ns.size(), 3u);
    EXPECT_EQ(t.costs_mul_ns[2].ns, 30.0);
  }
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("3 problems"), std::string::npos) << err;
}

// A bad multipartite.k.T2 made std::stoul throw std::invalid_argument out of
// the Modulus constructor; now the k is predicted and one warning is written.
TEST(Tuning, BadMultipartiteKDoesNotThrowFromModulus) {
  TempFile f("multipartite.k.T2 1024:x,2048:3\nmultipartite.k.T1 abc\n");
  testing::internal::CaptureStderr();
  {
    ScopedEnv env("PARMOD_TUNING_FILE", f.path());
    const mpz_class P = (mpz_class(1) << 2047) + 12345;
    EXPECT_NO_THROW({
      const Modulus m(P, Algorithm::multipartite, 2);
      EXPECT_EQ(m.mul(P - 1, P - 2), 2);
      const Modulus m1(P, Algorithm::multipartite, 1);
      EXPECT_EQ(m1.pow(3, 5), 243);
    });
    EXPECT_EQ(modmul::measured_multipartite_k(32, 2), 0);
  }
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
}

TEST(Tuning, FamilyPicksTheRow) {
  std::vector<const config::TuningRow*> rows = {nullptr};  // nullptr: the generic row
  for (const config::TuningRow& r : config::tuning_rows()) rows.push_back(&r);
  for (const config::TuningRow* r : rows) {
    const std::string name = r ? r->name : "generic";
    ScopedEnv env("PARMOD_TUNING_FAMILY", name.c_str());
    const config::Tuning& t = config::tuning();
    EXPECT_EQ(t.row, name);
    EXPECT_EQ(config::format_tuning(t), config::format_tuning(config::default_tuning(name)));
    if (!r) continue;
    // A row measured with IFMA gives its values of keys marked ifma or ifma_kernel (mul.par_min,
    // mul.ifma_max) only where IFMA is in use; a row of a family without IFMA gives them as
    // measured, on every CPU.
    // Such a row's values_without_ifma replace the generic ones where IFMA is not in use.
    for (const auto& [key, value] : r->values) {
      if (std::string(key) != "mul.par_min" && std::string(key) != "mul.ifma_max") continue;
      if (!r->measured_with_ifma || limbs::cpu_has_avx512_ifma()) {
        EXPECT_EQ(config::format_tuning_value(t, key), value) << name << ": " << key;
      } else {
        std::string want = config::format_tuning_value(config::default_tuning("generic"), key);
        for (const auto& [k, v] : r->values_without_ifma)
          if (std::string(k) == key) want = v;
        EXPECT_EQ(config::format_tuning_value(t, key), want) << name;
      }
    }
    if (!limbs::cpu_has_avx512_ifma())
      for (const auto& [key, value] : r->values_without_ifma) EXPECT_EQ(config::format_tuning_value(t, key), value) << name;
    if (!limbs::cpu_has_avx512_ifma()) EXPECT_EQ(t.mul_ifma_max, 0u) << name;
  }
  {
    ScopedEnv env("PARMOD_TUNING_FAMILY", "zen1");
    EXPECT_EQ(config::tuning().mul_basecase_adx_max, 0u);  // the mulx kernels lose there
    EXPECT_EQ(limbs::mul_kernel(30, 30), limbs::MulKernel::gmp);
  }
  testing::internal::CaptureStderr();
  {
    ScopedEnv env("PARMOD_TUNING_FAMILY", "pentium4");
    EXPECT_EQ(config::tuning().row, config::tuning_row_in_use());
  }
  EXPECT_NE(testing::internal::GetCapturedStderr().find("PARMOD_TUNING_FAMILY"), std::string::npos);
}

TEST(Tuning, MulxKernelsVariable) {
  {
    ScopedEnv env("PARMOD_MULX_KERNELS", "0");
    EXPECT_EQ(config::tuning().mul_basecase_adx_max, 0u);
    EXPECT_EQ(config::tuning().sqr_karatsuba_adx_max, 0u);
  }
  if (limbs::cpu_has_mulx_adx()) {
    ScopedEnv family("PARMOD_TUNING_FAMILY", "zen1");
    ScopedEnv env("PARMOD_MULX_KERNELS", "1");
    EXPECT_EQ(config::tuning().mul_basecase_adx_max, config::default_tuning("generic").mul_basecase_adx_max);
    EXPECT_GT(config::tuning().mul_basecase_adx_max, 0u);
  }
}

TEST(Tuning, FileLocation) {
  ScopedEnv no_cache("XDG_CACHE_HOME", "/nonexistent-parmod-cache");  // no user's file is read here
  ScopedEnv file("PARMOD_TUNING_FILE", nullptr);
  const std::string slug = config::cpu_model_slug(config::cpu());
  EXPECT_NE(slug.find("-family"), std::string::npos);
  {
    ScopedEnv cache("XDG_CACHE_HOME", "/var/tmp/xdg");
    EXPECT_EQ(config::tuning_file_path(), "/var/tmp/xdg/parmod/tuning-" + slug + ".txt");
  }
  {
    ScopedEnv cache("XDG_CACHE_HOME", "relative/ignored");
    ScopedEnv home("HOME", "/home/someone");
    EXPECT_EQ(config::tuning_file_path(), "/home/someone/.cache/parmod/tuning-" + slug + ".txt");
    ScopedEnv empty("PARMOD_TUNING_FILE", "");  // empty counts as unset
    EXPECT_EQ(config::tuning_file_path(), "/home/someone/.cache/parmod/tuning-" + slug + ".txt");
  }
  {
    ScopedEnv cache("XDG_CACHE_HOME", nullptr);
    ScopedEnv home("HOME", nullptr);
    EXPECT_EQ(config::tuning_file_path(), "");  // no file: never the current directory
  }
  ScopedEnv set("PARMOD_TUNING_FILE", "/some/where.txt");
  EXPECT_EQ(config::tuning_file_path(), "/some/where.txt");
}

TEST(Tuning, WriteMergesValidatesAndReloads) {
  TempFile f("mul.par_min 300\nunknown.key 1\n");
  testing::internal::CaptureStderr();
  ScopedEnv env("PARMOD_TUNING_FILE", f.path());
  std::string error;
  EXPECT_FALSE(config::write_tuning_values({{"mul.sqr_par_min", "nope"}}, "test", &error));
  EXPECT_NE(error.find("mul.sqr_par_min"), std::string::npos);
  EXPECT_FALSE(config::write_tuning_values({{"mul.unbalanced_pct", "101"}}, "test", &error));  // above its maximum
  ASSERT_TRUE(config::write_tuning_values({{"mul.sqr_par_min", "333"}, {"multipartite.k.T2", "1024:4"}}, "test", &error))
      << error;
  EXPECT_EQ(config::tuning().mul_par_min, 300u);  // kept from the file
  EXPECT_EQ(config::tuning().mul_sqr_par_min, 333u);
  EXPECT_EQ(config::tuning().multipartite_k.at(2).front().second, 4);
  testing::internal::GetCapturedStderr();
  // Every value format_tuning writes reads back the same.
  const config::Tuning& t = config::tuning();
  config::Tuning back = config::default_tuning("generic");
  std::istringstream lines(config::format_tuning(t));
  std::string line;
  while (std::getline(lines, line)) {
    const auto space = line.find(' ');
    EXPECT_EQ(config::set_tuning_value(back, line.substr(0, space), line.substr(space + 1)), "") << line;
  }
  EXPECT_EQ(config::format_tuning(back), config::format_tuning(t));
}

// Readers take a snapshot while the main thread installs new ones: each
// snapshot they hold stays valid and consistent (the two fields installed
// together agree), under TSan too.
TEST(Tuning, ReloadSwapsAtomicallyUnderConcurrentReaders) {
  const config::Tuning base = config::tuning();
  std::atomic<bool> stop{false};
  std::atomic<long> reads{0}, torn{0};
  std::vector<std::thread> readers;
  for (int r = 0; r < 3; ++r)
    readers.emplace_back([&] {
      while (!stop.load(std::memory_order_relaxed)) {
        const config::Tuning& t = config::tuning();
        if (t.powm_gmp_below_limbs != t.powm_even_split_min_limbs && t.powm_gmp_below_limbs >= 1000) torn.fetch_add(1);
        if (limbs::mul_kernel(20, 20) == limbs::MulKernel::ifma && !limbs::cpu_has_avx512_ifma()) torn.fetch_add(1);
        reads.fetch_add(1, std::memory_order_relaxed);
      }
    });
  while (reads.load() == 0) std::this_thread::yield();
  for (int i = 0; i < 300 || reads.load() < 3000; ++i) {
    config::Tuning t = base;
    t.powm_gmp_below_limbs = t.powm_even_split_min_limbs = 1000 + i % 1000;
    config::install_tuning(t);
    if (i % 50 == 0) config::reload_tuning();
  }
  stop = true;
  for (auto& th : readers) th.join();
  config::reload_tuning();
  EXPECT_EQ(torn.load(), 0);
  EXPECT_GT(reads.load(), 0);
}

TEST(Tuning, ScopedTuningRestores) {
  const std::string before = config::format_tuning(config::tuning());
  {
    config::Tuning t = config::tuning();
    t.redc_products_threshold = 7;
    const config::ScopedTuning scoped(t);
    EXPECT_EQ(config::tuning().redc_products_threshold, 7u);
  }
  EXPECT_EQ(config::format_tuning(config::tuning()), before);
}

TEST(Cpu, FamilyNames) {
  const config::Cpu& c = config::cpu();
  const std::set<std::string> known = {"zen1", "zen2", "zen3", "zen4", "zen5", "sapphire_rapids", "rocket_lake", "unknown"};
  EXPECT_EQ(known.count(c.family_name), 1u) << c.family_name;
  config::Cpu x;
  x.brand = "AMD EPYC 9B14 96-Core Processor ";
  x.family = 25;
  x.model = 17;
  EXPECT_EQ(config::cpu_model_slug(x), "amd-epyc-9b14-96-core-processor-family25-model17");
}

// The family names of some processors: AMD by family and model; Intel by
// model, except that AMX names Sapphire Rapids whatever model a hypervisor
// reports (this project's Intel guest reports 0xa7, Rocket Lake's, with
// AMX, AVX512-FP16 and 2 MiB of L2 per core).
TEST(Cpu, FamilyNameOf) {
  const auto name = [](const char* vendor, unsigned family, unsigned model, bool amx) {
    config::Cpu c;
    c.vendor = vendor;
    c.family = family;
    c.model = model;
    c.amx_tile = amx;
    return config::family_name_of(c);
  };
  EXPECT_EQ(name("AuthenticAMD", 0x17, 0x01, false), "zen1");
  EXPECT_EQ(name("AuthenticAMD", 0x17, 0x31, false), "zen2");
  EXPECT_EQ(name("AuthenticAMD", 0x19, 0x01, false), "zen3");
  EXPECT_EQ(name("AuthenticAMD", 0x19, 0x11, false), "zen4");
  EXPECT_EQ(name("AuthenticAMD", 0x1a, 0x02, false), "zen5");
  EXPECT_EQ(name("GenuineIntel", 6, 0x8f, true), "sapphire_rapids");
  EXPECT_EQ(name("GenuineIntel", 6, 0xcf, false), "sapphire_rapids");
  EXPECT_EQ(name("GenuineIntel", 6, 0xa7, true), "sapphire_rapids");
  EXPECT_EQ(name("GenuineIntel", 6, 0xa7, false), "rocket_lake");
  EXPECT_EQ(name("GenuineIntel", 6, 0x55, false), "unknown");
  EXPECT_EQ(name("GenuineIntel", 6, 0x55, true), "sapphire_rapids");
  EXPECT_EQ(name("AuthenticAMD", 0x19, 0x11, true), "zen4");  // AMX names only Intel's family
  EXPECT_EQ(name("", 0, 0, false), "unknown");
}

}  // namespace
}  // namespace parmod::test
