#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
#
# Installs what socrx needs on a Debian 12 machine, idempotently:
#   - the Debian packages of the build, the tests and the benchmarks;
#   - DPDK's driver-SDK headers (ethdev_driver.h, bus_vdev_driver.h, ...),
#     which Debian's libdpdk-dev does not ship, taken from Debian's own
#     source package of exactly the installed DPDK version and kept in a
#     cache directory outside the source tree.
#
# Prints the SDK directory on its last line of standard output.
set -eu

SOCRX_CACHE=${SOCRX_CACHE:-/var/cache/socrx}
# qemu-user and the arm64 cross compiler run lib/csum's arm64 kernels in the
# tests; python3-scapy builds the golden packet corpora; iperf3, ping and
# ethtool drive real traffic through socrx-router (tests/app).
PACKAGES="build-essential meson ninja-build pkg-config python3 python3-pyelftools
	python3-scapy libdpdk-dev dpdk dpdk-dev libnuma-dev libpcap-dev dpkg-dev
	gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user
	clang libclang-rt-14-dev
	iperf3 iputils-ping ethtool"

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

deb_version=$(dpkg-query -W -f='${Version}' libdpdk-dev)
upstream_version=${deb_version%%-*}
sdk_dir="$SOCRX_CACHE/dpdk-sdk-$deb_version"

if [ -f "$sdk_dir/.complete" ]; then
	echo "$sdk_dir"
	exit 0
fi

# apt-get source needs a deb-src entry. Derive one from the machine's own
# Debian sources (deb822 or one-line format) when none is configured.
have_deb_src() {
	grep -rqsE '^(deb-src|Types:.*deb-src)' /etc/apt/sources.list \
		/etc/apt/sources.list.d/
}
if ! have_deb_src; then
	log "adding deb-src entries mirroring the configured Debian sources"
	src=/etc/apt/sources.list.d/socrx-deb-src.sources
	tmp=$(mktemp)
	if ls /etc/apt/sources.list.d/*.sources >/dev/null 2>&1; then
		cat /etc/apt/sources.list.d/*.sources |
			sed -n '/^Types:.*deb/,/^$/p' |
			sed 's/^Types:.*/Types: deb-src/' >"$tmp"
	fi
	if [ -f /etc/apt/sources.list ]; then
		grep -E '^deb ' /etc/apt/sources.list |
			sed 's/^deb /deb-src /' >"$tmp.list" || true
		[ -s "$tmp.list" ] &&
			$SUDO cp "$tmp.list" /etc/apt/sources.list.d/socrx-deb-src.list
		rm -f "$tmp.list"
	fi
	[ -s "$tmp" ] && $SUDO cp "$tmp" "$src"
	rm -f "$tmp"
	$SUDO apt-get update -qq >&2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
log "fetching Debian source of dpdk $deb_version"
(cd "$work" && apt-get source -qq "dpdk=$deb_version" >&2)
srcdir=$(find "$work" -maxdepth 1 -type d -name 'dpdk*' | head -n 1)
if [ -z "$srcdir" ] || [ ! -f "$srcdir/debian/changelog" ]; then
	log "error: could not unpack the dpdk source package"
	exit 1
fi
src_version=$(dpkg-parsechangelog -l "$srcdir/debian/changelog" -S Version)
if [ "$src_version" != "$deb_version" ]; then
	log "error: source package $src_version differs from installed $deb_version"
	exit 1
fi

# The headers DPDK installs only with enable_driver_sdk: every file listed
# in a 'driver_sdk_headers' block of a meson.build under lib/ and drivers/bus.
stage="$work/sdk"
mkdir -p "$stage/include"
find "$srcdir/lib" "$srcdir/drivers/bus" -name meson.build | while read -r mb; do
	dir=$(dirname "$mb")
	awk '/driver_sdk_headers *\+?= *files\(/ { on = 1 }
	     on { while (match($0, /'"'"'[^'"'"']+\.h'"'"'/)) {
			print substr($0, RSTART + 1, RLENGTH - 2);
			$0 = substr($0, RSTART + RLENGTH) } }
	     on && /\)/ { on = 0 }' "$mb" | while read -r h; do
		cp "$dir/$h" "$stage/include/"
	done
done
for h in ethdev_driver.h ethdev_vdev.h bus_vdev_driver.h dev_driver.h bus_driver.h; do
	if [ ! -f "$stage/include/$h" ]; then
		log "error: $h not found in the dpdk source package"
		exit 1
	fi
done
echo "$upstream_version" >"$stage/VERSION"
echo "$deb_version" >"$stage/DEBIAN_VERSION"
$SUDO mkdir -p "$SOCRX_CACHE"
$SUDO rm -rf "$sdk_dir"
$SUDO cp -r "$stage" "$sdk_dir"
$SUDO touch "$sdk_dir/.complete"
log "driver-SDK headers in $sdk_dir"
echo "$sdk_dir"
