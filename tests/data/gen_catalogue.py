#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Writes tests/data/catalogue.pcap and tests/data/catalogue_expected.txt:
crafted frames for the rows of the robustness catalogue (robustness.md
section 1), read by tests/test_rxpath_catalogue.c (the parser directly) and
tests/pmd/test_pmd_catalogue.c (the same frames replayed through
net_stmmac_uio on the device model with rx_pcap=).

Frames are built with scapy, whose checksums are an implementation
independent of socrx. The checksums scapy cannot produce (a routing
header's final destination, a UDP length shorter than the IP payload,
forced 0x0000/0xFFFF fields, a pad that would cancel an error) are computed
here over an explicit pseudo-header with scapy.utils.checksum. Every
expected value is written by hand from robustness.md section 1 and
docs/design/rxpath_parse.md; the row is the second column.

Expected line:
    index row name outcome ptype l2_len l3_len l4_len IP L4
outcome: the PMD's fate of the frame under the row's port configuration
(test_pmd_catalogue.c): "D" delivered, else the rx_q0_ detail counter that
counts its drop (runts, oversize, scatter_dropped), or "dropped" when only
the drop and ierrors are pinned. ptype: RTE_PTYPE_ names
without the prefix joined by '|' ("0" for none). IP, L4: G(ood), B(ad),
U(nknown), the parser's verdict on the whole frame.

