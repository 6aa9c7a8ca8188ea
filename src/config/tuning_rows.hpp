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
  std::vector<std::pair<const char*, const char*>> values;  // key, value in file syntax
};

// Every family row (not the generic one).
const std::vector<TuningRow>& tuning_rows();

}  // namespace parmod::config
