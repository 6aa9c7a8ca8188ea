// tools/parmod/batch_lines.cpp - parsing, computing and printing batch lines.
#include "batch_lines.hpp"

#include <algorithm>
#include <optional>

#include "numbers.hpp"
#include "options.hpp"

namespace parmod::cli {
namespace {

struct BatchJob {
  std::vector<BatchLine>* lines;
  std::size_t chunks;
  Algorithm algorithm;
};

void run_chunk(void* ctx, std::size_t chunk) noexcept {
  const BatchJob& j = *static_cast<const BatchJob*>(ctx);
  std::vector<BatchLine>& lines = *j.lines;
  const std::size_t lo = lines.size() * chunk / j.chunks, hi = lines.size() * (chunk + 1) / j.chunks;
  std::optional<Modulus> cached;
  mpz_class cached_m;
  for (std::size_t i = lo; i < hi; ++i) {
    BatchLine& l = lines[i];
    if (!l.error.empty()) continue;
    try {
      if (!cached || cached_m != l.m) {
        cached.reset();
        cached.emplace(l.m, j.algorithm, 1);  // one thread per line: the lines are the parallelism
        cached_m = l.m;
      }
      switch (l.op) {
        case BatchLine::Op::mulmod: l.result = cached->mul(l.x, l.y).get_str(); break;
        case BatchLine::Op::powm: l.result = cached->pow(l.x, l.y).get_str(); break;
        case BatchLine::Op::multi_powm: l.result = cached->multi_pow(l.bases, l.exps).get_str(); break;
      }
    } catch (const std::exception& e) {
      l.error = e.what();
    }
  }
}

}  // namespace

void parse_batch_line(BatchLine& l, const std::string& text) {
  try {
    parse_batch_operation(l, text);
  } catch (const std::exception& e) {
    l.error = e.what();
  }
}

void compute_batch_lines(std::vector<BatchLine>& lines, int threads, Algorithm algorithm) {
  if (lines.empty()) return;
  const std::size_t chunks =
      std::min<std::size_t>(lines.size(), threads > 1 ? 4 * static_cast<std::size_t>(threads) : 1);
  BatchJob job{&lines, chunks, algorithm};
  parallel_for(chunks, threads, run_chunk, &job);
}

bool print_batch_line(const BatchLine& l, std::ostream& out, std::ostream& err) {
  if (l.error.empty()) {
    out << l.result << '\n';
    return true;
  }
  out << "error\n";
  err << "parmod: line " << l.number << ": " << l.error << '\n';
  return false;
}

}  // namespace parmod::cli
