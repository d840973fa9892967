#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Ablation benchmark of the socrx RX path, and DPDK's software PMDs beside it.

The device model runs on CPU 0, testpmd's forwarding lcore on CPU 1
(`--forward-mode=rxonly --record-core-cycles`, one forwarding core, hugepages).
For every step, testpmd reports the busy cycles it spent per received packet
(cycles of the polls that returned packets, divided by the packets): the cost
of the PMD's RX path plus rxonly's own per-packet floor. "PMD Mpps" is what
one forwarding core could sustain at that cost (TSC MHz / cycles per packet);
"offered Mpps" is what the model delivered in the run (the model, not the
PMD, limits it).

Steps, each adding one technique to the previous one:
  old-linux   copy every frame, sync the whole buffer, prefetch 1 line
              before the sync, software checksum (the old Linux stmmac path)
  zerocopy    hand the received buffer up instead of copying it
  precise     sync only the bytes the device wrote
  pf-after    prefetch after the sync
  pf-2lines   prefetch 2 lines
  pf-body     prefetch the whole frame when software checksums it
  copybreak   copy frames <= 256 B into a small mbuf, re-arm the big buffer
  hw-csum     trust the device's checksum verdict (coe=1, csum=auto)
for 64 B, IMIX and 1500 B frames, in dma=coherent with plain device stores
and dma=noncoherent with cache-bypassing device stores (model_nc=0: the
model's DMA stays coherent, so the cost measured is the driver's cache
maintenance, not the emulation's).

Ring rows (kind "ring"): the final configuration (hw-csum) with the packed
coherent ring (dma=coherent) against the non-coherent ring (one descriptor
per cache line, each line cleaned after it is written and
cleaned+invalidated before it is read, TX and buffers maintained too;
dma=noncoherent, model_nc=0), both with cache-bypassing device stores, so
that only the driver's maintenance differs.

Driver rows (kind "driver", --only driver): the PMD's own cost, without
any producer: the model in step mode (model_step=1) fills the whole ring
on the forwarding core itself, then the timed part drains it with
rte_eth_rx_burst() and frees each burst (tests/bench/bench_step.c):
TSC cycles per packet for every step, size and memory state (device writes
left in this core's caches, dma_store=plain; or flushed to DRAM as a DMA
leaves them, dma_store=flush; non-coherent with the driver's maintenance),
beside the same loop over net_null (the floor).

TX rows (--only tx, or with the driver rows): the driver alone as above
(bench_step --tx, 64 B / IMIX / 1500 B, coherent and non-coherent, net_null's
TX the floor), and across two cores: testpmd `--forward-mode=txonly
--record-core-cycles` on CPU 1 into the model's TX sink (the model's thread
on CPU 0; 64 B and 1500 B, coherent and non-coherent with model_nc=0), into
net_null (the floor), and into DPDK's net_memif (a client txonly on CPU 1,
copy and zero-copy, drained by a server testpmd rxonly on CPU 0). `--only
tx` rewrites only the TX section of driver.md (between its markers) and
writes driver-tx.csv.

Then the same measurement of DPDK's net_memif (fed by a second testpmd in
txonly mode, copy and zero-copy) and net_null (the loop floor), against
socrx with hardware verdicts (coe=1 csum=auto) and with every byte checked
in software (csum=sw).

With --family mvneta (and --pmd build-bench/drivers/mvneta_uio/
librte_net_mvneta_uio.so) the same rows for net_mvneta_uio on the neta
model (which ignores wb_batch and dma_store: its write-backs are not
batched).

Usage: ablation.py --pmd build-bench/drivers/stmmac_uio/librte_net_stmmac_uio.so
                   [--family stmmac|mvneta]
                   [--seconds 3] [--reps 3] [--out docs/perf] [--quick]
                   [--no-compare] [--only all|ablation|compare|ring|driver|tx]
                   [--steps STEP,...] [--sizes 64B,IMIX,1500B]
Needs root (hugepages are set up and released by the script). The first
steps (old-linux, zerocopy, precise) use the ablation-only burst variants,
which only a PMD built with `meson -Drx_ablation=true` has: `sh config/run.sh
test` builds that one in build-bench/ (the production PMD of build/ refuses
their devargs).
"""
import argparse
import csv
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "pmd"))
from testpmd_driver import TESTPMD, TestpmdSession, safe_plugin  # noqa: E402

HUGE_DIR = "/dev/hugepages"

STEPS = [
    ("old-linux", "zerocopy=0,sync=full,prefetch_at=before,prefetch=1,prefetch_body=off,copybreak=0,csum=sw,coe=0"),
    ("zerocopy", "zerocopy=1,sync=full,prefetch_at=before,prefetch=1,prefetch_body=off,copybreak=0,csum=sw,coe=0"),
    ("precise", "zerocopy=1,sync=precise,prefetch_at=before,prefetch=1,prefetch_body=off,copybreak=0,csum=sw,coe=0"),
    ("pf-after", "zerocopy=1,sync=precise,prefetch_at=after,prefetch=1,prefetch_body=off,copybreak=0,csum=sw,coe=0"),
    ("pf-2lines", "zerocopy=1,sync=precise,prefetch_at=after,prefetch=2,prefetch_body=off,copybreak=0,csum=sw,coe=0"),
    ("pf-body", "zerocopy=1,sync=precise,prefetch_at=after,prefetch=2,prefetch_body=on,copybreak=0,csum=sw,coe=0"),
    ("copybreak", "zerocopy=1,sync=precise,prefetch_at=after,prefetch=2,prefetch_body=auto,copybreak=256,csum=sw,coe=0"),
    ("hw-csum", "zerocopy=1,sync=precise,prefetch_at=after,prefetch=2,prefetch_body=auto,copybreak=256,csum=auto,coe=1"),
]
SIZES = [("64B", "gen_len=60"), ("IMIX", "gen_len=imix"), ("1500B", "gen_len=1514")]
MEMORY = [("coherent", "dma=coherent,dma_store=plain"),
          ("noncoherent", "dma=noncoherent,model_nc=0,dma_store=nt")]
# The driver alone (step mode): where the device's writes are when the
# burst reads them.
DRIVER_MEMORY = [("coherent, in cache", "dma=coherent,dma_store=plain"),
                 ("coherent, in DRAM", "dma=coherent,dma_store=flush"),
                 ("noncoherent, in DRAM", "dma=noncoherent,model_nc=0,dma_store=flush")]
# TX, the driver alone: the final configuration, and net_null's TX.
DRIVER_TX_MEMORY = [("coherent", "dma=coherent"),
                    ("noncoherent", "dma=noncoherent,model_nc=0"),
                    ("floor", None)]
# Frame bytes of each size's TX rows (IMIX: its mean).
TX_FRAME_LEN = {"64B": 64, "IMIX": 590, "1500B": 1514}
# The descriptor ring alone: the final step, device stores alike.
RINGS = [("packed coherent", "dma=coherent,dma_store=nt"),
         ("padded noncoherent", "dma=noncoherent,model_nc=0,dma_store=nt")]


class Testpmd(TestpmdSession):
    """An interactive dpdk-testpmd logging into a file."""


def parse_stop(out):
    """(cycles per packet, RX packets, TSC MHz) from testpmd's 'stop'."""
    m = re.search(r"CPU cycles/packet=([\d.]+) \((?:busy|total) cycles=(\d+) / total \w+ packets=(\d+)\) "
                  r"at (\d+) MHz", out)
    if not m:
        return None, 0, 0
    return float(m.group(1)), int(m.group(3)), int(m.group(4))


