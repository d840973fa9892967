#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
#
# Debian binary packages of socrx for the Debian release this runs on,
# against that release's DPDK:
#
#   config/debian-package.sh [--arch ARCH] [--sdk DIR] [--check] OUT_DIR
#
# The tree keeps no debian/ directory: this script copies the source tree
# into OUT_DIR/src/socrx-VERSION, writes debian/ there and runs
# `dpkg-buildpackage -us -uc -b` (debhelper, `dh $@ --buildsystem=meson`).
# The .deb, .buildinfo and .changes files land in OUT_DIR/src.
#
#   socrx-pmds      net_stmmac_uio and net_mvneta_uio, in the plugin
#                   directory this DPDK's EAL loads by itself; Depends on
#                   the DPDK ABI packages (librte-ethdev23, ...) as
#                   dpkg-shlibdeps finds them; the documentation
#                   (/usr/share/doc/socrx)
#   socrx-router    socrx-router, socrx-devmodel, socrx-board-check
#   libsocrx-csum0  the checksum kernels' shared library
#   libsocrx-dev    rte_pmd_*.h, socrx.pc, the checksum headers, static
#                   library and socrx_csum.pc
#
# Version: meson.build's project version, Debian revision 1, "~debN" on a
# numbered release (VERSION_ID of /etc/os-release), so that the packages of
# two releases differ. --sdk: the DPDK driver-SDK headers (default: the
# directory config/install-deps.sh makes for the installed libdpdk-dev,
# $SOCRX_CACHE/dpdk-sdk-<its Debian version>, made again when it lacks a
# header socrx needs). --check: run the fast test
# suite in the package build (off by default: the test command runs it).
# --arch ARCH: cross-build (dpkg-buildpackage -a ARCH), arm64 only, the
# Debian way: in a tree where apt installed that release's arm64 DPDK
# (libdpdk-dev:arm64) and the cross compiler, which config/debian-root.sh
# SUITE-arm64 makes; dpkg checks the build dependencies, debhelper writes
# meson's cross file, dpkg-shlibdeps finds the arm64 DPDK's packages.
set -eu

SOCRX_CACHE=${SOCRX_CACHE:-/var/cache/socrx}
log() { echo "debian-package: $*" >&2; }
usage() {
	echo "usage: $0 [--arch ARCH] [--sdk DIR] [--check] OUT_DIR" >&2
	exit 2
}

arch=
sdk=
check=no
while [ $# -gt 1 ]; do
	case "$1" in
	--arch) arch=$2; shift 2 ;;
	--sdk) sdk=$2; shift 2 ;;
	--check) check=yes; shift ;;
	*) usage ;;
	esac
done
[ $# -eq 1 ] || usage
case "$1" in -*) usage ;; esac
out=$1

src=$(cd "$(dirname "$0")/.." && pwd)
for tool in dpkg-buildpackage dh meson; do
	if ! command -v $tool >/dev/null; then
		log "error: $tool not found (apt-get install dpkg-dev debhelper meson)"
		exit 1
	fi
done
deb_dpdk=$(dpkg-query -W -f='${Version}' libdpdk-dev 2>/dev/null || true)
if [ -z "$deb_dpdk" ]; then
	log "error: libdpdk-dev is not installed"
	exit 1
fi
[ -n "$sdk" ] || sdk="$SOCRX_CACHE/dpdk-sdk-$deb_dpdk"
# A tree's SDK made before socrx needed rte_flow_driver.h and
# rte_tm_driver.h (driver-SDK only from DPDK 25.11) is made again by
# config/dpdk-sdk.sh.
for h in rte_flow_driver.h rte_tm_driver.h; do
	if [ ! -f "/usr/include/dpdk/$h" ] && [ ! -f "$sdk/include/$h" ]; then
		sdk=$(sh "$(dirname "$0")/dpdk-sdk.sh" | tail -n 1)
		break
	fi
done
if [ ! -f "$sdk/VERSION" ]; then
	log "error: no driver-SDK headers in $sdk (run config/install-deps.sh)"
	exit 1
fi

