#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
#
# DPDK's driver-SDK headers (ethdev_driver.h, bus_vdev_driver.h, ...),
# which Debian's libdpdk-dev does not ship, taken from Debian's own source
# package of exactly the installed DPDK version, and the examples the tests
# build (l3fwd-power, l3fwd) with testpmd's sources (test-pmd: Debian's
# dpdk-testpmd lacks the ieee1588 engine, which needs RTE_LIBRTE_IEEE1588 at
# build time), kept in a cache directory outside the source tree;
# idempotent. Used by config/install-deps.sh on the host and by
# config/debian-root.sh inside each Debian root tree.
#
# Prints the SDK directory on its last line of standard output.
set -eu

SOCRX_CACHE=${SOCRX_CACHE:-/var/cache/socrx}

log() { echo "dpdk-sdk: $*" >&2; }

if [ "$(id -u)" -ne 0 ]; then
	SUDO=sudo
else
	SUDO=
fi

deb_version=$(dpkg-query -W -f='${Version}' libdpdk-dev)
upstream_version=${deb_version%%-*}
sdk_dir="$SOCRX_CACHE/dpdk-sdk-$deb_version"
examples_dir="$SOCRX_CACHE/dpdk-examples-$deb_version"
# The examples kept (with common/, which they include): a cache made before
# one was added lacks it and is made again.
examples="l3fwd-power l3fwd"

# rte_flow_driver.h and rte_tm_driver.h are public up to DPDK 24.11,
# driver-SDK only from 25.11: an SDK made before socrx needed them is made
# again.
ethdev_driver_headers="rte_flow_driver.h rte_tm_driver.h"
ethdev_driver_ok() {
	for h in $ethdev_driver_headers; do
		[ -f "/usr/include/dpdk/$h" ] || [ -f "$sdk_dir/include/$h" ] ||
			return 1
	done
}
examples_ok() {
	for ex in $examples common; do
		[ -d "$examples_dir/$ex" ] || return 1
	done
	# testpmd's sources come only from the source package (.no-test-pmd:
	# none was served).
	[ -d "$examples_dir/test-pmd" ] || [ -f "$examples_dir/.no-test-pmd" ]
}
if [ -f "$sdk_dir/.complete" ] && [ -f "$examples_dir/.complete" ] &&
	ethdev_driver_ok && examples_ok; then
	echo "$sdk_dir"
	exit 0
fi

# apt-get source needs a deb-src entry. Derive one from the machine's own
# Debian sources (deb822 or one-line format) when none is configured.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"

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

# A tree made by mmdebstrap keeps no package lists.
if ! apt-cache showsrc "dpdk=$deb_version" 2>/dev/null | grep -q '^Package:'; then
	$SUDO apt-get update -qq >&2
fi
stage="$work/sdk"
mkdir -p "$stage/include"
srcdir=
log "fetching Debian source of dpdk $deb_version"
if (cd "$work" && apt-get source -qq "dpdk=$deb_version" >&2); then
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
	echo "Debian source package dpdk $deb_version" >"$stage/SOURCE"
else
	# Where the package registry serves no source package, the driver-SDK
	# headers socrx includes, kept in this tree per DPDK series
	# (config/dpdk-sdk/SERIES/SOURCE names the upstream tag and blobs),
	# and the examples from that version's dpdk-doc package.
	series=$(echo "$upstream_version" | cut -d. -f1,2)
	kept="$(dirname "$0")/dpdk-sdk/$series"
	if [ ! -f "$kept/SOURCE" ]; then
		log "error: no source package of dpdk $deb_version, and no kept headers for DPDK $series in $kept"
		exit 1
	fi
	log "no source package served: the driver-SDK headers kept in $kept"
	cp "$kept"/*.h "$stage/include/"
	cp "$kept/SOURCE" "$stage/SOURCE"
	if [ ! -d /usr/share/dpdk/examples/l3fwd-power ] ||
		[ ! -d /usr/share/dpdk/examples/l3fwd ]; then
		DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq \
			"dpdk-doc=$deb_version" >&2
	fi
fi

# The headers DPDK installs only with enable_driver_sdk: every file listed
# in a 'driver_sdk_headers' block of a meson.build under lib/ and drivers/bus.
[ -z "$srcdir" ] ||
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
for h in $ethdev_driver_headers; do
	if [ ! -f "/usr/include/dpdk/$h" ] && [ ! -f "$stage/include/$h" ]; then
		log "error: $h neither installed nor in the driver SDK"
		exit 1
	fi
done
examples_src=${srcdir:+$srcdir/examples}
examples_src=${examples_src:-/usr/share/dpdk/examples}
for ex in $examples common; do
	if [ ! -d "$examples_src/$ex" ]; then
		log "error: examples/$ex not found in $examples_src"
		exit 1
	fi
done
# Made beside the old cache and swapped in: a test building from the old
# one meanwhile never finds it half gone.
$SUDO rm -rf "$examples_dir.new"
$SUDO mkdir -p "$examples_dir.new"
for ex in $examples common; do
	$SUDO cp -r "$examples_src/$ex" "$examples_dir.new/"
done
# testpmd's sources, with the one EAL header they include that DPDK does
# not install (rte_os_shim.h): tests/testlib.py builds them.
if [ -n "$srcdir" ] && [ -d "$srcdir/app/test-pmd" ] &&
	[ -f "$srcdir/lib/eal/linux/include/rte_os_shim.h" ]; then
	$SUDO cp -r "$srcdir/app/test-pmd" "$examples_dir.new/"
	$SUDO cp "$srcdir/lib/eal/linux/include/rte_os_shim.h" \
		"$examples_dir.new/test-pmd/"
else
	$SUDO touch "$examples_dir.new/.no-test-pmd"
fi
echo "$deb_version" | $SUDO tee "$examples_dir.new/DEBIAN_VERSION" >/dev/null
$SUDO touch "$examples_dir.new/.complete"
$SUDO rm -rf "$examples_dir"
$SUDO mv "$examples_dir.new" "$examples_dir"
log "DPDK examples ($examples) in $examples_dir"
echo "$upstream_version" >"$stage/VERSION"
echo "$deb_version" >"$stage/DEBIAN_VERSION"
$SUDO mkdir -p "$SOCRX_CACHE"
$SUDO rm -rf "$sdk_dir"
$SUDO cp -r "$stage" "$sdk_dir"
$SUDO touch "$sdk_dir/.complete"
log "driver-SDK headers in $sdk_dir"
echo "$sdk_dir"
