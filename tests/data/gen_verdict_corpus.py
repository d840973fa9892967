#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Writes tests/data/verdict_corpus.pcap and tests/data/verdict_expected.txt:
the golden corpus of lib/rxpath's parser and checksum verdict
(tests/test_rxpath_parse.c).

Packets are built with scapy, whose checksums are an implementation
independent of socrx; the few checksums scapy cannot produce (IPv6 routing
final destination, UDP length shorter than the IP payload, forced 0x0000 /
0xFFFF fields) are computed here with scapy.utils.checksum over an explicit
pseudo-header. Every expected value is written by hand from the rules in
docs/design/rxpath_parse.md and
robustness.md rows 20-44; the row number is in each case's comment.

Expected line: index name ptype l2_len l3_len l4_len IP L4, where ptype is
RTE_PTYPE_ names without the prefix joined by '|' ("0" for none) and
IP/L4 are G(ood), B(ad) or U(nknown).

Run from the repository root:  /usr/bin/python3 tests/data/gen_verdict_corpus.py
"""
import os
import struct

from scapy.all import (IP, IPv6, TCP, UDP, ICMP, ICMPv6EchoRequest, Ether,
                       Dot1Q, Dot1AD, ARP, Raw, IPOption_RR, IPOption_NOP,
                       IPv6ExtHdrHopByHop, IPv6ExtHdrDestOpt,
                       IPv6ExtHdrRouting, IPv6ExtHdrSegmentRouting,
                       IPv6ExtHdrFragment, raw)
from scapy.utils import checksum
from scapy.pton_ntop import inet_pton
import socket

HERE = os.path.dirname(os.path.abspath(__file__))
MAC = dict(src="02:00:00:00:00:01", dst="02:00:00:00:00:02")
S4, D4 = "192.0.2.1", "198.51.100.7"
S6, D6 = "2001:db8::1", "2001:db8::2"
FINAL6 = "2001:db8:ffff::99"

CASES = []


def case(name, frame, ptype, l2, l3, l4, ipf, l4f):
    assert isinstance(frame, (bytes, bytearray))
    CASES.append((name, bytes(frame), ptype, l2, l3, l4, ipf, l4f))


def E(*layers):
    """Ether(...) / layers, as bytes, checksums by scapy."""
    p = Ether(**MAC)
    for layer in layers:
        p = p / layer
    return bytearray(raw(p))


def flip(frame, off, mask=0x01):
    frame = bytearray(frame)
    frame[off] ^= mask
    return frame


def put16(frame, off, val):
    frame = bytearray(frame)
    struct.pack_into("!H", frame, off, val)
    return frame


def ip4_fix(frame, l2):
    """Recompute the IPv4 header checksum after editing the header."""
    frame = bytearray(frame)
    ihl = (frame[l2] & 0xf) * 4
    struct.pack_into("!H", frame, l2 + 10, 0)
    struct.pack_into("!H", frame, l2 + 10, checksum(bytes(frame[l2:l2 + ihl])))
    return frame


def l4_csum(pseudo_src, pseudo_dst, proto, seg, v6):
    """RFC 768/9293/8200 checksum of seg (checksum field already 0)."""
    if v6:
        ph = (pseudo_src + pseudo_dst + struct.pack("!I", len(seg)) +
              b"\0\0\0" + bytes([proto]))
    else:
        ph = pseudo_src + pseudo_dst + struct.pack("!BBH", 0, proto, len(seg))
    return checksum(ph + bytes(seg))


def set_l4_csum(frame, l4off, seglen, proto, src, dst, v6, udp_ffff=True):
    """Writes the checksum of frame[l4off:l4off+seglen] into its field."""
    frame = bytearray(frame)
    fo = l4off + (16 if proto == 6 else 6)
    struct.pack_into("!H", frame, fo, 0)
    c = l4_csum(src, dst, proto, frame[l4off:l4off + seglen], v6)
    if c == 0 and proto == 17 and udp_ffff:
        c = 0xffff
    struct.pack_into("!H", frame, fo, c)
    return frame


a4 = lambda s: socket.inet_aton(s)
a6 = lambda s: inet_pton(socket.AF_INET6, s)

PL = bytes(range(37)) * 3          # 111 bytes: odd length on purpose


def v4tcp(**kw):
    return IP(src=S4, dst=D4, id=1, **kw) / TCP(sport=1000, dport=80, seq=5,
                                                flags="PA") / Raw(PL)


def v4udp(pl=PL, **kw):
    return IP(src=S4, dst=D4, id=2, **kw) / UDP(sport=53, dport=5353) / Raw(pl)


def v6tcp(*ext):
    p = IPv6(src=S6, dst=D6)
    for x in ext:
        p = p / x
    return p / TCP(sport=443, dport=50000, flags="A") / Raw(PL)


def v6udp(*ext, pl=PL):
    p = IPv6(src=S6, dst=D6)
    for x in ext:
        p = p / x
    return p / UDP(sport=5000, dport=6000) / Raw(pl)


T4 = "L2_ETHER|L3_IPV4|L4_TCP"
U4 = "L2_ETHER|L3_IPV4|L4_UDP"
T6 = "L2_ETHER|L3_IPV6|L4_TCP"
U6 = "L2_ETHER|L3_IPV6|L4_UDP"

# --- IPv4 basics (rows 25, 27, 37, 38, 41) -------------------------------
f = E(v4tcp())
case("v4_tcp_good", f, T4, 14, 20, 20, "G", "G")
case("v4_tcp_bad_payload", flip(f, len(f) - 1), T4, 14, 20, 20, "G", "B")
case("v4_tcp_bad_csum_plus1", put16(f, 50, (struct.unpack_from("!H", f, 50)[0] + 1) & 0xffff),
     T4, 14, 20, 20, "G", "B")
# Row 25: bad IPv4 header checksum, L4 still verified on its own.
case("v4_bad_iphdr_tcp_good", flip(f, 24), T4, 14, 20, 20, "B", "G")
case("v4_bad_iphdr_tcp_bad", flip(flip(f, 24), 60), T4, 14, 20, 20, "B", "B")
# Flipping the source address breaks both header and pseudo-header.
case("v4_tcp_src_flipped", ip4_fix(flip(f, 26, 0x80), 14), T4, 14, 20, 20, "G", "B")
f = E(v4udp())
case("v4_udp_good", f, U4, 14, 20, 8, "G", "G")
case("v4_udp_bad_payload", flip(f, 50), U4, 14, 20, 8, "G", "B")
# Row 35: UDP/IPv4 checksum 0 = none sent: U, even when the data is junk.
case("v4_udp_csum0", put16(f, 40, 0), U4, 14, 20, 8, "G", "U")
case("v4_udp_csum0_bad_iphdr", flip(put16(f, 40, 0), 22), U4, 14, 20, 8, "B", "U")
# Row 41: odd lengths.
case("v4_udp_1byte", E(v4udp(pl=b"\x7f")), U4, 14, 20, 8, "G", "G")
case("v4_udp_empty", E(v4udp(pl=b"")), U4, 14, 20, 8, "G", "G")
# Row 12: all-0xFF payload (end-around carries) and a 65535-byte datagram.
case("v4_udp_all_ff", E(v4udp(pl=b"\xff" * 1471)), U4, 14, 20, 8, "G", "G")
case("v4_udp_max_65535", E(v4udp(pl=bytes((i * 7) & 0xff for i in range(65507)))),
     U4, 14, 20, 8, "G", "G")
# Row 37: UDP whose computed sum is 0, sent as 0xFFFF (scapy does that).
base = E(v4udp(pl=b"\0\0" + PL[:20]))
c = struct.unpack_from("!H", base, 40)[0]
f = put16(base, 42, c)                   # payload word = checksum: sum -> 0
f = set_l4_csum(f, 34, len(f) - 34, 17, a4(S4), a4(D4), False)
assert struct.unpack_from("!H", f, 40)[0] == 0xffff
case("v4_udp_csum_ffff", f, U4, 14, 20, 8, "G", "G")
# Row 38: TCP fields 0x0000 and 0xFFFF are both a valid "zero".
base = E(IP(src=S4, dst=D4, id=3) / TCP(sport=1, dport=2, flags="A") / Raw(b"\0\0" + PL[:10]))
struct.pack_into("!H", base, 50, 0)
c = l4_csum(a4(S4), a4(D4), 6, base[34:], False)
f = put16(base, 54, c)
assert l4_csum(a4(S4), a4(D4), 6, f[34:], False) == 0
case("v4_tcp_csum_0000", f, T4, 14, 20, 20, "G", "G")
case("v4_tcp_csum_ffff", put16(f, 50, 0xffff), T4, 14, 20, 20, "G", "G")
case("v4_tcp_csum_0000_bad", flip(f, 60), T4, 14, 20, 20, "G", "B")

# --- IPv4 options (row 27) -------------------------------------------------
f = E(IP(src=S4, dst=D4, id=4, options=[IPOption_RR(routers=["192.0.2.254"])]) /
      TCP(sport=22, dport=5555, flags="PA") / Raw(PL))
ihl = (f[14] & 0xf) * 4
assert ihl == 28
case("v4_opts_tcp_good", f, "L2_ETHER|L3_IPV4_EXT|L4_TCP", 14, 28, 20, "G", "G")
case("v4_opts_tcp_bad_opt", flip(f, 14 + 22), "L2_ETHER|L3_IPV4_EXT|L4_TCP", 14, 28, 20, "B", "G")
f = E(IP(src=S4, dst=D4, id=5, options=[IPOption_NOP()] * 40) / UDP(sport=9, dport=9) / Raw(PL))
assert (f[14] & 0xf) == 15
case("v4_opts_ihl15_udp_good", f, "L2_ETHER|L3_IPV4_EXT|L4_UDP", 14, 60, 8, "G", "G")
case("v4_opts_ihl15_udp_bad", flip(f, len(f) - 2), "L2_ETHER|L3_IPV4_EXT|L4_UDP", 14, 60, 8, "G", "B")
# Row 14: TTL decrement with an RFC 1624 incremental checksum patch.
f = E(v4tcp(ttl=1))
old = struct.unpack_from("!H", f, 22)[0]
f[22] -= 1
new = struct.unpack_from("!H", f, 22)[0]
hc = struct.unpack_from("!H", f, 24)[0]
s = (~hc & 0xffff) + (~old & 0xffff) + new
while s >> 16:
    s = (s & 0xffff) + (s >> 16)
f = put16(f, 24, ~s & 0xffff)
assert checksum(bytes(f[14:34])) == 0
case("v4_ttl0_rfc1624_patch", f, T4, 14, 20, 20, "G", "G")

# --- IPv6 basics (rows 36, 41) ----------------------------------------------
f = E(v6udp())
case("v6_udp_good", f, U6, 14, 40, 8, "U", "G")
case("v6_udp_bad", flip(f, 70), U6, 14, 40, 8, "U", "B")
case("v6_udp_csum0", put16(f, 60, 0), U6, 14, 40, 8, "U", "B")
case("v6_udp_dst_flipped", flip(f, 14 + 24 + 15), U6, 14, 40, 8, "U", "B")
f = E(v6tcp())
case("v6_tcp_good", f, T6, 14, 40, 20, "U", "G")
case("v6_tcp_bad", flip(f, len(f) - 1, 0x80), T6, 14, 40, 20, "U", "B")
case("v6_icmpv6", E(IPv6(src=S6, dst=D6) / ICMPv6EchoRequest(data=b"ping")),
     "L2_ETHER|L3_IPV6|L4_ICMP", 14, 40, 0, "U", "U")
case("v6_no_next_header", E(IPv6(src=S6, dst=D6, nh=59) / Raw(b"x" * 8)),
     "L2_ETHER|L3_IPV6|L4_NONFRAG", 14, 40, 0, "U", "U")
case("v6_version_4", flip(E(v6udp()), 14, 0x20), "L2_ETHER", 14, 0, 0, "U", "U")

# --- padding (rows 21, 22) ----------------------------------------------------
f = E(v4udp(pl=b"hi"))
assert len(f) == 44
case("v4_udp_pad_zero", f + b"\0" * 16, U4, 14, 20, 8, "G", "G")
case("v4_udp_pad_nonzero", f + b"\xab\xcd" * 8, U4, 14, 20, 8, "G", "G")
case("v4_udp_bad_pad_nonzero", flip(f, 43) + b"\x01" * 16, U4, 14, 20, 8, "G", "B")
f = E(IP(src=S4, dst=D4, id=6) / TCP(sport=7, dport=7, flags="S"))
case("v4_tcp_syn_pad", f + b"\x5a" * 6, T4, 14, 20, 20, "G", "G")
case("v4_udp_no_pad_44", E(v4udp(pl=b"hi")), U4, 14, 20, 8, "G", "G")
f = E(v6udp(pl=b"z"))
case("v6_udp_pad_nonzero", f + b"\xee" * 9, U6, 14, 40, 8, "U", "G")
case("v6_udp_bad_pad", flip(f, 62) + b"\xee" * 9, U6, 14, 40, 8, "U", "B")

# --- VLAN / QinQ (rows 23, 24) ------------------------------------------------
case("vlan1_tcp_good", E(Dot1Q(vlan=10), v4tcp()), "L2_ETHER_VLAN|L3_IPV4|L4_TCP", 18, 20, 20, "G", "G")
case("vlan1_tcp_bad", flip(E(Dot1Q(vlan=10), v4tcp()), 100), "L2_ETHER_VLAN|L3_IPV4|L4_TCP", 18, 20, 20, "G", "B")
case("qinq_udp6_good", E(Dot1AD(vlan=100), Dot1Q(vlan=10), v6udp()),
     "L2_ETHER_QINQ|L3_IPV6|L4_UDP", 22, 40, 8, "U", "G")
# The L2 ptype follows the outer TPID, as rte_mbuf_ptype.h defines them.
case("qinq_88a8_only_udp4", E(Dot1AD(vlan=7), v4udp()), "L2_ETHER_QINQ|L3_IPV4|L4_UDP", 18, 20, 8, "G", "G")
case("vlan_8100_x2_tcp", E(Dot1Q(vlan=7), Dot1Q(vlan=8), v4tcp()), "L2_ETHER_VLAN|L3_IPV4|L4_TCP",
     22, 20, 20, "G", "G")
tags = [Dot1AD(vlan=1)] + [Dot1Q(vlan=i) for i in range(2, 4)]
case("tags3_udp_good", E(*tags, v4udp()), "L2_ETHER_QINQ|L3_IPV4|L4_UDP", 26, 20, 8, "G", "G")
tags = [Dot1AD(vlan=1)] + [Dot1Q(vlan=i) for i in range(2, 9)]
f = E(*tags, v4udp())
case("tags8_udp_good", f, "L2_ETHER_QINQ|L3_IPV4|L4_UDP", 46, 20, 8, "G", "G")
case("tags8_udp_bad", flip(f, len(f) - 3), "L2_ETHER_QINQ|L3_IPV4|L4_UDP", 46, 20, 8, "G", "B")
tags = [Dot1AD(vlan=1)] + [Dot1Q(vlan=i) for i in range(2, 10)]
case("tags9_udp", E(*tags, v4udp()), "L2_ETHER_QINQ", 46, 0, 0, "U", "U")
f = E(Dot1Q(vlan=10), v4tcp())
case("vlan_tag_truncated_16", f[:16], "L2_ETHER_VLAN", 14, 0, 0, "U", "U")
case("vlan_tag_truncated_17", f[:17], "L2_ETHER_VLAN", 14, 0, 0, "U", "U")
case("vlan_only_18", f[:18], "L2_ETHER_VLAN", 18, 0, 0, "U", "U")
case("vlan_arp", E(Dot1Q(vlan=3), ARP()), "L2_ETHER_VLAN", 18, 0, 0, "U", "U")

# --- fragments (rows 30, 31) --------------------------------------------------
f = E(v4udp(flags="MF"))
case("v4_frag_first_udp", f, "L2_ETHER|L3_IPV4|L4_FRAG", 14, 20, 0, "G", "U")
case("v4_frag_middle", E(IP(src=S4, dst=D4, id=9, flags="MF", frag=100, proto=17) / Raw(PL)),
     "L2_ETHER|L3_IPV4|L4_FRAG", 14, 20, 0, "G", "U")
case("v4_frag_last", E(IP(src=S4, dst=D4, id=9, frag=200, proto=6) / Raw(PL)),
     "L2_ETHER|L3_IPV4|L4_FRAG", 14, 20, 0, "G", "U")
case("v4_frag_first_bad_iphdr", flip(E(v4tcp(flags="MF")), 20), "L2_ETHER|L3_IPV4|L4_FRAG", 14, 20, 0, "B", "U")
case("v4_df_udp_good", E(v4udp(flags="DF")), U4, 14, 20, 8, "G", "G")
F6 = "L2_ETHER|L3_IPV6_EXT|L4_FRAG"
case("v6_frag_first_udp", E(v6udp(IPv6ExtHdrFragment(id=1, m=1, offset=0))), F6, 14, 48, 0, "U", "U")
case("v6_frag_middle", E(IPv6(src=S6, dst=D6) / IPv6ExtHdrFragment(id=1, m=1, offset=50, nh=17) / Raw(PL)),
     F6, 14, 48, 0, "U", "U")
case("v6_frag_last", E(IPv6(src=S6, dst=D6) / IPv6ExtHdrFragment(id=1, m=0, offset=99, nh=6) / Raw(PL)),
     F6, 14, 48, 0, "U", "U")
case("v6_frag_atomic_udp", E(v6udp(IPv6ExtHdrFragment(id=1, m=0, offset=0))), F6, 14, 48, 0, "U", "U")
case("v6_hbh_frag_udp", E(v6udp(IPv6ExtHdrHopByHop(), IPv6ExtHdrFragment(m=1))), F6, 14, 56, 0, "U", "U")

# --- IPv6 extension headers (rows 32, 33, 34) --------------------------------
X6U = "L2_ETHER|L3_IPV6_EXT|L4_UDP"
X6T = "L2_ETHER|L3_IPV6_EXT|L4_TCP"
f = E(v6udp(IPv6ExtHdrHopByHop()))
case("v6_hbh_udp_good", f, X6U, 14, 48, 8, "U", "G")
case("v6_hbh_udp_bad", flip(f, len(f) - 1), X6U, 14, 48, 8, "U", "B")
f = E(v6tcp(IPv6ExtHdrDestOpt(options=[])))
case("v6_dst_tcp_good", f, X6T, 14, 48, 20, "U", "G")
case("v6_dst_tcp_bad", flip(f, 80), X6T, 14, 48, 20, "U", "B")
f = E(v6tcp(IPv6ExtHdrHopByHop(), IPv6ExtHdrDestOpt(), IPv6ExtHdrRouting(addresses=[], segleft=0),
            IPv6ExtHdrDestOpt()))
case("v6_hbh_dst_rt0_dst_tcp_good", f, X6T, 14, 72, 20, "U", "G")
# Five extension headers is the limit (as DPDK), six is UNKNOWN.
five = [IPv6ExtHdrHopByHop()] + [IPv6ExtHdrDestOpt() for _ in range(4)]
case("v6_ext5_udp_good", E(v6udp(*five)), X6U, 14, 80, 8, "U", "G")
case("v6_ext6_udp", E(v6udp(*(five + [IPv6ExtHdrDestOpt()]))), "L2_ETHER|L3_IPV6_EXT", 14, 80, 0, "U", "U")
# Extension header longer than the payload length, then past the frame.
f = E(v6udp(IPv6ExtHdrDestOpt()))
case("v6_ext_len_past_payload", put16(f, 18, 4), "L2_ETHER|L3_IPV6_EXT", 14, 40, 0, "U", "U")
case("v6_ext_truncated", f[:14 + 40 + 5], "L2_ETHER|L3_IPV6_EXT", 14, 40, 0, "U", "U")
f = bytearray(f)
f[14 + 41] = 200                                   # hdr ext len 200 -> 1608 bytes
case("v6_ext_len_past_frame", f, "L2_ETHER|L3_IPV6_EXT", 14, 40, 0, "U", "U")
case("v6_ah", E(IPv6(src=S6, dst=D6, nh=51) / Raw(bytes([17, 4]) + b"\0" * 22) / UDP() / Raw(PL)),
     "L2_ETHER|L3_IPV6_EXT|L4_NONFRAG", 14, 40, 0, "U", "U")
case("v6_esp", E(IPv6(src=S6, dst=D6, nh=50) / Raw(b"\0\0\0\1\0\0\0\1" + PL)),
     "L2_ETHER|L3_IPV6_EXT|L4_NONFRAG", 14, 40, 0, "U", "U")
case("v6_hbh_no_next", E(IPv6(src=S6, dst=D6) / IPv6ExtHdrHopByHop(nh=59) / Raw(b"junk")),
     "L2_ETHER|L3_IPV6_EXT|L4_NONFRAG", 14, 48, 0, "U", "U")

# Routing headers, segments left > 0: pseudo-header with the final
# destination (socrx choice, overriding row 33). scapy's own choice of
# destination is not relied upon: set_l4_csum() is told which to use.
def routed(rh_bytes, final, proto=17, name=""):
    ip6 = IPv6(src=S6, dst=D6, nh=43)
    l4 = (UDP(sport=5000, dport=6000) if proto == 17 else
          TCP(sport=1, dport=2, flags="A")) / Raw(PL)
    f = E(ip6 / Raw(bytes([proto]) + rh_bytes[1:]) / l4)
    l4off = 14 + 40 + len(rh_bytes)
    good = set_l4_csum(f, l4off, len(f) - l4off, proto, a6(S6), a6(final), True)
    wrong = set_l4_csum(f, l4off, len(f) - l4off, proto, a6(S6), a6(D6), True)
    return good, wrong, 40 + len(rh_bytes)


RTU = "L2_ETHER|L3_IPV6_EXT|L4_UDP"
RTT = "L2_ETHER|L3_IPV6_EXT|L4_TCP"
# Type 0 (RFC 2460, deprecated by RFC 5095): the last address is final.
rh0 = bytes([0, 4, 0, 1, 0, 0, 0, 0]) + a6("2001:db8:aaaa::1") + a6(FINAL6)
g, w, l3 = routed(rh0, FINAL6)
case("v6_rt0_segleft1_udp_good_final", g, RTU, 14, l3, 8, "U", "G")
case("v6_rt0_segleft1_udp_bad_vs_final", w, RTU, 14, l3, 8, "U", "B")
g, w, l3 = routed(rh0, FINAL6, proto=6)
case("v6_rt0_segleft1_tcp_good_final", g, RTT, 14, l3, 20, "U", "G")
case("v6_rt0_segleft1_tcp_bad_vs_final", w, RTT, 14, l3, 20, "U", "B")
# Segments left 0: the IPv6 destination is already final.
rh0z = bytes([0, 2, 0, 0, 0, 0, 0, 0]) + a6(FINAL6)
g, w, l3 = routed(rh0z, FINAL6)
case("v6_rt0_segleft0_udp_good_dst", w, RTU, 14, l3, 8, "U", "G")
case("v6_rt0_segleft0_udp_bad_vs_dst", g, RTU, 14, l3, 8, "U", "B")
# Type 2 (RFC 6275 Mobile IPv6): the home address is final.
rh2 = bytes([0, 2, 2, 1, 0, 0, 0, 0]) + a6(FINAL6)
g, w, l3 = routed(rh2, FINAL6)
case("v6_rt2_home_udp_good_final", g, RTU, 14, l3, 8, "U", "G")
case("v6_rt2_home_udp_bad_vs_final", w, RTU, 14, l3, 8, "U", "B")
# Type 4 (RFC 8754 SRH): Segment List[0] is final.
rh4 = (bytes([0, 6, 4, 2, 2, 0, 0, 0]) + a6(FINAL6) + a6("2001:db8:bbbb::2") +
       a6("2001:db8:cccc::3"))
g, w, l3 = routed(rh4, FINAL6)
case("v6_rt4_srh_udp_good_final", g, RTU, 14, l3, 8, "U", "G")
case("v6_rt4_srh_udp_bad_vs_final", w, RTU, 14, l3, 8, "U", "B")
g, w, l3 = routed(rh4, FINAL6, proto=6)
case("v6_rt4_srh_tcp_good_final", g, RTT, 14, l3, 20, "U", "G")
# Type 3 (RPL, compressed) with segments left > 0: unknown final -> U.
rh3 = bytes([0, 2, 3, 1, 0, 0, 0, 0]) + a6(FINAL6)
g, w, l3 = routed(rh3, FINAL6)
case("v6_rt3_rpl_udp", g, "L2_ETHER|L3_IPV6_EXT", 14, 40, 0, "U", "U")
# Type 0 with segments left larger than the address count: malformed -> U.
g, w, l3 = routed(bytes([0, 2, 0, 5, 0, 0, 0, 0]) + a6(FINAL6), FINAL6)
case("v6_rt0_segleft_too_big", g, "L2_ETHER|L3_IPV6_EXT", 14, 40, 0, "U", "U")

# --- truncation at every header boundary (rows 20, 21, 28, 29) ---------------
def trunc_v4_tcp(prefix, l2):
    full = E(*prefix, v4tcp())
    l2t = "L2_ETHER_VLAN" if prefix else "L2_ETHER"
    cuts = sorted(set([0, 1, 12, 13, l2, l2 + 1, l2 + 19, l2 + 20, l2 + 21,
                       l2 + 39, l2 + 40, l2 + 41, len(full) - 1]))
    for n in cuts:
        if n < 14:
            exp = ("0", 0, 0, 0, "U", "U")
        elif n < l2:
            exp = (l2t, 14, 0, 0, "U", "U")
        elif n < l2 + 20:
            exp = (l2t, l2, 0, 0, "U", "U")
        elif n < l2 + 40:
            exp = (l2t + "|L3_IPV4", l2, 20, 0, "G", "U")
        else:
            exp = (l2t + "|L3_IPV4|L4_TCP", l2, 20, 20, "G", "U")
        case("trunc_%sv4_tcp_%d" % ("vlan_" if prefix else "", n), full[:n], *exp)


trunc_v4_tcp([], 14)
trunc_v4_tcp([Dot1Q(vlan=5)], 18)
full = E(v6udp(IPv6ExtHdrHopByHop()))
for n in [14, 15, 53, 54, 55, 61, 62, 63, 69, 70, 71, len(full) - 1]:
    if n < 54:
        exp = ("L2_ETHER", 14, 0, 0, "U", "U")
    elif n < 62:
        exp = ("L2_ETHER|L3_IPV6_EXT", 14, 40, 0, "U", "U")
    elif n < 70:
        exp = ("L2_ETHER|L3_IPV6_EXT", 14, 48, 0, "U", "U")
    else:
        exp = ("L2_ETHER|L3_IPV6_EXT|L4_UDP", 14, 48, 8, "U", "U")
    case("trunc_v6_hbh_udp_%d" % n, full[:n], *exp)

# --- malformed IPv4 lengths (rows 26, 28, 29) --------------------------------
f = E(v4tcp())
g = bytearray(f)
g[14] = 0x44                                        # IHL 4 < 5
case("v4_ihl4", ip4_fix(g, 14), "L2_ETHER", 14, 0, 0, "B", "U")
g = bytearray(f)
g[14] = 0x65                                        # version 6 under 0x0800
case("v4_version6", ip4_fix(g, 14), "L2_ETHER", 14, 0, 0, "B", "U")
g = bytearray(f[:14 + 30])
g[14] = 0x4f                                        # IHL 15 > 30 bytes present
case("v4_ihl15_past_frame", g, "L2_ETHER", 14, 0, 0, "U", "U")
case("v4_totlen_past_frame", ip4_fix(put16(f, 16, len(f) - 14 + 100), 14), T4, 14, 20, 20, "G", "U")
case("v4_totlen_lt_ihl", ip4_fix(put16(f, 16, 10), 14), "L2_ETHER|L3_IPV4", 14, 20, 0, "B", "U")
case("v4_totlen_0", ip4_fix(put16(f, 16, 0), 14), "L2_ETHER|L3_IPV4", 14, 20, 0, "B", "U")
# Total length shorter than the frame's data: the rest is padding, the TCP
# segment is cut, so its checksum (over the total length) fails.
case("v4_totlen_short_tcp", ip4_fix(put16(f, 16, 20 + 20 + 10), 14), T4, 14, 20, 20, "G", "B")
# TCP segment shorter than a TCP header: cannot be valid.
case("v4_tcp_seg_10", ip4_fix(put16(f, 16, 20 + 10), 14), "L2_ETHER|L3_IPV4", 14, 20, 0, "G", "B")
# Row 43: TCP data offset < 5 or past the segment: verdict from the sum only.
g = bytearray(f)
g[14 + 20 + 12] = 0x40
case("v4_tcp_doff4", set_l4_csum(g, 34, len(g) - 34, 6, a4(S4), a4(D4), False), T4, 14, 20, 0, "G", "G")
g = bytearray(E(IP(src=S4, dst=D4) / TCP(sport=1, dport=2, flags="R")))
g[14 + 20 + 12] = 0xf0
case("v4_tcp_doff15_past_seg", set_l4_csum(g, 34, len(g) - 34, 6, a4(S4), a4(D4), False),
     T4, 14, 20, 0, "G", "G")
# IPv6 payload length past the frame, and shorter than the frame (padding).
f = E(v6udp())
case("v6_plen_past_frame", put16(f, 18, len(f) - 54 + 1), U6, 14, 40, 8, "U", "U")
case("v6_plen_short_udp", put16(f, 18, 8 + 10), U6, 14, 40, 8, "U", "B")

# --- UDP length vs IP payload (rows 39, 40) ----------------------------------
f = E(v4udp())
short = put16(f, 38, 8 + 10)                        # UDP len 18 < IP payload
case("v4_udplen_short_good", set_l4_csum(short, 34, 18, 17, a4(S4), a4(D4), False),
     U4, 14, 20, 8, "G", "G")
# The same bytes checksummed DPDK's way (over the IP payload) are BAD here.
dpdk = bytearray(short)
struct.pack_into("!H", dpdk, 40, 0)
ph = a4(S4) + a4(D4) + struct.pack("!BBH", 0, 17, len(dpdk) - 34)
struct.pack_into("!H", dpdk, 40, checksum(ph + bytes(dpdk[34:])))
case("v4_udplen_short_iplen_sum", dpdk, U4, 14, 20, 8, "G", "B")
case("v4_udplen_short_csum0", put16(short, 40, 0), U4, 14, 20, 8, "G", "U")
case("v4_udplen_long", put16(f, 38, len(f) - 34 + 1), U4, 14, 20, 8, "G", "B")
case("v4_udplen_7", put16(f, 38, 7), U4, 14, 20, 8, "G", "B")
case("v4_udplen_0", put16(f, 38, 0), U4, 14, 20, 8, "G", "B")
case("v4_udplen_long_csum0", put16(put16(f, 38, 9999), 40, 0), U4, 14, 20, 8, "G", "U")
case("v4_udp_ippayload_6", ip4_fix(put16(f, 16, 20 + 6), 14), "L2_ETHER|L3_IPV4", 14, 20, 0, "G", "B")
f = E(v6udp())
short = put16(f, 58, 8 + 3)
case("v6_udplen_short_good", set_l4_csum(short, 54, 11, 17, a6(S6), a6(D6), True), U6, 14, 40, 8, "U", "G")
case("v6_udplen_long", put16(f, 58, len(f) - 54 + 2), U6, 14, 40, 8, "U", "B")
case("v6_udplen_short_csum0", put16(short, 60, 0), U6, 14, 40, 8, "U", "B")

# --- runts, non-IP, other protocols (rows 20, 44) ----------------------------
case("runt_0", b"", "0", 0, 0, 0, "U", "U")
case("runt_1", b"\x02", "0", 0, 0, 0, "U", "U")
case("runt_13", E(v4tcp())[:13], "0", 0, 0, 0, "U", "U")
case("eth_only_14_ipv4", E(v4tcp())[:14], "L2_ETHER", 14, 0, 0, "U", "U")
case("arp", E(ARP(psrc=S4, pdst=D4)), "L2_ETHER_ARP", 14, 0, 0, "U", "U")
case("lldp", bytearray(bytes.fromhex("0180c200000e020000000001") + b"\x88\xcc" + b"\0" * 46),
     "L2_ETHER_LLDP", 14, 0, 0, "U", "U")
case("ptp_88f7", bytearray(bytes.fromhex("011b19000000020000000001") + b"\x88\xf7" + b"\0" * 46),
     "L2_ETHER_TIMESYNC", 14, 0, 0, "U", "U")
case("llc_8023_len", bytearray(bytes.fromhex("0180c2000000020000000001") + b"\x00\x26" + b"\x42" * 46),
     "L2_ETHER", 14, 0, 0, "U", "U")
case("mpls_unicast", bytearray(bytes.fromhex("020000000002020000000001") + b"\x88\x47" + b"\0" * 46),
     "L2_ETHER", 14, 0, 0, "U", "U")
case("v4_icmp", E(IP(src=S4, dst=D4) / ICMP() / Raw(PL)), "L2_ETHER|L3_IPV4|L4_ICMP", 14, 20, 0, "G", "U")
case("v4_icmp_bad_iphdr", flip(E(IP(src=S4, dst=D4) / ICMP()), 18), "L2_ETHER|L3_IPV4|L4_ICMP",
     14, 20, 0, "B", "U")
case("v4_igmp", E(IP(src=S4, dst=D4, proto=2) / Raw(b"\x11\x64\xee\x9b\0\0\0\0")),
     "L2_ETHER|L3_IPV4|L4_IGMP", 14, 20, 0, "G", "U")
case("v4_sctp", E(IP(src=S4, dst=D4, proto=132) / Raw(b"\0" * 28)), "L2_ETHER|L3_IPV4|L4_SCTP",
     14, 20, 0, "G", "U")
case("v4_gre", E(IP(src=S4, dst=D4, proto=47) / Raw(b"\0\0\x08\0" + PL)), "L2_ETHER|L3_IPV4|L4_NONFRAG",
     14, 20, 0, "G", "U")
case("v4_proto_253", E(IP(src=S4, dst=D4, proto=253) / Raw(PL)), "L2_ETHER|L3_IPV4|L4_NONFRAG",
     14, 20, 0, "G", "U")
case("v4_ipip_outer_only", E(IP(src=S4, dst=D4) / IP(src="10.0.0.1", dst="10.0.0.2") / UDP() / Raw(PL)),
     "L2_ETHER|L3_IPV4|L4_NONFRAG", 14, 20, 0, "G", "U")
case("v6_sctp", E(IPv6(src=S6, dst=D6, nh=132) / Raw(b"\0" * 28)), "L2_ETHER|L3_IPV6|L4_SCTP",
     14, 40, 0, "U", "U")


def write_pcap(path, frames):
    with open(path, "wb") as out:
        # Classic pcap, microsecond, LINKTYPE_ETHERNET, snaplen 262144.
        out.write(struct.pack("<IHHiIII", 0xa1b2c3d4, 2, 4, 0, 0, 262144, 1))
        for i, fr in enumerate(frames):
            out.write(struct.pack("<IIII", 1700000000, i, len(fr), len(fr)))
            out.write(fr)


def main():
    names = set()
    for c in CASES:
        assert c[0] not in names, c[0]
        names.add(c[0])
    write_pcap(os.path.join(HERE, "verdict_corpus.pcap"), [c[1] for c in CASES])
    with open(os.path.join(HERE, "verdict_expected.txt"), "w") as out:
        out.write("# Generated by tests/data/gen_verdict_corpus.py; do not edit.\n"
                  "# index name ptype l2_len l3_len l4_len ip l4\n")
        for i, (name, _, ptype, l2, l3, l4, ipf, l4f) in enumerate(CASES):
            out.write("%d %s %s %d %d %d %s %s\n" % (i, name, ptype, l2, l3, l4, ipf, l4f))
    print("%d frames" % len(CASES))


if __name__ == "__main__":
    main()
