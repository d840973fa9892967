#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""DPDK's examples/l3fwd on two forwarding lcores over two net_stmmac_uio
model ports of two queues each, loaded with -d.

l3fwd comes from Debian's source package of the installed DPDK
(config/dpdk-sdk.sh keeps examples/l3fwd and examples/common in its
cache); this test copies them into the build directory and builds them
there with their own Makefile against the installed libdpdk, once.

l3fwd gives every port one TX queue per lcore, so on two lcores each port
needs two: model_channels=2,model_mtl_queues=2. Its LPM table routes
198.18.N.0/24 to port N. Port 0 replays a capture (rx_pcap=, written
here) of IPv4/UDP frames to 198.18.1.x, port 1 one of frames to
198.18.0.x; --config (0,0,0),(1,0,1): lcore 0 polls port 0 and sends on
port 1 through TX queue 0, lcore 1 polls port 1 and sends on port 0
through TX queue 1. Checks:
  - every frame leaves by the other port (tx_pcap=), in order, its TTL
    one lower, a valid IPv4 header checksum (an independent sum), the
    egress port's MAC as source and l3fwd's 02:00:00:00:00:0N as
    destination;
  - with dpdk-telemetry.py (Debian's dpdk package), each port's frames
    left by the TX queue of the lcore that routed them (q_opackets);
  - l3fwd exits 0 on SIGINT;
  - on ports of one queue, two lcores are refused at configure (the
    queue count the port has named) and l3fwd exits non-zero without
    forwarding: what a user meets before giving the ports queues.
Waits are bounded against a hang only; nothing is timed.

Usage: test_l3fwd.py EXAMPLES_DIR PMD_SO BUILD_DIR
Exit: 0 pass, 1 fail, 77 skipped (l3fwd is not in the examples cache).
"""
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testlib import build_dpdk_example, check, interrupt, read_pcap, result, write_pcap  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "pmd"))
from testpmd_driver import safe_plugin  # noqa: E402

FRAMES = 500            # per port
MACS = ["02:00:00:00:31:00", "02:00:00:00:31:01"]
TOOL = "dpdk-telemetry.py"
# Bounded waits, only against a hang.
WAIT_POLLS = 1200
WAIT_POLL_S = 0.05


def csum16(b):
    s = 0
    for i in range(0, len(b), 2):
        s += (b[i] << 8) | b[i + 1]
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    return s


def frame(dst_mac, dst_net, seq):
    """A 64-byte IPv4/UDP frame to 198.18.@dst_net.x, @seq in its payload."""
    mac = bytes.fromhex(dst_mac.replace(":", ""))
    ip = bytearray(struct.pack("!BBHHHBBH4s4s", 0x45, 0, 46, seq & 0xffff, 0,
                               64, 17, 0, bytes([10, 0, 0, 1]),
                               bytes([198, 18, dst_net, 1 + seq % 250])))
    struct.pack_into("!H", ip, 10, ~csum16(ip) & 0xffff)
    udp = struct.pack("!HHHH", 1024, 9, 26, 0) + struct.pack("!I", seq) + bytes(14)
    return mac + bytes.fromhex("02000000fe01") + b"\x08\x00" + bytes(ip) + udp


def frames_in(path):
    try:
        return len(read_pcap(path))
    except (OSError, ValueError):
        return 0


def query(prefix, cmd):
    """dpdk-telemetry.py's JSON answer to @cmd, or None."""
    p = subprocess.run([TOOL, "-f", prefix], input=cmd + "\n",
                       capture_output=True, text=True, timeout=30)
    for line in p.stdout.splitlines():
        if line.strip().startswith("{"):
            try:
                return json.loads(line)
            except ValueError:
                return None
    return None


def tx_queue_packets(prefix, port):
    """Frames sent per TX queue of @p port: /ethdev/stats' q_opackets up
    to DPDK 24.11, the tx_qN_packets xstats from 25.11 (rte_eth_stats
    has no per-queue counters there)."""
    a = query(prefix, "/ethdev/stats,%d" % port)
    st = a.get("/ethdev/stats") if a else None
    if st and "q_opackets" in st:
        return {"q_opackets": st["q_opackets"]}
    a = query(prefix, "/ethdev/xstats,%d" % port)
    xs = a.get("/ethdev/xstats") if a else None
    if not xs:
        return {}
    q = []
    while "tx_q%d_packets" % len(q) in xs:
        q.append(xs["tx_q%d_packets" % len(q)])
    return {"q_opackets": q}


def check_out(what, sent, got, egress):
    """The frames @sent into one port against those @got out of @egress."""
    check(len(got) == len(sent), "%s: %d of %d frames left by port %d"
          % (what, len(got), len(sent), egress))
    src = bytes.fromhex(MACS[egress].replace(":", ""))
    dst = bytes([2, 0, 0, 0, 0, egress])
    bad = 0
    for a, b in zip(got, sent):
        ok = (a[:6] == dst and a[6:12] == src and a[12:22] == b[12:22] and
              a[22] == b[22] - 1 and a[23] == b[23] and a[26:34] == b[26:34] and
              csum16(a[14:34]) == 0xffff and a[34:] == b[34:])
        bad += not ok
    check(bad == 0, "%s: each in order, TTL one lower, checksum valid, MACs "
          "rewritten (%d wrong)" % (what, bad))


def run_two_lcores(binary, load, d):
    ins = [os.path.join(d, "in%d.pcap" % p) for p in (0, 1)]
    outs = [os.path.join(d, "out%d.pcap" % p) for p in (0, 1)]
    sent = {0: [frame(MACS[0], 1, i) for i in range(FRAMES)],
            1: [frame(MACS[1], 0, i) for i in range(FRAMES)]}
    for p in (0, 1):
        write_pcap(ins[p], sent[p])
    prefix = "socrx-l3fwd-%d" % os.getpid()
    cmd = [binary, "-l", "0,1", "--no-huge", "--no-pci", "-m", "512",
           "--no-shconf", "--file-prefix", prefix] + load
    for p in (0, 1):
        cmd += ["--vdev", "net_stmmac_uio%d,rx_pcap=%s,tx_pcap=%s,mac=%s,"
                "model_channels=2,model_mtl_queues=2" % (p, ins[p], outs[p], MACS[p])]
    cmd += ["--", "-p", "0x3", "--config=(0,0,0),(1,0,1)"]
    print("$ " + " ".join(cmd), flush=True)
    log = os.path.join(d, "l3fwd.log")
    qstats = {}
    with open(log, "w") as lf:
        p = subprocess.Popen(cmd, stdout=lf, stderr=subprocess.STDOUT)
        for _ in range(WAIT_POLLS):
            if p.poll() is not None or \
                    (frames_in(outs[0]) >= FRAMES and frames_in(outs[1]) >= FRAMES):
                break
            time.sleep(WAIT_POLL_S)
        if p.poll() is None and shutil.which(TOOL) is not None:
            for port in (0, 1):
                qstats[port] = tx_queue_packets(prefix, port)
        rc = interrupt(p)
    with open(log) as f:
        text = f.read()
    print("\n".join(text.split("\n")[-20:]))
    check_out("lcore 0: port 0 -> port 1", sent[0], read_pcap(outs[1])
              if os.path.exists(outs[1]) else [], 1)
    check_out("lcore 1: port 1 -> port 0", sent[1], read_pcap(outs[0])
              if os.path.exists(outs[0]) else [], 0)
    if shutil.which(TOOL) is None:
        print("(no %s: the TX queues are not read)" % TOOL)
    else:
        # TX queue q is lcore q's: port 1's frames went out by queue 0
        # (lcore 0), port 0's by queue 1 (lcore 1).
        want = {1: [FRAMES, 0], 0: [0, FRAMES]}
        for port in (0, 1):
            q = qstats.get(port, {}).get("q_opackets", [])[:2]
            check(q == want[port], "port %d's frames left by the TX queue of "
                  "the lcore that routed them: q_opackets %s, want %s"
                  % (port, q, want[port]), text)
    check(rc == 0, "l3fwd exits 0 on SIGINT (%d)" % rc, text)


def run_one_queue(binary, load, d):
    """Ports of one queue, two lcores: l3fwd must stop at configure."""
    out = os.path.join(d, "out1q.pcap")
    cmd = [binary, "-l", "0,1", "--no-huge", "--no-pci", "-m", "512",
           "--no-shconf"] + load + [
           "--vdev", "net_stmmac_uio0,gen_pkts=100,tx_pcap=%s" % out,
           "--vdev", "net_stmmac_uio1,tx_pcap=%s" % out,
           "--", "-p", "0x3", "--config=(0,0,0),(1,0,1)"]
    print("$ " + " ".join(cmd), flush=True)
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True, timeout=120)
        rc, text = p.returncode, p.stdout
    except subprocess.TimeoutExpired as e:
        rc, text = None, (e.stdout or b"").decode(errors="replace")
    print("\n".join(text.split("\n")[-8:]))
    check(rc not in (0, None), "1-queue ports, 2 lcores: l3fwd exits with an "
          "error (%s)" % rc, text)
    check("nb_tx_queues=2 > 1" in text and "Cannot configure device" in text,
          "the reason: two TX queues asked of a port that has one", text)
    check(frames_in(out) == 0, "nothing forwarded (%d)" % frames_in(out))


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    examples, pmd, builddir = sys.argv[1:4]
    if not os.path.isdir(os.path.join(examples, "l3fwd")):
        print("SKIP: %s has no l3fwd (run config/install-deps.sh)" % examples)
        return 77
    binary = build_dpdk_example(examples, builddir, "l3fwd")
    if binary is None:
        return result()
    # EAL loads no -d plugin under a world-writable directory (/tmp).
    path, tmp = safe_plugin(pmd)
    try:
        load = ["-d", os.path.abspath(path)]
        with tempfile.TemporaryDirectory(prefix="socrx-l3fwd-") as d:
            run_two_lcores(binary, load, d)
            run_one_queue(binary, load, d)
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
    return result()


if __name__ == "__main__":
    sys.exit(main())
