// api/describe_cpu.cpp - parmod::describe_cpu: the processor and the kernels
// this process runs on it, for benchmark headers (`parmod bench --quick`)
// and bug reports.  Every fact comes from its one place: the CPU from
// config::cpu() (CPUID, read once), whether the AVX-512 IFMA and the
// mulx/adcx/adox kernels run from the tuning snapshot (config::tuning(): a
// kernel's limit is 0 where it is off or the CPU lacks it), the row and file
// from the same snapshot, GMP's version from the linked libgmp.
#include <gmp.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <string>

#include "api/boundary.hpp"
#include "config/cpu.hpp"
#include "config/tuning.hpp"
#include "parmod/parmod.hpp"
#include "runtime/thread_count.hpp"

namespace parmod {
namespace {

std::string describe_cpu_text() {
  const config::Cpu& c = config::cpu();
  const config::Tuning& t = config::tuning();
  std::ostringstream o;
  o.exceptions(std::ios::badbit);  // a failed allocation throws (not a truncated text)
  o << "cpu: " << (c.brand.empty() ? std::string("unknown model") : c.brand) << " ("
    << (c.vendor.empty() ? std::string("not x86-64") : c.vendor) << " family " << c.family << " model " << c.model
    << ", " << c.family_name << "); " << runtime::core_count() << " CPUs for this process\n";
  o << "AVX-512 IFMA: ";
  if (c.avx512_ifma) {
    o << "in use (montgomery52";
    const std::size_t top = std::max(t.mul_ifma_max, t.mul_ifma_karatsuba_max);
    if (t.mul_ifma_max > 0) o << "; integer products of " << t.mul_ifma_min << " to " << top - 1 << " limbs";
    o << ")\n";
  } else {
    const char* off = std::getenv("PARMOD_NO_IFMA");
    o << "not in use" << (off && *off ? " (PARMOD_NO_IFMA=" + std::string(off).substr(0, 16) + ")" : std::string())
      << "\n";
  }
  o << "mulx/adcx/adox: ";
  if (!c.mulx_adx) {
    o << "not on this CPU (portable code and GMP's mpn)\n";
  } else {
    o << "register-window Montgomery kernels "
      << (t.montgomery_window_adx_min > 0 ? "on from " + std::to_string(t.montgomery_window_adx_min) + " limbs"
                                          : std::string("off"))
      << "; row products " << (t.mul_basecase_adx_max > 0 ? "up to " + std::to_string(t.mul_basecase_adx_max) + " limbs"
                                                           : std::string("off"))
      << "\n";
  }
  o << "GMP: " << gmp_version << "\n";
  o << "tuning: the " << t.row << " row" << (t.file.empty() ? " (no tuning file)" : ", then the file " + t.file) << "\n";
  return o.str();
}

}  // namespace

std::string describe_cpu() { return api::guarded(describe_cpu_text); }

}  // namespace parmod
