#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
#
# The two entry points of the README, for a fresh Debian 12 machine:
#   config/run.sh main   installs, builds and runs the main job
#   config/run.sh test   installs, builds (warnings are errors) and runs the tests
# Both install what they need idempotently (config/install-deps.sh).
set -eu

cd "$(dirname "$0")/.."
job=${1:-}
case "$job" in
main | test) ;;
*)
	echo "usage: $0 main|test" >&2
	exit 2
	;;
esac

# install-deps.sh prints the machine file naming the arm64 sysroot, then
# the DPDK driver-SDK directory on its last line.
deps=$(sh config/install-deps.sh)
# Every build goes through ccache (meson finds it by itself; the cross and
# clang builds name it), its cache in /var/cache/socrx beside the others:
# a later run compiles only what changed. Paths under this tree are made
# relative and the working directory left out of the hash, so that a clone
# elsewhere hits the same entries.
export CCACHE_DIR="${CCACHE_DIR:-${SOCRX_CACHE:-/var/cache/socrx}/ccache}"
export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
sdk_dir=$(printf '%s\n' "$deps" | tail -n 1)
arm64_machine=$(printf '%s\n' "$deps" | tail -n 2 | head -n 1)
builddir=${SOCRX_BUILDDIR:-build}

opts="-Ddpdk_sdk=$sdk_dir -Dwarning_level=3 -Dbuildtype=release"
[ "$job" = test ] && opts="$opts -Dwerror=true"
if [ -f "$builddir/build.ninja" ]; then
	# shellcheck disable=SC2086
	meson setup --reconfigure $opts "$builddir" >/dev/null
else
	# shellcheck disable=SC2086
	meson setup $opts "$builddir"
fi
# The root trees of the other releases and of the arm64 package builds
# (below) are made, when missing or outdated, in the background while this
# machine's builds and tests run: on a fresh machine that is minutes of
# download and unpacking per tree; on a warm one each is a check.
roots_pid=
if [ "$job" = test ]; then
	mkdir -p "$builddir/meson-logs"
	rootslog="$builddir/meson-logs/debian-roots.txt"
	(for suite in trixie testing bookworm bookworm-arm64 trixie-arm64 \
		testing-arm64; do
		sh config/debian-root.sh "$suite" >/dev/null || true
	done) >"$rootslog" 2>&1 &
	roots_pid=$!
fi
ninja -C "$builddir"

# The benchmark's PMDs (tests/bench/ablation.py): the same sources with the
# ablation-only RX burst variants (prefetch before the sync, copy-all),
# which the production build above leaves out, and the driver-alone bench
# beside them, the paced source and the core-to-core probe of the
# cross-core comparisons (tests/bench/compare_rate.py). Built, not run.
if [ "$job" = test ]; then
	benchdir="$builddir-bench"
	if [ ! -f "$benchdir/build.ninja" ]; then
		# shellcheck disable=SC2086
		meson setup $opts -Drx_ablation=true "$benchdir" >/dev/null
	fi
	c2c=
	[ "$(uname -m)" = x86_64 ] && c2c=tests/bench/bench_c2c
	ninja -C "$benchdir" drivers/stmmac_uio/librte_net_stmmac_uio.so \
		drivers/mvneta_uio/librte_net_mvneta_uio.so \
		tests/bench/bench_step tests/bench/bench_feed $c2c
fi

if [ "$job" = main ]; then
	# The router on two model-backed ports with generated traffic (IPv4
	# one way, IPv6 the other), live statistics every second, then the
	# summary. No hugepages, no NIC.
	exec "$builddir/app/socrx-router" --no-huge --no-pci -m 512 \
		--no-shconf -l 0,1 \
		--vdev net_stmmac_uio0,gen_rate=200000,gen_flows=64,model_cpu=0 \
		--vdev net_stmmac_uio1,gen_ipv6=1,gen_rate=200000,gen_flows=64,model_cpu=0 \
		-- --routes config/routes.cfg --duration 5 --stats-period 1
