// fuzz/fuzz_batch_line.cpp - a `parmod batch` line: the parser
// (tools/parmod/batch_line.cpp) against a reference tokenizer and number
// reader written here, then, for a line that parses (and is small enough to
// compute quickly), parmod's result (the public C++ API, as `batch` computes
// it) against GMP with Python's semantics, errors included.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "batch_line.hpp"
#include "numbers.hpp"
#include "parmod/parmod.hpp"
#include "reference.hpp"

namespace {
using parmod::fuzz::expect;

std::optional<mpz_class> number(const std::string& t) {
  std::size_t i = 0;
  bool negative = false;
  if (i < t.size() && (t[i] == '+' || t[i] == '-')) negative = t[i++] == '-';
  const bool hex = t.size() - i >= 3 && t[i] == '0' && (t[i + 1] == 'x' || t[i + 1] == 'X');
  if (hex) i += 2;
  if (i >= t.size()) return std::nullopt;
  mpz_class v = 0;
  for (; i < t.size(); ++i) {
    const char c = t[i];
    int d = c >= '0' && c <= '9' ? c - '0' : !hex ? -1 : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (d < 0) return std::nullopt;
    v = v * (hex ? 16 : 10) + d;
  }
  return negative ? mpz_class(-v) : v;
}

// White space as std::istream reads words in the C locale.
bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && space(s[i])) ++i;
    std::size_t j = i;
    while (j < s.size() && !space(s[j])) ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

struct Ref {
  bool ok = false;
  parmod::cli::BatchOperation line;
};

Ref reference(const std::string& text) {
  Ref r;
  const auto w = words(text);
  if (w.empty()) return r;
  std::vector<mpz_class> nums;
  for (std::size_t i = 1; i < w.size(); ++i) {
    auto v = number(w[i]);
    if (!v) return r;
    nums.push_back(*v);
  }
  if (w[0] == "multi_powm") {
    if (nums.empty() || nums.size() % 2 == 0) return r;
    r.line.op = parmod::cli::BatchOperation::Op::multi_powm;
    r.line.m = nums[0];
    for (std::size_t i = 1; i < nums.size(); i += 2) {
      r.line.bases.push_back(nums[i]);
      r.line.exps.push_back(nums[i + 1]);
    }
  } else if (w[0] == "mulmod" || w[0] == "powm") {
    if (nums.size() != 3) return r;
    r.line.op = w[0] == "powm" ? parmod::cli::BatchOperation::Op::powm : parmod::cli::BatchOperation::Op::mulmod;
    r.line.x = nums[0];
    r.line.y = nums[1];
    r.line.m = nums[2];
  } else {
    return r;
  }
  r.ok = true;
  return r;
}

int code_of(const parmod::Error& e) { return static_cast<int>(e.code()); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return -1;
  std::string text(reinterpret_cast<const char*>(data), size);
  text = text.substr(0, text.find('\n'));  // batch reads one line at a time
  const Ref want = reference(text);
  parmod::cli::BatchOperation got;
  try {
    parmod::cli::parse_batch_operation(got, text);
  } catch (const parmod::cli::UsageError& e) {
    expect(!want.ok, "rejected '" + parmod::cli::excerpt(text) + "': " + e.what());
    return 0;
  }
  expect(want.ok, "accepted '" + parmod::cli::excerpt(text) + "', the reference rejects it");
  const auto& w = want.line;
  expect(got.op == w.op && got.x == w.x && got.y == w.y && got.m == w.m && got.bases == w.bases && got.exps == w.exps,
         "'" + parmod::cli::excerpt(text) + "' parsed differently from the reference");
  // Compute it (bounded sizes: the fuzzer's time goes to many inputs).
  std::size_t bits = mpz_sizeinbase(w.m.get_mpz_t(), 2) + mpz_sizeinbase(w.x.get_mpz_t(), 2) + mpz_sizeinbase(w.y.get_mpz_t(), 2);
  for (std::size_t i = 0; i < w.bases.size(); ++i)
    bits += mpz_sizeinbase(w.bases[i].get_mpz_t(), 2) + mpz_sizeinbase(w.exps[i].get_mpz_t(), 2);
  if (bits > 20000 || w.bases.size() > 16) return 0;
  parmod::fuzz::Expected ref;
  if (w.op == parmod::cli::BatchOperation::Op::mulmod) ref = parmod::fuzz::ref_mulmod(w.x, w.y, w.m);
  else if (w.op == parmod::cli::BatchOperation::Op::powm) ref = parmod::fuzz::ref_powm(w.x, w.y, w.m);
  else ref = parmod::fuzz::ref_multi_powm(w.bases, w.exps, w.m);
  int code = PARMOD_OK;
  mpz_class value;
  try {
    if (w.m == 0) {
      value = parmod::mulmod(1, 1, w.m);  // throws DivisionByZero, as batch's Modulus(0) does
    } else {
      const parmod::Modulus mod(w.m, parmod::Algorithm::automatic, 1);  // as batch: one thread per line
      value = w.op == parmod::cli::BatchOperation::Op::mulmod ? mod.mul(w.x, w.y)
              : w.op == parmod::cli::BatchOperation::Op::powm ? mod.pow(w.x, w.y)
                                                           : mod.multi_pow(w.bases, w.exps);
    }
  } catch (const parmod::Error& e) {
    code = code_of(e);
  }
  expect(code == ref.code, "'" + parmod::cli::excerpt(text) + "': code " + std::to_string(code) + ", want " +
                               std::to_string(ref.code));
  if (code == PARMOD_OK)
    expect(value == ref.value, "'" + parmod::cli::excerpt(text) + "': got " + parmod::fuzz::hex(value) + ", want " +
                                   parmod::fuzz::hex(ref.value));
  return 0;
}
