#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
#
# Deliberately broken driver experiments (docs/design/robustness.md,
# "Deliberately broken drivers"): each experiment breaks net_stmmac_uio in
# one known way and checks that the test meant to catch that breakage
# FAILS. The source tree is never touched: it is copied to a scratch
# directory, the breakage applied to the copy as a patch, the copy built
# and the test run there, the patch reverted after.
#
#   (a) the read barrier after the OWN check removed from the RX harvest
#       -> pmd_ordering (robustness row 13, write-ordering adversary);
#   (b) the ring buffers not returned to the page pool on queue stop
#       -> pmd_lifecycle (row 18: pool back at its baseline after stop);
#   (c) the runt check removed: a PL of 0 or <= 4 goes up as a 0..4-byte
#       mbuf -> pmd_faults (fault_len_ppm, row 9);
#   (d) non-coherent RX: the clean+invalidate of the next descriptor's line
#       before its status is read removed -> pmd_forward_nc (the status
#       read is the cache's stale copy: nothing is ever received);
#   (e) non-coherent TX: the clean of each segment's bytes before the
#       doorbell removed -> pmd_lifecycle_nc (the device reads bytes the
#       driver wrote and never cleaned: model_nc_unclean_reads);
#   (f) non-coherent: packed 16-byte descriptors (no DSL padding), four to
#       a cache line -> pmd_chaos_nc (re-arming a descriptor writes back a
#       stale copy of its neighbours: model_nc_clobbers).
#   The _nc tests are the same binaries run with SOCRX_TEST_DEVARGS=
#   dma=noncoherent (tests/pmd/meson.build).
#
# Usage: tests/pmd/broken_driver.sh [--suite] [a] [b] [c] [d] [e] [f]
#   no letter: all six; --suite: also run the whole pmd suite on each
#   broken build and list every test that fails.
# Environment: SOCRX_BROKEN_DIR (scratch directory, default
#   /tmp/socrx-broken-driver), SOCRX_DPDK_SDK (driver-SDK directory,
#   default: what config/install-deps.sh prints).
# Exit status: 0 when every experiment's test failed as expected.
# Not run by CI: it builds the project (a few minutes on two cores).
set -eu

src=$(cd "$(dirname "$0")/../.." && pwd)
work=${SOCRX_BROKEN_DIR:-/tmp/socrx-broken-driver}
tree=$work/src
build=$work/build
suite=0
exps=

for arg in "$@"; do
	case "$arg" in
	--suite) suite=1 ;;
	a | b | c | d | e | f) exps="$exps $arg" ;;
	*)
		echo "usage: $0 [--suite] [a] [b] [c] [d] [e] [f]" >&2
		exit 2
		;;
	esac
done
[ -n "$exps" ] || exps="a b c d e f"

