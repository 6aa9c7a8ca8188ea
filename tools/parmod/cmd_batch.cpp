// tools/parmod/cmd_batch.cpp - `parmod batch`: one operation per stdin line.
//
// Each line is "mulmod A B M", "powm B E M" or "multi_powm M B1 E1 B2 E2 ..."
// (the product of the B_i^E_i mod M; no pairs gives 1 mod M).  stdout gets one line per input
// line, in order: the result, or "error" for a line that failed; each failure
// also prints "parmod: line N: <reason>" on stderr.  Exit status 0 when every
// line succeeded, 2 otherwise.
//
// Lines are read in blocks of up to 4096; a block is parsed on the calling
// thread, then its lines are computed as chunk tasks on the thread team
// (parmod::parallel_for), consecutive lines with the same modulus sharing one
// precomputed Modulus within a chunk, and printed in input order.
#include <iostream>
#include <optional>
#include <sstream>
#include <vector>

#include "batch_line.hpp"
#include "numbers.hpp"
#include "options.hpp"

namespace parmod::cli {
namespace {

struct Line : BatchLine {
  std::size_t number = 0;
  std::string result;  // decimal result, or empty with error set
  std::string error;
};

struct BatchJob {
  std::vector<Line>* lines;
  std::size_t chunks;
  Algorithm algorithm;
};

void run_chunk(void* ctx, std::size_t chunk) noexcept {
  const BatchJob& j = *static_cast<const BatchJob*>(ctx);
  std::vector<Line>& lines = *j.lines;
  const std::size_t lo = lines.size() * chunk / j.chunks, hi = lines.size() * (chunk + 1) / j.chunks;
  std::optional<Modulus> cached;
  mpz_class cached_m;
  for (std::size_t i = lo; i < hi; ++i) {
    Line& l = lines[i];
    if (!l.error.empty()) continue;
    try {
      if (!cached || cached_m != l.m) {
        cached.reset();
        cached.emplace(l.m, j.algorithm, 1);  // one thread per line: the lines are the parallelism
        cached_m = l.m;
      }
      switch (l.op) {
        case Line::Op::mulmod: l.result = cached->mul(l.x, l.y).get_str(); break;
        case Line::Op::powm: l.result = cached->pow(l.x, l.y).get_str(); break;
        case Line::Op::multi_powm: l.result = cached->multi_pow(l.bases, l.exps).get_str(); break;
      }
    } catch (const std::exception& e) {
      l.error = e.what();
    }
  }
}

}  // namespace

int cmd_batch(const Options& o) {
  if (!o.args.empty()) throw UsageError("usage: parmod batch < FILE (no arguments)");
  std::ios::sync_with_stdio(false);
  const int threads = resolve_num_threads(o.threads);
  std::string text;
  std::size_t number = 0;
  int status = 0;
  bool more = true;
  while (more) {
    std::vector<Line> block;
    while (block.size() < 4096 && (more = static_cast<bool>(std::getline(std::cin, text)))) {
      if (!text.empty() && text.back() == '\r') text.pop_back();
      Line& l = block.emplace_back();
      l.number = ++number;
      try {
        parse_batch_line(l, text);
      } catch (const std::exception& e) {
        l.error = e.what();
      }
    }
    if (block.empty()) break;
    const std::size_t chunks = std::min<std::size_t>(block.size(), threads > 1 ? 4 * static_cast<std::size_t>(threads) : 1);
    BatchJob job{&block, chunks, o.algorithm};
    parallel_for(chunks, threads, run_chunk, &job);
    for (const Line& l : block) {
      if (l.error.empty()) {
        std::cout << l.result << '\n';
      } else {
        std::cout << "error\n";
        std::cerr << "parmod: line " << l.number << ": " << l.error << '\n';
        status = 2;
      }
    }
  }
  std::cout.flush();
  return status;
}

}  // namespace parmod::cli
