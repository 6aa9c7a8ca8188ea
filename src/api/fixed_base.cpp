// api/fixed_base.cpp - parmod::FixedBase: one base, many exponents.
#include "api/integer_semantics.hpp"
#include "api/modulus_state.hpp"
#include "api/scratch.hpp"
#include "powm/fixed_base.hpp"

namespace parmod {
namespace detail {

struct FixedBaseState {
  Modulus modulus;
  mpz_class g;  // as given
  exponentiation::FixedBaseTable table;
  explicit FixedBaseState(const Modulus& m, const mpz_class& g_) : modulus(m), g(g_) {}
};

}  // namespace detail

namespace {
// Tables above 2^22 limbs (32 MiB) are not worth their memory traffic.
constexpr std::size_t kMaxTableLimbs = std::size_t(1) << 22;
// Even the smallest window (one entry per exponent bit) must stay below 1 GiB.
constexpr std::size_t kHardTableLimbs = std::size_t(1) << 27;
}  // namespace

FixedBase Modulus::fixed_base(const mpz_class& g, std::size_t max_exponent_bits) const {
  const detail::ModulusState& s = *state_;
  return api::guarded([&] {
    const std::size_t n = s.n();
    const std::size_t bits = max_exponent_bits ? max_exponent_bits : mpz_sizeinbase(s.P.get_mpz_t(), 2);
    if (bits > kHardTableLimbs / n)
      throw InvalidArgument("fixed_base: max_exponent_bits * limbs(m) must stay below 2^27 (a 1 GiB table)");
    auto st = std::make_shared<detail::FixedBaseState>(*this, g);
    api::ScratchLease lease(n + exponentiation::fixed_base_build_scratch(n, *s.engine));
    api::reduce_to_limbs(lease.get(), n, g, s.P);
    const unsigned w = exponentiation::fixed_base_window(bits, n, kMaxTableLimbs);
    exponentiation::fixed_base_build(st->table, lease.get(), bits, w, s.k, *s.engine, lease.get() + n);
    FixedBase f;
    f.state_ = std::move(st);
    return f;
  });
}

std::size_t FixedBase::max_exponent_bits() const noexcept { return state_->table.max_exponent_bits(); }
unsigned FixedBase::window() const noexcept { return state_->table.w; }

mpz_class FixedBase::pow(const mpz_class& e) const {
  const detail::FixedBaseState& f = *state_;
  const std::size_t en = mpz_size(e.get_mpz_t());
  if (e < 0 || mpz_sizeinbase(e.get_mpz_t(), 2) > f.table.max_exponent_bits()) return f.modulus.pow(f.g, e);
  if (f.modulus.value() == 1 || f.modulus.value() == -1) return 0;
  // The modulus state is reached through a Modulus; its limbs and engine are
  // what the table was built with.
  return api::guarded([&] {
    const detail::ModulusState& s = *api::state_of(f.modulus);
    const std::size_t n = s.n();
    api::ScratchLease lease(n + exponentiation::fixed_base_powm_scratch(n, *s.engine));
    exponentiation::fixed_base_powm(lease.get(), f.table, mpz_limbs_read(e.get_mpz_t()), en, s.k, *s.engine,
                                    lease.get() + n);
    return api::result_from(s, lease.get());
  });
}

}  // namespace parmod
