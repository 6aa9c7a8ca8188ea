// tools/parmod/batch_lines.hpp - the lines of `parmod batch`: parsing, computing
// and printing, shared by the single-process loop (cmd_batch.cpp) and the
// MPI one (cmd_batch_mpi.cpp), so both print the same bytes.
//
// A line is "mulmod A B M", "powm B E M" or "multi_powm M B1 E1 B2 E2 ..."
// (the product of the B_i^E_i mod M; no pairs gives 1 mod M).
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "batch_line.hpp"
#include "parmod/parmod.hpp"

namespace parmod::cli {

struct BatchLine : BatchOperation {
  std::size_t number = 0;  // 1-based line number of the input
  std::string result;  // decimal result, or empty with error set
  std::string error;
};

// Parses `text` (a trailing '\r' already removed) into l; a malformed line
// sets l.error instead of throwing.
void parse_batch_line(BatchLine& l, const std::string& text);

// Computes every line without an error, as chunk tasks on up to `threads`
// threads of the team (parmod::parallel_for), one thread per line,
// consecutive lines with the same modulus sharing one Modulus within a chunk;
// a failing line gets its error text.
void compute_batch_lines(std::vector<BatchLine>& lines, int threads, Algorithm algorithm);

// Prints a line's outcome: the result on out, or "error" on out and
// "parmod: line N: <reason>" on err.  Returns false for an error.
bool print_batch_line(const BatchLine& l, std::ostream& out, std::ostream& err);

}  // namespace parmod::cli