case "$work" in
"$src" | "$src"/*)
	echo "broken_driver: $work is inside the source tree" >&2
	exit 2
	;;
esac

sdk=${SOCRX_DPDK_SDK:-$(sh "$src/config/install-deps.sh" | tail -n 1)}

log() { echo "broken_driver: $*"; }

# One run at a time per scratch directory.
mkdir -p "$work"
if ! mkdir "$work/lock" 2>/dev/null; then
	echo "broken_driver: $work/lock exists: another run uses $work" >&2
	exit 2
fi
trap 'rm -rf "$work/lock"' EXIT INT TERM

# A pristine copy of the tree (no build directories, no VCS data), with
# fresh timestamps: a build left over from an earlier run must not take a
# restored file for older than its broken object.
rm -rf "$tree"
mkdir -p "$tree"
(cd "$src" && tar -cf - --exclude='./build*' --exclude=./.git .) |
	(cd "$tree" && tar -xmf -)
if [ ! -f "$build/build.ninja" ]; then
	meson setup "$build" "$tree" -Ddpdk_sdk="$sdk" -Dwarning_level=3 \
		-Dbuildtype=release >"$work/setup.log" 2>&1 || {
		cat "$work/setup.log" >&2
		exit 1
	}
fi

# The breakage of experiment $1 as a unified diff against the copy:
# made by a sed edit anchored on the exact source line, so a changed
# source is reported instead of silently not broken.
make_patch() {
	# file, function the edit stays in, anchor line, lines deleted from it
	case "$1" in
	a)
		file=drivers/stmmac_uio/stmmac_rx_fast.c
		func=stmmac_rx_harvest
		anchor='^	socnic_desc_rmb(&rxq->rmb);$'
		del=1
		;;
	b)
		file=drivers/stmmac_uio/stmmac_rxq.c
		func=stmmac_rx_queue_free_mbufs
		anchor='^			rxp_pool_recycle_direct(rxq->pool, rxq->sw_ring\[i\]);$'
		del=1
		;;
	c)
		# the test and its return statement
		file=drivers/stmmac_uio/stmmac_rxq.c
		func=stmmac_rx_frame_error
		anchor='^	if (len < RTE_ETHER_HDR_LEN)$'
		del=2
		;;
	d)
		# "if (nc)" and the clean+invalidate of the next descriptor
		file=drivers/stmmac_uio/stmmac_rx_fast.c
		func=stmmac_rx_harvest
		anchor='^	if (nc)$'
		del=2
		;;
	e)
		# "if (nc)" and the clean of the segment's bytes (3 lines)
		file=drivers/stmmac_uio/stmmac_txq.c
		func=stmmac_xmit_tmpl
		anchor='^			if (nc)$'
		del=4
		;;
	f)
		# the DSL and the padded stride: packed descriptors stay
		file=drivers/stmmac_uio/stmmac_hw.c
		func=stmmac_hw_dma_layout
		anchor='^	ad->dsl = gap \/ bus;$'
		del=2
		;;
	esac
	range="/^$func(/,/^}/"
	n=$(sed -n "$range{/$anchor/p}" "$tree/$file" | wc -l)
	if [ "$n" != 1 ]; then
		echo "broken_driver: experiment ($1): anchor found $n times in $func() of $file" >&2
		return 1
	fi
	mkdir -p "$work/new/$(dirname "$file")"
	case "$del" in
	1) sed "$range{/$anchor/d}" "$tree/$file" >"$work/new/$file" ;;
	2) sed "$range{/$anchor/{N;d;}}" "$tree/$file" >"$work/new/$file" ;;
	4) sed "$range{/$anchor/{N;N;N;d;}}" "$tree/$file" >"$work/new/$file" ;;
	esac
	(cd "$work" && diff -u "src/$file" "new/$file" |
		sed -e "s#^--- src/#--- a/#" -e "s#^+++ new/#+++ b/#") \
		>"$work/exp-$1.patch" || true
	rm -rf "$work/new"
	[ -s "$work/exp-$1.patch" ]
}

# Runs test $2 of experiment $1 as meson registers it; it must fail.
run_expect_fail() {
	exp=$1
	name=$2
	out=$work/exp-$exp-$name.log
	if ! meson test -C "$build" --no-rebuild --list 2>/dev/null |
		grep -q " $name\$"; then
		log "experiment ($exp): no test $name in $build"
		return 1
	fi
	if meson test -C "$build" --no-rebuild "$name" >/dev/null 2>&1; then
		cp "$build/meson-logs/testlog.txt" "$out"
		log "experiment ($exp): test $name PASSED: the breakage went unnoticed (log: $out)"
		return 1
	fi
	cp "$build/meson-logs/testlog.txt" "$out"
	msg=$(sed -n 's/^.*CHECK(.*) failed: //p' "$out" | head -n 1)
	[ -n "$msg" ] || msg=$(tail -n 1 "$out")
	echo "experiment ($exp): test $name failed as expected: $msg"
}

# The pmd suite on build $1 ($2: a name); lists the tests not OK, each
# with its first failed check.
run_suite() {
	meson test -C "$build" --no-rebuild --suite pmd --num-processes 2 \
		>"$work/$2-suite.log" 2>&1 || true
	log "$2: pmd suite, tests not OK (first failed check):"
	grep -E '^ *[0-9]+/[0-9]+ .*(FAIL|TIMEOUT)' "$work/$2-suite.log" |
		sed 's/^/    /'
	awk '/^test: / { t = $NF; seen = 0 }
	     /CHECK\(.*\) failed: / && !seen {
		sub(/^.*CHECK\(.*\) failed: /, "")
		print "    " t ": " $0; seen = 1 }' \
		"$build/meson-logs/testlog.txt"
}

rc=0
if ! ninja -C "$build" >"$work/baseline-build.log" 2>&1; then
	log "the unmodified copy does not build (log: $work/baseline-build.log)"
	exit 1
fi
# What fails without any breakage is not the experiments' doing.
[ "$suite" = 1 ] && run_suite "$build" baseline
for exp in $exps; do
	case "$exp" in
	a) test=pmd_ordering ;;
	b) test=pmd_lifecycle ;;
	c) test=pmd_faults ;;
	d) test=pmd_forward_nc ;;
	e) test=pmd_lifecycle_nc ;;
	f) test=pmd_chaos_nc ;;
	esac
	make_patch "$exp" || {
		rc=1
		continue
	}
	log "experiment ($exp): applying"
	cat "$work/exp-$exp.patch"
	(cd "$tree" && patch -s -p1 <"$work/exp-$exp.patch")
	if ninja -C "$build" >"$work/exp-$exp-build.log" 2>&1; then
		run_expect_fail "$exp" "$test" || rc=1
		[ "$suite" = 1 ] && run_suite "$build" "exp-$exp"
	else
		log "experiment ($exp): the broken tree does not build (log: $work/exp-$exp-build.log)"
		rc=1
	fi
	(cd "$tree" && patch -s -R -p1 <"$work/exp-$exp.patch")
done
# The copy builds clean again (the last patch reverted).
ninja -C "$build" >"$work/restore-build.log" 2>&1 || rc=1
exit $rc
