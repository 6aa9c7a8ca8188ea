// config/tuning_rows.hpp - the default tuning values per CPU family, as GMP
// keeps one gmp-mparam.h per CPU.
//
// A row names a family of config::Cpu::family_name and lists only the keys
// where the family's measurements differ from the generic row (the generic
// column of config/tuning_keys.def, for every family without a row).  Which
// CPU, command and date each row's values come from: docs/tuning.md.
#pragma once

#include <utility>
#include <vector>

namespace parmod::config {

struct TuningRow {
  const char* name;  // a config::Cpu::family_name ("zen4", ...)
  // Measured with the AVX-512 IFMA kernels in use: the row's values of keys
  // marked ifma then apply only where they are (config/tuning.hpp, step 1).
  // False for families without IFMA, whose values hold as measured.
  bool measured_with_ifma;
  std::vector<std::pair<const char*, const char*>> values;  // key, value in file syntax
  // Only for a row measured with IFMA: values of keys marked ifma measured on
  // this family with the IFMA kernels off (PARMOD_NO_IFMA=1).  Where IFMA is
  // not in use they replace the generic value of those keys.
  std::vector<std::pair<const char*, const char*>> values_without_ifma = {};
};

// Every family row (not the generic one).
const std::vector<TuningRow>& tuning_rows();

}  // namespace parmod::config
