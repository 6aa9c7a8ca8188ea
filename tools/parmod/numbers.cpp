#include "numbers.hpp"

#include <cctype>

namespace parmod::cli {

std::string excerpt(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size() && i < 40; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      static const char hex[] = "0123456789abcdef";
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  if (text.size() > 40) out += "...";
  return out;
}

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
    throw UsageError(std::string(what) + " is not an integer: '" + excerpt(text) + "' (decimal or 0x-hex expected)");
  }
  mpz_class x;
  x.set_str(digits, base);
  if (negative) x = -x;
  return x;
}

long parse_count(const std::string& text, const char* option, long min, long max) {
  bool ok = !text.empty() && text.size() <= 18;
  for (char c : text) ok = ok && std::isdigit(static_cast<unsigned char>(c));
  const long v = ok ? std::stol(text) : 0;
  if (!ok || v < min || v > max)
    throw UsageError(std::string(option) + " takes a whole number from " + std::to_string(min) + " to " +
                     std::to_string(max) + ", not '" + excerpt(text) + "'");
  return v;
}

int parse_thread_count(const std::string& text) { return static_cast<int>(parse_count(text, "--threads", 1, 4096)); }

MultiPowmArgs parse_multi_powm(const std::vector<std::string>& words) {
  if (words.empty()) throw UsageError("multi_powm takes M then pairs B E");
  if (words.size() % 2 == 0) throw UsageError("multi_powm takes M then pairs B E (an exponent is missing)");
  MultiPowmArgs a;
  a.m = parse_integer(words[0], "M");
  for (std::size_t i = 1; i < words.size(); i += 2) {
    a.bases.push_back(parse_integer(words[i], "B"));
    a.exps.push_back(parse_integer(words[i + 1], "E"));
  }
  return a;
}

}  // namespace parmod::cli
