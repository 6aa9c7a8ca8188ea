// config/tuning.hpp - the measured parameters: one table, one snapshot.
//
// Every key is declared once in config/tuning_keys.def (name, type, range,
// generic default, unit, meaning); config::Tuning has a typed field per key.
// Where the values come from, each layer over the one before:
//  1. the generic row (tuning_keys.def), then the row of this CPU's family
//     (config/tuning_rows.cpp, picked by CPUID or PARMOD_TUNING_FAMILY);
//     a row's values of keys marked `ifma` apply only where the AVX-512 IFMA
//     kernels are in use when the row was measured with them (its
//     measured_with_ifma; rows of families without IFMA apply them as measured);
//     where IFMA is not in use, such a row's values_without_ifma (measured on
//     the family with PARMOD_NO_IFMA=1) replace the generic values of those keys;
//  2. PARMOD_MULX_KERNELS=0 sets the mulx kernel limits to 0 (kernels off),
//     =1 to the generic row's (kernels on), whatever the row (the keys
//     marked mulx_kernel);
//  3. the tuning file: $PARMOD_TUNING_FILE (read through secure_getenv; an
//     empty value counts as unset), else the per-user cache
//     $XDG_CACHE_HOME/parmod/tuning-<cpu model>.txt (XDG_CACHE_HOME absolute,
//     else $HOME/.cache), never the current directory.  "key value" lines,
//     '#' comments.  A missing file is no file.  Bad lines (garbage, unknown
//     keys, values that do not parse or are below their minimum) keep the
//     value from 1-2; values above their maximum are clamped to it; each load
//     with problems writes ONE line on stderr; nothing throws;
//  4. what this CPU cannot run is 0: the keys marked mulx_kernel without
//     BMI2+ADX, those marked ifma_kernel without AVX-512 IFMA in use.
//
// Snapshots: tuning() returns the current snapshot, loaded on first use
// (thread-safe) and then one atomic pointer load.  reload_tuning() and
// install_tuning() publish a new snapshot atomically; every snapshot ever
// published stays allocated until the process ends (they are few: one per
// load, reload or install), so a reference from tuning() stays valid
// forever, also in a thread that races a reload.  A reader that needs
// several keys to agree takes them from one tuning() call.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "parmod/parmod.hpp"

namespace parmod::config {

// "LIMBS:ALGORITHM ..." in increasing LIMBS: the first pair with n <= LIMBS applies, the last beyond.
using SizeTable = std::vector<std::pair<std::size_t, Algorithm>>;
// M(s, s) in ns at ascending sizes s (at least two points).
struct CostPoint {
  std::size_t limbs;
  double ns;
};
using CostPoints = std::vector<CostPoint>;
// Per thread count T: (bits, k) in ascending bits.
using KTable = std::map<int, std::vector<std::pair<std::size_t, int>>>;

namespace tuning_types {
using size = std::size_t;
using real = double;
using size_table = SizeTable;
using cost_points = CostPoints;
using k_table = KTable;
}  // namespace tuning_types

struct Tuning {
#define PARMOD_TUNING_KEY(field, name, type, min, max, generic, unit, needs, meaning) tuning_types::type field{};
#include "config/tuning_keys.def"

  std::string row;   // the family row the defaults came from ("generic", "zen4", ...)
  std::string file;  // the tuning file read ("" when none was found)
};

// The largest value of each size key (the kernels' hard limits among them),
// for the layers to check their own constants against.
namespace tuning_max {
#define PARMOD_TUNING_KEY(field, name, type, min, max, generic, unit, needs, meaning) \
  inline constexpr double field = static_cast<double>(max);
#include "config/tuning_keys.def"
}  // namespace tuning_max

// The current snapshot.
const Tuning& tuning() noexcept;

// Loads defaults and file again and publishes the result (after `parmod
// tune` wrote the file, or a test changed the environment).
void reload_tuning();

// Publishes t (after step 4 above: what the CPU cannot run is 0) as the
// current snapshot: for tune and tests.
void install_tuning(const Tuning& t);

// Installs t for its lifetime, then puts back the snapshot it replaced
// (tests; not for use by two threads at once).
class ScopedTuning {
 public:
  explicit ScopedTuning(const Tuning& t);
  ~ScopedTuning();
  ScopedTuning(const ScopedTuning&) = delete;
  ScopedTuning& operator=(const ScopedTuning&) = delete;

 private:
  const Tuning* previous_;
};

// --- the table itself -------------------------------------------------------

struct TuningKey {
  const char* field;
  const char* name;     // "multipartite.k.T" for the k_table family
  const char* type;     // "size", "real", "size_table", "cost_points", "k_table"
  double min, max;      // size and real keys
  const char* generic;  // the generic row's value, file syntax
  const char* unit;
  const char* needs;  // "any", "ifma", "ifma_kernel", "mulx_kernel" (tuning_keys.def)
  const char* meaning;
  // The name as documented: "multipartite.k.T<threads>" for the family, else name.
  std::string display_name() const;
};
// Every declared key, in declaration order.
const std::vector<TuningKey>& tuning_keys();
// The declared key a file key belongs to ("multipartite.k.T2" -> the
// family "multipartite.k.T"), nullptr for an unknown key.
const TuningKey* find_tuning_key(const std::string& file_key);

// The defaults for a row (step 1-2 and 4 above, no file): "generic" or a
// row of config::tuning_rows(); an unknown name gives the generic row.
Tuning default_tuning(const std::string& row);
// The row of this CPU: PARMOD_TUNING_FAMILY if it names a row, else the one
// of config::cpu().family_name, else "generic".
std::string tuning_row_in_use();

// The tuning file's path ("" when neither PARMOD_TUNING_FILE nor a cache
// folder is known).  The file need not exist.
std::string tuning_file_path();

// Parses one "key value" pair into t.  Returns "" when the value was taken,
// else the problem (unknown key, bad value, below the minimum); a value
// above its maximum is taken clamped and the problem names that.
std::string set_tuning_value(Tuning& t, const std::string& key, const std::string& value);
// The value of a key as a file writes it ("multipartite.k.T2" for one
// thread count of the family).  Returns "" for an unknown key.
std::string format_tuning_value(const Tuning& t, const std::string& key);
// Every key of t as "key value" lines (the k_table family: one line per thread count).
std::string format_tuning(const Tuning& t);

// Writes `values` ("key" -> value in file syntax) over the entries of the
// current file to tuning_file_path() (through a temporary file and a
// rename), creating its folder, then reloads.  Refuses a value that
// set_tuning_value would not take.  Returns false and sets *error on failure.
bool write_tuning_values(const std::map<std::string, std::string>& values, const std::string& header,
                         std::string* error);

}  // namespace parmod::config
