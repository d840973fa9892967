#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Mixed bursts through socrx-router: every case beside plain IPv4.

The router looks up and rewrites four IPv4 frames at a time when all four
are plain (no options, header verdict GOOD, TTL above 1, L4 verdict the
policy lets through) and takes every other group of four frame by frame.
The same for four plain IPv6 frames (hop limit above 1). Here each other
case is put among plain frames of either family: at least four on either
side of it, at each position modulo 4, so that whatever the burst
boundaries it shares its group of four with three plain frames.
The ports step inline (model_step=inline): each RX burst is the next 32
frames of the capture, and the frames after the last full burst take the
path of a burst's remainder. The cases: TTL 0, 1 and 2; IPv4 header
checksum wrong; no route (also with TTL 1); total length beyond the frame
or below the header; IPv4 options; UDP checksum wrong (forwarded and
counted, or dropped with --drop-bad-l4), UDP checksum 0, a fragment;
IPv6 routed, hop limit 0, 1 and 2, without a route (also with hop limit
1), payload length beyond the frame, UDP checksum wrong; ARP; 802.1Q-
tagged IPv4 and IPv6 (routed, the tag kept) and a tagged TTL 1; QinQ and
a truncated tag (not routed). The plain frames go to either port in runs of random length.

The frames and what the router must send are built here (no scapy): MACs
rewritten, TTL / hop limit one lower, the IPv4 header checksum summed
afresh. Checked: each port's capture, frame for frame and in order; each
drop counter; forwarded, routed out per port, bad L4 forwarded; every mbuf
back in the pool. Run by default and with --drop-bad-l4, each with the
device's verdicts and with none (csum=off: every IP and L4 verdict
UNKNOWN, so the router sums IPv4 headers itself and, with --drop-bad-l4,
checks TCP/UDP in software: no group of four may skip that).

