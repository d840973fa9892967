#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
#
# Installs what socrx needs on a Debian 12 machine, idempotently:
#   - the Debian packages of the build, the tests and the benchmarks;
#   - DPDK's driver-SDK headers (ethdev_driver.h, bus_vdev_driver.h, ...),
#     which Debian's libdpdk-dev does not ship, taken from Debian's own
#     source package of exactly the installed DPDK version and kept in a
#     cache directory outside the source tree (config/dpdk-sdk.sh);
#   - an arm64 sysroot for the cross build: Debian's arm64 libdpdk-dev and
#     dpdk-dev (dpdk-testpmd) of that same version with their dependency
#     closure, unpacked with dpkg -x (libdpdk-dev:arm64 cannot be installed
#     beside the host's libdpdk-dev), in the same cache directory, and the
#     Meson machine file naming it (for config/arm64_dpdk_sysroot.ini);
#   - as root, hugepages and a hugetlbfs mount for the UIO tests.
#
# Prints the arm64 machine file, then the SDK directory on its last line
# of standard output.
set -eu

SOCRX_CACHE=${SOCRX_CACHE:-/var/cache/socrx}
# qemu-user and the arm64 cross compiler build and run the project for
# arm64 in the tests; python3-scapy builds the golden packet corpora;
# iperf3, ping and ethtool drive real traffic through socrx-router
# (tests/app); device-tree-compiler (dtc, fdtoverlay, fdtget) builds and
# applies the board overlays of config/boards (tests/boards); ccache keeps
# the compilers' output between test runs (config/run.sh).
PACKAGES="build-essential meson ninja-build pkg-config python3 python3-pyelftools
	python3-scapy libdpdk-dev dpdk dpdk-dev libnuma-dev libpcap-dev dpkg-dev
	gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user
	clang libclang-rt-14-dev
	iperf3 iputils-ping ethtool device-tree-compiler
	mmdebstrap debhelper lintian ccache"

log() { echo "install-deps: $*" >&2; }

if [ "$(id -u)" -ne 0 ]; then
	SUDO=sudo
else
	SUDO=
fi

missing_packages() {
	for p in $PACKAGES; do
		dpkg-query -W -f='${db:Status-Status}\n' "$p" 2>/dev/null |
			grep -qx installed || echo "$p"
	done
}

need=$(missing_packages)
if [ -n "$need" ]; then
	log "installing:" $need
	$SUDO apt-get update -qq >&2
	# shellcheck disable=SC2086
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $need >&2
fi

# ---- hugepages ---------------------------------------------------------------
# The UIO tests (socrx-devmodel behind dpdk-testpmd and socrx-router, the
# PMD's probe with IOVA as PA) run DPDK with hugepages: at least
# SOCRX_HUGEPAGES pages of the default size (512: 1 GiB of 2 MiB pages)
# and a hugetlbfs mount. Run-time settings, raised and never lowered; as
# root only (those tests need root and skip without it).
SOCRX_HUGEPAGES=${SOCRX_HUGEPAGES:-512}
if [ "$(id -u)" -eq 0 ]; then
	nr=$(cat /proc/sys/vm/nr_hugepages)
	if [ "$nr" -lt "$SOCRX_HUGEPAGES" ]; then
		log "reserving $SOCRX_HUGEPAGES hugepages (had $nr)"
		echo "$SOCRX_HUGEPAGES" >/proc/sys/vm/nr_hugepages
		nr=$(cat /proc/sys/vm/nr_hugepages)
		[ "$nr" -ge "$SOCRX_HUGEPAGES" ] ||
			log "warning: the kernel gave only $nr hugepages"
	fi
	if ! grep -qs ' hugetlbfs ' /proc/mounts; then
		log "mounting hugetlbfs on /dev/hugepages"
		mkdir -p /dev/hugepages
		mount -t hugetlbfs nodev /dev/hugepages
	fi
else
	log "not root: no hugepages set up (the UIO tests will skip)"
fi

deb_version=$(dpkg-query -W -f='${Version}' libdpdk-dev)
arm64_sysroot="$SOCRX_CACHE/sysroot-arm64-$deb_version"
arm64_machine="$arm64_sysroot.ini"

work=$(mktemp -d)
arm64_stage=
trap 'rm -rf "$work"; [ -z "$arm64_stage" ] || $SUDO rm -rf "$arm64_stage"' EXIT
chmod 755 "$work"

