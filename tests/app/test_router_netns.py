#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""socrx-router with real Linux traffic.

Two network namespaces, A and B, each joined by a veth pair to one router
port in iface= mode (the net_stmmac_uio model sends and receives on the
root-side veth end through AF_PACKET):

    ns A  10.201.1.2/24 fd00:201:1::2/64         ns B  10.201.2.2/24 fd00:201:2::2/64
      |  veth                                        |  veth
    (root ns) <- iface= port 0 -- socrx-router -- port 1 iface= -> (root ns)

The router does not answer ARP or neighbour solicitations, so each
namespace gets a static neighbour entry for its gateway (.1 / ::1) with
the router port's MAC, and the router's route file names the namespaces'
veth MACs (set explicitly here). Offloads are turned off on the veths:
AF_PACKET would otherwise see unsegmented TSO frames and unfinished
checksums.

Checks: IPv4 and IPv6 ping replies, a bounded iperf3 TCP transfer that
completes with non-zero throughput, and the router's JSON counters against
what the namespaces received (everything B received came in on port 0,
everything A received on port 1; every frame the namespaces received was
sent by the router). Namespaces and links are removed on any exit.

Usage: test_router_netns.py ROUTER
Exit: 0 pass, 1 fail, 77 skipped (namespaces or veths cannot be created).
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testlib import check, result  # noqa: E402

TAG = "%d" % (os.getpid() % 100000)
NS = {"a": "srxa" + TAG, "b": "srxb" + TAG}
IF = {"a": "sra" + TAG, "b": "srb" + TAG}          # inside the namespaces
RIF = {"a": "sra%sr" % TAG, "b": "srb%sr" % TAG}   # root side, router ports
NS_MAC = {"a": "02:5a:00:00:01:02", "b": "02:5a:00:00:02:02"}
PORT_MAC = {"a": "02:5a:00:00:01:01", "b": "02:5a:00:00:02:01"}
V4 = {"a": "10.201.1", "b": "10.201.2"}
V6 = {"a": "fd00:201:1", "b": "fd00:201:2"}
EAL = ["--no-huge", "--no-pci", "-m", "512", "--no-shconf", "-l", "0,1",
       "--log-level=pmd.net.stmmac*:notice"]
# Bounded retries while the router comes up: attempts, never a deadline.
PING_ATTEMPTS = 30


def sh(*cmd, ns=None, check_rc=True, quiet=False):
    full = (["ip", "netns", "exec", ns] if ns else []) + list(cmd)
    p = subprocess.run(full, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, timeout=120)
    if not quiet:
        print("$ " + " ".join(full) + ("" if p.returncode == 0 else
                                        "   -> exit %d" % p.returncode))
    if check_rc and p.returncode != 0:
        raise RuntimeError("%s: %s" % (" ".join(full), p.stdout.strip()))
    return p


def skip(reason):
    print("SKIP: " + reason)
    sys.exit(77)


def cleanup():
    for side in ("a", "b"):
        subprocess.run(["ip", "netns", "del", NS[side]], stderr=subprocess.DEVNULL)
        subprocess.run(["ip", "link", "del", RIF[side]], stderr=subprocess.DEVNULL)


