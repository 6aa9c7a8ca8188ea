#include "batch_line.hpp"

#include <sstream>

#include "numbers.hpp"

namespace parmod::cli {

void parse_batch_operation(BatchOperation& l, const std::string& text) {
  std::istringstream in(text);
  std::string op, x, y, z, extra;
  if (!(in >> op)) throw UsageError("empty line");
  if (op == "multi_powm") {
    l.op = BatchOperation::Op::multi_powm;
    std::vector<std::string> words;
    while (in >> x) words.push_back(x);
    MultiPowmArgs a = parse_multi_powm(words);
    l.m = std::move(a.m);
    l.bases = std::move(a.bases);
    l.exps = std::move(a.exps);
    return;
  }
  if (op != "mulmod" && op != "powm")
    throw UsageError("unknown operation '" + excerpt(op) + "' (mulmod, powm or multi_powm)");
  if (!(in >> x >> y >> z) || (in >> extra)) throw UsageError(op + " takes exactly three integers");
  l.op = op == "powm" ? BatchOperation::Op::powm : BatchOperation::Op::mulmod;
  const bool is_pow = l.op == BatchOperation::Op::powm;
  l.x = parse_integer(x, is_pow ? "B" : "A");
  l.y = parse_integer(y, is_pow ? "E" : "B");
  l.m = parse_integer(z, "M");
}

}  // namespace parmod::cli
