// bench/harness.hpp - the shared timing harness of every benchmark
// (parmod-bench, `parmod bench --quick`, `parmod tune`).
//
// Honest numbers on a noisy host: the variants of one comparison are measured
// round by round, interleaved (each round times one batch of every variant, in
// an order shuffled per round), and each variant's time is the median over
// rounds of the batch time per operation.  Batch sizes are calibrated once so that a batch
// takes about `batch_seconds`.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace parmod::bench {

struct Variant {
  std::string name;
  std::function<void()> run;  // performs one operation
  double batch_seconds = 0;   // > 0: this variant's batch target instead of Options::batch_seconds
  // Untimed calls right before each timed batch.  For operations of
  // milliseconds (a batch of one or two calls) they bring the variant's
  // operands, tables and scratch back into the caches the other variants of
  // the round evicted, so every variant is timed warm, as in a loop.
  std::size_t warmup_calls = 0;
  // > 0: the operations per timed batch, without calibration (for operations
  // of a second or more, whose calibration call would cost a round).
  std::size_t batch = 0;
  // Optional, untimed: called before and after each of this variant's
  // batches (calibration, warm-up and timed calls), for a variant that runs
  // in a changed setting (a tuning key) restored for the others.
  std::function<void()> enter, leave;
};

struct Timing {
  std::string name;
  double median_ns = 0;  // median over rounds of ns per operation
  double min_ns = 0;     // fastest round
  std::size_t rounds = 0;
  std::size_t batch = 0;  // operations per timed batch
  std::vector<double> round_ns;  // ns per operation in each round, in round order
};

// The median of x (the mean of the middle two for an even count); 0 when x is empty.
double median_of(std::vector<double> x);

// a's time over b's, round by round (both from one measure_interleaved call,
// so each round's two samples are minutes closer than the medians' may be):
// the median and the extremes of the per-round ratios.
struct RatioSpread {
  double median = 0, min = 0, max = 0;
};
RatioSpread round_ratios(const Timing& a, const Timing& b);

// The median of t's per-round times over the rounds whose state (from
// Options::round_states) is `want`; 0 when there is none.
double median_in_state(const Timing& t, const std::vector<int>& states, int want);

struct Options {
  std::size_t rounds = 11;       // timed rounds per variant
  double batch_seconds = 0.004;  // target duration of one batch
  // Optional: a state of the machine (for instance whether the team's link
  // is slow, runtime/link_speed.hpp), read before and after each round;
  // round_states then receives one value per round: the state when both
  // reads agree, else -1.
  std::function<int()> state;
  std::vector<int>* round_states = nullptr;
};

// Measures all variants interleaved; results in the order of `variants`.
std::vector<Timing> measure_interleaved(const std::vector<Variant>& variants, const Options& options);

// Wall-clock seconds from a monotonic clock.
double now_seconds();

// "AMD EPYC, 2 cores; GMP 6.2.1; gcc 12.2.0" - names the machine in every table.
std::string machine_description();

// A small table printed as markdown or JSON.
struct Table {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::string cpu;  // when set (parmod::describe_cpu()), JSON carries it as "cpu" after "machine"
  std::string markdown() const;
  // JSON: {"machine": ..., ["cpu": ...,] "title": ..., "columns": [...], "rows": [[...], ...]};
  // cells that parse as numbers are written as numbers.
  std::string json(const std::string& title) const;
};

// Formats a time in microseconds with 3 significant digits.
std::string format_us(double ns);

// ", workers entered runs X ns after their publication (mean of N sampled
// joins)" from the deltas of runtime::TeamCounters::joins and join_ns over a
// measurement; empty without joins.  The link between the threads: on a VM the
// mean doubles when the host places the two vCPUs far apart.
std::string team_join_text(unsigned long long joins, unsigned long long join_ns);
// Formats a ratio "1.23x".
std::string format_ratio(double r);
// Formats a ratio of two times "1.012" (3 decimals, no "x": not a speedup).
std::string format_time_ratio(double r);

// "automatic never loses" (issue 20): automatic's time is at most this
// multiple of the fastest path's in the same run (automatic at least 0.97x
// as fast).
inline constexpr double kAutomaticMaxTimeRatio = 1 / 0.97;
// automatic's time over the fastest path's: format_time_ratio, and in
// markdown (json false) " (loss)" after it when above kAutomaticMaxTimeRatio.
std::string format_automatic_ratio(double r, bool json);

}  // namespace parmod::bench
