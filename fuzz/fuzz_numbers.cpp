// fuzz/fuzz_numbers.cpp - the CLI's number parser (tools/parmod/numbers.cpp)
// against a reference written here: an optional sign, then decimal digits or
// 0x/0X and hex digits, the value built digit by digit with mpz arithmetic.
// Both must accept exactly the same texts with the same value; a rejected
// text gives a one-line message of printable ASCII.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "numbers.hpp"
#include "reference.hpp"

namespace {

std::optional<mpz_class> reference_parse(const std::string& t) {
  std::size_t i = 0;
  bool negative = false;
  if (i < t.size() && (t[i] == '+' || t[i] == '-')) negative = t[i++] == '-';
  unsigned base = 10;
  if (t.size() - i >= 3 && t[i] == '0' && (t[i + 1] == 'x' || t[i + 1] == 'X')) {
    base = 16;
    i += 2;
  }
  if (i >= t.size()) return std::nullopt;
  mpz_class v = 0;
  for (; i < t.size(); ++i) {
    const char c = t[i];
    unsigned d;
    if (c >= '0' && c <= '9') d = static_cast<unsigned>(c - '0');
    else if (base == 16 && c >= 'a' && c <= 'f') d = static_cast<unsigned>(c - 'a' + 10);
    else if (base == 16 && c >= 'A' && c <= 'F') d = static_cast<unsigned>(c - 'A' + 10);
    else return std::nullopt;
    v = v * base + d;
  }
  return negative ? mpz_class(-v) : v;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return -1;
  const std::string text(reinterpret_cast<const char*>(data), size);
  const std::optional<mpz_class> want = reference_parse(text);
  try {
    const mpz_class got = parmod::cli::parse_integer(text, "X");
    parmod::fuzz::expect(want.has_value(), "accepted '" + parmod::cli::excerpt(text) + "', the reference rejects it");
    parmod::fuzz::expect(got == *want, "'" + parmod::cli::excerpt(text) + "' parsed as " + parmod::fuzz::hex(got) +
                                           ", want " + parmod::fuzz::hex(*want));
  } catch (const parmod::cli::UsageError& e) {
    parmod::fuzz::expect(!want.has_value(), "rejected '" + parmod::cli::excerpt(text) + "': " + e.what());
    for (const char* p = e.what(); *p; ++p)
      parmod::fuzz::expect(*p >= 0x20 && *p < 0x7f, "the message has a byte outside printable ASCII");
  }
  return 0;
}
