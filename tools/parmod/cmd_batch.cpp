// tools/parmod/cmd_batch.cpp - `parmod batch`: one operation per stdin line
// (batch_lines.hpp).  stdout gets one line per input line, in order: the
// result, or "error" for a line that failed; each failure also prints
// "parmod: line N: <reason>" on stderr.  Exit status 0 when every line
// succeeded, 2 otherwise.
//
// Lines are read in blocks of up to 4096; a block is parsed on the calling
// thread, then its lines are computed as chunk tasks on the thread team and
// printed in input order.  `batch --mpi` (under mpirun) spreads the lines over
// the ranks instead (cmd_batch_mpi.cpp), with the same output.
#include <iostream>
#include <vector>

#include "batch_lines.hpp"
#include "numbers.hpp"
#include "options.hpp"

namespace parmod::cli {

int cmd_batch(const Options& o) {
  if (o.args.size() == 1 && o.args[0] == "--mpi") return cmd_batch_mpi(o);
  if (!o.args.empty()) throw UsageError("usage: parmod batch [--mpi] < FILE (no other arguments)");
  std::ios::sync_with_stdio(false);
  const int threads = resolve_num_threads(o.threads);
  std::string text;
  std::size_t number = 0;
  int status = 0;
  bool more = true;
  while (more) {
    std::vector<BatchLine> block;
    while (block.size() < 4096 && (more = static_cast<bool>(std::getline(std::cin, text)))) {
      if (!text.empty() && text.back() == '\r') text.pop_back();
      BatchLine& l = block.emplace_back();
      l.number = ++number;
      parse_batch_line(l, text);
    }
    if (block.empty()) break;
    compute_batch_lines(block, threads, o.algorithm);
    for (const BatchLine& l : block)
      if (!print_batch_line(l, std::cout, std::cerr)) status = 2;
  }
  std::cout.flush();
  return status;
}

}  // namespace parmod::cli
