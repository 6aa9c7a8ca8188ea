// api/small_odd_pow.cpp - see small_odd_pow.hpp.
#include "api/small_odd_pow.hpp"

#include <type_traits>

#include "powm/sliding_window.hpp"
#include "powm/sliding_window_scan.hpp"

namespace parmod::api {

mpz_class small_odd_pow(const FpAny& f, const mpz_class& b, const limb_t* ep, std::size_t en) {
  return std::visit(
      [&](const auto& field) {
        using Field = std::decay_t<decltype(field)>;
        using Element = typename Field::Element;
        const std::size_t bits = exponentiation::exponent_bit_length(ep, en);
        if (bits == 0) return field.to_mpz(field.one());
        const unsigned w = exponentiation::sliding_window_size(bits);  // <= 7
        Element table[64];  // x^(2i+1), i < 2^(w-1): at most 4 KiB, on the stack
        table[0] = field.from_mpz(b);
        if (w > 1) {
          const Element x2 = field.sqr(table[0]);
          for (std::size_t i = 1; i < (std::size_t(1) << (w - 1)); ++i) table[i] = field.mul(table[i - 1], x2);
        }
        struct Ops {
          const Field& field;
          const Element* table;
          Element acc;
          void set(std::size_t i) { acc = table[i]; }
          void square() { acc = field.sqr(acc); }
          void multiply(std::size_t i) { acc = field.mul(acc, table[i]); }
        } ops{field, table, Element{}};
        exponentiation::sliding_window_scan(ep, en, bits, w, ops);
        return field.to_mpz(ops.acc);
      },
      f);
}

}  // namespace parmod::api
