// TaskGraph: edges, total cost, upward ranks and the critical path.
#include <gtest/gtest.h>

#include <stdexcept>

#include "runtime/task_graph.hpp"

namespace parmod::runtime {
namespace {

TEST(TaskGraph, RanksAndCriticalPath) {
  TaskGraph g;
  const int a = g.add("a", 1, 0, 0);
  const int b = g.add("b", 4, 0, 1);
  const int c = g.add("c", 2, 0, 2);
  const int d = g.add("d", 3, 0, 3);
  g.depend(b, a);
  g.depend(c, a);
  g.depend(d, b);
  g.depend(d, c);
  g.depend(d, c);  // duplicate edges are ignored
  EXPECT_EQ(g.node(d).deps.size(), 2u);
  EXPECT_DOUBLE_EQ(g.total_cost(), 10);
  const auto r = g.upward_ranks();
  EXPECT_DOUBLE_EQ(r[static_cast<std::size_t>(d)], 3);
  EXPECT_DOUBLE_EQ(r[static_cast<std::size_t>(b)], 7);
  EXPECT_DOUBLE_EQ(r[static_cast<std::size_t>(c)], 5);
  EXPECT_DOUBLE_EQ(r[static_cast<std::size_t>(a)], 8);
  EXPECT_DOUBLE_EQ(g.critical_path(), 8);
  EXPECT_THROW(g.depend(a, b), std::invalid_argument);
  EXPECT_THROW(g.depend(a, a), std::invalid_argument);
}

}  // namespace
}  // namespace parmod::runtime
