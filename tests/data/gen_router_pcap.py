#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Builds the golden forwarding corpus of socrx-router:

  tests/data/router_in.pcap          frames replayed into port 0
  tests/data/router_expected.json    what the router must do with each
  tests/data/router_expected_p0.pcap the frames port 0 must send, in order
  tests/data/router_expected_p1.pcap the same for port 1

against the routes of config/routes-golden.cfg (copied in ROUTES below:
this script is the independent oracle, it does not parse the file).

Each input frame is either forwarded (expected egress port and expected
output bytes: MACs rewritten, TTL / hop limit decremented, IPv4 header
checksum recomputed from scratch by scapy) or dropped with a cause.
Frames dropped for a bad L4 checksum under --drop-bad-l4 carry
"bad_l4": true (forwarded by default). The
corpus: hand-picked cases (longest-prefix matches, TTL edges, bad
checksums, options, fragments, non-IP, checksums at the 0x0000/0xffff
edge), then a seeded random mix so that bursts fill up and the 4-wide
lookups and their remainders all run.

Run with /usr/bin/python3 (scapy from python3-scapy); the output is
deterministic (fixed seed, fixed timestamps).
"""
import ipaddress
import json
import os
import random

from scapy.all import (ARP, Dot1Q, Ether, ICMP, IP, IPOption_EOL,
                       IPOption_NOP, IPv6, ICMPv6EchoRequest, Raw, TCP, UDP,
                       wrpcap)

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20240605

# config/routes-golden.cfg, restated.
ROUTES = [
    ("198.19.0.0/16", 1), ("10.0.0.0/8", 0), ("10.1.0.0/16", 1),
    ("10.1.2.0/24", 0), ("10.1.2.128/25", 1), ("192.0.2.0/24", 0),
    ("2001:db8::/32", 1), ("2001:db8:0:2::/64", 0),
    ("2001:db8:0:2:ff::/80", 1),
]
NEIGHBOR = {0: "02:aa:00:00:00:00", 1: "02:aa:00:00:00:01"}
# Port MACs, given to the model ports with mac= by the test.
PORT_MAC = {0: "02:00:00:00:10:00", 1: "02:00:00:00:10:01"}
IN_SRC = "02:bb:00:00:00:01"
IN_DST = PORT_MAC[0]

NETS = [(ipaddress.ip_network(p), port) for p, port in ROUTES]


def lookup(dst):
    a = ipaddress.ip_address(dst)
    best = None
    for net, port in NETS:
        if a.version == net.version and a in net:
            if best is None or net.prefixlen > best[0]:
                best = (net.prefixlen, port)
    return None if best is None else best[1]


def pad(pkt):
    raw = bytes(pkt)
    return raw + b"\0" * (60 - len(raw)) if len(raw) < 60 else raw


def forwarded(pkt, port):
    """The frame the router must send: a fresh build, not an edit."""
    out = pkt.copy()
    out[Ether].dst = NEIGHBOR[port]
    out[Ether].src = PORT_MAC[port]
    if IP in out:
        out[IP].ttl -= 1
        out[IP].chksum = None      # scapy recomputes it from scratch
    else:
        out[IPv6].hlim -= 1
    return pad(Ether(bytes(out)))


def eth():
    return Ether(src=IN_SRC, dst=IN_DST)


class Corpus:
    def __init__(self):
        self.frames = []   # raw input bytes
        self.expect = []   # per frame: {"port": p} or {"drop": cause}
        self.out = {0: [], 1: []}

    def route(self, pkt, what, bad_l4=False):
        """A frame whose fate follows from the routes and its TTL."""
        raw = pad(pkt)
        pkt = Ether(raw)
        ip = pkt[IP] if IP in pkt else pkt[IPv6]
        ttl = ip.ttl if IP in pkt else ip.hlim
        port = lookup(ip.dst)
        e = {"what": what}
        if port is None:
            e["drop"] = "no_route"
        elif ttl <= 1:
            e["drop"] = "ttl_expired"
        else:
            e["port"] = port
            self.out[port].append(forwarded(pkt, port))
            if bad_l4:
                e["bad_l4"] = True
        self.frames.append(raw)
        self.expect.append(e)

    def drop(self, pkt, cause, what):
        self.frames.append(pad(pkt))
        self.expect.append({"what": what, "drop": cause})


def hdr_csum(hdr):
    """RFC 1071 checksum of an IPv4 header whose checksum field is 0."""
    s = sum(int.from_bytes(hdr[i:i + 2], "big") for i in range(0, len(hdr), 2))
    while s > 0xffff:
        s = (s & 0xffff) + (s >> 16)
    return ~s & 0xffff


def id_for_csum(src, dst, ttl, target):
    """The IP id giving header checksum @target to a 20-byte header."""
    base = bytearray(bytes(IP(src=src, dst=dst, ttl=ttl, id=0, proto=17,
                              len=32, chksum=0)))
    for ident in range(65536):
        base[4:6] = ident.to_bytes(2, "big")
        if hdr_csum(base) == target:
            return ident
    raise SystemExit("no IP id gives checksum 0x%04x" % target)


def ipv4_csum_edge(c, target, after):
    """An IPv4/UDP frame whose header checksum is @target before (or,
    with @after, after) the TTL decrement: the 0x0000/0xffff edges of
    the incremental update."""
    src, dst = "198.18.0.%d" % (2 if after else 1), "198.19.0.%d" % (10 if after else 9)
    ident = id_for_csum(src, dst, 63 if after else 64, target)
    p = eth() / IP(src=src, dst=dst, ttl=64, id=ident) / \
        UDP(sport=1, dport=2) / Raw(b"edge")
    c.route(p, "IPv4 header checksum 0x%04x %s forwarding" %
            (target, "after" if after else "before"))


def bad_l4(pkt):
    """pkt with its TCP/UDP checksum made wrong."""
    p = Ether(bytes(pkt))
    l4 = p[TCP] if TCP in p else p[UDP]
    l4.chksum = l4.chksum ^ 0x5a5a
    return p


def hand_picked(c):
    c.route(eth() / IP(src="198.18.0.1", dst="198.19.1.1", ttl=64) /
            UDP(sport=1024, dport=9) / Raw(b"x" * 18), "IPv4 UDP, 198.19/16")
    c.route(eth() / IP(src="198.18.0.1", dst="10.9.9.9", ttl=64) /
            TCP(sport=1, dport=80, flags="S"), "IPv4 TCP, 10/8")
    c.route(eth() / IP(src="198.18.0.1", dst="10.1.9.9") /
            TCP(sport=2, dport=80, flags="A") / Raw(b"y" * 100), "10.1/16")
    c.route(eth() / IP(src="198.18.0.1", dst="10.1.2.3") / UDP() /
            Raw(b"z" * 30), "10.1.2/24")
    c.route(eth() / IP(src="198.18.0.1", dst="10.1.2.200") / UDP() /
            Raw(b"z" * 30), "10.1.2.128/25")
    c.route(eth() / IP(src="198.18.0.1", dst="192.0.2.5") / ICMP() /
            Raw(b"ping" * 8), "IPv4 ICMP echo, 192.0.2/24")
    c.route(eth() / IP(src="198.18.0.1", dst="198.19.0.7", ttl=2) / UDP(),
            "TTL 2: forwarded with TTL 1")
    c.route(eth() / IP(src="198.18.0.1", dst="198.19.0.7", ttl=255) / UDP(),
            "TTL 255")
    c.route(eth() / IP(src="198.18.0.1", dst="198.19.0.7", ttl=1) / UDP(),
            "TTL 1: expired")
    c.route(eth() / IP(src="198.18.0.1", dst="198.19.0.7", ttl=0) / UDP(),
            "TTL 0: expired")
    c.route(eth() / IP(src="198.18.0.1", dst="203.0.113.1") / UDP(),
            "IPv4 without a route")
    c.route(eth() / IP(src="198.18.0.1", dst="203.0.113.1", ttl=1) / UDP(),
            "no route and TTL 1: no route is judged first")
    c.route(eth() / IP(src="198.18.0.1", dst="198.19.3.3",
                       options=[IPOption_NOP(), IPOption_NOP(),
                                IPOption_NOP(), IPOption_EOL()]) /
            UDP() / Raw(b"opt"), "IPv4 with options (IHL 6)")
    c.route(eth() / IP(src="198.18.0.1", dst="198.19.4.4", flags="MF",
                       frag=0, id=77) / UDP(sport=5, dport=6) / Raw(b"a" * 40),
            "first fragment")
    c.route(eth() / IP(src="198.18.0.1", dst="198.19.4.4", frag=6, id=77,
                       proto=17) / Raw(b"b" * 40), "later fragment")
    c.route(eth() / IP(src="198.18.0.1", dst="198.19.5.5") /
            Raw(b"M" * 1472), "IPv4 1514-byte frame")
    c.route(eth() / IP(src="198.18.0.1", dst="198.19.5.6") /
            UDP(sport=7, dport=7, chksum=0) / Raw(b"nocsum"),
            "UDP without checksum (0): valid over IPv4")
    ipv4_csum_edge(c, 0x0000, False)
    ipv4_csum_edge(c, 0xfeff, False)
    ipv4_csum_edge(c, 0x0000, True)
    ipv4_csum_edge(c, 0xfeff, True)

    p = Ether(bytes(eth() / IP(src="198.18.0.1", dst="198.19.0.8") / UDP()))
    p[IP].chksum ^= 0x1111
    c.drop(p, "bad_ip_csum", "IPv4 header checksum wrong")
    p = Ether(bytes(eth() / IP(src="198.18.0.1", dst="10.1.2.3") / TCP()))
    p[IP].chksum = (p[IP].chksum + 1) & 0xffff
    c.drop(p, "bad_ip_csum", "IPv4 header checksum off by one")

    c.route(bad_l4(eth() / IP(src="198.18.0.1", dst="198.19.6.6") /
                   UDP(sport=1, dport=2) / Raw(b"bad udp")),
            "UDP checksum wrong", bad_l4=True)
    c.route(bad_l4(eth() / IP(src="198.18.0.1", dst="10.9.0.1") /
                   TCP(sport=1, dport=2, flags="PA") / Raw(b"bad tcp")),
            "TCP checksum wrong", bad_l4=True)
    c.route(bad_l4(eth() / IPv6(src="2001:db8:0:1::1", dst="2001:db8:0:2::9") /
                   UDP(sport=1, dport=2) / Raw(b"bad udp6")),
            "UDP/IPv6 checksum wrong", bad_l4=True)

    c.route(eth() / IPv6(src="2001:db8:0:1::1", dst="2001:db8:1::1") /
            UDP(sport=1, dport=2) / Raw(b"v6"), "IPv6, 2001:db8::/32")
    c.route(eth() / IPv6(src="2001:db8:0:1::1", dst="2001:db8:0:2::1") /
            TCP(sport=1, dport=2, flags="S"), "IPv6, 2001:db8:0:2::/64")
    c.route(eth() / IPv6(src="2001:db8:0:1::1", dst="2001:db8:0:2:ff::1") /
            UDP(), "IPv6, /80 inside the /64")
    c.route(eth() / IPv6(src="2001:db8:0:1::1", dst="2001:db8:0:2::1") /
            ICMPv6EchoRequest(data=b"ping6"), "ICMPv6 echo")
    c.route(eth() / IPv6(src="2001:db8:0:1::1", dst="2001:db8:1::1", hlim=2) /
            UDP(), "hop limit 2")
    c.route(eth() / IPv6(src="2001:db8:0:1::1", dst="2001:db8:1::1", hlim=1) /
            UDP(), "hop limit 1: expired")
    c.route(eth() / IPv6(src="2001:db8:0:1::1", dst="2001:db8:1::1", hlim=0) /
            UDP(), "hop limit 0: expired")
    c.route(eth() / IPv6(src="2001:db8:0:1::1", dst="2001:db9::1") / UDP(),
            "IPv6 without a route")
    c.route(eth() / IPv6(src="2001:db8:0:1::1", dst="2001:db8:1::2") /
            UDP() / Raw(b"6" * 1300), "IPv6 large")

    c.drop(eth() / ARP(pdst="10.1.2.3"), "non_ip", "ARP request")
    c.drop(Ether(src=IN_SRC, dst=IN_DST, type=0x88cc) / Raw(b"\x02" * 50),
           "non_ip", "LLDP EtherType")
    c.route(eth() / Dot1Q(vlan=5) / IP(src="198.18.0.1", dst="198.19.0.1") /
            UDP(), "VLAN-tagged IPv4: routed on the inner header, the tag kept")


def random_mix(c, n):
    rnd = random.Random(SEED)
    v4_dsts = ["198.19.%d.%d", "10.%d.%d.1", "10.1.%d.%d", "10.1.2.%d",
               "192.0.2.%d", "203.0.113.%d"]
    for i in range(n):
        kind = rnd.random()
        ttl = rnd.choice([64, 64, 64, 128, 255, 2, 1])
        size = rnd.choice([0, 0, 10, 100, 300, 1000])
        payload = bytes(rnd.getrandbits(8) for _ in range(size))
        if kind < 0.6:
            fmt = rnd.choice(v4_dsts)
            k = fmt.count("%d")
            dst = fmt % tuple(rnd.randrange(256) for _ in range(k))
            l4 = UDP(sport=rnd.randrange(49152, 65536), dport=9) \
                if rnd.random() < 0.6 else \
                TCP(sport=rnd.randrange(49152, 65536), dport=9, flags="A",
                    seq=rnd.getrandbits(32))
            c.route(eth() / IP(src="198.18.%d.%d" % (i >> 8, i & 255),
                               dst=dst, ttl=ttl, id=i) / l4 / Raw(payload),
                    "random IPv4 %d" % i)
        elif kind < 0.93:
            dst = rnd.choice(["2001:db8:%x::%x", "2001:db8:0:2::%x:%x",
                              "2001:db8:0:2:ff::%x:%x", "2001:db9::%x:%x"])
            dst = dst % (rnd.randrange(65536), rnd.randrange(65536))
            c.route(eth() / IPv6(src="2001:db8:0:1::%x" % i, dst=dst,
                                 hlim=ttl) /
                    UDP(sport=rnd.randrange(49152, 65536), dport=9) /
                    Raw(payload), "random IPv6 %d" % i)
        else:
            c.drop(Ether(src=IN_SRC, dst=IN_DST, type=0x9000) /
                   Raw(b"\0" * 46), "non_ip", "random loopback frame %d" % i)


def write_pcap(name, frames):
    pkts = [Ether(f) for f in frames]
    for i, p in enumerate(pkts):
        p.time = 1700000000 + i / 1000.0     # fixed: reproducible files
    wrpcap(os.path.join(HERE, name), pkts)


def main():
    c = Corpus()
    hand_picked(c)
    random_mix(c, 400)
    write_pcap("router_in.pcap", c.frames)
    for port in (0, 1):
        write_pcap("router_expected_p%d.pcap" % port, c.out[port])
    doc = {
        "comment": "made by gen_router_pcap.py; routes: config/routes-golden.cfg",
        "routes": "config/routes-golden.cfg",
        "port_mac": [PORT_MAC[0], PORT_MAC[1]],
        "frames": c.expect,
    }
    with open(os.path.join(HERE, "router_expected.json"), "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    n_fwd = sum(1 for e in c.expect if "port" in e)
    print("%d frames, %d forwarded" % (len(c.frames), n_fwd))


if __name__ == "__main__":
    main()
