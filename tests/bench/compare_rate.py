#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""socrx beside DPDK's net_memif at equal offered rates, cross-core.

The same measurement as ablation.py's comparison (dpdk-testpmd rxonly
--record-core-cycles, one forwarding lcore on CPU 1, the producer on
CPU 0, hugepages), with both producers held to a common rate instead of
flat out: the socrx port's model generates at gen_rate, and net_memif is
fed by tests/bench/bench_feed, which paces its frames as the model paces
gen_rate (frame n due n / rate s after the first, sleeps of 100 us to
1 ms, the frames due sent together in bursts of 32). Flat out, each
producer gives its own rate and so its own burst sizes, and a burst's fixed
cost weighs per packet by that size: at a common rate both consumers
see the same schedule.

Per run: busy cycles per packet, the rate received, frames per poll
(received frames over all rx_burst calls, empty ones included:
--record-burst-stats) and the mean size of a non-empty burst (from
testpmd's percentage of empty polls, which it prints to 1 %: approximate
when almost every poll is empty). Each round measures every PMD at every
rate between two runs of tests/bench/bench_c2c (the round trip of a cache
line between the CPUs, and whether the two vCPUs then share a core: a
round trip below 400 cycles); the report gives the medians, every round,
and the per-round ratios socrx / memif, in all and per host state.

The producers' own cost, which an SMT sibling or a shared cache line adds
to the consumer's: the CPU time of the socrx model's thread (named
socrx-model) or of the bench_feed process over each run, as a share of
the run and in TSC cycles per frame received.

Usage (as root, after sh config/run.sh test):
    tests/bench/compare_rate.py --pmd build-bench/drivers/stmmac_uio/librte_net_stmmac_uio.so
        [--rates 1,3] [--sizes 64B,1500B] [--reps 3] [--seconds 3] [--out docs/perf]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ablation import (CLK_TCK, Testpmd, c2c_probe, cpu_ticks, refuse_inputs,  # noqa: E402
                      default_bench, default_c2c, eal, host_line, median,
                      parse_stop, plugin_path, release_hugepages,
                      setup_hugepages, svg_bars, thread_ticks, TESTPMD)

SIZES = {"64B": (60, 64), "1500B": (1514, 1514)}   # gen_len, frame bytes
PAIRS = (("socrx hw verdicts", "memif zero-copy"),
         ("socrx sw verdicts", "memif copy"))
SHARED_CORE_C2C = 400
HOST_STATES = ("one core", "two cores")
# A pair compares at equal rate only if both received this share of it.
RATE_HELD = 0.9
RXONLY = ["--forward-mode=rxonly", "--record-core-cycles", "--record-burst-stats",
          "--nb-cores=1", "--no-flush-rx", "--rxd=1024", "--txd=1024",
          "--burst=32", "--total-num-mbufs=16384"]


def parse_bursts(out):
    """(frames per poll, mean non-empty burst) from testpmd's RX burst
    stats and its packet count, or (None, None)."""
    _, pkts, _ = parse_stop(out)
    m = re.search(r"RX-bursts : (\d+) \[(\d+)% of 0 pkts", out)
    if m:
        polls, empty = int(m.group(1)), int(m.group(2))
    else:   # no empty poll at all: the first bin is a burst size
        m = re.search(r"RX-bursts : (\d+) \[", out)
        if not m:
            return None, None
        polls, empty = int(m.group(1)), 0
    if polls == 0 or pkts == 0:
        return None, None
    # testpmd truncates the share to a whole percent: at 99 % printed the
    # non-empty share is up to 1 %, so the mean is at least this (and >= 1).
    busy = polls * (100 - empty) / 100.0
    return pkts / polls, max(1.0, pkts / busy) if busy else None


def measure(t, seconds, producer=None):
    """testpmd's figures over @seconds; @producer() gives the producer's
    CPU ticks, read before start and after stop."""
    c0, w0 = (producer() if producer else None), time.monotonic()
    t.cmd("start")
    time.sleep(seconds)
    out = t.cmd("stop")
    c1, w1 = (producer() if producer else None), time.monotonic()
    cpp, pkts, mhz = parse_stop(out)
    per_poll, burst = parse_bursts(out)
    r = dict(cpp=cpp, mpps=pkts / seconds / 1e6, per_poll=per_poll,
             burst=burst, mhz=mhz, prod_share=None, prod_cpf=None)
    if c0 is not None and c1 is not None and w1 > w0:
        share = (c1 - c0) / CLK_TCK / (w1 - w0)
        r["prod_share"] = share
        if pkts and mhz:
            r["prod_cpf"] = share * mhz * 1e6 / (pkts / seconds)
    return r


