#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""socrx-router polling vs --idle-sleep at fixed offered rates.

Two net_stmmac_uio model ports whose model threads run on CPU 0
(model_cpu=0): port 0's generator sends 64-byte IPv4/UDP frames to
198.19.0.1 at each rate (0, 1k, 10k, 100k pps and unlimited), each frame
stamped with the TSC when the model's DMA takes it (gen_stamp=1); port 1
only sends (its model writes to /dev/null). The router forwards on lcore 1
(CPU 1), in turn polling and with --idle-sleep, --latency-stamp 42.

Per run:
  CPU %     the forwarding lcore's thread (rte-worker-1): utime + stime
            from /proc/PID/task/TID/stat between 1 s after the start and
            0.5 s before the end, over that wall time;
  offered   frames the model took from its generator (port 0 RX packets
            + missed), forwarded (port 1 TX packets), lost (offered -
            forwarded);
  latency   the router's --latency-stamp figures: for the first frame after
            each idle period (the --idle-sleep threshold of empty polls,
            300 by default, whether the lcore then slept or went on
            polling), receipt TSC minus the model's stamp: median and 99th
            percentile in microseconds.

Rates: "max" is the generator unlimited (far above what one lcore
forwards: most frames are missed in either mode, and the forwarded rate is
the capacity); "sust" is the rate the port sustains when polling: each
repetition first measures polling's forwarded rate flat out (or takes that
repetition's "max" polling run) and then offers --sust-fraction of it (0.9
by default) to each mode, so "lost" compares the modes at a load polling
keeps up with.

Usage: idle_bench.py [--router build/app/socrx-router] [--seconds 6]
           [--reps 3] [--out docs/perf] [--rates 10k,max] [--modes idle-sleep]
           [--port0-devargs csr_clk=125000000,rx_coal_usecs=50]
           [--idle-sleep POLLS] [--idle-fixed] [--sust-fraction 0.9]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ablation import CLK_TCK, host_line, svg_bars, thread_ticks  # noqa: E402

RATES = [("0", None), ("1k", 1000), ("10k", 10000), ("100k", 100000),
         ("max", 0), ("sust", "sust")]
MODES = [("poll", []), ("idle-sleep", ["--idle-sleep"])]
EAL = ["--no-huge", "--no-pci", "-m", "512", "--no-shconf", "-l", "0,1"]
LCORE = "rte-worker-1"      # the forwarding lcore's thread


def run(router, routes, rate, mode_args, seconds, p0_extra=""):
    with tempfile.TemporaryDirectory(prefix="socrx-idle-bench-") as d:
        js = os.path.join(d, "out.json")
        if rate is None:
            p0 = "net_stmmac_uio0,tx_pcap=/dev/null,model_cpu=0"
        else:
            p0 = "net_stmmac_uio0,gen_stamp=1,model_cpu=0" + \
                 (",gen_rate=%d" % rate if rate else "")
        if p0_extra:
            p0 += "," + p0_extra
        cmd = [router] + EAL + ["--vdev", p0, "--vdev",
                                "net_stmmac_uio1,tx_pcap=/dev/null,model_cpu=0",
                                "--", "--routes", routes, "--duration",
                                str(seconds), "--stats-period", "0",
                                "--latency-stamp", "42", "--json", js] + mode_args
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             universal_newlines=True)
        time.sleep(1.0)
        t0, c0 = time.monotonic(), thread_ticks(p.pid, LCORE)
        time.sleep(max(0.5, seconds - 1.5))
        t1, c1 = time.monotonic(), thread_ticks(p.pid, LCORE)
        measured = c0 is not None and c1 is not None
        out = p.communicate(timeout=120)[0]
        if p.returncode != 0 or not os.path.exists(js):
            sys.exit("router failed:\n" + out[-3000:])
        with open(js) as f:
            data = json.load(f)
    ports = data["ports"]
    lc = data["lcores"][0]
    hz = data["tsc_hz"] / 1e6
    offered = ports[0]["rx_packets"] + ports[0]["rx_missed"]
    fwd = ports[1]["tx_packets"]
    lat = lc.get("idle_latency_cycles", {})
    return {
        "cpu": 100.0 * (c1 - c0) / CLK_TCK / (t1 - t0) if measured else float("nan"),
        "offered": offered, "forwarded": fwd, "lost": offered - fwd,
        "pps": fwd / data["seconds"],
        "lat_n": lat.get("samples", 0),
        "lat_p50": lat.get("p50", 0) / hz, "lat_p99": lat.get("p99", 0) / hz,
        "wakeups": lc.get("wakeups", 0), "sleeps": lc.get("sleeps", 0),
        "raises": lc.get("idle_raises", 0),
    }


