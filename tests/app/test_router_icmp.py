#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""socrx-router's --icmp-errors: ICMP time exceeded and destination
unreachable for IPv4, rate limited, off by default.

A capture replayed into port 0 of two model ports holds four frames
without a route (plain IPv4: a group of the 4-wide path), frames with TTL
1 (UDP, an ICMP echo request, IPv4 options, a datagram of only 8 payload
bytes), one to a destination without a route, one routed normally, and
frames that must get no error: an ICMP error with TTL 1, a multicast
destination, a non-first fragment, a source 0.0.0.0, IPv6 with hop limit
1. With --icmp-errors 192.0.2.1, port 0 sends exactly the expected errors,
in order, each checked field by field against an independent build:
Ethernet to the sender's MAC from port 0's, IPv4 (TOS 0xc0, TTL 64, from
192.0.2.1 to the sender, header checksum by an RFC 1071 sum), ICMP type
11 or 3 code 0, its checksum, 4 zero bytes, then the frame's IP header
and first 8 payload bytes as received (RFC 792); port 1 sends the routed
frame only. Without the option, port 0 sends nothing. Rate: 300 expired
frames with --icmp-rate 5 give at least the bucket's 5 errors and at
most 5 more per second the run lasted, and the log's sent + held back
is 300. Bad values are refused.