def setup():
    if os.geteuid() != 0:
        skip("network namespaces need root")
    for tool in ("ip", "ethtool", "ping", "iperf3"):
        if shutil.which(tool) is None:
            raise RuntimeError("%s not found: run config/install-deps.sh" % tool)
    try:
        sh("ip", "netns", "add", NS["a"])
    except RuntimeError as e:
        skip("cannot create a network namespace: %s" % e)
    sh("ip", "netns", "add", NS["b"])
    for side in ("a", "b"):
        try:
            sh("ip", "link", "add", RIF[side], "type", "veth", "peer", "name", IF[side])
        except RuntimeError as e:
            skip("cannot create a veth pair: %s" % e)
        sh("ip", "link", "set", IF[side], "netns", NS[side])
        # The root end carries only what the router sends: no IPv6 chatter.
        sh("sysctl", "-qw", "net.ipv6.conf.%s.disable_ipv6=1" % RIF[side])
        sh("ip", "link", "set", RIF[side], "up")
        ns, ifn = NS[side], IF[side]
        sh("ip", "link", "set", "lo", "up", ns=ns)
        sh("ip", "link", "set", ifn, "address", NS_MAC[side], ns=ns)
        sh("ip", "link", "set", ifn, "up", ns=ns)
        sh("ip", "addr", "add", V4[side] + ".2/24", "dev", ifn, ns=ns)
        sh("ip", "-6", "addr", "add", V6[side] + "::2/64", "dev", ifn, "nodad", ns=ns)
        sh("ip", "route", "add", "default", "via", V4[side] + ".1", ns=ns)
        sh("ip", "-6", "route", "add", "default", "via", V6[side] + "::1", ns=ns)
        sh("ip", "neigh", "replace", V4[side] + ".1", "lladdr", PORT_MAC[side],
           "dev", ifn, "nud", "permanent", ns=ns)
        sh("ip", "-6", "neigh", "replace", V6[side] + "::1", "lladdr",
           PORT_MAC[side], "dev", ifn, "nud", "permanent", ns=ns)
        for dev, where in ((ifn, ns), (RIF[side], None)):
            sh("ethtool", "-K", dev, "tx", "off", "tso", "off", "gso", "off",
               "gro", "off", ns=where, check_rc=False)


def ns_counter(side, name):
    p = sh("cat", "/sys/class/net/%s/statistics/%s" % (IF[side], name),
           ns=NS[side], quiet=True)
    return int(p.stdout.strip())


