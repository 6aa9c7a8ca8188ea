#!/usr/bin/env bash
# The version is written once, as project(parmod VERSION X.Y.Z) in CMakeLists.txt;
# everything that shows it must agree:
#   pyproject.toml's version regex (the Python package's version) finds X.Y.Z there,
#   `parmod --version` prints "parmod X.Y.Z",
#   parmod/version.h (generated) has PARMOD_VERSION "X.Y.Z" and MAJOR/MINOR/PATCH,
#   the CMake package version file says X.Y.Z,
#   the shared library's soname is libparmod.so.0.Y before 1.0, libparmod.so.X after.
# (parmod_version() == PARMOD_VERSION: tests/capi; parmod.__version__: tests/python/test_version.py.)
#
#   test_version.sh SOURCE_DIR BUILD_DIR PARMOD_BIN SHARED_LIBRARY
set -eu
src="$1"; build="$2"; bin="$3"; lib="$4"
fail=0
bad() { echo "FAIL: $*"; fail=1; }

want=$(sed -n 's/^project(parmod VERSION \([0-9]*\.[0-9]*\.[0-9]*\) .*/\1/p' "$src/CMakeLists.txt")
[ -n "$want" ] || { echo "FAIL: no project(parmod VERSION X.Y.Z) in CMakeLists.txt"; exit 1; }
IFS=. read -r major minor patch <<<"$want"

# pyproject.toml: its regex applied to the file it names.
python3 - "$src" "$want" <<'PY' || fail=1
import re, sys
src, want = sys.argv[1], sys.argv[2]
text = open(f"{src}/pyproject.toml").read()
section = text.split("\n[tool.scikit-build.metadata.version]\n", 1)[1].split("\n[", 1)[0]
regex = re.search(r"^regex = '(.*)'$", section, re.M).group(1)
inp = re.search(r'^input = "(.*)"$', section, re.M).group(1)
m = re.search(regex, open(f"{src}/{inp}").read(), re.M)
got = m.group("value") if m else None
if got != want or 'dynamic = ["version"]' not in text:
    print(f"FAIL: pyproject.toml's version regex gives {got!r}, want {want!r} (and version must be dynamic)")
    sys.exit(1)
PY

got=$("$bin" --version)
[ "$got" = "parmod $want" ] || bad "parmod --version printed '$got', want 'parmod $want'"

h="$build/include/parmod/version.h"
grep -q "^#define PARMOD_VERSION \"$want\"$" "$h" || bad "$h: PARMOD_VERSION is not \"$want\""
grep -q "^#define PARMOD_VERSION_MAJOR $major$" "$h" || bad "$h: PARMOD_VERSION_MAJOR is not $major"
grep -q "^#define PARMOD_VERSION_MINOR $minor$" "$h" || bad "$h: PARMOD_VERSION_MINOR is not $minor"
grep -q "^#define PARMOD_VERSION_PATCH $patch$" "$h" || bad "$h: PARMOD_VERSION_PATCH is not $patch"

grep -q "set(PACKAGE_VERSION \"$want\")" "$build/parmodConfigVersion.cmake" \
  || bad "parmodConfigVersion.cmake does not say $want"

if [ "$major" = 0 ]; then soname="libparmod.so.0.$minor"; else soname="libparmod.so.$major"; fi
got=$(readelf -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$got" = "$soname" ] || bad "the shared library's soname is '$got', want '$soname'"

[ "$fail" = 0 ] && echo "version: $want everywhere (soname $soname)"
exit "$fail"
