#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Debian's dpdk-testpmd driving net_stmmac_uio's UIO backend, with
socrx-devmodel as the device: the commands of docs/model.md
("socrx-devmodel") and docs/nics/stmmac_uio.rst ("UIO backend"). With
--family neta, net_mvneta_uio's UIO backend and the NETA devmodel
(--model model=neta, its stores trapped: docs/model.md "The NETA",
docs/nics/mvneta_uio.rst).

socrx-devmodel serves uio0 under a temporary uio_root, replaying
tests/data/fwd_mix.pcap and writing what the device transmits to a
capture. testpmd (hugepages, IOVA as PA, the PMD loaded with -d)
io-forwards port 0 to itself. Twice: the registers at offset 0x800 of
map 0 (as uio_pdrv_genirq reports a block that does not start on a page);
and a device a previous owner left running (model_boot=running: MAC and
DMA on, which the driver must stop before its reset; the devmodel attaches
while testpmd starts, and follows its later allocations). Checks:
  - the PMD reports the device's name, its driver and the offset;
  - testpmd maps map0 with exactly map0/size bytes (/proc/PID/maps);
  - every frame of the capture is received and sent (testpmd's counters
    and the device's), none missed, no driver protocol violation;
  - the transmitted capture is the input, byte-identical and in order;
  - when testpmd quits, the devmodel ends by itself, flushes its capture
    and removes its files.
The NETA runs the first case (its window 0x4000 bytes), then checks that
every store reaches the device: testpmd arms its 512-descriptor RX ring
with three RXQ_STATUS_UPDATE writes (255, 255, 2), and the window's
RXQ_STATUS must count 512 descriptors (occupied + non-occupied) before
forwarding starts; with --debug-drop-update 2 (the second 255 not
delivered, as a trap that missed a store) it counts 257, which the same
check reports. Last, the devmodel ended by SIGTERM while testpmd runs:
testpmd then starts and stops forwarding (stores to its registers) and
exits cleanly.

Usage: test_devmodel_testpmd.py DEVMODEL PMD_SO SOURCE_ROOT [--family neta]
Exit: 0 pass, 1 fail, 77 skipped (not root, no dpdk-testpmd, the NETA
off x86-64).
"""
import mmap
import os
import platform
import re
import shutil
import signal
import struct
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "pmd"))
from devmodel_harness import (DevModel, check, end_all,  # noqa: E402
                              result, skip_if_beyond_reach,
                              skip_unless_root_with_hugepages)
from test_testpmd import on_wire, read_pcap  # noqa: E402
from testpmd_driver import TESTPMD, TestpmdSession, safe_plugin  # noqa: E402

# What differs between the families: the window, the PMD's names, the
# devmodel's --model.
FAMILIES = {
    "dwmac4": {"window": 0x2000, "vdev": "net_stmmac_uio0",
               "log": "pmd.net.stmmac*:info", "model": ""},
    "neta": {"window": 0x4000, "vdev": "net_mvneta_uio0",
             "log": "pmd.net.mvneta*:info", "model": "model=neta,"},
}
MVNETA_RXQ_STATUS_REG0 = 0x14e0     # mvneta_regs.h: occupied | non-occupied << 16
RX_RING = 512                       # testpmd's default --rxd

def mapping_length(pid, path):
    """Bytes of @p path mapped in process @p pid (0: not mapped)."""
    total = 0
    with open("/proc/%d/maps" % pid) as f:
        for line in f:
            parts = line.split(None, 5)
            if len(parts) == 6 and parts[5].strip() == path:
                lo, hi = (int(x, 16) for x in parts[0].split("-"))
                total += hi - lo
    return total


def run(devmodel, so, srcroot, tmp, tag, model="", offset=0, fam=FAMILIES["dwmac4"]):
    """One device, one testpmd; @p model adds to the devmodel's --model."""
    root = os.path.join(tmp, tag)
    os.mkdir(root)
    prefix = "socrx-dm-%d-%s" % (os.getpid(), tag)
    src = os.path.join(srcroot, "tests", "data", "fwd_mix.pcap")
    out = os.path.join(tmp, tag + ".pcap")
    frames_in = read_pcap(src)
    n = len(frames_in)
    # The capture's frames are sent to 02:00:00:00:00:0b: the device's
    # address, so that they pass its filter before testpmd turns
    # promiscuous mode on (after the port started).
    dm = DevModel(devmodel, root, "uio0", prefix,
                  "%smac=02:00:00:00:00:0b,rx_pcap=%s,tx_pcap=%s%s"
                  % (fam["model"], src, out, model),
                  ["--map-offset", "%#x" % offset])
    t = None
    print("--- %s" % tag, flush=True)
    try:
        check(dm.ready(), "socrx-devmodel is ready")
        eal = ["-l", "0,1", "--file-prefix", prefix, "--iova-mode=pa",
               "--no-pci", "-d", so,
               "--vdev", "%s,uio=uio0,uio_root=%s" % (fam["vdev"], root),
               "--log-level=" + fam["log"]]
        log = []
        t = TestpmdSession(eal, ["--forward-mode=io", "--no-flush-rx",
                                 "--total-num-mbufs=8192"], log)
        print("$ " + " ".join(t.argv), flush=True)
        print(t.startup, flush=True)
        skip_if_beyond_reach(t.startup)
        check('uio0 is "ethernet", bound to socrx-devmodel' in t.startup and
              # C's %#x prints 0 as "0"
              "registers at offset %s" % (hex(offset) if offset else "0")
              in t.startup,
              "the PMD reports the device's name, driver and register offset")
        node = os.path.join(root, "dev", "uio0")
        size = (offset + fam["window"] + 4095) // 4096 * 4096
        check(mapping_length(t.p.pid, node) == size,
              "testpmd maps map0 with map0/size (%#x) bytes (got %#x)"
              % (size, mapping_length(t.p.pid, node)))
        t.cmd("start")
        st = dm.wait_stats(lambda s: s.get("tx_frames", 0) >= n)
        stats = t.cmd("show port stats all")
        t.cmd("stop")
        t.quit()
        got = {k: int(v) for k, v in re.findall(r"(RX-packets|RX-missed|TX-packets):\s+(\d+)", stats)}
        check(got.get("RX-packets") == n and got.get("TX-packets") == n and
              got.get("RX-missed") == 0,
              "testpmd received and sent all %d frames, none missed (%s)" % (n, got))
        check(t.p.returncode == 0, "testpmd exited cleanly (%s)" % t.p.returncode)
        rc, last, reason = dm.finish()
        print(dm.log(), flush=True)
        check(rc == 0 and reason == "the application exited",
              "the devmodel ended with the application (%s, %r)" % (rc, reason))
        check(last.get("rx_offered") == n and last.get("rx_delivered") == n and
              last.get("tx_frames") == n and last.get("rx_missed") == 0 and
              last.get("rx_dropped_filter") == 0,
              "the device delivered and sent all %d frames (%s)" % (n, last or st))
        check(last.get("violations") == 0, "no driver protocol violation (%s)"
              % last.get("violations"))
        frames_out = read_pcap(out) if os.path.exists(out) else []
        # The MAC zero-pads runts to 60 bytes (TDES3 CPC 0).
        wire = on_wire(frames_in)
        same = sum(1 for a, b in zip(wire, frames_out) if a == b)
        check(frames_out == wire,
              "the transmitted capture is the input, byte-identical (runts "
              "zero-padded) and in order "
              "(%d of %d frames, %d written)" % (same, n, len(frames_out)))
        check(not os.path.exists(os.path.join(root, "sys")) and
              not os.path.exists(node),
              "the devmodel removed its files: %s" % os.listdir(root))
    finally:
        end_all(prefix, [t.p if t is not None else None], [dm])


def ring_count(node, offset):
    """RXQ_STATUS(0) of the device's window: occupied + non-occupied."""
    with open(node, "rb") as f:
        m = mmap.mmap(f.fileno(), 0, prot=mmap.PROT_READ)
        v = struct.unpack_from("<I", m, offset + MVNETA_RXQ_STATUS_REG0)[0]
        m.close()
    return (v & 0x3fff) + ((v >> 16) & 0x3fff)


def neta_ring(devmodel, so, tmp, tag, drop):
    """testpmd started and quit without forwarding: what the device counts
    in RX queue 0 once the ring is armed (--debug-drop-update @p drop)."""
    fam = FAMILIES["neta"]
    root = os.path.join(tmp, tag)
    os.mkdir(root)
    prefix = "socrx-dm-%d-%s" % (os.getpid(), tag)
    extra = ["--debug-drop-update", str(drop)] if drop else []
    dm = DevModel(devmodel, root, "uio0", prefix, "model=neta", extra)
    t = None
    print("--- %s" % tag, flush=True)
    try:
        check(dm.ready(), "socrx-devmodel is ready")
        eal = ["-l", "0,1", "--file-prefix", prefix, "--iova-mode=pa",
               "--no-pci", "-d", so, "--vdev",
               "%s,uio=uio0,uio_root=%s" % (fam["vdev"], root)]
        t = TestpmdSession(eal, ["--rxd=%d" % RX_RING, "--total-num-mbufs=8192"], [])
        print("$ " + " ".join(t.argv), flush=True)
        skip_if_beyond_reach(t.startup)
        count = ring_count(os.path.join(root, "dev", "uio0"), 0)
        t.quit()
        rc, last, reason = dm.finish()
        print(dm.log(), flush=True)
        check(t.p.returncode == 0 and rc == 0 and reason == "the application exited",
              "testpmd and the devmodel ended cleanly (%s, %s, %r)"
              % (t.p.returncode, rc, reason))
        return count, dm.log(), last
    finally:
        end_all(prefix, [t.p if t is not None else None], [dm])


def neta_sigterm(devmodel, so, tmp):
    """The devmodel ended while testpmd runs: testpmd's window is made
    writable again and its threads let go, so that it goes on."""
    fam = FAMILIES["neta"]
    root = os.path.join(tmp, "neta-sigterm")
    os.mkdir(root)
    prefix = "socrx-dm-%d-sigterm" % os.getpid()
    dm = DevModel(devmodel, root, "uio0", prefix, "model=neta,gen_pkts=100000")
    t = None
    print("--- neta-sigterm", flush=True)
    try:
        check(dm.ready(), "socrx-devmodel is ready")
        eal = ["-l", "0,1", "--file-prefix", prefix, "--iova-mode=pa",
               "--no-pci", "-d", so, "--vdev",
               "%s,uio=uio0,uio_root=%s" % (fam["vdev"], root)]
        t = TestpmdSession(eal, ["--forward-mode=io", "--total-num-mbufs=8192"], [])
        rc, _, reason = dm.stop(signal.SIGTERM)
        print(dm.log(), flush=True)
        check(rc == 0 and reason == "SIGTERM", "SIGTERM ends the devmodel (%s, %r)"
              % (rc, reason))
        t.cmd("start")
        t.cmd("stop")
        t.quit()
        check(t.p.returncode == 0,
              "testpmd stores to its registers afterwards and exits cleanly (%s)"
              % t.p.returncode)
    finally:
        end_all(prefix, [t.p if t is not None else None], [dm])


def neta_cases(devmodel, so, srcroot, tmp):
    run(devmodel, so, srcroot, tmp, "neta-offset", offset=0x800,
        fam=FAMILIES["neta"])
    count, _, last = neta_ring(devmodel, so, tmp, "neta-ring", 0)
    check(count == RX_RING and last.get("violations") == 0,
          "the device counts the %d descriptors armed by 255, 255, 2 (%d), "
          "no violation" % (RX_RING, count))
    count, log, _ = neta_ring(devmodel, so, tmp, "neta-drop", 2)
    check("store 0x00ff0000 to 0x1500 not delivered" in log and
          count == RX_RING - 255,
          "with the second 255 not delivered the device counts %d, and the "
          "check above would fail (%d)" % (RX_RING - 255, count))
    neta_sigterm(devmodel, so, tmp)


def main():
    args = sys.argv[1:]
    family = "dwmac4"
    if len(args) == 5 and args[3] == "--family":
        family = args.pop(4)
        args.pop(3)
    if len(args) != 3 or family not in FAMILIES:
        print(__doc__)
        return 1
    devmodel, so, srcroot = args
    if family == "neta" and platform.machine() != "x86_64":
        print("SKIP: the NETA devmodel traps stores through ptrace and an "
              "x86-64 decoder: x86-64 only")
        return 77
    skip_unless_root_with_hugepages()
    if not os.access(TESTPMD, os.X_OK):
        print("skipped: %s not installed (Debian package dpdk-dev)" % TESTPMD)
        return 77
    so, cleanup = safe_plugin(os.path.abspath(so))
    tmp = tempfile.mkdtemp(prefix="socrx-devmodel-")
    try:
        devmodel = os.path.abspath(devmodel)
        if family == "neta":
            neta_cases(devmodel, so, srcroot, tmp)
        else:
            run(devmodel, so, srcroot, tmp, "offset", offset=0x800)
            run(devmodel, so, srcroot, tmp, "running", model=",model_boot=running")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        if cleanup:
            shutil.rmtree(cleanup, ignore_errors=True)
    return result()


if __name__ == "__main__":
    sys.exit(main())