def parse_dropped(out):
    """TX-dropped of testpmd's 'stop' (the accumulated line), 0 if absent."""
    m = re.findall(r"TX-dropped: +(\d+)", out)
    return int(m[-1]) if m else 0


def setup_hugepages(pages):
    os.makedirs(HUGE_DIR, exist_ok=True)
    mounts = open("/proc/mounts").read()
    if " %s hugetlbfs " % HUGE_DIR not in mounts:
        subprocess.run(["mount", "-t", "hugetlbfs", "nodev", HUGE_DIR], check=True)
    with open("/proc/sys/vm/nr_hugepages") as f:
        before = int(f.read())
    with open("/proc/sys/vm/nr_hugepages", "w") as f:
        f.write(str(max(before, pages)))
    return before


def release_hugepages(before):
    # EAL leaves its hugepage files behind (one per 2 MiB page): remove
    # this script's, or the pages stay taken after the run.
    for name in os.listdir(HUGE_DIR):
        if name.startswith(("socrx-abl", "socrx-memif")) and name.find(PREFIX_TAG) > 0:
            try:
                os.unlink(os.path.join(HUGE_DIR, name))
            except OSError:
                pass
    with open("/proc/sys/vm/nr_hugepages", "w") as f:
        f.write(str(before))


def plugin_path(so, tmpdirs):
    path, d = safe_plugin(so)
    if d:
        tmpdirs.append(d)
    return path


# This run's EAL file prefixes end with its process id: two runs on one
# host (or a run beside a test) neither share a runtime directory nor
# remove each other's hugepage files.
PREFIX_TAG = "-%d" % os.getpid()


def eal(prefix, lcores, extra):
    return ["--lcores=" + lcores, "--file-prefix=" + prefix + PREFIX_TAG, "--no-pci", "-m", "1024",
            "--huge-dir=" + HUGE_DIR, "--log-level=*:warning"] + extra


def run_rxonly(so, vdev, seconds, log):
    """Runs testpmd rxonly on one port for @seconds; returns
    (cycles/packet, packets, MHz)."""
    t = Testpmd(eal("socrx-abl", "0@0,1@1", ["-d", so, "--vdev", vdev]),
                RXONLY_ARGS + ["--record-core-cycles"], log)
    t.cmd("start")
    time.sleep(seconds)
    out = t.cmd("stop")
    t.quit()
    return parse_stop(out)


TXONLY_ARGS = ["--forward-mode=txonly", "--nb-cores=1", "--rxd=1024", "--txd=1024",
               "--burst=32", "--total-num-mbufs=16384"]
RXONLY_ARGS = ["--forward-mode=rxonly", "--nb-cores=1", "--no-flush-rx", "--rxd=1024",
               "--txd=1024", "--burst=32", "--total-num-mbufs=16384"]


def memif_pair(zero_copy, size, seconds, log, sock, measure_rx):
    """A net_memif server testpmd (rxonly) fed by a client testpmd (txonly,
    zero-copy if asked), the server listening before the client starts; the
    measured side (--record-core-cycles) has its forwarding lcore on CPU 1,
    the other side both lcores on CPU 0. Returns the measured side's 'stop'."""
    zc = "yes" if zero_copy else "no"
    extra = ["--single-file-segments"] if zero_copy else []
    rec = ["--record-core-cycles"]
    server = Testpmd(eal("socrx-memif-s", "0@0,1@1" if measure_rx else "0@0,1@0",
                         extra + ["--vdev", "net_memif0,role=server,socket=%s,"
                                  "socket-abstract=no,zero-copy=no" % sock]),
                     RXONLY_ARGS + (rec if measure_rx else []), log)
    server.cmd("start")
    client = Testpmd(eal("socrx-memif-c", "0@0,1@0" if measure_rx else "0@0,1@1",
                         extra + ["--vdev", "net_memif0,role=client,socket=%s,"
                                  "socket-abstract=no,zero-copy=%s" % (sock, zc)]),
                     TXONLY_ARGS + ["--txpkts=%d" % size] + ([] if measure_rx else rec), log)
    client.cmd("start")
    time.sleep(seconds)
    first, second = (client, server) if measure_rx else (server, client)
    first.cmd("stop")
    out = second.cmd("stop")
    client.quit()
    server.quit()
    return out


def run_memif(zero_copy, size, seconds, log, tmp):
    """DPDK's net_memif RX: the server (rxonly) measured, fed by a client
    in txonly mode."""
    return parse_stop(memif_pair(zero_copy, size, seconds, log,
                                 os.path.join(tmp, "memif.sock"), True))


def run_txonly(so, vdev, size, seconds, log):
    """testpmd txonly on one port, forwarding lcore on CPU 1 (the model's
    thread, if any, on CPU 0); returns (cycles/packet, packets, MHz,
    packets the PMD refused)."""
    extra = ["-d", so] if so else []
    t = Testpmd(eal("socrx-abl", "0@0,1@1", extra + ["--vdev", vdev]),
                TXONLY_ARGS + ["--record-core-cycles", "--txpkts=%d" % size], log)
    t.cmd("start")
    time.sleep(seconds)
    out = t.cmd("stop")
    t.quit()
    return parse_stop(out) + (parse_dropped(out),)


def run_memif_tx(zero_copy, size, seconds, log, tmp):
    """DPDK's net_memif TX: the client (txonly) measured, drained by a
    server testpmd rxonly on CPU 0 (the consumer)."""
    out = memif_pair(zero_copy, size, seconds, log, os.path.join(tmp, "memif-tx.sock"), False)
    return parse_stop(out) + (parse_dropped(out),)


# Cross-core TX rows: (name, kind of port, memory devargs); sizes 64B, 1500B.
XCORE_TX = [("socrx coherent", "socrx", "dma=coherent"),
            ("socrx noncoherent", "socrx", "dma=noncoherent,model_nc=0"),
            ("net_null", "null", None),
            ("memif copy", "memif", False),
            ("memif zero-copy", "memif", True)]
XCORE_TX_SIZES = ("64B", "1500B")
# Refused share from which a cross-core TX figure is the consumer's pace.
XCORE_LIMITED = 0.10


CLK_TCK = os.sysconf("SC_CLK_TCK")


def cpu_ticks(stat_path):
    """utime + stime of a /proc stat file, in clock ticks (None: gone)."""
    try:
        with open(stat_path) as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(fields[11]) + int(fields[12])    # fields 14 and 15 of stat


def thread_ticks(pid, comm):
    """CPU ticks of @pid's threads named @comm (None: no such thread):
    the model's engine (socrx-model), an lcore (rte-worker-N)."""
    total, found = 0, False
    try:
        tids = os.listdir("/proc/%d/task" % pid)
    except OSError:
        return None
    for tid in tids:
        try:
            with open("/proc/%d/task/%s/comm" % (pid, tid)) as f:
                if f.read().strip() != comm:
                    continue
        except OSError:
            continue
        t = cpu_ticks("/proc/%d/task/%s/stat" % (pid, tid))
        if t is not None:
            total, found = total + t, True
    return total if found else None


