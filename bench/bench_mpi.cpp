// bench/bench_mpi.cpp - parmod-bench-mpi: parmod_mpi under mpirun
// (scripts/bench_mpi.sh runs it for 1..4 ranks).
//
//   mpirun -n N parmod-bench-mpi [--quick]
//
// Every rank runs on max(1, cores / N) threads of its team (the ranks share
// this machine's cores).  Rank 0 prints, one line each:
//   rtt: the MPI round trip between ranks 0 and 1 (1-byte ping-pong, median
//        of 11 rounds of 1000), with 2 ranks or more;
//   list BITS: the throughput of parmod_mpi_powm_list over 1000 items
//        (random bases and BITS-bit exponents, one BITS-bit odd modulus),
//        from the slowest rank's time, median of the rounds;
//   split BITS: the time of parmod_mpi_powm with a BITS-bit exponent and
//        modulus, median of the rounds, beside parmod_powm's on the same
//        threads (one process).
// Each result is checked against parmod_powm (the first item / the value).
// --quick: fewer rounds and items (for the CI run of the tests).
#include <gmpxx.h>
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

#include "parmod.h"
#include "parmod/parmod.hpp"
#include "parmod_mpi.h"

namespace {

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// The slowest rank's seconds for f(), all ranks starting together.
template <class F>
double timed(F f) {
  MPI_Barrier(MPI_COMM_WORLD);
  const double t0 = now();
  f();
  double mine = now() - t0, slowest = 0;
  MPI_Allreduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return slowest;
}

mpz_class odd_modulus(gmp_randclass& rnd, unsigned long bits) {
  mpz_class m = rnd.get_z_bits(bits);
  mpz_setbit(m.get_mpz_t(), bits - 1);
  mpz_setbit(m.get_mpz_t(), 0);
  return m;
}

void fail(const char* what) {
  std::fprintf(stderr, "parmod-bench-mpi: %s\n", what);
  MPI_Abort(MPI_COMM_WORLD, 1);
}

double round_trip(int rank) {
  char byte = 0;
  std::vector<double> rounds;
  for (int r = 0; r < 11; ++r) {
    MPI_Barrier(MPI_COMM_WORLD);
    const double t0 = now();
    for (int i = 0; i < 1000; ++i) {
      if (rank == 0) {
        MPI_Send(&byte, 1, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
        MPI_Recv(&byte, 1, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      } else if (rank == 1) {
        MPI_Recv(&byte, 1, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&byte, 1, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
      }
    }
    rounds.push_back((now() - t0) / 1000);
  }
  return median(rounds);
}

void bench_list(unsigned long bits, std::size_t items, int rounds, int rank, gmp_randclass& rnd) {
  const mpz_class m = odd_modulus(rnd, bits);
  std::unique_ptr<mpz_t[]> b(new mpz_t[items]), e(new mpz_t[items]), r(new mpz_t[items]);
  for (std::size_t i = 0; i < items; ++i) {
    mpz_init_set(b[i], mpz_class(rnd.get_z_bits(bits - 1)).get_mpz_t());
    mpz_init_set(e[i], mpz_class(rnd.get_z_bits(bits)).get_mpz_t());
    mpz_init(r[i]);
  }
  std::vector<double> t;
  for (int k = 0; k < rounds; ++k)
    t.push_back(timed([&] {
      if (parmod_mpi_powm_list(r.get(), items, b.get(), items, e.get(), items, m.get_mpz_t(), MPI_COMM_WORLD) !=
          PARMOD_OK)
        fail("parmod_mpi_powm_list failed");
    }));
  mpz_class check;
  parmod_powm(check.get_mpz_t(), b[items - 1], e[items - 1], m.get_mpz_t());
  if (mpz_cmp(check.get_mpz_t(), r[items - 1]) != 0) fail("parmod_mpi_powm_list: wrong result");
  if (rank == 0)
    std::printf("list %lu: %zu items, %.1f items/s (median of %d rounds: %.3f s)\n", bits, items,
                double(items) / median(t), rounds, median(t));
  for (std::size_t i = 0; i < items; ++i) mpz_clears(b[i], e[i], r[i], nullptr);
}

void bench_split(unsigned long bits, int rounds, int rank, gmp_randclass& rnd) {
  const mpz_class m = odd_modulus(rnd, bits), b = rnd.get_z_bits(bits - 1);
  mpz_class e = rnd.get_z_bits(bits);
  mpz_setbit(e.get_mpz_t(), bits - 1);
  mpz_class r, single;
  std::vector<double> split, one;
  for (int k = 0; k < rounds; ++k) {
    split.push_back(timed([&] {
      if (parmod_mpi_powm(r.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), m.get_mpz_t(), MPI_COMM_WORLD) != PARMOD_OK)
        fail("parmod_mpi_powm failed");
    }));
    one.push_back(timed([&] { parmod_powm(single.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), m.get_mpz_t()); }));
  }
  if (r != single) fail("parmod_mpi_powm: wrong result");
  if (rank == 0)
    std::printf("split %lu: %.2f ms split over the ranks, %.2f ms parmod_powm in one process (%.3fx), median of %d\n",
                bits, median(split) * 1e3, median(one) * 1e3, median(one) / median(split), rounds);
}

}  // namespace

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const int threads = std::max(1, cores / size);
  parmod_set_num_threads(threads);
  gmp_randclass rnd(gmp_randinit_default);
  rnd.seed(22);
  if (rank == 0) {
    std::printf("parmod-bench-mpi: %d ranks x %d threads on %d cores%s\n", size, threads, cores,
                size > cores ? " (more ranks than cores: oversubscribed)" : "");
    std::printf("%s\n", parmod::describe_cpu().c_str());
  }
  if (size >= 2) {
    const double rtt = round_trip(rank);
    if (rank == 0) std::printf("rtt: %.2f us (ranks 0 and 1, 1 byte, median)\n", rtt * 1e6);
  }
  const std::size_t items = quick ? 20 : 1000;
  bench_list(2048, items, quick ? 1 : 3, rank, rnd);
  bench_list(4096, items, 1, rank, rnd);
  bench_split(8192, quick ? 1 : 5, rank, rnd);
  bench_split(16384, quick ? 1 : 3, rank, rnd);
  std::fflush(stdout);
  MPI_Finalize();
  return 0;
}