def main():
    top = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--router", default=os.path.join(top, "build/app/socrx-router"))
    ap.add_argument("--routes", default=os.path.join(top, "config/routes.cfg"))
    ap.add_argument("--seconds", type=float, default=6.0)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--out", default=None, help="write idle.md/idle-cpu.svg here")
    ap.add_argument("--rates", default=",".join(r for r, _ in RATES),
                    help="offered rates to run, of %s (default: all)"
                    % ",".join(r for r, _ in RATES))
    ap.add_argument("--modes", default=",".join(m for m, _ in MODES),
                    help="poll, idle-sleep or both (default)")
    ap.add_argument("--port0-devargs", default="",
                    help="more devargs of port 0, the receiving one (e.g. "
                    "csr_clk=125000000,rx_coal_usecs=50, or riwt=24)")
    ap.add_argument("--idle-sleep", type=int, default=None, metavar="POLLS",
                    help="the router's --idle-sleep=POLLS (default: its own)")
    ap.add_argument("--idle-fixed", action="store_true",
                    help="the router's --idle-fixed (no adaptive threshold)")
    ap.add_argument("--sust-fraction", type=float, default=0.9,
                    help="rate \"sust\": this fraction of polling's flat-out "
                    "forwarded rate in the same repetition (default 0.9)")
    a = ap.parse_args()
    rates = [(r, v) for r, v in RATES if r in a.rates.split(",")]
    modes = [(m, list(v)) for m, v in MODES if m in a.modes.split(",")]
    if not rates or not modes:
        ap.error("no rate or no mode selected")
    for m, v in modes:
        if m == "idle-sleep":
            if a.idle_sleep is not None:
                v[:] = ["--idle-sleep=%d" % a.idle_sleep]
            if a.idle_fixed:
                v.append("--idle-fixed")

    if not 0.1 <= a.sust_fraction <= 1.0:
        ap.error("--sust-fraction must be in [0.1, 1]")
    res = {}
    sust_rates = []
    for rep in range(a.reps):
        for rname, rate in rates:
            if rate == "sust":
                flat = res.get(("max", "poll"), [])
                if len(flat) <= rep:
                    flat = [run(a.router, a.routes, 0, [], a.seconds,
                                a.port0_devargs)]
                    print("rep %d polling flat out: %.0f pps"
                          % (rep + 1, flat[-1]["pps"]), flush=True)
                rate = max(1, int(flat[-1]["pps"] * a.sust_fraction))
                sust_rates.append(rate)
            for mname, margs in modes:
                r = run(a.router, a.routes, rate, margs, a.seconds,
                        a.port0_devargs)
                res.setdefault((rname, mname), []).append(r)
                print("rep %d %-5s %-10s cpu %5.1f%% offered %9d fwd %8.0f pps "
                      "lost %7d lat p50 %7.1f us p99 %8.1f us (%d samples) "
                      "sleeps %d wake-ups %d raises %d"
                      % (rep + 1, rname, mname, r["cpu"], r["offered"], r["pps"],
                         r["lost"], r["lat_p50"], r["lat_p99"], r["lat_n"],
                         r["sleeps"], r["wakeups"], r["raises"]),
                      flush=True)

    def med(k, key):
        return statistics.median(x[key] for x in res[k])

    lines = ["| offered | mode | lcore CPU % | forwarded pps | lost | "
             "first frame after idle, median / p99 (us) | wake-ups by RX |",
             "|---|---|---|---|---|---|---|"]
    for rname, _ in rates:
        for mname, _ in modes:
            k = (rname, mname)
            lines.append("| %s | %s | %.1f | %.0f | %.0f | %s | %s |" % (
                rname, mname, med(k, "cpu"), med(k, "pps"), med(k, "lost"),
                "%.1f / %.1f" % (med(k, "lat_p50"), med(k, "lat_p99"))
                if med(k, "lat_n") else "-",
                "%.0f" % med(k, "wakeups") if mname != "poll" else "-"))
    if sust_rates:
        lines.append("")
        lines.append("sust: %s pps offered (%.2f x polling's flat-out rate "
                     "in each repetition)" % (", ".join(str(x) for x in sust_rates),
                                              a.sust_fraction))
    table = "\n".join(lines)
    print("\nhost: %s; median of %d runs of %.0f s each\n" % (host_line(), a.reps, a.seconds))
    print(table)
    if a.out:
        os.makedirs(a.out, exist_ok=True)
        svg_bars(os.path.join(a.out, "idle-cpu.svg"),
                 "forwarding lcore CPU % by offered rate",
                 [r for r, _ in rates], [m for m, _ in modes],
                 {(r, m): med((r, m), "cpu") for r, _ in rates for m, _ in modes},
                 "CPU %")
        with open(os.path.join(a.out, "idle-table.md"), "w") as f:
            f.write("host: %s; median of %d runs of %.0f s each\n\n%s\n"
                    % (host_line(), a.reps, a.seconds, table))
    return 0


if __name__ == "__main__":
    sys.exit(main())
