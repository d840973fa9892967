#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""802.1Q-tagged frames through socrx-router on ports whose PMD reports no
packet types (net_pcap: the router classifies in software, as l3fwd's
--parse-ptype), and on model ports (the PMD's packet types).

The capture into port 0: tagged IPv4 and IPv6 frames routed to either
port (the tag kept as it came, only the MACs rewritten and the TTL / hop
limit one lower), a tagged TTL 1 frame (ttl_expired), a tagged frame
without a route (no_route), QinQ (0x88a8) and a frame cut inside its tag
(non_ip), among untagged frames. Checked: each port's capture frame for
frame, each drop counter, every mbuf back in the pool.

Usage: test_router_vlan.py ROUTER SOURCE_ROOT
Exit: 0 pass, 1 fail.
"""
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testlib import check, read_pcap, result, write_pcap  # noqa: E402
import test_router_bursts as bursts  # noqa: E402
import test_router_golden as golden  # noqa: E402


def tag(frame, tci):
    return frame[:12] + b"\x81\x00" + tci.to_bytes(2, "big") + frame[12:]


def corpus():
    """(frame, fate): fate a port or a drop cause."""
    v4 = bursts.ipv4
    v6 = bursts.ipv6
    return [
        (v4("10.9.1.1"), 0),
        (tag(v4("198.19.0.1"), 0x0005), 1),
        (tag(v4("10.9.1.2"), 0xa00c), 0),
        (tag(v6(bursts.V6_ROUTED), 0x2007), 0),
        (tag(v6(bursts.V6_HLIM1), 0x0ffe), 1),
        (tag(v4("198.19.0.1", ttl=1), 0x0005), "ttl_expired"),
        (tag(v6(bursts.V6_NOROUTE), 0x0005), "no_route"),
        (v4("198.19.0.1")[:12] + b"\x88\xa8\x00\x06" + tag(v4("198.19.0.1"), 5)[12:],
         "non_ip"),
        (v4("198.19.0.1")[:12] + b"\x81\x00\x00", "non_ip"),
        (v6(bursts.V6_HLIM1), 1),
    ]


def run(router, root, tmp, pmd):
    seq = corpus()
    rx0 = os.path.join(tmp, "%s_in.pcap" % pmd)
    empty = os.path.join(tmp, "empty.pcap")
    out = [os.path.join(tmp, "%s_p%d.pcap" % (pmd, p)) for p in (0, 1)]
    js = os.path.join(tmp, "%s.json" % pmd)
    write_pcap(rx0, [f for f, _ in seq])
    write_pcap(empty, [])
    if pmd == "net_pcap":
        vdevs = ["net_pcap0,rx_pcap=%s,tx_pcap=%s" % (rx0, out[0]),
                 "net_pcap1,rx_pcap=%s,tx_pcap=%s" % (empty, out[1])]
    else:
        vdevs = ["net_stmmac_uio0,rx_pcap=%s,tx_pcap=%s,mac=%s" % (rx0, out[0], bursts.PORT_MAC[0]),
                 "net_stmmac_uio1,rx_pcap=%s,tx_pcap=%s,mac=%s" % (empty, out[1], bursts.PORT_MAC[1])]
    p = golden.router_run(router, vdevs, os.path.join(root, "config", "routes-golden.cfg"),
                          js, False)
    if not check(p.returncode == 0, "[%s] router exit status %d" % (pmd, p.returncode),
                 p.stdout):
        return
    with open(js) as f:
        st = json.load(f)
    ports = {q["port"]: q for q in st["ports"]}
    # the MACs the ports have (net_pcap chooses its own)
    for port in (0, 1):
        bursts.PORT_MAC[port] = ports[port]["mac"]
    want = {0: [], 1: []}
    drops = dict.fromkeys(bursts.CAUSES, 0)
    for frame, fate in seq:
        if isinstance(fate, str):
            drops[fate] += 1
        else:
            want[fate].append(bursts.forwarded(frame, fate))
    for port in (0, 1):
        got = read_pcap(out[port])
        check(got == want[port], "[%s] port %d sent the %d expected frames, tags kept (%d sent)"
              % (pmd, port, len(want[port]), len(got)),
              "\n".join("got  %s\nwant %s" % (a.hex(), b.hex())
                        for a, b in zip(got, want[port]) if a != b))
    for c in bursts.CAUSES:
        check(st["drops"][c] == drops[c], "[%s] drops.%s = %d, expected %d"
              % (pmd, c, st["drops"][c], drops[c]))
    check(st["mbufs"]["in_use_after_close"] == 0,
          "[%s] every mbuf back in the pool (%d in use)"
          % (pmd, st["mbufs"]["in_use_after_close"]))


def main():
    router, root = sys.argv[1:3]
    with tempfile.TemporaryDirectory() as tmp:
        for pmd in ("net_pcap", "net_stmmac_uio"):
            run(router, root, tmp, pmd)
    return result()


if __name__ == "__main__":
    sys.exit(main())