def run_socrx(so, family, size, verdicts, rate, seconds, log):
    vdev = "net_%s_uio0,model_cpu=0,wb_batch=32,dma=coherent,gen_len=%d,gen_rate=%d,%s" % (
        family, SIZES[size][0], rate,
        "coe=1,csum=auto" if verdicts == "hw" else "coe=0,csum=sw")
    t = Testpmd(eal("socrx-abl", "0@0,1@1", ["-d", so, "--vdev", vdev]), RXONLY, log)
    try:
        return measure(t, seconds, lambda: thread_ticks(t.p.pid, "socrx-model"))
    finally:
        t.quit()


def run_memif(feed, zero_copy, size, rate, seconds, log, tmp):
    """net_memif: testpmd rxonly (the server, measured) fed by bench_feed
    (the client) on CPU 0 at @rate. The client's EAL has two lcores on
    CPU 0, as ablation.py's testpmd client has: with one, memif's
    zero-copy client sent frames the server never received."""
    sock = os.path.join(tmp, "memif.sock")
    extra = ["--single-file-segments"] if zero_copy else []
    server = Testpmd(eal("socrx-memif-s", "0@0,1@1",
                         extra + ["--vdev", "net_memif0,role=server,socket=%s,"
                                  "socket-abstract=no,zero-copy=no" % sock]), RXONLY, log)
    feed_cmd = [feed] + eal("socrx-memif-c", "0@0,1@0", extra + [
        "--vdev", "net_memif0,role=client,socket=%s,socket-abstract=no,zero-copy=%s"
        % (sock, "yes" if zero_copy else "no")]) + [
        "--", "--rate", str(rate), "--size", str(SIZES[size][1]),
        "--seconds", str(int(seconds + 5))]
    log.write("$ " + " ".join(feed_cmd) + "\n")
    p = subprocess.Popen(feed_cmd, stdout=log, stderr=subprocess.STDOUT)
    try:
        time.sleep(1.5)     # connected, the schedule running
        if p.poll() is not None:
            raise RuntimeError("bench_feed exited (%d); see the log" % p.returncode)
        return measure(server, seconds, lambda: cpu_ticks("/proc/%d/stat" % p.pid))
    finally:
        p.terminate()
        try:
            p.wait(timeout=20)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
        server.quit()


def fmt(v, f="%.1f"):
    return f % v if v is not None else "-"


def host_state(pv):
    """The vCPUs' state over a round from the core-to-core round trips
    measured before and after it: "one core" (both below
    SHARED_CORE_C2C: the two vCPUs share a core), "two cores", "moved"
    (it changed during the round) or "-" (not measured)."""
    shared = [v for v in pv if v]
    return ("one core" if shared and max(shared) < SHARED_CORE_C2C else
            "two cores" if shared and min(shared) >= SHARED_CORE_C2C else
            "moved" if shared else "-")


def round_ratios(rows, size, rate, ours, theirs, reps):
    """[(round, socrx / memif cycles per packet)] of the rounds that measured both."""
    out = []
    for rep in range(reps):
        x = [r["cpp"] for r in rows if (r["size"], r["rate"], r["pmd"], r["rep"]) == (size, rate, ours, rep)]
        y = [r["cpp"] for r in rows if (r["size"], r["rate"], r["pmd"], r["rep"]) == (size, rate, theirs, rep)]
        if x and y and x[0] and y[0]:
            out.append((rep, x[0] / y[0]))
    return out


def rate_short(rows, size, rate, ours, theirs):
    """The PMDs of the pair that received below RATE_HELD of the offered rate."""
    return [p for p in (ours, theirs)
            if median([r["mpps"] for r in rows if (r["size"], r["rate"], r["pmd"]) ==
                       (size, rate, p)] or [0]) < RATE_HELD * rate]


def state_cell(ratios, short):
    """One host state's verdict: its rounds' ratios, their median, met or not."""
    if not ratios:
        return "no round"
    m = median(ratios)
    verdict = ("not at equal rate" if short else "met" if m <= 1 else "NOT MET")
    return "%s: **%.2f** %s" % (" ".join("%.2f" % v for v in ratios), m, verdict)


def state_targets(rows, probes, size, rate, ours, theirs, reps):
    """{host state: [ratios]} of one pair, rounds grouped by host_state()."""
    by = {}
    for rep, ratio in round_ratios(rows, size, rate, ours, theirs, reps):
        by.setdefault(host_state(probes.get((rep, size, rate), (None, None))), []).append(ratio)
    return by


