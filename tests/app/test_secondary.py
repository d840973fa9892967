#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""DPDK's secondary-process tools against a running primary on socrx ports
(one net_stmmac_uio and one net_mvneta_uio model port, in hugepages, under
a file prefix of this test's own):

- socrx-router as the primary (port 0 generates IPv4 to port 1, port 1
  IPv6 to port 0; each port's model writes what it sends to a capture):
  dpdk-proc-info --stats twice (figures that grow, never above the
  router's final ones), --xstats (the queues' counters and the model's,
  which the primary answers), --stats-reset (done by the primary: its
  final figures fall below the frames on the wire); dpdk-dumpcap on
  port 1: every frame it
  saw leave is in port 1's capture byte for byte, every frame it saw
  arrive is in port 0's capture as the router forwarded it (MACs
  rewritten, hop limit one less); the router then exits 0 with every mbuf
  back.
- dpdk-testpmd (io forwarding) as the primary: dpdk-pdump on port 1 writes
  frames that are all in port 1's capture.

The PMD libraries reach the tools with -d (proc-info, pdump) or the
dynamic loader (dumpcap takes no EAL option). A secondary's mempool ops
must be registered in the primary's order (DPDK's multi-process rule):
Debian's dpdk-testpmd links librte_mempool_dpaa, so dpdk-pdump gets it
preloaded too.

Usage: test_secondary.py ROUTER STMMAC_SO MVNETA_SO SRCDIR
Exit: 0 pass, 1 fail, 77 skipped (not root, no free 2 MiB hugepages, no
DPDK tools).
"""
import glob
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testlib import check, interrupt, read_pcap, result  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "pmd"))
from testpmd_driver import safe_plugin  # noqa: E402

# Hugepage memory of each primary (MiB): small, the machine's pages are shared.
MEM_MB = 128
CAPTURE = 40
# Bounded waits, only against a hang.
WAIT_POLLS = 600
WAIT_POLL_S = 0.05
TOOL_TIMEOUT_S = 60
MEMPOOL_DPAA = "/usr/lib/x86_64-linux-gnu/librte_mempool_dpaa.so.23"


def hugetlbfs_dirs():
    with open("/proc/mounts") as f:
        return [ln.split()[1] for ln in f if ln.split()[2:3] == ["hugetlbfs"]]


def free_hugepages_mb():
    with open("/proc/meminfo") as f:
        info = dict(ln.split(":", 1) for ln in f)
    size_kb = int(info["Hugepagesize"].split()[0])
    return int(info["HugePages_Free"].split()[0]) * size_kb // 1024


def skip_reason(tools):
    if os.geteuid() != 0:
        return "hugepages and the tools' runtime directory need root"
    if not hugetlbfs_dirs():
        return "no hugetlbfs mounted"
    if free_hugepages_mb() < 2 * MEM_MB:
        return "fewer than %d MiB of free hugepages" % (2 * MEM_MB)
    missing = [t for t in tools if shutil.which(t) is None]
    if missing:
        return "%s not installed (Debian package dpdk)" % ", ".join(missing)
    return None


def cleanup_prefix(prefix):
    """A primary leaves its hugepage files and runtime directory behind."""
    for d in hugetlbfs_dirs():
        for f in glob.glob(os.path.join(d, prefix + "map_*")):
            os.unlink(f)
    shutil.rmtree(os.path.join("/var/run/dpdk", prefix), ignore_errors=True)


def frames_in(path):
    try:
        return len(read_pcap(path))
    except (OSError, ValueError):
        return 0


def wait_for(cond):
    for _ in range(WAIT_POLLS):
        if cond():
            return True
        time.sleep(WAIT_POLL_S)
    return False


def run(cmd, env=None):
    print("$ " + " ".join(cmd), flush=True)
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True, timeout=TOOL_TIMEOUT_S,
                           env=env)
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired as e:
        return -1, (e.stdout or b"").decode(errors="replace") + "\n(timed out)"


def stop(p, log):
    """SIGINT, then the exit status; the log's text."""
    rc = interrupt(p)
    with open(log) as f:
        return rc, f.read()


