# Cross-compiling for Linux aarch64 with Debian's g++-aarch64-linux-gnu against libgmp-dev:arm64
# (and libgtest-dev:arm64 for the tests): docs/install.md, scripts/test_aarch64.sh.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
# Debian multiarch: the arm64 packages install into /usr/lib/aarch64-linux-gnu and
# /usr/include/aarch64-linux-gnu, found through CMAKE_LIBRARY_ARCHITECTURE under "/".
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu /)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
# Running the tests: qemu-aarch64 with the dynamic loader of the same glibc build as the libc.so.6
# the programs get.  The multiarch libc6:arm64 (a dependency of libgmp-dev:arm64) puts its libc in
# /lib/aarch64-linux-gnu, and the host's /etc/ld.so.cache lists that folder, so a loader from
# another glibc package (the cross toolchain's libc6-arm64-cross under /usr/aarch64-linux-gnu, a
# different Debian revision) loads that libc too.  A loader and a libc of two glibc builds share
# private data and must not be mixed: here the first pthread_create loops for ever in libc over a
# list in the loader's data (the threaded tests' "hang", seen in gdb).  Hence prefix /
# (the multiarch loader) when libc6:arm64 is installed, the cross sysroot otherwise.
# scripts/test_qemu.sh picks its prefix by the same rule.
if(EXISTS /lib/ld-linux-aarch64.so.1)
  set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L /)
else()
  set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L /usr/aarch64-linux-gnu)
endif()
