#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Golden forwarding test of socrx-router.

tests/data/router_in.pcap (made by tests/data/gen_router_pcap.py) is
replayed into port 0 of two net_stmmac_uio model ports (rx_pcap=, flow
control on: lossless); each port writes what it sends (tx_pcap=). Then:

  - each port's capture equals, frame for frame and in order, the
    expected capture of that port (router_expected_p<N>.pcap): right
    egress port per route, MACs rewritten, TTL / hop limit decremented;
  - every IPv4 header sent carries a valid checksum, verified here by an
    independent RFC 1071 sum (not lib/csum), and its TTL is one below the
    input's;
  - expired, unroutable, non-IP and bad-checksum frames are absent, and
    the router's JSON counts them by cause;
  - every mbuf went back to the pool.

Run three times: by default (bad L4 checksums forwarded), with
--drop-bad-l4 (those frames dropped and counted), and with --drop-bad-l4
on DPDK's own net_pcap, which gives neither packet types nor checksum
flags (the router parses and checks in software). The router stops by
itself (--exit-when-idle: the capture is exhausted and nothing arrived
for a few statistics periods); --duration only bounds a hang, and no
check depends on timing.

With --mixed, twice more (by default and with --drop-bad-l4) on one port
of each NIC family: port 0 a net_stmmac_uio, port 1 a net_mvneta_uio.

Twice more (by default and with --drop-bad-l4) on two forwarding lcores:
--config (0,0,1),(1,0,2), ports with two queues (model_channels=2,
model_mtl_queues=2: one TX queue per forwarding lcore). The capture is
split so that each lcore feeds the other port: the frames routed to port
0 arrive on port 1 (polled by lcore 2, sent through port 0's TX queue 1),
all others on port 0 (lcore 1, port 1's TX queue 0); each port's output
is still its golden capture, in order. The JSON's per-lcore and per-queue
counters must show that split, on every run their sums must equal the
port and run totals.

Usage: test_router_golden.py ROUTER SOURCE_ROOT [--mixed]
Exit: 0 pass, 1 fail.
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testlib import check, read_pcap, result, write_empty_pcap, write_pcap  # noqa: E402

def rfc1071_ok(hdr):
    """An IPv4 header is intact when its 16-bit words, checksum field
    included, add up to 0xffff in one's complement arithmetic."""
    s = 0
    for i in range(0, len(hdr), 2):
        s += (hdr[i] << 8) | hdr[i + 1]
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    return s == 0xffff


def ipv4_header(frame):
    if len(frame) < 34 or frame[12:14] != b"\x08\x00":
        return None
    ihl = (frame[14] & 0x0f) * 4
    return frame[14:14 + ihl]


def eal_lcores(n):
    """EAL's lcore option for lcores 0..n-1: -l 0,..,n-1 where the host
    has n CPUs, else the same lcores laid over the CPUs it has (lcore i
    on the i-th CPU modulo their count: --lcores 0@0,1@1,2@0 on two)."""
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) >= n:
        return ["-l", ",".join(str(i) for i in range(n))]
    return ["--lcores", ",".join("%d@%d" % (i, cpus[i % len(cpus)])
                                 for i in range(n))]


def router_run(router, vdevs, routes, js, drop_bad_l4, lcores=1):
    """Runs the router on the two ports @vdevs, its JSON to @js, until it
    stops by itself (--exit-when-idle; --duration only bounds a hang),
    with @lcores forwarding lcores (1: both ports on lcore 1; 2: port 0
    on lcore 1, port 1 on lcore 2). Returns the finished process."""
    config = "(0,0,1),(1,0,1)" if lcores == 1 else "(0,0,1),(1,0,2)"
    cmd = [router, "--no-huge", "--no-pci", "-m", "512", "--no-shconf"] + \
        eal_lcores(lcores + 1) + ["--log-level=pmd.net.stmmac*:notice",
           "--log-level=pmd.net.mvneta*:notice",
           "--vdev", vdevs[0], "--vdev", vdevs[1],
           "--", "-p", "0x3", "--config", config,
           "--routes", routes,
           "--stats-period", "0.2", "--exit-when-idle", "3",
           "--duration", "120", "--json", js]
    if drop_bad_l4:
        cmd.append("--drop-bad-l4")
    print("$ " + " ".join(cmd), flush=True)
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, timeout=300)