def c2c_probe(path):
    """Median core-to-core round trip between CPUs 0 and 1 in TSC cycles
    (tests/bench/bench_c2c), or None when the probe is not built."""
    if not path or not os.path.exists(path):
        return None
    out = subprocess.run([path, "0", "1"], capture_output=True, text=True).stdout
    m = re.search(r"c2c_round_trip_cycles=(\d+)", out)
    return float(m.group(1)) if m else None


def run_driver(bench, so, family, vdev, rounds, tx_size=None, burst=None):
    """The driver alone (tests/bench/bench_step): (median, p10) TSC
    cycles per packet, frames a round and the TSC MHz; None figures when
    the bench fails. With @tx_size: TX of frames of that size; for the
    net_null floor (@family None) @vdev is the frame size. @burst: frames
    asked per rte_eth_rx_burst() (bench_step's default 32)."""
    cmd = [bench, "--lcore", "1", "--rounds", str(rounds)]
    if burst:
        cmd += ["--burst", str(burst)]
    if family is None:
        cmd += ["--null", "--size", str(vdev)]
    else:
        cmd += ["--pmd", so, "--family", family, "--vdev", vdev]
        if tx_size:
            cmd += ["--size", str(tx_size)]
    if tx_size:
        cmd.append("--tx")
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        return None, None, 0, 0
    m = re.search(r"median ([\d.]+) min [\d.]+ p10 ([\d.]+) frames/round ([\d.]+) "
                  r"rounds \d+ tsc_hz (\d+)", out.stdout)
    if not m:
        sys.stderr.write("bench_step failed: %s\n%s" % (" ".join(cmd), out.stderr[-2000:]))
        return None, None, 0, 0
    return float(m.group(1)), float(m.group(2)), float(m.group(3)), int(m.group(4)) // 1000000


def build_root(path):
    """The build tree PATH lies in (the part before /drivers/ or /tests/
    or /app/), or None."""
    for d in ("drivers", "tests", "app"):
        sep = os.sep + d + os.sep
        if sep in path:
            return path.split(sep)[0]
    return None


def input_problem(path, opt, what):
    """Why PATH (given as option OPT: a WHAT of a build tree) cannot be
    used, in one line, or None: its build tree was never built (the
    benchmarks' tree, build-bench/, is made by `sh config/run.sh test`,
    not by `run.sh main`), or no such file, or (for a PMD) not a DPDK PMD
    library. The scripts print it and exit 2 instead of a traceback."""
    if path is None:
        return "%s: no %s given" % (opt, what)
    full = os.path.abspath(path)
    if os.path.isfile(full):
        if what == "PMD":
            with open(full, "rb") as f:
                if b"PMD_INFO_STRING" not in f.read():
                    return "%s %s: not a DPDK PMD library (no PMD_INFO_STRING)" % (opt, path)
        return None
    root = build_root(full)
    if root and not os.path.isdir(root):
        return ("%s %s: the build tree %s/ does not exist: `sh config/run.sh test` "
                "builds build/ and build-bench/ (the benchmark's PMDs, with -Drx_ablation=true); "
                "`run.sh main` builds build/ only" % (opt, path, os.path.relpath(root)))
    if what == "PMD":
        return ("%s %s: no such file (the PMDs: BUILD/drivers/stmmac_uio/librte_net_stmmac_uio.so, "
                "BUILD/drivers/mvneta_uio/librte_net_mvneta_uio.so)" % (opt, path))
    return "%s %s: no such file (the %s)" % (opt, path, what)


def refuse_inputs(script, checks):
    """Exits 2 with the first problem of CHECKS [(path, option, what)]."""
    for path, opt, what in checks:
        why = input_problem(path, opt, what)
        if why:
            sys.stderr.write("%s: %s\n" % (script, why))
            sys.exit(2)


def default_bench(pmd, name):
    """tests/bench/<name> of the build tree the PMD comes from."""
    root = pmd.split(os.sep + "drivers" + os.sep)[0] if (os.sep + "drivers" + os.sep) in pmd else None
    return os.path.join(root, "tests", "bench", name) if root else None


def default_c2c(pmd):
    """bench_c2c of the build tree the PMD comes from."""
    root = pmd.split(os.sep + "drivers" + os.sep)[0] if (os.sep + "drivers" + os.sep) in pmd else None
    return os.path.join(root, "tests", "bench", "bench_c2c") if root else None


