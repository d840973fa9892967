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
  copybreak   copy frames <= 256 B into a small mbuf, re-arm the big buffer
  hw-csum     trust the device's checksum verdict (coe=1, csum=auto)
for 64 B, IMIX and 1500 B frames, in dma=coherent with plain device stores
and dma=noncoherent with cache-bypassing device stores.

Then the same measurement of DPDK's net_memif (fed by a second testpmd in
txonly mode, copy and zero-copy) and net_null (the loop floor), against
socrx with hardware verdicts (coe=1 csum=auto) and with every byte checked
in software (csum=sw).

Usage: ablation.py --pmd build/drivers/stmmac_uio/librte_net_stmmac_uio.so
                   [--seconds 3] [--out docs/perf] [--quick] [--no-compare]
Needs root (hugepages are set up and released by the script).
"""
import argparse
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
    ("old-linux", "zerocopy=0,sync=full,prefetch_at=before,prefetch=1,copybreak=0,csum=sw,coe=0"),
    ("zerocopy", "zerocopy=1,sync=full,prefetch_at=before,prefetch=1,copybreak=0,csum=sw,coe=0"),
    ("precise", "zerocopy=1,sync=precise,prefetch_at=before,prefetch=1,copybreak=0,csum=sw,coe=0"),
    ("pf-after", "zerocopy=1,sync=precise,prefetch_at=after,prefetch=1,copybreak=0,csum=sw,coe=0"),
    ("pf-2lines", "zerocopy=1,sync=precise,prefetch_at=after,prefetch=2,copybreak=0,csum=sw,coe=0"),
    ("copybreak", "zerocopy=1,sync=precise,prefetch_at=after,prefetch=2,copybreak=256,csum=sw,coe=0"),
    ("hw-csum", "zerocopy=1,sync=precise,prefetch_at=after,prefetch=2,copybreak=256,csum=auto,coe=1"),
]
SIZES = [("64B", "gen_len=60"), ("IMIX", "gen_len=imix"), ("1500B", "gen_len=1514")]
MEMORY = [("coherent", "dma=coherent,dma_store=plain"),
          ("noncoherent", "dma=noncoherent,dma_store=nt")]


class Testpmd(TestpmdSession):
    """An interactive dpdk-testpmd logging into a file."""


def parse_stop(out):
    """(cycles per packet, RX packets, TSC MHz) from testpmd's 'stop'."""
    m = re.search(r"CPU cycles/packet=([\d.]+) \((?:busy|total) cycles=(\d+) / total \w+ packets=(\d+)\) "
                  r"at (\d+) MHz", out)
    if not m:
        return None, 0, 0
    return float(m.group(1)), int(m.group(3)), int(m.group(4))


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
        if name.startswith(("socrx-abl", "socrx-memif")):
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


def eal(prefix, lcores, extra):
    return ["--lcores=" + lcores, "--file-prefix=" + prefix, "--no-pci", "-m", "1024",
            "--huge-dir=" + HUGE_DIR, "--log-level=*:warning"] + extra


def run_rxonly(so, vdev, seconds, log):
    """Runs testpmd rxonly on one port for @seconds; returns
    (cycles/packet, packets, MHz)."""
    t = Testpmd(eal("socrx-abl", "0@0,1@1", ["-d", so, "--vdev", vdev]),
                ["--forward-mode=rxonly", "--record-core-cycles", "--nb-cores=1",
                 "--no-flush-rx", "--rxd=1024", "--txd=1024", "--burst=32",
                 "--total-num-mbufs=16384"], log)
    t.cmd("start")
    time.sleep(seconds)
    out = t.cmd("stop")
    t.quit()
    return parse_stop(out)