# ---- arm64 sysroot ---------------------------------------------------------
# What the arm64 build links and its tests run under qemu-aarch64 -L:
# libdpdk-dev and dpdk-dev (dpdk-testpmd) of the host's DPDK version, the
# sanitizer runtimes of rxpath_parse_asan, coreutils for stdbuf's
# libstdbuf.so, and everything they depend on, libc6 included. apt's own
# resolver picks the closure, as for a fresh arm64 machine (an empty dpkg
# status); apt-get download fetches it, dpkg -x unpacks it.
ARM64_PACKAGES="libdpdk-dev=$deb_version dpdk-dev=$deb_version libasan8
	libubsan1 coreutils"

make_arm64_sysroot() {
	if ! dpkg --print-foreign-architectures | grep -qx arm64; then
		log "adding the arm64 architecture to apt (for apt-get download only)"
		$SUDO dpkg --add-architecture arm64
	fi
	if ! apt-cache show "libdpdk-dev:arm64=$deb_version" >/dev/null 2>&1; then
		$SUDO apt-get update -qq >&2
	fi
	if ! apt-cache show "libdpdk-dev:arm64=$deb_version" >/dev/null 2>&1; then
		log "error: no arm64 libdpdk-dev $deb_version in the configured Debian sources"
		exit 1
	fi
	# shellcheck disable=SC2086
	apt-get -s -o Dir::State::status=/dev/null -o APT::Architecture=arm64 \
		-o APT::Architectures::=arm64 --no-install-recommends \
		install $ARM64_PACKAGES 2>"$work/resolve.err" |
		sed -n 's/^Inst \([^ ]*\) (\([^ ]*\) .*\[\(arm64\|all\)\].*/\1:\3=\2/p' |
		sed 's/:all=/=/' >"$work/arm64.list"
	if ! grep -q "^libdpdk-dev:arm64=" "$work/arm64.list"; then
		cat "$work/resolve.err" >&2
		log "error: apt could not resolve the arm64 packages"
		exit 1
	fi
	log "downloading $(wc -l <"$work/arm64.list") arm64 packages for $arm64_sysroot"
	mkdir "$work/debs"
	# apt drops privileges to _apt for downloads: let it write there.
	if [ "$(id -u)" -eq 0 ] && id _apt >/dev/null 2>&1; then
		chown _apt "$work/debs"
	fi
	# shellcheck disable=SC2046
	(cd "$work/debs" && apt-get download -qq $(cat "$work/arm64.list") >&2)

	$SUDO mkdir -p "$SOCRX_CACHE"
	arm64_stage=$($SUDO mktemp -d "$SOCRX_CACHE/.sysroot-arm64.XXXXXX")
	for deb in "$work"/debs/*.deb; do
		$SUDO dpkg -x "$deb" "$arm64_stage"
	done
	# Absolute symbolic links (libm.so -> /lib/aarch64-linux-gnu/libm.so.6)
	# would point into the host: made relative (lexically, -s), they stay
	# in the sysroot.
	$SUDO find "$arm64_stage" -lname '/*' | while read -r l; do
		t=$($SUDO readlink "$l")
		$SUDO ln -sfn "$(realpath -ms --relative-to="$(dirname "$l")" \
			"$arm64_stage$t")" "$l"
	done
	$SUDO chmod 755 "$arm64_stage"
	$SUDO rm -rf "$arm64_sysroot"
	$SUDO mv "$arm64_stage" "$arm64_sysroot"
	arm64_stage=
	printf '%s\n' \
		"# Written by config/install-deps.sh: the arm64 sysroot (Debian's arm64" \
		"# DPDK $deb_version) that config/arm64_dpdk_sysroot.ini builds against." \
		"[constants]" \
		"sysroot = '$arm64_sysroot'" >"$work/machine.ini"
	$SUDO cp "$work/machine.ini" "$arm64_machine"
	$SUDO touch "$arm64_sysroot/.complete"
	log "arm64 sysroot in $arm64_sysroot"
}

if [ ! -f "$arm64_sysroot/.complete" ] || [ ! -f "$arm64_machine" ]; then
	make_arm64_sysroot
fi

# DPDK's driver-SDK headers, and the example applications the tests run
# (l3fwd-power, l3fwd) as sources: the tests build them with their own Makefile
# against the installed libdpdk.
sdk_dir=$(SOCRX_CACHE="$SOCRX_CACHE" sh "$(dirname "$0")/dpdk-sdk.sh")
echo "$arm64_machine"
echo "$sdk_dir"
