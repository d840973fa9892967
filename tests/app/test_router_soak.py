#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""A soak the CI can afford: socrx-router on one port of each family
(net_stmmac_uio, net_mvneta_uio), both on the emulated non-coherent
interconnect (dma=noncoherent), every fault key of each family's model
on, each generator rate-limited to a fixed count of frames (IMIX, IPv4
one way, IPv6 the other), one mempool: about a minute of traffic.

The checks wait for counts, never for a time: the script reads the
router's ports through DPDK telemetry (/ethdev/stats) and
/proc/<pid>/status (VmRSS) once a second until every generated frame is
accounted for on both ports and every frame received was sent out of
the other, then reads the ports' xstats (/ethdev/xstats), stops the
router (SIGINT) and reads its summary.

- Accounting, on each port: ipackets + ierrors + imissed == the frames
  its generator made (gen_pkts), exactly; a bound (<=) where dwmac4's
  11-bit miss counter saturated between two reads (rx_q0_missed_overflow,
  a loaded host's misses).
- Every frame received is routed out of the other port (opackets).
- Every mbuf back in the pool after close (the router's summary).
- VmRSS flat after warm-up: the last sample at most RSS_SLACK_KIB above
  the first taken once WARMUP of the frames were accounted for (warm-up
  by frames, not by seconds: a slow host changes the run's length only).
- Every model_nc_* counter (clobbers, unclean reads) and every model
  violation counter the ports export at 0.

fault_fd_twice_ppm is left out: a frame it splits reaches the port's
counters as two (the model's rx_offered + rx_fault_fd_twice, readable
only through rte_pmd_stmmac_uio_model_stats(); pmd_faults_desc checks it
exactly), which the port's counters cannot tell from a generated one.

Usage: test_router_soak.py ROUTER SOURCE_ROOT
Exit: 0 pass, 1 fail, 77 skipped (no telemetry socket).
"""
import glob
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testlib import check, result  # noqa: E402

PKTS = 45000          # frames per generator
RATE = 1000           # frames per second per generator: ~45 s
WARMUP = 0.3          # share of the frames before the RSS reference
RSS_SLACK_KIB = 4096  # growth allowed after warm-up
POLL_LIMIT = 600      # samples (about a second each) before giving up
STUCK_LIMIT = 30      # samples with no counter moving and traffic not over

STMMAC_FAULTS = ("fault_err_ppm=2000,fault_csum_lie_ppm=2000,fault_len_ppm=1000,"
                 "fault_cum_back_ppm=1000,fault_ld_no_fd_ppm=500,"
                 "fault_fcs_only_ppm=500,fault_stall_ppm=200,fault_stall_polls=64,"
                 "fault_dup_ppm=500,fault_skip_ppm=500,fault_corrupt_ppm=1000,"
                 "fault_wo_ppm=2000,fault_seed=1")
MVNETA_FAULTS = ("fault_err_ppm=2000,fault_len_ppm=1000,fault_csum_lie_ppm=2000,"
                 "fault_wb_late_ppm=2000,fault_seed=2")
GEN = "gen_rate=%d,gen_pkts=%d,gen_len=imix,dma=noncoherent" % (RATE, PKTS)


def telemetry_socket(prefix, proc):
    """The router's telemetry socket, once it is there (None if the
    router exits first or never makes one)."""
    dirs = ["/var/run/dpdk", os.path.join(os.environ.get("XDG_RUNTIME_DIR", "/nonexistent"), "dpdk"),
            "/tmp/dpdk"]
    for _ in range(POLL_LIMIT):
        for d in dirs:
            p = glob.glob(os.path.join(d, prefix, "dpdk_telemetry.v2*"))
            if p:
                return p[0]
        if proc.poll() is not None:
            return None
        time.sleep(0.5)
    return None


class Telemetry:
    def __init__(self, path):
        self.s = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.s.connect(path)
        self.s.recv(4096)

    def query(self, cmd):
        self.s.send(cmd.encode())
        return json.loads(self.s.recv(1 << 20))[cmd.split(",")[0]]


def vmrss_kib(pid):
    with open("/proc/%d/status" % pid) as f:
        m = re.search(r"^VmRSS:\s+(\d+) kB", f.read(), re.M)
    return int(m.group(1)) if m else None


def sample(tel, xstats=False):
    """Per port: the basic stats and, with @xstats, the model_* xstats
    (read once, at the end: reading every xstat of the ports once a
    second from the telemetry thread slows the models down enough to
    cost frames, imissed)."""
    out = []
    for port in (0, 1):
        st = tel.query("/ethdev/stats,%d" % port)
        xs = tel.query("/ethdev/xstats,%d" % port) if xstats else {}
        out.append((st, {k: v for k, v in xs.items()
                         if k.startswith("model_") or k == "rx_q0_missed_overflow"}))
    return out


def stuck_report(pid, tel):
    """What a stalled router shows: each port's xstats (model_*, rx_q*,
    *missed*) and every thread's stack (gdb when installed, else each
    task's state and kernel wait channel)."""
    print("no counter moved for %d samples and the traffic is not over" % STUCK_LIMIT)
    for port in (0, 1):
        try:
            xs = tel.query("/ethdev/xstats,%d" % port)
        except (OSError, ValueError, KeyError) as e:
            print("port %d: xstats not read (%s)" % (port, e))
            continue
        print("port %d xstats: %s" % (port, " ".join(
            "%s %d" % kv for kv in sorted(xs.items()) if kv[1])))
    try:
        bt = subprocess.run(["gdb", "-p", str(pid), "-batch", "-nx",
                             "-ex", "thread apply all bt"],
                            capture_output=True, text=True, timeout=120).stdout
        print(bt[-12000:])
    except (OSError, subprocess.TimeoutExpired):
        for task in sorted(glob.glob("/proc/%d/task/*" % pid)):
            try:
                with open(task + "/stat") as f:
                    stat = f.read().split()
                with open(task + "/wchan") as f:
                    wchan = f.read()
            except OSError:
                continue
            print("task %s %s state %s wchan %s" % (stat[0], stat[1], stat[2], wchan))


def accounted(st):
    return st["ipackets"] + st["ierrors"] + st["imissed"]


def main():
    router, root = sys.argv[1:3]
    prefix = "socrx_soak_%d" % os.getpid()
    cmd = [router, "--no-huge", "--no-pci", "-m", "512", "--file-prefix", prefix,
           "-l", "0,1",
           "--vdev", "net_stmmac_uio0,%s,%s" % (GEN, STMMAC_FAULTS),
           "--vdev", "net_mvneta_uio1,%s,gen_ipv6=1,%s" % (GEN, MVNETA_FAULTS),
           "--", "--routes", os.path.join(root, "config", "routes.cfg"),
           "--duration", "3600", "--stats-period", "0"]
    print(" ".join(cmd), flush=True)
    log = tempfile.TemporaryFile(mode="w+")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
    try:
        path = telemetry_socket(prefix, proc)
        if path is None:
            proc.kill()
            proc.wait()
            log.seek(0)
            out = log.read()
            if proc.returncode not in (None, 0, -9):
                check(False, "router started", out)
                return result()
            print("SKIP: no telemetry socket for --file-prefix %s" % prefix)
            return 77
        tel = Telemetry(path)
        rss, last, prev, done, still = [], None, None, False, 0
        for _ in range(POLL_LIMIT):
            if proc.poll() is not None:
                break
            prev, last = last, sample(tel)
            a = [accounted(st) for st, _ in last]
            r = vmrss_kib(proc.pid)
            rss.append((min(a), r))
            if len(rss) % 10 == 0:
                print("accounted %d / %d of %d, opackets %d / %d, VmRSS %s KiB" %
                      (a[0], a[1], PKTS, last[0][0]["opackets"],
                       last[1][0]["opackets"], r), flush=True)
            # Over when nothing moved for a second, every frame received
            # was sent, and both models say their source is exhausted and
            # every frame consumed (model_rx_busy 0).
            if (prev is not None and
                    [st for st, _ in prev] == [st for st, _ in last] and
                    last[0][0]["opackets"] == last[1][0]["ipackets"] and
                    last[1][0]["opackets"] == last[0][0]["ipackets"]):
                last = sample(tel, xstats=True)
                if all(xs.get("model_rx_busy", 1) == 0 for _, xs in last):
                    done = True
                    break
            if max(a) > PKTS:
                break
            # A stall (the forwarding lcore or a model no longer moving
            # frames) ends the run with its evidence instead of running
            # into the test's timeout.
            moved = prev is None or [st for st, _ in prev] != [st for st, _ in last]
            still = 0 if moved else still + 1
            if still >= STUCK_LIMIT:
                stuck_report(proc.pid, tel)
                break
            time.sleep(1)
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for d in glob.glob("/var/run/dpdk/" + prefix) + glob.glob("/tmp/dpdk/" + prefix):
            subprocess.run(["rm", "-rf", d], check=False)
    log.seek(0)
    out = log.read()

    check(proc.returncode == 0, "router exit status 0 (got %s)" % proc.returncode, out)
    check(last is not None, "telemetry read", out)
    if last is None:
        return result()
    check(done, "traffic over: both models idle, counters still", out)
    for port, (st, xs) in enumerate(last):
        print("port %d: ipackets %d ierrors %d imissed %d opackets %d %s" %
              (port, st["ipackets"], st["ierrors"], st["imissed"], st["opackets"],
               " ".join("%s %d" % kv for kv in sorted(xs.items()))))
        if xs.get("rx_q0_missed_overflow", 0) == 0:
            check(accounted(st) == PKTS,
                  "port %d: ipackets + ierrors + imissed == %d generated (got %d)" %
                  (port, PKTS, accounted(st)))
        else:
            # dwmac4's miss counter saturated between two reads: imissed
            # is then a lower bound (stmmac_uio.rst, rx_q0_missed_overflow).
            check(accounted(st) <= PKTS,
                  "port %d: miss counter saturated %d times: ipackets + ierrors + "
                  "imissed <= %d generated (got %d)" %
                  (port, xs["rx_q0_missed_overflow"], PKTS, accounted(st)))
        for k in ("model_nc_clobbers", "model_nc_unclean_reads"):
            check(xs.get(k) == 0, "port %d: %s == 0 (got %s)" % (port, k, xs.get(k)))
        for k, v in xs.items():
            if k.startswith("model_viol"):
                check(v == 0, "port %d: %s == 0 (got %d)" % (port, k, v))
    check(last[0][0]["opackets"] == last[1][0]["ipackets"] and
          last[1][0]["opackets"] == last[0][0]["ipackets"],
          "every frame received on one port sent out of the other "
          "(opackets %d / %d, ipackets %d / %d)" %
          (last[0][0]["opackets"], last[1][0]["opackets"],
           last[1][0]["ipackets"], last[0][0]["ipackets"]))
    check(re.search(r"mbufs in use after close: 0 of \d+ \(all returned\)", out) is not None,
          "every mbuf back in the pool after close", out)
    warm = [r for n, r in rss if n >= WARMUP * PKTS and r is not None]
    print("VmRSS (KiB) by frames accounted: %s" %
          ", ".join("%d:%s" % s for s in rss[::max(1, len(rss) // 12)] + rss[-1:]))
    check(len(warm) >= 2, "VmRSS sampled after warm-up (%d samples)" % len(warm))
    if len(warm) >= 2:
        check(warm[-1] - warm[0] <= RSS_SLACK_KIB,
              "VmRSS flat after warm-up: %d -> %d KiB (at most +%d)" %
              (warm[0], warm[-1], RSS_SLACK_KIB))
    return result()


if __name__ == "__main__":
    sys.exit(main())