def run_memif(zero_copy, size, seconds, log, tmp):
    """DPDK's net_memif: a server testpmd (rxonly, measured) fed by a client
    testpmd in txonly mode; the server listens before the client starts."""
    sock = os.path.join(tmp, "memif.sock")
    zc = "yes" if zero_copy else "no"
    extra = ["--single-file-segments"] if zero_copy else []
    server = Testpmd(eal("socrx-memif-s", "0@0,1@1",
                         extra + ["--vdev", "net_memif0,role=server,socket=%s,"
                                  "socket-abstract=no,zero-copy=no" % sock]),
                     ["--forward-mode=rxonly", "--record-core-cycles", "--nb-cores=1",
                      "--no-flush-rx", "--rxd=1024", "--txd=1024", "--burst=32",
                      "--total-num-mbufs=16384"], log)
    server.cmd("start")
    client = Testpmd(eal("socrx-memif-c", "0@0,1@0",
                         extra + ["--vdev", "net_memif0,role=client,socket=%s,"
                                  "socket-abstract=no,zero-copy=%s" % (sock, zc)]),
                     ["--forward-mode=txonly", "--nb-cores=1", "--txpkts=%d" % size,
                      "--rxd=1024", "--txd=1024", "--burst=32", "--total-num-mbufs=16384"], log)
    client.cmd("start")
    time.sleep(seconds)
    client.cmd("stop")
    out = server.cmd("stop")
    client.quit()
    server.quit()
    return parse_stop(out)


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
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--out", default="docs/perf")
    ap.add_argument("--quick", action="store_true", help="64 B only, 1 s per step")
    ap.add_argument("--no-compare", action="store_true", help="skip memif/null")
    a = ap.parse_args()
    if os.geteuid() != 0:
        print("ablation.py needs root (hugepages)")
        return 77
    if not os.path.exists(TESTPMD):
        print("dpdk-testpmd not installed")
        return 77
    sizes = SIZES[:1] if a.quick else SIZES
    secs = 1.0 if a.quick else a.seconds
    os.makedirs(a.out, exist_ok=True)
    tmpdirs = []
    tmp = tempfile.mkdtemp(prefix="socrx-abl-", dir="/var/cache/socrx")
    before = setup_hugepages(1024)
    log = open(os.path.join(tmp, "testpmd.log"), "w")
    rows = []
    try:
        so = plugin_path(a.pmd, tmpdirs)
        for mem, memargs in MEMORY:
            for size, sizeargs in sizes:
                base = None
                for step, stepargs in STEPS:
                    vdev = "net_stmmac_uio0,model_cpu=0,wb_batch=32,%s,%s,%s" % (memargs, sizeargs, stepargs)
                    cpp, pkts, mhz = run_rxonly(so, vdev, secs, log)
                    if cpp and base is None:
                        base = cpp
                    rows.append(dict(kind="ablation", memory=mem, size=size, step=step, cpp=cpp,
                                     pkts=pkts, mhz=mhz, secs=secs,
                                     vs_base=(cpp / base) if cpp and base else None))
                    print("%-11s %-5s %-10s %8s cycles/pkt  %6.2f Mpps offered" %
                          (mem, size, step, "%.1f" % cpp if cpp else "-", pkts / secs / 1e6), flush=True)
        if not a.no_compare:
            for size, sizeargs in sizes:
                flen = {"64B": 64, "IMIX": 590, "1500B": 1514}[size]
                for name, vdev in (
                        ("socrx hw verdicts", "net_stmmac_uio0,model_cpu=0,wb_batch=32,dma=coherent,%s,coe=1,csum=auto" % sizeargs),
                        ("socrx sw verdicts", "net_stmmac_uio0,model_cpu=0,wb_batch=32,dma=coherent,%s,coe=0,csum=sw" % sizeargs),
                        ("net_null", "net_null0,size=%d,copy=0" % flen)):
                    cpp, pkts, mhz = run_rxonly(so, vdev, secs, log)
                    rows.append(dict(kind="compare", memory="coherent", size=size, step=name, cpp=cpp,
                                     pkts=pkts, mhz=mhz, secs=secs, vs_base=None))
                    print("compare %-5s %-20s %8s cycles/pkt" % (size, name, "%.1f" % cpp if cpp else "-"), flush=True)
                if size == "IMIX":
                    continue
                for zc in (False, True):
                    name = "memif zero-copy" if zc else "memif copy"
                    cpp, pkts, mhz = run_memif(zc, flen, secs, log, tmp)
                    rows.append(dict(kind="compare", memory="coherent", size=size, step=name, cpp=cpp,
                                     pkts=pkts, mhz=mhz, secs=secs, vs_base=None))
                    print("compare %-5s %-20s %8s cycles/pkt" % (size, name, "%.1f" % cpp if cpp else "-"), flush=True)
    finally:
        log.close()
        shutil.copy2(os.path.join(tmp, "testpmd.log"), os.path.join(a.out, "ablation-testpmd.log"))
        shutil.rmtree(tmp, ignore_errors=True)
        for d in tmpdirs:
            shutil.rmtree(d, ignore_errors=True)
        release_hugepages(before)
    write_report(a, rows, sizes)
    return 0