def split_input(root, tmp, expected):
    """The two-lcore run's captures: the frames routed to port 0 for port
    1 (their destination MAC made port 1's), the others for port 0.
    Returns the two paths and the frames each port receives."""
    frames = read_pcap(os.path.join(root, "tests", "data", "router_in.pcap"))
    mac1 = bytes.fromhex(expected["port_mac"][1].replace(":", ""))
    rx = {0: [], 1: []}
    for f, e in zip(frames, expected["frames"]):
        if e.get("port") == 0:
            rx[1].append(mac1 + f[6:])
        else:
            rx[0].append(f)
    paths = [os.path.join(tmp, "split_in%d.pcap" % p) for p in (0, 1)]
    for p in (0, 1):
        write_pcap(paths[p], rx[p])
    return paths, {p: len(rx[p]) for p in (0, 1)}


def run_router(router, root, tmp, expected, drop_bad_l4, pmd="net_stmmac_uio"):
    tag = ("drop" if drop_bad_l4 else "fwd") + {"net_stmmac_uio": "", "net_pcap": "-pcap",
                                                 "mixed": "-mixed",
                                                 "2lcores": "-2lcores"}[pmd]
    out = [os.path.join(tmp, "%s_p%d.pcap" % (tag, p)) for p in (0, 1)]
    empty = os.path.join(tmp, "empty.pcap")
    write_empty_pcap(empty)
    js = os.path.join(tmp, "%s.json" % tag)
    macs = expected["port_mac"]
    rx0 = os.path.join(root, "tests", "data", "router_in.pcap")
    rx_split = None
    if pmd == "net_stmmac_uio":
        vdevs = ["net_stmmac_uio0,rx_pcap=%s,tx_pcap=%s,mac=%s" % (rx0, out[0], macs[0]),
                 "net_stmmac_uio1,rx_pcap=%s,tx_pcap=%s,mac=%s" % (empty, out[1], macs[1])]
    elif pmd == "2lcores":
        # Two queues a port: one TX queue per forwarding lcore.
        ins, rx_split = split_input(root, tmp, expected)
        vdevs = ["net_stmmac_uio%d,rx_pcap=%s,tx_pcap=%s,mac=%s,"
                 "model_channels=2,model_mtl_queues=2" % (p, ins[p], out[p], macs[p])
                 for p in (0, 1)]
    elif pmd == "mixed":
        # One port of each family: the engine's verdicts from two devices.
        vdevs = ["net_stmmac_uio0,rx_pcap=%s,tx_pcap=%s,mac=%s" % (rx0, out[0], macs[0]),
                 "net_mvneta_uio0,rx_pcap=%s,tx_pcap=%s,mac=%s" % (empty, out[1], macs[1])]
    else:
        # DPDK's net_pcap: no packet types, no checksum flags (software
        # parse and software IPv4 header check), its own MACs.
        vdevs = ["net_pcap0,rx_pcap=%s,tx_pcap=%s" % (rx0, out[0]),
                 "net_pcap1,rx_pcap=%s,tx_pcap=%s" % (empty, out[1])]
    p = router_run(router, vdevs, os.path.join(root, expected["routes"]), js,
                   drop_bad_l4, lcores=2 if rx_split else 1)
    print(p.stdout[-3000:])
    check(p.returncode == 0, "[%s] router exit status %d" % (tag, p.returncode))
    if p.returncode != 0:
        return
    with open(js) as f:
        st = json.load(f)
    check(st["stop_reason"] == "idle",
          "[%s] stopped by the idle rule (%s)" % (tag, st["stop_reason"]))
    keep = verify(tag, st, out, expected, drop_bad_l4, rx_split)
    verify_queues(tag, st, rx_split, keep)
    if pmd == "net_pcap":
        check(st["sw_ptype"] == len(expected["frames"]),
              "[%s] every frame typed in software (%d)" % (tag, st["sw_ptype"]))
        check(st["ip_csum_sw_checked"] > 0,
              "[%s] IPv4 headers checked in software (%d)"
              % (tag, st["ip_csum_sw_checked"]))


