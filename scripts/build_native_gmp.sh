#!/usr/bin/env bash
# Builds GMP from Debian's own source package (the same 6.2.1 as libgmp-dev)
# for this machine's CPU, as static PIC libraries, for -DPARMOD_NATIVE_GMP=ON.
# Debian's libgmp is a generic x86-64 build (no mulx/adx kernels); GMP's
# configure, left to guess the host, picks the kernels of this CPU.
#   usage: scripts/build_native_gmp.sh PREFIX
# Leaves PREFIX/include/gmp.h, gmpxx.h and PREFIX/lib/libgmp.a, libgmpxx.a.
# Needs root or sudo for apt-get (m4, dpkg-dev); reads the deb-src index into
# a private folder, so the system's apt lists are left alone.
set -euo pipefail
prefix="$(realpath -m "$1")"
[ -f "$prefix/lib/libgmp.a" ] && [ -f "$prefix/lib/libgmpxx.a" ] && exit 0
work="$prefix.src"
rm -rf "$work" && mkdir -p "$work/lists/partial" "$work/archives/partial"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
for p in m4 dpkg-dev xz-utils; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$p" >/dev/null; }
done
version="$(dpkg-query -W -f='${source:Version}' libgmp-dev 2>/dev/null || true)"
cat > "$work/sources.list" <<SRC
deb-src http://deb.debian.org/debian bookworm main
deb-src http://deb.debian.org/debian bookworm-updates main
deb-src http://deb.debian.org/debian-security bookworm-security main
SRC
apt_opts=(-o "Dir::Etc::SourceList=$work/sources.list" -o "Dir::Etc::SourceParts=/dev/null"
          -o "Dir::State::Lists=$work/lists" -o "Dir::Cache::Archives=$work/archives" -o "Debug::NoLocking=1")
echo "native GMP: fetching Debian's gmp source${version:+ $version}"
apt-get "${apt_opts[@]}" update -qq
(cd "$work" && apt-get "${apt_opts[@]}" source --download-only -qq "gmp${version:+=$version}" >/dev/null)
(cd "$work" && dpkg-source -x ./gmp_*.dsc src >/dev/null)  # with Debian's patches
cd "$work/src"
# The dfsg tarball drops the manual; configure still lists doc/Makefile.
[ -f doc/Makefile.in ] || { mkdir -p doc; printf 'all install check clean distclean install-data install-exec uninstall:\n\t@:\n' > doc/Makefile.in; }
echo "native GMP: configuring for $(./config.guess)"
./configure --enable-cxx --enable-static --disable-shared --with-pic --prefix="$prefix" > configure.log 2>&1
echo "native GMP: building (a few minutes)"
make -j"$(nproc)" > make.log 2>&1
make install > install.log 2>&1
echo "native GMP: installed in $prefix"
