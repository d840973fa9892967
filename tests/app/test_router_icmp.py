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

ICMPv6 (--icmp6-errors 2001:db8::1, with --icmp-errors): a second
capture of IPv6 frames (hop limit 1: UDP, an echo request, a hop-by-hop
header before UDP, a 1400-byte datagram; no route; routed) and frames
that must get none (an ICMPv6 error or a redirect with hop limit 1, one
behind a hop-by-hop header, a multicast destination, a source ::, a
non-first fragment), and 802.1Q-tagged IPv4 and IPv6 frames (TTL 1, no
route): port 0 sends exactly the expected errors, checked against an
independent build: Ethernet (the frame's tag kept), IPv6 (traffic class
0xc0, hop limit 64, next header 58, from 2001:db8::1 to the sender),
ICMPv6 type 3 or 1 code 0, its checksum over the pseudo-header, 4 zero
bytes, then the datagram as received up to the 1280-byte minimum MTU
(RFC 4443); the log counts both versions.

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
route 2001:db8:1::/48 port 1
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
    body = bytes(i & 0xff for i in range(n))
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


V6SRC = bytes.fromhex("20010db8000900000000000000000009")
V6ROUTED = bytes.fromhex("20010db8000100000000000000000001")
V6UNROUTED = bytes.fromhex("20010db8777700000000000000000001")
ICMP6_SRC = bytes.fromhex("20010db8000000000000000000000001")


def ipv6(dst, hl, nh=17, payload=None, src=V6SRC, dst_mac=bytes.fromhex("020000000100")):
    payload = udp(30) if payload is None else payload
    return (dst_mac + SENDER + b"\x86\xdd" +
            struct.pack("!IHBB", 0x60000000, len(payload), nh, hl) + src + dst + payload)


def tagged(frame, vid=42, pcp=5):
    """The frame with one 802.1Q tag after its MACs."""
    return frame[:12] + struct.pack("!HH", 0x8100, pcp << 13 | vid) + frame[12:]


def icmp6(t, body=b"\x12\x34\x00\x01ping"):
    return struct.pack("!BBH", t, 0, 0) + body   # checksum not checked by the router


def corpus6():
    """(frame, expected ICMP type or None, routed out of port 1)"""
    hbh_udp = struct.pack("!BB6s", 17, 0, b"\x01\x04" + b"\0" * 4) + udp(30)
    hbh_err = struct.pack("!BB6s", 58, 0, b"\x01\x04" + b"\0" * 4) + icmp6(1, b"\0" * 12)
    frag = struct.pack("!BBHI", 17, 0, 100 << 3, 7) + udp(30)
    return [
        (ipv6(V6ROUTED, 1), 3, False),
        (ipv6(V6UNROUTED, 64), 1, False),
        (ipv6(V6ROUTED, 64), None, True),
        (ipv6(V6ROUTED, 1, nh=58, payload=icmp6(128)), 3, False),
        (ipv6(V6ROUTED, 1, nh=0, payload=hbh_udp), 3, False),
        (ipv6(V6ROUTED, 1, payload=udp(1352)), 3, False),
        (ipv6(V6ROUTED, 1, nh=58, payload=icmp6(1, b"\0" * 12)), None, False),
        (ipv6(V6ROUTED, 1, nh=58, payload=icmp6(137, b"\0" * 36)), None, False),
        (ipv6(V6ROUTED, 1, nh=0, payload=hbh_err), None, False),
        (ipv6(bytes.fromhex("ff0e0000000000000000000000000001"), 1,
              dst_mac=bytes.fromhex("333300000001")), None, False),
        (ipv6(V6ROUTED, 1, src=bytes(16)), None, False),
        (ipv6(V6ROUTED, 1, nh=44, payload=frag), None, False),
        (tagged(ipv4([198, 19, 0, 9], 1, payload=udp(30))), 11, False),
        (tagged(ipv6(V6UNROUTED, 64)), 1, False),
    ]


def expected_error6(frame, t, port_mac):
    plen = struct.unpack("!H", frame[18:20])[0]
    quote = frame[14:14 + min(40 + plen, 1280 - 48)]
    ic = struct.pack("!BBHI", t, 0, 0, 0) + quote
    dst = frame[22:38]
    pseudo = ICMP6_SRC + dst + struct.pack("!I3xB", len(ic), 58)
    ic = ic[:2] + struct.pack("!H", 0xffff - csum16(pseudo + ic)) + ic[4:]
    ip = struct.pack("!IHBB", 0x6c000000, len(ic), 58, 64) + ICMP6_SRC + dst
    return frame[6:12] + port_mac + b"\x86\xdd" + ip + ic


