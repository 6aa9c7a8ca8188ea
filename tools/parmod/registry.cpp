#include "registry.hpp"

namespace parmod::cli {

std::vector<CommandEntry>& bench_commands() {
  static std::vector<CommandEntry> v;
  return v;
}

std::vector<CommandEntry>& extra_commands() {
  static std::vector<CommandEntry> v;
  return v;
}

}  // namespace parmod::cli