def verify(tag, st, out, expected, drop_bad_l4, rx_split=None):
    """The captures and counters against the golden ones. @rx_split: the
    frames each port received (None: all on port 0). Returns the frames
    each port must have sent."""
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data")
    frames_in = read_pcap(os.path.join(root, "router_in.pcap"))
    exp = expected["frames"]
    check(len(frames_in) == len(exp), "[%s] corpus: %d frames, %d expectations"
          % (tag, len(frames_in), len(exp)))

    # What each port must send: the expected captures, minus the bad-L4
    # frames when those are dropped.
    want = {0: read_pcap(os.path.join(root, "router_expected_p0.pcap")),
            1: read_pcap(os.path.join(root, "router_expected_p1.pcap"))}
    inputs = {0: [], 1: []}
    k = {0: 0, 1: 0}
    keep = {0: [], 1: []}
    ports = {p["port"]: p for p in st["ports"]}
    mac = {p: bytes.fromhex(ports[p]["mac"].replace(":", "")) for p in (0, 1)}
    for i, e in enumerate(exp):
        if "port" not in e:
            continue
        port = e["port"]
        if not (drop_bad_l4 and e.get("bad_l4")):
            w = want[port][k[port]]
            # The source MAC is the egress port's, whatever the PMD.
            keep[port].append(w[:6] + mac[port] + w[12:])
            inputs[port].append(frames_in[i])
        k[port] += 1
    for port in (0, 1):
        got = read_pcap(out[port])
        check(len(got) == len(keep[port]), "[%s] port %d sent %d frames, %d expected"
              % (tag, port, len(got), len(keep[port])))
        same = sum(1 for a, b in zip(got, keep[port]) if a == b)
        check(same == len(keep[port]), "[%s] port %d: %d of %d frames byte-identical to the expected ones, in order"
              % (tag, port, same, len(keep[port])))
        for j, (a, b) in enumerate(zip(got, keep[port])):
            if a != b:
                print("  first difference at frame %d:\n   got  %s\n   want %s"
                      % (j, a.hex(), b.hex()))
                break
        bad_csum = ttl_wrong = 0
        for a, src in zip(got, inputs[port]):
            h = ipv4_header(a)
            if h is None:
                continue
            bad_csum += not rfc1071_ok(h)
            ttl_wrong += h[8] != ipv4_header(src)[8] - 1
        check(bad_csum == 0, "[%s] port %d: IPv4 header checksums valid (independent sum): %d bad"
              % (tag, port, bad_csum))
        check(ttl_wrong == 0, "[%s] port %d: TTL one below the input's: %d wrong"
              % (tag, port, ttl_wrong))

    # Counters.
    n_in = len(exp)
    cause = {}
    for e in exp:
        if "drop" in e:
            cause[e["drop"]] = cause.get(e["drop"], 0) + 1
    n_bad_l4 = sum(1 for e in exp if e.get("bad_l4"))
    if drop_bad_l4:
        cause["bad_l4_csum"] = n_bad_l4
    rx_n = rx_split or {0: n_in, 1: 0}
    for port in (0, 1):
        check(ports[port]["rx_packets"] == rx_n[port] and
              ports[port]["router_rx"] == rx_n[port],
              "[%s] port %d received %d/%d frames (ethdev/router), %d sent"
              % (tag, port, ports[port]["rx_packets"], ports[port]["router_rx"],
                 rx_n[port]))
    for c in ("no_route", "ttl_expired", "non_ip", "bad_ip_csum",
              "bad_l4_csum", "bad_ip_hdr", "tx_full"):
        check(st["drops"][c] == cause.get(c, 0), "[%s] drops.%s = %d, expected %d"
              % (tag, c, st["drops"][c], cause.get(c, 0)))
    n_fwd = len(keep[0]) + len(keep[1])
    check(st["forwarded"] == n_fwd, "[%s] forwarded %d, expected %d"
          % (tag, st["forwarded"], n_fwd))
    for port in (0, 1):
        check(ports[port]["router_fwd_out"] == len(keep[port]) and
              ports[port]["tx_packets"] == len(keep[port]),
              "[%s] port %d: routed out %d, TX %d, expected %d"
              % (tag, port, ports[port]["router_fwd_out"],
                 ports[port]["tx_packets"], len(keep[port])))
    if drop_bad_l4:
        check(st["l4_bad_forwarded"] == 0, "[%s] no bad L4 frame forwarded" % tag)
    else:
        # Counted from the PMD's L4 verdict; a PMD without one counts 0.
        check(st["l4_bad_forwarded"] in (0, n_bad_l4),
              "[%s] bad L4 frames forwarded and counted: %d (of %d)"
              % (tag, st["l4_bad_forwarded"], n_bad_l4))
    check(st["mbufs"]["in_use_after_close"] == 0,
          "[%s] every mbuf back in the pool (%d in use)"
          % (tag, st["mbufs"]["in_use_after_close"]))
    return keep