def read_pcapng(path):
    """(direction, frame) of each Enhanced Packet Block: direction 1 in,
    2 out, 0 unknown (epb_flags)."""
    with open(path, "rb") as f:
        data = f.read()
    out, off, end = [], 0, "<"
    while off + 12 <= len(data):
        btype = struct.unpack(end + "I", data[off:off + 4])[0]
        if btype == 0x0A0D0D0A:
            end = "<" if data[off + 8:off + 12] == b"\x4d\x3c\x2b\x1a" else ">"
        blen = struct.unpack(end + "I", data[off + 4:off + 8])[0]
        if blen < 12:
            break
        body = data[off + 8:off + blen - 4]
        if btype == 6:
            caplen = struct.unpack(end + "I", body[12:16])[0]
            frame = body[20:20 + caplen]
            opt, direction = 20 + ((caplen + 3) & ~3), 0
            while opt + 4 <= len(body):
                code, olen = struct.unpack(end + "HH", body[opt:opt + 4])
                if code == 0:
                    break
                if code == 2 and olen == 4:
                    direction = struct.unpack(end + "I", body[opt + 4:opt + 8])[0] & 3
                opt += 4 + ((olen + 3) & ~3)
            out.append((direction, frame))
        off += blen
    return out


def parse_ports(text, header, item):
    """{port: {name: value}} of a proc-info report: @header's group 1 a
    port number, @item's groups a name and a value (the first seen kept)."""
    ports, cur = {}, None
    for ln in text.splitlines():
        m = re.search(header, ln)
        if m:
            cur = ports.setdefault(int(m.group(1)), {})
        elif cur is not None and "Stats reg" not in ln:
            for k, v in re.findall(item, ln.strip()):
                cur.setdefault(k, int(v))
    return ports


def parse_stats(text):
    """proc-info --stats: RX-packets, TX-packets, RX-errors of each port."""
    return parse_ports(text, r"NIC statistics for port (\d+)",
                       r"(RX-packets|TX-packets|RX-errors):\s*(\d+)")


def parse_xstats(text):
    """proc-info --xstats: every xstat of each port."""
    return parse_ports(text, r"NIC extended statistics for port (\d+)",
                       r"^(\w+): (\d+)$")


def forwarded_key(frame):
    """An IPv6 frame the router sent as port 1 received it, MACs left out:
    the hop limit one more."""
    if len(frame) < 54 or frame[12:14] != b"\x86\xdd":
        return None
    return frame[12:21] + bytes([(frame[21] + 1) & 0xff]) + frame[22:]


# Hugepages may lie above 4 GiB physically, beyond NETA's 32-bit bus: the
# primary runs IOVA as VA from the 4 GiB-aligned base the PMD tests use
# (tests/pmd/pmd_harness.h); its secondaries take the mode from it.
LOW_IOVA = ["--iova-mode=va", "--base-virtaddr=0x200000000000"]