def svg_bars(path, title, groups, series, values, unit):
    """A grouped bar chart as SVG (no plotting package needed).
    values[(group, serie)] = number."""
    w, h, left, bottom, top = 980, 420, 70, 60, 40
    vmax = max([v for v in values.values() if v] + [1.0]) * 1.1
    gw = (w - left - 20) / max(1, len(groups))
    bw = gw * 0.8 / max(1, len(series))
    colors = ["#4477aa", "#66ccee", "#228833", "#ccbb44", "#ee6677", "#aa3377", "#bbbbbb", "#000000"]
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="11">' % (w, h),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="%d" y="20" font-size="14">%s</text>' % (left, title),
           '<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>' % (left, h - bottom, w - 10, h - bottom),
           '<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>' % (left, top, left, h - bottom)]
    for i in range(5):
        v = vmax * i / 4
        y = h - bottom - (h - bottom - top) * i / 4
        out.append('<text x="%d" y="%.1f" text-anchor="end">%.0f</text>' % (left - 5, y + 4, v))
    out.append('<text x="15" y="%d" transform="rotate(-90 15 %d)">%s</text>' % (h / 2, h / 2, unit))
    for gi, g in enumerate(groups):
        x0 = left + gi * gw + gw * 0.1
        out.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>' % (x0 + gw * 0.4, h - bottom + 15, g))
        for si, s in enumerate(series):
            v = values.get((g, s))
            if not v:
                continue
            bh = (h - bottom - top) * v / vmax
            out.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>'
                       % (x0 + si * bw, h - bottom - bh, bw - 1, bh, colors[si % len(colors)]))
    for si, s in enumerate(series):
        out.append('<rect x="%d" y="%d" width="10" height="10" fill="%s"/><text x="%d" y="%d">%s</text>'
                   % (left + si * 120, h - 25, colors[si % len(colors)], left + si * 120 + 14, h - 16, s))
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pmd", required=True)
    ap.add_argument("--family", choices=("stmmac", "mvneta"), default="stmmac",
                    help="the PMD's family: net_<family>_uio ports")
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--out", default=None,
                    help="report folder (default docs/perf, docs/perf/mvneta for --family mvneta)")
    ap.add_argument("--quick", action="store_true", help="64 B only, 1 s per step")
    ap.add_argument("--no-compare", action="store_true", help="skip memif/null")
    ap.add_argument("--reps", type=int, default=3, help="rounds over every configuration (median reported)")
    ap.add_argument("--only", choices=("all", "ablation", "compare", "ring", "driver", "tx"),
                    default="all",
                    help="run only the ablation steps, the comparison with memif/null, "
                    "the ring rows, the driver-alone rows (step mode) or the TX rows "
                    "(driver alone and across cores beside memif; rewrites the TX "
                    "section of driver.md)")
    ap.add_argument("--step-bench", help="the driver-alone bench (default: "
                    "tests/bench/bench_step of the PMD's build tree)")
    ap.add_argument("--step-rounds", type=int, default=300,
                    help="ring fills per driver-alone run (default 300)")
    ap.add_argument("--steps", help="comma-separated ablation steps to run (default: all): " +
                    ", ".join(s for s, _ in STEPS))
    ap.add_argument("--sizes", help="comma-separated frame sizes (default: all): " +
                    ", ".join(s for s, _ in SIZES))
    ap.add_argument("--c2c", help="core-to-core probe recorded around each comparison block "
                    "(default: tests/bench/bench_c2c of the PMD's build tree)")
    a = ap.parse_args()
    refuse_inputs("ablation.py", [(a.pmd, "--pmd", "PMD")])
    if a.c2c is None:
        a.c2c = default_c2c(os.path.abspath(a.pmd))
    if a.step_bench is None:
        a.step_bench = default_bench(os.path.abspath(a.pmd), "bench_step")
    if a.only in ("all", "driver", "tx"):
        refuse_inputs("ablation.py", [(a.step_bench, "--step-bench",
                                       "driver-alone bench (bench_step)")])
    if os.geteuid() != 0:
        print("ablation.py needs root (hugepages)")
        return 77
    if not os.path.exists(TESTPMD):
        print("dpdk-testpmd not installed")
        return 77
    sizes = SIZES[:1] if a.quick else SIZES
    steps = STEPS
    if a.sizes:
        want = a.sizes.split(",")
        bad = [x for x in want if x not in dict(SIZES)]
        if bad:
            ap.error("unknown size(s): %s" % ", ".join(bad))
        sizes = [s for s in SIZES if s[0] in want]
    if a.steps:
        want = a.steps.split(",")
        bad = [x for x in want if x not in dict(STEPS)]
        if bad:
            ap.error("unknown step(s): %s" % ", ".join(bad))
        steps = [s for s in STEPS if s[0] in want]
    ablation_steps = [s for s, args in steps
                      if "prefetch_at=before" in args or "zerocopy=0" in args]
    if a.only in ("all", "ablation") and ablation_steps:
        with open(a.pmd, "rb") as f:
            if ("%s_recv_pkts_abl_" % a.family).encode() not in f.read():
                print("ablation.py: steps %s need the ablation-only RX variants: give the PMD "
                      "of a build configured with -Drx_ablation=true (sh config/run.sh test "
                      "builds build-bench/drivers/%s_uio/librte_net_%s_uio.so)"
                      % (", ".join(ablation_steps), a.family, a.family))
                return 2
    secs = 1.0 if a.quick else a.seconds
    if a.out is None:
        a.out = "docs/perf" if a.family == "stmmac" else "docs/perf/" + a.family
    os.makedirs(a.out, exist_ok=True)
    tmpdirs = []
    tmp = tempfile.mkdtemp(prefix="socrx-abl-", dir="/var/cache/socrx")
    before = setup_hugepages(1024)
    log = open(os.path.join(tmp, "testpmd.log"), "w")
    rows = []
    try:
        so = plugin_path(a.pmd, tmpdirs)
        # Every configuration once per round, rounds repeated: a drift of
        # the host (another tenant, frequency) spreads over all of them
        # instead of biasing one; the report takes the median per config.
        for rep in range(a.reps):
            for size, sizeargs in (sizes if a.only in ("all", "ring") else []):
                for ring, ringargs in RINGS:
                    vdev = "net_%s_uio0,model_cpu=0,wb_batch=32,%s,%s,%s" % (
                        a.family, ringargs, sizeargs, STEPS[-1][1])
                    cpp, pkts, mhz = run_rxonly(so, vdev, secs, log)
                    rows.append(dict(kind="ring", memory=ring, size=size, step=ring, cpp=cpp,
                                     pkts=pkts, mhz=mhz, secs=secs, rep=rep))
                    print("rep %d ring %-5s %-20s %8s cycles/pkt  %6.2f Mpps offered" %
                          (rep, size, ring, "%.1f" % cpp if cpp else "-", pkts / secs / 1e6),
                          flush=True)
            for mem, memargs in (MEMORY if a.only in ("all", "ablation") else []):
                for size, sizeargs in sizes:
                    for step, stepargs in steps:
                        vdev = "net_%s_uio0,model_cpu=0,wb_batch=32,%s,%s,%s" % (
                            a.family, memargs, sizeargs, stepargs)
                        cpp, pkts, mhz = run_rxonly(so, vdev, secs, log)
                        rows.append(dict(kind="ablation", memory=mem, size=size, step=step, cpp=cpp,
                                         pkts=pkts, mhz=mhz, secs=secs, rep=rep))
                        print("rep %d %-11s %-5s %-10s %8s cycles/pkt  %6.2f Mpps offered" %
                              (rep, mem, size, step, "%.1f" % cpp if cpp else "-", pkts / secs / 1e6),
                              flush=True)
            for mem, memargs in (DRIVER_MEMORY if a.only in ("all", "driver") else []):
                for size, sizeargs in sizes:
                    for step, stepargs in steps:
                        vdev = "net_%s_uio0,model_step=1,flow_ctrl=1,%s,%s,%s" % (
                            a.family, memargs, sizeargs, stepargs)
                        cpp, p10, frames, mhz = run_driver(a.step_bench, so, a.family, vdev,
                                                           a.step_rounds)
                        rows.append(dict(kind="driver", memory=mem, size=size, step=step, cpp=cpp,
                                         pkts=0, mhz=mhz, secs=1, rep=rep, burst=frames))
                        print("rep %d driver %-20s %-5s %-10s %8s cycles/pkt (p10 %s)" %
                              (rep, mem, size, step, "%.1f" % cpp if cpp else "-",
                               "%.1f" % p10 if p10 else "-"), flush=True)
            for size, _ in (sizes if a.only in ("all", "driver") else []):
                flen = TX_FRAME_LEN[size]
                cpp, p10, frames, mhz = run_driver(a.step_bench, so, None, str(flen), a.step_rounds)
                rows.append(dict(kind="driver", memory="floor", size=size, step="net_null",
                                 cpp=cpp, pkts=0, mhz=mhz, secs=1, rep=rep, burst=frames))
                print("rep %d driver %-20s %-5s %-10s %8s cycles/pkt" %
                      (rep, "floor", size, "net_null", "%.1f" % cpp if cpp else "-"), flush=True)
            for size, _ in (sizes if a.only in ("all", "driver", "tx") else []):
                flen = TX_FRAME_LEN[size]
                # TX of the same frames (IMIX: its mean, 590 B), the final
                # configuration, coherent and non-coherent, and the floor.
                for mem, memargs in DRIVER_TX_MEMORY:
                    vdev = "net_%s_uio0,model_step=1,flow_ctrl=1,%s,%s" % (
                        a.family, memargs, STEPS[-1][1])
                    if mem == "floor":
                        cpp, p10, frames, mhz = run_driver(a.step_bench, so, None, str(flen),
                                                           a.step_rounds, tx_size=flen)
                    else:
                        cpp, p10, frames, mhz = run_driver(a.step_bench, so, a.family, vdev,
                                                           a.step_rounds, tx_size=flen)
                    rows.append(dict(kind="driver-tx", memory=mem, size=size, step="tx",
                                     cpp=cpp, pkts=0, mhz=mhz, secs=1, rep=rep, burst=frames))
                    print("rep %d driver TX %-17s %-5s %8s cycles/pkt" %
                          (rep, mem, size, "%.1f" % cpp if cpp else "-"), flush=True)
            for size, _ in (sizes if a.only in ("all", "tx") else []):
                if size not in XCORE_TX_SIZES:
                    continue
                flen = TX_FRAME_LEN[size]
                for name, port, arg in XCORE_TX:
                    if port == "socrx":
                        vdev = "net_%s_uio0,model_cpu=0,gen_pkts=1,%s,%s" % (
                            a.family, arg, STEPS[-1][1])
                        cpp, pkts, mhz, drop = run_txonly(so, vdev, flen, secs, log)
                    elif port == "null":
                        cpp, pkts, mhz, drop = run_txonly(None, "net_null0,size=%d,copy=0" % flen,
                                                          flen, secs, log)
                    else:
                        cpp, pkts, mhz, drop = run_memif_tx(arg, flen, secs, log, tmp)
                    rows.append(dict(kind="tx-xcore", memory=name, size=size, step=name, cpp=cpp,
                                     pkts=pkts, mhz=mhz, secs=secs, rep=rep, dropped=drop,
                                     load=os.getloadavg()[0]))
                    print("rep %d TX cross-core %-5s %-18s %8s cycles/pkt  %6.2f Mpps sent  "
                          "%.0f%% refused  load %.2f" %
                          (rep, size, name, "%.1f" % cpp if cpp else "-", pkts / secs / 1e6,
                           100.0 * drop / max(1, pkts + drop), os.getloadavg()[0]), flush=True)
            if a.no_compare or a.only in ("ablation", "ring", "driver", "tx"):
                continue
            for size, sizeargs in sizes:
                flen = TX_FRAME_LEN[size]
                rows.append(dict(kind="probe", memory="coherent", size=size, step="c2c before",
                                 cpp=c2c_probe(a.c2c), pkts=0, mhz=0, secs=secs, rep=rep))
                for name, vdev in (
                        ("socrx hw verdicts", "net_%s_uio0,model_cpu=0,wb_batch=32,dma=coherent,%s,coe=1,csum=auto" % (a.family, sizeargs)),
                        ("socrx sw verdicts", "net_%s_uio0,model_cpu=0,wb_batch=32,dma=coherent,%s,coe=0,csum=sw" % (a.family, sizeargs)),
                        ("net_null", "net_null0,size=%d,copy=0" % flen)):
                    cpp, pkts, mhz = run_rxonly(so, vdev, secs, log)
                    rows.append(dict(kind="compare", memory="coherent", size=size, step=name, cpp=cpp,
                                     pkts=pkts, mhz=mhz, secs=secs, rep=rep))
                    print("rep %d compare %-5s %-20s %8s cycles/pkt  %6.2f Mpps offered" %
                          (rep, size, name, "%.1f" % cpp if cpp else "-", pkts / secs / 1e6), flush=True)
                for zc in ((False, True) if size != "IMIX" else ()):
                    name = "memif zero-copy" if zc else "memif copy"
                    cpp, pkts, mhz = run_memif(zc, flen, secs, log, tmp)
                    rows.append(dict(kind="compare", memory="coherent", size=size, step=name, cpp=cpp,
                                     pkts=pkts, mhz=mhz, secs=secs, rep=rep))
                    print("rep %d compare %-5s %-20s %8s cycles/pkt  %6.2f Mpps offered" %
                          (rep, size, name, "%.1f" % cpp if cpp else "-", pkts / secs / 1e6), flush=True)
                rows.append(dict(kind="probe", memory="coherent", size=size, step="c2c after",
                                 cpp=c2c_probe(a.c2c), pkts=0, mhz=0, secs=secs, rep=rep))
                pr = [x["cpp"] for x in rows if x["kind"] == "probe" and x["rep"] == rep and x["size"] == size]
                print("rep %d compare %-5s core-to-core round trip %s cycles (before, after)" %
                      (rep, size, " / ".join("%.0f" % v if v else "-" for v in pr)), flush=True)
    finally:
        log.close()
        if a.only not in ("driver", "tx"):
            shutil.copy2(os.path.join(tmp, "testpmd.log"), os.path.join(a.out, "ablation-testpmd.log"))
        shutil.rmtree(tmp, ignore_errors=True)
        for d in tmpdirs:
            shutil.rmtree(d, ignore_errors=True)
        release_hugepages(before)
    if a.only == "tx":
        write_tx_report(a, rows, sizes)
    else:
        write_report(a, rows, sizes)
    return 0


