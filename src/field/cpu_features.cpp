// src/field/cpu_features.cpp - detects BMI2 (mulx) and ADX (adcx/adox), and
// AVX-512 IFMA for the batch path, at run time.
#include "parmod/field/cpu_features.hpp"

#include "limbs/cpu_features.hpp"
#include "parmod/field/montgomery_fips_adx.hpp"
#include "parmod/field/montgomery_ifma8.hpp"

namespace parmod {

namespace {
bool detect() noexcept {
#if defined(PARMOD_FIELD_HAVE_ADX_KERNEL)
  return limbs::cpu_has_mulx_adx();
#else
  return false;
#endif
}
}  // namespace

bool cpu_has_mulx_adx() noexcept {
  static const bool has = detect();
  return has;
}

bool cpu_has_avx512_ifma() noexcept { return field::ifma8::available(); }

const char* batch_path_name(BatchPath path) noexcept {
  switch (path) {
    case BatchPath::automatic: return "automatic";
    case BatchPath::scalar: return "scalar";
    case BatchPath::avx512_ifma: return "avx512_ifma";
  }
  return "unknown";
}

const char* field_path_name(FieldPath path) noexcept {
  switch (path) {
    case FieldPath::automatic: return "automatic";
    case FieldPath::portable: return "portable";
    case FieldPath::mulx_adx: return "mulx_adx";
  }
  return "unknown";
}

}  // namespace parmod
