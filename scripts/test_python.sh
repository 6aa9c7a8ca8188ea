#!/usr/bin/env bash
# Builds the Python package into a virtualenv and runs its tests.
#
#   scripts/test_python.sh [pytest args...]
#
# Creates (or reuses) build/venv, installs the build requirements, pytest,
# hypothesis and gmpy2 once (a stamp file remembers), then `pip install .`
# of this repository with an incremental CMake build directory
# (build/py-<wheel tag>), and runs pytest on tests/python.  Exits non-zero
# when anything fails.
#
# Environment: PYTHON (interpreter for the venv, default python3),
# PARMOD_JOBS (parallel compile jobs, default 2),
# PARMOD_HYPOTHESIS_PROFILE=thorough for more hypothesis examples.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/build/venv"
PYTHON="${PYTHON:-python3}"
export CMAKE_BUILD_PARALLEL_LEVEL="${PARMOD_JOBS:-2}"

if [[ ! -x "$VENV/bin/python" ]]; then
  echo "== creating $VENV"
  "$PYTHON" -m venv "$VENV"
fi
PY="$VENV/bin/python"

REQS=("scikit-build-core>=0.10" "nanobind>=2.0" "pytest>=7" "pytest-xdist>=3" "hypothesis>=6" "gmpy2>=2.1")
STAMP="$VENV/.parmod-reqs"
if [[ ! -f "$STAMP" || "$(cat "$STAMP")" != "${REQS[*]}" ]]; then
  echo "== installing build and test requirements"
  "$PY" -m pip install -q --upgrade pip
  "$PY" -m pip install -q "${REQS[@]}"
  echo "${REQS[*]}" > "$STAMP"
fi

echo "== pip install $ROOT"
# No build isolation: the venv's scikit-build-core and nanobind build it, and
# the build directory persists, so a rerun only recompiles what changed.
"$PY" -m pip install -q --no-build-isolation --no-deps \
  --config-settings=build-dir="$ROOT/build/py-{wheel_tag}" \
  "$ROOT"

echo "== pytest tests/python"
cd "$ROOT"
# Run from the repo root but import the installed package, not python/parmod.
# One pytest-xdist worker per core (the tests are independent; each worker has its own team).
exec "$PY" -m pytest -p no:cacheprovider -q -n "$(nproc)" "$ROOT/tests/python" "$@"
