#!/bin/sh
# Builds after_pause against this tree's Release build (build/release) and
# runs it without IFMA.  From the repository root:
#   sh docs/bench/zen4/2026-12-03-chain-words/run_after_pause.sh
set -e
dir=$(dirname "$0")
tmp=$(mktemp -d)
g++ -O2 -std=c++20 -Isrc -Iinclude "$dir/after_pause.cpp" build/release/libparmod.a -lgmpxx -lgmp -lcrypto -pthread \
  -o "$tmp/after_pause"
grep -m1 "model name" /proc/cpuinfo; date -u +"%H:%M UTC"
echo "| bits | pause (us) | calls | T=1 (us) | T=2, chain always (us) | / T=1 | T=2, the row (us) | / T=1 |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for bits in ${BITS:-1024 2048 4096 8192}; do
  PARMOD_NO_IFMA=1 "$tmp/after_pause" "$bits" $((300000 / bits)) 4000
done
date -u +"%H:%M UTC"
rm -rf "$tmp"
