// config/cpu.hpp - which processor this is, asked once per process (CPUID).
//
// The one place that reads CPUID: the vendor, family and model that pick a
// row of default tuning values (config/tuning_rows.cpp, as GMP picks one
// gmp-mparam.h per CPU), the model name that keys the per-user tuning file,
// and the instruction-set extensions the kernels need (limbs/cpu_features.hpp
// passes them on to the layers above).
#pragma once

#include <string>

namespace parmod::config {

struct Cpu {
  std::string vendor;  // "AuthenticAMD", "GenuineIntel", ... ("" off x86-64)
  std::string brand;   // the model name (CPUID 0x80000002-4), trimmed ("" when absent)
  unsigned family = 0;  // display family: base family + extended family (AMD 0x17 = Zen/Zen+/Zen 2, ...)
  unsigned model = 0;   // display model: extended model << 4 | base model
  bool mulx_adx = false;     // BMI2 (mulx) and ADX (adcx/adox)
  bool avx2 = false;         // AVX2, with the YMM state enabled by the OS
  bool avx512_ifma = false;  // AVX-512F, AVX-512 IFMA and BMI2, usable by the OS,
                             // and PARMOD_NO_IFMA not set (non-empty, not "0")
  // The microarchitecture family this project names: "zen1" (Zen and Zen+:
  // AMD family 0x17, models 0x00-0x2f), "zen2" (0x17, the other models),
  // "zen3" (0x19, models 0x00-0x0f and 0x20-0x5f), "zen4" (0x19, models
  // 0x10-0x1f, 0x60-0x7f, 0xa0-0xaf), "zen5" (0x1a), "sapphire_rapids"
  // (Intel family 6, models 0x8f and 0xcf, or any family-6 model with
  // AMX-TILE: KVM guests may report another model, as the one this project's
  // row was measured on reports 0xa7), "rocket_lake" (Intel family 6, model
  // 0xa7 without AMX: Cypress Cove cores), else "unknown".  Only some have a
  // row of tuning defaults (config::tuning_rows()).
  std::string family_name;
  bool amx_tile = false;  // AMX-TILE (CPUID 7.0 EDX bit 24): Intel Sapphire Rapids and later
};

// This processor (computed on first call; thread-safe).
const Cpu& cpu() noexcept;

// The family name (Cpu::family_name) of a processor with c's vendor, family,
// model and amx_tile.
std::string family_name_of(const Cpu& c);

// The CPU's name as a file-name part: lower-case brand words joined by '-',
// then the family and model, e.g. "amd-epyc-family26-model2" (the brand
// alone does not tell hosts apart: KVM guests often show "AMD EPYC").
std::string cpu_model_slug(const Cpu& c);

}  // namespace parmod::config
