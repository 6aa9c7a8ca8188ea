// runtime/link_speed.hpp - how fast the team's threads reach each other now,
// against the fastest this process has seen.
//
// A guest's vCPUs may move between placements on the host: on one 2-vCPU
// KVM guest of an AMD EPYC they alternated every few seconds between a near
// placement and a far one (another core complex), where a cache line
// between the threads took several times as long and two-thread products of
// a few microseconds lost to one thread (docs/runtime.md, "Two placements").  The
// team samples that link on one run in sixteen (a spinning worker's delay
// from a run's publication to entering it, team.cpp) and feeds each sample
// here, only joins published while the worker still spun with pause alone
// (its first kPauseOnlyNs of waiting; later it yields the CPU at each step).
// The recent mean is an exponential average over about 16 samples, the
// settled mean over about 256 (a sample is clamped to 4x the floor, so that
// a preempted worker moves them little).  The floor is the lowest settled
// mean seen: single joins of a near placement scatter by 2x, their settled
// mean much less.  It drifts up by 1/65536 of the gap per sample, so that a
// lasting change becomes the new floor (over minutes of parallel runs; a
// slow link that lasts only costs the measuring of slow_link_choice.hpp
// meanwhile).  The link counts as slow from a recent mean of kSlowEnter x
// the floor until it falls below kSlowLeave x the floor.
// Thread-safe (relaxed atomics; a lost update between two samplers is harmless).
#pragma once

#include <cstdint>

namespace parmod::runtime {

inline constexpr double kSlowEnter = 2.5;
inline constexpr double kSlowLeave = 1.8;

// One sampled join (nanoseconds from publication to entering the run).
void link_observe(std::uint64_t join_ns) noexcept;

// True while the recent mean is high against the floor (see above); false
// before any sample.
bool link_slow() noexcept;

struct LinkSpeed {
  double recent_ns = 0;  // the recent mean (0 before any sample)
  double settled_ns = 0; // the settled mean (0 before any sample)
  double floor_ns = 0;   // the floor (0 before any sample)
  bool slow = false;
  std::uint64_t slow_entries = 0;  // times the link turned slow since the process started
};
LinkSpeed link_speed() noexcept;

// Forgets every sample (tests).
void link_reset() noexcept;

}  // namespace parmod::runtime