def report(a, rows, probes, rates, sizes):
    md = ["# socrx beside net_memif at equal offered rates (generated by tests/bench/compare_rate.py)", "",
          "Command (as root): `/usr/bin/python3 tests/bench/compare_rate.py --pmd %s --rates %s "
          "--sizes %s --reps %d --seconds %g`" % (a.pmd, a.rates, a.sizes, a.reps, a.seconds), "",
          "Host: %s" % host_line(), "",
          "dpdk-testpmd rxonly `--record-core-cycles --record-burst-stats`, forwarding lcore on "
          "CPU 1, producer on CPU 0 (the socrx model's thread at `gen_rate`, or "
          "`tests/bench/bench_feed` paced the same way into net_memif's client). Busy cycles "
          "per packet: median of %d rounds [min-max]; \"received\": Mpps the lcore took; "
          "\"per poll\": frames per rx_burst call, empty calls included; \"burst\": mean "
          "non-empty burst (from testpmd's percentage of empty polls, which it truncates to a whole percent: where almost every poll is empty, a lower bound); \"producer\": the CPU time of the socrx model's thread (`socrx-model`) or of the bench_feed process over the run, as a share of it and in TSC cycles per frame received (on one core with the forwarding lcore, the producer's work competes with it)." % a.reps, "",
          "| size | offered Mpps | PMD | cycles/pkt [min-max] | received Mpps | per poll | burst "
          "| producer CPU | producer cycles/frame |",
          "|---|---|---|---|---|---|---|---|---|"]
    vals = {}
    for size in sizes:
        for rate in rates:
            for pmd in [p for pair in PAIRS for p in pair]:
                sel = [r for r in rows if (r["size"], r["rate"], r["pmd"]) == (size, rate, pmd) and r["cpp"]]
                if not sel:
                    continue
                c = [r["cpp"] for r in sel]
                vals[("%s %g M" % (size, rate), pmd)] = median(c)
                share = [r["prod_share"] for r in sel if r.get("prod_share") is not None]
                cpf = [r["prod_cpf"] for r in sel if r.get("prod_cpf") is not None]
                md.append("| %s | %g | %s | %.1f [%.0f-%.0f] | %.2f | %s | %s | %s | %s |" % (
                    size, rate, pmd, median(c), min(c), max(c), median([r["mpps"] for r in sel]),
                    fmt(median([r["per_poll"] for r in sel if r["per_poll"]]), "%.2f"),
                    fmt(median([r["burst"] for r in sel if r["burst"]])),
                    fmt(median(share) * 100 if share else None, "%.0f %%"),
                    fmt(median(cpf) if cpf else None, "%.0f")))
    md.append("")
    svg_bars(os.path.join(a.out, "compare-rate.svg"),
             "busy cycles per packet at equal offered rate (median)",
             ["%s %g M" % (s, r) for s in sizes for r in rates],
             [p for pair in PAIRS for p in pair], vals, "cycles/packet")
    md += ["![compare at equal rate](compare-rate.svg)", "", "## Every round", "",
           "| round | size | offered Mpps | round trip before / after | vCPUs | "
           + " | ".join("%s cycles/pkt (burst)" % p for pair in PAIRS for p in pair) + " |",
           "|---|---|---|---|---|" + "---|" * 4]
    for size in sizes:
        for rate in rates:
            for rep in range(a.reps):
                pv = probes.get((rep, size, rate), (None, None))
                cores = host_state(pv)
                cells = []
                for pmd in [p for pair in PAIRS for p in pair]:
                    r = [x for x in rows if (x["size"], x["rate"], x["pmd"], x["rep"]) == (size, rate, pmd, rep)]
                    cells.append("%s (%s)" % (fmt(r[0]["cpp"]), fmt(r[0]["burst"])) if r else "-")
                md.append("| %d | %s | %g | %s / %s | %s | %s |" % (
                    rep, size, rate, fmt(pv[0], "%.0f"), fmt(pv[1], "%.0f"), cores, " | ".join(cells)))
    md += ["", "## Targets at equal offered rate (per-round ratios, socrx / memif; below 1: socrx spends fewer cycles)", "",
           "| size | offered Mpps | pair | ratio per round | median | met (median <= 1; both PMDs receiving at least 90 % of the offered rate) |", "|---|---|---|---|---|---|"]
    for size in sizes:
        for rate in rates:
            for ours, theirs in PAIRS:
                ratios = [v for _, v in round_ratios(rows, size, rate, ours, theirs, a.reps)]
                short = rate_short(rows, size, rate, ours, theirs)
                if ratios:
                    m = median(ratios)
                    md.append("| %s | %g | %s / %s | %s | %.2f | %s |" % (
                        size, rate, ours, theirs, " ".join("%.2f" % v for v in ratios), m,
                        "not at equal rate (%s below %d %% of it)" % (" and ".join(short), RATE_HELD * 100)
                        if short else "yes" if m <= 1 else "NO"))
    md += ["", "## Targets per host state", "",
           "The same ratios, the rounds grouped by the state of the two vCPUs the core-to-core "
           "probe found before and after each (`tests/bench/bench_c2c`, below %d cycles: one "
           "core); rounds in which it changed (\"moved\") are left out. Per state: the rounds' "
           "ratios, **their median**, met when at most 1 with both PMDs at the offered rate." % SHARED_CORE_C2C,
           "", "| size | offered Mpps | pair | " + " | ".join(HOST_STATES) + " |",
           "|---|---|---|" + "---|" * len(HOST_STATES)]
    for size in sizes:
        for rate in rates:
            for ours, theirs in PAIRS:
                by = state_targets(rows, probes, size, rate, ours, theirs, a.reps)
                short = rate_short(rows, size, rate, ours, theirs)
                md.append("| %s | %g | %s / %s | %s |" % (
                    size, rate, ours, theirs,
                    " | ".join(state_cell(by.get(st, []), short) for st in HOST_STATES)))
    md.append("")
    return md


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pmd", required=True)
    ap.add_argument("--family", choices=("stmmac", "mvneta"), default="stmmac")
    ap.add_argument("--rates", default="1,3", help="offered rates, Mpps, comma-separated")
    ap.add_argument("--sizes", default="64B,1500B")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--feed", help="bench_feed (default: tests/bench/bench_feed of the PMD's build tree)")
    ap.add_argument("--c2c", help="bench_c2c (default: of the PMD's build tree)")
    ap.add_argument("--out", default="docs/perf")
    a = ap.parse_args()
    try:
        rates = [float(x) for x in a.rates.split(",")]
    except ValueError:
        ap.error("--rates: comma-separated Mpps figures")
    if not rates or any(not 0.001 <= r <= 50 for r in rates):
        ap.error("--rates: each in 0.001..50 Mpps")
    sizes = a.sizes.split(",")
    if any(s not in SIZES for s in sizes):
        ap.error("--sizes: of %s" % ",".join(SIZES))
    refuse_inputs("compare_rate.py", [(a.pmd, "--pmd", "PMD")])
    pmd = os.path.abspath(a.pmd)
    a.feed = a.feed or default_bench(pmd, "bench_feed")
    a.c2c = a.c2c or default_c2c(pmd)
    refuse_inputs("compare_rate.py", [(a.feed, "--feed", "paced source (bench_feed)")])
    if os.geteuid() != 0:
        print("compare_rate.py needs root (hugepages)")
        return 77
    if not os.path.exists(TESTPMD):
        print("dpdk-testpmd not installed")
        return 77
    os.makedirs(a.out, exist_ok=True)
    tmpdirs, rows, probes = [], [], {}
    tmp = tempfile.mkdtemp(prefix="socrx-abl-", dir="/var/cache/socrx")
    before = setup_hugepages(1024)
    log = open(os.path.join(tmp, "testpmd.log"), "w")
    try:
        so = plugin_path(pmd, tmpdirs)
        for rep in range(a.reps):
            for size in sizes:
                for rate in rates:
                    pps = int(rate * 1e6)
                    c0 = c2c_probe(a.c2c)
                    for ours, theirs in PAIRS:
                        for pmd_name in (ours, theirs):
                            if pmd_name.startswith("socrx"):
                                r = run_socrx(so, a.family, size, pmd_name.split()[1], pps, a.seconds, log)
                            else:
                                r = run_memif(a.feed, pmd_name.endswith("zero-copy"), size, pps,
                                              a.seconds, log, tmp)
                            r.update(rep=rep, size=size, rate=rate, pmd=pmd_name)
                            rows.append(r)
                            print("rep %d %-5s %5g Mpps %-18s %8s cycles/pkt  %6.2f Mpps received  "
                                  "%s per poll, burst %s" % (rep, size, rate, pmd_name, fmt(r["cpp"]),
                                                             r["mpps"], fmt(r["per_poll"], "%.2f"),
                                                             fmt(r["burst"])), flush=True)
                    probes[(rep, size, rate)] = (c0, c2c_probe(a.c2c))
    finally:
        log.close()
        shutil.copy2(os.path.join(tmp, "testpmd.log"), os.path.join(a.out, "compare-rate-testpmd.log"))
        shutil.rmtree(tmp, ignore_errors=True)
        for d in tmpdirs:
            shutil.rmtree(d, ignore_errors=True)
        release_hugepages(before)
    md = report(a, rows, probes, rates, sizes)
    with open(os.path.join(a.out, "compare-rate.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    print("\n".join(md[md.index("## Targets at equal offered rate (per-round ratios, socrx / memif; "
                                "below 1: socrx spends fewer cycles)"):]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