Run from the repository root:  /usr/bin/python3 tests/data/gen_catalogue.py
"""
import os
import socket
import struct

from scapy.all import (IP, IPv6, TCP, UDP, ICMP, ICMPv6EchoRequest, Ether,
                       Dot1Q, Dot1AD, ARP, GRE, Raw, IPOption_NOP,
                       IPv6ExtHdrHopByHop, IPv6ExtHdrDestOpt,
                       IPv6ExtHdrFragment, raw)
from scapy.layers.vxlan import VXLAN
from scapy.pton_ntop import inet_pton
from scapy.utils import checksum

HERE = os.path.dirname(os.path.abspath(__file__))
MAC = dict(src="02:00:00:00:00:0a", dst="02:00:00:00:00:0b")
S4, D4 = "192.0.2.10", "198.51.100.20"
S6, D6 = "2001:db8:1::10", "2001:db8:2::20"
FINAL6 = "2001:db8:3::30"

CASES = []


def case(row, name, frame, outcome, ptype, l2, l3, l4, ipf, l4f):
    assert isinstance(frame, (bytes, bytearray))
    assert outcome in ("D", "runts", "oversize", "scatter_dropped", "dropped")
    CASES.append((row, "r%02d_%s" % (row, name), bytes(frame), outcome,
                  ptype, l2, l3, l4, ipf, l4f))


def E(*layers):
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


def get16(frame, off):
    return struct.unpack_from("!H", frame, off)[0]


def ip4_fix(frame, l2=14):
    """Recompute the IPv4 header checksum after an edit of the header."""
    frame = bytearray(frame)
    ihl = (frame[l2] & 0xf) * 4
    struct.pack_into("!H", frame, l2 + 10, 0)
    struct.pack_into("!H", frame, l2 + 10, checksum(bytes(frame[l2:l2 + ihl])))
    return frame


a4 = socket.inet_aton


def a6(s):
    return inet_pton(socket.AF_INET6, s)


def pseudo(src, dst, proto, length, v6):
    if v6:
        return src + dst + struct.pack("!I", length) + b"\0\0\0" + bytes([proto])
    return src + dst + struct.pack("!BBH", 0, proto, length)


def l4_set(frame, l4off, seglen, proto, src, dst, v6, length=None):
    """Writes the RFC 768/9293/8200 checksum of frame[l4off:l4off+seglen],
    pseudo-header length @length (default seglen), UDP 0 sent as 0xFFFF."""
    frame = bytearray(frame)
    fo = l4off + (16 if proto == 6 else 6)
    struct.pack_into("!H", frame, fo, 0)
    ph = pseudo(src, dst, proto, seglen if length is None else length, v6)
    c = checksum(ph + bytes(frame[l4off:l4off + seglen]))
    if c == 0 and proto == 17:
        c = 0xffff
    struct.pack_into("!H", frame, fo, c)
    return frame


PL = bytes((i * 13 + 5) & 0xff for i in range(101))     # odd on purpose


def udp4(pl=PL, **kw):
    return IP(src=S4, dst=D4, id=7, **kw) / UDP(sport=4000, dport=4001) / Raw(pl)


def tcp4(pl=PL, **kw):
    return IP(src=S4, dst=D4, id=8, **kw) / TCP(sport=4002, dport=80, seq=1,
                                                flags="PA") / Raw(pl)


def udp6(*ext, pl=PL):
    p = IPv6(src=S6, dst=D6)
    for x in ext:
        p = p / x
    return p / UDP(sport=4003, dport=4004) / Raw(pl)


def tcp6(*ext, pl=PL):
    p = IPv6(src=S6, dst=D6)
    for x in ext:
        p = p / x
    return p / TCP(sport=4005, dport=443, flags="A") / Raw(pl)


def udp4_len(total, *l2):
    """An Ethernet/[tags]/IPv4/UDP frame of exactly @total bytes."""
    hdr = len(E(*l2, udp4(pl=b"")))
    return E(*l2, udp4(pl=bytes((i * 7) & 0xff for i in range(total - hdr))))


U4 = "L2_ETHER|L3_IPV4|L4_UDP"
T4 = "L2_ETHER|L3_IPV4|L4_TCP"
U6 = "L2_ETHER|L3_IPV6|L4_UDP"
T6 = "L2_ETHER|L3_IPV6|L4_TCP"
X6U = "L2_ETHER|L3_IPV6_EXT|L4_UDP"
X6T = "L2_ETHER|L3_IPV6_EXT|L4_TCP"
VU4 = "L2_ETHER_VLAN|L3_IPV4|L4_UDP"

# --- Row 3: longer than MTU + L2 overhead (port: MTU 1500) -------------------
# The longest accepted frame is 1500 + 14 + 4 (one VLAN tag) = 1518 bytes.
case(3, "untagged_1514", udp4_len(1514), "D", U4, 14, 20, 8, "G", "G")
case(3, "vlan_max_1518", udp4_len(1518, Dot1Q(vlan=3)), "D", VU4, 18, 20, 8, "G", "G")
case(3, "vlan_1519", udp4_len(1519, Dot1Q(vlan=3)), "oversize", VU4, 18, 20, 8, "G", "G")
case(3, "untagged_1536", udp4_len(1536), "oversize", U4, 14, 20, 8, "G", "G")
# Past the device buffer the PMD sizes for MTU 1500 (docs/design/rxpath.md
# "Buffer size"): dropped and counted, whichever detail counter says why.
case(3, "untagged_2048", udp4_len(2048), "dropped", U4, 14, 20, 8, "G", "G")
case(3, "after_64", udp4_len(64), "D", U4, 14, 20, 8, "G", "G")

# --- Row 4: larger than one buffer, scatter off (port: MTU 2030, 2048-byte
# buffers, so the longest accepted frame fills one buffer exactly) ----------
case(4, "one_buffer_2048", udp4_len(2048), "D", U4, 14, 20, 8, "G", "G")
case(4, "two_buffers_2049", udp4_len(2049), "scatter_dropped", U4, 14, 20, 8, "G", "G")
case(4, "two_buffers_3000", udp4_len(3000), "scatter_dropped", U4, 14, 20, 8, "G", "G")
case(4, "five_buffers_9018", udp4_len(9018), "scatter_dropped", U4, 14, 20, 8, "G", "G")
case(4, "after_60", udp4_len(60), "D", U4, 14, 20, 8, "G", "G")

# --- Row 5: larger than one buffer, scatter on (port: MTU 9000) -------------
case(5, "one_seg_2048", udp4_len(2048), "D", U4, 14, 20, 8, "G", "G")
case(5, "two_segs_2049", udp4_len(2049), "D", U4, 14, 20, 8, "G", "G")
case(5, "two_segs_4096", udp4_len(4096), "D", U4, 14, 20, 8, "G", "G")
case(5, "three_segs_4097", udp4_len(4097), "D", U4, 14, 20, 8, "G", "G")
case(5, "five_segs_9018", udp4_len(9018), "D", U4, 14, 20, 8, "G", "G")
case(5, "two_segs_3001_bad_l4", flip(udp4_len(3001), 3000), "D", U4, 14, 20, 8, "G", "B")
case(5, "over_9019", udp4_len(9019), "oversize", U4, 14, 20, 8, "G", "G")
case(5, "after_60", udp4_len(60), "D", U4, 14, 20, 8, "G", "G")

# --- Row 12: a short capture, then an idle ring ------------------------------
for i in range(3):
    case(12, "frame_%d" % i, E(udp4(pl=bytes([i]) * 40)), "D", U4, 14, 20, 8, "G", "G")

# --- Row 19: copybreak boundaries around T = 256 (14 is the shortest
# deliverable frame; 0 and 1 are runts, row 20) -----------------------------
case(19, "eth_only_14", E(udp4())[:14], "D", "L2_ETHER", 14, 0, 0, "U", "U")
for n in (60, 255, 256, 257, 1514):
    case(19, "len_%d" % n, udp4_len(n), "D", U4, 14, 20, 8, "G", "G")
case(19, "len_256_bad_l4", flip(udp4_len(256), 255), "D", U4, 14, 20, 8, "G", "B")
case(19, "len_255_tcp", E(tcp4(pl=bytes(255 - 54))), "D", T4, 14, 20, 20, "G", "G")

# --- Row 20: runts ----------------------------------------------------------
case(20, "runt_1", b"\x02", "runts", "0", 0, 0, 0, "U", "U")
case(20, "runt_13", E(udp4())[:13], "runts", "0", 0, 0, 0, "U", "U")
case(20, "eth_only_14", E(udp4())[:14], "D", "L2_ETHER", 14, 0, 0, "U", "U")

# --- Row 21: 15..59 bytes, no padding on the wire ----------------------------
f = E(udp4(pl=bytes(20)))
case(21, "ipv4_hdr_only_34", f[:34], "D", "L2_ETHER|L3_IPV4", 14, 20, 0, "G", "U")
case(21, "udp_hdr_cut_38", f[:38], "D", "L2_ETHER|L3_IPV4", 14, 20, 0, "G", "U")
case(21, "udp_claims_more_50", f[:50], "D", U4, 14, 20, 8, "G", "U")
case(21, "udp_empty_42", E(udp4(pl=b"")), "D", U4, 14, 20, 8, "G", "G")
case(21, "udp_empty_42_bad", flip(E(udp4(pl=b"")), 41), "D", U4, 14, 20, 8, "G", "B")
case(21, "tcp_empty_54", E(tcp4(pl=b"")), "D", T4, 14, 20, 20, "G", "G")
case(21, "udp6_cut_58", E(udp6(pl=bytes(20)))[:58], "D", "L2_ETHER|L3_IPV6", 14, 40, 0, "U", "U")

# --- Row 22: Ethernet padding is never summed ------------------------------
f = E(udp4(pl=b"ab"))
assert len(f) == 44
case(22, "udp_pad_zero", f + bytes(16), "D", U4, 14, 20, 8, "G", "G")
case(22, "udp_pad_nonzero", f + b"\xde\xad" * 8, "D", U4, 14, 20, 8, "G", "G")
case(22, "udp_bad_pad_nonzero", flip(f, 43) + b"\x5a" * 16, "D", U4, 14, 20, 8, "G", "B")
# A wrong checksum that a summed pad word would exactly cancel: still BAD.
c = get16(f, 40)
bad = put16(f, 40, 0xfffe if c == 0xffff else (c + 1) & 0xffff)
diff = (get16(bad, 40) - c) & 0xffff
case(22, "udp_pad_would_cancel", bad + struct.pack("!H", diff) + bytes(14),
     "D", U4, 14, 20, 8, "G", "B")
f = E(tcp4(pl=b""))
case(22, "tcp_pad_nonzero", f + b"\x77" * 6, "D", T4, 14, 20, 20, "G", "G")
f = E(udp6(pl=b"q"))
case(22, "udp6_pad_nonzero", f + b"\xee" * 11, "D", U6, 14, 40, 8, "U", "G")
case(22, "udp6_bad_pad", flip(f, 62) + b"\xee" * 11, "D", U6, 14, 40, 8, "U", "B")

# --- Row 23: 1..8 VLAN / QinQ tags: the L3 offset moves, the verdict not ----
for n in (1, 2, 3, 8):
    tags = [Dot1Q(vlan=10 + i) for i in range(n)] if n < 3 else \
        [Dot1AD(vlan=100)] + [Dot1Q(vlan=10 + i) for i in range(n - 1)]
    l2t = "L2_ETHER_QINQ" if n >= 3 else "L2_ETHER_VLAN"
    f = E(*tags, udp4())
    case(23, "tags%d_udp" % n, f, "D", l2t + "|L3_IPV4|L4_UDP", 14 + 4 * n, 20, 8, "G", "G")
    case(23, "tags%d_udp_bad" % n, flip(f, len(f) - 1), "D", l2t + "|L3_IPV4|L4_UDP",
         14 + 4 * n, 20, 8, "G", "B")
case(23, "qinq_tcp6", E(Dot1AD(vlan=5), Dot1Q(vlan=6), tcp6()), "D",
     "L2_ETHER_QINQ|L3_IPV6|L4_TCP", 22, 40, 20, "U", "G")

# --- Row 24: more than 8 tags, or a tag cut by the frame end ---------------
tags = [Dot1AD(vlan=1)] + [Dot1Q(vlan=2 + i) for i in range(8)]
case(24, "tags9_udp", E(*tags, udp4()), "D", "L2_ETHER_QINQ", 46, 0, 0, "U", "U")
tags = [Dot1Q(vlan=2 + i) for i in range(12)]
case(24, "tags12_udp", E(*tags, udp4()), "D", "L2_ETHER_VLAN", 46, 0, 0, "U", "U")
f = E(Dot1Q(vlan=9), udp4())
case(24, "tag_cut_16", f[:16], "D", "L2_ETHER_VLAN", 14, 0, 0, "U", "U")
case(24, "tag_cut_17", f[:17], "D", "L2_ETHER_VLAN", 14, 0, 0, "U", "U")
f = E(Dot1Q(vlan=9), Dot1Q(vlan=10), udp4())
case(24, "second_tag_cut_20", f[:20], "D", "L2_ETHER_VLAN", 18, 0, 0, "U", "U")

# --- Row 25: bad IPv4 header checksum; L4 verified on its own ---------------
f = E(udp4())
case(25, "udp_good", flip(f, 14 + 10), "D", U4, 14, 20, 8, "B", "G")
case(25, "udp_bad", flip(flip(f, 14 + 10), len(f) - 1), "D", U4, 14, 20, 8, "B", "B")
f = E(tcp4())
case(25, "tcp_good", flip(f, 14 + 11, 0x80), "D", T4, 14, 20, 20, "B", "G")

# --- Row 26: version != 4 under 0x0800, IHL < 5 -----------------------------
f = E(udp4())
for ver, ihl in ((6, 5), (5, 5), (4, 4), (4, 0)):
    g = bytearray(f)
    g[14] = ver << 4 | ihl
    case(26, "version%d_ihl%d" % (ver, ihl), ip4_fix(g) if ihl >= 5 else g,
         "D", "L2_ETHER", 14, 0, 0, "B", "U")

# --- Row 27: IPv4 options, IHL 6..15 ------------------------------------------
for ihl in (6, 10, 15):
    f = E(IP(src=S4, dst=D4, id=9, options=[IPOption_NOP()] * (4 * (ihl - 5))) /
          UDP(sport=1, dport=2) / Raw(PL))
    assert (f[14] & 0xf) == ihl
    case(27, "ihl%d_udp" % ihl, f, "D", "L2_ETHER|L3_IPV4_EXT|L4_UDP", 14, 4 * ihl, 8, "G", "G")
    case(27, "ihl%d_udp_bad" % ihl, flip(f, len(f) - 2), "D", "L2_ETHER|L3_IPV4_EXT|L4_UDP",
         14, 4 * ihl, 8, "G", "B")
f = E(IP(src=S4, dst=D4, id=9, options=[IPOption_NOP()] * 8) / TCP(sport=1, dport=2) / Raw(PL))
case(27, "ihl7_tcp", f, "D", "L2_ETHER|L3_IPV4_EXT|L4_TCP", 14, 28, 20, "G", "G")

# --- Row 28: IHL x 4 > total length, or > bytes present ----------------------
f = E(IP(src=S4, dst=D4, id=9, options=[IPOption_NOP()] * 8) / UDP() / Raw(PL))
case(28, "ihl7_totlen_24", ip4_fix(put16(f, 16, 24)), "D", "L2_ETHER|L3_IPV4_EXT", 14, 28, 0, "B", "U")
f = E(udp4())
case(28, "ihl5_totlen_19", ip4_fix(put16(f, 16, 19)), "D", "L2_ETHER|L3_IPV4", 14, 20, 0, "B", "U")
g = bytearray(f[:14 + 40])
g[14] = 0x4f
case(28, "ihl15_past_frame", g, "D", "L2_ETHER", 14, 0, 0, "U", "U")

# --- Row 29: total length > bytes present ------------------------------------
f = E(udp4())
case(29, "udp_totlen_plus1", ip4_fix(put16(f, 16, len(f) - 14 + 1)), "D", U4, 14, 20, 8, "G", "U")
f = E(tcp4())
case(29, "tcp_totlen_plus100", ip4_fix(put16(f, 16, len(f) - 14 + 100)), "D", T4, 14, 20, 20, "G", "U")
f = E(udp6())
case(29, "udp6_plen_plus1", put16(f, 18, len(f) - 54 + 1), "D", U6, 14, 40, 8, "U", "U")

# --- Row 30: IPv4 fragments, the first one included -------------------------
case(30, "first_udp_mf", E(udp4(flags="MF")), "D", "L2_ETHER|L3_IPV4|L4_FRAG", 14, 20, 0, "G", "U")
# A first fragment whose UDP checksum happens to cover exactly this piece.
f = E(udp4(flags="MF"))
case(30, "first_udp_self_consistent", l4_set(f, 34, len(f) - 34, 17, a4(S4), a4(D4), False),
     "D", "L2_ETHER|L3_IPV4|L4_FRAG", 14, 20, 0, "G", "U")
case(30, "middle", E(IP(src=S4, dst=D4, id=9, flags="MF", frag=50, proto=17) / Raw(PL)),
     "D", "L2_ETHER|L3_IPV4|L4_FRAG", 14, 20, 0, "G", "U")
case(30, "last_tcp", E(IP(src=S4, dst=D4, id=9, frag=90, proto=6) / Raw(PL)),
     "D", "L2_ETHER|L3_IPV4|L4_FRAG", 14, 20, 0, "G", "U")

# --- Row 31: IPv6 Fragment header, atomic included ---------------------------
F6 = "L2_ETHER|L3_IPV6_EXT|L4_FRAG"
case(31, "first_udp", E(udp6(IPv6ExtHdrFragment(id=3, m=1, offset=0))), "D", F6, 14, 48, 0, "U", "U")
case(31, "atomic_udp", E(udp6(IPv6ExtHdrFragment(id=3, m=0, offset=0))), "D", F6, 14, 48, 0, "U", "U")
case(31, "last_tcp", E(IPv6(src=S6, dst=D6) / IPv6ExtHdrFragment(id=3, m=0, offset=20, nh=6) /
                       Raw(PL)), "D", F6, 14, 48, 0, "U", "U")

# --- Row 32: HBH / DST extension headers ------------------------------------
f = E(udp6(IPv6ExtHdrHopByHop()))
case(32, "hbh_udp", f, "D", X6U, 14, 48, 8, "U", "G")
case(32, "hbh_udp_bad", flip(f, len(f) - 1), "D", X6U, 14, 48, 8, "U", "B")
f = E(tcp6(IPv6ExtHdrDestOpt()))
case(32, "dst_tcp", f, "D", X6T, 14, 48, 20, "U", "G")
# The pseudo-header carries the upper-layer length, not payload_len: a
# checksum taken over payload_len is wrong.
f = E(udp6(IPv6ExtHdrHopByHop()))
case(32, "hbh_udp_plen_in_pseudo", l4_set(f, 62, len(f) - 62, 17, a6(S6), a6(D6), True,
                                          length=len(f) - 54),
     "D", X6U, 14, 48, 8, "U", "B")
five = [IPv6ExtHdrHopByHop()] + [IPv6ExtHdrDestOpt() for _ in range(4)]
case(32, "ext5_udp", E(udp6(*five)), "D", X6U, 14, 80, 8, "U", "G")
case(32, "ext6_udp", E(udp6(*(five + [IPv6ExtHdrDestOpt()]))), "D", "L2_ETHER|L3_IPV6_EXT",
     14, 80, 0, "U", "U")
f = E(udp6(IPv6ExtHdrDestOpt()))
case(32, "ext_cut", f[:14 + 40 + 6], "D", "L2_ETHER|L3_IPV6_EXT", 14, 40, 0, "U", "U")
case(32, "ext_over_payload", put16(f, 18, 6), "D", "L2_ETHER|L3_IPV6_EXT", 14, 40, 0, "U", "U")


# --- Row 33: routing header with segments left > 0 (socrx: final destination)
def routed(rh, final, proto=17):
    l4 = (UDP(sport=7, dport=8) if proto == 17 else TCP(sport=7, dport=8, flags="A")) / Raw(PL)
    f = E(IPv6(src=S6, dst=D6, nh=43) / Raw(bytes([proto]) + rh[1:]) / l4)
    off = 14 + 40 + len(rh)
    good = l4_set(f, off, len(f) - off, proto, a6(S6), a6(final), True)
    wrong = l4_set(f, off, len(f) - off, proto, a6(S6), a6(D6), True)
    return good, wrong, 40 + len(rh)


rh0 = bytes([0, 4, 0, 1, 0, 0, 0, 0]) + a6("2001:db8:4::40") + a6(FINAL6)
g, w, l3 = routed(rh0, FINAL6)
case(33, "rt0_segleft1_final", g, "D", X6U, 14, l3, 8, "U", "G")
case(33, "rt0_segleft1_vs_dst", w, "D", X6U, 14, l3, 8, "U", "B")
rh2 = bytes([0, 2, 2, 1, 0, 0, 0, 0]) + a6(FINAL6)
g, w, l3 = routed(rh2, FINAL6, proto=6)
case(33, "rt2_tcp_final", g, "D", X6T, 14, l3, 20, "U", "G")
rh4 = bytes([0, 4, 4, 1, 1, 0, 0, 0]) + a6(FINAL6) + a6("2001:db8:5::50")
g, w, l3 = routed(rh4, FINAL6)
case(33, "srh_final", g, "D", X6U, 14, l3, 8, "U", "G")
case(33, "srh_vs_dst", w, "D", X6U, 14, l3, 8, "U", "B")

# --- Row 34: ESP, AH, No Next Header -----------------------------------------
case(34, "v6_esp", E(IPv6(src=S6, dst=D6, nh=50) / Raw(b"\0\0\0\7\0\0\0\1" + PL)),
     "D", "L2_ETHER|L3_IPV6_EXT|L4_NONFRAG", 14, 40, 0, "U", "U")
case(34, "v6_ah_udp", E(IPv6(src=S6, dst=D6, nh=51) / Raw(bytes([17, 4]) + bytes(22)) /
                        UDP() / Raw(PL)), "D", "L2_ETHER|L3_IPV6_EXT|L4_NONFRAG", 14, 40, 0, "U", "U")
case(34, "v6_no_next", E(IPv6(src=S6, dst=D6, nh=59) / Raw(bytes(16))),
     "D", "L2_ETHER|L3_IPV6|L4_NONFRAG", 14, 40, 0, "U", "U")
case(34, "v4_esp", E(IP(src=S4, dst=D4, proto=50) / Raw(b"\0\0\0\7\0\0\0\1" + PL)),
     "D", "L2_ETHER|L3_IPV4|L4_NONFRAG", 14, 20, 0, "G", "U")

# --- Rows 35..38: zero checksums -------------------------------------------
f = E(udp4())
case(35, "udp4_csum0", put16(f, 40, 0), "D", U4, 14, 20, 8, "G", "U")
case(35, "udp4_csum0_junk", flip(put16(f, 40, 0), len(f) - 1), "D", U4, 14, 20, 8, "G", "U")
f = E(udp6())
case(36, "udp6_csum0", put16(f, 60, 0), "D", U6, 14, 40, 8, "U", "B")
case(36, "udp6_csum0_hbh", put16(E(udp6(IPv6ExtHdrHopByHop())), 68, 0), "D", X6U, 14, 48, 8, "U", "B")


def zero_sum_udp(v6):
    """A UDP datagram whose computed checksum is 0: sent as 0xFFFF."""
    f = E(udp6(pl=bytes(2) + PL[:30])) if v6 else E(udp4(pl=bytes(2) + PL[:30]))
    l4 = 54 if v6 else 34
    src, dst = (a6(S6), a6(D6)) if v6 else (a4(S4), a4(D4))
    f = put16(f, l4 + 6, 0)
    c = checksum(pseudo(src, dst, 17, len(f) - l4, v6) + bytes(f[l4:]))
    f = put16(f, l4 + 8, c)          # payload word = checksum: the sum folds to 0
    f = l4_set(f, l4, len(f) - l4, 17, src, dst, v6)
    assert get16(f, l4 + 6) == 0xffff
    return f


case(37, "udp4_sum0_sent_ffff", zero_sum_udp(False), "D", U4, 14, 20, 8, "G", "G")
case(37, "udp6_sum0_sent_ffff", zero_sum_udp(True), "D", U6, 14, 40, 8, "U", "G")
case(37, "udp4_sum0_sent_ffff_bad", flip(zero_sum_udp(False), 60), "D", U4, 14, 20, 8, "G", "B")
base = E(IP(src=S4, dst=D4, id=11) / TCP(sport=9, dport=10, flags="A") / Raw(bytes(2) + PL[:21]))
base = put16(base, 50, 0)
c = checksum(pseudo(a4(S4), a4(D4), 6, len(base) - 34, False) + bytes(base[34:]))
t0 = put16(base, 54, c)              # correct checksum is now 0x0000
assert checksum(pseudo(a4(S4), a4(D4), 6, len(t0) - 34, False) + bytes(t0[34:])) == 0
case(38, "tcp_csum_0000", t0, "D", T4, 14, 20, 20, "G", "G")
case(38, "tcp_csum_ffff", put16(t0, 50, 0xffff), "D", T4, 14, 20, 20, "G", "G")
case(38, "tcp_csum_0000_bad", flip(t0, len(t0) - 1), "D", T4, 14, 20, 20, "G", "B")

# --- Rows 39, 40: UDP length against the IP payload --------------------------
f = E(udp4())
case(39, "udplen_7", put16(f, 38, 7), "D", U4, 14, 20, 8, "G", "B")
case(39, "udplen_0", put16(f, 38, 0), "D", U4, 14, 20, 8, "G", "B")
case(39, "udplen_over_payload", put16(f, 38, len(f) - 34 + 1), "D", U4, 14, 20, 8, "G", "B")
f6 = E(udp6())
case(39, "udp6_len_over_payload", put16(f6, 58, len(f6) - 54 + 2), "D", U6, 14, 40, 8, "U", "B")
short = put16(f, 38, 8 + 21)
case(40, "udplen_short_sum_udplen",
     l4_set(short, 34, 29, 17, a4(S4), a4(D4), False), "D", U4, 14, 20, 8, "G", "G")
case(40, "udplen_short_sum_iplen",
     l4_set(short, 34, len(short) - 34, 17, a4(S4), a4(D4), False, length=len(short) - 34),
     "D", U4, 14, 20, 8, "G", "B")
short6 = put16(f6, 58, 8 + 5)
case(40, "udp6_len_short", l4_set(short6, 54, 13, 17, a6(S6), a6(D6), True), "D", U6, 14, 40, 8, "U", "G")

# --- Row 41: odd L4 lengths ---------------------------------------------------
for n in (1, 3, 999):
    f = E(udp4(pl=bytes((i * 31 + 1) & 0xff for i in range(n))))
    case(41, "udp_pl%d" % n, f, "D", U4, 14, 20, 8, "G", "G")
    case(41, "udp_pl%d_last_byte_bad" % n, flip(f, len(f) - 1), "D", U4, 14, 20, 8, "G", "B")
f = E(tcp6(pl=bytes((i * 3 + 1) & 0xff for i in range(1401))))
case(41, "tcp6_pl1401", f, "D", T6, 14, 40, 20, "U", "G")
case(41, "tcp6_pl1401_last_byte_bad", flip(f, len(f) - 1, 0x80), "D", T6, 14, 40, 20, "U", "B")
f = E(Dot1Q(vlan=4), udp4(pl=b"\x01\x02\x03"))
case(41, "vlan_udp_pl3", f, "D", VU4, 18, 20, 8, "G", "G")

# --- Row 43: TCP data offset < 5 or past the segment -------------------------
f = E(tcp4())
g = bytearray(f)
g[14 + 20 + 12] = 0x40
g = l4_set(g, 34, len(g) - 34, 6, a4(S4), a4(D4), False)
case(43, "doff4", g, "D", T4, 14, 20, 0, "G", "G")
case(43, "doff4_bad", flip(g, len(g) - 1), "D", T4, 14, 20, 0, "G", "B")
g = bytearray(E(IP(src=S4, dst=D4, id=12) / TCP(sport=1, dport=2, flags="R") / Raw(b"xy")))
g[14 + 20 + 12] = 0xf0
case(43, "doff15_past_segment", l4_set(g, 34, len(g) - 34, 6, a4(S4), a4(D4), False),
     "D", T4, 14, 20, 0, "G", "G")
case(43, "segment_12_bytes", ip4_fix(put16(f, 16, 20 + 12)), "D", "L2_ETHER|L3_IPV4", 14, 20, 0, "G", "B")

# --- Row 44: other protocols and EtherTypes -----------------------------------
case(44, "v4_sctp", E(IP(src=S4, dst=D4, proto=132) / Raw(bytes(28))), "D",
     "L2_ETHER|L3_IPV4|L4_SCTP", 14, 20, 0, "G", "U")
case(44, "v6_sctp", E(IPv6(src=S6, dst=D6, nh=132) / Raw(bytes(28))), "D",
     "L2_ETHER|L3_IPV6|L4_SCTP", 14, 40, 0, "U", "U")
case(44, "v4_icmp", E(IP(src=S4, dst=D4) / ICMP() / Raw(PL)), "D", "L2_ETHER|L3_IPV4|L4_ICMP",
     14, 20, 0, "G", "U")
case(44, "v4_icmp_bad_data", flip(E(IP(src=S4, dst=D4) / ICMP() / Raw(PL)), 60), "D",
     "L2_ETHER|L3_IPV4|L4_ICMP", 14, 20, 0, "G", "U")
case(44, "v6_icmp", E(IPv6(src=S6, dst=D6) / ICMPv6EchoRequest(data=b"x" * 9)), "D",
     "L2_ETHER|L3_IPV6|L4_ICMP", 14, 40, 0, "U", "U")
case(44, "v4_igmp", E(IP(src=S4, dst=D4, proto=2) / Raw(b"\x11\x64\xee\x9b\0\0\0\0")), "D",
     "L2_ETHER|L3_IPV4|L4_IGMP", 14, 20, 0, "G", "U")
case(44, "v4_gre", E(IP(src=S4, dst=D4) / GRE() / Raw(PL)), "D", "L2_ETHER|L3_IPV4|L4_NONFRAG",
     14, 20, 0, "G", "U")
case(44, "v4_proto_254", E(IP(src=S4, dst=D4, proto=254) / Raw(PL)), "D",
     "L2_ETHER|L3_IPV4|L4_NONFRAG", 14, 20, 0, "G", "U")
case(44, "arp", E(ARP(psrc=S4, pdst=D4)), "D", "L2_ETHER_ARP", 14, 0, 0, "U", "U")
case(44, "lldp", bytearray(bytes.fromhex("0180c200000e02000000000a") + b"\x88\xcc" + bytes(46)),
     "D", "L2_ETHER_LLDP", 14, 0, 0, "U", "U")
case(44, "mpls", bytearray(bytes.fromhex("02000000000b02000000000a") + b"\x88\x47" +
                           bytes.fromhex("0001e1ff") + bytes(raw(udp4()))),
     "D", "L2_ETHER", 14, 0, 0, "U", "U")
case(44, "ethertype_unknown", bytearray(bytes.fromhex("02000000000b02000000000a") + b"\x12\x34" +
                                        bytes(46)), "D", "L2_ETHER", 14, 0, 0, "U", "U")

# --- Row 45: tunnels: the outer L4 only, no inner flags or ptypes ------------
inner = Ether(src="02:00:00:00:01:01", dst="02:00:00:00:01:02") / udp4()
inner_bad = bytearray(raw(inner))
inner_bad[-1] ^= 0xff                # inner UDP checksum wrong
f = E(IP(src=S4, dst=D4) / UDP(sport=50000, dport=4789) / VXLAN(vni=42) / Raw(bytes(inner_bad)))
case(45, "vxlan_outer_good_inner_bad", f, "D", U4, 14, 20, 8, "G", "G")
case(45, "vxlan_outer_csum0", put16(f, 40, 0), "D", U4, 14, 20, 8, "G", "U")
case(45, "vxlan_outer_bad", flip(f, 45), "D", U4, 14, 20, 8, "G", "B")
case(45, "ipip", E(IP(src=S4, dst=D4) / IP(src="10.0.0.1", dst="10.0.0.2") / UDP() / Raw(PL)), "D",
     "L2_ETHER|L3_IPV4|L4_NONFRAG", 14, 20, 0, "G", "U")
case(45, "ip6_in_ip4", E(IP(src=S4, dst=D4) / IPv6(src=S6, dst=D6) / UDP() / Raw(PL)), "D",
     "L2_ETHER|L3_IPV4|L4_NONFRAG", 14, 20, 0, "G", "U")
case(45, "gre_eth", E(IP(src=S4, dst=D4) / GRE(proto=0x6558) / Ether() / udp4()), "D",
     "L2_ETHER|L3_IPV4|L4_NONFRAG", 14, 20, 0, "G", "U")


def main():
    # Classic little-endian pcap written by hand: the bytes exactly as built
    # (scapy would re-serialise malformed headers), link type Ethernet.
    with open(os.path.join(HERE, "catalogue.pcap"), "wb") as out:
        out.write(struct.pack("<IHHiIII", 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1))
        for i, c in enumerate(CASES):
            out.write(struct.pack("<IIII", 1000 + i, 0, len(c[2]), len(c[2])))
            out.write(c[2])
    with open(os.path.join(HERE, "catalogue_expected.txt"), "w") as out:
        out.write("# Generated by tests/data/gen_catalogue.py; do not edit.\n")
        out.write("# index row name outcome ptype l2_len l3_len l4_len ip l4\n")
        for i, (row, name, frame, outcome, ptype, l2, l3, l4, ipf, l4f) in enumerate(CASES):
            out.write("%d %d %s %s %s %d %d %d %s %s\n" % (i, row, name, outcome, ptype,
                                                           l2, l3, l4, ipf, l4f))
    print("%d frames" % len(CASES))


if __name__ == "__main__":
    main()
