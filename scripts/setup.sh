#!/usr/bin/env bash
# The first command: install what is missing, build in Release, run the main job.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_deps.sh
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build/release
build/release/tools/parmod/parmod bench --quick
