#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""socrx-router --exit-when-idle when nothing was deliverable.

Idle means that no source has anything left and no frame arrived for N
statistics periods, whether or not a frame was ever delivered. On two
model ports (rx_pcap=, each port's model_rx_busy gauge saying when its
capture is done), the router must stop by the idle rule:

  - both captures empty: nothing ever arrives;
  - port 0's capture holds one frame above the MTU (1600 bytes, the
    default MTU 1500): the device drops it as an error (rx_errors 1), the
    router receives nothing and sends nothing (port 1's capture empty).

Each run has --duration 60 only to bound a router that never goes idle
(then stop_reason is "duration" and the check fails); no check depends
on timing. With --mvneta, the same on net_mvneta_uio ports.

Usage: test_router_exit.py ROUTER [--mvneta]
Exit: 0 pass, 1 fail.
"""
import json
import os
import socket
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testlib import check, read_pcap, result, write_empty_pcap, write_pcap  # noqa: E402

EAL = ["--no-huge", "--no-pci", "-m", "512", "--no-shconf", "-l", "0,1"]
PORT_MAC = "02:00:00:00:0a:00"
ROUTES = ("route 198.19.0.0/16 port 1\nroute 198.18.0.0/16 port 0\n"
          "neighbor port 0 mac 02:aa:00:00:00:00\n"
          "neighbor port 1 mac 02:aa:00:00:00:01\n")


def ip_csum(hdr):
    s = sum(struct.unpack("!%dH" % (len(hdr) // 2), hdr))
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    return (~s) & 0xffff


def udp_frame(length, dst="198.19.0.1", ident=1):
    """An IPv4/UDP frame of @length bytes (without FCS) to @dst, for port 0."""
    payload = bytes(length - 14 - 20 - 8)
    udp = struct.pack("!HHHH", 4000, 5000, 8 + len(payload), 0) + payload
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(udp), ident & 0xffff, 0,
                     64, 17, 0, socket.inet_aton("198.18.0.9"),
                     socket.inet_aton(dst))
    ip = ip[:10] + struct.pack("!H", ip_csum(ip)) + ip[12:]
    return (bytes.fromhex(PORT_MAC.replace(":", "")) +
            bytes.fromhex("02bb00000001") + b"\x08\x00" + ip + udp)


def run_case(router, tmp, pmd, name, frames):
    rx0 = os.path.join(tmp, "%s-%s-in.pcap" % (pmd, name))
    empty = os.path.join(tmp, "empty.pcap")
    out1 = os.path.join(tmp, "%s-%s-out1.pcap" % (pmd, name))
    js = os.path.join(tmp, "%s-%s.json" % (pmd, name))
    routes = os.path.join(tmp, "r.cfg")
    write_pcap(rx0, frames)
    write_empty_pcap(empty)
    with open(routes, "w") as f:
        f.write(ROUTES)
    cmd = [router] + EAL + [
        "--vdev", "%s0,rx_pcap=%s,mac=%s" % (pmd, rx0, PORT_MAC),
        "--vdev", "%s1,rx_pcap=%s,tx_pcap=%s" % (pmd, empty, out1),
        "--", "--routes", routes, "--stats-period", "0.2",
        "--exit-when-idle", "3", "--duration", "60", "--json", js]
    print("$ " + " ".join(cmd), flush=True)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, timeout=300)
    tag = "[%s, %s]" % (pmd, name)
    if not check(p.returncode == 0, "%s router exit status %d" % (tag, p.returncode),
                 p.stdout):
        return None
    with open(js) as f:
        st = json.load(f)
    check(st["stop_reason"] == "idle",
          "%s stopped by the idle rule (stop_reason %s after %.1f s)"
          % (tag, st["stop_reason"], st["seconds"]), p.stdout)
    check(st["mbufs"]["in_use_after_close"] == 0, "%s every mbuf returned" % tag)
    check(len(read_pcap(out1)) == 0, "%s port 1 sent nothing" % tag)
    return st


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 1
    router = os.path.abspath(sys.argv[1])
    pmds = ["net_stmmac_uio"] + (["net_mvneta_uio"] if "--mvneta" in sys.argv[2:] else [])
    with tempfile.TemporaryDirectory(prefix="socrx-router-exit-") as tmp:
        for pmd in pmds:
            st = run_case(router, tmp, pmd, "empty", [])
            if st is not None:
                ports = {p["port"]: p for p in st["ports"]}
                check(all(ports[k]["rx_packets"] == 0 and ports[k]["rx_errors"] == 0
                          for k in (0, 1)),
                      "[%s, empty] nothing arrived on either port" % pmd)
            st = run_case(router, tmp, pmd, "above-mtu", [udp_frame(1600)])
            if st is not None:
                p0 = {p["port"]: p for p in st["ports"]}[0]
                check(p0["rx_errors"] == 1 and p0["rx_packets"] == 0 and
                      p0["router_rx"] == 0,
                      "[%s, above-mtu] the frame arrived and was dropped by the device "
                      "(rx_errors %d, rx_packets %d, router_rx %d)"
                      % (pmd, p0["rx_errors"], p0["rx_packets"], p0["router_rx"]))
    return result()


if __name__ == "__main__":
    sys.exit(main())
