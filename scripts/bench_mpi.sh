#!/usr/bin/env bash
# The MPI benchmark of docs/mpi.md: parmod-bench-mpi under mpirun with 1..4
# ranks (--oversubscribe: above 2 ranks on this 2-core machine the ranks
# outnumber the cores), then the model for 8..256 ranks.
#
#   scripts/bench_mpi.sh [BUILD_DIR]   (default build/rel, configured with -DPARMOD_WITH_MPI=ON)
set -euo pipefail
BUILD="${1:-build/rel}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
for n in 1 2 3 4; do
  echo "== mpirun -n $n --oversubscribe parmod-bench-mpi"
  mpirun -q -n "$n" --oversubscribe "$BUILD/bench/parmod-bench-mpi"
done
"$BUILD/tools/parmod/parmod" schedule --mpi 256 --bits 2048 --split-bits 8192
