#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""socrx-router forwarding between two net_stmmac_uio ports on the UIO
backend, each port's device a socrx-devmodel (uio0, uio1).

The golden test's corpus and expectations (tests/app/test_router_golden.py,
docs/router.md): tests/data/router_in.pcap is replayed by uio0's device;
each device writes what it transmits to a capture. Once both devices have
sent every frame the routes send their way, the router is stopped
(SIGINT) and the golden test's checks run on its JSON statistics and the
captures: right egress port per route, MACs rewritten (destination the
port's neighbor, source the port's own), TTL / hop limit decremented,
IPv4 checksums valid, drops counted by cause, every mbuf back. The
devmodels end by themselves with the router, with no driver protocol
violation.

With --family neta, port 0 is a net_mvneta_uio port on the NETA devmodel
(its stores trapped; one NETA devmodel per application, as a process has
one tracer) and port 1 stays a net_stmmac_uio port: the capture enters
through the NETA, and the frames routed back out of port 0 leave
through it.

Usage: test_devmodel_router.py DEVMODEL ROUTER SOURCE_ROOT [--family neta]
Exit: 0 pass, 1 fail, 77 skipped (not root; the NETA off x86-64).
"""
import json
import os
import platform
import signal
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "app"))
from devmodel_harness import (HANG_GUARD, DevModel, check, end_all,  # noqa: E402
                              result, skip_if_beyond_reach,
                              skip_unless_root_with_hugepages)
import test_router_golden as golden  # noqa: E402


def run(devmodel, router, srcroot, tmp, expected, family):
    root = os.path.join(tmp, "root")
    os.mkdir(root)
    prefix = "socrx-dmr-%d" % os.getpid()
    out = [os.path.join(tmp, "tx_p%d.pcap" % p) for p in (0, 1)]
    empty = os.path.join(tmp, "empty.pcap")
    golden.write_empty_pcap(empty)
    js = os.path.join(tmp, "router.json")
    rx = [os.path.join(srcroot, "tests", "data", "router_in.pcap"), empty]
    # What the routes send out of each port (bad L4 checksums forwarded).
    want = [sum(1 for e in expected["frames"] if e.get("port") == p) for p in (0, 1)]
    # Port 0's family: its devmodel's model=, its PMD.
    model0 = "model=neta," if family == "neta" else ""
    pmds = ["net_mvneta_uio" if family == "neta" else "net_stmmac_uio",
            "net_stmmac_uio"]
    dms = [DevModel(devmodel, root, "uio%d" % p, prefix,
                    "%srx_pcap=%s,tx_pcap=%s" % (model0 if p == 0 else "",
                                                 rx[p], out[p]))
           for p in (0, 1)]
    r = None
    try:
        for dm in dms:
            check(dm.ready(), "socrx-devmodel %s is ready" % dm.uio)
        macs = expected["port_mac"]
        cmd = [router, "-l", "0,1", "--file-prefix", prefix, "--iova-mode=pa",
               "--no-pci", "--log-level=pmd.net.stmmac*:notice",
               "--log-level=pmd.net.mvneta*:notice"]
        for p in (0, 1):
            cmd += ["--vdev", "%s%d,uio=uio%d,uio_root=%s,mac=%s"
                    % (pmds[p], p, p, root, macs[p])]
        cmd += ["--", "-p", "0x3", "--config", "(0,0,1),(1,0,1)",
                "--routes", os.path.join(srcroot, expected["routes"]),
                "--stats-period", "1", "--json", js]
        print("$ " + " ".join(cmd), flush=True)
        r = subprocess.Popen(cmd, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, universal_newlines=True)
        for p in (0, 1):
            # Or until the router gave up (its output says why).
            st = dms[p].wait_stats(lambda s, n=want[p]: s.get("tx_frames", 0) >= n
                                   or r.poll() is not None)
            check(st.get("tx_frames") == want[p],
                  "uio%d's device sent the %d frames routed to port %d (%s)"
                  % (p, want[p], p, st.get("tx_frames")))
        if r.poll() is None:
            r.send_signal(signal.SIGINT)
        text, _ = r.communicate(timeout=HANG_GUARD)
        skip_if_beyond_reach(text)
        print(text[-3000:], flush=True)
        check(r.returncode == 0, "router exit status %d" % r.returncode)
        for dm in dms:
            rc, last, reason = dm.finish()
            print(dm.log(), flush=True)
            check(rc == 0 and reason == "the application exited",
                  "%s ended with the router (%s, %r)" % (dm.uio, rc, reason))
            check(last.get("violations") == 0 and last.get("rx_missed") == 0,
                  "%s: no driver protocol violation, nothing missed (%s)"
                  % (dm.uio, last))
        if r.returncode == 0:
            with open(js) as f:
                golden.verify("uio", json.load(f), out, expected, False)
    finally:
        end_all(prefix, [r], dms)


def main():
    args = sys.argv[1:]
    family = "dwmac4"
    if len(args) == 5 and args[3] == "--family" and args[4] == "neta":
        family = "neta"
        args = args[:3]
    if len(args) != 3:
        print(__doc__)
        return 1
    devmodel, router, srcroot = args
    if family == "neta" and platform.machine() != "x86_64":
        print("SKIP: the NETA devmodel traps stores through ptrace and an "
              "x86-64 decoder: x86-64 only")
        return 77
    skip_unless_root_with_hugepages()
    with open(os.path.join(srcroot, "tests", "data", "router_expected.json")) as f:
        expected = json.load(f)
    with tempfile.TemporaryDirectory(prefix="socrx-devmodel-router-") as tmp:
        run(os.path.abspath(devmodel), os.path.abspath(router), srcroot, tmp,
            expected, family)
    return result()


if __name__ == "__main__":
    sys.exit(main())
