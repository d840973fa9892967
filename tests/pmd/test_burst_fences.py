#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""No CPU fence instruction in the PMDs' x86-64 burst functions.

The descriptor barriers of the RX and TX bursts (socnic_io.h) are those of
memory a device writes coherently, rte_io_rmb()/rte_io_wmb() (Linux's
dma_rmb()/dma_wmb()): "dmb oshld"/"dmb oshst" on arm64, compiler barriers
on x86-64. rte_rmb() there is an lfence, which stalls every later
instruction until the status word's miss is served; rte_wmb() an sfence.
Cache maintenance of non-coherent rings and buffers has its fences in
lib/rxpath's sync functions, which the bursts call, not inline.

Disassembles each PMD given (objdump -d) and checks every function of the
fast path, RX and TX bursts of every variant and the RX refill (names
starting with <family>_recv_pkts, <family>_xmit_pkts, <family>_rx_refill),
has no lfence, sfence or mfence. Also checks those functions exist, so a
rename cannot make the test vacuous.

Usage: test_burst_fences.py PMD.so [PMD.so ...]. Exit 77 without objdump.
"""
import re
import shutil
import subprocess
import sys

FAST = re.compile(r"^(stmmac|mvneta)_(recv_pkts|xmit_pkts|rx_refill)")
FUNC = re.compile(r"^[0-9a-f]+ <([^>]+)>:$")
FENCE = re.compile(r"\s(lfence|sfence|mfence)\b")


def check(path, objdump):
    out = subprocess.run([objdump, "-d", "--no-show-raw-insn", path],
                         capture_output=True, text=True, check=True).stdout
    fn = None
    seen = set()
    bad = []
    for line in out.splitlines():
        m = FUNC.match(line)
        if m:
            name = m.group(1)
            fn = name if FAST.match(name) and "@plt" not in name else None
            if fn:
                seen.add(fn.split(".")[0])
            continue
        if fn and FENCE.search(line):
            bad.append("%s: %s: %s" % (path, fn, line.strip()))
    return seen, bad


def main(argv):
    objdump = shutil.which("objdump")
    if objdump is None:
        print("no objdump: skipped")
        return 77
    rc = 0
    for path in argv[1:]:
        seen, bad = check(path, objdump)
        fam = "mvneta" if "mvneta" in path else "stmmac"
        want = {fam + "_recv_pkts", fam + "_recv_pkts_nc", fam + "_xmit_pkts",
                fam + "_xmit_pkts_nc", fam + "_rx_refill"}
        missing = want - seen
        if missing:
            print("%s: fast-path functions not found: %s" % (path, ", ".join(sorted(missing))))
            rc = 1
        for b in bad:
            print(b)
            rc = 1
        print("%s: %d fast-path functions, %d fences" % (path, len(seen), len(bad)))
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv))
