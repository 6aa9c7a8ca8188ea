// api/lists.cpp - powm_base_list / powm_exp_list: one Modulus for a whole list,
// the items spread over the thread team (powm/list_powm).
//
// Python semantics are settled before any thread starts: negative exponents
// become inverses here (NotInvertible is thrown by the caller's thread), so
// the parallel part cannot fail.
#include <algorithm>

#include "api/integer_semantics.hpp"
#include "api/modulus_state.hpp"
#include "powm/list_powm.hpp"

namespace parmod {
namespace {

// Runs the items of (bases[i or 0], exps[i or 0]) for i < count.
std::vector<mpz_class> list_pow(const Modulus& mod, const std::vector<mpz_class>& bases,
                                const std::vector<mpz_class>& exps, std::size_t count) {
  const detail::ModulusState& s = *api::state_of(mod);
  std::vector<mpz_class> out(count);
  if (count == 0 || s.P == 1) return out;
  return api::guarded([&] {
    const std::size_t n = s.n();
    const bool shared_base = bases.size() == 1;
    // Settle signs on the caller's thread: item i is (b_i, |e_i|) with
    // b_i = bases[i]^-1 when e_i < 0 (NotInvertible thrown here).
    std::vector<limb_t> base_limbs(count * n), out_limbs(count * n);
    std::vector<mpz_class> abs_exps(count);
    bool any_negative = false;
    std::size_t max_en = 1;
    mpz_class shared_inverse;
    bool have_shared_inverse = false;
    for (std::size_t i = 0; i < count; ++i) {
      const mpz_class& base = bases[shared_base ? 0 : i];
      const mpz_class& exponent = exps[exps.size() == 1 ? 0 : i];
      limb_t* bl = base_limbs.data() + i * n;
      if (exponent < 0) {
        any_negative = true;
        if (!shared_base || !have_shared_inverse) {
          mpz_class b = base;
          api::resolve_negative_exponent(b, exponent, s.P);
          if (shared_base) {
            shared_inverse = b;
            have_shared_inverse = true;
          }
          api::reduce_to_limbs(bl, n, b, s.P);
        } else {
          api::reduce_to_limbs(bl, n, shared_inverse, s.P);
        }
        abs_exps[i] = -exponent;
      } else {
        api::reduce_to_limbs(bl, n, base, s.P);
        abs_exps[i] = exponent;
      }
      max_en = std::max<std::size_t>(max_en, mpz_size(abs_exps[i].get_mpz_t()));
    }
    std::vector<exponentiation::PowmItem> items(count);
    for (std::size_t i = 0; i < count; ++i)
      items[i] = {base_limbs.data() + i * n, mpz_limbs_read(abs_exps[i].get_mpz_t()), mpz_size(abs_exps[i].get_mpz_t()),
                  out_limbs.data() + i * n};
    // One base, many exponents: a fixed-base table pays for itself from a few on.
    exponentiation::FixedBaseTable table;
    const exponentiation::FixedBaseTable* fixed = nullptr;
    if (shared_base && !any_negative && count >= 4) {
      std::size_t bits = 1;
      for (const auto& e : abs_exps) bits = std::max<std::size_t>(bits, mpz_sizeinbase(e.get_mpz_t(), 2));
      std::vector<limb_t> build(exponentiation::fixed_base_build_scratch(n, *s.engine));
      const unsigned w = exponentiation::fixed_base_window(bits, n, std::size_t(1) << 22);
      exponentiation::fixed_base_build(table, base_limbs.data(), bits, w, s.k, *s.engine, build.data());
      fixed = &table;
    }
    const int threads = s.threads;
    const std::size_t chunks = exponentiation::list_powm_chunks(count, threads);
    std::vector<limb_t> scratch(exponentiation::list_powm_scratch(n, max_en, *s.engine, chunks));
    exponentiation::list_powm(items.data(), count, max_en, s.k, *s.engine, threads, scratch.data(), fixed);
    for (std::size_t i = 0; i < count; ++i) out[i] = api::result_from(s, out_limbs.data() + i * n);
    return out;
  });
}

}  // namespace

std::vector<mpz_class> Modulus::pow_list(const std::vector<mpz_class>& bases,
                                         const std::vector<mpz_class>& exps) const {
  // An empty list against a single value is an empty result, as in Python.
  if ((bases.empty() && exps.size() <= 1) || (exps.empty() && bases.size() <= 1)) return {};
  const std::size_t count = std::max(bases.size(), exps.size());
  if ((bases.size() != 1 && bases.size() != count) || (exps.size() != 1 && exps.size() != count))
    throw InvalidArgument("pow_list: bases and exps must have the same length, or one of them length 1");
  return api::guarded([&] { return list_pow(*this, bases, exps, count); });
}

std::vector<mpz_class> powm_list(const std::vector<mpz_class>& bases, const std::vector<mpz_class>& exps,
                                 const mpz_class& m) {
  return Modulus(m).pow_list(bases, exps);
}

std::vector<mpz_class> powm_base_list(const std::vector<mpz_class>& bases, const mpz_class& e, const mpz_class& m) {
  const Modulus mod(m);
  return api::guarded([&] { return list_pow(mod, bases, {e}, bases.size()); });
}

std::vector<mpz_class> powm_exp_list(const mpz_class& b, const std::vector<mpz_class>& exps, const mpz_class& m) {
  const Modulus mod(m);
  return api::guarded([&] { return list_pow(mod, {b}, exps, exps.size()); });
}

}  // namespace parmod