def write_report(a, rows, sizes):
    cmd = "sudo /usr/bin/python3 tests/bench/ablation.py --pmd %s%s" % (
        a.pmd, " --quick" if a.quick else "")
    md = ["# RX path ablation (generated by tests/bench/ablation.py)", "",
          "Command: `%s`" % cmd, "",
          "Busy cycles per received packet on testpmd's forwarding core "
          "(`--forward-mode=rxonly --record-core-cycles`), model on CPU 0, "
          "forwarding lcore on CPU 1, hugepages. PMD Mpps = TSC MHz / cycles.", ""]
    with open(os.path.join(a.out, "ablation.csv"), "w") as f:
        f.write("kind,memory,size,step,cycles_per_packet,packets,seconds,tsc_mhz\n")
        for r in rows:
            f.write("%s,%s,%s,%s,%s,%d,%.1f,%d\n" % (r["kind"], r["memory"], r["size"], r["step"],
                                                   "%.2f" % r["cpp"] if r["cpp"] else "",
                                                   r["pkts"], r["secs"], r["mhz"]))
    for mem, _ in MEMORY:
        md += ["## dma=%s" % mem, "",
               "| step | " + " | ".join("%s cycles/pkt (vs old) | %s PMD Mpps" % (s, s) for s, _ in sizes) + " |",
               "|---|" + "---|---|" * len(sizes)]
        for step, _ in STEPS:
            cells = []
            for s, _ in sizes:
                r = next((x for x in rows if x["kind"] == "ablation" and x["memory"] == mem
                          and x["size"] == s and x["step"] == step), None)
                if r and r["cpp"]:
                    cells.append("%.1f (%+.0f%%) | %.2f" % (r["cpp"], (r["vs_base"] - 1) * 100,
                                                            r["mhz"] / r["cpp"]))
                else:
                    cells.append("- | -")
            md.append("| %s | %s |" % (step, " | ".join(cells)))
        md.append("")
        svg_bars(os.path.join(a.out, "ablation-%s.svg" % mem),
                 "socrx RX ablation, dma=%s: busy cycles per packet" % mem,
                 [s for s, _ in STEPS], [s for s, _ in sizes],
                 {(r["step"], r["size"]): r["cpp"] for r in rows
                  if r["kind"] == "ablation" and r["memory"] == mem}, "cycles/packet")
        md += ["![ablation %s](ablation-%s.svg)" % (mem, mem), ""]
    comp = [r for r in rows if r["kind"] == "compare"]
    if comp:
        names = []
        for r in comp:
            if r["step"] not in names:
                names.append(r["step"])
        md += ["## Beside DPDK's software PMDs (dma=coherent)", "",
               "| PMD | " + " | ".join("%s cycles/pkt" % s for s, _ in sizes) + " |",
               "|---|" + "---|" * len(sizes)]
        for n in names:
            cells = []
            for s, _ in sizes:
                r = next((x for x in comp if x["step"] == n and x["size"] == s), None)
                cells.append("%.1f" % r["cpp"] if r and r["cpp"] else "-")
            md.append("| %s | %s |" % (n, " | ".join(cells)))
        md.append("")
        svg_bars(os.path.join(a.out, "compare.svg"), "busy cycles per packet, rxonly",
                 [s for s, _ in sizes], names,
                 {(r["size"], r["step"]): r["cpp"] for r in comp}, "cycles/packet")
        md += ["![compare](compare.svg)", ""]
    with open(os.path.join(a.out, "ablation.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    print("wrote %s" % os.path.join(a.out, "ablation.md"))


if __name__ == "__main__":
    sys.exit(main())
