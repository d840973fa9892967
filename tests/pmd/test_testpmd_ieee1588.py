#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""testpmd's ieee1588 forwarding engine on a net_stmmac_uio port.

Debian's dpdk-testpmd is built without RTE_LIBRTE_IEEE1588, which the
engine needs; this test builds testpmd with it from the sources the
examples cache keeps (config/dpdk-sdk.sh: the installed version's source
package) and runs the engine as its guide describes: PTP version 2 Sync
frames over Ethernet replayed into the port (rx_pcap=), each received
alone, checked flagged as PTP and stamped by the device, its RX stamp
read, sent back with RTE_MBUF_F_TX_IEEE1588_TMST and its TX stamp polled.
The engine enables timesync only when forwarding starts: the frames the
ring and the MAC's RX FIFO took before (at most its 64 descriptors and 16
KiB; the model holds the rest at its source, flow_ctrl=1) arrive
unstamped and the engine says so; every later one must show an RX and a
TX timestamp. Checked:
  - every frame received, each either reported unstamped (before the
    start) or stamped, the stamped ones at least the capture less what
    the ring and the FIFO hold;
  - an RX and a TX timestamp line for each stamped frame, the RX stamps
    strictly increasing, each frame's TX stamp after its RX stamp, and
    nothing the engine calls wrong (not a Sync, not timestamped after the
    start, a TX stamp missing, a packet dropped);
  - the frames sent back on the wire (tx_pcap=) with their addresses
    swapped.
The model thread is pinned beside testpmd's main lcore (model_cpu=0) and
the test runs alone: the engine polls each TX stamp for at most 1000 us.

Usage: test_testpmd_ieee1588.py PMD_SO EXAMPLES_DIR BUILD_DIR. Exit 0
pass, 1 fail, 77 skipped (no dpdk-testpmd sources in the cache: no source
package was served).
"""
import os
import re
import shutil
import struct
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testpmd_driver import TestpmdSession, safe_plugin  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testlib import build_dpdk_testpmd, check, read_pcap, result, write_pcap  # noqa: E402

FRAMES = 128
RING = 64
# Frames padded to 1024 bytes: the MAC's 16 KiB RX FIFO holds few of them
# beyond the ring before the source is held (PTP ignores the padding).
FRAME_LEN = 1024
# Taken before the start, at most: by the ring, the FIFO and the MAC (the
# frame it holds while the FIFO has no room).
BEFORE_MAX = RING + 16384 // FRAME_LEN + 1
PTP_DST = bytes.fromhex("011b19000000")
SRC = bytes.fromhex("020000000099")
MAX_POLLS = 600


def sync_frame(seq):
    """A PTP version 2 Sync over Ethernet (IEEE 1588-2008 13.3, 13.6)."""
    hdr = struct.pack(">BBHBB", 0x00, 0x02, 44, 0, 0) + bytes(8 + 4) + \
        bytes(10) + struct.pack(">HBb", seq, 0, 0)
    body = bytes(10)    # originTimestamp
    f = PTP_DST + SRC + struct.pack(">H", 0x88f7) + hdr + body
    return f + bytes(max(0, FRAME_LEN - len(f)))


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 1
    so, examples, builddir = (os.path.abspath(a) for a in sys.argv[1:])
    testpmd = build_dpdk_testpmd(examples, builddir, ["RTE_LIBRTE_IEEE1588"])
    if testpmd is None:
        if not os.path.isdir(os.path.join(examples, "test-pmd")):
            print("skipped: no testpmd sources in %s (no DPDK source package)" % examples)
            return 77
        return result()
    so, cleanup = safe_plugin(so)
    tmp = tempfile.mkdtemp(prefix="socrx-ieee1588-")
    log = []
    try:
        inp, outp = os.path.join(tmp, "sync.pcap"), os.path.join(tmp, "out.pcap")
        frames = [sync_frame(i) for i in range(FRAMES)]
        write_pcap(inp, frames)
        eal = ["--no-huge", "--no-pci", "-m", "512", "--no-shconf", "-l", "0,1",
               "--log-level=pmd.net.stmmac*:notice", "-d", so, "--vdev",
               "net_stmmac_uio0,ptp_clk=50000000,rx_pcap=%s,tx_pcap=%s,model_cpu=0"
               % (inp, outp)]
        t = TestpmdSession(eal, ["--forward-mode=ieee1588", "--total-num-mbufs=8192",
                                 "--rxd=%d" % RING,
                                 "--txd=%d" % RING, "--no-flush-rx"], log, testpmd)
        t.cmd("start")
        for _ in range(MAX_POLLS):
            st = t.port_stats().get(0, {})
            if st.get("RX-packets", 0) >= FRAMES and st.get("TX-packets", 0) >= \
                    FRAMES - BEFORE_MAX:
                break
            time.sleep(0.1)
        t.cmd("stop")
        t.quit()
        out = "".join(log)
        rx = [(int(s), int(n)) for s, n in
              re.findall(r"Port 0 RX timestamp value (\d+) s (\d+) ns", out)]
        tx = [(int(s), int(n)) for s, n in
              re.findall(r"Port 0 TX timestamp value (\d+) s (\d+) ns", out)]
        early = len(re.findall(r"Port 0 Received PTP packet not filtered by hardware", out))
        syncs = len(re.findall(r"Port 0 IEEE1588 PTP V2 SYNC Message filtered by hardware", out))
        print("%d frames: %d before the engine's start (unstamped), %d Sync "
              "stamped, %d RX and %d TX timestamps" % (FRAMES, early, syncs, len(rx), len(tx)))
        for line in re.findall(r"Port 0 [RT]X timestamp value.*", out)[:6]:
            print("  " + line)
        check(early + syncs == FRAMES, "every frame received: %d unstamped before the "
              "start + %d stamped = %d" % (early, syncs, FRAMES))
        check(syncs >= FRAMES - BEFORE_MAX and syncs > 0,
              "at least the frames beyond the ring and the FIFO stamped (%d >= %d)"
              % (syncs, FRAMES - BEFORE_MAX))
        check(len(rx) == syncs and len(tx) == syncs,
              "an RX and a TX timestamp for each stamped Sync (%d, %d of %d)"
              % (len(rx), len(tx), syncs))
        check(all(a < b for a, b in zip(rx, rx[1:])), "RX timestamps strictly increasing")
        check(all(r < x for r, x in zip(rx, tx)), "each TX timestamp after its frame's RX one")
        for bad in ("not timestamped", "registers not valid", "unexpected message ID",
                    "wrong PTP", "sent PTP packet dropped", "NON PTP packet incorrectly"):
            check(bad not in out, "the engine never says '%s'" % bad)
        sent = read_pcap(outp) if os.path.exists(outp) else []
        check(len(sent) == syncs and all(f[:6] == SRC and f[6:12] == PTP_DST for f in sent),
              "the stamped frames sent back, addresses swapped (%d of %d)" % (len(sent), syncs))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        if cleanup:
            shutil.rmtree(cleanup, ignore_errors=True)
    if failures_present():
        print("".join(log)[-6000:])
    return result()


def failures_present():
    import testlib
    return bool(testlib.failures)


if __name__ == "__main__":
    sys.exit(main())
