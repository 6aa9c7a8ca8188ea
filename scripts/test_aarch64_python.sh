#!/usr/bin/env bash
# Cross-builds the Python module parmod._core for Linux aarch64 (CPython 3.11, Debian 12's) and
# runs Python tests of tests/python with it in Debian's arm64 python3.11 under qemu-aarch64.
#
#   scripts/test_aarch64_python.sh [--fetch-only|--build-only|--test-only] [pytest args...]
#     (pytest args: default the tests listed in TESTS below; --fetch-only: root/, venv/ and site/
#     below, no build; --build-only: fetch and build, no test; --test-only: the tests of what
#     --build-only left)
#
# Everything goes into build/aarch64-py:
#   root/   Debian's arm64 python3.11 (interpreter, standard library, headers) and the two
#           libraries it links that libgmp-dev:arm64 does not bring (zlib, expat): `apt-get
#           download` and `dpkg -x`, never installed (installing libpython3.11-dev:arm64 would
#           move the host's amd64 Python 3.11 packages to the same version).  Fetched once
#           (root/.packages records the list).
#   venv/   a host venv with nanobind (the version pyproject.toml's build requirements allow):
#           CMake takes nanobind's CMake files and sources from it.
#   site/   the test requirements of pyproject.toml's "test" extra that are pure Python (pytest,
#           hypothesis and theirs; gmpy2 is compiled, and the tests run without it), as
#           py3-none-any wheels for the target.
#   include/ the arm64 Python headers with the multiarch pyconfig.h in place of Debian's wrapper
#           (which includes <aarch64-linux-gnu/python3.11/pyconfig.h>): the only Python include
#           folder, on the extension's own sources.
#   pkg/    the importable package: python/parmod's files and the built _core.
# The CMake build (cmake/toolchains/aarch64-linux-gnu.cmake, SKBUILD=ON as under
# scikit-build-core, the definitions of pyproject.toml's [tool.scikit-build.cmake.define]) goes to
# build/aarch64-py-cmake: a folder at the depth of build/aarch64, so the library's compile lines
# are the same as there and ccache (scripts/test.sh) hands the cross-built objects over.
# Needs what scripts/install_deps.sh installs (the arm64 architecture, g++-aarch64-linux-gnu,
# libgmp-dev:arm64, qemu-user), a host python3.11 with venv (PYTHON) and the network for the
# first run.  Exits non-zero when the build or a test fails.
set -euo pipefail
cd "$(dirname "$0")/.."
top="$PWD"
dir="$top/build/aarch64-py"
root="$dir/root"
pyver=3.11
# The host interpreter of the venv: the target's version (CMake's FindPython takes the version
# from it and from the headers).
PYTHON="${PYTHON:-python$pyver}"
stage=all
case "${1:-}" in
  --fetch-only) stage=fetch; shift ;; --build-only) stage=build; shift ;; --test-only) stage=test; shift ;;
esac
abi=cpython-311-aarch64-linux-gnu
venv="$dir/venv"
site="$dir/site"
# Reduced range: the files of powmod, mulmod and their edge moduli (semantics), Modulus, mul,
# powmod_crt, the thread counts and the GIL (threads), the errors; about 75 s under QEMU on a Zen 3
# host.  Left out: the 8192-bit full-size exponents (25 s: the emulated oracle, Python's own pow),
# the property tests of powmod and powmod_crt against pow (32 s: hundreds of random cases of the
# arithmetic the C++ tests check under QEMU; here the edge and fixed cases test the binding), the
# edge moduli of test_semantics above 64 limbs (13 s; test_modulus's edge moduli keep them), test_fork
# (forks after the thread team started: QEMU 7.2's user mode aborts there, scripts/test_qemu.sh),
# test_docs (docstrings and docs/api.md, the same text on every platform) and the other API
# files (test_field alone: 15 s more).
TESTS=(tests/python/test_semantics.py tests/python/test_modulus.py tests/python/test_mul.py
       tests/python/test_crt.py tests/python/test_threads.py tests/python/test_errors.py)
for a in auto barrett montgomery; do
  TESTS+=(--deselect "tests/python/test_semantics.py::test_full_size_exponent[8192-$a]")
done
TESTS+=(--deselect tests/python/test_semantics.py::test_powmod_matches_pow
        --deselect tests/python/test_crt.py::test_powmod_crt_matches_pow)
big=(9689 12799 12800 12801 19020 19937 19967 19968 19969 20000 20001)  # conftest's int_id: "<bits>bit_<low hex>"
TESTS+=(-k "not (test_edge_moduli and ($(printf '%sbit or ' "${big[@]}" | sed 's/ or $//')))")

if [ "$stage" != test ]; then
# --- the arm64 Python, unpacked -------------------------------------------------------------
packages=(python3.11-minimal libpython3.11-minimal libpython3.11-stdlib libpython3.11-dev
          zlib1g libexpat1)
