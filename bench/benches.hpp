// bench/benches.hpp - the benchmarks of the developer program parmod-bench
// (bench/main.cpp), one file each: bench/bench_NAME.cpp defines its Spec
// (options, bench/args.hpp) and its run function.  Every run checks its
// timed results against GMP once per size before timing (bench/check.hpp).
#pragma once

#include "args.hpp"

namespace parmod::bench {

struct Bench {
  Spec spec;
  int (*run)(const Args& args);  // 0 on success; throws UsageError, CheckFailure
};

extern const Bench kMulBench;       // bench_mul.cpp
extern const Bench kModmulBench;    // bench_modmul.cpp
extern const Bench kPowmBench;      // bench_powm.cpp
extern const Bench kMultiexpBench;  // bench_multiexp.cpp
extern const Bench kFieldBench;     // bench_field.cpp
extern const Bench kRuntimeBench;   // bench_runtime.cpp
extern const Bench kThreadsBench;   // bench_threads.cpp
extern const Bench kAutomaticBench; // bench_automatic.cpp
extern const Bench kCtBench;        // bench_ct.cpp
extern const Bench kSoakBench;      // bench_soak.cpp
extern const Bench kTimelineBench;  // bench_timeline.cpp

}  // namespace parmod::bench
