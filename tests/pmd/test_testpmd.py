#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Debian's dpdk-testpmd driving the built net_stmmac_uio PMD (loaded with -d).

Checks, each from testpmd's own printed counters:
  1. dpdk-pmdinfo.py lists net_stmmac_uio and its parameters;
  2. io forwarding of generated traffic on two model ports: every generated
     frame is accounted for (RX-packets + RX-missed + RX-errors) and every
     frame received on one port was offered to the other port's TX;
  3. rxonly mode receives a counted stream;
  4. a capture replayed into port 0 (rx_pcap=) and io-forwarded to port 1
     comes out of port 1 (tx_pcap=) byte-identical and in order;
  4b. the same with dma=noncoherent on both ports (the model emulates a
     non-coherent interconnect): byte-identical, and `show port xstats`
     shows every model_nc_* counter at 0 on both ports;
  5. the golden verdict corpus (tests/data/verdict_corpus.pcap) received in
     rxonly mode with `set verbose 1`, csum=auto: each packet's printed
     length, hw ptype and RTE_MBUF_F_RX_{IP,L4}_CKSUM_* flags match
     tests/data/verdict_expected.txt, in order; the frames the PMD does not
     deliver are exactly the runts (< 14 bytes), counted in RX-errors;
  6. testpmd's csum forwarding engine with `csum set ip|udp|tcp hw 1` on
     the TX port: frames with wrong checksums replayed into port 0 leave
     port 1 (tx_pcap=) with the checksums a software reference computes,
     byte-exact after the rewritten MAC addresses.
