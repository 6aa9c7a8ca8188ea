// api/errors.cpp - names of algorithms and error codes, the version string.
#include <cstring>

#include "parmod/parmod.hpp"

namespace parmod {

const char* algorithm_name(Algorithm a) noexcept {
  switch (a) {
    case Algorithm::automatic: return "automatic";
    case Algorithm::montgomery: return "montgomery";
    case Algorithm::barrett: return "barrett";
    case Algorithm::bipartite: return "bipartite";
    case Algorithm::multipartite: return "multipartite";
    case Algorithm::montgomery52: return "montgomery52";
  }
  return "unknown";
}

Algorithm algorithm_from_name(const std::string& name) {
  if (name == "automatic" || name == "auto") return Algorithm::automatic;
  if (name == "montgomery") return Algorithm::montgomery;
  if (name == "barrett") return Algorithm::barrett;
  if (name == "bipartite") return Algorithm::bipartite;
  if (name == "multipartite") return Algorithm::multipartite;
  if (name == "montgomery52") return Algorithm::montgomery52;
  throw InvalidArgument("unknown algorithm '" + name +
                        "' (expected automatic, montgomery, barrett, bipartite, multipartite or montgomery52)");
}

const char* version() noexcept { return PARMOD_VERSION_STRING; }

}  // namespace parmod
