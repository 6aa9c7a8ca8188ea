#include "runtime/task_graph.hpp"

#include <algorithm>
#include <stdexcept>

namespace parmod::runtime {

int TaskGraph::add(std::string name, double cost, int kind, unsigned arg) {
  TaskNode t;
  t.name = std::move(name);
  t.cost = cost < 0 ? 0 : cost;
  t.kind = kind;
  t.arg = arg;
  nodes_.push_back(std::move(t));
  return size() - 1;
}

void TaskGraph::depend(int task, int on) {
  if (task < 0 || task >= size() || on < 0 || on >= task) throw std::invalid_argument("TaskGraph::depend: bad edge");
  auto& d = nodes_[static_cast<std::size_t>(task)].deps;
  if (std::find(d.begin(), d.end(), on) == d.end()) d.push_back(on);
}

double TaskGraph::total_cost() const noexcept {
  double s = 0;
  for (const auto& t : nodes_) s += t.cost;
  return s;
}

std::vector<double> TaskGraph::upward_ranks() const {
  // Successors come after their predecessors in index order: one backward sweep.
  std::vector<double> below(nodes_.size(), 0.0);  // largest rank among successors
  std::vector<double> rank(nodes_.size(), 0.0);
  for (int i = size() - 1; i >= 0; --i) {
    const auto& t = nodes_[static_cast<std::size_t>(i)];
    rank[static_cast<std::size_t>(i)] = t.cost + below[static_cast<std::size_t>(i)];
    for (int d : t.deps) below[static_cast<std::size_t>(d)] = std::max(below[static_cast<std::size_t>(d)], rank[static_cast<std::size_t>(i)]);
  }
  return rank;
}

double TaskGraph::critical_path() const {
  const auto r = upward_ranks();
  double m = 0;
  for (double x : r) m = std::max(m, x);
  return m;
}

}  // namespace parmod::runtime
