#!/usr/bin/env bash
# Installs parmod into a temporary prefix and builds two consumers against it:
# one with CMake's find_package(parmod), one with pkg-config.
set -eu
src="$1"; build="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
# The plot script of --plot, where the programs look for it: <prefix>/share/parmod.
[ -r "$tmp/prefix/share/parmod/plot_bench.py" ] || { echo "share/parmod/plot_bench.py not installed"; exit 1; }
mkdir -p "$tmp/consumer"
cat > "$tmp/consumer/main.c" <<'C'
#include <parmod.h>
#include <stdio.h>
int main(void) {
  mpz_t r, b, e, m;
  mpz_inits(r, b, e, m, NULL);
  mpz_set_ui(b, 3); mpz_set_ui(e, 1000); mpz_set_ui(m, 1000003);
  if (parmod_powm(r, b, e, m) != PARMOD_OK) return 1;
  gmp_printf("%Zd\n", r);
  mpz_clears(r, b, e, m, NULL);
  return 0;
}
C
cat > "$tmp/consumer/main.cpp" <<'CPP'
#include <parmod/parmod.hpp>
#include <iostream>
int main() { std::cout << parmod::powm(3, 1000, 1000003) << "\n"; }
CPP
cat > "$tmp/consumer/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.25)
project(consumer C CXX)
set(CMAKE_CXX_STANDARD 20)
find_package(parmod REQUIRED)
add_executable(consumer main.cpp)
target_link_libraries(consumer PRIVATE parmod::parmod)
CM
want=$(python3 -c 'print(pow(3, 1000, 1000003))')
cmake -S "$tmp/consumer" -B "$tmp/consumer/build" -G Ninja -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null
cmake --build "$tmp/consumer/build" >/dev/null
got=$(LD_LIBRARY_PATH="$tmp/prefix/lib:$tmp/prefix/lib64" "$tmp/consumer/build/consumer")
[ "$got" = "$want" ] || { echo "find_package consumer printed '$got', want '$want'"; exit 1; }
pcdir=$(dirname "$(find "$tmp/prefix" -name parmod.pc | head -1)")
flags=$(PKG_CONFIG_PATH="$pcdir" pkg-config --define-prefix --cflags --libs parmod)
cc "$tmp/consumer/main.c" -o "$tmp/consumer/c_consumer" $flags
got=$(LD_LIBRARY_PATH="$tmp/prefix/lib:$tmp/prefix/lib64" "$tmp/consumer/c_consumer")
[ "$got" = "$want" ] || { echo "pkg-config consumer printed '$got', want '$want'"; exit 1; }
echo "install: find_package and pkg-config consumers OK"