Usage: test_router_bursts.py ROUTER SOURCE_ROOT
Exit: 0 pass, 1 fail.
"""
import json
import os
import random
import struct
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testlib import check, read_pcap, result, write_pcap  # noqa: E402
import test_router_golden as golden  # noqa: E402

SEED = 20261202
# config/routes-golden.cfg: the plain frames' destinations and ports.
PLAIN_DST = [("10.9.%d.%d", 0), ("198.19.%d.%d", 1), ("192.0.2.%d", 0),
             ("10.1.%d.%d", 1)]
NEIGHBOR = {0: bytes.fromhex("02aa00000000"), 1: bytes.fromhex("02aa00000001")}
PORT_MAC = {0: "02:00:00:00:10:00", 1: "02:00:00:00:10:01"}
IN_SRC = bytes.fromhex("02bb00000001")
IN_DST = bytes.fromhex("020000001000")
CAUSES = ("non_ip", "bad_ip_hdr", "bad_ip_csum", "no_route", "ttl_expired",
          "bad_l4_csum", "tx_full")


def csum(data, init=0):
    """RFC 1071 checksum (complemented) of @data."""
    if len(data) % 2:
        data += b"\0"
    s = init + sum(struct.unpack("!%dH" % (len(data) // 2), data))
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    return ~s & 0xffff


def addr4(a):
    return bytes(int(x) for x in a.split("."))


def udp(pseudo, payload, sport, zero_csum=False, bad_csum=False):
    """A UDP datagram; @pseudo(length): its pseudo-header."""
    ln = 8 + len(payload)
    hdr = struct.pack("!HHHH", sport, 9, ln, 0)
    c = 0 if zero_csum else csum(pseudo(ln) + hdr + payload) or 0xffff
    if bad_csum:
        c ^= 0x5a5a
    return hdr[:6] + struct.pack("!H", c) + payload


def ipv4(dst, ttl=64, payload=b"", sport=1024, options=b"", tot_extra=0,
         tot_len=None, bad_hdr_csum=False, frag=0, l4="udp"):
    """Ethernet + IPv4 + UDP frame, padded to 60 bytes."""
    src = addr4("198.18.0.1")
    dst = addr4(dst)
    if l4 == "raw":
        body = payload
    else:
        body = udp(lambda ln: src + dst + struct.pack("!BBH", 0, 17, ln),
                   payload, sport,
                   zero_csum=l4 == "udp0", bad_csum=l4 == "badudp")
    ihl = 5 + len(options) // 4
    tl = tot_len if tot_len is not None else ihl * 4 + len(body) + tot_extra
    hdr = struct.pack("!BBHHHBBH4s4s", 0x40 | ihl, 0, tl, sport & 0xffff,
                      frag, ttl, 17, 0, src, dst) + options
    c = csum(hdr)
    if bad_hdr_csum:
        c ^= 0x1111
    hdr = hdr[:10] + struct.pack("!H", c) + hdr[12:]
    f = IN_DST + IN_SRC + b"\x08\x00" + hdr + body
    return f + b"\0" * max(0, 60 - len(f))


def ipv6(dst, hlim=64, payload=b"v6", sport=4000, pl_extra=0, l4="udp"):
    """Ethernet + IPv6 + UDP frame."""
    src = bytes.fromhex("20010db8000000010000000000000001")
    dst = bytes.fromhex(dst)
    # RFC 8200 8.1: 32-bit length, 3 zero bytes, next header
    body = udp(lambda ln: src + dst + struct.pack("!I", ln) + b"\0\0\0\x11",
               payload, sport, bad_csum=l4 == "badudp")
    hdr = struct.pack("!IHBB", 0x60000000, len(body) + pl_extra, 17, hlim) + \
        src + dst
    return IN_DST + IN_SRC + b"\x86\xdd" + hdr + body


def forwarded(frame, port):
    """What the router must send for @frame out of @port."""
    mac = bytes.fromhex(PORT_MAC[port].replace(":", ""))
    out = bytearray(NEIGHBOR[port] + mac + frame[12:])
    l3 = 18 if frame[12:14] == b"\x81\x00" else 14     # one 802.1Q tag, kept
    if frame[l3 - 2:l3] == b"\x08\x00":
        ihl = (out[l3] & 0xf) * 4
        out[l3 + 8] -= 1
        out[l3 + 10:l3 + 12] = b"\0\0"
        out[l3 + 10:l3 + 12] = struct.pack("!H", csum(bytes(out[l3:l3 + ihl])))
    else:
        out[l3 + 7] -= 1
    return bytes(out)


V6_ROUTED = "20010db8000000020000000000000009"     # /64: port 0
V6_HLIM1 = "20010db8000100000000000000000001"      # /32: port 1
V6_NOROUTE = "20010db9000000000000000000000001"


def cases_v6():
    """Cases beside plain IPv6, put among plain IPv6 frames."""
    return [
        (ipv6(V6_HLIM1, hlim=1), "ttl_expired"),
        (ipv6(V6_HLIM1, hlim=0), "ttl_expired"),
        (ipv6(V6_HLIM1, hlim=2), 1),
        (ipv6(V6_NOROUTE), "no_route"),
        (ipv6(V6_NOROUTE, hlim=1), "no_route"),
        (ipv6(V6_ROUTED, payload=b"p" * 40, pl_extra=100), "bad_ip_hdr"),
        (ipv6("20010db80000000200ff000000000001", payload=b"/80"), 1),
        (ipv6(V6_ROUTED, l4="badudp", payload=b"bad udp6"), ("l4", 0)),
        (ipv4("198.19.0.7", ttl=1), "ttl_expired"),
        (ipv4("10.9.1.1"), 0),
    ]


def cases():
    """(frame, fate): fate a port, a cause, or ("l4", port) for a bad L4
    checksum (forwarded and counted by default, dropped otherwise). Put
    among plain IPv4 frames."""
    arp = IN_DST + IN_SRC + b"\x08\x06" + bytes(46)
    vlan = ipv4("198.19.0.1")
    vlan = vlan[:12] + b"\x81\x00\x00\x05" + vlan[12:]
    vlan6 = ipv6(V6_ROUTED)
    vlan6 = vlan6[:12] + b"\x81\x00\x20\x07" + vlan6[12:]
    qinq = vlan[:12] + b"\x88\xa8\x00\x06" + vlan[12:]
    vlan_ttl1 = ipv4("198.19.0.1", ttl=1)
    vlan_ttl1 = vlan_ttl1[:12] + b"\x81\x00\x00\x05" + vlan_ttl1[12:]
    return [
        (ipv4("198.19.0.7", ttl=1), "ttl_expired"),
        (ipv4("198.19.0.7", ttl=0), "ttl_expired"),
        (ipv4("198.19.0.7", ttl=2), 1),
        (ipv4("10.9.0.8", bad_hdr_csum=True), "bad_ip_csum"),
        (ipv4("203.0.113.1"), "no_route"),
        (ipv4("203.0.113.1", ttl=1), "no_route"),
        (ipv4("198.19.0.9", payload=b"t" * 40, tot_extra=200), "bad_ip_hdr"),
        (ipv4("198.19.0.9", tot_len=19), "bad_ip_hdr"),
        (ipv4("10.1.2.3", options=b"\x01\x01\x01\x00", payload=b"opt"), 0),
        (ipv4("10.1.2.200", l4="badudp", payload=b"bad udp"), ("l4", 1)),
        (ipv4("192.0.2.9", l4="udp0", payload=b"nocsum"), 0),
        (ipv4("198.19.4.4", frag=0x2000, payload=b"a" * 40), 1),
        (ipv6(V6_ROUTED), 0),
        (ipv6(V6_HLIM1, hlim=1), "ttl_expired"),
        (ipv6(V6_NOROUTE), "no_route"),
        (arp, "non_ip"),
        (vlan, 1),
        (vlan_ttl1, "ttl_expired"),
        (vlan6, 0),
        (qinq, "non_ip"),
        (vlan[:16], "non_ip"),
    ]


def corpus():
    rnd = random.Random(SEED)
    seq = []

    def plain(n, v6=False):
        port = rnd.randrange(2)
        for _ in range(n):
            if rnd.random() < 0.3:
                port ^= 1
            ttl = rnd.choice([64, 128, 255, 3])
            payload = bytes(rnd.randrange(256) for _ in
                            range(rnd.choice([0, 18, 100, 400])))
            sport = rnd.randrange(49152, 65536)
            if v6:
                # 2001:db8:0:2::/64 (not its ff::/80): 0; 2001:db8::/32: 1
                dst = ("20010db800000002" if port == 0 else "20010db80003%04x"
                       % rnd.randrange(65536)) + "0000%04x%04x%04x" % (
                    rnd.randrange(65536), rnd.randrange(65536), rnd.randrange(65536))
                seq.append((ipv6(dst, hlim=ttl, payload=payload, sport=sport), port))
                continue
            fmt, p = rnd.choice([d for d in PLAIN_DST if d[1] == port])
            dst = fmt % tuple(rnd.randrange(256) for _ in range(fmt.count("%d")))
            seq.append((ipv4(dst, ttl=ttl, payload=payload, sport=sport), p))

    plain(64)
    for rnd_round in range(2):
        for k, case in enumerate(cases()):
            plain(4 + (k + rnd_round) % 4)
            seq.append(case)
    plain(4 + 64, v6=True)
    for rnd_round in range(2):
        for k, case in enumerate(cases_v6()):
            plain(4 + (k + rnd_round) % 4, v6=True)
            seq.append(case)
    plain(4 + 64 + 5)      # full bursts, then a remainder of 4k + 1
    return seq


def run(router, root, tmp, seq, drop_bad_l4, verdicts=True):
    tag = ("drop" if drop_bad_l4 else "fwd") + ("" if verdicts else "-csum-off")
    rx0 = os.path.join(tmp, "in.pcap")
    empty = os.path.join(tmp, "empty.pcap")
    out = [os.path.join(tmp, "%s_p%d.pcap" % (tag, p)) for p in (0, 1)]
    js = os.path.join(tmp, "%s.json" % tag)
    write_pcap(rx0, [f for f, _ in seq])
    write_pcap(empty, [])
    vdev = "net_stmmac_uio%d,rx_pcap=%s,tx_pcap=%s,mac=%s,model_step=inline"
    if not verdicts:
        vdev += ",csum=off"
    vdevs = [vdev % (0, rx0, out[0], PORT_MAC[0]),
             vdev % (1, empty, out[1], PORT_MAC[1])]
    p = golden.router_run(router, vdevs,
                          os.path.join(root, "config", "routes-golden.cfg"), js,
                          drop_bad_l4)
    if not check(p.returncode == 0, "[%s] router exit status %d" % (tag, p.returncode),
                 p.stdout):
        return
    with open(js) as f:
        st = json.load(f)
    check(st["stop_reason"] == "idle", "[%s] stopped by the idle rule (%s)"
          % (tag, st["stop_reason"]))

    want = {0: [], 1: []}
    drops = dict.fromkeys(CAUSES, 0)
    bad_l4_fwd = 0
    for frame, fate in seq:
        if isinstance(fate, tuple):
            if drop_bad_l4:
                drops["bad_l4_csum"] += 1
                continue
            # without a verdict the router cannot know it is bad
            bad_l4_fwd += 1 if verdicts else 0
            fate = fate[1]
        if isinstance(fate, str):
            drops[fate] += 1
        else:
            want[fate].append(forwarded(frame, fate))
    for port in (0, 1):
        got = read_pcap(out[port])
        same = sum(1 for a, b in zip(got, want[port]) if a == b)
        check(len(got) == len(want[port]) and same == len(got),
              "[%s] port %d sent %d frames, %d byte-identical to the %d expected, in order"
              % (tag, port, len(got), same, len(want[port])))
        for j, (a, b) in enumerate(zip(got, want[port])):
            if a != b:
                print("  first difference at frame %d:\n   got  %s\n   want %s"
                      % (j, a.hex(), b.hex()))
                break
    for c in CAUSES:
        check(st["drops"][c] == drops[c], "[%s] drops.%s = %d, expected %d"
              % (tag, c, st["drops"][c], drops[c]))
    n_fwd = len(want[0]) + len(want[1])
    check(st["forwarded"] == n_fwd, "[%s] forwarded %d, expected %d"
          % (tag, st["forwarded"], n_fwd))
    ports = {q["port"]: q for q in st["ports"]}
    for port in (0, 1):
        check(ports[port]["router_fwd_out"] == len(want[port]),
              "[%s] port %d: routed out %d, expected %d"
              % (tag, port, ports[port]["router_fwd_out"], len(want[port])))
    check(ports[0]["router_rx"] == len(seq), "[%s] port 0 received %d of %d"
          % (tag, ports[0]["router_rx"], len(seq)))
    check(st["l4_bad_forwarded"] == bad_l4_fwd, "[%s] bad L4 forwarded %d, expected %d"
          % (tag, st["l4_bad_forwarded"], bad_l4_fwd))
    if verdicts:
        check(st["ip_csum_sw_checked"] == 0, "[%s] no IPv4 header summed in software (%d)"
              % (tag, st["ip_csum_sw_checked"]))
    else:
        check(st["ip_csum_sw_checked"] > 0, "[%s] IPv4 headers summed in software (%d)"
              % (tag, st["ip_csum_sw_checked"]))
    check(st["mbufs"]["in_use_after_close"] == 0,
          "[%s] every mbuf back in the pool (%d in use)"
          % (tag, st["mbufs"]["in_use_after_close"]))


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 1
    router, root = sys.argv[1], sys.argv[2]
    seq = corpus()
    print("%d frames, %d of them the cases above"
          % (len(seq), 2 * (len(cases()) + len(cases_v6()))))
    with tempfile.TemporaryDirectory(prefix="socrx-router-bursts-") as tmp:
        for verdicts in (True, False):
            run(router, root, tmp, seq, drop_bad_l4=False, verdicts=verdicts)
            run(router, root, tmp, seq, drop_bad_l4=True, verdicts=verdicts)
    return result()


if __name__ == "__main__":
    sys.exit(main())
