// runtime/task_graph.hpp - a parallel computation described once: tasks with
// estimated costs and dependencies (issue 4, "expressed once as a graph of
// tasks").  Built once per plan (it allocates); the list scheduler
// (list_scheduler.hpp) maps it onto T threads and the team runs the result as
// a runtime::Schedule.  Nothing here runs code: a task is a (kind, arg) pair
// that its owner interprets.
#pragma once

#include <string>
#include <vector>

namespace parmod::runtime {

struct TaskNode {
  std::string name;       // "A0B1", "Qmont(l=0)", ... (printed by `parmod schedule`)
  double cost = 0;        // estimated cost, any unit (ns from a measured table, or model units)
  int kind = 0;           // owner's task kind
  unsigned arg = 0;       // owner's argument
  std::vector<int> deps;  // tasks that must finish first (indexes < this task's)
};

class TaskGraph {
 public:
  // Appends a task; returns its index.  Cost >= 0.
  int add(std::string name, double cost, int kind, unsigned arg);
  // Task `task` waits for task `on`; requires on < task (so index order is a
  // topological order and the graph is acyclic by construction).  Throws
  // std::invalid_argument on a bad edge.
  void depend(int task, int on);

  int size() const noexcept { return static_cast<int>(nodes_.size()); }
  const TaskNode& node(int i) const { return nodes_[static_cast<std::size_t>(i)]; }
  // Sum of all costs: the sequential time T_1.
  double total_cost() const noexcept;
  // Upward rank of every task: its cost plus the largest rank of a task that
  // depends on it (the length of the longest path from the task to an exit).
  // Cost O(tasks + edges).
  std::vector<double> upward_ranks() const;
  // The critical path T_inf: the largest upward rank.
  double critical_path() const;

 private:
  std::vector<TaskNode> nodes_;
};

}  // namespace parmod::runtime
