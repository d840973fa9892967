#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""DPDK's examples/l3fwd-power in its interrupt-only mode on
net_stmmac_uio model ports (RX queue interrupts), loaded with -d; with
--mvneta=PMD_SO also on net_mvneta_uio model ports.

l3fwd-power comes from Debian's source package of the installed DPDK
(config/install-deps.sh keeps examples/l3fwd-power and examples/common in
its cache); this test copies them into the build directory and builds them
there with their own Makefile against the installed libdpdk, once.

Port 0 generates 100 frames 10 ms apart (to 198.19.0.1, which l3fwd-power's
table does not hold, so it sends each back out of port 0, whose model
writes what it sends to a capture); port 1 only sends. Checks: l3fwd-power
starts in interrupt-only mode, every frame comes back out of port 0 (in
the capture while l3fwd-power still runs: the model writes it out when its
wire goes quiet, not only at the port's stop), its lcore logs being woken
by an RX interrupt, and it exits 0 on SIGINT.

Usage: test_l3fwd_power.py EXAMPLES_DIR PMD_SO BUILD_DIR [--mvneta=MVNETA_SO]
Exit: 0 pass, 1 fail, 77 skipped (the examples are not in the cache).
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testlib import build_dpdk_example, check, interrupt, read_pcap, result  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "pmd"))
from testpmd_driver import safe_plugin  # noqa: E402

FRAMES = 100
# Bounded wait for the frames, only against a hang.
WAIT_POLLS = 600
WAIT_POLL_S = 0.05


def frames_in(path):
    try:
        return len(read_pcap(path))
    except (OSError, ValueError):
        return 0


def run(binary, vdev, load, wrapper=(), what=None):
    """l3fwd-power on two model ports of @vdev, with the EAL options @load
    (["-d", PMD_SO], or none where EAL finds the PMD by itself), run by the
    command @wrapper (none, or one that ends by exec'ing its arguments)."""
    what = what or vdev
    with tempfile.TemporaryDirectory(prefix="socrx-l3fwd-power-") as d:
        out0, out1 = os.path.join(d, "out0.pcap"), os.path.join(d, "out1.pcap")
        cmd = list(wrapper) + [binary, "-l", "1", "--no-huge", "--no-pci",
                               "-m", "512", "--no-shconf"] + list(load) + [
               "--vdev", "%s0,gen_rate=100,gen_pkts=%d,tx_pcap=%s"
               % (vdev, FRAMES, out0),
               "--vdev", "%s1,tx_pcap=%s" % (vdev, out1),
               "--", "-p", "0x3", "-P", "--config=(0,0,1),(1,0,1)",
               "--interrupt-only"]
        print("$ " + " ".join(cmd), flush=True)
        log = os.path.join(d, "l3fwd-power.log")
        with open(log, "w") as lf:
            p = subprocess.Popen(cmd, stdout=lf, stderr=subprocess.STDOUT)
            for _ in range(WAIT_POLLS):
                live = frames_in(out0)
                if live >= FRAMES or p.poll() is not None:
                    break
                time.sleep(WAIT_POLL_S)
            rc = interrupt(p)
        with open(log) as f:
            text = f.read()
        print("\n".join(text.split("\n")[-15:]))
        check("Selected operation mode: interrupt-only" in text,
              "%s: l3fwd-power runs in interrupt-only mode" % what, text)
        check(frames_in(out0) == FRAMES,
              "%s: every frame routed back out of port 0 (%d of %d)"
              % (what, frames_in(out0), FRAMES), text)
        check(live == FRAMES, "%s: each in the capture while l3fwd-power "
              "runs (%d of %d)" % (what, live, FRAMES))
        check("is waked up from rx interrupt on port 0 queue 0" in text,
              "%s: its lcore is woken by port 0's RX interrupt" % what, text)
        check(rc == 0, "%s: l3fwd-power exits 0 on SIGINT (%d)" % (what, rc), text)


def main():
    if len(sys.argv) not in (4, 5) or (len(sys.argv) == 5 and
                                       not sys.argv[4].startswith("--mvneta=")):
        print(__doc__)
        return 2
    examples, pmd, builddir = sys.argv[1:4]
    pmds = [(pmd, "net_stmmac_uio")]
    if len(sys.argv) == 5:
        pmds.append((sys.argv[4][len("--mvneta="):], "net_mvneta_uio"))
    if not os.path.isdir(os.path.join(examples, "l3fwd-power")):
        print("SKIP: %s has no l3fwd-power (run config/install-deps.sh)" % examples)
        return 77
    binary = build_dpdk_example(examples, builddir, "l3fwd-power")
    if binary is None:
        return result()
    for so, vdev in pmds:
        # EAL loads no -d plugin under a world-writable directory (/tmp).
        path, tmp = safe_plugin(so)
        try:
            run(binary, vdev, ["-d", os.path.abspath(path)])
        finally:
            if tmp is not None:
                shutil.rmtree(tmp, ignore_errors=True)
    return result()


if __name__ == "__main__":
    sys.exit(main())