def expected_error(frame, t, port_mac):
    if frame[12:14] == b"\x81\x00":
        # the tag kept: the error of the frame untagged, with the tag
        e = expected_error(frame[:12] + frame[16:], t, port_mac)
        return e[:12] + frame[12:16] + e[12:]
    if frame[12:14] == b"\x86\xdd":
        return expected_error6(frame, t, port_mac)
    ihl = (frame[14] & 0xf) * 4
    tlen = struct.unpack("!H", frame[16:18])[0]
    quote = frame[14:14 + min(ihl + 8, tlen)]
    ic = struct.pack("!BBHI", t, 0, 0, 0) + quote
    ic = ic[:2] + struct.pack("!H", 0xffff - csum16(ic)) + ic[4:]
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0xc0, 20 + len(ic), 0, 0, 64, 1, 0,
                     bytes([192, 0, 2, 1]), frame[26:30])
    ip = ip[:10] + struct.pack("!H", 0xffff - csum16(ip)) + ip[12:]
    return frame[6:12] + port_mac + b"\x08\x00" + ip + ic


def check_sent(tag, r, cases):
    """Port 0 sent exactly the errors @cases call for, port 1 the routed
    frames (TTL / hop limit one lower). Returns the errors expected."""
    log, st, (p0, p1) = r
    mac0 = bytes.fromhex([p for p in st["ports"] if p["port"] == 0][0]["mac"]
                         .replace(":", ""))
    want = [expected_error(fr, t, mac0) for fr, t, _ in cases if t is not None]
    check(len(p0) == len(want), "[%s] port 0 sent %d ICMP errors, %d expected"
          % (tag, len(p0), len(want)))
    for i, (g, w) in enumerate(zip(p0, want)):
        check(g == w, "[%s] error %d byte for byte as expected (%d bytes)"
              % (tag, i, len(w)), "got  %s\nwant %s" % (g.hex(), w.hex()))
    routed = [fr for fr, _, fwd in cases if fwd]
    ttl = [22 if fr[12:14] == b"\x08\x00" else 21 for fr in routed]
    check(len(p1) == len(routed) and
          all(a[12:] == b[12:o] + bytes([b[o] - 1]) + a[o + 1:]
              for a, b, o in zip(p1, routed, ttl)),
          "[%s] port 1 sent the routed frame only (%d)" % (tag, len(p1)))
    return want


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
            want = check_sent("errors", r, cases)
            check("ICMP errors: %d sent, 0 held back by --icmp-rate, 0 without an mbuf"
                  % len(want) in r[0], "[errors] the log counts %d errors sent" % len(want),
                  r[0])
        cases6 = corpus6()
        r = run(router, tmp, "errors6", [c[0] for c in cases6],
                ["--icmp-errors", "192.0.2.1", "--icmp6-errors", "2001:db8::1"])
        if r:
            want = check_sent("errors6", r, cases6)
            n4 = sum(1 for w in want if b"\x08\x00" in (w[12:14], w[16:18]))
            for fam, n in (("ICMP", n4), ("ICMPv6", len(want) - n4)):
                check("%s errors: %d sent, 0 held back by --icmp-rate, 0 without an mbuf"
                      % (fam, n) in r[0], "[errors6] the log counts %d %s errors sent"
                      % (n, fam), r[0])
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
                           (["--icmp-rate", "10"], "--icmp-rate needs --icmp-errors"),
                           (["--icmp6-errors", "ff02::1"], "is not a unicast address"),
                           (["--icmp6-errors", "::"], "is not a unicast address"),
                           (["--icmp6-errors", "192.0.2.1"], "is not an IPv6 address"),
                           (["--icmp6-errors", "2001:db8::1", "--icmp6-errors", "2001:db8::2"],
                            "--icmp6-errors")]:
            cmd = [router] + EAL + ["--vdev", "net_null0", "--", "--routes",
                                    os.path.join(tmp, "routes.cfg")] + bad
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               universal_newlines=True, timeout=120)
            check(p.returncode != 0 and words in p.stdout,
                  "refused: %s (%s)" % (" ".join(bad), words), p.stdout)
    return result()


if __name__ == "__main__":
    sys.exit(main())