fi

rc=0
meson test -C "$builddir" --print-errorlogs --num-processes 2 || rc=$?

# The same code with AddressSanitizer and UndefinedBehaviorSanitizer: the
# fast, rxpath and pmd suites (leaks detected too). b_lundef=false: an
# instrumented shared library leaves the sanitizer runtime to the program.
# rx_ablation=true: the ablation-only RX burst variants (prefetch before
# the sync, copy-all), which production builds leave out, tested here;
# rx_observe=true: the model sees every RX prefetch (a tree made before
# the option existed gets it too).
# Built with clang (Debian's clang, as the fuzz build below): with the
# sanitizers it compiles this tree in two thirds of gcc's time (a fresh
# machine's first run). A tree an earlier run made with gcc is made anew.
asandir="$builddir-asan"
if [ -f "$asandir/build.ninja" ] &&
	! grep -q '^ command = .*clang ' "$asandir/build.ninja"; then
	rm -rf "$asandir"
fi
if [ ! -f "$asandir/build.ninja" ]; then
	CC="ccache clang" meson setup -Ddpdk_sdk="$sdk_dir" -Dwarning_level=3 \
		-Dwerror=true -Db_sanitize=address,undefined -Db_lundef=false \
		-Drx_ablation=true -Drx_observe=true "$asandir" >/dev/null
else
	# --reconfigure, not meson configure: an option added after the tree
	# was made is unknown to meson configure until the tree is regenerated.
	meson setup --reconfigure -Drx_observe=true "$asandir" >/dev/null
fi
ninja -C "$asandir"
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	meson test -C "$asandir" --print-errorlogs --num-processes 2 \
	--suite fast --suite rxpath --suite pmd --logbase testlog-asan || rc=$?

# A short bounded fuzz run (20 s per harness, a minute in all) with clang's libFuzzer:
# packet parse + verdict, the dwmac4 model's descriptor handling, and the neta
# model's with the NETA RX status decode.
fuzzdir="$builddir-fuzz"
if [ ! -f "$fuzzdir/build.ninja" ]; then
	CC="ccache clang" meson setup -Ddpdk_sdk="$sdk_dir" -Dwarning_level=3 \
		-Dwerror=true "$fuzzdir" >/dev/null
fi
ninja -C "$fuzzdir" tests/fuzz/fuzz_rxp_parse tests/fuzz/fuzz_model_rx \
	tests/fuzz/fuzz_neta_model_rx
meson test -C "$fuzzdir" --no-rebuild --print-errorlogs --suite fuzz \
	--logbase testlog-fuzz || rc=$?

# Everything again for arm64, cross-built against Debian's arm64 DPDK of
# the same version (the sysroot install-deps.sh unpacks): the fast, rxpath
# and pmd suites under qemu-aarch64 on a Cortex-A72 (64-byte data cache
# lines; dc civac runs there), Debian's arm64 dpdk-testpmd loading the
# arm64 PMD included. The cross files (the sysroot's among them) are fixed
# at set-up: the build directory is made again when they change.
armdir="$builddir-arm64"
arm64_files="config/arm64_armv8_linux_gcc.ini config/arm64_ccache.ini $arm64_machine config/arm64_dpdk_sysroot.ini"
if [ ! -f "$armdir/build.ninja" ] ||
	[ "$(cat "$armdir/socrx-cross-files" 2>/dev/null)" != "$arm64_files" ]; then
	[ ! -d "$armdir/meson-private" ] || rm -rf "$armdir"
	meson setup --cross-file config/arm64_armv8_linux_gcc.ini \
		--cross-file config/arm64_ccache.ini --cross-file "$arm64_machine" \
		--cross-file config/arm64_dpdk_sysroot.ini \
		-Ddpdk_sdk="$sdk_dir" -Dwarning_level=3 -Dwerror=true \
		"$armdir" >/dev/null
	echo "$arm64_files" >"$armdir/socrx-cross-files"
