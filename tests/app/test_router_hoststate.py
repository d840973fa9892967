#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""socrx-router's summary says what state the host was in: the line that
explains frames missed on a shared host. Two model ports with rate-limited
generators (the main job's setup, two seconds): the summary ends with a
"host:" line naming two model threads and their CPU share, this process's,
and, where /proc/stat is readable, every CPU's busy time, what other
processes took and the steal time. No figure is judged (no timed
assertion): only that they are there and well formed.

Usage: test_router_hoststate.py ROUTER ROUTES
Exit: 0 pass, 1 fail.
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testlib import check, result  # noqa: E402


def main():
    router, routes = sys.argv[1], sys.argv[2]
    argv = [router, "--no-huge", "--no-pci", "-m", "512", "--no-shconf", "-l", "0,1",
            "--vdev", "net_stmmac_uio0,gen_rate=20000,gen_flows=4",
            "--vdev", "net_stmmac_uio1,gen_ipv6=1,gen_rate=20000,gen_flows=4",
            "--", "--routes", routes, "--duration", "2", "--stats-period", "0"]
    p = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    out = p.stdout + p.stderr
    host = [l for l in p.stdout.splitlines() if l.startswith("host:")]
    print(host[0] if host else out[-2000:])
    check(p.returncode == 0, "the router ran (exit %d)" % p.returncode, out[-2000:])
    check(len(host) == 1, "one host line in the summary", out[-2000:])
    line = host[0] if host else ""
    check(re.search(r"model threads \(the wire\) 2, \d+\.\d % of a CPU together; "
                    r"this process \d+\.\d %", line) is not None,
          "the model threads (2) and this process's CPU share: %r" % line)
    if os.access("/proc/stat", os.R_OK):
        check(re.search(r"all \d+ CPUs busy \d+\.\d % \(others \d+\.\d %\), "
                        r"steal \d+\.\d %", line) is not None,
              "every CPU's busy time, others' share, steal: %r" % line)
    return result()


if __name__ == "__main__":
    sys.exit(main())
