#!/usr/bin/env bash
# Installs the Debian 12 packages parmod needs, only those that are missing.
set -euo pipefail
packages=(g++ cmake ninja-build pkg-config libgmp-dev libssl-dev googletest libgtest-dev valgrind
          python3 python3-dev python3-venv python3-pip ccache openssl libopenmpi-dev openmpi-bin clang
          qemu-user g++-aarch64-linux-gnu libgmp-dev:arm64 libgtest-dev:arm64)
# The :arm64 packages (cross-building for aarch64, scripts/test_aarch64.sh) need the architecture.
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
  $SUDO dpkg --add-architecture arm64
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