fi
ninja -C "$armdir"
meson test -C "$armdir" --print-errorlogs --num-processes 2 \
	--suite fast --suite rxpath --suite pmd --logbase testlog-arm64 || rc=$?

# The root trees made in the background: each step below makes its tree
# again if that failed.
wait "$roots_pid" || true
grep "^debian-root:" "$rootslog" || true

# socrx's Debian packages (tests/install/test_deb.py): built
# (config/debian-package.sh), lintian, installed with apt into a throwaway
# overlay of a clean root tree of their release, dpdk-testpmd without -d,
# purged. Each release's result goes into the closing count as one test.
deblogs=
deb_test() {
	# deb_test SUITE OUT_DIR
	debrc=0
	python3 tests/install/test_deb.py --suite "$1" --out "$2" || debrc=$?
	case $debrc in
	0) debres=OK ;;
	77) debres=SKIP ;;
	*) debres=FAIL rc=$debrc ;;
	esac
	mkdir -p "$2"
	printf '{"name": "deb_packages_%s", "result": "%s"}\n' "$1" "$debres" \
		>"$2/testlog-deb.json"
	deblogs="$deblogs $2/testlog-deb.json"
}
# shellcheck disable=SC1091
deb_test "$(. /etc/os-release && echo "$VERSION_CODENAME")" "$builddir-deb"

# The other DPDKs a board user has: Debian 13's 24.11 and Debian testing's
# 25.11, each in a root tree of its release made with mmdebstrap and kept
# in /var/cache/socrx (config/debian-root.sh), where the project is built
# and the fast, pmd and app suites run (config/root-test.sh), and where
# socrx's packages for that release are built (deb_test above).
# A root tree sees this tree only (at /src): its build directories are here.
case "$builddir" in
/*) inroot=build ;;
*) inroot=$builddir ;;
esac
rootlogs=
for suite in trixie testing; do
	rootdir="$inroot-$suite"
	sh config/debian-root.sh "$suite" run \
		sh config/root-test.sh "$rootdir" "$suite" || rc=$?
	rootlogs="$rootlogs $rootdir/meson-logs/testlog-$suite.json"
	deb_test "$suite" "$rootdir-deb"
done
# The arm64 packages of each release, cross-built in its own root tree
# (config/debian-root.sh RELEASE-arm64), run under qemu-aarch64.
for suite in bookworm trixie testing; do
	deb_test "$suite-arm64" "$inroot-$suite-deb-arm64"
done

# One closing line any CI reader understands, from meson's own logs, after
# a line per build.
# shellcheck disable=SC2086
python3 - "$builddir/meson-logs/testlog.json" \
	"$asandir/meson-logs/testlog-asan.json" \
	"$fuzzdir/meson-logs/testlog-fuzz.json" \
	"$armdir/meson-logs/testlog-arm64.json" $deblogs $rootlogs <<'EOF'
import json, os, sys
total = {"OK": 0, "FAIL": 0, "SKIP": 0}
for f in sys.argv[1:]:
	counts = {"OK": 0, "FAIL": 0, "SKIP": 0}
	failed = []
	lines = open(f).readlines() if os.path.exists(f) else []
	for line in lines:
		t = json.loads(line)
		r = t["result"]
		key = r if r in counts else ("OK" if r == "EXPECTEDFAIL" else "FAIL")
		counts[key] += 1
		total[key] += 1
		if key == "FAIL":
			failed.append("%s (%s, %.0f s)" % (t["name"], r, t.get("duration", 0)))
	print("%s: %d passed, %d failed, %d skipped%s%s" % (f, counts["OK"],
	      counts["FAIL"], counts["SKIP"], "" if lines else " (no log)",
	      ": " + ", ".join(failed) if failed else ""))
	if not lines:
		total["FAIL"] += 1
print("%d passed, %d failed, %d skipped" % (total["OK"], total["FAIL"], total["SKIP"]))
EOF
exit $rc