if [ "$(cat "$root/.packages" 2>/dev/null)" != "${packages[*]}" ]; then
  echo "== fetching arm64 Python $pyver: ${packages[*]}"
  rm -rf "$root" "$dir/debs"
  mkdir -p "$dir/debs" "$root"
  (cd "$dir/debs" && apt-get download -q "${packages[@]/%/:arm64}" 2>&1 | grep -v '^Get:\|unsandboxed' || true)
  debs=("$dir"/debs/*.deb)
  [ ${#debs[@]} = ${#packages[@]} ] || {
    echo "apt-get download fetched ${#debs[@]} of ${#packages[@]} packages (no arm64 architecture, or old package lists: apt-get update)"; exit 1; }
  for f in "${debs[@]}"; do dpkg -x "$f" "$root"; done
  rm -rf "$dir/debs"
  echo "${packages[*]}" > "$root/.packages"
fi

# --- host venv with nanobind, target test requirements ----------------------------------------
read_pyproject() {  # read_pyproject EXPR: prints the Python expression over pyproject.toml (`p`), one item a line
  "$PYTHON" -c 'import sys, tomllib; p = tomllib.load(open("pyproject.toml", "rb")); print(*eval(sys.argv[1]), sep="\n")' "$1"
}
mapfile -t build_reqs < <(read_pyproject '[r for r in p["build-system"]["requires"] if r.startswith("nanobind")]')
mapfile -t test_reqs < <(read_pyproject '[r for r in p["project"]["optional-dependencies"]["test"] if not r.startswith("gmpy2")]')
mapfile -t defines < <(read_pyproject '[f"-D{k}={v}" for k, v in p["tool"]["scikit-build"]["cmake"]["define"].items()]')
if [ "$(cat "$venv/.reqs" 2>/dev/null)" != "${build_reqs[*]}" ]; then
  echo "== host venv: ${build_reqs[*]}"
  rm -rf "$venv"
  "$PYTHON" -m venv "$venv"
  "$venv/bin/python" -m pip install -q "${build_reqs[@]}"
  echo "${build_reqs[*]}" > "$venv/.reqs"
fi
if [ "$(cat "$site/.reqs" 2>/dev/null)" != "${test_reqs[*]}" ]; then
  echo "== target site-packages: ${test_reqs[*]}"
  rm -rf "$site"
  # Wheels for the target's platform and Python only (all of them py3-none-any).
  "$venv/bin/python" -m pip install -q --target "$site" --only-binary=:all: \
    --platform manylinux2014_aarch64 --python-version "$pyver" --implementation cp "${test_reqs[@]}"
  echo "${test_reqs[*]}" > "$site/.reqs"
fi

[ "$stage" != fetch ] || exit 0

# --- cross build ----------------------------------------------------------------------------
inc="$dir/include/python$pyver"
rm -rf "$dir/include"
mkdir -p "$dir/include"
cp -r "$root/usr/include/python$pyver" "$inc"
cp "$root/usr/include/aarch64-linux-gnu/python$pyver/pyconfig.h" "$inc/pyconfig.h"
# SKBUILD_SOABI: nanobind's suffix for the module, which it takes from the host interpreter
# otherwise (x86_64).
cbuild="$top/build/aarch64-py-cmake"
cmake -S . -B "$cbuild" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_TOOLCHAIN_FILE="$top/cmake/toolchains/aarch64-linux-gnu.cmake" \
  -DSKBUILD=ON "${defines[@]}" -DPython_EXECUTABLE="$venv/bin/python" \
  -DPython_INCLUDE_DIR="$inc" -DSKBUILD_SOABI="$abi" >/dev/null
cmake --build "$cbuild" -j "$(nproc)" --target _core
rm -rf "$dir/pkg"
mkdir -p "$dir/pkg"
cp -r python/parmod "$dir/pkg/"
cmake --install "$cbuild" --component python --prefix "$dir/pkg" >/dev/null
so="$dir/pkg/parmod/_core.$abi.so"
[ -f "$so" ] || { echo "missing $so"; exit 1; }
readelf -h "$so" | grep -q 'Machine: *AArch64' || { echo "$so is not an aarch64 object"; exit 1; }
fi
[ "$stage" != build ] || exit 0

# --- the tests under qemu-aarch64 -------------------------------------------------------------
# The loader prefix: the rule of cmake/toolchains/aarch64-linux-gnu.cmake (one glibc build).
prefix=/usr/aarch64-linux-gnu
[ -e /lib/ld-linux-aarch64.so.1 ] && prefix=/
command -v qemu-aarch64 >/dev/null || { echo "qemu-aarch64 missing (Debian package qemu-user)"; exit 1; }
[ $# -gt 0 ] || set -- "${TESTS[@]}"
echo "== pytest under qemu-aarch64 (arm64 python$pyver): $*"
start=$SECONDS
# -E: the guest's library path (root's zlib and expat) without touching the host's qemu.
guest_python() {
  PYTHONPATH="$dir/pkg:$site" PYTHONDONTWRITEBYTECODE=1 qemu-aarch64 -L "$prefix" \
    -E "LD_LIBRARY_PATH=$root/lib/aarch64-linux-gnu:$root/usr/lib/aarch64-linux-gnu" \
    "$root/usr/bin/python$pyver" "$@"
}
# First a check that `parmod` is pkg/'s, with the aarch64 _core.
guest_python -c 'import parmod, sys; sys.exit(not parmod._core.__file__.endswith(sys.argv[1]))' "$abi.so" \
  || { echo "parmod does not import from $dir/pkg"; exit 1; }
# -p no:cacheprovider: no .pytest_cache in the repository.
status=0
guest_python -m pytest -p no:cacheprovider -q "$@" || status=1
echo "pytest under qemu-aarch64: $((SECONDS - start)) s"
exit "$status"