def spread_cells(rows, sizes, **key):
    """Per size: "median [min-max]" of the rows matching @key, or "-"."""
    cells = []
    for s, _ in sizes:
        g = agg(rows, size=s, **key)
        cells.append("%.1f [%.1f-%.1f]" % (g[0], g[1], g[2]) if g else "-")
    return cells


def driver_report(rows, sizes):
    """The driver-alone section: one table per memory state."""
    drv = [r for r in rows if r["kind"] == "driver"]
    if not drv:
        return []
    md = ["## The driver alone (step mode, one core)", "",
          "tests/bench/bench_step: the model in step mode fills the ring "
          "(%.0f frames a round, median) on the forwarding core, then "
          "rte_eth_rx_burst() drains it, each burst freed; TSC cycles per packet, "
          "the median over the run's rounds, then the median [min-max] over the "
          "runs. No producer on another core: the figure is the driver's own "
          "(with rxonly's free), the one a board cares about. \"in cache\": the "
          "device's writes left in this core's caches (plain stores); \"in DRAM\": "
          "every line it wrote flushed first, as a DMA to memory leaves it. "
          "net_null: the same loop over a PMD that only allocates (the floor)."
          " Runs of one configuration may fall into two groups (on the AMD EPYC "
          "host even net_null's floor: 11 or 18.5 cycles, whole runs apart): a state "
          "of the process, not of the driver; the [min-max] shows it, and the A/B "
          "of two builds (tests/bench/ab_driver.py) alternates them to cancel it."
          % (median([r["burst"] for r in drv if r.get("burst")]) or 0), ""]
    for mem, _ in DRIVER_MEMORY:
        if not any(r["memory"] == mem for r in drv):
            continue
        md += ["### %s" % mem, "",
               "| step | " + " | ".join("%s cycles/pkt [min-max]" % s for s, _ in sizes) + " |",
               "|---|" + "---|" * len(sizes)]
        for step, _ in STEPS:
            cells = spread_cells(drv, sizes, memory=mem, step=step)
            if any(c != "-" for c in cells):
                md.append("| %s | %s |" % (step, " | ".join(cells)))
        md.append("| net_null (floor) | %s |" % " | ".join(
            spread_cells(drv, sizes, memory="floor")))
        md.append("")
    return md


TX_BEGIN = "<!-- TX section: tests/bench/ablation.py --only tx rewrites it -->"
TX_END = "<!-- end of the TX section -->"


