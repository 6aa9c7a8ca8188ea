// runtime/slow_link_choice.hpp - while the team's link is slow, the faster of
// a call's parallel plan and its sequential alternative, by measurement.
//
// The tuned thresholds that send a call to the team were measured with the
// threads near each other.  While runtime::link_slow() holds they may be
// wrong, and by how much depends on the host, the operation and the size.
// So, while it holds, a planner asks an instance of this class (one per call
// site) whether a call whose plan is parallel should run it or its
// sequential alternative, times the call and records the time.  Per class
// of calls (the site numbers its classes, for instance by size), the
// instance keeps the least of each form's first kFirstTimes times per call,
// then an exponential average of weight 1/16 over times clamped to twice
// the average.  Until each form has kFirstTimes times, the less measured
// one runs; then one form (the plan, until the other's average is 3%
// lower, and so on back), and the other on one call in kProbeEvery (in
// kProbeRarely while it is 1.25x slower or more, so that probing costs
// under 1% there), so that both averages stay current.  The averages are
// kept while the link is fast, so that the next slow spell starts from
// what the last one learned.  While the link is fast, or when `enabled` is
// false, the plan runs untimed.
// Thread-safe (relaxed atomics; concurrent calls may both probe).
#pragma once

#include <atomic>
#include <cstdint>

namespace parmod::runtime {

class SlowLinkChoice {
 public:
  static constexpr unsigned kClasses = 1024;
  static constexpr unsigned kProbeEvery = 16;
  static constexpr unsigned kProbeRarely = 64;
  static constexpr unsigned kFirstTimes = 3;

  struct Pick {
    bool parallel = true;  // run the parallel plan (else its sequential alternative)
    bool timed = false;    // time the call and record() it
  };
  // For a call of class `c` (< kClasses; larger ones share the last) whose plan is parallel.
  Pick pick(unsigned c, bool enabled) noexcept;
  // The time of a call that pick() asked to time, in the form it ran.
  void record(unsigned c, bool parallel, std::uint64_t ns) noexcept;

  // The averages of class c (0: not measured), for tests and benchmarks.
  std::uint64_t parallel_ns(unsigned c) const noexcept;
  std::uint64_t sequential_ns(unsigned c) const noexcept;
  void reset() noexcept;

  // A class from a size: two per octave of `size` (1 .. 2^31, so 0 .. 63),
  // times `kinds` (its second factor, < kinds; kinds * 64 <= kClasses).
  static unsigned size_class(std::uint64_t size, unsigned kind, unsigned kinds) noexcept;

 private:
  struct Entry {
    std::atomic<std::uint64_t> par_ns{0}, seq_ns{0};
    std::atomic<std::uint32_t> calls{0}, par_count{0}, seq_count{0};
    std::atomic<bool> sequential_runs{false};  // the form that runs (between probes)
  };
  Entry e_[kClasses];
};

}  // namespace parmod::runtime