def ping(side_from, side_to, v6, count):
    addr = (V6[side_to] + "::2") if v6 else (V4[side_to] + ".2")
    cmd = ["ping", "-6" if v6 else "-4", "-c", str(count), "-i", "0.2",
           "-W", "1", addr]
    return sh(*cmd, ns=NS[side_from], check_rc=False)


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 1
    router_bin = sys.argv[1]
    router = server = None
    tmp = tempfile.mkdtemp(prefix="socrx-router-netns-")
    cleanup()
    try:
        setup()
        routes = os.path.join(tmp, "routes.cfg")
        with open(routes, "w") as f:
            f.write("route %s.0/24 port 0\nroute %s.0/24 port 1\n"
                    "route %s::/64 port 0\nroute %s::/64 port 1\n"
                    "neighbor port 0 mac %s\nneighbor port 1 mac %s\n" % (
                        V4["a"], V4["b"], V6["a"], V6["b"],
                        NS_MAC["a"], NS_MAC["b"]))
        base = {s: (ns_counter(s, "rx_packets"), ns_counter(s, "rx_bytes"))
                for s in ("a", "b")}
        js = os.path.join(tmp, "router.json")
        cmd = [router_bin] + EAL + [
            "--vdev", "net_stmmac_uio0,iface=%s,mac=%s" % (RIF["a"], PORT_MAC["a"]),
            "--vdev", "net_stmmac_uio1,iface=%s,mac=%s" % (RIF["b"], PORT_MAC["b"]),
            "--", "-p", "0x3", "--config", "(0,0,1),(1,0,1)",
            "--routes", routes, "--stats-period", "1", "--duration", "300",
            "--json", js]
        print("$ " + " ".join(cmd), flush=True)
        log = open(os.path.join(tmp, "router.log"), "w+")
        router = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)

        # The router is up when the first ping gets through.
        up = False
        for _ in range(PING_ATTEMPTS):
            if router.poll() is not None:
                break
            if ping("a", "b", False, 1).returncode == 0:
                up = True
                break
        check(up, "first IPv4 ping through the router")
        if up:
            p = ping("a", "b", False, 10)
            check(p.returncode == 0 and " 10 received" in p.stdout,
                  "IPv4 ping A -> B: 10 of 10 replies")
            p = ping("b", "a", False, 5)
            check(p.returncode == 0 and " 5 received" in p.stdout,
                  "IPv4 ping B -> A: 5 of 5 replies")
            p = ping("a", "b", True, 10)
            check(p.returncode == 0 and " 10 received" in p.stdout,
                  "IPv6 ping A -> B: 10 of 10 replies")
            p = ping("b", "a", True, 5)
            check(p.returncode == 0 and " 5 received" in p.stdout,
                  "IPv6 ping B -> A: 5 of 5 replies")

            server = subprocess.Popen(["ip", "netns", "exec", NS["b"], "iperf3",
                                       "-s", "-1", "-B", V4["b"] + ".2"],
                                      stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL)
            res = None
            for _ in range(50):     # until the server listens
                p = sh("iperf3", "-c", V4["b"] + ".2", "-t", "3", "-J",
                       ns=NS["a"], check_rc=False)
                try:
                    res = json.loads(p.stdout)
                except ValueError:
                    res = {"error": p.stdout}
                # iperf3 3.12 exits 0 with "error" set when it cannot connect.
                if p.returncode == 0 and "error" not in res and \
                        "sum_received" in res.get("end", {}):
                    break
                print("     iperf3: %s" % res.get("error", "no result"))
                res = None
                time.sleep(0.2)
            check(res is not None, "iperf3 TCP A -> B completed")
            if res is not None:
                rcv = res["end"]["sum_received"]
                print("     iperf3: %d bytes, %.1f Mbit/s received"
                      % (rcv["bytes"], rcv["bits_per_second"] / 1e6))
                check(rcv["bytes"] > 0 and rcv["bits_per_second"] > 0,
                      "iperf3 transfer with non-zero throughput")
            try:
                server.wait(timeout=30)
                server = None
            except subprocess.TimeoutExpired:
                pass        # killed below

        got = {s: (ns_counter(s, "rx_packets") - base[s][0],
                   ns_counter(s, "rx_bytes") - base[s][1]) for s in ("a", "b")}
        router.send_signal(signal.SIGINT)
        rc = router.wait(timeout=60)
        router = None
        log.seek(0)
        out = log.read()
        print(out[-2500:])
        check(rc == 0, "router exit status %d after SIGINT" % rc)
        with open(js) as f:
            st = json.load(f)
        ports = {p["port"]: p for p in st["ports"]}
        print("     namespaces received: A %d, B %d frames" % (got["a"][0], got["b"][0]))
        check(st["stop_reason"] == "SIGINT", "stopped by SIGINT")
        check(ports[0]["router_rx"] >= got["b"][0] > 0,
              "port 0 received %d >= %d frames B received"
              % (ports[0]["router_rx"], got["b"][0]))
        check(ports[1]["router_rx"] >= got["a"][0] > 0,
              "port 1 received %d >= %d frames A received"
              % (ports[1]["router_rx"], got["a"][0]))
        check(ports[1]["tx_packets"] >= got["b"][0] and
              ports[0]["tx_packets"] >= got["a"][0],
              "router TX %d/%d >= namespace RX %d/%d"
              % (ports[1]["tx_packets"], ports[0]["tx_packets"],
                 got["b"][0], got["a"][0]))
        check(st["forwarded"] >= got["a"][0] + got["b"][0],
              "forwarded %d >= %d" % (st["forwarded"], got["a"][0] + got["b"][0]))
        check(st["mbufs"]["in_use_after_close"] == 0, "every mbuf back in the pool")
    except RuntimeError as e:
        check(False, str(e))
    finally:
        for proc in (server, router):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait()
        cleanup()
        shutil.rmtree(tmp, ignore_errors=True)
    return result()


if __name__ == "__main__":
    sys.exit(main())