def tx_report(rows, sizes, header=()):
    """The TX section, between its markers: the driver alone (bench_step
    --tx) and across two cores beside net_memif (testpmd txonly)."""
    tx = [r for r in rows if r["kind"] == "driver-tx"]
    xc = [r for r in rows if r["kind"] == "tx-xcore"]
    if not tx and not xc:
        return []
    md = [TX_BEGIN, "## TX", ""] + list(header)
    if tx:
        md += ["### The driver alone", "",
               "tests/bench/bench_step --tx: each round the model sends the previous "
               "round's frames (a step, untimed); then frames of the size (IMIX: 590 B, "
               "its mean) are allocated in bursts of 32, given an Ethernet/IPv4/UDP "
               "header from a template (as testpmd's txonly) and handed to "
               "rte_eth_tx_burst() until the ring takes no more; the burst reclaims "
               "the sent descriptors and frees their mbufs on the way. The final "
               "configuration (noncoherent: model_nc=0, the model's DMA coherent, so "
               "the cost is the driver's cache maintenance); net_null's TX (frees "
               "only) is the floor. TSC cycles per packet, median [min-max] of the runs.",
               "",
               "| TX | " + " | ".join("%s cycles/pkt [min-max]" % s for s, _ in sizes) + " |",
               "|---|" + "---|" * len(sizes)]
        for mem, _ in DRIVER_TX_MEMORY:
            md.append("| %s | %s |" % ("net_null (floor)" if mem == "floor" else mem,
                                       " | ".join(spread_cells(tx, sizes, memory=mem))))
        md.append("")
    xsizes = [(s, a) for s, a in sizes if s in XCORE_TX_SIZES]
    if xc and xsizes:
        loads = [r["load"] for r in xc if r.get("load") is not None]
        md += ["### Across two cores, beside net_memif", "",
               "dpdk-testpmd `--forward-mode=txonly --record-core-cycles --burst=32 "
               "--txd=1024`, its forwarding lcore on CPU 1: the cycles of its bursts "
               "(allocate, build the frame, rte_eth_tx_burst(), free what the PMD "
               "refused) over the packets sent, per run; median [min-max] of the runs. "
               "socrx: the model's thread on CPU 0 sends into its counting sink "
               "(reading the descriptors and the frames across the cores); net_memif: "
               "a client on CPU 1 (copy: frames copied into the shared ring's buffers; "
               "zero-copy: the mbufs handed over) drained by a server testpmd rxonly on "
               "CPU 0; net_null: the floor (txonly's own work and a free). \"refused\": "
               "the share of packets the PMD did not take (ring full: the consumer "
               "slower than the producer); their burst's cycles are counted, so from "
               "%.0f%% refused on (\"pace of the consumer\") the figure is how fast the "
               "consumer drained the ring, not what the PMD costs: only the driver-alone "
               "rows above measure that. " % (100 * XCORE_LIMITED) +
               "Load average (1 min) over the runs: %s." % (
                   "%.2f-%.2f" % (min(loads), max(loads)) if loads else "-"), "",
               "| TX port | " + " | ".join("%s cycles/pkt [min-max] | Mpps sent | refused | pace of" % s
                                          for s, _ in xsizes) + " |",
               "|---|" + "---|---|---|---|" * len(xsizes)]
        for name, _, _ in XCORE_TX:
            cells = []
            for sz, _ in xsizes:
                g = agg(xc, step=name, size=sz)
                sel = [r for r in xc if r["step"] == name and r["size"] == sz]
                sent = sum(r["pkts"] for r in sel)
                ref = sum(r.get("dropped", 0) for r in sel)
                share = ref / max(1, sent + ref)
                cells.append("%.1f [%.1f-%.1f] | %.2f | %.0f%% | %s" % (
                    g[0], g[1], g[2], g[3], 100.0 * share,
                    "the consumer" if share >= XCORE_LIMITED else "the PMD")
                    if g else "- | - | - | -")
            md.append("| %s | %s |" % (name, " | ".join(cells)))
        md.append("")
    return md + [TX_END, ""]


