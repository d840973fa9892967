#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
#
# Inside a Debian root tree (config/debian-root.sh SUITE run ...): builds
# socrx against that release's DPDK, warnings as errors, into BUILDDIR and
# runs the fast, pmd and app suites there, that release's dpdk-testpmd
# included. The test log is BUILDDIR/meson-logs/testlog-SUITE.json.
#
#   config/root-test.sh BUILDDIR SUITE
set -eu

[ $# -eq 2 ] || {
	echo "usage: $0 BUILDDIR SUITE" >&2
	exit 2
}
builddir=$1
suite=$2
cd "$(dirname "$0")/.."

# Cached in the tree's /var/cache/socrx: prints the directory at once.
sdk_dir=$(sh config/dpdk-sdk.sh | tail -n 1)
opts="-Ddpdk_sdk=$sdk_dir -Dwarning_level=3 -Dbuildtype=release -Dwerror=true"
if [ -f "$builddir/build.ninja" ]; then
	# shellcheck disable=SC2086
	meson setup --reconfigure $opts "$builddir" >/dev/null
else
	# shellcheck disable=SC2086
	meson setup $opts "$builddir" >/dev/null
fi
echo "root-test: $suite: DPDK $(pkg-config --modversion libdpdk), $(gcc -dumpfullversion) gcc" >&2
ninja -C "$builddir"
meson test -C "$builddir" --print-errorlogs --num-processes 2 \
	--suite fast --suite pmd --suite app --logbase "testlog-$suite"
