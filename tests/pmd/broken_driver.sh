#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
#
# Deliberately broken driver experiments (docs/design/robustness.md,
# "Deliberately broken drivers"): each experiment breaks a PMD in one known
# way and checks that the test meant to catch that breakage FAILS. The
# source tree is never touched: it is copied to a scratch directory, the
# breakage applied to the copy as a patch, the copy built and the test run
# there, the patch reverted after.
#
# net_stmmac_uio:
#   (a) the read barrier after the OWN check removed from the RX harvest
#       -> pmd_ordering (robustness row 13, write-ordering adversary);
#   (b) the ring buffers not returned to the page pool on queue stop
#       -> pmd_lifecycle (row 18: pool back at its baseline after stop);
#   (c) the runt check removed (socnic_rx_frame_error(), every family's):
#       a PL of 0 or <= 4 goes up as a 0..4-byte mbuf -> pmd_faults
#       (fault_len_ppm, row 9);
#   (d) non-coherent RX: the clean+invalidate of the next descriptor's line
#       before its status is read removed -> pmd_forward_nc (the status
#       read is the cache's stale copy: nothing is ever received);
#   (e) non-coherent TX: the clean of each segment's bytes (step A of the
#       burst) removed -> pmd_lifecycle_nc (the device reads bytes the
#       driver wrote and never cleaned: model_nc_unclean_reads);
#   (f) non-coherent: packed 16-byte descriptors (no DSL padding), four to
#       a cache line -> pmd_chaos_nc (re-arming a descriptor writes back a
#       stale copy of its neighbours: model_nc_clobbers);
#   (l) non-coherent TX: the fence between the segments' cleans and the
#       first descriptor store removed -> pmd_txwrap_nc (a descriptor the
#       DMA may fetch at once, whatever the tail, reaches DRAM before its
#       bytes surely have: model_nc_tx_stale).
# net_mvneta_uio, the same breakages where they apply (no (f): a NETA
# descriptor fills its own 32-byte line):
#   (g) the check that a counted descriptor's write-back has landed (its
#       size word no longer the refill's watermark) removed from the RX
#       harvest: NETA's row 13, the occupied count read before the
#       descriptor words -> pmd_faults_mvneta (fault_wb_late_ppm);
#   (h) the ring buffers not returned on queue stop -> pmd_lifecycle_mvneta;
#   (i) the runt check removed -> pmd_faults_mvneta (fault_len_ppm);
#   (j) non-coherent RX: the clean+invalidate of the harvested descriptors
#       before their words are read removed -> pmd_forward_mvneta_nc;
#   (k) non-coherent TX: the clean of each segment's bytes before the
#       doorbell (TXQ_UPDATE) removed -> pmd_lifecycle_mvneta_nc.
#   The _nc tests are the same binaries run with SOCRX_TEST_DEVARGS=
#   dma=noncoherent, the _mvneta ones with SOCRX_TEST_FAMILY=mvneta
#   (tests/pmd/meson.build).
#
# Each breakage is anchored on a function and one line of it (leading
# whitespace ignored; a second line's text where the first is not unique):
# the anchor must occur exactly once in the function, and the statement(s)
# starting there are deleted.
#
# Usage: tests/pmd/broken_driver.sh [--suite] [--src DIR] [letter...]
#        tests/pmd/broken_driver.sh --check [--src DIR] [letter...]
#        tests/pmd/broken_driver.sh --list
#   no letter: every experiment; --suite: also run the whole pmd suite on
#   each broken build and list every test that fails. --check: no build:
#   each breakage made, applied to a scratch copy of its file and
#   reverted; fails naming the experiment whose anchor is missing or
#   ambiguous (the `broken_anchors` test of the fast suite runs it).
#   --list: the experiments, one a line (letter, file, function, anchor,
#   test). --src: the tree to copy (default: the one holding the script).
# Environment: SOCRX_BROKEN_DIR (scratch directory, default
#   /tmp/socrx-broken-driver), SOCRX_DPDK_SDK (driver-SDK directory,
#   default: what config/install-deps.sh prints).
# Exit status: 0 when every experiment behaved (anchor found once, the
#   broken tree built, its test failed); 1 otherwise; 2 on a usage error.
# The full run is not run by CI: it builds the project (a few minutes on
#   two cores).
set -eu

