#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Writes tests/data/fwd_mix.pcap: a deterministic mix of frames for the
byte-exact forwarding tests (pcap -> port 0 -> forward -> port 1 -> pcap).

Run from the repository root:  /usr/bin/python3 tests/data/gen_fwd_pcap.py
Frames (all <= 1514 bytes, no FCS), repeated with varying sizes:
IPv4/UDP, IPv4/TCP, IPv6/UDP, IPv6/TCP, 802.1Q IPv4/UDP, QinQ IPv4/UDP, ARP,
an IPv4 fragment, a frame with a bad UDP checksum and one with a bad IPv4
header checksum (forwarding must not touch them), and minimum-size frames
with non-zero Ethernet padding.
"""
import random
import sys

from scapy.all import (ARP, IP, IPv6, TCP, UDP, Dot1Q, Dot1AD, Ether, Raw,
                       wrpcap)

SRC = "02:00:00:00:00:0a"
DST = "02:00:00:00:00:0b"


def frames():
    rnd = random.Random(20261129)
    out = []
    for i in range(40):
        n = rnd.choice([0, 1, 17, 64, 200, 511, 800, 1000, 1400])
        pay = bytes(rnd.getrandbits(8) for _ in range(n))
        e = Ether(src=SRC, dst=DST)
        out.append(e / IP(src="192.0.2.%d" % (i + 1), dst="198.51.100.1",
                          id=i) / UDP(sport=1000 + i, dport=53) / Raw(pay))
        out.append(e / IP(src="192.0.2.1", dst="198.51.100.%d" % (i + 1)) /
                   TCP(sport=40000 + i, dport=80, flags="PA", seq=i) / Raw(pay))
        out.append(e / IPv6(src="2001:db8::%x" % (i + 1), dst="2001:db8:1::1") /
                   UDP(sport=5000, dport=6000 + i) / Raw(pay))
        out.append(e / IPv6(src="2001:db8::1", dst="2001:db8:1::%x" % (i + 1)) /
                   TCP(sport=443, dport=50000 + i, flags="A") / Raw(pay))
        out.append(e / Dot1Q(vlan=100 + i) / IP(src="10.0.0.1", dst="10.0.0.2") /
                   UDP(sport=7, dport=7) / Raw(pay))
        out.append(e / Dot1AD(vlan=10) / Dot1Q(vlan=20 + i) /
                   IP(src="10.0.1.1", dst="10.0.1.2") / UDP(sport=9, dport=9) /
                   Raw(pay))
    out.append(Ether(src=SRC, dst="ff:ff:ff:ff:ff:ff") /
               ARP(op=1, psrc="192.0.2.1", pdst="192.0.2.2", hwsrc=SRC))
    out.append(Ether(src=SRC, dst=DST) /
               IP(src="192.0.2.1", dst="198.51.100.1", flags="MF", frag=0, id=77) /
               UDP(sport=1, dport=2) / Raw(b"x" * 100))
    bad = Ether(src=SRC, dst=DST) / IP(src="192.0.2.1", dst="198.51.100.1") / \
        UDP(sport=1, dport=2, chksum=0x1234) / Raw(b"y" * 50)
    out.append(bad)
    badip = Ether(src=SRC, dst=DST) / IP(src="192.0.2.1", dst="198.51.100.1",
                                        chksum=0x4321) / UDP(sport=1, dport=2) / Raw(b"z" * 30)
    out.append(badip)
    # minimum-size frames whose Ethernet padding is not zero
    for i in range(4):
        f = bytes(Ether(src=SRC, dst=DST) / IP(src="192.0.2.1", dst="198.51.100.1") /
                  UDP(sport=1, dport=2) / Raw(b"p"))
        out.append(Ether(f + bytes([0xa0 + i]) * (60 - len(f))))
    return out


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "tests/data/fwd_mix.pcap"
    wrpcap(path, frames())


if __name__ == "__main__":
    main()