def verify_queues(tag, st, rx_split, keep):
    """The per-lcore and per-queue counters of the JSON: their sums are
    the port and run totals; on two lcores (@rx_split given) each lcore
    received one port's frames and sent them out of the other port
    through its own TX queue."""
    ports = {p["port"]: p for p in st["ports"]}
    lcores = {lc["lcore"]: lc for lc in st["lcores"]}
    for port, p in ports.items():
        for key, qkey, what in (("router_rx", "router_rx", "rx_queues"),
                                ("rx_packets", "rx_packets", "rx_queues"),
                                ("router_fwd_out", "router_fwd_out", "tx_queues"),
                                ("tx_packets", "tx_packets", "tx_queues")):
            s = sum(q[qkey] for q in p[what])
            check(s == p[key], "[%s] port %d: %s summed over %s = %d, the port's %d"
                  % (tag, port, qkey, what, s, p[key]))
    for key, total in (("received", sum(p["router_rx"] for p in ports.values())),
                       ("forwarded", st["forwarded"])):
        s = sum(lc[key] for lc in lcores.values())
        check(s == total, "[%s] %s summed over the lcores = %d, the run's %d"
              % (tag, key, s, total))
    for cause, n in st["drops"].items():
        s = sum(lc["drops"][cause] for lc in lcores.values())
        check(s == n, "[%s] drops.%s summed over the lcores = %d, the run's %d"
              % (tag, cause, s, n))
    for lc in lcores.values():
        s = sum(q["received"] for q in lc["rx_queues"])
        t = sum(q["sent"] for q in lc["tx_queues"])
        check(s == lc["received"] and t == lc["forwarded"],
              "[%s] lcore %d: received %d = its RX queues' %d, forwarded %d = its TX queues' %d"
              % (tag, lc["lcore"], lc["received"], s, lc["forwarded"], t))
    if rx_split is None:
        check(sorted(lcores) == [1], "[%s] one forwarding lcore (%s)" % (tag, sorted(lcores)))
        return
    check(sorted(lcores) == [1, 2], "[%s] forwarding lcores 1 and 2 (%s)"
          % (tag, sorted(lcores)))
    if sorted(lcores) != [1, 2]:
        return
    # lcore 1 polls port 0 and sends through TX queue 0 of each port,
    # lcore 2 polls port 1 and sends through TX queue 1.
    for lcore, rxport, txport, txq in ((1, 0, 1, 0), (2, 1, 0, 1)):
        lc = lcores[lcore]
        check([(q["port"], q["queue"], q["received"]) for q in lc["rx_queues"]] ==
              [(rxport, 0, rx_split[rxport])],
              "[%s] lcore %d received %d frames from port %d queue 0: %s"
              % (tag, lcore, rx_split[rxport], rxport, lc["rx_queues"]))
        sent = {(q["port"], q["queue"]): q["sent"] for q in lc["tx_queues"]}
        check(sent == {(txport, txq): len(keep[txport]), (rxport, txq): 0},
              "[%s] lcore %d sent %d frames through port %d TX queue %d, none back: %s"
              % (tag, lcore, len(keep[txport]), txport, txq, lc["tx_queues"]))
        q = {x["queue"]: x for x in ports[txport]["tx_queues"]}
        check(q.get(txq, {}).get("lcore") == lcore and
              q[txq]["tx_packets"] == len(keep[txport]) and
              q[1 - txq]["tx_packets"] == 0,
              "[%s] port %d: TX queue %d (lcore %d) sent %d frames, queue %d none: %s"
              % (tag, txport, txq, lcore, len(keep[txport]), 1 - txq,
                 ports[txport]["tx_queues"]))


def main():
    if len(sys.argv) not in (3, 4) or (len(sys.argv) == 4 and sys.argv[3] != "--mixed"):
        print(__doc__)
        return 1
    router, root = sys.argv[1], sys.argv[2]
    mixed = len(sys.argv) == 4
    with open(os.path.join(root, "tests", "data", "router_expected.json")) as f:
        expected = json.load(f)
    with tempfile.TemporaryDirectory(prefix="socrx-router-golden-") as tmp:
        run_router(router, root, tmp, expected, drop_bad_l4=False)
        run_router(router, root, tmp, expected, drop_bad_l4=True)
        run_router(router, root, tmp, expected, drop_bad_l4=True,
                   pmd="net_pcap")
        run_router(router, root, tmp, expected, drop_bad_l4=False,
                   pmd="2lcores")
        run_router(router, root, tmp, expected, drop_bad_l4=True,
                   pmd="2lcores")
        if mixed:
            run_router(router, root, tmp, expected, drop_bad_l4=False,
                       pmd="mixed")
            run_router(router, root, tmp, expected, drop_bad_l4=True,
                       pmd="mixed")
    return result()


if __name__ == "__main__":
    sys.exit(main())