src=$(cd "$(dirname "$0")/../.." && pwd)
work=${SOCRX_BROKEN_DIR:-/tmp/socrx-broken-driver}
suite=0
mode=run
exps=

usage() {
	echo "usage: $0 [--check | --list] [--suite] [--src DIR] [letter ...]" >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case "$1" in
	--suite) suite=1 ;;
	--check) mode=check ;;
	--list) mode=list ;;
	--src)
		[ $# -ge 2 ] || usage
		src=$(cd "$2" && pwd)
		shift
		;;
	-*) usage ;;
	*) exps="${exps:+$exps }$1" ;;
	esac
	shift
done

# A full run copies the tree whole: never a directory that is not a socrx
# checkout (a copy of this script run from elsewhere would otherwise take
# "/"). --check reads only the experiments' files.
if [ "$mode" = run ] && { [ ! -f "$src/meson.build" ] ||
	[ ! -f "$src/tests/pmd/broken_driver.sh" ] ||
	[ ! -d "$src/drivers/stmmac_uio" ]; }; then
	echo "broken_driver: $src is not a socrx source tree; name one with --src DIR" >&2
	exit 2
fi

log() { echo "broken_driver: $*"; }

# The experiments, one a line, fields split at "|": letter, file, the
# function the edit stays in, the anchor (the first line deleted, leading
# whitespace aside), the text the line after the anchor must hold where the
# anchor alone is not unique in the function (else empty), how many
# statements are deleted from the anchor on, the test that must fail.
experiments() {
	cat <<'EOF'
a|drivers/stmmac_uio/stmmac_rx_fast.c|stmmac_rx_harvest|socnic_desc_rmb(&rxq->q.rmb);||1|pmd_ordering
b|drivers/common/socnic/socnic_rx_queue.c|socnic_rx_queue_recycle|socnic_rx_ring_recycle(q->lib.pool, q->sw_ring, q->nb_desc);||1|pmd_lifecycle
c|drivers/common/socnic/socnic_rx_queue.h|socnic_rx_frame_error|if (len < RTE_ETHER_HDR_LEN)||1|pmd_faults
d|drivers/stmmac_uio/stmmac_rx_fast.c|stmmac_rx_harvest|if (nc)||1|pmd_forward_nc
e|drivers/stmmac_uio/stmmac_txq.c|stmmac_tx_clean_payloads|for (; need != 0 && seg != NULL; seg = seg->next)||1|pmd_lifecycle_nc
f|drivers/stmmac_uio/stmmac_hw.c|stmmac_hw_dma_layout|ad->dsl = gap / bus;||2|pmd_chaos_nc
g|drivers/mvneta_uio/mvneta_rx_fast.c|mvneta_rx_harvest|if (unlikely(w1 == MVNETA_DESC_WATERMARK)) {||1|pmd_faults_mvneta
h|drivers/common/socnic/socnic_rx_queue.c|socnic_rx_queue_recycle|socnic_rx_ring_recycle(q->lib.pool, q->sw_ring, q->nb_desc);||1|pmd_lifecycle_mvneta
i|drivers/common/socnic/socnic_rx_queue.h|socnic_rx_frame_error|if (len < RTE_ETHER_HDR_LEN)||1|pmd_faults_mvneta
j|drivers/mvneta_uio/mvneta_rx_fast.c|mvneta_rx_harvest|if (nc)||1|pmd_forward_mvneta_nc
k|drivers/mvneta_uio/mvneta_txq.c|mvneta_xmit_tmpl|if (nc)|rxp_sync_clean(|1|pmd_lifecycle_mvneta_nc
l|drivers/stmmac_uio/stmmac_txq.c|stmmac_xmit_tmpl|if (nb_take != 0)||1|pmd_txwrap_nc
EOF
}

# Sets file, fn, anchor, nxt, nstmt and test from experiment $1's line.
exp_def() {
	IFS='|' read -r _ file fn anchor nxt nstmt test <<EOF
$(experiments | awk -F '|' -v l="$1" '$1 == l')
EOF
}

all=$(experiments | cut -d '|' -f 1 | tr '\n' ' ')
all=${all% }
for exp in $exps; do
	[ -n "$(experiments | awk -F '|' -v l="$exp" '$1 == l')" ] || usage
done
[ -n "$exps" ] || exps=$all

# Writes file $2 (path of the tree's $file) with experiment $1's breakage
# to $3. Fails with a message naming the experiment when the function is
# missing, the anchor is not found exactly once in it, or the statements
# from the anchor do not end inside the function.
break_file() {
	awk -v letter="$1" -v fname="$fn" -v anchor="$anchor" -v nxt="$nxt" \
	    -v nstmt="$nstmt" -v path="$file" '
	function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
	# The code of line s: comments (incomment carries /* */ across lines),
	# string and character literals left out.
	function code(s,    out, c, k, n, e, q) {
		out = ""; n = length(s); k = 1
		while (k <= n) {
			if (incomment) {
				e = index(substr(s, k), "*/")
				if (e == 0)
					return out
				k += e + 1; incomment = 0; continue
			}
			c = substr(s, k, 2)
			if (c == "/*") { incomment = 1; k += 2; continue }
			if (c == "//")
				return out
			c = substr(s, k, 1)
			if (c == "\"" || c == "\047") {
				q = c; k++
				while (k <= n && substr(s, k, 1) != q) {
					if (substr(s, k, 1) == "\\")
						k++
					k++
				}
				k++; continue
			}
			out = out c; k++
		}
		return out
	}
	function count(s, re,    t) { t = s; return gsub(re, "", t) }
	function fail(msg) {
		printf "broken_driver: experiment (%s): %s\n", letter, msg > "/dev/stderr"
		bad = 1; exit 1
	}
	{ line[NR] = $0 }
	END {
		if (bad)
			exit 1
		for (i = 1; i <= NR && first == 0; i++)
			if (index(line[i], fname "(") == 1)
				first = i
		if (first == 0)
			fail("no function " fname "() in " path)
		for (last = first + 1; last <= NR && line[last] !~ /^}/; last++)
			;
		n = 0
		for (i = first; i < last; i++)
			if (trim(line[i]) == anchor &&
			    (nxt == "" || index(line[i + 1], nxt) > 0)) {
				n++; at = i
			}
		if (n != 1)
			fail("anchor \"" anchor "\"" (nxt == "" ? "" : " (then \"" nxt "\")") \
			     " found " n " times in " fname "() of " path)
		p = 0; b = 0; left = nstmt
		for (j = at; j < last && left > 0; j++) {
			c = code(line[j])
			p += count(c, "\\(") - count(c, "\\)")
			b += count(c, "{") - count(c, "}")
			c = trim(c)
			if (p == 0 && b == 0 && c ~ /[;}]$/)
				left--
		}
		if (left > 0)
			fail("the statement at the anchor does not end inside " fname "() of " path)
		for (i = 1; i <= NR; i++)
			if (i < at || i >= j)
				print line[i]
	}' "$2" >"$3"
}

