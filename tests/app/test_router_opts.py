#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""socrx-router's port options: --max-pkt-len, --rx-queue-size and
--tx-queue-size.

Jumbo frames: a capture of IPv4/UDP frames from 60 bytes to 9018 (FCS
excluded; one mbuf holds 2048 bytes, so the long ones take RX scatter
and multi-segment TX) is replayed into port 0 of two model ports; with
--max-pkt-len 9018 every frame leaves port 1 whole, in order, its MACs
rewritten, its TTL one lower and its IPv4 header checksum valid (an
independent RFC 1071 sum), every mbuf back in the pool. With
--max-pkt-len 2000 (no scatter) frames of exactly 2000 bytes pass and
longer ones are dropped by the port (rx_errors), not forwarded. Without
the option the ports keep MTU 1500: frames up to 1518 bytes pass (the
MTU, the Ethernet header and room for a VLAN tag), longer ones do not.
With --mixed, the jumbo run again from a net_stmmac_uio to a
net_mvneta_uio port.

Refusals, before any port starts, each naming the option, the port and
its limit: --max-pkt-len above the port's longest frame (9018) or below
its smallest MTU; queue sizes outside the port's descriptor limits or
not a multiple of its alignment; values that are not numbers. A queue
size the port takes is used (the router's log line per port).

Usage: test_router_opts.py ROUTER [--mixed]
Exit: 0 pass, 1 fail.
"""
import json
import os
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testlib import check, read_pcap, result, write_empty_pcap, write_pcap  # noqa: E402

EAL = ["--no-huge", "--no-pci", "-m", "512", "--no-shconf", "-l", "0,1",
       "--log-level=pmd.net.stmmac*:notice", "--log-level=pmd.net.mvneta*:notice"]
NEIGHBOR1 = bytes.fromhex("02aa00000001")
ROUTES = """# every test frame goes to 198.19.0.0/16: out of port 1
route 198.19.0.0/16 port 1
route 10.0.0.0/8 port 0
neighbor port 0 mac 02:aa:00:00:00:00
neighbor port 1 mac 02:aa:00:00:00:01
"""
LENGTHS = [60, 1514, 1518, 1519, 2000, 2001, 2044, 2045, 2048, 2049, 4096, 6000, 9017, 9018]


def csum16(data):
    if len(data) % 2:
        data += b"\0"
    s = sum(struct.unpack("!%dH" % (len(data) // 2), data))
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    return s


def udp_frame(length, i):
    """An IPv4/UDP frame of @length bytes (FCS excluded), valid checksums,
    198.18.0.1 -> 198.19.0.<i>, payload a ramp."""
    ip_len = length - 14
    payload = bytes((k * 7 + i) & 0xff for k in range(ip_len - 28))
    src, dst = bytes([198, 18, 0, 1]), bytes([198, 19, 0, i & 0xff])
    udp = struct.pack("!HHHH", 1024, 2048, 8 + len(payload), 0) + payload
    ck = 0xffff - csum16(src + dst + struct.pack("!BBH", 0, 17, len(udp)) + udp)
    udp = udp[:6] + struct.pack("!H", ck or 0xffff) + udp[8:]
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, ip_len, i, 0, 64, 17, 0, src, dst)
    ip = ip[:10] + struct.pack("!H", 0xffff - csum16(ip)) + ip[12:]
    eth = bytes.fromhex("020000000100") + bytes.fromhex("02bb00000000") + b"\x08\x00"
    return eth + ip + udp


def run(router, vdevs, routes, extra, js=None, timeout=300, duration=120):
    cmd = [router] + EAL
    for v in vdevs:
        cmd += ["--vdev", v]
    cmd += ["--", "-p", "0x3", "--config", "(0,0,1),(1,0,1)", "--routes", routes,
            "--stats-period", "0.2", "--exit-when-idle", "3", "--duration", str(duration)]
    if js:
        cmd += ["--json", js]
    cmd += extra
    print("$ " + " ".join(cmd), flush=True)
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, timeout=timeout)


def forwarded_ok(tag, fin, fout):
    """@fout is @fin routed: MACs rewritten, TTL - 1, header checksum
    valid, every other byte the same."""
    if len(fin) != len(fout):
        return False
    return (fout[:6] == NEIGHBOR1 and fout[12:22] == fin[12:22] and
            fout[22] == fin[22] - 1 and fout[23] == fin[23] and
            csum16(fout[14:34]) == 0xffff and fout[34:] == fin[34:])


def jumbo(router, tmp, tag, second, max_pkt_len, expect_lens):
    rx = os.path.join(tmp, "in.pcap")
    empty = os.path.join(tmp, "empty.pcap")
    out0 = os.path.join(tmp, "%s_p0.pcap" % tag)
    out1 = os.path.join(tmp, "%s_p1.pcap" % tag)
    js = os.path.join(tmp, "%s.json" % tag)
    routes = os.path.join(tmp, "routes.cfg")
    frames = [udp_frame(n, i) for i, n in enumerate(LENGTHS)]
    write_pcap(rx, frames)
    write_empty_pcap(empty)
    vdevs = ["net_stmmac_uio0,rx_pcap=%s,tx_pcap=%s" % (rx, out0),
             "%s,rx_pcap=%s,tx_pcap=%s" % (second, empty, out1)]
    extra = ["--max-pkt-len", str(max_pkt_len)] if max_pkt_len else []
    p = run(router, vdevs, routes, extra, js)
    print(p.stdout[-2500:])
    if not check(p.returncode == 0, "[%s] router exit status %d" % (tag, p.returncode)):
        return
    with open(js) as f:
        st = json.load(f)
    got = read_pcap(out1)
    want = [fr for fr in frames if len(fr) in expect_lens]
    check([len(g) for g in got] == [len(w) for w in want],
          "[%s] port 1 sent frames of %s bytes, expected %s"
          % (tag, [len(g) for g in got], [len(w) for w in want]))
    check(all(forwarded_ok(tag, a, b) for a, b in zip(want, got)),
          "[%s] each frame sent whole: MACs rewritten, TTL - 1, header checksum valid, "
          "the rest byte for byte" % tag)
    check(read_pcap(out0) == [], "[%s] port 0 sent nothing" % tag)
    dropped = len(frames) - len(want)
    p0 = [p for p in st["ports"] if p["port"] == 0][0]
    check(p0["rx_errors"] == dropped,
          "[%s] port 0 counts the %d frames above the maximum as rx_errors (%d)"
          % (tag, dropped, p0["rx_errors"]))
    check(sum(st["drops"].values()) == 0, "[%s] no router drop (%s)" % (tag, st["drops"]))
    check(st["mbufs"]["in_use_after_close"] == 0,
          "[%s] every mbuf back in the pool (%d in use)"
          % (tag, st["mbufs"]["in_use_after_close"]))
    if max_pkt_len:
        check("port 0: MTU %d" % (max_pkt_len - 18) in p.stdout,
              "[%s] the log gives MTU %d" % (tag, max_pkt_len - 18))
        scatter = max_pkt_len + 4 > 2048
        check(("RX scatter, multi-segment TX" in p.stdout) == scatter,
              "[%s] RX scatter %s" % (tag, "on" if scatter else "off"))


def refused(router, tmp, tag, extra, words):
    routes = os.path.join(tmp, "routes.cfg")
    p = run(router, ["net_stmmac_uio0", "net_stmmac_uio1"], routes, extra,
            timeout=120, duration=1)
    ok = p.returncode != 0 and all(w in p.stdout for w in words)
    check(ok, "[%s] refused: %s" % (tag, " / ".join(words)), p.stdout)
    check("lcore 1: port" not in p.stdout, "[%s] before any lcore started" % tag)


def main():
    router = sys.argv[1]
    mixed = "--mixed" in sys.argv[2:]
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "routes.cfg"), "w") as f:
            f.write(ROUTES)
        jumbo(router, tmp, "9018", "net_stmmac_uio1", 9018, LENGTHS)
        jumbo(router, tmp, "2000", "net_stmmac_uio1", 2000,
              [n for n in LENGTHS if n <= 2000])
        jumbo(router, tmp, "default", "net_stmmac_uio1", 0,
              [n for n in LENGTHS if n <= 1518])
        if mixed:
            jumbo(router, tmp, "9018-mixed", "net_mvneta_uio1", 9018, LENGTHS)
        refused(router, tmp, "pkt-len above the port's", ["--max-pkt-len", "9019"],
                ["port 0 (net_stmmac_uio)", "--max-pkt-len 9019",
                 "above the port's longest frame, 9018 bytes"])
        refused(router, tmp, "pkt-len below the minimum MTU", ["--max-pkt-len", "80"],
                ["--max-pkt-len 80 gives MTU 62, below the port's minimum 68",
                 "--max-pkt-len 86 at least"])
        refused(router, tmp, "pkt-len not a number", ["--max-pkt-len", "9k"],
                ["--max-pkt-len: '9k' is not a frame length in 64..65535"])
        refused(router, tmp, "rx size not aligned", ["--rx-queue-size", "100"],
                ["port 0 (net_stmmac_uio): --rx-queue-size 100: the port takes",
                 "a multiple of"])
        refused(router, tmp, "tx size too large", ["--tx-queue-size", "32768"],
                ["port 0 (net_stmmac_uio): --tx-queue-size 32768: the port takes"])
        refused(router, tmp, "rx size 0", ["--rx-queue-size", "0"],
                ["--rx-queue-size: '0' is not a descriptor count in 1..32768"])
        refused(router, tmp, "tx size too long", ["--tx-queue-size", "99999"],
                ["--tx-queue-size: '99999' is not a descriptor count in 1..32768"])
        routes = os.path.join(tmp, "routes.cfg")
        empty = os.path.join(tmp, "empty.pcap")
        p = run(router, ["net_stmmac_uio0,rx_pcap=%s" % empty,
                         "net_stmmac_uio1,rx_pcap=%s" % empty], routes,
                ["--rx-queue-size", "128", "--tx-queue-size", "256"],
                timeout=120, duration=1)
        check(p.returncode == 0 and
              "port 0: MTU 1500, 128 RX and 256 TX descriptors a queue" in p.stdout and
              "port 1: MTU 1500, 128 RX and 256 TX descriptors a queue" in p.stdout,
              "--rx-queue-size 128 --tx-queue-size 256 used on both ports", p.stdout)
    return result()


if __name__ == "__main__":
    sys.exit(main())
