#!/usr/bin/env bash
# Installs the Debian 12 packages parmod needs, only those that are missing.
set -euo pipefail
packages=(g++ cmake ninja-build pkg-config libgmp-dev libssl-dev googletest libgtest-dev valgrind
          python3 python3-dev python3-venv python3-pip ccache openssl libopenmpi-dev openmpi-bin clang)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