With --mvneta=PMD_SO (the second family's PMD, loaded with another -d):
  7. dpdk-pmdinfo.py lists net_mvneta_uio and its parameters;
  8. a capture replayed into a net_mvneta_uio port and io-forwarded to a
     net_stmmac_uio port comes out of it (tx_pcap=) byte-identical and in
     order, coherent and with dma=noncoherent on both;
  9. check 5 on a net_mvneta_uio port: every frame of the golden corpus
     printed with the expected length, ptype and checksum flags;
 10. check 6 with a net_mvneta_uio port as port 1 (its TX descriptor's
     checksum command);
 11. the NIC pages' flow control and VLAN commands: on net_stmmac_uio both
     pause directions with Linux's pause time and water marks, stripping
     and the filter on; on net_mvneta_uio full flow control, one direction
     alone and VLAN stripping refused.

The waits poll testpmd's statistics until the expected counts are reached,
with a generous bound on the number of polls; nothing asserts on time.

Usage: test_testpmd.py PMD_SO SOURCE_ROOT [--mvneta=PMD_SO]
                       [--sysroot=DIR --exe-wrapper=ARG...]
A cross build (tests/pmd/meson.build) passes the sysroot holding Debian's
dpdk-testpmd of the PMD's architecture and, one ARG at a time, the command
that runs it (qemu-user); dpdk-pmdinfo.py then lists the PMD's dependencies
with that architecture's dynamic loader, run by the same command.
Exit: 0 pass, 1 fail, 77 skipped (no dpdk-testpmd).
"""
import argparse
import json
import os
import queue
import re
import shlex
import shutil
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testpmd_driver import TESTPMD, TestpmdSession, safe_plugin  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testlib import check, on_wire, read_pcap, result  # noqa: E402

PMDINFO = shutil.which("dpdk-pmdinfo.py")
EAL = ["--no-huge", "--no-pci", "-m", "512", "--no-shconf", "-l", "0,1",
       "--log-level=pmd.net.stmmac*:notice", "--log-level=pmd.net.mvneta*:notice"]
MAX_POLLS = 300          # statistics polls before giving up (0.2 s apart)

testpmd = TESTPMD        # DIR/usr/bin/dpdk-testpmd with --sysroot=DIR
sysroot = ""             # --sysroot
wrapper = []             # --exe-wrapper, one argument each


class Testpmd(TestpmdSession):
    """testpmd on model ports with the test's EAL settings."""

    def __init__(self, so, vdevs, args):
        eal = list(EAL)
        for lib in (so if isinstance(so, list) else [so]):
            eal += ["-d", lib]
        for v in vdevs:
            eal += ["--vdev", v]
        # --no-flush-rx: testpmd would otherwise discard what the ports
        # received before forwarding started (a whole replayed capture).
        super().__init__(eal, ["--total-num-mbufs=8192", "--rxd=512", "--txd=512",
                               "--no-flush-rx"] + args, [], testpmd, wrapper)
        print("$ " + " ".join(self.argv), flush=True)
        print(self.startup, flush=True)

    def wait_rx(self, expected):
        """Polls until each port's RX-packets + RX-missed + RX-errors reaches
        its expected count; returns the last statistics."""
        st = {}
        for _ in range(MAX_POLLS):
            st = self.port_stats()
            if all(p in st and st[p].get("RX-packets", 0) + st[p].get("RX-missed", 0)
                   + st[p].get("RX-errors", 0) >= n for p, n in expected.items()):
                return st
            time.sleep(0.2)
        return st

    def finish(self):
        out = self.cmd("stop")
        self.quit()
        return out


def fwd_stats(stop_out):
    """Per-port forward statistics printed by 'stop'."""
    res = {}
    for m in re.finditer(r"Forward statistics for port (\d+)\s*-+\s*(.*?)-{10,}", stop_out, re.S):
        d = {}
        for k, v in re.findall(r"([A-Za-z-]+):\s+(\d+)", m.group(2)):
            d[k] = int(v)
        res[int(m.group(1))] = d
    return res


def interpreter(path):
    """The dynamic loader (PT_INTERP) an executable names."""
    from elftools.elf.elffile import ELFFile  # python3-pyelftools, as dpdk-pmdinfo.py
    with open(path, "rb") as f:
        for seg in ELFFile(f).iter_segments():
            if seg["p_type"] == "PT_INTERP":
                return seg.get_interp_name()
    raise ValueError("%s names no dynamic loader" % path)


def test_pmdinfo(so, tmp, name="net_stmmac_uio"):
    if PMDINFO is None:
        print("skip pmdinfo: dpdk-pmdinfo.py not installed")
        return
    env = None
    if wrapper:
        # dpdk-pmdinfo.py asks ldd for the librte_* libraries a file needs;
        # the host's ldd cannot read another architecture, that
        # architecture's loader (testpmd's, run by the wrapper) can.
        shim = os.path.join(tmp, "bin")
        os.makedirs(shim, exist_ok=True)
        loader = sysroot + interpreter(testpmd)
        with open(os.path.join(shim, "ldd"), "w") as f:
            f.write("#!/bin/sh\nexec %s --list \"$@\"\n" % " ".join(
                shlex.quote(a) for a in wrapper + [loader]))
        os.chmod(os.path.join(shim, "ldd"), 0o755)
        env = dict(os.environ, PATH=shim + os.pathsep + os.environ.get("PATH", ""))
    out = subprocess.run([PMDINFO, so], capture_output=True, text=True,
                         env=env).stdout
    try:
        infos = json.loads(out)
    except ValueError:
        infos = []
    ours = [i for i in infos if i.get("name") == name]
    check(len(ours) == 1, "dpdk-pmdinfo.py shows " + name)
    params = ours[0].get("params", "") if ours else ""
    check(all(k in params for k in ("uio=", "rx_pcap=", "gen_pkts=", "model_cpu=")),
          "dpdk-pmdinfo.py shows the devargs: " + params)


def test_io_generated(so):
    # Port 0 holds frames back while its ring is full (flow_ctrl=1), so all
    # of its frames are received. Port 1 misses frames until forwarding
    # starts: few enough that the device's 11-bit missed-frame counter,
    # read when the statistics are, cannot saturate before that.
    n0, n1 = 20000, 2000
    t = Testpmd(so, ["net_stmmac_uio0,gen_pkts=%d,gen_len=64-1500,gen_flows=16,flow_ctrl=1" % n0,
                     "net_stmmac_uio1,gen_pkts=%d,gen_proto=tcp,gen_ipv6=1" % n1],
                ["--forward-mode=io"])
    t.cmd("start")
    st = t.wait_rx({0: n0, 1: n1})
    fw = fwd_stats(t.finish())
    for p, n in ((0, n0), (1, n1)):
        s = st.get(p, {})
        total = s.get("RX-packets", 0) + s.get("RX-missed", 0) + s.get("RX-errors", 0)
        check(total == n, "io: port %d accounts for all %d generated frames "
              "(RX %d + missed %d + errors %d)" % (p, n, s.get("RX-packets", 0),
                                                   s.get("RX-missed", 0), s.get("RX-errors", 0)))
        check(s.get("RX-packets", 0) > 0, "io: port %d received frames" % p)
    for rx, tx in ((0, 1), (1, 0)):
        r = fw.get(rx, {}).get("RX-packets", -1)
        txt = fw.get(tx, {}).get("TX-total", -2)
        check(r == txt, "io: port %d RX-packets %d == port %d TX-total %d" % (rx, r, tx, txt))
    check(t.p.returncode == 0, "io: testpmd exited cleanly (%s)" % t.p.returncode)


def test_rxonly(so):
    n = 30000
    t = Testpmd(so, ["net_stmmac_uio0,gen_pkts=%d,gen_len=imix,flow_ctrl=1" % n,
                     "net_stmmac_uio1,gen_pkts=1"], ["--forward-mode=rxonly"])
    t.cmd("start")
    st = t.wait_rx({0: n})
    fw = fwd_stats(t.finish())
    s = st.get(0, {})
    total = s.get("RX-packets", 0) + s.get("RX-missed", 0) + s.get("RX-errors", 0)
    check(total == n, "rxonly: all %d frames accounted for (got %d)" % (n, total))
    check(fw.get(0, {}).get("RX-packets", -1) == s.get("RX-packets", -2),
          "rxonly: forward and port statistics agree")
    check(t.p.returncode == 0, "rxonly: testpmd exited cleanly (%s)" % t.p.returncode)


def test_flow(so, vdev, rules, refused, word):
    """testpmd's flow commands on a port of two queues, as the NIC page
    shows them: @p rules created, @p refused refused naming @p word,
    one rule destroyed, the rest flushed."""
    t = Testpmd(so, [vdev], ["--rxq=2", "--txq=2"])
    for i, r in enumerate(rules):
        out = t.cmd("flow create 0 ingress pattern %s" % r)
        check("Flow rule #%d created" % i in out,
              "flow: %s: rule %d created (%s)" % (vdev, i, out.strip()))
    out = t.cmd("flow create 0 ingress pattern %s" % refused)
    check("Caught PMD error" in out and word in out,
          "flow: %s refuses '%s' naming %s (%s)" % (vdev, refused, word, out.strip()))
    out = t.cmd("flow destroy 0 rule 0")
    check("Flow rule #0 destroyed" in out, "flow: rule 0 destroyed (%s)" % out.strip())
    out = t.cmd("flow create 0 ingress pattern %s" % rules[0])
    check("created" in out, "flow: its class free again (%s)" % out.strip())
    t.cmd("flow flush 0")
    out = t.cmd("flow list 0")
    check("=> QUEUE" not in out, "flow: flushed (%s)" % out.strip())
    t.quit()
    check(t.p.returncode == 0, "flow: testpmd exited cleanly (%s)" % t.p.returncode)


def test_tm(so, vdev, prio, weights, refused, word):
    """testpmd's tm commands on a port of three TX queues, as the NIC page
    shows them: the capabilities, a shaper profile refused, the hierarchy
    of leaf priorities @p prio and @p weights committed on the stopped
    port and the port started over it, @p refused (priorities) refused at
    commit naming @p word."""
    t = Testpmd(so, [vdev], ["--rxq=1", "--txq=3"])
    out = t.cmd("show port tm cap 0")
    check("cap.n_levels_max 2" in out and "cap.shaper_n_max 0" in out,
          "tm: %s: 2 levels, no shapers (%s)" % (vdev, out.strip()))
    out = t.cmd("add port tm node shaper profile 0 1 0 0 1000000 1500 0 0")
    check("no shapers" in out, "tm: %s: a shaper profile refused (%s)" % (vdev, out.strip()))
    t.cmd("port stop 0")

    def hierarchy(leaf_prio):
        outs = [t.cmd("add port tm nonleaf node 0 100 -1 0 1 0 -1 1 0 0")]
        for q, (p, w) in enumerate(zip(leaf_prio, weights)):
            outs.append(t.cmd("add port tm leaf node 0 %d 100 %d %d 1 -1 0 4294967295 0 0"
                              % (q, p, w)))
        return "".join(outs)
    out = hierarchy(prio)
    out += t.cmd("port tm hierarchy commit 0 no")
    check("error" not in out, "tm: %s: priorities %s, weights %s committed (%s)"
          % (vdev, prio, weights, out.strip()))
    out = t.cmd("port start 0")
    check("Fail" not in out and "error" not in out,
          "tm: %s: started over it (%s)" % (vdev, out.strip()))
    t.cmd("port stop 0")
    for q in (0, 1, 2, 100):
        t.cmd("del port tm node 0 %d" % q)
    out = hierarchy(refused)
    out += t.cmd("port tm hierarchy commit 0 yes")
    check("error" in out and word in out,
          "tm: %s refuses priorities %s naming %s (%s)" % (vdev, refused, word, out.strip()))
    out = t.cmd("port start 0")
    check("Fail" not in out, "tm: %s: started again (%s)" % (vdev, out.strip()))
    t.quit()
    check(t.p.returncode == 0, "tm: testpmd exited cleanly (%s)" % t.p.returncode)


def port_link(t, port):
    """(status, speed, duplex) from 'show port info'."""
    out = t.cmd("show port info %d" % port)
    st = re.search(r"Link status:\s*(\w+)", out)
    sp = re.search(r"Link speed:\s*(.+)", out)
    du = re.search(r"Link duplex:\s*(.+)", out)
    return (st.group(1) if st else "?", sp.group(1).strip() if sp else "?",
            du.group(1).strip() if du else "?")


def test_phy_link(so):
    # The model's PHY at MDIO address 3, its partner at 100 Mbit/s: the
    # PMD finds it (phy_addr=auto), reports the negotiated mode and the
    # MAC follows it (else nothing would be received or sent).
    n = 2000
    t = Testpmd(so, ["net_stmmac_uio0,model_phy_addr=3,model_phy_speed=100,phy_addr=auto,"
                     "gen_pkts=%d,flow_ctrl=1" % n,
                     "net_stmmac_uio1,model_phy_addr=3,model_phy_speed=100,gen_pkts=1"],
                ["--forward-mode=io"])
    check("MDIO address 3" in t.startup, "phy: PHY found at MDIO address 3")
    link = port_link(t, 0)
    check(link == ("up", "100 Mbps", "full-duplex"),
          "phy: show port info 0: link up, 100 Mbps, full duplex (%s)" % (link,))
    t.cmd("start")
    st = t.wait_rx({0: n})
    fw = fwd_stats(t.finish())
    check(st.get(0, {}).get("RX-packets", 0) == n, "phy: port 0 received all %d" % n)
    check(fw.get(1, {}).get("TX-total", 0) == n, "phy: port 1 sent them (io)")
    check(t.p.returncode == 0, "phy: testpmd exited cleanly (%s)" % t.p.returncode)
    # Told to look where no PHY answers: link down and a message.
    t = Testpmd(so, ["net_stmmac_uio0,model_phy_addr=3,phy_addr=5,gen_pkts=1"],
                ["--forward-mode=io"])
    check("no PHY answers at MDIO address 5" in t.startup,
          "phy: phy_addr=5 with the PHY at 3: a message names the address")
    link = port_link(t, 0)
    check(link[0] == "down", "phy: phy_addr=5: link down (%s)" % (link,))
    t.quit()


def model_nc_xstats(t):
    """{port: {"model_nc_...": n}} from 'show port xstats all'."""
    out = t.cmd("show port xstats all")
    res = {}
    for m in re.finditer(r"NIC extended statistics for port (\d+)(.*?)(?=NIC extended statistics for port|\Z)",
                         out, re.S):
        res[int(m.group(1))] = {k: int(v) for k, v in
                                re.findall(r"(model_nc_\w+):\s+(\d+)", m.group(2))}
    return res


def test_pcap_forward(so, srcroot, tmp, devargs="",
                      rx_port="net_stmmac_uio0", tx_port="net_stmmac_uio1"):
    what = "pcap" + (" (%s)" % devargs if devargs else "")
    if not rx_port.startswith("net_stmmac_uio"):
        what += " %s -> %s" % (rx_port, tx_port)
    extra = "," + devargs if devargs else ""
    src = os.path.join(srcroot, "tests", "data", "fwd_mix.pcap")
    out = os.path.join(tmp, "fwd_out.pcap")
    frames_in = read_pcap(src)
    t = Testpmd(so, ["%s,rx_pcap=%s%s" % (rx_port, src, extra),
                     "%s%s,gen_pkts=1,tx_pcap=%s" % (tx_port, extra, out)],
                ["--forward-mode=io"])
    t.cmd("start")
    st = t.wait_rx({0: len(frames_in)})
    nc = model_nc_xstats(t) if "dma=noncoherent" in devargs else None
    t.finish()
    s = st.get(0, {})
    check(s.get("RX-packets", 0) == len(frames_in) and s.get("RX-missed", 0) == 0,
          "%s: port 0 received all %d frames, none missed (%d, %d)" %
          (what, len(frames_in), s.get("RX-packets", 0), s.get("RX-missed", 0)))
    frames_out = read_pcap(out) if os.path.exists(out) else []
    # Both families' MACs pad frames under 60 bytes (TDES3 CPC 0, Z_PAD).
    wire = on_wire(frames_in)
    check(frames_out == wire,
          "%s: port 1 sent the capture byte-identical, runts zero-padded (%d of %d frames)" %
          (what, sum(1 for a, b in zip(wire, frames_out) if a == b), len(frames_in)))
    if nc is not None:
        names = ("model_nc_clobbers", "model_nc_unclean_reads")
        for p in (0, 1):
            got = nc.get(p, {})
            check(all(n in got for n in names) and not any(got.values()),
                  "%s: port %d show port xstats: model_nc_* all 0 (%s)" % (what, p, got))


def read_expected(path):
    """verdict_expected.txt: index name ptype l2 l3 l4 IP L4."""
    exp = {}
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            idx, name, ptype, _, _, _, ip, l4 = line.split()
            exp[int(idx)] = (name, ptype, ip, l4)
    return exp


def verbose_dumps(text):
    """[(port, length, hw ptype tokens, ol_flags tokens)] from testpmd's
    verbose RX dumps, in order."""
    res, port = [], None
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = re.search(r"port (\d+)/queue \d+: received \d+ packets", line)
        if m:
            port = int(m.group(1))
            continue
        m = re.search(r"length=(\d+)", line)
        if m and "src=" in line:
            pt = re.search(r"hw ptype: (.*?)\s+-", line)
            flags = ""
            for nxt in lines[i + 1:i + 3]:
                f = re.search(r"ol_flags: (.*)", nxt)
                if f:
                    flags = f.group(1)
                    break
            res.append((port, int(m.group(1)),
                        pt.group(1).split() if pt else [], flags.split()))
    return res


def cmd_settle(t, text, quiet=1.0):
    """Like Testpmd.cmd, for verbose mode: the forwarding lcore's packet
    dumps may come after the prompt, so the output does not necessarily end
    with it. Done when it does, or when the prompt was seen and nothing
    more arrived for `quiet` seconds."""
    t.p.stdin.write((text + "\n").encode())
    t.p.stdin.flush()
    out, deadline = "", time.time() + t.HANG_GUARD
    while not out.endswith(t.PROMPT) and time.time() < deadline:
        try:
            c = t.chunks.get(timeout=quiet if t.PROMPT in out else 1.0)
        except queue.Empty:
            if t.PROMPT in out:
                break
            continue
        if c is None:
            break
        out += c
    t.log.append(out)
    return out


def test_verdict_flags(so, srcroot, port="net_stmmac_uio0",
                       other="net_stmmac_uio1", max_frame=16384):
    data = os.path.join(srcroot, "tests", "data")
    src = os.path.join(data, "verdict_corpus.pcap")
    frames = read_pcap(src)
    exp = read_expected(os.path.join(data, "verdict_expected.txt"))
    # The model replays records of 1..max_frame bytes; the PMD drops runts.
    offered = [i for i, f in enumerate(frames) if 1 <= len(f) <= max_frame]
    want = [i for i in offered if len(frames[i]) >= 14]
    t = Testpmd(so, ["%s,rx_pcap=%s,csum=auto" % (port, src),
                     "%s,gen_pkts=1" % other], ["--forward-mode=rxonly"])
    cmd_settle(t, "set verbose 1")
    cmd_settle(t, "start")
    # No command while the dumps flow (testpmd's prompt interleaves with
    # them): read until every expected packet was dumped, then go quiet.
    deadline = time.time() + t.HANG_GUARD
    while "".join(t.log).count("ol_flags:") < len(want) and time.time() < deadline:
        try:
            c = t.chunks.get(timeout=1.0)
        except queue.Empty:
            continue
        if c is None:
            break
        t.log.append(c)
    cmd_settle(t, "set verbose 0")
    st = t.wait_rx({0: len(offered)})
    out = t.finish()
    s = st.get(0, {})
    check(s.get("RX-packets", 0) == len(want) and
          s.get("RX-errors", 0) == len(offered) - len(want),
          "verdict: %d delivered (got %d), %d runts in RX-errors (got %d)" %
          (len(want), s.get("RX-packets", 0), len(offered) - len(want),
           s.get("RX-errors", 0)))
    dumps = [d for d in verbose_dumps("".join(t.log) + out) if d[0] == 0]
    check(len(dumps) == len(want), "verdict: %d packets dumped (got %d)" %
          (len(want), len(dumps)))
    names = {"G": "GOOD", "B": "BAD", "U": "UNKNOWN"}
    bad = []
    for idx, (_, length, ptype, flags) in zip(want, dumps):
        name, eptype, ip, l4 = exp[idx]
        fl = set(flags)
        ok = (length == len(frames[idx]) and
              "RTE_MBUF_F_RX_IP_CKSUM_" + names[ip] in fl and
              "RTE_MBUF_F_RX_L4_CKSUM_" + names[l4] in fl and
              len([f for f in fl if f.startswith("RTE_MBUF_F_RX_IP_CKSUM_")]) == 1 and
              len([f for f in fl if f.startswith("RTE_MBUF_F_RX_L4_CKSUM_")]) == 1)
        known = sorted(p for p in ptype if not p.endswith("UNKNOWN"))
        eknown = sorted(p for p in eptype.split("|") if p != "0")
        ok = ok and known == eknown
        if not ok:
            bad.append("#%d %s: length %d ptype %s flags %s, expected length %d "
                       "ptype %s IP %s L4 %s" % (idx, name, length, known, flags,
                                                 len(frames[idx]), eknown, ip, l4))
    for b in bad[:20]:
        print("  " + b)
    check(not bad and len(dumps) == len(want),
          "verdict: every packet's length, ptype and checksum flags as expected "
          "(%d mismatches)" % len(bad))
    check(t.p.returncode == 0, "verdict: testpmd exited cleanly (%s)" % t.p.returncode)


def inet_csum(data):
    """RFC 1071 over bytes (an odd last byte padded with zero)."""
    if len(data) % 2:
        data += b"\0"
    s = sum(struct.unpack("!%dH" % (len(data) // 2), data))
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    return ~s & 0xffff


def csum_frame(raw, fix_ip=True, fix_l4=True):
    """The frame with its IPv4 header and TCP/UDP checksums as a correct
    sender writes them (at most one 802.1Q tag; a UDP 0 is 0xffff)."""
    f = bytearray(raw)
    l3, et = 14, struct.unpack("!H", f[12:14])[0]
    if et == 0x8100:
        l3, et = 18, struct.unpack("!H", f[16:18])[0]
    if et == 0x0800:
        ihl = (f[l3] & 15) * 4
        tot, proto = struct.unpack("!H", f[l3 + 2:l3 + 4])[0], f[l3 + 9]
        l4, ulen = l3 + ihl, tot - ihl
        pseudo = bytes(f[l3 + 12:l3 + 20]) + struct.pack("!BBH", 0, proto, ulen)
        if fix_ip:
            f[l3 + 10:l3 + 12] = b"\0\0"
            f[l3 + 10:l3 + 12] = struct.pack("!H", inet_csum(bytes(f[l3:l4])))
    elif et == 0x86dd:
        proto, ulen, l4 = f[l3 + 6], struct.unpack("!H", f[l3 + 4:l3 + 6])[0], l3 + 40
        pseudo = bytes(f[l3 + 8:l3 + 40]) + struct.pack("!IxxxB", ulen, proto)
    else:
        return bytes(f)
    off = {6: 16, 17: 6}.get(proto)
    if fix_l4 and off is not None:
        f[l4 + off:l4 + off + 2] = b"\0\0"
        c = inet_csum(pseudo + bytes(f[l4:l4 + ulen]))
        f[l4 + off:l4 + off + 2] = struct.pack("!H", 0xffff if proto == 17 and c == 0 else c)
    return bytes(f)


def csum_input_frames():
    """(frame, whether testpmd offloads its L4 checksum): frames whose
    checksums are all wrong (what the csum engine must get the device to
    fix), an IPv4 UDP with checksum 0 (testpmd leaves it: only the IPv4
    header is offloaded), a frame that is not IP."""
    def eth(et, vlan=False):
        h = bytes.fromhex("02000000aa01") + bytes.fromhex("02000000bb02")
        return h + (struct.pack("!HH", 0x8100, 7) if vlan else b"") + struct.pack("!H", et)

    def ipv4(proto, l4, ihl=20):
        opts = b"\x01" * (ihl - 20)
        return struct.pack("!BBHHHBBH4s4s", 0x40 | ihl // 4, 0, ihl + len(l4), 0x1234, 0,
                           64, proto, 0xdead, bytes([10, 0, 0, 1]),
                           bytes([192, 168, 7, 9])) + opts + l4

    def ipv6(proto, l4):
        return (struct.pack("!IHBB", 0x60000000, len(l4), proto, 64) +
                bytes(range(16)) + bytes(range(100, 116)) + l4)

    def udp(n, ck=0x1234):
        return struct.pack("!HHHH", 5000, 6000, 8 + n, ck) + bytes((i * 7) & 255 for i in range(n))

    def tcp(n):
        return (struct.pack("!HHIIBBHHH", 1024, 80, 1, 2, 0x50, 0x10, 512, 0xbeef, 0) +
                bytes((i * 13) & 255 for i in range(n)))

    return [(eth(0x0800) + ipv4(17, udp(30)), True),
            (eth(0x0800) + ipv4(6, tcp(101), ihl=24), True),
            (eth(0x86dd) + ipv6(17, udp(77)), True),
            (eth(0x86dd) + ipv6(6, tcp(500)), True),
            (eth(0x0800, vlan=True) + ipv4(17, udp(18)), True),
            (eth(0x0800) + ipv4(17, udp(22, ck=0)), False),
            (eth(0x0806) + bytes(28) + bytes(18), False)]


def write_pcap(path, frames):
    with open(path, "wb") as f:
        f.write(struct.pack("<IHHiIII", 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1))
        for fr in frames:
            f.write(struct.pack("<IIII", 0, 0, len(fr), len(fr)) + fr)


def test_csum_engine(so, tmp, tx_port="net_stmmac_uio1"):
    """testpmd's csum forwarding engine with the TX checksums in hardware
    (`csum set ip|udp|tcp hw 1` on the TX port, @tx_port): frames with wrong
    checksums replayed into port 0 leave port 1 with correct ones, as
    computed here in software, byte for byte after the MAC addresses (the
    engine rewrites those); a UDP checksum of 0 stays 0, a frame that is not
    IP is untouched."""
    src, out = os.path.join(tmp, "csum_in.pcap"), os.path.join(tmp, "csum_out.pcap")
    if os.path.exists(out):
        os.unlink(out)
    cases = csum_input_frames()
    frames_in = [f for f, _ in cases]
    write_pcap(src, frames_in)
    want = [csum_frame(f, fix_l4=l4) for f, l4 in cases]
    t = Testpmd(so, ["net_stmmac_uio0,rx_pcap=%s" % src,
                     "%s,gen_pkts=1,tx_pcap=%s" % (tx_port, out)], [])
    t.cmd("port stop 1")
    msgs = "".join(t.cmd("csum set %s hw 1" % p) for p in ("ip", "udp", "tcp"))
    if "not supported" in msgs:
        print(msgs)
    check("not supported" not in msgs, "csum: port 1 accepts IP, UDP and TCP checksums in hw")
    show = t.cmd("csum show 1")
    check(all(re.search(r"%s checksum offload is hw" % p, show, re.I)
              for p in ("IP", "UDP", "TCP")), "csum: csum show 1 says hw for IP, UDP, TCP")
    t.cmd("port start 1")
    t.cmd("set fwd csum")
    t.cmd("start")
    st = t.wait_rx({0: len(frames_in)})
    t.finish()
    check(st.get(0, {}).get("RX-packets", 0) == len(frames_in),
          "csum: port 0 received all %d frames" % len(frames_in))
    got = read_pcap(out) if os.path.exists(out) else []
    same = sum(1 for a, b in zip(got, want) if len(a) == len(b) and a[12:] == b[12:])
    check(len(got) == len(want) and same == len(want),
          "csum: port 1 (%s) sent every frame with correct checksums (%d of %d byte-exact, %d sent)"
          % (tx_port, same, len(want), len(got)))
    for i, (a, b) in enumerate(zip(got, want)):
        if a[12:] != b[12:]:
            print("  frame %d: got %s\n           want %s" % (i, a[12:60].hex(), b[12:60].hex()))


def test_flow_ctrl(so):
    """The flow control commands of the NIC page (802.3x, `Flow control`):
    both directions on, Linux's pause time and water marks read back."""
    t = Testpmd(so, ["net_stmmac_uio0,gen_pkts=1"], [])
    out = t.cmd("set flow_ctrl rx on tx on 0 0 0 0 mac_ctrl_frame_fwd off autoneg off 0")
    show = t.cmd("show port 0 flow_ctrl")
    t.quit()
    print(out + show)
    check(re.search(r"Rx pause: on", show) is not None and
          re.search(r"Tx pause: on", show) is not None,
          "flow_ctrl: rx and tx pause on")
    check(re.search(r"Pause time: 0xffff", show) is not None,
          "flow_ctrl: a pause time of 0 takes 0xffff quanta")
    m = re.search(r"High waterline: 0x([0-9a-f]+)\s+Low waterline: 0x([0-9a-f]+)", show)
    check(m is not None and int(m.group(1), 16) - int(m.group(2), 16) == 1536,
          "flow_ctrl: XOFF 3 KiB and XON 4.5 KiB below the queue's size")


def test_vlan(so):
    """The VLAN commands of the NIC page (`VLAN offloads`): each taken
    without an error, stripping and the filter on after the start."""
    t = Testpmd(so, ["net_stmmac_uio0,gen_pkts=1"], [])
    out = ""
    for c in ("port stop 0", "vlan set strip on 0", "vlan set filter on 0",
              "rx_vlan add 100 0", "port config 0 tx_offload vlan_insert on",
              "tx_vlan set 0 100", "port start 0"):
        out += t.cmd(c)
    info = t.cmd("show port info 0")
    t.quit()
    print(out)
    check(re.search(r"fail|error|invalid|not supported", out, re.I) is None,
          "vlan: every command taken")
    check(re.search(r"strip on,\s*filter on", info) is not None,
          "vlan: stripping and the filter on")


def test_neta_fc_vlan(so):
    """net_mvneta_uio's flow control commands (`Flow control`): full
    read back, with no pause time or water marks of its own; one direction
    alone and any VLAN offload refused (`VLAN`)."""
    t = Testpmd(so, ["net_mvneta_uio0,gen_pkts=1"], [])
    out = t.cmd("set flow_ctrl rx on tx on 0 0 0 0 mac_ctrl_frame_fwd off autoneg off 0")
    show = t.cmd("show port 0 flow_ctrl")
    one = t.cmd("set flow_ctrl rx on tx off 0 0 0 0 mac_ctrl_frame_fwd off autoneg off 0")
    after = t.cmd("show port 0 flow_ctrl")
    t.cmd("port stop 0")
    vlan = t.cmd("vlan set strip on 0")
    t.quit()
    print(out + show + one + vlan)
    check(re.search(r"fail|error", out, re.I) is None and
          re.search(r"Rx pause: on", show) is not None and
          re.search(r"Tx pause: on", show) is not None,
          "neta flow_ctrl: rx and tx pause on")
    check(re.search(r"Pause time: 0x0\b", show) is not None,
          "neta flow_ctrl: no pause time of the driver's")
    check(re.search(r"bad flow control parameter", one) is not None and
          re.search(r"Tx pause: on", after) is not None,
          "neta flow_ctrl: rx pause alone refused, the setting kept")
    check(re.search(r"fail|error", vlan, re.I) is not None,
          "neta: VLAN stripping refused")


def main():
    global testpmd, sysroot
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pmd_so")
    ap.add_argument("source_root")
    ap.add_argument("--mvneta", default="")
    ap.add_argument("--sysroot", default="")
    ap.add_argument("--exe-wrapper", action="append", default=[])
    opts = ap.parse_args()
    if opts.sysroot:
        sysroot = opts.sysroot.rstrip("/")
        testpmd = sysroot + "/usr/bin/dpdk-testpmd"
    wrapper.extend(opts.exe_wrapper)
    if not os.access(testpmd, os.X_OK):
        print("skipped: %s not installed (Debian package dpdk-dev)" % testpmd)
        return 77
    so, srcroot = os.path.abspath(opts.pmd_so), opts.source_root
    so, cleanup = safe_plugin(so)
    mv, mv_cleanup = safe_plugin(os.path.abspath(opts.mvneta)) if opts.mvneta else ("", None)
    tmp = tempfile.mkdtemp(prefix="socrx-testpmd-")
    try:
        test_pmdinfo(so, tmp)
        test_io_generated(so)
        test_rxonly(so)
        test_phy_link(so)
        test_pcap_forward(so, srcroot, tmp)
        test_pcap_forward(so, srcroot, tmp, "dma=noncoherent")
        test_verdict_flags(so, srcroot)
        test_csum_engine(so, tmp)
        test_flow_ctrl(so)
        test_vlan(so)
        test_flow(so, "net_stmmac_uio0,model_channels=2,model_mtl_queues=2",
                  ["eth / vlan tci spec 0xe000 tci mask 0xe000 / end actions queue index 1 / end",
                   "eth type is 0x88f7 / end actions queue index 1 / end"],
                  "eth type is 0x88cc / end actions queue index 1 / end", "LLDP")
        test_tm(so, "net_stmmac_uio0,model_channels=3,model_mtl_queues=3",
                (0, 0, 0), (1, 3, 2), (1, 1, 0), "port-wide")
        if mv:
            both = [so, mv]
            test_pmdinfo(mv, tmp, "net_mvneta_uio")
            for devargs in ("", "dma=noncoherent"):
                test_pcap_forward(both, srcroot, tmp, devargs,
                                  "net_mvneta_uio0", "net_stmmac_uio0")
            # The neta model takes frames of at most 9728 bytes, FCS included.
            test_verdict_flags(both, srcroot, "net_mvneta_uio0",
                               "net_stmmac_uio0", 9724)
            test_csum_engine(both, tmp, "net_mvneta_uio0")
            test_flow(both, "net_mvneta_uio0",
                      ["eth / vlan tci spec 0xe000 tci mask 0xe000 / end actions queue index 1 / end",
                       "eth type is 0x0806 / end actions queue index 1 / end"],
                      "eth type is 0x88f7 / end actions queue index 1 / end", "ARP")
            test_tm(both, "net_mvneta_uio0", (1, 1, 0), (1, 3, 1), (0, 1, 2),
                    "highest-numbered")
            test_neta_fc_vlan(both)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        for d in (cleanup, mv_cleanup):
            if d:
                shutil.rmtree(d, ignore_errors=True)
    return result()


if __name__ == "__main__":
    sys.exit(main())