def router_case(router, pmds, src, d):
    prefix = "socrx-sec-r%d" % os.getpid()
    out0, out1 = os.path.join(d, "out0.pcap"), os.path.join(d, "out1.pcap")
    st_json, log = os.path.join(d, "router.json"), os.path.join(d, "router.log")
    cmd = [router, "--file-prefix", prefix, "-m", str(MEM_MB), "--no-pci",
           "-l", "0,1"] + LOW_IOVA + [
           "--vdev", "net_stmmac_uio0,gen_rate=500,gen_flows=8,tx_pcap=" + out0,
           "--vdev", "net_mvneta_uio1,gen_ipv6=1,gen_rate=500,gen_flows=8,tx_pcap=" + out1,
           "--", "--routes", os.path.join(src, "config", "routes.cfg"),
           "--duration", "300", "--stats-period", "0", "--json", st_json]
    print("$ " + " ".join(cmd), flush=True)
    eal = ["--file-prefix", prefix, "--no-pci"] + sum((["-d", p] for p in pmds), [])
    reset_out = ""
    try:
        with open(log, "w") as lf:
            p = subprocess.Popen(cmd, stdout=lf, stderr=subprocess.STDOUT)
            up = wait_for(lambda: p.poll() is not None or
                          (frames_in(out0) > 0 and frames_in(out1) > 0))
            if not check(up and p.poll() is None,
                         "socrx-router forwards both ways in hugepages"):
                print(stop(p, log)[1][-3000:])
                return
            rc, t1 = run(["dpdk-proc-info"] + eal + ["--", "--stats"])
            s1 = parse_stats(t1)
            check(rc == 0 and set(s1) == {0, 1},
                  "dpdk-proc-info --stats: both ports (rc %d)" % rc, t1)
            wait_for(lambda: frames_in(out1) >= 2 * max(1, s1.get(1, {}).get("TX-packets", 0)))
            rc, t2 = run(["dpdk-proc-info"] + eal + ["--", "--stats"])
            s2 = parse_stats(t2)
            for port, key in ((0, "RX-packets"), (1, "RX-packets"),
                              (0, "TX-packets"), (1, "TX-packets")):
                a = s1.get(port, {}).get(key, 0)
                b = s2.get(port, {}).get(key, 0)
                check(0 < a < b, "proc-info: port %d %s grows between two reads (%d, %d)"
                      % (port, key, a, b), t2)
            rc, tx = run(["dpdk-proc-info"] + eal + ["--", "--xstats"])
            xs = parse_xstats(tx)
            for port in (0, 1):
                x = xs.get(port, {})
                check(x.get("rx_q0_packets", 0) >= s2.get(port, {}).get("RX-packets", 1),
                      "proc-info --xstats: port %d rx_q0_packets %d, not below --stats"
                      % (port, x.get("rx_q0_packets", 0)), tx)
                check("model_rx_busy" in x and x.get("model_nc_clobbers") == 0,
                      "proc-info --xstats: port %d has the model's counters from the primary"
                      % port, tx)
            env = dict(os.environ, LD_PRELOAD=":".join(pmds))
            cap = os.path.join(d, "port1.pcapng")
            rc, td = run(["dpdk-dumpcap", "--file-prefix", prefix, "-i",
                          "net_mvneta_uio1", "-c", str(CAPTURE), "-w", cap], env)
            check(rc == 0, "dpdk-dumpcap -i net_mvneta_uio1 -c %d exits 0 (%d)"
                  % (CAPTURE, rc), td)
            # Done by the primary: the final figures start again from 0.
            rc, tr = run(["dpdk-proc-info"] + eal + ["--", "--stats-reset"])
            reset_out = tr
            check(rc == 0, "dpdk-proc-info --stats-reset exits 0 (%d)" % rc, tr)
            rc, text = stop(p, log)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        cleanup_prefix(prefix)
    check(rc == 0, "socrx-router exits 0 after the secondaries (%d)" % rc, text)
    try:
        with open(st_json) as f:
            fin = {q["port"]: q for q in json.load(f)["ports"]}
        got = read_pcapng(cap)
        if 0 not in fin or 1 not in fin:
            raise KeyError("ports 0 and 1")
    except (OSError, ValueError, KeyError) as e:
        check(False, "router JSON and dumpcap capture readable: %s" % e, text)
        return
    wire = [read_pcap(out0), read_pcap(out1)]
    tx2 = [s2.get(q, {}).get("TX-packets", 0) for q in (0, 1)]
    check(all(0 < tx2[q] <= len(wire[q]) for q in (0, 1)),
          "proc-info's TX-packets never above the frames on the wire (%d <= %d, %d <= %d)"
          % (tx2[0], len(wire[0]), tx2[1], len(wire[1])))
    check(all(fin[q]["tx_packets"] < len(wire[q]) for q in (0, 1)),
          "the secondary's reset reached the primary: final TX-packets below the wire's (%d < %d, %d < %d)"
          % (fin[0]["tx_packets"], len(wire[0]), fin[1]["tx_packets"], len(wire[1])),
          reset_out)
    wire1 = set(wire[1])
    sent0 = {forwarded_key(f) for f in wire[0]}
    outs = [f for dr, f in got if dr == 2]
    ins = [f for dr, f in got if dr == 1]
    check(len(got) >= CAPTURE and outs and ins,
          "dumpcap: %d frames, %d leaving and %d arriving" % (len(got), len(outs), len(ins)))
    check(all(f in wire1 for f in outs),
          "dumpcap: each frame leaving port 1 is in port 1's wire capture (%d of %d)"
          % (sum(f in wire1 for f in outs), len(outs)))
    check(all(f[12:] in sent0 for f in ins),
          "dumpcap: each frame arriving on port 1 left port 0 routed (%d of %d)"
          % (sum(f[12:] in sent0 for f in ins), len(ins)))


