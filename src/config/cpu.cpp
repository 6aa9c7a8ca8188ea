#include "config/cpu.hpp"

#include <cctype>
#include <cstdlib>
#include <cstring>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

namespace parmod::config {

std::string family_name_of(const Cpu& c) {
  if (c.vendor == "AuthenticAMD") {
    if (c.family == 0x17) return c.model < 0x30 ? "zen1" : "zen2";
    if (c.family == 0x19) {
      const unsigned m = c.model;
      if ((m >= 0x10 && m <= 0x1f) || (m >= 0x60 && m <= 0x7f) || (m >= 0xa0 && m <= 0xaf)) return "zen4";
      if (m <= 0x0f || (m >= 0x20 && m <= 0x5f)) return "zen3";
      return "unknown";
    }
    if (c.family == 0x1a) return "zen5";
  }
  if (c.vendor == "GenuineIntel" && c.family == 6) {
    if (c.model == 0x8f || c.model == 0xcf || c.amx_tile) return "sapphire_rapids";
    if (c.model == 0xa7) return "rocket_lake";
  }
  return "unknown";
}

namespace {

Cpu detect() noexcept {
  Cpu c;
#if defined(__x86_64__)
  unsigned a = 0, b = 0, cx = 0, d = 0;
  if (__get_cpuid(0, &a, &b, &cx, &d)) {
    char v[13];
    std::memcpy(v, &b, 4);
    std::memcpy(v + 4, &d, 4);
    std::memcpy(v + 8, &cx, 4);
    v[12] = '\0';
    c.vendor = v;
  }
  if (__get_cpuid(1, &a, &b, &cx, &d)) {
    const unsigned base_family = (a >> 8) & 0xf, base_model = (a >> 4) & 0xf;
    c.family = base_family == 0xf ? base_family + ((a >> 20) & 0xff) : base_family;
    c.model = (base_family == 0x6 || base_family == 0xf) ? (((a >> 16) & 0xf) << 4) | base_model : base_model;
  }
  unsigned top = 0;
  if (__get_cpuid(0x80000000, &top, &b, &cx, &d) && top >= 0x80000004) {
    unsigned words[12];
    for (unsigned i = 0; i < 3; ++i)
      __get_cpuid(0x80000002 + i, &words[4 * i], &words[4 * i + 1], &words[4 * i + 2], &words[4 * i + 3]);
    char s[49];
    std::memcpy(s, words, 48);
    s[48] = '\0';
    std::string brand = s;
    const auto first = brand.find_first_not_of(' ');
    const auto last = brand.find_last_not_of(' ');
    c.brand = first == std::string::npos ? "" : brand.substr(first, last - first + 1);
  }
  // The feature bits from cpuid itself (clang's __builtin_cpu_supports has no
  // "adx"): leaf 7 EBX bit 5 AVX2, 8 BMI2, 16 AVX512F, 19 ADX, 21 AVX512IFMA,
  // EDX bit 24 AMX-TILE (only to name the family);
  // the OS must enable the AVX state (OSXSAVE, XCR0 bits 1 and 2) and for
  // AVX-512 also bits 5-7.
  unsigned l7b = 0, l7d = 0;
  if (__get_cpuid_count(7, 0, &a, &b, &cx, &d)) {
    l7b = b;
    l7d = d;
  }
  c.amx_tile = l7d & (1u << 24);
  bool os_avx = false, os_avx512 = false;
  if (__get_cpuid(1, &a, &b, &cx, &d) && (cx & (1u << 27))) {
    unsigned xlo, xhi;
    __asm__("xgetbv" : "=a"(xlo), "=d"(xhi) : "c"(0));
    os_avx = (xlo & 0x6u) == 0x6u;
    os_avx512 = (xlo & 0xe6u) == 0xe6u;
  }
  const bool bmi2 = l7b & (1u << 8), adx = l7b & (1u << 19);
  c.mulx_adx = bmi2 && adx;
  c.avx2 = os_avx && (l7b & (1u << 5));
  const char* off = std::getenv("PARMOD_NO_IFMA");
  const bool ifma_off = off && *off && *off != '0';
  c.avx512_ifma = !ifma_off && os_avx512 && (l7b & (1u << 16)) && (l7b & (1u << 21)) && bmi2;
#endif
  c.family_name = family_name_of(c);
  return c;
}

}  // namespace

const Cpu& cpu() noexcept {
  static const Cpu c = detect();
  return c;
}

std::string cpu_model_slug(const Cpu& c) {
  std::string s;
  bool dash = false;
  for (char ch : c.brand.empty() ? c.vendor : c.brand) {
    const unsigned char u = static_cast<unsigned char>(ch);
    if (std::isalnum(u)) {
      if (dash && !s.empty()) s += '-';
      s += static_cast<char>(std::tolower(u));
      dash = false;
    } else {
      dash = true;
    }
  }
  if (s.empty()) s = "cpu";
  return s + "-family" + std::to_string(c.family) + "-model" + std::to_string(c.model);
}

}  // namespace parmod::config
