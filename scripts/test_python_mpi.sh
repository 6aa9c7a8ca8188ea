#!/usr/bin/env bash
# parmod.mpi (python/parmod/mpi.py) under mpirun with 1..4 ranks: installs
# mpi4py (the package's `mpi` extra; a wheel on PyPI, linked against the
# system's Open MPI, libopenmpi-dev) into build/venv, where
# scripts/test_python.sh has installed parmod, and runs tests/python/mpi.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PY="$ROOT/build/venv/bin/python"
[[ -x "$PY" ]] || { echo "test_python_mpi: run scripts/test_python.sh first (build/venv)"; exit 1; }
"$PY" -c "import mpi4py" 2>/dev/null || "$PY" -m pip install -q "mpi4py>=3.1"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
cd "$ROOT"
status=0
for n in 1 2 3 4; do
  echo "== mpirun -n $n pytest tests/python/mpi"
  mpirun -q -n "$n" --oversubscribe "$PY" -m pytest -p no:cacheprovider -q --color=no --rootdir="$ROOT/tests/python" \
    "$ROOT/tests/python/mpi" || status=1
done
exit "$status"