Usage: test_router_icmp.py ROUTER
Exit: 0 pass, 1 fail.
"""
import json
import os
import re
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testlib import check, read_pcap, result, write_empty_pcap, write_pcap  # noqa: E402
from test_router_opts import csum16  # noqa: E402

EAL = ["--no-huge", "--no-pci", "-m", "512", "--no-shconf", "-l", "0,1",
       "--log-level=pmd.net.stmmac*:notice"]
ROUTES = """route 198.19.0.0/16 port 1
route 10.0.0.0/8 port 0
neighbor port 0 mac 02:aa:00:00:00:00
neighbor port 1 mac 02:aa:00:00:00:01
"""
SENDER = bytes.fromhex("02bb00000007")
SRC = bytes([198, 18, 0, 9])


def ipv4(dst, ttl, proto=17, payload=b"\0" * 30, opts=b"", frag=0, src=SRC,
         dst_mac=bytes.fromhex("020000000100")):
    ihl = 5 + len(opts) // 4
    hdr = struct.pack("!BBHHHBBH4s4s", 0x40 | ihl, 0, ihl * 4 + len(payload), 7,
                      frag, ttl, proto, 0, src, bytes(dst)) + opts
    hdr = hdr[:10] + struct.pack("!H", 0xffff - csum16(hdr)) + hdr[12:]
    return dst_mac + SENDER + b"\x08\x00" + hdr + payload


def udp(n):
    body = bytes(range(n))
    return struct.pack("!HHHH", 5000, 6000, 8 + n, 0) + body


def icmp_msg(t, body=b"\x12\x34\x00\x01" + b"ping"):
    m = struct.pack("!BBH", t, 0, 0) + body
    return m[:2] + struct.pack("!H", 0xffff - csum16(m)) + m[4:]


def corpus():
    """(frame, expected ICMP type or None, routed out of port 1)"""
    v6 = (bytes.fromhex("020000000100") + SENDER + b"\x86\xdd" +
          struct.pack("!IHBB", 0x60000000, 8, 17, 1) + b"\x20\x01\x0d\xb8" + b"\0" * 12 +
          b"\x20\x01\x0d\xb8" + b"\0" * 11 + b"\x01" + udp(0))
    # four plain unroutable frames first: a group the 4-wide path may take
    return [(ipv4([203, 0, 113, 20 + i], 64, payload=udp(30)), 3, False)
            for i in range(4)] + [
        (ipv4([198, 19, 0, 1], 1, payload=udp(30)), 11, False),
        (ipv4([203, 0, 113, 5], 64, payload=udp(30)), 3, False),
        (ipv4([198, 19, 0, 2], 64, payload=udp(30)), None, True),
        (ipv4([198, 19, 0, 3], 1, proto=1, payload=icmp_msg(11, b"\0" * 4 + b"x" * 28)),
         None, False),
        (ipv4([198, 19, 0, 4], 1, proto=1, payload=icmp_msg(8)), 11, False),
        (ipv4([224, 0, 0, 5], 1, payload=udp(30), dst_mac=bytes.fromhex("01005e000005")),
         None, False),
        (ipv4([198, 19, 0, 6], 1, payload=udp(30), frag=100), None, False),
        (ipv4([198, 19, 0, 7], 1, payload=udp(30), src=bytes(4)), None, False),
        (ipv4([198, 19, 0, 8], 1, payload=udp(30), opts=b"\x94\x04\x00\x00"), 11, False),
        (ipv4([203, 0, 113, 9], 64, payload=udp(0)), 3, False),
        (v6, None, False),
    ]


def expected_error(frame, t, port_mac):
    ihl = (frame[14] & 0xf) * 4
    tlen = struct.unpack("!H", frame[16:18])[0]
    quote = frame[14:14 + min(ihl + 8, tlen)]
    ic = struct.pack("!BBHI", t, 0, 0, 0) + quote
    ic = ic[:2] + struct.pack("!H", 0xffff - csum16(ic)) + ic[4:]
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0xc0, 20 + len(ic), 0, 0, 64, 1, 0,
                     bytes([192, 0, 2, 1]), frame[26:30])
    ip = ip[:10] + struct.pack("!H", 0xffff - csum16(ip)) + ip[12:]
    return frame[6:12] + port_mac + b"\x08\x00" + ip + ic


def run(router, tmp, tag, frames, extra):
    rx = os.path.join(tmp, "%s_in.pcap" % tag)
    empty = os.path.join(tmp, "empty.pcap")
    out = [os.path.join(tmp, "%s_p%d.pcap" % (tag, i)) for i in (0, 1)]
    js = os.path.join(tmp, "%s.json" % tag)
    write_pcap(rx, frames)
    write_empty_pcap(empty)
    cmd = [router] + EAL + ["--vdev", "net_stmmac_uio0,rx_pcap=%s,tx_pcap=%s" % (rx, out[0]),
                            "--vdev", "net_stmmac_uio1,rx_pcap=%s,tx_pcap=%s" % (empty, out[1]),
                            "--", "--routes", os.path.join(tmp, "routes.cfg"),
                            "--stats-period", "0.2", "--exit-when-idle", "3",
                            "--duration", "120", "--json", js] + extra
    print("$ " + " ".join(cmd), flush=True)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, timeout=300)
    if not check(p.returncode == 0, "[%s] router exit status %d" % (tag, p.returncode),
                 p.stdout):
        return None
    with open(js) as f:
        st = json.load(f)
    return p.stdout, st, [read_pcap(o) for o in out]


def main():
    router = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "routes.cfg"), "w") as f:
            f.write(ROUTES)
        cases = corpus()
        frames = [c[0] for c in cases]
        r = run(router, tmp, "errors", frames, ["--icmp-errors", "192.0.2.1"])
        if r:
            log, st, (p0, p1) = r
            mac0 = bytes.fromhex([p for p in st["ports"] if p["port"] == 0][0]["mac"]
                                 .replace(":", ""))
            want = [expected_error(fr, t, mac0) for fr, t, _ in cases if t is not None]
            check(len(p0) == len(want), "[errors] port 0 sent %d ICMP errors, %d expected"
                  % (len(p0), len(want)))
            for i, (g, w) in enumerate(zip(p0, want)):
                check(g == w, "[errors] error %d byte for byte as expected (type %d, %d bytes)"
                      % (i, w[34], len(w)),
                      "got  %s\nwant %s" % (g.hex(), w.hex()))
            routed = [fr for fr, _, fwd in cases if fwd]
            check(len(p1) == len(routed) and all(a[12:] == b[12:22] + bytes([b[22] - 1]) + a[23:]
                                                 for a, b in zip(p1, routed)),
                  "[errors] port 1 sent the routed frame only (%d)" % len(p1))
            check("ICMP errors: %d sent, 0 held back by --icmp-rate, 0 without an mbuf"
                  % len(want) in log, "[errors] the log counts %d errors sent" % len(want), log)
        r = run(router, tmp, "off", frames, [])
        if r:
            check(r[2][0] == [], "[off] without --icmp-errors port 0 sends nothing")
            check("ICMP errors" not in r[0], "[off] no ICMP line in the log")
        n = 300
        burst = [ipv4([198, 19, 1, i & 0xff], 1, payload=udp(30)) for i in range(n)]
        r = run(router, tmp, "rate", burst, ["--icmp-errors", "192.0.2.1", "--icmp-rate", "5"])
        if r:
            log, st, (p0, _) = r
            m = re.search(r"ICMP errors: (\d+) sent, (\d+) held back", log)
            sent = int(m.group(1)) if m else -1
            limit = 5 + 5 * (int(st["seconds"]) + 1)
            check(5 <= len(p0) <= limit,
                  "[rate] %d errors: at least the bucket's 5, at most %d in %.1f s"
                  % (len(p0), limit, st["seconds"]))
            check(m is not None and sent == len(p0) and sent + int(m.group(2)) == n,
                  "[rate] the log: %d sent + held back = %d" % (sent, n), log)
        for bad, words in [(["--icmp-errors", "224.0.0.1"], "not a unicast host address"),
                           (["--icmp-errors", "192.0.2"], "is not an IPv4 address"),
                           (["--icmp-errors", "192.0.2.1", "--icmp-rate", "0"],
                            "--icmp-rate: '0' is not a rate in 1..1000000"),
                           (["--icmp-rate", "10"], "--icmp-rate needs --icmp-errors")]:
            cmd = [router] + EAL + ["--vdev", "net_null0", "--", "--routes",
                                    os.path.join(tmp, "routes.cfg")] + bad
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               universal_newlines=True, timeout=120)
            check(p.returncode != 0 and words in p.stdout,
                  "refused: %s (%s)" % (" ".join(bad), words), p.stdout)
    return result()


if __name__ == "__main__":
    sys.exit(main())
