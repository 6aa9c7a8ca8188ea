#!/bin/sh
# Rebuilds chain_ab against this tree's Release build (build/release) and the
# squaring chain of commit $BEFORE, then runs it without IFMA.  From the
# repository root: sh docs/bench/zen4/2026-12-03-chain-words/run_chain_ab.sh
set -e
BEFORE=${BEFORE:-0f202be}
dir=$(dirname "$0")
tmp=$(mktemp -d)
git show "$BEFORE:src/powm/square_chain_powm.cpp" |
  sed -e 's/square_chain_powm(/old_chain_powm(/g' -e 's/square_chain_powm_scratch(/old_chain_powm_scratch(/g' \
      -e 's/square_chain_fits(/old_chain_fits(/g' > "$tmp/old_chain.cpp"
g++ -O2 -std=c++20 -Isrc -Iinclude "$dir/chain_ab.cpp" "$tmp/old_chain.cpp" build/release/libparmod.a \
  -lgmpxx -lgmp -lcrypto -pthread -o "$tmp/chain_ab"
grep -m1 "model name" /proc/cpuinfo; date -u +"%H:%M UTC"
echo "| bits | engine | calls | chain before, median (p10) us | chain after, median (p10) us | after / before, median per call | pow T=1 (us) | pow T=2 (us) |"
echo "|---|---|---:|---:|---:|---:|---:|---:|"
for bits in ${BITS:-1024 2048 4096 6144 8192}; do
  PARMOD_NO_IFMA=1 "$tmp/chain_ab" "$bits" $((1200000 / bits))
done
date -u +"%H:%M UTC"
rm -rf "$tmp"