def splice_tx(text, section):
    """@text (a report) with its TX section replaced by @section: between
    the markers, else the old "### TX" subsection up to the next "## "
    heading, else before "## Targets", else at the end."""
    lines = text.split("\n")
    if TX_BEGIN in lines and TX_END in lines:
        b, e = lines.index(TX_BEGIN), lines.index(TX_END) + 1
        if e < len(lines) and lines[e] == "":
            e += 1
    elif "### TX" in lines:
        b = lines.index("### TX")
        e = next((i for i in range(b + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    else:
        b = e = next((i for i, x in enumerate(lines) if x.startswith("## Targets")), len(lines))
    return "\n".join(lines[:b] + section + lines[e:])


def keep_tx_section(path, text):
    """@text (a new --only driver report) with the TX section of the
    report at @path, where it has one: that section is --only tx's (the
    driver alone and across two cores beside net_memif), which a driver
    run, measuring the driver-alone TX rows only, must not replace."""
    if not os.path.exists(path):
        return text
    old = open(path).read().split("\n")
    if TX_BEGIN not in old or TX_END not in old:
        return text
    section = old[old.index(TX_BEGIN):old.index(TX_END) + 1] + [""]
    return splice_tx(text, section).rstrip("\n") + "\n"


def write_tx_report(a, rows, sizes):
    """--only tx: the TX section of driver.md rewritten in place (the RX
    sections stay as measured), the rows in driver-tx.csv."""
    cmd = "/usr/bin/python3 tests/bench/ablation.py --pmd %s --family %s --only tx --seconds %g " \
          "--reps %d --step-rounds %d%s" % (a.pmd, a.family, a.seconds, a.reps, a.step_rounds,
                                           " --sizes " + a.sizes if a.sizes else "")
    header = ["Measured %s by `%s` (as root), apart from the RX sections above." % (
                  time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), cmd), "",
              "Host: %s" % host_line(), ""]
    section = tx_report(rows, sizes, header)
    path = os.path.join(a.out, "driver.md")
    text = open(path).read() if os.path.exists(path) else "# RX path ablation (generated by tests/bench/ablation.py)\n"
    with open(path, "w") as f:
        f.write(splice_tx(text, section).rstrip("\n") + "\n")
    with open(os.path.join(a.out, "driver-tx.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["kind", "memory", "size", "rep", "cycles_per_packet", "packets", "refused",
                    "seconds", "tsc_mhz", "load"])
        for r in rows:
            w.writerow([r["kind"], r["memory"], r["size"], r["rep"],
                        "%.2f" % r["cpp"] if r["cpp"] else "", r["pkts"], r.get("dropped", 0),
                        "%.1f" % r["secs"], r["mhz"],
                        "%.2f" % r["load"] if r.get("load") is not None else ""])
    print("\n".join(section))
    print("wrote %s (TX section)" % path)


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    if n == 0:
        return None
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def agg(rows, **key):
    """(median cycles/packet, min, max, median offered Mpps, reps) of the
    rows matching @key, or None."""
    sel = [r for r in rows if all(r[k] == v for k, v in key.items()) and r["cpp"]]
    if not sel:
        return None
    c = [r["cpp"] for r in sel]
    return (median(c), min(c), max(c), median([r["pkts"] / r["secs"] / 1e6 for r in sel]), len(sel))


def host_line():
    """CPU model, CPUs and the load average when the report is written."""
    model = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    flags = ""
    try:
        with open("/proc/cpuinfo") as f:
            txt = f.read()
        flags = "AVX-512" if " avx512f" in txt else ("AVX2" if " avx2" in txt else "no AVX2")
    except OSError:
        pass
    return "%s (%s), %d CPUs, load average %.2f %.2f %.2f" % (
        (model, flags, os.cpu_count()) + os.getloadavg())


def write_report(a, rows, sizes):
    # --only driver writes driver.md/.csv beside a full run's ablation.md.
    base = "driver" if a.only == "driver" else "ablation"
    cmd = "/usr/bin/python3 tests/bench/ablation.py --pmd %s --seconds %g --reps %d%s%s" % (
        a.pmd, a.seconds, a.reps, " --quick" if a.quick else "",
        " --only " + a.only if a.only != "all" else "")
    cmd += "".join(" --%s %s" % (k, getattr(a, k)) for k in ("steps", "sizes") if getattr(a, k))
    if a.only == "driver":
        cmd += " --step-rounds %d" % a.step_rounds
    md = ["# RX path ablation (generated by tests/bench/ablation.py)", "",
          "Command (as root): `%s`" % cmd, "", "Host: %s" % host_line(), ""]
    if a.only != "driver":
        md += [
          "Busy cycles per received packet on testpmd's forwarding core "
          "(`--forward-mode=rxonly --record-core-cycles`), model on CPU 0, "
          "forwarding lcore on CPU 1, hugepages. Each cell: the median of %d runs "
          "(every configuration once per round), [min-max] of the runs, and "
          "PMD Mpps = TSC MHz / median cycles: what one core could sustain at "
          "that cost. \"offered\" is what the model delivered per second (the "
          "model, not the PMD, limits it; a PMD faster than the model sees "
          "smaller bursts, whose fixed costs then weigh more per packet)." % a.reps, ""]
    with open(os.path.join(a.out, base + ".csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")  # quotes "coherent, in cache"
        w.writerow(["kind", "memory", "size", "step", "rep", "cycles_per_packet",
                    "packets", "seconds", "tsc_mhz"])
        for r in rows:
            w.writerow([r["kind"], r["memory"], r["size"], r["step"], r["rep"],
                        "%.2f" % r["cpp"] if r["cpp"] else "", r["pkts"],
                        "%.1f" % r["secs"], r["mhz"]])
    mhz = median([r["mhz"] for r in rows if r["mhz"]]) or 1
    for mem, _ in (MEMORY if any(r["kind"] == "ablation" for r in rows) else []):
        md += ["## dma=%s" % mem, "",
               "| step | " + " | ".join("%s cycles/pkt (vs old) [min-max] | PMD Mpps | offered Mpps" % s
                                      for s, _ in sizes) + " |",
               "|---|" + "---|---|---|" * len(sizes)]
        for step, _ in STEPS:
            cells = []
            for s, _ in sizes:
                g = agg(rows, kind="ablation", memory=mem, size=s, step=step)
                base = agg(rows, kind="ablation", memory=mem, size=s, step=STEPS[0][0])
                if g:
                    cells.append("%.1f (%+.0f%%) [%.0f-%.0f] | %.2f | %.2f" % (
                        g[0], (g[0] / base[0] - 1) * 100 if base else 0, g[1], g[2], mhz / g[0], g[3]))
                else:
                    cells.append("- | - | -")
            md.append("| %s | %s |" % (step, " | ".join(cells)))
        md.append("")
        vals = {}
        for step, _ in STEPS:
            for s, _ in sizes:
                g = agg(rows, kind="ablation", memory=mem, size=s, step=step)
                if g:
                    vals[(step, s)] = g[0]
        svg_bars(os.path.join(a.out, "ablation-%s.svg" % mem),
                 "socrx RX ablation, dma=%s: busy cycles per packet (median)" % mem,
                 [s for s, _ in STEPS], [s for s, _ in sizes], vals, "cycles/packet")
        md += ["![ablation %s](ablation-%s.svg)" % (mem, mem), ""]
    md += driver_report(rows, sizes)
    md += tx_report(rows, sizes)
    ring = [r for r in rows if r["kind"] == "ring"]
    if ring:
        md += ["## Descriptor ring: packed coherent vs one descriptor per line (non-coherent)", "",
               "The final configuration (hw-csum), device stores cache-bypassing in both, "
               "model_nc=0 (the model's DMA coherent): the difference is the driver's "
               "maintenance of a non-coherent device: descriptors padded to a line, cleaned "
               "after writing and cleaned+invalidated before reading, received bytes "
               "cleaned+invalidated, fresh buffers synced for the device.", "",
               "| ring | " + " | ".join("%s cycles/pkt [min-max] | offered Mpps" % s for s, _ in sizes) + " |",
               "|---|" + "---|---|" * len(sizes)]
        for rname, _ in RINGS:
            cells = []
            for s, _ in sizes:
                g = agg(ring, step=rname, size=s)
                cells.append("%.1f [%.0f-%.0f] | %.2f" % (g[0], g[1], g[2], g[3]) if g else "- | -")
            md.append("| %s | %s |" % (rname, " | ".join(cells)))
        cells = []
        for s, _ in sizes:
            pr = paired(ring, s, RINGS[1][0], RINGS[0][0])
            cells.append("%.2f (%s) | " % (pr[0], " ".join("%.2f" % v for v in pr[1])) if pr else "- | ")
        md += ["| ratio per round (padded / packed) | %s" % " ".join(cells), ""]
    comp = [r for r in rows if r["kind"] == "compare"]
    probes = [r for r in rows if r["kind"] == "probe"]
    if comp:
        names = []
        for r in comp:
            if r["step"] not in names:
                names.append(r["step"])
        md += ["## Beside DPDK's software PMDs (dma=coherent)", "",
               "| PMD | " + " | ".join("%s cycles/pkt [min-max] | offered Mpps" % s for s, _ in sizes) + " |",
               "|---|" + "---|---|" * len(sizes)]
        vals = {}
        for n in names:
            cells = []
            for s, _ in sizes:
                g = agg(comp, step=n, size=s)
                if g:
                    vals[(s, n)] = g[0]
                    cells.append("%.1f [%.0f-%.0f] | %.2f" % (g[0], g[1], g[2], g[3]))
                else:
                    cells.append("- | -")
            md.append("| %s | %s |" % (n, " | ".join(cells)))
        md.append("")
        svg_bars(os.path.join(a.out, "compare.svg"), "busy cycles per packet, rxonly (median)",
                 [s for s, _ in sizes], names, vals, "cycles/packet")
        md += ["![compare](compare.svg)", ""]
        md += host_states(comp, probes, sizes)
    md += targets(rows, comp, probes)
    text = "\n".join(md) + "\n"
    if a.only == "driver":
        text = keep_tx_section(os.path.join(a.out, base + ".md"), text)
    with open(os.path.join(a.out, base + ".md"), "w") as f:
        f.write(text)
    print("\n".join(targets(rows, comp, probes)))
    print("wrote %s" % os.path.join(a.out, base + ".md"))


def block_states(comp, probes):
    """{(rep, size): (state, c2c before, c2c after, net_null)} where state is
    "usual" when the loop floor (net_null) is within 15% of the run's lowest
    for that size and both core-to-core probes within 25% of the run's
    median probe (the vCPUs where they usually are, nothing else slowing
    the forwarding CPU), else a short reason."""
    c2c_all = [r["cpp"] for r in probes if r["cpp"]]
    c2c_med = median(c2c_all)
    floor = {}
    for r in comp:
        if r["step"] == "net_null" and r["cpp"]:
            floor[r["size"]] = min(floor.get(r["size"], r["cpp"]), r["cpp"])
    out = {}
    for key in sorted({(r["rep"], r["size"]) for r in comp}):
        rep, size = key
        pv = {r["step"]: r["cpp"] for r in probes if r["rep"] == rep and r["size"] == size}
        nul = [r["cpp"] for r in comp if r["rep"] == rep and r["size"] == size and r["step"] == "net_null"]
        nul = nul[0] if nul else None
        why = []
        if nul is None or size not in floor:
            why.append("no net_null")
        elif nul > 1.15 * floor[size]:
            why.append("floor x%.2f" % (nul / floor[size]))
        b, e = pv.get("c2c before"), pv.get("c2c after")
        if not (b and e and c2c_med):
            why.append("no probe")
        elif not all(0.75 * c2c_med <= v <= 1.25 * c2c_med for v in (b, e)):
            why.append("c2c moved")
        out[key] = ("usual" if not why else ", ".join(why), b, e, nul)
    return out


def host_states(comp, probes, sizes):
    """Per round and size: the host state beside the four PMDs of the targets."""
    st = block_states(comp, probes)
    if not st:
        return []
    cols = ("socrx hw verdicts", "memif zero-copy", "socrx sw verdicts", "memif copy")
    md = ["## Host state per round", "",
          "Each comparison block (one size in one round) is framed by two runs of "
          "`tests/bench/bench_c2c 0 1`: the round trip of a cache line between the "
          "two CPUs (TSC cycles; every descriptor and packet line the producer "
          "writes crosses between them once). The block's state is \"usual\" when "
          "net_null's loop floor is within 15% of the run's lowest and both "
          "round trips within 25% of the run's median: the vCPUs where they "
          "usually are and nothing else slowing the forwarding CPU.", "",
          "| round | size | round trip before / after | net_null | " + " | ".join(cols) + " | state |",
          "|---|---|---|---|" + "---|" * len(cols) + "---|"]
    for (rep, size), (state, b, e, nul) in sorted(st.items(), key=lambda kv: ([x for x, _ in sizes].index(kv[0][1]), kv[0][0])):
        vals = {r["step"]: r["cpp"] for r in comp if r["rep"] == rep and r["size"] == size}
        md.append("| %d | %s | %s / %s | %s | %s | %s |" % (
            rep, size, "%.0f" % b if b else "-", "%.0f" % e if e else "-",
            "%.1f" % nul if nul else "-",
            " | ".join("%.1f" % vals[c] if vals.get(c) else "-" for c in cols), state))
    return md + [""]


def targets(rows, comp, probes=()):
    """The targets, computed from the medians of this run."""
    out = ["## Targets (computed from the medians above)", "", "| target | measured | met |", "|---|---|---|"]

    def g(**k):
        r = agg(rows, **k)
        return r[0] if r else None

    old = g(kind="ablation", memory="noncoherent", size="1500B", step="old-linux")
    full = g(kind="ablation", memory="noncoherent", size="1500B", step="hw-csum")
    if old and full:
        red = 1 - full / old
        out.append("| non-coherent 1500 B: full path >= 30%% fewer cycles than old-linux | %.0f vs %.0f: %.0f%% fewer | %s |"
                   % (full, old, red * 100, "yes" if red >= 0.30 else "NO"))
    nocb = g(kind="ablation", memory="noncoherent", size="64B", step="pf-body")
    cb = g(kind="ablation", memory="noncoherent", size="64B", step="copybreak")
    if nocb and cb:
        gain = nocb / cb - 1
        out.append("| non-coherent 64 B: copybreak >= +15%% packets/s | %.0f -> %.0f cycles: %+.0f%% | %s |"
                   % (nocb, cb, gain * 100, "yes" if gain >= 0.15 else "NO"))
    nocb = g(kind="driver", memory="noncoherent, in DRAM", size="64B", step="pf-body")
    cb = g(kind="driver", memory="noncoherent, in DRAM", size="64B", step="copybreak")
    if nocb and cb:
        gain = nocb / cb - 1
        out.append("| driver alone, non-coherent 64 B: copybreak >= +15%% packets/s | %.0f -> %.0f cycles: %+.0f%% | %s |"
                   % (nocb, cb, gain * 100, "yes" if gain >= 0.15 else "NO"))
    pairs = []
    st = block_states(comp, probes) if probes else {}
    for size in ("64B", "1500B"):
        for ours, theirs in (("socrx hw verdicts", "memif zero-copy"), ("socrx sw verdicts", "memif copy")):
            x, y = g(kind="compare", size=size, step=ours), g(kind="compare", size=size, step=theirs)
            if x and y:
                out.append("| %s: %s <= %s | %.0f vs %.0f | %s |" % (size, ours, theirs, x, y,
                                                                  "yes" if x <= y else "NO"))
            pr = paired(comp, size, ours, theirs)
            if pr:
                pairs.append("| %s: %s / %s | all | %.2f | %s | %d of %d |" % (
                    size, ours, theirs, pr[0], " ".join("%.2f" % v for v in pr[1]),
                    sum(v <= 1 for v in pr[1]), len(pr[1])))
            reps = {rep for (rep, sz), v in st.items() if sz == size and v[0] == "usual"}
            pu = paired([r for r in comp if r["rep"] in reps], size, ours, theirs) if reps else None
            if pu:
                pairs.append("| %s: %s / %s | usual | %.2f | %s | %d of %d |" % (
                    size, ours, theirs, pu[0], " ".join("%.2f" % v for v in pu[1]),
                    sum(v <= 1 for v in pu[1]), len(pu[1])))
    out.append("")
    if pairs:
        out += ["Paired: the host's speed drifts between runs (another tenant, where the "
                "hypervisor places the two vCPUs), and a median over runs can mix such "
                "states differently for two PMDs. Each round measures both PMDs of a pair "
                "within seconds of each other; the ratio of each round (below 1: socrx "
                "spends fewer cycles) cancels what the round shares.", "",
                "Rounds \"all\", and only those in the usual host state (section above).", "",
                "| pair | rounds | median ratio | ratio per round | rounds <= 1 |", "|---|---|---|---|---|"] + pairs + [""]
    return out


def paired(comp, size, ours, theirs):
    """(median, list) of the per-round ratios ours/theirs, or None."""
    by = {}
    for r in comp:
        if r["size"] == size and r["cpp"] and r["step"] in (ours, theirs):
            by.setdefault(r["rep"], {})[r["step"]] = r["cpp"]
    ratios = [v[ours] / v[theirs] for _, v in sorted(by.items()) if ours in v and theirs in v]
    return (median(ratios), ratios) if ratios else None


if __name__ == "__main__":
    sys.exit(main())
