#include "numbers.hpp"

#include <cctype>

namespace parmod::cli {

mpz_class parse_integer(const std::string& text, const char* what) {
  std::size_t i = 0;
  bool negative = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
  int base = 10;
  if (i + 1 < text.size() && text[i] == '0' && (text[i + 1] == 'x' || text[i + 1] == 'X')) {
    base = 16;
    i += 2;
  }
  const std::string digits = text.substr(i);
  bool ok = !digits.empty();
  for (char c : digits) ok = ok && (base == 16 ? std::isxdigit(static_cast<unsigned char>(c)) : std::isdigit(static_cast<unsigned char>(c)));
  if (!ok) {
    std::string shown = text.size() > 40 ? text.substr(0, 40) + "..." : text;
    throw UsageError(std::string(what) + " is not an integer: '" + shown + "' (decimal or 0x-hex expected)");
  }
  mpz_class x;
  x.set_str(digits, base);
  if (negative) x = -x;
  return x;
}

int parse_thread_count(const std::string& text) {
  char* end = nullptr;
  const long v = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || v < 1 || v > 4096)
    throw UsageError("--threads takes a whole number from 1 to 4096, not '" + text + "'");
  return static_cast<int>(v);
}

}  // namespace parmod::cli