def testpmd_case(pmds, d):
    prefix = "socrx-sec-t%d" % os.getpid()
    out1, log = os.path.join(d, "tp_out1.pcap"), os.path.join(d, "testpmd.log")
    pd_tx, pd_rx = os.path.join(d, "pdump_tx.pcap"), os.path.join(d, "pdump_rx.pcap")
    dl = sum((["-d", p] for p in pmds), [])
    cmd = (["dpdk-testpmd", "--file-prefix", prefix, "-m", str(MEM_MB),
            "--no-pci", "-l", "0,1"] + LOW_IOVA + dl +
           ["--vdev", "net_stmmac_uio0,gen_rate=500",
            "--vdev", "net_mvneta_uio1,tx_pcap=" + out1,
            "--", "--forward-mode=io", "--stats-period", "60",
            "--total-num-mbufs", "8192"])
    print("$ " + " ".join(cmd), flush=True)
    pd = None
    try:
        with open(log, "w") as lf:
            p = subprocess.Popen(cmd, stdout=lf, stderr=subprocess.STDOUT,
                                 stdin=subprocess.DEVNULL)
            if not check(wait_for(lambda: p.poll() is not None or frames_in(out1) > 0)
                         and p.poll() is None, "dpdk-testpmd forwards in hugepages"):
                print(stop(p, log)[1][-3000:])
                return
            env = dict(os.environ)
            if os.path.exists(MEMPOOL_DPAA):
                env["LD_PRELOAD"] = MEMPOOL_DPAA
            pcmd = (["dpdk-pdump", "--file-prefix", prefix, "--no-pci"] + dl +
                    ["--", "--pdump", "port=1,queue=*,tx-dev=%s,rx-dev=%s"
                     % (pd_tx, pd_rx)])
            print("$ " + " ".join(pcmd), flush=True)
            plog = os.path.join(d, "pdump.log")
            with open(plog, "w") as pf:
                pd = subprocess.Popen(pcmd, stdout=pf, stderr=subprocess.STDOUT,
                                      env=env)
                wait_for(lambda: pd.poll() is not None or frames_in(pd_tx) >= CAPTURE)
                prc, ptext = stop(pd, plog)
            check(prc == 0 and frames_in(pd_tx) >= CAPTURE,
                  "dpdk-pdump on port 1: %d frames sent captured, exit %d"
                  % (frames_in(pd_tx), prc), ptext)
            rc, text = stop(p, log)
    finally:
        for q in (pd, p):
            if q is not None and q.poll() is None:
                q.kill()
                q.wait()
        cleanup_prefix(prefix)
    check(rc == 0, "dpdk-testpmd exits 0 after dpdk-pdump (%d)" % rc, text)
    wire1 = set(read_pcap(out1))
    got = read_pcap(pd_tx)
    check(got and all(f in wire1 for f in got),
          "dpdk-pdump: each frame it captured is in port 1's wire capture (%d of %d)"
          % (sum(f in wire1 for f in got), len(got)))


def main():
    if len(sys.argv) != 5:
        print(__doc__)
        return 2
    router, stmmac, mvneta, src = sys.argv[1:5]
    why = skip_reason(["dpdk-proc-info", "dpdk-dumpcap", "dpdk-pdump",
                       "dpdk-testpmd"])
    if why is not None:
        print("SKIP: " + why)
        return 77
    # EAL loads no -d plugin under a world-writable directory (a tree in /tmp).
    copies = [safe_plugin(so) for so in (stmmac, mvneta)]
    pmds = [path for path, _ in copies]
    try:
        with tempfile.TemporaryDirectory(prefix="socrx-secondary-") as d:
            router_case(router, pmds, src, d)
            testpmd_case(pmds, d)
    finally:
        for _, tmp in copies:
            if tmp is not None:
                shutil.rmtree(tmp, ignore_errors=True)
    return result()


if __name__ == "__main__":
    sys.exit(main())