dpkg_opts=
if [ -n "$arch" ] && [ "$arch" != "$(dpkg --print-architecture)" ]; then
	[ "$arch" = arm64 ] || { log "error: cross builds are for arm64 only"; exit 1; }
	if [ "$(dpkg-query -W -f='${Architecture}' libdpdk-dev)" != "$arch" ]; then
		log "error: libdpdk-dev:$arch is not installed: cross-build in the tree of config/debian-root.sh SUITE-$arch"
		exit 1
	fi
	dpkg_opts="-a $arch"
	# debhelper names the cross compiler in meson's cross file, where
	# meson adds no ccache: ccache's masquerade directory puts it in front
	# of aarch64-linux-gnu-gcc, as meson does for a native build.
	if [ -x /usr/lib/ccache/aarch64-linux-gnu-gcc ]; then
		PATH=/usr/lib/ccache:$PATH
		export PATH
	fi
fi

# The years of the history (or this one, outside a git checkout).
years=$(git -C "$src" log --format=%cd --date=format:%Y 2>/dev/null |
	sort -u | sed -n '1p;$p' | uniq | paste -sd- -)
[ -n "$years" ] || years=$(date +%Y)

version=$(meson introspect --projectinfo "$src/meson.build" |
	python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')
# shellcheck disable=SC1091
. /etc/os-release
revision=1
[ -z "${VERSION_ID:-}" ] || revision="1~deb${VERSION_ID}"
dist=${VERSION_CODENAME:-unstable}
[ -n "${VERSION_ID:-}" ] || dist=unstable

# The scratch copy: the tree without build directories or VCS data.
mkdir -p "$out"
out=$(cd "$out" && pwd)
stage="$out/src"
rm -rf "$stage"
tree="$stage/socrx-$version"
mkdir -p "$tree"
(cd "$src" && tar -cf - --exclude='./build*' --exclude=./.git \
	--exclude=./debian --exclude='./.ci' --exclude='__pycache__' .) |
	(cd "$tree" && tar -xf -)
d="$tree/debian"
mkdir -p "$d/source"

echo "3.0 (quilt)" >"$d/source/format"

maint="${DEBFULLNAME:-socrx maintainers} <${DEBEMAIL:-socrx@users.noreply.github.com}>"
cat >"$d/changelog" <<EOF
socrx ($version-$revision) $dist; urgency=medium

  * socrx $version for Debian ${VERSION_ID:-$dist}, built against DPDK
    $deb_dpdk.

 -- $maint  $(date -R -d "@$(git -C "$src" log -1 --format=%ct 2>/dev/null || date +%s)")
EOF

cat >"$d/control" <<EOF
Source: socrx
Section: net
Priority: optional
Maintainer: $maint
Build-Depends: debhelper-compat (= 13), meson, ninja-build, pkg-config,
 libdpdk-dev, libnuma-dev, libpcap-dev, python3:any
Standards-Version: 4.6.2
Rules-Requires-Root: no

Package: socrx-pmds
Architecture: linux-any
Multi-Arch: same
Depends: \${shlibs:Depends}, \${misc:Depends}
Description: DPDK poll-mode drivers for SoC Ethernet controllers
 socrx is a DPDK receive engine for the Ethernet controllers of
 systems-on-chip: net_stmmac_uio drives Synopsys DesignWare GMAC/QoS
 (stmmac, dwmac4) controllers, net_mvneta_uio the Marvell NETA ports of
 the Armada 3700, both through UIO. Without the hardware, each drives a
 software model of its device.
 .
 The two drivers are installed into DPDK's plugin directory, where
 DPDK applications (dpdk-testpmd, ...) load them without -d.

Package: socrx-router
Architecture: linux-any
Depends: socrx-pmds (= \${binary:Version}), \${shlibs:Depends}, \${misc:Depends}
Description: l3fwd-style router and tools of the socrx DPDK drivers
 socrx-router is an LPM router on DPDK ports (the socrx drivers' and
 DPDK's own). socrx-board-check checks, before DPDK starts, what the
 socrx drivers need of a board; socrx-devmodel serves the socrx device
 model behind a fake UIO device, for testing the UIO backend.

Package: libsocrx-csum0
Section: libs
Architecture: linux-any
Multi-Arch: same
Depends: \${shlibs:Depends}, \${misc:Depends}
Description: Internet checksum kernels of socrx (shared library)
 Scalar, x86-64 (ADX, AVX2, AVX2-VNNI, AVX-512) and arm64 NEON kernels of
 the Internet checksum, picked at run time, as the socrx drivers use them.

Package: libsocrx-dev
Section: libdevel
Architecture: linux-any
Multi-Arch: same
Depends: libsocrx-csum0 (= \${binary:Version}), socrx-pmds (= \${binary:Version}),
 libdpdk-dev, \${misc:Depends}
Description: development files of the socrx DPDK drivers
 The public headers of the socrx drivers (rte_pmd_stmmac_uio.h,
 rte_pmd_mvneta_uio.h) and their pkg-config file socrx.pc, and the
 checksum library's headers, static library and socrx_csum.pc.
EOF

cat >"$d/copyright" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: socrx

Files: *
Copyright: $years socrx contributors
License: BSD-3-Clause

License: BSD-3-Clause
 Redistribution and use in source and binary forms, with or without
 modification, are permitted provided that the following conditions
 are met:
 1. Redistributions of source code must retain the above copyright
    notice, this list of conditions and the following disclaimer.
 2. Redistributions in binary form must reproduce the above copyright
    notice, this list of conditions and the following disclaimer in the
    documentation and/or other materials provided with the distribution.
 3. Neither the name of the copyright holder nor the names of its
    contributors may be used to endorse or promote products derived from
    this software without specific prior written permission.
 .
 THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS
 "AS IS" AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT
 LIMITED TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR
 A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT
 HOLDER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL,
 SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT
 LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE,
 DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY
 THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
 (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
 OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
EOF

# What goes where (paths under debian/tmp, wildcards over the triplet and
# the plugin directory's ABI).
cat >"$d/socrx-pmds.install" <<'EOF'
usr/lib/*/dpdk/pmds-*/librte_net_stmmac_uio.so
usr/lib/*/dpdk/pmds-*/librte_net_mvneta_uio.so
usr/share/doc/socrx
EOF
cat >"$d/socrx-router.install" <<'EOF'
usr/bin/socrx-router
usr/bin/socrx-devmodel
usr/bin/socrx-board-check
usr/share/socrx/routes.cfg
EOF
cat >"$d/libsocrx-csum0.install" <<'EOF'
usr/lib/*/libsocrx_csum.so.*
EOF
cat >"$d/libsocrx-dev.install" <<'EOF'
usr/include/rte_pmd_*.h
usr/include/socrx
usr/lib/*/libsocrx_csum.a
usr/lib/*/libsocrx_csum.so
usr/lib/*/pkgconfig/socrx.pc
usr/lib/*/pkgconfig/socrx_csum.pc
EOF

# The router links both PMDs (it runs from the build tree without -d) and
# finds them through its RUNPATH, DPDK's plugin directory.
cat >"$d/socrx-router.lintian-overrides" <<'EOF'
# socrx-router links the socrx PMDs, which live in DPDK's plugin directory.
custom-library-search-path RUNPATH /usr/lib/*/dpdk/pmds-* [usr/bin/socrx-router]
EOF

# Without --check nothing of tests/ is built but socrx-devmodel.
tests=
meson_tests=-Dtests=false
if [ "$check" = yes ]; then
	tests="--suite fast"
	meson_tests=
fi
cat >"$d/rules" <<EOF
#!/usr/bin/make -f
# Written by config/debian-package.sh.
export DEB_BUILD_MAINT_OPTIONS = hardening=+all

%:
	dh \$@ --buildsystem=meson

override_dh_auto_configure:
	dh_auto_configure -- -Ddpdk_sdk=$sdk -Dwarning_level=3 $meson_tests

override_dh_auto_test:
	dh_auto_test -- --num-processes 2 --print-errorlogs $tests

# The router needs the PMDs of socrx-pmds (its Depends names the exact
# version): dpkg-shlibdeps finds them there.
override_dh_shlibdeps:
	dh_shlibdeps -l\$\$(ls -d \$(CURDIR)/debian/socrx-pmds/usr/lib/*/dpdk/pmds-*)
EOF
chmod +x "$d/rules"

[ "$check" = yes ] || export DEB_BUILD_OPTIONS="nocheck${DEB_BUILD_OPTIONS:+ $DEB_BUILD_OPTIONS}"
log "building socrx $version-$revision for $dist${arch:+ ($arch)} in $tree"
# shellcheck disable=SC2086
(cd "$tree" && dpkg-buildpackage -us -uc -b $dpkg_opts) >"$stage/build.log" 2>&1 || {
	tail -n 40 "$stage/build.log" >&2
	log "error: dpkg-buildpackage failed ($stage/build.log)"
	exit 1
}
ls "$stage"/*.deb "$stage"/*.changes
