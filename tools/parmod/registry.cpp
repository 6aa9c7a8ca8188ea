#include "registry.hpp"

namespace parmod::cli {

std::vector<CommandEntry>& tune_steps() {
  static std::vector<CommandEntry> v;
  return v;
}

}  // namespace parmod::cli
