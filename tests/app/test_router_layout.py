#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""The forwarding loop and the PMDs' bursts are compiled as hot code.

GCC splits a function into a hot part and a cold one (<name>.cold,
optimised for size, placed apart) by its estimate of how often each block
runs; a call to a function declared cold, such as DPDK's rte_log(), makes
the blocks it leads to "never executed". A log call ahead of the polling
loop in fwd_main_loop() once sent the whole loop, every burst the router
forwards, into fwd_main_loop.cold.

Reads the symbol table (nm -S) of socrx-router and of each PMD given and
checks that fwd_main_loop and every RX/TX burst function exist and that
their cold parts, if any, are no more than error stubs (COLD_MAX bytes).

Usage: test_router_layout.py socrx-router [PMD.so ...]. Exit 77 without nm.
"""
import re
import shutil
import subprocess
import sys

COLD_MAX = 256
HOT = {
    "router": re.compile(r"^fwd_main_loop$"),
    "pmd": re.compile(r"^(stmmac|mvneta)_(recv_pkts|xmit_pkts)[a-z0-9_]*$"),
}
SYM = re.compile(r"^[0-9a-f]+ ([0-9a-f]+) [tTW] (\S+)$")


def sizes(path, nm):
    out = subprocess.run([nm, "-S", path], capture_output=True, text=True,
                         check=True).stdout
    found = {}
    for line in out.splitlines():
        m = SYM.match(line)
        if m:
            found[m.group(2)] = int(m.group(1), 16)
    return found


def check(path, kind, nm):
    syms = sizes(path, nm)
    hot = [s for s in syms if HOT[kind].match(s.split(".")[0])
           and "." not in s.replace(".part.0", "")]
    bad = []
    if not hot:
        bad.append("%s: no %s function found" % (path, HOT[kind].pattern))
    for s, size in syms.items():
        if not s.endswith(".cold"):
            continue
        base = s[:-len(".cold")].replace(".part.0", "")
        if HOT[kind].match(base) and size > COLD_MAX:
            bad.append("%s: %s holds %d bytes (at most %d: error stubs only)"
                       % (path, s, size, COLD_MAX))
    return hot, bad


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    nm = shutil.which("nm")
    if nm is None:
        print("SKIP: no nm")
        return 77
    bad = []
    n = 0
    for i, path in enumerate(sys.argv[1:]):
        hot, b = check(path, "router" if i == 0 else "pmd", nm)
        n += len(hot)
        bad += b
    for b in bad:
        print("FAIL:", b)
    if not bad:
        print("ok: %d hot functions, no cold part above %d bytes" % (n, COLD_MAX))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