# The breakage of experiment $1 as a unified diff (a/ and b/ paths) of the
# file in tree $2, written to $3; the scratch directory $4 is used.
make_patch() {
	exp_def "$1"
	rm -rf "$4/new"
	if [ ! -f "$2/$file" ]; then
		echo "broken_driver: experiment ($1): no file $file" >&2
		return 1
	fi
	mkdir -p "$4/new/$(dirname "$file")"
	break_file "$1" "$2/$file" "$4/new/$file" || return 1
	(diff -u "$2/$file" "$4/new/$file" || true) |
		sed -e "1s#^--- [^	]*#--- a/$file#" \
		    -e "2s#^+++ [^	]*#+++ b/$file#" >"$3"
	rm -rf "$4/new"
	if [ ! -s "$3" ]; then
		echo "broken_driver: experiment ($1): the breakage changes nothing in $file" >&2
		return 1
	fi
}

if [ "$mode" = list ]; then
	for exp in $exps; do
		exp_def "$exp"
		printf '%s\t%s\t%s\t%s\t%s\n' "$exp" "$file" "$fn" "$anchor" "$test"
	done
	exit 0
fi

if [ "$mode" = check ]; then
	scratch=$(mktemp -d "${TMPDIR:-/tmp}/socrx-anchors.XXXXXX")
	trap 'rm -rf "$scratch"' EXIT INT TERM
	bad=
	for exp in $exps; do
		p=$scratch/exp-$exp.patch
		if ! make_patch "$exp" "$src" "$p" "$scratch"; then
			bad="$bad $exp"
			continue
		fi
		# The test's source (its meson name less the family and
		# interconnect suffixes; the full run asks meson itself).
		base=${test#pmd_}
		base=${base%_nc}
		base=${base%_mvneta}
		if [ ! -f "$src/tests/pmd/test_pmd_$base.c" ]; then
			echo "broken_driver: experiment ($exp): no tests/pmd/test_pmd_$base.c for test $test" >&2
			bad="$bad $exp"
			continue
		fi
		copy=$scratch/tree/$file
		rm -rf "$scratch/tree"
		mkdir -p "$(dirname "$copy")"
		cp "$src/$file" "$copy"
		if (cd "$scratch/tree" && patch -s -p1 <"$p") &&
		    ! cmp -s "$src/$file" "$copy" &&
		    (cd "$scratch/tree" && patch -s -R -p1 <"$p") &&
		    cmp -s "$src/$file" "$copy"; then
			echo "experiment ($exp): $fn() of $file," \
			     "$(grep -c '^-[^-]' "$p") line(s) removed: applies and reverts"
		else
			echo "broken_driver: experiment ($exp): its patch does not apply and revert on $file" >&2
			bad="$bad $exp"
		fi
	done
	if [ -n "$bad" ]; then
		log "anchors missing or ambiguous:$bad"
		exit 1
	fi
	exit 0
fi

tree=$work/src
build=$work/build

case "$work" in
"$src" | "$src"/*)
	echo "broken_driver: $work is inside the source tree" >&2
	exit 2
	;;
esac

sdk=${SOCRX_DPDK_SDK:-$(sh "$src/config/install-deps.sh" | tail -n 1)}

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

bad=
if ! ninja -C "$build" >"$work/baseline-build.log" 2>&1; then
	log "the unmodified copy does not build (log: $work/baseline-build.log)"
	exit 1
fi
# What fails without any breakage is not the experiments' doing.
if [ "$suite" = 1 ]; then
	run_suite "$build" baseline
fi
for exp in $exps; do
	if ! make_patch "$exp" "$tree" "$work/exp-$exp.patch" "$work"; then
		bad="$bad $exp"
		continue
	fi
	log "experiment ($exp): applying"
	cat "$work/exp-$exp.patch"
	(cd "$tree" && patch -s -p1 <"$work/exp-$exp.patch")
	if ninja -C "$build" >"$work/exp-$exp-build.log" 2>&1; then
		run_expect_fail "$exp" "$test" || bad="$bad $exp"
		if [ "$suite" = 1 ]; then
			run_suite "$build" "exp-$exp"
		fi
	else
		log "experiment ($exp): the broken tree does not build (log: $work/exp-$exp-build.log)"
		bad="$bad $exp"
	fi
	(cd "$tree" && patch -s -R -p1 <"$work/exp-$exp.patch")
done
# The copy builds clean again (the last patch reverted).
if ! ninja -C "$build" >"$work/restore-build.log" 2>&1; then
	log "the restored copy does not build (log: $work/restore-build.log)"
	exit 1
fi
if [ -n "$bad" ]; then
	log "experiments that did not behave:$bad"
	exit 1
fi
log "every experiment's test failed as expected: $exps"
