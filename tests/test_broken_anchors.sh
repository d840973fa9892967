#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
#
# The deliberately broken driver experiments still apply to the tree
# (tests/pmd/broken_driver.sh --check: each breakage made, applied to a
# copy of its file and reverted, no build), and the check itself notices
# a changed source: on a scratch copy of each experiment's file, the
# anchor line edited must fail the check naming the experiment, and the
# anchor line doubled must fail it as found twice.
# Usage: test_broken_anchors.sh SOURCE_ROOT
set -eu

root=$1
script=$root/tests/pmd/broken_driver.sh
for tool in awk diff patch cmp; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "SKIP: no $tool"
		exit 77
	fi
done

fails=0
fail() {
	echo "FAIL: $*"
	fails=$((fails + 1))
}

if ! sh "$script" --check --src "$root"; then
	fail "an experiment's anchor does not apply to the tree (above)"
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/socrx-anchor-test.XXXXXX")
trap 'rm -rf "$scratch"' EXIT INT TERM
sh "$script" --list >"$scratch/list"
[ -s "$scratch/list" ] || fail "--list printed nothing"

tab=$(printf '\t')
while IFS="$tab" read -r letter file fn anchor test; do
	copy=$scratch/tree
	rm -rf "$copy"
	mkdir -p "$copy/$(dirname "$file")"
	# Each mutation is made on every line equal to the anchor (leading
	# whitespace aside), in or out of the function; "double" repeats the
	# anchor with the line after it (which some anchors name too).
	ok=1
	for how in edit double; do
		awk -v a="$anchor" -v how="$how" '
		{ t = $0; sub(/^[ \t]+/, "", t); sub(/[ \t]+$/, "", t) }
		pending { print held; print; print held; print; pending = 0; next }
		t == a && how == "edit" { print $0 " /* edited */"; next }
		t == a && how == "double" { held = $0; pending = 1; next }
		{ print }' "$root/$file" >"$copy/$file"
		if cmp -s "$root/$file" "$copy/$file"; then
			fail "($letter) $how: the anchor is not a line of $file"
			ok=0
			continue
		fi
		if sh "$script" --check --src "$copy" "$letter" \
		    >"$scratch/out" 2>&1; then
			fail "($letter) $how: --check passed on a copy whose anchor in $fn() was changed"
			ok=0
			continue
		fi
		case "$how" in
		edit) want="experiment ($letter): anchor .* found 0 times in $fn()" ;;
		double) want="experiment ($letter): anchor .* found 2 times in $fn()" ;;
		esac
		if ! grep -q "$want" "$scratch/out"; then
			fail "($letter) $how: --check did not say \"$want\":"
			cat "$scratch/out"
			ok=0
		fi
	done
	[ "$ok" = 1 ] &&
		echo "($letter) $test: $fn() of $file: anchor edited and doubled, both reported"
done <"$scratch/list"

if [ "$fails" -ne 0 ]; then
	echo "$fails failure(s)"
	exit 1
fi
echo "every experiment's anchor applies and its loss is reported"
