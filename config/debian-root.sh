#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
#
# A Debian root tree of another release, for building and testing socrx
# against that release's DPDK (Debian 13 "trixie": DPDK 24.11; Debian
# testing: DPDK 25.11), made with mmdebstrap from Debian's package registry
# and kept in /var/cache/socrx/root-SUITE:
#
#   config/debian-root.sh SUITE            makes the tree if needed, prints it
#   config/debian-root.sh SUITE run CMD..  runs CMD inside it, in this tree's
#                                          directory (mounted at /src)
#
# SUITE-arm64 (bookworm-arm64, ...) is the tree for cross-building socrx's
# arm64 packages the Debian way: amd64 and arm64 both dpkg architectures,
# the cross compiler and that release's arm64 DPDK (libdpdk-dev:arm64)
# installed by apt, so that dpkg-buildpackage -a arm64 checks the build
# dependencies and dpkg-shlibdeps finds the arm64 libraries' packages
# (config/debian-package.sh --arch arm64).
#
# Idempotent: the tree is made again only when its package list (or this
# script's way of making it) changes. Inside it, config/dpdk-sdk.sh has put
# the driver-SDK headers of exactly that DPDK in /var/cache/socrx. CMD runs
# as root in a private mount namespace holding the host's /dev (hugepages
# included), /proc, /sys and /run; nothing stays mounted after it.
set -eu

SOCRX_CACHE=${SOCRX_CACHE:-/var/cache/socrx}
MIRROR=${SOCRX_DEBIAN_MIRROR:-http://deb.debian.org/debian}

# What the build, the fast/pmd/app suites, the package build and its
# lintian need; ccache keeps the compilers' output in the tree's
# /var/cache/socrx/ccache between runs.
ROOT_PACKAGES="build-essential meson ninja-build pkg-config python3
	python3-pyelftools python3-scapy libdpdk-dev dpdk dpdk-dev libnuma-dev
	libpcap-dev dpkg-dev iproute2 iputils-ping ethtool
	device-tree-compiler gdb iperf3 mount ca-certificates ccache debhelper
	lintian"
# The arm64 cross-build tree's.
CROSS_PACKAGES="build-essential crossbuild-essential-arm64 debhelper meson
	ninja-build pkg-config python3 python3-pyelftools dpkg-dev lintian mount
	ca-certificates ccache libdpdk-dev:arm64 libnuma-dev:arm64
	libpcap-dev:arm64"
# Changing how the tree is made changes this, and so remakes the trees.
ROOT_RECIPE=2

log() { echo "debian-root: $*" >&2; }

usage() {
	echo "usage: $0 SUITE [run CMD...]   (SUITE: trixie, testing, ...)" >&2
	exit 2
}

[ $# -ge 1 ] || usage
suite=$1
shift
case "$suite" in
'' | *[!a-z0-9-]*) usage ;;
esac
if [ "$(id -u)" -ne 0 ]; then
	log "error: making and entering a root tree needs root"
	exit 1
fi

root="$SOCRX_CACHE/root-$suite"
release=$suite
archs=
packages=$ROOT_PACKAGES
case "$suite" in
*-arm64)
	release=${suite%-arm64}
	archs=--architectures=amd64,arm64
	packages=$CROSS_PACKAGES
	;;
esac
# shellcheck disable=SC2086 # word lists
want=$(printf '%s\n' "recipe $ROOT_RECIPE" "mirror $MIRROR" $archs $packages |
	sha256sum | cut -d' ' -f1)

make_root() {
	if ! command -v mmdebstrap >/dev/null; then
		log "installing mmdebstrap"
		DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 \
			install -y -qq mmdebstrap >&2
	fi
	mkdir -p "$SOCRX_CACHE"
	stage="$SOCRX_CACHE/.root-$suite.new"
	rm -rf "$stage"
	log "making the $suite root tree (mmdebstrap, a few minutes)"
	# A registry that mirrors testing can serve a Release file past its
	# Valid-Until (testing's lasts a week): apt is told to take it.
	# shellcheck disable=SC2086
	mmdebstrap --quiet --variant=apt --components=main $archs \
		--dpkgopt=force-unsafe-io \
		--aptopt='Acquire::Check-Valid-Until "false"' \
		--include="$(echo $packages | tr ' ' ',')" \
		"$release" "$stage" "deb $MIRROR $release main" \
		"deb-src $MIRROR $release main" >&2
	# The driver-SDK headers and examples of that DPDK, inside the tree.
	mkdir -p "$stage/src"
	in_root "$stage" /src sh config/dpdk-sdk.sh >/dev/null
	echo "$want" >"$stage/.socrx-root"
	rm -rf "$root"
	mv "$stage" "$root"
	log "$suite root tree in $root"
}

# in_root ROOT DIR CMD...: CMD in ROOT, working directory DIR, this tree at
# /src, in a mount namespace of its own.
in_root() {
	r=$1
	d=$2
	shift 2
	src=$(cd "$(dirname "$0")/.." && pwd)
	unshare --mount --propagation private sh -eu -c '
		r=$1 src=$2 d=$3
		shift 3
		# / a mount point of its own, as ip netns exec needs.
		mount --bind "$r" "$r"
		mount --rbind /dev "$r/dev"
		mount -t proc proc "$r/proc"
		mount --rbind /sys "$r/sys"
		mount -t tmpfs tmpfs "$r/run"
		mkdir -p "$r/run/netns" "$r/run/lock"
		chmod 1777 "$r/run/lock"
		mount --bind "$src" "$r/src"
		cp /etc/resolv.conf "$r/etc/resolv.conf"
		exec chroot "$r" /usr/bin/env -i HOME=/root TERM=dumb \
			PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
			LANG=C.UTF-8 SOCRX_CACHE=/var/cache/socrx \
			CCACHE_DIR=/var/cache/socrx/ccache CCACHE_BASEDIR=/src \
			CCACHE_NOHASHDIR=1 \
			sh -c "cd \"\$0\" && exec \"\$@\"" "$d" "$@"
	' in_root "$r" "$src" "$d" "$@"
}

if [ "$(cat "$root/.socrx-root" 2>/dev/null)" != "$want" ]; then
	make_root
fi
# A cross-build tree keeps the release's arm64 dpdk-dev package (which
# holds dpdk-testpmd) and coreutils (libstdbuf.so, which line-buffers
# testpmd's output for the test) in its /var/cache/socrx, unpacked by the
# arm64 package test over the tree and run under qemu-user there (not
# installed: they are not co-installable with the tools the build needs).
if [ -n "$archs" ] && ! ls "$root"/var/cache/socrx/coreutils_*_arm64.deb >/dev/null 2>&1; then
	log "downloading dpdk-dev:arm64 and coreutils:arm64 into $root/var/cache/socrx"
	in_root "$root" /var/cache/socrx apt-get download -qq dpdk-dev:arm64 \
		coreutils:arm64 >&2
fi

if [ $# -eq 0 ]; then
	echo "$root"
	exit 0
fi
[ "$1" = run ] || usage
shift
[ $# -ge 1 ] || usage
in_root "$root" /src "$@"
