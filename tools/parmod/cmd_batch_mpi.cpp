// tools/parmod/cmd_batch_mpi.cpp - `mpirun -n N parmod batch --mpi < FILE`:
// the lines of `parmod batch` spread over the ranks, the same output.
//
// Rank 0 reads stdin (mpirun gives it to rank 0 only; all of it first, see
// read_all_input) and broadcasts it in blocks of up to 4096 lines; every rank parses and computes a
// contiguous share of the block (shares of equal estimated cost: a line's
// length cubed, as a modular exponentiation's time grows with the cube of its
// operands' size) on its own thread team; rank 0 gathers the shares' stdout
// and stderr text in rank order and prints them.  The exit status (0, or 2
// when any line failed) is agreed by all ranks and returned by rank 0; the
// other ranks return 0, so that mpirun adds no message of its own.
#include <mpi.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "batch_lines.hpp"
#include "options.hpp"

namespace parmod::cli {
namespace {

constexpr std::size_t kBlockLines = 4096;

// A failure on one rank while the others wait in a collective: one line on
// stderr, then MPI_Abort ends every rank (exit status 2).
[[noreturn]] void abort_all(const std::string& what, MPI_Comm comm) {
  std::cerr << "parmod: error: batch --mpi: " << what << std::endl;
  MPI_Abort(comm, 2);
  std::abort();  // MPI_Abort does not return
}

// The whole of stdin.  Rank 0 reads it before computing anything: Open MPI 4's
// mpirun can crash forwarding stdin to a rank that stops reading for a while
// (orte_iof_hnp_read_local_handler, open-mpi/ompi#7483).
std::string read_all_input() {
  std::string all;
  std::vector<char> chunk(1 << 16);
  for (ssize_t n; (n = ::read(0, chunk.data(), chunk.size())) != 0;) {
    if (n < 0) {
      if (errno == EINTR) continue;
      abort_all(std::string("reading stdin: ") + std::strerror(errno), MPI_COMM_WORLD);
    }
    all.append(chunk.data(), static_cast<std::size_t>(n));
  }
  return all;
}

// Up to kBlockLines lines of `input` from *at on (each '\n'-terminated, a
// trailing '\r' removed, the last line's '\n' added if missing), as one
// string; *lines gets their number (0 at the end of the input).
std::string next_block(const std::string& input, std::size_t* at, long long* lines) {
  std::string text;
  *lines = 0;
  while (*lines < static_cast<long long>(kBlockLines) && *at < input.size()) {
    std::size_t end = input.find('\n', *at);
    if (end == std::string::npos) end = input.size();
    std::size_t stop = end;
    if (stop > *at && input[stop - 1] == '\r') --stop;
    text.append(input, *at, stop - *at);
    text += '\n';
    *at = end + 1;
    ++*lines;
  }
  return text;
}

// The share [lo, hi) of `rank` among `ranks` of the lines starting at starts[i]:
// equal sums of length^3.  The same doubles on every rank, so the same shares.
void share_of(const std::vector<std::size_t>& lengths, int rank, int ranks, std::size_t* lo, std::size_t* hi) {
  double total = 0;
  for (std::size_t l : lengths) total += double(l + 1) * double(l + 1) * double(l + 1);
  auto cut = [&](int r) {
    if (r <= 0) return std::size_t(0);
    if (r >= ranks) return lengths.size();
    const double target = total * r / ranks;
    double prefix = 0;
    std::size_t i = 0;
    for (; i < lengths.size(); ++i) {
      const double c = double(lengths[i] + 1) * double(lengths[i] + 1) * double(lengths[i] + 1);
      if (prefix + c / 2 >= target) break;
      prefix += c;
    }
    return i;
  };
  *lo = cut(rank);
  *hi = cut(rank + 1);
}

void broadcast_string(std::string* s, MPI_Comm comm) {
  long long n = static_cast<long long>(s->size());
  MPI_Bcast(&n, 1, MPI_LONG_LONG, 0, comm);
  s->resize(static_cast<std::size_t>(n));
  MPI_Bcast(s->data(), static_cast<int>(n), MPI_CHAR, 0, comm);
}

// Every rank's string, in rank order, on rank 0 (others get an empty result).
std::vector<std::string> gather_strings(const std::string& mine, int rank, int ranks, MPI_Comm comm) {
  const int n = static_cast<int>(mine.size());
  std::vector<int> counts(static_cast<std::size_t>(ranks)), displs(static_cast<std::size_t>(ranks));
  MPI_Gather(&n, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, comm);
  std::string all;
  if (rank == 0) {
    long long at = 0;
    for (int r = 0; r < ranks; ++r) {
      displs[r] = static_cast<int>(at);
      at += counts[r];
    }
    if (at > INT32_MAX) abort_all("a block's output exceeds 2 GB", comm);
    all.resize(static_cast<std::size_t>(at));
  }
  MPI_Gatherv(mine.data(), n, MPI_CHAR, all.data(), counts.data(), displs.data(), MPI_CHAR, 0, comm);
  std::vector<std::string> out;
  if (rank == 0)
    for (int r = 0; r < ranks; ++r) out.push_back(all.substr(displs[r], counts[r]));
  return out;
}

}  // namespace

int cmd_batch_mpi(const Options& o) {
  std::ios::sync_with_stdio(false);
  int initialized = 0, provided = 0;
  MPI_Initialized(&initialized);
  if (!initialized) MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  const MPI_Comm comm = MPI_COMM_WORLD;
  int rank = 0, ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  const int threads = resolve_num_threads(o.threads);
  int status = 0;
  std::size_t first_number = 0;  // lines before this block
  std::string input;
  std::size_t at = 0;
  if (rank == 0) input = read_all_input();
  for (;;) {
    std::string text;
    long long lines = 0;
    if (rank == 0) text = next_block(input, &at, &lines);
    MPI_Bcast(&lines, 1, MPI_LONG_LONG, 0, comm);
    if (lines == 0) break;
    broadcast_string(&text, comm);
    std::vector<std::size_t> starts, lengths;
    for (std::size_t at = 0; at < text.size();) {
      const std::size_t end = text.find('\n', at);
      starts.push_back(at);
      lengths.push_back(end - at);
      at = end + 1;
    }
    std::size_t lo = 0, hi = 0;
    share_of(lengths, rank, ranks, &lo, &hi);
    std::vector<BatchLine> share(hi - lo);
    for (std::size_t i = lo; i < hi; ++i) {
      share[i - lo].number = first_number + i + 1;
      parse_batch_line(share[i - lo], text.substr(starts[i], lengths[i]));
    }
    compute_batch_lines(share, threads, o.algorithm);
    std::ostringstream out, err;
    for (const BatchLine& l : share)
      if (!print_batch_line(l, out, err)) status = 2;
    const std::vector<std::string> outs = gather_strings(out.str(), rank, ranks, comm);
    const std::vector<std::string> errs = gather_strings(err.str(), rank, ranks, comm);
    for (std::size_t r = 0; r < outs.size(); ++r) {
      std::cout << outs[r];
      std::cerr << errs[r];
    }
    first_number += static_cast<std::size_t>(lines);
  }
  std::cout.flush();
  int agreed = 0;
  MPI_Allreduce(&status, &agreed, 1, MPI_INT, MPI_MAX, comm);
  if (!initialized) MPI_Finalize();
  return rank == 0 ? agreed : 0;
}

}  // namespace parmod::cli
